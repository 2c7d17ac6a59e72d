# SPDX-License-Identifier: GPL-2.0-only
# --- make fuzz: libFuzzer on what the tool reads from outside ------------
# Three targets: the command line (options_parse, parse_size), the
# settings path from the command line through the job file to the
# engine's decoding (any bytes given arrive as given, or are refused), and
# fio's output file (the reducer and the live status reader).  Each runs for
# FUZZ_SECONDS on the seeds in fuzz/corpus/ (`make -j2 fuzz` runs both at
# once); the issue's acceptance is FUZZ_SECONDS=600.  They are built with
# clang, with the tool's sources compiled in, by rules of their own: the
# rest of the tree may be built by gcc, which has no libFuzzer.
FUZZ_SECONDS = 60
FUZZ_CFLAGS = -g -O1 -fno-omit-frame-pointer \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_LINK = $(MKDIR_P) fuzz && $(FUZZ_CC) $(AM_CFLAGS) $(FUZZ_CFLAGS) -D_GNU_SOURCE \
	-I$(top_builddir) $(TOOL_INCLUDES) \
	$(JSONC_CFLAGS) -o $@
FUZZ_RUN = $(SHELL) $(srcdir)/fuzz/run

FUZZ_OPTIONS_TOOL = $(srcdir)/tool/1-options/options.c \
	$(srcdir)/tool/1-options/size.c $(srcdir)/tool/1-options/via.c \
	$(srcdir)/tool/2-plan/jobfile.c $(srcdir)/tool/2-plan/runplan.c \
	$(srcdir)/tool/7-clients/clients.c \
	$(srcdir)/engine/escape.c $(srcdir)/engine/pathutil.c
FUZZ_OPTIONS_INPUTS = $(srcdir)/fuzz/fuzz-options.c $(FUZZ_OPTIONS_TOOL)
FUZZ_SETTINGS_INPUTS = $(srcdir)/fuzz/fuzz-settings.c $(FUZZ_OPTIONS_TOOL)
FUZZ_REDUCE_INPUTS = $(srcdir)/fuzz/fuzz-reduce.c \
	$(srcdir)/tool/4-reduce/fioresult.c $(srcdir)/tool/3-run/progress.c \
	$(FUZZ_OPTIONS_TOOL)
FUZZ_INCLUDED = config.h $(srcdir)/tool/pipeline.h \
	$(srcdir)/tool/1-options/options.h \
	$(srcdir)/tool/1-options/size.h $(srcdir)/tool/1-options/via.h \
	$(srcdir)/tool/2-plan/jobfile.h $(srcdir)/tool/2-plan/runplan.h \
	$(srcdir)/tool/3-run/progress.h $(srcdir)/tool/4-reduce/fioresult.h \
	$(srcdir)/tool/4-reduce/perfcounters.h $(srcdir)/tool/4-reduce/fiolog.h \
	$(srcdir)/tool/7-clients/clients.h $(srcdir)/engine/escape.h \
	$(srcdir)/engine/clip.h $(srcdir)/engine/ranges.h $(srcdir)/engine/settings.h \
	$(srcdir)/engine/pathutil.h

fuzz/fuzz-options: $(FUZZ_OPTIONS_INPUTS) $(FUZZ_INCLUDED)
	$(AM_V_CCLD)$(FUZZ_LINK) $(FUZZ_OPTIONS_INPUTS)
fuzz/fuzz-settings: $(FUZZ_SETTINGS_INPUTS) $(FUZZ_INCLUDED)
	$(AM_V_CCLD)$(FUZZ_LINK) $(FUZZ_SETTINGS_INPUTS)
fuzz/fuzz-reduce: $(FUZZ_REDUCE_INPUTS) $(FUZZ_INCLUDED)
	$(AM_V_CCLD)$(FUZZ_LINK) $(FUZZ_REDUCE_INPUTS) $(JSONC_LIBS) -lm

# Inputs: a command line is short; fio's output of many jobs is not.
fuzz-run-options: fuzz/fuzz-options
	$(FUZZ_RUN) options 4096 $(FUZZ_SECONDS) $(srcdir)
fuzz-run-settings: fuzz/fuzz-settings
	$(FUZZ_RUN) settings 9000 $(FUZZ_SECONDS) $(srcdir)
fuzz-run-reduce: fuzz/fuzz-reduce
	$(FUZZ_RUN) reduce 65536 $(FUZZ_SECONDS) $(srcdir)

if HAVE_FUZZER
fuzz: fuzz-run-options fuzz-run-settings fuzz-run-reduce
else
fuzz:
	@echo "make fuzz needs clang with libFuzzer's runtime: apt-get install clang libclang-rt-14-dev (Debian 12), then run configure again" >&2
	@exit 1
endif
.PHONY: fuzz fuzz-run-options fuzz-run-settings fuzz-run-reduce

CLEANFILES += fuzz/fuzz-options fuzz/fuzz-settings fuzz/fuzz-reduce \
	fuzz/options.log fuzz/settings.log fuzz/reduce.log
clean-local: clean-fuzz
clean-fuzz:
	rm -rf fuzz/work fuzz/artifacts
.PHONY: clean-fuzz

EXTRA_DIST += fuzz/fuzz-options.c fuzz/fuzz-settings.c fuzz/fuzz-reduce.c \
	fuzz/run fuzz/options.dict fuzz/settings.dict fuzz/reduce.dict fuzz/corpus
