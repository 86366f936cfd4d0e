// SPDX-License-Identifier: GPL-2.0-only
/* udevd's set-up (see setup.h): options, log level, the name lock and the
 * socket, --netlink's socket, signals through a self-pipe, daemonizing. */
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
#include "loop.h"
#include "namelock.h"
#include "str.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define GAP_TIMEOUT_MS     2000     /* --event-timeout */
#define STARTUP_WINDOW_MS  250      /* --startup-window */
#define EXEC_TIMEOUT_MS    180000   /* --exec-timeout; 0: none */
#define IDLE_TIMEOUT_MS    3000     /* --idle-timeout: an idle worker ends */
#define DGRAM_QLEN         4096     /* datagrams a storm wants queued */
#define NAME_RETRY_MS      5000     /* --netlink, the name held: tried this often */
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
	" [--startup-window=T] [--idle-timeout=T] [--no-broadcast] [--broadcast-kernel=MASK]\n" \
	" [--ack-when-done] [--nice=N] [--gather=T]"

/* the suite's wording (lib/opts.c): unknown option, missing or bad value */
static void usage_exit(const char *bad) __attribute__((noreturn));
static void usage_exit(const char *bad)
{
	exit(opts_unknown("udevd", UDEVD_USAGE, bad));
}

static void bad_value_exit(const char *name, const char *value) __attribute__((noreturn));
static void bad_value_exit(const char *name, const char *value)
{
	exit(opts_bad_value("udevd", UDEVD_USAGE, name, value));
}

static void parse_duration(const char *name, const char *s, uint64_t *ms)
{
	if (loop_parse_msec(s, ms) < 0)
		bad_value_exit(name, s);
}

static void parse_max_childs(const char *name, const char *s, unsigned long *out)
{
	unsigned long long v;

	if (str_to_u64(s, &v) < 0 || v < 1 || v > 65536)
		bad_value_exit(name, s);
	*out = (unsigned long)v;
}

static void parse_mode(const char *name, const char *s, enum runner_mode *mode)
{
	if (strcmp(s, "pool") == 0)
		*mode = RUNNER_POOL;
	else if (strcmp(s, "fork") == 0)
		*mode = RUNNER_FORK;
	else
		bad_value_exit(name, s);
}

/* udev_log of udev.conf (unless UDEV_LOG is set), then --debug; the
 * failed events' folder under udev_root. */
static void setup_log_level(struct udevd *d)
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
	failed_init(&d->failed, conf.root);
}

/* --name=VALUE or --name VALUE (lib/opts.c), at argv[*i]; else a usage error. */
static void setup_valued_option(struct udevd *d, int argc, char **argv, int *i)
{
	static const char *const names[] = { "--max-childs", "--workers", "--event-timeout",
		"--exec-timeout", "--startup-window", "--idle-timeout", "--broadcast-kernel",
		"--nice", "--gather" };
	uint64_t *const ms[] = { NULL, NULL, &d->gap_ms, &d->exec_timeout_ms, &d->startup_ms,
				 &d->idle_ms };
	unsigned long long group;
	const char *v = NULL, *arg = argv[*i];
	unsigned int k;
	int missing = 0;

	for (k = 0; k < sizeof(names) / sizeof(names[0]) && !v && !missing; k++)
		v = opts_value(argc, argv, i, names[k], &missing);
	if (missing)
		exit(opts_missing("udevd", UDEVD_USAGE, arg));
	if (!v)
		usage_exit(arg);
	if (k == 1)
		parse_max_childs(names[0], v, &d->max_childs);
	else if (k == 2)
		parse_mode(names[1], v, &d->mode);
	else if (k == 9)
		parse_duration(names[8], v, &d->gather.ms);
	else if (k == 8) {   /* -20..19, as nice(1) */
		if (str_to_u64(v + (v[0] == '-'), &group) < 0 || group > (v[0] == '-' ? 20 : 19))
			bad_value_exit(names[7], v);
		d->nice = v[0] == '-' ? -(int)group : (int)group;
		d->nice_given = 1;
	} else if (k == 7) {   /* groups as a bitmask, as mdevd -O: not the kernel's, not libudev's */
		if (str_to_u64(v, &group) < 0 || group > 0xffffffffULL || (group & 3))
			bad_value_exit(names[6], v);
		d->monitor.bc.group = (unsigned int)group;
	} else
		parse_duration(names[k - 1], v, ms[k - 1]);
}

/* An option of a feature this build left out (lib/profile.h). */
static void absent_exit(const char *opt, const char *feature)
{
	log_err("%s", feature_absent(opt, feature));
	exit(EXIT_ABSENT);
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
	d->nice = NICE_DEFAULT;
	d->gather.ms = GATHER_MS_DEFAULT;   /* --gather */
	v = getenv(BROADCAST_ENV);
	d->monitor.bc.udev = !v || !(strcmp(v, "0") == 0 || strcmp(v, "no") == 0);
	if ((v = getenv("UDEVD_MAX_CHILDS")) && *v)
		parse_max_childs("UDEVD_MAX_CHILDS", v, &d->max_childs);
	if ((v = getenv("UDEVD_WORKERS")) && *v)
		parse_mode("UDEVD_WORKERS", v, &d->mode);
	/* udevd 064's: the first seqnum to expect. The start-up window only
	 * exists to find it, so it is skipped (--startup-window still wins). */
	if ((v = getenv("UDEVD_EXPECTED_SEQNUM")) && *v) {
		if (str_to_u64(v, &seq) < 0)
			bad_value_exit("UDEVD_EXPECTED_SEQNUM", v);
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
		else if (strcmp(argv[i], "--ack-when-done") == 0)
			d->ack_when_done = 1;
		else
			setup_valued_option(d, argc, argv, &i);
	}
	if (d->netlink && !HAVE_NETLINK)
		absent_exit("--netlink", "netlink");
	if (d->monitor.bc.group && !HAVE_BROADCAST)
		absent_exit("--broadcast-kernel", "broadcast");
}

/* The kernel gives an AF_UNIX datagram socket the queue length that
 * net.unix.max_dgram_qlen has when the socket is created: 10 by default.
 * The setting is the system's (raised for a moment, it gave every socket
 * any user made meanwhile the longer queue too): the administrator sets it
 * before udevd starts (udevd(8)); below DGRAM_QLEN, we say so once. */
static void qlen_note(struct udevd *d)
{
	char buf[24];
	unsigned long long v;

	d->qlen = 10;   /* the kernel's default, when it cannot be read */
	if (fd_read_file(QLEN_SYSCTL, buf, sizeof(buf)) > 0) {
		buf[strcspn(buf, "\n")] = '\0';
		if (str_to_u64(buf, &v) == 0) {
			d->qlen = (unsigned long)(v < 1000000 ? v : 1000000);
			if (v < DGRAM_QLEN)
				log_info("socket queue: %llu datagrams (%s, left as found)", v,
					 QLEN_SYSCTL);
		}
	}
}

/* mode's permission bits as four octal digits into buf[5] (fmt knows no %o) */
static const char *mode_octal(mode_t mode, char *buf)
{
	int i;

	for (i = 0; i < 4; i++)
		buf[i] = (char)('0' + ((mode >> (9 - 3 * i)) & 7));
	buf[4] = '\0';
	return buf;
}

/* What to change when the lock's folder is not root's alone (-EPERM): the
 * folder, its owner and mode, and the fix, into hint (" (...)"), else "". */
static void lock_dir_hint(char *lock, char *hint, size_t size, int err)
{
	char *slash = strrchr(lock, '/'), mode[5];
	struct stat st;

	hint[0] = '\0';
	if (err != -EPERM || !slash)
		return;
	*slash = '\0';
	if (stat(*lock ? lock : "/", &st) == 0) {
		fmt_s(hint, size, " (%s is owned by uid %u, mode %s: make it root's and "
		      "writable by root alone, chown root %s; chmod go-w %s, or mount a "
		      "tmpfs /dev with mode=0755)", lock, (unsigned int)st.st_uid,
		      mode_octal(st.st_mode, mode), lock, lock);
	}
	*slash = '/';
}

/* udevd's name lock (namelock.h), or -1: without it, udevsend and the
 * clients believe no udevd on the name. With --netlink a lock that cannot
 * be had (a read-only /dev in early boot) stops nothing: the kernel's
 * events have no one else. A lock file that was not root's alone was
 * replaced: said, with what it was. 0, or 1 to end udevd. */
static int setup_lock_file(struct udevd *d)
{
	struct stat was;
	char lock[256], hint[256], mode[5];

	if (geteuid() != 0) {
		/* no one believes us anyway (only acks of uid 0 count), and the
		 * lock's folder is root's alone */
		log_info("not root: no name lock, udevsend and the clients will not believe "
			 "this udevd");
		return 0;
	}
	if (namelock_path(lock, sizeof(lock)) < 0)
		strcpy(lock, "(no path for this name)");
	d->lockfd = namelock_open(&was);
	if (d->lockfd >= 0) {
		if (!was.st_mode)
			return 0;
		log_notice("name lock %s was %s %s of uid %ld with %ld links: replaced by "
			   "root's 0600", lock, S_ISREG(was.st_mode) ? "a file" : "no regular file",
			   mode_octal(was.st_mode, mode), (long)was.st_uid, (long)was.st_nlink);
		return 0;
	}
	lock_dir_hint(lock, hint, sizeof(hint), d->lockfd);
	log_err("name lock %s: %s: udevsend and the clients will not believe this udevd "
		"holds @%s%s%s", lock, d->lockfd == -EPERM ? "its folder is not root's alone" :
		strerror(-d->lockfd), d->name, udevd_netlink(d) ? "; serving the kernel's events all "
		"the same" : "", hint);
	d->lockfd = -1;
	return !udevd_netlink(d);
}

/* The name lock first (namelock.h: its descriptor, numbered below the
 * socket's, is closed first when udevd dies), then the socket. A name held
 * by a process that is not a udevd of root ends udevd (3: udevsend runs
 * udev itself meanwhile), but for --netlink: the kernel's events have no
 * one else, so they are served from the socket unbound, and the name is
 * tried again every NAME_RETRY_MS (setup_name_retry). */
static int setup_socket(struct udevd *d)
{
	struct sockaddr_un sa;
	int len = msg_daemon_addr(&sa), on = 1, r;
	const char *name = getenv(MSG_SOCKET_ENV);

	d->name = name && *name ? name : MSG_SOCKET_NAME;
	if (len < 0) {
		log_err("socket name '%s' too long", d->name);
		return 1;
	}
	d->lockfd = -1;
	if (setup_lock_file(d))
		return 1;
	qlen_note(d);
	d->sock = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (d->sock < 0 || setsockopt(d->sock, SOL_SOCKET, SO_PASSCRED, &on, sizeof(on)) < 0) {
		log_err("socket: %s", strerror(errno));
		return 1;
	}
	if (bind(d->sock, (struct sockaddr *)&sa, (socklen_t)len) < 0) {
		if (errno != EADDRINUSE) {
			log_err("bind @%s: %s", d->name, strerror(errno));
			return 1;
		}
		r = sock_name_taken(d->name);
		if (r != 3)
			return r;
		if (!udevd_netlink(d)) {
			log_err("socket @%s is held by a process that is not a udevd of root: "
				"udevsend runs udev itself while it is; exiting", d->name);
			return 3;
		}
		log_err("socket @%s is held by a process that is not a udevd of root: serving "
			"the kernel's events all the same, without acks, control or status until "
			"the name is ours (tried every %d s)", d->name, NAME_RETRY_MS / 1000);
		d->name_held = 1;
		d->name_retry_ms = loop_now_ms() + NAME_RETRY_MS;
	}
	return sock_sndbuf(d->sock);
}

/* Says who holds the name lock we could not take: root's udevd (in
 * another network namespace, sharing /dev), or anything else, by pid, uid
 * and name. */
static void lock_holder_say(const struct udevd *d)
{
	struct stat st;
	char path[48], comm[32] = "?";
	long uid = -1;
	int pid = namelock_holder(d->lockfd);

	if (pid <= 0) {
		log_err("socket @%s: its name lock is held by a process of another pid "
			"namespace; exiting", d->name);
		return;
	}
	fmt_s(path, sizeof(path), "/proc/%d", pid);
	if (stat(path, &st) == 0)
		uid = (long)st.st_uid;
	fmt_s(path, sizeof(path), "/proc/%d/comm", pid);
	if (fd_read_file(path, comm, sizeof(comm)) > 0)
		comm[strcspn(comm, "\n")] = '\0';
	if (uid == 0 && strcmp(comm, "udevd") == 0)
		log_err("socket @%s: its name lock is held by another udevd of root (pid %d; one "
			"in another network namespace?); exiting", d->name, pid);
	else
		log_err("socket @%s: its name lock is held by pid %d (%s, uid %ld), which is no "
			"udevd of root; exiting", d->name, pid, comm, uid);
}

int setup_lock(struct udevd *d)
{
	int r;

	if (d->name_held || d->lockfd < 0)
		return 0;
	r = namelock_lock(d->lockfd);
	if (r == 0)
		return 0;
	if (r == -EAGAIN) {
		lock_holder_say(d);
		return 2;
	}
	log_err("name lock: %s", strerror(-r));
	return EXIT_SETUP;
}

void setup_name_retry(struct udevd *d, uint64_t now)
{
	struct sockaddr_un sa;
	int len;

	if (!d->name_held || now < d->name_retry_ms)
		return;
	d->name_retry_ms = now + NAME_RETRY_MS;
	len = msg_daemon_addr(&sa);
	if (len < 0 || bind(d->sock, (struct sockaddr *)&sa, (socklen_t)len) < 0)
		return;
	d->name_held = 0;
	if (setup_lock(d) == 0)
		log_err("socket @%s is ours now: acks, control and status are served again",
			d->name);
}

static int setup_netlink(struct udevd *d)
{
	const char *v = getenv(NETLINK_RCVBUF_ENV);
	unsigned long long size = NETLINK_RCVBUF_DEFAULT;

	if (!udevd_netlink(d))
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

/* Where 0-2 lead when they must lead nowhere: /dev/null or, where /dev has
 * no null yet (early boot), "/" read-only, on which reads and writes fail:
 * either way no descriptor of the starter's (a pipe it reads to its end,
 * as out=$(udevsend ...) does) stays open in the daemon. */
static int open_nowhere(int flags)
{
	int fd = open("/dev/null", O_RDWR | flags);

	return fd >= 0 ? fd : open("/", O_RDONLY | O_DIRECTORY | flags);
}

/* 0-2 open before the name lock and any socket of ours are opened: one
 * made on a closed 0-2 (the kernel's helper started us, with no /dev/null
 * for fd_sanitize) would be closed by setup_daemon's dup2. */
static void setup_stdio(void)
{
	int fd;

	if (fd_sanitize() == 0)
		return;
	do
		fd = open_nowhere(0);
	while (fd >= 0 && fd <= 2);
	if (fd > 2)
		close(fd);
}

/* The parent returns only once the process that stays has bound the name
 * and taken its lock (exit 0; otherwise with the child's exit code), so
 * that a udevsend that started us can send right away, and believe us. */
void setup_daemon(struct udevd *d)
{
	unsigned char rc = EXIT_SETUP;
	int fd, ready[2];
	pid_t pid;

	if (fd_pipe(ready, 0) < 0) {
		log_err("pipe: %s", strerror(errno));
		exit(EXIT_SETUP);
	}
	pid = fork();
	if (pid < 0) {
		log_err("fork: %s", strerror(errno));
		exit(EXIT_SETUP);
	}
	if (pid > 0) {
		close(ready[1]);
		if (read(ready[0], &rc, 1) != 1)
			rc = EXIT_SETUP;
		_exit(rc);
	}
	close(ready[0]);
	setsid();
	rc = (unsigned char)setup_lock(d);
	if (write(ready[1], &rc, 1) < 0) {
		/* the parent is gone: nobody waits */
	}
	close(ready[1]);
	if (rc)
		exit(rc);
	if (chdir("/") < 0) {
		/* "/" always exists */
	}
	fd = open_nowhere(O_CLOEXEC);
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

	setup_stdio();
	if (opts_std(argc, argv, "udevd", UDEVD_USAGE))
		exit(0);
	fd_close_inherited();   /* a shell's or udevsend's descriptors are not udev's */
	log_init("udevd", 0);   /* stderr; syslog with --daemon: */
	setup_options(d, argc, argv);
	/* from here on, whatever stderr is (docs/conventions.md): a start-up
	 * error is not lost with the caller's stderr, and reaches a terminal
	 * in early boot, when there is no syslogd yet */
	if (d->daemonize && !d->debug)
		log_init("udevd", LOG_TO_SYSLOG_NOWAIT | LOG_ALSO_STDERR);
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
