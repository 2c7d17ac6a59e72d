#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Regenerate the build system (configure, Makefile.in, build-aux/).
set -e
cd "$(dirname "$0")"
autoreconf -fi
