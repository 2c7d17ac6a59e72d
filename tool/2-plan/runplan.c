// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "runplan.h"

/* The mark's first word: which tool, and the version of its format. */
#define MARK_MAGIC "cephfs-tool-run/1"

/* Per host and thread, its files, as the options split them. */
static int plan_split(struct run_plan *p)
{
	struct bench_options o = {
		.files = p->files, .threads = p->threads,
		.shared_file = p->shared_file,
		.clients.count = p->nr_hosts,
	};
	unsigned int h, t, hosts = p->nr_hosts ? p->nr_hosts : 1;

	p->files_of = calloc((size_t)hosts * p->threads, sizeof(*p->files_of));
	if (!p->files_of)
		return -ENOMEM;
	for (h = 0; h < hosts; h++)
		for (t = 0; t < p->threads; t++)
			p->files_of[h * p->threads + t] = files_of_thread(&o, h, t);
	return 0;
}

static void new_token(char *token)
{
	unsigned char bytes[RUN_TOKEN_LEN / 2];
	unsigned int i;

	if (getrandom(bytes, sizeof(bytes), 0) != sizeof(bytes))
		for (i = 0; i < sizeof(bytes); i++)
			bytes[i] = (unsigned char)(rand() ^ getpid() ^ (i << 4));
	for (i = 0; i < sizeof(bytes); i++)
		sprintf(token + 2 * i, "%02x", bytes[i]);
}

int run_plan_of(struct run_plan *p, const struct bench_options *o)
{
	unsigned int h;

	memset(p, 0, sizeof(*p));
	new_token(p->token);
	p->files = o->files;
	p->threads = o->threads;
	p->shared_file = o->shared_file;
	p->prefix = strdup(o->prefix);
	p->hosts = calloc(o->clients.count + 1, sizeof(*p->hosts));
	if (!p->prefix || !p->hosts)
		goto nomem;
	for (h = 0; h < o->clients.count; h++, p->nr_hosts++) {
		p->hosts[h] = strdup(o->clients.hosts[h].dir);
		if (!p->hosts[h])
			goto nomem;
	}
	if (!plan_split(p))
		return 0;
nomem:
	run_plan_free(p);
	return -ENOMEM;
}

/* Names as hex: a mark is plain ASCII, whatever bytes a name has. */
static void put_hex(FILE *out, const char *text)
{
	const unsigned char *c;

	for (c = (const unsigned char *)text; *c; c++)
		fprintf(out, "%02x", *c);
}

char *run_plan_mark(const struct run_plan *p, bool with_hosts)
{
	char *text = NULL;
	size_t len;
	unsigned int h;
	FILE *out = open_memstream(&text, &len);

	if (!out)
		return NULL;
	fprintf(out, MARK_MAGIC " token=%s threads=%u files=%u shared=%d prefix=",
		p->token, p->threads, p->files, p->shared_file);
	put_hex(out, p->prefix);
	fprintf(out, " hosts=");
	for (h = 0; with_hosts && h < p->nr_hosts; h++) {
		if (h)
			fputc(',', out);
		put_hex(out, p->hosts[h]);
	}
	if (fclose(out)) {
		free(text);
		return NULL;
	}
	return text;
}

/*
 * The name @len hex digits at @hex stand for, in @name (malloc'd), when
 * it is one a run can have made: at most NAME_MAX bytes, no '/' or NUL;
 * NULL otherwise (*@nomem set when out of memory).
 */
static char *name_of_hex(const char *hex, size_t len, bool *nomem)
{
	unsigned char byte;
	char *name;
	size_t i;

	if (len % 2 || len / 2 > NAME_MAX ||
	    strspn(hex, "0123456789abcdef") < len)
		return NULL;
	name = malloc(len / 2 + 1);
	if (!name) {
		*nomem = true;
		return NULL;
	}
	for (i = 0; i < len / 2; i++) {
		if (sscanf(hex + 2 * i, "%2hhx", &byte) != 1 || !byte ||
		    byte == '/') {
			free(name);
			return NULL;
		}
		name[i] = (char)byte;
	}
	name[len / 2] = '\0';
	return name;
}

/* A host directory: a name, and not one that walks elsewhere. */
static bool host_dir_name(const char *name)
{
	return *name && strcmp(name, ".") && strcmp(name, "..");
}

static int parse_hosts(struct run_plan *p, const char *hex, bool *nomem)
{
	const char *end;
	size_t n = 1;
	char *dir;

	for (end = hex; *end; end++)
		n += *end == ',';
	p->hosts = calloc(n + 1, sizeof(*p->hosts));
	if (!p->hosts) {
		*nomem = true;
		return -1;
	}
	while (*hex) {
		end = hex + strcspn(hex, ",");
		dir = name_of_hex(hex, end - hex, nomem);
		if (!dir)
			return -1;
		p->hosts[p->nr_hosts++] = dir;
		if (!host_dir_name(dir))
			return -1;
		hex = *end ? end + 1 : end;
		if (!*hex && *end)
			return -1;
	}
	return 0;
}

int run_plan_parse(struct run_plan *p, const char *mark, size_t len)
{
	char *text = strndup(mark, len);
	char token[RUN_TOKEN_LEN + 2];
	const char *prefix, *hosts;
	int shared, end = -1;
	bool nomem = !text;

	memset(p, 0, sizeof(*p));
	if (!text || strlen(text) != len ||
	    sscanf(text, MARK_MAGIC " token=%17[0-9a-f] threads=%u files=%u shared=%d prefix=%n",
		   token, &p->threads, &p->files, &shared, &end) != 4 ||
	    end < 0 || strlen(token) != RUN_TOKEN_LEN ||
	    p->threads < 1 || p->threads > 1024 ||
	    p->files < 1 || p->files > FILES_MAX || (shared != 0 && shared != 1))
		goto invalid;
	prefix = text + end;
	hosts = prefix + strspn(prefix, "0123456789abcdef");
	if (strncmp(hosts, " hosts=", 7))
		goto invalid;
	strcpy(p->token, token);
	p->shared_file = shared;
	p->prefix = name_of_hex(prefix, hosts - prefix, &nomem);
	if (!p->prefix || parse_hosts(p, hosts + 7, &nomem) || plan_split(p))
		goto invalid;
	free(text);
	return 0;
invalid:
	free(text);
	run_plan_free(p);
	return nomem ? -ENOMEM : -EINVAL;
}

/* The decimal number at *@at, as printf writes it, in @n; false when
 * there is none or it has a leading zero. */
static bool decimal(const char **at, unsigned long *n)
{
	const char *c = *at;

	if (*c < '0' || *c > '9' || (*c == '0' && c[1] >= '0' && c[1] <= '9'))
		return false;
	for (*n = 0; *c >= '0' && *c <= '9'; c++) {
		if (*n > (ULONG_MAX - 9) / 10)
			return false;
		*n = *n * 10 + (unsigned long)(*c - '0');
	}
	*at = c;
	return true;
}

bool run_plan_has(const struct run_plan *p, unsigned int host,
		  const char *name)
{
	size_t len = strlen(p->prefix);
	unsigned long thread, number;
	const char *c = name + len;

	if (strncmp(name, p->prefix, len) || !decimal(&c, &thread) ||
	    *c++ != '_' || !decimal(&c, &number) || *c)
		return false;
	/* --shared-file: every thread works on thread 0's one file. */
	if (p->shared_file)
		return !thread && !number;
	return thread < p->threads &&
	       number < p->files_of[host * p->threads + thread];
}

void run_plan_free(struct run_plan *p)
{
	unsigned int h;

	for (h = 0; p->hosts && h < p->nr_hosts; h++)
		free(p->hosts[h]);
	free(p->hosts);
	free(p->prefix);
	free(p->files_of);
	memset(p, 0, sizeof(*p));
}

unsigned int files_of_thread(const struct bench_options *o, unsigned int host,
			     unsigned int thread)
{
	unsigned int workers = o->threads * (o->clients.count ? o->clients.count : 1);

	if (o->shared_file)
		return 1;
	return o->files / workers + (host * o->threads + thread < o->files % workers);
}

uint64_t job_file_bytes(const struct bench_options *o)
{
	return o->shared_file ? o->size / o->threads : o->size;
}

unsigned int jobs_per_file(const struct bench_options *o)
{
	return o->shared_file ? o->threads : 1;
}
