// SPDX-License-Identifier: GPL-2.0-only
/* Network interface renaming for NAME on net devices (see netif.h). */
#include "compat.h"
#include "netif.h"
#include "str.h"

#include <errno.h>
#include <net/if.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int set_name(int fd, const char *from, const char *to)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	str_copy(ifr.ifr_name, from, sizeof(ifr.ifr_name));
	str_copy(ifr.ifr_newname, to, sizeof(ifr.ifr_newname));
	return ioctl(fd, SIOCSIFNAME, &ifr) < 0 ? -errno : 0;
}

/* The name is another interface's: as udev 117, this one gives up its own
 * (another card's event may be waiting for it: two cards that swapped
 * names) as FROM_rename, then tries for the name every 50 ms. */
static int rename_wait(int fd, const char *from, const char *to, char *now, size_t size,
		       int wait_ms)
{
	struct timespec step = { 0, NETIF_RETRY_MS * 1000000L };
	char tmp[IFNAMSIZ];
	int r, tries = wait_ms / NETIF_RETRY_MS;

	str_copy(tmp, from, sizeof(tmp));
	str_append(tmp, "_rename", sizeof(tmp));
	r = set_name(fd, from, tmp);
	if (r < 0)
		return r;
	str_copy(now, tmp, size);
	while ((r = set_name(fd, tmp, to)) == -EEXIST && tries-- > 0)
		nanosleep(&step, NULL);   /* EINTR: an early try, harmless */
	if (r == 0)
		str_copy(now, to, size);
	return r;
}

int netif_rename(const char *from, const char *to, char *now, size_t size, int wait_ms)
{
	int fd, r;

	str_copy(now, from, size);
	if (strlen(to) >= IFNAMSIZ || strchr(to, '/') || !*to)
		return -EINVAL;
	/* the interface ioctls work on any socket: AF_INET as 117, else a
	 * unix one (a kernel built without IPv4, as firmware kernels can be:
	 * the kernel proof's netpersist scenario) */
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0 && errno == EAFNOSUPPORT)
		fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	r = set_name(fd, from, to);
	if (r == 0)
		str_copy(now, to, size);
	else if (r == -EEXIST && wait_ms > 0)
		r = rename_wait(fd, from, to, now, size, wait_ms);
	close(fd);
	return r;
}
