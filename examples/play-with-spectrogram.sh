#!/bin/sh
# Plays an audio file with its spectrogram, through playbin's vis-plugin,
# as GStreamer's own visualizers do.
#
# Usage: examples/play-with-spectrogram.sh AUDIO_FILE [PROPERTIES...]
#   PROPERTIES  clfftspectrogram settings, e.g. style=bars scale=log
# VIDEO_SINK and AUDIO_SINK replace the automatic sinks (the test plays to
# fakesinks).
set -eu
in=${1:?usage: $0 AUDIO_FILE [PROPERTIES...]}
shift
uri=$(python3 -c \
  'import pathlib, sys; print(pathlib.Path(sys.argv[1]).resolve().as_uri())' "$in")
# shellcheck disable=SC2068 # each property is one word
gst-launch-1.0 -q playbin uri="$uri" flags=audio+vis \
  vis-plugin="clfftspectrogram $*" \
  video-sink="${VIDEO_SINK:-autovideosink}" \
  audio-sink="${AUDIO_SINK:-autoaudiosink}"
