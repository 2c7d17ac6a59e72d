# SPDX-License-Identifier: GPL-2.0-only
# --- performance harness: make bench (not a test; it reports, never fails
# on a missed target).  Starts its own sandbox in bench/work unless
# CEPH_CONF names a cluster.  make bench BENCH_ARGS=--quick for one short
# run; bench/run --help lists the rest.
#
# The raw loop is built by `make bench` only: nothing else needs it.
EXTRA_PROGRAMS = bench/raw-loop
bench_raw_loop_SOURCES = bench/raw-loop.c
bench_raw_loop_LDADD = $(CEPHFS_LIBS) -lpthread
CLEANFILES += bench/raw-loop bench/results.json bench/vs-original.json bench/meta.json \
	bench/vs-fuse.json
EXTRA_DIST += bench/run bench/vs-original bench/meta bench/harness.py bench/vs-fuse
CLEANFILES += bench/vs-io500.json
EXTRA_DIST += bench/vs-io500 bench/build-io500 bench/mds-settle
# The harnesses' runs as data, doc/performance.md showing the latest and
# linking here: the dist takes every file there, so none is left out.
dist-hook: dist-bench-results
dist-bench-results:
	$(MKDIR_P) $(distdir)/bench/results
	cp -p $(srcdir)/bench/results/*.json $(distdir)/bench/results/
.PHONY: dist-bench-results

BENCH_ARGS =
BENCH_DIR = $(abs_top_builddir)/bench
# Where the native async path exists, the harness measures it against the
# emulated one and the raw loop's --qd.
if HAVE_CEPH_NONBLOCKING_IO
BENCH_NATIVE = --native-async
endif
bench: all bench/raw-loop
	$(srcdir)/bench/run --raw-loop=$(BENCH_DIR)/raw-loop \
		--engine=$(ENGINE_SO) --fio=$(FIO) \
		--sandbox=$(abs_top_srcdir)/scripts/ceph-sandbox \
		--workdir=$(BENCH_DIR)/work --json=$(BENCH_DIR)/results.json \
		$(BENCH_NATIVE) $(BENCH_ARGS)
.PHONY: bench

# cephfs-tool bench against the original cephfs-tool (a binary built from
# Ceph's src/tools/cephfs/cephfs-tool.cc), alternately on one cluster:
# make bench-vs-original ORIGINAL=/path/to/cephfs-tool.  Without ORIGINAL
# it says so and does nothing.
ORIGINAL =
VS_ORIGINAL_ARGS =
bench-vs-original: all
	$(srcdir)/bench/vs-original --original='$(ORIGINAL)' \
		--tool=$(abs_top_builddir)/tool/cephfs-tool \
		--engine=$(ENGINE_SO) --fio=$(FIO) \
		--sandbox=$(abs_top_srcdir)/scripts/ceph-sandbox \
		--workdir=$(BENCH_DIR)/vs-work --json=$(BENCH_DIR)/vs-original.json \
		$(VS_ORIGINAL_ARGS)
.PHONY: bench-vs-original

# Metadata operations: the engine against the raw loop and, given
# MDTEST=/path/to/mdtest (IOR's, built with --with-cephfs), mdtest.
# Without MDTEST the mdtest column is skipped with the reason.
MDTEST =
BENCH_META_ARGS =
bench-meta: all bench/raw-loop
	$(srcdir)/bench/meta --raw-loop=$(BENCH_DIR)/raw-loop \
		--engine=$(ENGINE_SO) --fio=$(FIO) --mdtest='$(MDTEST)' \
		--sandbox=$(abs_top_srcdir)/scripts/ceph-sandbox \
		--workdir=$(BENCH_DIR)/meta-work --json=$(BENCH_DIR)/meta.json \
		$(BENCH_META_ARGS)
.PHONY: bench-meta

# libcephfs against ceph-fuse, through cephfs-tool bench --via on one
# cluster: the ratios and the targets of doc/clients.md.
VS_FUSE_ARGS =
bench-vs-fuse: all
	$(srcdir)/bench/vs-fuse --tool=$(abs_top_builddir)/tool/cephfs-tool \
		--engine=$(ENGINE_SO) --fio=$(FIO) \
		--sandbox=$(abs_top_srcdir)/scripts/ceph-sandbox \
		--workdir=$(BENCH_DIR)/fuse-work --json=$(BENCH_DIR)/vs-fuse.json \
		$(VS_FUSE_ARGS)
.PHONY: bench-vs-fuse

# cephfs-tool io500 against the official IO500 (IOR's CEPHFS backend),
# alternately on one cluster.  IO500=/path/to/io500, else
# bench/build-io500's build, made when missing.
IO500 =
VS_IO500_ARGS =
bench-vs-io500: all
	$(srcdir)/bench/vs-io500 --io500='$(IO500)' \
		--tool=$(abs_top_builddir)/tool/cephfs-tool \
		--engine=$(ENGINE_SO) --fio=$(FIO) \
		--sandbox=$(abs_top_srcdir)/scripts/ceph-sandbox \
		--workdir=$(BENCH_DIR)/io500-work --json=$(BENCH_DIR)/vs-io500.json \
		$(VS_IO500_ARGS)
.PHONY: bench-vs-io500

clean-local: clean-bench
clean-bench:
	-$(top_srcdir)/scripts/ceph-sandbox stop $(BENCH_DIR)/work/sandbox
	-$(top_srcdir)/scripts/ceph-sandbox stop $(BENCH_DIR)/vs-work/sandbox
	-$(top_srcdir)/scripts/ceph-sandbox stop $(BENCH_DIR)/meta-work/sandbox
	-$(top_srcdir)/scripts/ceph-sandbox stop $(BENCH_DIR)/fuse-work/sandbox
	-$(top_srcdir)/scripts/ceph-sandbox stop $(BENCH_DIR)/io500-work/sandbox
	rm -rf bench/work bench/vs-work bench/meta-work bench/fuse-work bench/io500-work
.PHONY: clean-bench
