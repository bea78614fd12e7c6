/* Batched 1D FFT of rows that fit in local memory: Stockham autosort,
 * radix-2/4/8 butterflies in registers, all stages in one kernel, with the
 * stages exchanging data through local memory.
 *
 * One work-group transforms ROWS rows; THREADS work-items share one row and
 * each holds RMAX values (N = THREADS * RMAX). A stage of radix R < RMAX
 * runs RMAX / R butterflies per work-item.
 *
 * Build options (set by the plan, see clfft-fft.c):
 *   N            row length, a power of two
 *   THREADS      work-items per row (N / RMAX)
 *   ROWS         rows per work-group
 *   RMAX         largest radix of the schedule
 *   NUM_STAGES   number of radix stages
 *   RADICES      the radix of each stage, comma-separated, product N
 *   SIGN         -1 forward, +1 inverse (ignored with FILTER)
 *   LOAD_U8      read real bytes instead of complex floats
 *   STORE_U8     write the real part, rounded and saturated, as bytes
 *   FILTER       forward FFT, multiply by a per-row gain, inverse FFT
 *
 * Twiddles come from a table tw[m] = exp(-2 pi i m / N), m < N, computed in
 * double precision on the host; the inverse uses its conjugate.
 */

#ifndef N
#error "N must be defined"
#endif

#define WG_SIZE (THREADS * ROWS)

__constant uint kRadices[NUM_STAGES] = { RADICES };

#ifdef LOAD_U8
typedef uchar src_t;
#else
typedef float2 src_t;
#endif

#ifdef STORE_U8
typedef uchar dst_t;
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

inline void butterfly (float2 * v, uint radix, float sign)
{
  if (radix == 8)
    butterfly8 (v, sign);
  else if (radix == 4)
    butterfly4 (v, sign);
  else
    butterfly2 (v);
}

/* Runs every stage of one transform. On entry v holds the inputs in the
 * pattern of the first stage: v[b * R + r] = x[t + b * THREADS + r * N / R].
 * On exit v holds the outputs in the same pattern for the last radix. */
inline void fft_pass (float2 * v, __local float2 * buf, uint t,
    __global const float2 * tw, float sign)
{
  uint ns = 1;
#pragma unroll
  for (uint s = 0; s < NUM_STAGES; s++) {
    const uint radix = kRadices[s];
    const uint span = N / radix;

    if (s > 0) {
      for (uint b = 0; b < RMAX / radix; b++)
        for (uint r = 0; r < radix; r++)
          v[b * radix + r] = buf[t + b * THREADS + r * span];
      barrier (CLK_LOCAL_MEM_FENCE);
    }

    for (uint b = 0; b < RMAX / radix; b++) {
      const uint j = t + b * THREADS;
      const uint k = j % ns;
      if (ns > 1) {
        const uint step = N / (ns * radix);
        for (uint r = 1; r < radix; r++) {
          float2 w = tw[k * r * step];
          w.y = -sign * w.y;
          v[b * radix + r] = cmul (v[b * radix + r], w);
        }
      }
      butterfly (v + b * radix, radix, sign);
    }

    if (s + 1 < NUM_STAGES) {
      for (uint b = 0; b < RMAX / radix; b++) {
        const uint j = t + b * THREADS;
        const uint k = j % ns;
        const uint dst = (j / ns) * ns * radix + k;
        for (uint r = 0; r < radix; r++)
          buf[dst + r * ns] = v[b * radix + r];
      }
      barrier (CLK_LOCAL_MEM_FENCE);
    }
    ns *= radix;
  }
}

#define FIRST_RADIX (kRadices[0])
#define LAST_RADIX (kRadices[NUM_STAGES - 1])

/* src/dst rows start at row * *_row_stride elements. With FILTER, gain holds
 * one real gain per output element, rows of gain_row_stride. scale
 * multiplies the result before it is stored. */
__kernel __attribute__((reqd_work_group_size (WG_SIZE, 1, 1)))
void fft_rows (__global const src_t * src, uint src_row_stride,
    __global dst_t * dst, uint dst_row_stride, uint batch,
    __global const float2 * tw, __global const float * gain,
    uint gain_row_stride, float scale)
{
  __local float2 lds[ROWS * N];
  const uint lid = get_local_id (0);
  const uint t = lid % THREADS;
  const uint local_row = lid / THREADS;
  const uint row = get_group_id (0) * ROWS + local_row;
  const bool active = row < batch;
  __local float2 *buf = lds + local_row * N;
  float2 v[RMAX];

  for (uint b = 0; b < RMAX / FIRST_RADIX; b++)
    for (uint r = 0; r < FIRST_RADIX; r++) {
      const uint idx = t + b * THREADS + r * (N / FIRST_RADIX);
#ifdef LOAD_U8
      v[b * FIRST_RADIX + r] = active ?
          (float2) (convert_float (src[row * src_row_stride + idx]), 0.0f) :
          (float2) (0.0f);
#else
      v[b * FIRST_RADIX + r] = active ?
          src[row * src_row_stride + idx] : (float2) (0.0f);
#endif
    }

#ifdef FILTER
  fft_pass (v, buf, t, tw, -1.0f);
  /* The last stage leaves element idx in v; apply the gain, then restart
   * from local memory in the first stage's pattern. */
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint b = 0; b < RMAX / LAST_RADIX; b++)
    for (uint r = 0; r < LAST_RADIX; r++) {
      const uint idx = t + b * THREADS + r * (N / LAST_RADIX);
      const float g = active ? gain[row * gain_row_stride + idx] : 0.0f;
      buf[idx] = v[b * LAST_RADIX + r] * g;
    }
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint b = 0; b < RMAX / FIRST_RADIX; b++)
    for (uint r = 0; r < FIRST_RADIX; r++)
      v[b * FIRST_RADIX + r] = buf[t + b * THREADS + r * (N / FIRST_RADIX)];
  barrier (CLK_LOCAL_MEM_FENCE);
  fft_pass (v, buf, t, tw, 1.0f);
#else
  fft_pass (v, buf, t, tw, SIGN);
#endif

  if (!active)
    return;
  for (uint b = 0; b < RMAX / LAST_RADIX; b++)
    for (uint r = 0; r < LAST_RADIX; r++) {
      const uint idx = t + b * THREADS + r * (N / LAST_RADIX);
      const float2 x = v[b * LAST_RADIX + r] * scale;
#ifdef STORE_U8
      dst[row * dst_row_stride + idx] = convert_uchar_sat_rte (x.x);
#else
      dst[row * dst_row_stride + idx] = x;
#endif
    }
}
