// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading a string a program exports, such as fio's fio_version_string,
 * from its file: running `fio --version` costs loading fio and every
 * engine's library (librados and libceph-common build Ceph's option tables
 * in their constructors), 60-90 ms before every run of the tool.
 */
#include "config.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elfsymbol.h"

/* A program's section table or symbol table is never this big. */
#define MAX_TABLE_BYTES (64u << 20)

#define NATIVE_CLASS (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32)
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define NATIVE_DATA ELFDATA2LSB
#else
#define NATIVE_DATA ELFDATA2MSB
#endif

/*
 * This program's own ELF header, which the linker defines.  A program
 * built for another machine of the same class and byte order (an arm64
 * fio on x86-64) exports its strings the same way but does not run here.
 */
extern const ElfW(Ehdr) __ehdr_start;

/* @len bytes at @offset of @fd in memory of their own, or NULL. */
static void *read_at(int fd, uint64_t offset, uint64_t len)
{
	void *buf;

	if (!len || len > MAX_TABLE_BYTES)
		return NULL;
	buf = malloc(len);
	if (buf && pread(fd, buf, len, offset) != (ssize_t)len) {
		free(buf);
		buf = NULL;
	}
	return buf;
}

/* The string of @size bytes at address @addr, which @section must hold. */
static bool read_string(int fd, const ElfW(Shdr) *section, ElfW(Addr) addr,
			uint64_t size, char *value, size_t len)
{
	size_t n = size < len ? size : len;

	if (section->sh_type == SHT_NOBITS || addr < section->sh_addr ||
	    size > section->sh_size || addr - section->sh_addr > section->sh_size - size)
		return false;
	if (pread(fd, value, n, section->sh_offset + (addr - section->sh_addr)) != (ssize_t)n)
		return false;
	/* Cut short, it could pass for another string: none then. */
	return memchr(value, '\0', n);
}

static bool symbol_in(int fd, const ElfW(Shdr) *sections, size_t count,
		      const ElfW(Shdr) *symtab, const char *name, char *value,
		      size_t len)
{
	const ElfW(Shdr) *strtab;
	ElfW(Sym) *syms;
	char *names;
	bool found = false;
	size_t i, n = 0;

	if (symtab->sh_link >= count || symtab->sh_entsize != sizeof(*syms))
		return false;
	strtab = &sections[symtab->sh_link];
	syms = read_at(fd, symtab->sh_offset, symtab->sh_size);
	names = read_at(fd, strtab->sh_offset, strtab->sh_size);
	/* Every name ends inside the table, so strcmp stays in it. */
	if (syms && names && !names[strtab->sh_size - 1])
		n = symtab->sh_size / sizeof(*syms);
	for (i = 0; i < n; i++) {
		const ElfW(Sym) *sym = &syms[i];

		if (ELF32_ST_TYPE(sym->st_info) != STT_OBJECT ||
		    sym->st_shndx == SHN_UNDEF || sym->st_shndx >= count ||
		    sym->st_name >= strtab->sh_size || strcmp(names + sym->st_name, name))
			continue;
		found = read_string(fd, &sections[sym->st_shndx], sym->st_value,
				    sym->st_size, value, len);
		break;
	}
	free(names);
	free(syms);
	return found;
}

bool elf_symbol_string(const char *path, const char *name, char *value,
		       size_t len)
{
	ElfW(Shdr) *sections = NULL;
	ElfW(Ehdr) header;
	bool found = false;
	size_t i;
	int fd;

	if (!len)
		return false;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	if (pread(fd, &header, sizeof(header), 0) == sizeof(header) &&
	    !memcmp(header.e_ident, ELFMAG, SELFMAG) &&
	    header.e_ident[EI_CLASS] == NATIVE_CLASS &&
	    header.e_ident[EI_DATA] == NATIVE_DATA &&
	    header.e_machine == __ehdr_start.e_machine &&
	    header.e_shentsize == sizeof(*sections))
		sections = read_at(fd, header.e_shoff,
				   (uint64_t)header.e_shnum * sizeof(*sections));
	for (i = 0; sections && i < header.e_shnum && !found; i++)
		if (sections[i].sh_type == SHT_DYNSYM)
			found = symbol_in(fd, sections, header.e_shnum, &sections[i],
					  name, value, len);
	free(sections);
	close(fd);
	if (!found)
		*value = '\0';
	return found;
}
