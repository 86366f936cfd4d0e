// SPDX-License-Identifier: GPL-2.0-only
/* The floor: a static helper with no libc at all, whose only work is the
 * exit_group system call, so what it costs is the kernel's own spawning:
 * fork, exec, exit. noop.c is the same no-op with the build's libc start-up.
 * On an architecture not listed here NOOP_NOLIBC_NO_STUB is defined and the
 * Makefile skips this helper (with a message) instead of failing the build. */

void _start(void);

void _start(void)
{
#if defined(__x86_64__)
	__asm__ volatile("mov $231, %eax\n\txor %edi, %edi\n\tsyscall");
#elif defined(__i386__)
	__asm__ volatile("mov $252, %eax\n\txor %ebx, %ebx\n\tint $0x80");
#elif defined(__aarch64__)
	__asm__ volatile("mov x8, #94\n\tmov x0, #0\n\tsvc #0");
#elif defined(__arm__)
	__asm__ volatile("mov r7, #248\n\tmov r0, #0\n\tsvc #0");
#elif defined(__riscv) && __riscv_xlen == 64
	__asm__ volatile("li a7, 94\n\tli a0, 0\n\tecall");
#else
#define NOOP_NOLIBC_NO_STUB 1
#endif
	for (;;)
		;
}
