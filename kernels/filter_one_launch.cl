/* The whole 2D filter of a frame in one launch: the three passes of
 * clfft-filter2d.c (rows forward into the half spectrum, columns forward x
 * gain x inverse in place, rows inverse into pixels) as three phases of
 * one kernel, with a barrier across the work-groups between them. On
 * NVIDIA's OpenCL each launch costs microseconds however little it does
 * (docs/experiments/2026-11-22-launch-cost.md): two launches less pay
 * where the passes are that short (640x480). At 1280x720 it is as fast as
 * the passes, and from 1920x1080 on slower, so the plans use it for small
 * frames only.
 *
 * A barrier across work-groups needs every group that takes part to be
 * running, which OpenCL does not promise. So the groups first form a team
 * (join_team): each group that starts while the team is open joins it; the
 * team closes when it has all the launch's groups (as many as the plan's
 * probe launch found the device runs at once, at most one per unit of the
 * largest phase), or when a joined group has waited TEAM_WAIT polls for
 * more. Groups that start later leave at once. Only running groups join,
 * so the barriers cannot wait on a group that has not started, however
 * busy other work keeps the device. The team's groups then share each
 * phase's rows or columns, whatever their number.
 *
 * Each phase runs the same stages and exchanges as fft_stockham.cl's
 * passes, with the shapes the plan chose for them (SHAPE_PARAMS), and the
 * loads and stores of the filter's passes there: pixel pairs in and the
 * unfold into bins (LOAD_U8_PAIRS, STORE_HALF_SPECTRUM), the columns in
 * place with the gain between (INTERLEAVED_ROWS, GAIN_BETWEEN), and the
 * fold and pixel pairs out (LOAD_HALF_SPECTRUM, STORE_U8_PAIRS).
 *
 * Build options (set by the plan, see clfft-filter2d.c):
 *   GROUP        work-items per group, the largest of the phases' shapes
 *   VALUES       register slots per work-item, the largest of the phases'
 *   LDS_VALUES   complex values of local memory, the largest of the phases'
 *   ROW_N, ROW_THREADS, ROW_ROWS, ROW_STAGES, ROW_RADICES
 *                the row phases: half the width (a row of pixel pairs),
 *                work-items per row, rows per group, and the radices
 *   COL_N, COL_THREADS, COL_COLS, COL_STAGES, COL_RADICES
 *                the column phase: the height, work-items per column,
 *                columns side by side per group, and the radices
 *   PIXEL_U16    16-bit pixels (default 8-bit)
 *   PTX          NVIDIA's compiler, which takes inline PTX. Memory is
 *                ordered across work-groups with fence.acq_rel.gpu:
 *                OpenCL C 1.2's mem_fence compiles there to a fence within
 *                the group, and loads after the barrier then read stale
 *                lines of the multiprocessor's L1 cache (seen on NVIDIA's
 *                GPUs).
 *                Without PTX, mem_fence, which is enough where caches are
 *                coherent (CPUs). See also local_id_afresh.
 *   TEAM_WAIT    polls a joined group waits for the rest of the team
 */

#include "fft_butterflies.cl"
#include "real_spectrum.cl"
#include "pixels.cl"

#ifdef PIXEL_U16
typedef ushort pixel_t;
typedef ushort2 pixel_t2;
#define pixel_of pixel_u16
#else
typedef uchar pixel_t;
typedef uchar2 pixel_t2;
#define pixel_of pixel_u8
#endif

#define MAX_STAGES 16

/* A phase's transform and work-group shape, as the stages take it: its
 * length n, the work-items that share one transform, the radices, and how
 * its transforms lie in local memory (a row after another with a spare
 * slot every 8 values, or the group's columns interleaved value by value).
 * The phases pass constants (ROW_SHAPE, COL_SHAPE); the functions are
 * always inlined, so that the compiler unrolls the stages and keeps v in
 * registers as it does for fft_stockham.cl's -D shapes. */
#define SHAPE_PARAMS const uint n, const uint threads, \
    const uint num_stages, __constant const uint * radices, \
    const uint padded, const uint interleave
#define SHAPE_ARGS n, threads, num_stages, radices, padded, interleave

__constant uint kRowRadices[ROW_STAGES] = { ROW_RADICES };
__constant uint kColRadices[COL_STAGES] = { COL_RADICES };
#define ROW_SHAPE ROW_N, ROW_THREADS, ROW_STAGES, kRowRadices, 1, 1
#define COL_SHAPE COL_N, COL_THREADS, COL_STAGES, kColRadices, 0, COL_COLS

#define ROW_FIRST_RADIX (kRowRadices[0])
#define ROW_LAST_RADIX (kRowRadices[ROW_STAGES - 1])
#define COL_FIRST_RADIX (kColRadices[0])
#define COL_LAST_RADIX (kColRadices[COL_STAGES - 1])

#define SHAPED inline __attribute__((always_inline))

#define PER_ITEM(radix) ((n / (radix) + threads - 1) / threads)

SHAPED uint lds_at (uint i, SHAPE_PARAMS)
{
  return (padded ? i + (i >> 3) : i) * interleave;
}

/* fft_stockham.cl's exchange; busy is false for the work-items a phase's
 * shape leaves without a transform, which still meet its barriers. */
SHAPED void exchange (float2 * v, __local float2 * buf, uint t, bool busy,
    uint wr, uint ns, uint rr, SHAPE_PARAMS)
{
  if (busy)
    for (uint c = 0; c < PER_ITEM (wr); c++) {
      const uint j = t + c * threads;
      const uint k = j % ns;
      if (j < n / wr)
        for (uint r = 0; r < wr; r++)
          buf[lds_at ((j - k) * wr + k + r * ns, SHAPE_ARGS)] =
              v[c * wr + r];
    }
  barrier (CLK_LOCAL_MEM_FENCE);
  if (busy)
    for (uint c = 0; c < PER_ITEM (rr); c++) {
      const uint j = t + c * threads;
      if (j < n / rr)
        for (uint r = 0; r < rr; r++)
          v[c * rr + r] = buf[lds_at (j + r * (n / rr), SHAPE_ARGS)];
    }
  barrier (CLK_LOCAL_MEM_FENCE);
}

/* fft_stockham.cl's fft_pass: every stage of one transform, from the
 * first stage's pattern in v to the last one's. */
SHAPED void fft_stages (float2 * v, __local float2 * buf, uint t, bool busy,
    __global const float2 * tw, float sign, SHAPE_PARAMS)
{
  uint ns = 1;
  __global const float2 *stage_tw = tw;
#pragma unroll
  for (uint s = 0; s < num_stages; s++) {
    const uint radix = radices[s];

    if (busy)
      for (uint c = 0; c < PER_ITEM (radix); c++) {
        const uint j = t + c * threads;
        if (j >= n / radix)
          continue;
        if (ns > 1) {
          const uint k = j % ns;
          for (uint r = 1; r < radix; r++) {
            float2 w = stage_tw[(r - 1) * ns + k];
            w.y = -sign * w.y;
            v[c * radix + r] = cmul (v[c * radix + r], w);
          }
        }
        butterfly (v + c * radix, radix, sign);
      }
    if (s + 1 < num_stages)
      exchange (v, buf, t, busy, radix, ns, radices[s + 1], SHAPE_ARGS);
    if (ns > 1)
      stage_tw += (radix - 1) * ns;
    ns *= radix;
  }
}

/* Calls body (idx, slot) for each element a work-item holds in the pattern
 * of a stage of the given radix (n and threads: the phase's). */
#define FOR_EACH_ELEMENT(radix, idx, slot, body) \
  for (uint c_ = 0; c_ < PER_ITEM (radix); c_++) { \
    const uint j_ = t + c_ * threads; \
    if (j_ < n / (radix)) \
      for (uint r_ = 0; r_ < (radix); r_++) { \
        const uint idx = j_ + r_ * (n / (radix)); \
        const uint slot = c_ * (radix) + r_; \
        body; \
      } \
  }

/* The work-item's place in its group, read again in each unit of a
 * phase. With get_local_id, NVIDIA's compiler moves every address that a
 * phase derives from it out of the loop over units and keeps them all in
 * registers: 126 per work-item at 1280x720, against 40 for each pass, and
 * so one group per multiprocessor. A volatile read cannot be moved. */
inline uint local_id_afresh (void)
{
#ifdef PTX
  uint lid;

  __asm volatile ("mov.u32 %0, %%tid.x;":"=r" (lid));
  return lid;
#else
  return get_local_id (0);
#endif
}

/* The filter's arguments, as the phases read them. */
typedef struct
{
  __global const pixel_t *src;
  __global pixel_t *dst;
  __global float2 *spectrum;    /* COL_N rows of ROW_N + 1 bins, pitch apart */
  uint pitch;
  __global const float2 *row_tw, *real_tw, *col_tw;
  __global const float *gain;   /* a row of COL_N gains per bin */
  float scale, offset;
  uint magnitude;
} Filter;

/* A row in local memory, with a spare slot every 8 values (lds_at) */
#define ROW_PITCH (ROW_N + ROW_N / 8 + 1)

/* A work-item's place in a unit of a row phase: ROW_ROWS rows of
 * ROW_THREADS work-items each. */
typedef struct
{
  uint t;                       /* the work-item within its row */
  uint row;                     /* the frame's row */
  bool busy;                    /* has a row; the rest only meet barriers */
  bool active;                  /* and the row is in the frame */
  __local float2 *buf;          /* the row's local memory */
} RowSlot;

SHAPED RowSlot row_slot (uint unit, __local float2 * lds)
{
  const uint lid = local_id_afresh ();
  const bool busy = lid < ROW_THREADS * ROW_ROWS;
  const uint local_row = busy ? lid / ROW_THREADS : 0;
  const uint row = unit * ROW_ROWS + local_row;
  const RowSlot s = { lid % ROW_THREADS, row, busy, busy && row < COL_N,
    lds + local_row * ROW_PITCH
  };
  return s;
}

/* Rows forward: ROW_ROWS rows of pixel pairs per unit, transformed and
 * unfolded into their ROW_N + 1 bins (STORE_HALF_SPECTRUM). */
SHAPED void rows_forward (uint unit, const Filter f, __local float2 * lds,
    float2 * v)
{
  const uint n = ROW_N, threads = ROW_THREADS;
  const RowSlot s = row_slot (unit, lds);
  const uint t = s.t, row = s.row;
  const bool busy = s.busy, active = s.active;
  __local float2 *buf = s.buf;
  __global const pixel_t *pixels = f.src + (size_t) row * 2 * ROW_N;

  FOR_EACH_ELEMENT (ROW_FIRST_RADIX, idx, slot, v[slot] = active ?
      convert_float2 (vload2 (idx, pixels)) : (float2) (0.0f));
  fft_stages (v, buf, t, busy, f.row_tw, -1.0f, ROW_SHAPE);
  /* the bins from Z[k] and Z[L-k] (real_spectrum.cl) */
  barrier (CLK_LOCAL_MEM_FENCE);
  if (busy)
    FOR_EACH_ELEMENT (ROW_LAST_RADIX, idx, slot, buf[idx] = v[slot]);
  barrier (CLK_LOCAL_MEM_FENCE);
  if (active)
    for (uint k = t; k <= ROW_N; k += ROW_THREADS)
      f.spectrum[row * f.pitch + k] = unfold_bin (buf[k % ROW_N],
          buf[(ROW_N - k) % ROW_N], f.real_tw[k]);
  /* the next unit's first exchange writes buf */
  barrier (CLK_LOCAL_MEM_FENCE);
}

/* Columns: COL_COLS columns of bins side by side per unit, forward, times
 * the gain, inverse, in place. */
SHAPED void columns_filter (uint unit, const Filter f,
    __local float2 * lds, float2 * v)
{
  const uint n = COL_N, threads = COL_THREADS;
  const uint lid = local_id_afresh ();
  const bool busy = lid < COL_THREADS * COL_COLS;
  const uint t = lid / COL_COLS;
  const uint local_col = lid % COL_COLS;
  const uint col = unit * COL_COLS + local_col;
  const bool active = busy && col <= ROW_N;
  __local float2 *buf = lds + local_col;
  __global float2 *column = f.spectrum + col;

  FOR_EACH_ELEMENT (COL_FIRST_RADIX, idx, slot, v[slot] = active ?
      column[idx * f.pitch] : (float2) (0.0f));
  fft_stages (v, buf, t, busy, f.col_tw, -1.0f, COL_SHAPE);
  FOR_EACH_ELEMENT (COL_LAST_RADIX, idx, slot,
      v[slot] *= active ? f.gain[col * COL_N + idx] : 0.0f);
  exchange (v, buf, t, busy, COL_LAST_RADIX, COL_N / COL_LAST_RADIX,
      COL_FIRST_RADIX, COL_SHAPE);
  fft_stages (v, buf, t, busy, f.col_tw, 1.0f, COL_SHAPE);
  if (active)
    FOR_EACH_ELEMENT (COL_LAST_RADIX, idx, slot,
        column[idx * f.pitch] = v[slot]);
}

/* v (or |v|) plus offset, rounded half up, saturated (pixels.cl) */
SHAPED pixel_t to_pixel (float v, const Filter f)
{
  return pixel_of (v, f.magnitude, f.offset);
}

/* Rows inverse: the bins of ROW_ROWS rows per unit folded into ROW_N
 * values (LOAD_HALF_SPECTRUM), transformed, out as pixel pairs. */
SHAPED void rows_inverse (uint unit, const Filter f, __local float2 * lds,
    float2 * v)
{
  const uint n = ROW_N, threads = ROW_THREADS;
  const RowSlot s = row_slot (unit, lds);
  const uint t = s.t, row = s.row;
  const bool busy = s.busy, active = s.active;
  __local float2 *buf = s.buf;
  __global const float2 *bins = f.spectrum + row * f.pitch;
  __global pixel_t *pixels = f.dst + (size_t) row * 2 * ROW_N;

  /* the half-length input from X[e] and X[L-e] (real_spectrum.cl) */
  FOR_EACH_ELEMENT (ROW_FIRST_RADIX, idx, slot, v[slot] = active ?
      fold_bins (bins[idx], bins[ROW_N - idx], idx, f.real_tw[idx]) :
      (float2) (0.0f));
  fft_stages (v, buf, t, busy, f.row_tw, 1.0f, ROW_SHAPE);
  if (active)
    FOR_EACH_ELEMENT (ROW_LAST_RADIX, idx, slot,
        vstore2 ((pixel_t2) (to_pixel (v[slot].x * f.scale, f),
                to_pixel (v[slot].y * f.scale, f)), idx, pixels));
}

inline void grid_fence (void)
{
#ifdef PTX
  __asm volatile ("fence.acq_rel.gpu;":::"memory");
#else
  mem_fence (CLK_GLOBAL_MEM_FENCE);
#endif
}

/* A launch's team, in its slot of the sync buffer (see filter_one_launch). */
#define TEAM_CLOSED 0x80000000u
#define SLOT_JOINED 0           /* groups joined, and TEAM_CLOSED */
#define SLOT_TEAM 1             /* the team's size + 1, once closed */
#define SLOT_ARRIVED 2          /* arrivals at the team's barriers */
#define SLOT_SIZE 4

/* Joins this launch's team if it is still open: TRUE with the group's
 * place in the team in team[0] and the team's size in team[1]; FALSE for
 * a group that started after the team closed. */
inline bool join_team (volatile __global uint * slot, uint wanted,
    __local uint * team)
{
  if (get_local_id (0) == 0) {
    const uint joined = atomic_inc (slot + SLOT_JOINED);
    uint size = 0;

    if (!(joined & TEAM_CLOSED)) {
      /* wait for the rest of the groups the device runs at once */
      if (joined + 1 < wanted)
        for (uint poll = 0; poll < TEAM_WAIT; poll++) {
          const uint now = atomic_add (slot + SLOT_JOINED, 0u);
          if ((now & TEAM_CLOSED) || now >= wanted)
            break;
        }
      /* the first group to close the team publishes its size */
      const uint before = atomic_or (slot + SLOT_JOINED, TEAM_CLOSED);
      if (!(before & TEAM_CLOSED))
        atomic_xchg (slot + SLOT_TEAM, before + 1);
      while ((size = atomic_add (slot + SLOT_TEAM, 0u)) == 0);
      size--;
    }
    team[0] = joined;
    team[1] = size;
  }
  barrier (CLK_LOCAL_MEM_FENCE);
  return team[1] != 0;
}

/* Waits until arrivals reach target (the team's size times the barriers
 * so far), with every group's global writes before it visible after. */
inline void team_barrier (volatile __global uint * slot, uint target)
{
  barrier (CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  if (get_local_id (0) == 0) {
    grid_fence ();
    atomic_inc (slot + SLOT_ARRIVED);
    while (atomic_add (slot + SLOT_ARRIVED, 0u) < target);
    grid_fence ();
  }
  barrier (CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
}

/* One frame, src to dst. sync holds two slots; launch epoch uses slot
 * epoch % 2 and clears the other for the next launch: launches run one
 * after another on the engine's in-order queue, so no group of the
 * previous launch is left to read it. wanted: the groups the device runs
 * at once (the plan's probe). probe: form the team only, and leave its
 * size in the slot for the plan to read. */
__kernel __attribute__((reqd_work_group_size (GROUP, 1, 1)))
void filter_one_launch (__global const pixel_t * src, __global pixel_t * dst,
    __global float2 * spectrum, uint pitch, __global const float2 * row_tw,
    __global const float2 * real_tw, __global const float2 * col_tw,
    __global const float * gain, float scale, float offset, uint magnitude,
    __global uint * sync, uint epoch, uint wanted, uint probe)
{
  __local float2 lds[LDS_VALUES];
  __local uint team[2];
  volatile __global uint *slot = sync + SLOT_SIZE * (epoch % 2);
  const Filter f = { src, dst, spectrum, pitch, row_tw, real_tw, col_tw,
    gain, scale, offset, magnitude
  };
  float2 v[VALUES];
  uint place, size;

  if (!join_team (slot, wanted, team))
    return;
  place = team[0];
  size = team[1];
  if (place == 0 && get_local_id (0) < SLOT_SIZE)
    atomic_xchg (sync + SLOT_SIZE * ((epoch + 1) % 2) + get_local_id (0), 0u);
  if (probe)
    return;

  for (uint unit = place; unit < (COL_N + ROW_ROWS - 1) / ROW_ROWS;
      unit += size)
    rows_forward (unit, f, lds, v);
  team_barrier (slot, size);
  for (uint unit = place; unit < (ROW_N + COL_COLS) / COL_COLS; unit += size)
    columns_filter (unit, f, lds, v);
  team_barrier (slot, 2 * size);
  for (uint unit = place; unit < (COL_N + ROW_ROWS - 1) / ROW_ROWS;
      unit += size)
    rows_inverse (unit, f, lds, v);
}
