// SPDX-License-Identifier: GPL-2.0-only
/* poll()-based event loop and monotonic time helpers (see loop.h). */
#include "compat.h"
#include "loop.h"
#include "str.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void loop_init(struct loop *l)
{
	memset(l, 0, sizeof(*l));
}

int loop_add(struct loop *l, int fd)
{
	struct pollfd *p;
	unsigned int cap;

	if (l->n >= l->cap) {
		cap = l->cap ? 2 * l->cap : 8;
		p = realloc(l->fds, cap * sizeof(*p));
		if (!p)
			return -ENOMEM;
		l->fds = p;
		l->cap = cap;
	}
	l->fds[l->n].fd = fd;
	l->fds[l->n].events = POLLIN;
	l->fds[l->n].revents = 0;
	l->n++;
	return 0;
}

void loop_watch_write(struct loop *l, int fd, int on)
{
	unsigned int i;

	for (i = 0; i < l->n; i++)
		if (l->fds[i].fd == fd)
			l->fds[i].events = (short)(on ? l->fds[i].events | POLLOUT :
						   l->fds[i].events & ~POLLOUT);
}

void loop_mute(struct loop *l, int fd, int on)
{
	unsigned int i;

	for (i = 0; i < l->n; i++)
		if (l->fds[i].fd == fd)
			l->fds[i].events = (short)(on ? l->fds[i].events & ~POLLIN :
						   l->fds[i].events | POLLIN);
}

void loop_del(struct loop *l, int fd)
{
	unsigned int i;

	for (i = 0; i < l->n; i++)
		if (l->fds[i].fd == fd) {
			l->fds[i] = l->fds[--l->n];
			return;
		}
}

void loop_free(struct loop *l)
{
	free(l->fds);
	memset(l, 0, sizeof(*l));
}

int loop_wait(struct loop *l, int64_t timeout_ms)
{
	int r;

	if (timeout_ms > 60000 || timeout_ms < 0)
		timeout_ms = timeout_ms < 0 ? -1 : 60000;
	r = poll(l->fds, l->n, (int)timeout_ms);
	if (r < 0)
		return errno == EINTR ? 0 : -errno;
	return r;
}

int loop_ready(const struct loop *l, int fd)
{
	unsigned int i;

	for (i = 0; i < l->n; i++)
		if (l->fds[i].fd == fd)
			return (l->fds[i].revents & (POLLIN | POLLHUP | POLLERR)) != 0;
	return 0;
}

uint64_t loop_now_ms(void)
{
	return compat_monotonic_ms();
}

static uint64_t turn_ms;

uint64_t loop_tick(void)
{
	return turn_ms = compat_monotonic_ms();
}

uint64_t loop_turn_ms(void)
{
	return turn_ms ? turn_ms : loop_tick();
}

int64_t loop_until(uint64_t now, uint64_t deadline)
{
	return deadline > now ? (int64_t)(deadline - now) : 0;
}

int loop_parse_msec(const char *s, uint64_t *ms)
{
	char num[24];
	size_t n = strspn(s, "0123456789");
	unsigned long long v;
	unsigned int mult;

	if (n == 0 || n >= sizeof(num))
		return -EINVAL;
	if (strcmp(s + n, "ms") == 0)
		mult = 1;
	else if (s[n] == '\0' || strcmp(s + n, "s") == 0)
		mult = 1000;
	else
		return -EINVAL;
	memcpy(num, s, n);
	num[n] = '\0';
	if (str_to_u64(num, &v) < 0 || v > 86400000ULL)
		return -EINVAL;
	*ms = v * mult;
	return 0;
}
