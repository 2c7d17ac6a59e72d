# SPDX-License-Identifier: GPL-2.0-only
# --- cephfs-tool: the upstream command line, run through fio ------------
# tool/ in the order of its pipeline: 1-options -> 2-plan (job files) ->
# 3-run -> 4-reduce -> 5-report, beside them 6-compare and 7-clients;
# main.c and bench.c drive the stages.  The pure parts form a library that
# the unit tests link too.
TOOL_INCLUDES = -I$(top_srcdir)/tool -I$(top_srcdir)/tool/1-options \
	-I$(top_srcdir)/tool/2-plan -I$(top_srcdir)/tool/3-run \
	-I$(top_srcdir)/tool/4-reduce -I$(top_srcdir)/tool/5-report \
	-I$(top_srcdir)/tool/6-compare -I$(top_srcdir)/tool/7-clients \
	-I$(top_srcdir)/engine
noinst_LTLIBRARIES += tool/libcephfstool.la
tool_libcephfstool_la_SOURCES = tool/pipeline.h \
	tool/1-options/options.c tool/1-options/options.h \
	tool/1-options/size.c tool/1-options/size.h \
	tool/1-options/via.c tool/1-options/via.h \
	tool/2-plan/jobfile.c tool/2-plan/jobfile.h \
	tool/2-plan/runplan.c tool/2-plan/runplan.h \
	tool/2-plan/fuseargs.c tool/2-plan/fuseargs.h \
	tool/2-plan/io500_plan.c tool/2-plan/io500_plan.h \
	tool/3-run/io500_run.c tool/3-run/io500_run.h \
	tool/4-reduce/io500_jobs.c tool/4-reduce/io500_jobs.h \
	tool/3-run/runner.c tool/3-run/runner.h \
	tool/3-run/progress.c tool/3-run/progress.h \
	tool/4-reduce/fioresult.c tool/4-reduce/fioresult.h \
	tool/4-reduce/fiolog.c tool/4-reduce/fiolog.h \
	tool/4-reduce/perfcounters.c tool/4-reduce/perfcounters.h \
	tool/4-reduce/stats.c tool/4-reduce/stats.h \
	tool/5-report/report.c tool/5-report/report_json.c tool/5-report/report.h \
	tool/5-report/sidebyside.c tool/5-report/sidebyside.h \
	tool/5-report/plot.c tool/5-report/plot.h \
	tool/5-report/utf8safe.c tool/5-report/utf8safe.h \
	tool/6-compare/compare.c tool/6-compare/compare.h \
	tool/6-compare/welch.c tool/6-compare/welch.h \
	tool/7-clients/clients.c tool/7-clients/clients.h \
	tool/7-clients/clientresult.c tool/7-clients/clientresult.h \
	engine/escape.c engine/escape.h engine/pathutil.c engine/pathutil.h \
	engine/settings.c engine/settings.h
# cephfs-tool io500's pure parts: IO500's options, scores and report.
tool_libcephfstool_la_SOURCES += \
	tool/1-options/io500_options.c tool/1-options/io500_options.h \
	tool/4-reduce/io500_score.c tool/4-reduce/io500_score.h \
	tool/5-report/io500_report.c tool/5-report/io500_report.h
tool_libcephfstool_la_CPPFLAGS = $(AM_CPPFLAGS) -D_GNU_SOURCE $(TOOL_INCLUDES)
tool_libcephfstool_la_CFLAGS = $(AM_CFLAGS) $(JSONC_CFLAGS)
tool_libcephfstool_la_LIBADD = $(JSONC_LIBS) -lm

bin_PROGRAMS += tool/cephfs-tool
# The run directory is made and removed through libcephfs with the same
# mount code (and error explanations) as the engine's.
tool_cephfs_tool_SOURCES = tool/main.c tool/bench.c tool/bench.h \
	tool/io500.c tool/io500.h \
	tool/1-options/version.c tool/1-options/version.h \
	tool/1-options/enginepath.c tool/1-options/enginepath.h \
	tool/3-run/preflight.c tool/3-run/preflight.h \
	tool/3-run/elfsymbol.c tool/3-run/elfsymbol.h \
	tool/3-run/rundir.c tool/3-run/rundir.h \
	tool/3-run/io500_dir.c tool/3-run/io500_dir.h \
	tool/3-run/fsstats.c tool/3-run/fsstats.h \
	tool/3-run/fusemount.c tool/3-run/fusemount.h \
	tool/3-run/find.c tool/3-run/find.h \
	tool/7-clients/probe.c tool/7-clients/probe.h \
	engine/mount_cache.c engine/mount_cache.h engine/mount.h \
	engine/mount_config.c engine/mount_config.h \
	engine/mount_explain.c engine/mount_explain.h \
	engine/mount_perf_dump.c engine/mount_perf_dump.h \
	engine/mount_watchdog.c engine/mount_watchdog.h
# Run from the build tree, the tool loads the engine built there (see
# tool/1-options/enginepath.c); installed, the installed one.
tool_cephfs_tool_CPPFLAGS = $(AM_CPPFLAGS) -D_GNU_SOURCE $(TOOL_INCLUDES) \
	-DFIO_DEFAULT='"$(FIO)"' \
	-DINSTALLED_ENGINE='"$(pkglibdir)/fio-cephfs.so"' \
	-DBUILD_TREE_ENGINE='"$(ENGINE_SO)"' \
	-DBUILD_TREE_TOOL='"$(abs_top_builddir)/tool/cephfs-tool$(EXEEXT)"'
tool_cephfs_tool_CFLAGS = $(AM_CFLAGS) $(JSONC_CFLAGS)
tool_cephfs_tool_LDADD = tool/libcephfstool.la $(CEPHFS_LIBS) $(JSONC_LIBS)

dist_man_MANS = tool/cephfs-tool.1


# --- unit tests of the tool's parts (t/local.mk registers them) --------
TOOL_UNIT_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS) $(TOOL_INCLUDES) \
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
t_unit_utf8safe_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_utf8safe_LDADD = $(TOOL_UNIT_LDADD)
t_unit_io500_plan_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_io500_plan_LDADD = $(TOOL_UNIT_LDADD)
# find's predicate: linked alone, as it needs libcephfs but no cluster.
t_unit_find_SOURCES = t/unit-find.c tool/3-run/find.c tool/3-run/find.h
t_unit_find_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_find_LDADD = $(CEPHFS_LIBS)
t_unit_io500_options_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_io500_options_LDADD = $(TOOL_UNIT_LDADD)
t_unit_io500_score_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_io500_score_LDADD = $(TOOL_UNIT_LDADD)
t_unit_io500_report_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS)
t_unit_io500_report_LDADD = $(TOOL_UNIT_LDADD)
# Reads its own exported string, as the tool reads fio's.
t_unit_elfsymbol_SOURCES = t/unit-elfsymbol.c tool/3-run/elfsymbol.c \
	tool/3-run/elfsymbol.h
t_unit_elfsymbol_CPPFLAGS = $(TOOL_UNIT_CPPFLAGS) -DFIO_PROGRAM='"$(FIO)"'
t_unit_elfsymbol_LDFLAGS = -export-dynamic
