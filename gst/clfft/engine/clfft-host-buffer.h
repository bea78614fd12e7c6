/* Host memory that the device copies to and from at full speed: pinned
 * (page-locked) memory from CL_MEM_ALLOC_HOST_PTR, mapped once for its
 * whole life. On a GPU, transfers from such memory run as DMA without a
 * copy through the driver's own staging. */
#ifndef __CLFFT_HOST_BUFFER_H__
#define __CLFFT_HOST_BUFFER_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

typedef struct _ClfftHostBuffer ClfftHostBuffer;

/* size bytes, at least 1. The buffer holds a reference on the engine. */
ClfftHostBuffer *clfft_host_buffer_new (ClfftEngine * engine, gsize size,
    GError ** error);
gpointer clfft_host_buffer_get_data (ClfftHostBuffer * buffer);
/* Any thread; transfers from or to the buffer must have completed. */
void clfft_host_buffer_free (ClfftHostBuffer * buffer);

/* rows rows of row_bytes from src to dst, each side's rows its stride
 * apart: frames into and out of pinned staging. Large copies are split
 * over a pool of threads, the caller copying a part too. */
void clfft_copy_rows (guint8 * dst, gsize dst_stride, const guint8 * src,
    gsize src_stride, gsize row_bytes, guint rows);

G_END_DECLS

#endif /* __CLFFT_HOST_BUFFER_H__ */
