#!/bin/sh
# Writes the spectrogram of an audio file as a video: a scrolling
# spectrogram on a log frequency axis, 1280x720 at 30 fps, Motion JPEG in
# AVI (plugins that every GStreamer install has), with the audio.
#
# Usage: examples/spectrogram-video.sh AUDIO_FILE OUT.avi [PROPERTIES...]
#   PROPERTIES  more clfftspectrogram settings, e.g. colour-map=viridis
set -eu
in=${1:?usage: $0 AUDIO_FILE OUT.avi [PROPERTIES...]}
out=${2:?usage: $0 AUDIO_FILE OUT.avi [PROPERTIES...]}
shift 2
uri=$(gst-launch-1.0 --version >/dev/null && python3 -c \
  'import pathlib, sys; print(pathlib.Path(sys.argv[1]).resolve().as_uri())' "$in")
# shellcheck disable=SC2068 # each property is one word
gst-launch-1.0 -q uridecodebin uri="$uri" name=dec ! audioconvert ! \
  audioresample ! tee name=t \
  t. ! queue ! clfftspectrogram scale=log bands=4097 interval=20000000 $@ ! \
  video/x-raw,width=1280,height=720,framerate=30/1 ! videoconvert ! \
  jpegenc ! queue ! avimux name=mux ! filesink location="$out" \
  t. ! queue ! audioconvert ! audio/x-raw,format=S16LE ! mux.
