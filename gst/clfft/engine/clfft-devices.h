/* gst-clfft engine: the OpenCL devices (clfft-engine.h includes it): every
 * device of every platform, listed once, and the one place that chooses
 * among them, by request, GST_CLFFT_DEVICE and the load that streams
 * bring. Knows nothing of engines. */
#ifndef __CLFFT_DEVICES_H__
#define __CLFFT_DEVICES_H__

#include "clfft-device-env.h"
#include "clfft-errors.h"

G_BEGIN_DECLS

typedef struct
{
  guint index;                  /* position in clfft_list_devices() */
  cl_platform_id platform;
  cl_device_id id;
  cl_device_type type;
  gchar *name;
  gchar *vendor;
  gchar *platform_name;
  gchar *driver_version;
  gchar *device_version;
  gsize max_work_group_size;
  gsize local_mem_size;
  guint compute_units;
  gboolean host_unified_memory; /* device memory is host memory (CPUs) */
  guint mem_base_addr_align;    /* bytes: where host-pointer buffers start
                                 * to be used in place, and where a part
                                 * of a buffer may start */
  guint nv_compute_major;       /* NVIDIA's compute capability, major;
                                 * 0 for other devices */
} ClfftDeviceInfo;

/* Every OpenCL device of every platform, in platform order. Enumerated once
 * per process; the array is owned by the engine. */
const ClfftDeviceInfo *clfft_list_devices (guint * n_devices, GError ** error);

/* PoCL's major version from the device's driver version ("6.0+debian");
 * 0 for other drivers. */
guint clfft_device_pocl_major (const ClfftDeviceInfo * device);

/* TRUE the first time it is asked with device and seen (a bit per device
 * index, the first 64, which it sets under a lock of its own): for what is
 * logged once per device. */
gboolean clfft_device_first_seen (const ClfftDeviceInfo * device,
    guint64 * seen);

/* Resolves a device request: index >= 0 names a device; -1 is automatic:
 * among the devices that CLFFT_DEVICE_ENV names (a comma-separated list of
 * indices and parts of names), else among the GPUs of the fastest kind
 * (the most compute units), else the CPU devices of that kind, it takes
 * the one with the least load (clfft_device_add_load: bytes a second,
 * then streams; then the first). Returns the index or -1 with error set. */
gint clfft_choose_device (gint requested_index, GError ** error);

/* Whether automatic choices have more than one device to balance over. */
gboolean clfft_automatic_choice_balances (void);

/* Whether a stream left to the automatic choice may run on device index
 * where another element already has an engine there (a neighbour, a
 * context): where CLFFT_DEVICE_ENV is unset or names nothing, any device;
 * else only a device it names, so that it pins every such stream (FALSE
 * where it names none: the stream's own choice then says why). */
gboolean clfft_automatic_choice_allows (guint index);

/* The work that streams bring to device index: a stream adds (1, its
 * bytes a second) when it starts there and takes them back when it stops;
 * a new rate adds the difference (0, new - old). An index past the list
 * counts nothing and reads as (0, 0). */
void clfft_device_add_load (guint index, gint streams,
    gdouble bytes_per_second);
void clfft_device_get_load (guint index, gint * streams,
    gdouble * bytes_per_second);

/* Why PoCL's kernel cache is not where it would be, and where it went,
 * where device is PoCL's and its cache folder could not be used (the
 * devices are listed after it was looked at); NULL otherwise. */
const gchar *clfft_device_get_driver_cache_warning (const ClfftDeviceInfo *
    device);

G_END_DECLS

#endif /* __CLFFT_DEVICES_H__ */
