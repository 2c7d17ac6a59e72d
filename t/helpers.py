#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Which helper files each shell test needs, and whether it sources them.

usage: helpers.py TOP_SRCDIR

For every t/*.t and t/*.sh, prints one line per helper file it calls into
without sourcing it (itself or through a helper it sources), and one per
helper file it sources but uses nothing of.  Exit 1 if it printed any.

"Calls into" is read from the text, not run: a helper function at a
command's place (line start, after ; & | ( ` { ! ' then do else if while
until, an environment assignment, a quoted assignment's start (a command
kept to run later), or as await's or signal_when's condition), or a helper file's global variable anywhere outside comments.
The helpers looked at are those of the topic files t/lib.sh sends tests
to; t/tool-lib.sh and t/hosts.sh are counted as sourced but their names
(bench, at, listing...) are too common to look for.
"""
import glob
import os
import re
import sys

TOPICS = ['cluster', 'libcephfs', 'timing', 'faults', 'servers', 'held', 'matrix', 'fuse']
SOURCE = re.compile(r'^\s*\. "(?:\$\(dirname "\$0"\)|\$top_srcdir/t)/([\w-]+\.sh)"', re.M)
COMMAND_PLACE = (r"(?:^|[;&|(`{!']|=\"|\bthen|\bdo|\belse|\bif|\bwhile|\buntil"
                 r"|\bawait\s+\S+|\bsignal_when\s+\S+)\s*(?:[A-Za-z_]\w*=\S*\s+)*")


def code_of(path):
    with open(path) as f:
        return ''.join(line for line in f if not line.lstrip().startswith('#'))


def definitions(path):
    functions, variables = set(), set()
    with open(path) as f:
        for line in f:
            m = re.match(r'^([a-z_]\w*)\(\)', line)
            if m:
                functions.add(m.group(1))
            m = re.match(r'^([A-Za-z_]\w*)=', line) or re.match(r'^: "\$\{(\w+):=', line)
            if m:
                variables.add(m.group(1))
    return functions, variables


def main(top):
    os.chdir(top)
    owner = {}
    for topic in TOPICS:
        path = 't/%s.sh' % topic
        functions, variables = definitions(path)
        for name in functions:
            owner[name] = (path, re.compile(COMMAND_PLACE + re.escape(name) + r'(?![\w-])', re.M))
        for name in variables:
            owner[name] = (path, re.compile(r'(?<![\w-])' + re.escape(name) + r'(?!\w)'))

    def sourced(path, seen):
        with open(path) as f:
            for name in SOURCE.findall(f.read()):
                dep = 't/' + name
                if dep not in seen:
                    seen.append(dep)
                    sourced(dep, seen)
        return seen

    def used(path):
        code = code_of(path)
        own = set(re.findall(r'^\s*([A-Za-z_]\w*)(?:\(\)|=)', code, re.M))
        return {owner[name][0] for name in owner
                if owner[name][0] != path and name not in own
                and owner[name][1].search(code)}

    problems = 0
    for path in sorted(glob.glob('t/*.t') + glob.glob('t/*.sh')):
        reach = set(sourced(path, [])) | {path}
        needs = used(path)
        for helper in sorted(needs - reach):
            print('%s: calls into %s without sourcing it' % (path, helper))
            problems += 1
        with open(path) as f:
            direct = ['t/' + n for n in SOURCE.findall(f.read())]
        for helper in direct:
            if helper[2:-3] in TOPICS and not needs & (set(sourced(helper, [])) | {helper}):
                print('%s: sources %s but uses nothing of it' % (path, helper))
                problems += 1
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1]))
