/* clfft2dfilter's prepare-sizes: see gstclfftprepareahead.h. */
#include "gstclfftprepareahead.h"
#include "engine/clfft-filter-generic.h"
#include "engine/clfft-frame-filter.h"
#include "gstclfftframelayout.h"

GST_DEBUG_CATEGORY_EXTERN (gst_clfft_debug);
#define GST_CAT_DEFAULT gst_clfft_debug

struct _GstClfftAhead
{
  GstElement *element;
  ClfftEngine *engine;
  GArray *sizes;
  ClfftPadding padding;
  GThread *thread;
  gint stop;                    /* atomic */
};

static void
post_prepared (GstClfftAhead * ahead, const GstClfftFrameSize * size,
    ClfftTuning tuning, gdouble seconds)
{
  gst_element_post_message (ahead->element,
      gst_message_new_element (GST_OBJECT (ahead->element),
          gst_structure_new ("clfft-prepare", "width", G_TYPE_INT,
              size->width, "height", G_TYPE_INT, size->height, "seconds",
              G_TYPE_DOUBLE, seconds, "tuning", G_TYPE_STRING,
              clfft_tuning_name (tuning), "step", G_TYPE_STRING, "ahead",
              "final", G_TYPE_BOOLEAN, TRUE, NULL)));
}

/* The generic filter's program, which a new size's first frames run
 * (clfft-filter-generic.h): built here on a GPU, it builds while the
 * stream's caps come and its plan is made, not after. Where the device
 * does not take it, the sizes' own programs serve. */
static void
prepare_generic (GstClfftAhead * ahead)
{
  gint64 start = g_get_monotonic_time ();
  GError *error = NULL;

  if (clfft_filter_generic_prepare (ahead->engine, &error))
    GST_DEBUG_OBJECT (ahead->element, "the generic filter is ready after "
        "%.3f s", (g_get_monotonic_time () - start) / 1e6);
  else {
    GST_DEBUG_OBJECT (ahead->element, "no generic filter: %s",
        error->message);
    g_error_free (error);
  }
}

/* A frame filter of gray frames of the size, made as clfft2dfilter makes
 * it for them, its own programs built: the plan that a stream's frames of
 * that size (their luma, or their one channel) will find in the caches. */
static ClfftFrameFilter *
prepare_size (GstClfftAhead * ahead, const GstClfftFrameSize * size,
    GError ** error)
{
  ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS];
  ClfftFrameLayout layout;
  ClfftFrameFilter *filter;
  GstVideoInfo info;
  gboolean made;

  /* GRAY8 and GRAY16_LE: layouts for every size clfft2dfilter takes */
  if (!gst_video_info_set_format (&info, size->pixels == CLFFT_PIXELS_U16 ?
          GST_VIDEO_FORMAT_GRAY16_LE : GST_VIDEO_FORMAT_GRAY8, size->width,
          size->height)
      || !gst_clfft_frame_layout_from_info (&info, &layout)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "no gray frames of %ux%u", size->width, size->height);
    return NULL;
  }
  gst_clfft_frame_roles (&info, GST_CLFFT_CHROMA_FILTER, FALSE, roles);
  filter = clfft_frame_filter_new (ahead->engine, &layout, ahead->padding,
      error);
  if (filter && (!clfft_frame_filter_set_roles (filter, roles, &made, error)
          || !clfft_frame_filter_finish_own_programs (filter, error)))
    g_clear_pointer (&filter, clfft_frame_filter_free);
  return filter;
}

static gpointer
ahead_run (gpointer data)
{
  GstClfftAhead *ahead = data;

  if (clfft_filter_generic_worth_preparing (ahead->engine))
    prepare_generic (ahead);
  for (guint i = 0; i < ahead->sizes->len && !g_atomic_int_get (&ahead->stop);
      i++) {
    const GstClfftFrameSize *size = &g_array_index (ahead->sizes,
        GstClfftFrameSize, i);
    gint64 start = g_get_monotonic_time ();
    GError *error = NULL;
    ClfftFrameFilter *filter = prepare_size (ahead, size, &error);

    if (filter) {
      gdouble seconds = (g_get_monotonic_time () - start) / 1e6;

      GST_INFO_OBJECT (ahead->element, "prepared %ux%u%s ahead in %.3f s",
          size->width, size->height, size->pixels == CLFFT_PIXELS_U16 ?
          " (16-bit)" : "", seconds);
      post_prepared (ahead, size, clfft_frame_filter_get_tuning (filter),
          seconds);
    } else {
      GST_ELEMENT_WARNING (ahead->element, RESOURCE, FAILED,
          ("Cannot prepare the %ux%u filter ahead.", size->width,
              size->height), ("%s", error->message));
      g_clear_error (&error);
    }
    g_clear_pointer (&filter, clfft_frame_filter_free);
  }
  return NULL;
}

GstClfftAhead *
gst_clfft_ahead_start (GstElement * element, ClfftEngine * engine,
    GArray * sizes, ClfftPadding padding)
{
  GstClfftAhead *ahead;
  GError *error = NULL;

  if ((!sizes || sizes->len == 0)
      && !clfft_filter_generic_worth_preparing (engine))
    return NULL;
  ahead = g_new0 (GstClfftAhead, 1);
  ahead->element = gst_object_ref (element);
  ahead->engine = clfft_engine_ref (engine);
  ahead->sizes = sizes ? g_array_ref (sizes) :
      g_array_new (FALSE, FALSE, sizeof (GstClfftFrameSize));
  ahead->padding = padding;
  ahead->thread = g_thread_try_new ("clfft-ahead", ahead_run, ahead, &error);
  if (!ahead->thread) {
    GST_ELEMENT_WARNING (element, RESOURCE, FAILED,
        ("Cannot prepare frame sizes ahead."), ("%s", error->message));
    g_error_free (error);
    gst_clfft_ahead_stop (ahead);
    return NULL;
  }
  return ahead;
}

void
gst_clfft_ahead_stop (GstClfftAhead * ahead)
{
  if (!ahead)
    return;
  g_atomic_int_set (&ahead->stop, 1);
  if (ahead->thread)
    g_thread_join (ahead->thread);
  clfft_engine_unref (ahead->engine);
  g_array_unref (ahead->sizes);
  gst_object_unref (ahead->element);
  g_free (ahead);
}
