/* The 2D filter of clfft-filter2d.c for frames of any size up to MAX_N a
 * side, with the sizes and radices given at launch: one program per
 * device, built once and shared by every frame size, so that a size never
 * seen before filters its first frames while its own programs, which
 * know their size at build time and run faster, are still building
 * (clfft-filter-generic.h).
 *
 * The three passes of the filter, each line of a pass in one work-group,
 * in local memory:
 *   rows_forward:   pixels in, the row's full complex transform, its bins
 *                   0 .. width / 2 out (the half spectrum, rows pitch apart);
 *   columns_filter: a column of bins forward, times the gain ([kx][ky], as
 *                   the filter stores it), inverse, in place;
 *   rows_inverse:   a row of bins, completed by its symmetry (a real row's
 *                   bins W - k are the conjugates of bins k), inverse, the
 *                   real parts times scale out as pixels (STORE_U8 in
 *                   fft_stockham.cl: |v| where asked, plus offset, rounded
 *                   half up, saturated).
 * A line's transform is a Stockham FFT: each stage reads the radix's
 * inputs n / radix apart, twiddles and combines them in registers, and
 * writes them where the next stage reads them; the twiddles are computed,
 * not read from a table, since the lengths are known only at launch. The
 * radices are those of butterfly_direct (2, 3, 4, 5, 7, 8, 11, 13): the
 * composite ones inline two more of its switches each, and the program is
 * built where the first frame waits for it.
 * radices packs the line's radices 4 bits each, the first stage lowest,
 * ended by 0 (pack_radices in clfft-filter-generic.c). Pixels are 8-bit,
 * or 16-bit where wide.
 *
 * Build options: GROUP (work-items per group), MAX_N (longest line),
 * MAX_VALUES (register slots per work-item: the most values a work-item
 * holds in a stage, n / GROUP plus the largest radix), and optionally
 * BUTTERFLY_LARGEST_PRIME (fft_butterflies.cl): 5 for the build that the
 * sizes without factors 7, 11 and 13 run, which compiles faster. */

#include "fft_butterflies.cl"
#include "pixels.cl"

#if !defined(GROUP) || !defined(MAX_N) || !defined(MAX_VALUES)
#error "GROUP, MAX_N and MAX_VALUES must be defined"
#endif

/* The line's n values in place, forward (sign -1) or inverse (+1). Every
 * work-item of the group calls it; it starts and ends with a barrier. Not
 * inlined: its four calls as one function took NVIDIA's compiler half the
 * time (docs/experiments/2026-11-27-generic-filter.md). */
__attribute__ ((noinline)) void fft_line (__local float2 * line, uint n, uint radices,
    float sign)
{
  const uint lid = get_local_id (0);
  uint span = 1;                /* the length of the transforms done so far */

  barrier (CLK_LOCAL_MEM_FENCE);
  for (; radices; radices >>= 4) {
    const uint radix = radices & 15;
    const uint butterflies = n / radix;
    float2 v[MAX_VALUES];
    uint slot = 0;

    for (uint j = lid; j < butterflies; j += GROUP, slot += radix) {
      const uint k = j % span;
      /* the input m's twiddle is w^m: w = exp (sign 2 pi i k / (span R)) */
      const float turns = 2.0f * (float) k / (float) (span * radix);
      const float2 w = (float2) (cospi (turns), sign * sinpi (turns));
      float2 wm = w;

      v[slot] = line[j];
      for (uint m = 1; m < radix; m++, wm = cmul (wm, w))
        v[slot + m] = cmul (line[j + m * butterflies], wm);
      butterfly_direct (v + slot, radix, sign);
    }
    barrier (CLK_LOCAL_MEM_FENCE);
    slot = 0;
    for (uint j = lid; j < butterflies; j += GROUP, slot += radix) {
      const uint k = j % span;
      const uint out = (j - k) * radix + k;

      for (uint m = 0; m < radix; m++)
        line[out + m * span] = v[slot + m];
    }
    barrier (CLK_LOCAL_MEM_FENCE);
    span *= radix;
  }
}

/* Pixels are bytes, or 16-bit where wide: one kernel for both. */
inline float load_pixel (__global const uchar * row, uint e, uint wide)
{
  return wide ? (float) ((__global const ushort *) row)[e] : (float) row[e];
}

/* v (or |v|) plus offset, rounded half up, saturated (pixels.cl) */
inline void store_pixel (__global uchar * row, uint e, uint wide, float v,
    uint magnitude, float offset)
{
  if (wide)
    ((__global ushort *) row)[e] = pixel_u16 (v, magnitude, offset);
  else
    row[e] = pixel_u8 (v, magnitude, offset);
}

__kernel __attribute__ ((reqd_work_group_size (GROUP, 1, 1)))
void rows_forward (__global const uchar * pixels, uint wide, uint width,
    uint radices, __global float2 * spectrum, uint pitch)
{
  __local float2 line[MAX_N];
  const uint lid = get_local_id (0), row = get_group_id (0);
  __global const uchar *in = pixels + (size_t) row * width * (wide ? 2 : 1);
  __global float2 *bins = spectrum + (size_t) row * pitch;

  for (uint e = lid; e < width; e += GROUP)
    line[e] = (float2) (load_pixel (in, e, wide), 0.0f);
  fft_line (line, width, radices, -1.0f);
  for (uint k = lid; k <= width / 2; k += GROUP)
    bins[k] = line[k];
}

__kernel __attribute__ ((reqd_work_group_size (GROUP, 1, 1)))
void columns_filter (__global float2 * spectrum, uint pitch, uint height,
    uint radices, __global const float * gain)
{
  __local float2 line[MAX_N];
  const uint lid = get_local_id (0), column = get_group_id (0);
  __global const float *column_gain = gain + (size_t) column * height;

  for (uint ky = lid; ky < height; ky += GROUP)
    line[ky] = spectrum[(size_t) ky * pitch + column];
  fft_line (line, height, radices, -1.0f);
  for (uint ky = lid; ky < height; ky += GROUP)
    line[ky] *= column_gain[ky];
  fft_line (line, height, radices, 1.0f);
  for (uint ky = lid; ky < height; ky += GROUP)
    spectrum[(size_t) ky * pitch + column] = line[ky];
}

__kernel __attribute__ ((reqd_work_group_size (GROUP, 1, 1)))
void rows_inverse (__global const float2 * spectrum, uint pitch, uint width,
    uint radices, __global uchar * pixels, uint wide, float scale,
    float offset, uint magnitude)
{
  __local float2 line[MAX_N];
  const uint lid = get_local_id (0), row = get_group_id (0);
  __global const float2 *bins = spectrum + (size_t) row * pitch;
  __global uchar *out = pixels + (size_t) row * width * (wide ? 2 : 1);

  for (uint e = lid; e < width; e += GROUP) {
    const float2 b = bins[e <= width / 2 ? e : width - e];

    line[e] = e <= width / 2 ? b : (float2) (b.x, -b.y);
  }
  fft_line (line, width, radices, 1.0f);
  for (uint e = lid; e < width; e += GROUP) {
    const float v = line[e].x * scale;

    store_pixel (out, e, wide, v, magnitude, offset);
  }
}
