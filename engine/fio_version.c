// SPDX-License-Identifier: GPL-2.0-only
/*
 * An engine is only right for the fio it was compiled against: fio's
 * structs and enums change between releases, and fio notices only a
 * change of FIO_IOOPS_VERSION ("bad ioops version").  3.42, for one,
 * inserted DDIR_SYNCFS before DDIR_WAIT and kept the version, so an
 * engine built for 3.41 would load and misread every io_u's direction.
 *
 * So, when fio dlopen()s the engine, compare the version of the running
 * fio (its exported fio_version_string, "fio-3.33") with the one
 * configure built against (FIO_BUILT_FOR_VERSION, "3.33"); on a mismatch
 * say so, naming both, and make fio refuse the engine through its own
 * check, by giving the ops an ioops version no fio has.  Outside fio (a
 * program that links the engine's sources) there is no such symbol and
 * nothing to check.
 */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>

#include "fio_version.h"
#include "ioengines.h"

/* engine/cephfs.c: the ops fio looks up by the name "ioengine". */
extern struct ioengine_ops ioengine;

__attribute__((constructor)) static void fio_cephfs_check_fio_version(void)
{
	const char *running = dlsym(RTLD_DEFAULT, "fio_version_string");

	if (!running || fio_version_is_built_for(running))
		return;
	fprintf(stderr,
		"fio-cephfs: this engine was built for fio-%s but the running fio is %s: "
		"refusing to load, since fio's structs differ between versions; "
		"rebuild the engine against %s's source (scripts/get-fio-source.sh) "
		"or install the fio-cephfs package built for it\n",
		FIO_BUILT_FOR_VERSION, running, running);
	/* The first fields of struct ioengine_ops (list, name, version) have
	 * kept their place in every fio release with external engines. */
	ioengine.version = -1;
}
