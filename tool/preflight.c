#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pathutil.h"
#include "preflight.h"

/* fio refuses an engine built against another version's headers ("bad
 * ioops version"), or worse, misreads its structs: say so first. */
static bool fio_matches(const char *fio, char *error, size_t len)
{
	char *command, version[64] = "";
	FILE *p;

	if (access(fio, X_OK)) {
		snprintf(error, len, "--fio: cannot run '%s': %s", fio,
			 strerror(errno));
		return false;
	}
	if (asprintf(&command, "'%s' --version 2>/dev/null", fio) < 0) {
		snprintf(error, len, "out of memory");
		return false;
	}
	p = popen(command, "r");
	free(command);
	if (p) {
		if (!fgets(version, sizeof(version), p))
			*version = '\0';
		pclose(p);
	}
	version[strcspn(version, "\n")] = '\0';
	if (strncmp(version, "fio-", 4) || strcmp(version + 4, FIO_BUILT_FOR_VERSION)) {
		snprintf(error, len,
			 "--fio: '%s' is %s, but the engine was built for fio-%s (use that fio, or rebuild against its source)",
			 fio, *version ? version : "not fio (no version)",
			 FIO_BUILT_FOR_VERSION);
		return false;
	}
	return true;
}

/* Can a file be created at @path?  Asked before the run, not after it. */
static bool writable_at(const char *option, const char *path, char *error,
			size_t len)
{
	if (path_creatable(path))
		return true;
	snprintf(error, len, "--%s: cannot write '%s': %s", option, path,
		 strerror(errno));
	return false;
}

bool preflight_ok(const struct bench_options *o, char *error, size_t len)
{
	if (!fio_matches(o->fio, error, len))
		return false;
	/* With --clients the engine is a path on the load hosts. */
	if (!o->clients.count && access(o->engine, R_OK)) {
		snprintf(error, len, "--engine: cannot read '%s': %s", o->engine,
			 strerror(errno));
		return false;
	}
	if (o->json_path && strcmp(o->json_path, "-") &&
	    !writable_at("json", o->json_path, error, len))
		return false;
	if (o->perf_dump && !writable_at("perf-dump", o->perf_dump, error, len))
		return false;
	if (o->plot && !writable_at("plot", o->plot, error, len))
		return false;
	return !o->keep_job || writable_at("keep-job", o->keep_job, error, len);
}
