#!/bin/sh
# Makes every picture of docs/overview.md with the plugin itself: a zone
# plate through lowpass, highpass and bandpass; a photo with periodic noise,
# its spectrum view and the photo cleaned by notches, placed by hand and
# found by notches=auto (with the notches it found); a colour photo as
# I420 lowpassed with its chroma filtered and passed, and its spectrum
# view; an audio spectrum
# plotted from clfftspectrum's messages (needs python3-matplotlib; without
# it the plot is skipped and its numbers still written).
#
# Usage: examples/doc-pictures.sh [BUILD_DIR] [OUTPUT_DIR]
#   BUILD_DIR   where meson built the plugin (default: build); empty to use
#               an installed plugin
#   OUTPUT_DIR  where the pictures go (default: docs/images/overview)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1-build}
out=${2:-docs/images/overview}

if [ -n "$build" ]; then
  GST_PLUGIN_PATH_1_0=$(cd "$build" && pwd)
  export GST_PLUGIN_PATH_1_0
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
log=$(mktemp)
trap 'rm -f "$log" "$out"/*.gray' EXIT

run () {
  gst-launch-1.0 -v "$@" >>"$log" 2>&1 || { cat "$log" >&2; exit 1; }
}

gray8=video/x-raw,format=GRAY8
raw="rawvideoparse width=512 height=512 format=gray8 framerate=1/1"

# A zone plate: rings whose frequency grows from 0 at the centre to about
# 0.5 cycles per pixel at the edges.
zone="videotestsrc pattern=zone-plate kx2=128 ky2=128 num-buffers=1 !
  $gray8,width=512,height=512"
# shellcheck disable=SC2086 # $zone and $raw are pipeline fragments
{
  run $zone ! pngenc ! filesink location="$out/zone-plate-input.png"
  run $zone ! clfft2dfilter filter=lowpass shape=ideal cutoff=0.15 ! \
    pngenc ! filesink location="$out/zone-plate-lowpass.png"
  run $zone ! clfft2dfilter filter=highpass shape=ideal cutoff=0.15 \
    output=abs gain=2 ! pngenc ! filesink location="$out/zone-plate-highpass.png"
  run $zone ! clfft2dfilter filter=bandpass shape=butterworth order=4 \
    cutoff=0.15 cutoff-high=0.3 output=abs gain=2 ! \
    pngenc ! filesink location="$out/zone-plate-bandpass.png"
}

# The photo, and the photo with periodic noise: two sinusoidal gratings,
# such as a scanned halftone or electrical interference leave.
run filesrc location="$here/data/camera.png" ! pngdec ! videoconvert ! \
  $gray8 ! tee name=t ! queue ! pngenc ! filesink location="$out/photo-input.png" \
  t. ! queue ! filesink location="$out/photo.gray"
python3 - "$out/photo.gray" "$out/photo-noisy.gray" <<'PY'
import math, sys
photo = open(sys.argv[1], "rb").read()
size = 512
noisy = bytearray(size * size)
for y in range(size):
    for x in range(size):
        # 48 and 80 cycles across, 40 and 24 down: whole cycles, so each
        # grating is two points of the spectrum
        noise = (36 * math.sin(2 * math.pi * (48 * x + 40 * y) / size)
                 + 24 * math.sin(2 * math.pi * (-80 * x + 24 * y) / size))
        v = 0.7 * photo[y * size + x] + 38 + noise
        noisy[y * size + x] = max(0, min(255, int(round(v))))
open(sys.argv[2], "wb").write(noisy)
PY
# shellcheck disable=SC2086
{
  run filesrc location="$out/photo-noisy.gray" ! $raw ! pngenc ! \
    filesink location="$out/photo-noisy.png"
  # the spectrum view, to find the noise: bright dots away from the centre
  run filesrc location="$out/photo-noisy.gray" ! $raw ! \
    clfft2dfilter filter=none mode=spectrum ! \
    pngenc ! filesink location="$out/photo-spectrum.png"
  # its centre, 3 x larger, where the dots are easier to see
  run filesrc location="$out/photo-noisy.gray" ! $raw ! \
    clfft2dfilter filter=none mode=spectrum ! \
    videocrop left=160 right=160 top=160 bottom=160 ! \
    videoscale method=nearest-neighbour ! $gray8,width=576,height=576 ! \
    pngenc ! filesink location="$out/photo-spectrum-centre.png"
  # Read off the spectrum view (512 x 512, DC at column 256, row 256):
  # dots at columns 304 and 176, rows 296 and 280, and their mirrors.
  # fx = (column - 256) / 512, fy = (row - 256) / 512.
  run filesrc location="$out/photo-noisy.gray" ! $raw ! \
    clfft2dfilter filter=notch notches="0.09375,0.078125;-0.15625,0.046875" \
      notch-radius=0.01 preserve-dc=true ! \
    pngenc ! filesink location="$out/photo-cleaned.png"
  # or the element finds them, and says which (its clfft-notches message)
  gst-launch-1.0 -m filesrc location="$out/photo-noisy.gray" ! $raw ! \
    clfft2dfilter filter=notch notches=auto notch-radius=0.01 \
      preserve-dc=true ! \
    pngenc ! filesink location="$out/photo-cleaned-auto.png" >"$log.auto" 2>&1 \
    || { cat "$log.auto" >&2; exit 1; }
  sed -n 's/.*clfft-notches, notches=(string)"\([^"]*\)".*/\1/p' "$log.auto" |
    sed 's/\\//g' >"$out/photo-notches-auto.txt"
  rm -f "$log.auto"
}

# A colour photo as a camera or decoder gives it (I420), lowpassed with
# every plane filtered (chroma=auto filters the chroma of a picture) and
# with the chroma passed unchanged, and its spectrum view, the luma's
# spectrum in gray (chroma=auto sets the chroma neutral there).
colour="filesrc location=$here/data/coffee.png ! pngdec ! videoconvert !
  video/x-raw,format=I420"
to_png="videoconvert ! pngenc"
# shellcheck disable=SC2086 # $colour and $to_png are pipeline fragments
{
  run $colour ! $to_png ! filesink location="$out/colour-input.png"
  run $colour ! clfft2dfilter filter=lowpass cutoff=0.02 ! $to_png ! \
    filesink location="$out/colour-lowpass.png"
  run $colour ! clfft2dfilter filter=lowpass cutoff=0.02 chroma=pass ! \
    $to_png ! filesink location="$out/colour-lowpass-luma-only.png"
  run $colour ! clfft2dfilter filter=none mode=spectrum ! $to_png ! \
    filesink location="$out/colour-spectrum.png"
}

# An audio spectrum from clfftspectrum's messages: a 440 Hz sawtooth, whose
# harmonics fall off by 6 dB an octave.
gst-launch-1.0 -m audiotestsrc wave=saw freq=440 num-buffers=40 ! \
  audio/x-raw,rate=44100,channels=1 ! audioconvert ! \
  clfftspectrum bands=1025 interval=100000000 threshold=-90 ! fakesink \
  >"$out/audio-messages.txt" 2>&1
python3 "$here/plot-audio-spectrum.py" "$out/audio-messages.txt" 44100 \
  "$out/audio-spectrum.csv" "$out/audio-spectrum.png"
rm -f "$out/audio-messages.txt"

# One picture of the filters for README.md, where matplotlib is installed.
if ! python3 -c 'import matplotlib' 2>/dev/null; then
  echo "no overview.png: python3-matplotlib is not installed"
else
python3 - "$out" <<'PY'
import sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.image
import matplotlib.pyplot as plt
out = sys.argv[1]
panels = [("zone-plate-input", "zone plate"), ("zone-plate-lowpass", "lowpass"),
          ("zone-plate-highpass", "highpass"), ("photo-noisy", "periodic noise"),
          ("photo-spectrum-centre", "its spectrum view"),
          ("photo-cleaned", "cleaned by notches")]
fig, axes = plt.subplots(1, len(panels), figsize=(12, 2.4), dpi=80)
for ax, (name, title) in zip(axes, panels):
    ax.imshow(matplotlib.image.imread("%s/%s.png" % (out, name)),
              cmap="gray", vmin=0, vmax=1)
    ax.set_title(title, fontsize=10)
    ax.axis("off")
fig.tight_layout()
fig.savefig(out + "/overview.png")
PY
fi

device=$(sed -n 's/.*device-name = //p' "$log" | head -n 1)
echo "OpenCL device: $device"
ls "$out"/*.png "$out"/*.csv
