/* Frames of one size in one set of launches (clfft-filter2d-batch.h): a
 * batch of planes runs the filter's three passes once, one pass each,
 * over their rows interleaved (frame c's row r at row n r + c), each
 * frame's columns with its own gain; two channels in turn in one plane
 * (YUY2's) run rows transforms of their own that read and write both
 * channels' pixels where they lie. */
#include "clfft-filter2d-batch.h"
#include "clfft-filter2d-inside.h"
#include "clfft-log.h"
#include "clfft-queue.h"

#include <string.h>

gboolean
clfft_filter2d_prepare_batch (ClfftFilter2d * f, guint n, gboolean * batched,
    GError ** error)
{
  const gsize spectrum_bytes = (gsize) f->choice.pitch * f->height *
      sizeof (cl_float2), gain_bytes = (gsize) f->choice.pitch * f->height *
      sizeof (cl_float);

  *batched = FALSE;
  if (!clfft_filter2d_step_own_programs (f, error))
    return FALSE;
  /* the three passes in one pass each, ending in pixels */
  if (n < 2 || n > CLFFT_FILTER2D_MAX_BATCH || !clfft_filter2d_three_passes (f)
      || f->padding.kernel || f->output == CLFFT_OUTPUT_NORMALIZE
      || f->rows_forward.n_passes != 1 || f->rows_inverse.n_passes != 1)
    return TRUE;
  if (f->batch.n < n) {
    gboolean ok;

    clfft_buffer_release (&f->batch.spectrum);
    clfft_buffer_release (&f->batch.gain);
    f->batch.n = 0;
    /* zeros between the frames' bins, which the columns transform too */
    clfft_engine_lock_queue (f->engine);
    ok = (f->batch.spectrum = clfft_buffer_new (f->engine,
            CL_MEM_READ_WRITE, n * spectrum_bytes, NULL, error))
        && (f->batch.gain = clfft_buffer_new (f->engine, CL_MEM_READ_ONLY,
            n * gain_bytes, NULL, error))
        && clfft_filter2d_fill_floats (f, f->batch.spectrum, 0.0f,
        n * spectrum_bytes, error)
        && clfft_filter2d_fill_floats (f, f->batch.gain, 0.0f, n * gain_bytes,
        error);
    clfft_engine_unlock_queue (f->engine);
    if (!ok)
      return FALSE;
    f->batch.n = n;
    memset (f->batch.versions, 0, sizeof (f->batch.versions));
    clfft_log (CLFFT_LOG_INFO, "the %ux%u filter runs %u frames at once, "
        "their rows interleaved", f->width, f->height, n);
  }
  *batched = TRUE;
  return TRUE;
}

void
clfft_filter2d_set_batch_gains (ClfftFilter2d * f, guint n,
    ClfftFilter2d * const *sources)
{
  g_return_if_fail (n <= CLFFT_FILTER2D_MAX_BATCH);
  /* a gain is copied by its columns of height values */
  for (guint c = 0; c < n && sources; c++)
    g_return_if_fail (!sources[c] || (sources[c]->width == f->width
            && sources[c]->height == f->height));
  for (guint c = 0; c < CLFFT_FILTER2D_MAX_BATCH; c++) {
    ClfftFilter2d *source = c < n && sources && sources[c] != f ?
        sources[c] : NULL;

    if (source != f->batch.sources[c])
      f->batch.versions[c] = 0;
    f->batch.sources[c] = source;
  }
}

/* The gain of each frame of the batch, copied from its source where that
 * set a gain since the last copy. */
static gboolean
batch_gain_refresh (ClfftFilter2d * f, guint n, GError ** error)
{
  const gsize column = (gsize) f->height * sizeof (cl_float);
  cl_int st = CL_SUCCESS;

  for (guint c = 0; c < n && st == CL_SUCCESS; c++) {
    ClfftFilter2d *source = f->batch.sources[c] ? f->batch.sources[c] : f;

    if (f->batch.versions[c] == source->gain_version)
      continue;
    st = clEnqueueCopyBuffer (clfft_engine_get_queue (f->engine),
        source->gains.by_columns, f->batch.gain, 0,
        c * f->choice.pitch * column, f->bins * column, 0, NULL, NULL);
    if (st == CL_SUCCESS)
      f->batch.versions[c] = source->gain_version;
  }
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clEnqueueCopyBuffer (gain)");
  return TRUE;
}

gboolean
clfft_filter2d_enqueue_batch (ClfftFilter2d * f, cl_mem in, cl_mem out,
    guint n, GError ** error)
{
  const guint pitch = f->choice.pitch;
  const ClfftRowLayout pixels = { 1, f->width }, bins = { 1, pitch };
  const ClfftRowLayout columns = { n * pitch, 1 };

  g_return_val_if_fail (n >= 2 && n <= f->batch.n, FALSE);
  clfft_filter2d_frame_begins (f);
  return batch_gain_refresh (f, n, error)
      && clfft_transform_enqueue (&f->rows_forward, &f->transform_scratch,
      in, pixels, f->batch.spectrum, bins, n * f->height, NULL, 0, 1.0f,
      NULL, error)
      && clfft_transform_enqueue (clfft_filter_part_get_columns (f->part),
      &f->transform_scratch, f->batch.spectrum, columns, f->batch.spectrum,
      columns, (n - 1) * pitch + f->bins, f->batch.gain, f->height, 1.0f,
      NULL, error)
      && clfft_transform_enqueue (&f->rows_inverse, &f->transform_scratch,
      f->batch.spectrum, bins, out, pixels, n * f->height, NULL, 0,
      f->output_gain, NULL, error);
}

void
clfft_filter2d_get_batch_made_for (ClfftFilter2d * f, guint * batch,
    gboolean * in_turn, guint * halves_height)
{
  *batch = f->batch.planned;
  *in_turn = f->batch.in_turn_asked;
  *halves_height = f->stack.halves_height;
}

gboolean
clfft_filter2d_runs_in_turn (ClfftFilter2d * f)
{
  return f->batch.n >= 2 && f->batch.rows_forward_in_turn.n_passes == 1
      && f->batch.rows_inverse_in_turn.n_passes == 1;
}

gboolean
clfft_filter2d_enqueue_in_turn (ClfftFilter2d * f, cl_mem plane,
    guint pitch, GError ** error)
{
  const guint bins_pitch = f->choice.pitch;
  const ClfftRowLayout pixels = { 1, pitch }, bins = { 1, bins_pitch };
  const ClfftRowLayout columns = { 2 * bins_pitch, 1 };

  if (!clfft_filter2d_runs_in_turn (f) || pitch < 2 * f->width) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "the %ux%u filter cannot run a plane of pitch %u in turn",
        f->width, f->height, pitch);
    return FALSE;
  }
  clfft_filter2d_frame_begins (f);
  if (clfft_filter2d_extras_tuning_pending (f)) {
    ClfftTransform *const extras[] = { &f->batch.rows_forward_in_turn,
      &f->batch.rows_inverse_in_turn
    };
    const ClfftRowLaunch launches[] = {
      clfft_transform_launch (extras[0], plane, pixels, f->batch.spectrum,
          bins, 2 * f->height, NULL, 0, 1.0f),
      clfft_transform_launch (extras[1], f->batch.spectrum, bins, plane,
          pixels, 2 * f->height, NULL, 0, f->output_gain)
    };

    clfft_filter2d_tune_extras (f, extras, launches, G_N_ELEMENTS (extras));
  }
  return batch_gain_refresh (f, 2, error)
      && clfft_transform_enqueue (&f->batch.rows_forward_in_turn,
      &f->transform_scratch, plane, pixels, f->batch.spectrum, bins,
      2 * f->height, NULL, 0, 1.0f, NULL, error)
      && clfft_transform_enqueue (clfft_filter_part_get_columns (f->part),
      &f->transform_scratch, f->batch.spectrum, columns, f->batch.spectrum,
      columns, bins_pitch + f->bins, f->batch.gain, f->height, 1.0f, NULL,
      error)
      && clfft_transform_enqueue (&f->batch.rows_inverse_in_turn,
      &f->transform_scratch, f->batch.spectrum, bins, plane, pixels,
      2 * f->height, NULL, 0, f->output_gain, NULL, error);
}
