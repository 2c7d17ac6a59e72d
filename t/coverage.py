#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Which of NAMES no shell test of TESTS passes to cephfs-tool or fio.

usage: coverage.py NAMES TESTS...

NAMES holds a name a line: a tool option (-c, --conf), an engine option
(cephfs_conf) or a job file (jobs/quickstart.fio).  Printed, one a line,
are those that no test passes:

- an option counts when it is a word of a command that runs the tool or
  fio: after "$TOOL", "$FIO" or a call of a function whose body runs one
  (bench, cephfs_fio, md_fio, ...), up to the end of that command (a
  newline, ;, |, &, a parenthesis or a backquote); an engine
  option also as "--NAME=VALUE" there, or as a "NAME=" line of a job file
  the test writes (an unquoted here-document, or a word "NAME=VALUE" given
  to a function that writes one) or of a job file it runs;
- a job file counts when a test names it, or jobs/*.fio, outside a
  comment; its option lines then count as passed to fio.

The files a test sources (". .../t/NAME.sh") are read with it.  Words
inside quotes with blanks in them (descriptions, expected text) never
count, nor do comments.
"""
import glob
import os
import re
import sys

RUNNERS = {"$TOOL", "$FIO", "fio"}


SEPARATORS = (";", "|", "&", "(", ")", "`", "\n")
HEREDOC = "\0heredoc"


def words(text):
    """The words of shell text, quotes removed, a newline a word of its
    own; a word that had a blank inside quotes keeps it, so it matches
    nothing."""
    out, word, i, quote, depth = [], None, 0, None, 0
    while i < len(text):
        c = text[i]
        if quote == "'":
            if c == "'":
                quote = None
            else:
                word += c
        elif quote == '"':
            if c == "\\" and i + 1 < len(text):
                word += text[i + 1]
                i += 1
            elif c == "(" and (depth or text[i - 1] == "$"):
                depth += 1
                word += c
            elif c == ")" and depth:
                depth -= 1
                word += c
            elif c == '"' and not depth:
                quote = None
            else:
                word += c
        elif c in "'\"":
            quote = c
            word = word if word is not None else ""
        elif c == "\\" and i + 1 < len(text):
            word = (word or "") + text[i + 1]
            i += 1
        elif c.isspace() or c in SEPARATORS:
            if word is not None:
                out.append(word)
            word = None
            if c in SEPARATORS:
                out.append(c)
        elif c == "#" and word is None:
            while i + 1 < len(text) and text[i + 1] != "\n":
                i += 1
        else:
            word = (word or "") + c
        i += 1
    if word is not None:
        out.append(word)
    return out


def parse(path):
    """A shell file's words (an unquoted here-document's place marked) and
    the lines of its unquoted here-documents."""
    text = open(path).read().replace("\\\n", " ")
    lines, docs, heredoc = [], [], None
    for line in text.split("\n"):
        if heredoc:
            if line.strip() == heredoc[0]:
                heredoc = None
            elif not heredoc[1]:
                docs.append(line)
            continue
        m = re.search(r"<<-?\s*(['\"]?)(\w+)\1", line)
        if m:
            heredoc = (m.group(2), bool(m.group(1)))
            if not m.group(1):
                line += " " + HEREDOC
        lines.append(line)
    return words("\n".join(lines)), docs


def sourced(path, seen):
    seen.append(path)
    for line in open(path):
        m = re.match(r'\s*\.\s+.*/(\w[\w.-]*\.sh)"?\s*$', line)
        if m:
            lib = os.path.join(os.path.dirname(path), m.group(1))
            if os.path.exists(lib) and lib not in seen:
                sourced(lib, seen)
    return seen


def main():
    names = [n for n in open(sys.argv[1]).read().split("\n") if n]
    files = []
    for test in sys.argv[2:]:
        for path in sourced(test, []):
            if path not in files:
                files.append(path)
    parsed = {f: parse(f) for f in files}

    # Functions whose body runs the tool or fio, to a fixed point, and
    # those that write a here-document (a job file).
    runners = set(RUNNERS)
    bodies, writers = {}, set()
    for w, _ in parsed.values():
        i = 0
        while i < len(w):
            if (re.fullmatch(r"\w+", w[i]) and w[i + 1:i + 3] == ["(", ")"] and
                    (i == 0 or w[i - 1] in SEPARATORS)):
                name, j, depth = w[i], i + 3, 0
                while j < len(w):
                    depth += (w[j] == "{") - (w[j] == "}")
                    if w[j] == "}" and not depth:
                        break
                    j += 1
                bodies[name] = w[i + 3:j]
                if HEREDOC in bodies[name]:
                    writers.add(name)
            i += 1
    changed = True
    while changed:
        changed = False
        for name, body in bodies.items():
            if name not in runners and any(x in runners or x.endswith("/cephfs-tool")
                                           for x in body):
                runners.add(name)
                changed = True

    passed, job_lines, mentioned = set(), set(), set()
    for w, docs in parsed.values():
        for line in docs:
            job_lines.add(line.split("=")[0].strip())
        running = writing = False
        for x in w:
            if x in SEPARATORS:
                running = writing = False
            elif x in runners or x.endswith("/cephfs-tool"):
                running = True
            elif x in writers:
                writing = True
            elif running:
                passed.add(x.split("=")[0] if x.startswith("--") else x)
            elif writing and re.match(r"\w+=", x):
                job_lines.add(x.split("=")[0])
            m = re.search(r"jobs/([\w*.-]+\.fio)", x)
            if m:
                mentioned.add(m.group(1))

    jobs_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "jobs")
    for job in glob.glob(os.path.join(jobs_dir, "*.fio")):
        base = os.path.basename(job)
        if base in mentioned or "*.fio" in mentioned:
            mentioned.add(base)
            for line in open(job):
                if re.match(r"\w+=", line):
                    job_lines.add(line.split("=")[0])

    for n in names:
        if n.startswith("jobs/"):
            ok = os.path.basename(n) in mentioned
        elif n.startswith("-"):
            ok = n in passed
        else:
            ok = "--" + n in passed or n in job_lines
        if not ok:
            print(n)


main()
