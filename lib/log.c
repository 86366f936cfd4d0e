// SPDX-License-Identifier: GPL-2.0-only
/* Run-time levelled logging to stderr or syslog (see log.h), formatted by
 * lib/fmt.c so that small programs link no printf. */
#include "compat.h"
#include "log.h"
#include "fmt.h"
#include "str.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

static const char *log_prog = "udev";
static int log_syslog;
static int log_stderr_too;
static int log_level = LOG_ERR;
static char log_ctx[192];

static const char *const level_names[] = {
	"emerg", "alert", "crit", "err", "warning", "notice", "info", "debug",
};

int log_level_parse(const char *s)
{
	unsigned long long n;
	unsigned int i;

	if (!s || !*s)
		return -EINVAL;
	if (str_to_u64(s, &n) == 0)
		return n <= LOG_DEBUG ? (int)n : -EINVAL;
	for (i = 0; i < sizeof(level_names) / sizeof(level_names[0]); i++)
		if (str_casecmp(s, level_names[i]) == 0)
			return (int)i;
	if (str_casecmp(s, "error") == 0)
		return LOG_ERR;
	if (str_casecmp(s, "warn") == 0)
		return LOG_WARNING;
	return -EINVAL;
}

/* Our own syslog client: one datagram per message to /dev/log, the same on
 * every libc (klibc's syslog() writes to /dev/kmsg instead). Connected lazily,
 * and again after a failure, so a syslogd started later is found. */
static int syslog_fd = -1;

static void syslog_connect(void)
{
	struct sockaddr_un sa;

	syslog_fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (syslog_fd < 0)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	str_copy(sa.sun_path, "/dev/log", sizeof(sa.sun_path));
	if (connect(syslog_fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		close(syslog_fd);
		syslog_fd = -1;
	}
}

/* Sends one message, "<facility|prio>prog[pid]: text"; syslogd adds the time.
 * With LOG_TO_SYSLOG_NOWAIT a message that finds syslogd's queue full (10
 * datagrams; syslogd stopped or slow) is dropped rather than waited for. */
static int syslog_try(const char *buf, size_t n)
{
	int r;

	if (syslog_fd < 0)
		syslog_connect();
	if (syslog_fd < 0)
		return 0;
	do
		r = (int)send(syslog_fd, buf, n,
			      MSG_NOSIGNAL | (log_syslog == LOG_TO_SYSLOG_NOWAIT ? MSG_DONTWAIT : 0));
	while (r < 0 && errno == EINTR);
	if (r >= 0 || errno == EAGAIN)
		return 0;
	/* a descriptor someone closed (or reused) under us is not ours to close */
	if (errno != EBADF && errno != ENOTSOCK)
		close(syslog_fd);
	syslog_fd = -1;
	return -1;
}

/* A failed send connects again and sends once more: the message that found
 * the socket gone (syslogd restarted, the descriptor closed) is not lost. */
static void syslog_send(const char *buf, size_t n)
{
	if (syslog_try(buf, n) < 0)
		syslog_try(buf, n);
}

int log_fd(void)
{
	return syslog_fd;
}

int log_sink_auto(void)
{
	struct stat st;

	/* closed, or /dev/null (char 1:3) */
	if (fstat(STDERR_FILENO, &st) < 0 ||
	    (S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, 3)))
		return LOG_TO_SYSLOG_NOWAIT;
	return 0;
}

void log_init(const char *prog, int use_syslog)
{
	const char *env = getenv("UDEV_LOG");
	int level;

	log_prog = prog;
	log_syslog = use_syslog & ~LOG_ALSO_STDERR;
	log_stderr_too = log_syslog && (use_syslog & LOG_ALSO_STDERR);
	level = log_level_parse(env);
	if (level >= 0)
		log_level = level;
}

void log_env_level(char **envp, unsigned int max, const char *level)
{
	static char entry[24];
	unsigned int i;

	if (!level || !*level)
		return;
	fmt_s(entry, sizeof(entry), "UDEV_LOG=%s", level);
	for (i = 0; envp[i]; i++)
		if (strncmp(envp[i], "UDEV_LOG=", 9) == 0) {
			envp[i] = entry;
			return;
		}
	if (i + 1 < max) {
		envp[i] = entry;
		envp[i + 1] = NULL;
	}
}

void log_set_context(const char *ctx)
{
	log_ctx[0] = '\0';
	if (ctx && *ctx)
		fmt_s(log_ctx, sizeof(log_ctx), "%s: ", ctx);
}

int log_level_pick(const char *env_level, int conf_level, int dflt)
{
	int level = log_level_parse(env_level);

	if (env_level)   /* set, even to nothing valid: udev.conf does not count */
		return level >= 0 ? level : dflt;
	return conf_level >= 0 && conf_level <= LOG_DEBUG ? conf_level : dflt;
}

void log_set_level(int prio)
{
	if (prio >= 0 && prio <= LOG_DEBUG)
		log_level = prio;
}

int log_get_level(void)
{
	return log_level;
}

/* One line into buf, for syslog or for stderr: its length without a '\n'. */
static size_t log_format(char *buf, size_t size, int to_syslog, int prio,
			 const char *fmt, va_list ap)
{
	size_t n;

	if (to_syslog)
		n = fmt_s(buf, size, "<%d>%s[%d]: %s", LOG_DAEMON | (prio & 7), log_prog,
			  (int)getpid(), log_ctx);
	else
		n = fmt_s(buf, size, "%s: %s: ", log_prog, level_names[prio & 7]);
	if (n < size)
		n += fmt_v(buf + n, size - n, fmt, ap);
	return n >= size - 1 ? size - 2 : n;
}

static void stderr_send(char *buf, size_t n)
{
	buf[n++] = '\n';
	if (write(STDERR_FILENO, buf, n) < 0) {
		/* nowhere left to report it */
	}
}

void log_msg(int prio, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	size_t n;
	int saved = errno;

	if (prio > log_level)
		return;
	va_start(ap, fmt);
	n = log_format(buf, sizeof(buf), log_syslog, prio, fmt, ap);
	va_end(ap);
	if (log_syslog)
		syslog_send(buf, n);
	else
		stderr_send(buf, n);
	if (log_stderr_too) {
		va_start(ap, fmt);
		n = log_format(buf, sizeof(buf), 0, prio, fmt, ap);
		va_end(ap);
		stderr_send(buf, n);
	}
	errno = saved;
}
