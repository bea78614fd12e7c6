/* The filter for any frame size: see clfft-filter-generic.h and
 * kernels/filter_generic.cl. */
#include "clfft-filter-generic.h"
#include "clfft-passes.h"
#include "clfft-kernel-args.h"
#include "clfft-log.h"

/* The program's fixed shape (GROUP, MAX_N and MAX_VALUES in
 * kernels/filter_generic.cl): a line of up to GENERIC_MAX_N values per
 * group of GENERIC_GROUP work-items, each holding at most
 * GENERIC_MAX_N / GENERIC_GROUP values plus the largest radix. */
#define GENERIC_GROUP 256
#define GENERIC_MAX_N CLFFT_MAX_ROW_LENGTH
/* The program comes in two builds: one for sides whose prime factors are
 * at most 5 (video's sizes), which compiles faster, and one for those
 * with 7, 11 or 13 too. The largest radix is that prime, or 8. */
#define SMOOTH_PRIME 5
#define LARGEST_PRIME 13
/* radices packed RADIX_BITS each into a cl_uint */
#define RADIX_BITS 4
#define MAX_STAGES (32 / RADIX_BITS)

struct _ClfftFilterGeneric
{
  ClfftEngine *engine;
  cl_kernel rows_forward, columns, rows_inverse;
  cl_uint wide;                 /* 16-bit pixels */
  cl_uint width, height;
  cl_uint row_radices, column_radices;
};

/* The radices of an n-point line (8, 4 and 2 for its powers of two, the
 * largest first, then the odd primes up to 13), packed for
 * filter_generic.cl, and the largest prime among them raised into
 * *largest_prime; 0 where n has another prime factor or takes more stages
 * than fit. */
static cl_uint
pack_radices (guint n, guint * largest_prime)
{
  static const guint radices[] = { 8, 4, 2, 3, 5, 7, 11, 13 };
  cl_uint packed = 0;
  guint stages = 0;

  for (guint i = 0; i < G_N_ELEMENTS (radices); i++)
    while (n % radices[i] == 0 && n > 1) {
      if (stages == MAX_STAGES)
        return 0;
      packed |= (cl_uint) radices[i] << (RADIX_BITS * stages++);
      n /= radices[i];
      if (radices[i] % 2 == 1)
        *largest_prime = MAX (*largest_prime, radices[i]);
    }
  return n == 1 ? packed : 0;
}

static gboolean
side_supported (guint n, cl_uint * radices, guint * largest_prime,
    GError ** error)
{
  if (n >= 2 && n <= GENERIC_MAX_N
      && (*radices = pack_radices (n, largest_prime)))
    return TRUE;
  g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
      "the generic filter takes sides of 2 to %u with no prime factor "
      "above 13, not %u", GENERIC_MAX_N, n);
  return FALSE;
}

/* Whether the device runs kernel on groups of GENERIC_GROUP. */
static gboolean
group_fits (ClfftFilterGeneric * g, cl_kernel kernel, GError ** error)
{
  cl_device_id device = clfft_engine_get_device (g->engine)->id;
  gsize allowed = 0;
  cl_int st = clGetKernelWorkGroupInfo (kernel, device,
      CL_KERNEL_WORK_GROUP_SIZE, sizeof (allowed), &allowed, NULL);

  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clGetKernelWorkGroupInfo");
  if (allowed < GENERIC_GROUP) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "the generic filter needs groups of %u work-items; the device "
        "runs %" G_GSIZE_FORMAT, GENERIC_GROUP, allowed);
    return FALSE;
  }
  return TRUE;
}

static gboolean
device_supported (ClfftEngine * engine, GError ** error)
{
  const ClfftDeviceInfo *dev = clfft_engine_get_device (engine);

  if (dev->max_work_group_size >= GENERIC_GROUP
      && dev->local_mem_size >= GENERIC_MAX_N * sizeof (cl_float2))
    return TRUE;
  g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
      "the generic filter needs groups of %u work-items and %"
      G_GSIZE_FORMAT " bytes of local memory; %s offers %" G_GSIZE_FORMAT
      " and %" G_GSIZE_FORMAT, GENERIC_GROUP,
      GENERIC_MAX_N * sizeof (cl_float2), dev->name,
      dev->max_work_group_size, (gsize) dev->local_mem_size);
  return FALSE;
}

/* The build options of the program for lines whose prime factors are at
 * most largest_prime (SMOOTH_PRIME or LARGEST_PRIME). MAX_VALUES: a
 * work-item's share of the longest line plus the largest radix. */
static gchar *
program_options (guint largest_prime)
{
  const guint smooth = largest_prime <= SMOOTH_PRIME;

  return g_strdup_printf ("-D GROUP=%u -D MAX_N=%u -D MAX_VALUES=%u "
      "-D BUTTERFLY_LARGEST_PRIME=%u", GENERIC_GROUP, GENERIC_MAX_N,
      GENERIC_MAX_N / GENERIC_GROUP + (smooth ? 8 : LARGEST_PRIME),
      smooth ? SMOOTH_PRIME : LARGEST_PRIME);
}

gboolean
clfft_filter_generic_worth_preparing (ClfftEngine * engine)
{
  return (clfft_engine_get_device (engine)->type & CL_DEVICE_TYPE_CPU) == 0;
}

gboolean
clfft_filter_generic_prepare (ClfftEngine * engine, GError ** error)
{
  gchar *options;
  gboolean ok;

  if (!device_supported (engine, error))
    return FALSE;
  options = program_options (SMOOTH_PRIME);
  ok = clfft_engine_get_program (engine, "filter_generic.cl", options,
      error) != NULL;
  g_free (options);
  return ok;
}

ClfftFilterGeneric *
clfft_filter_generic_new (ClfftEngine * engine, guint width, guint height,
    gsize pixel_size, GError ** error)
{
  ClfftFilterGeneric *g;
  gchar *options;
  cl_uint row_radices, column_radices;
  guint largest_prime = 2;
  gboolean ok;

  if (!side_supported (width, &row_radices, &largest_prime, error)
      || !side_supported (height, &column_radices, &largest_prime, error)
      || !device_supported (engine, error))
    return NULL;
  g = g_new0 (ClfftFilterGeneric, 1);
  g->engine = clfft_engine_ref (engine);
  g->wide = pixel_size == 2;
  g->width = width;
  g->height = height;
  g->row_radices = row_radices;
  g->column_radices = column_radices;
  options = program_options (largest_prime);
  ok = (g->rows_forward = clfft_kernel_new (engine, "filter_generic.cl",
          options, "rows_forward", error))
      && (g->columns = clfft_kernel_new (engine, "filter_generic.cl",
          options, "columns_filter", error))
      && (g->rows_inverse = clfft_kernel_new (engine, "filter_generic.cl",
          options, "rows_inverse", error))
      && group_fits (g, g->rows_forward, error)
      && group_fits (g, g->columns, error)
      && group_fits (g, g->rows_inverse, error);
  g_free (options);
  if (!ok) {
    clfft_filter_generic_free (g);
    return NULL;
  }
  return g;
}

void
clfft_filter_generic_free (ClfftFilterGeneric * g)
{
  if (!g)
    return;
  clfft_kernel_release (&g->rows_forward);
  clfft_kernel_release (&g->columns);
  clfft_kernel_release (&g->rows_inverse);
  clfft_engine_unref (g->engine);
  g_free (g);
}

/* The three passes of a frame (see clfft_filter_generic_enqueue); empty:
 * with lines of no length (clfft_filter_generic_launch_empty). */
static gboolean
enqueue_passes (ClfftFilterGeneric * g, gboolean empty, cl_mem pixels,
    cl_mem spectrum, guint pitch, cl_mem gain, cl_mem pixels_out,
    gfloat scale, gfloat offset, gboolean magnitude, GError ** error)
{
  const cl_uint bins = g->width / 2 + 1, cl_pitch = pitch;
  const cl_uint width = empty ? 0 : g->width, height = empty ? 0 : g->height;
  const cl_uint row_radices = empty ? 0 : g->row_radices;
  const cl_uint column_radices = empty ? 0 : g->column_radices;
  const cl_uint cl_magnitude = magnitude;
  const gsize local = GENERIC_GROUP;
  const gsize rows_global = (gsize) g->height * GENERIC_GROUP;
  const gsize columns_global = (gsize) bins * GENERIC_GROUP;
  const ClfftArgsRowsForward forward = {
    .pixels = pixels,
    .wide = g->wide,
    .width = width,
    .radices = row_radices,
    .spectrum = spectrum,
    .pitch = cl_pitch,
  };
  const ClfftArgsColumnsFilter columns = {
    .spectrum = spectrum,
    .pitch = cl_pitch,
    .height = height,
    .radices = column_radices,
    .gain = gain,
  };
  const ClfftArgsRowsInverse inverse = {
    .spectrum = spectrum,
    .pitch = cl_pitch,
    .width = width,
    .radices = row_radices,
    .pixels = pixels_out,
    .wide = g->wide,
    .scale = scale,
    .offset = offset,
    .magnitude = cl_magnitude,
  };

  return clfft_kernel_args_rows_forward (g->rows_forward, &forward, error)
      && clfft_kernel_enqueue (g->engine, g->rows_forward, 1, &rows_global,
      &local, NULL, "generic rows_forward", error)
      && clfft_kernel_args_columns_filter (g->columns, &columns, error)
      && clfft_kernel_enqueue (g->engine, g->columns, 1, &columns_global,
      &local, NULL, "generic columns_filter", error)
      && clfft_kernel_args_rows_inverse (g->rows_inverse, &inverse, error)
      && clfft_kernel_enqueue (g->engine, g->rows_inverse, 1, &rows_global,
      &local, NULL, "generic rows_inverse", error);
}

gboolean
clfft_filter_generic_enqueue (ClfftFilterGeneric * g, cl_mem pixels,
    cl_mem spectrum, guint pitch, cl_mem gain, cl_mem pixels_out,
    gfloat scale, gfloat offset, gboolean magnitude, GError ** error)
{
  return enqueue_passes (g, FALSE, pixels, spectrum, pitch, gain, pixels_out,
      scale, offset, magnitude, error);
}

gboolean
clfft_filter_generic_launch_empty (ClfftFilterGeneric * g, cl_mem pixels,
    cl_mem spectrum, guint pitch, cl_mem gain, cl_mem pixels_out,
    GError ** error)
{
  cl_int st;

  if (!enqueue_passes (g, TRUE, pixels, spectrum, pitch, gain, pixels_out,
          1.0f, 0.0f, FALSE, error))
    return FALSE;
  st = clFinish (clfft_engine_get_queue (g->engine));
  return st == CL_SUCCESS || clfft_fail (error, st, "clFinish");
}
