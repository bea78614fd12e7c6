/* output=normalize of clfft2dfilter: each frame's filtered values (real,
 * count of them in rows of width, each row pitch values after the last:
 * the frame cropped from its padding) stretched from their min..max to
 * the pixel range, in two launches:
 *   value_range: each work-group reduces its share of the values to a
 *                (min, max) pair, one per group in ranges;
 *   stretch:     each work-item reduces the groups' pairs (a few hundred
 *                values, from cache) and maps its pixels; a frame flat to
 *                within FLAT_SPAN (0.01 of an 8-bit level: the FFT's
 *                rounding, as in a highpass of a constant frame) maps to 0.
 * Build options: GROUP (work-items per group, a power of two), STORE_U16
 * for 16-bit pixels (default 8-bit), and FROM_ZERO to map 0..max instead
 * of min..max (the spectrum view). */

#ifndef GROUP
#error "GROUP must be defined"
#endif

#include "pixels.cl"

#if defined(STORE_U16)
typedef ushort pixel_t;
#define PIXEL_MAX 65535.0f
#define TO_PIXEL pixel_u16
/* 0.01 of an 8-bit level, in 16-bit levels */
#define FLAT_SPAN 2.57f
#else
typedef uchar pixel_t;
#define PIXEL_MAX 255.0f
#define TO_PIXEL pixel_u8
#define FLAT_SPAN 0.01f
#endif

/* Where the i-th value of the frame lies. */
static size_t
at (uint i, uint width, uint pitch)
{
  return (size_t) (i / width) * pitch + i % width;
}

__kernel __attribute__((reqd_work_group_size (GROUP, 1, 1)))
void value_range (__global const float * values, uint width, uint count,
    uint pitch, __global float2 * ranges)
{
  __local float2 partial[GROUP];
  const uint lid = get_local_id (0);
  float lo = INFINITY, hi = -INFINITY;

  for (uint i = get_global_id (0); i < count; i += get_global_size (0)) {
    float v = values[at (i, width, pitch)];

    lo = fmin (lo, v);
    hi = fmax (hi, v);
  }
  partial[lid] = (float2) (lo, hi);
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint span = GROUP / 2; span > 0; span /= 2) {
    if (lid < span) {
      partial[lid].x = fmin (partial[lid].x, partial[lid + span].x);
      partial[lid].y = fmax (partial[lid].y, partial[lid + span].y);
    }
    barrier (CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    ranges[get_group_id (0)] = partial[0];
}

__kernel void stretch (__global const float * values, uint width,
    uint count, uint pitch, __global const float2 * ranges, uint n_ranges,
    __global pixel_t * pixels)
{
  float lo = INFINITY, hi = -INFINITY;

  for (uint g = 0; g < n_ranges; g++) {
    lo = fmin (lo, ranges[g].x);
    hi = fmax (hi, ranges[g].y);
  }
#ifdef FROM_ZERO
  lo = 0.0f;
#endif
  for (uint i = get_global_id (0); i < count; i += get_global_size (0)) {
    size_t j = at (i, width, pitch);
    float v = hi - lo > FLAT_SPAN ? (values[j] - lo) * (PIXEL_MAX /
        (hi - lo)) : 0.0f;

    /* rounded half up (pixels.cl); saturation keeps the top exact */
    pixels[j] = TO_PIXEL (v, 0, 0.0f);
  }
}
