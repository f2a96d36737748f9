#!/usr/bin/env python3
"""Runs every gst-launch-1.0 line of one section of a Markdown page.

usage: check-launch-lines.py PAGE.md "SECTION HEADING"

The section runs from its "## " heading to the next one.  Lines in ```sh
blocks that start with gst-launch-1.0 (with backslash continuations) are run
with this build's plugin; any that fails, or a section without launch lines,
fails the check.  Each line must end by itself (num-buffers).
"""
import shlex
import subprocess
import sys


def section_lines(path, heading):
    lines, inside = [], False
    for line in open(path, encoding="utf-8"):
        if line.startswith("## "):
            inside = line.strip() == "## " + heading
            continue
        if inside:
            lines.append(line.rstrip("\n"))
    return lines


def launch_lines(lines):
    commands, in_sh, current = [], False, ""
    for line in lines:
        if line.startswith("```"):
            in_sh = line.strip() == "```sh" and not in_sh
            continue
        if not in_sh or (not current and not line.startswith("gst-launch-1.0")):
            continue
        current += line.rstrip("\\").strip() + " "
        if not line.endswith("\\"):
            commands.append(current.strip())
            current = ""
    return commands


def main():
    commands = launch_lines(section_lines(sys.argv[1], sys.argv[2]))
    if not commands:
        print(f"no gst-launch-1.0 lines in section {sys.argv[2]!r}")
        return 1
    failed = 0
    for command in commands:
        result = subprocess.run(shlex.split(command), capture_output=True,
                                text=True, timeout=120)
        ok = result.returncode == 0
        print(("ok     " if ok else "FAILED ") + command)
        if not ok:
            print(result.stdout[-2000:] + result.stderr[-2000:])
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
