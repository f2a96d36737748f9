#!/usr/bin/python3
"""Writes docs/benchmarks.md from one run of pooledconvert-bench: the
command, the machine, the plot, the key tables and the full output.

A block between "<!-- notes -->" and "<!-- /notes -->" in the existing file
(the reading of a run, written by a person) is kept as it is.

usage: mkdoc.py --json RESULTS.json --table TABLE.txt --command CMD
                [--formats-table TABLE.txt --formats-command CMD]
                [--interlaced-table TABLE.txt --interlaced-command CMD]
                [--offdefault-table TABLE.txt --offdefault-command CMD]
                [--nv12-table TABLE.txt --nv12-command CMD]
                [--i420-10-table TABLE.txt --i420-10-command CMD]
                [--p010-table TABLE.txt --p010-command CMD]
                --output docs/benchmarks.md
       mkdoc.py --offdefault-only --offdefault-table TABLE.txt
                --offdefault-command CMD --output docs/benchmarks.md
                (only the off-default section rewritten, the rest kept;
                likewise --nv12-only with --nv12-table, --nv12-command,
                --i420-10-only and --p010-only with theirs)
"""
import argparse
import json
import os
import re
import subprocess


def run(cmd):
    try:
        return subprocess.run(cmd, shell=True, capture_output=True,
                              text=True, check=False).stdout.rstrip()
    except OSError:
        return ""


def simd_flags(flags_line):
    """The SIMD extensions named in lscpu's Flags line."""
    flags = flags_line.split(":", 1)[1].split()
    return [f for f in flags if f.startswith(("sse4", "avx", "ssse3"))]


def machine():
    keep = ("Architecture", "CPU(s)", "Model name", "Thread(s) per core",
            "Core(s) per socket", "Socket(s)", "CPU max MHz", "L1d", "L2",
            "L3", "Flags")
    lines = []
    for line in run("LC_ALL=C lscpu").splitlines():
        key = line.split(":", 1)[0].strip()
        if key in keep or key.startswith(("L1d", "L2", "L3")):
            if key == "Flags":
                line = "Flags (SIMD only):".ljust(34) + " ".join(
                    simd_flags(line))
            lines.append(line)
    lines.append("")
    lines.append(run("free -m"))
    lines.append("")
    lines.append(run("uname -srm"))
    return "\n".join(lines)


def section(table, first_line_prefix):
    """The block of the table starting with a line that starts with the
    prefix, up to the next blank line."""
    lines = table.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(first_line_prefix):
            j = i
            while j < len(lines) and lines[j].strip():
                j += 1
            return "\n".join(lines[i:j])
    return "(not in this run)"


def extra_pass(out, path, command, heading, intro, sections):
    """Appends the tables of a further pass (its output in @path, run as
    @command) under @heading: each (caption, first line) of @sections."""
    if not path or not os.path.exists(path):
        return
    table = open(path).read()
    out.append("## %s\n" % heading)
    out.append(intro)
    out.append("```\n%s\n```\n" % (command or ""))
    for caption, first_line in sections:
        out.append(caption)
        out.append("```\n%s\n```\n" % section(table, first_line))
    out.append("Its full output is `docs/%s`.\n" % os.path.basename(path))


def cpu_model():
    """The CPU's model name and its AVX extensions, from lscpu."""
    model, avx = "?", []
    for line in run("LC_ALL=C lscpu").splitlines():
        if line.startswith("Model name:"):
            model = line.split(":", 1)[1].strip()
        elif line.startswith("Flags:"):
            avx = [f for f in simd_flags(line) if f.startswith("avx")]
    return "%s with %s" % (model, " ".join(avx) or "no AVX")


def offdefault_pass(out, args):
    """The section of the off-default pass (scripts/bench-offdefault.sh)."""
    extra_pass(out, args.offdefault_table, args.offdefault_command,
               "Off the default path",
               "A fourth pass: the requests that take the general walk "
               "(stages.c) instead of a fused one — another colorimetry "
               "(`--colorimetry`, a YUV matrix or range change), another "
               "chroma-site (`--chroma-site`: co-sited rows, re-sited "
               "chroma) or interlaced input — at 720p and 1080p, "
               "pooledconvert on one thread (`own`) against videoconvert "
               "(`vc`) and against the same input bytes on pooledconvert's "
               "default path (`own-default`: progressive caps, nothing "
               "asked of the output), the three measured in the same "
               "interleaved runs of one pooledconvert-bench invocation per "
               "request.  Columns: `own ms`, `def ms`, `vc ms` are medians "
               "of the time per frame; `vc/own` is videoconvert's time over "
               "pooledconvert's (> 1: pooledconvert is faster) and "
               "`own/def` pooledconvert's time over its default path's "
               "(1: the request costs nothing), each with its Mann-Whitney "
               "p (with 5 runs the smallest two-sided p is 0.008); "
               "`passthru` where the default path copies nothing (I420 "
               "in and out); `allocs` the most allocations per frame in "
               "any run of `own`; `copy ms` the time of a `memcpy` of the "
               "bytes the conversion reads and writes, in the same runs: "
               "`below` marks the cases where the goal, 1.5x "
               "videoconvert's speed, would take less time than that copy, "
               "as where videoconvert's own time is near it (it filters "
               "less, or copies).  Where `vc/own` is below 1 for 4:2:0 "
               "input re-sited (I420, YV12), videoconvert 1.22 copies the "
               "chroma rows unchanged and only relabels them "
               "(docs/pooledconvert.md, \"Chroma siting\"): those rows weigh "
               "a re-siting against a copy.  Machine of this pass: %s, %s "
               "CPUs "
               "(`lscpu`):\n" % (cpu_model(), run("nproc")),
               [("", "off the default path")])


def nv12_pass(out, args):
    """The section of the NV12 output pass (bench.sh, --output-format)."""
    extra_pass(out, args.nv12_table, args.nv12_command, "NV12 output",
               "A fifth pass: downstream asks for NV12 "
               "(`--output-format NV12`), which pooledconvert makes "
               "instead of I420.  `own` makes NV12, `own-i420` the same "
               "conversion to I420 and `vc` videoconvert's NV12, in the "
               "same interleaved runs.  NV12 in is passthrough for `own` "
               "and I420 in for `own-i420`, so those two rows weigh a "
               "conversion against no work; I420 and NV21 in take the "
               "direct path to NV12 (luma copied, chroma interleaved or "
               "swapped); the other inputs "
               "go through the walks' I420 rows and an interleave of 8 "
               "chroma rows at a time (docs/design.md, \"Output\").  In the "
               "second table, `vs base` is NV12's time over I420's.  "
               "Machine of this pass: %s, %s CPUs (`lscpu`):\n"
               % (cpu_model(), run("nproc")),
               [("", "stream level: time of X / time of own"),
                ("", "sec/frame: pooledconvert, I420 output")])


def ten_bit_pass(out, path, command, name):
    """The section of a 10-bit output pass (bench.sh, --output-format
    @name)."""
    extra_pass(out, path, command, "%s output" % name,
               "Downstream asks for %s (`--output-format %s`), which "
               "pooledconvert makes from these inputs of more than 8 bits "
               "(and from 8-bit YUY2, for the cost of widening): `own` "
               "makes %s, `own-i420` the same input to 8-bit I420 and `vc` "
               "videoconvert's %s, in the same interleaved runs.  Every "
               "10-bit output is made by the general walk (docs/design.md, "
               "\"10-bit output, and dither\"); in the second table, "
               "`vs base` is the 10-bit output's time over I420's.  "
               "Machine of this pass: %s, %s CPUs (`lscpu`):\n"
               % (name, name, name, name, cpu_model(), run("nproc")),
               [("", "stream level: time of X / time of own"),
                ("", "sec/frame: pooledconvert, I420 output")])


def i420_10_pass(out, args):
    ten_bit_pass(out, args.i420_10_table, args.i420_10_command, "I420_10LE")


def p010_pass(out, args):
    ten_bit_pass(out, args.p010_table, args.p010_command, "P010_10LE")


# The passes whose section can be rewritten alone, in the order of the
# file: heading, the function that renders it.
SPLICED = {
    "offdefault": ("## Off the default path\n", offdefault_pass),
    "nv12": ("## NV12 output\n", nv12_pass),
    "i420_10": ("## I420_10LE output\n", i420_10_pass),
    "p010": ("## P010_10LE output\n", p010_pass),
}


def splice(args, name):
    """Writes the section of pass @name into the existing @args.output, in
    place of its old one (or before the next section, or the full
    output), the rest as it is."""
    heading, render = SPLICED[name]
    text = open(args.output).read()
    out = []
    render(out, args)
    section_text = "\n".join(out) + "\n"
    start = text.find(heading)
    end = text.find("## Full output\n")
    if start >= 0:
        following = text.find("\n## ", start + len(heading))
        end = following + 1 if following >= 0 else end
    else:
        start = end
    open(args.output, "w").write(text[:start] + section_text + text[end:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--table")
    ap.add_argument("--command")
    ap.add_argument("--output", required=True)
    ap.add_argument("--formats-table",
                    help="the second pass: every other input format")
    ap.add_argument("--formats-command")
    ap.add_argument("--interlaced-table",
                    help="table of the interlaced pass (optional)")
    ap.add_argument("--interlaced-command")
    ap.add_argument("--offdefault-table",
                    help="table of the off-default pass "
                    "(scripts/bench-offdefault.sh, optional)")
    ap.add_argument("--offdefault-command")
    ap.add_argument("--nv12-table",
                    help="table of the NV12 output pass (optional)")
    ap.add_argument("--nv12-command")
    ap.add_argument("--i420-10-table",
                    help="table of the I420_10LE output pass (optional)")
    ap.add_argument("--i420-10-command")
    ap.add_argument("--p010-table",
                    help="table of the P010_10LE output pass (optional)")
    ap.add_argument("--p010-command")
    ap.add_argument("--i420-10-only", action="store_true",
                    help="only (re)write the I420_10LE output section")
    ap.add_argument("--p010-only", action="store_true",
                    help="only (re)write the P010_10LE output section")
    ap.add_argument("--offdefault-only", action="store_true",
                    help="only (re)write the off-default section of the "
                    "existing --output, from --offdefault-table")
    ap.add_argument("--nv12-only", action="store_true",
                    help="only (re)write the NV12 output section of the "
                    "existing --output, from --nv12-table")
    args = ap.parse_args()
    only = [name for name, wanted in (
        ("offdefault", args.offdefault_only), ("nv12", args.nv12_only),
        ("i420_10", args.i420_10_only), ("p010", args.p010_only)) if wanted]
    if only:
        for name in only:
            splice(args, name)
        return
    if not (args.json and args.table and args.command):
        ap.error("--json, --table and --command are needed")

    data = json.load(open(args.json))
    table = open(args.table).read()
    notes = ""
    if os.path.exists(args.output):
        m = re.search(r"<!-- notes -->.*?<!-- /notes -->",
                      open(args.output).read(), re.S)
        if m:
            notes = m.group(0)
    if not notes:
        notes = ("<!-- notes -->\n_No reading written for this run yet._\n"
                 "<!-- /notes -->")

    out = []
    out.append("# Benchmarks\n")
    out.append(
        "What pooledconvert costs per frame, in time, heap allocations and "
        "bytes allocated, with its pool (`pool-mode=own`) and without "
        "(`pool-mode=none`), next to `videoconvert`, libyuv and a plain "
        "`memcpy`, measured so that a shared, noisy machine cannot fake a "
        "difference: n runs per case, interleaved (the variants' order "
        "shuffled anew in every run), median ± the 95% "
        "confidence interval of the median, and a Mann-Whitney U p-value "
        "for every comparison (`~` where p >= 0.05).  Everything below "
        "comes from one run; `scripts/bench.sh` regenerates this file "
        "(the reading in the notes block is kept as it is, so after a new "
        "run it must be written again for the new numbers).\n")
    out.append("## Reproduce\n")
    out.append("```\n%s\n```\n" % args.command)
    out.append(
        "It installs libyuv-dev and python3-matplotlib with apt, builds in "
        "`build-bench` with `-Dbenchmarks=enabled`, runs "
        "`build-bench/tests/bench/pooledconvert-bench` against that build's "
        "plugin (`GST_PLUGIN_PATH_1_0`=build-bench/plugin, "
        "`GST_PLUGIN_SYSTEM_PATH_1_0`=the system plugin directory, a private "
        "registry; the program prints where its pooledconvert came from) and "
        "writes `docs/benchmark-table.txt` (the output below), "
        "`docs/benchmark-samples.csv` (every run), "
        "`docs/benchmark-results.json` (samples, summaries, pool stats, the "
        "retained-memory timeline), `docs/benchmark-retained.csv`, "
        "`docs/benchmark-plot.png` and `docs/benchmark-retention.png`.  `scripts/bench.sh --quick` is the "
        "smoke run CI does (`.ci/stages/bench-quick.sh`, also "
        "`meson test -C build-bench --benchmark`): n=3, two sizes, no "
        "timing claims, and it fails if pool-mode=own allocates per frame.\n")
    out.append("This run: %s, libyuv %s, %d runs per case.\n"
               % (data["gstreamer"],
                  data["libyuv"] if data["libyuv"] else "not installed",
                  data["runs"]))
    out.append("## Machine\n")
    out.append("```\n%s\n```\n" % machine())
    out.append("## What is measured\n")
    out.append(
        "- **stream level**: `appsrc ! X ! capsfilter(I420) ! fakesink "
        "sync=false`, where X is pooledconvert (`pool-mode=own`, "
        "`pool-mode=none`, `n-threads=2` as `own-nt2`; `own-jpeg` with "
        "`chroma-site=jpeg` in the capsfilter, centred chroma against "
        "`own`'s default siting) or videoconvert (defaults; `n-threads=1`; "
        "`n-threads=0`, all cores).  appsrc pushes, on demand, buffers from "
        "a ring of pre-filled random frames of at least %d MiB, far more "
        "than the last-level cache this VM really has (a memcpy test shows "
        "the cliff between 16 and 64 MiB; CPUID claims 512 MiB for the "
        "whole socket), so every input frame comes from memory.  Time runs "
        "from the first push to the moment the last buffer reaches the "
        "sink.  pooledconvert's kernel (`pc-loop`), libyuv and memcpy walk "
        "the same ring in a plain loop, without a pipeline, into one output "
        "frame: `own` against `pc-loop` is what the pipeline around the "
        "kernel costs.  `pc-loop-c`, `-orc`, `-avx2` force one kernel "
        "variant (`PC_KERNELS`); `pc-loop-nt2` runs two bands on the "
        "worker set; `pc-loop-alias` and `pc-loop-apart` place the output "
        "frame 32 or 2048 bytes after the input's offset in its 4 KiB page "
        "(the pool-vs-none experiment); `pc-loop-jpeg` makes centred "
        "chroma (`chroma-site=jpeg`) where `pc-loop` makes the size's "
        "default (co-sited `mpeg2` above 576 lines): what co-siting "
        "costs.\n"
        "- **kernel level**: one frame converted again and again (hot "
        "cache; a 4K Y444 frame and its output are 37 MB, more than the "
        "cache, so there it is only as hot as it gets): "
        "`pc_convert_plan_run`, a `GstVideoConverter` configured like "
        "videoconvert's defaults (threads 1, and threads 0 = all cores), "
        "libyuv, memcpy; `k-pc-c`, `-orc`, `-avx2` per kernel variant and "
        "`k-pc-nt2` on two threads; `k-pc-jpeg` as `pc-loop-jpeg`.\n"
        "- **libyuv**: I444ToI420, I422ToI420, ABGRToI420 (libyuv's ABGR is "
        "RGBA in memory; BT.601 limited only, where pooledconvert takes "
        "the matrix from the caps), I420Copy for I420; for the other "
        "formats the libyuv function that converts it to I420 where there "
        "is one (NV12ToI420, YUY2ToI420, ARGBToI420, RGB24ToI420, "
        "I010ToI420, ...; `-` where libyuv has none).  **memcpy** moves (in+out)/2 "
        "bytes: the same total traffic a conversion must do, the bandwidth "
        "floor.\n"
        "- **allocations**: the benchmark executable defines malloc, "
        "calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc, "
        "pvalloc and free and forwards them with dlsym(RTLD_NEXT); every "
        "thread of the process counts, from the first push to the last "
        "buffer at the sink, after a warm-up lap of the ring.  GLib 2.74's "
        "g_slice keeps per-thread magazines that malloc never sees, so the "
        "program runs with `G_SLICE=always-malloc` (it restarts itself "
        "with it): every slice is a counted malloc.  **peak RSS** is VmHWM, reset before each run "
        "(/proc/self/clear_refs), and includes the input ring.\n"
        "- **I420** input: pooledconvert and videoconvert are passthrough "
        "(no copy) in the pipeline; at the kernel level pooledconvert's "
        "plan copies rows.\n" % data["ring_mib"])
    out.append("## Plot\n")
    out.append("![time and allocations per frame](benchmark-plot.png)\n")
    out.append("## Reading of the run\n")
    out.append(notes + "\n")
    out.append("## Key tables\n")
    out.append("Stream level, time ratios from the same run (time of X / "
               "time of pooledconvert pool-mode=own; > 1 means pooledconvert "
               "is faster):\n")
    out.append("```\n%s\n```\n" % section(table, "stream level: time of X"))
    out.append("Kernel level, the same ratios against pc_convert_plan_run:\n")
    out.append("```\n%s\n```\n" % section(table, "kernel level: time of X"))
    out.append("Allocations per frame and bytes per frame (stream level, "
               "whole process):\n")
    out.append("```\n%s\n\n%s\n```\n" % (
        section(table, "allocs/frame, whole process, stream"),
        section(table, "B/frame allocated, whole process, stream")))
    out.append("## Retained memory and trimming\n")
    out.append(
        "The sink holds the last K frames (K = 0, 4, 32) until the middle of "
        "the run, then lets go; the pool's `bytes-held` is sampled as frames "
        "flow, with trimming on (the default `trim-window=300`) and off "
        "(`trim-window=0`, GStreamer's usual never-give-back behaviour), and "
        "with `max-buffers=8` (temporary buffers past the bound).\n")
    out.append("![pool memory over time, trimming on and off]"
               "(benchmark-retention.png)\n")
    out.append("```\n%s\n```\n" % section(table, "retained memory"))
    out.append("What trimming costs in steady state: `pool-mode=own` with "
               "trimming off (`own-notrim`) against the default, stream "
               "level, same run:\n")
    out.append("```\n%s\n```\n" % section(
        table, "sec/frame: pooledconvert pool-mode=own trim-window=0"))
    stream = ("Stream level (time of X / time of pooledconvert "
              "pool-mode=own):\n", "stream level: time of X")
    extra_pass(out, args.formats_table, args.formats_command,
               "Every other input format",
               "A second pass of the same program, same build, right after "
               "the first: the formats cameras, decoders and screen grabbers "
               "hand over, against videoconvert and libyuv, fewer variants "
               "and runs so that it fits in minutes:\n",
               [stream,
                ("Kernel level (time of X / time of "
                 "pc_convert_plan_run):\n", "kernel level: time of X"),
                ("Allocations per frame (stream level, whole process):\n",
                 "allocs/frame, whole process, stream")])
    extra_pass(out, args.interlaced_table, args.interlaced_command,
               "Interlaced input",
               "A third pass: input and output caps "
               "`interlace-mode=interleaved`, the chroma of each field made "
               "from that field's rows, against videoconvert:\n",
               [stream])
    offdefault_pass(out, args)
    nv12_pass(out, args)
    i420_10_pass(out, args)
    p010_pass(out, args)
    out.append("## Full output\n")
    out.append("```\n%s```\n" % table)
    open(args.output, "w").write("\n".join(out))


if __name__ == "__main__":
    main()
