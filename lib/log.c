// SPDX-License-Identifier: GPL-2.0-only
/* Run-time levelled logging to stderr or syslog (see log.h). */
#include "compat.h"
#include "log.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *log_prog = "udev";
static int log_syslog;
static int log_level = LOG_ERR;

static const char *const level_names[] = {
	"emerg", "alert", "crit", "err", "warning", "notice", "info", "debug",
};

int log_level_parse(const char *s)
{
	char *end;
	long n;
	unsigned int i;

	if (!s || !*s)
		return -EINVAL;
	n = strtol(s, &end, 10);
	if (*end == '\0')
		return (n >= 0 && n <= LOG_DEBUG) ? (int)n : -EINVAL;
	for (i = 0; i < sizeof(level_names) / sizeof(level_names[0]); i++)
		if (strcasecmp(s, level_names[i]) == 0)
			return (int)i;
	if (strcasecmp(s, "error") == 0)
		return LOG_ERR;
	if (strcasecmp(s, "warn") == 0)
		return LOG_WARNING;
	return -EINVAL;
}

void log_init(const char *prog, int use_syslog)
{
	const char *env = getenv("UDEV_LOG");
	int level;

	log_prog = prog;
	log_syslog = use_syslog;
	if (use_syslog)
		openlog(prog, LOG_PID | LOG_NDELAY, LOG_DAEMON);
	level = log_level_parse(env);
	if (level >= 0)
		log_level = level;
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

void log_msg(int prio, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n, saved = errno;

	if (prio > log_level)
		return;
	va_start(ap, fmt);
	if (log_syslog) {
		vsyslog(prio, fmt, ap);
	} else {
		n = snprintf(buf, sizeof(buf), "%s: %s: ", log_prog, level_names[prio & 7]);
		if (n > 0 && (size_t)n < sizeof(buf))
			n += vsnprintf(buf + n, sizeof(buf) - (size_t)n, fmt, ap);
		if (n < 0)
			n = 0;
		if ((size_t)n >= sizeof(buf) - 1)
			n = (int)sizeof(buf) - 2;
		buf[n++] = '\n';
		if (write(STDERR_FILENO, buf, (size_t)n) < 0) {
			/* nowhere left to report it */
		}
	}
	va_end(ap);
	errno = saved;
}
