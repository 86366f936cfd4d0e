// SPDX-License-Identifier: GPL-2.0-only
// Event logger of the qemu proof. Run as the kernel's helper (counting boot), as a
// udev RUN program or as a hotplug.d script, it appends one line per event to
// /run/kproof/<its own name>.log (KPROOF_DIR overrides /run/kproof, for tests):
//   SEQNUM ACTION SUBSYSTEM DEVPATH DEVNAME MAJ:MIN NODE
// where NODE is what DEVNAME's node is at that moment: b8:0, c21:3, missing, or "-".
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static const char *env_or_dash(const char *key)
{
	const char *v = getenv(key);

	return v && v[0] ? v : "-";
}

/* The kernel gives DEVNAME relative to /dev, udev's dev.d gives the full path. */
static void node_state(char *buf, size_t size)
{
	const char *name = getenv("DEVNAME");
	char path[4096];
	struct stat st;

	if (!name || !name[0]) {
		snprintf(buf, size, "-");
		return;
	}
	snprintf(path, sizeof(path), "%s%s", name[0] == '/' ? "" : "/dev/", name);
	if (lstat(path, &st) < 0)
		snprintf(buf, size, "missing");
	else if (S_ISBLK(st.st_mode) || S_ISCHR(st.st_mode))
		snprintf(buf, size, "%c%u:%u", S_ISBLK(st.st_mode) ? 'b' : 'c',
			 major(st.st_rdev), minor(st.st_rdev));
	else
		snprintf(buf, size, "notdev");
}

int main(int argc, char **argv)
{
	const char *self = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	char path[256], node[64], majmin[64], line[8192];
	int fd, len;

	(void)argc;
	const char *dir = getenv("KPROOF_DIR");

	snprintf(path, sizeof(path), "%s/%s.log", dir && dir[0] ? dir : "/run/kproof", self);
	snprintf(majmin, sizeof(majmin), "%s:%s", env_or_dash("MAJOR"), env_or_dash("MINOR"));
	node_state(node, sizeof(node));
	len = snprintf(line, sizeof(line), "%s %s %s %s %s %s %s\n", env_or_dash("SEQNUM"),
		       env_or_dash("ACTION"), env_or_dash("SUBSYSTEM"), env_or_dash("DEVPATH"),
		       env_or_dash("DEVNAME"), majmin, node);
	if (len < 0 || len >= (int)sizeof(line))
		return 1;
	/* One write with O_APPEND: concurrent helpers never interleave within a line. */
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return 1;
	if (write(fd, line, len) != len)
		return 1;
	close(fd);
	return 0;
}
