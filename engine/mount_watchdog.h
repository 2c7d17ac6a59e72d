/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The stall watchdog of a mount with an op timeout (see struct
 * cephfs_mount in mount.h).
 */
#ifndef FIO_CEPHFS_MOUNT_WATCHDOG_H
#define FIO_CEPHFS_MOUNT_WATCHDOG_H

struct cephfs_mount;

/* Once mounted; 0 or -errno. */
int cephfs_watchdog_start(struct cephfs_mount *m);
/* Once unmounted; nothing when the mount has no op timeout. */
void cephfs_watchdog_stop(struct cephfs_mount *m);

/*
 * @text (a copy; NULL: none) goes to stderr after the watchdog's own line
 * when the watchdog ends the process: what the process leaves behind and
 * how to remove it, which its ending skips.
 */
void cephfs_watchdog_last_words(const char *text);

#endif
