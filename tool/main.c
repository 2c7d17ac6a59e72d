// SPDX-License-Identifier: GPL-2.0-only
/*
 * cephfs-tool: Ceph's cephfs-tool command line, benchmarking CephFS through
 * fio and its cephfs engine.  Parses the options, then prints the job file
 * (--dry-run) or runs the benchmark; `compare` compares bench's JSON
 * reports instead; `cleanup` removes what a killed run left; `io500`
 * runs IO500's phases.
 */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "compare.h"
#include "enginepath.h"
#include "io500.h"
#include "options.h"
#include "preflight.h"
#include "rundir.h"
#include "version.h"

/*
 * A usage or preflight error as one line: a value quoted in it may hold a
 * line break or other control byte, shown %XX as fio's job file gets it.
 */
static void print_error(const char *command, const char *error)
{
	const unsigned char *c;

	fprintf(stderr, "%s: ", command);
	for (c = (const unsigned char *)error; *c; c++) {
		if (*c < 0x20 || *c == 0x7f)
			fprintf(stderr, "%%%02X", *c);
		else
			fputc(*c, stderr);
	}
	fputc('\n', stderr);
}

/* compare has its own options: it reads reports and mounts nothing. */
static int run_compare(int argc, char **argv)
{
	char error[512];
	int code = compare_main(argc, argv, error, sizeof(error));

	if (code)
		print_error("cephfs-tool compare", error);
	return code;
}

static int run_io500(int argc, char **argv)
{
	char error[512] = "";
	int code = io500_main(argc, argv, error, sizeof(error));

	if (*error)
		print_error("cephfs-tool io500", error);
	return code;
}

/*
 * Is the command io500?  Its word may follow general options (how to
 * mount) as bench's does, so the value of each that takes one is
 * stepped over; the first other word is the command.
 */
static bool is_io500(int argc, char **argv)
{
	const char *arg, *name;
	int i;

	for (i = 1; i < argc; i++) {
		arg = argv[i];
		if (!strcmp(arg, "io500"))
			return true;
		if (arg[0] != '-' || !arg[1] || !strcmp(arg, "--"))
			return false;
		/* --name=value, or -cVALUE */
		if (strchr(arg, '=') || (arg[1] != '-' && arg[2]))
			continue;
		name = arg[1] == '-' ? arg + 2 : options_long_name(arg[1]);
		if (name && options_shared_row(name, NULL) == 1)
			i++;
	}
	return false;
}

int main(int argc, char **argv)
{
	struct bench_options o;
	char error[512];
	int code = EXIT_USAGE;

	if (argc > 1 && !strcmp(argv[1], "compare"))
		return run_compare(argc - 1, argv + 1);
	if (is_io500(argc, argv))
		return run_io500(argc, argv);
	options_init(&o, FIO_DEFAULT, enginepath_default());
	switch (options_parse(&o, argc, argv, error, sizeof(error))) {
	case PARSE_HELP:
		options_usage(stdout);
		code = 0;
		break;
	case PARSE_VERSION:
		print_version(stdout);
		code = 0;
		break;
	case PARSE_ERROR:
		print_error("cephfs-tool", error);
		break;
	case PARSE_OK:
		if (o.files_ignored)
			fprintf(stderr, "cephfs-tool: --files is ignored in shared-file mode (one file)\n");
		if (o.cleanup_dir) {
			code = rundir_cleanup(&o, o.cleanup_dir, error,
					      sizeof(error));
			if (code)
				print_error("cephfs-tool cleanup", error);
			else
				printf("Removed %s\n", o.cleanup_dir);
		} else if (o.dry_run)
			code = bench_dry_run(&o);
		else if (!preflight_ok(&o, error, sizeof(error)))
			print_error("cephfs-tool", error);
		else
			code = bench_run(&o);
		break;
	}
	options_free(&o);
	return code;
}
