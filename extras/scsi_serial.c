// SPDX-License-Identifier: GPL-2.0-only
/* scsi_id's questions to the device: INQUIRY through SG_IO, the standard
 * answer and the VPD pages 0x00 (the pages there are), 0x80 (unit serial
 * number) and 0x83 (device identification), read as udev 117 read them
 * (scsi_serial.h), with every length the device gives checked against what
 * was read. */
#include "compat.h"
#include "log.h"
#include "str.h"
#include "sysfs.h"
#include "scsi_serial.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#define SG_IO 0x2285                /* <scsi/sg.h>, which klibc lacks */
#define SG_DXFER_FROM_DEV (-3)
#define INQ_LEN SCSI_INQ_LEN
#define VENDOR_LEN 8
#define MODEL_LEN 16

/* The kernel's struct sg_io_hdr (<scsi/sg.h>, interface 'S'). */
struct sg_io {
	int interface_id, dxfer_direction;
	unsigned char cmd_len, mx_sb_len;
	unsigned short iovec_count;
	unsigned int dxfer_len;
	void *dxferp;
	unsigned char *cmdp;
	void *sbp;
	unsigned int timeout, flags;
	int pack_id;
	void *usr_ptr;
	unsigned char status, masked_status, msg_status, sb_len_wr;
	unsigned short host_status, driver_status;
	int resid;
	unsigned int duration, info;
};

/* 117's order of preference among page 0x83's descriptors: kind (3 NAA,
 * 2 EUI-64, 1 T10 vendor, 0 vendor specific), NAA type (-1 any), code set
 * (1 binary, 2 ASCII). */
static const struct { signed char kind, naa, code; } prefer[] = {
	{ 3, 6, 1 }, { 3, 6, 2 }, { 3, 5, 1 }, { 3, 5, 2 }, { 3, -1, 1 }, { 3, -1, 2 },
	{ 2, -1, 1 }, { 2, -1, 2 }, { 1, -1, 1 }, { 1, -1, 2 }, { 0, -1, 1 }, { 0, -1, 2 },
};

static const char hex[] = "0123456789abcdef";

/* Whether the answer is good: no error, a recovered one, or an illegal
 * request (an unsupported page: its page byte is zeroed, so it reads as
 * another page's). */
static int sg_good(const struct sg_io *io, const unsigned char *sense, unsigned char *buf)
{
	int status = io->status & 0x7e, key;

	if (!status && !io->msg_status && !io->host_status && !io->driver_status)
		return 1;
	if (status != 0x02 && status != 0x22 && (io->driver_status & 0xf) != 0x08)
		return 0;
	if (io->sb_len_wr <= 2)
		return 0;
	key = sense[0] & 0x2 ? sense[1] & 0xf : sense[2] & 0xf;
	if (key == 0x5)
		buf[1] = 0;
	return key == 0x1 || key == 0x5;
}

/* INQUIRY (evpd, page) into buf[INQ_LEN]; 0, or -1. */
static int scsi_inquiry(int fd, int evpd, int page, unsigned char *buf)
{
	unsigned char cmd[6] = { 0x12, (unsigned char)evpd, (unsigned char)page, 0, INQ_LEN, 0 };
	unsigned char sense[32];
	struct sg_io io;

	memset(buf, 0, INQ_LEN);
	memset(sense, 0, sizeof(sense));
	memset(&io, 0, sizeof(io));
	io.interface_id = 'S';
	io.cmd_len = sizeof(cmd);
	io.mx_sb_len = sizeof(sense);
	io.dxfer_direction = SG_DXFER_FROM_DEV;
	io.dxfer_len = INQ_LEN;
	io.dxferp = buf;
	io.cmdp = cmd;
	io.sbp = sense;
	io.timeout = 5000;
	if (ioctl(fd, SG_IO, &io) < 0) {
		log_info("scsi_id: SG_IO INQUIRY failed: %s", strerror(errno));
		return -1;
	}
	if (!sg_good(&io, sense, buf)) {
		log_info("scsi_id: INQUIRY vpd %d page %d failed: status %u host %u driver %u",
			 evpd, page, io.status, io.host_status, io.driver_status);
		return -1;
	}
	return 0;
}

/* The device's answer to INQUIRY (evpd, page) into buf[INQ_LEN]: 0 or -1. */
static int ask(const struct scsi_dev *dev, int evpd, int page, unsigned char *buf)
{
	memset(buf, 0, INQ_LEN);
	return dev->ask(dev->ctx, evpd, page, buf);
}

int scsi_std_inquiry(const char *node, char *vendor, char *model, char *rev, int *type)
{
	unsigned char buf[INQ_LEN];
	int fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC), rc;

	if (fd < 0) {
		log_info("scsi_id: cannot open %s: %s", node, strerror(errno));
		return 1;
	}
	rc = scsi_inquiry(fd, 0, 0, buf);
	close(fd);
	if (rc < 0)
		return 1;
	memcpy(vendor, buf + 8, VENDOR_LEN);
	vendor[VENDOR_LEN] = '\0';
	memcpy(model, buf + 16, MODEL_LEN);
	model[MODEL_LEN] = '\0';
	memcpy(rev, buf + 32, 4);
	rev[4] = '\0';
	*type = buf[0] & 0x1f;
	return 0;
}

/* The vendor and model attributes as they are (8 and 16 bytes, blanks
 * kept) at to; how many bytes were written. 117 wrote the id after them
 * only when there were 24, else from the first byte (its check could not
 * fail): so here. */
static size_t vendor_model(const char *devpath, char *to)
{
	char v[64], m[64];

	to[0] = '\0';
	if (sysfs_attr_read_raw(devpath, "vendor", v, sizeof(v)) < 0 ||
	    sysfs_attr_read_raw(devpath, "model", m, sizeof(m)) < 0)
		return 0;
	v[strnlen(v, VENDOR_LEN)] = '\0';
	m[strnlen(m, MODEL_LEN)] = '\0';
	if (strlen(v) + strlen(m) != VENDOR_LEN + MODEL_LEN)
		return 0;
	memcpy(to, v, VENDOR_LEN);
	memcpy(to + VENDOR_LEN, m, MODEL_LEN + 1);
	return VENDOR_LEN + MODEL_LEN;
}

/* n bytes of id at to, as they are (ASCII, to their first NUL) or two hex
 * digits each (binary); to has room for 2 n + 1. */
static void put_id(char *to, const unsigned char *id, size_t n, int ascii)
{
	size_t i, j = 0;

	for (i = 0; i < n; i++) {
		if (ascii) {
			to[j++] = (char)id[i];
		} else {
			to[j++] = hex[id[i] >> 4];
			to[j++] = hex[id[i] & 0xf];
		}
	}
	to[j] = '\0';
}

/* One descriptor d (its length checked by the caller) if it is of the kind
 * wanted: 0 and the id in s, or 1. */
static int fill_0x83(const char *devpath, const unsigned char *d, int want, struct scsi_serial *s)
{
	size_t len = d[3], need = (d[0] & 0x0f) == 2 ? len : 2 * len, at = 1;

	/* (an NAA id's type is its first byte: an empty id has none, and its
	 * d[4] may lie past the page) */
	if ((d[1] & 0x30) != 0 || (d[1] & 0x0f) != prefer[want].kind ||
	    (prefer[want].naa >= 0 && (len == 0 || prefer[want].naa != d[4] >> 4)) ||
	    (d[0] & 0x0f) != prefer[want].code)
		return 1;
	if (need + 2 + (prefer[want].kind == 0 ? VENDOR_LEN + MODEL_LEN : 0) > SCSI_SERIAL_MAX)
		return 1;
	memset(s->serial, 0, sizeof(s->serial));
	s->serial[0] = hex[prefer[want].kind];
	if (prefer[want].kind == 0)
		at += vendor_model(devpath, s->serial + 1);
	put_id(s->serial + at, d + 4, len, prefer[want].code == 2);
	str_copy(s->serial_short, s->serial + at, sizeof(s->serial_short));
	return 0;
}

/* A SCSI-2 page 0x83 (old EMC Symmetrix): the bytes after the header are
 * the id, binary, kind 3. */
static void fill_0x83_pre_spc3(const unsigned char *p, struct scsi_serial *s)
{
	size_t len = p[3];

	if (len > INQ_LEN - 4)
		len = INQ_LEN - 4;
	if (2 * len + 2 > SCSI_SERIAL_MAX)
		len = (SCSI_SERIAL_MAX - 2) / 2;
	s->serial[0] = '3';
	put_id(s->serial + 1, p + 4, len, 0);
	str_copy(s->serial_short, s->serial, sizeof(s->serial_short));
}

/* Page 0x83: the descriptor 117 preferred, or (its 7th byte not zero) the
 * SCSI-2 form; pre_spc3 asks for that form (2 when it is not). 0 or 1. */
static int page_83(const struct scsi_dev *dev, int pre_spc3, struct scsi_serial *s)
{
	unsigned char p[INQ_LEN];
	size_t end, j;
	unsigned int want;

	if (ask(dev, 1, 0x83, p) < 0 || p[1] != 0x83)
		return 1;
	if (p[6] != 0) {
		fill_0x83_pre_spc3(p, s);
		return 0;
	}
	if (pre_spc3)
		return 2;
	end = 4 + (size_t)p[3] < INQ_LEN ? 4 + (size_t)p[3] : INQ_LEN;
	for (want = 0; want < sizeof(prefer) / sizeof(prefer[0]); want++)
		for (j = 4; j + 4 <= end && j + 4 + p[j + 3] <= end; j += 4 + (size_t)p[j + 3])
			if (fill_0x83(dev->devpath, p + j, (int)want, s) == 0)
				return 0;
	return 1;
}

/* Page 0x80: 'S', vendor and model, the serial number. 0 or 1. 117 wrote
 * the serial number one byte early, over the model's last byte (a model of
 * 16 characters lost its last one: "SATA_WDC_WD800JD-75M_WD-..."), or at
 * byte 1 when sysfs had no vendor and model: so here, since its by-id
 * names and multipath's bindings are made of it. */
static int page_80(const struct scsi_dev *dev, struct scsi_serial *s)
{
	unsigned char p[INQ_LEN];
	size_t len, at;

	if (ask(dev, 1, 0x80, p) < 0 || p[1] != 0x80)
		return 1;
	len = p[3];
	if (1 + VENDOR_LEN + MODEL_LEN + len > SCSI_SERIAL_MAX || 4 + len > INQ_LEN)
		return 1;
	memset(s->serial, 0, sizeof(s->serial));
	s->serial[0] = 'S';
	at = vendor_model(dev->devpath, s->serial + 1);
	if (!at)
		at = 1;
	memcpy(s->serial + at, p + 4, len);
	s->serial[at + len] = '\0';
	memcpy(s->serial_short, p + 4, len);
	s->serial_short[len] = '\0';
	return 0;
}

/* Page 0 into p: 0, or 1 when the device has none or answers it with its
 * standard INQUIRY data (its vendor where the list would be). */
static int page_0(const struct scsi_dev *dev, unsigned char *p)
{
	char vendor[64];

	if (ask(dev, 1, 0, p) < 0 || p[1] != 0)
		return 1;
	if (p[3] > MODEL_LEN) {
		if (sysfs_attr_read_raw(dev->devpath, "vendor", vendor, sizeof(vendor)) < 0)
			return 1;
		if (strncmp((const char *)p + VENDOR_LEN, vendor, VENDOR_LEN) == 0) {
			log_info("scsi_id: %s: invalid page0 data", dev->devpath);
			return 1;
		}
	}
	return 0;
}

/* Page 0's list holds page. */
static int has_page(const unsigned char *p0, int page)
{
	size_t i, end = 4 + (size_t)p0[3] < INQ_LEN ? 4 + (size_t)p0[3] : INQ_LEN;

	for (i = 4; i < end; i++)
		if (p0[i] == page)
			return 1;
	return 0;
}

int scsi_serial_of(const struct scsi_dev *dev, int page, struct scsi_serial *s)
{
	unsigned char p0[INQ_LEN];
	int rc;

	memset(s, 0, sizeof(*s));
	switch (page) {
	case SCSI_PAGE_80:
		return page_80(dev, s);
	case SCSI_PAGE_83:
		return page_83(dev, 0, s);
	case SCSI_PAGE_83_PRE_SPC3:
		rc = page_83(dev, 1, s);
		return rc == 2 ? page_83(dev, 0, s) : rc;
	default:
		break;
	}
	if (page_0(dev, p0))
		return 1;
	if (has_page(p0, 0x83) && page_83(dev, 0, s) == 0)
		return 0;
	if (has_page(p0, 0x80) && page_80(dev, s) == 0)
		return 0;
	return 1;
}

static int sg_ask(void *fd, int evpd, int page, unsigned char *buf)
{
	return scsi_inquiry(*(int *)fd, evpd, page, buf);
}

int scsi_get_serial(const char *devpath, const char *node, int page, struct scsi_serial *s)
{
	struct scsi_dev dev;
	int fd, rc;

	memset(s, 0, sizeof(*s));
	if ((fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
		log_info("scsi_id: cannot open %s: %s", node, strerror(errno));
		return 1;
	}
	dev.devpath = devpath;
	dev.ask = sg_ask;
	dev.ctx = &fd;
	rc = scsi_serial_of(&dev, page, s);
	close(fd);
	return rc;
}
