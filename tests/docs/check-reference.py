#!/usr/bin/env python3
"""Fails when docs/pooledconvert.md and gst-inspect-1.0 disagree.

For every property the element shows, the reference table must have a row
naming it, with the same default and, for numbers, the same range; and every
enum value must be listed.  The `stats` fields in the reference's table and
in the element's `GstPooledConvert:stats:` doc block (in
plugin/element/gstpooledconvert.c, next to docs/) must be the same fields
with the same types.  The formats of each pad template must be the ones the
Pads table lists for that pad.  Run by meson test with the build's plugin only.
"""
import os
import re
import subprocess
import sys

INHERITED = {"name", "parent", "qos"}


def inspect_text():
    return subprocess.run(["gst-inspect-1.0", "pooledconvert"], check=True,
                          capture_output=True, text=True).stdout


def inspect_pad_formats(text):
    """{pad name: set of formats} from the Pad Templates block."""
    block = text.split("Pad Templates:", 1)[1].split("Element has", 1)[0]
    pads = {}
    for part in re.split(r"^  (?:SINK|SRC) template: ", block, flags=re.M)[1:]:
        name = re.match(r"'(\w+)'", part).group(1)
        m = re.search(r"format: (\{[^}]*\}|\S+)", part)
        pads[name] = set(re.findall(r"(?:\(string\))?(\w+)", m.group(1)))
    return pads


def reference_pad_formats(path):
    """{pad name: set of formats} from the Pads table: `| pad | ... format
    `{ A, B }` ...` or format `A`."""
    pads = {}
    for line in open(path, encoding="utf-8"):
        m = re.match(r"^\| (sink|src) \|.*?format `([^`]*)`", line)
        if m:
            pads[m.group(1)] = set(re.findall(r"\w+", m.group(2)))
    return pads


def inspect_properties(text):
    block = text.split("Element Properties:", 1)[1]
    props = {}
    current = None
    for line in block.splitlines():
        m = re.match(r"^  (\S[\w-]*)\s+: ", line)
        if m:
            current = props.setdefault(m.group(1), {"enum": []})
            continue
        if current is None:
            continue
        m = re.search(r"Range: (\S+) - (\S+) Default: (\S+)", line)
        if m:
            current["range"] = (m.group(1), m.group(2))
            current["default"] = m.group(3)
        m = re.search(r'Enum "\w+" Default: \d+, "([\w-]+)"', line)
        if m:
            current["default"] = m.group(1)
        m = re.match(r"^\s+\((\d+)\): ([\w-]+)\s+- ", line)
        if m:
            current["enum"].append(m.group(2))
    return props


def reference_rows(path):
    rows = {}
    for line in open(path, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[0].startswith("`"):
            name = cells[0].strip("`")
            rows[name] = " ".join(cells[1:]).replace("–", "-").replace("`", "")
    return rows


def reference_stats_fields(path):
    """The `stats` table of the reference: {field: type}."""
    fields = {}
    in_stats = False
    for line in open(path, encoding="utf-8"):
        if line.startswith("#"):
            in_stats = line.strip() == "### `stats`"
            continue
        m = re.match(r"^\| `([\w-]+)` \| (\w+) \|", line)
        if in_stats and m:
            fields[m.group(1)] = m.group(2)
    return fields


def doc_block_stats_fields(path):
    """The fields the `GstPooledConvert:stats:` doc block lists: {field:
    type}, types as GLib names (#guint64 -> guint64, #gchararray -> string)."""
    text = open(path, encoding="utf-8").read()
    m = re.search(r"\* GstPooledConvert:stats:\n(.*?)\*/", text, re.S)
    if not m:
        return None
    fields = {}
    for t, name in re.findall(r"\* \* #(\w+) `([\w-]+)`", m.group(1)):
        fields[name] = "string" if t == "gchararray" else t
    return fields


def check_stats_docs(reference, source):
    problems = []
    table = reference_stats_fields(reference)
    block = doc_block_stats_fields(source)
    if not table:
        problems.append("stats: no field table under ### `stats`")
    if block is None:
        problems.append(f"stats: no GstPooledConvert:stats: doc block in "
                        f"{source}")
        return problems
    for name in sorted(set(table) | set(block)):
        if name not in block:
            problems.append(f"stats field {name}: in the reference, not in "
                            f"the doc block")
        elif name not in table:
            problems.append(f"stats field {name}: in the doc block, not in "
                            f"the reference")
        elif table[name] != block[name]:
            problems.append(f"stats field {name}: {table[name]} in the "
                            f"reference, {block[name]} in the doc block")
    return problems


def main():
    text = inspect_text()
    props = inspect_properties(text)
    rows = reference_rows(sys.argv[1])
    source = os.path.join(os.path.dirname(os.path.abspath(sys.argv[1])),
                          os.pardir, "plugin", "element",
                          "gstpooledconvert.c")
    problems = check_stats_docs(sys.argv[1], os.path.normpath(source))
    documented = reference_pad_formats(sys.argv[1])
    for pad, formats in sorted(inspect_pad_formats(text).items()):
        listed = documented.get(pad)
        if listed is None:
            problems.append(f"pad {pad}: no row with its formats")
        elif listed != formats:
            problems.append(f"pad {pad}: formats differ: only in gst-inspect "
                            f"{sorted(formats - listed)}, only in the "
                            f"reference {sorted(listed - formats)}")
    for name, prop in sorted(props.items()):
        if name in INHERITED:
            continue
        row = rows.get(name)
        if row is None:
            problems.append(f"{name}: no row in the reference")
            continue
        words = set(re.split(r"[\s,()]+", row))
        if "default" in prop and prop["default"] not in words:
            problems.append(f"{name}: default {prop['default']} not in row")
        if "range" in prop and f"{prop['range'][0]} - {prop['range'][1]}" not in row:
            problems.append(f"{name}: range {prop['range']} not in row")
        for value in prop["enum"]:
            if value not in words:
                problems.append(f"{name}: enum value {value} not in row")
    for name in rows:
        if name not in props:
            problems.append(f"{name}: documented but not a property")
    if "stats" not in props:
        problems.append("stats: the element has no stats property")
    for p in problems:
        print("MISMATCH", p)
    print(f"checked {len(props) - len(INHERITED & props.keys())} properties")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
