# SPDX-License-Identifier: GPL-2.0-only
# --- cephfs-tool: the upstream command line, run through fio ------------
# The pure parts (options, sizes, job file, fio JSON reduction, report,
# statistics, progress) form a library that the unit tests link too.
noinst_LTLIBRARIES += tool/libcephfstool.la
tool_libcephfstool_la_SOURCES = \
	tool/options.c tool/options.h \
	tool/size.c tool/size.h \
	tool/stats.c tool/stats.h \
	tool/jobfile.c tool/jobfile.h \
	tool/fioresult.c tool/fioresult.h \
	tool/clients.c tool/clients.h \
	tool/clientresult.c tool/clientresult.h \
	tool/fiolog.c tool/fiolog.h \
	tool/plot.c tool/plot.h \
	tool/progress.c tool/progress.h \
	tool/perfcounters.c tool/perfcounters.h \
	tool/report.c tool/report_json.c tool/report.h \
	tool/welch.c tool/welch.h tool/compare.c tool/compare.h \
	tool/via.c tool/via.h tool/fuseargs.c tool/fuseargs.h \
	tool/sidebyside.c tool/sidebyside.h \
	tool/runplan.c tool/runplan.h \
	tool/runner.c tool/runner.h \
	tool/utf8safe.c tool/utf8safe.h \
	engine/escape.c engine/escape.h engine/pathutil.c engine/pathutil.h
tool_libcephfstool_la_CPPFLAGS = $(AM_CPPFLAGS) -D_GNU_SOURCE -I$(top_srcdir)/engine
tool_libcephfstool_la_CFLAGS = $(AM_CFLAGS) $(JSONC_CFLAGS)
tool_libcephfstool_la_LIBADD = $(JSONC_LIBS) -lm

bin_PROGRAMS += tool/cephfs-tool
# The run directory is made and removed through libcephfs with the same
# mount code (and error explanations) as the engine's.
tool_cephfs_tool_SOURCES = tool/main.c tool/bench.c tool/bench.h \
	tool/rundir.c tool/rundir.h \
	tool/fsstats.c tool/fsstats.h \
	tool/probe.c tool/probe.h tool/preflight.c tool/preflight.h \
	tool/elfsymbol.c tool/elfsymbol.h \
	tool/enginepath.c tool/enginepath.h tool/version.c tool/version.h \
	tool/fusemount.c tool/fusemount.h \
	engine/mount_cache.c engine/mount_cache.h engine/mount.h engine/mount_config.c engine/mount_config.h engine/mount_explain.c engine/mount_explain.h engine/mount_perf_dump.c engine/mount_perf_dump.h engine/mount_watchdog.c engine/mount_watchdog.h
# Run from the build tree, the tool loads the engine built there (see
# tool/enginepath.c); installed, the installed one.
tool_cephfs_tool_CPPFLAGS = $(AM_CPPFLAGS) -D_GNU_SOURCE -I$(top_srcdir)/engine \
	-DFIO_DEFAULT='"$(FIO)"' \
	-DINSTALLED_ENGINE='"$(pkglibdir)/fio-cephfs.so"' \
	-DBUILD_TREE_ENGINE='"$(ENGINE_SO)"' \
	-DBUILD_TREE_TOOL='"$(abs_top_builddir)/tool/cephfs-tool$(EXEEXT)"'
tool_cephfs_tool_CFLAGS = $(AM_CFLAGS) $(JSONC_CFLAGS)
tool_cephfs_tool_LDADD = tool/libcephfstool.la $(CEPHFS_LIBS) $(JSONC_LIBS)

dist_man_MANS = tool/cephfs-tool.1


# --- unit tests: no cluster ---------------------------------------------
TOOL_UNIT_TESTS = t/unit-size t/unit-options t/unit-stats t/unit-jobfile \
	t/unit-reduce t/unit-progress t/unit-clients t/unit-plot \
	t/unit-perfcounters t/unit-via t/unit-runner t/unit-runplan
check_PROGRAMS += $(TOOL_UNIT_TESTS)
TESTS += $(TOOL_UNIT_TESTS)
EXTRA_DIST += t/tap.h t/data
TOOL_UNIT_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS) -I$(top_srcdir)/tool \
	-I$(top_srcdir)/engine \
	-D_GNU_SOURCE -DTOP_SRCDIR='"$(abs_top_srcdir)"'
TOOL_UNIT_LDADD = tool/libcephfstool.la $(JSONC_LIBS)
t_unit_size_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_size_LDADD = $(TOOL_UNIT_LDADD)
t_unit_options_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_options_LDADD = $(TOOL_UNIT_LDADD)
t_unit_stats_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_stats_LDADD = $(TOOL_UNIT_LDADD)
t_unit_jobfile_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_jobfile_LDADD = $(TOOL_UNIT_LDADD)
t_unit_reduce_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_reduce_LDADD = $(TOOL_UNIT_LDADD)
t_unit_progress_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_progress_LDADD = $(TOOL_UNIT_LDADD)
t_unit_clients_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_clients_LDADD = $(TOOL_UNIT_LDADD)
t_unit_plot_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_plot_LDADD = $(TOOL_UNIT_LDADD)
t_unit_perfcounters_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_perfcounters_LDADD = $(TOOL_UNIT_LDADD)
t_unit_via_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_via_LDADD = $(TOOL_UNIT_LDADD)
t_unit_runner_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_runner_LDADD = $(TOOL_UNIT_LDADD)
t_unit_runplan_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_runplan_LDADD = $(TOOL_UNIT_LDADD)
TOOL_UNIT_TESTS += t/unit-utf8safe
t_unit_utf8safe_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_utf8safe_LDADD = $(TOOL_UNIT_LDADD)
# Reads its own exported string, as the tool reads fio's.
check_PROGRAMS += t/unit-elfsymbol
TESTS += t/unit-elfsymbol
t_unit_elfsymbol_SOURCES = t/unit-elfsymbol.c tool/elfsymbol.c tool/elfsymbol.h
t_unit_elfsymbol_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS) -DFIO_PROGRAM='"$(FIO)"'
t_unit_elfsymbol_LDFLAGS = -export-dynamic

# --- tests with the sandbox cluster, and the command line without -------
CLUSTER_TESTS += t/tool-bench.t t/tool-options.t t/tool-errors.t t/tool-clients.t \
	t/tool-coverage.t \
	t/tool-cold-read.t \
	t/tool-plot.t \
	t/tool-verify.t t/tool-signals.t t/tool-trust.t \
	t/tool-via.t t/tool-budget.t \
	t/tool-keep-job.t t/tool-ownership.t
TESTS += t/tool-usage.t t/uninstalled.t
EXTRA_DIST += t/tool-lib.sh t/tool-usage.t t/uninstalled.t

# --clients across test hosts in network namespaces (t/hosts.sh).
CLUSTER_TESTS += t/tool-hosts.t
