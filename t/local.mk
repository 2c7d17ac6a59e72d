# SPDX-License-Identifier: GPL-2.0-only
# Tests: TAP under automake's tap-driver.sh.  Shell tests end in .t; unit
# test programs print TAP too.  One sandbox cluster serves a whole
# `make check`: t/sandbox-start.t starts it before every cluster test,
# t/sandbox-stop.t stops it after all of them, whatever their results.
TEST_EXTENSIONS = .t
T_LOG_DRIVER = env AM_TAP_AWK='$(AWK)' $(SHELL) $(top_srcdir)/build-aux/tap-driver.sh
# A test file that hangs fails alone instead of holding the whole suite
# (and CI's clock): the longest file takes a few minutes even beside two
# other suites, so 20 minutes is a hang.  timeout signals the file's
# whole process group, its fio and tool processes with it.
TEST_FILE_TIMEOUT = 1200
T_LOG_COMPILER = timeout -k 30 $(TEST_FILE_TIMEOUT) $(SHELL)
LOG_DRIVER = $(T_LOG_DRIVER)

SANDBOX_DIR = $(abs_top_builddir)/t/sandbox
AM_TESTS_ENVIRONMENT = \
	top_srcdir='$(abs_top_srcdir)'; top_builddir='$(abs_top_builddir)'; \
	FIO='$(FIO)'; ENGINE_SO='$(ENGINE_SO)'; pkglibdir='$(pkglibdir)'; \
	SANDBOX_DIR='$(SANDBOX_DIR)'; \
	CEPHFS_UTIL='$(abs_top_builddir)/t/cephfs-util'; \
	FIO_SOURCE='$(FIO_SOURCE)'; \
	TEST_WRAPPER="$${TEST_WRAPPER-}"; \
	export top_srcdir top_builddir FIO ENGINE_SO pkglibdir SANDBOX_DIR CEPHFS_UTIL FIO_SOURCE TEST_WRAPPER;

# --- the tests: each is registered here and nowhere else, a name a line -
# (t/README says how to write one and which list it goes in.)
# Unit test programs (t/unit-*.c with t/tap.h): no cluster.  Each one's
# sources and flags are defined beside what it tests: the tool's in
# tool/local.mk, the engine's below.
UNIT_TESTS = \
	t/unit-size \
	t/unit-options \
	t/unit-stats \
	t/unit-jobfile \
	t/unit-reduce \
	t/unit-progress \
	t/unit-clients \
	t/unit-plot \
	t/unit-perfcounters \
	t/unit-via \
	t/unit-runner \
	t/unit-runplan \
	t/unit-utf8safe \
	t/unit-elfsymbol \
	t/unit-dirpin \
	t/unit-escape \
	t/unit-pathutil \
	t/unit-compare \
	t/unit-intervals \
	t/unit-mdscounters \
	t/unit-io500-options \
	t/unit-io500-score \
	t/unit-io500-report \
	t/unit-find \
	t/unit-entries \
	t/unit-io500-plan

# Shell tests (t/*.t) that need no cluster.
NO_CLUSTER_TESTS = \
	t/tool-usage.t \
	t/uninstalled.t \
	t/docs-options.t \
	t/bench-vs-original.t \
	t/coverage.t \
	t/licence.t \
	t/tool-version.t \
	t/get-fio-source.t \
	t/tests.t \
	t/call-circles.t \
	t/bench-vs-io500.t

# Shell tests on the sandbox cluster, which t/sandbox-start.t starts
# before all of them and t/sandbox-stop.t stops after.
CLUSTER_TESTS = \
	t/tool-bench.t \
	t/tool-options.t \
	t/tool-errors.t \
	t/tool-clients.t \
	t/tool-coverage.t \
	t/tool-cold-read.t \
	t/tool-plot.t \
	t/tool-verify.t \
	t/tool-signals.t \
	t/tool-trust.t \
	t/tool-via.t \
	t/tool-budget.t \
	t/tool-keep-job.t \
	t/tool-ownership.t \
	t/tool-hosts.t \
	t/docs-examples.t \
	t/engine-smoke.t \
	t/engine-io.t \
	t/engine-sync.t \
	t/engine-mounts.t \
	t/engine-settings.t \
	t/engine-metadata.t \
	t/engine-mdops.t \
	t/engine-dirpin.t \
	t/engine-trim.t \
	t/engine-perms.t \
	t/engine-errors.t \
	t/engine-escaped.t \
	t/engine-confine.t \
	t/engine-async.t \
	t/engine-perf.t \
	t/engine-valgrind.t \
	t/engine-layout.t \
	t/engine-examples.t \
	t/tool-shared.t \
	t/fault-cluster.t \
	t/jobs.t \
	t/tool-upstream.t \
	t/tool-compare.t \
	t/engine-tail.t \
	t/tool-tail.t \
	t/engine-mdbytes.t \
	t/tool-fsstats.t \
	t/tool-fio-ranges-utf8.t \
	t/engine-nocrash.t \
	t/tool-nocrash.t \
	t/engine-durable.t \
	t/tool-intervals.t \
	t/tool-mds.t \
	t/tool-find.t \
	t/engine-entries.t \
	t/tool-io500.t

check_PROGRAMS += $(UNIT_TESTS)
TESTS = $(UNIT_TESTS) $(NO_CLUSTER_TESTS) \
	t/sandbox-start.t $(CLUSTER_TESTS) t/sandbox-stop.t
EXTRA_DIST += $(NO_CLUSTER_TESTS) t/sandbox-start.t $(CLUSTER_TESTS) t/sandbox-stop.t \
	t/README t/tap.h t/data t/expected-skips \
	t/lib.sh t/cluster.sh t/libcephfs.sh t/timing.sh t/faults.sh t/servers.sh \
	t/held.sh t/matrix.sh t/tool-lib.sh t/hosts.sh t/fuse.sh t/bench.sh \
	t/coverage.py t/docs-blocks.py t/fio-examples.py t/helpers.py

# A program the shell tests use to look at the cluster.
check_PROGRAMS += t/cephfs-util
t_cephfs_util_SOURCES = t/cephfs-util.c
t_cephfs_util_LDADD = $(CEPHFS_LIBS)

# tool/3-run/find.c's walk on its own, for t/tool-find.t.
check_PROGRAMS += t/cephfs-find
t_cephfs_find_SOURCES = t/cephfs-find.c tool/3-run/find.c tool/3-run/find.h
t_cephfs_find_CPPFLAGS = $(AM_CPPFLAGS) -D_GNU_SOURCE -I$(top_srcdir)/tool/3-run \
	-I$(top_srcdir)/engine
t_cephfs_find_LDADD = $(CEPHFS_LIBS)

# The engine's own pure parts, without a cluster.
t_unit_dirpin_SOURCES = t/unit-dirpin.c engine/dirpin.c engine/dirpin.h
t_unit_dirpin_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/engine \
	-DTOP_SRCDIR='"$(abs_top_srcdir)"'
t_unit_dirpin_LDADD = $(CEPHFS_LIBS)

t_unit_escape_SOURCES = t/unit-escape.c engine/escape.c engine/escape.h
t_unit_escape_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/engine \
	-DTOP_SRCDIR='"$(abs_top_srcdir)"'

t_unit_pathutil_SOURCES = t/unit-pathutil.c engine/pathutil.c engine/pathutil.h
t_unit_pathutil_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/engine \
	-DTOP_SRCDIR='"$(abs_top_srcdir)"'

t_unit_entries_SOURCES = t/unit-entries.c engine/entries.c engine/entries.h \
	engine/escape.c engine/escape.h
t_unit_entries_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/engine \
	-DTOP_SRCDIR='"$(abs_top_srcdir)"'

# cephfs-tool compare's statistics and comparison (tool/6-compare/)
# over saved reports.
t_unit_compare_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_compare_LDADD = $(TOOL_UNIT_LDADD)

$(CLUSTER_TESTS:.t=.log): t/sandbox-start.log
# The stop waits for the cluster tests of the run, all of them unless
# SANDBOX_RUN_LOGS names fewer: a run of a few cluster tests must (with
# TESTS alone, the stop's dependency on every cluster test's log ran the
# whole suite and reported only the named ones).  check-cluster does both.
SANDBOX_RUN_LOGS = $(CLUSTER_TESTS:.t=.log)
t/sandbox-stop.log: $(SANDBOX_RUN_LOGS)

# make check-cluster T='t/engine-io.t t/engine-trim.t': those cluster tests
# alone, between the sandbox's start and stop.
check-cluster:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS="t/sandbox-start.t $(T) t/sandbox-stop.t" \
		SANDBOX_RUN_LOGS="$(T:.t=.log)"
.PHONY: check-cluster

clean-local: clean-sandbox
clean-sandbox:
	-$(top_srcdir)/scripts/ceph-sandbox stop $(SANDBOX_DIR)
.PHONY: clean-sandbox
CLEANFILES += t/*.matrix

# make check-unit: every test that needs no cluster (the unit programs and
# the command-line tests), in seconds.  The same tests run in `make check`.
check-unit:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS="$(UNIT_TESTS) $(NO_CLUSTER_TESTS)"
.PHONY: check-unit
