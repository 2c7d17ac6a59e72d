// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients.h"

static bool bad_entry(char *error, size_t len, const char *entry,
		      const char *why)
{
	snprintf(error, len, "invalid client host '%s' (%s)", entry, why);
	return false;
}

static bool parse_port(const char *text, unsigned int *port)
{
	char *end;
	long n;

	if (!isdigit((unsigned char)*text))
		return false;
	errno = 0;
	n = strtol(text, &end, 10);
	if (errno || *end || n < 1 || n > 65535)
		return false;
	*port = (unsigned int)n;
	return true;
}

/*
 * The directory a host writes in: its label with anything that is not a
 * plain name character replaced, so that no host name can reach outside
 * the run directory.
 */
static void name_dir(struct client_host *h)
{
	size_t i, n;

	n = (size_t)snprintf(h->dir, sizeof(h->dir), "%s_%u", h->host, h->port);
	for (i = 0; i < n && i < sizeof(h->dir) - 1; i++)
		if (!isalnum((unsigned char)h->dir[i]) && !strchr(".-_", h->dir[i]))
			h->dir[i] = '_';
}

/* HOST, HOST:PORT, [V6] or [V6]:PORT; a bare V6 (more than one ':'). */
static bool parse_entry(const char *entry, struct client_host *h,
			char *error, size_t len)
{
	const char *start = entry, *colon, *port = NULL;
	size_t host_len;

	memset(h, 0, sizeof(*h));
	h->port = FIO_SERVER_PORT;
	if (*entry == '[') {
		colon = strchr(entry, ']');
		if (!colon || (colon[1] && colon[1] != ':'))
			return bad_entry(error, len, entry, "expected [IPv6]:PORT");
		h->ipv6 = true;
		host_len = (size_t)(colon - entry - 1);
		start = entry + 1;
		if (colon[1])
			port = colon + 2;
	} else {
		colon = strchr(entry, ':');
		h->ipv6 = colon && strchr(colon + 1, ':');
		host_len = colon && !h->ipv6 ? (size_t)(colon - entry) : strlen(entry);
		if (colon && !h->ipv6)
			port = colon + 1;
	}
	if (!host_len)
		return bad_entry(error, len, entry, "no host");
	if (host_len >= sizeof(h->host))
		return bad_entry(error, len, entry, "host name too long");
	if (port && !parse_port(port, &h->port))
		return bad_entry(error, len, entry, "port must be 1 to 65535");
	memcpy(h->host, start, host_len);
	snprintf(h->label, sizeof(h->label), h->ipv6 ? "[%s]:%u" : "%s:%u",
		 h->host, h->port);
	name_dir(h);
	return true;
}

static bool add_entry(struct client_list *l, const char *entry, char *error,
		      size_t len)
{
	struct client_host h, *grown;
	unsigned int i;

	if (!parse_entry(entry, &h, error, len))
		return false;
	/* Two runs on one server would write the same directory. */
	for (i = 0; i < l->count; i++)
		if (!strcmp(l->hosts[i].label, h.label))
			return bad_entry(error, len, h.label, "listed twice");
	grown = realloc(l->hosts, (l->count + 1) * sizeof(*grown));
	if (!grown)
		return bad_entry(error, len, entry, "out of memory");
	l->hosts = grown;
	l->hosts[l->count++] = h;
	return true;
}

bool clients_add_list(struct client_list *l, const char *list, char *error,
		      size_t error_len)
{
	char *copy = strdup(list), *entry, *rest;
	bool ok = copy != NULL;

	/* strsep keeps the empty entries of "a,,b" so they are refused. */
	for (rest = copy; ok && rest;) {
		entry = strsep(&rest, ",");
		ok = add_entry(l, entry, error, error_len);
	}
	free(copy);
	return ok;
}

static char *trim(char *text)
{
	char *end;

	while (isspace((unsigned char)*text))
		text++;
	end = text + strlen(text);
	while (end > text && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return text;
}

bool clients_add_file(struct client_list *l, const char *path, char *error,
		      size_t error_len)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *entry;
	size_t cap = 0;
	bool ok = true;
	unsigned int before = l->count;

	if (!f) {
		snprintf(error, error_len, "cannot read client host file %s: %s",
			 path, strerror(errno));
		return false;
	}
	while (ok && getline(&line, &cap, f) >= 0) {
		entry = trim(line);
		if (*entry && *entry != '#')
			ok = add_entry(l, entry, error, error_len);
	}
	if (ok && l->count == before) {
		snprintf(error, error_len, "client host file %s lists no host", path);
		ok = false;
	}
	free(line);
	fclose(f);
	return ok;
}

void clients_free(struct client_list *l)
{
	free(l->hosts);
	l->hosts = NULL;
	l->count = 0;
}

void client_fio_address(const struct client_host *h, char *buf, size_t len)
{
	snprintf(buf, len, "%s:%s,%u", h->ipv6 ? "ip6" : "ip", h->host, h->port);
}
