# cephfs-tool: filled in by the tool work.
