# SPDX-License-Identifier: GPL-2.0-only
# --- documentation ---------------------------------------------------------
# The engine's and the wrapper's man pages (cephfs-tool's is in tool/).
dist_man_MANS += doc/fio-cephfs.1 doc/fio-cephfs-engine.7
DOC_FILES = doc/engine.md doc/cephfs-tool.md doc/performance.md \
	doc/reliability.md doc/platforms.md doc/development.md doc/clients.md \
	doc/io500.md
EXTRA_DIST += $(DOC_FILES)
