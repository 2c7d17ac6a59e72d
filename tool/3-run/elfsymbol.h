/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef CEPHFS_TOOL_ELFSYMBOL_H
#define CEPHFS_TOOL_ELFSYMBOL_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The string a program exports as the data symbol @name (the bytes up to
 * its first NUL, at most @len - 1 of them), read from its file's dynamic
 * symbol table without running it.  false when @path is no ELF file for
 * this machine (its class, byte order and architecture), exports no such
 * symbol, or the symbol holds no NUL-terminated string.
 */
bool elf_symbol_string(const char *path, const char *name, char *value,
		       size_t len);

#endif
