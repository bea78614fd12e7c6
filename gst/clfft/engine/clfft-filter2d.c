/* The 2D filter of one frame size: what every filter path shares, and the
 * path's part (clfft-filter-part.h), which clfft_filter_path_choose picks
 * once, with the filter. Each part's file says how its frames run; all of
 * them run on the half spectrum of the real frame (width / 2 + 1 bins per
 * row) through the shape's rows forward, and back through its rows
 * inverse or their own. The gain of a bin is symmetrized,
 * (G(k) + G(-k)) / 2, with the normalization folded in, and held in each
 * layout the part reads (ClfftGainLayouts): the output is the real part of
 * the inverse of the whole spectrum times G, as the full complex filter
 * would give.
 * While a new size's own programs build (clfft-own-programs.h), its
 * frames run the generic filter's part; a device that may build them
 * wrong has them checked against a known answer first
 * (clfft-build-check.h).
 * output=normalize ends differently: rows inverse into real values, then
 * kernels/normalize.cl finds their range and stretches them to pixels.
 * mode=spectrum stops after the columns forward (no gain):
 * kernels/spectrum_view.cl draws log (1 + |F x G|) centred on DC, the
 * other half of F by symmetry and G as given, which normalize.cl scales
 * to the frame's maximum.
 * Frames submitted to the filter itself move through a ring of its own
 * (clfft-filter2d-frames.c); the frame filter's move through the frame
 * filter's ring, the filter working on its buffers. Frames that run in
 * the same launches as others' are in clfft-filter2d-batch.c and
 * clfft-filter2d-stack.c.
 * padding=mirror first mirrors the frame into a larger one
 * (kernels/mirror_pad.cl), runs all of the above on that, and crops the
 * frame back out as it reads the pixels (and as normalize takes the
 * range). */
#include "clfft-filter2d-inside.h"
#include "clfft-build-check.h"
#include "clfft-build-thread.h"
#include "clfft-kernel-args.h"
#include "clfft-overrides.h"
#include "clfft-log.h"
#include "clfft-faults.h"
#include "clfft-queue.h"
#include "clfft-program-cache.h"
#include "clfft-host-buffer.h"
#include "clfft-filter2d-testing.h"
#include "clfft-frame-ring-testing.h"

#include <string.h>

/* Rows of the gain that clfft_filter2d_set_gain takes at a time */
#define GAIN_BAND 32

static gboolean
ensure_device_buffer (ClfftFilter2d * f, cl_mem * buffer, cl_mem_flags flags,
    gsize size, GError ** error)
{
  return *buffer || (*buffer = clfft_buffer_new (f->engine, flags, size, NULL,
          error));
}

/* Waits for the frames queued so far, on the queue they ran on and the
 * engine's side queue. */
static gboolean
finish_frames (ClfftFilter2d * f, GError ** error)
{
  cl_int st = f->frames_queue ? clFinish (f->frames_queue) : CL_SUCCESS;

  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clFinish (frames)");
  return clfft_engine_finish_side (f->engine, error);
}

gboolean
clfft_filter2d_size_supported (guint width, guint height, GError ** error)
{
  if (width >= CLFFT_PLANE_SIDE_MIN && width <= CLFFT_FRAME_SIDE_MAX
      && height >= CLFFT_PLANE_SIDE_MIN && height <= CLFFT_FRAME_SIDE_MAX)
    return TRUE;
  g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
      "the filter takes frames of %u to %u pixels a side (planes from %u), "
      "not %ux%u", CLFFT_FRAME_SIDE_MIN, CLFFT_FRAME_SIDE_MAX,
      CLFFT_PLANE_SIDE_MIN, width, height);
  return FALSE;
}

guint
clfft_filter2d_padded_length (guint n)
{
  return clfft_transform_fast_length (n + (n + 1) / 2);
}

guint
clfft_filter2d_imagej_length (guint width, guint height)
{
  const guint longer = MAX (width, height);
  guint n = 2;

  if (!clfft_filter2d_size_supported (width, height, NULL))
    return 0;
  while (n < longer + longer / 2.0)
    n *= 2;
  return n;
}

void
clfft_filter2d_get_transform_size (ClfftFilter2d * f, guint * width,
    guint * height)
{
  *width = f->width;
  *height = f->height;
}

guint
clfft_filter2d_get_spectrum_pitch (ClfftFilter2d * f)
{
  return f->choice.pitch;
}

static gboolean
mirror_pad_init (ClfftFilter2d * f, GError ** error)
{
  gsize count = (gsize) f->width * f->height;

  return (f->padding.kernel = clfft_kernel_new (f->engine, "mirror_pad.cl",
          f->pixel_size == 2 ? "-D PIXEL_U16" : "", "mirror_pad", error))
      && (f->padding.padded = clfft_buffer_new (f->engine, CL_MEM_READ_WRITE,
          count * f->pixel_size, NULL, error));
}

/* The frame in into the padded frame, mirrored */
static gboolean
mirror_pad_enqueue (ClfftFilter2d * f, cl_mem in, GError ** error)
{
  const ClfftArgsMirrorPad args = {
    .frame = in,
    .width = f->frame_width,
    .height = f->frame_height,
    .padded = f->padding.padded,
    .padded_width = f->width,
    .padded_height = f->height,
    .far_x = f->padding.far_margin[0],
    .far_y = f->padding.far_margin[1],
  };
  const gsize local[2] = { 32, 8 };
  const gsize global[2] = { (f->width + 31) / 32 * 32,
    (f->height + 7) / 8 * 8
  };

  return clfft_kernel_args_mirror_pad (f->padding.kernel, &args, error)
      && clfft_kernel_enqueue (f->engine, f->padding.kernel, 2, global, local,
      NULL, "mirror_pad", error);
}

gboolean
clfft_filter2d_set_one_launch (ClfftFilter2d * f, gboolean one_launch)
{
  return clfft_filter2d_finish_own_programs (f, NULL)
      && clfft_filter_part_set_one_launch (&f->part, one_launch);
}

/* value in the first bytes of buffer, on the engine's queue, done when
 * this returns: buffers are set up there, and the engine's side queue,
 * where a plan may run next (clfft-frame-filter.c), does not wait for
 * that queue. */
gboolean
clfft_filter2d_fill_floats (ClfftFilter2d * f, cl_mem buffer, gfloat value,
    gsize bytes, GError ** error)
{
  cl_event filled = NULL;
  cl_int st = clEnqueueFillBuffer (clfft_engine_get_queue (f->engine),
      buffer, &value, sizeof (value), 0, bytes, 0, NULL, &filled);

  if (st == CL_SUCCESS)
    st = clWaitForEvents (1, &filled);
  clfft_event_release (&filled);
  return st == CL_SUCCESS || clfft_fail (error, st,
      "clEnqueueFillBuffer, clWaitForEvents");
}

gboolean
clfft_filter2d_set_lanes (ClfftFilter2d * f, gboolean lanes)
{
  return clfft_filter2d_finish_own_programs (f, NULL)
      && clfft_filter_part_set_lanes (f->part, lanes);
}

/* The transforms of the filter: the shape's rows, the part's, and the
 * extra rows and columns (those not made have no passes). Returns how
 * many. */
#define N_FILTER_TRANSFORMS (7 + CLFFT_FILTER_PART_MAX_TRANSFORMS)
static guint
filter_transforms (ClfftFilter2d * f,
    ClfftTransform * out[N_FILTER_TRANSFORMS])
{
  ClfftTransform *const own[] = { &f->rows_forward, &f->rows_inverse,
    &f->batch.rows_forward_in_turn, &f->batch.rows_inverse_in_turn,
    &f->stack.rows_forward_halves, &f->stack.rows_inverse_halves,
    &f->stack.columns_halves
  };
  ClfftTransform *part[CLFFT_FILTER_PART_MAX_TRANSFORMS];
  const guint k = clfft_filter_part_transforms (f->part, part);
  guint n = G_N_ELEMENTS (own);

  memcpy (out, own, sizeof (own));
  for (guint i = 0; i < k; i++)
    /* the shape's rows are listed once */
    if (part[i] != &f->rows_forward && part[i] != &f->rows_inverse)
      out[n++] = part[i];
  return n;
}

/* One scratch for all the transforms: they run one after another. */
static gboolean
scratch_alloc (ClfftFilter2d * f, GError ** error)
{
  ClfftTransform *transforms[N_FILTER_TRANSFORMS];
  const guint n = filter_transforms (f, transforms);

  for (guint i = 0; i < n; i++)
    clfft_scratch_add_need (&f->transform_scratch, transforms[i]);
  return clfft_scratch_alloc (&f->transform_scratch, f->engine, error);
}

static guint
cache_hints (ClfftFilter2d * f)
{
  return f->choice.outgrows_cache ? CLFFT_ROW_CACHE_HINTS : 0;
}

/* The part of the three passes that takes frames now (not the generic
 * filter, not the view), or NULL. */
ClfftFilterPart *
clfft_filter2d_three_passes (ClfftFilter2d * f)
{
  if (clfft_own_programs_get_standin (f->own)
      || f->mode == CLFFT_MODE_SPECTRUM)
    return NULL;
  return clfft_filter_part_three_passes (f->part,
      f->output == CLFFT_OUTPUT_NORMALIZE);
}

gboolean
clfft_filter2d_get_gain_mirrored (ClfftFilter2d * f)
{
  /* the generic filter, the one launch and the lanes read the whole
   * gain */
  ClfftFilterPart *passes = clfft_filter2d_three_passes (f);

  return passes && passes->reads_mirrored_gain && f->gains.mirrored;
}

gboolean
clfft_filter2d_get_cache_hints (ClfftFilter2d * f)
{
  ClfftTransform *transforms[N_FILTER_TRANSFORMS];
  const guint n = filter_transforms (f, transforms);

  for (guint i = 0; i < n; i++)
    for (guint p = 0; p < transforms[i]->n_passes; p++)
      if (transforms[i]->passes[p].spec.flags & CLFFT_ROW_CACHE_HINTS)
        return TRUE;
  return FALSE;
}

/* What the filter's transforms do at their first launch: tune where the
 * filter's effort is blocking; a filter that tunes in the background
 * replaces their passes itself. */
static ClfftTuning
transform_tuning (ClfftFilter2d * f)
{
  return f->tuning == CLFFT_TUNING_BLOCKING ? CLFFT_TUNING_BLOCKING :
      CLFFT_TUNING_OFF;
}

/* Rows transforms as forward and inverse, with the halves_below and
 * max_batch given, for frames that the filter runs beside its own (what:
 * the log's words for them), where its rows run in one pass of pixel
 * pairs; else none, with a log line. */
static void
extra_rows_init (ClfftFilter2d * f, const ClfftTransformSpec * forward,
    const ClfftTransformSpec * inverse, guint halves_below,
    guint max_batch, ClfftTransform * extra_forward,
    ClfftTransform * extra_inverse, const gchar * what)
{
  ClfftTransformSpec extra[2] = { *forward, *inverse };
  GError *why = NULL;

  for (guint i = 0; i < 2; i++) {
    extra[i].halves_below = halves_below;
    extra[i].max_batch = max_batch;
  }
  if (!f->choice.pairs || f->rows_forward.n_passes != 1
      || f->rows_inverse.n_passes != 1) {
    clfft_log (CLFFT_LOG_INFO, "the %ux%u filter takes no %s: its rows are "
        "not one pass of pixel pairs", f->width, f->height, what);
    return;
  }
  if (!clfft_transform_init (extra_forward, f->engine, &extra[0], &why)
      || !clfft_transform_init (extra_inverse, f->engine, &extra[1], &why)) {
    clfft_log (CLFFT_LOG_INFO, "the %ux%u filter takes no %s: %s", f->width,
        f->height, what, why->message);
    g_error_free (why);
    clfft_transform_clear (extra_forward);
  }
}

/* Extra transforms (extra_rows_init, columns_halves_init), built where
 * the part runs the three passes, which alone take them: they are an
 * option, whose build failing leaves the filter without them, with a log
 * line, rather than without its own programs. */
static void
extra_build (ClfftFilter2d * f, ClfftTransform * const extra[], guint n,
    const gchar * what)
{
  GError *why = NULL;

  if (!extra[0]->n_passes)
    return;
  if (clfft_filter_part_three_passes (f->part, FALSE)
      && clfft_transforms_build (extra, n, &why))
    return;
  if (why) {
    clfft_log (CLFFT_LOG_WARNING, "the %ux%u filter takes no %s: %s",
        f->width, f->height, what, why->message);
    g_error_free (why);
  }
  for (guint i = 0; i < n; i++)
    clfft_transform_clear (extra[i]);
}

/* The row transforms: an even width as a half-length transform of pixel
 * pairs (the unfold into bins, or the fold back, fused into the pass), an
 * odd one at full length keeping bins 0 .. W/2. The rows inverse is the
 * spectrum's last use. They are planned here, for every path, and built
 * by the parts whose frames run them. */
static gboolean
rows_init (ClfftFilter2d * f, GError ** error)
{
  const gboolean wide = f->pixel_size == 2;
  const guint length = f->choice.pairs ? f->width / 2 : f->width;
  /* rows of pixels and of bins, each value beside the next */
  const guint unit = CLFFT_ROW_UNIT_STRIDE;
  const guint hints = cache_hints (f);
  const guint stream = hints & CLFFT_ROW_STREAM_PIXELS;
  const guint drop = hints & CLFFT_ROW_DROP_INPUT;
  const ClfftTransformSpec forward = { length, -1,
    f->choice.pairs ? (wide ? CLFFT_LOAD_U16_PAIRS : CLFFT_LOAD_U8_PAIRS) :
        (wide ? CLFFT_LOAD_U16 : CLFFT_LOAD_U8),
    f->choice.pairs ? CLFFT_STORE_HALF_SPECTRUM : CLFFT_STORE_HALF,
    unit | stream, f->height, transform_tuning (f), TRUE
  }, inverse = { length, 1,
    f->choice.pairs ? CLFFT_LOAD_HALF_SPECTRUM : CLFFT_LOAD_HERMITIAN,
    f->choice.pairs ? (wide ? CLFFT_STORE_U16_PAIRS : CLFFT_STORE_U8_PAIRS) :
        (wide ? CLFFT_STORE_U16 : CLFFT_STORE_U8), unit | drop | stream,
    f->height, transform_tuning (f), TRUE
  };

  if (!clfft_transform_init (&f->rows_forward, f->engine, &forward, error)
      || !clfft_transform_init (&f->rows_inverse, f->engine, &inverse,
          error))
    return FALSE;
  if (f->batch.in_turn_asked) {
    /* YUY2's plane: each row of pixel pairs, a sample of each channel, as
     * one complex row of the width, whose spectrum holds both channels'
     * (rows 2r and 2r + 1 of the batch) */
    const ClfftTransformSpec forward_in_turn = { f->width, -1,
      wide ? CLFFT_LOAD_U16_PAIRS : CLFFT_LOAD_U8_PAIRS,
      CLFFT_STORE_TWO_HALF_SPECTRA, forward.flags, 0,
      transform_tuning (f), TRUE
    }, inverse_in_turn = { f->width, 1, CLFFT_LOAD_TWO_HALF_SPECTRA,
      wide ? CLFFT_STORE_U16_PAIRS : CLFFT_STORE_U8_PAIRS, inverse.flags, 0,
      transform_tuning (f), TRUE
    };

    extra_rows_init (f, &forward_in_turn, &inverse_in_turn, 0,
        2 * f->height, &f->batch.rows_forward_in_turn,
        &f->batch.rows_inverse_in_turn, "channels in turn");
  }
  if (f->stack.halves_height)
    extra_rows_init (f, &forward, &inverse, f->height,
        f->height + f->stack.halves_height, &f->stack.rows_forward_halves,
        &f->stack.rows_inverse_halves, "rows of two halves below its own");
  return TRUE;
}

/* The columns of the frame below of two halves (clfft_filter2d_enqueue_
 * stack): as the three passes' own, halves_height long, as many as its
 * own, with a gain of their own; where not made, the stack runs no halves,
 * with a log line. */
static void
columns_halves_init (ClfftFilter2d * f)
{
  const ClfftTransform *columns = clfft_filter_part_get_columns (f->part);
  ClfftTransformSpec halves;
  GError *why = NULL;

  if (!f->stack.halves_height || !f->stack.rows_forward_halves.n_passes
      || !columns)
    return;
  halves = columns->spec;
  halves.length = f->stack.halves_height;
  if (clfft_transform_init (&f->stack.columns_halves, f->engine, &halves,
          &why))
    return;
  clfft_log (CLFFT_LOG_INFO, "the %ux%u filter takes no two halves below "
      "its own: %s", f->width, f->height, why->message);
  g_error_free (why);
  clfft_transform_clear (&f->stack.rows_forward_halves);
  clfft_transform_clear (&f->stack.rows_inverse_halves);
  clfft_transform_clear (&f->stack.columns_halves);
}

/* The size's own programs (clfft-own-programs.h): the part's, and the
 * extra transforms where the part runs the three passes. On the build
 * thread (threaded) it touches nothing that frames of the generic filter
 * use, and builds one program at a time
 * (clfft_filter_part_build_transforms). */
static gboolean
own_build (gpointer filter, gboolean threaded, const gint * cancel,
    GError ** error)
{
  ClfftFilter2d *f = filter;
  ClfftTransform *const in_turn[] = { &f->batch.rows_forward_in_turn,
    &f->batch.rows_inverse_in_turn
  }, *const halves[] = { &f->stack.rows_forward_halves,
    &f->stack.rows_inverse_halves, &f->stack.columns_halves
  };

  if (!clfft_filter_part_build (f->part, threaded, cancel, error))
    return FALSE;
  extra_build (f, in_turn, G_N_ELEMENTS (in_turn), "channels in turn");
  extra_build (f, halves, G_N_ELEMENTS (halves), "two halves below its own");
  return TRUE;
}

void
clfft_testing_hold_own_programs (gboolean hold)
{
  clfft_build_thread_hold (hold);
}

static gboolean enqueue_normalized_rows (gpointer filter, cl_mem spectrum,
    const ClfftTransform * rows, GError ** error);
static void finish_queues (ClfftFilter2d * f);

/* A frame of in into out as the filter's parts take it: read from the
 * padded copy where the filter pads; ending in pixels scaled by scale,
 * or normalized. */
static void
frame_of (ClfftFilter2d * f, cl_mem in, cl_mem out,
    const ClfftFilterGains * gains, gfloat scale, gboolean normalized,
    ClfftFilterFrame * frame)
{
  *frame = (ClfftFilterFrame) {
    .pixels_in = f->padding.kernel ? f->padding.padded : in,
    .pixels_out = out,
    .spectrum = f->spectrum,
    .gains = *gains,
    .scale = scale,
    .offset = f->rows_inverse.tables.offset,
    .magnitude = f->rows_inverse.tables.magnitude,
    .normalized = normalized ? enqueue_normalized_rows : NULL,
    .filter = f,
  };
}

/* The frame now: the slot's buffers, the filter's gain and output. */
static void
frame_now (ClfftFilter2d * f, ClfftFilterFrame * frame)
{
  frame_of (f, f->bytes_in, f->bytes_out, &f->gains, f->output_gain,
      f->output == CLFFT_OUTPUT_NORMALIZE, frame);
}

/* A frame of in through part into out (frame_of), on the engine's queue,
 * padded first where the filter pads. */
static gboolean
enqueue_part (ClfftFilter2d * f, ClfftFilterPart * part, cl_mem in,
    cl_mem out, const ClfftFilterGains * gains, gfloat scale,
    gboolean normalized, GError ** error)
{
  ClfftFilterFrame frame;

  frame_of (f, in, out, gains, scale, normalized, &frame);
  return (!f->padding.kernel || mirror_pad_enqueue (f, in, error))
      && part->ops->enqueue (part, &frame, error);
}

/* The inverse rows whose byte output a frame's end takes: the shape's, and
 * the part's own where it has them. */
static guint
inverse_rows (ClfftFilter2d * f, ClfftTransform * out[2])
{
  out[0] = &f->rows_inverse;
  out[1] = f->part->rows_inverse;
  return out[1] == out[0] ? 1 : 2;
}

/* The own programs' known answer (clfft-build-check.h): a frame of
 * pseudo-random pixels through the part's path, with the gain of all ones
 * and the output as it comes, back as it went in (in the top-left corner
 * of the transform's rows, where frames are read back from: padded
 * transforms are wider). Runs between frames, after this filter's frames
 * in flight: it borrows the buffers they use. *right says whether the
 * answer was right; FALSE (error set) where the check could not run. */
static gboolean
own_programs_check (ClfftFilter2d * f, gboolean * right, GError ** error)
{
  const gsize bytes = clfft_filter2d_frame_bytes (f),
      out_bytes = (gsize) f->width * f->height * f->pixel_size;
  const gboolean wide = f->pixel_size == 2;
  /* float rounding of an exact round trip, well below a wrong build's */
  const guint tolerance = wide ? 8 : 1;
  const ClfftGainLayouts layouts[3] = { CLFFT_GAIN_BY_COLUMNS,
    CLFFT_GAIN_BY_ROWS, CLFFT_GAIN_SPLIT
  };
  const cl_mem given[3] = { f->gains.by_columns, f->gains.by_rows,
    f->gains.split
  };
  /* a gain of ones is the same at ky and -ky */
  ClfftFilterGains ones = {.mirrored = TRUE };
  cl_mem *const ones_of[3] = { &ones.by_columns, &ones.by_rows, &ones.split };
  ClfftFilterPart *const running = clfft_filter_part_running (f->part,
      FALSE);
  ClfftTransform *inverses[2];
  const guint n_inverses = inverse_rows (f, inverses);
  guint8 *in = NULL, *out = NULL;
  GRand *rand;
  cl_mem frame_in = NULL, frame_out = NULL;
  gfloat offsets[2];
  gboolean magnitudes[2];
  gsize wrong = 0, worst_at = 0;
  guint worst = 0;
  gboolean ok;

  /* as large as two frames: allocations the frame size decides */
  if (!(in = clfft_engine_try_alloc (f->engine, bytes, 1, FALSE,
              "the own programs' check", error))
      || !(out = clfft_engine_try_alloc (f->engine, out_bytes, 1, FALSE,
              "the own programs' check", error))) {
    g_free (in);
    return FALSE;
  }
  rand = g_rand_new_with_seed (f->frame_width * 8191u + f->frame_height);
  for (gsize i = 0; i < bytes; i++)
    in[i] = (guint8) g_rand_int_range (rand, 0, 256);
  g_rand_free (rand);
  finish_queues (f);
  ok = (frame_in = clfft_buffer_new (f->engine, CL_MEM_READ_ONLY |
          CL_MEM_COPY_HOST_PTR, bytes, in, error))
      && (frame_out = clfft_buffer_new (f->engine, CL_MEM_WRITE_ONLY,
          out_bytes, NULL, error));
  for (guint g = 0; ok && g < 3; g++) {
    const gsize gain_bytes = clfft_filter_gain_count (&f->shape,
        layouts[g]) * sizeof (cl_float);

    ok = !given[g] || ((*ones_of[g] = clfft_buffer_new (f->engine,
                CL_MEM_READ_ONLY, gain_bytes, NULL, error))
        && clfft_filter2d_fill_floats (f, *ones_of[g], f->norm, gain_bytes,
            error));
  }
  if (ok) {
    /* the frame as the path filters it: nothing scaled or shifted */
    for (guint t = 0; t < n_inverses; t++) {
      offsets[t] = inverses[t]->tables.offset;
      magnitudes[t] = inverses[t]->tables.magnitude;
      clfft_transform_set_byte_output (inverses[t], 0.0f, FALSE);
    }
    clfft_engine_lock_queue (f->engine);
    ok = enqueue_part (f, f->part, frame_in, frame_out, &ones, 1.0f, FALSE,
        error);
    if (ok) {
      cl_int st = clEnqueueReadBuffer (clfft_engine_get_queue (f->engine),
          frame_out, CL_TRUE, 0, out_bytes, out, 0, NULL, NULL);

      ok = st == CL_SUCCESS || clfft_fail (error, st, "clEnqueueReadBuffer "
          "(the own programs' check)");
    }
    clfft_engine_unlock_queue (f->engine);
    for (guint t = 0; t < n_inverses; t++)
      clfft_transform_set_byte_output (inverses[t], offsets[t],
          magnitudes[t]);
  }
  if (ok && clfft_build_check_spoiled ())
    out[(gsize) f->frame_height / 2 * f->width * f->pixel_size] ^= 0x80;
  for (gsize i = 0; ok && i < bytes / f->pixel_size; i++) {
    const gsize o = i / f->frame_width * f->width + i % f->frame_width;
    const guint a = wide ? ((const guint16 *) in)[i] : in[i];
    const guint b = wide ? ((const guint16 *) out)[o] : out[o];
    const guint d = a > b ? a - b : b - a;

    wrong += d > tolerance;
    if (d > worst) {
      worst = d;
      worst_at = i;
    }
  }
  if (ok) {
    *right = wrong == 0;
    clfft_log (*right ? CLFFT_LOG_INFO : CLFFT_LOG_WARNING, "the %ux%u "
        "filter's own programs (%s, build round %u) %s their known answer: "
        "%" G_GSIZE_FORMAT " pixels off by more than %u, the most %u at "
        "(%" G_GSIZE_FORMAT ", %" G_GSIZE_FORMAT ")", f->width, f->height,
        clfft_filter_path_name (running->ops->path),
        clfft_own_programs_get_round (f->own),
        *right ? "give" : "do not give", wrong, tolerance, worst,
        worst_at % f->frame_width, worst_at / f->frame_width);
  }
  for (guint g = 0; g < 3; g++)
    clfft_buffer_release (ones_of[g]);
  clfft_buffer_release (&frame_in);
  clfft_buffer_release (&frame_out);
  g_free (in);
  g_free (out);
  return ok;
}

/* Transform t planned again from its spec, to be built afresh. */
static gboolean
transform_replan (ClfftFilter2d * f, ClfftTransform * t, GError ** error)
{
  ClfftTransformSpec spec = t->spec;
  const gfloat offset = t->tables.offset;
  const gboolean magnitude = t->tables.magnitude, tuned = t->tuned;

  if (!t->n_passes)
    return TRUE;
  spec.build_later = TRUE;
  clfft_transform_clear (t);
  if (!clfft_transform_init (t, f->engine, &spec, error))
    return FALSE;
  clfft_transform_set_byte_output (t, offset, magnitude);
  t->tuned = tuned;
  return TRUE;
}

/* After a wrong known answer (clfft-own-programs.h): the own programs let
 * go and planned again, to be built afresh. */
static gboolean
own_replan (gpointer filter, GError ** error)
{
  ClfftFilter2d *f = filter;
  ClfftTransform *transforms[N_FILTER_TRANSFORMS];
  const guint n = filter_transforms (f, transforms);
  gboolean ok = TRUE;

  for (ClfftFilterPart * p = f->part; p; p = p->inner)
    if (p->ops->forget)
      p->ops->forget (p);
  for (guint i = 0; ok && i < n; i++)
    ok = transform_replan (f, transforms[i], error);
  return ok;
}

static gboolean
own_check (gpointer filter, gboolean * right, GError ** error)
{
  return own_programs_check (filter, right, error);
}

/* A frame on the filter's buffers, whatever they hold, its result
 * unused, waited for. */
static void
launch_unused_frame (gpointer filter)
{
  ClfftFilter2d *f = filter;
  GError *error = NULL;
  gboolean ok;

  clfft_engine_lock_queue (f->engine);
  ok = clfft_filter2d_enqueue (f, &error);
  clfft_engine_unlock_queue (f->engine);
  if (ok)
    clfft_warn_on_failure (clFinish (clfft_engine_get_queue (f->engine)),
        "clFinish");
  else {
    clfft_log (CLFFT_LOG_INFO, "launching the filter's own programs "
        "ahead: %s", error->message);
    g_error_free (error);
  }
}

static const ClfftOwnProgramsOps own_programs_ops = {
  own_build, own_check, own_replan, launch_unused_frame
};

/* The first frames run the generic filter's part while the own programs
 * build, where it takes the size; its kernels compiled first where the
 * device compiles at first launch, as the own programs' builds would hold
 * the first frame back. */
static gboolean
own_programs_start (ClfftFilter2d * f, GError ** error)
{
  GError *why = NULL;
  ClfftFilterPart *standin = clfft_filter_part_new_of
      (&clfft_filter_part_generic, &f->shape, &why);
  ClfftFilterFrame frame;

  if (!standin) {
    clfft_log (CLFFT_LOG_INFO, "%s: the first %ux%u frame waits for the "
        "size's own programs", why->message, f->width, f->height);
    g_clear_error (&why);
  } else if (clfft_own_programs_compile_at_first_launch (f->engine)) {
    frame_now (f, &frame);
    if (!clfft_filter_part_generic_launch_empty (standin, &frame, &why)) {
      clfft_log (CLFFT_LOG_INFO, "launching the generic filter ahead: %s",
          why->message);
      g_clear_error (&why);
    }
  }
  return clfft_own_programs_start (f->own, standin, error);
}

guint
clfft_filter2d_get_build_round (ClfftFilter2d * f)
{
  return clfft_own_programs_get_round (f->own);
}

gboolean
clfft_filter2d_runs_generic (ClfftFilter2d * f)
{
  return clfft_own_programs_get_standin (f->own) != NULL;
}

gboolean
clfft_filter2d_finish_own_programs (ClfftFilter2d * f, GError ** error)
{
  return clfft_own_programs_finish (f->own, error);
}

/* Between frames: takes the size's own programs in once built, and waits
 * for them where the frame needs them (the generic filter does not do its
 * mode or output). Never under the engine's queue lock: the one launch's
 * probe, on the build thread, takes it. */
gboolean
clfft_filter2d_step_own_programs (ClfftFilter2d * f, GError ** error)
{
  return clfft_own_programs_step (f->own, f->mode != CLFFT_MODE_FILTER
      || f->output == CLFFT_OUTPUT_NORMALIZE, error);
}

void
clfft_filter2d_cancel_own_programs (ClfftFilter2d * f)
{
  clfft_own_programs_cancel (f->own);
}

gboolean
clfft_filter2d_take_own_programs (ClfftFilter2d * f, gdouble * seconds)
{
  return clfft_own_programs_take_seconds (f->own, seconds);
}

/* The gain's layouts the filter holds: the part's, and by columns for the
 * generic filter, which runs the first frames of heights it takes (at
 * most CLFFT_MAX_ROW_LENGTH) whatever the path. */
static ClfftGainLayouts
gain_layouts (ClfftFilter2d * f)
{
  return f->part->ops->gains | (clfft_row_length_direct (f->height) ?
      CLFFT_GAIN_BY_COLUMNS : 0);
}

/* The gain's buffer of a layout, and its bytes */
static cl_mem *
gain_buffer (ClfftFilter2d * f, ClfftGainLayouts layout, gsize * bytes)
{
  *bytes = clfft_filter_gain_count (&f->shape, layout) * sizeof (cl_float);
  switch (layout) {
    case CLFFT_GAIN_BY_COLUMNS:
      return &f->gains.by_columns;
    case CLFFT_GAIN_BY_ROWS:
      return &f->gains.by_rows;
    case CLFFT_GAIN_SPLIT:
      return &f->gains.split;
  }
  g_return_val_if_reached (NULL);
}

#define N_GAIN_LAYOUTS 3

/* The gain's buffers that the part and the generic filter read, made with
 * the plan (before any frame, so that frames of the generic filter may
 * run meanwhile); and, for a part that transforms the spectrum's padding,
 * a spectrum whose padding holds zeros. */
static gboolean
gains_alloc (ClfftFilter2d * f, GError ** error)
{
  const ClfftGainLayouts layouts = gain_layouts (f);
  gsize bytes;

  if (f->part->ops->spectrum_zeroed
      && !clfft_filter2d_fill_floats (f, f->spectrum, 0.0f,
          (gsize) f->choice.pitch * f->height * sizeof (cl_float2), error))
    return FALSE;
  for (guint i = 0; i < N_GAIN_LAYOUTS; i++) {
    cl_mem *buffer = gain_buffer (f, 1 << i, &bytes);

    if ((layouts & (1 << i)) && !(*buffer = clfft_buffer_new (f->engine,
                CL_MEM_READ_ONLY, bytes, NULL, error)))
      return FALSE;
  }
  return TRUE;
}

/* The gain of all ones, as clfft_filter2d_set_gain makes it, filled on the
 * device: the host would compute and upload a gain that every plan has. */
static gboolean
unit_gain (ClfftFilter2d * f, GError ** error)
{
  gsize bytes;

  f->gains.mirrored = clfft_filter_part_may_read_mirrored (f->part);
  f->gain_version++;
  for (guint i = 0; i < N_GAIN_LAYOUTS; i++) {
    cl_mem *buffer = gain_buffer (f, 1 << i, &bytes);

    if (*buffer
        && !clfft_filter2d_fill_floats (f, *buffer, f->norm, bytes, error))
      return FALSE;
  }
  return clfft_filter2d_fill_floats (f, f->gains.as_given, 1.0f,
      (gsize) f->width * f->height * sizeof (cl_float), error);
}

/* The one place where the filter's path is decided: logged once. */
static void
choose_path (ClfftFilter2d * f)
{
  ClfftOverrides overrides;

  clfft_overrides_read (&overrides);
  clfft_filter_path_choose (clfft_engine_get_device (f->engine), &overrides,
      f->width, f->height, f->batch.planned, &f->choice);
  clfft_log (CLFFT_LOG_INFO, "the %ux%u filter%s: %s, as %s; %s", f->width,
      f->height, f->batch.planned > 1 ? ", for batches" : "",
      clfft_filter_path_name (f->choice.path), f->choice.why,
      f->choice.outgrows_cache ? "its data outgrow the cache: cache hints, "
      "and columns that read a mirrored gain once" : "its data fit the "
      "cache");
}

/* The one place where the filter's tuning is decided. */
static void
decide_tuning (ClfftFilter2d * f, ClfftTuning requested)
{
  f->tuning = clfft_tuning_decide (f->engine, requested, TRUE);
  clfft_log (CLFFT_LOG_INFO, "the %ux%u filter's tuning: %s", f->width,
      f->height, clfft_tuning_name (f->tuning));
  if (f->tuning != CLFFT_TUNING_BACKGROUND)
    g_clear_pointer (&f->background, clfft_filter_tuning_free);
  else if (!f->background)
    f->background = clfft_filter_tuning_new (f->engine, f->width, f->height);
}

static ClfftFilter2d *
filter2d_new (ClfftEngine * engine, guint frame_width, guint frame_height,
    ClfftPixels pixels, ClfftPadding padding, guint batch, gboolean in_turn,
    guint halves_height, GError ** error)
{
  const gboolean padded = padding != CLFFT_PADDING_NONE;
  guint width, height;
  ClfftFilter2d *f;
  gsize count;
  gboolean ok;

  if (!clfft_filter2d_size_supported (frame_width, frame_height, error))
    return NULL;
  width = padding == CLFFT_PADDING_IMAGEJ ?
      clfft_filter2d_imagej_length (frame_width, frame_height) : padded ?
      clfft_filter2d_padded_length (frame_width) : frame_width;
  height = padding == CLFFT_PADDING_IMAGEJ ? width : padded ?
      clfft_filter2d_padded_length (frame_height) : frame_height;
  count = (gsize) width * height;
  if (!width || !height) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "no transform size fits a %ux%u frame with mirror padding",
        frame_width, frame_height);
    return NULL;
  }
  f = g_new0 (ClfftFilter2d, 1);
  f->engine = clfft_engine_ref (engine);
  f->batch.in_turn_asked = in_turn;
  f->stack.halves_height = halves_height;
  f->batch.planned = MAX (batch, 1);
  f->output_gain = 1.0f;
  f->pixel_size = pixels == CLFFT_PIXELS_U16 ? 2 : 1;
  f->frame_width = frame_width;
  f->frame_height = frame_height;
  f->width = width;
  f->height = height;
  f->own = clfft_own_programs_new (engine, &own_programs_ops, f, width,
      height, clfft_build_check_wanted (clfft_engine_get_device (engine)));
  /* the margins right of and below the frame: the larger half (the
   * smaller one for ImageJ's, which rounds the frame's offset up) */
  f->padding.far_margin[0] = (width - frame_width +
      (padding == CLFFT_PADDING_IMAGEJ ? 0 : 1)) / 2;
  f->padding.far_margin[1] = (height - frame_height +
      (padding == CLFFT_PADDING_IMAGEJ ? 0 : 1)) / 2;
  decide_tuning (f, CLFFT_TUNING_AUTO);
  f->bins = width / 2 + 1;
  choose_path (f);
  f->shape = (ClfftFilterShape) {
    .engine = engine,
    .width = width,
    .height = height,
    .bins = f->bins,
    .pixel_size = f->pixel_size,
    .choice = &f->choice,
    .tuning = transform_tuning (f),
    .rows_forward = &f->rows_forward,
    .rows_inverse = &f->rows_inverse,
    .scratch = &f->transform_scratch,
  };
  /* a half-length inverse gives W / 2 times the samples, not W */
  f->norm = (f->choice.pairs ? 2.0f : 1.0f) / ((gfloat) width * height);
  ok = rows_init (f, error)
      && (f->part = clfft_filter_part_new (&f->shape, error));
  if (ok)
    columns_halves_init (f);
  ok = ok && scratch_alloc (f, error)
      && ensure_device_buffer (f, &f->frames.inputs[0], CL_MEM_READ_ONLY,
      clfft_filter2d_frame_bytes (f), error)
      && ensure_device_buffer (f, &f->frames.outputs[0], CL_MEM_WRITE_ONLY,
      count * f->pixel_size, error)
      && (!padded || mirror_pad_init (f, error))
      && (f->spectrum = clfft_buffer_new (engine, CL_MEM_READ_WRITE,
          (gsize) f->choice.pitch * height * sizeof (cl_float2), NULL, error))
      && gains_alloc (f, error)
      && (f->gains.as_given = clfft_buffer_new (engine, CL_MEM_READ_ONLY,
          count * sizeof (cl_float), NULL, error));
  f->bytes_in = f->frames.inputs[0];
  f->bytes_out = f->frames.outputs[0];
  ok = ok && own_programs_start (f, error) && unit_gain (f, error);
  if (!ok) {
    clfft_filter2d_free (f);
    return NULL;
  }
  return f;
}

ClfftFilter2d *
clfft_filter2d_new (ClfftEngine * engine, guint width, guint height,
    ClfftPixels pixels, ClfftPadding padding, GError ** error)
{
  return filter2d_new (engine, width, height, pixels, padding, 1, FALSE,
      0, error);
}

ClfftFilter2d *
clfft_filter2d_new_for_batch (ClfftEngine * engine, guint width,
    guint height, ClfftPixels pixels, guint batch, gboolean in_turn,
    guint halves_height, GError ** error)
{
  return filter2d_new (engine, width, height, pixels, CLFFT_PADDING_NONE,
      batch, in_turn, halves_height, error);
}

/* Whether every column of the bins' gain (h values, [kx][ky]) has the
 * same gain at ky and h - ky: radial masks do, exactly, as the
 * frequencies of ky and h - ky differ in sign only. */
static gboolean
mirrored_in_ky (const gfloat * half, guint bins, guint h)
{
  for (guint kx = 0; kx < bins; kx++) {
    const gfloat *column = half + (gsize) kx * h;

    for (guint ky = 1; ky <= h / 2; ky++)
      if (column[ky] != column[h - ky])
        return FALSE;
  }
  return TRUE;
}

/* The gain of the bins, [kx][ky] for kx < bins: (G(k) + G(-k)) / 2, the
 * part of G that acts on a real frame, times the normalization. */
gboolean
clfft_filter2d_set_gain (ClfftFilter2d * f, const gfloat * gain,
    GError ** error)
{
  cl_command_queue queue = clfft_engine_get_queue (f->engine);
  guint w = f->width, h = f->height;
  const gsize split_count = clfft_filter_gain_count (&f->shape,
      CLFFT_GAIN_SPLIT);
  gfloat *half, *by_rows = NULL, *split = NULL;
  cl_int st = CL_SUCCESS;

  half = clfft_engine_try_alloc (f->engine, (gsize) f->bins * h,
      sizeof (gfloat), FALSE, "the filter's gain", error);
  if (half && f->gains.by_rows)
    by_rows = clfft_engine_try_alloc (f->engine, (gsize) f->choice.pitch * h,
        sizeof (gfloat), TRUE, "the filter's gain by rows", error);
  if (half && f->gains.split)
    split = clfft_engine_try_alloc (f->engine, split_count,
        sizeof (gfloat), TRUE, "the filter's gain for split columns", error);
  if (!half || (f->gains.by_rows && !by_rows) || (f->gains.split && !split)) {
    g_free (half);
    g_free (by_rows);
    return FALSE;
  }

  /* in bands of GAIN_BAND rows, so that the rows read (and their
   * mirrors) stay in the cache as kx moves on */
  for (guint band = 0; band < h; band += GAIN_BAND)
    for (guint kx = 0; kx < f->bins; kx++)
      for (guint ky = band; ky < MIN (band + GAIN_BAND, h); ky++)
        half[(gsize) kx * h + ky] = 0.5f * (gain[(gsize) ky * w + kx] +
            gain[(gsize) ((h - ky) % h) * w + (w - kx) % w]) * f->norm;
  /* frames on the side queue or on the queue the filter's frames ran on
   * may still read the gain; the writes below wait for those on the
   * engine's queue */
  if (!finish_frames (f, error)) {
    g_free (half);
    g_free (by_rows);
    return FALSE;
  }
  /* after a failed write the buffer may hold either gain: read it whole */
  f->gains.mirrored = FALSE;
  f->gain_version++;
  if (f->gains.by_columns)
    st = clEnqueueWriteBuffer (queue, f->gains.by_columns, CL_TRUE, 0,
        (gsize) f->bins * h * sizeof (gfloat), half, 0, NULL, NULL);
  if (st == CL_SUCCESS && by_rows) {
    for (guint band = 0; band < h; band += GAIN_BAND)
      for (guint kx = 0; kx < f->bins; kx++)
        for (guint ky = band; ky < MIN (band + GAIN_BAND, h); ky++)
          by_rows[(gsize) ky * f->choice.pitch + kx] =
              half[(gsize) kx * h + ky];
    st = clEnqueueWriteBuffer (queue, f->gains.by_rows, CL_TRUE, 0,
        (gsize) f->choice.pitch * h * sizeof (gfloat), by_rows, 0, NULL, NULL);
  }
  if (st == CL_SUCCESS && split) {
    const guint pitch = f->choice.pitch, h2 = h / 2;

    /* column kx of the half gain, ky = 2 k2 + odd, to column kx + odd
     * pitch, element k2 */
    for (guint kx = 0; kx < f->bins; kx++)
      for (guint ky = 0; ky < h; ky++)
        split[(gsize) (kx + (ky & 1) * pitch) * h2 + ky / 2] =
            half[(gsize) kx * h + ky];
    st = clEnqueueWriteBuffer (queue, f->gains.split, CL_TRUE, 0,
        split_count * sizeof (gfloat), split, 0, NULL, NULL);
  }
  /* only the mirrored column pass, where made, has use for the scan */
  if (st == CL_SUCCESS && clfft_filter_part_may_read_mirrored (f->part))
    f->gains.mirrored = mirrored_in_ky (half, f->bins, h);
  g_free (half);
  g_free (by_rows);
  g_free (split);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clEnqueueWriteBuffer (gain)");
  st = clEnqueueWriteBuffer (queue, f->gains.as_given, CL_TRUE, 0,
      (gsize) w * h * sizeof (gfloat), gain, 0, NULL, NULL);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clEnqueueWriteBuffer (gain as given)");
  return TRUE;
}

void
clfft_filter2d_set_saturation (ClfftFilter2d * f, gfloat percent)
{
  f->saturation = CLAMP (percent, 0.0f, 99.0f);
}

void
clfft_filter2d_set_output (ClfftFilter2d * f, ClfftOutput output,
    gfloat gain, gfloat offset)
{
  f->output = output;
  f->output_gain = gain;
  clfft_transform_set_byte_output (&f->rows_inverse, offset,
      output == CLFFT_OUTPUT_ABS);
  clfft_transform_set_byte_output (&f->batch.rows_inverse_in_turn, offset,
      output == CLFFT_OUTPUT_ABS);
  clfft_transform_set_byte_output (&f->stack.rows_inverse_halves, offset,
      output == CLFFT_OUTPUT_ABS);
  clfft_transform_set_byte_output (f->part->rows_inverse, offset,
      output == CLFFT_OUTPUT_ABS);
}

static void
normalize_clear (ClfftFilterNormalize * n)
{
  clfft_transform_clear (&n->rows);
  clfft_buffer_release (&n->values);
  clfft_stretch_clear (&n->stretch);
  memset (n, 0, sizeof (*n));
}

static gboolean
ensure_normalize (ClfftFilter2d * f, const ClfftTransform * inverse,
    GError ** error)
{
  ClfftFilterNormalize *n = &f->normalize;
  /* the frames' rows inverse (inverse), ending in real values; where it
   * joins split columns, so does this */
  const ClfftTransformSpec rows = { inverse->spec.length, 1,
    inverse->spec.load,
    f->choice.pairs ? CLFFT_STORE_REAL_PAIRS : CLFFT_STORE_REAL,
    inverse->spec.split_columns ? CLFFT_ROW_UNIT_STRIDE : 0, f->height,
    transform_tuning (f), .split_columns = inverse->spec.split_columns
  };

  if (n->stretch.stretch)
    return TRUE;
  if ((n->values = clfft_buffer_new (f->engine, CL_MEM_READ_WRITE,
              (gsize) f->width * f->height * sizeof (cl_float), NULL, error))
      && clfft_transform_init (&n->rows, f->engine, &rows, error)
      && clfft_filter_part_scratch_covers (f->part, &n->rows, error)
      && clfft_stretch_init (&n->stretch, f->engine, f->pixel_size, FALSE,
          error))
    return TRUE;
  normalize_clear (n);
  return FALSE;
}

/* The end of a normalized frame (ClfftFilterFrame.normalized): rows
 * inverse (of rows' shape) into real values, stretched into pixels. */
static gboolean
enqueue_normalized_rows (gpointer filter, cl_mem spectrum,
    const ClfftTransform * rows, GError ** error)
{
  ClfftFilter2d *f = filter;
  const ClfftRowLayout bins = { 1, f->choice.pitch }, values = { 1, f->width };

  return ensure_normalize (f, rows, error)
      && clfft_transform_enqueue (&f->normalize.rows, &f->transform_scratch,
      spectrum, bins, f->normalize.values, values, f->height, NULL, 0, 1.0f,
      NULL, error)
      && clfft_stretch_enqueue (&f->normalize.stretch, f->normalize.values,
      f->frame_width, f->frame_height, f->width, f->saturation, f->bytes_out,
      error);
}

/* A frame of the spectrum view, made for the first */
static gboolean
enqueue_spectrum_view (ClfftFilter2d * f, GError ** error)
{
  if (!f->view && f->padding.kernel) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "the spectrum view needs a filter without padding");
    return FALSE;
  }
  return (f->view || (f->view = clfft_filter_part_new_of
          (&clfft_filter_part_spectrum_view, &f->shape, error)))
      && enqueue_part (f, f->view, f->bytes_in, f->bytes_out, &f->gains,
      1.0f, FALSE, error);
}

void
clfft_filter2d_set_mode (ClfftFilter2d * f, ClfftMode mode)
{
  f->mode = mode;
}

/* At a frame of the size's own programs: the background tuning's step
 * (clfft-filter-tuning.h), with the part that takes the frame, where it
 * runs passes (the view's are not tuned). */
static void
background_tuning_step (ClfftFilter2d * f)
{
  ClfftFilterFrame frame;

  if (!f->background)
    return;
  frame_now (f, &frame);
  clfft_filter_tuning_step (f->background, f->mode == CLFFT_MODE_SPECTRUM ?
      NULL : clfft_filter_part_running (f->part,
          f->output == CLFFT_OUTPUT_NORMALIZE), &frame);
}

/* Where a frame's commands go now: the queue its frames run on. */
static void
note_frames_queue (ClfftFilter2d * f)
{
  cl_command_queue queue = clfft_engine_get_queue (f->engine);
  cl_int st;

  if (queue == f->frames_queue)
    return;
  clfft_queue_release (&f->frames_queue);
  st = clRetainCommandQueue (queue);
  clfft_warn_on_failure (st, "clRetainCommandQueue (the frames' queue)");
  if (st != CL_SUCCESS)
    return;
  clfft_count_object (CLFFT_OBJECT_QUEUE, 1);
  f->frames_queue = queue;
}

/* At a frame of the size's own programs. */
void
clfft_filter2d_frame_begins (ClfftFilter2d * f)
{
  clfft_own_programs_note_frame (f->own, FALSE);
  note_frames_queue (f);
  background_tuning_step (f);
}

/* Whether a frame of the stack or of the channels in turn has its extra
 * transforms' tuning to step (clfft_filter2d_tune_extras). */
gboolean
clfft_filter2d_extras_tuning_pending (ClfftFilter2d * f)
{
  return f->background && clfft_filter_tuning_extras_pending (f->background);
}

void
clfft_filter2d_tune_extras (ClfftFilter2d * f,
    ClfftTransform * const extras[], const ClfftRowLaunch launches[], guint n)
{
  clfft_filter_tuning_extras_step (f->background, extras, launches, n);
}

ClfftFilterPath
clfft_filter2d_get_path (ClfftFilter2d * f)
{
  ClfftFilterPart *standin = clfft_own_programs_get_standin (f->own);

  if (standin)
    return standin->ops->path;
  if (f->mode == CLFFT_MODE_SPECTRUM)
    return clfft_filter_part_spectrum_view.path;
  return clfft_filter_part_running (f->part,
      f->output == CLFFT_OUTPUT_NORMALIZE)->ops->path;
}

gboolean
clfft_filter2d_enqueue (ClfftFilter2d * f, GError ** error)
{
  ClfftFilterPart *standin;

  if (!clfft_filter2d_step_own_programs (f, error))
    return FALSE;
  standin = clfft_own_programs_get_standin (f->own);
  if (standin) {
    clfft_own_programs_note_frame (f->own, TRUE);
    note_frames_queue (f);
    return enqueue_part (f, standin, f->bytes_in, f->bytes_out, &f->gains,
        f->output_gain, FALSE, error);
  }
  clfft_filter2d_frame_begins (f);
  if (f->mode == CLFFT_MODE_SPECTRUM)
    return enqueue_spectrum_view (f, error);
  return enqueue_part (f, f->part, f->bytes_in, f->bytes_out, &f->gains,
      f->output_gain, f->output == CLFFT_OUTPUT_NORMALIZE, error);
}

gboolean
clfft_filter2d_enqueue_buffers (ClfftFilter2d * f, cl_mem in, cl_mem out,
    GError ** error)
{
  gboolean ok;

  f->bytes_in = in;
  f->bytes_out = out;
  ok = clfft_filter2d_enqueue (f, error);
  /* the filter's own again: the caller's may go */
  f->bytes_in = f->frames.inputs[0];
  f->bytes_out = f->frames.outputs[0];
  return ok;
}

/* Lets queued work that reads or writes what frames use finish. */
static void
finish_queues (ClfftFilter2d * f)
{
  GError *error = NULL;

  clfft_warn_on_failure (clFinish (clfft_engine_get_queue (f->engine)),
      "clFinish");
  if (!finish_frames (f, &error)) {
    clfft_log (CLFFT_LOG_WARNING, "%s", error->message);
    g_error_free (error);
  }
}

gboolean
clfft_filter2d_prepare_frame (ClfftFilter2d * f, GError ** error)
{
  return clfft_filter2d_step_own_programs (f, error);
}

gsize
clfft_filter2d_get_read_align (ClfftFilter2d * f)
{
  return (f->choice.pairs ? 2 : 1) * f->pixel_size;
}

void
clfft_filter2d_set_tuning (ClfftFilter2d * f, ClfftTuning tuning)
{
  GError *error = NULL;
  ClfftTransform *transforms[N_FILTER_TRANSFORMS];
  const guint n = filter_transforms (f, transforms);

  decide_tuning (f, tuning);
  /* blocking: the first frame waits for the size's own programs too, and
   * tunes them, rather than a later one holding the stream */
  if (f->tuning == CLFFT_TUNING_BLOCKING
      && !clfft_own_programs_stand_in_ran (f->own)
      && !clfft_filter2d_finish_own_programs (f, &error)) {
    clfft_log (CLFFT_LOG_WARNING, "the %ux%u filter's own programs: %s",
        f->width, f->height, error->message);
    g_error_free (error);
  }
  /* blocking: each transform in one pass tunes at its next launch (a
   * choice made before comes from memory) */
  for (guint i = 0; i < n; i++)
    transforms[i]->tuned = f->tuning != CLFFT_TUNING_BLOCKING;
}

ClfftTuning
clfft_filter2d_get_tuning (ClfftFilter2d * f)
{
  return f->tuning;
}

gboolean
clfft_filter2d_take_tuned (ClfftFilter2d * f, gdouble * seconds)
{
  return f->background
      && clfft_filter_tuning_take_seconds (f->background, seconds);
}

void
clfft_filter2d_free (ClfftFilter2d * f)
{
  /* the tuning's thread reads the filter's tables; the own programs'
   * build thread builds its programs */
  clfft_filter_tuning_free (f->background);
  clfft_frame_ring_free (f->frames.ring);
  clfft_own_programs_free (f->own);
  clfft_filter_part_free (f->part);
  clfft_transform_clear (&f->rows_forward);
  clfft_transform_clear (&f->rows_inverse);
  clfft_transform_clear (&f->batch.rows_forward_in_turn);
  clfft_transform_clear (&f->batch.rows_inverse_in_turn);
  clfft_transform_clear (&f->stack.rows_forward_halves);
  clfft_transform_clear (&f->stack.rows_inverse_halves);
  clfft_transform_clear (&f->stack.columns_halves);
  normalize_clear (&f->normalize);
  clfft_filter_part_free (f->view);
  clfft_scratch_clear (&f->transform_scratch);
  for (guint i = 0; i < CLFFT_FRAME_RING_SIZE; i++) {
    clfft_buffer_release (&f->frames.inputs[i]);
    clfft_buffer_release (&f->frames.outputs[i]);
  }
  clfft_buffer_release (&f->spectrum);
  clfft_queue_release (&f->frames_queue);
  clfft_buffer_release (&f->gains.by_columns);
  clfft_buffer_release (&f->gains.by_rows);
  clfft_buffer_release (&f->gains.split);
  clfft_buffer_release (&f->gains.as_given);
  clfft_buffer_release (&f->padding.padded);
  clfft_buffer_release (&f->batch.spectrum);
  clfft_buffer_release (&f->batch.gain);
  clfft_buffer_release (&f->stack.below);
  clfft_buffer_release (&f->stack.spectrum);
  clfft_buffer_release (&f->stack.gain);
  clfft_kernel_release (&f->padding.kernel);
  clfft_engine_unref (f->engine);
  g_free (f);
}
