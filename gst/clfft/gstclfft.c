/* The clfft plugin: frequency-domain video and audio work on OpenCL. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclfftelements.h"
#include "engine/clfft-engine.h"

/* The engine's own log: device choice, program builds and cache use. */
GST_DEBUG_CATEGORY (gst_clfft_debug);
GST_DEBUG_CATEGORY_EXTERN (gst_clfft_allocator_debug);

static void
forward_engine_log (ClfftLogLevel level, const gchar * message,
    gpointer user_data)
{
  static const GstDebugLevel levels[] = {
    [CLFFT_LOG_ERROR] = GST_LEVEL_ERROR,
    [CLFFT_LOG_WARNING] = GST_LEVEL_WARNING,
    [CLFFT_LOG_INFO] = GST_LEVEL_INFO,
    [CLFFT_LOG_DEBUG] = GST_LEVEL_DEBUG,
  };

  GST_CAT_LEVEL_LOG (gst_clfft_debug, levels[level], NULL, "%s", message);
}

static gboolean
plugin_init (GstPlugin * plugin)
{
  GST_DEBUG_CATEGORY_INIT (gst_clfft_debug, "clfft", 0,
      "clfft OpenCL engine: devices, kernel builds, program cache");
  GST_DEBUG_CATEGORY_INIT (gst_clfft_allocator_debug, "clfftallocator", 0,
      "pinned host memory of clfft elements");
  clfft_set_log_func (forward_engine_log, NULL);

  return GST_ELEMENT_REGISTER (clfft2dfilter, plugin)
      && GST_ELEMENT_REGISTER (clfftspectrum, plugin)
      && GST_ELEMENT_REGISTER (clfftspectrogram, plugin);
}

GST_PLUGIN_DEFINE (GST_VERSION_MAJOR, GST_VERSION_MINOR, clfft,
    "Frequency-domain filtering and spectra on OpenCL devices",
    plugin_init, PACKAGE_VERSION, "LGPL", PACKAGE_NAME, PACKAGE_ORIGIN)
