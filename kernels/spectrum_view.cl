/* mode=spectrum of clfft2dfilter: the filtered spectrum as a picture,
 * log(1 + |F x G|) with DC at row H/2, column W/2. F comes as the half
 * spectrum of the real frame (height rows of bins, bins = W/2 + 1); the
 * other half is its mirror, |F(-k)| = |F(k)|. G is the gain as given
 * (height rows of width). One work-item per output pixel; normalize.cl
 * then scales the frame to its maximum.
 * Build options: none. */

__kernel void log_magnitude (__global const float2 * spectrum, uint bins,
    __global const float * gain, uint width, uint height,
    __global float * view)
{
  const uint x = get_global_id (0), y = get_global_id (1);

  if (x >= width || y >= height)
    return;
  /* display (y, x) shows signed frequency (y - H/2, x - W/2) */
  const uint kx = (x + width - width / 2) % width;
  const uint ky = (y + height - height / 2) % height;
  const float2 v = kx < bins ? spectrum[ky * bins + kx] :
      spectrum[((height - ky) % height) * bins + width - kx];

  view[y * width + x] = log1p (length (v) * fabs (gain[ky * width + kx]));
}
