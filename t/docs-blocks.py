#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The fenced code blocks of Markdown files, for t/docs-examples.t.

usage: docs-blocks.py OUTDIR FILE...

Every fenced block must name its language (`text` for output).  A block
of `sh` or `ini` must follow, on the line just before its opening fence,
one of
    <!-- example -->              run it with sh -e
    <!-- example: file NAME -->   write it to NAME (for a later example)
    <!-- not run: REASON -->      say why not
Writes each block to OUTDIR/N and prints a manifest line per block,
"N<TAB>run|file|skip<TAB>FILE:LINE<TAB>NAME or REASON", and a line
"ERROR<TAB>FILE:LINE<TAB>what" for each block that breaks the rules.
"""
import os
import re
import sys

outdir, files = sys.argv[1], sys.argv[2:]
n = 0
marker_re = re.compile(r'^<!--\s*(example(?::\s*file\s+(\S+))?|not run:\s*(.+?))\s*-->$')
for path in files:
    lines = open(path, encoding='utf-8').read().split('\n')
    name = os.path.relpath(path, os.environ.get('top_srcdir', '.'))
    i = 0
    while i < len(lines):
        m = re.match(r'^(`{3,})(.*)$', lines[i])
        if not m:
            i += 1
            continue
        fence, lang = m.group(1), m.group(2).strip()
        start = i + 1
        body = []
        i += 1
        while i < len(lines) and not lines[i].startswith(fence):
            body.append(lines[i])
            i += 1
        i += 1
        where = '%s:%d' % (name, start)
        if not lang:
            print('ERROR\t%s\ta fenced block without a language (text for output)' % where)
            continue
        marker = marker_re.match(lines[start - 2]) if start >= 2 else None
        if lang not in ('sh', 'ini'):
            continue
        if not marker:
            print('ERROR\t%s\ta %s block without <!-- example -->, '
                  '<!-- example: file NAME --> or <!-- not run: why -->' % (where, lang))
            continue
        n += 1
        with open(os.path.join(outdir, str(n)), 'w') as f:
            f.write('\n'.join(body) + '\n')
        if marker.group(3):
            print('%d\tskip\t%s\t%s' % (n, where, marker.group(3)))
        elif marker.group(2):
            print('%d\tfile\t%s\t%s' % (n, where, marker.group(2)))
        else:
            print('%d\trun\t%s\t' % (n, where))
