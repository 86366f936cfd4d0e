// SPDX-License-Identifier: GPL-2.0-only
/* Out-of-line libc differences (see compat.h): what one of glibc, musl,
 * klibc or dietlibc lacks, written once over plain system calls. */
#include "compat.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifdef __dietlibc__
#include <sys/auxv.h>
#endif

#ifdef __KLIBC__
/* A word at a time once aligned: an aligned word never crosses a page, so
 * the bytes read after the NUL in its word cannot fault. */
typedef unsigned long __attribute__((__may_alias__)) compat_word;
#define WORD_ONES  ((unsigned long)-1 / 0xff)
#define WORD_HIGHS (WORD_ONES * 0x80)

size_t compat_strlen(const char *s)
{
	const char *p = s;
	const compat_word *w;

	for (; (unsigned long)p % sizeof(compat_word); p++)
		if (!*p)
			return (size_t)(p - s);
	for (w = (const compat_word *)(const void *)p; !((*w - WORD_ONES) & ~*w & WORD_HIGHS); w++)
		;
	for (p = (const char *)w; *p; p++)
		;
	return (size_t)(p - s);
}

DIR *compat_opendir(const char *path)
{
	DIR *d = (opendir)(path);

	if (d)
		fcntl(dirfd(d), F_SETFD, FD_CLOEXEC);
	return d;
}
#endif

#ifdef __dietlibc__
unsigned long long compat_monotonic_ms(void)
{
	static int vdso = -1;

	if (vdso < 0)
		vdso = getauxval(AT_SYSINFO_EHDR) != 0;
	return vdso ? compat_clock_ms() : compat_ticks_ms();
}

FILE *compat_fopen(const char *path, const char *mode)
{
	FILE *f = (fopen)(path, mode);

	if (f && strchr(mode, 'e'))
		fcntl(fileno(f), F_SETFD, FD_CLOEXEC);
	return f;
}
#endif

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

/* The mask is counted bit by bit: the libcs' wrappers disagree on its type
 * (cpu_set_t, unsigned long *) and on what they return (0, bytes). */
long compat_cpus_usable(void)
{
	unsigned long mask[16], w;
	unsigned int i;
	long n = 0;

	memset(mask, 0, sizeof(mask));
	if (sched_getaffinity(0, sizeof(mask), (void *)mask) < 0)
		return compat_ncpus();
	for (i = 0; i < sizeof(mask) / sizeof(mask[0]); i++)
		for (w = mask[i]; w; w &= w - 1)
			n++;
	return n > 0 ? n : compat_ncpus();
}

#if defined(__KLIBC__) || defined(__dietlibc__)
/* "\<errno>message\0" for each, in glibc's words; the libc's own table holds
 * every message and costs 4 KiB in each program. */
static const char errno_text[] =
	"\001" "Operation not permitted\0"   /* EPERM */
	"\002" "No such file or directory\0"   /* ENOENT */
	"\010" "Exec format error\0"   /* ENOEXEC */
	"\014" "Cannot allocate memory\0"   /* ENOMEM */
	"\015" "Permission denied\0"   /* EACCES */
	"\021" "File exists\0"   /* EEXIST */
	"\024" "Not a directory\0"   /* ENOTDIR */
	"\025" "Is a directory\0"   /* EISDIR */
	"\026" "Invalid argument\0"   /* EINVAL */
	"\034" "No space left on device\0"   /* ENOSPC */
	"\036" "Read-only file system\0"   /* EROFS */
	"\044" "File name too long\0"   /* ENAMETOOLONG */
	"";

char *compat_strerror(int err)
{
	static char unknown[32];
	const char *p = errno_text;
	char *q;
	unsigned int v;

	while (*p) {
		if ((unsigned char)*p == (unsigned int)err)
			return (char *)p + 1;
		p += strlen(p) + 1;
	}
	/* "errno N", built without printf */
	q = unknown + sizeof(unknown) - 1;
	*q = '\0';
	v = err < 0 ? 0U - (unsigned int)err : (unsigned int)err;
	do
		*--q = (char)('0' + v % 10);
	while ((v /= 10) && q > unknown + 8);
	if (err < 0)
		*--q = '-';
	return memcpy(q - 6, "errno ", 6);
}
#endif

int compat_inotify(void)
{
#ifdef __KLIBC__
	int fd = inotify_init();

	if (fd >= 0 && (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0 ||
			fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0)) {
		close(fd);
		fd = -1;
	}
	return fd;
#else
	return inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
#endif
}

/* No libc has a wrapper on every version: the raw call. Its number is 436
 * on every architecture but alpha (the numbers from 403 on are shared);
 * klibc has no syscall() and dietlibc's is missing on some architectures,
 * so for them it is written out where it is known. */
#if !defined(__NR_close_range) && !defined(__alpha__)
#define __NR_close_range 436
#endif
#if defined(__KLIBC__) || defined(__dietlibc__)
#define COMPAT_RAW 1
#else
#define COMPAT_RAW 0
#endif
#if COMPAT_RAW && defined(__x86_64__)
int compat_close_range(unsigned int first, unsigned int last)
{
	long r;

	__asm__ volatile("syscall" : "=a"(r)
			 : "0"((long)__NR_close_range), "D"((long)first), "S"((long)last), "d"(0L)
			 : "rcx", "r11", "memory");
	return r < 0 ? (int)r : 0;
}
#elif COMPAT_RAW && defined(__aarch64__)
int compat_close_range(unsigned int first, unsigned int last)
{
	register long x8 __asm__("x8") = __NR_close_range;
	register long x0 __asm__("x0") = first;
	register long x1 __asm__("x1") = last;
	register long x2 __asm__("x2") = 0;

	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
	return x0 < 0 ? (int)x0 : 0;
}
#elif !COMPAT_RAW && defined(__NR_close_range)
int compat_close_range(unsigned int first, unsigned int last)
{
	return syscall(__NR_close_range, first, last, 0) < 0 ? -errno : 0;
}
#else
int compat_close_range(unsigned int first, unsigned int last)
{
	(void)first;
	(void)last;
	return -ENOSYS;
}
#endif

long compat_getdents64(int fd, void *buf, unsigned int size)
{
	long n;

#if defined(__KLIBC__)
	n = getdents((unsigned int)fd, (struct dirent *)buf, size);
#elif defined(__dietlibc__)
	n = getdents64(fd, (struct dirent64 *)buf, size);
#elif defined(__GLIBC__)
	n = (long)getdents64(fd, buf, size);
#else   /* musl */
	n = (long)getdents(fd, (struct dirent *)buf, size);
#endif
	return n < 0 ? -errno : n;
}
