// SPDX-License-Identifier: GPL-2.0-only
/* Out-of-line libc differences (see compat.h): what one of glibc, musl,
 * klibc or dietlibc lacks, written once over plain system calls. */
#include "compat.h"

#include <unistd.h>

#ifdef _SC_NPROCESSORS_ONLN
long compat_ncpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? n : 1;
}
#else
/* Counts the CPUs in a list such as "0-3,6,8-9" (sysfs "online" format). */
static long cpu_list_count(const char *s)
{
	long n = 0;

	while (*s >= '0' && *s <= '9') {
		long lo = 0, hi;

		while (*s >= '0' && *s <= '9')
			lo = lo * 10 + (*s++ - '0');
		hi = lo;
		if (*s == '-') {
			hi = 0;
			for (s++; *s >= '0' && *s <= '9'; s++)
				hi = hi * 10 + (*s - '0');
		}
		n += hi >= lo ? hi - lo + 1 : 1;
		if (*s == ',')
			s++;
	}
	return n;
}

long compat_ncpus(void)
{
	char buf[256];
	ssize_t len = -1;
	long n;
	int fd = open("/sys/devices/system/cpu/online", O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		len = read(fd, buf, sizeof(buf) - 1);
		close(fd);
	}
	if (len <= 0)
		return 1;
	buf[len] = '\0';
	n = cpu_list_count(buf);
	return n > 0 ? n : 1;
}
#endif
