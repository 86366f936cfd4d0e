// SPDX-License-Identifier: GPL-2.0-only
/* Fuzz harness: substitution expansion with hostile inputs. The input is
 * FORMAT \0 ATTRIBUTE \0 RESULT \0 ENVVALUE: the rule value, the content of a
 * sysfs attribute (%s{model}), the PROGRAM output (%c) and ENV{FOO} (%E{FOO}).
 * The expansion stays in its buffer, and the name made safe by path_sanitize
 * never leaves udev_root. */
#include "compat.h"
#include "fuzz.h"
#include "conf.h"
#include "../../udev/event/event.h"
#include "../../udev/run/exec.h"
#include "../../udev/rules/subst.h"
#include "path.h"
#include "str.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct udev_conf conf;
static struct udev_settings set = { .exec_timeout = EXEC_TIMEOUT_DEFAULT, .no_sleep = 1 };
static char *envp[] = {
	"ACTION=add", "DEVPATH=/class/tty/ttyS0", "SUBSYSTEM=tty",
	"MAJOR=4", "MINOR=64", NULL,
};

static void setup(void)
{
	char path[1024];
	static int done;

	if (done)
		return;
	done = 1;
	conf_defaults(&conf);
	snprintf(conf.root, sizeof(conf.root), "%s", fuzz_subdir("dev"));
	snprintf(conf.db, sizeof(conf.db), "%s", fuzz_subdir("db"));
	snprintf(path, sizeof(path), "%s", fuzz_subdir("sys"));
	sysfs_root_set(path);
	fuzz_subdir("sys/class");
	fuzz_subdir("sys/class/tty");
	fuzz_subdir("sys/class/tty/ttyS0");
	fuzz_file("sys/class/tty/ttyS0/dev", (const uint8_t *)"4:64\n", 5);
}

/* The next NUL-separated part of the input, copied and terminated. */
static const char *part(const uint8_t **p, const uint8_t *end, char *buf, size_t size)
{
	const uint8_t *nul = memchr(*p, '\0', (size_t)(end - *p));
	size_t n = (size_t)((nul ? nul : end) - *p);

	if (n >= size)
		n = size - 1;
	memcpy(buf, *p, n);
	buf[n] = '\0';
	*p = nul ? nul + 1 : end;
	return buf;
}

static void check_safe(char *name)
{
	const char *c;
	size_t i;

	path_sanitize(name);
	FUZZ_ASSERT(name[0] != '/');
	FUZZ_ASSERT(strcmp(name, "..") != 0 && strncmp(name, "../", 3) != 0);
	FUZZ_ASSERT(!strstr(name, "/../") && !strstr(name, "//") && !strstr(name, "/./"));
	c = strrchr(name, '/');
	FUZZ_ASSERT(!c || (strcmp(c, "/..") != 0 && strcmp(c, "/.") != 0 && c[1]));
	for (i = 0; name[i]; i++)
		FUZZ_ASSERT((unsigned char)name[i] >= 0x20 && name[i] != 0x7f);
	FUZZ_ASSERT(path_sanitize(name) == 0);
}

/* What the log shows of a hostile value: one line, no control characters. */
static void check_escape(const char *s)
{
	char small[7], big[LIST_SIZE * 4];
	size_t i, n = str_escape(big, s, sizeof(big));

	FUZZ_ASSERT(n == strlen(big));
	for (i = 0; big[i]; i++)
		FUZZ_ASSERT((unsigned char)big[i] >= 0x20 && big[i] != 0x7f);
	str_escape(small, s, sizeof(small));
	FUZZ_ASSERT(strlen(small) < sizeof(small) && strncmp(small, big, strlen(small)) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char fmt[4096], attr[4096], result[LIST_SIZE], val[4096];
	char out[NAME_SIZE + 1], list[LIST_SIZE];
	const uint8_t *p = data, *end = data + size;
	struct udev_event ev;

	setup();
	part(&p, end, fmt, sizeof(fmt));
	part(&p, end, attr, sizeof(attr));
	part(&p, end, result, sizeof(result));
	part(&p, end, val, sizeof(val));
	fuzz_file("sys/class/tty/ttyS0/model", (const uint8_t *)attr, strlen(attr));
	if (event_init(&ev, &conf, &set, envp, NULL) != 0)
		abort();
	str_copy(ev.result, result, sizeof(ev.result));
	env_set(&ev.env, "FOO", val);
	out[NAME_SIZE] = 'X';    /* a canary past the size given */
	subst_format(&ev, fmt, out, NAME_SIZE);
	FUZZ_ASSERT(out[NAME_SIZE] == 'X' && strlen(out) < NAME_SIZE);
	check_safe(out);
	subst_format(&ev, fmt, list, sizeof(list));
	FUZZ_ASSERT(strlen(list) < sizeof(list));
	check_escape(list);
	event_free(&ev);
	return 0;
}
