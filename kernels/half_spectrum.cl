/* The last step of a real forward FFT of length 2L whose half-length
 * complex transform ran in two passes (too long for one work-group to
 * unfold in local memory): z is the transform of z[m] = x[2m] + i x[2m+1],
 * L values per row, contiguous, and the spectrum's bins k = 0 .. L follow
 * from it (real_spectrum.cl), with real_tw[k] = W^k. One work-item per
 * bin.
 * Build options: none. */

#include "fft_butterflies.cl"
#include "real_spectrum.cl"

__kernel void unfold_half_spectrum (__global const float2 * z, uint length,
    __global float2 * dst, uint dst_stride, uint dst_dist, uint batch,
    __global const float2 * real_tw)
{
  const uint k = get_global_id (0), row = get_global_id (1);

  if (k > length || row >= batch)
    return;
  __global const float2 *zr = z + row * length;
  dst[row * dst_dist + k * dst_stride] = unfold_bin (zr[k % length],
      zr[(length - k) % length], real_tw[k]);
}
