#!/usr/bin/python3
"""Plots pooledconvert-bench's JSON: time per frame and allocations per frame
per variant and case, and the retained-memory timeline.

usage: plot.py RESULTS.json OUTPUT.png [RETENTION.png]

RETENTION.png, when given, gets the retained-memory timeline on its own:
trimming on against trimming off, for each K.
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def case_label(c):
    return "%s\n%dx%d" % (c["format"], c["width"], c["height"])


def grouped_bars(ax, data, level, metric, scale, ylabel, log):
    variants = [v for v in data["variants"]
                if v["level"] == level and v["enabled"]]
    cases = data["cases"]
    width = 0.8 / max(len(variants), 1)
    for i, v in enumerate(variants):
        xs, ys, lo, hi = [], [], [], []
        for j, c in enumerate(cases):
            r = c["results"].get(v["id"])
            if r is None:
                continue
            m = r[metric]
            xs.append(j - 0.4 + width * (i + 0.5))
            ys.append(m["median"] * scale)
            lo.append(max(m["median"] - m["lo"], 0) * scale)
            hi.append(max(m["hi"] - m["median"], 0) * scale)
        # tab20 has a colour for each of up to 20 variants (C0-C9 repeat)
        ax.bar(xs, ys, width, yerr=[lo, hi], label=v["id"], capsize=1,
               color=plt.get_cmap("tab20")(i % 20),
               error_kw={"elinewidth": 0.6})
    ax.set_xticks(range(len(cases)))
    ax.set_xticklabels([case_label(c) for c in cases], fontsize=7)
    ax.set_ylabel(ylabel)
    if log:
        ax.set_yscale("log")
    ax.grid(axis="y", alpha=0.3)
    # below the axes, wrapped, so that many variants stay on the page
    ax.legend(fontsize=7, ncol=min(len(variants), 9), loc="upper center",
              bbox_to_anchor=(0.5, -0.22))


def retained_label(r):
    return "max-buffers=%d, trim-window=%d, K=%d" % (
        r["max_buffers"], r.get("trim_window", 300), r["hold_k"])


def plot_retention(data, path):
    """Pool bytes-held over time with trimming on and off (max-buffers=0),
    one colour per K, solid for on and dotted for off."""
    runs = [r for r in data.get("retained", []) if r["max_buffers"] == 0]
    if not runs:
        return
    fig, ax = plt.subplots(1, 1, figsize=(11, 5))
    colours = {}
    for r in runs:
        colour = colours.setdefault(r["hold_k"], "C%d" % len(colours))
        frames = [p[0] for p in r["timeline"]]
        mib = [p[1] / 1048576.0 for p in r["timeline"]]
        trim = r.get("trim_window", 300)
        ax.plot(frames, mib, color=colour,
                linestyle="-" if trim else ":", linewidth=1.6 if trim else 2.2,
                label="K=%d, %s" % (r["hold_k"], "trim-window=%d" % trim
                                    if trim else "trimming off (trim-window=0)"))
    release = runs[0]["release_at"]
    ax.axvline(release, color="grey", linewidth=0.8)
    ax.text(release, ax.get_ylim()[1] * 0.92, " sink lets go", fontsize=9)
    ax.set_xlabel("frame")
    ax.set_ylabel("pool bytes-held (MiB)")
    title = ("pool memory over time: the sink holds the last K frames, then "
             "lets go (Y444 1280x720 -> I420)")
    if data.get("quick"):
        title += " - QUICK run"
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=80)


def main():
    data = json.load(open(sys.argv[1]))
    has_retained = bool(data.get("retained"))
    rows = 4 + (1 if has_retained else 0)
    fig, axes = plt.subplots(rows, 1, figsize=(15, 5.0 * rows))
    title = "pooledconvert benchmarks (%s, n=%d per case, median and 95%% CI)" % (
        data["gstreamer"], data["runs"])
    if data.get("quick"):
        title += " - QUICK smoke run, not for conclusions"
    fig.suptitle(title)

    grouped_bars(axes[0], data, "stream", "sec", 1e3, "ms / frame (log)", True)
    axes[0].set_title("stream level: appsrc (ring of cold frames) ! X ! "
                      "fakesink; libyuv, memcpy loop over the ring")
    grouped_bars(axes[1], data, "stream", "allocs", 1.0, "heap allocs / frame",
                 False)
    axes[1].set_title("stream level: heap allocations per frame, whole process")
    grouped_bars(axes[2], data, "stream", "bytes", 1.0 / 1024, "KiB allocated / frame",
                 False)
    axes[2].set_yscale("symlog", linthresh=1.0)
    axes[2].set_title("stream level: bytes allocated per frame (symlog)")
    grouped_bars(axes[3], data, "kernel", "sec", 1e3, "ms / frame (log)", True)
    axes[3].set_title("kernel level: one frame converted again and again "
                      "(hot cache)")

    if has_retained:
        ax = axes[4]
        # the wait-policy runs are shorter and reported as rates, not here
        for r in data["retained"]:
            if r.get("policy", "temporary") != "temporary":
                continue
            frames = [p[0] for p in r["timeline"]]
            mib = [p[1] / 1048576.0 for p in r["timeline"]]
            ax.plot(frames, mib, label=retained_label(r),
                linestyle="-" if r["max_buffers"] == 0 else "--")
        release = data["retained"][0]["release_at"]
        ax.axvline(release, color="grey", linewidth=0.8)
        ax.text(release, ax.get_ylim()[1] * 0.9, " sink lets go", fontsize=8)
        ax.set_xlabel("frame")
        ax.set_ylabel("pool bytes-held (MiB)")
        ax.set_title("retained memory: the sink holds the last K frames, then "
                     "lets go (Y444 1280x720)")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)

    fig.tight_layout(rect=(0, 0, 1, 0.98))
    fig.savefig(sys.argv[2], dpi=80)
    if len(sys.argv) > 3:
        plot_retention(data, sys.argv[3])


if __name__ == "__main__":
    main()
