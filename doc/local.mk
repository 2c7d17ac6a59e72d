# --- documentation ---------------------------------------------------------
DOC_FILES = doc/engine.md doc/cephfs-tool.md doc/performance.md \
	doc/reliability.md doc/platforms.md doc/development.md
EXTRA_DIST += $(DOC_FILES)
