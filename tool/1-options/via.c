// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "via.h"

static const char *const names[VIA_CLIENTS] = {
	[VIA_LIBCEPHFS] = "libcephfs",
	[VIA_FUSE] = "fuse",
	[VIA_KERNEL] = "kernel",
};

const char *via_name(enum via_client client)
{
	return names[client];
}

static bool client_named(const char *name, size_t n, enum via_client *client)
{
	int c;

	for (c = 0; c < VIA_CLIENTS; c++) {
		if (strlen(names[c]) == n && !strncmp(names[c], name, n)) {
			*client = c;
			return true;
		}
	}
	return false;
}

bool via_parse(struct via_list *list, const char *text, char *error,
	       size_t len)
{
	const char *entry = text, *end;
	enum via_client client;
	size_t n;

	list->count = 0;
	for (;;) {
		end = strchrnul(entry, ',');
		n = (size_t)(end - entry);
		if (!client_named(entry, n, &client)) {
			snprintf(error, len, "--via: invalid value '%s' ('%.*s' is not libcephfs, fuse or kernel)",
				 text, (int)n, entry);
			return false;
		}
		if (via_has(list, client)) {
			snprintf(error, len, "--via: invalid value '%s' (%s is listed twice)",
				 text, names[client]);
			return false;
		}
		list->clients[list->count++] = client;
		if (!*end)
			return true;
		entry = end + 1;
	}
}

bool via_has(const struct via_list *list, enum via_client client)
{
	unsigned int i;

	for (i = 0; i < list->count; i++)
		if (list->clients[i] == client)
			return true;
	return false;
}

unsigned int via_reference(const struct via_list *list)
{
	unsigned int i;

	for (i = 0; i < list->count; i++)
		if (list->clients[i] == VIA_LIBCEPHFS)
			return i;
	return 0;
}
