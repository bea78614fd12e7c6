/* gst-clfft-prepare: builds, and where asked tunes, clfft2dfilter's
 * kernels for frame sizes and clfftspectrum's for numbers of bands ahead
 * of time, into the kernel cache ($XDG_CACHE_HOME/gst-clfft), so that a
 * pipeline of those sizes or bands starts without building or timing
 * anything: for container images, deployment scripts and live streams
 * that change size.
 *
 *   gst-clfft-prepare [--size 1920x1080 ...] [--bands 1025 ...]
 *       [--format gray8|gray16|FORMAT] [--padding none|mirror] [--device N]
 *       [--tuning auto|off|blocking]
 *
 * Each size is prepared as clfft2dfilter makes its filter: gray8 (the
 * default) and gray16 the luma's alone (GRAY8, GRAY16_LE, and YUV whose
 * chroma is not filtered); a video format that clfft2dfilter takes (I420,
 * YUY2, P010_10LE, RGBx, ...) every channel's, as chroma=filter and RGB
 * run them, with the kernels that take packed channels out of their
 * planes. The filter is made and one frame filtered, which builds what
 * the frames run (and once the generic filter, which the element builds
 * at READY); --tuning blocking (by
 * default on GPUs, as auto) times the schedules and keeps the choices
 * beside the kernels. Each number of bands is prepared as clfftspectrum
 * makes its spectra (whatever its channels, window and rate), with
 * clfftspectrum's tuning: off unless --tuning blocking. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "engine/clfft-filter2d.h"
#include "engine/clfft-filter-generic.h"
#include "engine/clfft-spectrum.h"
#include "engine/clfft-tuning.h"
#include "gstclfftframelayout.h"
#include "gstclfftframesizes.h"

#define MAX_BANDS (CLFFT_SPECTRUM_MAX_LENGTH / 2 + 1)

/* clfftspectrum's bands: decimal digits alone, 2 to MAX_BANDS (sscanf's
 * %u would take "-5" as 4294967291 and wrap longer numbers). */
static gboolean
parse_bands (const gchar * text, guint * bands)
{
  guint64 value = 0;
  const gchar *p = text;

  for (; g_ascii_isdigit (*p); p++)
    value = MIN (value * 10 + (guint64) (*p - '0'), (guint64) MAX_BANDS + 1);
  if (p == text || *p != '\0' || value < 2 || value > MAX_BANDS)
    return FALSE;
  *bands = (guint) value;
  return TRUE;
}

static void
print_log (ClfftLogLevel level, const gchar * message, gpointer user_data)
{
  if (level <= CLFFT_LOG_WARNING)
    g_printerr ("gst-clfft-prepare: %s\n", message);
}

/* What the engine built, loaded and timed from the start of a preparation:
 * taken before it, printed after it. */
typedef struct
{
  gint64 start;
  ClfftProgramStats programs;
  ClfftTuningStats tuning;
} Progress;

static void
progress_start (ClfftEngine * engine, Progress * p)
{
  p->start = g_get_monotonic_time ();
  clfft_engine_get_program_stats (engine, &p->programs);
  clfft_tuning_get_stats (&p->tuning);
}

/* One line: what (e.g. "1920x1080 gray8"), its seconds, the programs
 * built and loaded and the passes timed since p, with tuning. */
static void
progress_print (ClfftEngine * engine, const Progress * p, const gchar * what,
    ClfftTuning tuning)
{
  ClfftProgramStats programs;
  ClfftTuningStats timed;

  clfft_engine_get_program_stats (engine, &programs);
  clfft_tuning_get_stats (&timed);
  printf ("%s: %.2f s, %u programs built, %u loaded from the cache, %u "
      "passes timed (tuning %s)\n", what,
      (g_get_monotonic_time () - p->start) / 1e6,
      programs.built_from_source - p->programs.built_from_source,
      programs.loaded_from_disk - p->programs.loaded_from_disk,
      timed.timed - p->tuning.timed, clfft_tuning_name (tuning));
}

static gboolean
prepare (ClfftEngine * engine, guint w, guint h, ClfftPixels pixels,
    ClfftPadding padding, ClfftTuning tuning, GError ** error)
{
  const gsize pixel_size = pixels == CLFFT_PIXELS_U16 ? 2 : 1;
  const gsize bytes = (gsize) w * h * pixel_size;
  Progress progress;
  ClfftFilter2d *filter;
  guint8 *frame;
  gboolean ok;

  progress_start (engine, &progress);
  filter = clfft_filter2d_new (engine, w, h, pixels, padding, error);
  if (!filter)
    return FALSE;
  /* the size's own programs, which the frame tunes where it tunes */
  if (!clfft_filter2d_finish_own_programs (filter, error)) {
    clfft_filter2d_free (filter);
    return FALSE;
  }
  clfft_filter2d_set_tuning (filter, tuning);
  /* a frame of noise: the first frame builds and tunes what frames run */
  frame = g_malloc (bytes);
  for (gsize i = 0; i < bytes; i++)
    frame[i] = (guint8) g_random_int ();
  ok = clfft_filter2d_process (filter, frame, w * pixel_size, frame,
      w * pixel_size, error);
  if (ok) {
    gchar *what = g_strdup_printf ("%ux%u %s%s", w, h, pixel_size == 2 ?
        "gray16" : "gray8", padding == CLFFT_PADDING_MIRROR ?
        " padding=mirror" : "");

    progress_print (engine, &progress, what,
        clfft_filter2d_get_tuning (filter));
    g_free (what);
  }
  clfft_filter2d_free (filter);
  g_free (frame);
  return ok;
}

/* Every channel of a w x h frame of format filtered, as clfft2dfilter runs
 * it with chroma=filter: the frame filter made, and one frame of noise
 * filtered. */
static gboolean
prepare_format (ClfftEngine * engine, GstVideoFormat format, guint w,
    guint h, ClfftPadding padding, ClfftTuning tuning, GError ** error)
{
  ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS];
  ClfftHostPlanes in = { 0 }, out = { 0 };
  ClfftFrameLayout layout;
  ClfftFrameFilter *filter;
  GstVideoInfo info;
  Progress progress;
  gboolean ok, new_plans;

  if (!gst_video_info_set_format (&info, format, w, h)
      || !gst_clfft_frame_layout_from_info (&info, &layout)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "clfft2dfilter does not take %s frames of %ux%u",
        gst_video_format_to_string (format), w, h);
    return FALSE;
  }
  progress_start (engine, &progress);
  filter = clfft_frame_filter_new (engine, &layout, padding, error);
  if (!filter)
    return FALSE;
  clfft_frame_filter_set_tuning (filter, tuning);
  gst_clfft_frame_roles (&info, GST_CLFFT_CHROMA_FILTER, FALSE, roles);
  ok = clfft_frame_filter_set_roles (filter, roles, &new_plans, error);
  /* the sizes' own programs, which the frame tunes where it tunes */
  ok = ok && clfft_frame_filter_finish_own_programs (filter, error);
  for (guint p = 0; p < layout.n_planes; p++) {
    gsize bytes = layout.row_bytes[p] * layout.rows[p];

    in.planes[p] = (ClfftHostFrame) {
    g_malloc (bytes), layout.row_bytes[p], FALSE};
    out.planes[p] = (ClfftHostFrame) {
    g_malloc (bytes), layout.row_bytes[p], FALSE};
    for (gsize b = 0; b < bytes; b++)
      in.planes[p].data[b] = (guint8) g_random_int ();
  }
  ok = ok && clfft_frame_filter_submit (filter, &in, &out, error)
      && clfft_frame_filter_collect (filter, error);
  if (ok) {
    gchar *what = g_strdup_printf ("%ux%u %s%s", w, h,
        gst_video_format_to_string (format), padding ==
        CLFFT_PADDING_MIRROR ? " padding=mirror" : "");

    progress_print (engine, &progress, what, tuning);
    g_free (what);
  }
  clfft_frame_filter_free (filter);
  for (guint p = 0; p < layout.n_planes; p++) {
    g_free (in.planes[p].data);
    g_free (out.planes[p].data);
  }
  return ok;
}

/* clfftspectrum's spectra of bands bands: made, and one step run. */
static gboolean
prepare_bands (ClfftEngine * engine, guint bands, ClfftTuning tuning,
    GError ** error)
{
  const guint n = 2 * bands - 2, groups[] = { 0, 1 };
  Progress progress;
  ClfftSpectrum *spectrum;
  gfloat *frame, *sums;
  gboolean ok;

  progress_start (engine, &progress);
  spectrum = clfft_spectrum_new (engine, n, 1, CLFFT_WINDOW_HAMMING, error);
  if (!spectrum)
    return FALSE;
  /* as clfftspectrum asks: the spectrum decides (timed only for
   * blocking) */
  clfft_spectrum_set_tuning (spectrum, tuning);
  frame = g_new (gfloat, n);
  sums = g_new (gfloat, n / 2 + 1);
  for (guint i = 0; i < n; i++)
    frame[i] = g_random_double_range (-1.0, 1.0);
  ok = clfft_spectrum_run (spectrum, frame, 1, groups, 1, -60.0, sums, NULL,
      error);
  if (ok) {
    gchar *what = g_strdup_printf ("bands=%u", bands);

    progress_print (engine, &progress, what,
        clfft_spectrum_get_tuning (spectrum));
    g_free (what);
  }
  clfft_spectrum_free (spectrum);
  g_free (frame);
  g_free (sums);
  return ok;
}

int
main (int argc, char **argv)
{
  gchar **sizes = NULL, **bands = NULL, *format = NULL;
  gchar *padding_text = NULL;
  gchar *tuning_text = NULL;
  gint device = -1;
  GOptionEntry entries[] = {
    {"size", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sizes,
        "a frame size to prepare, sides 2 to 8192 (repeat, or separate "
        "with commas, for more; WIDTHxHEIGHT:16 for 16-bit gray)",
        "WIDTHxHEIGHT"},
    {"bands", 'b', 0, G_OPTION_ARG_STRING_ARRAY, &bands,
        "clfftspectrum's bands to prepare (repeat for more)", "BANDS"},
    {"format", 'f', 0, G_OPTION_ARG_STRING, &format,
        "gray8 (the luma of 8-bit formats; the default), gray16 "
        "(GRAY16_LE), or a video format such as I420 or YUY2 (every "
        "channel)", "FORMAT"},
    {"padding", 'p', 0, G_OPTION_ARG_STRING, &padding_text,
        "none (the default) or mirror, as clfft2dfilter's padding", "PADDING"},
    {"device", 'd', 0, G_OPTION_ARG_INT, &device,
        "the OpenCL device's index (default: as clfft2dfilter chooses)", "N"},
    {"tuning", 't', 0, G_OPTION_ARG_STRING, &tuning_text,
        "auto (the default: blocking on GPUs, off on CPUs), off or blocking",
        "TUNING"},
    {NULL}
  };
  GOptionContext *ctx = g_option_context_new ("- build and tune "
      "clfft2dfilter's kernels for frame sizes, and clfftspectrum's for "
      "bands, ahead of time");
  ClfftPixels pixels = CLFFT_PIXELS_U8;
  GstVideoFormat video_format = GST_VIDEO_FORMAT_UNKNOWN;
  ClfftPadding padding = CLFFT_PADDING_NONE;
  ClfftTuning tuning = CLFFT_TUNING_AUTO;
  GArray *frame_sizes, *band_counts;
  ClfftEngine *engine;
  GError *error = NULL;
  gchar *dir;
  int status = 0;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    g_printerr ("gst-clfft-prepare: %s\n", error->message);
    return 2;
  }
  g_option_context_free (ctx);
  if ((!sizes || !sizes[0]) && (!bands || !bands[0])) {
    g_printerr ("gst-clfft-prepare: name a size or bands to prepare: "
        "--size 1920x1080, --bands 1025\n");
    return 2;
  }
  if (format && strcmp (format, "gray8") != 0) {
    if (strcmp (format, "gray16") == 0)
      pixels = CLFFT_PIXELS_U16;
    else if ((video_format = gst_video_format_from_string (format)) ==
        GST_VIDEO_FORMAT_UNKNOWN) {
      g_printerr ("gst-clfft-prepare: --format is gray8, gray16 or a video "
          "format such as I420, not %s\n", format);
      return 2;
    }
  }
  if (padding_text && strcmp (padding_text, "none") != 0) {
    if (strcmp (padding_text, "mirror") != 0) {
      g_printerr ("gst-clfft-prepare: --padding is none or mirror, not "
          "%s\n", padding_text);
      return 2;
    }
    padding = CLFFT_PADDING_MIRROR;
  }
  if (tuning_text && strcmp (tuning_text, "auto") != 0) {
    if (strcmp (tuning_text, "off") == 0)
      tuning = CLFFT_TUNING_OFF;
    else if (strcmp (tuning_text, "blocking") == 0)
      tuning = CLFFT_TUNING_BLOCKING;
    else {
      g_printerr ("gst-clfft-prepare: --tuning is auto, off or blocking, "
          "not %s\n", tuning_text);
      return 2;
    }
  }

  /* every size and number of bands checked before the device opens: a
   * mistyped one costs no kernel build */
  frame_sizes = g_array_new (FALSE, FALSE, sizeof (GstClfftFrameSize));
  for (guint i = 0; sizes && sizes[i]; i++) {
    GArray *parsed = gst_clfft_frame_sizes_parse (sizes[i], &error);

    if (!parsed) {
      g_printerr ("gst-clfft-prepare: --size: %s\n", error->message);
      g_clear_error (&error);
      status = 2;
      continue;
    }
    for (guint j = 0; j < parsed->len; j++) {
      GstClfftFrameSize size = g_array_index (parsed, GstClfftFrameSize, j);

      /* WxH:16 asks for 16-bit gray; --format names the pixels already */
      if (size.pixels == CLFFT_PIXELS_U16 && (video_format !=
              GST_VIDEO_FORMAT_UNKNOWN || pixels == CLFFT_PIXELS_U16)) {
        g_printerr ("gst-clfft-prepare: --size %ux%u:16 with --format "
            "%s: give the pixels once\n", size.width, size.height, format);
        status = 2;
        continue;
      }
      if (size.pixels == CLFFT_PIXELS_U8)
        size.pixels = pixels;
      g_array_append_val (frame_sizes, size);
    }
    g_array_unref (parsed);
  }
  band_counts = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; bands && bands[i]; i++) {
    guint value;

    if (!parse_bands (bands[i], &value)) {
      gchar *quoted = g_strescape (bands[i], NULL);

      g_printerr ("gst-clfft-prepare: --bands takes 2 to %u, not \"%s\"\n",
          MAX_BANDS, quoted);
      g_free (quoted);
      status = 2;
      continue;
    }
    g_array_append_val (band_counts, value);
  }
  if (status != 0) {
    g_array_unref (frame_sizes);
    g_array_unref (band_counts);
    return status;
  }

  clfft_set_log_func (print_log, NULL);
  engine = clfft_engine_get (device, &error);
  if (!engine) {
    g_printerr ("gst-clfft-prepare: %s\n", error->message);
    return 1;
  }
  dir = clfft_program_cache_dir ();
  printf ("device: %s\ncache: %s\n", clfft_engine_get_device (engine)->name,
      dir);
  for (guint i = 0; i < band_counts->len; i++) {
    const guint value = g_array_index (band_counts, guint, i);

    if (!prepare_bands (engine, value, tuning, &error)) {
      g_printerr ("gst-clfft-prepare: bands=%u: %s\n", value,
          error->message);
      g_clear_error (&error);
      status = 1;
    }
  }
  /* what the filter's tuning would be in a pipeline, but never in the
   * background: this program ends as soon as its frames are filtered */
  tuning = clfft_tuning_decide (engine, tuning, FALSE);
  /* the program that clfft2dfilter builds from READY on, whatever the size:
   * where the device does not take it, the element does not build it */
  if (frame_sizes->len && !clfft_filter_generic_prepare (engine, &error))
    g_clear_error (&error);
  for (guint i = 0; i < frame_sizes->len; i++) {
    const GstClfftFrameSize *size = &g_array_index (frame_sizes,
        GstClfftFrameSize, i);
    const guint w = size->width, h = size->height;

    if (!(video_format != GST_VIDEO_FORMAT_UNKNOWN ?
            prepare_format (engine, video_format, w, h, padding, tuning,
                &error) :
            prepare (engine, w, h, size->pixels, padding, tuning, &error))) {
      g_printerr ("gst-clfft-prepare: %ux%u: %s\n", w, h, error->message);
      g_clear_error (&error);
      status = 1;
    }
  }
  /* the programs go to disk when the engine ends (on CPU devices only
   * then) */
  clfft_engine_unref (engine);
  g_free (dir);
  g_array_unref (frame_sizes);
  g_array_unref (band_counts);
  g_strfreev (sizes);
  g_strfreev (bands);
  g_free (format);
  g_free (padding_text);
  g_free (tuning_text);
  return status;
}
