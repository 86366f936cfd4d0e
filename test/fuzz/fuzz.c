// SPDX-License-Identifier: GPL-2.0-only
/* Helpers of the fuzz harnesses (see fuzz.h): a temporary directory that is
 * removed at exit, and files written from fuzz input. */
#include "compat.h"
#include "fuzz.h"
#include "fd.h"
#include "log.h"

#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[PATH_MAX];

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	remove(path);
	return 0;
}

static void fuzz_cleanup(void)
{
	if (dir[0])
		nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

const char *fuzz_dir(void)
{
	const char *tmp = getenv("TMPDIR");

	if (dir[0])
		return dir;
	snprintf(dir, sizeof(dir), "%s/udev-fuzz.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		abort();
	}
	atexit(fuzz_cleanup);
	/* the code under test logs every refusal: keep the fuzzer's output readable */
	if (!getenv("FUZZ_LOG"))
		setenv("UDEV_LOG", "crit", 1);
	log_init("fuzz", 0);
	return dir;
}

const char *fuzz_subdir(const char *sub)
{
	static char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", fuzz_dir(), sub);
	mkdir(path, 0755);
	return path;
}

const char *fuzz_file(const char *name, const uint8_t *data, size_t size)
{
	static char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", fuzz_dir(), name);
	unlink(path);   /* not through what the last input left (a record's link) */
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || fd_write_all(fd, data, size) < 0) {
		perror(path);
		abort();
	}
	close(fd);
	return path;
}

void fuzz_fail(const char *what, const char *file, int line)
{
	fprintf(stderr, "%s:%d: property violated: %s\n", file, line, what);
	abort();
}
