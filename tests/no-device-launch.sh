#!/bin/sh
# gst-launch-1.0 on a machine with no OpenCL driver: it must exit non-zero
# with the element's message saying what to install, and must not crash.
# Usage: no-device-launch.sh GST_LAUNCH
set -u
launch=$1
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT

output=$(OCL_ICD_VENDORS=$empty "$launch" videotestsrc num-buffers=1 ! \
  video/x-raw,format=GRAY8,width=64,height=64 ! clfft2dfilter ! fakesink 2>&1)
status=$?
echo "$output"
echo "exit status: $status"

case $status in
  0) echo "FAIL: the pipeline ran without an OpenCL device"; exit 1 ;;
  1|255) ;;
  *) echo "FAIL: exit status $status looks like a crash"; exit 1 ;;
esac
case $output in
  *"No OpenCL platform found"*pocl-opencl-icd*) echo "PASS" ;;
  *) echo "FAIL: the error does not say what is missing"; exit 1 ;;
esac
