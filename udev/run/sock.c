// SPDX-License-Identifier: GPL-2.0-only
/* RUN+="socket:NAME" (see sock.h): udev 100-117's udevmonitor and HAL
 * listened on "\0/org/kernel/udev/monitor" for each event udev had
 * handled, as one datagram in this format. */
#include "compat.h"
#include "sock.h"
#include "str.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

const char *sock_run_name(const char *cmd)
{
	return strncmp(cmd, "socket:", 7) == 0 ? cmd + 7 : NULL;
}

/* "ACTION@DEVPATH\0KEY=value\0...": whole strings only, as many as fit */
static size_t sock_message(const struct udev_event *ev, char *buf, size_t size)
{
	size_t len = str_copy(buf, ev->action, size), n;
	int i;

	if (len + 1 < size)
		len += str_copy(buf + len, "@", size - len);
	if (len + 1 < size)
		len += str_copy(buf + len, ev->devpath, size - len);
	if (len >= size)
		return size;
	len++;
	for (i = 0; ev->env.v && ev->env.v[i]; i++) {
		n = strlen(ev->env.v[i]) + 1;
		if (len + n > size)
			break;
		memcpy(buf + len, ev->env.v[i], n);
		len += n;
	}
	return len;
}

int sock_send_event(const struct udev_event *ev, const char *name)
{
	struct sockaddr_un sa;
	char buf[SOCK_MSG_MAX];
	size_t nlen = strlen(name), len;
	socklen_t alen;
	int fd, r = 0;

	if (!nlen || nlen >= sizeof(sa.sun_path) - 1)
		return -EINVAL;
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	memcpy(sa.sun_path + 1, name, nlen);   /* abstract, as udev 100 */
	alen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + nlen);
	len = sock_message(ev, buf, sizeof(buf));
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (sendto(fd, buf, len, MSG_DONTWAIT | MSG_NOSIGNAL, (struct sockaddr *)&sa, alen) < 0)
		r = -errno;
	close(fd);
	return r;
}
