/* SPDX-License-Identifier: GPL-2.0-only */
/* path_id's storage-network steps (zfcp/DASD, Fibre Channel, SAS,
 * FireWire, iSCSI), and the walk they take part in (path_id.c). */
#ifndef EXTRAS_PATH_ID_SAN_H
#define EXTRAS_PATH_ID_SAN_H

#include "sysfs.h"

#include <string.h>

struct path_walk {
	const char *devpath;       /* as given */
	char start[SYSFS_PATH_MAX];  /* the device's real path in sysfs */
	char D[SYSFS_PATH_MAX];    /* where the walk is: start, then up */
	char d[1024];              /* ID_PATH so far, the nearest address first */
};

/* The last component of a path. */
static inline const char *path_base(const char *s)
{
	return strrchr(s, '/') ? strrchr(s, '/') + 1 : s;
}

/* s cut at its last '/' (dirname for these paths). */
static inline void path_up(char *s)
{
	char *p = strrchr(s, '/');

	if (p)
		*p = '\0';
}

/* One step each, as path_id's script had them: 0, or -1 when the
 * address cannot be named (the walk ends, path_id exits 1). */
int path_ccw(struct path_walk *w);
int path_fc(struct path_walk *w);
int path_sas(struct path_walk *w);
int path_firewire(struct path_walk *w);
int path_iscsi(struct path_walk *w);

#endif
