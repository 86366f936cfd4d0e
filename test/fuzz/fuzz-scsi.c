// SPDX-License-Identifier: GPL-2.0-only
/* Fuzz harness: the input as a SCSI device's answers -> scsi_id's reading
 * of its VPD pages 0, 0x80 and 0x83 (extras/scsi_serial.c). Input: one byte
 * choosing the page asked for (-p: none, 0x80, 0x83, pre-spc3-83), then
 * the three answers in turn, each a length byte (255: no answer) and that
 * many bytes. Whatever the device says, the id and its short form stay in
 * their buffers, NUL-terminated. */
#include "compat.h"
#include "fuzz.h"
#include "sysfs.h"
#include "../../extras/scsi_serial.h"

#include <string.h>

struct answers {
	const uint8_t *page[3];   /* 0, 0x80, 0x83; NULL: no answer */
	size_t len[3];
};

static int fuzz_ask(void *ctx, int evpd, int page, unsigned char *buf)
{
	const struct answers *a = ctx;
	int i = page == 0x80 ? 1 : page == 0x83 ? 2 : 0;

	if (!evpd || !a->page[i])
		return -1;
	memcpy(buf, a->page[i], a->len[i] < SCSI_INQ_LEN ? a->len[i] : SCSI_INQ_LEN);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int pages[] = { SCSI_PAGE_ANY, SCSI_PAGE_80, SCSI_PAGE_83,
				     SCSI_PAGE_83_PRE_SPC3 };
	static int ready;
	struct answers a;
	struct scsi_dev dev;
	struct scsi_serial s;
	size_t at = 1;
	int i;

	if (!ready) {
		/* a SCSI device with vendor and model, for the ids that name them */
		fuzz_subdir("sdev");
		fuzz_file("sdev/vendor", (const uint8_t *)"ATA     \n", 9);
		fuzz_file("sdev/model", (const uint8_t *)"WDC WD800JD-75MS\n", 17);
		sysfs_root_set(fuzz_dir());
		ready = 1;
	}
	if (size < 1)
		return 0;
	memset(&a, 0, sizeof(a));
	for (i = 0; i < 3 && at < size; i++) {
		size_t len = data[at++];

		if (len == 255)
			continue;
		if (len > size - at)
			len = size - at;
		a.page[i] = data + at;
		a.len[i] = len;
		at += len;
	}
	dev.devpath = "/sdev";
	dev.ask = fuzz_ask;
	dev.ctx = &a;
	scsi_serial_of(&dev, pages[data[0] & 3], &s);
	FUZZ_ASSERT(memchr(s.serial, '\0', sizeof(s.serial)) != NULL);
	FUZZ_ASSERT(memchr(s.serial_short, '\0', sizeof(s.serial_short)) != NULL);
	return 0;
}
