/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The client settings a job gives libcephfs with ceph_conf_set, one row
 * each.  Everything that names, checks, passes on or applies one of them
 * is made from its row: the engine's fio option (cephfs_FIELD), its range
 * check and its ceph_conf_set calls; cephfs-tool's option (--TOOL_NAME),
 * its line in --help, its line of the job file and its ceph-fuse
 * arguments; t/docs-options.t checks the docs' option lists against them.
 * A new setting is a new row (and a test that the client has it).
 *
 * X(field, tool_name, kind, key, key2, min, max, tool_max, keep, def, help)
 *   field      member of the engine's, the mount's and the tool's structs
 *   tool_name  cephfs-tool's option, without "--"
 *   kind       SWITCH (0 or 1), COUNT, SECONDS, or SIZE (bytes, with
 *              K/M/G suffixes): how each program reads and stores it
 *   key, key2  the Ceph options it sets, both to the value (key2: NULL)
 *   min, max   the values the engine takes, keep among them; max is
 *              what the Ceph option and the engine's arithmetic hold
 *   tool_max   the largest value cephfs-tool takes (not for SIZE)
 *   keep       the value that leaves Ceph's configured one
 *   def        the value when the option is not given (a plain number)
 *   help       one line, for fio --enghelp and cephfs-tool --help
 * t/docs-options.t reads the rows as text: no comma before the help.
 */
#ifndef FIO_CEPHFS_SETTINGS_H
#define FIO_CEPHFS_SETTINGS_H

#include <limits.h>
#include <stdint.h>

/*
 * Timeouts: the stall watchdog waits twice op_timeout, in an unsigned
 * int; cephfs-tool takes at most a day, against typos.  Sizes: Ceph reads
 * its size options as a long long.
 */
#define CEPHFS_SETTINGS(X)						\
	X(client_oc, "client-oc", SWITCH, "client_oc", NULL,		\
	  -1, 1, 1, -1, -1,						\
	  "Override client_oc (the object cache): 0 or 1")	\
	X(client_oc_size, "client-oc-size", SIZE, "client_oc_size", NULL, \
	  0, LLONG_MAX, 0, 0, 0,					\
	  "Override client_oc_size (bytes, K/M/G suffixes)")		\
	X(msgr_workers, "msgr-workers", COUNT, "ms_async_op_threads", NULL, \
	  0, 24, 24, 0, 0,						\
	  "Override ms_async_op_threads (messenger workers): 1 to 24") \
	X(client_readahead_max_bytes, "client-readahead-max-bytes", SIZE, \
	  "client_readahead_max_bytes", NULL, 0, LLONG_MAX, 0, 0, 0,	\
	  "Override client_readahead_max_bytes, the most a read reads ahead (bytes, K/M/G suffixes)") \
	X(mount_timeout, "mount-timeout", SECONDS, "client_mount_timeout", \
	  "client_shutdown_timeout", 0, INT_MAX, 86400, 0, 30,		\
	  "Seconds to wait for the cluster when mounting and for the MDS to close the session (client_mount_timeout, client_shutdown_timeout)") \
	X(op_timeout, "op-timeout", SECONDS, "rados_osd_op_timeout",	\
	  "rados_mon_op_timeout", 0, INT_MAX, 86400, 0, 120,		\
	  "Seconds before an OSD or monitor op fails (rados_osd_op_timeout, rados_mon_op_timeout); the stall watchdog ends fio when no call returns for twice this")

/* How cephfs-tool stores each kind; the engine stores every one whole,
 * in a long long (see struct cephfs_options). */
#define CEPHFS_SETTING_TOOL_TYPE_SWITCH int
#define CEPHFS_SETTING_TOOL_TYPE_COUNT unsigned int
#define CEPHFS_SETTING_TOOL_TYPE_SECONDS unsigned int
#define CEPHFS_SETTING_TOOL_TYPE_SIZE uint64_t

/* What --help shows for the value. */
#define CEPHFS_SETTING_ARG_SWITCH "0|1"
#define CEPHFS_SETTING_ARG_COUNT "N"
#define CEPHFS_SETTING_ARG_SECONDS "SECS"
#define CEPHFS_SETTING_ARG_SIZE "SIZE"

struct cephfs_mount_config;

/*
 * Hands @set each Ceph option that @cfg's settings set (those not at their
 * row's keep value): the row's field, the Ceph option and the value as
 * text, key before key2, rows in the table's order.  Stops at and returns
 * @set's first nonzero return.  The engine's ceph_conf_set calls and the
 * tool's ceph-fuse arguments both come from this one walk.
 */
typedef int (*cephfs_setting_fn)(void *arg, const char *field,
				 const char *key, const char *value);
int cephfs_settings_each(const struct cephfs_mount_config *cfg,
			 cephfs_setting_fn set, void *arg);

#endif
