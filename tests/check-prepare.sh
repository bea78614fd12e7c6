#!/bin/sh
# gst-clfft-prepare fills the kernel cache so that a pipeline of the sizes
# it prepared builds nothing: the engine's log (GST_DEBUG=clfft:5) of the
# pipeline says "loaded" for every program and "built" for none. The same
# pipeline on an empty cache must say "built", or the check could not
# fail. Usage: check-prepare.sh GST_CLFFT_PREPARE GST_LAUNCH
set -u
prepare=$1
launch=$2
caches=$(mktemp -d)
trap 'rm -rf "$caches"' EXIT
status=0

run_pipeline () {
  XDG_CACHE_HOME=$1 GST_DEBUG=clfft:5 GST_DEBUG_NO_COLOR=1 "$launch" -q \
    videotestsrc num-buffers=2 pattern=ball ! \
    video/x-raw,format=$2,width=$3,height=$4 ! clfft2dfilter ! fakesink 2>&1
}

# sizes whose plans differ: lanes on CPUs, Bluestein rows, 16-bit pixels
for case in "GRAY8 96 72 gray8" "GRAY8 202 60 gray8" "GRAY16_LE 80 64 gray16"
do
  set -- $case
  format=$1 w=$2 h=$3 kind=$4
  empty=$caches/empty-$w-$h
  log=$(run_pipeline "$empty" "$format" "$w" "$h")
  if ! echo "$log" | grep -q "built "; then
    echo "FAIL: ${w}x$h $format built nothing on an empty cache"
    echo "$log" | tail -n 20
    status=1
  fi
  prepared=$caches/prepared-$w-$h
  if ! XDG_CACHE_HOME=$prepared "$prepare" --size "${w}x$h" \
      --format "$kind"; then
    echo "FAIL: gst-clfft-prepare --size ${w}x$h --format $kind failed"
    status=1
    continue
  fi
  log=$(run_pipeline "$prepared" "$format" "$w" "$h")
  built=$(echo "$log" | grep -c "built ")
  loaded=$(echo "$log" | grep -c "loaded ")
  echo "${w}x$h $format after gst-clfft-prepare: $built built, $loaded loaded"
  if [ "$built" -ne 0 ] || [ "$loaded" -eq 0 ]; then
    echo "FAIL: the pipeline built $built programs after the prepare"
    echo "$log" | grep "built " | tail -n 5
    status=1
  fi
done
[ $status -eq 0 ] && echo PASS
exit $status
