/* Real values to pixels by their range: see clfft-stretch.h. */
#include "clfft-stretch.h"
#include "clfft-kernel-args.h"

#include <string.h>

/* normalize.cl: work-items per group, and groups of the range pass */
#define NORMALIZE_GROUP 256
#define NORMALIZE_RANGES 128
/* normalize.cl's HIST_SIZE and the words of its saturation state */
#define SATURATION_HIST_SIZE (3 * 2048)

/* The values' frame, and where its pixels go */
typedef struct
{
  guint width, height, pitch;
  cl_mem pixels;
} StretchFrame;

void
clfft_stretch_clear (ClfftStretch * st)
{
  clfft_kernel_release (&st->value_range);
  clfft_kernel_release (&st->stretch);
  clfft_buffer_release (&st->ranges);
  clfft_kernel_release (&st->saturation_start);
  clfft_kernel_release (&st->saturation_histogram);
  clfft_kernel_release (&st->saturation_pick);
  clfft_buffer_release (&st->hist);
  clfft_buffer_release (&st->whole);
  clfft_buffer_release (&st->picked);
  clfft_buffer_release (&st->saturated);
}

/* normalize.cl's build options for the filter's pixels. */
static gchar *
normalize_options (ClfftStretch * st, gboolean from_zero)
{
  return g_strdup_printf ("-D GROUP=%d%s%s", NORMALIZE_GROUP,
      st->pixel_size == 2 ? " -D STORE_U16" : "",
      from_zero ? " -D FROM_ZERO" : "");
}

gboolean
clfft_stretch_init (ClfftStretch * st, ClfftEngine * engine,
    gsize pixel_size, gboolean from_zero, GError ** error)
{
  gchar *options;
  gboolean ok;

  memset (st, 0, sizeof (*st));
  st->engine = engine;
  st->pixel_size = pixel_size;
  options = normalize_options (st, from_zero);
  ok = (st->value_range = clfft_kernel_new (st->engine,
          "normalize.cl", options, "value_range", error))
      && (st->stretch = clfft_kernel_new (st->engine, "normalize.cl", options,
          "stretch", error))
      && (st->ranges = clfft_buffer_new (st->engine, CL_MEM_READ_WRITE,
          NORMALIZE_RANGES * sizeof (cl_float2), NULL, error));

  g_free (options);
  return ok;
}

/* The saturation's kernels and buffers, with normalize's options. */
static gboolean
saturation_init (ClfftStretch * st, GError ** error)
{
  gchar *options;
  gboolean ok;

  if (st->saturation_pick)
    return TRUE;
  options = normalize_options (st, FALSE);
  ok = (st->saturation_start = clfft_kernel_new (st->engine, "normalize.cl",
          options, "saturation_start", error))
      && (st->saturation_histogram = clfft_kernel_new (st->engine,
          "normalize.cl", options, "saturation_histogram", error))
      && (st->saturation_pick = clfft_kernel_new (st->engine, "normalize.cl",
          options, "saturation_pick", error))
      && (st->hist = clfft_buffer_new (st->engine, CL_MEM_READ_WRITE,
          SATURATION_HIST_SIZE * sizeof (cl_uint), NULL, error))
      && (st->whole = clfft_buffer_new (st->engine, CL_MEM_READ_WRITE,
          sizeof (cl_float2), NULL, error))
      && (st->picked = clfft_buffer_new (st->engine, CL_MEM_READ_WRITE,
          4 * sizeof (cl_uint), NULL, error))
      && (st->saturated = clfft_buffer_new (st->engine, CL_MEM_READ_WRITE,
          sizeof (cl_float2), NULL, error));
  g_free (options);
  return ok;
}

/* After value_range: the values of the saturation's two ranks into
 * st->saturated (normalize.cl), in five launches. */
static gboolean
saturation_enqueue (ClfftStretch * st, const StretchFrame * fr, cl_mem values,
    cl_uint count, gfloat percent, gsize global, GError ** error)
{
  /* truncated: the floor of a positive value */
  const cl_uint k = (cl_uint) ((gdouble) count * percent / 200.0);
  const cl_uint rank_lo = k, rank_hi = count - 1 - k;
  const cl_uint n_ranges = NORMALIZE_RANGES;
  const gsize local = NORMALIZE_GROUP;
  gboolean ok = saturation_init (st, error);
  const ClfftArgsSaturationStart start = {
    .ranges = st->ranges,
    .n_ranges = n_ranges,
    .whole = st->whole,
    .hist = st->hist,
  };

  ok = ok && clfft_kernel_args_saturation_start (st->saturation_start, &start,
      error)
      && clfft_kernel_enqueue (st->engine, st->saturation_start, 1, &local,
      &local, NULL, "saturation_start", error);

  for (cl_uint level = 0; ok && level < 2; level++) {
    const ClfftArgsSaturationHistogram histogram = {
      .values = values,
      .width = fr->width,
      .count = count,
      .pitch = fr->pitch,
      .whole = st->whole,
      .picked = st->picked,
      .level = level,
      .hist = st->hist,
    };
    const ClfftArgsSaturationPick pick = {
      .hist = st->hist,
      .rank_lo = rank_lo,
      .rank_hi = rank_hi,
      .level = level,
      .whole = st->whole,
      .picked = st->picked,
      .saturated = st->saturated,
    };

    ok = clfft_kernel_args_saturation_histogram (st->saturation_histogram,
        &histogram, error)
        && clfft_kernel_enqueue (st->engine, st->saturation_histogram, 1,
        &global, &local, NULL, "saturation_histogram", error)
        && clfft_kernel_args_saturation_pick (st->saturation_pick, &pick,
        error)
        && clfft_kernel_enqueue (st->engine, st->saturation_pick, 1, &local,
        &local, NULL, "saturation_pick", error);
  }
  return ok;
}

/* stretch's arguments: by the values of the saturation's ranks (percent,
 * > 0), which saturation_enqueue makes, or by the ranges. */
static gboolean
stretch_set_args (ClfftStretch * st, const StretchFrame * fr, cl_mem values,
    cl_uint count, gfloat saturation, GError ** error)
{
  const ClfftArgsStretch args = {
    .values = values,
    .width = fr->width,
    .count = count,
    .pitch = fr->pitch,
    .ranges = saturation > 0 ? st->saturated : st->ranges,
    .n_ranges = saturation > 0 ? 1 : NORMALIZE_RANGES,
    .pixels = fr->pixels,
  };

  return clfft_kernel_args_stretch (st->stretch, &args, error);
}

gboolean
clfft_stretch_enqueue (ClfftStretch * st, cl_mem values, guint width,
    guint height, guint pitch, gfloat saturation, cl_mem pixels,
    GError ** error)
{
  const StretchFrame frame = { width, height, pitch, pixels }, *fr = &frame;
  cl_uint count = fr->width * fr->height;
  const ClfftArgsValueRange range = {
    .values = values,
    .width = fr->width,
    .count = count,
    .pitch = fr->pitch,
    .ranges = st->ranges,
  };
  const gsize local = NORMALIZE_GROUP;
  const gsize range_global = NORMALIZE_RANGES * NORMALIZE_GROUP;
  const gsize stretch_global = MIN ((count + local - 1) / local * local,
      (gsize) 1024 * local);

  return clfft_kernel_args_value_range (st->value_range, &range, error)
      && clfft_kernel_enqueue (st->engine, st->value_range, 1, &range_global,
      &local, NULL, "value_range", error)
      && (saturation <= 0 || saturation_enqueue (st, fr, values, count,
          saturation, stretch_global, error))
      && stretch_set_args (st, fr, values, count, saturation, error)
      && clfft_kernel_enqueue (st->engine, st->stretch, 1, &stretch_global,
      &local, NULL, "stretch", error);
}

