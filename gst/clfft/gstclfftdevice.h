/* An element's OpenCL device: the properties device-index, device-name,
 * device-index-in-use, fallback and tuning, the engine opened from NULL to
 * READY (shared through gstclfftcontext.h), the stream's load on its
 * device, and the move to another device when it fails. Each element
 * embeds one GstClfftDevice and calls these from its vfuncs. */
#ifndef __GST_CLFFT_DEVICE_H__
#define __GST_CLFFT_DEVICE_H__

#include <gst/gst.h>
#include "engine/clfft-engine.h"

G_BEGIN_DECLS

/* The element's properties of its device, from the first property id
 * that gst_clfft_device_install_properties is given on. */
typedef enum
{
  GST_CLFFT_DEVICE_PROP_INDEX,
  GST_CLFFT_DEVICE_PROP_NAME,
  GST_CLFFT_DEVICE_PROP_INDEX_IN_USE,
  GST_CLFFT_DEVICE_PROP_FALLBACK,
  GST_CLFFT_DEVICE_PROP_TUNING,
} GstClfftDeviceProp;

/* What an element says of its device's properties. */
typedef struct
{
  /* fallback's blurb: what goes to the next device when its own fails */
  const gchar *fallback_blurb;
  /* NULL: the shared texts */
  const gchar *device_index_blurb;
  const gchar *device_name_blurb;
  /* NULL: no tuning property; else its enum (the engine's ClfftTuning,
   * value for value, all of it or some), default and blurb */
  GType (*tuning_get_type) (void);
  gint tuning_default;
  const gchar *tuning_blurb;
} GstClfftDeviceProperties;

/* An element's share of its device's load (clfft_device_add_load), by
 * which elements with device-index=-1 balance over the devices: device
 * -1 where it counts on none. */
typedef struct
{
  gint device;
  gdouble bytes_per_second;
} GstClfftLoad;

typedef struct
{
  /* not a reference: the element embeds the struct */
  GstElement *element;

  /* properties; guarded by the element's object lock */
  gint index;                   /* device-index: -1, automatic */
  gboolean fallback;
  gint tuning;                  /* the tuning enum's value */

  /* guarded by the object lock (set_context may come from any thread);
   * after NULL to READY, changed in the streaming thread only (a
   * fallback), which reads it without the lock */
  ClfftEngine *engine;
  GstClfftLoad load;            /* the stream's share of its device */
} GstClfftDevice;

/* From the element's instance init. */
void gst_clfft_device_init (GstClfftDevice * device, GstElement * element);

/* From the element's finalize: drops the engine and the load. */
void gst_clfft_device_clear (GstClfftDevice * device);

/* Installs device-index, device-name, device-index-in-use, fallback and,
 * where properties->tuning_get_type is set, tuning, at first_prop_id
 * and the ids after it (GstClfftDeviceProp). */
void gst_clfft_device_install_properties (GObjectClass * gobject_class,
    guint first_prop_id, const GstClfftDeviceProperties * properties);

/* Sets or gets the property prop_id - first_prop_id (GstClfftDeviceProp)
 * under the object lock; FALSE where prop_id is not one of them. */
gboolean gst_clfft_device_set_property (GstClfftDevice * device,
    guint first_prop_id, guint prop_id, const GValue * value);
gboolean gst_clfft_device_get_property (GstClfftDevice * device,
    guint first_prop_id, guint prop_id, GValue * value);

/* The fallback property, read under the object lock. */
gboolean gst_clfft_device_get_fallback (GstClfftDevice * device);

/* The element's set_context: takes the engine of a context of ours if the
 * element has none yet and its device suits device-index. Chain up after
 * it. */
void gst_clfft_device_set_context (GstClfftDevice * device,
    GstContext * context);

/* Answers a context query of ours with the element's engine; FALSE for
 * other queries, which the element answers. */
gboolean gst_clfft_device_answer_query (GstClfftDevice * device,
    GstQuery * query);

/* The element's change_state: from NULL to READY, opens the engine of
 * device-index (or a neighbour's, or the application's) and counts the
 * stream there, or posts a resource error that names the device asked
 * for and fails; chains up to parent_class; from READY to NULL, or where
 * going to READY failed, drops the engine. Notifies "device-name" and
 * "device-index-in-use" when the engine opens. */
GstStateChangeReturn gst_clfft_device_change_state (GstClfftDevice * device,
    GstStateChange transition, GstElementClass * parent_class);

/* Counts the element's stream at bytes_per_second (from its caps) on the
 * device of its engine, in place of what it counted before. */
void gst_clfft_device_set_load (GstClfftDevice * device,
    gdouble bytes_per_second);

/* Makes an element's work again on device->engine, the engine fallen back
 * to: FALSE with error set where that fails too. */
typedef gboolean (*GstClfftRemake) (GstElement * element, GError ** error);

/* The device failed (cause: clfft_error_is_device_failure) while the
 * element worked to do task ("compute spectra"). With fallback (the
 * property, read by the caller, and the caller's own conditions), the
 * element moves to the next usable device (the first CPU other than the
 * failed device, else the next other device, else a new context on the
 * failed device itself; the pipeline's context is not changed),
 * makes its work again there (remake), and posts a warning that names
 * both devices and what went there (moved: "its spectra"); otherwise, or
 * where that fails, an error that names the failed device. TRUE when the
 * stream goes on, on the new device. Streaming thread only. */
gboolean gst_clfft_device_failed (GstClfftDevice * device, gboolean fallback,
    const GError * cause, const gchar * task, const gchar * moved,
    GstClfftRemake remake);

G_END_DECLS

#endif /* __GST_CLFFT_DEVICE_H__ */
