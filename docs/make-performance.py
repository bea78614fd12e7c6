#!/usr/bin/env python3
"""Writes docs/performance.md from the CSVs under docs/data/.

    python3 docs/make-performance.py           rewrites docs/performance.md
    python3 docs/make-performance.py --check   exits 1 if it differs

Every figure of the page comes from a CSV listed in CURRENT below; the
prose (what is measured, how to run it, the goals) is text in this
script. The history of how the figures came about is in
docs/experiments/, one file per experiment. Standard library only.
"""
import csv
import difflib
import os
import re
import sys

# ---------------------------------------------------------------------------
# Which CSVs are current, per device. Edit this list when a run replaces
# an older one; nothing else in the script names a CSV.
#
#   engine   bench-engine CSVs for the filter table, newest first. A frame
#            size is taken from the first CSV that has it. An entry
#            (file, [sizes]) gives only those sizes.
#   r2c      bench-engine CSVs for the batched 1D R2C table, newest first.
#   pair     bench-engine CSVs of the pair group (the engine's 2D R2C +
#            C2R beside VkFFT's and clFFT's), first CSV wins per size;
#            a size none of them has comes from the filter table's CSVs.
#   stream   bench-filter-stream CSVs (one frame size each).
#   startup  bench-startup CSVs, newest first. A row (measure, size) is
#            taken from the first CSV that has it, so a CSV with new
#            measures (clfftspectrum's cold-first-message,
#            warm-first-message, longest-message-gap) only needs adding
#            here.
#   spectrum bench-spectrum CSVs (clfftspectrum against spectrum); the
#            first one listed is shown.
#   startup_before  bench-startup CSVs of the plugin before the start-up
#            work, shown beside the start-up goals.
#   formats  bench-engine CSVs with format-* cases (every channel of a
#            colour frame filtered, against GRAY8 in the same run).
#   format_stream  bench-filter-stream CSVs, one format each.
#   spectrogram  bench-spectrogram.sh CSVs (clfftspectrogram, and FFmpeg's
#            showspectrum where it ran on the same machine).
#   streams  bench-streams CSVs as (file, placement): many streams at
#            once, each CSV one placement of the streams on the GPUs.
#   convolution  bench-engine CSVs of the convolution group (VkFFT's
#            convolution beside the filter), first CSV wins per size.
#   bandwidth  a bench-engine CSV with copy cases (bench-engine's
#            bandwidth group): the memory and L2 bandwidths of the filter
#            table's roofline.
#   gpu      which start-up goals apply: a GPU's or PoCL's.
#   note     what the CSVs do not say, shown under the device's table.
# ---------------------------------------------------------------------------
CURRENT = [
    {
        "device": "NVIDIA H200",
        "gpu": True,
        "engine": [
            # tuned in the background, as clfft2dfilter does on a GPU
            "bench-engine-h200-2026-11-26-3840x2160-tuned-background.csv",
            "bench-engine-h200-2026-11-26-1920x1080-tuned-background.csv",
            # 1280x720 tuned at the first launch, each round behind a
            # hold, kernels unchanged since: in the background run of this
            # size (720p-tuned-background) the host set the pace, as its
            # 2D pair, which runs before any filter, shows as well
            "bench-engine-h200-2026-11-26-720p-tuned-held.csv",
            # the columns of 4320 split in two halves of 2160 by the rows
            # (2026-12-02-8k-split-columns.md): the least kind of five
            # runs
            ("bench-engine-h200-2026-12-02-8k-split-columns-3.csv",
             ["7680x4320"]),
            # the newest run of this size
            ("bench-engine-h200-2026-11-25-folded-offsets.csv",
             ["640x480"]),
        ],
        # rows in two passes, their split timed at the first launch
        # (2026-12-02-r2c-splits-timed.md): the current build's run, of
        # four as unkind as the least kind (16384 at 0.998)
        "r2c": ["bench-engine-h200-2026-12-02-r2c-splits-timed-4.csv"],
        # the 2D plans' rows (and transposed columns) at stride 1 as a
        # constant, beside columns across the rows
        # (2026-11-29-2d-columns-across-rows.md)
        "pair": ["bench-engine-h200-2026-12-01-unit-stride-2d-rows-2.csv"],
        # the pair's device time with each batch queued behind a hold of
        # the device (--queue-ahead): without it the host's enqueueing
        # sets the pace of small frames (ours at 640x480 and 1280x720,
        # VkFFT's at 640x480), and changes from one process to the next
        # (2026-12-02-pair-host-paced.md). The medians of four processes
        # run one after another.
        "pair_processes": [
            "bench-engine-h200-2026-12-02-pair-held-process-%d.csv" % i
            for i in range(1, 5)],
        "bandwidth": "bench-engine-h200-2026-11-28-bandwidth.csv",
        "convolution": ["bench-engine-h200-2026-11-27-vkfft-convolution.csv"],
        "stream": ["bench-filter-stream-h200-2026-11-24-1920x1080.csv"],
        # the channels of a size batched, U and V that alternate in a
        # plane as one channel (with YUY2's Y filtered in the plane), the
        # cache hints by a batch's data, the chroma's rows in the luma's
        # launches below 3840x2160 and its plan on the side queue from
        # there up, YUY2's rows as one complex row of both channels; at
        # 1920x1080 the run of the median I420 and YUY2 ratios of three
        # (2026-11-29-yuy2-rows-as-one-complex-row.md); at 1280x720 the
        # last run with GRAY8 at its usual time, before that change: the
        # run after it had GRAY8 a third slower than usual
        "formats": [
            "bench-engine-h200-2026-11-29-formats-halves-loop-3-1280x720.csv",
            "bench-engine-h200-2026-11-29-formats-pairs-1-1920x1080.csv",
            "bench-engine-h200-2026-11-29-formats-pairs-1-3840x2160.csv",
        ],
        # as the element chooses the queues at each size
        "format_stream": [
            "bench-filter-stream-h200-2026-11-29-gray8-1920x1080.csv",
            "bench-filter-stream-h200-2026-11-29-yuy2-1920x1080.csv",
            "bench-filter-stream-h200-2026-11-29-i420-1920x1080.csv",
            "bench-filter-stream-h200-2026-11-29-nv12-1920x1080.csv",
            "bench-filter-stream-h200-2026-11-28-batch-hints-rgbx-1920x1080.csv",
            "bench-filter-stream-h200-2026-11-28-gray8-3840x2160.csv",
            "bench-filter-stream-h200-2026-11-27-i420-2160p-side-queue-1.csv",
        ],
        "startup": ["bench-startup-h200-2026-11-27-spectrum.csv",
                    "bench-startup-h200-2026-11-27-generic-at-ready.csv"],
        # the behaviour before the start-up work: tuning at the first
        # frame (the element's default then)
        "startup_before": ["bench-startup-h200-2026-11-26-blocking-tuning.csv"],
        "spectrum": [],
        "spectrogram": ["bench-spectrogram-h200-2026-11-27-2160p.csv",
                        "bench-spectrogram-h200-2026-11-27-1080p.csv"],
        # a machine of two H200s, each stream's frames on a queue of its
        # own (c69b2a1)
        "streams": [
            # the one-GPU run that the two-GPU rows stand against, not
            # shown: the rows of 2026-12-02 are the current build's
            ("bench-streams-h200x2-2026-11-27-one-gpu.csv",
             "one GPU (GST_CLFFT_DEVICE=0)", "reference"),
            ("bench-streams-h200x2-2026-11-28-one-gpu-720p-2160p.csv",
             "one GPU (GST_CLFFT_DEVICE=0)"),
            ("bench-streams-h200x2-2026-11-27-balanced.csv",
             "two GPUs, device-index=-1"),
            ("bench-streams-h200x2-2026-11-27-processes.csv",
             "two GPUs, a process a stream"),
            # a machine of one H200, the current build's rows (a frame's
            # upload under the queue lock); after the two-GPU rows, which
            # stand against their own run's one GPU
            ("bench-streams-h200-2026-12-02-upload-under-lock.csv",
             "one GPU, 2026-12-02"),
            ("bench-streams-h200-2026-12-02-depth4.csv",
             "one GPU, 2026-12-02, pipeline-depth=4"),
            # frames in the application's own (pageable) memory
            ("bench-streams-h200-2026-12-02-app-memory.csv",
             "one GPU, 2026-12-02, the application's memory"),
        ],
        "note": "The bench-engine CSVs name no device; their file "
                "names do.",
    },
    {
        "device": "NVIDIA H100 80GB HBM3",
        "gpu": True,
        "engine": [
            "bench-engine-h100-2026-11-26-720p-tuned-held-after-review.csv",
            "bench-engine-h100-2026-11-26-1080p-tuned-held.csv",
            "bench-engine-h100-2026-11-26-filter-4k-mirrored-gains.csv",
            ("bench-engine-h100-2026-11-25-folded-offsets.csv",
             ["640x480", "7680x4320"]),
        ],
        "r2c": ["bench-engine-h100-2026-11-26-r2c-tuned-held.csv"],
        "stream": [
            "bench-filter-stream-h100-2026-11-22-half-spectrum-640x480.csv",
            "bench-filter-stream-h100-2026-11-22-half-spectrum-1920x1080.csv",
        ],
        "startup": [],
        "spectrum": ["bench-spectrum-h100-2026-11-22-overlap.csv"],
        "spectrogram": ["bench-spectrogram-h100-2026-11-27-2160p.csv"],
        "note": "The bench-engine CSVs name no device; their file "
                "names do. The stream runs predate most kernel work of "
                "2026-11-22 to 26; the 7680x4320 run predates the columns "
                "in two passes (it took the transposed route, the "
                "spectrum 14 times through memory, not the 8 that Moves "
                "counts).",
    },
    {
        "device": "PoCL (CPU, 2 cores)",
        "gpu": False,
        "engine": ["bench-engine-pocl-2cores-2026-11-22-lanes.csv"],
        "r2c": ["bench-engine-pocl-2cores-2026-11-22.csv"],
        "stream": [],
        "startup": ["bench-startup-pocl-2026-11-27-spectrum.csv",
                    "bench-startup-pocl-2026-11-27-records.csv"],
        # the plugin before the start-up work (f61a762), same machine
        "startup_before": ["bench-startup-pocl-2026-11-26-before.csv"],
        "spectrum": ["bench-spectrum-pocl-2cores-2026-11-22.csv"],
        "spectrogram": ["bench-spectrogram-pocl-2cores-2026-11-27-2160p.csv",
                        "bench-spectrogram-pocl-2cores-2026-11-27-1080p.csv"],
        "note": "PoCL 3.1 on 2 shared cores: the engine and spectrum runs "
                "on an AMD EPYC, the start-up runs on an Intel Xeon (as "
                "their CSVs name the device). Times on these machines move "
                "by 20 to 30 % between runs.",
    },
]

# Goals: (text, measure, sizes or None for all, limit on a GPU, on PoCL).
# A limit of None: the goal does not apply to that kind of device.
STARTUP_GOALS = [
    ("first frame, cold: at most 1 s on a GPU (1920x1080, 3840x2160), "
     "4 s on PoCL", "cold-first-frame", ["1920x1080", "3840x2160"], 1.0,
     4.0),
    ("first frame, warm: at most 0.5 s", "warm-first-frame", None, 0.5, 0.5),
    ("longest gap at a new size: at most 1 s on a GPU, 2 s on PoCL",
     "longest-gap", None, 1.0, 2.0),
]
FILTER_GOAL = (["1280x720", "1920x1080", "3840x2160"], 0.7)
R2C_GOAL = (["1024x4096", "4096x1024"], 1.0)
STREAM_GOAL = ("1920x1080", 5000.0)
# device time of every channel of a 1920x1080 frame over GRAY8's
FORMAT_GOALS = [("i420", 1.6), ("yuy2", 1.7)]
# issue 42: the filter over VkFFT's convolution (float in and out), and
# over VkFFT's pair at 8K; the engine's 2D pair and batched R2C over
# VkFFT's at every size measured
CONVOLUTION_GOAL = (["1280x720", "1920x1080", "3840x2160", "7680x4320"],
                    0.6)
# why a size has no convolution figure, where the peer cannot give one
# (docs/experiments/2026-11-27-vkfft-convolution.md)
CONVOLUTION_NOT_MEASURED = {
    "7680x4320": "VkFFT's plan faults the device there",
}
FILTER_8K_GOAL = ("7680x4320", 0.6)
PAIR_GOAL = 1.0
R2C_ALL_GOAL = 1.0

# How bench-startup's measures read in the table; others show as named.
MEASURES = [
    ("cold-first-frame", "first frame, cold"),
    ("warm-first-frame", "first frame, warm"),
    ("longest-gap", "longest gap at a new size"),
    ("cold-first-message", "clfftspectrum's first message, cold"),
    ("warm-first-message", "clfftspectrum's first message, warm"),
    ("longest-message-gap", "clfftspectrum's longest gap at new bands"),
]

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
PAGE = os.path.join(HERE, "performance.md")

HEAD = """\
<!-- Generated by docs/make-performance.py from the CSVs in docs/data/. Do not edit: change the script's list of CSVs (or its text) and run it again. -->
# Performance

The current state, one table per device. Every figure below comes from a
CSV in [data/](data/), put here by `docs/make-performance.py`, whose list
at its top says which CSVs are current. How the figures came about, and
what was tried and dropped: [experiments/](experiments/README.md).

## What is measured

- **bench-engine** (`tests/bench/bench-engine.c`): on-device microseconds
  from OpenCL profiling events, a marker before and after a batch of 20
  launches, the median of 15 batches. The filter case is clfft2dfilter's
  path with its default mask (a Gaussian lowpass): bytes in, forward FFT,
  mask, inverse FFT, bytes out. VkFFT and clFFT are measured in the same
  run on the same device and queue: their R2C + C2R pair of the same frame,
  and the same batched 1D R2C; the ratio is ours over VkFFT with its
  defaults. Schedules are tuned before the timing, at the first launch or,
  with `--filter-tuning background`, on a thread while frames run, as the
  element does. The GPUs ran NVIDIA's OpenCL, driver 580.159.04.
- **bench-filter-stream**: frames per second from the first push to EOS
  through `appsrc ! clfft2dfilter ! fakesink sync=false`, median of 5 runs.
- **bench-startup**: what a user waits for, each run a process of its own:
  the first frame, from the change to PLAYING to the filtered frame at an
  appsink, with empty caches (cold; NVIDIA's compute cache emptied too)
  and with the caches the cold run left (warm); and the longest gap
  between output frames of a live appsrc (30 frames a second, a second of
  each size) when it changes to a size never seen.
- **bench-spectrum**: seconds from READY to EOS for 60 s of 8-channel
  48 kHz noise through clfftspectrum and GStreamer's spectrum
  (`bands=1025`, a message every 10 ms), alternating; messages on, compact
  (`compact-messages=true`, against spectrum's own), and off.
- **bench-streams**: N streams at once, each `appsrc ! clfft2dfilter !
  fakesink sync=false` with frames made beforehand (in the pool
  clfft2dfilter proposes) and 4 frames between push and sink, in one
  process or a process each; aggregate frames a second from the first
  push to the last frame out, and the median and 99th percentile of a
  frame's push-to-sink latency; in one process also the host's CPU time
  a frame (every thread); median of 3 runs.
- **bench-threads**: the same streams without GStreamer: N threads, each
  with a filter of its own on the engine, frames in pinned memory, 2 in
  flight; and the same threads moving the frames up and back only, the
  transfers' ceiling, on two queues a thread and on two that all share.
  Aggregate frames a second and CPU time a frame;
  median of 3 runs. Set beside bench-streams, it tells the pipelines'
  threads apart from the engine and the driver.
- **bench-spectrogram.sh**: wall and CPU seconds (user + system) of a
  scrolling spectrogram video of 8-channel 48 kHz pink noise (made
  beforehand into a file) to a null sink: clfftspectrogram (4097 bands,
  a column every 10 ms, the channels overlaid) and FFmpeg's
  showspectrum (scroll, channels combined), the same audio, size and
  frame rate; frames a second of video made, median of the runs.

## How to reproduce

```sh
meson setup build && meson compile -C build   # peers: libclfft-dev, libvkfft-dev; errors: libfftw3-dev
export GST_PLUGIN_PATH_1_0=$PWD/build/gst
meson test --benchmark -C build                       # short runs of the four benchmarks
build/tests/bench/bench-engine --csv engine.csv       # every case; --quick: small sizes
build/tests/bench/bench-engine --only filter --size 1920x1080 --filter-tuning background --csv filter.csv
build/tests/bench/bench-engine --only launch,filter --size 1280x720 --queue-ahead   # the device's own time
GST_CLFFT_DEVICE=pthread build/tests/bench/bench-engine --quick --csv pocl.csv
build/tests/bench/bench-filter-stream --width 1920 --height 1080 --frames 600 --reps 5 --csv stream.csv
build/tests/bench/bench-engine --only formats --csv formats.csv   # colour frames against GRAY8
build/tests/bench/bench-engine --only convolution --csv conv.csv   # VkFFT's convolution beside the filter
build/tests/bench/bench-engine --only bandwidth --csv bandwidth.csv   # memory and L2 bandwidth, for the roofline
build/tests/bench/bench-filter-stream --format I420 --csv i420.csv
build/tests/bench/bench-startup --sizes 1280x720,1920x1080,3840x2160 \\
    --switch-sizes 640x480,1280x720,1920x1080,3840x2160 --reps 5 --csv startup.csv
build/tests/bench/bench-startup --sizes '' --switch-sizes '' --bands 1025,4097 --switch-bands 257,513,1025
OUT=/tmp/gpu tests/bench/gpu-startup.sh startup filter   # both of the above on a GPU
build/tests/bench/bench-spectrum --seconds 60 --reps 3 --csv spectrum.csv
tests/bench/bench-fftfilt.sh 640 480 300 5            # clfft2dfilter against FFmpeg's fftfilt
BENCH_DEVICE="NVIDIA H200" tests/bench/bench-spectrogram.sh 10 5 3840 2160 60   # against showspectrum
build/tests/bench/bench-streams --streams 1,2,4,8,16,32 --sizes 1920x1080 --csv streams.csv   # --processes: a process each
build/tests/bench/bench-threads --threads 1,2,4,8,16 --sizes 1920x1080 --csv threads.csv   # the engine alone
OUT=/tmp/gpu tests/bench/gpu-streams.sh   # on one GPU, balanced, a process each, the engine alone
python3 docs/make-performance.py                      # after listing new CSVs at its top
```
"""

FILTER_NOTE = """\
Filter: device us a frame (in parentheses, with a mask not mirrored, the
columns then reading all of it). Moves: the bytes its passes read and
write in global memory a frame (the pixels in and out, the half spectrum
four times, the gain once; where the columns of heights above 4096 took
two passes each way, the middle two shared, eight times and once; split
in two halves by the rows, four times and once), and
the share of the device's bandwidth that the filter's time implies. fps:
the element's pool at depth 2 (in parentheses, the application's memory
at depth 1). Cold start: from the start-up table.
"""

TAIL = """\
## History

Each experiment and measurement run, with its question, prediction, result,
CSVs and what was kept: [experiments/README.md](experiments/README.md).
"""


def fail(message):
    sys.stderr.write("make-performance.py: %s\n" % message)
    sys.exit(2)


def read_csv(name):
    path = os.path.join(DATA, name)
    if not os.path.exists(path):
        fail("%s is listed but not in docs/data/" % name)
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def date_of(name):
    m = re.search(r"\d{4}-\d{2}-\d{2}", name)
    return m.group(0) if m else "undated"


def label_of(name):
    """The part of a CSV's name after its date: what the run was."""
    stem = name[:-4] if name.endswith(".csv") else name
    rest = stem.split(date_of(name), 1)[-1].strip("-")
    return "%s %s" % (date_of(name), rest) if rest else date_of(name)


def link(name):
    return "[%s](data/%s)" % (label_of(name), name)


def devices_in(rows):
    return sorted({r["device"] for r in rows if r.get("device")})


def entries(listing):
    for entry in listing:
        if isinstance(entry, tuple):
            yield entry[0], entry[1]
        else:
            yield entry, None


def pixels(size):
    w, h = size.split("x")
    return int(w) * int(h)


def us(value):
    return "%.0f" % value if value >= 1000 else "%.1f" % value


def seconds(value):
    return "%.2f" % value


def peers(rows, case, size):
    """Our time and VkFFT's (defaults) and clFFT's for case at size."""
    found = {}
    for r in rows:
        if r["case"] != case or "%sx%s" % (r["size_a"], r["size_b"]) != size:
            continue
        lib, t = r["library"], float(r["device_us"])
        if lib.startswith("VkFFT") and not lib.endswith("LUT"):
            found["vkfft"], found["vkfft_name"] = t, lib
        elif lib.startswith("clFFT"):
            found["clfft"], found["clfft_name"] = t, lib
    return found


def engine_rows(dev):
    """{size: (row fields, csv name)} from the device's engine CSVs."""
    chosen = {}
    for name, only in entries(dev["engine"]):
        rows = read_csv(name)
        for r in rows:
            if r["case"] != "filter-gray8":
                continue
            size = "%sx%s" % (r["size_a"], r["size_b"])
            if (only and size not in only) or size in chosen:
                continue
            pair = peers(rows, "r2c-c2r-2d", size)
            mirrored = [x for x in rows if x["case"] == "filter-gray8"
                        and x["library"] == "gst-clfft, gain not mirrored"
                        and "%sx%s" % (x["size_a"], x["size_b"]) == size]
            ours = [x for x in rows if x["case"] == "filter-gray8"
                    and x["library"] == "gst-clfft"
                    and "%sx%s" % (x["size_a"], x["size_b"]) == size]
            if not ours:
                continue
            fields = dict(pair)
            fields["ours"] = float(ours[0]["device_us"])
            own_pair = [x for x in rows if x["case"] == "r2c-c2r-2d"
                        and x["library"] == "gst-clfft"
                        and "%sx%s" % (x["size_a"], x["size_b"]) == size]
            if own_pair:
                fields["pair_ours"] = float(own_pair[0]["device_us"])
            if mirrored:
                fields["not_mirrored"] = float(mirrored[0]["device_us"])
            chosen[size] = (fields, name)
    return chosen


def stream_rows(dev):
    chosen = {}
    for name in dev["stream"]:
        rows = read_csv(name)
        values = {r["case"]: float(r["value"]) for r in rows}
        size = "%sx%s" % (rows[0]["width"], rows[0]["height"])
        chosen.setdefault(size, (values, name, devices_in(rows)))
    return chosen


def startup_rows(dev):
    """[(measure, size, row, csv name)], first CSV wins per measure and
    size, in the order of MEASURES and then of the CSVs."""
    chosen, order = {}, []
    for name in dev["startup"]:
        for r in read_csv(name):
            key = (r["measure"], r["size"])
            if key not in chosen:
                chosen[key] = (r, name)
                order.append(key)
    known = [m for m, _ in MEASURES]
    rank = {m: i for i, m in enumerate(known)}
    first = {k: i for i, k in enumerate(order)}
    order.sort(key=lambda k: (rank.get(k[0], len(known)), first[k]))
    return [(m, s, chosen[(m, s)][0], chosen[(m, s)][1]) for m, s in order]


def sources(used):
    """Each (CSV, what) as "what: link (device as the CSV names it)"."""
    parts = []
    for name, what in used:
        devs = devices_in(read_csv(name))
        dev = ", ".join("`%s`" % d for d in devs) if devs \
            else "no device in the CSV"
        parts.append("%s: %s (%s)" % (what, link(name), dev))
    return parts


# Frames whose spectrum and gains take this many bytes outgrow the L2
# (OUTGROWS_CACHE_MIN_BYTES in clfft-filter-path.c)
OUTGROWS_CACHE_MIN_BYTES = 25 << 20


# Runs of heights above 4096 whose columns were split in two halves by
# the rows (docs/experiments/2026-12-02-8k-split-columns.md): named so, or
# later than that day
SPLIT_COLUMNS_SINCE = "2026-12-02"
SPLIT_COLUMNS_LABEL = "split-columns"


def split_columns_run(name):
    return (date_of(name) > SPLIT_COLUMNS_SINCE
            or SPLIT_COLUMNS_LABEL in name)


def filter_bytes(size, name=""):
    """(bytes the filter moves in global memory for a GRAY8 frame, whether
    its data outgrow the L2), as docs/design.md's paths read and write:
    the pixels in and out, the half spectrum written by the rows forward,
    read and written by the columns, read by the rows inverse, and the
    gain read once (half of it where the data outgrow the cache and the
    columns read a mirrored gain); heights above 4096 ran the columns in
    two passes each way, the middle two as one, each pass reading and
    writing the spectrum: eight times through memory in all; in the runs
    of name split_columns_run, the halves' columns in one pass: four
    times, the whole gain once."""
    w, h = (int(x) for x in size.split("x"))
    bins = w // 2 + 1
    spectrum, gain = bins * h * 8, bins * h * 4
    outgrows = spectrum + gain >= OUTGROWS_CACHE_MIN_BYTES
    if h > 4096 and split_columns_run(name):
        return 2 * w * h + 4 * spectrum + gain, outgrows
    if h > 4096:
        return 2 * w * h + 8 * spectrum + gain, outgrows
    if outgrows:
        gain = bins * (h // 2 + 1) * 4
    return 2 * w * h + 4 * spectrum + gain, outgrows


# The longest row or column a pass holds (CLFFT_MAX_ROW_LENGTH in
# clfft-passes.h): longer ones take two passes through a scratch
MAX_ROW_LENGTH = 4096


def pair_bytes(size):
    """(bytes the engine's 2D R2C + C2R pair moves in global memory,
    whether its data outgrow the L2), as clfft-fft.c runs it where the
    columns run across the rows: the floats in and out, the half spectrum
    written by the rows forward, read and written by the columns each way
    (twice each way where a column takes two passes through a scratch),
    and read by the rows inverse."""
    w, h = (int(x) for x in size.split("x"))
    spectrum, floats = (w // 2 + 1) * h * 8, w * h * 4
    columns = 4 if h > MAX_ROW_LENGTH else 2
    # its buffers: the floats in and out, the spectrum and the scratch
    return (2 * floats + (2 + 2 * columns) * spectrum,
            2 * floats + 2 * spectrum >= OUTGROWS_CACHE_MIN_BYTES)


# The first day the 2D plans ran their columns across the rows, not
# between transposes (2026-11-29-2d-columns-across-rows.md): pair_bytes
# holds from then on
PAIR_ACROSS_SINCE = "2026-11-29"


def r2c_bytes(size):
    """(bytes a batched R2C of n reals moves, whether they outgrow the
    L2): the reals in, the n / 2 + 1 bins out; where its half-length
    transform takes two passes, the scratch between them written and
    read too."""
    n, batch = (int(x) for x in size.split("x"))
    reals, bins = n * batch * 4, (n // 2 + 1) * batch * 8
    scratch = 2 * (n // 2) * batch * 8 if n // 2 > MAX_ROW_LENGTH else 0
    return (reals + bins + scratch,
            reals + bins >= OUTGROWS_CACHE_MIN_BYTES)


def bandwidths(dev):
    """(memory, L2) bytes a second from the device's bandwidth cases: a
    copy (read and written once) and a buffer read size_b times (and its
    sums written once); None where not measured."""
    if not dev.get("bandwidth"):
        return None
    rates = {}
    for r in read_csv(dev["bandwidth"]):
        mib, times = int(r["size_a"]), int(r["size_b"])
        if r["case"] == "copy-memory":
            moved = 2 * (mib << 20)
        elif r["case"] == "reread-l2":
            moved = (times + 1) * (mib << 20)
        else:
            continue
        rates[r["case"]] = moved / (float(r["device_us"]) * 1e-6)
    if len(rates) != 2:
        fail("%s lacks copy-memory or reread-l2" % dev["bandwidth"])
    return rates["copy-memory"], rates["reread-l2"]


def roofline_cell(size, ours_us, bw, bytes_of=filter_bytes):
    """MB moved, and the shares of the memory's and the L2's bandwidth
    (the L2's only where the data fit it) that ours_us implies"""
    moved, outgrows = bytes_of(size)
    cell = "%.1f" % (moved / 1e6)
    if bw:
        rate = moved / (ours_us * 1e-6)
        cell += ": %.0f %%" % (100 * rate / bw[0])
        cell += " / -" if outgrows else " / %.0f %%" % (100 * rate / bw[1])
    return cell


def device_table(dev, out):
    engine = engine_rows(dev)
    stream = stream_rows(dev)
    cold = {s: r for m, s, r, _ in startup_rows(dev)
            if m == "cold-first-frame"}
    sizes = sorted(set(engine) | set(stream) | set(cold), key=pixels)
    if not sizes:
        return
    out.append("### %s" % dev["device"])
    out.append("")
    bw = bandwidths(dev)
    out.append("| frame | filter (us) | VkFFT pair (us) | clFFT pair (us) "
               "| filter / VkFFT | moves (MB): of memory / L2 bandwidth "
               "| fps end to end | cold start (s) | engine CSV |")
    out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
               "| --- |")
    versions = set()
    for size in sizes:
        cells = [size] + [""] * 8
        if size in engine:
            f, name = engine[size]
            cells[1] = us(f["ours"])
            if dev.get("gpu"):
                cells[5] = roofline_cell(size, f["ours"], bw,
                                         lambda s: filter_bytes(s, name))
            if "not_mirrored" in f:
                cells[1] += " (%s)" % us(f["not_mirrored"])
            if "vkfft" in f:
                cells[2] = us(f["vkfft"])
                cells[4] = "%.2f" % (f["ours"] / f["vkfft"])
                versions.add(f["vkfft_name"])
            if "clfft" in f:
                cells[3] = us(f["clfft"])
                versions.add(f["clfft_name"])
            cells[8] = link(name)
        if size in stream:
            values, name, _ = stream[size]
            if "fps-depth2-pool" in values:
                cells[6] = "%.0f" % values["fps-depth2-pool"]
            if "fps-depth1-app-memory" in values:
                cells[6] += " (%.0f)" % values["fps-depth1-app-memory"]
        if size in cold:
            cells[7] = seconds(float(cold[size]["median_s"]))
        out.append("| " + " | ".join(c or "-" for c in cells) + " |")
    out.append("")
    notes = []
    if versions:
        notes.append("Peers as the CSVs name them: %s."
                     % ", ".join(sorted(versions)))
    streams = [(n, "fps at %s" % size) for size, (_, n, _) in
               sorted(stream.items(), key=lambda i: pixels(i[0]))]
    if streams:
        notes.append("; ".join(sources(streams)) + ".")
    if bw:
        notes.append("Bandwidth: %.0f GB/s from memory (a copy of 1 "
                     "GiB), %.0f GB/s from the L2 (8 MiB read 64 times in "
                     "a launch) (%s); the L2's share only where the "
                     "frame's data fit it." % (
                         bw[0] / 1e9, bw[1] / 1e9,
                         "; ".join(sources([(dev["bandwidth"],
                                             "bandwidth")]))))
    notes.append(dev["note"])
    out.append(" ".join(notes))
    out.append("")


def format_rows(dev):
    """{(format, size): device us}, first CSV wins."""
    chosen = {}
    for name in dev.get("formats", []):
        for r in read_csv(name):
            # the queues forced either way, and the bounds of paths not
            # built (-as-one), are for the experiments
            if r["case"].startswith("format-") and \
                    not r["case"].endswith("-queue") and \
                    "-as-one" not in r["case"]:
                key = (r["case"][len("format-"):],
                       "%sx%s" % (r["size_a"], r["size_b"]))
                chosen.setdefault(key, (float(r["device_us"]), name))
    return chosen


def formats_table(out):
    """Device time of colour frames against GRAY8, and their streams."""
    devs = [d for d in CURRENT if d.get("formats")]
    if not devs:
        return
    out.append("## Colour formats")
    out.append("")
    out.append("Every channel filtered (`chroma=filter`, the default for a "
               "picture), the default mask: device us a frame, and in "
               "parentheses its ratio to GRAY8 of the same size in the same "
               "run (bench-engine's `formats` group).")
    out.append("")
    for dev in devs:
        rows = format_rows(dev)
        formats = []
        for f, _ in rows:
            if f not in formats:
                formats.append(f)
        sizes = sorted({s for _, s in rows}, key=pixels)
        out.append("| %s | " % dev["device"] + " | ".join(formats) + " |")
        out.append("| --- |" + " ---: |" * len(formats))
        for size in sizes:
            cells = [size]
            for f in formats:
                if (f, size) not in rows:
                    cells.append("-")
                    continue
                us_f = rows[(f, size)][0]
                gray = rows.get(("gray8", size), (None,))[0]
                cells.append("%s (%.2f)" % (us(us_f), us_f / gray)
                             if gray else us(us_f))
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
        streams = []
        for name in dev.get("format_stream", []):
            rows_s = read_csv(name)
            v = {r["case"]: float(r["value"]) for r in rows_s}
            streams.append("%s %s: %.0f fps (pool, depth 2), %.0f (the "
                           "application's memory, depth 1)" % (
                               rows_s[0]["format"], "%sx%s" % (
                                   rows_s[0]["width"], rows_s[0]["height"]),
                               v["fps-depth2-pool"],
                               v["fps-depth1-app-memory"]))
        used = [(n, "device times") for n in dev["formats"]] + \
            [(n, "stream") for n in dev.get("format_stream", [])]
        if streams:
            out.append("Through the element: " + "; ".join(streams) + ".")
            out.append("")
        out.append("; ".join(sources(used)) + ".")
        out.append("")


def convolution_rows(dev):
    """[(size, ours, float, u8, its rel. error, csv name)] from the
    device's convolution CSVs, first CSV wins per size."""
    chosen, seen = [], set()
    for name in dev.get("convolution", []):
        rows = read_csv(name)
        for r in rows:
            size = "%sx%s" % (r["size_a"], r["size_b"])
            if r["case"] != "vkfft-convolution" or size in seen \
                    or not r["library"].endswith("float"):
                continue
            ours = [float(x["device_us"]) for x in rows
                    if x["case"] == "filter-gray8"
                    and x["library"] == "gst-clfft"
                    and "%sx%s" % (x["size_a"], x["size_b"]) == size]
            u8 = [float(x["device_us"]) for x in rows
                  if x["case"] == "vkfft-convolution"
                  and x["library"].endswith("u8")
                  and "%sx%s" % (x["size_a"], x["size_b"]) == size]
            if not ours:
                continue
            seen.add(size)
            chosen.append((size, ours[0], float(r["device_us"]),
                           u8[0] if u8 else None, r["rel_error"], name))
    return chosen


def convolution_table(out):
    devs = [d for d in CURRENT if d.get("convolution")]
    if not devs:
        return
    out.append("## The filter against VkFFT's convolution")
    out.append("")
    out.append("VkFFT's convolution mode (`performConvolution`: rows R2C, "
               "the columns' forward FFT, the kernel's product and inverse "
               "in one dispatch, rows C2R) with clfft2dfilter's default mask "
               "as its kernel, float in and out, and with two u8 conversion "
               "kernels around it; bench-engine's `convolution` group, in "
               "the same run as the filter. Its output is checked against "
               "FFTW (relative L2 error): VkFFT 1.2.26's is wrong at every "
               "size, so its times are a bound, not a result "
               "([experiment](experiments/2026-11-27-vkfft-convolution.md)).")
    out.append("")
    out.append("| device | frame | filter (us) | convolution, float (us) "
               "| filter / it | with u8 (us) | filter / it | its error "
               "| CSV |")
    out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: "
               "| --- |")
    for dev in devs:
        for size, ours, fl, u8, err, name in convolution_rows(dev):
            out.append("| %s | %s | %s | %s | %.2f | %s | %s | %s | %s |" % (
                dev["device"], size, us(ours), us(fl), ours / fl,
                us(u8) if u8 else "-",
                "%.2f" % (ours / u8) if u8 else "-", err or "-", link(name)))
    out.append("")


def r2c_rows(dev):
    """[(size, ours, peers, csv name)], first CSV wins per size."""
    chosen, seen = [], set()
    for name in dev["r2c"]:
        rows = read_csv(name)
        for r in rows:
            size = "%sx%s" % (r["size_a"], r["size_b"])
            if r["case"] != "r2c-1d" or r["library"] != "gst-clfft" \
                    or size in seen:
                continue
            seen.add(size)
            chosen.append((size, float(r["device_us"]),
                           peers(rows, "r2c-1d", size), name))
    return chosen


def median(values):
    values = sorted(values)
    mid = len(values) // 2
    return values[mid] if len(values) % 2 else \
        (values[mid - 1] + values[mid]) / 2


def enqueue_times(rows, size):
    """The host's time to enqueue a pair at size, ours and VkFFT's, where
    the CSV has them."""
    found = {}
    for r in rows:
        if r["case"] == "r2c-c2r-2d-enqueue" \
                and "%sx%s" % (r["size_a"], r["size_b"]) == size:
            key = "enqueue_ours" if r["library"].startswith("gst-clfft") \
                else "enqueue_vkfft"
            found[key] = float(r["device_us"])
    return found


def pair_process_rows(dev):
    """{size: (ours, peers, csv names, per-process ratios)}: the medians
    of the runs of a size, each CSV a process of its own; the peers hold
    the host's enqueue times too, where the CSVs have them."""
    runs = {}
    for name in dev.get("pair_processes", []):
        rows = read_csv(name)
        for r in rows:
            size = "%sx%s" % (r["size_a"], r["size_b"])
            if r["case"] == "r2c-c2r-2d" and r["library"] == "gst-clfft":
                found = peers(rows, "r2c-c2r-2d", size)
                found.update(enqueue_times(rows, size))
                runs.setdefault(size, []).append(
                    (float(r["device_us"]), found, name))
    chosen = {}
    for size, found in runs.items():
        p = {}
        for key in ("vkfft", "clfft", "enqueue_ours", "enqueue_vkfft"):
            values = [f[1][key] for f in found if key in f[1]]
            if values:
                p[key] = median(values)
        ratios = [f[0] / f[1]["vkfft"] for f in found if "vkfft" in f[1]]
        chosen[size] = (median([f[0] for f in found]), p,
                        [f[2] for f in found], ratios)
    return chosen


def pair_rows(dev):
    """{size: (ours, peers, csv name)}: the medians over processes, then
    the pair CSVs, then the filter table's."""
    chosen = {size: (ours, p, names[0]) for size, (ours, p, names, _)
              in pair_process_rows(dev).items()}
    for name in dev.get("pair", []):
        rows = read_csv(name)
        for r in rows:
            size = "%sx%s" % (r["size_a"], r["size_b"])
            if r["case"] == "r2c-c2r-2d" and r["library"] == "gst-clfft" \
                    and size not in chosen:
                chosen[size] = (float(r["device_us"]),
                                peers(rows, "r2c-c2r-2d", size), name)
    for size, (f, name) in engine_rows(dev).items():
        if "pair_ours" in f and size not in chosen:
            chosen[size] = (f["pair_ours"], f, name)
    return dict(sorted(chosen.items(), key=lambda kv: pixels(kv[0])))


def pair_table(out):
    out.append("## The engine's 2D R2C + C2R pair")
    out.append("")
    out.append("`clfft_plan_2d_new` R2C forward then C2R inverse, the "
               "public API's pair, beside VkFFT's and clFFT's pair of the "
               "same frame in the same run. Columns of up to 4096 run in "
               "one pass across the rows, taller ones in two passes across "
               "the rows through a scratch; heights through Bluestein, and "
               "every size in the CSVs before 2026-11-29, between two "
               "transposes. Where "
               "a row names several processes, each a run of its own, its "
               "times are their medians, each batch queued behind a hold "
               "of the device (`--queue-ahead`): without it, at small "
               "frames the host's enqueueing sets the pace (ours at "
               "640x480 and 1280x720, VkFFT's at 640x480) and changes "
               "from one process to the next "
               "([experiment](experiments/2026-12-02-pair-host-paced.md)). "
               "Host: the host's time to enqueue one pair, ours / "
               "VkFFT's. Moves: the bytes our pair reads and writes in "
               "global memory (the floats in and out, the half spectrum "
               "six times, ten where the columns take two passes each "
               "way), and the share of the device's bandwidth that its "
               "time implies (as in the filter's tables); not for CSVs "
               "before %s, whose transposes moved more." %
               PAIR_ACROSS_SINCE)
    out.append("")
    out.append("| device | frame | ours (us) | VkFFT (us) | clFFT (us) | "
               "ours / VkFFT | host (us) | moves (MB): of memory / L2 "
               "bandwidth | CSV |")
    out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: "
               "| --- |")
    notes = []
    for dev in CURRENT:
        processes = pair_process_rows(dev)
        bw = bandwidths(dev)
        for size, (ours, p, name) in pair_rows(dev).items():
            where = link(name)
            if size in processes:
                names, ratios = processes[size][2], processes[size][3]
                where = "medians of %d processes: %s" % (len(names), ", ".join(
                    "[%d](data/%s)" % (i + 1, n) for i, n in
                    enumerate(names)))
                spread = "ours / VkFFT %.2f in every process" % min(
                    ratios) if "%.2f" % min(ratios) == "%.2f" % max(
                        ratios) else "each process's ours / VkFFT from " \
                    "%.2f to %.2f, median %.2f" % (
                        min(ratios), max(ratios), median(ratios))
                notes.append("%s at %s: %s." % (dev["device"], size,
                                                spread))
            out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                dev["device"], size, us(ours),
                us(p["vkfft"]) if "vkfft" in p else "-",
                us(p["clfft"]) if "clfft" in p else "-",
                "%.2f" % (ours / p["vkfft"]) if "vkfft" in p else "-",
                "%s / %s" % (us(p["enqueue_ours"]), us(p["enqueue_vkfft"]))
                if "enqueue_ours" in p and "enqueue_vkfft" in p else "-",
                roofline_cell(size, ours, bw, pair_bytes)
                if dev.get("gpu") and date_of(name) >= PAIR_ACROSS_SINCE
                else "-",
                where))
    out.append("")
    if notes:
        out.append(" ".join(notes))
        out.append("")


def r2c_table(out):
    out.append("## Batched 1D R2C")
    out.append("")
    out.append("Moves: the bytes ours reads and writes in global memory "
               "(the reals in, the bins out, and the scratch written and "
               "read where the half length takes two passes, above %d), "
               "and the share of the device's bandwidth that its time "
               "implies. Where they are about the L2's size, part of "
               "them may come from the L2: the memory's share is then an "
               "upper bound." % MAX_ROW_LENGTH)
    out.append("")
    out.append("| device | length x batch | ours (us) | VkFFT (us) | "
               "clFFT (us) | ours / VkFFT | moves (MB): of memory / L2 "
               "bandwidth | CSV |")
    out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for dev in CURRENT:
        bw = bandwidths(dev)
        for size, ours, p, name in r2c_rows(dev):
            out.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
                dev["device"], size.replace("x", " x "), us(ours),
                us(p["vkfft"]) if "vkfft" in p else "-",
                us(p["clfft"]) if "clfft" in p else "-",
                "%.2f" % (ours / p["vkfft"]) if "vkfft" in p else "-",
                roofline_cell(size, ours, bw, r2c_bytes)
                if dev.get("gpu") else "-",
                link(name)))
    out.append("")


def startup_table(out):
    out.append("## Start-up and size changes")
    out.append("")
    out.append("| device | measure | median (min to max), s, by size "
               "(bands for clfftspectrum) | runs | CSV |")
    out.append("| --- | --- | --- | ---: | --- |")
    names = dict(MEASURES)
    used = []
    for dev in CURRENT:
        groups, order = {}, []
        for measure, size, r, name in startup_rows(dev):
            key = (measure, name, r["reps"])
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append("%s: %s (%s to %s)" % (
                size, seconds(float(r["median_s"])),
                seconds(float(r["min_s"])), seconds(float(r["max_s"]))))
            if name not in used:
                used.append(name)
        for measure, name, reps in order:
            out.append("| %s | %s | %s | %s | %s |" % (
                dev["device"], names.get(measure, measure),
                "; ".join(groups[(measure, name, reps)]), reps, link(name)))
    out.append("")
    out.append("Devices as the CSVs name them: %s." % "; ".join(
        "%s in %s" % (", ".join("`%s`" % d for d in
                                devices_in(read_csv(n))) or "none", link(n))
        for n in used))
    out.append("")


def worst(pairs):
    """(value, where) with the largest value, or None."""
    return max(pairs) if pairs else None


def goal_cell(found, limit, unit, fmt, higher_is_better=False):
    if limit is None:
        return "-"
    if found is None:
        return "not measured"
    value, where = found
    met = value >= limit if higher_is_better else value <= limit
    return "%s%s at %s: %s" % (fmt % value, unit, where,
                               "met" if met else "not met")


def goals_table(out):
    out.append("## Goals")
    out.append("")
    out.append("| goal | " + " | ".join(d["device"] for d in CURRENT) + " |")
    out.append("| --- |" + " --- |" * len(CURRENT))
    sizes, limit = FILTER_GOAL
    row = ["filter at most %.1f x VkFFT's pair at %s (first round)"
           % (limit, ", ".join(sizes))]
    for dev in CURRENT:
        e = engine_rows(dev)
        found = worst([(f["ours"] / f["vkfft"], s) for s, (f, _) in
                       e.items() if s in sizes and "vkfft" in f])
        row.append(goal_cell(found, limit if dev["gpu"] else None, " x",
                             "%.2f"))
    out.append("| " + " | ".join(row) + " |")
    sizes, limit = R2C_GOAL
    row = ["batched R2C at most %.1f x VkFFT at %s (first round)"
           % (limit, ", ".join(s.replace("x", " x ") for s in sizes))]
    for dev in CURRENT:
        pairs = [(ours / p["vkfft"], size.replace("x", " x "))
                 for size, ours, p, _ in r2c_rows(dev)
                 if size in sizes and "vkfft" in p]
        row.append(goal_cell(worst(pairs), limit if dev["gpu"] else None,
                             " x", "%.2f"))
    out.append("| " + " | ".join(row) + " |")
    size, limit = STREAM_GOAL
    row = ["%s through the element at least %.0f fps (first round)"
           % (size, limit)]
    for dev in CURRENT:
        values = stream_rows(dev).get(size, ({},))[0]
        found = (values["fps-depth2-pool"], "depth 2, pool") \
            if "fps-depth2-pool" in values else None
        row.append(goal_cell(found, limit if dev["gpu"] else None, " fps",
                             "%.0f", higher_is_better=True))
    out.append("| " + " | ".join(row) + " |")
    for fmt, limit in FORMAT_GOALS:
        row = ["1920x1080 %s, every channel, at most %.1f x GRAY8's device "
               "time" % (fmt.upper(), limit)]
        for dev in CURRENT:
            rows = format_rows(dev)
            found = None
            if (fmt, "1920x1080") in rows and ("gray8", "1920x1080") in rows:
                found = (rows[(fmt, "1920x1080")][0]
                         / rows[("gray8", "1920x1080")][0], "1920x1080")
            row.append(goal_cell(found, limit if dev["gpu"] else None, " x",
                                 "%.2f"))
        out.append("| " + " | ".join(row) + " |")
    sizes, limit = CONVOLUTION_GOAL
    row = ["filter at most %.1f x VkFFT's convolution (float in and out) at "
           "%s" % (limit, ", ".join(sizes))]
    for dev in CURRENT:
        conv = convolution_rows(dev)
        found = worst([(ours / fl, s) for s, ours, fl, _, _, _ in conv
                       if s in sizes])
        cell = goal_cell(found, limit if dev["gpu"] else None, " x", "%.2f")
        missing = [s for s in sizes if s not in [c[0] for c in conv]]
        if found and missing:
            cell += " (%s)" % "; ".join(
                "%s not measured%s" % (s, ": " + CONVOLUTION_NOT_MEASURED[s]
                                       if s in CONVOLUTION_NOT_MEASURED
                                       else "")
                for s in missing)
        row.append(cell)
    out.append("| " + " | ".join(row) + " |")
    size, limit = FILTER_8K_GOAL
    row = ["%s filter at most %.1f x VkFFT's pair" % (size, limit)]
    for dev in CURRENT:
        f = engine_rows(dev).get(size, ({},))[0]
        found = (f["ours"] / f["vkfft"], size) if "vkfft" in f else None
        row.append(goal_cell(found, limit if dev["gpu"] else None, " x",
                             "%.2f"))
    out.append("| " + " | ".join(row) + " |")
    row = ["the engine's 2D R2C + C2R pair at most %.1f x VkFFT's, 640x480 "
           "to 7680x4320" % PAIR_GOAL]
    for dev in CURRENT:
        found = worst([(ours / p["vkfft"], s) for s, (ours, p, _) in
                       pair_rows(dev).items() if "vkfft" in p])
        row.append(goal_cell(found, PAIR_GOAL if dev["gpu"] else None, " x",
                             "%.2f"))
    out.append("| " + " | ".join(row) + " |")
    row = ["batched R2C at most %.1f x VkFFT at every length measured, up "
           "to 65536" % R2C_ALL_GOAL]
    for dev in CURRENT:
        pairs = [(ours / p["vkfft"], size.replace("x", " x "))
                 for size, ours, p, _ in r2c_rows(dev) if "vkfft" in p]
        row.append(goal_cell(worst(pairs), R2C_ALL_GOAL if dev["gpu"]
                             else None, " x", "%.2f"))
    out.append("| " + " | ".join(row) + " |")
    for text, measure, sizes, gpu_limit, cpu_limit in STARTUP_GOALS:
        row = [text]
        for dev in CURRENT:
            rows = startup_rows(dev)
            found = worst([(float(r["median_s"]), s) for m, s, r, _ in rows
                           if m == measure and (not dev["gpu"] or not sizes
                                                or s in sizes)])
            cell = goal_cell(found, gpu_limit if dev["gpu"] else
                             cpu_limit, " s", "%.2f")
            before = worst([(float(r["median_s"]), r["size"])
                            for name in dev.get("startup_before", [])
                            for r in read_csv(name) if r["measure"] == measure])
            if before and found:
                cell += " (before: %.1f s at %s)" % before
            row.append(cell)
        out.append("| " + " | ".join(row) + " |")
    out.append("")
    out.append("Each cell: the worst of the figures above, and where; "
               "\"before\", the worst of the plugin before the start-up "
               "work (" + ", ".join(link(n) for d in CURRENT
                                     for n in d.get("startup_before", []))
               + "). The first round's speed goals were for GPUs; on PoCL it asked "
               "for 640x480 not slower than FFmpeg's fftfilt, met by "
               "[the filter in SIMD lanes]"
               "(experiments/2026-11-22-simd-lanes-on-pocl.md).")
    out.append("")


def spectrum_table(out):
    out.append("## clfftspectrum against spectrum")
    out.append("")
    out.append("| device | messages | spectrum (s) | clfftspectrum (s) | "
               "ratio | CSV |")
    out.append("| --- | --- | ---: | ---: | ---: | --- |")
    used = []
    for dev in CURRENT:
        for name in dev["spectrum"][:1]:
            rows = read_csv(name)
            theirs = {r["messages"]: float(r["seconds"]) for r in rows
                      if r["element"] == "spectrum"}
            for r in rows:
                if r["element"] != "clfftspectrum":
                    continue
                ref = theirs.get(r["messages"], theirs.get("on"))
                ours = float(r["seconds"])
                out.append("| %s | %s | %.3f | %.3f | %.3f | %s |" % (
                    dev["device"], r["messages"], ref, ours, ours / ref,
                    link(name)))
            used.append(name)
    out.append("")
    out.append("Devices as the CSVs name them: %s." % "; ".join(
        "%s in %s" % (", ".join("`%s`" % d for d in
                                devices_in(read_csv(n))), link(n))
        for n in used))
    out.append("")


def median(values):
    values = sorted(values)
    n = len(values)
    return values[n // 2] if n % 2 else (values[n // 2 - 1] +
                                         values[n // 2]) / 2


def spectrogram_table(out):
    out.append("## clfftspectrogram against showspectrum")
    out.append("")
    out.append("A scrolling spectrogram of 8 channels of 48 kHz audio, "
               "median of the runs; fps: pictures made a second, against "
               "the video's own rate. Both tools on the same machine where "
               "a row pair shares a CSV.")
    out.append("")
    out.append("| tool | device | video | fps | CPU s per s of audio | "
               "keeps up | runs | CSV |")
    out.append("| --- | --- | --- | ---: | ---: | --- | ---: | --- |")
    for dev in CURRENT:
        for name in dev.get("spectrogram", []):
            rows = read_csv(name)
            groups = {}
            for r in rows:
                key = (r["tool"], r["device"], r["width"], r["height"],
                       r["fps"], r["seconds_of_audio"])
                groups.setdefault(key, []).append(r)
            for (tool, device, w, h, fps, seconds), rs in groups.items():
                made = median([float(r["frames_per_s"]) for r in rs])
                cpu = median([float(r["cpu_s"]) for r in rs]) / float(
                    seconds)
                out.append("| %s | %s | %sx%s at %s fps | %.1f | %.2f | "
                           "%s | %d | %s |" % (
                               "clfftspectrogram" if tool == "ours" else
                               "FFmpeg showspectrum", device, w, h, fps,
                               made, cpu, "yes" if made >= float(fps)
                               else "no", len(rs), link(name)))
    out.append("")


def streams_table(out):
    out.append("## Many streams")
    out.append("")
    out.append("Aggregate frames a second of N streams of GRAY8 at once, "
               "against one stream in the same run; latency from push to "
               "sink with 4 frames in flight a stream (6 at "
               "pipeline-depth=4; else the element's default for a source "
               "that is not live, 2). Issue 43's goals on "
               "one GPU: at least 20000 fps with 4 or more streams, and at "
               "least one stream's figure at every N; two GPUs: at least "
               "1.9 x one GPU's aggregate from 8 streams on; one stream "
               "in the application's own memory at depth 2: at least "
               "10000 fps.")
    out.append("")
    out.append("| device | placement | frame | streams | fps | x one "
               "stream | p50 latency (us) | p99 latency (us) | CSV |")
    out.append("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |")
    one_gpu = {}
    # (what, goal) -> [(streams, figure, met)], in the order first met
    goals = {}
    references = []

    def goal(what, text, n, figure, met):
        goals.setdefault((what, text), []).append((n, figure, met))

    for dev in CURRENT:
        for entry in dev.get("streams", []):
            name, placement = entry[:2]
            reference = entry[2:] == ("reference",)
            if reference:
                references.append(name)
            for r in read_csv(name):
                size = "%sx%s" % (r["width"], r["height"])
                n = int(r["streams"])
                fps = float(r["fps"])
                ratio = float(r["ratio_to_one"])
                if placement.startswith("one GPU") \
                        and r.get("memory") != "app":
                    one_gpu[(dev["device"], size, n)] = fps
                if reference:
                    continue
                out.append("| %s | %s | %s | %d | %.0f | %.2f | %.0f | %.0f "
                           "| %s |" % (dev["device"], placement, size, n, fps,
                                       ratio, float(r["latency_p50_us"]),
                                       float(r["latency_p99_us"]),
                                       link(name)))
                # the issue sets its goals for 1920x1080
                if size != "1920x1080":
                    continue
                what = "%s, %s" % (placement, size)
                if r.get("memory") == "app":
                    if n == 1 and r.get("pipeline_depth", "2") == "2":
                        goal(what, "one stream at depth 2, at least 10000 "
                             "fps", n, "%.0f" % fps, fps >= 10000)
                elif placement.startswith("one GPU"):
                    if n >= 2:
                        goal(what, "at least one stream's rate", n,
                             "%.2f x" % ratio, ratio >= 1)
                    if n >= 4:
                        goal(what, "at least 20000 fps from 4 streams", n,
                             "%.0f" % fps, fps >= 20000)
                elif "balanced" in placement or "-1" in placement:
                    alone = one_gpu.get((dev["device"], size, n))
                    if n >= 8 and alone:
                        goal(what, "at least 1.9 x one GPU from 8 streams",
                             n, "%.2f x" % (fps / alone), fps / alone >= 1.9)
    out.append("")
    if references:
        out.append("Two GPUs stand against one GPU of their own run: %s."
                   % ", ".join(link(n) for n in references))
        out.append("")
    for (what, text), results in goals.items():
        parts = []
        for met in (True, False):
            at = ["%d (%s)" % (n, figure) for n, figure, m in results
                  if m == met]
            if at:
                parts.append("%s at %s stream%s" % (
                    "met" if met else "not met", ", ".join(at),
                    "s" if len(results) > 1 else ""))
        out.append("- %s: %s: %s" % (what, text, "; ".join(parts)))
    out.append("")


def render():
    out = [HEAD.rstrip("\n"), "", "## The filter, per device", "",
           FILTER_NOTE.rstrip("\n"), ""]
    for dev in CURRENT:
        device_table(dev, out)
    formats_table(out)
    convolution_table(out)
    pair_table(out)
    r2c_table(out)
    startup_table(out)
    goals_table(out)
    spectrum_table(out)
    spectrogram_table(out)
    streams_table(out)
    out.append(TAIL.rstrip("\n"))
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) > 2 or (len(argv) == 2 and argv[1] != "--check"):
        sys.stderr.write("usage: make-performance.py [--check]\n")
        return 2
    text = render()
    if len(argv) == 2:
        try:
            with open(PAGE) as f:
                old = f.read()
        except FileNotFoundError:
            old = ""
        if old == text:
            return 0
        sys.stderr.write("docs/performance.md is not what "
                         "docs/make-performance.py writes from the CSVs; "
                         "run python3 docs/make-performance.py\n")
        diff = list(difflib.unified_diff(
            old.splitlines(), text.splitlines(), "docs/performance.md",
            "generated", lineterm=""))
        sys.stderr.write("\n".join(diff[:40]) + "\n")
        return 1
    with open(PAGE, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
