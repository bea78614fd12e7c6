#!/bin/bash
# clfftspectrogram against FFmpeg's showspectrum on the same audio: 8
# channels at 48 kHz (pink noise with tones, made beforehand into a file),
# a scrolling spectrogram at 3840x2160 and 60 fps to a null sink. Per run
# the wall time and the process's CPU time (user + system); frames a
# second from them; the median of the runs. CSV on standard output, one
# row a run and tool.
#
# Usage: tests/bench/bench-spectrogram.sh [SECONDS RUNS WIDTH HEIGHT FPS]
# BENCH_PEERS: which to run, "ours ffmpeg" by default (either alone where
# the other is missing). The device is the engine's default
# (GST_CLFFT_DEVICE chooses), named in the CSV by BENCH_DEVICE; FFmpeg's
# row names the host's cores. gst-launch-1.0 takes the plugin from
# GST_PLUGIN_PATH.
#
# What each draws: ours, 4097 bands (FFTs of 8192 samples) a column of
# 10 ms, every channel over the whole picture (multi-channel=overlay, the
# loudest shown), in RGBx; showspectrum, its own FFT size for the
# picture's height, its columns at its own pace, channels combined
# (mode=combined), log intensity, as its scroll mode draws them, in its
# own pixel format (yuv444p). Both are scrolling spectrograms of all 8
# channels at the same size and rate: this compares speed, not pixels.
set -eu
seconds=${1:-10}
runs=${2:-3}
w=${3:-3840}
h=${4:-2160}
fps=${5:-60}
peers=${BENCH_PEERS:-ours ffmpeg}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

buffers=$((seconds * 48000 / 1024))
gst-launch-1.0 -q audiotestsrc wave=pink-noise num-buffers="$buffers" \
    volume=0.5 ! "audio/x-raw,format=F32LE,rate=48000,channels=8" \
    ! filesink location="$dir/audio.f32"

run_ours () {
  gst-launch-1.0 -q filesrc location="$dir/audio.f32" \
      ! rawaudioparse format=pcm pcm-format=f32le sample-rate=48000 \
        num-channels=8 \
      ! clfftspectrogram bands=4097 multi-channel=overlay \
      ! "video/x-raw,format=RGBx,width=$w,height=$h,framerate=$fps/1" \
      ! fakesink sync=false
}

run_ffmpeg () {
  ffmpeg -v error -f f32le -ar 48000 -ac 8 -i "$dir/audio.f32" \
      -lavfi "showspectrum=s=${w}x$h:slide=scroll:mode=combined:scale=log:fps=$fps" \
      -f null -
}

export -f run_ours run_ffmpeg
cores="CPU, $(nproc) cores"
export dir w h fps
echo "tool,device,width,height,fps,seconds_of_audio,run,wall_s,cpu_s,frames_per_s"
for run in $(seq 1 "$runs"); do
  for peer in $peers; do
    tool=gst-launch-1.0
    [ "$peer" = ffmpeg ] && tool=ffmpeg
    command -v "$tool" >/dev/null || continue
    # the wall time and the child's CPU time (user + system), from Python
    device=${BENCH_DEVICE:-default device}
    [ "$peer" = ffmpeg ] && device=$cores
    python3 - "$peer" "$device" "$w" "$h" "$fps" "$seconds" "$run" <<'PY'
import csv, resource, subprocess, sys, time
peer, device, w, h, fps, seconds, run = sys.argv[1:]
start = time.monotonic()
subprocess.run(["bash", "-c", "run_" + peer], check=True)
wall = time.monotonic() - start
use = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = use.ru_utime + use.ru_stime
frames = int(seconds) * int(fps)
csv.writer(sys.stdout, lineterminator="\n").writerow([peer, device, w, h,
    fps, seconds, run, f"{wall:.3f}", f"{cpu:.3f}", f"{frames / wall:.1f}"])
PY
  done
done
