#!/bin/sh
# Many streams on lent GPUs (issue 43; CONTRIBUTING.md, "GPU runs"):
# bench-streams on every GPU of the fastest kind (the default balance), on
# GPU 0 alone, and one process a stream; then the devices suite on the
# GPUs. From the project root, after `. .gpu/env.sh`; writes CSVs and logs
# under $OUT.
#   tests/bench/gpu-streams.sh [balanced|one-gpu|processes|app|tests]...
set -u
b=${BUILD:-build}
out=${OUT:-/tmp/gpu-streams}/${BUILD:-build}
mkdir -p "$out"
export GST_PLUGIN_PATH_1_0=$PWD/$b/gst CK_DEFAULT_TIMEOUT=600
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-/tmp/streams-cache}
counts=${STREAMS:-1,2,4,8,16,32}
sizes=${SIZES:-1920x1080}
[ $# -gt 0 ] || set -- balanced one-gpu processes app tests
for part in "$@"; do
  case $part in
  balanced)
    $b/tests/bench/bench-streams --streams "$counts" --sizes "$sizes" \
      --reps 3 --csv "$out/streams-balanced.csv" ;;
  one-gpu)
    GST_CLFFT_DEVICE=0 $b/tests/bench/bench-streams --streams "$counts" \
      --sizes "$sizes" --reps 3 --csv "$out/streams-one-gpu.csv" ;;
  processes)
    $b/tests/bench/bench-streams --processes --streams "$counts" \
      --sizes "$sizes" --reps 3 --csv "$out/streams-processes.csv" ;;
  app)
    $b/tests/bench/bench-streams --memory app --streams 1,2,4,8 \
      --sizes "$sizes" --reps 3 --csv "$out/streams-app-memory.csv" ;;
  tests)
    XDG_CACHE_HOME=/tmp/cache-devices $b/tests/test-devices \
      > "$out/test-devices.log" 2>&1
    echo "devices: $(tail -n 2 "$out/test-devices.log" | head -n 1)" ;;
  esac
done
