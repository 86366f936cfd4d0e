/* SPDX-License-Identifier: GPL-2.0-only */
/* path_id's walk (path_id.c), shared with its storage-network steps
 * (path_id_san.c: zfcp/DASD, Fibre Channel, SAS, FireWire, iSCSI). */
#ifndef EXTRAS_PATH_ID_H
#define EXTRAS_PATH_ID_H

#include "sysfs.h"

struct path_walk {
	const char *devpath;       /* as given */
	char start[SYSFS_PATH_MAX];  /* the device's real path in sysfs */
	char D[SYSFS_PATH_MAX];    /* where the walk is: start, then up */
	char d[1024];              /* ID_PATH so far, the nearest address first */
};

const char *path_base(const char *s);
void path_up(char *s);
void path_prepend(struct path_walk *w, const char *what);

/* One step each, as path_id's script had them: 0, or -1 when the
 * address cannot be named (the walk ends, path_id exits 1). */
int path_ccw(struct path_walk *w);
int path_fc(struct path_walk *w);
int path_sas(struct path_walk *w);
int path_firewire(struct path_walk *w);
int path_iscsi(struct path_walk *w);

#endif
