#!/bin/sh
# The audio spectrum of a file: clfftspectrum's messages, as `spectrum`
# posts them (a magnitude list in dB per interval), printed by
# gst-launch-1.0 -m. spectrum-bars (a C example beside this one) draws
# them as a live bar graph instead.
#
# Usage: examples/audio-spectrum.sh FILE [BANDS] [INTERVAL_MS]
#   FILE         anything decodebin reads (WAV, FLAC, Ogg, ...)
#   BANDS        frequency bands (default 1025: 2048-sample FFTs)
#   INTERVAL_MS  milliseconds between messages (default 100)
set -eu
[ $# -ge 1 ] || { echo "usage: $0 FILE [BANDS] [INTERVAL_MS]" >&2; exit 2; }
bands=${2:-1025}
interval_ns=$(( ${3:-100} * 1000000 ))

# post-partial-interval: the end of the file gives a message too, where
# spectrum would drop it.
exec gst-launch-1.0 -m filesrc location="$1" ! decodebin ! audioconvert ! \
  clfftspectrum bands="$bands" interval="$interval_ns" \
    post-partial-interval=true ! fakesink
