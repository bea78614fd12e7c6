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

/* Radix-8 stages while 8 divides n, then 4 or 2, then 7, 5 and 3 (length 1
 * is one radix-1 stage). Returns the number of stages, or 0 if n has
 * another prime factor. */
static guint
radix_schedule (guint n, guint radices[CLFFT_MAX_STAGES])
{
  static const guint odd[] = { 7, 5, 3 };
  guint count = 0, rest = n;

  if (n == 1) {
    radices[0] = 1;
    return 1;
  }
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
clfft_row_length_direct (guint n)
{
  guint radices[CLFFT_MAX_STAGES];

  return n >= 1 && n <= CLFFT_MAX_ROW_LENGTH && radix_schedule (n, radices);
}

/* The convolution length of a Bluestein transform of length n: the
 * smallest length >= 2n - 1 that runs directly, or 0 if none fits. */
static guint
bluestein_length (guint n)
{
  if (n == 0 || n > CLFFT_MAX_ROW_LENGTH / 2)
    return 0;
  for (guint m = MAX (2 * n - 1, 2); m <= CLFFT_MAX_ROW_LENGTH; m++)
    if (clfft_row_length_direct (m))
      return m;
  return 0;
}

gboolean
clfft_row_length_supported (guint n)
{
  return clfft_row_length_direct (n) || bluestein_length (n) != 0;
}

/* How many work-items per group the built kernel allows; 0 on error. */
static gsize
kernel_work_group_size (ClfftRowPass * pass, const ClfftDeviceInfo * dev,
    GError ** error)
{
  gsize allowed = 0;
  const gchar *limit;
  cl_int st = clGetKernelWorkGroupInfo (pass->kernel, dev->id,
      CL_KERNEL_WORK_GROUP_SIZE, sizeof (allowed), &allowed, NULL);

  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clGetKernelWorkGroupInfo");
    return 0;
  }
  /* A test aid: pretend the compiler allowed fewer work-items. */
  limit = g_getenv ("CLFFT_KERNEL_WORK_GROUP_LIMIT");
  if (limit && g_ascii_strtoull (limit, NULL, 10) > 0)
    allowed = MIN (allowed, g_ascii_strtoull (limit, NULL, 10));
  return allowed;
}

/* Chooses the work-group shape for at most cap work-items and builds the
 * kernel: one work-item per butterfly of the largest radix (fewer under
 * the cap), smaller radices running several butterflies per work-item, and
 * short rows packed several to a group. */
static gboolean
build_row_kernel (ClfftRowPass * pass, const ClfftDeviceInfo * dev,
    const guint radices[], guint n_stages, gsize cap, const gchar * suffix,
    GError ** error)
{
  guint n = pass->n, largest = 0, values = 0, rows;
  gsize local_bytes;
  GString *options;

  for (guint s = 0; s < n_stages; s++)
    largest = MAX (largest, radices[s]);
  pass->threads_per_row = MIN (n / largest, cap);
  for (guint s = 0; s < n_stages; s++) {
    guint per_item = (n / radices[s] + pass->threads_per_row - 1) /
        pass->threads_per_row;
    values = MAX (values, per_item * radices[s]);
  }
  rows = MAX (1, ROW_GROUP_TARGET / pass->threads_per_row);
  while (rows > 1 && (rows * n * sizeof (cl_float2) > dev->local_mem_size / 2
          || rows * pass->threads_per_row > cap))
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
  g_string_append (options, suffix);
  pass->kernel = create_kernel (pass->engine, "fft_stockham.cl",
      options->str, "fft_rows", error);
  g_string_free (options, TRUE);
  return pass->kernel != NULL;
}

static cl_mem
upload_table (ClfftEngine * engine, const cl_float2 * table, guint count,
    GError ** error)
{
  return clfft_buffer_new (engine, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
      count * sizeof (cl_float2), (gpointer) table, error);
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
  buffer = upload_table (engine, table, count, error);
  g_free (table);
  return buffer;
}

/* Bluestein: X[k] = c[k] sum_n (x[n] c[n]) b[k - n], with the chirp
 * c[n] = exp(sign i pi n^2 / L) and b = conj(c). The kernel needs c and the
 * spectrum of b wrapped onto the convolution length M (with the 1/M of the
 * inner inverse FFT folded in), both computed here in double precision. */
static gboolean
bluestein_tables (ClfftRowPass * pass, ClfftEngine * engine, gint sign,
    GError ** error)
{
  guint n = pass->length, m = pass->n;
  cl_float2 *chirp = g_new (cl_float2, n), *conv = g_new (cl_float2, m);
  gdouble *b_re = g_new0 (gdouble, m), *b_im = g_new0 (gdouble, m);
  gdouble *cos_m = g_new (gdouble, m), *sin_m = g_new (gdouble, m);

  for (guint j = 0; j < n; j++) {
    /* j^2 mod 2L keeps the angle small and exact */
    guint64 q = ((guint64) j * j) % (2 * (guint64) n);
    gdouble angle = sign * G_PI * (gdouble) q / n;

    chirp[j].s[0] = (float) cos (angle);
    chirp[j].s[1] = (float) sin (angle);
    b_re[j] = cos (angle);
    b_im[j] = -sin (angle);
    if (j > 0) {
      b_re[m - j] = b_re[j];
      b_im[m - j] = b_im[j];
    }
  }
  for (guint j = 0; j < m; j++) {
    cos_m[j] = cos (2.0 * G_PI * j / m);
    sin_m[j] = -sin (2.0 * G_PI * j / m);
  }
  for (guint k = 0; k < m; k++) {
    gdouble re = 0.0, im = 0.0;
    guint w = 0;

    for (guint j = 0; j < m; j++) {
      if (b_re[j] != 0.0 || b_im[j] != 0.0) {
        re += b_re[j] * cos_m[w] - b_im[j] * sin_m[w];
        im += b_re[j] * sin_m[w] + b_im[j] * cos_m[w];
      }
      w += k;
      if (w >= m)
        w -= m;
    }
    conv[k].s[0] = (float) (re / m);
    conv[k].s[1] = (float) (im / m);
  }
  pass->chirp = upload_table (engine, chirp, n, error);
  if (pass->chirp)
    pass->conv = upload_table (engine, conv, m, error);
  g_free (chirp);
  g_free (conv);
  g_free (b_re);
  g_free (b_im);
  g_free (cos_m);
  g_free (sin_m);
  return pass->conv != NULL;
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

static const gchar *const gain_options[] = {
  [CLFFT_GAIN_NONE] = "",
  [CLFFT_GAIN_BETWEEN] = " -D FILTER",
  [CLFFT_GAIN_ON_STORE] = " -D GAIN_ON_STORE",
};

gboolean
clfft_row_pass_init (ClfftRowPass * pass, ClfftEngine * engine,
    guint length, gint sign, ClfftRowLoad load, ClfftRowStore store,
    ClfftRowGain gain, GError ** error)
{
  const ClfftDeviceInfo *dev = clfft_engine_get_device (engine);
  guint radices[CLFFT_MAX_STAGES], n_stages = 0, n;
  gboolean needs_real_twiddles = load == CLFFT_LOAD_HALF_SPECTRUM
      || store == CLFFT_STORE_HALF_SPECTRUM;
  gsize cap = dev->max_work_group_size, allowed = 0;
  gchar *suffix;

  memset (pass, 0, sizeof (*pass));
  pass->length = length;
  n = clfft_row_length_direct (length) ? length : bluestein_length (length);
  pass->bluestein = n != length;
  if (n >= 1)
    n_stages = radix_schedule (n, radices);
  if (n_stages == 0) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "FFT length %u is not supported: the engine does lengths up to %u "
        "with no prime factor other than 2, 3, 5 and 7, and any other "
        "length up to %u", length, CLFFT_MAX_ROW_LENGTH,
        CLFFT_MAX_ROW_LENGTH / 2);
    return FALSE;
  }
  for (guint s = 0; s < n_stages; s++) {
    gsize used = strlen (pass->radices);

    g_snprintf (pass->radices + used, sizeof (pass->radices) - used, "%s%u",
        s ? "x" : "", radices[s]);
  }
  if (pass->bluestein && gain == CLFFT_GAIN_BETWEEN) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a length-%u row cannot filter in one pass (it needs Bluestein)",
        length);
    return FALSE;
  }
  pass->n = n;
  pass->engine = clfft_engine_ref (engine);
  suffix = g_strdup_printf (" -D SIGN=%s%s%s%s", sign < 0 ? "-1.0f" : "1.0f",
      load_options[load], store_options[store], gain_options[gain]);
  if (pass->bluestein) {
    gchar *with_length = g_strdup_printf ("%s -D LENGTH=%u -D BLUESTEIN",
        suffix, length);

    g_free (suffix);
    suffix = with_length;
  }
  /* The compiled kernel may allow fewer work-items than the device (its
   * register use): rebuild it for that many. */
  for (guint attempt = 0; attempt < 4; attempt++) {
    if (!build_row_kernel (pass, dev, radices, n_stages, cap, suffix, error))
      break;
    allowed = kernel_work_group_size (pass, dev, error);
    if (allowed >= (gsize) pass->threads_per_row * pass->rows_per_group)
      break;
    clfft_log (CLFFT_LOG_INFO, "the length-%u kernel allows %" G_GSIZE_FORMAT
        " work-items per group, not %u: rebuilding", n, allowed,
        pass->threads_per_row * pass->rows_per_group);
    clfft_warn_on_failure (clReleaseKernel (g_steal_pointer (&pass->kernel)),
        "clReleaseKernel");
    if (allowed == 0)
      break;
    cap = allowed;
  }
  g_free (suffix);
  if (!pass->kernel && error && !*error)
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "no work-group shape of the length-%u kernel fits %s", n, dev->name);
  if (pass->kernel)
    pass->twiddles = twiddle_table (engine, n, n, error);
  if (pass->twiddles && needs_real_twiddles)
    pass->real_twiddles = twiddle_table (engine, length + 1, 2 * length,
        error);
  if (!pass->twiddles || (needs_real_twiddles && !pass->real_twiddles)
      || (pass->bluestein && !bluestein_tables (pass, engine, sign, error))) {
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
  clfft_buffer_release (&pass->chirp);
  clfft_buffer_release (&pass->conv);
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

/* The kernel indexes with 32-bit arithmetic: the last element it touches
 * (counting a real pair or a spectrum's extra bin as two) must fit. */
static gboolean
index_fits (ClfftRowLayout layout, guint batch, guint length)
{
  guint64 last = (guint64) (batch - 1) * layout.distance +
      (guint64) (2 * (guint64) length + 1) * layout.stride;

  return last < G_MAXUINT32;
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
    sizeof (cl_mem), sizeof (cl_mem), sizeof (cl_float)
  };
  const void *values[] = { &src, &src_layout.stride, &src_layout.distance,
    &dst, &dst_layout.stride, &dst_layout.distance, &batch, &pass->twiddles,
    &pass->real_twiddles, &gain, &gain_distance, &pass->chirp, &pass->conv,
    &scale
  };
  gsize local = (gsize) pass->threads_per_row * pass->rows_per_group;
  gsize groups = (batch + pass->rows_per_group - 1) / pass->rows_per_group;
  gsize global = groups * local;
  cl_int st;

  if (batch == 0)
    return TRUE;
  if (!index_fits (src_layout, batch, pass->length)
      || !index_fits (dst_layout, batch, pass->length)
      || (gain && !index_fits ((ClfftRowLayout) {
                  1, gain_distance}, batch, pass->length))) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "%u rows of length %u with these strides and distances span more "
        "than 2^32 elements", batch, pass->length);
    return FALSE;
  }
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
