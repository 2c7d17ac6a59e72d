/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Names from the user or the cluster as text that JSON (RFC 8259: UTF-8)
 * and SVG (XML 1.0) can carry whatever bytes they have.
 *
 * Each byte that is not part of a well-formed UTF-8 character (RFC 3629:
 * no overlong forms, surrogates or code points above U+10FFFF), each
 * byte of a control character (U+0000 to U+001F, U+007F) or of U+FFFE and
 * U+FFFF (none of which XML 1.0 allows), and every '%' is written %XX,
 * upper-case hex.  So the text is lossless and unambiguous: percent-
 * decoding it (unescape_in_place, or Python's
 * urllib.parse.unquote_to_bytes) gives the name's bytes back, and a name
 * of other UTF-8 characters only is written as it is.
 */
#ifndef CEPHFS_TOOL_UTF8SAFE_H
#define CEPHFS_TOOL_UTF8SAFE_H

#include <stddef.h>

/* @text escaped into @buf of @len bytes, as snprintf does: returns the
 * length of the whole escaped text. */
size_t utf8_safe_escape(char *buf, size_t len, const char *text);

/* @text escaped, in memory to free; NULL when out of memory. */
char *utf8_safe(const char *text);

#endif
