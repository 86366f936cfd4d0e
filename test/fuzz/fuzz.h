/* SPDX-License-Identifier: GPL-2.0-only */
/* Shared by the fuzz harnesses: the libFuzzer entry point, a private
 * temporary directory, and a check that aborts so that a fuzzer sees it. */
#ifndef TEST_FUZZ_H
#define TEST_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A directory of this process, removed at exit; created on first use. */
const char *fuzz_dir(void);
/* Writes data to fuzz_dir()/name (replacing it); returns the path. */
const char *fuzz_file(const char *name, const uint8_t *data, size_t size);
/* Creates fuzz_dir()/sub and returns its path. */
const char *fuzz_subdir(const char *sub);
/* Aborts with a message when cond is false: a property the code promises. */
#define FUZZ_ASSERT(cond) \
	do { if (!(cond)) fuzz_fail(#cond, __FILE__, __LINE__); } while (0)
void fuzz_fail(const char *what, const char *file, int line) __attribute__((noreturn));

#endif
