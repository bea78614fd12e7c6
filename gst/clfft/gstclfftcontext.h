/* Sharing one ClfftEngine between the elements of a pipeline through
 * GstContext, the way GStreamer's GL and CUDA elements share theirs. */
#ifndef __GST_CLFFT_CONTEXT_H__
#define __GST_CLFFT_CONTEXT_H__

#include <gst/gst.h>
#include "engine/clfft-engine.h"

G_BEGIN_DECLS

#define GST_CLFFT_ENGINE_CONTEXT_TYPE "gst.clfft.engine"

#define GST_TYPE_CLFFT_ENGINE (gst_clfft_engine_get_type ())
GType gst_clfft_engine_get_type (void);

GstContext *gst_clfft_context_new (ClfftEngine * engine);

/* The engine of a context of our type (a reference), else NULL. */
ClfftEngine *gst_clfft_context_get_engine (GstContext * context);

/* Whether query is a context query of our type. */
gboolean gst_clfft_context_query_is_ours (GstQuery * query);

/* Asks the element's peers for a context of our type, and gives the
 * answer to the element's set_context. */
void gst_clfft_context_ask_peers (GstElement * element);

/* Asks the application and the bins (need-context); their answer comes
 * through the element's set_context. */
void gst_clfft_context_ask_application (GstElement * element);

/* Gives a context of engine, the element's new own, to the element's
 * set_context and announces it with have-context; but not where automatic
 * choices balance over several devices, so that the other branches of the
 * pipeline balance too (neighbours still share it through the context
 * query). */
void gst_clfft_context_announce (GstElement * element, ClfftEngine * engine);

G_END_DECLS

#endif /* __GST_CLFFT_CONTEXT_H__ */
