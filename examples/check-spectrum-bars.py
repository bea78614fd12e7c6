#!/usr/bin/env python3
"""Runs spectrum-bars on a pseudo-terminal, where it draws its bar graph
(anywhere else it prints one line per message), and checks the last graph
drawn: 16 rows of 48 columns between the dB labels and the axis, the
tallest bar over the 440 Hz of its sawtooth, and a graph that falls off
towards the high frequencies rather than one flat block.

Usage: check-spectrum-bars.py SPECTRUM_BARS [ARGUMENTS...]
"""
import math
import os
import pty
import re
import subprocess
import sys

ROWS, COLUMNS = 16, 48
PEAK_HZ = 440.0


def run_on_terminal(argv):
    """The program's output, read from the terminal it ran on."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=follower,
                            stderr=subprocess.PIPE)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the program closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    stderr = proc.stderr.read().decode(errors="replace")
    status = proc.wait()
    return status, b"".join(chunks).decode(errors="replace"), stderr


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    status, out, err = run_on_terminal(sys.argv[1:])
    sys.stderr.write(err)
    if status != 0:
        sys.exit("spectrum-bars exited with %d" % status)
    # each graph starts with the cursor sent home; the last one is whole
    # when the program exits normally
    frames = out.split("\033[H")
    if len(frames) < 3:
        sys.exit("fewer than two graphs drawn: %r" % out[-500:])
    graph = frames[-1]
    rows = re.findall(r"(-?\d+) dB \|(.{%d})\033\[K" % COLUMNS, graph)
    axis = re.search(r"(\d+)\s+(\d+) Hz \(log scale\)", graph)
    if len(rows) != ROWS or not axis:
        sys.exit("not a graph of %d rows with its axis: %r" % (ROWS, graph))
    heights = [sum(row[1][c] == "#" for row in rows) for c in range(COLUMNS)]
    low, high = float(axis.group(1)), float(axis.group(2))
    # column c spans low * (high / low)^(c / COLUMNS) .. the next
    peak_column = int(COLUMNS * math.log(PEAK_HZ / low) / math.log(high / low))
    print("bar heights, %.0f to %.0f Hz: %s" % (low, high, heights))
    print("440 Hz falls in column %d" % peak_column)
    checks = [
        ("the tallest bar is at 440 Hz (one column either side)",
         max(heights[max(0, peak_column - 1):peak_column + 2])
         == max(heights)),
        ("bars of different heights (not a flat block)",
         max(heights) - min(heights) >= 4),
        ("the top half octave 3 rows or more below the tallest bar",
         max(heights[-5:]) <= max(heights) - 3),
    ]
    for what, ok in checks:
        print("%s %s" % ("ok  " if ok else "FAIL", what))
    sys.exit(0 if all(ok for _, ok in checks) else 1)


if __name__ == "__main__":
    main()
