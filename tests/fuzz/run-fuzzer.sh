#!/bin/sh
# Builds a fuzz target with clang's libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer, and fuzzes it for a bounded time from its
# corpus in the source tree (new inputs go to a folder of the build, the
# source corpus is only read). Exits 77 (meson: skipped) where clang or its
# libFuzzer is not installed.
#
# Usage: run-fuzzer.sh CLANG TARGET SOURCE_ROOT WORK_DIR SECONDS SOURCE...
#   TARGET  a target of meson.build (tests/fuzz/fuzz-TARGET.c,
#           corpus/TARGET)
#   SOURCE  the files under gst/clfft/ that it tests
set -eu
clang=$1 target=$2 root=$3 work=$4 seconds=$5
shift 5
# the arguments left become the sources' paths
for source in "$@"; do
  set -- "$@" "$root/gst/clfft/$source"
  shift
done
here=$root/tests/fuzz
mkdir -p "$work/new-$target" "$work/crashes-$target"
binary=$work/fuzz-$target

# shellcheck disable=SC2046 # pkg-config's flags are words
if ! "$clang" -g -O1 -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=undefined \
    -I"$root/gst/clfft" -I"$root/tests/check" $(pkg-config --cflags glib-2.0) \
    "$here/fuzz-$target.c" "$@" \
    -o "$binary" $(pkg-config --libs glib-2.0) -lm 2>"$work/build-$target.log"
then
  cat "$work/build-$target.log"
  if grep -q -e 'fuzzer' -e 'unsupported option' "$work/build-$target.log"; then
    echo "skipped: $clang has no libFuzzer"
    exit 77
  fi
  exit 1
fi

# -max_total_time bounds the run; a crash or a failed check (abort) stops
# it with the input written under crashes-TARGET/.
# a failure exits 1: libFuzzer's own code for it, 77, is meson's skip
exec "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -error_exitcode=1 -timeout_exitcode=1 \
  -max_len=4096 -artifact_prefix="$work/crashes-$target/" -print_final_stats=1 \
  "$work/new-$target" "$here/corpus/$target"
