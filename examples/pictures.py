"""What the examples' checks measure on 512 x 512 gray pictures and on
colour ones as I420 planes (check-doc-pictures.py,
check-noise-removal.py)."""
import math
import subprocess
import sys

SIZE = 512


def gray(gst_launch, path):
    """The pixels of a 512 x 512 picture as a bytes object, rows top down,
    decoded by GStreamer."""
    raw = subprocess.run(
        [gst_launch, "-q", "filesrc", "location=" + path, "!", "decodebin",
         "!", "videoconvert", "!", "video/x-raw,format=GRAY8", "!",
         "fdsink", "fd=1"], check=True, capture_output=True).stdout
    if len(raw) != SIZE * SIZE:
        sys.exit("%s: %d bytes decoded, not %d" % (path, len(raw),
                                                  SIZE * SIZE))
    return raw


def i420_planes(gst_launch, path, width, height):
    """The Y, U and V planes of a width x height picture (both even),
    decoded and converted to I420 by GStreamer, each as a bytes object."""
    raw = subprocess.run(
        [gst_launch, "-q", "filesrc", "location=" + path, "!", "decodebin",
         "!", "videoconvert", "!", "video/x-raw,format=I420", "!",
         "fdsink", "fd=1"], check=True, capture_output=True).stdout
    luma, chroma = width * height, width * height // 4
    if len(raw) != luma + 2 * chroma:
        sys.exit("%s: %d bytes decoded, not %d" % (path, len(raw),
                                                  luma + 2 * chroma))
    return (raw[:luma], raw[luma:luma + chroma], raw[luma + chroma:])


def detail(p, width, height):
    """Mean square difference between horizontal neighbours of a
    width x height plane: what a lowpass takes away."""
    total = 0
    for y in range(height):
        row = p[y * width:(y + 1) * width]
        total += sum((row[x + 1] - row[x]) ** 2 for x in range(width - 1))
    return total / (height * (width - 1))


def rms(a, b):
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)) / len(a))


def brightest_away_from_centre(p, count, radius=16):
    """The columns and rows of the count brightest pixels more than
    radius pixels from the centre, brightest first."""
    c = SIZE // 2
    points = [(p[y * SIZE + x], x, y) for y in range(SIZE)
              for x in range(SIZE)
              if (x - c) ** 2 + (y - c) ** 2 > radius ** 2]
    points.sort(reverse=True)
    return [(x, y) for _, x, y in points[:count]]
