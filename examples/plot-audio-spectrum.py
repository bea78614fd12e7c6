#!/usr/bin/env python3
"""Averages the spectra of clfftspectrum's (or spectrum's) messages, as
gst-launch-1.0 -m prints them, writes them as CSV (frequency in Hz, level
in dB) and plots them where matplotlib is installed.

Usage: plot-audio-spectrum.py MESSAGES.txt RATE OUT.csv [OUT.png]
"""
import re
import sys


def spectra(path):
    for line in open(path, encoding="utf-8", errors="replace"):
        if "(element): spectrum," not in line:
            continue
        found = re.search(r"magnitude=\(float\)\{([^}]*)\}", line)
        if found:
            yield [float(v) for v in found.group(1).split(",")]


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    messages, rate, csv = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    all_spectra = list(spectra(messages))
    if not all_spectra:
        sys.exit("no spectrum messages in %s" % messages)
    bands = len(all_spectra[0])
    mean = [sum(s[k] for s in all_spectra) / len(all_spectra)
            for k in range(bands)]
    # bin k of bands bins lies at k x rate / (2 (bands - 1)) Hz
    hz = [k * rate / (2 * (bands - 1)) for k in range(bands)]
    with open(csv, "w") as f:
        f.write("hz,db\n")
        for h, db in zip(hz, mean):
            f.write("%.2f,%.3f\n" % (h, db))
    print("%d spectra of %d bands averaged into %s" % (len(all_spectra),
                                                      bands, csv))
    if len(sys.argv) == 5:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("no plot: python3-matplotlib is not installed")
            return
        fig, ax = plt.subplots(figsize=(7, 3.2), dpi=100)
        ax.plot(hz, mean, linewidth=0.8)
        ax.set_xscale("log")
        ax.set_xlim(50, rate / 2)
        ax.set_xlabel("frequency (Hz)")
        ax.set_ylabel("level (dB)")
        ax.set_title("440 Hz sawtooth: mean of %d clfftspectrum messages"
                     % len(all_spectra))
        ax.grid(True, which="both", linewidth=0.3)
        fig.tight_layout()
        fig.savefig(sys.argv[4])
        print(sys.argv[4])


if __name__ == "__main__":
    main()
