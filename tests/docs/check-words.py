#!/usr/bin/env python3
"""Fails when the tree speaks of its tracker or its history instead of
the project: ticket numbers and the other tracker words of PATTERNS below,
branches, commit hashes of runs and dates of runs, in docs,
comments, scripts and CI.  A measurement says what was measured, with the
command that reproduces it, and why; where the code stood when it ran is
what git log is for.

usage: check-words.py SOURCE_ROOT
"""
import os
import re
import sys

WORDS = [
    (r"\bissue\s*#?\d+", "an issue number"),
    (r"\bthe (?:\w+ )?issue(?:'s)?\b|\bissue's\b", "the issue"),
    (r"\bjudges?\b", "judges"),
    (r"\bhidden\s+set\b", "a hidden test set"),
    (r"\bprototypes?\b", "prototypes"),
    (r"\btickets?\b", "a ticket"),
    (r"\bthis branch\b|`\w+` branch\b|\bbranch `\w+`", "a branch"),
    (r"\bthis stop\b", "this stop"),
    (r"\bseed threads?\b", "seed threads"),
    (r"\b(?:commit|at)\s+`?[0-9a-f]{7,40}\b", "a commit hash"),
    (r"\b20\d\d-[01]\d-[0-3]\d\b", "a date"),
]
PATTERNS = [(re.compile(p, re.I), what) for p, what in WORDS]

TEXT_SUFFIXES = (".md", ".c", ".h", ".py", ".sh", ".orc", ".build", ".txt",
                 ".ini")
SKIP_DIRS = {".git", "subprojects", "corpus", "regressions"}

# Text whose words are rewritten together with the code it describes
# (the row kernels and the conversion plan): a path, or a path and the
# heading of the section.  Remove an entry once its text is clean; an
# entry that matches nothing fails, so none outlives its reason.
PENDING = []
# this file names the words it looks for
SELF = os.path.join("tests", "docs", "check-words.py")


def text_files(root):
    for top, dirs, files in os.walk(root):
        rel_top = os.path.relpath(top, root)
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and
                         not (rel_top == "." and d.startswith("build")))
        for name in sorted(files):
            path = os.path.join(top, name)
            rel = os.path.normpath(os.path.relpath(path, root))
            in_script_dir = rel.startswith((".ci" + os.sep,
                                            "scripts" + os.sep))
            if rel == SELF:
                continue
            if name.endswith(TEXT_SUFFIXES) or name == "meson.build" or \
                    in_script_dir:
                yield rel, path


def pending_entry(rel, heading):
    """The PENDING entry that exempts a line of @rel under @heading."""
    for entry in PENDING:
        path, section = entry
        if rel == path and (section is None or section == heading):
            return entry
    return None


def main():
    root = sys.argv[1]
    found = []
    used = set()
    for rel, path in text_files(root):
        try:
            lines = open(path, encoding="utf-8").read().splitlines()
        except UnicodeDecodeError:
            continue
        heading = None
        for number, line in enumerate(lines, 1):
            if rel.endswith(".md") and line.startswith("## "):
                heading = line
            for pattern, what in PATTERNS:
                if not pattern.search(line):
                    continue
                entry = pending_entry(rel, heading)
                if entry is not None:
                    used.add(entry)
                else:
                    found.append("%s:%d: %s: %s" % (rel, number, what,
                                                    line.strip()))
    for line in found:
        print(line)
    stale = [entry for entry in PENDING if entry not in used]
    for path, section in stale:
        print("PENDING entry %s %s has nothing left to exempt: remove it"
              % (path, section or "(whole file)"))
    if found or stale:
        print("%d lines speak of the tracker or of past runs" % len(found))
        return 1
    print("no tracker words, hashes or dates of runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
