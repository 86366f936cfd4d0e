// SPDX-License-Identifier: GPL-2.0-only
/* path_id's steps for storage networks and s390 (path_id_san.h): the address
 * is the remote port's or the session's, read from sysfs, and ends the
 * chain (no PCI address before it), as udev 100's script named them. */
#include "compat.h"
#include "fmt.h"
#include "path_id_san.h"
#include "str.h"
#include "sysfs.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static int attr(const char *devpath, const char *name, char *buf, size_t size)
{
	return sysfs_attr_read(devpath, name, buf, size) > 0 ? 0 : -1;
}

/* s cut before the last "/" + prefix (the shell's ${s%/prefix*}). */
static void cut_last(char *s, const char *prefix)
{
	char pat[32], *p, *r = NULL;

	fmt_s(pat, sizeof(pat), "/%s", prefix);
	for (p = strstr(s, pat); p; p = strstr(p + 1, pat))
		r = p;
	if (r)
		*r = '\0';
}

/* s cut before the first "/" + prefix (${s%%/prefix*}). */
static void cut_first(char *s, const char *prefix)
{
	char pat[32], *p;

	fmt_s(pat, sizeof(pat), "/%s", prefix);
	if ((p = strstr(s, pat)))
		*p = '\0';
}

/* s390: a zfcp LUN (adapter, WWPN, LUN) or a DASD (its ccw bus id). */
int path_ccw(struct path_walk *w)
{
	char wwpn[64], lun[64], hba[64];

	if (attr(w->start, "wwpn", wwpn, sizeof(wwpn)) == 0 &&
	    attr(w->start, "fcp_lun", lun, sizeof(lun)) == 0 &&
	    attr(w->start, "hba_id", hba, sizeof(hba)) == 0)
		fmt_s(w->d, sizeof(w->d), "ccw-%s-zfcp-%s:%s", hba, wwpn, lun);
	else
		fmt_s(w->d, sizeof(w->d), "ccw-%s", path_base(w->D));
	w->D[0] = '\0';
	return 0;
}

/* 16 hex digits of a 32-bit LUN as FCP writes it (two 16-bit levels). */
static void fc_lun(char *out, size_t size, unsigned long lun)
{
	static const char hex[] = "0123456789abcdef";
	unsigned int i, v[2] = { (unsigned int)(lun & 0xffff), (unsigned int)((lun >> 16) & 0xffff) };
	char *p = out;

	if (size < 19)
		return;
	*p++ = '0';
	*p++ = 'x';
	for (i = 0; i < 16; i++)
		*p++ = i < 8 ? hex[(v[i / 4] >> (12 - 4 * (i % 4))) & 15] : '0';
	*p = '\0';
}

/* Fibre Channel: .../hostN/rport-H:B-R/targetH:B:T/H:B:T:L, named by the
 * target port's WWPN and the LUN. */
int path_fc(struct path_walk *w)
{
	char tgt[SYSFS_PATH_MAX], dev[SYSFS_PATH_MAX + 64], wwpn[64], lun[24];
	unsigned long l = strtoul(strrchr(w->D, ':') + 1, NULL, 10);

	str_copy(tgt, w->D, sizeof(tgt));
	path_up(tgt);
	fmt_s(dev, sizeof(dev), "%s/fc_transport:%s", tgt, path_base(tgt));
	if (attr(dev, "port_name", wwpn, sizeof(wwpn)) < 0) {
		w->D[0] = '\0';
		return -1;
	}
	fc_lun(lun, sizeof(lun), l);
	fmt_s(w->d, sizeof(w->d), "fc-%s:%s", wwpn, l ? lun : "0x0000000000000000");
	cut_last(tgt, "host");
	str_copy(w->D, tgt, sizeof(w->D));
	return 0;
}

/* SAS: .../hostN/phy-H:P/rphy.../targetH:B:T/H:B:T:L, named by the
 * initiator phy's and the remote phy's SAS addresses and numbers. */
int path_sas(struct path_walk *w)
{
	char p[SYSFS_PATH_MAX], phy[96], rphy[96], dev[SYSFS_PATH_MAX];
	char addr[64], port[32], id[32], raddr[64], rid[32];
	const char *h = strstr(w->D, "/host");

	str_copy(p, h && strchr(h + 1, '/') ? strchr(h + 1, '/') + 1 : w->D, sizeof(p));
	cut_first(p, "target");
	str_copy(rphy, path_base(p), sizeof(rphy));
	p[strcspn(p, "/")] = '\0';
	str_copy(phy, p, sizeof(phy));
	fmt_s(dev, sizeof(dev), "/class/sas_phy/%s", phy);
	if (attr(dev, "sas_address", addr, sizeof(addr)) < 0 ||
	    attr(dev, "port_identifier", port, sizeof(port)) < 0 ||
	    attr(dev, "phy_identifier", id, sizeof(id)) < 0)
		return w->D[0] = '\0', -1;
	fmt_s(dev, sizeof(dev), "/class/sas_device/%s", rphy);
	if (attr(dev, "sas_address", raddr, sizeof(raddr)) < 0 ||
	    attr(dev, "phy_identifier", rid, sizeof(rid)) < 0)
		return w->D[0] = '\0', -1;
	fmt_s(w->d, sizeof(w->d), "sas-%s:%s:%s-%s:%s", addr, port, id, raddr, rid);
	cut_first(w->D, "phy");
	cut_last(w->D, "host");
	return 0;
}

/* FireWire (sbp2): the unit's EUI-64, ieee1394_id. */
int path_firewire(struct path_walk *w)
{
	char id[64];

	if (attr(w->D, "ieee1394_id", id, sizeof(id)) < 0)
		return w->D[0] = '\0', -1;   /* the script looped here for ever */
	fmt_s(w->d, sizeof(w->d), "ieee1394-0x%s", id);
	cut_last(w->D, "fw-host");
	return 0;
}

/* The iSCSI connection of session dir whose number is 0; -1 when none. */
static int iscsi_conn0(const char *dir, char *name, size_t size)
{
	char p[SYSFS_PATH_MAX * 2];
	struct dirent *e;
	DIR *d;
	int rc = -1;

	if (sysfs_path(p, sizeof(p), dir, NULL) < 0 || !(d = opendir(p)))
		return -1;
	while ((e = readdir(d)))
		if (strncmp(e->d_name, "connection", 10) == 0 && strrchr(e->d_name, ':') &&
		    strcmp(strrchr(e->d_name, ':') + 1, "0") == 0) {
			str_copy(name, e->d_name, size);
			rc = 0;
		}
	closedir(d);
	return rc;
}

/* iSCSI: the target's address, port and name, from its session and its
 * first connection. */
int path_iscsi(struct path_walk *w)
{
	char s[SYSFS_PATH_MAX], conn[96], cls[SYSFS_PATH_MAX], ccls[SYSFS_PATH_MAX];
	char name[256], addr[96], port[32];

	str_copy(s, w->D, sizeof(s));
	cut_first(s, "target");
	w->D[0] = '\0';
	fmt_s(cls, sizeof(cls), "/class/iscsi_session/%s", path_base(s));
	if (!sysfs_exists(cls, NULL) || iscsi_conn0(s, conn, sizeof(conn)) < 0)
		return -1;
	fmt_s(ccls, sizeof(ccls), "/class/iscsi_connection/%s", conn);
	if (!sysfs_exists(ccls, NULL) || attr(cls, "targetname", name, sizeof(name)) < 0 ||
	    attr(ccls, "persistent_address", addr, sizeof(addr)) < 0)
		return -1;
	if (attr(ccls, "persistent_port", port, sizeof(port)) < 0)
		port[0] = '\0';
	fmt_s(w->d, sizeof(w->d), "ip-%s:%s-iscsi-%s", addr, port, name);
	return 0;
}
