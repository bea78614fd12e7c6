#ifndef __GST_CLFFT_2D_FILTER_H__
#define __GST_CLFFT_2D_FILTER_H__

#include <gst/gst.h>
#include <gst/video/video.h>
#include <gst/video/gstvideofilter.h>

#include "engine/clfft-engine.h"
#include "engine/clfft-fft.h"
#include "engine/clfft-filter2d.h"
#include "gstclfftmask.h"

G_BEGIN_DECLS

#define GST_TYPE_CLFFT_2D_FILTER (gst_clfft_2d_filter_get_type ())
G_DECLARE_FINAL_TYPE (GstClfft2dFilter, gst_clfft_2d_filter, GST,
    CLFFT_2D_FILTER, GstVideoFilter);

#define GST_TYPE_CLFFT_FILTER_TYPE (gst_clfft_filter_type_get_type ())
GType gst_clfft_filter_type_get_type (void);

struct _GstClfft2dFilter
{
  GstVideoFilter parent;

  /* properties; guarded by the object lock */
  GstClfftFilterType filter;
  gdouble cutoff;
  gint device_index;
  gboolean gain_dirty;

  /* guarded by the object lock (set_context may come from any thread) */
  ClfftEngine *engine;

  /* streaming state, from set_info to stop */
  ClfftFilter2d *plan;
  gfloat *gain;
};

G_END_DECLS

#endif /* __GST_CLFFT_2D_FILTER_H__ */
