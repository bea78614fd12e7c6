#!/bin/sh
# Makes the pictures of docs/clfftspectrogram.md with the element: a
# recorded voice (alsa-utils' Front_Center.wav, where it is installed); a
# logarithmic sweep from 50 Hz to 20 kHz over 4 s (left channel; the right
# one adds a 1 kHz tone) on the log scale, on the linear scale with the
# channels stacked, and as bars at 3 s; then checks by numbers, on a gray
# picture of the same sweep, that the ridge lies on the rows of the
# sweep's frequency.
#
# Usage: examples/spectrogram-pictures.sh [BUILD_DIR] [OUTPUT_DIR]
#   BUILD_DIR   where meson built the plugin (default: build); empty to use
#               an installed plugin
#   OUTPUT_DIR  where the pictures go (default: docs/images/spectrogram)
set -eu
build=${1-build}
out=${2:-docs/images/spectrogram}

if [ -n "$build" ]; then
  GST_PLUGIN_PATH_1_0=$(cd "$build" && pwd)
  export GST_PLUGIN_PATH_1_0
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import math, struct, sys, wave
rate, seconds, f0, f1 = 48000, 4.0, 50.0, 20000.0
k = math.log(f1 / f0) / seconds
for name, length in (("sweep.wav", seconds), ("sweep-3s.wav", 3.0)):
    w = wave.open(sys.argv[1] + "/" + name, "wb")
    w.setnchannels(2)
    w.setsampwidth(2)
    w.setframerate(rate)
    frames = bytearray()
    for j in range(int(length * rate)):
        t = j / rate
        s = 0.5 * math.sin(2 * math.pi * f0 * (math.exp(k * t) - 1) / k)
        tone = 0.25 * math.sin(2 * math.pi * 1000 * t)
        frames += struct.pack("<hh", int(32767 * s), int(32767 * (s * 0.6 + tone)))
    w.writeframes(bytes(frames))
    w.close()
PY

# The last picture of a file's spectrogram: the file (in $work, or a
# path), settings, caps, output.
last_picture () {
  file=$1 settings=$2 caps=$3 target=$4
  case $file in /*) ;; *) file=$work/$file ;; esac
  rm -rf "$work/frames" && mkdir "$work/frames"
  # shellcheck disable=SC2086 # $settings is a list of properties
  gst-launch-1.0 -q filesrc location="$file" ! wavparse ! \
    audioconvert ! clfftspectrogram $settings ! "$caps" ! \
    multifilesink location="$work/frames/%05d" >"$work/log" 2>&1 || {
    cat "$work/log" >&2
    exit 1
  }
  cp "$(ls "$work"/frames/* | tail -n 1)" "$target"
}

# 640 columns over the 4 s: the last picture shows the whole sweep
columns="interval=6250000 bands=4097"
size="width=640,height=360,framerate=25/1"
png () {
  last_picture "$1" "$columns $2" "video/x-raw,format=RGBA,$size" \
    "$work/picture.rgba"
  gst-launch-1.0 -q filesrc location="$work/picture.rgba" blocksize=921600 ! \
    rawvideoparse width=640 height=360 format=rgba framerate=1/1 ! \
    pngenc ! filesink location="$out/$3" >"$work/log" 2>&1 || {
    cat "$work/log" >&2
    exit 1
  }
}
# a man's voice saying "front centre", 1.43 s: 640 columns of 2.23 ms,
# FFTs of 2048 (43 ms: the voice's harmonics), up to 8 kHz
voice=/usr/share/sounds/alsa/Front_Center.wav
if [ -e "$voice" ]; then
  png "$voice" "interval=2231000 bands=1025 freq-max=8000 range=90" \
    voice.png
else
  echo "no $voice (alsa-utils): the voice's picture is not made"
fi
png sweep.wav "scale=log freq-min=30" sweep-log.png
png sweep.wav "multi-channel=stack" sweep-stack.png
png sweep-3s.wav "style=bars scale=log freq-min=30 interval=50000000" \
  sweep-bars.png

# The check: the gray picture on the log scale, the brightest row of
# each column against the sweep's frequency at the middle of its FFT.
last_picture sweep.wav "$columns scale=log freq-min=30 colour-map=gray \
  multi-channel=stack" "video/x-raw,format=GRAY8,$size" "$work/picture.gray"
python3 - "$work/picture.gray" <<'PY'
import math, sys
width, height, stride = 640, 360, 640
rate, seconds, f0, f1 = 48000, 4.0, 50.0, 20000.0
k = math.log(f1 / f0) / seconds
data = open(sys.argv[1], "rb").read()
# the left channel's strip: the top half, 30 Hz to 24 kHz, log
rows = height // 2
checked = good = 0
for x in range(width):
    end = (x + 1) * 300          # 6.25 ms a column
    t = (end - 4096) / rate      # the middle of the FFT of 8192
    f = f0 * math.exp(k * t)
    # where the rows are wider than the bins (5.9 Hz), up to the end
    if t < 0 or f < 200 or f > 20000:
        continue
    column = [data[y * stride + x] for y in range(rows)]
    best = max(range(rows), key=lambda y: column[y])
    expected = rows - 1 - math.floor(math.log(f / 30) / math.log(24000 / 30) * rows)
    checked += 1
    good += abs(best - expected) <= 1
    if abs(best - expected) > 1:
        print(f"column {x} ({f:.0f} Hz): ridge at row {best}, expected {expected}")
print(f"the sweep's ridge within a row of its frequency in {good} of {checked} columns")
sys.exit(0 if checked > 400 and good == checked else 1)
PY
echo "pictures in $out"
