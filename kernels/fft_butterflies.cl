/* Complex multiplies and the butterflies of every radix the row passes
 * use (2, 3, 4, 5, 7, 8, 11, 13, and 6, 9, 10, 12, 15, 16 made of two of
 * those), in registers. They depend on no build option but
 * BUTTERFLY_LARGEST_PRIME (below), so that each kernel file that includes
 * this one (fft_stockham.cl, filter_one_launch.cl, fft_lanes.cl,
 * filter_generic.cl, half_spectrum.cl) specializes its passes as it
 * needs. real_spectrum.cl and pixels.cl hold the other pieces they
 * share.
 *
 * A value is a cplx: one complex float2, or (fft_lanes.cl) a wider vector
 * of several complex values interleaved, real parts in the even
 * components, imaginary parts in the odd ones. Arithmetic on it is
 * component-wise except where .even and .odd take the parts apart; the
 * twiddles are one complex float2 for all of a vector's values. */
#ifndef FFT_BUTTERFLIES_CL
#define FFT_BUTTERFLIES_CL

#ifndef CPLX_DEFINED
typedef float2 cplx;
#endif
/* Where the vector is wide, the compiler must inline the butterflies for
 * their values to stay in registers (fft_lanes.cl defines it so). */
#ifndef BUTTERFLY_INLINE
#define BUTTERFLY_INLINE inline
#endif
/* The largest prime radix butterfly_direct takes: a program whose lengths
 * have no factor 7, 11 or 13 may define it as 5 and compile faster
 * (filter_generic.cl, which is built while a first frame waits). */
#ifndef BUTTERFLY_LARGEST_PRIME
#define BUTTERFLY_LARGEST_PRIME 13
#endif

/* a times the complex number w */
BUTTERFLY_INLINE cplx cmul (cplx a, float2 w)
{
  cplx r;

  r.even = a.even * w.x - a.odd * w.y;
  r.odd = a.even * w.y + a.odd * w.x;
  return r;
}

/* Multiplies by sign * i: the quarter-turn root of the transform direction. */
BUTTERFLY_INLINE cplx mul_sign_i (cplx a, float sign)
{
  cplx r;

  r.even = -sign * a.odd;
  r.odd = sign * a.even;
  return r;
}

BUTTERFLY_INLINE void butterfly2 (cplx * v)
{
  cplx a = v[0];
  v[0] = a + v[1];
  v[1] = a - v[1];
}

BUTTERFLY_INLINE void butterfly4 (cplx * v, float sign)
{
  cplx s02 = v[0] + v[2], d02 = v[0] - v[2];
  cplx s13 = v[1] + v[3], d13 = mul_sign_i (v[1] - v[3], sign);
  v[0] = s02 + s13;
  v[1] = d02 + d13;
  v[2] = s02 - s13;
  v[3] = d02 - d13;
}

BUTTERFLY_INLINE void butterfly8 (cplx * v, float sign)
{
  const float h = 0.70710678118654752440f;
  cplx e[4] = { v[0], v[2], v[4], v[6] };
  cplx o[4] = { v[1], v[3], v[5], v[7] };
  butterfly4 (e, sign);
  butterfly4 (o, sign);
  /* o[k] *= w8^k, w8 = exp(sign * i * pi / 4) = h (1 + sign i) */
  o[1] = h * (o[1] + mul_sign_i (o[1], sign));
  o[2] = mul_sign_i (o[2], sign);
  o[3] = h * (mul_sign_i (o[3], sign) - o[3]);
  for (int k = 0; k < 4; k++) {
    v[k] = e[k] + o[k];
    v[k + 4] = e[k] - o[k];
  }
}

/* The odd primes R = 3, 5, 7, 11 and 13:
 *   X[k] = a0 + sum_m (a_m + a_{R-m}) cos(2 pi k m / R)
 *   +- i sign sum_m (a_m - a_{R-m}) sin(2 pi k m / R), m = 1 .. (R-1)/2. */
__constant float kCos3[3] = { 1.0f, -0.5f, -0.5f };
__constant float kSin3[3] = { 0.0f, 0.86602540378443864676f,
  -0.86602540378443864676f
};
__constant float kCos5[5] = { 1.0f, 0.30901699437494742410f,
  -0.80901699437494742410f, -0.80901699437494742410f,
  0.30901699437494742410f
};
__constant float kSin5[5] = { 0.0f, 0.95105651629515357212f,
  0.58778525229247312917f, -0.58778525229247312917f,
  -0.95105651629515357212f
};
__constant float kCos7[7] = { 1.0f, 0.62348980185873353053f,
  -0.22252093395631440429f, -0.90096886790241912624f,
  -0.90096886790241912624f, -0.22252093395631440429f,
  0.62348980185873353053f
};
__constant float kSin7[7] = { 0.0f, 0.78183148246802980871f,
  0.97492791218182360702f, 0.43388373911755812048f,
  -0.43388373911755812048f, -0.97492791218182360702f,
  -0.78183148246802980871f
};

__constant float kCos11[11] = { 1.0f, 0.84125353283118120551f,
  0.41541501300188643508f, -0.1423148382732850048f, -0.65486073394528498959f,
  -0.95949297361449736865f, -0.95949297361449736865f,
  -0.65486073394528498959f, -0.1423148382732850048f, 0.41541501300188643508f,
  0.84125353283118120551f };
__constant float kSin11[11] = { 0.0f, 0.54064081745559755543f,
  0.90963199535451833011f, 0.98982144188093279524f, 0.7557495743542582689f,
  0.28173255684142967104f, -0.28173255684142967104f, -0.7557495743542582689f,
  -0.98982144188093279524f, -0.90963199535451833011f,
  -0.54064081745559755543f };
__constant float kCos13[13] = { 1.0f, 0.88545602565320991051f,
  0.56806474673115592289f, 0.12053668025532300601f, -0.35460488704253545489f,
  -0.74851074817110119231f, -0.9709418174260520118f, -0.9709418174260520118f,
  -0.74851074817110119231f, -0.35460488704253545489f, 0.12053668025532300601f,
  0.56806474673115592289f, 0.88545602565320991051f };
__constant float kSin13[13] = { 0.0f, 0.46472317204376850652f,
  0.82298386589365635224f, 0.99270887409805397272f, 0.93501624268541483342f,
  0.66312265824079519305f, 0.23931566428755768339f, -0.23931566428755768339f,
  -0.66312265824079519305f, -0.93501624268541483342f,
  -0.99270887409805397272f, -0.82298386589365635224f,
  -0.46472317204376850652f };

BUTTERFLY_INLINE void butterfly_odd (cplx * v, uint radix, float sign,
    __constant const float * cos_table, __constant const float * sin_table)
{
  const uint pairs = radix / 2;
  cplx sum[7], diff[7], out[13];

  for (uint m = 1; m <= pairs; m++) {
    sum[m] = v[m] + v[radix - m];
    diff[m] = v[m] - v[radix - m];
  }
  out[0] = v[0];
  for (uint m = 1; m <= pairs; m++)
    out[0] += sum[m];
  for (uint k = 1; k <= pairs; k++) {
    /* im starts from its first term, not from 0: a compiler may not drop
     * an addition of 0 (-0 + 0 is +0) */
    cplx re = v[0] + sum[1] * cos_table[k % radix];
    cplx im = diff[1] * sin_table[k % radix];
    for (uint m = 2; m <= pairs; m++) {
      re += sum[m] * cos_table[(k * m) % radix];
      im += diff[m] * sin_table[(k * m) % radix];
    }
    im = mul_sign_i (im, sign);
    out[k] = re + im;
    out[radix - k] = re - im;
  }
  for (uint k = 0; k < radix; k++)
    v[k] = out[k];
}

BUTTERFLY_INLINE void butterfly_direct (cplx * v, uint radix, float sign)
{
  switch (radix) {
    case 8:
      butterfly8 (v, sign);
      break;
    case 4:
      butterfly4 (v, sign);
      break;
    case 2:
      butterfly2 (v);
      break;
    case 3:
      butterfly_odd (v, 3, sign, kCos3, kSin3);
      break;
    case 5:
      butterfly_odd (v, 5, sign, kCos5, kSin5);
      break;
#if BUTTERFLY_LARGEST_PRIME >= 7
    case 7:
      butterfly_odd (v, 7, sign, kCos7, kSin7);
      break;
#endif
#if BUTTERFLY_LARGEST_PRIME >= 11
    case 11:
      butterfly_odd (v, 11, sign, kCos11, kSin11);
      break;
#endif
#if BUTTERFLY_LARGEST_PRIME >= 13
    case 13:
      butterfly_odd (v, 13, sign, kCos13, kSin13);
      break;
#endif
  }
}

/* a times the root exp(sign 2 pi i m / R); cos_table[m], sin_table[m]
 * hold cos and sin of 2 pi m / R. The roots on the axes (1, i, -1, -i)
 * are exact swaps and negations: a compiler may not drop a multiply by 0
 * (0 times infinity is NaN), and each would cost an instruction. */
BUTTERFLY_INLINE cplx mul_root (cplx a, uint m, uint radix, float sign,
    __constant const float * cos_table, __constant const float * sin_table)
{
  if ((4 * m) % radix == 0)
    switch ((4 * m / radix) % 4) {
      case 0:
        return a;
      case 1:
        return mul_sign_i (a, sign);
      case 2:
        return -a;
      default:
        return -mul_sign_i (a, sign);
    }
  return cmul (a, (float2) (cos_table[m], sign * sin_table[m]));
}

/* Radix R = a * b in registers: b butterflies of radix a over the inputs b
 * apart, a twiddle by the roots of R, then a butterflies of radix b. A
 * stage of radix 12 or 16 does in one exchange through local memory what
 * two stages did, and the FFT is bound by those exchanges, not by the
 * arithmetic. With n = b n1 + n2 and k = k1 + a k2:
 *   X[k1 + a k2] = sum_n2 W_b^(n2 k2) W_R^(n2 k1) sum_n1 W_a^(n1 k1)
 *                  x[b n1 + n2],  W_m = exp(sign 2 pi i / m). */
BUTTERFLY_INLINE void butterfly_composite (cplx * v, uint a, uint b, float sign,
    __constant const float * cos_table, __constant const float * sin_table)
{
  cplx y[16], part[8];

  for (uint n2 = 0; n2 < b; n2++) {
    for (uint n1 = 0; n1 < a; n1++)
      part[n1] = v[b * n1 + n2];
    butterfly_direct (part, a, sign);
    for (uint k1 = 0; k1 < a; k1++)
      y[n2 * a + k1] = mul_root (part[k1], n2 * k1, a * b, sign, cos_table,
          sin_table);
  }
  for (uint k1 = 0; k1 < a; k1++) {
    for (uint n2 = 0; n2 < b; n2++)
      part[n2] = y[n2 * a + k1];
    butterfly_direct (part, b, sign);
    for (uint k2 = 0; k2 < b; k2++)
      v[k1 + a * k2] = part[k2];
  }
}

__constant float kCos6[6] = { 1.0f, 0.5f, -0.5f, -1.0f, -0.5f, 0.5f };
__constant float kSin6[6] = { 0.0f, 0.8660254038f, 0.8660254038f, 0.0f,
  -0.8660254038f, -0.8660254038f };
__constant float kCos9[9] = { 1.0f, 0.7660444431f, 0.1736481777f, -0.5f,
  -0.9396926208f, -0.9396926208f, -0.5f, 0.1736481777f, 0.7660444431f };
__constant float kSin9[9] = { 0.0f, 0.6427876097f, 0.9848077530f,
  0.8660254038f, 0.3420201433f, -0.3420201433f, -0.8660254038f,
  -0.9848077530f, -0.6427876097f };
__constant float kCos10[10] = { 1.0f, 0.8090169944f, 0.3090169944f,
  -0.3090169944f, -0.8090169944f, -1.0f, -0.8090169944f, -0.3090169944f,
  0.3090169944f, 0.8090169944f };
__constant float kSin10[10] = { 0.0f, 0.5877852523f, 0.9510565163f,
  0.9510565163f, 0.5877852523f, 0.0f, -0.5877852523f, -0.9510565163f,
  -0.9510565163f, -0.5877852523f };
__constant float kCos12[12] = { 1.0f, 0.8660254038f, 0.5f, 0.0f, -0.5f,
  -0.8660254038f, -1.0f, -0.8660254038f, -0.5f, 0.0f, 0.5f, 0.8660254038f };
__constant float kSin12[12] = { 0.0f, 0.5f, 0.8660254038f, 1.0f,
  0.8660254038f, 0.5f, 0.0f, -0.5f, -0.8660254038f, -1.0f, -0.8660254038f,
  -0.5f };
__constant float kCos15[15] = { 1.0f, 0.9135454576f, 0.6691306064f,
  0.3090169944f, -0.1045284633f, -0.5f, -0.8090169944f, -0.9781476007f,
  -0.9781476007f, -0.8090169944f, -0.5f, -0.1045284633f, 0.3090169944f,
  0.6691306064f, 0.9135454576f };
__constant float kSin15[15] = { 0.0f, 0.4067366431f, 0.7431448255f,
  0.9510565163f, 0.9945218954f, 0.8660254038f, 0.5877852523f, 0.2079116908f,
  -0.2079116908f, -0.5877852523f, -0.8660254038f, -0.9945218954f,
  -0.9510565163f, -0.7431448255f, -0.4067366431f };
__constant float kCos16[16] = { 1.0f, 0.9238795325f, 0.7071067812f,
  0.3826834324f, 0.0f, -0.3826834324f, -0.7071067812f, -0.9238795325f, -1.0f,
  -0.9238795325f, -0.7071067812f, -0.3826834324f, 0.0f, 0.3826834324f,
  0.7071067812f, 0.9238795325f };
__constant float kSin16[16] = { 0.0f, 0.3826834324f, 0.7071067812f,
  0.9238795325f, 1.0f, 0.9238795325f, 0.7071067812f, 0.3826834324f, 0.0f,
  -0.3826834324f, -0.7071067812f, -0.9238795325f, -1.0f, -0.9238795325f,
  -0.7071067812f, -0.3826834324f };

BUTTERFLY_INLINE void butterfly (cplx * v, uint radix, float sign)
{
  switch (radix) {
    case 16:
      butterfly_composite (v, 4, 4, sign, kCos16, kSin16);
      break;
    case 15:
      butterfly_composite (v, 3, 5, sign, kCos15, kSin15);
      break;
    case 12:
      butterfly_composite (v, 4, 3, sign, kCos12, kSin12);
      break;
    case 10:
      butterfly_composite (v, 2, 5, sign, kCos10, kSin10);
      break;
    case 9:
      butterfly_composite (v, 3, 3, sign, kCos9, kSin9);
      break;
    case 6:
      butterfly_composite (v, 2, 3, sign, kCos6, kSin6);
      break;
    default:
      butterfly_direct (v, radix, sign);
      break;
  }
}

#endif /* FFT_BUTTERFLIES_CL */
