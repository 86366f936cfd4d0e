// SPDX-License-Identifier: GPL-2.0-only
/* The event's properties after its stages ran (see props.h). Below every
 * stage, as event.c: it reads the event and calls none of them. */
#include "compat.h"
#include "props.h"
#include "fmt.h"
#include "str.h"

#include <string.h>

/* Appends "key=value" (key may hold the '=' already: val NULL) and its NUL
 * at out + *len, when it fits. */
static void props_add(char *out, size_t size, size_t *len, const char *key, const char *val)
{
	size_t k = strlen(key), v = val ? strlen(val) + 1 : 0;

	if (*len + k + v + 1 > size)
		return;
	memcpy(out + *len, key, k);
	if (val) {
		out[*len + k] = '=';
		memcpy(out + *len + k + 1, val, v - 1);
	}
	*len += k + v;
	out[(*len)++] = '\0';
}

/* DEVLINKS: udev_root/link for each of the space separated names. */
static void props_links(const struct udev_event *ev, char *buf, size_t size)
{
	char list[LIST_SIZE], *w, *save = NULL;

	buf[0] = '\0';
	str_copy(list, ev->symlinks, sizeof(list));
	for (w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if (buf[0])
			str_append(buf, " ", size);
		str_append(buf, ev->conf->root, size);
		str_append(buf, "/", size);
		str_append(buf, w, size);
	}
}

size_t event_props(const struct udev_event *ev, char *out, size_t size)
{
	char links[4096], num[16];
	size_t len = 0;
	int i;

	for (i = 0; i < ev->env.n; i++)
		if (strncmp(ev->env.v[i], "UDEVD_", 6) != 0 &&
		    strncmp(ev->env.v[i], "DEVLINKS=", 9) != 0)
			props_add(out, size, &len, ev->env.v[i], NULL);
	props_links(ev, links, sizeof(links));
	if (links[0])
		props_add(out, size, &len, "DEVLINKS", links);
	if (ev->has_devnum && !env_get(&ev->env, "MAJOR")) {
		fmt_s(num, sizeof(num), "%u", ev->major);
		props_add(out, size, &len, "MAJOR", num);
		fmt_s(num, sizeof(num), "%u", ev->minor);
		props_add(out, size, &len, "MINOR", num);
	}
	return len;
}
