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

# Every tool and engine option and job file has a cluster case; no cluster.
TESTS += t/coverage.t
EXTRA_DIST += t/coverage.t t/coverage.py

# Every file the project wrote names its licence; no cluster.
TESTS += t/licence.t
EXTRA_DIST += t/licence.t

# No call circle among engine/'s files (scripts/call-circles); no cluster.
TESTS += t/engine-layers.t

# cephfs-tool --version and fio-cephfs --version; no cluster.
TESTS += t/tool-version.t
EXTRA_DIST += t/tool-version.t

# scripts/get-fio-source.sh --tarball: the installed fio's version or a refusal; no cluster.
TESTS += t/get-fio-source.t
EXTRA_DIST += t/get-fio-source.t

check_PROGRAMS += t/cephfs-util
t_cephfs_util_SOURCES = t/cephfs-util.c
t_cephfs_util_LDADD = $(CEPHFS_LIBS)

# The engine's own pure parts, without a cluster.
check_PROGRAMS += t/unit-dirpin
TESTS += t/unit-dirpin
t_unit_dirpin_SOURCES = t/unit-dirpin.c engine/dirpin.c engine/dirpin.h
t_unit_dirpin_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/engine \
	-DTOP_SRCDIR='"$(abs_top_srcdir)"'
t_unit_dirpin_LDADD = $(CEPHFS_LIBS)

check_PROGRAMS += t/unit-escape
TESTS += t/unit-escape
t_unit_escape_SOURCES = t/unit-escape.c engine/escape.c engine/escape.h
t_unit_escape_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/engine \
	-DTOP_SRCDIR='"$(abs_top_srcdir)"'

check_PROGRAMS += t/unit-pathutil
TESTS += t/unit-pathutil
t_unit_pathutil_SOURCES = t/unit-pathutil.c engine/pathutil.c engine/pathutil.h
t_unit_pathutil_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/engine \
	-DTOP_SRCDIR='"$(abs_top_srcdir)"'

# cephfs-tool compare's statistics and comparison (tool/welch.c,
# tool/compare.c) over saved reports; no cluster.
check_PROGRAMS += t/unit-compare
TESTS += t/unit-compare
t_unit_compare_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_compare_LDADD = $(TOOL_UNIT_LDADD)

CLUSTER_TESTS += \
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
	t/tool-compare.t

# Short last blocks (cephfs_clip_to_size), and what fio counts for metadata jobs.
CLUSTER_TESTS += t/engine-tail.t t/tool-tail.t t/engine-mdbytes.t

# Filesystem statistics before and after the iterations (ceph_statfs).
CLUSTER_TESTS += t/tool-fsstats.t
CLUSTER_TESTS += t/tool-fio-ranges-utf8.t

# No value or path crashes fio or the tool (issue 43, item 2).
CLUSTER_TESTS += t/engine-nocrash.t t/tool-nocrash.t

# fdatasync, trim, verify and the end-of-job sync in one job (end_syncfs on fio 3.42).
CLUSTER_TESTS += t/engine-durable.t

TESTS += t/sandbox-start.t $(CLUSTER_TESTS) t/sandbox-stop.t
EXTRA_DIST += t/fio-examples.py t/data/fio-examples.list
EXTRA_DIST += t/lib.sh t/hosts.sh t/expected-skips t/sandbox-start.t t/sandbox-stop.t $(CLUSTER_TESTS)

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
	@tests=; for t in $(TESTS); do \
		case " $(CLUSTER_TESTS) t/sandbox-start.t t/sandbox-stop.t " in \
		*" $$t "*) ;; *) tests="$$tests $$t" ;; esac; \
	done; \
	$(MAKE) $(AM_MAKEFLAGS) check TESTS="$$tests"
.PHONY: check-unit
