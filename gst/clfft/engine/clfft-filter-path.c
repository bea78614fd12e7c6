/* The one place where a filter plan's path is chosen: see
 * clfft-filter-path.h. */
#include "clfft-filter-path.h"
#include "clfft-filter-one-launch.h"
#include "clfft-filter-lanes.h"
#include "clfft-passes.h"
#include "clfft-transform.h"

#include <string.h>

/* The largest half spectrum (bins x height) that runs in one launch by
 * default: the one launch beat the three passes clearly at 640x480, was
 * within their spread at 1280x720 (so not worth its slower frames when
 * other work holds the GPU), and lost at 1920x1080, where the row units
 * outnumber the groups that run at once
 * (docs/experiments/2026-11-25-one-launch-recheck.md). */
#define ONE_LAUNCH_MAX_BINS 160000
/* Frames whose spectrum and gains take this many bytes outgrow the cache:
 * half the L2 of the GPUs measured. Where the data do not fit, the cache
 * hints and the mirrored gains made the filter faster; where they fit,
 * the hints cost a little and the mirrored gains nothing
 * (docs/experiments/2026-11-26-cache-hints.md, -mirrored-gains.md). A
 * constant, as NVIDIA's OpenCL reports its L1 caches, not its L2, as the
 * global memory cache. */
#define OUTGROWS_CACHE_MIN_BYTES (25u << 20)

const gchar *
clfft_filter_path_name (ClfftFilterPath path)
{
  switch (path) {
    case CLFFT_FILTER_PATH_GENERIC:
      return "generic filter";
    case CLFFT_FILTER_PATH_PASSES:
      return "three passes";
    case CLFFT_FILTER_PATH_TRANSPOSED:
      return "passes over the transposed spectrum";
    case CLFFT_FILTER_PATH_COLUMNS_IN_TWO_PASSES:
      return "columns in two passes across the rows";
    case CLFFT_FILTER_PATH_SPLIT_COLUMNS:
      return "columns split in two halves by the rows";
    case CLFFT_FILTER_PATH_ONE_LAUNCH:
      return "one launch";
    case CLFFT_FILTER_PATH_LANES:
      return "SIMD lanes";
    case CLFFT_FILTER_PATH_SPECTRUM_VIEW:
      return "spectrum view";
  }
  return "?";
}

/* The path where rows and columns each run in one pass of the half
 * spectrum; why receives the reason. */
static ClfftFilterPath
one_pass_path (const ClfftDeviceInfo * dev, const ClfftOverrides * o,
    gsize spectrum_bins, gchar * why, gsize why_size)
{
  const gboolean cpu = (dev->type & CL_DEVICE_TYPE_CPU) != 0;
  const gboolean one_launch_runs = clfft_filter_one_launch_supported (dev);

  if (o->lanes == CLFFT_OVERRIDE_ON || (cpu
          && o->lanes == CLFFT_OVERRIDE_UNSET)) {
    g_strlcpy (why, o->lanes == CLFFT_OVERRIDE_ON ? "CLFFT_LANES_FILTER "
        "asks for them" : "the device is a CPU, whose compiler runs the "
        "passes one value at a time", why_size);
    return CLFFT_FILTER_PATH_LANES;
  }
  if (o->lanes == CLFFT_OVERRIDE_OFF && cpu)
    g_strlcpy (why, "CLFFT_LANES_FILTER=0; ", why_size);
  if (!one_launch_runs) {
    g_strlcat (why, "the device has no fence across work-groups that the "
        "one launch knows", why_size);
    return CLFFT_FILTER_PATH_PASSES;
  }
  if (o->one_launch == CLFFT_OVERRIDE_OFF) {
    g_strlcat (why, "CLFFT_ONE_LAUNCH_FILTER=0", why_size);
    return CLFFT_FILTER_PATH_PASSES;
  }
  if (o->one_launch == CLFFT_OVERRIDE_ON) {
    g_strlcat (why, "CLFFT_ONE_LAUNCH_FILTER=1", why_size);
    return CLFFT_FILTER_PATH_ONE_LAUNCH;
  }
  if (!(dev->type & CL_DEVICE_TYPE_GPU)) {
    g_strlcat (why, "the one launch pays on GPUs only", why_size);
    return CLFFT_FILTER_PATH_PASSES;
  }
  if (spectrum_bins > ONE_LAUNCH_MAX_BINS) {
    gsize used = strlen (why);

    g_snprintf (why + used, why_size - used, "the half spectrum of %"
        G_GSIZE_FORMAT " bins is above the one launch's %u", spectrum_bins,
        ONE_LAUNCH_MAX_BINS);
    return CLFFT_FILTER_PATH_PASSES;
  }
  g_strlcat (why, "the frame is small and the device a GPU: its launches "
      "would cost more than its passes take", why_size);
  return CLFFT_FILTER_PATH_ONE_LAUNCH;
}

void
clfft_filter_path_choose (const ClfftDeviceInfo * dev,
    const ClfftOverrides * overrides, guint width, guint height,
    guint frames, ClfftFilterChoice * choice)
{
  const guint bins = width / 2 + 1;
  /* a batch's frames are in the cache at once */
  const gsize data = (gsize) bins * height * (sizeof (cl_float2) +
      sizeof (cl_float)) * MAX (frames, 1);
  guint align = CLFFT_SECTOR_VALUES;
  gboolean rows_direct, split;

  memset (choice, 0, sizeof (*choice));
  choice->pairs = width % 2 == 0
      && clfft_transform_length_supported (width / 2);
  rows_direct = clfft_row_length_direct (choice->pairs ? width / 2 : width);
  if (overrides->cache_hints != CLFFT_OVERRIDE_UNSET)
    choice->outgrows_cache = overrides->cache_hints == CLFFT_OVERRIDE_ON;
  else
    choice->outgrows_cache = data >= OUTGROWS_CACHE_MIN_BYTES;

  /* columns of H as two of H / 2 (a radix-2 step in the rows, which
   * need pixel pairs in one pass): where a column of H would take two
   * passes each way, the half takes one, and the spectrum goes through
   * memory four times a frame instead of eight
   * (docs/experiments/2026-12-02-8k-split-columns.md) */
  split = choice->pairs && rows_direct && height % 2 == 0
      && clfft_row_length_direct (height / 2)
      && overrides->split_columns != CLFFT_OVERRIDE_OFF;
  if (split && (overrides->split_columns == CLFFT_OVERRIDE_ON
          || !clfft_row_length_direct (height))) {
    choice->path = CLFFT_FILTER_PATH_SPLIT_COLUMNS;
    if (overrides->split_columns == CLFFT_OVERRIDE_ON)
      g_snprintf (choice->why, sizeof (choice->why), "CLFFT_SPLIT_COLUMNS=1:"
          " columns of %u as two of %u", height, height / 2);
    else
      g_snprintf (choice->why, sizeof (choice->why), "a column of %u takes "
          "two passes each way (above %u), a half of it one", height,
          CLFFT_MAX_ROW_LENGTH);
  } else if (!clfft_row_length_direct (height)
      && clfft_transform_length_direct (height)) {
    choice->path = CLFFT_FILTER_PATH_COLUMNS_IN_TWO_PASSES;
    g_snprintf (choice->why, sizeof (choice->why), "a column of %u takes "
        "two passes (above %u)", height, CLFFT_MAX_ROW_LENGTH);
  } else if (!clfft_row_length_direct (height)) {
    choice->path = CLFFT_FILTER_PATH_TRANSPOSED;
    g_snprintf (choice->why, sizeof (choice->why), "a column of %u runs "
        "through Bluestein (a prime factor above 13)", height);
  } else if (!choice->pairs || !rows_direct) {
    choice->path = CLFFT_FILTER_PATH_PASSES;
    g_snprintf (choice->why, sizeof (choice->why), "rows of %u take more "
        "than one pass or are not pixel pairs: neither the one launch nor "
        "the lanes take them", width);
  } else {
    choice->path = one_pass_path (dev, overrides, (gsize) bins * height,
        choice->why, sizeof (choice->why));
  }
  if (choice->path == CLFFT_FILTER_PATH_LANES)
    align = MAX (CLFFT_SECTOR_VALUES, CLFFT_FILTER_LANES);
  choice->pitch = choice->path == CLFFT_FILTER_PATH_TRANSPOSED ? bins :
      (bins + align - 1) / align * align;
}
