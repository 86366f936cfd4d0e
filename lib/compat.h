/* SPDX-License-Identifier: GPL-2.0-only */
/* The single home of libc differences (glibc, musl, klibc, dietlibc):
 * every other file includes this first and stays free of #ifdefs. */
#ifndef LIB_COMPAT_H
#define LIB_COMPAT_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
/* The *at() calls udev walks udev_root with (udev/node/walk.c): glibc, musl and
 * klibc declare them anyway; dietlibc only with this. */
#ifndef _ATFILE_SOURCE
#define _ATFILE_SOURCE 1
#endif

#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#ifndef __KLIBC__
#include <strings.h>        /* strcasecmp; klibc declares it in <string.h> */
#endif

#ifndef SOCK_CLOEXEC
#define SOCK_CLOEXEC O_CLOEXEC
#endif
#ifndef SOCK_NONBLOCK
#define SOCK_NONBLOCK O_NONBLOCK
#endif
#ifndef MSG_CMSG_CLOEXEC
#define MSG_CMSG_CLOEXEC 0x40000000
#endif
#ifndef SO_PASSCRED
#define SO_PASSCRED 16
#endif
#ifndef SO_SNDBUFFORCE
#define SO_SNDBUFFORCE 32
#endif
#ifndef SIOCOUTQ
#define SIOCOUTQ 0x5411     /* TIOCOUTQ: bytes a socket has sent and not freed */
#endif
#ifndef BLKSSZGET
#define BLKSSZGET _IO(0x12, 104)   /* a block device's logical sector size (linux/fs.h) */
#endif
#ifndef BLKGETSIZE64
#define BLKGETSIZE64 _IOR(0x12, 114, size_t)   /* a block device's size in bytes */
#endif
#ifndef SIOCGSKNS
#define SIOCGSKNS 0x894C    /* a socket's network namespace, as a descriptor (4.9) */
#endif

/* Nanoseconds of a struct stat's change and modification times. */
#ifdef __dietlibc__
#define COMPAT_MTIME_NSEC(st) ((long)(st)->st_mtime_nsec)
#define COMPAT_CTIME_NSEC(st) ((long)(st)->st_ctime_nsec)
#else
#define COMPAT_MTIME_NSEC(st) ((long)(st)->st_mtim.tv_nsec)
#define COMPAT_CTIME_NSEC(st) ((long)(st)->st_ctim.tv_nsec)
#endif

/* Milliseconds on a monotonic clock: compat_monotonic_ms(). klibc has no
 * clock_gettime(): there, times() counts USER_HZ (100 Hz) ticks since boot.
 * dietlibc's clock_gettime() looks for the vDSO, and where the kernel maps
 * none (booted with vdso=0, valgrind, qemu-user) reads the legacy vsyscall
 * page, which faults on today's kernels: compat.c reads times() there. */
#ifndef __KLIBC__
#include <time.h>
static inline unsigned long long compat_clock_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000ULL +
	       (unsigned long long)ts.tv_nsec / 1000000ULL;
}
#endif
#if defined(__KLIBC__) || defined(__dietlibc__)
#include <sys/times.h>
static inline unsigned long long compat_ticks_ms(void)
{
	struct tms t;

	return (unsigned long long)(unsigned long)times(&t) * 10ULL;
}
#endif
#ifdef __KLIBC__
static inline unsigned long long compat_monotonic_ms(void)
{
	return compat_ticks_ms();
}
#elif defined(__dietlibc__)
unsigned long long compat_monotonic_ms(void);
#else
static inline unsigned long long compat_monotonic_ms(void)
{
	return compat_clock_ms();
}
#endif

#if defined(__KLIBC__) || defined(__dietlibc__)
/* klibc's and dietlibc's strerror() hold every message (4 KiB in each
 * program); ours knows the common ones in glibc's words, "errno N" otherwise. */
char *compat_strerror(int err);
#undef strerror
#define strerror(err) compat_strerror(err)
#endif

/* klibc's strlen() goes a byte at a time, and it is the first of udevd's and
 * udev's costs per event (a fifth of their instructions: every environment
 * entry is measured several times); ours a word at a time. A constant's
 * length is still the compiler's. */
#ifdef __KLIBC__
size_t compat_strlen(const char *s);
#undef strlen
#define strlen(s) (__builtin_constant_p(s) ? __builtin_strlen(s) : compat_strlen(s))
#endif

/* A folder's entries read into the caller's buffer, without a DIR (klibc's
 * opendir() maps and unmaps 64 KiB for its buffer each time): the kernel's
 * records (linux_dirent64), which each libc's getdents64 (klibc's and
 * musl's getdents) returns as they are. Bytes read, 0 at the end, -errno. */
struct compat_dirent64 {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};
long compat_getdents64(int fd, void *buf, unsigned int size);

/* Every descriptor close-on-exec: klibc's opendir() does not set it, and
 * dietlibc's fopen() ignores the "e" mode flag. */
#ifdef __KLIBC__
#include <dirent.h>
DIR *compat_opendir(const char *path);
#define opendir(path) compat_opendir(path)
#endif
#ifdef __dietlibc__
#include <stdio.h>
FILE *compat_fopen(const char *path, const char *mode);
#define fopen(path, mode) compat_fopen(path, mode)
#endif

/* Number of online CPUs, at least 1 (klibc's sysconf() does not know it). */
long compat_ncpus(void);
/* The CPUs this process may run on (taskset, cpusets), at least 1; the
 * online ones when the affinity cannot be read. */
long compat_cpus_usable(void);

/* A non-blocking, close-on-exec inotify descriptor, or -1 (klibc has no
 * inotify_init1). */
int compat_inotify(void);

/* close_range(2) (Linux 5.9) for every descriptor from first to last: 0,
 * or -errno (-ENOSYS on older kernels, and on a libc and machine where no
 * raw system call is written here). */
int compat_close_range(unsigned int first, unsigned int last);

#endif
