// SPDX-License-Identifier: GPL-2.0-only
/* Stand-alone main for the fuzz harnesses when libFuzzer is not linked in:
 * runs LLVMFuzzerTestOneInput once over every file named (directories are
 * walked one level), so that `make check` replays the corpora quickly. */
#include "compat.h"
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define INPUT_MAX (1 << 20)

static int run_file(const char *path)
{
	static uint8_t buf[INPUT_MAX];
	uint8_t *copy;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n < 0)
		return -1;
	/* an exact-size heap copy, so that an over-read is caught by ASan/valgrind */
	copy = malloc(n ? (size_t)n : 1);
	if (!copy)
		return -1;
	memcpy(copy, buf, (size_t)n);
	LLVMFuzzerTestOneInput(copy, (size_t)n);
	free(copy);
	return 0;
}

static int run_dir(const char *path, int *count)
{
	struct dirent **ents;
	char file[4096];
	int i, n = scandir(path, &ents, NULL, alphasort), bad = 0;

	if (n < 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (ents[i]->d_name[0] != '.') {
			snprintf(file, sizeof(file), "%s/%s", path, ents[i]->d_name);
			bad |= run_file(file) < 0;
			(*count)++;
		}
		free(ents[i]);
	}
	free(ents);
	return bad ? -1 : 0;
}

int main(int argc, char *argv[])
{
	struct stat st;
	int i, count = 0, bad = 0;

	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			bad |= run_dir(argv[i], &count) < 0;
		} else {
			bad |= run_file(argv[i]) < 0;
			count++;
		}
	}
	printf("%s: %d inputs replayed\n", argv[0], count);
	return bad ? 1 : 0;
}
