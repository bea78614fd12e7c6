/* The real FFT of 2L samples x through the complex FFT of L values
 * z[m] = x[2m] + i x[2m+1], as every kernel that runs it does
 * (fft_stockham.cl, filter_one_launch.cl, half_spectrum.cl; fft_lanes.cl
 * does the same on vectors of lanes): with E and O the spectra of the even
 * and odd samples and W = exp(-2 pi i / 2L),
 *   X[k] = E[k] + W^k O[k],  conj(X[L-k]) = E[k] - W^k O[k],
 *   E[k] = (Z[k] + conj(Z[L-k])) / 2,  O[k] = (Z[k] - conj(Z[L-k])) / 2i.
 * unfold_bin goes from Z to X (forward), fold_bins from X back to Z
 * (inverse, z = E + i O). Needs cmul (fft_butterflies.cl). */
#ifndef REAL_SPECTRUM_CL
#define REAL_SPECTRUM_CL

/* small enough to inline wherever they are used, which the one launch's
 * phases need to keep their registers (filter_one_launch.cl, SHAPED) */
#ifndef HELPER_INLINE
#define HELPER_INLINE inline __attribute__((always_inline))
#endif

HELPER_INLINE float2 conj (float2 a)
{
  return (float2) (a.x, -a.y);
}

/* X[k] for k < L, from zk = Z[k], z_partner = Z[(L - k) % L] and
 * wk = W^k (X[L] = E[0] - O[0] is Z[0].x - Z[0].y) */
HELPER_INLINE float2 unfold_bin (float2 zk, float2 z_partner, float2 wk)
{
  const float2 zm = conj (z_partner);
  const float2 ev = (zk + zm) * 0.5f, d = (zk - zm) * 0.5f;
  const float2 od = (float2) (d.y, -d.x);

  return ev + cmul (wk, od);
}

/* Z[e] (z = E + i O) from xe = X[e], x_partner = X[L - e] and we = W^e.
 * The DC and Nyquist bins of a real signal are real: at e = 0 their
 * imaginary parts are ignored, as the odd-length path does. */
HELPER_INLINE float2 fold_bins (float2 xe, float2 x_partner, uint e, float2 we)
{
  float2 a = xe, b = conj (x_partner);

  if (e == 0) {
    a.y = 0.0f;
    b.y = 0.0f;
  }
  const float2 ev = (a + b) * 0.5f;
  const float2 od = cmul (a - b, conj (we)) * 0.5f;

  return (float2) (ev.x - od.y, ev.y + od.x);
}

#endif
