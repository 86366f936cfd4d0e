// SPDX-License-Identifier: GPL-2.0-only
/* The built-in probes (see builtin.h). */
#include "compat.h"
#include "builtin.h"
#include "builtin_extras.h"
#include "../../extras/probes.h"
#include "profile.h"
#include "fmt.h"
#include "log.h"
#include "str.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static const struct builtin builtins[] = {
	{ "disk_id", HAVE_PROBES ? disk_id_run : NULL, 0 },
	{ "vol_id", HAVE_PROBES ? vol_id_run : NULL, 0 },
};

static const struct builtin *builtin_find(const char *name, size_t len)
{
	unsigned int i;

	for (i = 0; i < sizeof(builtins) / sizeof(builtins[0]); i++)
		if (strlen(builtins[i].name) == len && strncmp(builtins[i].name, name, len) == 0)
			return &builtins[i];
	return builtin_extra_find(name, len);
}

const char *builtin_check(const char *cmd)
{
	static char msg[96];
	char name[32];

	str_copy(name, cmd, sizeof(name));
	name[strcspn(name, " ")] = '\0';
	if (builtin_find(cmd, strcspn(cmd, " "))) {
		if (HAVE_PROBES)
			return NULL;
		fmt_s(msg, sizeof(msg), "IMPORT{builtin} '%s'", name);
		return feature_absent(msg, "probes");
	}
	fmt_s(msg, sizeof(msg), "unknown built-in '%s'", name);
	return msg;
}

/* The event's temporary node (%N) while a built-in runs: the time-out's
 * SIGALRM, or udevd's SIGTERM at its exec timeout, ends the process and
 * removes it first, as event_free would have. */
static const char *volatile leftover;

static void on_end(int sig)
{
	struct sigaction sa;

	if (leftover)
		unlink(leftover);
	memset(&sa, 0, sizeof(sa));   /* SIG_DFL: delivered when this returns */
	sigaction(sig, &sa, NULL);
	kill(getpid(), sig);
}

/* argv's first word that is no option, or NULL. */
static const char *positional(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (argv[i][0] != '-')
			return argv[i];
	return NULL;
}

int builtin_run(int argc, char **argv, char *out, size_t size, int timeout,
		const char *tmpnode, const char *devpath)
{
	const struct builtin *b = builtin_find(argv[0], strlen(argv[0]));
	struct sigaction sa, term, dfl;
	size_t len;
	int rc;

	if (!b)
		return -ENOENT;
	if (!b->run)
		return -ENOSYS;
	if (b->event_devpath && !positional(argc, argv) && devpath) {
		argv[argc++] = (char *)devpath;   /* argv has room (builtin.h) */
		argv[argc] = NULL;
	}
	builtin_devpath = devpath;
	memset(&sa, 0, sizeof(sa));
	memset(&dfl, 0, sizeof(dfl));
	sa.sa_handler = on_end;
	leftover = tmpnode && tmpnode[0] ? tmpnode : NULL;
	sigaction(SIGALRM, &sa, NULL);
	sigaction(SIGTERM, &sa, &term);
	alarm((unsigned int)timeout);
	rc = b->run(argc, argv, out, size);
	alarm(0);
	/* no handler stays: a program udev starts never meets one (exec.c) */
	sigaction(SIGTERM, &term, NULL);
	sigaction(SIGALRM, &dfl, NULL);
	leftover = NULL;
	len = strlen(out);
	while (len && (out[len - 1] == '\n' || out[len - 1] == '\r'))
		out[--len] = '\0';
	log_debug("built-in '%s' returned %d", argv[0], rc);
	return rc;
}
