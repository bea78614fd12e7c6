#!/bin/sh
# clfft2dfilter against FFmpeg's fftfilt: the same GRAY8 frames (made
# beforehand into a file), a Gaussian lowpass, frames to a null sink. Wall
# seconds per run of each, alternating, median of the runs; fps from them.
#
# Usage: tests/bench/bench-fftfilt.sh [WIDTH HEIGHT FRAMES RUNS]
# Needs gst-launch-1.0 (with the plugin on GST_PLUGIN_PATH), ffmpeg and
# python3. The device is the engine's default (GST_CLFFT_DEVICE chooses).
#
# The masks: clfft2dfilter's gain is exp(-r^2 / (2 c^2)), r in cycles per
# pixel. fftfilt evaluates weight_Y at the indices X, Y of its own padded
# real transforms, with W, H the frame's size; the weight below is the
# same Gaussian in X / W and Y / H. That is a lowpass of comparable width,
# not the same mask value for value: this script compares speed only.
set -eu

w=${1:-640}
h=${2:-480}
frames=${3:-300}
runs=${4:-5}
cutoff=0.05
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

gst-launch-1.0 -q videotestsrc pattern=snow num-buffers="$frames" \
    ! "video/x-raw,format=GRAY8,width=$w,height=$h,framerate=30/1" \
    ! filesink location="$dir/frames.gray"

run_clfft () {
  gst-launch-1.0 -q filesrc location="$dir/frames.gray" \
      ! rawvideoparse format=gray8 width="$w" height="$h" framerate=30/1 \
      ! clfft2dfilter filter=lowpass shape=gaussian cutoff=$cutoff \
      ! fakesink sync=false
}

run_fftfilt () {
  ffmpeg -v error -f rawvideo -pix_fmt gray -s "${w}x$h" \
      -i "$dir/frames.gray" \
      -vf "fftfilt=dc_Y=0:weight_Y='exp(-((X/W)*(X/W)+(Y/H)*(Y/H))/(2*$cutoff*$cutoff))'" \
      -f null -
}

seconds () {
  start=$(date +%s.%N)
  "$@"
  end=$(date +%s.%N)
  python3 -c "print($end - $start)"
}

run_clfft                       # builds and caches the kernels
: > "$dir/clfft"
: > "$dir/fftfilt"
for i in $(seq "$runs"); do
  seconds run_clfft >> "$dir/clfft"
  seconds run_fftfilt >> "$dir/fftfilt"
done

python3 - "$dir/clfft" "$dir/fftfilt" "$w" "$h" "$frames" <<'EOF'
import statistics, sys
ours, theirs = ([float(l) for l in open(p)] for p in sys.argv[1:3])
w, h, frames = sys.argv[3:6]
print(f"{w}x{h}, {frames} GRAY8 frames, median of {len(ours)} runs")
print("case,seconds,fps,ratio")
m_ours, m_theirs = statistics.median(ours), statistics.median(theirs)
print(f"clfft2dfilter,{m_ours:.3f},{int(frames) / m_ours:.1f},"
      f"{m_ours / m_theirs:.2f}")
print(f"ffmpeg-fftfilt,{m_theirs:.3f},{int(frames) / m_theirs:.1f},1.00")
EOF
