// SPDX-License-Identifier: GPL-2.0-only
/* udevd's own socket (see sock.h): a send buffer for a storm's unread acks,
 * and whether a udevd of root holds the name when it is taken. */
#include "compat.h"
#include "sock.h"
#include "log.h"
#include "namelock.h"
#include "str.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SNDBUF_DEFAULT     4194304  /* bytes asked for; the kernel doubles it */
#define SNDBUF_ENV         "UDEVD_SNDBUF"

/* Acks stay charged to our send buffer until their helper reads them, and
 * in a storm thousands are unread at once: a large buffer (as root
 * SO_SNDBUFFORCE, past net.core.wmem_max); UDEVD_SNDBUF (bytes) sets it. */
int sock_sndbuf(int sock)
{
	const char *v = getenv(SNDBUF_ENV);
	unsigned long long size = SNDBUF_DEFAULT;
	int n;

	if (v && *v && (str_to_u64(v, &size) < 0 || size < 1024 || size > 0x40000000ULL)) {
		log_err("%s=%s: not a size in bytes", SNDBUF_ENV, v);
		return 1;
	}
	n = (int)size;
	if (setsockopt(sock, SOL_SOCKET, SO_SNDBUFFORCE, &n, sizeof(n)) < 0 &&
	    setsockopt(sock, SOL_SOCKET, SO_SNDBUF, &n, sizeof(n)) < 0)
		log_err("SO_SNDBUF %d: %s, ignoring", n, strerror(errno));
	return 0;
}

/* bind() found the name taken. A udevd of root holds the name lock from
 * just after its bind (namelock.h): asked a few times over NAME_LOCK_MS,
 * since a udevd starting beside us may be between the two. The holder
 * itself is never asked, so a silent one costs nothing. */
#define NAME_LOCK_MS 200

/* F_GETLK: what the kernel says of the lock's holder. */
int sock_name_holder(void)
{
	struct flock fl;
	char path[256];
	int fd, pid = 0;

	if (namelock_path(path, sizeof(path)) < 0)
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	if (fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK)
		pid = (int)fl.l_pid;
	close(fd);
	return pid;
}

int sock_name_taken(const char *name)
{
	int i, pid;

	for (i = 0; i < NAME_LOCK_MS / 10; i++) {
		if (namelock_held() == 1) {
			pid = sock_name_holder();
			if (pid > 0)
				log_err("another udevd already listens on socket @%s (pid %d: stop "
					"it first, or name this one's socket with UDEVD_SOCKET); "
					"exiting", name, pid);
			else
				log_err("another udevd already listens on socket @%s; exiting", name);
			return 2;
		}
		poll(NULL, 0, 10);
	}
	return 3;
}
