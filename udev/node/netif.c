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
#include <unistd.h>

int netif_rename(const char *from, const char *to)
{
	struct ifreq ifr;
	int fd, r = 0;

	if (strlen(to) >= IFNAMSIZ || strchr(to, '/') || !*to)
		return -EINVAL;
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	memset(&ifr, 0, sizeof(ifr));
	str_copy(ifr.ifr_name, from, sizeof(ifr.ifr_name));
	str_copy(ifr.ifr_newname, to, sizeof(ifr.ifr_newname));
	if (ioctl(fd, SIOCSIFNAME, &ifr) < 0)
		r = -errno;
	close(fd);
	return r;
}
