#!/bin/sh
# Runs the spectrogram examples: the pictures of docs/clfftspectrogram.md
# (made afresh and checked by numbers), a video of a 2 s file, which must
# have 2 s of frames, and the player, to fakesinks. The plugin comes from
# GST_PLUGIN_PATH(_1_0), as meson's test environment sets it.
#
# Usage: examples/test-spectrogram-examples.sh WORK_DIR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=${1:?usage: $0 WORK_DIR}
rm -rf "$work"
mkdir -p "$work"
"$here/spectrogram-pictures.sh" "" "$work/pictures"
gst-launch-1.0 -q audiotestsrc wave=pink-noise num-buffers=94 ! \
  audio/x-raw,rate=48000,channels=2 ! audioconvert ! wavenc ! \
  filesink location="$work/noise.wav"
"$here/spectrogram-video.sh" "$work/noise.wav" "$work/noise.avi" \
  colour-map=viridis
# the AVI's main header counts its frames: 2 s at 30 fps
python3 - "$work/noise.avi" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
at = data.find(b"avih")
frames = struct.unpack_from("<I", data, at + 24)[0] if at >= 0 else 0
print(f"the video has {frames} frames")
sys.exit(0 if 58 <= frames <= 62 else 1)
PY
VIDEO_SINK="fakesink sync=false" AUDIO_SINK="fakesink sync=false" \
  "$here/play-with-spectrogram.sh" "$work/noise.wav" style=bars
echo "played"
