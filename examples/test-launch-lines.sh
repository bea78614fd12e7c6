#!/bin/sh
# Runs each shell example briefly on test media, so that none of them rots:
# the zone plate of README.md's first command, the camera edge filter on a
# test source, the spectrum view and the notch filter on the photo in data/
# with a grating laid over it (a picture and a video), the ImageJ and
# FFmpeg fftfilt lines of docs/clfft2dfilter.md on the photo, the audio
# spectrum of a generated WAV file.
# Checks the frames and messages each gives. The plugin comes from
# GST_PLUGIN_PATH(_1_0), as meson's test environment sets it.
#
# Usage: examples/test-launch-lines.sh WORK_DIR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=${1:?usage: $0 WORK_DIR}
rm -rf "$work"
mkdir -p "$work"
cd "$work"

fail () { echo "FAIL: $*" >&2; exit 1; }

# Width and height of a PNG file, from its IHDR chunk.
png_size () {
  python3 -c 'import struct, sys
d = open(sys.argv[1], "rb").read(24)
assert d[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
print("%dx%d" % struct.unpack(">II", d[16:24]))' "$1"
}

echo "zone-plate.sh, with the plugin from the environment"
"$here/zone-plate.sh" "" zone-plate >zone-plate.log 2>&1 || {
  cat zone-plate.log; fail zone-plate.sh; }
for f in input lowpass highpass; do
  [ "$(png_size zone-plate/$f.png)" = 512x512 ] || fail "zone-plate.sh $f.png"
done

echo "camera-edges.sh, 30 frames of a live test source in a webcam's YUY2"
SOURCE='videotestsrc is-live=true num-buffers=30 pattern=ball !
  video/x-raw,format=YUY2,width=320,height=240,framerate=30/1' \
SINK="pngenc ! multifilesink location=edges-%02d.png" \
  "$here/camera-edges.sh" >camera.log 2>&1 || { cat camera.log; fail camera-edges.sh; }
n=$(ls edges-*.png | wc -l)
[ "$n" -eq 30 ] || fail "camera-edges.sh wrote $n frames, not 30"
[ "$(png_size edges-29.png)" = 320x240 ] || fail "camera-edges.sh frame size"

echo "spectrum-view.sh and remove-periodic-noise.sh on data/camera.png with a grating"
mkdir noise
python3 "$here/check-noise-removal.py" "$here" noise || fail "noise removal"

echo "docs/clfft2dfilter.md's ImageJ and FFmpeg fftfilt lines on data/camera.png"
cp "$here/data/camera.png" photo.png
python3 - "$here/../docs/clfft2dfilter.md" >fftfilt.sh <<'PY'
import sys
text = open(sys.argv[1]).read()
for section in ("### ImageJ users", "### FFmpeg fftfilt users"):
    block = text.split(section, 1)[1].split("```sh\n", 1)[1]
    print(block.split("```", 1)[0])
PY
sh -eu fftfilt.sh >fftfilt.log 2>&1 || { cat fftfilt.log; fail "fftfilt lines"; }
python3 - "$here" <<'PY' || fail "the fftfilt lines do not do what the page says"
import sys
sys.path.insert(0, sys.argv[1])
from pictures import SIZE, detail, gray
photo, sharp, blur, band = (gray("gst-launch-1.0", name + ".png")
                            for name in ("photo", "sharpened", "blurred",
                                         "bandpassed"))
mean = lambda p: sum(p) / len(p)
ratios = {name: detail(p, SIZE, SIZE) / detail(photo, SIZE, SIZE)
          for name, p in (("sharpened", sharp), ("blurred", blur))}
print("fine detail / the photo's: %s; means %.1f %.1f %.1f" % (
    ratios, mean(photo), mean(sharp), mean(blur)))
# a boost of 2 at the highest frequencies, less below, some clamped
assert 1.5 < ratios["sharpened"] < 4, ratios
assert ratios["blurred"] < 0.25, ratios
assert abs(mean(sharp) - mean(photo)) < 3 and abs(mean(blur) - mean(photo)) < 1
# ImageJ's band-pass, autoscaled with 1 % saturated: the full range used,
# about 0.5 % of the pixels at each end
ends = [sum(v == end for v in band) / len(band) for end in (0, 255)]
print("band-pass: %.2f %% black, %.2f %% white" % (100 * ends[0],
                                                  100 * ends[1]))
assert 0.002 < ends[0] < 0.02 and 0.002 < ends[1] < 0.02, ends
PY

echo "audio-spectrum.sh on 40 buffers of a 440 Hz saw wave"
# 40 x 1024 samples at 44100 Hz: 0.93 s, so 9 whole intervals of 100 ms
# and the partial one at the end.
gst-launch-1.0 -q audiotestsrc wave=saw freq=440 samplesperbuffer=1024 \
  num-buffers=40 ! audio/x-raw,rate=44100,channels=1 ! wavenc ! \
  filesink location=saw.wav
"$here/audio-spectrum.sh" saw.wav 257 100 >audio.log 2>&1 || {
  cat audio.log; fail audio-spectrum.sh; }
n=$(grep -c 'magnitude=(float){' audio.log || true)
[ "$n" -eq 10 ] || fail "audio-spectrum.sh posted $n spectra, not 10"

echo "every launch-line example ran and gave what it should"
