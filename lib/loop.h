/* SPDX-License-Identifier: GPL-2.0-only */
/* A small event loop over poll(): a set of descriptors that grows and
 * shrinks (udevd's worker sockets come and go), one wait with a computed
 * timeout, one clock (CLOCK_MONOTONIC, in milliseconds). */
#ifndef LIB_LOOP_H
#define LIB_LOOP_H

#include <poll.h>
#include <stdint.h>

struct loop {
	struct pollfd *fds;
	unsigned int n, cap;
};

void loop_init(struct loop *l);
/* Watches fd for input; -ENOMEM when the set cannot grow. */
int loop_add(struct loop *l, int fd);
/* Also wakes when fd is writable (on), or no longer (off); muted or not. */
void loop_watch_write(struct loop *l, int fd, int on);
/* Muted (on), fd's input wakes no wait (loop_wait, loop_ready) until it
 * is unmuted: its data stays where it is. A wait for it to be writable
 * (loop_watch_write) is kept either way. */
void loop_mute(struct loop *l, int fd, int on);
/* Stops watching fd (no-op when it is not watched). */
void loop_del(struct loop *l, int fd);
void loop_free(struct loop *l);
/* Waits until one descriptor is readable or timeout_ms passes (-1: forever).
 * Returns the number of ready descriptors, 0 on timeout or EINTR. */
int loop_wait(struct loop *l, int64_t timeout_ms);
int loop_ready(const struct loop *l, int fd);
/* Milliseconds on CLOCK_MONOTONIC. */
uint64_t loop_now_ms(void);
/* A daemon's clock read once a turn of its loop (loop_tick, after the
 * wait) and given to everything the turn does (loop_turn_ms: the first
 * call before any tick reads it): under klibc each reading is a system
 * call (times()), which a storm would pay several times an event. */
uint64_t loop_tick(void);
uint64_t loop_turn_ms(void);
/* Milliseconds until deadline (0 if passed), for loop_wait(). */
int64_t loop_until(uint64_t now, uint64_t deadline);
/* Parses a duration: "2" or "2s" seconds, "500ms" milliseconds. -EINVAL. */
int loop_parse_msec(const char *s, uint64_t *ms);

#endif
