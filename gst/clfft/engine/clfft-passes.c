/* Row FFT and transpose passes: kernel selection, build options, launch. */
#include "clfft-passes.h"
#include "clfft-private.h"

#include <math.h>
#include <string.h>

#define TRANSPOSE_TILE 32
#define TRANSPOSE_TILE_ROWS 8
/* Work-items a row pass aims for per work-group when rows are short. */
#define ROW_GROUP_TARGET 128

cl_mem
clfft_buffer_new (ClfftEngine * engine, cl_mem_flags flags, gsize size,
    gpointer host_data, GError ** error)
{
  cl_int st;
  cl_mem buffer = clCreateBuffer (clfft_engine_get_context (engine), flags,
      size, host_data, &st);

  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clCreateBuffer");
    return NULL;
  }
  return buffer;
}

void
clfft_buffer_release (cl_mem * buffer)
{
  if (*buffer)
    clfft_warn_on_failure (clReleaseMemObject (*buffer), "clReleaseMemObject");
  *buffer = NULL;
}

static cl_kernel
create_kernel (ClfftEngine * engine, const gchar * source,
    const gchar * options, const gchar * name, GError ** error)
{
  cl_program program;
  cl_kernel kernel;
  cl_int st;

  program = clfft_engine_get_program (engine, source, options, error);
  if (!program)
    return NULL;
  kernel = clCreateKernel (program, name, &st);
  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clCreateKernel");
    return NULL;
  }
  return kernel;
}

/* Radix-8 stages while 8 divides n, then 4 or 2, then 7, 5 and 3. Returns
 * the number of stages, or 0 if n has another prime factor. */
static guint
radix_schedule (guint n, guint radices[CLFFT_MAX_STAGES])
{
  static const guint odd[] = { 7, 5, 3 };
  guint count = 0, rest = n;

  while (rest % 8 == 0 && count < CLFFT_MAX_STAGES) {
    radices[count++] = 8;
    rest /= 8;
  }
  if (rest % 4 == 0 && count < CLFFT_MAX_STAGES) {
    radices[count++] = 4;
    rest /= 4;
  }
  if (rest % 2 == 0 && count < CLFFT_MAX_STAGES) {
    radices[count++] = 2;
    rest /= 2;
  }
  for (guint i = 0; i < G_N_ELEMENTS (odd); i++)
    while (rest % odd[i] == 0 && count < CLFFT_MAX_STAGES) {
      radices[count++] = odd[i];
      rest /= odd[i];
    }
  return rest == 1 ? count : 0;
}

gboolean
clfft_row_length_supported (guint n)
{
  guint radices[CLFFT_MAX_STAGES];

  return n >= 2 && n <= CLFFT_MAX_ROW_LENGTH && radix_schedule (n, radices);
}

/* The compiled kernel may allow fewer work-items than the device (register
 * pressure); its required work-group size must fit. */
static gboolean
check_work_group_size (ClfftRowPass * pass, const ClfftDeviceInfo * dev,
    GError ** error)
{
  gsize allowed = 0, needed = (gsize) pass->threads_per_row *
      pass->rows_per_group;
  cl_int st = clGetKernelWorkGroupInfo (pass->kernel, dev->id,
      CL_KERNEL_WORK_GROUP_SIZE, sizeof (allowed), &allowed, NULL);

  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clGetKernelWorkGroupInfo");
  if (allowed < needed) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "the length-%u FFT kernel needs work-groups of %" G_GSIZE_FORMAT
        " work-items; %s allows %" G_GSIZE_FORMAT " for it", pass->n, needed,
        dev->name, allowed);
    return FALSE;
  }
  return TRUE;
}

/* exp(-2 pi i m / period) for m < count, computed in double precision. */
static cl_mem
twiddle_table (ClfftEngine * engine, guint count, guint period,
    GError ** error)
{
  cl_float2 *table = g_new (cl_float2, count);
  cl_mem buffer;

  for (guint m = 0; m < count; m++) {
    double angle = -2.0 * G_PI * (double) m / (double) period;
    table[m].s[0] = (float) cos (angle);
    table[m].s[1] = (float) sin (angle);
  }
  buffer = clfft_buffer_new (engine, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
      count * sizeof (cl_float2), table, error);
  g_free (table);
  return buffer;
}

static const gchar *const load_options[] = {
  [CLFFT_LOAD_COMPLEX] = "",
  [CLFFT_LOAD_U8] = " -D LOAD_U8",
  [CLFFT_LOAD_REAL] = " -D LOAD_REAL",
  [CLFFT_LOAD_REAL_PAIRS] = " -D LOAD_REAL_PAIRS",
  [CLFFT_LOAD_HERMITIAN] = " -D LOAD_HERMITIAN",
  [CLFFT_LOAD_HALF_SPECTRUM] = " -D LOAD_HALF_SPECTRUM",
};

static const gchar *const store_options[] = {
  [CLFFT_STORE_COMPLEX] = "",
  [CLFFT_STORE_U8] = " -D STORE_U8",
  [CLFFT_STORE_REAL] = " -D STORE_REAL",
  [CLFFT_STORE_REAL_PAIRS] = " -D STORE_REAL_PAIRS",
  [CLFFT_STORE_HALF] = " -D STORE_HALF",
  [CLFFT_STORE_HALF_SPECTRUM] = " -D STORE_HALF_SPECTRUM",
};

gboolean
clfft_row_pass_init (ClfftRowPass * pass, ClfftEngine * engine, guint n,
    gint sign, ClfftRowLoad load, ClfftRowStore store, gboolean filter,
    GError ** error)
{
  const ClfftDeviceInfo *dev = clfft_engine_get_device (engine);
  guint radices[CLFFT_MAX_STAGES], n_stages = 0, largest = 0, values = 0;
  gboolean needs_real_twiddles = load == CLFFT_LOAD_HALF_SPECTRUM
      || store == CLFFT_STORE_HALF_SPECTRUM;
  guint rows;
  GString *options;
  gsize local_bytes;

  memset (pass, 0, sizeof (*pass));
  if (n >= 2 && n <= CLFFT_MAX_ROW_LENGTH)
    n_stages = radix_schedule (n, radices);
  if (n_stages == 0) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "FFT length %u is not supported: the engine does lengths from 2 to "
        "%u whose prime factors are 2, 3, 5 and 7", n, CLFFT_MAX_ROW_LENGTH);
    return FALSE;
  }
  /* One work-item per butterfly of the largest radix (fewer where the
   * device caps the work-group size); smaller radices run several
   * butterflies per work-item. */
  for (guint s = 0; s < n_stages; s++)
    largest = MAX (largest, radices[s]);
  pass->n = n;
  pass->threads_per_row = MIN (n / largest, dev->max_work_group_size);
  for (guint s = 0; s < n_stages; s++) {
    guint per_item = (n / radices[s] + pass->threads_per_row - 1) /
        pass->threads_per_row;
    values = MAX (values, per_item * radices[s]);
  }

  rows = MAX (1, ROW_GROUP_TARGET / pass->threads_per_row);
  while (rows > 1 && (rows * n * sizeof (cl_float2) > dev->local_mem_size / 2
          || rows * pass->threads_per_row > dev->max_work_group_size))
    rows /= 2;
  pass->rows_per_group = rows;
  local_bytes = (gsize) rows * n * sizeof (cl_float2);
  if (local_bytes > dev->local_mem_size) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "FFT length %u needs %" G_GSIZE_FORMAT " bytes of local memory; %s "
        "offers %" G_GSIZE_FORMAT, n, local_bytes, dev->name,
        dev->local_mem_size);
    return FALSE;
  }

  options = g_string_new (NULL);
  g_string_append_printf (options, "-D N=%u -D THREADS=%u -D ROWS=%u "
      "-D VALUES=%u -D NUM_STAGES=%u -D RADICES=", n, pass->threads_per_row,
      rows, values, n_stages);
  for (guint s = 0; s < n_stages; s++)
    g_string_append_printf (options, "%s%u", s ? "," : "", radices[s]);
  g_string_append_printf (options, " -D SIGN=%s%s%s%s",
      sign < 0 ? "-1.0f" : "1.0f", load_options[load], store_options[store],
      filter ? " -D FILTER" : "");

  pass->engine = clfft_engine_ref (engine);
  pass->kernel = create_kernel (engine, "fft_stockham.cl", options->str,
      "fft_rows", error);
  g_string_free (options, TRUE);
  if (pass->kernel && !check_work_group_size (pass, dev, error))
    clfft_warn_on_failure (clReleaseKernel (g_steal_pointer (&pass->kernel)),
        "clReleaseKernel");
  if (pass->kernel)
    pass->twiddles = twiddle_table (engine, n, n, error);
  if (pass->twiddles && needs_real_twiddles)
    pass->real_twiddles = twiddle_table (engine, n + 1, 2 * n, error);
  if (!pass->twiddles || (needs_real_twiddles && !pass->real_twiddles)) {
    clfft_row_pass_clear (pass);
    return FALSE;
  }
  return TRUE;
}

void
clfft_row_pass_clear (ClfftRowPass * pass)
{
  if (pass->kernel)
    clfft_warn_on_failure (clReleaseKernel (pass->kernel), "clReleaseKernel");
  clfft_buffer_release (&pass->twiddles);
  clfft_buffer_release (&pass->real_twiddles);
  if (pass->engine)
    clfft_engine_unref (pass->engine);
  memset (pass, 0, sizeof (*pass));
}

static gboolean
set_args (cl_kernel kernel, GError ** error, guint n_args,
    const gsize sizes[], const void *values[])
{
  for (guint i = 0; i < n_args; i++) {
    cl_int st = clSetKernelArg (kernel, i, sizes[i], values[i]);

    if (st != CL_SUCCESS) {
      gchar *what = g_strdup_printf ("clSetKernelArg (%u)", i);

      clfft_fail (error, st, what);
      g_free (what);
      return FALSE;
    }
  }
  return TRUE;
}

gboolean
clfft_row_pass_enqueue (ClfftRowPass * pass, cl_mem src,
    ClfftRowLayout src_layout, cl_mem dst, ClfftRowLayout dst_layout,
    guint batch, cl_mem gain, guint gain_distance, gfloat scale,
    GError ** error)
{
  const gsize sizes[] = { sizeof (cl_mem), sizeof (cl_uint), sizeof (cl_uint),
    sizeof (cl_mem), sizeof (cl_uint), sizeof (cl_uint), sizeof (cl_uint),
    sizeof (cl_mem), sizeof (cl_mem), sizeof (cl_mem), sizeof (cl_uint),
    sizeof (cl_float)
  };
  const void *values[] = { &src, &src_layout.stride, &src_layout.distance,
    &dst, &dst_layout.stride, &dst_layout.distance, &batch, &pass->twiddles,
    &pass->real_twiddles, &gain, &gain_distance, &scale
  };
  gsize local = (gsize) pass->threads_per_row * pass->rows_per_group;
  gsize groups = (batch + pass->rows_per_group - 1) / pass->rows_per_group;
  gsize global = groups * local;
  cl_int st;

  if (!set_args (pass->kernel, error, G_N_ELEMENTS (sizes), sizes, values))
    return FALSE;
  st = clEnqueueNDRangeKernel (clfft_engine_get_queue (pass->engine),
      pass->kernel, 1, NULL, &global, &local, 0, NULL, NULL);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clEnqueueNDRangeKernel (fft_rows)");
  return TRUE;
}

gboolean
clfft_transpose_pass_init (ClfftTransposePass * pass, ClfftEngine * engine,
    GError ** error)
{
  gchar *options = g_strdup_printf ("-D TILE=%d -D TILE_ROWS=%d",
      TRANSPOSE_TILE, TRANSPOSE_TILE_ROWS);

  pass->engine = clfft_engine_ref (engine);
  pass->kernel = create_kernel (engine, "transpose.cl", options, "transpose",
      error);
  g_free (options);
  if (!pass->kernel) {
    clfft_transpose_pass_clear (pass);
    return FALSE;
  }
  return TRUE;
}

void
clfft_transpose_pass_clear (ClfftTransposePass * pass)
{
  if (pass->kernel)
    clfft_warn_on_failure (clReleaseKernel (pass->kernel), "clReleaseKernel");
  if (pass->engine)
    clfft_engine_unref (pass->engine);
  memset (pass, 0, sizeof (*pass));
}

gboolean
clfft_transpose_pass_enqueue (ClfftTransposePass * pass, cl_mem src,
    cl_mem dst, guint width, guint height, GError ** error)
{
  const gsize sizes[] = { sizeof (cl_mem), sizeof (cl_mem), sizeof (cl_uint),
    sizeof (cl_uint)
  };
  const void *values[] = { &src, &dst, &width, &height };
  gsize local[2] = { TRANSPOSE_TILE, TRANSPOSE_TILE_ROWS };
  gsize global[2] = {
    (width + TRANSPOSE_TILE - 1) / TRANSPOSE_TILE * TRANSPOSE_TILE,
    (height + TRANSPOSE_TILE - 1) / TRANSPOSE_TILE * TRANSPOSE_TILE_ROWS
  };
  cl_int st;

  if (!set_args (pass->kernel, error, G_N_ELEMENTS (sizes), sizes, values))
    return FALSE;
  st = clEnqueueNDRangeKernel (clfft_engine_get_queue (pass->engine),
      pass->kernel, 2, NULL, global, local, 0, NULL, NULL);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clEnqueueNDRangeKernel (transpose)");
  return TRUE;
}
