/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cephfs_dir_pin: which MDS rank serves the directory a job makes, set
 * with CephFS's export pin extended attributes (ceph.dir.pin,
 * ceph.dir.pin.distributed, ceph.dir.pin.random).  Pins are inherited, so
 * everything made below the directory follows it.
 */
#ifndef FIO_CEPHFS_DIRPIN_H
#define FIO_CEPHFS_DIRPIN_H

#include <stdbool.h>
#include <stddef.h>

struct ceph_mount_info;

/* The MDS refuses ceph.dir.pin at or above its MAX_MDS with EDOM. */
#define CEPHFS_DIR_PIN_MAX_RANK	255

enum cephfs_dir_pin_kind {
	CEPHFS_DIR_PIN_NONE = 0,
	CEPHFS_DIR_PIN_RANK,		/* ceph.dir.pin = rank */
	CEPHFS_DIR_PIN_DISTRIBUTED,	/* ceph.dir.pin.distributed = 1 */
	CEPHFS_DIR_PIN_RANDOM,		/* ceph.dir.pin.random = fraction */
};

struct cephfs_dir_pin {
	enum cephfs_dir_pin_kind kind;
	int rank;
	double fraction;
	const char *text;		/* the option's value, for messages */
};

/*
 * Read cephfs_dir_pin's value @text (NULL or empty: no pin): "N" (0 to
 * CEPHFS_DIR_PIN_MAX_RANK), "distributed" or "random:P" (0 < P <= 1).
 * Returns false with the one-line reason in @why for anything else.
 */
bool cephfs_dir_pin_parse(const char *text, struct cephfs_dir_pin *pin,
			  char *why, size_t why_len);

/*
 * Pin @dir, a directory just made and still empty.  A rank pin first
 * checks that the mounted filesystem, @fs (NULL: the one the client's
 * configuration picks), has that rank: the MDS itself takes a pin to any
 * rank below MAX_MDS and leaves the directory where it is.  The MDS moves
 * the directory at its next tick (mds_tick_interval) once it holds an
 * entry, not at once: the first files go to the parent's rank.  Returns 0,
 * or -errno with the one-line reason in @why.
 */
int cephfs_dir_pin_apply(struct ceph_mount_info *cmount, const char *fs,
			 const char *dir, const struct cephfs_dir_pin *pin,
			 char *why, size_t why_len);

#endif
