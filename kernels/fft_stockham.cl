/* Batched 1D FFT of rows that fit in local memory: Stockham autosort,
 * mixed-radix butterflies (2, 3, 4, 5, 7, 8) in registers, all stages in one
 * kernel, with the stages exchanging data through local memory.
 *
 * One work-group transforms ROWS rows; THREADS work-items share one row. A
 * stage of radix R has N / R butterflies; work-item t runs butterflies
 * t, t + THREADS, ... and holds their R values in registers (VALUES slots
 * cover the largest stage).
 *
 * Build options (set by the plan, see clfft-passes.c):
 *   N            row length, a product of the radices
 *   THREADS      work-items per row
 *   ROWS         rows per work-group
 *   VALUES       register slots per work-item
 *   NUM_STAGES   number of radix stages
 *   RADICES      the radix of each stage, comma-separated, product N
 *   SIGN         -1 forward, +1 inverse (ignored with FILTER, BLUESTEIN)
 *   LENGTH       the transform's own length, when the FFT of length N only
 *                serves it (BLUESTEIN); default N
 *   FILTER       forward FFT, multiply by a real gain per element, inverse
 *   GAIN_ON_STORE  multiply each result by a real gain per element
 *   BLUESTEIN    a length-LENGTH transform as a circular convolution of
 *                length N: input times chirp, forward FFT, times the
 *                convolution kernel's spectrum conv, inverse FFT, times chirp
 * and one LOAD_* and one STORE_* option for the data layout (default:
 * complex in, complex out):
 *   LOAD_U8             bytes as real input
 *   LOAD_REAL           floats as real input
 *   LOAD_REAL_PAIRS     2L floats as L complex values (x[2m], x[2m+1]): the
 *                       half-length transform of a real forward FFT
 *   LOAD_HERMITIAN      L/2 + 1 complex values, the rest by symmetry
 *   LOAD_HALF_SPECTRUM  L + 1 complex bins of a real 2L-point spectrum,
 *                       folded into L values for a half-length inverse
 *   STORE_U8            real part, rounded half up, saturated to bytes
 *   STORE_REAL          real part as floats
 *   STORE_REAL_PAIRS    L complex values as 2L floats
 *   STORE_HALF          bins 0 .. L/2 only
 *   STORE_HALF_SPECTRUM the L + 1 bins of the real 2L-point spectrum whose
 *                       half-length transform this is
 * (L = LENGTH)
 *
 * Twiddles come from a table tw[m] = exp(-2 pi i m / N), m < N, computed in
 * double precision on the host; the inverse uses its conjugate.
 */

#ifndef N
#error "N must be defined"
#endif

#define WG_SIZE (THREADS * ROWS)

#ifndef LENGTH
#define LENGTH N
#endif

__constant uint kRadices[NUM_STAGES] = { RADICES };

#if defined(LOAD_U8)
typedef uchar src_t;
#elif defined(LOAD_REAL) || defined(LOAD_REAL_PAIRS)
typedef float src_t;
#else
typedef float2 src_t;
#endif

#if defined(STORE_U8)
typedef uchar dst_t;
#elif defined(STORE_REAL) || defined(STORE_REAL_PAIRS)
typedef float dst_t;
#else
typedef float2 dst_t;
#endif

inline float2 cmul (float2 a, float2 b)
{
  return (float2) (a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

/* Multiplies by sign * i: the quarter-turn root of the transform direction. */
inline float2 mul_sign_i (float2 a, float sign)
{
  return (float2) (-sign * a.y, sign * a.x);
}

inline void butterfly2 (float2 * v)
{
  float2 a = v[0];
  v[0] = a + v[1];
  v[1] = a - v[1];
}

inline void butterfly4 (float2 * v, float sign)
{
  float2 s02 = v[0] + v[2], d02 = v[0] - v[2];
  float2 s13 = v[1] + v[3], d13 = mul_sign_i (v[1] - v[3], sign);
  v[0] = s02 + s13;
  v[1] = d02 + d13;
  v[2] = s02 - s13;
  v[3] = d02 - d13;
}

inline void butterfly8 (float2 * v, float sign)
{
  const float h = 0.70710678118654752440f;
  float2 e[4] = { v[0], v[2], v[4], v[6] };
  float2 o[4] = { v[1], v[3], v[5], v[7] };
  butterfly4 (e, sign);
  butterfly4 (o, sign);
  /* o[k] *= w8^k, w8 = exp(sign * i * pi / 4) */
  o[1] = (float2) (h * (o[1].x - sign * o[1].y), h * (o[1].y + sign * o[1].x));
  o[2] = mul_sign_i (o[2], sign);
  o[3] = (float2) (h * (-o[3].x - sign * o[3].y), h * (-o[3].y + sign * o[3].x));
  for (int k = 0; k < 4; k++) {
    v[k] = e[k] + o[k];
    v[k + 4] = e[k] - o[k];
  }
}

/* Radix 3, 5 and 7: X[k] = a0 + sum_m (a_m + a_{R-m}) cos(2 pi k m / R)
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

inline void butterfly_odd (float2 * v, uint radix, float sign,
    __constant const float * cos_table, __constant const float * sin_table)
{
  const uint pairs = radix / 2;
  float2 sum[4], diff[4], out[8];

  for (uint m = 1; m <= pairs; m++) {
    sum[m] = v[m] + v[radix - m];
    diff[m] = v[m] - v[radix - m];
  }
  out[0] = v[0];
  for (uint m = 1; m <= pairs; m++)
    out[0] += sum[m];
  for (uint k = 1; k <= pairs; k++) {
    float2 re = v[0], im = (float2) (0.0f);
    for (uint m = 1; m <= pairs; m++) {
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

inline void butterfly (float2 * v, uint radix, float sign)
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
    case 7:
      butterfly_odd (v, 7, sign, kCos7, kSin7);
      break;
  }
}

/* Butterflies per work-item in a stage of the given radix. */
#define PER_ITEM(radix) ((N / (radix) + THREADS - 1) / THREADS)

/* Runs every stage of one transform. On entry v holds the inputs in the
 * pattern of the first stage: v[c * R + r] = x[j + r * N / R] for
 * butterfly j = t + c * THREADS. On exit v holds the outputs in the same
 * pattern for the last radix. */
inline void fft_pass (float2 * v, __local float2 * buf, uint t,
    __global const float2 * tw, float sign)
{
  uint ns = 1;
#pragma unroll
  for (uint s = 0; s < NUM_STAGES; s++) {
    const uint radix = kRadices[s];
    const uint span = N / radix;

    if (s > 0) {
      for (uint c = 0; c < PER_ITEM (radix); c++) {
        const uint j = t + c * THREADS;
        if (j < span)
          for (uint r = 0; r < radix; r++)
            v[c * radix + r] = buf[j + r * span];
      }
      barrier (CLK_LOCAL_MEM_FENCE);
    }

    for (uint c = 0; c < PER_ITEM (radix); c++) {
      const uint j = t + c * THREADS;
      if (j >= span)
        continue;
      if (ns > 1) {
        const uint step = N / (ns * radix);
        const uint k = j % ns;
        for (uint r = 1; r < radix; r++) {
          float2 w = tw[k * r * step];
          w.y = -sign * w.y;
          v[c * radix + r] = cmul (v[c * radix + r], w);
        }
      }
      butterfly (v + c * radix, radix, sign);
    }

    if (s + 1 < NUM_STAGES) {
      for (uint c = 0; c < PER_ITEM (radix); c++) {
        const uint j = t + c * THREADS;
        const uint k = j % ns;
        if (j < span)
          for (uint r = 0; r < radix; r++)
            buf[(j - k) * radix + k + r * ns] = v[c * radix + r];
      }
      barrier (CLK_LOCAL_MEM_FENCE);
    }
    ns *= radix;
  }
}

#define FIRST_RADIX (kRadices[0])
#define LAST_RADIX (kRadices[NUM_STAGES - 1])

/* Calls body (idx, slot) for each element a work-item holds in the pattern
 * of a stage of the given radix. */
#define FOR_EACH_ELEMENT(radix, idx, slot, body) \
  for (uint c_ = 0; c_ < PER_ITEM (radix); c_++) { \
    const uint j_ = t + c_ * THREADS; \
    if (j_ < N / (radix)) \
      for (uint r_ = 0; r_ < (radix); r_++) { \
        const uint idx = j_ + r_ * (N / (radix)); \
        const uint slot = c_ * (radix) + r_; \
        body; \
      } \
  }

inline float2 conj (float2 a)
{
  return (float2) (a.x, -a.y);
}

/* Element idx (0 .. LENGTH-1) of the complex sequence the transform starts
 * from. real_tw[k] = exp(-2 pi i k / (2 LENGTH)), k <= LENGTH, serves the
 * real-data modes. */
inline float2 load_element (__global const src_t * row, uint idx, uint stride,
    __global const float2 * real_tw)
{
#if defined(LOAD_U8)
  return (float2) (convert_float (row[idx * stride]), 0.0f);
#elif defined(LOAD_REAL)
  return (float2) (row[idx * stride], 0.0f);
#elif defined(LOAD_REAL_PAIRS)
  return (float2) (row[2 * idx * stride], row[(2 * idx + 1) * stride]);
#elif defined(LOAD_HERMITIAN)
  return idx <= LENGTH / 2 ? row[idx * stride] :
      conj (row[(LENGTH - idx) * stride]);
#elif defined(LOAD_HALF_SPECTRUM)
  /* X[k] = E[k] + W^k O[k] and conj(X[L-k]) = E[k] - W^k O[k], where E and
   * O are the spectra of the even and odd samples; z = E + i O. */
  float2 a = row[idx * stride], b = conj (row[(LENGTH - idx) * stride]);
  if (idx == 0) {
    /* the DC and Nyquist bins of a real signal are real: ignore their
     * imaginary parts, as the odd-length path does */
    a.y = 0.0f;
    b.y = 0.0f;
  }
  float2 e = (a + b) * 0.5f;
  float2 o = cmul (a - b, conj (real_tw[idx])) * 0.5f;
  return (float2) (e.x - o.y, e.y + o.x);
#else
  return row[idx * stride];
#endif
}

#if !defined(STORE_HALF_SPECTRUM)
inline void store_element (__global dst_t * row, uint idx, uint stride,
    float2 x)
{
#if defined(STORE_U8)
  /* round half up, then saturate to 0..255 */
  row[idx * stride] = convert_uchar_sat_rtz (x.x + 0.5f);
#elif defined(STORE_REAL)
  row[idx * stride] = x.x;
#elif defined(STORE_REAL_PAIRS)
  row[2 * idx * stride] = x.x;
  row[(2 * idx + 1) * stride] = x.y;
#elif defined(STORE_HALF)
  if (idx <= LENGTH / 2)
    row[idx * stride] = x;
#else
  row[idx * stride] = x;
#endif
}
#endif

#ifdef BLUESTEIN
#define WITH_CHIRP(x, idx) cmul ((x), chirp[idx])
#else
#define WITH_CHIRP(x, idx) (x)
#endif

/* Row r of src starts at src + r * src_dist, and its element i is at
 * i * src_stride from there (in src_t units); likewise dst. gain (FILTER,
 * GAIN_ON_STORE) holds one real gain per element, rows gain_dist apart;
 * chirp and conv serve BLUESTEIN. scale multiplies every stored result. */
__kernel __attribute__((reqd_work_group_size (WG_SIZE, 1, 1)))
void fft_rows (__global const src_t * src, uint src_stride, uint src_dist,
    __global dst_t * dst, uint dst_stride, uint dst_dist, uint batch,
    __global const float2 * tw, __global const float2 * real_tw,
    __global const float * gain, uint gain_dist,
    __global const float2 * chirp, __global const float2 * conv, float scale)
{
  __local float2 lds[ROWS * N];
  const uint lid = get_local_id (0);
  const uint t = lid % THREADS;
  const uint local_row = lid / THREADS;
  const uint row = get_group_id (0) * ROWS + local_row;
  const bool active = row < batch;
  __local float2 *buf = lds + local_row * N;
  __global const src_t *row_src = src + (active ? row * src_dist : 0);
  __global dst_t *row_dst = dst + (active ? row * dst_dist : 0);
  float2 v[VALUES];

  FOR_EACH_ELEMENT (FIRST_RADIX, idx, slot,
      v[slot] = (active && idx < LENGTH) ?
      WITH_CHIRP (load_element (row_src, idx, src_stride, real_tw), idx) :
      (float2) (0.0f));

#if defined(FILTER) || defined(BLUESTEIN)
  fft_pass (v, buf, t, tw, -1.0f);
  /* The last stage leaves the spectrum in v; multiply, then restart from
   * local memory in the first stage's pattern. */
  barrier (CLK_LOCAL_MEM_FENCE);
#ifdef FILTER
  FOR_EACH_ELEMENT (LAST_RADIX, idx, slot,
      buf[idx] = v[slot] * (active ? gain[row * gain_dist + idx] : 0.0f));
#else
  FOR_EACH_ELEMENT (LAST_RADIX, idx, slot, buf[idx] = cmul (v[slot],
          conv[idx]));
#endif
  barrier (CLK_LOCAL_MEM_FENCE);
  FOR_EACH_ELEMENT (FIRST_RADIX, idx, slot, v[slot] = buf[idx]);
  barrier (CLK_LOCAL_MEM_FENCE);
  fft_pass (v, buf, t, tw, 1.0f);
#else
  fft_pass (v, buf, t, tw, SIGN);
#endif

#if defined(STORE_HALF_SPECTRUM)
  /* z = the transform of z[m] = x[2m] + i x[2m+1]; unfold it into
   * X[k] = E[k] + W^k O[k], with E = (Z[k] + conj(Z[L-k])) / 2 and
   * O = (Z[k] - conj(Z[L-k])) / 2i, for k = 0 .. L. */
  barrier (CLK_LOCAL_MEM_FENCE);
  FOR_EACH_ELEMENT (LAST_RADIX, idx, slot,
      if (idx < LENGTH) buf[idx] = WITH_CHIRP (v[slot], idx));
  barrier (CLK_LOCAL_MEM_FENCE);
  if (!active)
    return;
  for (uint k = t; k <= LENGTH; k += THREADS) {
    float2 zk = buf[k % LENGTH], zm = conj (buf[(LENGTH - k) % LENGTH]);
    float2 e = (zk + zm) * 0.5f, d = (zk - zm) * 0.5f;
    float2 o = (float2) (d.y, -d.x);
    row_dst[k * dst_stride] = (e + cmul (real_tw[k], o)) * scale;
  }
#else
  if (!active)
    return;
#ifdef GAIN_ON_STORE
  FOR_EACH_ELEMENT (LAST_RADIX, idx, slot,
      if (idx < LENGTH) store_element (row_dst, idx, dst_stride,
          WITH_CHIRP (v[slot], idx) * scale * gain[row * gain_dist + idx]));
#else
  FOR_EACH_ELEMENT (LAST_RADIX, idx, slot,
      if (idx < LENGTH) store_element (row_dst, idx, dst_stride,
          WITH_CHIRP (v[slot], idx) * scale));
#endif
#endif
}
