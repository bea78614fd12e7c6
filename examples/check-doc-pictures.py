#!/usr/bin/env python3
"""Checks that the pictures of doc-pictures.sh show what docs/overview.md
says they show, by numbers measured on them (GStreamer decodes the PNGs):

- the lowpass zone plate keeps little of the input's fine detail (energy of
  differences between neighbouring pixels), and the highpass and bandpass
  little of its coarse centre (variance of the central rings);
- the four brightest points of the spectrum view away from its centre are
  the noise's dots that the page reads off, and their mirrors;
- the photo cleaned by notches is much closer to the photo without noise
  than the noisy photo is (RMS difference), with the notches placed by
  hand and with notches=auto, which found the notches the page names;
- the colour photo lowpassed keeps little of the fine detail of its luma
  and of both chroma planes, and with chroma=pass its chroma keeps most
  of theirs; its spectrum view is gray (chroma neutral) with the
  brightest luma at the centre;
- the audio spectrum of the 440 Hz sawtooth peaks at 440 Hz;
- the two plots (overview.png, audio-spectrum.png) are PNG files, unless
  --no-plots says that they were not made (no matplotlib).

Usage: check-doc-pictures.py [--no-plots] GST_LAUNCH PICTURES_DIR
"""
import struct
import sys

from pictures import (SIZE, brightest_away_from_centre, detail, gray,
                      i420_planes, rms)

# examples/data/coffee.png
COLOUR_WIDTH, COLOUR_HEIGHT = 600, 400


def fine_detail(p):
    """Mean square difference between horizontal neighbours."""
    total = 0
    for y in range(SIZE):
        row = p[y * SIZE:(y + 1) * SIZE]
        total += sum((row[x + 1] - row[x]) ** 2 for x in range(SIZE - 1))
    return total / (SIZE * (SIZE - 1))


def centre_variance(p, half=24):
    """Variance of the pixels within half of the centre, where the zone
    plate's rings are coarsest (below about 0.02 cycles per pixel)."""
    values = [p[y * SIZE + x]
              for y in range(SIZE // 2 - half, SIZE // 2 + half)
              for x in range(SIZE // 2 - half, SIZE // 2 + half)]
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / len(values)


def png_size(path):
    """Width and height of a PNG file, from its IHDR chunk; None if the
    file is no PNG."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


def main():
    args = sys.argv[1:]
    plots = "--no-plots" not in args
    args = [a for a in args if a != "--no-plots"]
    if len(args) != 2:
        sys.exit(__doc__)
    gst_launch, folder = args
    pic = {name: gray(gst_launch, "%s/%s.png" % (folder, name))
           for name in ("zone-plate-input", "zone-plate-lowpass",
                        "zone-plate-highpass", "zone-plate-bandpass",
                        "photo-input", "photo-noisy", "photo-cleaned",
                        "photo-cleaned-auto", "photo-spectrum")}
    checks = []

    def check(what, value, limit, at_least=False):
        ok = value >= limit if at_least else value <= limit
        checks.append(ok)
        print("%s %s: %.4g (at %s %.4g)" % ("ok  " if ok else "FAIL", what,
                                           value,
                                           "least" if at_least else "most",
                                           limit))

    detail_in = fine_detail(pic["zone-plate-input"])
    check("zone plate lowpass: fine detail / the input's",
          fine_detail(pic["zone-plate-lowpass"]) / detail_in, 0.1)
    centre_in = centre_variance(pic["zone-plate-input"])
    for name in ("highpass", "bandpass"):
        # doc-pictures.sh draws both with gain=2: 4 x the variance
        check("zone plate %s: centre variance / gain^2 / the input's" % name,
              centre_variance(pic["zone-plate-" + name]) / 4 / centre_in,
              0.05)

    # overview.md reads the dots at columns 304 and 176, rows 296 and 280;
    # their mirrors lie at 512 - column, 512 - row
    dots = {(304, 296), (176, 280), (208, 216), (336, 232)}
    found = set(brightest_away_from_centre(pic["photo-spectrum"], 4))
    print("     spectrum view: brightest away from the centre at %s" %
          sorted(found))
    check("spectrum view: its 4 brightest points away from the centre "
          "that are not the dots overview.md names", len(found - dots), 0)

    # doc-pictures.sh made the noisy photo as 0.7 x photo + 38 + noise
    clean = [min(255, round(0.7 * v + 38)) for v in pic["photo-input"]]
    noisy_rms = rms(pic["photo-noisy"], clean)
    cleaned_rms = rms(pic["photo-cleaned"], clean)
    print("     photo: RMS from the photo without noise: noisy %.2f, "
          "cleaned %.2f" % (noisy_rms, cleaned_rms))
    check("photo cleaned by notches: RMS / the noisy photo's",
          cleaned_rms / noisy_rms, 0.25)
    auto_rms = rms(pic["photo-cleaned-auto"], clean)
    print("     photo cleaned by notches=auto: %.2f" % auto_rms)
    check("photo cleaned by notches=auto: RMS / the noisy photo's",
          auto_rms / noisy_rms, 0.25)
    # the same two dots (each as itself or its mirror) as the page's
    found = open(folder + "/photo-notches-auto.txt").read().split()
    found = [tuple(float(v) for v in n.split(","))
             for n in found[0].split(";")] if found else []
    named = [(0.09375, 0.078125), (-0.15625, 0.046875)]
    missing = [n for n in named
               if not any(abs(f[0] - s * n[0]) < 1e-9 and
                          abs(f[1] - s * n[1]) < 1e-9
                          for f in found for s in (1, -1))]
    print("     notches=auto found %s" % found)
    check("notches=auto: found notches other than the page's, and the "
          "page's not found", len(missing) + len(found) - len(named), 0)

    colour = {name: i420_planes(gst_launch, "%s/colour-%s.png" % (folder,
                                                                  name),
                                COLOUR_WIDTH, COLOUR_HEIGHT)
              for name in ("input", "lowpass", "lowpass-luma-only",
                           "spectrum")}
    sizes = [(COLOUR_WIDTH, COLOUR_HEIGHT)] + \
        [(COLOUR_WIDTH // 2, COLOUR_HEIGHT // 2)] * 2
    for i, plane in enumerate("YUV"):
        ratio = detail(colour["lowpass"][i], *sizes[i]) / \
            detail(colour["input"][i], *sizes[i])
        check("colour lowpass: %s fine detail / the input's" % plane, ratio,
              0.1)
    for i, plane in enumerate("UV", 1):
        ratio = detail(colour["lowpass-luma-only"][i], *sizes[i]) / \
            detail(colour["input"][i], *sizes[i])
        check("colour lowpass chroma=pass: %s fine detail / the input's" %
              plane, ratio, 0.5, at_least=True)
    view = colour["spectrum"]
    check("colour spectrum view: largest |chroma - 128|",
          max(abs(v - 128) for v in view[1] + view[2]), 1)
    centre = view[0][COLOUR_HEIGHT // 2 * COLOUR_WIDTH + COLOUR_WIDTH // 2]
    check("colour spectrum view: brightest luma - the centre's",
          max(view[0]) - centre, 0)

    rows = [line.split(",") for line in
            open(folder + "/audio-spectrum.csv").read().split()[1:]]
    hz = [float(r[0]) for r in rows]
    db = [float(r[1]) for r in rows]
    peak = hz[db.index(max(db))]
    check("audio spectrum: |peak - 440 Hz| in bins",
          abs(peak - 440) / (hz[1] - hz[0]), 1.0)

    for name in ("overview", "audio-spectrum") if plots else ():
        size = png_size("%s/%s.png" % (folder, name))
        checks.append(size is not None)
        print("%s %s.png: a PNG file of %s" % ("ok  " if size else "FAIL",
                                               name, size))

    print("%d of %d picture checks hold" % (sum(checks), len(checks)))
    sys.exit(0 if all(checks) else 1)


if __name__ == "__main__":
    main()
