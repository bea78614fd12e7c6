/* A frame below the filter's own in its launches (clfft-filter2d-stack.h):
 * NV12's UV plane under its Y, or I420's U and V side by side under its
 * Y, run through the top filter's rows in one launch per pass; the rows
 * below start a buffer of their own (a sub-buffer) whose columns run
 * with the below filter's gain. */
#include "clfft-filter2d-stack.h"
#include "clfft-filter2d-inside.h"
#include "clfft-engine.h"
#include "clfft-log.h"
#include "clfft-queue.h"
#include "clfft-filter2d-testing.h"

/* The pitch of a stack's spectrum: the filter's own, or the next one up
 * at which the rows below the filter's own start where a part of a
 * buffer may start; 0 where none is near. */
static guint
pitch_below_aligned (ClfftFilter2d * f)
{
  const gsize align = clfft_engine_get_device (f->engine)->mem_base_addr_align;

  for (guint pitch = f->choice.pitch; pitch < f->choice.pitch + align;
      pitch += 4)
    if ((gsize) f->height * pitch * sizeof (cl_float2) % align == 0)
      return pitch;
  return 0;
}

/* The gain of the frame below of two halves: the below filter's, whose
 * frames are one half wide, repeated across (a gain of period one half
 * in kx never mixes the halves' samples, which alternate in the pairs;
 * GstClfftMaskParams.interleaved says the same), its columns past the
 * half spectrum of one half from their mirrors, and its norm that of
 * the rows twice as long. Made again after below's gain has changed. */
static gboolean
stack_gain_refresh (ClfftFilter2d * top, ClfftFilter2d * below,
    GError ** error)
{
  cl_command_queue queue = clfft_engine_get_queue (top->engine);
  const guint h = below->height, w = below->width;
  /* the norm of h rows of the top's width, over below's own */
  const gfloat norm = top->norm * top->height / h / below->norm;
  gfloat *half, *repeated;
  cl_int st;

  if (top->stack.gain_version == below->gain_version)
    return TRUE;
  half = clfft_engine_try_alloc (top->engine, (gsize) below->bins * h,
      sizeof (gfloat), FALSE, "the gain below", error);
  repeated = half ? clfft_engine_try_alloc (top->engine, (gsize) top->bins *
      h, sizeof (gfloat), FALSE, "the gain below, repeated", error) : NULL;
  if (!repeated) {
    g_free (half);
    return FALSE;
  }
  clfft_engine_lock_queue (top->engine);
  st = clEnqueueReadBuffer (queue, below->gains.by_columns, CL_TRUE, 0,
      (gsize) below->bins * h * sizeof (gfloat), half, 0, NULL, NULL);
  for (guint kx = 0; st == CL_SUCCESS && kx < top->bins; kx++) {
    const guint k = kx % w;

    for (guint ky = 0; ky < h; ky++)
      repeated[(gsize) kx * h + ky] = norm * (k < below->bins ?
          half[(gsize) k * h + ky] : half[(gsize) (w - k) * h +
              (h - ky) % h]);
  }
  if (st == CL_SUCCESS)
    st = clEnqueueWriteBuffer (queue, top->stack.gain, CL_TRUE, 0,
        (gsize) top->bins * h * sizeof (gfloat), repeated, 0, NULL, NULL);
  clfft_engine_unlock_queue (top->engine);
  g_free (half);
  g_free (repeated);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clEnqueueReadBuffer, clEnqueueWrite"
        "Buffer (the gain below)");
  top->stack.gain_version = below->gain_version;
  return TRUE;
}

gboolean
clfft_filter2d_prepare_stack (ClfftFilter2d * top, ClfftFilter2d * below,
    gboolean halves, gboolean * stacked, GError ** error)
{
  guint pitch;
  gsize top_bytes, below_bytes;

  *stacked = FALSE;
  if (!clfft_filter2d_step_own_programs (top, error)
      || !clfft_filter2d_step_own_programs (below, error))
    return FALSE;
  /* the rows of both, one pass each in pixels out, by the top's rows
   * transforms; each one's columns in place, the halves' by the top's
   * columns_halves (below then runs any path: only its gain is read) */
  if (!clfft_filter2d_three_passes (top)
      || (!halves && !clfft_filter2d_three_passes (below))
      || top->width != (halves ? 2 : 1) * below->width
      || top->pixel_size != below->pixel_size || !top->choice.pairs
      || top->padding.kernel || below->padding.kernel
      || top->output == CLFFT_OUTPUT_NORMALIZE
      || below->output == CLFFT_OUTPUT_NORMALIZE
      || top->rows_forward.n_passes != 1 || top->rows_inverse.n_passes != 1
      || (halves && (top->stack.rows_forward_halves.n_passes != 1
              || top->stack.rows_inverse_halves.n_passes != 1
              || top->stack.columns_halves.n_passes != 1
              || top->stack.halves_height != below->height))
      || !(pitch = pitch_below_aligned (top)))
    return TRUE;
  if (top->stack.height != below->height || top->stack.pitch != pitch
      || top->stack.halves != halves) {
    clfft_buffer_release (&top->stack.below);
    clfft_buffer_release (&top->stack.spectrum);
    clfft_buffer_release (&top->stack.gain);
    top->stack.height = 0;
    top->stack.gain_version = 0;
    top_bytes = (gsize) top->height * pitch * sizeof (cl_float2);
    below_bytes = (gsize) below->height * pitch * sizeof (cl_float2);
    if (!(top->stack.spectrum = clfft_buffer_new (top->engine,
                CL_MEM_READ_WRITE, top_bytes + below_bytes, NULL, error))
        || !(top->stack.below = clfft_buffer_new_part (top->engine,
                top->stack.spectrum, top_bytes, below_bytes, error))
        || (halves && !(top->stack.gain = clfft_buffer_new (top->engine,
                    CL_MEM_READ_ONLY, (gsize) top->bins * below->height *
                    sizeof (cl_float), NULL, error))))
      return FALSE;
    top->stack.height = below->height;
    top->stack.pitch = pitch;
    top->stack.halves = halves;
    clfft_log (CLFFT_LOG_INFO, "the %ux%u filter runs the rows of a %ux%u "
        "frame%s below its own in its launches", top->width, top->height,
        top->width, below->height, halves ? " of two halves" : "");
  }
  if (halves && !stack_gain_refresh (top, below, error))
    return FALSE;
  *stacked = TRUE;
  return TRUE;
}

gboolean
clfft_filter2d_enqueue_stack (ClfftFilter2d * top, ClfftFilter2d * below,
    cl_mem in, cl_mem out, GError ** error)
{
  const guint rows = top->height + below->height;
  const ClfftRowLayout pixels = { 1, top->width },
      bins = { 1, top->stack.pitch }, columns = { top->stack.pitch, 1 };
  const gboolean halves = top->stack.halves;

  g_return_val_if_fail (top->stack.below
      && top->stack.height == below->height, FALSE);
  clfft_filter2d_frame_begins (top);
  clfft_filter2d_frame_begins (below);
  if (halves && clfft_filter2d_extras_tuning_pending (top)) {
    ClfftTransform *const extras[] = { &top->stack.rows_forward_halves,
      &top->stack.columns_halves, &top->stack.rows_inverse_halves
    };
    /* the filter's own gain stands in for the stack's, which is made
     * again when the below's gain changes: the tuning reads it as is */
    const ClfftRowLaunch launches[] = {
      clfft_transform_launch (extras[0], in, pixels, top->stack.spectrum,
          bins, rows, NULL, 0, 1.0f),
      clfft_transform_launch (extras[1], top->stack.below, columns,
          top->stack.below, columns, top->bins, top->gains.by_columns,
          below->height, 1.0f),
      clfft_transform_launch (extras[2], top->stack.spectrum, bins, out,
          pixels, rows, NULL, 0, top->output_gain)
    };

    clfft_filter2d_tune_extras (top, extras, launches, G_N_ELEMENTS (extras));
  }
  return clfft_transform_enqueue (halves ? &top->stack.rows_forward_halves :
      &top->rows_forward, &top->transform_scratch, in, pixels,
      top->stack.spectrum, bins, rows, NULL, 0, 1.0f, NULL, error)
      && clfft_filter_part_enqueue_columns (clfft_filter2d_three_passes (top),
      top->stack.spectrum, top->stack.pitch, top->bins,
      top->gains.by_columns, clfft_filter2d_get_gain_mirrored (top), error)
      && (halves ? clfft_transform_enqueue (&top->stack.columns_halves,
          &top->transform_scratch, top->stack.below, columns,
          top->stack.below, columns, top->bins, top->stack.gain,
          below->height, 1.0f, NULL, error) :
      clfft_filter_part_enqueue_columns (clfft_filter2d_three_passes (below),
          top->stack.below, top->stack.pitch, below->bins,
          below->gains.by_columns, clfft_filter2d_get_gain_mirrored (below),
          error))
      && clfft_transform_enqueue (halves ? &top->stack.rows_inverse_halves :
      &top->rows_inverse, &top->transform_scratch, top->stack.spectrum, bins,
      out, pixels, rows, NULL, 0, top->output_gain, NULL, error);
}
