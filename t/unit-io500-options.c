// SPDX-License-Identifier: GPL-2.0-only
/*
 * cephfs-tool io500's options: IO500's defaults, every value's range (the
 * narrowest receiver's), the IO500 ini file and its errors, the command
 * line over the ini.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io500_options.h"
#include "tap.h"

#define MAX_ARGS 48
#define MIB (1ULL << 20)

static enum parse_result parse(const char *line, struct io500_options *o,
			       FILE *warnings, char *error, size_t len)
{
	char *argv[MAX_ARGS];
	int argc = split_command_line(line, argv, MAX_ARGS);

	io500_options_init(o, "fio", "/engine.so");
	*error = '\0';
	return io500_options_parse(o, argc, argv, warnings, error, len);
}

static void defaults(void)
{
	struct io500_options o;
	char error[512];

	is_int(parse("io500", &o, NULL, error, sizeof(error)), PARSE_OK,
	       "io500 alone parses");
	/* phase_dbg.c, phase_ior_easy.c, phase_ior_hard.c, phase_mdtest_*.c */
	is_int(o.stonewall_time, 300, "stonewall-time 300 (phase_dbg.c)");
	is_int((long long)o.ior_easy_transfer_size, 2 * MIB, "ior-easy transferSize 2m");
	is_int((long long)o.ior_easy_block_size, 9920000 * MIB, "ior-easy blockSize 9920000m");
	is_int(o.ior_hard_segment_count, 10000000, "ior-hard segmentCount 10000000");
	is_int(o.mdtest_easy_n, 1000000, "mdtest-easy n 1000000");
	is_int(o.mdtest_hard_n, 1000000, "mdtest-hard n 1000000");
	is_int(IO500_IOR_HARD_TRANSFER, 47008, "ior-hard's -t and -b: 47008");
	is_int(IO500_MDTEST_HARD_BYTES, 3901, "mdtest-hard's -w and -e: 3901, find's -size 3901c");
	is_str(IO500_FIND_NAME, "*01*", "find's -name");
	is_int(o.processes, 1, "one process per host");
	is_str(o.dir, "/", "the directory: CephFS's root");
	ok(!o.rnd4k, "ior-rnd4K-easy-read only when asked");
	ok(!o.drop_caches, "drop-caches FALSE (main.c)");
	is_str(o.drop_caches_cmd, "sudo -n bash -c \"echo 3 > /proc/sys/vm/drop_caches\"",
	       "drop-caches-cmd: IO500's (main.c)");
	is_str(o.bench.id, "admin", "bench's defaults for how to mount");
	io500_options_free(&o);
}

static void given(void)
{
	struct io500_options o;
	char error[512];

	is_int(parse("-c /etc/ceph/x.conf io500 --stonewall-time 10 --processes 4 "
		     "--dir /bench/io500 --ior-easy-transfer-size 1m --ior-easy-block-size=64MiB "
		     "--ior-hard-segment-count 100 --mdtest-easy-n 50 --mdtest-hard-n=60 "
		     "--rnd4k --fs cephfs --client-oc 0 --json out.json --clients h1,h2:8800 "
		     "--drop-caches --drop-caches-cmd=sync;true",
		     &o, NULL, error, sizeof(error)), PARSE_OK, "every option given");
	ok(!o.bind_to_core, "unbound unless asked");
	is_str(error, "", "... no error");
	is_int(o.stonewall_time, 10, "--stonewall-time");
	is_int(o.processes, 4, "--processes");
	is_str(o.dir, "/bench/io500", "--dir");
	is_int((long long)o.ior_easy_transfer_size, MIB, "--ior-easy-transfer-size 1m: a MiB, as IOR reads it");
	is_int((long long)o.ior_easy_block_size, 64 * MIB, "--ior-easy-block-size=64MiB");
	is_int(o.ior_hard_segment_count, 100, "--ior-hard-segment-count");
	is_int(o.mdtest_easy_n, 50, "--mdtest-easy-n");
	is_int(o.mdtest_hard_n, 60, "--mdtest-hard-n=");
	ok(o.rnd4k, "--rnd4k");
	ok(o.drop_caches, "--drop-caches");
	is_str(o.drop_caches_cmd, "sync;true", "--drop-caches-cmd=, a command for the shell");
	io500_options_free(&o);
	is_int(parse("io500 --processes 2 --bind-to-core", &o, NULL, error, sizeof(error)),
	       PARSE_OK, "--bind-to-core");
	ok(o.bind_to_core, "... set");
	io500_options_free(&o);
	is_int(parse("-c /etc/ceph/x.conf io500 --fs cephfs --client-oc 0 --json out.json --clients h1,h2:8800",
		     &o, NULL, error, sizeof(error)), PARSE_OK, "bench's options again");
	is_str(o.bench.conf, "/etc/ceph/x.conf", "bench's -c (--conf), before the command");
	is_str(o.bench.fs, "cephfs", "bench's --fs");
	is_int(o.bench.client_oc, 0, "bench's engine settings");
	is_str(o.bench.json_path, "out.json", "bench's --json");
	is_int(o.bench.clients.count, 2, "bench's --clients, parsed");
	is_int(o.bench.clients.hosts[1].port, 8800, "... with their ports");
	io500_options_free(&o);

	is_int(parse("io500 --help", &o, NULL, error, sizeof(error)), PARSE_HELP, "--help");
	io500_options_free(&o);
}

/* Every refusal, exit 2 with this line. */
static const struct {
	const char *line;
	const char *error;
} refused[] = {
	{ "io500 --processes 0", "--processes: invalid value '0' (must be 1 to 1024)" },
	{ "io500 --processes 1025", "--processes: invalid value '1025' (must be 1 to 1024)" },
	{ "io500 --stonewall-time -1", "--stonewall-time: invalid value '-1' (must be 0 to 2147483647)" },
	/* IO500 reads stonewall-time and segmentCount as an int. */
	{ "io500 --stonewall-time 2147483648", "--stonewall-time: invalid value '2147483648' (must be 0 to 2147483647)" },
	{ "io500 --ior-hard-segment-count 2147483648", "--ior-hard-segment-count: invalid value '2147483648' (must be 1 to 2147483647)" },
	{ "io500 --ior-hard-segment-count 0", "--ior-hard-segment-count: invalid value '0' (must be 1 to 2147483647)" },
	/* cephfs_entries, an fio int option: 32 bits. */
	{ "io500 --mdtest-easy-n 2147483648", "--mdtest-easy-n: invalid value '2147483648' (must be 1 to 2147483647)" },
	{ "io500 --mdtest-hard-n 4294967297", "--mdtest-hard-n: invalid value '4294967297' (must be 1 to 2147483647)" },
	{ "io500 --mdtest-hard-n 1e6", "--mdtest-hard-n: invalid value '1e6' (must be 1 to 2147483647)" },
	/* fio's bs: 64 bits, signed as fio prints it; verify's headers. */
	{ "io500 --ior-easy-transfer-size 100", "--ior-easy-transfer-size: invalid value '100' (must be a size from 512 to 9223372036854775807 bytes, like 47008, 2MiB, 2m)" },
	{ "io500 --ior-easy-transfer-size 9223372036854775808", "--ior-easy-transfer-size: invalid value '9223372036854775808' (must be a size from 512 to 9223372036854775807 bytes, like 47008, 2MiB, 2m)" },
	{ "io500 --ior-easy-block-size 16E", "--ior-easy-block-size: invalid value '16E' (must be a size from 512 to 9223372036854775807 bytes, like 47008, 2MiB, 2m)" },
	{ "io500 --ior-easy-block-size 3m", "--ior-easy-block-size: invalid value '3145728' (must be a multiple of --ior-easy-transfer-size, 2097152)" },
	{ "io500 --dir io500", "--dir: invalid value 'io500' (must be an absolute path in CephFS)" },
	{ "io500 --dir /a/../b", "--dir: invalid value '/a/../b' (a '..' component: give the directory without it)" },
	{ "io500 --client-oc 2", "--client-oc: invalid value '2' (must be 0 to 1)" },
	{ "io500 --threads 4", "unknown option '--threads'" },
	{ "io500 --mdtest-easy", "unknown option '--mdtest-easy'" },
	{ "io500 --processes 2 --processes 3", "--processes: given twice" },
	{ "io500 --conf a --conf b", "--conf: given twice" },
	{ "io500 --processes", "--processes: missing value" },
	{ "io500 --rnd4k=1", "--rnd4k: takes no value" },
	{ "io500 --drop-caches-cmd=", "--drop-caches-cmd: invalid value '' (must not be empty)" },
	{ "io500 bench", "unexpected argument 'bench'" },
	{ "io500 -x", "unknown option '-x'" },
	{ "io500 -v", "unknown option '-v'" },
	{ "--processes 2", "missing command io500" },
	{ "io500 --ini", "--ini: missing value" },
	{ "io500 --ini /nonexistent/io500.ini", "--ini: /nonexistent/io500.ini: No such file or directory" },
	{ "io500 --clients h1,h1", "--clients: invalid client host 'h1:8765' (listed twice)" },
	{ "io500 --bind-to-core --clients h1", "--bind-to-core: not with --clients (the tool knows only this host's CPUs)" },
};

static void refusals(void)
{
	struct io500_options o;
	char error[512], hosts[1024], line[1200];
	size_t i, n;

	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		is_int(parse(refused[i].line, &o, NULL, error, sizeof(error)),
		       PARSE_ERROR, refused[i].line);
		is_str(error, refused[i].error, "... says why");
		io500_options_free(&o);
	}

	/*
	 * ior-hard's one file: 2147483647 segments x 47008 bytes x 1024
	 * processes is 1.03e17 bytes per host, within fio's 9.22e18 for 89
	 * hosts, past it for 90.
	 */
	for (i = 1, n = 0; i <= 90; i++)
		n += (size_t)snprintf(hosts + n, sizeof(hosts) - n, "%sh%zu",
				      i > 1 ? "," : "", i);
	snprintf(line, sizeof(line), "io500 --ior-hard-segment-count 2147483647 --processes 1024 --clients %s",
		 hosts);
	is_int(parse(line, &o, NULL, error, sizeof(error)), PARSE_ERROR,
	       "ior-hard's shared file past fio's 63 bits over 90 hosts");
	is_str(error, "--ior-hard-segment-count: invalid value '2147483647' (ior-hard's file of 2147483647 x 47008 bytes for each of 92160 processes would pass fio's 9223372036854775807 bytes)",
	       "... says why");
	io500_options_free(&o);
}

/* IO500's own sample ini, cut down: comments, empty values, any case. */
static const char sample_ini[] =
	"# IO500 configuration\n"
	"[global]\n"
	"datadir = /io500/data   # in CephFS\n"
	"api = CEPHFS --cephfs.user=admin\n"
	"timestamp-datadir =\n"
	"; a comment\n"
	"\n"
	"[debug]\n"
	"stonewall-time = 5\n"
	"\n"
	"[ ior-easy ]\n"
	"transferSize = 4m\n"
	"blockSize = 64m\n"
	"filePerProc = TRUE\n"
	"\n"
	"[IOR-hard]\n"
	"segmentCount = 1000\n"
	"[mdtest-easy]\n"
	"N = 100\n"
	"[mdtest-hard]\n"
	"n = 200\r\n"
	"files-per-dir =\n"
	"[find]\n"
	"nproc = 4\n"
	"run = true\n"
	"[ior-rnd4K-easy-read]\n"
	"run = TRUE\n"
	"[global]\n"
	"drop-caches = TRUE\n"
	"drop-caches-cmd = sudo -n sh -c \"echo 1 > /proc/sys/vm/drop_caches\"\n";

static void ini(void)
{
	struct io500_options o;
	char error[512], *warnings;
	size_t len;
	FILE *w;

	io500_options_init(&o, "fio", "/engine.so");
	w = open_memstream(&warnings, &len);
	ok(io500_ini_read(&o, "io500.ini", sample_ini, w, error, sizeof(error)),
	   "an IO500 ini file reads");
	fclose(w);
	is_str(o.dir, "/io500/data", "[global] datadir, its comment cut");
	is_int(o.stonewall_time, 5, "[debug] stonewall-time");
	is_int((long long)o.ior_easy_transfer_size, 4 * MIB, "[ior-easy] transferSize 4m, in a section named with blanks");
	is_int((long long)o.ior_easy_block_size, 64 * MIB, "[ior-easy] blockSize");
	is_int(o.ior_hard_segment_count, 1000, "[IOR-hard] segmentCount: sections in any case");
	is_int(o.mdtest_easy_n, 100, "[mdtest-easy] N: keys in any case");
	is_int(o.mdtest_hard_n, 200, "[mdtest-hard] n, a CRLF line");
	ok(o.rnd4k, "[ior-rnd4K-easy-read] run = TRUE: --rnd4k");
	ok(o.drop_caches, "[global] drop-caches = TRUE, in a second [global]: --drop-caches");
	is_str(o.drop_caches_cmd, "sudo -n sh -c \"echo 1 > /proc/sys/vm/drop_caches\"",
	       "[global] drop-caches-cmd, quotes and all");
	is_str(warnings,
	       "io500.ini: [global] api: ignored (every phase goes through the engine's libcephfs)\n"
	       "io500.ini: [find] nproc: ignored (find is the tool's walk through libcephfs, --processes threads per host)\n",
	       "keys without effect here are named, empty ones are not");
	free(warnings);
	io500_options_free(&o);
}

static const struct {
	const char *text;
	const char *error;
} bad_ini[] = {
	{ "[ior-easy]\nfoo = 1\n", "f.ini: [ior-easy] foo: unknown key (line 2)" },
	{ "[ior-easy]\n\n# x\nn = 1\n", "f.ini: [ior-easy] n: unknown key (line 4)" },
	{ "[ior-medium]\n", "f.ini: line 1: unknown section [ior-medium]" },
	{ "n = 1\n", "f.ini: line 1: key n outside a section" },
	{ "[global]\ndatadir\n", "f.ini: line 2: neither [section], key = value nor a comment" },
	{ "[global\n", "f.ini: line 1: neither [section], key = value nor a comment" },
	{ "[global]\ndatadir = /a#b\n", "f.ini: line 2: neither [section], key = value nor a comment" },
	{ "[global]\ndatadir = ./datafiles\n", "f.ini: [global] datadir: invalid value './datafiles' (must be an absolute path in CephFS)" },
	{ "[mdtest-easy]\nn = ten\n", "f.ini: [mdtest-easy] n: invalid value 'ten' (an integer >= 0)" },
	{ "[mdtest-hard]\nn = 0\n", "f.ini: [mdtest-hard] n: invalid value '0' (must be 1 to 2147483647)" },
	{ "[debug]\nstonewall-time = -5\n", "f.ini: [debug] stonewall-time: invalid value '-5' (must be 0 to 2147483647)" },
	{ "[ior-easy]\nfilePerProc = FALSE\n", "f.ini: [ior-easy] filePerProc: invalid value 'FALSE' (only TRUE here: the other is not implemented)" },
	{ "[ior-easy]\nfilePerProc = maybe\n", "f.ini: [ior-easy] filePerProc: invalid value 'maybe' (TRUE or FALSE)" },
	{ "[ior-hard-read]\nrun = FALSE\n", "f.ini: [ior-hard-read] run: invalid value 'FALSE' (only TRUE here: the other is not implemented)" },
	{ "[mdtest-hard]\nfiles-per-dir = 10\n", "f.ini: [mdtest-hard] files-per-dir: invalid value '10' (not implemented: leave it empty)" },
	{ "[global]\nscc = TRUE\n", "f.ini: [global] scc: invalid value 'TRUE' (only FALSE here: the other is not implemented)" },
	{ "[mdworkbench]\nwaitingTime = fast\n", "f.ini: [mdworkbench] waitingTime: invalid value 'fast' (a number)" },
	{ "[ior-rnd4K-easy-read]\nrun = yes\n", "f.ini: [ior-rnd4K-easy-read] run: invalid value 'yes' (TRUE or FALSE)" },
	{ "[global]\ndrop-caches = yes\n", "f.ini: [global] drop-caches: invalid value 'yes' (TRUE or FALSE)" },
};

static void ini_errors(void)
{
	struct io500_options o;
	char error[512];
	size_t i;

	for (i = 0; i < sizeof(bad_ini) / sizeof(bad_ini[0]); i++) {
		io500_options_init(&o, "fio", "/engine.so");
		ok(!io500_ini_read(&o, "f.ini", bad_ini[i].text, NULL, error,
				   sizeof(error)), "refused: %s", bad_ini[i].error);
		is_str(error, bad_ini[i].error, "... says why");
		io500_options_free(&o);
	}
}

static void ini_and_command_line(void)
{
	char path[] = "/tmp/unit-io500-XXXXXX", line[256], error[512];
	struct io500_options o;
	FILE *f;
	int fd = mkstemp(path);

	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!ok(f != NULL, "a scratch ini file"))
		return;
	fputs("[debug]\nstonewall-time = 5\n[mdtest-easy]\nn = 100\n", f);
	fclose(f);

	snprintf(line, sizeof(line), "io500 --stonewall-time 7 --ini %s", path);
	is_int(parse(line, &o, NULL, error, sizeof(error)), PARSE_OK, "--ini with an option");
	is_int(o.stonewall_time, 7, "the option given overrides the ini, before --ini too");
	is_int(o.mdtest_easy_n, 100, "... the ini's other values stay");
	io500_options_free(&o);

	snprintf(line, sizeof(line), "io500 --ini=%s --mdtest-easy-n 3", path);
	is_int(parse(line, &o, NULL, error, sizeof(error)), PARSE_OK, "--ini=FILE");
	is_int(o.mdtest_easy_n, 3, "... overridden after it");
	is_int(o.stonewall_time, 5, "... the ini's stonewall");
	io500_options_free(&o);

	snprintf(line, sizeof(line), "io500 --ini %s --ini %s", path, path);
	is_int(parse(line, &o, NULL, error, sizeof(error)), PARSE_ERROR, "--ini twice");
	is_str(error, "--ini: given twice", "... refused");
	io500_options_free(&o);
	unlink(path);
}

static void usage(void)
{
	char *text;
	size_t len;
	FILE *out = open_memstream(&text, &len);

	io500_options_usage(out);
	fclose(out);
	ok(strstr(text, "  --ior-hard-segment-count N ior-hard's") != NULL,
	   "--help shows each option with its value's name");
	ok(strstr(text, "ini: [ior-hard] segmentCount\n") != NULL,
	   "... and IO500's ini key of the same meaning");
	ok(strstr(text, "  -c, --conf PATH") != NULL && strstr(text, "--client-oc") != NULL &&
	   strstr(text, "--clients HOST[:PORT],...") != NULL,
	   "... and bench's rows it takes, from bench's table");
	ok(!strstr(text, "--threads") && !strstr(text, "--help, --version"),
	   "... not the others");
	free(text);
}

int main(void)
{
	defaults();
	given();
	refusals();
	ini();
	ini_errors();
	ini_and_command_line();
	usage();
	return done_testing();
}
