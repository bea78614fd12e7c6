#ifndef __GST_CLFFT_2D_FILTER_H__
#define __GST_CLFFT_2D_FILTER_H__

#include <gst/gst.h>
#include <gst/video/video.h>
#include <gst/video/gstvideofilter.h>

#include "engine/clfft-engine.h"
#include "gstclfftdevice.h"
#include "engine/clfft-fft.h"
#include "engine/clfft-frame-filter.h"
#include "engine/clfft-peak-finder.h"
#include "gstclfftframelayout.h"
#include "gstclfftprepareahead.h"
#include "gstclfftmask.h"

G_BEGIN_DECLS

#define GST_TYPE_CLFFT_2D_FILTER (gst_clfft_2d_filter_get_type ())
G_DECLARE_FINAL_TYPE (GstClfft2dFilter, gst_clfft_2d_filter, GST,
    CLFFT_2D_FILTER, GstVideoFilter);

#define GST_TYPE_CLFFT_FILTER_TYPE (gst_clfft_filter_type_get_type ())
GType gst_clfft_filter_type_get_type (void);
#define GST_TYPE_CLFFT_SHAPE (gst_clfft_shape_get_type ())
GType gst_clfft_shape_get_type (void);
#define GST_TYPE_CLFFT_STRIPES (gst_clfft_stripes_get_type ())
GType gst_clfft_stripes_get_type (void);
#define GST_TYPE_CLFFT_OUTPUT (gst_clfft_output_get_type ())
GType gst_clfft_output_get_type (void);
#define GST_TYPE_CLFFT_CHROMA (gst_clfft_chroma_get_type ())
GType gst_clfft_chroma_get_type (void);

#define GST_TYPE_CLFFT_MODE (gst_clfft_mode_get_type ())
GType gst_clfft_mode_get_type (void);
#define GST_TYPE_CLFFT_PADDING (gst_clfft_padding_get_type ())
GType gst_clfft_padding_get_type (void);

#define GST_TYPE_CLFFT_TUNING (gst_clfft_tuning_get_type ())
GType gst_clfft_tuning_get_type (void);

/* The engine's ClfftTuning, value for value. */
typedef enum
{
  GST_CLFFT_TUNING_AUTO = CLFFT_TUNING_AUTO,
  GST_CLFFT_TUNING_OFF = CLFFT_TUNING_OFF,
  GST_CLFFT_TUNING_BACKGROUND = CLFFT_TUNING_BACKGROUND,
  GST_CLFFT_TUNING_BLOCKING = CLFFT_TUNING_BLOCKING,
} GstClfftTuning;

/* The engine's ClfftPadding, value for value. */
typedef enum
{
  GST_CLFFT_PADDING_NONE = CLFFT_PADDING_NONE,
  GST_CLFFT_PADDING_MIRROR = CLFFT_PADDING_MIRROR,
} GstClfftPadding;

/* The engine's ClfftMode, value for value. */
typedef enum
{
  GST_CLFFT_MODE_FILTER = CLFFT_MODE_FILTER,
  GST_CLFFT_MODE_SPECTRUM = CLFFT_MODE_SPECTRUM,
} GstClfftMode;

/* The engine's ClfftOutput, value for value. */
typedef enum
{
  GST_CLFFT_OUTPUT_CLAMP = CLFFT_OUTPUT_CLAMP,
  GST_CLFFT_OUTPUT_ABS = CLFFT_OUTPUT_ABS,
  GST_CLFFT_OUTPUT_NORMALIZE = CLFFT_OUTPUT_NORMALIZE,
} GstClfftOutput;

/* The settings a frame is filtered with, read from the properties at once
 * (one snapshot a frame): the plan and its configuration follow them, so
 * that properties changed from another thread take effect together at a
 * frame, never half of them. */
typedef struct
{
  GstClfftMode mode;
  ClfftPadding padding;         /* the plan's: none for the spectrum view */
  GstClfftOutput output;
  GstClfftChroma chroma;        /* auto resolved */
  gdouble gain, offset;
  gdouble saturate;             /* percent, for normalize */
} GstClfftFrameSettings;

struct _GstClfft2dFilter
{
  GstVideoFilter parent;

  /* properties; guarded by the object lock */
  GstClfftFilterType filter;
  GstClfftShape shape;
  guint order;
  gdouble cutoff, cutoff_high;
  gchar *notches_text;
  GArray *notches;              /* of GstClfftNotch */
  gdouble notch_radius;
  gchar *mask_location;
  guint mask_generation;        /* counts the changes of mask_location */
  GstClfftMaskImage *mask_image;        /* read from mask_location */
  gchar *mask_problem;          /* why there is no mask_image */
  gboolean preserve_dc;
  gdouble pass_gain, stop_gain;
  GstClfftStripes stripes;
  gdouble stripe_tolerance;
  gdouble structure_large, structure_small;
  gdouble gain, offset;
  gdouble saturate;
  /* notches=auto: the peaks found in the frames' spectra are the notches
   * (or, with mode=spectrum, reported); found is their text */
  gboolean notches_auto;
  guint auto_notch_count, auto_notch_interval;
  gdouble auto_notch_min_radius, auto_notch_threshold;
  gdouble auto_notch_min_amplitude;       /* levels of an 8-bit frame */
  gchar *notches_found;
  GstClfftOutput output;
  GstClfftChroma chroma;
  GstClfftMode mode;
  GstClfftPadding padding;
  guint pipeline_depth;         /* 0: automatic */
  gchar *prepare_sizes;
  gboolean mask_dirty;

  /* device-index, fallback, tuning (a GstClfftTuning); the engine */
  GstClfftDevice device;
  /* prepare-sizes at work, from READY to NULL */
  GstClfftAhead *ahead;

  /* streaming state, from set_info to stop */
  ClfftFrameFilter *frames;
  GstVideoInfo info;            /* the caps', from set_info on */
  ClfftFrameLayout layout;      /* info's */
  ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS];     /* frames' now */
  /* whether the roles were set for an output that is the picture */
  gboolean plan_picture;
  ClfftPadding plan_padding;    /* what frames was made with */
  GstClfftFrameSettings settings;       /* what frames was last set to */
  GstClfftTuning plan_tuning;   /* what frames was asked to tune with */
  gfloat *mask;                 /* at the largest plan's transform size */
  gsize mask_floats;
  gint width, height;
  /* notches=auto's finder (the frame size's), and the frames since its
   * last run; stale: the next frame is searched afresh; else the peaks
   * found last (ClfftPeak, streaming thread only) stand out at a lower
   * threshold in the next search (ClfftPeakParams.kept) */
  ClfftPeakFinder *peak_finder;
  guint frames_since_peaks;
  gboolean peaks_stale;
  GArray *peaks_kept;
  gboolean band_empty;          /* warned of an empty band */
  gboolean no_notches;          /* warned of filter=notch without notches */
  /* a refused property value's warning made while the element had no bus
   * (gst-launch sets properties before the pipeline exists), posted at
   * NULL to READY; guarded by the object lock */
  gchar *unposted_warning;
  GQueue held;                  /* of HeldFrame: in flight, oldest first */
  gboolean started;             /* a frame left since start, flush, segment */
  guint depth_cap;              /* what the output pool has room for */
  /* after a fallback: the output pool holds the failed device's memory,
   * so outputs go in system memory until the next allocation decision */
  gboolean outputs_unpooled;
  /* guarded by the object lock (the latency query comes from any thread) */
  gboolean upstream_live;
  GstClockTime frame_duration;  /* 0 where unknown */
  GstClockTime reported_latency;        /* added in the last latency answer */
};

G_END_DECLS

#endif /* __GST_CLFFT_2D_FILTER_H__ */
