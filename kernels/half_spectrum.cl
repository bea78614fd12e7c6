/* The last step of a real forward FFT of length 2L whose half-length
 * complex transform ran in two passes (too long for one work-group to
 * unfold in local memory): z is the transform of z[m] = x[2m] + i x[2m+1],
 * L values per row, contiguous; the spectrum's bins k = 0 .. L are
 *   X[k] = E[k] + W^k O[k],  E = (Z[k] + conj(Z[L-k])) / 2,
 *   O = (Z[k] - conj(Z[L-k])) / 2i,  W = exp(-2 pi i / 2L),
 * with real_tw[k] = W^k. One work-item per bin. */

inline float2 cmul (float2 a, float2 b)
{
  return (float2) (a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

inline float2 conj (float2 a)
{
  return (float2) (a.x, -a.y);
}

__kernel void unfold_half_spectrum (__global const float2 * z, uint length,
    __global float2 * dst, uint dst_stride, uint dst_dist, uint batch,
    __global const float2 * real_tw)
{
  const uint k = get_global_id (0), row = get_global_id (1);

  if (k > length || row >= batch)
    return;
  __global const float2 *zr = z + row * length;
  float2 zk = zr[k % length], zm = conj (zr[(length - k) % length]);
  float2 ev = (zk + zm) * 0.5f, d = (zk - zm) * 0.5f;
  float2 od = (float2) (d.y, -d.x);
  dst[row * dst_dist + k * dst_stride] = ev + cmul (real_tw[k], od);
}
