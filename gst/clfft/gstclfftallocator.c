#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstclfftallocator.h"
#include "engine/clfft-host-buffer.h"

/* registered at plugin init (gstclfft.c), so that GST_DEBUG lists it
 * before the first allocator is made */
GST_DEBUG_CATEGORY (gst_clfft_allocator_debug);
#define GST_CAT_DEFAULT gst_clfft_allocator_debug

struct _GstClfftHostAllocator
{
  GstAllocator parent;
  ClfftEngine *engine;
};

typedef struct
{
  GstMemory mem;
  ClfftHostBuffer *host;        /* NULL in a share: the parent owns it */
  guint8 *data;
} GstClfftHostMemory;

G_DEFINE_TYPE (GstClfftHostAllocator, gst_clfft_host_allocator,
    GST_TYPE_ALLOCATOR);

static GstMemory *
host_alloc (GstAllocator * allocator, gsize size, GstAllocationParams * params)
{
  GstClfftHostAllocator *self = GST_CLFFT_HOST_ALLOCATOR (allocator);
  gsize maxsize = size + params->prefix + params->padding + params->align;
  GError *error = NULL;
  ClfftHostBuffer *host = clfft_host_buffer_new (self->engine, maxsize,
      &error);
  GstClfftHostMemory *mem;
  gsize shift;

  if (!host) {
    GST_WARNING_OBJECT (self, "cannot allocate %" G_GSIZE_FORMAT " bytes of "
        "pinned memory: %s", maxsize, error->message);
    g_error_free (error);
    return NULL;
  }
  mem = g_new0 (GstClfftHostMemory, 1);
  mem->host = host;
  mem->data = clfft_host_buffer_get_data (host);
  /* align is a mask */
  shift = (params->align + 1 - ((guintptr) mem->data & params->align))
      & params->align;
  gst_memory_init (GST_MEMORY_CAST (mem), params->flags, allocator, NULL,
      maxsize, params->align, params->prefix + shift, size);
  if (params->prefix && (params->flags & GST_MEMORY_FLAG_ZERO_PREFIXED))
    memset (mem->data + shift, 0, params->prefix);
  if (params->padding && (params->flags & GST_MEMORY_FLAG_ZERO_PADDED))
    memset (mem->data + shift + params->prefix + size, 0, params->padding);
  return GST_MEMORY_CAST (mem);
}

static void
host_free (GstAllocator * allocator, GstMemory * memory)
{
  GstClfftHostMemory *mem = (GstClfftHostMemory *) memory;

  clfft_host_buffer_free (mem->host);
  g_free (mem);
}

static gpointer
host_map (GstMemory * memory, gsize maxsize, GstMapFlags flags)
{
  return ((GstClfftHostMemory *) memory)->data;
}

static void
host_unmap (GstMemory * memory)
{
}

static GstMemory *
host_share (GstMemory * memory, gssize offset, gssize size)
{
  GstClfftHostMemory *mem = (GstClfftHostMemory *) memory, *sub;
  GstMemory *parent = memory->parent ? memory->parent : memory;

  if (size == -1)
    size = memory->size - offset;
  sub = g_new0 (GstClfftHostMemory, 1);
  sub->data = mem->data;
  gst_memory_init (GST_MEMORY_CAST (sub),
      GST_MINI_OBJECT_FLAGS (parent) | GST_MINI_OBJECT_FLAG_LOCK_READONLY,
      memory->allocator, parent, memory->maxsize, memory->align,
      memory->offset + offset, size);
  return GST_MEMORY_CAST (sub);
}

static void
gst_clfft_host_allocator_finalize (GObject * object)
{
  GstClfftHostAllocator *self = GST_CLFFT_HOST_ALLOCATOR (object);

  if (self->engine)
    clfft_engine_unref (self->engine);
  G_OBJECT_CLASS (gst_clfft_host_allocator_parent_class)->finalize (object);
}

static void
gst_clfft_host_allocator_class_init (GstClfftHostAllocatorClass * klass)
{
  GstAllocatorClass *allocator_class = GST_ALLOCATOR_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = gst_clfft_host_allocator_finalize;
  allocator_class->alloc = host_alloc;
  allocator_class->free = host_free;
}

static void
gst_clfft_host_allocator_init (GstClfftHostAllocator * self)
{
  GstAllocator *allocator = GST_ALLOCATOR_CAST (self);

  allocator->mem_type = "ClfftPinnedHost";
  allocator->mem_map = host_map;
  allocator->mem_unmap = host_unmap;
  allocator->mem_share = host_share;
}

GstAllocator *
gst_clfft_host_allocator_new (ClfftEngine * engine)
{
  GstClfftHostAllocator *self =
      g_object_new (GST_TYPE_CLFFT_HOST_ALLOCATOR, NULL);

  gst_object_ref_sink (self);
  self->engine = clfft_engine_ref (engine);
  return GST_ALLOCATOR_CAST (self);
}

gboolean
gst_clfft_buffer_is_pinned (GstBuffer * buffer, ClfftEngine * engine)
{
  guint n = gst_buffer_n_memory (buffer);

  for (guint i = 0; i < n; i++) {
    GstAllocator *allocator = gst_buffer_peek_memory (buffer, i)->allocator;

    if (!allocator || !GST_IS_CLFFT_HOST_ALLOCATOR (allocator)
        || GST_CLFFT_HOST_ALLOCATOR (allocator)->engine != engine)
      return FALSE;
  }
  return n > 0;
}
