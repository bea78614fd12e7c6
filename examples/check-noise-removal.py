#!/usr/bin/env python3
"""Runs spectrum-view.sh and remove-periodic-noise.sh as docs/overview.md
tells a user to: a photo with a grating laid over it, its spectrum view,
the grating's frequency read off the view's brightest dot away from the
centre, and the notch at that frequency. Checks that the dot is the
grating's, that the cleaned photo is much closer to the photo without the
grating than the noisy one, and that a video of the noisy photo comes out
frame for frame.

Usage: check-noise-removal.py EXAMPLES_DIR WORK_DIR
"""
import math
import os
import subprocess
import sys

from pictures import SIZE, brightest_away_from_centre, gray, rms

GST_LAUNCH = "gst-launch-1.0"
# cycles across and down the picture: whole cycles, so two dots
GRATING = (48, -40)


def gst(*pipeline):
    return subprocess.run([GST_LAUNCH, "-q"] + list(pipeline),
                          check=True, capture_output=True).stdout


def write_png(pixels, path):
    raw = path + ".gray"
    with open(raw, "wb") as f:
        f.write(pixels)
    gst("filesrc", "location=" + raw, "!", "rawvideoparse", "width=512",
        "height=512", "format=gray8", "!", "pngenc", "!", "filesink",
        "location=" + path)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    examples, work = sys.argv[1:]
    run = lambda script, *args: subprocess.run(
        [os.path.join(examples, script)] + list(args), check=True,
        stdout=subprocess.DEVNULL)
    photo = gray(GST_LAUNCH, os.path.join(examples, "data", "camera.png"))
    clean = bytes(min(255, round(0.7 * v + 38)) for v in photo)
    noisy = bytearray(SIZE * SIZE)
    for y in range(SIZE):
        for x in range(SIZE):
            g = 30 * math.sin(2 * math.pi * (GRATING[0] * x + GRATING[1] * y)
                              / SIZE)
            noisy[y * SIZE + x] = max(0, min(255, round(clean[y * SIZE + x]
                                                        + g)))
    noisy_png = os.path.join(work, "noisy.png")
    write_png(bytes(noisy), noisy_png)

    view_png = os.path.join(work, "view.png")
    run("spectrum-view.sh", noisy_png, view_png)
    (x, y), = brightest_away_from_centre(gray(GST_LAUNCH, view_png), 1)
    c = SIZE // 2
    fx, fy = (x - c) / SIZE, (y - c) / SIZE
    print("spectrum-view.sh: brightest dot away from the centre at column "
          "%d, row %d: %g,%g cycles per pixel" % (x, y, fx, fy))
    checks = [("the dot is the grating's (or its mirror)",
               (x - c, y - c) in (GRATING, (-GRATING[0], -GRATING[1])))]

    cleaned_png = os.path.join(work, "cleaned.png")
    run("remove-periodic-noise.sh", noisy_png, cleaned_png, "%g,%g" % (fx, fy))
    ratio = rms(gray(GST_LAUNCH, cleaned_png), clean) / rms(noisy, clean)
    print("remove-periodic-noise.sh: RMS from the photo without the "
          "grating, cleaned / noisy: %.3f" % ratio)
    checks.append(("the cleaned photo's RMS at most 0.25 x the noisy one's",
                   ratio <= 0.25))

    # a video: the noisy photo as 5 frames of raw video in a Matroska file
    video = os.path.join(work, "noisy.mkv")
    gst("filesrc", "location=" + noisy_png, "!", "pngdec", "!",
        "imagefreeze", "num-buffers=5", "!", "videoconvert", "!",
        "video/x-raw,format=GRAY8,framerate=5/1", "!", "matroskamux", "!",
        "filesink", "location=" + video)
    run("remove-periodic-noise.sh", video,
        os.path.join(work, "frame-%05d.png"), "%g,%g" % (fx, fy))
    frames = sorted(f for f in os.listdir(work) if f.startswith("frame-"))
    print("remove-periodic-noise.sh on a video of 5 frames: %d written" %
          len(frames))
    checks.append(("every frame of the video written", len(frames) == 5))
    if frames:
        last = rms(gray(GST_LAUNCH, os.path.join(work, frames[-1])), clean)
        checks.append(("its last frame cleaned as the picture was",
                       last / rms(noisy, clean) <= 0.25))

    for what, ok in checks:
        print("%s %s" % ("ok  " if ok else "FAIL", what))
    sys.exit(0 if all(ok for _, ok in checks) else 1)


if __name__ == "__main__":
    main()
