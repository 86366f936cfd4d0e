// SPDX-License-Identifier: GPL-2.0-only
/* Fuzz harness: the input as a disk's contents -> vol_id's probes, then the
 * safe and encoded forms of what they found. The input is copied to each
 * place a superblock can be (0, 1 KiB, the first swap page's end, 4 KiB for
 * bcache and md 1.2, a ZFS label's configuration at 16 KiB, 32 KiB and the
 * next ISO or UDF descriptor, 64 KiB, UDF's anchor and the first ZFS
 * uberblocks at 128 KiB, md 1.0's and 0.90's places before the end) of a
 * sparse image of 64 MiB (the least blkid takes as a ZFS member). Whatever the disk holds, the label and UUID stay in their
 * buffers, and the names made of them are one path component without '/',
 * white space or control bytes. */
#include "compat.h"
#include "fuzz.h"
#include "enc.h"
#include "../../extras/volume.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#define DISK_SIZE (64 * 1024 * 1024)
static const unsigned int places[] = { 0, 1024, 4086, 4096, 16384, 32768, 34816, 65536, 131072,
				       DISK_SIZE - 65536, DISK_SIZE - 8192 };

static void check_name(const unsigned char *val, size_t size)
{
	char enc[256], safe[256];
	size_t i, n, dots = 0;

	FUZZ_ASSERT(memchr(val, '\0', size) != NULL);
	n = enc_encode(enc, sizeof(enc), val, strlen((const char *)val));
	FUZZ_ASSERT(n == strlen(enc) && n < sizeof(enc));
	for (i = 0; i < n; i++) {
		FUZZ_ASSERT(enc[i] != '/' && enc[i] != ' ' && (unsigned char)enc[i] >= 0x20 &&
			    enc[i] != 0x7f);
		dots += enc[i] == '.';
	}
	FUZZ_ASSERT(n == 0 || dots < n);
	n = enc_safe(safe, sizeof(safe), val, strlen((const char *)val));
	FUZZ_ASSERT(n == strlen(safe) && n < sizeof(safe));
	for (i = 0, dots = 0; i < n; i++) {
		FUZZ_ASSERT(safe[i] != '/' && safe[i] != '\\' && (unsigned char)safe[i] > 0x20 &&
			    safe[i] != 0x7f);
		dots += safe[i] == '.';
	}
	FUZZ_ASSERT(n == 0 || dots < n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file("disk.img", (const uint8_t *)"", 0);
	size_t len = size < 4096 ? size : 4096;
	struct volume v;
	unsigned int i;
	int fd = open(path, O_RDWR | O_CLOEXEC);

	FUZZ_ASSERT(fd >= 0 && ftruncate(fd, DISK_SIZE) == 0);
	for (i = 0; i < sizeof(places) / sizeof(places[0]); i++)
		FUZZ_ASSERT(pwrite(fd, data, len, places[i]) == (ssize_t)len);
	memset(&v, 0, sizeof(v));
	v.fd = fd;
	if (volume_probe(&v) == 0) {
		FUZZ_ASSERT(v.usage && v.type && memchr(v.version, '\0', sizeof(v.version)));
		check_name(v.label, sizeof(v.label));
		check_name(v.uuid, sizeof(v.uuid));
		check_name(v.uuid_sub, sizeof(v.uuid_sub));
	}
	check_name((const unsigned char *)"", 1);
	close(fd);
	return 0;
}
