# SPDX-License-Identifier: GPL-2.0-only
# The bench/ harnesses' functions, tested without a cluster.

# bench_py SCRIPT PYTHON: run PYTHON with bench/SCRIPT loaded as module m
# (the harnesses are programs, not modules: no .py).
bench_py() {
	python3 -c 'import importlib.machinery, importlib.util, sys
sys.path.insert(0, sys.argv[1] + "/bench")
loader = importlib.machinery.SourceFileLoader("m", sys.argv[1] + "/bench/" + sys.argv[2])
m = importlib.util.module_from_spec(importlib.util.spec_from_loader("m", loader))
loader.exec_module(m)
exec(sys.argv[3])' "$top_srcdir" "$1" "$2"
}
