#!/bin/sh
# Filters a zone plate (rings whose frequency grows from 0 at the centre to
# the Nyquist limit at the edges) on the default OpenCL device and writes the
# input, lowpass and highpass pictures as PNG files.
#
# Usage: examples/zone-plate.sh [BUILD_DIR] [OUTPUT_DIR]
#   BUILD_DIR   where meson built the plugin (default: build); empty to use
#               an installed plugin
#   OUTPUT_DIR  where the PNG files go (default: zone-plate-output)
set -eu
build=${1-build}
out=${2:-zone-plate-output}
size=512
cutoff=0.15

if [ -n "$build" ]; then
  GST_PLUGIN_PATH_1_0=$(cd "$build" && pwd)
  export GST_PLUGIN_PATH_1_0
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

log=$(gst-launch-1.0 -v \
  videotestsrc pattern=zone-plate kx2=128 ky2=128 num-buffers=1 ! \
  "video/x-raw,format=GRAY8,width=$size,height=$size" ! tee name=t \
  t. ! queue ! pngenc ! filesink location="$out/input.png" \
  t. ! queue ! clfft2dfilter filter=lowpass shape=ideal cutoff=$cutoff ! \
       pngenc ! filesink location="$out/lowpass.png" \
  t. ! queue ! clfft2dfilter filter=highpass shape=ideal cutoff=$cutoff \
       output=abs gain=2 ! pngenc ! filesink location="$out/highpass.png" \
       2>&1) || {
  echo "$log" >&2
  exit 1
}

device=$(echo "$log" | sed -n 's/.*device-name = //p' | head -n 1)
echo "OpenCL device: $device"
echo "cutoff: $cutoff cycles per pixel"
for f in input lowpass highpass; do
  echo "$out/$f.png"
done
