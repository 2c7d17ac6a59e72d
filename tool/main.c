/*
 * cephfs-tool: Ceph's cephfs-tool command line, benchmarking CephFS through
 * fio and its cephfs engine.  Parses the options, then prints the job file
 * (--dry-run) or runs the benchmark.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "options.h"

int main(int argc, char **argv)
{
	struct bench_options o;
	const char *engine = getenv("CEPHFS_TOOL_ENGINE");
	char error[512];

	options_init(&o, FIO_DEFAULT, engine && *engine ? engine : ENGINE_DEFAULT);
	switch (options_parse(&o, argc, argv, error, sizeof(error))) {
	case PARSE_HELP:
		fputs(options_usage, stdout);
		return 0;
	case PARSE_ERROR:
		fprintf(stderr, "cephfs-tool: %s\n", error);
		return EXIT_USAGE;
	case PARSE_OK:
		break;
	}
	if (o.dry_run)
		return bench_dry_run(&o);
	return bench_run(&o);
}
