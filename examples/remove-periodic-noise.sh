#!/bin/sh
# Removes periodic noise (stripes, a screen's moire, mains hum bars) from a
# picture or a video with notches at the noise's frequencies, which the
# spectrum view shows (spectrum-view.sh).
#
# Usage: examples/remove-periodic-noise.sh INPUT OUTPUT NOTCHES [RADIUS]
#   INPUT    a picture (PNG, JPEG, ...) or a video
#   OUTPUT   a PNG file; for a video, a pattern such as frame-%05d.png
#            writes every frame
#   NOTCHES  "fx,fy;fx,fy;..." in cycles per pixel (-0.5 .. 0.5)
#   RADIUS   notch-radius in cycles per pixel (default 0.01)
set -eu
[ $# -ge 3 ] || {
  echo "usage: $0 INPUT OUTPUT NOTCHES [RADIUS]" >&2
  exit 2
}

# preserve-dc: a notch never takes the mean brightness with it.
gst-launch-1.0 -q filesrc location="$1" ! decodebin ! videoconvert ! \
  video/x-raw,format=GRAY8 ! \
  clfft2dfilter filter=notch notches="$3" notch-radius="${4:-0.01}" \
    preserve-dc=true ! \
  pngenc ! multifilesink location="$2"
echo "$2"
