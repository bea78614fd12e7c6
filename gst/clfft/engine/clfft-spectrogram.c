/* A spectrogram keeps, on the device, one column of levels per slot
 * (width slots; bars keep one), each column a level per line. A call of
 * add_columns runs the spectrum (clfft_spectrum_run_on_device, whose sums
 * stay on the device) and one draw_lines launch for the columns that can
 * still be seen; draw composes the picture in one launch and reads it
 * back, with the levels of the columns added since the last draw: the
 * host keeps a copy of the history, so that a spectrogram can move to
 * another device when its own fails (clfft_spectrogram_copy_to), a few
 * hundred bytes a column. The lines' table (which bins, with which
 * shares) is made once, here, in double precision (kernels/spectrogram.cl).
 */
#include "clfft-spectrogram.h"
#include "clfft-passes.h"
#include "clfft-kernel-args.h"
#include "clfft-log.h"
#include "clfft-faults.h"

#include <math.h>
#include <string.h>

/* Work-items per group along the lines and the picture's rows. */
#define LINE_GROUP 64

struct _ClfftSpectrogram
{
  ClfftEngine *engine;
  ClfftSpectrogramDesc desc;
  ClfftSpectrum *spectrum;
  cl_kernel draw_lines, compose;
  guint n_lines, slots, strips;
  /* the lines' table */
  cl_mem channel, bin_range, shares;
  cl_mem history, colours, picture;
  gsize picture_bytes;
  guint8 blank[4];
  guint8 levels[256][4];        /* the colours, as uploaded */
  gboolean coloured;
  guint head;                   /* the slot of the oldest column */
  gfloat gain, range;
  /* the history as of the last draw that succeeded, and its head; the
   * slots written since are the dirty ones before head */
  guint8 *kept;
  guint kept_head, dirty;
};

/* Line i of a strip of n lines: its frequency range. */
static void
line_range (const ClfftSpectrogramDesc * d, guint i, guint n,
    gdouble * low, gdouble * high)
{
  if (d->log_scale) {
    gdouble ratio = d->freq_max / d->freq_min;

    *low = d->freq_min * pow (ratio, (gdouble) i / n);
    *high = d->freq_min * pow (ratio, (gdouble) (i + 1) / n);
  } else {
    gdouble span = d->freq_max - d->freq_min;

    *low = d->freq_min + span * i / n;
    *high = d->freq_min + span * (i + 1) / n;
  }
}

/* The lines: the picture's rows from the top (strips of channels, each
 * from its highest frequency down), or for bars width lines a strip from
 * the lowest frequency; their bins and shares, bin k covering
 * (k - 1/2) .. (k + 1/2) rate / n. */
static gboolean
make_lines (ClfftSpectrogram * sg, GError ** error)
{
  const ClfftSpectrogramDesc *d = &sg->desc;
  const gdouble width = (gdouble) d->rate / d->n;
  const guint bins = d->n / 2 + 1;
  const guint n = sg->n_lines;
  cl_int *channel = g_new (cl_int, n);
  cl_uint *range = g_new (cl_uint, 2 * (gsize) n);
  cl_float *shares = g_new0 (cl_float, 4 * (gsize) n);
  gboolean ok;

  for (guint s = 0; s < sg->strips; s++) {
    /* for bars, strips are rows of width lines; else a strip's rows */
    guint first = d->style == CLFFT_SPECTROGRAM_BARS ? s * d->width :
        s * d->height / sg->strips;
    guint end = d->style == CLFFT_SPECTROGRAM_BARS ? first + d->width :
        (s + 1) * d->height / sg->strips;

    for (guint l = first; l < end; l++) {
      guint i = d->style == CLFFT_SPECTROGRAM_BARS ? l - first :
          end - 1 - l;
      gdouble lo, hi, total;
      guint k0, k1;

      line_range (d, i, end - first, &lo, &hi);
      k0 = MIN ((guint) floor (lo / width + 0.5), bins - 1);
      k1 = (guint) ceil (hi / width + 0.5);
      k1 = MIN (k1 > 0 ? k1 - 1 : 0, bins - 1);
      k1 = MAX (k1, k0);
      channel[l] = d->stacked ? (cl_int) s : -1;
      range[2 * l] = k0;
      range[2 * l + 1] = k1;
      shares[4 * l] = clfft_bin_overlap (k0, width, lo, hi) / width;
      shares[4 * l + 1] = clfft_bin_overlap (k1, width, lo, hi) / width;
      total = (MIN (hi, (k1 + 0.5) * width) - MAX (lo, (k0 - 0.5) * width))
          / width;
      shares[4 * l + 2] = total > 0 ? 1.0 / total : 0.0;
    }
  }
  ok = (sg->channel = clfft_buffer_new (sg->engine, CL_MEM_READ_ONLY |
          CL_MEM_COPY_HOST_PTR, n * sizeof (cl_int), channel, error))
      && (sg->bin_range = clfft_buffer_new (sg->engine, CL_MEM_READ_ONLY |
          CL_MEM_COPY_HOST_PTR, 2 * (gsize) n * sizeof (cl_uint), range,
          error))
      && (sg->shares = clfft_buffer_new (sg->engine, CL_MEM_READ_ONLY |
          CL_MEM_COPY_HOST_PTR, 4 * (gsize) n * sizeof (cl_float), shares,
          error));
  g_free (channel);
  g_free (range);
  g_free (shares);
  return ok;
}

ClfftSpectrogram *
clfft_spectrogram_new (ClfftEngine * engine,
    const ClfftSpectrogramDesc * desc, GError ** error)
{
  ClfftSpectrogram *sg;
  const ClfftSpectrogramDesc *d = desc;
  const guint8 zero = 0;
  gsize history_bytes;
  cl_int st;

  if (d->width == 0 || d->height == 0 || d->channels == 0
      || (d->pixel_bytes != 1 && d->pixel_bytes != 4)
      || !(d->freq_min >= 0 && d->freq_min < d->freq_max)
      || d->freq_max > d->rate / 2.0 || (d->log_scale && d->freq_min <= 0)
      /* a denormal freq_min: the lines' edges would be infinite */
      || (d->log_scale && !isfinite (d->freq_max / d->freq_min))
      || (d->stacked && d->style != CLFFT_SPECTROGRAM_BARS
          && d->height < d->channels)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "no spectrogram of %ux%u pixels of %u bytes, %u channels%s, %g to "
        "%g Hz at %u Hz", d->width, d->height, d->pixel_bytes, d->channels,
        d->stacked ? " stacked" : "", d->freq_min, d->freq_max, d->rate);
    return NULL;
  }
  sg = g_new0 (ClfftSpectrogram, 1);
  sg->engine = clfft_engine_ref (engine);
  sg->desc = *desc;
  sg->strips = d->stacked ? d->channels : 1;
  sg->slots = d->style == CLFFT_SPECTROGRAM_BARS ? 1 : d->width;
  sg->n_lines = d->style == CLFFT_SPECTROGRAM_BARS ? d->width * sg->strips :
      d->height;
  sg->gain = 0.0f;
  sg->range = 120.0f;
  history_bytes = (gsize) sg->slots * sg->n_lines;
  if (!(sg->spectrum = clfft_spectrum_new (engine, d->n, d->channels,
              d->window, error))
      || !(sg->draw_lines = clfft_kernel_new (engine, "spectrogram.cl", "",
              "draw_lines", error))
      || !(sg->compose = clfft_kernel_new (engine, "spectrogram.cl", "",
              "compose", error))
      || !make_lines (sg, error)
      || !(sg->history = clfft_buffer_new (engine, CL_MEM_READ_WRITE,
              history_bytes, NULL, error))
      || !(sg->colours = clfft_buffer_new (engine, CL_MEM_READ_ONLY,
              256 * 4, NULL, error))
      || !(sg->kept = clfft_engine_try_alloc (engine, history_bytes, 1, TRUE,
              "the spectrogram's columns", error))) {
    clfft_spectrogram_free (sg);
    return NULL;
  }
  clfft_spectrum_set_average (sg->spectrum, d->average);
  st = clEnqueueFillBuffer (clfft_engine_get_queue (engine), sg->history,
      &zero, 1, 0, history_bytes, 0, NULL, NULL);
  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clEnqueueFillBuffer (history)");
    clfft_spectrogram_free (sg);
    return NULL;
  }
  clfft_log (CLFFT_LOG_INFO, "a spectrogram of %ux%u: FFTs of %u, %u "
      "channels%s, %u lines from %g to %g Hz (%s)", d->width, d->height,
      d->n, d->channels, d->stacked ? " stacked" : "", sg->n_lines,
      d->freq_min, d->freq_max, d->log_scale ? "log" : "linear");
  return sg;
}

void
clfft_spectrogram_set_levels (ClfftSpectrogram * sg, gdouble gain,
    gdouble range)
{
  sg->gain = (gfloat) gain;
  sg->range = (gfloat) MAX (range, 1e-3);
}

gboolean
clfft_spectrogram_set_colours (ClfftSpectrogram * sg,
    const guint8 levels[256][4], const guint8 blank[4], GError ** error)
{
  cl_int st = clEnqueueWriteBuffer (clfft_engine_get_queue (sg->engine),
      sg->colours, CL_TRUE, 0, 256 * 4, levels, 0, NULL, NULL);

  memcpy (sg->blank, blank, 4);
  memcpy (sg->levels, levels, sizeof (sg->levels));
  sg->coloured = TRUE;
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clEnqueueWriteBuffer (colours)");
  return clfft_engine_check_fault (sg->engine, CLFFT_FAULT_AT_COMPLETION,
      "clEnqueueWriteBuffer (colours)", error);
}

/* draw_lines' arguments: the columns of sums (their groups starting at
 * group_starts) into slots first_slot onwards. */
static gboolean
draw_lines_set_args (ClfftSpectrogram * sg, cl_mem sums, cl_uint bins,
    cl_uint channels, cl_mem group_starts, cl_uint first_column,
    cl_uint power_sums, cl_uint first_slot, cl_uint n_new, GError ** error)
{
  const ClfftArgsDrawLines args = {
    .sums = sums,
    .bins = bins,
    .channels = channels,
    .column_start = group_starts,
    .first_column = first_column,
    .power_sums = power_sums,
    .channel = sg->channel,
    .bin_range = sg->bin_range,
    .shares = sg->shares,
    .n_lines = sg->n_lines,
    .gain = sg->gain,
    .range = sg->range,
    .history = sg->history,
    .first_slot = first_slot,
    .slots = sg->slots,
    .n_new = n_new,
  };

  return clfft_kernel_args_draw_lines (sg->draw_lines, &args, error);
}

gboolean
clfft_spectrogram_add_columns (ClfftSpectrogram * sg, const gfloat * frames,
    guint n_steps, const guint * column_start, guint n_columns,
    GError ** error)
{
  const ClfftSpectrogramDesc *d = &sg->desc;
  const cl_uint bins = d->n / 2 + 1, channels = d->channels;
  const cl_uint power_sums = d->average == CLFFT_AVERAGE_POWER;
  /* only the columns that stay in the picture are drawn */
  const cl_uint n_new = MIN (n_columns, sg->slots);
  const cl_uint first_column = n_columns - n_new;
  const cl_uint first_slot = (sg->head + n_columns - n_new) % sg->slots;
  cl_mem sums, group_starts = NULL;
  const gsize global[2] = {
    (sg->n_lines + LINE_GROUP - 1) / LINE_GROUP * LINE_GROUP, n_new
  };
  const gsize local[2] = { LINE_GROUP, 1 };

  if (n_columns == 0)
    return TRUE;
  /* decibels of silence (log10 (0)) are clamped far below any range */
  if (!(sums = clfft_spectrum_run_on_device (sg->spectrum, frames, n_steps,
              column_start, n_columns, -400.0, &group_starts, error))
      || !draw_lines_set_args (sg, sums, bins, channels, group_starts,
          first_column, power_sums, first_slot, n_new, error)
      || !clfft_kernel_enqueue (sg->engine, sg->draw_lines, 2, global, local,
          NULL, "draw_lines", error))
    return FALSE;
  sg->head = (sg->head + n_columns) % sg->slots;
  /* the slots written so far lie just before head (all of them where
   * this call wrote every slot) */
  sg->dirty = MIN (sg->dirty + n_new, sg->slots);
  return TRUE;
}

/* Enqueues the read of the dirty slots into kept, in one or two parts
 * (where they wrap around). */
static gboolean
read_dirty_slots (ClfftSpectrogram * sg, GError ** error)
{
  const gsize line_bytes = sg->n_lines;
  guint first = (sg->head + sg->slots - sg->dirty) % sg->slots;
  guint left = sg->dirty;

  while (left > 0) {
    guint n = MIN (left, sg->slots - first);
    cl_int st = clEnqueueReadBuffer (clfft_engine_get_queue (sg->engine),
        sg->history, CL_FALSE, first * line_bytes, n * line_bytes,
        sg->kept + first * line_bytes, 0, NULL, NULL);

    if (st != CL_SUCCESS)
      return clfft_fail (error, st, "clEnqueueReadBuffer (history)");
    left -= n;
    first = 0;
  }
  return TRUE;
}

/* compose's arguments: the picture in rows of stride bytes. */
static gboolean
compose_set_args (ClfftSpectrogram * sg, cl_uchar4 blank, cl_uint stride,
    GError ** error)
{
  const ClfftSpectrogramDesc *d = &sg->desc;
  const ClfftArgsCompose args = {
    .history = sg->history,
    .n_lines = sg->n_lines,
    .slots = sg->slots,
    .head = sg->head,
    .style = d->style,
    .strips = sg->strips,
    .colours = sg->colours,
    .blank = blank,
    .pixel_bytes = d->pixel_bytes,
    .width = d->width,
    .height = d->height,
    .stride = stride,
    .picture = sg->picture,
  };

  return clfft_kernel_args_compose (sg->compose, &args, error);
}

gboolean
clfft_spectrogram_draw (ClfftSpectrogram * sg, guint8 * pixels,
    gsize stride_bytes, GError ** error)
{
  const ClfftSpectrogramDesc *d = &sg->desc;
  const gsize bytes = stride_bytes * d->height;
  cl_uchar4 blank;
  const gsize global[2] = {
    (d->width + LINE_GROUP - 1) / LINE_GROUP * LINE_GROUP, d->height
  };
  const gsize local[2] = { LINE_GROUP, 1 };
  cl_int st;

  if (stride_bytes < (gsize) d->width * d->pixel_bytes
      || stride_bytes > G_MAXUINT32) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a picture %u pixels wide in rows of %" G_GSIZE_FORMAT " bytes",
        d->width, stride_bytes);
    return FALSE;
  }
  if (bytes > sg->picture_bytes) {
    clfft_buffer_release (&sg->picture);
    sg->picture_bytes = 0;
    if (!(sg->picture = clfft_buffer_new (sg->engine, CL_MEM_WRITE_ONLY,
                bytes, NULL, error)))
      return FALSE;
    sg->picture_bytes = bytes;
  }
  memcpy (blank.s, sg->blank, 4);
  /* the queue is in order: the picture's blocking read waits for the
   * history's */
  if (!read_dirty_slots (sg, error)
      || !compose_set_args (sg, blank, (cl_uint) stride_bytes, error)
      || !clfft_kernel_enqueue (sg->engine, sg->compose, 2, global, local,
          NULL, "compose", error))
    goto failed;
  st = clEnqueueReadBuffer (clfft_engine_get_queue (sg->engine), sg->picture,
      CL_TRUE, 0, bytes, pixels, 0, NULL, NULL);
  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clEnqueueReadBuffer (picture)");
    goto failed;
  }
  if (!clfft_engine_check_fault (sg->engine, CLFFT_FAULT_AT_COMPLETION,
          "clEnqueueReadBuffer (picture)", error))
    goto failed;
  sg->kept_head = sg->head;
  sg->dirty = 0;
  return TRUE;

failed:
  /* no read of the history may land in kept after this */
  clfft_warn_on_failure (clFinish (clfft_engine_get_queue (sg->engine)),
      "clFinish");
  return FALSE;
}

ClfftSpectrogram *
clfft_spectrogram_copy_to (ClfftSpectrogram * sg, ClfftEngine * engine,
    GError ** error)
{
  ClfftSpectrogram *copy = clfft_spectrogram_new (engine, &sg->desc, error);
  cl_int st;

  if (!copy)
    return NULL;
  copy->gain = sg->gain;
  copy->range = sg->range;
  if (sg->coloured && !clfft_spectrogram_set_colours (copy,
          (const guint8 (*)[4]) sg->levels, sg->blank, error)) {
    clfft_spectrogram_free (copy);
    return NULL;
  }
  memcpy (copy->kept, sg->kept, (gsize) sg->slots * sg->n_lines);
  copy->head = copy->kept_head = sg->kept_head;
  st = clEnqueueWriteBuffer (clfft_engine_get_queue (engine), copy->history,
      CL_TRUE, 0, (gsize) sg->slots * sg->n_lines, copy->kept, 0, NULL,
      NULL);
  if (st != CL_SUCCESS || !clfft_engine_check_fault (engine,
          CLFFT_FAULT_AT_COMPLETION, "clEnqueueWriteBuffer (history)",
          error)) {
    if (st != CL_SUCCESS)
      clfft_fail (error, st, "clEnqueueWriteBuffer (history)");
    clfft_spectrogram_free (copy);
    return NULL;
  }
  return copy;
}

void
clfft_spectrogram_free (ClfftSpectrogram * sg)
{
  g_clear_pointer (&sg->spectrum, clfft_spectrum_free);
  clfft_kernel_release (&sg->draw_lines);
  clfft_kernel_release (&sg->compose);
  clfft_buffer_release (&sg->channel);
  clfft_buffer_release (&sg->bin_range);
  clfft_buffer_release (&sg->shares);
  clfft_buffer_release (&sg->history);
  clfft_buffer_release (&sg->colours);
  clfft_buffer_release (&sg->picture);
  g_free (sg->kept);
  clfft_engine_unref (sg->engine);
  g_free (sg);
}
