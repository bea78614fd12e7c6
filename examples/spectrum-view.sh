#!/bin/sh
# The spectrum view of a picture, to find periodic noise: writes
# log(1 + |F|) of its luma with DC at the centre as a PNG. A bright dot at
# column c, row r of a W x H view (away from the centre and its cross) is
# the frequency fx = (c - W/2) / W, fy = (r - H/2) / H cycles per pixel:
# give it to remove-periodic-noise.sh (its mirror is removed with it).
#
# Usage: examples/spectrum-view.sh INPUT OUTPUT.png
#   INPUT   a picture (PNG, JPEG, ...) or a video, of which the first frame
set -eu
[ $# -eq 2 ] || { echo "usage: $0 INPUT OUTPUT.png" >&2; exit 2; }

gst-launch-1.0 -q filesrc location="$1" ! decodebin ! videoconvert ! \
  video/x-raw,format=GRAY8 ! \
  clfft2dfilter filter=none mode=spectrum ! \
  pngenc snapshot=true ! filesink location="$2"
echo "$2"
