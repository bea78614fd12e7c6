#!/bin/sh
# Many streams on lent GPUs (issue 43; CONTRIBUTING.md, "GPU runs"):
# bench-streams on every GPU of the fastest kind (the default balance), on
# GPU 0 alone, and one process a stream; bench-threads (the same streams
# through the engine alone) on GPU 0; then the devices suite on the
# GPUs; the scale-out recipe of examples/scale-out/ on loopback with 1 and
# 2 workers, a GPU each, and its test. From the project root, after
# `. .gpu/env.sh`; writes CSVs and logs under $OUT.
#   [STREAMS=1,2,4] [SIZES=WxH,...] [DEPTH=2]
#   tests/bench/gpu-streams.sh [balanced|one-gpu|threads|processes|app|
#                               tests|scale-out]...
set -u
b=${BUILD:-build}
out=${OUT:-/tmp/gpu-streams}/${BUILD:-build}
mkdir -p "$out"
export GST_PLUGIN_PATH_1_0=$PWD/$b/gst CK_DEFAULT_TIMEOUT=600
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-/tmp/streams-cache}
counts=${STREAMS:-1,2,4,8,16,32}
sizes=${SIZES:-1920x1080}
# DEPTH: frames on the device at once a stream (the element's
# pipeline-depth, bench-threads' --depth); bench-streams keeps 2 more, and
# at least 4, between push and sink
depth=${DEPTH:-2}
in_flight=$((depth + 2 > 4 ? depth + 2 : 4))
[ $# -gt 0 ] || set -- balanced one-gpu threads processes app tests
for part in "$@"; do
  case $part in
  balanced)
    $b/tests/bench/bench-streams --streams "$counts" --sizes "$sizes" \
      --depth $depth --in-flight $in_flight --reps 3 \
      --csv "$out/streams-balanced.csv" ;;
  one-gpu)
    GST_CLFFT_DEVICE=0 $b/tests/bench/bench-streams --streams "$counts" \
      --sizes "$sizes" --depth $depth --in-flight $in_flight --reps 3 \
      --csv "$out/streams-one-gpu.csv" ;;
  processes)
    $b/tests/bench/bench-streams --processes --streams "$counts" \
      --sizes "$sizes" --depth $depth --in-flight $in_flight --reps 3 \
      --csv "$out/streams-processes.csv" ;;
  threads)
    GST_CLFFT_DEVICE=0 $b/tests/bench/bench-threads --threads "$counts" \
      --sizes "$sizes" --depth $depth --reps 3 --csv "$out/threads.csv" ;;
  app)
    $b/tests/bench/bench-streams --memory app --streams 1,2,4,8 \
      --sizes "$sizes" --depth $depth --in-flight $in_flight --reps 3 \
      --csv "$out/streams-app-memory.csv" ;;
  tests)
    XDG_CACHE_HOME=/tmp/cache-devices $b/tests/test-devices \
      > "$out/test-devices.log" 2>&1
    echo "devices: $(tail -n 2 "$out/test-devices.log" | head -n 1)" ;;
  scale-out)
    # frames a second from the first frame sent to the last one out, the
    # workers' start-up included (rep 0 fills the kernel cache and is not
    # kept); the source alone, and the filter in one process, for
    # comparison. The source loops over 8 frames of snow made beforehand,
    # so that making frames is not what is measured.
    frames=${FRAMES:-900}
    csv=$out/scale-out.csv
    echo "format,size,case,rep,fps" >"$csv"
    for format in ${FORMATS:-I420 UYVY}; do
    for size in $(echo "$sizes" | tr , ' '); do
      w=${size%x*} h=${size#*x}
      caps="video/x-raw,format=$format,width=$w,height=$h,framerate=30/1"
      rm -rf "$out/frames" && mkdir -p "$out/frames"
      gst-launch-1.0 -q videotestsrc num-buffers=8 pattern=snow ! "$caps" \
        ! multifilesink location="$out/frames/%d.raw"
      src="multifilesrc location=$out/frames/%d.raw loop=true
        num-buffers=$frames caps=$caps"
      # the filter runs twice, and the first run (the kernels' compile) is
      # not kept
      for case in "source alone" "one process, cold" "one process"; do
        filter=""
        [ "$case" = "source alone" ] || filter="clfft2dfilter !"
        start=$(date +%s.%N)
        gst-launch-1.0 -q $src ! $filter fakesink
        [ "$case" != "one process, cold" ] || continue
        echo "$format,$size,$case,1,$(awk -v f="$frames" -v s="$start" \
          -v e="$(date +%s.%N)" 'BEGIN { print f / (e - s) }')" >>"$csv"
      done
      # workers with identity in place of the filter: the transport alone
      for filter in clfft2dfilter identity; do
      apart=0
      [ $filter = clfft2dfilter ] || apart=50
      for workers in 1 2; do
        for rep in 0 1 2 3; do
          log=$out/scale-out-$format-$size-$filter-$workers-$rep
          fps=failed
          FILTER=$filter INGEST=$b/examples/scale-out-ingest WORKERS=$workers \
            DEVICES="0 1" PORT=$((7000 + 300 * rep + 10 * workers + apart)) \
            LOG_DIR=$log examples/scale-out/run.sh "$format" "$w" "$h" \
            "$src" fakesink >"$log.log" 2>&1 &&
            fps=$(sed -n 's/.*: \([0-9.]*\) frames a second/\1/p' "$log.log")
          [ "$rep" -gt 0 ] || continue
          echo "$format,$size,$workers $filter,$rep,$fps" >>"$csv"
        done
      done
      done
    done
    done
    cat "$csv"
    examples/scale-out/test-scale-out.sh /tmp/scale-out-test \
      $b/examples/scale-out-ingest >"$out/test-scale-out.log" 2>&1
    echo "scale-out test: $(tail -n 1 "$out/test-scale-out.log")" ;;
  esac
done
