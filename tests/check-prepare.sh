#!/bin/sh
# gst-clfft-prepare fills the kernel cache so that a pipeline of the sizes
# (clfft2dfilter) or bands (clfftspectrum) it prepared builds nothing: the
# engine's log (GST_DEBUG=clfft:5) of the pipeline says "loaded" for every
# program and "built" for none. The same pipeline on an empty cache must
# say "built", or the check could not fail. Usage: check-prepare.sh GST_CLFFT_PREPARE GST_LAUNCH
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

run_spectrum () {
  XDG_CACHE_HOME=$1 GST_DEBUG=clfft:5 GST_DEBUG_NO_COLOR=1 "$launch" -q \
    audiotestsrc num-buffers=8 wave=pink-noise ! \
    audio/x-raw,rate=48000,channels=2 ! \
    clfftspectrum bands=$2 multi-channel=true ! fakesink 2>&1
}

# $1: what, $2: the pipeline's log on an empty cache, $3: its log after
# the prepare
check_logs () {
  if ! echo "$2" | grep -q "built "; then
    echo "FAIL: $1 built nothing on an empty cache"
    echo "$2" | tail -n 20
    status=1
  fi
  built=$(echo "$3" | grep -c "built ")
  loaded=$(echo "$3" | grep -c "loaded ")
  echo "$1 after gst-clfft-prepare: $built built, $loaded loaded"
  if [ "$built" -ne 0 ] || [ "$loaded" -eq 0 ]; then
    echo "FAIL: the pipeline built $built programs after the prepare"
    echo "$3" | grep "built " | tail -n 5
    status=1
  fi
}

# sizes and bands outside what the elements take: refused within a
# second, before any device opens, with the range in the message (before:
# -5x10 and 99999999999999999999x2 looped for ever, 1x1, 8193x2 and
# 5000000x10 were prepared, 0x0 spoke of mirror padding)
for args in "--size -5x10" "--size 99999999999999999999x2" "--size 1x1" \
    "--size 8193x2" "--size 5000000x10" "--size 0x0" "--size 12x" \
    "--size 1920x1080,1x1" "--bands -5" "--bands 99999999999999999999" \
    "--bands 1"
do
  # shellcheck disable=SC2086 # the option and its value are two words
  message=$(XDG_CACHE_HOME=$caches/refused timeout 1 "$prepare" $args 2>&1)
  code=$?
  case $args in
    --size*) range="2 to 8192" ;;
    *) range="2 to 4194305" ;;
  esac
  if [ $code -ne 2 ] || ! echo "$message" | grep -q "$range"; then
    echo "FAIL: gst-clfft-prepare $args: exit $code (2 within 1 s expected): $message"
    status=1
  else
    echo "refused within 1 s: $args"
  fi
done

# sizes whose plans differ: lanes on CPUs, Bluestein rows, 16-bit pixels;
# colour formats whose chroma is filtered (chroma=auto): a second plan
# size, packed channels taken out of their planes, 10 bits
for case in "GRAY8 96 72 gray8" "GRAY8 202 60 gray8" "GRAY16_LE 80 64 gray16" \
    "I420 96 72 I420" "YUY2 80 64 YUY2" "P010_10LE 64 48 P010_10LE"
do
  set -- $case
  format=$1 w=$2 h=$3 kind=$4
  empty_log=$(run_pipeline "$caches/empty-$w-$h" "$format" "$w" "$h")
  prepared=$caches/prepared-$w-$h
  if ! XDG_CACHE_HOME=$prepared "$prepare" --size "${w}x$h" \
      --format "$kind"; then
    echo "FAIL: gst-clfft-prepare --size ${w}x$h --format $kind failed"
    status=1
    continue
  fi
  check_logs "${w}x$h $format" "$empty_log" \
    "$(run_pipeline "$prepared" "$format" "$w" "$h")"
done

# two real rows at a time, two passes (16384), Bluestein (999)
for bands in 513 16385 1000; do
  empty_log=$(run_spectrum "$caches/empty-bands-$bands" "$bands")
  prepared=$caches/prepared-bands-$bands
  if ! XDG_CACHE_HOME=$prepared "$prepare" --bands "$bands"; then
    echo "FAIL: gst-clfft-prepare --bands $bands failed"
    status=1
    continue
  fi
  check_logs "bands=$bands" "$empty_log" \
    "$(run_spectrum "$prepared" "$bands")"
done
[ $status -eq 0 ] && echo PASS
exit $status
