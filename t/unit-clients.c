// SPDX-License-Identifier: GPL-2.0-only
/*
 * --clients and --clients-file host lists, and the reduction of what one
 * `fio --client` run on two servers wrote (saved from real runs on the
 * sandbox cluster, in t/data/clients-*).
 */
#include "config.h"

#include <math.h>
#include <unistd.h>

#include "clientresult.h"
#include "clients.h"
#include "options.h"
#include "tap.h"

static void test_list(void)
{
	struct client_list l = { 0 };
	char error[512] = "", address[300];

	ok(clients_add_list(&l, "load1,10.0.0.2:8801,[fe80::1]:9000,::1", error,
			    sizeof(error)) && l.count == 4,
	   "four hosts: name, address:port, [IPv6]:port, bare IPv6 %s", error);
	is_str(l.hosts[0].label, "load1:8765", "no port: fio's default 8765");
	is_str(l.hosts[1].label, "10.0.0.2:8801", "address and port");
	is_str(l.hosts[2].host, "fe80::1", "IPv6 without its brackets");
	is_str(l.hosts[2].label, "[fe80::1]:9000", "IPv6 labelled with brackets");
	is_int(l.hosts[3].port, 8765, "bare IPv6: the default port");
	client_fio_address(&l.hosts[1], address, sizeof(address));
	is_str(address, "ip:10.0.0.2,8801", "fio's address form for IPv4");
	client_fio_address(&l.hosts[2], address, sizeof(address));
	is_str(address, "ip6:fe80::1,9000", "fio's address form for IPv6");
	is_str(l.hosts[1].dir, "10.0.0.2_8801", "a directory per host and port");
	is_str(l.hosts[2].dir, "fe80__1_9000", "IPv6 directory: plain name characters");
	clients_free(&l);
}

static void refused(const char *list, const char *want)
{
	struct client_list l = { 0 };
	char error[512] = "";

	ok(!clients_add_list(&l, list, error, sizeof(error)), "refused: '%s'", list);
	is_str(error, want, "  ... naming the entry");
	clients_free(&l);
}

static void test_refused(void)
{
	refused("a:0", "invalid client host 'a:0' (port must be 1 to 65535)");
	refused("a:65536", "invalid client host 'a:65536' (port must be 1 to 65535)");
	refused("a:x", "invalid client host 'a:x' (port must be 1 to 65535)");
	refused("a:", "invalid client host 'a:' (port must be 1 to 65535)");
	refused("a,,b", "invalid client host '' (no host)");
	refused(":8801", "invalid client host ':8801' (no host)");
	refused("[::1", "invalid client host '[::1' (expected [IPv6]:PORT)");
	refused("[::1]8801", "invalid client host '[::1]8801' (expected [IPv6]:PORT)");
	/* Two runs on one server would share a directory. */
	refused("a,b:8765,a:8765", "invalid client host 'a:8765' (listed twice)");
}

static void test_file(void)
{
	char path[] = "/tmp/unit-clients.XXXXXX", error[512] = "";
	struct client_list l = { 0 };
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");

	fputs("# load hosts\n  load1:8801  \n\nload2\n", f);
	fclose(f);
	ok(clients_add_file(&l, path, error, sizeof(error)) && l.count == 2 &&
	   !strcmp(l.hosts[0].label, "load1:8801") &&
	   !strcmp(l.hosts[1].label, "load2:8765"),
	   "file: a host a line, comments, blanks and spaces skipped %s", error);
	f = fopen(path, "w");
	fputs("# nobody\n", f);
	fclose(f);
	ok(!clients_add_file(&l, path, error, sizeof(error)) &&
	   strstr(error, "lists no host"), "a file without hosts is refused");
	unlink(path);
	ok(!clients_add_file(&l, path, error, sizeof(error)) &&
	   strstr(error, "No such file"), "a missing file is refused: %s", error);
	clients_free(&l);
}

static void test_options(void)
{
	char *argv[16], error[512] = "";
	struct bench_options o;
	int argc;

	argc = split_command_line("bench --clients a,b:1", argv, 16);
	options_init(&o, "fio", "/e.so");
	ok(options_parse(&o, argc, argv, error, sizeof(error)) == PARSE_OK &&
	   o.clients.count == 2, "--clients parsed into hosts");
	options_free(&o);
	argc = split_command_line("bench --clients a,b:x", argv, 16);
	options_init(&o, "fio", "/e.so");
	ok(options_parse(&o, argc, argv, error, sizeof(error)) == PARSE_ERROR,
	   "a bad host is a usage error");
	is_str(error, "--clients: invalid client host 'b:x' (port must be 1 to 65535)",
	       "  ... naming the option and the host");
	options_free(&o);
	argc = split_command_line("bench --clients a --progress", argv, 16);
	options_init(&o, "fio", "/e.so");
	ok(options_parse(&o, argc, argv, error, sizeof(error)) == PARSE_ERROR,
	   "--progress with --clients: fio servers send no status");
	options_free(&o);
}

/* What made t/data/clients-*.json: 5 files of 128K over 2 threads on
 * each of 127.0.0.1:8801 and localhost:8802. */
static const unsigned int files[] = { 3, 2 };

/* Reduce a phase of @hosts from fio --client's @output and @stderr_text. */
static void reduce_text(const char *output, const char *stderr_text,
			const char *hosts, enum phase phase,
			struct phase_result *per_host,
			struct phase_result *aggregate, unsigned int **completed)
{
	const struct phase_plan plan = { phase, 2, files, 128 << 10, 1, false };
	const struct phase_plan plans[] = { plan, plan };
	/* Where the hosts' per-I/O logs put their first I/O: 30 ms apart. */
	const struct io_span spans[] = { { .first_issue_ms = 1000, .ios = 10 },
					 { .first_issue_ms = 1030, .ios = 10 } };
	struct client_list l = { 0 };
	struct fio_output out;
	char error[512];

	if (!clients_add_list(&l, hosts, error, sizeof(error))) {
		printf("Bail out! %s\n", error);
		exit(1);
	}
	fio_output_parse(&out, output, strlen(output), stderr_text);
	reduce_client_phase(&out, 0, &l, plans, spans, per_host, aggregate,
			    completed);
	fio_output_free(&out);
	clients_free(&l);
}

/* The same from t/data's @json and @err (NULL: nothing on stderr). */
static void reduce_saved(const char *json, const char *err, const char *hosts,
			 enum phase phase, struct phase_result *per_host,
			 struct phase_result *aggregate, unsigned int **completed)
{
	char *output = read_data(json, NULL);
	char *stderr_text = err ? read_data(err, NULL) : NULL;

	reduce_text(output, stderr_text, hosts, phase, per_host, aggregate,
		    completed);
	free(output);
	free(stderr_text);
}

static int near(double got, double want)
{
	return fabs(got - want) <= fabs(want) * 1e-6;
}

static void test_reduce(void)
{
	unsigned int done[2][2], *completed[] = { done[0], done[1] };
	struct phase_result hosts[2], all;

	reduce_saved("clients-write.json", NULL, "127.0.0.1:8801,localhost:8802",
		     PHASE_WRITE, hosts, &all, completed);
	ok(!hosts[0].failed && !hosts[1].failed && !all.failed,
	   "both hosts and the aggregate reduced");
	ok(hosts[0].totals.bytes == 655360 && hosts[0].files == 5 &&
	   near(hosts[0].seconds, 0.052) && hosts[1].files == 5 &&
	   near(hosts[1].seconds, 0.093),
	   "each host: its own jobs only, its slowest job's time");
	ok(done[0][0] == 3 && done[0][1] == 2 && done[1][0] == 3 && done[1][1] == 2,
	   "files completed per host and thread");
	/* Host 0 from 1000 to 1052 ms, host 1 from 1030 to 1123: 123 ms. */
	ok(near(all.seconds, 0.123) && near(all.start_ms, 1000) &&
	   near(all.end_ms, 1123) && near(hosts[1].start_ms, 1030) &&
	   near(hosts[0].end_ms, 1052),
	   "aggregate time: the first host's start to the last one's end (%g s)",
	   all.seconds);
	ok(near(all.mbps, 1310720 / 1048576.0 / 0.123) &&
	   near(all.files_per_sec, 10 / 0.123) &&
	   near(all.iops, (double)all.totals.ios / 0.123),
	   "aggregate MiB/s, files/s, IOPS: the totals over that span (%g MiB/s)",
	   all.mbps);
	ok(all.mbps < hosts[0].mbps + hosts[1].mbps,
	   "... less than the sum of the hosts' rates, which overstates it");
	ok(all.totals.bytes == 1310720 && all.files == 10 && all.planned_files == 10,
	   "aggregate bytes and files summed");
	/* fio's own "All clients" entry: N 20, mean 2226692.55, max 8213753. */
	ok(all.latency.samples == 20 && all.latency.max_ns == 8213753 &&
	   fabs(all.latency.mean_ns - 2226692.55) < 1,
	   "aggregate latency: fio's All clients samples, mean and max");
	ok(all.latency.p50_ns <= all.latency.p99_ns &&
	   all.latency.p99_ns <= all.latency.max_ns,
	   "aggregate percentiles from the merged histograms");

	reduce_saved("clients-read.json", NULL, "127.0.0.1:8801,localhost:8802",
		     PHASE_READ, hosts, &all, NULL);
	ok(!all.failed && near(all.mbps, (double)all.totals.bytes / 1048576.0 /
				       ((all.end_ms - all.start_ms) / 1000)) &&
	   all.files == 10, "read phase: hosts in the other order, total / span");
}

/* The aggregate alone: hosts that start and end apart. */
static void test_aggregate(void)
{
	struct phase_result hosts[3] = {
		{ .seconds = 2.0, .files = 10, .totals = { .bytes = 100 << 20, .ios = 100 } },
		{ .seconds = 1.0, .files = 20, .totals = { .bytes = 200 << 20, .ios = 200 } },
		{ .seconds = 0.5, .files = 30, .totals = { .bytes = 300 << 20, .ios = 300 } },
	};
	/* Host 1 starts first, host 0 ends last: 5000..7000 and 4500..5500. */
	const struct io_span spans[] = { { .first_issue_ms = 5000, .ios = 1 },
					 { .first_issue_ms = 4500, .ios = 1 },
					 { .first_issue_ms = 5200, .ios = 1 } };
	struct phase_result all = { 0 };

	aggregate_hosts(&all, hosts, spans, 3);
	ok(near(all.start_ms, 4500) && near(all.end_ms, 7000) && near(all.seconds, 2.5),
	   "span: the earliest start (host 1) to the latest end (host 0)");
	ok(near(all.mbps, 600 / 2.5) && near(all.files_per_sec, 60 / 2.5) &&
	   near(all.iops, 600 / 2.5) && all.files == 60,
	   "rates: all hosts' totals over that span");
	ok(near(hosts[2].start_ms, 5200) && near(hosts[2].end_ms, 5700),
	   "each host placed by its own start and time");
}

/* A host whose second job started 300 ms after its first, each 1 s long. */
static void test_jobs_apart(void)
{
	struct phase_result hosts[2] = {
		{ .seconds = 1.0, .files = 10, .totals = { .bytes = 130 << 20, .ios = 130 } },
		{ .seconds = 1.0, .files = 10, .totals = { .bytes = 100 << 20, .ios = 100 } },
	};
	const struct io_span spans[] = {
		{ .first_issue_ms = 5000, .last_done_ms = 6300, .ios = 130 },
		{ .first_issue_ms = 5000, .last_done_ms = 5990, .ios = 100 } };
	struct phase_result all = { 0 };

	aggregate_hosts(&all, hosts, spans, 2);
	ok(near(hosts[0].end_ms, 6300) && near(hosts[0].seconds, 1.3) &&
	   near(hosts[0].mbps, 100) && near(hosts[0].iops, 100) &&
	   near(hosts[0].files_per_sec, 10 / 1.3),
	   "a host whose jobs started apart: to its last completion, its rates over that");
	ok(near(hosts[1].end_ms, 6000) && near(hosts[1].seconds, 1.0),
	   "... one whose last completion is within its time: fio's time");
	ok(near(all.end_ms, 6300) && near(all.seconds, 1.3) && near(all.mbps, 230 / 1.3),
	   "the aggregate to the later end");
}

static void test_host_down(void)
{
	struct phase_result hosts[2], all;
	char *saved, *first, *lost;

	/* fio --client exits 0 here, with the other host's results alone. */
	reduce_saved("clients-down-read.json", "clients-down-read.stderr",
		     "127.0.0.1:8801,localhost:8803", PHASE_READ, hosts, &all, NULL);
	ok(!hosts[0].failed && hosts[1].failed,
	   "the host that answered reduced, the one that did not failed");
	ok(all.failed, "the aggregate fails: no partial figures passed off as whole");
	is_str(all.error,
	       "client host localhost:8803: no results from this host; fio: connect: Connection refused",
	       "the error names the host");

	/*
	 * fio --client says it lost a server without a "fio: " prefix: the
	 * same output, its lines on the refused connection (up to the first
	 * server's) replaced by those.
	 */
	saved = read_data("clients-down-read.json", NULL);
	first = strstr(saved, "\n<vm> ");
	if (!first || asprintf(&lost, "client <localhost>: timeout on SEND_ETA\n"
			       "client: host=localhost disconnected\n%s",
			       first + 1) < 0) {
		printf("Bail out! cannot make the output of a lost host\n");
		exit(1);
	}
	reduce_text(lost, NULL, "127.0.0.1:8801,localhost:8803", PHASE_READ,
		    hosts, &all, NULL);
	free(lost);
	free(saved);
	is_str(all.error,
	       "client host localhost:8803: no results from this host; client <localhost>: timeout on SEND_ETA",
	       "a host fio lost: fio's own line on it");
}

int main(void)
{
	test_list();
	test_refused();
	test_file();
	test_options();
	test_reduce();
	test_aggregate();
	test_jobs_apart();
	test_host_down();
	return done_testing();
}
