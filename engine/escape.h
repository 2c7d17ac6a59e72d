/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The %XX escape that carries any byte through fio's job-file parser.
 *
 * fio re-reads every value of a job file by its own rules: it cuts a line
 * at '#' and ';', strips blanks at either end, expands $VAR and ${VAR},
 * reads lines of at most 8191 bytes, and filename_format expands $jobnum
 * and friends.  A value made of the plain characters [A-Za-z0-9/._-] only
 * meets none of them, so cephfs-tool escapes every other byte as %XX and
 * the engine, told so by cephfs_escaped=1, decodes it: what reaches
 * libcephfs is byte for byte what the user gave.
 */
#ifndef FIO_CEPHFS_ESCAPE_H
#define FIO_CEPHFS_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

/* The first byte of @text that fio might read otherwise, or NULL when
 * every byte is plain. */
const char *escape_first_unsafe(const char *text);

/*
 * @text with every byte that is not plain as %XX (upper-case hex), into
 * @buf of @len bytes, as snprintf does: returns the length of the whole
 * escaped text, and @buf holds it all only when that is below @len.
 */
size_t escape_value(char *buf, size_t len, const char *text);

/*
 * Decode @text in place (the result is never longer).  False, with @text
 * unchanged, when a '%' is not followed by two hex digits or stands for
 * a NUL byte, which no C string can carry.
 */
bool unescape_in_place(char *text);

#endif
