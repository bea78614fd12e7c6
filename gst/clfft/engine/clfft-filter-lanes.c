/* The filter's passes in SIMD lanes: see clfft-filter-lanes.h and
 * kernels/fft_lanes.cl. */
#include "clfft-filter-lanes.h"
#include "clfft-kernel-args.h"
#include "clfft-log.h"

/* STAGES_* in kernels/fft_lanes.cl (a length of at most 4096 with radices
 * of at least 2 takes 12) */
#define LANES_MAX_STAGES 12

struct _ClfftFilterLanes
{
  ClfftEngine *engine;
  cl_kernel rows_forward, columns, rows_inverse;
  /* the passes' tables for the schedules built in, held: tuning may
   * replace the passes and their tables */
  cl_mem row_twiddles, column_twiddles;
  guint row_n, height;
};

/* The kernel name of the program built for pass's length and stages */
static cl_kernel
lanes_kernel (ClfftEngine * engine, const ClfftRowPass * pass,
    gsize pixel_size, const gchar * name, GError ** error)
{
  GString *options = g_string_new (NULL);
  cl_kernel kernel;

  g_string_append_printf (options, "-D N=%u -D LANES=%u -D NUM_STAGES=%u",
      pass->n, CLFFT_FILTER_LANES, pass->schedule.n_stages);
  for (guint s = 0; s < pass->schedule.n_stages; s++)
    g_string_append_printf (options, " -D RADIX_%u=%u", s,
        pass->schedule.radices[s]);
  if (pixel_size == 2)
    g_string_append (options, " -D PIXEL_U16");
  kernel = clfft_kernel_new (engine, "fft_lanes.cl", options->str, name,
      error);
  g_string_free (options, TRUE);
  return kernel;
}

ClfftFilterLanes *
clfft_filter_lanes_new (ClfftEngine * engine, const ClfftRowPass * rows,
    const ClfftRowPass * columns, gsize pixel_size, GError ** error)
{
  const ClfftDeviceInfo *dev = clfft_engine_get_device (engine);
  /* a work-item's two buffers of n + 1 vectors (fft_lanes.cl) */
  const gsize local_bytes = 2 * (MAX (rows->n, columns->n) + 1) *
      CLFFT_FILTER_LANES * sizeof (cl_float2);
  ClfftFilterLanes *lanes;

  if (MAX (rows->schedule.n_stages,
          columns->schedule.n_stages) > LANES_MAX_STAGES) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "the filter in lanes takes at most %u stages a side, not %u",
        LANES_MAX_STAGES, MAX (rows->schedule.n_stages,
            columns->schedule.n_stages));
    return NULL;
  }
  if (local_bytes > dev->local_mem_size) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "the filter in lanes needs %" G_GSIZE_FORMAT " bytes of local "
        "memory for %ux%u; %s offers %" G_GSIZE_FORMAT, local_bytes,
        2 * rows->n, columns->n, dev->name, (gsize) dev->local_mem_size);
    return NULL;
  }
  lanes = g_new0 (ClfftFilterLanes, 1);
  lanes->engine = clfft_engine_ref (engine);
  lanes->row_n = rows->n;
  lanes->height = columns->n;
  if (!clfft_buffer_hold (&lanes->row_twiddles, rows->twiddles, error)
      || !clfft_buffer_hold (&lanes->column_twiddles, columns->twiddles,
          error)
      || !(lanes->rows_forward = lanes_kernel (engine, rows, pixel_size,
              "fft_lanes_rows_forward", error))
      || !(lanes->rows_inverse = lanes_kernel (engine, rows, pixel_size,
              "fft_lanes_rows_inverse", error))
      || !(lanes->columns = lanes_kernel (engine, columns, pixel_size,
              "fft_lanes_columns", error))) {
    clfft_filter_lanes_free (lanes);
    return NULL;
  }
  clfft_log (CLFFT_LOG_INFO, "the %ux%u filter runs in lanes of %u on %s",
      2 * rows->n, columns->n, CLFFT_FILTER_LANES, dev->name);
  return lanes;
}

void
clfft_filter_lanes_free (ClfftFilterLanes * lanes)
{
  if (!lanes)
    return;
  clfft_kernel_release (&lanes->rows_forward);
  clfft_kernel_release (&lanes->columns);
  clfft_kernel_release (&lanes->rows_inverse);
  clfft_buffer_release (&lanes->row_twiddles);
  clfft_buffer_release (&lanes->column_twiddles);
  clfft_engine_unref (lanes->engine);
  g_free (lanes);
}

/* One work-item per CLFFT_FILTER_LANES of count rows or columns, one per
 * group (the kernels' reqd_work_group_size) */
static gboolean
launch (ClfftFilterLanes * lanes, cl_kernel kernel, guint count,
    const gchar * what, GError ** error)
{
  const gsize global = (count + CLFFT_FILTER_LANES - 1) / CLFFT_FILTER_LANES;
  const gsize local = 1;

  return clfft_kernel_enqueue (lanes->engine, kernel, 1, &global, &local,
      NULL, what, error);
}

gboolean
clfft_filter_lanes_enqueue_rows_forward (ClfftFilterLanes * lanes,
    cl_mem pixels, cl_mem spectrum, guint pitch, cl_mem real_twiddles,
    GError ** error)
{
  const ClfftArgsFftLanesRowsForward args = {
    .pixels = pixels,
    .height = lanes->height,
    .spectrum = spectrum,
    .pitch = pitch,
    .tw = lanes->row_twiddles,
    .real_tw = real_twiddles,
  };

  return clfft_kernel_args_fft_lanes_rows_forward (lanes->rows_forward, &args,
      error)
      && launch (lanes, lanes->rows_forward, lanes->height,
      "fft_lanes_rows_forward", error);
}

gboolean
clfft_filter_lanes_enqueue_columns (ClfftFilterLanes * lanes,
    cl_mem spectrum, guint pitch, cl_mem gain, GError ** error)
{
  const ClfftArgsFftLanesColumns args = {
    .spectrum = spectrum,
    .pitch = pitch,
    .gain = gain,
    .tw = lanes->column_twiddles,
  };

  g_return_val_if_fail (pitch % CLFFT_FILTER_LANES == 0, FALSE);
  return clfft_kernel_args_fft_lanes_columns (lanes->columns, &args, error)
      && launch (lanes, lanes->columns, lanes->row_n + 1, "fft_lanes_columns",
      error);
}

gboolean
clfft_filter_lanes_enqueue_rows_inverse (ClfftFilterLanes * lanes,
    cl_mem spectrum, guint pitch, cl_mem pixels, cl_mem real_twiddles,
    gfloat scale, gfloat offset, gboolean magnitude, GError ** error)
{
  const ClfftArgsFftLanesRowsInverse args = {
    .spectrum = spectrum,
    .pitch = pitch,
    .height = lanes->height,
    .pixels = pixels,
    .tw = lanes->row_twiddles,
    .real_tw = real_twiddles,
    .scale = scale,
    .offset = offset,
    .magnitude = magnitude ? 1 : 0,
  };

  return clfft_kernel_args_fft_lanes_rows_inverse (lanes->rows_inverse, &args,
      error)
      && launch (lanes, lanes->rows_inverse, lanes->height,
      "fft_lanes_rows_inverse", error);
}
