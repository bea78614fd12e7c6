#!/bin/sh
# A worker of the scale-out recipe (README.md beside this file): takes
# frames as RTP raw video on TCP, filters them with clfft2dfilter, and
# sends them back to the ingest the same way, in the order they came.
# Plain gst-launch-1.0, so the same line runs on any host with the plugin.
#
# Usage: worker.sh LISTEN_PORT INGEST_HOST:REPLY_PORT FORMAT WIDTH HEIGHT \
#            [clfft2dfilter properties...]
#   FORMAT: I420, UYVY, RGB, BGR, RGBA or BGRA (raw video RTP carries, and
#   clfft2dfilter takes). GST_CLFFT_DEVICE pins the worker to a device;
#   LISTEN_HOST (default 0.0.0.0) is the address it listens on; FILTER
#   (default clfft2dfilter) the element that works on the frames: identity
#   measures what the transport alone carries.
# Start the ingest first: the worker connects back to it as it starts.
set -eu
[ $# -ge 5 ] || { sed -n '2,14p' "$0" >&2; exit 2; }
listen_port=$1 reply=$2 format=$3 width=$4 height=$5
shift 5
# RFC 4175's name for each layout; examples/scale-out/ingest.c sends the
# same caps
case $format in
  I420) sampling=YCbCr-4:2:0 ;;
  UYVY) sampling=YCbCr-4:2:2 ;;
  RGB|BGR|RGBA|BGRA) sampling=$format ;;
  *) echo "worker.sh: $format does not travel as RTP raw video" >&2; exit 2 ;;
esac
caps="application/x-rtp-stream,media=video,clock-rate=90000,\
encoding-name=RAW,sampling=$sampling,depth=(string)8,\
width=(string)$width,height=(string)$height"

queue="queue max-size-buffers=4 max-size-bytes=0 max-size-time=0"

# The queues give the depayloader, the filter and the payloader a thread
# each, so that unpacking a frame (per pixel for 4:2:0) overlaps filtering
# the one before. The stream ends when the ingest closes its connection;
# the end goes back behind the last frame, and gst-launch-1.0 exits.
# shellcheck disable=SC2086 # queue is a gst-launch-1.0 description
exec gst-launch-1.0 \
  tcpserversrc host="${LISTEN_HOST:-0.0.0.0}" port="$listen_port" ! "$caps" \
  ! rtpstreamdepay ! rtpvrawdepay ! $queue ! "${FILTER:-clfft2dfilter}" "$@" \
  ! $queue \
  ! rtpvrawpay mtu=60000 ! rtpstreampay \
  ! tcpclientsink host="${reply%:*}" port="${reply##*:}" sync=false
