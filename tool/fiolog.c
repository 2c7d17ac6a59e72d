#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fiolog.h"

static bool add_sample(struct rate_steps *r, double msec, double value)
{
	size_t step = (size_t)lround(msec / FIO_LOG_MSEC), i;
	double *grown;

	if (step >= r->steps) {
		grown = realloc(r->sum, (step + 1) * sizeof(*grown));
		if (!grown)
			return false;
		for (i = r->steps; i <= step; i++)
			grown[i] = NAN;
		r->sum = grown;
		r->steps = step + 1;
	}
	r->sum[step] = isnan(r->sum[step]) ? value : r->sum[step] + value;
	return true;
}

bool rate_steps_add_log(struct rate_steps *r, const char *text)
{
	const char *line, *eol;
	double msec, value;

	for (line = text; *line; line = *eol ? eol + 1 : eol) {
		eol = strchrnul(line, '\n');
		if (eol == line)
			continue;
		if (sscanf(line, "%lf, %lf,", &msec, &value) != 2 || msec < 0 ||
		    !add_sample(r, msec, value))
			return false;
	}
	return true;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t cap = 0;
	ssize_t n;

	if (!f)
		return NULL;
	n = getdelim(&text, &cap, '\0', f);
	fclose(f);
	if (n < 0) {
		free(text);
		return strdup("");
	}
	return text;
}

static bool is_rate_log(const char *name)
{
	return !strncmp(name, RATE_LOG_NAME, strlen(RATE_LOG_NAME)) &&
	       (strstr(name, "_bw.") || strstr(name, "_iops."));
}

bool rate_steps_collect(struct rate_steps *r, const char *dir)
{
	DIR *d = opendir(dir);
	char path[PATH_MAX], *text;
	struct dirent *de;
	bool ok = d != NULL;

	while (ok && (de = readdir(d))) {
		if (!is_rate_log(de->d_name))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		text = slurp(path);
		ok = text && rate_steps_add_log(r, text);
		free(text);
		unlink(path);
	}
	if (d)
		closedir(d);
	return ok;
}

void rate_steps_free(struct rate_steps *r)
{
	free(r->sum);
	r->sum = NULL;
	r->steps = 0;
}
