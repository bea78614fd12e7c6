#!/bin/sh
# Start-up on a lent GPU (CONTRIBUTING.md, "GPU runs"): first frames cold
# and warm, the gap at a live size change, clfftspectrum's the same, with
# background tuning (the default) and with blocking tuning (the behaviour
# before it), then the
# filter's device time tuned each way, each in a fresh cache, and the
# suites that tuning and the filter's paths touch. From the project root,
# after `. .gpu/env.sh`; writes CSVs and logs under $OUT.
#   tests/bench/gpu-startup.sh [startup|startup-blocking|filter|tests]...
set -u
b=build
out=${OUT:-/tmp/gpu-startup}
mkdir -p "$out"
export GST_PLUGIN_PATH_1_0=$PWD/$b/gst CK_DEFAULT_TIMEOUT=600
[ $# -gt 0 ] || set -- startup startup-blocking filter tests
for part in "$@"; do
  case $part in
  startup)
    $b/tests/bench/bench-startup --sizes 1280x720,1920x1080,3840x2160 \
      --switch-sizes 640x480,1280x720,1920x1080,3840x2160 --reps 3 \
      --bands 1025,4097,16385 --switch-bands 257,513,1025,2049,4097 \
      --csv "$out/startup-auto.csv" ;;
  startup-blocking)
    $b/tests/bench/bench-startup --tuning blocking \
      --sizes 1920x1080,3840x2160 --switch-sizes 640x480,1920x1080 \
      --reps 1 --csv "$out/startup-blocking.csv" ;;
  filter)
    for size in 1280x720 1920x1080 3840x2160; do
      for mode in blocking background; do
        rm -rf /tmp/filter-cache
        XDG_CACHE_HOME=/tmp/filter-cache $b/tests/bench/bench-engine \
          --only filter --size $size --filter-tuning $mode \
          --csv "$out/filter-$size-$mode.csv" 2>&1 | tail -n 8
      done
    done ;;
  tests)
    for t in engine_tuning filter_paths elements_clfft2dfilter_streaming \
        elements_clfft2dfilter; do
      XDG_CACHE_HOME=/tmp/cache-$t GST_REGISTRY_1_0=/tmp/registry-$t.bin \
        $b/tests/test-$t > "$out/test-$t.log" 2>&1
      echo "$t: $(tail -n 2 "$out/test-$t.log" | head -n 1)"
    done ;;
  esac
done
