/* The filter's ways through a frame, the one launch
 * (kernels/filter_one_launch.cl), the passes in SIMD lanes
 * (kernels/fft_lanes.cl), the three passes of fft_stockham.cl and the
 * generic filter that a new size's first frames run
 * (kernels/filter_generic.cl), against the filter computed in
 * double precision and against each other: frame sizes, 16-bit pixels,
 * padding, teams of every size, frames that the one launch and the lanes
 * do not take, and the passes of frames that outgrow the cache, with the
 * masks whose half the columns read. */
#include <gst/check/gstcheck.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "engine/clfft-filter2d.h"
#include "engine/clfft-filter2d-batch.h"
#include "engine/clfft-frame-filter.h"
#include "engine/clfft-overrides.h"
#include "engine/clfft-filter-one-launch.h"
#include "engine/clfft-filter-lanes.h"
#include "engine/clfft-filter-path.h"
#include "engine/clfft-passes.h"
#include "engine/clfft-testing.h"
#include "engine/clfft-transform.h"
#include "engine/clfft-tuning.h"
#include "gstclfftmask.h"
#include "reference.h"

static ClfftEngine *engine;
static GRand *rng;

/* The engine's log, on stderr: why a filter declined the one launch or
 * the lanes. */
static void
print_log (ClfftLogLevel level, const gchar * message, gpointer user_data)
{
  if (level <= CLFFT_LOG_INFO)
    g_printerr ("clfft: %s\n", message);
}

static void
setup (void)
{
  GError *error = NULL;

  clfft_set_log_func (print_log, NULL);
  engine = clfft_engine_get (-1, &error);
  fail_unless (engine != NULL, "%s", error ? error->message : "");
  rng = ref_rand_new ();
}

static void
teardown (void)
{
  clfft_engine_unref (engine);
  g_rand_free (rng);
  clfft_set_log_func (NULL, NULL);
  g_unsetenv (CLFFT_ONE_LAUNCH_GROUPS_ENV);
  g_unsetenv (CLFFT_CACHE_HINTS_ENV);
  g_unsetenv (CLFFT_TUNE_ENV);
  g_unsetenv (CLFFT_SPLIT_COLUMNS_ENV);
  g_unsetenv (CLFFT_LANES_ENV);
  g_unsetenv (CLFFT_CHECK_BUILDS_ENV);
  g_unsetenv (CLFFT_ONE_LAUNCH_ENV);
  clfft_testing_spoil_build_checks (0);
}

typedef struct
{
  guint width, height;
  gboolean wide;                /* 16-bit pixels */
  gboolean magnitude;
  gfloat gain, offset;
} Case;

/* The case's output for frame (w x h pixels) filtered by gain (one per
 * bin of the full w x h spectrum): real part of the inverse DFT of the
 * spectrum times gain, in double precision, then as the pixel stores
 * make it: |v| or v, times the gain, plus the offset, rounded half up,
 * saturated. */
static guint16 *
reference_pixels (const Case * c, const guint16 * frame, const gfloat * gain)
{
  const guint w = c->width, h = c->height;
  const gsize n = (gsize) w * h;
  const gdouble top = c->wide ? 65535.0 : 255.0;
  gdouble *x = g_new0 (gdouble, 2 * n), *spectrum = g_new (gdouble, 2 * n);
  guint16 *out = g_new (guint16, n);

  for (gsize i = 0; i < n; i++)
    x[2 * i] = frame[i];
  ref_dft_2d (x, spectrum, w, h, -1);
  for (gsize i = 0; i < n; i++) {
    spectrum[2 * i] *= gain[i];
    spectrum[2 * i + 1] *= gain[i];
  }
  ref_dft_2d (spectrum, x, w, h, 1);
  for (gsize i = 0; i < n; i++) {
    gdouble v = x[2 * i] / n;

    v = (c->magnitude ? fabs (v) : v) * c->gain + c->offset;
    out[i] = (guint16) CLAMP (floor (v + 0.5), 0.0, top);
  }
  g_free (x);
  g_free (spectrum);
  return out;
}

static guint8 *
to_bytes (const Case * c, const guint16 * pixels)
{
  const gsize n = (gsize) c->width * c->height;
  guint8 *bytes = g_malloc (n * (c->wide ? 2 : 1));

  for (gsize i = 0; i < n; i++) {
    if (c->wide)
      ((guint16 *) bytes)[i] = pixels[i];
    else
      bytes[i] = pixels[i];
  }
  return bytes;
}

static guint
pixel_at (const Case * c, const guint8 * bytes, gsize i)
{
  return c->wide ? ((const guint16 *) bytes)[i] : bytes[i];
}

static guint
distinct_values (const Case * c, const guint8 * pixels)
{
  GHashTable *seen = g_hash_table_new (NULL, NULL);
  guint count;

  for (gsize i = 0; i < (gsize) c->width * c->height; i++)
    g_hash_table_add (seen, GUINT_TO_POINTER (pixel_at (c, pixels, i)));
  count = g_hash_table_size (seen);
  g_hash_table_destroy (seen);
  return count;
}

/* Fails unless got is within 1 of want everywhere (float against double
 * rounds some values on the other side of a half), and equal in all but
 * 2% of the pixels. */
static void
assert_close (const Case * c, const guint8 * got, const guint8 * want,
    const gchar * what)
{
  const gsize n = (gsize) c->width * c->height;
  gsize differ = 0;

  for (gsize i = 0; i < n; i++) {
    gint d = (gint) pixel_at (c, got, i) - (gint) pixel_at (c, want, i);

    if (ABS (d) > 1)
      fail ("%ux%u%s, %s: pixel %" G_GSIZE_FORMAT " is %u, not %u",
          c->width, c->height, c->wide ? " (16-bit)" : "", what, i,
          pixel_at (c, got, i), pixel_at (c, want, i));
    differ += d != 0;
  }
  fail_unless (differ * 50 <= n, "%ux%u, %s: %" G_GSIZE_FORMAT " of %"
      G_GSIZE_FORMAT " pixels differ by 1", c->width, c->height, what,
      differ, n);
}

/* A random gain for a w x h spectrum; mirrored: the same at ky and -ky
 * (not at kx and -kx), so that the columns may read half of it. */
static gfloat *
random_gain (guint w, guint h, gboolean mirrored)
{
  gfloat *gain = g_new (gfloat, (gsize) w * h);

  for (gsize i = 0; i < (gsize) w * h; i++)
    gain[i] = g_rand_double_range (rng, 0, 1);
  for (guint ky = h / 2 + 1; mirrored && ky < h; ky++)
    memcpy (gain + (gsize) ky * w, gain + (gsize) (h - ky) * w,
        w * sizeof (gfloat));
  return gain;
}

/* Removes the tuning choices on disk and in memory, so that the next
 * tuned pass is timed; the tuning's statistics so far in *before. */
static void
forget_tuning_choices (ClfftTuningStats * before)
{
  gchar *dir = clfft_program_cache_dir ();
  GPtrArray *entries = ref_files_with_prefix (dir, "tuning-");

  for (guint i = 0; i < entries->len; i++)
    g_unlink (g_ptr_array_index (entries, i));
  g_ptr_array_unref (entries);
  g_free (dir);
  clfft_tuning_forget ();
  clfft_tuning_get_stats (before);
}

/* Whether the test's device takes the lanes where a frame fits them: on
 * CPUs, unless CLFFT_LANES_FILTER says otherwise (as the environment of
 * some runs of this suite does). */
static gboolean
device_takes_lanes (void)
{
  const gchar *lanes = g_getenv (CLFFT_LANES_ENV);

  if (lanes)
    return g_strcmp0 (lanes, "0") != 0;
  return (clfft_engine_get_device (engine)->type & CL_DEVICE_TYPE_CPU) != 0;
}

/* Filters frames of the case in one launch where expect_one_launch, in
 * lanes where expect_lanes and the device wants them (CPUs), and in three
 * passes; checks each against the reference and the passes. With
 * mirrored_gains, frames 0 and 2 take a mirrored gain and frame 1 one that
 * is not (the columns read half of the first where the filter takes the
 * frame as outgrowing the cache, and the column pass runs in one pass). */
static void
check_case_gains (const Case * c, ClfftPadding padding,
    gboolean expect_one_launch, gboolean expect_lanes,
    gboolean mirrored_gains)
{
  const guint w = c->width, h = c->height, n_frames = 3;
  const gsize n = (gsize) w * h, row_bytes = w * (c->wide ? 2 : 1);
  const guint top = c->wide ? 65536 : 256;
  GError *error = NULL;
  ClfftFilter2d *filter = clfft_filter2d_new (engine, w, h,
      c->wide ? CLFFT_PIXELS_U16 : CLFFT_PIXELS_U8, padding, &error);
  const gboolean outgrows =
      g_strcmp0 (g_getenv (CLFFT_CACHE_HINTS_ENV), "1") == 0;
  guint tw, th;
  gfloat *gain = NULL;
  gboolean mirrored = FALSE;
  guint16 *frame = g_new (guint16, n);
  guint8 *one_launch = g_malloc (n * 2), *passes = g_malloc (n * 2);
  guint8 *lanes = g_malloc (n * 2);

  fail_unless (filter != NULL, "%s", error ? error->message : "");
  /* hints asked for every size are taken where the device takes them */
  if (outgrows)
    fail_unless_equals_int (clfft_filter2d_get_cache_hints (filter),
        clfft_row_cache_hints_supported (clfft_engine_get_device (engine)));
  clfft_filter2d_get_transform_size (filter, &tw, &th);
  clfft_filter2d_set_output (filter, c->magnitude ? CLFFT_OUTPUT_ABS :
      CLFFT_OUTPUT_CLAMP, c->gain, c->offset);

  /* several frames: each launch takes the other slot of the team's state */
  for (guint i = 0; i < n_frames; i++) {
    guint16 *want;
    guint8 *frame_bytes, *want_bytes;

    if (i == 0 || mirrored_gains) {
      mirrored = mirrored_gains && i % 2 == 0;
      g_free (gain);
      gain = random_gain (tw, th, mirrored);
      fail_unless (clfft_filter2d_set_gain (filter, gain, &error), "%s",
          error ? error->message : "");
    }
    for (gsize p = 0; p < n; p++)
      frame[p] = g_rand_int_range (rng, 0, top);
    frame_bytes = to_bytes (c, frame);
    fail_unless_equals_int (clfft_filter2d_set_one_launch (filter, TRUE),
        expect_one_launch);
    /* the one launch and the lanes read the whole gain */
    if (expect_one_launch)
      fail_if (clfft_filter2d_get_gain_mirrored (filter));
    fail_unless (clfft_filter2d_process (filter, frame_bytes, row_bytes,
            one_launch, row_bytes, &error), "%s", error ? error->message : "");
    fail_if (clfft_filter2d_set_one_launch (filter, FALSE));
    fail_unless_equals_int (clfft_filter2d_set_lanes (filter, TRUE),
        expect_lanes && device_takes_lanes ());
    if (expect_lanes && device_takes_lanes ())
      fail_if (clfft_filter2d_get_gain_mirrored (filter));
    fail_unless (clfft_filter2d_process (filter, frame_bytes, row_bytes,
            lanes, row_bytes, &error), "%s", error ? error->message : "");
    fail_if (clfft_filter2d_set_lanes (filter, FALSE));
    fail_unless_equals_int (clfft_filter2d_get_gain_mirrored (filter),
        mirrored && outgrows && clfft_row_length_direct (th));
    fail_unless (clfft_filter2d_process (filter, frame_bytes, row_bytes,
            passes, row_bytes, &error), "%s", error ? error->message : "");
    if (padding == CLFFT_PADDING_NONE) {
      want = reference_pixels (c, frame, gain);
      want_bytes = to_bytes (c, want);
      assert_close (c, one_launch, want_bytes, "one launch, reference");
      assert_close (c, lanes, want_bytes, "lanes, reference");
      assert_close (c, passes, want_bytes, "passes, reference");
      g_free (want);
      g_free (want_bytes);
    }
    assert_close (c, one_launch, passes, "one launch, passes");
    assert_close (c, lanes, passes, "lanes, passes");
    /* outputs of many values, not a saturated or empty frame */
    fail_unless (distinct_values (c, passes) >= 16, "%ux%u: %u values",
        c->width, c->height, distinct_values (c, passes));
    g_free (frame_bytes);
  }
  clfft_filter2d_free (filter);
  g_free (gain);
  g_free (frame);
  g_free (one_launch);
  g_free (lanes);
  g_free (passes);
}

static void
check_case (const Case * c, ClfftPadding padding, gboolean expect_one_launch,
    gboolean expect_lanes)
{
  check_case_gains (c, padding, expect_one_launch, expect_lanes, FALSE);
}

static ClfftDeviceInfo
fake_device (cl_device_type type, const gchar * vendor, const gchar * name)
{
  ClfftDeviceInfo dev;

  memset (&dev, 0, sizeof (dev));
  dev.type = type;
  dev.vendor = (gchar *) vendor;
  dev.name = (gchar *) name;
  dev.max_work_group_size = 1024;
  dev.local_mem_size = 48 << 10;
  return dev;
}

/* The chooser's answers: which path, pitch and cache measures a frame
 * size gets on an NVIDIA GPU, PoCL and a GPU whose fence the one launch
 * does not know, with no overrides and with each override. The table in
 * docs/design.md, "Which filter path runs", says the same. */
GST_START_TEST (test_path_chooser)
{
  const ClfftDeviceInfo nvidia = fake_device (CL_DEVICE_TYPE_GPU,
      "NVIDIA Corporation", "NVIDIA H100 80GB HBM3"), pocl =
      fake_device (CL_DEVICE_TYPE_CPU, "GenuineIntel",
      "pthread-skylake-avx512"), other_gpu =
      fake_device (CL_DEVICE_TYPE_GPU, "Advanced Micro Devices, Inc.",
      "gfx1100");
  const ClfftFilterPath P = CLFFT_FILTER_PATH_PASSES,
      T = CLFFT_FILTER_PATH_TRANSPOSED, O = CLFFT_FILTER_PATH_ONE_LAUNCH,
      L = CLFFT_FILTER_PATH_LANES,
      C = CLFFT_FILTER_PATH_COLUMNS_IN_TWO_PASSES,
      S = CLFFT_FILTER_PATH_SPLIT_COLUMNS;
  const struct
  {
    guint w, h;
    ClfftFilterPath nvidia, pocl, other_gpu;
    gboolean outgrows;
  } cases[] = {
    {640, 480, O, L, P, FALSE},         /* 154080 bins: one launch */
    {1280, 720, P, L, P, FALSE},
    {1920, 1080, P, L, P, FALSE},       /* 12.5 MB of spectrum and gain */
    {3840, 2160, P, L, P, TRUE},        /* 49.8 MB */
    {7680, 4320, S, S, S, TRUE},        /* columns above 4096, 2160 each */
    {7682, 4320, C, C, C, TRUE},        /* half width 3841 = 23 x 167 */
    {7681, 4320, C, C, C, TRUE},        /* odd width: no pixel pairs */
    {64, 8194, T, T, T, FALSE},         /* 8194 = 2 x 17 x 241 */
    {64, 8192, S, S, S, FALSE},         /* halves of 4096 */
    {64, 4099, T, T, T, FALSE},         /* 4099 is prime: Bluestein */
    {1366, 768, P, P, P, FALSE},        /* half width 683: Bluestein */
    {1921, 1080, P, P, P, FALSE},       /* odd width: no pixel pairs */
    {640, 479, T, T, T, FALSE},         /* 479 is prime */
    {8192, 64, P, L, P, FALSE},         /* half width 4096: one pass */
    {8194, 64, P, P, P, FALSE},         /* half width 4097: two passes */
  };
  ClfftOverrides none, o;
  ClfftFilterChoice c;

  memset (&none, 0, sizeof (none));
  none.one_launch = none.lanes = none.cache_hints = none.split_columns =
      CLFFT_OVERRIDE_UNSET;
  none.tune_pick = -1;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    const guint w = cases[i].w, h = cases[i].h, bins = w / 2 + 1;
    guint align;
    const ClfftDeviceInfo *devs[] = { &nvidia, &pocl, &other_gpu };
    const ClfftFilterPath want[] = { cases[i].nvidia, cases[i].pocl,
      cases[i].other_gpu
    };

    for (guint d = 0; d < G_N_ELEMENTS (devs); d++) {
      clfft_filter_path_choose (devs[d], &none, w, h, 1, &c);
      fail_unless (c.path == want[d], "%ux%u on %s: %s, not %s (%s)", w, h,
          devs[d]->name, clfft_filter_path_name (c.path),
          clfft_filter_path_name (want[d]), c.why);
      fail_unless_equals_int (c.outgrows_cache, cases[i].outgrows);
      fail_unless_equals_int (c.pairs, w % 2 == 0);
      fail_unless (c.why[0] != '\0');
      /* rows 32 bytes apart (the columns in two passes' too), or whole
       * lanes; the transposed route keeps the bins as they are */
      align = c.path == L ? 8 : 4;
      fail_unless_equals_int (c.pitch, c.path == T ? bins :
          (bins + align - 1) / align * align);
    }
  }

  /* the overrides, at 640x480 */
  o = none;
  o.lanes = CLFFT_OVERRIDE_OFF;
  clfft_filter_path_choose (&pocl, &o, 640, 480, 1, &c);
  fail_unless (c.path == P, "%s", c.why);
  o.one_launch = CLFFT_OVERRIDE_ON;
  clfft_filter_path_choose (&pocl, &o, 640, 480, 1, &c);
  fail_unless (c.path == O, "%s", c.why);
  o = none;
  o.one_launch = CLFFT_OVERRIDE_OFF;
  clfft_filter_path_choose (&nvidia, &o, 640, 480, 1, &c);
  fail_unless (c.path == P, "%s", c.why);
  o.one_launch = CLFFT_OVERRIDE_ON;
  clfft_filter_path_choose (&nvidia, &o, 1920, 1080, 1, &c);
  fail_unless (c.path == O, "%s", c.why);
  clfft_filter_path_choose (&other_gpu, &o, 640, 480, 1, &c);
  fail_unless (c.path == P, "no fence, no one launch: %s", c.why);
  o = none;
  o.lanes = CLFFT_OVERRIDE_ON;
  clfft_filter_path_choose (&nvidia, &o, 1920, 1080, 1, &c);
  fail_unless (c.path == L, "%s", c.why);
  o = none;
  o.cache_hints = CLFFT_OVERRIDE_ON;
  clfft_filter_path_choose (&nvidia, &o, 640, 480, 1, &c);
  fail_unless (c.outgrows_cache);
  o.cache_hints = CLFFT_OVERRIDE_OFF;
  clfft_filter_path_choose (&nvidia, &o, 3840, 2160, 1, &c);
  fail_if (c.outgrows_cache);
  o = none;
  o.split_columns = CLFFT_OVERRIDE_OFF;
  clfft_filter_path_choose (&nvidia, &o, 7680, 4320, 1, &c);
  fail_unless (c.path == C, "%s", c.why);
  o.split_columns = CLFFT_OVERRIDE_ON;
  clfft_filter_path_choose (&pocl, &o, 640, 480, 1, &c);
  fail_unless (c.path == S, "%s", c.why);
  /* halves that take two passes, or no pixel pairs: not split */
  clfft_filter_path_choose (&nvidia, &o, 640, 8194 * 2, 1, &c);
  fail_unless (c.path != S, "%s", c.why);
  clfft_filter_path_choose (&nvidia, &o, 641, 480, 1, &c);
  fail_unless (c.path != S, "%s", c.why);

  /* a batch's frames share the cache: RGB's three 1920x1080 channels
   * outgrow it, YUY2's two (24.9 MB) do not */
  clfft_filter_path_choose (&nvidia, &none, 1920, 1080, 3, &c);
  fail_unless (c.outgrows_cache);
  clfft_filter_path_choose (&nvidia, &none, 1920, 1080, 2, &c);
  fail_if (c.outgrows_cache);
}

GST_END_TEST;

/* A filter on the test's device takes, once its own programs are in, the
 * path that the chooser names for it, and logs the choice. */
static void
capture_choice (ClfftLogLevel level, const gchar * message, gpointer data)
{
  if (strstr (message, " filter: "))
    g_ptr_array_add (data, g_strdup (message));
}

GST_START_TEST (test_filter_takes_chosen_path)
{
  const guint sizes[][2] = { {64, 48}, {640, 480}, {320, 479}, {202, 60},
  {63, 48}, {6, 4320}, {4, 4099}
  };
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  ClfftOverrides overrides;

  clfft_overrides_read (&overrides);
  clfft_set_log_func (capture_choice, lines);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++) {
    const guint w = sizes[i][0], h = sizes[i][1];
    GError *error = NULL;
    ClfftFilter2d *filter = clfft_filter2d_new (engine, w, h,
        CLFFT_PIXELS_U8, CLFFT_PADDING_NONE, &error);
    ClfftFilterChoice c;
    gchar *expected;
    gboolean logged = FALSE;

    fail_unless (filter != NULL, "%s", error ? error->message : "");
    fail_unless (clfft_filter2d_finish_own_programs (filter, &error), "%s",
        error ? error->message : "");
    clfft_filter_path_choose (clfft_engine_get_device (engine), &overrides,
        w, h, 1, &c);
    fail_unless (clfft_filter2d_get_path (filter) == c.path, "%ux%u: %s, "
        "not %s", w, h,
        clfft_filter_path_name (clfft_filter2d_get_path (filter)),
        clfft_filter_path_name (c.path));
    fail_unless_equals_int (clfft_filter2d_get_spectrum_pitch (filter),
        c.pitch);
    expected = g_strdup_printf ("the %ux%u filter: %s, as %s", w, h,
        clfft_filter_path_name (c.path), c.why);
    for (guint l = 0; l < lines->len; l++)
      logged |= g_str_has_prefix (g_ptr_array_index (lines, l), expected);
    fail_unless (logged, "no log line \"%s\"", expected);
    /* the path the view and normalize take, whatever the plan's */
    clfft_filter2d_set_mode (filter, CLFFT_MODE_SPECTRUM);
    fail_unless (clfft_filter2d_get_path (filter) ==
        CLFFT_FILTER_PATH_SPECTRUM_VIEW);
    g_free (expected);
    clfft_filter2d_free (filter);
    g_ptr_array_set_size (lines, 0);
  }
  clfft_set_log_func (print_log, NULL);
  g_ptr_array_unref (lines);
}

GST_END_TEST;

GST_START_TEST (test_paths_match_reference)
{
  /* heights and half widths of one, two and three radix stages, rows of
   * several work-groups' worth, heights and bins that fill the last
   * work-item's lanes in part (90 rows, 33 bins, 7 rows of 8 bins), a
   * half width of one pixel pair, radices 11 and 13 (a half width of 13,
   * a height of 22), a magnitude and a signed output */
  const Case cases[] = {
    {64, 48, FALSE, TRUE, 3.0f, 0.0f},
    {96, 90, FALSE, FALSE, 1.0f, 128.0f},
    {160, 120, FALSE, TRUE, 2.0f, 0.0f},
    {256, 200, FALSE, FALSE, 1.0f, 100.0f},
    {8, 4, FALSE, TRUE, 1.0f, 0.0f},
    {14, 7, FALSE, FALSE, 1.0f, 128.0f},
    {2, 60, FALSE, FALSE, 1.0f, 128.0f},
    {26, 22, FALSE, TRUE, 2.0f, 0.0f},
    {64, 48, TRUE, TRUE, 1.0f, 0.0f},
    {96, 90, TRUE, FALSE, 1.0f, 32768.0f},
  };

  /* columns above 4096: split in two halves by the rows (4320, 8192),
   * else in two passes across the rows (CLFFT_SPLIT_COLUMNS=0), and
   * through Bluestein over the transposed spectrum (4099); none runs in
   * one launch or in lanes */
  const Case tall[] = {
    {6, 4320, FALSE, FALSE, 1.0f, 128.0f},
    {10, 8192, FALSE, TRUE, 2.0f, 0.0f},
    {4, 4099, FALSE, FALSE, 1.0f, 128.0f},
    {6, 4320, TRUE, FALSE, 1.0f, 32768.0f},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_case (&cases[i], CLFFT_PADDING_NONE, TRUE, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (tall); i++)
    check_case (&tall[i], CLFFT_PADDING_NONE, FALSE, FALSE);
  g_setenv (CLFFT_SPLIT_COLUMNS_ENV, "0", TRUE);
  for (guint i = 0; i < 2; i++)
    check_case (&tall[i], CLFFT_PADDING_NONE, FALSE, FALSE);
}

GST_END_TEST;

GST_START_TEST (test_paths_mirror_padding)
{
  const Case c = { 64, 48, FALSE, TRUE, 3.0f, 0.0f };

  /* 64x48 pads to 96x72: the one launch and the lanes read the mirrored
   * frame */
  check_case (&c, CLFFT_PADDING_MIRROR, TRUE, TRUE);
}

GST_END_TEST;

/* Teams of one group, and of fewer groups than launched: the late ones
 * leave, and the team's groups share all the work. */
GST_START_TEST (test_one_launch_teams)
{
  const Case c = { 160, 120, FALSE, TRUE, 3.0f, 0.0f };
  const gchar *sizes[] = { "1", "2", "3", "7", "64" };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++) {
    g_setenv (CLFFT_ONE_LAUNCH_GROUPS_ENV, sizes[i], TRUE);
    check_case (&c, CLFFT_PADDING_NONE, TRUE, TRUE);
  }
}

GST_END_TEST;

/* Frames whose transforms do not run in one pass each stay in three
 * passes, with the same results. */
GST_START_TEST (test_paths_decline)
{
  const Case cases[] = {
    {63, 48, FALSE, TRUE, 3.0f, 0.0f},  /* odd width: no pixel pairs */
    {64, 47, FALSE, TRUE, 3.0f, 0.0f},  /* height through Bluestein */
    {34, 16, FALSE, TRUE, 3.0f, 0.0f},  /* half width 17: Bluestein */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_case (&cases[i], CLFFT_PADDING_NONE, FALSE, FALSE);
}

GST_END_TEST;

/* The passes as for frames that outgrow the cache, with their cache hints
 * (on NVIDIA's GPUs; elsewhere without) and mirrored gains, and gains
 * that are not mirrored between them: even and odd widths and heights,
 * 8 and 16-bit pixels, a height in two passes each way (the whole gain
 * read in the middle one), and rows long enough to be tuned on their
 * first launch, on CPUs too (the timing runs must leave the input that
 * the rows inverse drops as it was, and the one launch and the lanes,
 * made before, keep the twiddles of the passes that tuning replaces). */
GST_START_TEST (test_paths_cache_hints)
{
  const struct
  {
    Case c;
    gboolean one_launch_and_lanes;
  } cases[] = {
    {{256, 200, FALSE, FALSE, 1.0f, 100.0f}, TRUE},
    {{63, 48, FALSE, TRUE, 3.0f, 0.0f}, FALSE},
    {{96, 90, TRUE, FALSE, 1.0f, 32768.0f}, TRUE},
    {{63, 45, TRUE, FALSE, 1.0f, 32768.0f}, FALSE},
    {{64, 47, FALSE, TRUE, 3.0f, 0.0f}, FALSE},
    {{640, 64, FALSE, FALSE, 1.0f, 100.0f}, TRUE},
    /* columns in two passes each way: the gain in the middle one, read
     * as streaming data */
    {{6, 4320, FALSE, FALSE, 1.0f, 128.0f}, FALSE},
  };
  ClfftTuningStats before, after;

  /* no tuning choices on disk or in memory: the tuned rows are timed */
  forget_tuning_choices (&before);
  g_setenv (CLFFT_CACHE_HINTS_ENV, "1", TRUE);
  g_setenv (CLFFT_TUNE_ENV, "1", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_case_gains (&cases[i].c, CLFFT_PADDING_NONE,
        cases[i].one_launch_and_lanes, cases[i].one_launch_and_lanes, TRUE);
  clfft_tuning_get_stats (&after);
  fail_unless (after.timed > before.timed, "no pass was tuned");
}

GST_END_TEST;

/* clfft2dfilter's radial masks are the same at fy and -fy to the last bit,
 * so that the columns of frames that outgrow the cache read half of them;
 * a notch off the axes is not. */
GST_START_TEST (test_paths_mirrored_masks)
{
  const guint sizes[][2] = { {64, 48}, {63, 45} };
  const GstClfftNotch notch = { 0.25, 0.125 };

  g_setenv (CLFFT_CACHE_HINTS_ENV, "1", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++) {
    const guint w = sizes[i][0], h = sizes[i][1];
    GError *error = NULL;
    ClfftFilter2d *filter = clfft_filter2d_new (engine, w, h,
        CLFFT_PIXELS_U8, CLFFT_PADDING_NONE, &error);
    gfloat *gain = g_new (gfloat, (gsize) w * h);
    GstClfftMaskParams params = { GST_CLFFT_FILTER_NOTCH,
      GST_CLFFT_SHAPE_GAUSSIAN, 2, 0.1, 0.3, &notch, 1, 0.05, NULL, FALSE,
      1, 1, 1.0, 0.0
    };

    fail_unless (filter != NULL, "%s", error ? error->message : "");
    /* the three passes, whose columns may read half of a mask */
    fail_if (clfft_filter2d_set_one_launch (filter, FALSE));
    fail_if (clfft_filter2d_set_lanes (filter, FALSE));
    for (guint type = GST_CLFFT_FILTER_LOWPASS;
        type <= GST_CLFFT_FILTER_NONE; type++)
      for (guint shape = GST_CLFFT_SHAPE_IDEAL;
          shape <= GST_CLFFT_SHAPE_BUTTERWORTH; shape++) {
        if (type == GST_CLFFT_FILTER_CUSTOM)
          continue;
        params.filter = type;
        params.shape = shape;
        params.preserve_dc = type == GST_CLFFT_FILTER_HIGHPASS;
        gst_clfft_mask_fill (gain, w, h, &params);
        fail_unless (clfft_filter2d_set_gain (filter, gain, &error), "%s",
            error ? error->message : "");
        fail_unless_equals_int (clfft_filter2d_get_gain_mirrored (filter),
            type != GST_CLFFT_FILTER_NOTCH);
      }
    clfft_filter2d_free (filter);
    g_free (gain);
  }
}

GST_END_TEST;

/* Tuning in the background: the first frames run the rule's schedules
 * while a thread times the others (no choice in memory or on disk, so it
 * times them), and the tuned passes come in between two frames. Every
 * frame, before, during and after, is the reference's; the rows of 640
 * (320-point passes, forward and inverse) are what it tunes. */
static void
check_background_swap (void)
{
  const Case c = { 640, 48, FALSE, FALSE, 1.0f, 0.0f };
  const gsize n = (gsize) c.width * c.height;
  ClfftTuningStats before, after;
  GError *error = NULL;
  ClfftFilter2d *filter;
  gfloat *gain = random_gain (c.width, c.height, FALSE);
  guint16 *frame = g_new (guint16, n);
  guint8 *out = g_malloc (n);
  gint64 start;
  gdouble seconds = -1.0;
  guint frames = 0, after_swap = 0;

  forget_tuning_choices (&before);
  filter = clfft_filter2d_new (engine, c.width, c.height, CLFFT_PIXELS_U8,
      CLFFT_PADDING_NONE, &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  /* the three passes, which are what is tuned */
  clfft_filter2d_set_one_launch (filter, FALSE);
  clfft_filter2d_set_lanes (filter, FALSE);
  clfft_filter2d_set_tuning (filter, CLFFT_TUNING_BACKGROUND);
  fail_unless_equals_int (clfft_filter2d_get_tuning (filter),
      CLFFT_TUNING_BACKGROUND);
  fail_unless (clfft_filter2d_set_gain (filter, gain, &error), "%s",
      error ? error->message : "");
  start = g_get_monotonic_time ();
  /* until two frames after the swap, or ten minutes */
  while (after_swap < 2
      && g_get_monotonic_time () - start < 600 * G_USEC_PER_SEC) {
    guint16 *want;
    guint8 *frame_bytes, *want_bytes;

    for (gsize p = 0; p < n; p++)
      frame[p] = g_rand_int_range (rng, 0, 256);
    frame_bytes = to_bytes (&c, frame);
    fail_unless (clfft_filter2d_process (filter, frame_bytes, c.width, out,
            c.width, &error), "%s", error ? error->message : "");
    want = reference_pixels (&c, frame, gain);
    want_bytes = to_bytes (&c, want);
    assert_close (&c, out, want_bytes, seconds < 0 ? "before the swap" :
        "after the swap");
    frames++;
    if (seconds >= 0 || clfft_filter2d_take_tuned (filter, &seconds))
      after_swap++;
    g_free (frame_bytes);
    g_free (want);
    g_free (want_bytes);
  }
  fail_unless (seconds >= 0, "the tuning did not finish in ten minutes");
  /* frames ran while it timed: the swap was not at the first frame */
  fail_unless (frames > after_swap, "%u frames, %u after the swap", frames,
      after_swap);
  clfft_tuning_get_stats (&after);
  fail_unless (after.timed >= before.timed + 2, "%u passes timed",
      after.timed - before.timed);
  fail_if (clfft_filter2d_take_tuned (filter, &seconds));
  clfft_filter2d_free (filter);
  g_free (gain);
  g_free (frame);
  g_free (out);
}

GST_START_TEST (test_background_tuning_swaps_between_frames)
{
  check_background_swap ();
}

GST_END_TEST;

/* Extra transforms that the frame filter's plans run for some formats,
 * tuned in the background in a round of their own after the filter's
 * own: I420's U and V as two halves below its Y in the same launches
 * (the stack; its columns are too short to tune), YUY2's Y and its U and
 * V as one channel, in turn in the packed plane. Frames run the three
 * passes on one queue, where these run. The passes timed count both
 * rounds' rows (forward and inverse), the tuning is reported done once,
 * and every frame, before, during and after, is the reference's, channel
 * by channel. */
static void
check_extras_tuned_in_background (const gchar * format)
{
  const guint w = 640, h = 48, cw = w / 2, ch = h / 2;
  const ClfftFrameLayout i420 = {
    3, {w, cw, cw}, {h, ch, ch}, 3, {
      {0, 0, 1, w, h, 8, 0, 1, 1}, {1, 0, 1, cw, ch, 8, 0, 2, 2},
      {2, 0, 1, cw, ch, 8, 0, 2, 2}}
  }, yuy2 = {
    1, {2 * w}, {h}, 3, {
      {0, 0, 2, w, h, 8, 0, 1, 1}, {0, 1, 4, cw, h, 8, 0, 2, 1},
      {0, 3, 4, cw, h, 8, 0, 2, 1}}
  };
  const ClfftFrameLayout *layout = g_str_equal (format, "i420") ? &i420 :
      &yuy2;
  const ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS] = { 0 };
  const gchar *const env[] = { CLFFT_LANES_ENV, CLFFT_ONE_LAUNCH_ENV,
    CLFFT_SIDE_QUEUE_ENV
  };
  gchar *was[G_N_ELEMENTS (env)];
  ClfftTuningStats before, after;
  ClfftHostPlanes in = { 0 }, out = { 0 };
  ClfftFrameFilter *filter;
  ClfftFilter2d *main_plan;
  /* each plan's gain for one channel (where U and V alternate in a
   * channel, the plan's gain is this one repeated across) */
  gfloat *gains[2];
  GError *error = NULL;
  gboolean new_plans;
  gint64 start;
  gdouble seconds = -1.0, again;
  guint frames = 0, after_swap = 0;

  for (guint i = 0; i < G_N_ELEMENTS (env); i++) {
    was[i] = g_strdup (g_getenv (env[i]));
    g_setenv (env[i], "0", TRUE);
  }
  forget_tuning_choices (&before);
  filter = clfft_frame_filter_new (engine, layout, CLFFT_PADDING_NONE,
      &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  clfft_frame_filter_set_tuning (filter, CLFFT_TUNING_BACKGROUND);
  fail_unless (clfft_frame_filter_set_roles (filter, roles, &new_plans,
          &error), "%s", error ? error->message : "");
  /* Y's plan, then U's and V's */
  fail_unless_equals_int (clfft_frame_filter_get_n_plans (filter), 2);
  for (guint p = 0; p < 2; p++) {
    guint tw, th, interleaved;
    ClfftFilter2d *plan = clfft_frame_filter_get_plan (filter, p, NULL,
        NULL, &interleaved);
    gfloat *gain;

    clfft_filter2d_get_transform_size (plan, &tw, &th);
    fail_unless_equals_int (tw / interleaved, p ? cw : w);
    fail_unless_equals_int (th, layout->channels[p].height);
    gains[p] = random_gain (tw / interleaved, th, FALSE);
    gain = g_new (gfloat, (gsize) tw * th);
    for (guint y = 0; y < th; y++)
      for (guint x = 0; x < tw; x++)
        gain[(gsize) y * tw + x] = gains[p][(gsize) y * (tw / interleaved) +
            x % (tw / interleaved)];
    fail_unless (clfft_filter2d_set_gain (plan, gain, &error), "%s",
        error ? error->message : "");
    g_free (gain);
  }
  main_plan = clfft_frame_filter_get_plan (filter, 0, NULL, NULL, NULL);
  for (guint p = 0; p < layout->n_planes; p++) {
    const gsize size = layout->row_bytes[p] * layout->rows[p];

    in.planes[p] = (ClfftHostFrame) {
    g_malloc (size), layout->row_bytes[p], FALSE};
    out.planes[p] = (ClfftHostFrame) {
    g_malloc (size), layout->row_bytes[p], FALSE};
  }
  start = g_get_monotonic_time ();
  /* until two frames after the swap, or ten minutes */
  while (after_swap < 2
      && g_get_monotonic_time () - start < 600 * G_USEC_PER_SEC) {
    for (guint p = 0; p < layout->n_planes; p++)
      for (gsize i = 0; i < layout->row_bytes[p] * layout->rows[p]; i++)
        in.planes[p].data[i] = g_rand_int_range (rng, 0, 256);
    fail_unless (clfft_frame_filter_submit (filter, &in, &out, &error) &&
        clfft_frame_filter_collect (filter, &error), "%s",
        error ? error->message : "");
    for (guint c = 0; c < layout->n_channels; c++) {
      const ClfftFrameChannel *k = &layout->channels[c];
      const Case cs = { k->width, k->height, FALSE, FALSE, 1.0f, 0.0f };
      const gsize n = (gsize) k->width * k->height;
      const gsize pitch = layout->row_bytes[k->plane];
      guint16 *frame = g_new (guint16, n), *want;
      guint8 *got = g_malloc (n), *want_bytes;

      for (guint y = 0; y < k->height; y++)
        for (guint x = 0; x < k->width; x++) {
          const gsize at = y * pitch + k->offset + (gsize) x * k->step;

          frame[(gsize) y * k->width + x] = in.planes[k->plane].data[at];
          got[(gsize) y * k->width + x] = out.planes[k->plane].data[at];
        }
      want = reference_pixels (&cs, frame, gains[c ? 1 : 0]);
      want_bytes = to_bytes (&cs, want);
      assert_close (&cs, got, want_bytes, c == 0 ? "Y" : c == 1 ? "U" :
          "V");
      g_free (frame);
      g_free (got);
      g_free (want);
      g_free (want_bytes);
    }
    frames++;
    if (seconds >= 0 || clfft_filter2d_take_tuned (main_plan, &seconds))
      after_swap++;
  }
  fail_unless (seconds >= 0, "%s: the tuning did not finish in ten minutes",
      format);
  fail_unless (frames > after_swap, "%s: %u frames, %u after the swap",
      format, frames, after_swap);
  clfft_tuning_get_stats (&after);
  fail_unless (after.timed >= before.timed + 4, "%s: %u passes timed",
      format, after.timed - before.timed);
  fail_if (clfft_filter2d_take_tuned (main_plan, &again));
  clfft_frame_filter_free (filter);
  for (guint p = 0; p < layout->n_planes; p++) {
    g_free (in.planes[p].data);
    g_free (out.planes[p].data);
  }
  g_free (gains[0]);
  g_free (gains[1]);
  for (guint i = 0; i < G_N_ELEMENTS (env); i++) {
    if (was[i])
      g_setenv (env[i], was[i], TRUE);
    else
      g_unsetenv (env[i]);
    g_free (was[i]);
  }
}

GST_START_TEST (test_background_tuning_of_the_stack)
{
  check_extras_tuned_in_background ("i420");
}

GST_END_TEST;

GST_START_TEST (test_background_tuning_of_channels_in_turn)
{
  check_extras_tuned_in_background ("yuy2");
}

GST_END_TEST;

/* Filters frames of the case with the generic filter (the size's own
 * programs held back), then, once those are let go, with them: each frame
 * against the reference (unpadded) or against the other way (padded). */
static void
check_generic_case (const Case * c, ClfftPadding padding)
{
  const guint w = c->width, h = c->height;
  const gsize n = (gsize) w * h, row_bytes = w * (c->wide ? 2 : 1);
  const guint top = c->wide ? 65536 : 256;
  GError *error = NULL;
  ClfftFilter2d *filter;
  guint tw, th;
  gfloat *gain;
  guint16 *frame = g_new (guint16, n);
  guint8 *frame_bytes, *generic = g_malloc (n * 2), *own = g_malloc (n * 2);
  gdouble seconds;

  clfft_testing_hold_own_programs (TRUE);
  filter = clfft_filter2d_new (engine, w, h, c->wide ? CLFFT_PIXELS_U16 :
      CLFFT_PIXELS_U8, padding, &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  fail_unless (clfft_filter2d_runs_generic (filter), "%ux%u", w, h);
  clfft_filter2d_get_transform_size (filter, &tw, &th);
  gain = random_gain (tw, th, FALSE);
  fail_unless (clfft_filter2d_set_gain (filter, gain, &error), "%s",
      error ? error->message : "");
  clfft_filter2d_set_output (filter, c->magnitude ? CLFFT_OUTPUT_ABS :
      CLFFT_OUTPUT_CLAMP, c->gain, c->offset);
  for (gsize p = 0; p < n; p++)
    frame[p] = g_rand_int_range (rng, 0, top);
  frame_bytes = to_bytes (c, frame);
  fail_unless (clfft_filter2d_process (filter, frame_bytes, row_bytes,
          generic, row_bytes, &error), "%s", error ? error->message : "");
  fail_unless (clfft_filter2d_runs_generic (filter));
  fail_if (clfft_filter2d_take_own_programs (filter, &seconds));

  clfft_testing_hold_own_programs (FALSE);
  fail_unless (clfft_filter2d_finish_own_programs (filter, &error), "%s",
      error ? error->message : "");
  fail_if (clfft_filter2d_runs_generic (filter));
  fail_unless (clfft_filter2d_take_own_programs (filter, &seconds));
  fail_unless (seconds >= 0);
  fail_unless (clfft_filter2d_process (filter, frame_bytes, row_bytes, own,
          row_bytes, &error), "%s", error ? error->message : "");
  if (padding == CLFFT_PADDING_NONE) {
    guint16 *want = reference_pixels (c, frame, gain);
    guint8 *want_bytes = to_bytes (c, want);

    assert_close (c, generic, want_bytes, "generic, reference");
    assert_close (c, own, want_bytes, "own programs, reference");
    g_free (want);
    g_free (want_bytes);
  }
  assert_close (c, generic, own, "generic, own programs");
  fail_unless (distinct_values (c, generic) >= 16, "%ux%u: %u values",
      c->width, c->height, distinct_values (c, generic));
  clfft_filter2d_free (filter);
  g_free (gain);
  g_free (frame);
  g_free (frame_bytes);
  g_free (generic);
  g_free (own);
}

/* The generic filter against the reference: every radix it takes (8, 4,
 * 2, 3, 5, 7, 11, 13), lines shorter and longer than its group,
 * odd widths, 16-bit pixels, a magnitude and offsets, and mirror padding;
 * and sizes it does not take run their own programs from the first
 * frame. */
GST_START_TEST (test_generic_filter)
{
  const Case cases[] = {
    {64, 48, FALSE, TRUE, 3.0f, 0.0f},
    {96, 90, FALSE, FALSE, 1.0f, 128.0f},
    {14, 7, FALSE, FALSE, 1.0f, 128.0f},
    {26, 22, FALSE, TRUE, 2.0f, 0.0f},
    {2, 60, FALSE, FALSE, 1.0f, 128.0f},
    {45, 81, FALSE, FALSE, 1.0f, 128.0f},
    {2187, 4, FALSE, FALSE, 1.0f, 128.0f},
    {1024, 35, FALSE, TRUE, 3.0f, 0.0f},
    {640, 24, TRUE, FALSE, 1.0f, 32768.0f},
    {63, 45, TRUE, TRUE, 2.0f, 0.0f},
  };
  const Case padded = { 64, 48, FALSE, TRUE, 3.0f, 0.0f };
  GError *error = NULL;
  ClfftFilter2d *filter;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_generic_case (&cases[i], CLFFT_PADDING_NONE);
  check_generic_case (&padded, CLFFT_PADDING_MIRROR);

  /* a height of 17 x 2: a prime factor above 13 */
  clfft_testing_hold_own_programs (TRUE);
  filter = clfft_filter2d_new (engine, 64, 34, CLFFT_PIXELS_U8,
      CLFFT_PADDING_NONE, &error);
  clfft_testing_hold_own_programs (FALSE);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  fail_if (clfft_filter2d_runs_generic (filter));
  clfft_filter2d_free (filter);
}

GST_END_TEST;

/* A frame through filter with output as given (normalize with 1 % of
 * the values saturated) or as the spectrum view; free the result. */
static guint8 *
filtered_by (ClfftFilter2d * filter, const Case * c, const guint8 * frame,
    ClfftOutput output, ClfftMode mode)
{
  const gsize row_bytes = c->width * (c->wide ? 2 : 1);
  guint8 *out = g_malloc (row_bytes * c->height);
  GError *error = NULL;

  clfft_filter2d_set_output (filter, output, c->gain, c->offset);
  clfft_filter2d_set_saturation (filter, 1.0f);
  clfft_filter2d_set_mode (filter, mode);
  fail_unless (clfft_filter2d_process (filter, frame, row_bytes, out,
          row_bytes, &error), "%s", error ? error->message : "");
  return out;
}

/* Columns split in two halves by the rows wherever they can be
 * (CLFFT_SPLIT_COLUMNS=1): heights of one, two and three radix stages
 * a half, radix 11 in the half, 16-bit pixels, a magnitude and a signed
 * output, against the reference; normalize (whose rows join the halves
 * too) and the spectrum view (which runs the plain rows) against the
 * same frame through the three passes of a filter not split; the split
 * rows tuned in the background and swapped between frames. Transforms
 * that cannot split are refused. */
GST_START_TEST (test_split_columns)
{
  const Case cases[] = {
    {64, 48, FALSE, TRUE, 3.0f, 0.0f},
    {96, 90, TRUE, FALSE, 1.0f, 32768.0f},
    {8, 4, FALSE, TRUE, 1.0f, 0.0f},
    {26, 22, FALSE, FALSE, 2.0f, 128.0f},
    {160, 120, FALSE, FALSE, 1.0f, 128.0f},
  };
  const Case view = { 64, 48, FALSE, FALSE, 1.0f, 0.0f };
  const ClfftTransformSpec not_pixels = { 32, -1, CLFFT_LOAD_COMPLEX,
    CLFFT_STORE_COMPLEX, CLFFT_ROW_UNIT_STRIDE, 48, .split_columns = 24
  }, not_unit = { 32, -1, CLFFT_LOAD_U8_PAIRS, CLFFT_STORE_HALF_SPECTRUM,
    0, 48, .split_columns = 24
  };
  const gsize n = (gsize) view.width * view.height;
  ClfftFilter2d *filters[2];
  guint8 *frame = g_malloc (n);
  gfloat *gain = random_gain (view.width, view.height, FALSE);
  ClfftTransform t;
  GError *error = NULL;

  g_setenv (CLFFT_SPLIT_COLUMNS_ENV, "1", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_case (&cases[i], CLFFT_PADDING_NONE, FALSE, FALSE);

  for (gsize p = 0; p < n; p++)
    frame[p] = g_rand_int_range (rng, 0, 256);
  /* split, then plain (no lanes, no one launch: the passes) */
  g_setenv (CLFFT_LANES_ENV, "0", TRUE);
  for (guint i = 0; i < 2; i++) {
    g_setenv (CLFFT_SPLIT_COLUMNS_ENV, i ? "0" : "1", TRUE);
    filters[i] = clfft_filter2d_new (engine, view.width, view.height,
        CLFFT_PIXELS_U8, CLFFT_PADDING_NONE, &error);
    fail_unless (filters[i] != NULL, "%s", error ? error->message : "");
    fail_unless (clfft_filter2d_finish_own_programs (filters[i], &error),
        "%s", error ? error->message : "");
    fail_unless (clfft_filter2d_set_gain (filters[i], gain, &error), "%s",
        error ? error->message : "");
    /* the plain filter's three passes, not the one launch of a GPU */
    clfft_filter2d_set_one_launch (filters[i], FALSE);
  }
  fail_unless (clfft_filter2d_get_path (filters[0]) ==
      CLFFT_FILTER_PATH_SPLIT_COLUMNS);
  fail_unless (clfft_filter2d_get_path (filters[1]) ==
      CLFFT_FILTER_PATH_PASSES);
  {
    const struct
    {
      ClfftOutput output;
      ClfftMode mode;
      const gchar *what;
    } outputs[] = {
      {CLFFT_OUTPUT_NORMALIZE, CLFFT_MODE_FILTER, "normalize"},
      {CLFFT_OUTPUT_CLAMP, CLFFT_MODE_SPECTRUM, "spectrum view"},
      {CLFFT_OUTPUT_CLAMP, CLFFT_MODE_FILTER, "clamp after them"},
    };

    for (guint o = 0; o < G_N_ELEMENTS (outputs); o++) {
      guint8 *split = filtered_by (filters[0], &view, frame,
          outputs[o].output, outputs[o].mode);
      guint8 *plain = filtered_by (filters[1], &view, frame,
          outputs[o].output, outputs[o].mode);

      assert_close (&view, split, plain, outputs[o].what);
      fail_unless (distinct_values (&view, split) >= 16, "%s: %u values",
          outputs[o].what, distinct_values (&view, split));
      g_free (split);
      g_free (plain);
    }
  }
  for (guint i = 0; i < 2; i++)
    clfft_filter2d_free (filters[i]);

  /* the split rows tuned in the background, swapped between frames */
  g_setenv (CLFFT_SPLIT_COLUMNS_ENV, "1", TRUE);
  check_background_swap ();

  fail_if (clfft_transform_init (&t, engine, &not_pixels, &error));
  fail_unless (error != NULL);
  g_clear_error (&error);
  fail_if (clfft_transform_init (&t, engine, &not_unit, &error));
  fail_unless (error != NULL);
  g_clear_error (&error);
  g_free (frame);
  g_free (gain);
}

GST_END_TEST;

/* A frame of the case through filter against the reference, with a
 * random gain. */
static void
check_against_reference (ClfftFilter2d * filter, const Case * c,
    const gchar * what)
{
  const gsize n = (gsize) c->width * c->height;
  const gsize row_bytes = c->width * (c->wide ? 2 : 1);
  gfloat *gain = random_gain (c->width, c->height, FALSE);
  guint16 *frame = g_new (guint16, n), *want;
  guint8 *frame_bytes, *want_bytes, *got = g_malloc (row_bytes * c->height);
  GError *error = NULL;

  for (gsize p = 0; p < n; p++)
    frame[p] = g_rand_int_range (rng, 0, c->wide ? 65536 : 256);
  frame_bytes = to_bytes (c, frame);
  fail_unless (clfft_filter2d_set_gain (filter, gain, &error), "%s",
      error ? error->message : "");
  clfft_filter2d_set_output (filter, c->magnitude ? CLFFT_OUTPUT_ABS :
      CLFFT_OUTPUT_CLAMP, c->gain, c->offset);
  fail_unless (clfft_filter2d_process (filter, frame_bytes, row_bytes, got,
          row_bytes, &error), "%s", error ? error->message : "");
  want = reference_pixels (c, frame, gain);
  want_bytes = to_bytes (c, want);
  assert_close (c, got, want_bytes, what);
  fail_unless (distinct_values (c, got) >= 16, "%s: %u values", what,
      distinct_values (c, got));
  g_free (gain);
  g_free (frame);
  g_free (frame_bytes);
  g_free (want);
  g_free (want_bytes);
  g_free (got);
}

/* Own programs whose known answer comes out wrong (as a test makes it
 * look, clfft_testing_spoil_build_checks) are built again as the next
 * round, while frames run the generic filter (64x48, in lanes or in
 * three passes, 8- and 16-bit; mirror-padded and ImageJ-padded, whose
 * transforms are wider than the frame) or before the first frame (a
 * height of 2 x 17, which the generic filter does not take); frames come
 * out right either way, a frame in whose enqueue the check runs (as the
 * frame filter's frames queue theirs) too; wrong
 * CLFFT_BUILD_CHECK_ROUNDS times running is an error, never frames of a
 * wrong build; and CLFFT_CHECK_BUILDS=0 checks nothing. */
GST_START_TEST (test_wrong_builds_are_built_again)
{
  const Case gray = { 64, 48, FALSE, FALSE, 1.0f, 0.0f };
  const Case wide = { 64, 48, TRUE, TRUE, 2.0f, 0.0f };
  const Case no_generic = { 64, 34, FALSE, FALSE, 1.0f, 128.0f };
  const struct
  {
    const Case *c;
    gboolean lanes;
    guint wrong;
  } threaded[] = { {&gray, TRUE, 1}, {&wide, FALSE, 2}, {&gray, TRUE, 0} };
  GError *error = NULL;
  ClfftFilter2d *filter;

  g_setenv (CLFFT_CHECK_BUILDS_ENV, "1", TRUE);
  /* the lanes or the passes, not the one launch that small frames take
   * on NVIDIA's GPUs */
  g_setenv (CLFFT_ONE_LAUNCH_ENV, "0", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (threaded); i++) {
    const Case *c = threaded[i].c;

    g_setenv (CLFFT_LANES_ENV, threaded[i].lanes ? "1" : "0", TRUE);
    clfft_testing_hold_own_programs (TRUE);
    filter = clfft_filter2d_new (engine, c->width, c->height, c->wide ?
        CLFFT_PIXELS_U16 : CLFFT_PIXELS_U8, CLFFT_PADDING_NONE, &error);
    fail_unless (filter != NULL, "%s", error ? error->message : "");
    fail_unless (clfft_filter2d_runs_generic (filter));
    check_against_reference (filter, c, "the generic filter");
    clfft_testing_spoil_build_checks (threaded[i].wrong);
    clfft_testing_hold_own_programs (FALSE);
    fail_unless (clfft_filter2d_finish_own_programs (filter, &error), "%s",
        error ? error->message : "");
    fail_if (clfft_filter2d_runs_generic (filter));
    fail_unless_equals_int (clfft_filter2d_get_build_round (filter),
        threaded[i].wrong);
    fail_unless_equals_int (clfft_filter2d_get_path (filter),
        threaded[i].lanes ? CLFFT_FILTER_PATH_LANES :
        CLFFT_FILTER_PATH_PASSES);
    check_against_reference (filter, c, "own programs, checked");
    clfft_filter2d_free (filter);
  }
  g_unsetenv (CLFFT_LANES_ENV);

  /* padded: the frame's own programs against the generic filter on the
   * same frame (the reference knows no padding) */
  for (guint i = 0; i < 2; i++) {
    const ClfftPadding padding = i ? CLFFT_PADDING_IMAGEJ :
        CLFFT_PADDING_MIRROR;
    const gsize n = (gsize) gray.width * gray.height;
    guint8 *frame = g_malloc (n), *generic = g_malloc (n),
        *own = g_malloc (n);
    gfloat *gain;
    guint tw, th;

    for (gsize p = 0; p < n; p++)
      frame[p] = g_rand_int_range (rng, 0, 256);
    clfft_testing_hold_own_programs (TRUE);
    filter = clfft_filter2d_new (engine, gray.width, gray.height,
        CLFFT_PIXELS_U8, padding, &error);
    fail_unless (filter != NULL, "%s", error ? error->message : "");
    clfft_filter2d_get_transform_size (filter, &tw, &th);
    fail_unless (tw > gray.width && th > gray.height);
    gain = random_gain (tw, th, FALSE);
    fail_unless (clfft_filter2d_set_gain (filter, gain, &error), "%s",
        error ? error->message : "");
    fail_unless (clfft_filter2d_process (filter, frame, gray.width, generic,
            gray.width, &error), "%s", error ? error->message : "");
    clfft_testing_spoil_build_checks (i);
    clfft_testing_hold_own_programs (FALSE);
    fail_unless (clfft_filter2d_finish_own_programs (filter, &error), "%s",
        error ? error->message : "");
    fail_unless_equals_int (clfft_filter2d_get_build_round (filter), i);
    fail_unless (clfft_filter2d_process (filter, frame, gray.width, own,
            gray.width, &error), "%s", error ? error->message : "");
    assert_close (&gray, own, generic, i ? "ImageJ-padded, own against "
        "generic" : "mirror-padded, own against generic");
    fail_unless (distinct_values (&gray, own) >= 16);
    clfft_filter2d_free (filter);
    g_free (gain);
    g_free (frame);
    g_free (generic);
    g_free (own);
  }

  /* taken in, and checked, inside the enqueue of a frame on buffers of
   * its own (output=normalize waits for the own programs), as the frame
   * filter queues its frames: the frame still reads and writes its own
   * buffers, and comes out as the same frame does after it */
  {
    const gsize n = (gsize) gray.width * gray.height;
    guint8 *frame = g_malloc (n), *inside = g_malloc (n),
        *after = g_malloc (n);
    gfloat *gain = random_gain (gray.width, gray.height, FALSE);
    cl_mem in, out;

    for (gsize p = 0; p < n; p++)
      frame[p] = g_rand_int_range (rng, 0, 256);
    clfft_testing_hold_own_programs (TRUE);
    filter = clfft_filter2d_new (engine, gray.width, gray.height,
        CLFFT_PIXELS_U8, CLFFT_PADDING_NONE, &error);
    fail_unless (filter != NULL, "%s", error ? error->message : "");
    fail_unless (clfft_filter2d_runs_generic (filter));
    fail_unless (clfft_filter2d_set_gain (filter, gain, &error), "%s",
        error ? error->message : "");
    clfft_filter2d_set_output (filter, CLFFT_OUTPUT_NORMALIZE, 1.0f, 0.0f);
    in = clfft_buffer_new (engine, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
        n, frame, &error);
    out = clfft_buffer_new (engine, CL_MEM_WRITE_ONLY, n, NULL, &error);
    fail_unless (in && out, "%s", error ? error->message : "");
    clfft_testing_spoil_build_checks (1);
    clfft_testing_hold_own_programs (FALSE);
    fail_unless (clfft_filter2d_enqueue_buffers (filter, in, out, &error),
        "%s", error ? error->message : "");
    fail_if (clfft_filter2d_runs_generic (filter));
    fail_unless_equals_int (clfft_filter2d_get_build_round (filter), 1);
    fail_unless_equals_int (clEnqueueReadBuffer (clfft_engine_get_queue
            (engine), out, CL_TRUE, 0, n, inside, 0, NULL, NULL),
        CL_SUCCESS);
    fail_unless (clfft_filter2d_process (filter, frame, gray.width, after,
            gray.width, &error), "%s", error ? error->message : "");
    assert_close (&gray, inside, after, "checked inside a frame's enqueue, "
        "that frame against the next");
    fail_unless (distinct_values (&gray, inside) >= 16);
    clReleaseMemObject (in);
    clReleaseMemObject (out);
    clfft_filter2d_free (filter);
    g_free (gain);
    g_free (frame);
    g_free (inside);
    g_free (after);
  }

  /* no generic filter: built again before clfft_filter2d_new returns */
  clfft_testing_spoil_build_checks (1);
  filter = clfft_filter2d_new (engine, 64, 34, CLFFT_PIXELS_U8,
      CLFFT_PADDING_NONE, &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  fail_if (clfft_filter2d_runs_generic (filter));
  fail_unless_equals_int (clfft_filter2d_get_build_round (filter), 1);
  check_against_reference (filter, &no_generic, "own programs, no generic");
  clfft_filter2d_free (filter);

  /* wrong every time: no filter, and why */
  clfft_testing_spoil_build_checks (CLFFT_BUILD_CHECK_ROUNDS);
  filter = clfft_filter2d_new (engine, 64, 34, CLFFT_PIXELS_U8,
      CLFFT_PADDING_NONE, &error);
  fail_unless (filter == NULL);
  fail_unless (error != NULL && strstr (error->message, "wrong 3 times"),
      "%s", error ? error->message : "no error");
  g_clear_error (&error);

  clfft_testing_hold_own_programs (TRUE);
  filter = clfft_filter2d_new (engine, 64, 48, CLFFT_PIXELS_U8,
      CLFFT_PADDING_NONE, &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  clfft_testing_spoil_build_checks (CLFFT_BUILD_CHECK_ROUNDS);
  clfft_testing_hold_own_programs (FALSE);
  fail_if (clfft_filter2d_finish_own_programs (filter, &error));
  fail_unless (error != NULL && strstr (error->message, "wrong 3 times"),
      "%s", error ? error->message : "no error");
  g_clear_error (&error);
  clfft_filter2d_free (filter);

  /* not checked: a wrong answer would go unseen */
  g_setenv (CLFFT_CHECK_BUILDS_ENV, "0", TRUE);
  clfft_testing_spoil_build_checks (1);
  filter = clfft_filter2d_new (engine, 64, 48, CLFFT_PIXELS_U8,
      CLFFT_PADDING_NONE, &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  fail_unless (clfft_filter2d_finish_own_programs (filter, &error), "%s",
      error ? error->message : "");
  fail_unless_equals_int (clfft_filter2d_get_build_round (filter), 0);
  fail_unless (clfft_build_check_spoiled ());
  clfft_filter2d_free (filter);
}

GST_END_TEST;

static Suite *
filter_paths_suite (void)
{
  Suite *s = suite_create ("filter-paths");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 600);
  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_path_chooser);
  tcase_add_test (tc, test_filter_takes_chosen_path);
  tcase_add_test (tc, test_paths_match_reference);
  tcase_add_test (tc, test_paths_mirror_padding);
  tcase_add_test (tc, test_one_launch_teams);
  tcase_add_test (tc, test_paths_decline);
  tcase_add_test (tc, test_paths_cache_hints);
  tcase_add_test (tc, test_paths_mirrored_masks);
  tcase_add_test (tc, test_background_tuning_swaps_between_frames);
  tcase_add_test (tc, test_background_tuning_of_the_stack);
  tcase_add_test (tc, test_background_tuning_of_channels_in_turn);
  tcase_add_test (tc, test_generic_filter);
  tcase_add_test (tc, test_split_columns);
  tcase_add_test (tc, test_wrong_builds_are_built_again);
  suite_add_tcase (s, tc);
  return s;
}

GST_CHECK_MAIN (filter_paths);
