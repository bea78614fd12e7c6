#!/usr/bin/env python3
"""Draws the filter path against VkFFT from bench-engine CSVs (--csv).

Usage: plot-filter.py OUT.png NOW.csv [BEFORE.csv]

Bars per frame size, in device microseconds: the 8-bit filter path of NOW
(and of BEFORE, when given), and VkFFT's bare R2C + C2R pair of NOW's run,
with the goal of 0.7 x VkFFT drawn over it. Needs python3-matplotlib.
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read(path):
    """{(case, 'WxH', library): device_us} of a bench-engine CSV."""
    with open(path, newline="") as f:
        return {
            (r["case"], f'{r["size_a"]}x{r["size_b"]}', r["library"]):
            float(r["device_us"])
            for r in csv.DictReader(f)
        }


def filter_us(rows, size):
    """The filter path's time: its row is named for the peer it is
    divided by when VkFFT was built in."""
    for library in ("gst-clfft/VkFFT", "gst-clfft"):
        if ("filter-gray8", size, library) in rows:
            return rows[("filter-gray8", size, library)]
    return None


def vkfft_us(rows, size):
    """VkFFT's pair with its defaults (not the LUT variant)."""
    for (case, s, library), us in rows.items():
        if case == "r2c-c2r-2d" and s == size and \
                library.startswith("VkFFT") and not library.endswith("LUT"):
            return us
    return None


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    now = read(sys.argv[2])
    before = read(sys.argv[3]) if len(sys.argv) == 4 else None
    sizes = [s for s in ("640x480", "1280x720", "1920x1080", "3840x2160")
             if filter_us(now, s) and vkfft_us(now, s)]
    if not sizes:
        sys.exit("no filter-gray8 rows with a VkFFT pair in " + sys.argv[2])

    series = []
    if before:
        series.append(("filter path, before", [filter_us(before, s) or 0
                                               for s in sizes], "#bbbbbb"))
    series.append(("filter path, now", [filter_us(now, s) for s in sizes],
                   "#1f77b4"))
    series.append(("VkFFT R2C + C2R pair (float)",
                   [vkfft_us(now, s) for s in sizes], "#ff7f0e"))

    fig, ax = plt.subplots(figsize=(8, 4.5))
    width = 0.8 / len(series)
    for i, (label, values, color) in enumerate(series):
        xs = [x + (i - (len(series) - 1) / 2) * width
              for x in range(len(sizes))]
        ax.bar(xs, values, width, label=label, color=color)
        for x, v in zip(xs, values):
            ax.annotate(f"{v:.0f}", (x, v), ha="center", va="bottom",
                        fontsize=8)
    for x, s in enumerate(sizes):
        goal = 0.7 * vkfft_us(now, s)
        ax.hlines(goal, x - 0.45, x + 0.45, colors="k", linestyles="dashed",
                  label="goal: 0.7 x VkFFT" if x == 0 else None)
    ax.set_yscale("log")
    ax.set_xticks(range(len(sizes)))
    ax.set_xticklabels(sizes)
    ax.set_ylabel("device time per frame (us, log scale)")
    ax.set_title("8-bit frame filter vs VkFFT's bare pair, same run")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(sys.argv[1], dpi=100)


if __name__ == "__main__":
    main()
