/* GstMemory in pinned host memory of a ClfftEngine (ClfftHostBuffer), so
 * that producers write frames where the device reaches them by DMA. */
#ifndef __GST_CLFFT_ALLOCATOR_H__
#define __GST_CLFFT_ALLOCATOR_H__

#include <gst/gst.h>
#include "engine/clfft-engine.h"

G_BEGIN_DECLS

#define GST_TYPE_CLFFT_HOST_ALLOCATOR (gst_clfft_host_allocator_get_type ())
G_DECLARE_FINAL_TYPE (GstClfftHostAllocator, gst_clfft_host_allocator, GST,
    CLFFT_HOST_ALLOCATOR, GstAllocator);

GstAllocator *gst_clfft_host_allocator_new (ClfftEngine * engine);

/* Whether all of buffer lies in pinned memory of engine. */
gboolean gst_clfft_buffer_is_pinned (GstBuffer * buffer,
    ClfftEngine * engine);

G_END_DECLS

#endif /* __GST_CLFFT_ALLOCATOR_H__ */
