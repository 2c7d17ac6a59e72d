// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading an exported string from a program's file: fio's version, as
 * `fio --version` prints it, and this test's own symbols.
 */
#include "config.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elfsymbol.h"
#include "tap.h"

/* This test's own ELF header, as the linker defines it. */
extern const ElfW(Ehdr) __ehdr_start;

/* Exported (-export-dynamic), as fio exports fio_version_string. */
const char unit_elfsymbol_marker[] = "marker";

/* The first @len bytes of this test's own file, in a file of their own. */
static void copy_head(const char *to, size_t len)
{
	FILE *in = fopen("/proc/self/exe", "rb"), *out = fopen(to, "wb");
	char *buf = malloc(len);
	size_t n = in && out && buf ? fread(buf, 1, len, in) : 0;

	if (n != len || fwrite(buf, 1, n, out) != n) {
		printf("Bail out! cannot copy /proc/self/exe to %s\n", to);
		exit(1);
	}
	free(buf);
	fclose(in);
	fclose(out);
}

/* The architecture that @path's ELF header names, set to @machine. */
static void set_machine(const char *path, uint16_t machine)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0 || pwrite(fd, &machine, sizeof(machine),
			     offsetof(ElfW(Ehdr), e_machine)) != sizeof(machine)) {
		printf("Bail out! cannot patch %s\n", path);
		exit(1);
	}
	close(fd);
}

int main(void)
{
	struct stat self;
	char value[64], head[] = "/tmp/unit-elfsymbol.XXXXXX";
	int fd;

	ok(elf_symbol_string(FIO_PROGRAM, "fio_version_string", value, sizeof(value)),
	   "%s exports its version", FIO_PROGRAM);
	is_str(value, "fio-" FIO_BUILT_FOR_VERSION, "... as fio --version prints it");
	ok(elf_symbol_string("/proc/self/exe", "unit_elfsymbol_marker", value,
			     sizeof(value)), "this test's own export");
	is_str(value, unit_elfsymbol_marker, "... its bytes");
	ok(!elf_symbol_string("/proc/self/exe", "unit_elfsymbol_marker", value, 6) &&
	   !*value, "a string longer than the room for it: none, not its start");
	ok(!elf_symbol_string("/proc/self/exe", "elf_symbol_string", value,
			      sizeof(value)), "a function is no string");
	ok(!elf_symbol_string("/proc/self/exe", "unit_elfsymbol_marke", value,
			      sizeof(value)), "a name matches whole");
	ok(!elf_symbol_string(FIO_PROGRAM, "no_such_symbol", value, sizeof(value)),
	   "a symbol the program does not export");
	ok(!elf_symbol_string(TOP_SRCDIR "/t/tap.h", "fio_version_string", value,
			      sizeof(value)), "a file that is no ELF file");
	ok(!elf_symbol_string("/nonexistent/fio", "fio_version_string", value,
			      sizeof(value)), "no file");
	fd = mkstemp(head);
	if (fd < 0) {
		printf("Bail out! mkstemp\n");
		return 1;
	}
	close(fd);
	copy_head(head, 64);
	ok(!elf_symbol_string(head, "unit_elfsymbol_marker", value, sizeof(value)),
	   "a file cut after its ELF header");
	if (stat("/proc/self/exe", &self)) {
		printf("Bail out! stat /proc/self/exe\n");
		return 1;
	}
	copy_head(head, self.st_size);
	ok(elf_symbol_string(head, "unit_elfsymbol_marker", value, sizeof(value)),
	   "a whole copy of this test");
	set_machine(head, __ehdr_start.e_machine == EM_AARCH64 ? EM_X86_64 : EM_AARCH64);
	ok(!elf_symbol_string(head, "unit_elfsymbol_marker", value, sizeof(value)),
	   "the same file for another architecture, which would not run here");
	unlink(head);
	return done_testing();
}
