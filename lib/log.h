/* SPDX-License-Identifier: GPL-2.0-only */
/* One logging module: "prog: level: message" on stderr in the foreground,
 * syslog as a daemon; the level is chosen at run time, never compiled out. */
#ifndef LIB_LOG_H
#define LIB_LOG_H

#include <syslog.h>

/* Sets the program name and the sink; the level comes from UDEV_LOG if set. */
/* use_syslog: 0 stderr; LOG_TO_SYSLOG syslog, waiting while syslogd's queue is
 * full; LOG_TO_SYSLOG_NOWAIT syslog, dropping the message instead (a stopped or
 * slow syslogd must not stop udevd's loop nor an event); log_sink_auto(): the
 * programs' choice, stderr unless it leads nowhere (closed, or /dev/null, as
 * for the kernel's helpers and udevd --daemon's udev), then syslog NOWAIT. */
#define LOG_TO_SYSLOG        1
#define LOG_TO_SYSLOG_NOWAIT 2
/* or'ed with a syslog sink: stderr as well ("prog: level: message"), for
 * udevd --daemon before it detaches (early boot has no syslogd yet) */
#define LOG_ALSO_STDERR      4
void log_init(const char *prog, int use_syslog);
int log_sink_auto(void);
void log_set_level(int prio);
/* Text that begins every syslog line from now on ("seq 12 /class/tty/ttyS0"
 * for udev's event); NULL or "" for none. */
void log_set_context(const char *ctx);
int log_get_level(void);
/* The syslog socket while one is connected, else -1: a process that closes
 * stray descriptors (udev's pool worker, between events) keeps this one. */
int log_fd(void);
/* udevcontrol log_priority reaches udevd's udev processes: udevd keeps the
 * level in LOG_PRIORITY_ENV of its own environment, and each udev it runs
 * gets UDEV_LOG=level in place of the event's (envp has room for max
 * entries with the NULL; level NULL changes nothing). */
#define LOG_PRIORITY_ENV "UDEVD_LOG_PRIORITY"
void log_env_level(char **envp, unsigned int max, const char *level);
/* The level a program runs at: env_level (its UDEV_LOG) when set (dflt
 * when not valid), else conf_level (udev_log of udev.conf, -1 when unset),
 * else dflt. */
int log_level_pick(const char *env_level, int conf_level, int dflt);
/* "err", "info", "debug", ... or a number 0..7; -EINVAL when unknown. */
int log_level_parse(const char *s);
/* Formatted by lib/fmt.c: %s %c %d %i %u %% with l, ll, z, h; no widths. */
void log_msg(int prio, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define log_err(...)   log_msg(LOG_ERR, __VA_ARGS__)
#define log_warn(...)  log_msg(LOG_WARNING, __VA_ARGS__)
#define log_notice(...) log_msg(LOG_NOTICE, __VA_ARGS__)
#define log_info(...)  log_msg(LOG_INFO, __VA_ARGS__)
#define log_debug(...) log_msg(LOG_DEBUG, __VA_ARGS__)

#endif
