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

/* An element's share of its device's load (clfft_device_add_load), by
 * which elements with device-index=-1 balance over the devices: device
 * -1 where it counts on none. */
typedef struct
{
  gint device;
  gdouble bytes_per_second;
} GstClfftLoad;

#define GST_CLFFT_LOAD_NONE { -1, 0.0 }

/* Counts the element's stream on the device of engine (NULL: on none) at
 * bytes_per_second, in place of where it counted before; under the
 * element's object lock. */
void gst_clfft_load_set (GstElement * element, GstClfftLoad * load,
    ClfftEngine * engine, gdouble bytes_per_second);

/* Takes the engine of a context of our type if the element has none yet and
 * the engine's device suits *device_index (-1 accepts any). *device_index
 * and *engine are the element's, read under its object lock. */
void gst_clfft_handle_set_context (GstElement * element, GstContext * context,
    const gint * device_index, ClfftEngine ** engine);

/* Answers a context query of our type with the element's *engine (read
 * under its object lock); FALSE for other queries. */
gboolean gst_clfft_handle_context_query (GstElement * element,
    GstQuery * query, ClfftEngine ** engine);

/* Makes sure *engine is set: asks the peers and the application for a
 * shared engine, else creates one (the choice and the count of the
 * stream in *load as one step) and announces it with have-context; but
 * not where automatic choices balance over several devices, so that the
 * other branches of the pipeline balance too (neighbours still share it
 * through the context query). */
gboolean gst_clfft_ensure_engine (GstElement * element, gint device_index,
    ClfftEngine ** engine, GstClfftLoad * load, GError ** error);

/* For NULL to READY: ensures *engine for the element's *device_index (read
 * under its object lock) and counts its stream there in *load, or posts a
 * resource error that names the device asked for and returns FALSE.
 * Notifies "device-name" and "device-index-in-use". */
gboolean gst_clfft_open_engine (GstElement * element,
    const gint * device_index, ClfftEngine ** engine, GstClfftLoad * load);

/* After the device of *engine failed: retires that engine (see
 * clfft_engine_retire) and replaces *engine, under the object lock, with
 * the engine of the next usable device: the first CPU other than the
 * failed device, else the next other device, else a new context on the
 * failed device itself. The pipeline's context is not changed: elements
 * that share the failed engine fall back on their own. FALSE with error set
 * when no device can be opened (*engine is then unchanged). */
gboolean gst_clfft_fall_back (GstElement * element, ClfftEngine ** engine,
    GstClfftLoad * load, GError ** error);

/* Makes an element's device work again on *engine, the engine that
 * gst_clfft_fall_back has just put in place: FALSE with error set where
 * that fails too. */
typedef gboolean (*GstClfftRemake) (GstElement * element, GError ** error);

/* The device of *engine failed (cause: clfft_error_is_device_failure)
 * while the element worked to do task ("compute spectra"). With fallback,
 * the element moves to the next usable device (gst_clfft_fall_back),
 * remakes its work there (remake), and posts a warning that names both
 * devices and what went there (moved: "its spectra"); otherwise, or where
 * that fails, an error that names the failed device. TRUE when the stream
 * goes on, on the new device. */
gboolean gst_clfft_device_failed (GstElement * element, ClfftEngine ** engine,
    GstClfftLoad * load, gboolean fallback, const GError * cause,
    const gchar * task, const gchar * moved, GstClfftRemake remake);

/* For READY to NULL: drops *engine (under the object lock), and the
 * stream's load. */
void gst_clfft_close_engine (GstElement * element, ClfftEngine ** engine,
    GstClfftLoad * load);

/* An element's change_state: opens *engine from NULL to READY and counts
 * a stream there in *load, chains up to parent_class, and closes *engine
 * from READY to NULL or when going to READY failed. */
GstStateChangeReturn gst_clfft_change_state (GstElement * element,
    GstStateChange transition, GstElementClass * parent_class,
    const gint * device_index, ClfftEngine ** engine, GstClfftLoad * load);

G_END_DECLS

#endif /* __GST_CLFFT_CONTEXT_H__ */
