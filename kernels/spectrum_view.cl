/* mode=spectrum of clfft2dfilter: the filtered spectrum as a picture,
 * log(1 + |F x H|) with DC at row H/2, column W/2. The spectrum comes
 * transposed (width rows of height: element [kx][ky]), as the column pass
 * leaves it; scale undoes the 1 / (W H) folded into the mask. One
 * work-item per output pixel; normalize.cl then scales the frame to its
 * maximum. */

__kernel void log_magnitude (__global const float2 * spectrum, uint width,
    uint height, float scale, __global float * view)
{
  const uint x = get_global_id (0), y = get_global_id (1);

  if (x >= width || y >= height)
    return;
  /* display (y, x) shows signed frequency (y - H/2, x - W/2) */
  const uint kx = (x + width - width / 2) % width;
  const uint ky = (y + height - height / 2) % height;
  const float2 v = spectrum[kx * height + ky];

  view[y * width + x] = log1p (length (v) * scale);
}
