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
 * With a saturation, stretch takes instead the values of two ranks (the
 * k-th smallest and largest), found between the two by histograms of
 * HIST_BINS bins, twice: over min..max, then over the bin of each rank
 * (saturation_start, saturation_histogram and saturation_pick at levels
 * 0 and 1), so that the rank's value is known to (max - min) / HIST_BINS^2.
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

/* ---- saturation: the values of two ranks ---------------------------- */

#define HIST_BINS 2048
/* hist: level 0's bins over min..max, then level 1's over each rank's
 * bin of level 0 */
#define HIST_SIZE (3 * HIST_BINS)

/* The histogram's bin of v over lo..hi (hi itself in the last bin). */
static uint
bin_of (float v, float lo, float hi)
{
  float b = hi > lo ? (v - lo) * (HIST_BINS / (hi - lo)) : 0.0f;

  return (uint) clamp (b, 0.0f, (float) (HIST_BINS - 1));
}

/* Edge b of the bins over lo..hi. */
static float
edge_of (uint b, float lo, float hi)
{
  return lo + (hi - lo) * ((float) b / HIST_BINS);
}

/* One group: whole = (min, max) of the groups' pairs, hist zeroed. */
__kernel __attribute__((reqd_work_group_size (GROUP, 1, 1)))
void saturation_start (__global const float2 * ranges, uint n_ranges,
    __global float2 * whole, __global uint * hist)
{
  const uint lid = get_local_id (0);

  if (lid == 0) {
    float lo = INFINITY, hi = -INFINITY;

    for (uint g = 0; g < n_ranges; g++) {
      lo = fmin (lo, ranges[g].x);
      hi = fmax (hi, ranges[g].y);
    }
    *whole = (float2) (lo, hi);
  }
  for (uint i = lid; i < HIST_SIZE; i += GROUP)
    hist[i] = 0;
}

/* Level 0: every value into hist[0 .. HIST_BINS) over whole. Level 1: the
 * values in level 0's bin picked[w] (w = 0, 1: the low and the high rank)
 * into hist[(1 + w) HIST_BINS ..) over that bin. Counted in local memory
 * first. */
__kernel __attribute__((reqd_work_group_size (GROUP, 1, 1)))
void saturation_histogram (__global const float * values, uint width,
    uint count, uint pitch, __global const float2 * whole,
    __global const uint * picked, uint level, __global uint * hist)
{
  __local uint local_hist[2 * HIST_BINS];
  const uint lid = get_local_id (0);
  const float lo = whole->x, hi = whole->y;
  const uint n_local = level == 0 ? HIST_BINS : 2 * HIST_BINS;

  for (uint i = lid; i < n_local; i += GROUP)
    local_hist[i] = 0;
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id (0); i < count; i += get_global_size (0)) {
    float v = values[at (i, width, pitch)];
    uint b = bin_of (v, lo, hi);

    if (level == 0) {
      atomic_inc (&local_hist[b]);
      continue;
    }
    for (uint w = 0; w < 2; w++)
      if (b == picked[w])
        atomic_inc (&local_hist[w * HIST_BINS + bin_of (v, edge_of (b, lo,
                    hi), edge_of (b + 1, lo, hi))]);
  }
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint i = lid; i < n_local; i += GROUP)
    if (local_hist[i])
      atomic_add (&hist[(level == 0 ? 0 : HIST_BINS) + i], local_hist[i]);
}

/* One group: for the low rank (w = 0) and the high one (w = 1), the bin of
 * the level's histogram that holds it. Level 0 writes the bins and the
 * counts below them into picked; level 1 writes the ranks' values (their
 * bins' lower edges) into saturated, for stretch. */
__kernel __attribute__((reqd_work_group_size (GROUP, 1, 1)))
void saturation_pick (__global const uint * hist, uint rank_lo,
    uint rank_hi, uint level, __global const float2 * whole,
    __global uint * picked, __global float2 * saturated)
{
  /* the sums of each work-item's share of bins, then their prefix */
  __local uint sums[GROUP];
  __local uint found[2];
  const uint lid = get_local_id (0), share = HIST_BINS / GROUP;
  const float lo = whole->x, hi = whole->y;

  for (uint w = 0; w < 2; w++) {
    __global const uint *h = hist + (level == 0 ? 0 : (1 + w) * HIST_BINS);
    const uint rank = (w == 0 ? rank_lo : rank_hi) -
        (level == 0 ? 0 : picked[2 + w]);
    uint sum = 0;

    for (uint b = 0; b < share; b++)
      sum += h[lid * share + b];
    sums[lid] = sum;
    barrier (CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
      uint below = 0, g = 0;

      /* the share that holds the rank, then its bin */
      while (g + 1 < GROUP && below + sums[g] <= rank)
        below += sums[g++];
      for (uint b = g * share; b < (g + 1) * share; b++) {
        if (below + h[b] > rank || b + 1 == (g + 1) * share) {
          found[0] = b;
          found[1] = below;
          break;
        }
        below += h[b];
      }
    }
    barrier (CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
      if (level == 0) {
        picked[w] = found[0];
        picked[2 + w] = found[1];
      } else {
        float e0 = edge_of (picked[w], lo, hi);
        float e1 = edge_of (picked[w] + 1, lo, hi);
        float v = edge_of (found[0], e0, e1);

        if (w == 0)
          saturated->x = v;
        else
          saturated->y = v;
      }
    }
    barrier (CLK_LOCAL_MEM_FENCE);
  }
}
