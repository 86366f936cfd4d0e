/* SPDX-License-Identifier: GPL-2.0-only */
/* scsi_id's two halves: the program (scsi_id.c: options, the config file,
 * the keys) and the questions it asks the device (scsi_serial.c: SG_IO
 * INQUIRY, the VPD pages 0x80 and 0x83). */
#ifndef EXTRAS_SCSI_SERIAL_H
#define EXTRAS_SCSI_SERIAL_H

#define SCSI_SERIAL_MAX 256   /* a serial with its prefix, and its NUL */

/* The page asked for: -p 0x80, -p 0x83, -p pre-spc3-83, or none (page 0
 * says which the device has: 0x83 first, then 0x80). */
enum scsi_page {
	SCSI_PAGE_ANY = 0x00,
	SCSI_PAGE_80 = 0x80,
	SCSI_PAGE_83 = 0x83,
	SCSI_PAGE_83_PRE_SPC3 = -0x83,
};

/* The device's identity as udev 117's scsi_id built it: serial is the id
 * with its one-character kind prefix ('S' page 0x80, '0'..'3' the kind of
 * a page 0x83 descriptor) and, for a page 0x80 id or a vendor-specific
 * one, the vendor and model as sysfs has them; serial_short the id alone. */
struct scsi_serial {
	char serial[SCSI_SERIAL_MAX];
	char serial_short[SCSI_SERIAL_MAX];
};

#define SCSI_INQ_LEN 254      /* an answer: what 117 asked for (its length is one byte) */

/* A device to ask: ask(ctx, evpd, page, buf) puts the answer to INQUIRY in
 * buf[SCSI_INQ_LEN] (zeroed before), 0, or -1 when there is none; devpath
 * its SCSI device in sysfs (vendor, model). */
struct scsi_dev {
	const char *devpath;
	int (*ask)(void *ctx, int evpd, int page, unsigned char *buf);
	void *ctx;
};

/* Standard INQUIRY: vendor[9], model[17], rev[5] as the device gives them,
 * NUL-terminated, and the peripheral device type; 0, or 1 (no answer). */
int scsi_std_inquiry(const char *node, char *vendor, char *model, char *rev, int *type);
/* The id of the device at node; devpath is its SCSI device in sysfs (its
 * vendor and model attributes). 0, or 1 (none). */
int scsi_get_serial(const char *devpath, const char *node, int page, struct scsi_serial *s);
/* The same from the answers dev gives (scsi_get_serial's SG_IO, a fuzzer's). */
int scsi_serial_of(const struct scsi_dev *dev, int page, struct scsi_serial *s);

#endif
