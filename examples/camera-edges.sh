#!/bin/sh
# Live edge filter: a camera's luma through a Butterworth highpass, shown
# as |value| so that edges light up whatever their sign. The filter takes
# the camera's own format (YUY2 from most webcams, NV12 or I420 from
# others): no conversion before it. With output=abs it sets the chroma to
# gray (chroma=auto); videoconvert after it is for the window.
#
# Usage: examples/camera-edges.sh [DEVICE]   (default /dev/video0)
# SOURCE and SINK replace the camera and the window, for instance
#   SOURCE='videotestsrc is-live=true num-buffers=60' SINK=fakesink
set -eu
device=${1:-/dev/video0}
source=${SOURCE:-"v4l2src device=$device"}
sink=${SINK:-autovideosink}

# pipeline-depth=1: each frame leaves before the next comes in (least
# latency; the default for a live source anyway).
# shellcheck disable=SC2086 # SOURCE and SINK are pipeline fragments
exec gst-launch-1.0 $source ! \
  clfft2dfilter filter=highpass shape=butterworth order=2 cutoff=0.08 \
    output=abs gain=4 pipeline-depth=1 ! \
  videoconvert ! $sink
