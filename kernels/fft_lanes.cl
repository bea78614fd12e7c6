/* The 2D filter's three passes for CPUs: each work-item transforms LANES
 * rows, or LANES neighbouring columns, at once, their values side by side
 * in one vector (lane c's real and imaginary parts in components 2c and
 * 2c + 1). Every butterfly is then a few SIMD instructions, whatever the
 * OpenCL compiler makes of the work-items: PoCL vectorizes no loop over
 * work-items that works on float2 values, so fft_stockham.cl's passes run
 * there one value at a time.
 *
 * Stockham autosort, as fft_stockham.cl's passes (the same radices and
 * twiddle table), through two buffers of local memory: a stage of radix
 * R after ns points have been combined reads butterfly j's inputs at
 * j + r N / R and writes its outputs at (j - k) R + k + r ns, k = j % ns.
 * One work-item per group; its rows or columns stay in its buffers, which
 * on a CPU are its caches, from the first stage to the last.
 *
 * A column's values lie LANES to a vector in memory already. A row's lie
 * along the row, so the row kernels turn blocks of LANES x LANES values
 * around in registers on the way in and out (transpose_lanes).
 *
 * The kernels do what the filter's passes do with fft_stockham.cl's
 * options LOAD_U8_PAIRS and STORE_HALF_SPECTRUM (rows forward),
 * GAIN_BETWEEN with the columns in place (columns), and LOAD_HALF_SPECTRUM
 * and STORE_U8_PAIRS (rows inverse).
 *
 * Build options:
 *   N            the transform's length: the half width for the row
 *                kernels, the height for the column kernel
 *   NUM_STAGES   its stages, at most 12
 *   RADIX_0, RADIX_1, ...  the radix of each stage, as fft_stockham.cl's
 *                RADICES
 *   LANES        rows or columns per work-item: 2, 4 or 8
 *   PIXEL_U16    16-bit pixels (default 8-bit)
 */

#define CAT_(a, b) a ## b
#define CAT(a, b) CAT_(a, b)

/* the vector of LANES complex values; its even and odd complex values
 * (for transpose_lanes); log2 (LANES) */
#if LANES == 8
#define VECTOR_FLOATS 16
#define EVEN_VALUES s014589cd
#define ODD_VALUES s2367abef
#define LANES_LOG2 3
#elif LANES == 4
#define VECTOR_FLOATS 8
#define EVEN_VALUES s0145
#define ODD_VALUES s2367
#define LANES_LOG2 2
#elif LANES == 2
#define VECTOR_FLOATS 4
#define EVEN_VALUES s01
#define ODD_VALUES s23
#define LANES_LOG2 1
#else
#error "LANES must be 2, 4 or 8"
#endif

typedef CAT (float, VECTOR_FLOATS) cplx;
typedef CAT (float, LANES) lane_floats;
#define CPLX_DEFINED
#define vload_cplx CAT (vload, VECTOR_FLOATS)
#define vstore_cplx CAT (vstore, VECTOR_FLOATS)
#define vload_lane_floats CAT (vload, LANES)
#define BUTTERFLY_INLINE inline __attribute__ ((always_inline))

#include "fft_butterflies.cl"

#ifdef PIXEL_U16
typedef ushort pixel_t;
#define PIXEL_TYPE ushort
#else
typedef uchar pixel_t;
#define PIXEL_TYPE uchar
#endif
/* LANES pixel pairs, and one pair, to and from floats */
#define vload_pixels CAT (vload, VECTOR_FLOATS)
#define vstore_pixels CAT (vstore, VECTOR_FLOATS)
#define convert_cplx CAT (convert_float, VECTOR_FLOATS)
#define convert_pixels CAT (CAT (convert_, PIXEL_TYPE), \
    CAT (VECTOR_FLOATS, _sat_rtz))
#define convert_pixel_pair CAT (CAT (convert_, PIXEL_TYPE), 2_sat_rtz)

BUTTERFLY_INLINE cplx
conj_lanes (cplx a)
{
  a.odd = -a.odd;
  return a;
}

BUTTERFLY_INLINE float2
conj (float2 a)
{
  return (float2) (a.x, -a.y);
}

/* Turns LANES vectors of LANES complex values around: value j of v[i]
 * becomes value i of v[j]. Each round takes the even values of the 64
 * (for LANES 8) in order, then the odd ones, which moves a value's index
 * one bit to the right, around; LANES_LOG2 rounds swap row and column. */
BUTTERFLY_INLINE void
transpose_lanes (cplx * v)
{
  for (uint turn = 0; turn < LANES_LOG2; turn++) {
    cplx t[LANES];

    for (uint j = 0; j < LANES / 2; j++) {
      t[j] = (cplx) (v[2 * j].EVEN_VALUES, v[2 * j + 1].EVEN_VALUES);
      t[j + LANES / 2] = (cplx) (v[2 * j].ODD_VALUES,
          v[2 * j + 1].ODD_VALUES);
    }
    for (uint j = 0; j < LANES; j++)
      v[j] = t[j];
  }
}

/* One stage, from src to dst (see above); tw: the stage's block of the
 * twiddle table (none for the first stage, ns = 1). */
BUTTERFLY_INLINE void
stage (__local const cplx * src, __local cplx * dst,
    const uint radix, const uint ns, __global const float2 * tw,
    const float sign)
{
  const uint span = N / radix;

  for (uint j = 0; j < span; j++) {
    const uint k = j % ns;
    cplx v[16];

    for (uint r = 0; r < radix; r++)
      v[r] = src[j + r * span];
    if (ns > 1)
      for (uint r = 1; r < radix; r++) {
        float2 w = tw[(r - 1) * ns + k];
        w.y *= -sign;
        v[r] = cmul (v[r], w);
      }
    butterfly (v, radix, sign);
    for (uint r = 0; r < radix; r++)
      dst[(j - k) * radix + k + r * ns] = v[r];
  }
}

/* All stages of one transform, from buf0; returns the buffer that holds
 * the result, in natural order. Stage s has radix RADIX_s, a constant:
 * PoCL unrolls no loop of a kernel (it marks them all
 * llvm.loop.unroll.disable), so a loop over the stages would pick each
 * stage's radix, and its butterfly, at run time among all of them
 * (slower than a constant radix per stage:
 * docs/experiments/2026-11-22-simd-lanes-on-pocl.md), and compile them all. */
#define RADIX_OF(s) RADIX_ ## s
#define STAGE(s) \
  stage (src, dst, RADIX_OF (s), ns, stage_tw, sign); \
  if (ns > 1) \
    stage_tw += (RADIX_OF (s) - 1) * ns; \
  ns *= RADIX_OF (s); \
  swap = src; \
  src = dst; \
  dst = swap;
#define STAGES_1 STAGE (0)
#define STAGES_2 STAGES_1 STAGE (1)
#define STAGES_3 STAGES_2 STAGE (2)
#define STAGES_4 STAGES_3 STAGE (3)
#define STAGES_5 STAGES_4 STAGE (4)
#define STAGES_6 STAGES_5 STAGE (5)
#define STAGES_7 STAGES_6 STAGE (6)
#define STAGES_8 STAGES_7 STAGE (7)
#define STAGES_9 STAGES_8 STAGE (8)
#define STAGES_10 STAGES_9 STAGE (9)
#define STAGES_11 STAGES_10 STAGE (10)
#define STAGES_12 STAGES_11 STAGE (11)

BUTTERFLY_INLINE __local cplx *
transform (__local cplx * buf0, __local cplx * buf1,
    __global const float2 * tw, const float sign)
{
  __local cplx *src = buf0, *dst = buf1, *swap;
  __global const float2 *stage_tw = tw;
  uint ns = 1;

  CAT (STAGES_, NUM_STAGES)
  return src;
}

/* The filter's columns, in place: forward FFT, times the gain, inverse
 * FFT. spectrum: rows of pitch complex values; the work-item's columns
 * start at column get_global_id (0) * LANES (the plan keeps pitch a
 * multiple of LANES, so that whole vectors lie in each row). gain: a row
 * of pitch real gains per row of the spectrum. tw: the stages' twiddle
 * table. */
__kernel __attribute__ ((reqd_work_group_size (1, 1, 1)))
void fft_lanes_columns (__global float * spectrum, uint pitch,
    __global const float * gain, __global const float2 * tw)
{
  __local cplx buf0[N], buf1[N];
  const size_t first = get_global_id (0) * LANES;
  __global float *column = spectrum + 2 * first;
  __local cplx *result;

  for (uint e = 0; e < N; e++)
    buf0[e] = vload_cplx (0, column + 2 * (size_t) e * pitch);
  result = transform (buf0, buf1, tw, -1.0f);
  for (uint e = 0; e < N; e++) {
    const lane_floats g = vload_lane_floats (0, gain + first +
        (size_t) e * pitch);
    cplx both;

    both.even = g;
    both.odd = g;
    buf0[e] = result[e] * both;
  }
  result = transform (buf0, buf1, tw, 1.0f);
  for (uint e = 0; e < N; e++)
    vstore_cplx (result[e], 0, column + 2 * (size_t) e * pitch);
}

/* The work-item's rows start at row get_global_id (0) * LANES; past the
 * last row, lanes repeat it (and store nothing). */
#define LANE_ROW(r) min ((uint) get_global_id (0) * LANES + (r), height - 1)
#define LANE_STORES(r) ((uint) get_global_id (0) * LANES + (r) < height)

/* Rows of pixels to the half spectrum: row y of 2 N pixels as N pairs,
 * z[m] = x[2m] + i x[2m+1], transformed and unfolded into bins
 * X[k] = E[k] + W^k O[k], k = 0 .. N, with E = (Z[k] + conj(Z[N-k])) / 2,
 * O = (Z[k] - conj(Z[N-k])) / 2i. spectrum: rows of pitch complex values;
 * real_tw[k] = exp(-2 pi i k / 2N), k <= N. */
__kernel __attribute__ ((reqd_work_group_size (1, 1, 1)))
void fft_lanes_rows_forward (__global const pixel_t * pixels, uint height,
    __global float2 * spectrum, uint pitch, __global const float2 * tw,
    __global const float2 * real_tw)
{
  __local cplx buf0[N + 1], buf1[N + 1];
  /* the buffers as one complex value per row and element */
  __local float2 *values0 = (__local float2 *) buf0;
  __local cplx *result, *bins;
  __local float2 *bin_values;
  uint e;

  for (e = 0; e + LANES <= N; e += LANES) {
    cplx v[LANES];

    for (uint r = 0; r < LANES; r++)
      v[r] = convert_cplx (vload_pixels (0, pixels + (size_t) LANE_ROW (r) *
              2 * N + 2 * e));
    transpose_lanes (v);
    for (uint j = 0; j < LANES; j++)
      buf0[e + j] = v[j];
  }
  for (; e < N; e++)
    for (uint r = 0; r < LANES; r++)
      values0[e * LANES + r] = convert_float2 (vload2 (e, pixels +
              (size_t) LANE_ROW (r) * 2 * N));

  result = transform (buf0, buf1, tw, -1.0f);
  bins = result == buf0 ? buf1 : buf0;
  for (uint k = 0; k <= N; k++) {
    const cplx zk = result[k % N], zm = conj_lanes (result[(N - k) % N]);
    const cplx ev = (zk + zm) * 0.5f, od = mul_sign_i ((zk - zm) * 0.5f,
        -1.0f);

    bins[k] = ev + cmul (od, real_tw[k]);
  }

  bin_values = (__local float2 *) bins;
  for (e = 0; e + LANES <= N + 1; e += LANES) {
    cplx v[LANES];

    for (uint j = 0; j < LANES; j++)
      v[j] = bins[e + j];
    transpose_lanes (v);
    for (uint r = 0; r < LANES; r++)
      if (LANE_STORES (r))
        vstore_cplx (v[r], 0, (__global float *) (spectrum +
                (size_t) LANE_ROW (r) * pitch + e));
  }
  for (; e <= N; e++)
    for (uint r = 0; r < LANES; r++)
      if (LANE_STORES (r))
        spectrum[(size_t) LANE_ROW (r) * pitch + e] =
            bin_values[e * LANES + r];
}

/* The half spectrum back to rows of pixels: bins 0 .. N of each row
 * folded into N values z[m], transformed, and each pair of results made
 * two pixels: the real and imaginary parts (their magnitudes where
 * magnitude is set) times scale plus offset, rounded half up, saturated. */
__kernel __attribute__ ((reqd_work_group_size (1, 1, 1)))
void fft_lanes_rows_inverse (__global const float2 * spectrum, uint pitch,
    uint height, __global pixel_t * pixels, __global const float2 * tw,
    __global const float2 * real_tw, float scale, float offset,
    uint magnitude)
{
  __local cplx buf0[N + 1], buf1[N + 1];
  __local float2 *values1 = (__local float2 *) buf1;
  __local cplx *result;
  __local float2 *result_values;
  uint e;

  for (e = 0; e + LANES <= N + 1; e += LANES) {
    cplx v[LANES];

    for (uint r = 0; r < LANES; r++)
      v[r] = vload_cplx (0, (__global const float *) (spectrum +
              (size_t) LANE_ROW (r) * pitch + e));
    transpose_lanes (v);
    for (uint j = 0; j < LANES; j++)
      buf1[e + j] = v[j];
  }
  for (; e <= N; e++)
    for (uint r = 0; r < LANES; r++)
      values1[e * LANES + r] = spectrum[(size_t) LANE_ROW (r) * pitch + e];

  for (uint m = 0; m < N; m++) {
    cplx a = buf1[m], b = conj_lanes (buf1[N - m]);

    if (m == 0) {
      /* the DC and Nyquist bins of a real signal are real */
      a.odd = 0.0f;
      b.odd = 0.0f;
    }
    buf0[m] = (a + b) * 0.5f + mul_sign_i (cmul (a - b,
            conj (real_tw[m])) * 0.5f, 1.0f);
  }
  result = transform (buf0, buf1, tw, 1.0f);

  result_values = (__local float2 *) result;
  for (e = 0; e + LANES <= N; e += LANES) {
    cplx v[LANES];

    for (uint j = 0; j < LANES; j++)
      v[j] = result[e + j] * scale;
    transpose_lanes (v);
    for (uint r = 0; r < LANES; r++)
      if (LANE_STORES (r))
        vstore_pixels (convert_pixels ((magnitude ? fabs (v[r]) : v[r]) +
                (offset + 0.5f)), 0, pixels + (size_t) LANE_ROW (r) * 2 * N +
            2 * e);
  }
  for (; e < N; e++)
    for (uint r = 0; r < LANES; r++)
      if (LANE_STORES (r)) {
        const float2 p = result_values[e * LANES + r] * scale;

        vstore2 (convert_pixel_pair ((magnitude ? fabs (p) : p) +
                (offset + 0.5f)), e, pixels + (size_t) LANE_ROW (r) * 2 * N);
      }
}
