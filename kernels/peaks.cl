/* The isolated peaks of a frame's spectrum (clfft-peak-finder.c): periodic
 * noise (a grating, a screen's pattern, scan lines) is a sharp point of
 * the magnitude and its mirror, well above the spectrum around it, where
 * the picture's own spectrum is smooth. The spectrum comes as the half
 * spectrum of the real frame (height rows of bins = W/2 + 1); the other
 * half is its mirror, |F(-k)| = |F(k)|. One work-item per bin of the half
 * spectrum; each frequency is looked at once (on the columns kx = 0 and
 * kx = W/2 the half holds a bin and its mirror). A bin is a peak where it
 * is at least min_radius cycles per pixel from DC, larger than its eight
 * neighbours, and more than threshold times the mean magnitude of the
 * square of side 2 RING + 1 around it, its 3 x 3 centre left out. Peaks
 * are appended to peaks (signed kx, ky, ratio, and the root of the
 * energy of the 3 x 3 centre, which holds a grating between bins too)
 * while count stays below max_peaks; count goes on counting.
 * Build options: none. */

#define RING 5

/* |F| at signed frequency (sx, sy), any integers. */
static float
magnitude (__global const float2 * spectrum, int sx, int sy, int width,
    int height)
{
  const int bins = width / 2 + 1;

  /* wrapped into -W/2 .. W/2, then the left half by symmetry */
  sx = ((sx % width) + width) % width;
  if (sx >= bins) {
    sx = width - sx;
    sy = -sy;
  }
  sy = ((sy % height) + height) % height;
  return length (spectrum[sy * bins + sx]);
}

__kernel void find_peaks (__global const float2 * spectrum, uint width,
    uint height, float min_radius, float threshold, uint max_peaks,
    __global uint * count, __global float4 * peaks)
{
  const int w = width, h = height;
  const int kx = get_global_id (0), ky = get_global_id (1);
  const int sx = kx, sy = 2 * ky < h ? ky : ky - h;
  float m, sum = 0.0f, energy, fx, fy;
  uint n = 0;

  if (kx > w / 2 || ky >= h)
    return;
  if ((kx == 0 || 2 * kx == w) && sy < 0)
    return;
  fx = (float) sx / w;
  fy = (float) sy / h;
  if (fx * fx + fy * fy < min_radius * min_radius)
    return;
  m = magnitude (spectrum, sx, sy, w, h);
  energy = m * m;
  for (int dy = -RING; dy <= RING; dy++)
    for (int dx = -RING; dx <= RING; dx++) {
      float v;

      if (dx == 0 && dy == 0)
        continue;
      v = magnitude (spectrum, sx + dx, sy + dy, w, h);
      if (abs (dx) <= 1 && abs (dy) <= 1) {
        if (v > m)
          return;
        energy += v * v;
        continue;
      }
      sum += v;
      n++;
    }
  if (m > threshold * (sum / n)) {
    uint i = atomic_inc (count);

    if (i < max_peaks)
      peaks[i] = (float4) (sx, sy, m * n / sum, sqrt (energy));
  }
}
