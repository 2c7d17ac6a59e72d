# SPDX-License-Identifier: GPL-2.0-only
# --- documentation ---------------------------------------------------------
# The engine's and the wrapper's man pages (cephfs-tool's is in tool/).
dist_man_MANS += doc/fio-cephfs.1 doc/fio-cephfs-engine.7
DOC_FILES = doc/engine.md doc/cephfs-tool.md doc/performance.md \
	doc/reliability.md doc/platforms.md doc/development.md doc/clients.md
EXTRA_DIST += $(DOC_FILES)

# Every option of `cephfs-tool --help` and `fio --enghelp=` is in doc/ and
# the man pages (no cluster); every command example of README.md and
# doc/*.md runs as written (on the sandbox).
TESTS += t/docs-options.t
CLUSTER_TESTS += t/docs-examples.t
EXTRA_DIST += t/docs-options.t t/docs-examples.t t/docs-blocks.py
