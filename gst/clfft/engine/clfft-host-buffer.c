#include "clfft-host-buffer.h"
#include "clfft-passes.h"
#include "clfft-private.h"

#include <string.h>

void
clfft_copy_rows (guint8 * dst, gsize dst_stride, const guint8 * src,
    gsize src_stride, gsize row_bytes, guint rows)
{
  if (dst_stride == row_bytes && src_stride == row_bytes) {
    memcpy (dst, src, row_bytes * rows);
    return;
  }
  for (guint y = 0; y < rows; y++)
    memcpy (dst + y * dst_stride, src + y * src_stride, row_bytes);
}

struct _ClfftHostBuffer
{
  ClfftEngine *engine;
  cl_mem mem;
  gpointer data;                /* mapped for the buffer's life */
  gsize size;
};

ClfftHostBuffer *
clfft_host_buffer_new (ClfftEngine * engine, gsize size, GError ** error)
{
  ClfftHostBuffer *b = g_new0 (ClfftHostBuffer, 1);
  cl_int st;

  b->size = MAX (size, 1);
  b->mem = clfft_buffer_new (engine, CL_MEM_READ_WRITE |
      CL_MEM_ALLOC_HOST_PTR, b->size, NULL, error);
  if (!b->mem) {
    g_free (b);
    return NULL;
  }
  b->data = clEnqueueMapBuffer (clfft_engine_get_queue (engine), b->mem,
      CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, b->size, 0, NULL, NULL, &st);
  if (st != CL_SUCCESS) {
    clfft_buffer_release (&b->mem);
    g_free (b);
    clfft_fail (error, st, "clEnqueueMapBuffer (pinned host memory)");
    return NULL;
  }
  b->engine = clfft_engine_ref (engine);
  return b;
}

gpointer
clfft_host_buffer_get_data (ClfftHostBuffer * b)
{
  return b->data;
}

void
clfft_host_buffer_free (ClfftHostBuffer * b)
{
  cl_command_queue queue;

  if (!b)
    return;
  queue = clfft_engine_get_queue (b->engine);
  /* the memory object goes once the unmap has run */
  clfft_warn_on_failure (clEnqueueUnmapMemObject (queue, b->mem, b->data, 0,
          NULL, NULL), "clEnqueueUnmapMemObject (pinned host memory)");
  clfft_buffer_release (&b->mem);
  clfft_warn_on_failure (clFlush (queue), "clFlush");
  clfft_engine_unref (b->engine);
  g_free (b);
}
