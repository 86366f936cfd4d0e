// SPDX-License-Identifier: GPL-2.0-only
/* udevd's set-up (see setup.h): options, log level, the socket with a deep
 * queue, --netlink's socket, signals through a self-pipe, daemonizing. */
#include "compat.h"
#include "setup.h"
#include "conf.h"
#include "fd.h"
#include "fmt.h"
#include "log.h"
#include "msg.h"
#include "door/netlink.h"
#include "opts.h"
#include "door/sock.h"
#include "str.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GAP_TIMEOUT_MS     2000     /* --event-timeout */
#define STARTUP_WINDOW_MS  250      /* --startup-window */
#define EXEC_TIMEOUT_MS    180000   /* --exec-timeout; 0: none */
#define IDLE_TIMEOUT_MS    3000     /* --idle-timeout: an idle worker ends */
#define DGRAM_QLEN         4096     /* datagrams the socket queues */
#define QLEN_SYSCTL        "/proc/sys/net/unix/max_dgram_qlen"

static int signal_fd = -1;          /* the self-pipe's write end */

static void on_signal(int sig)
{
	unsigned char c = (unsigned char)sig;
	int saved = errno;

	if (write(signal_fd, &c, 1) < 0) {
		/* pipe full: a wake-up is already pending */
	}
	errno = saved;
}

#define UDEVD_USAGE "usage: udevd [--daemon] [--debug] [--netlink] [--max-childs=N]\n" \
	" [--workers=pool|fork] [--event-timeout=T] [--exec-timeout=T]\n" \
	" [--startup-window=T] [--idle-timeout=T] [--no-broadcast] [--broadcast-kernel=MASK]"

static void usage_exit(const char *bad) __attribute__((noreturn));
static void usage_exit(const char *bad)
{
	/* the log module rather than opts_usage_error: udevd's klibc budget */
	log_err("unknown or bad option '%s'\n%s", bad, UDEVD_USAGE);
	exit(EXIT_USAGE);
}

static void parse_duration(const char *s, uint64_t *ms)
{
	if (loop_parse_msec(s, ms) < 0)
		usage_exit(s);
}

static void parse_max_childs(const char *s, unsigned long *out)
{
	unsigned long long v;

	if (str_to_u64(s, &v) < 0 || v < 1 || v > 65536)
		usage_exit(s);
	*out = (unsigned long)v;
}

static void parse_mode(const char *s, enum runner_mode *mode)
{
	if (strcmp(s, "pool") == 0)
		*mode = RUNNER_POOL;
	else if (strcmp(s, "fork") == 0)
		*mode = RUNNER_FORK;
	else
		usage_exit(s);
}

/* udev_log of udev.conf (unless UDEV_LOG is set), then --debug. */
static void setup_log_level(const struct udevd *d)
{
	struct udev_conf conf;
	int r;

	conf_defaults(&conf);
	r = conf_load(&conf, NULL);
	log_set_level(log_level_pick(getenv("UDEV_LOG"), conf.log, log_get_level()));
	if (r < 0)
		log_err("cannot read %s: %s, ignoring", conf_file(), strerror(-r));
	if (d->debug)
		log_set_level(LOG_DEBUG);
}

/* --name=VALUE or --name VALUE (lib/opts.c), at argv[*i]; else a usage error. */
static void setup_valued_option(struct udevd *d, int argc, char **argv, int *i)
{
	static const char *const names[] = { "--max-childs", "--workers", "--event-timeout",
		"--exec-timeout", "--startup-window", "--idle-timeout", "--broadcast-kernel" };
	uint64_t *const ms[] = { NULL, NULL, &d->gap_ms, &d->exec_timeout_ms, &d->startup_ms,
				 &d->idle_ms };
	unsigned long long group;
	const char *v = NULL, *arg = argv[*i];
	unsigned int k;
	int missing = 0;

	for (k = 0; k < sizeof(names) / sizeof(names[0]) && !v && !missing; k++)
		v = opts_value(argc, argv, i, names[k], &missing);
	if (!v)
		usage_exit(arg);
	if (k == 1)
		parse_max_childs(v, &d->max_childs);
	else if (k == 2)
		parse_mode(v, &d->mode);
	else if (k == 7) {   /* groups as a bitmask, as mdevd -O: not the kernel's, not libudev's */
		if (str_to_u64(v, &group) < 0 || group > 0xffffffffULL || (group & 3))
			usage_exit(arg);
		d->monitor.bc.group = (unsigned int)group;
	} else
		parse_duration(v, ms[k - 1]);
}

static void setup_options(struct udevd *d, int argc, char **argv)
{
	const char *v;
	long ncpu = compat_ncpus();
	unsigned long long seq;
	int i;

	d->max_childs = 4 + 4 * (unsigned long)ncpu;
	d->gap_ms = GAP_TIMEOUT_MS;
	d->startup_ms = STARTUP_WINDOW_MS;
	d->exec_timeout_ms = EXEC_TIMEOUT_MS;
	d->idle_ms = IDLE_TIMEOUT_MS;
	d->mode = RUNNER_POOL;
	v = getenv(BROADCAST_ENV);
	d->monitor.bc.udev = !v || !(strcmp(v, "0") == 0 || strcmp(v, "no") == 0);
	if ((v = getenv("UDEVD_MAX_CHILDS")) && *v)
		parse_max_childs(v, &d->max_childs);
	if ((v = getenv("UDEVD_WORKERS")) && *v)
		parse_mode(v, &d->mode);
	/* udevd 064's: the first seqnum to expect. The start-up window only
	 * exists to find it, so it is skipped (--startup-window still wins). */
	if ((v = getenv("UDEVD_EXPECTED_SEQNUM")) && *v) {
		if (str_to_u64(v, &seq) < 0)
			usage_exit(v);
		d->expected_seq = seq;
		d->have_expected_seq = 1;
		d->startup_ms = 0;
	}
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--daemon") == 0)
			d->daemonize = 1;
		else if (strcmp(argv[i], "--debug") == 0)
			d->debug = 1;
		else if (strcmp(argv[i], "--netlink") == 0)
			d->netlink = 1;
		else if (strcmp(argv[i], "--no-broadcast") == 0)
			d->monitor.bc.udev = 0;
		else
			setup_valued_option(d, argc, argv, &i);
	}
}

/* Reads or writes the sysctl as a decimal number; -errno on failure. */
static long qlen_sysctl(long set)
{
	char buf[24];
	int fd = open(QLEN_SYSCTL, (set < 0 ? O_RDONLY : O_WRONLY) | O_CLOEXEC);
	ssize_t n;
	unsigned long long v;

	if (fd < 0)
		return -errno;
	if (set >= 0) {
		n = fd_write_all(fd, buf, fmt_s(buf, sizeof(buf), "%ld\n", set));
	} else {
		n = read(fd, buf, sizeof(buf) - 1);
	}
	close(fd);
	if (n < 0)
		return set >= 0 ? n : -errno;
	if (set >= 0)
		return set;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return str_to_u64(buf, &v) < 0 ? -EINVAL : (long)v;
}

/* The kernel gives an AF_UNIX datagram socket the queue length that
 * net.unix.max_dgram_qlen has when the socket is created: 10 by default. In a
 * storm, helpers then sleep on the full queue and every read of ours wakes
 * them all. As root, create our socket with a queue deep enough for a boot
 * storm and put the setting back at once; where we cannot, go on with 10. */
static int socket_deep_queue(void)
{
	long old = qlen_sysctl(-1);
	int fd, raised = old >= 0 && old < DGRAM_QLEN && qlen_sysctl(DGRAM_QLEN) >= 0;

	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (raised && qlen_sysctl(old) < 0)
		log_err("cannot restore %s to %ld, ignoring", QLEN_SYSCTL, old);
	if (old >= 0 && old < DGRAM_QLEN && !raised)
		log_info("socket queue stays at %ld datagrams (%s not writable)", old, QLEN_SYSCTL);
	return fd;
}

static int setup_socket(struct udevd *d)
{
	struct sockaddr_un sa;
	int len = msg_daemon_addr(&sa), on = 1;
	const char *name = getenv(MSG_SOCKET_ENV);

	d->name = name && *name ? name : MSG_SOCKET_NAME;
	if (len < 0) {
		log_err("socket name '%s' too long", d->name);
		return 1;
	}
	d->sock = socket_deep_queue();
	if (d->sock < 0 || setsockopt(d->sock, SOL_SOCKET, SO_PASSCRED, &on, sizeof(on)) < 0) {
		log_err("socket: %s", strerror(errno));
		return 1;
	}
	if (bind(d->sock, (struct sockaddr *)&sa, (socklen_t)len) < 0) {
		if (errno == EADDRINUSE)
			return sock_name_taken(d->sock, d->name, &sa, (socklen_t)len);
		log_err("bind @%s: %s", d->name, strerror(errno));
		return 1;
	}
	return sock_sndbuf(d->sock);
}

static int setup_netlink(struct udevd *d)
{
	const char *v = getenv(NETLINK_RCVBUF_ENV);
	unsigned long long size = NETLINK_RCVBUF_DEFAULT;

	if (!d->netlink)
		return 0;
	if (v && *v && (str_to_u64(v, &size) < 0 || size < 1 || size > 0x40000000ULL)) {
		log_err("%s=%s: not a size in bytes", NETLINK_RCVBUF_ENV, v);
		return 1;
	}
	d->nl = netlink_open((int)size);
	if (d->nl < 0) {
		log_err("netlink socket: %s", strerror(-d->nl));
		return 1;
	}
	return 0;
}

static int setup_signals(struct udevd *d)
{
	static const int sigs[] = { SIGCHLD, SIGTERM, SIGINT, SIGHUP };
	struct sigaction sa;
	unsigned int i;
	int r = fd_pipe(d->sigpipe, 1);

	if (r < 0)
		return r;
	signal_fd = d->sigpipe[1];
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	return 0;
}

/* The parent returns (exit 0) only once the socket is bound, so that a
 * udevsend that started us can send right away. */
void setup_daemon(struct udevd *d)
{
	pid_t pid = fork();
	int fd;

	if (pid < 0) {
		log_err("fork: %s", strerror(errno));
		exit(EXIT_SETUP);
	}
	if (pid > 0)
		_exit(0);
	setsid();
	if (chdir("/") < 0) {
		/* "/" always exists */
	}
	fd = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		if (!d->debug)
			dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	if (!d->debug)
		log_init("udevd", LOG_TO_SYSLOG_NOWAIT);
}

int setup(struct udevd *d, int argc, char **argv)
{
	int r;

	fd_sanitize();
	if (opts_std(argc, argv, "udevd", UDEVD_USAGE))
		exit(0);
	fd_close_inherited();   /* a shell's or udevsend's descriptors are not udev's */
	/* stderr, or syslog with --daemon (setup_daemon): udevd's klibc budget */
	log_init("udevd", 0);
	setup_options(d, argc, argv);
	setup_log_level(d);
	r = setup_socket(d);
	if (r)
		return r == 2 || r == 3 ? r : EXIT_SETUP;
	if (setup_netlink(d))
		return EXIT_SETUP;
	r = broadcast_open(&d->monitor.bc);
	if (r < 0)   /* not fatal: events are handled and acked all the same */
		log_err("broadcast socket: %s, ignoring", strerror(-r));
	if (setup_signals(d) < 0) {
		log_err("setup: out of resources");
		return EXIT_SETUP;
	}
	return 0;
}
