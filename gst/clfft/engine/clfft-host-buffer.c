#include "clfft-host-buffer.h"
#include "clfft-passes.h"
#include "clfft-log.h"
#include "clfft-queue.h"

#include <string.h>

/* A copy of at least PART_BYTES a part is split over threads: one core's
 * memcpy does not fill the memory's bandwidth, and the staging copies of
 * pageable frames are what a stream in the application's memory waits
 * for; below, waking a thread costs more than it saves. */
#define PART_BYTES (256 * 1024)
#define MAX_PARTS 8

static void
copy_rows_here (guint8 * dst, gsize dst_stride, const guint8 * src,
    gsize src_stride, gsize row_bytes, guint rows)
{
  if (dst_stride == row_bytes && src_stride == row_bytes) {
    memcpy (dst, src, row_bytes * rows);
    return;
  }
  for (guint y = 0; y < rows; y++)
    memcpy (dst + y * dst_stride, src + y * src_stride, row_bytes);
}

typedef struct
{
  guint8 *dst;
  const guint8 *src;
  gsize dst_stride, src_stride, row_bytes;
  guint rows;
  /* the copy's parts not done yet, under lock */
  guint *left;
  GMutex *lock;
  GCond *done;
} CopyPart;

static void
copy_part (gpointer data, gpointer user_data)
{
  CopyPart *part = data;

  copy_rows_here (part->dst, part->dst_stride, part->src, part->src_stride,
      part->row_bytes, part->rows);
  g_mutex_lock (part->lock);
  if (--*part->left == 0)
    g_cond_signal (part->done);
  g_mutex_unlock (part->lock);
}

/* The process's copy threads (one fewer than its processors, at most
 * MAX_PARTS - 1: the caller copies a part too), all made at once, or NULL
 * on one processor or where they cannot be made. */
static GThreadPool *
copy_pool (void)
{
  static GThreadPool *pool;

  if (g_once_init_enter (&pool)) {
    gint threads = MIN ((gint) g_get_num_processors () - 1, MAX_PARTS - 1);
    GThreadPool *made = threads > 0 ? g_thread_pool_new (copy_part, NULL,
        threads, TRUE, NULL) : NULL;

    g_once_init_leave (&pool, made ? made : GINT_TO_POINTER (1));
  }
  return pool == GINT_TO_POINTER (1) ? NULL : pool;
}

void
clfft_copy_rows (guint8 * dst, gsize dst_stride, const guint8 * src,
    gsize src_stride, gsize row_bytes, guint rows)
{
  GThreadPool *pool = copy_pool ();
  CopyPart parts[MAX_PARTS];
  guint n = 1, left, first = 0;
  GMutex lock;
  GCond done;

  if (pool)
    n = (guint) CLAMP (row_bytes * rows / PART_BYTES, 1, MIN (rows,
            (guint) g_thread_pool_get_max_threads (pool) + 1));
  if (n < 2) {
    copy_rows_here (dst, dst_stride, src, src_stride, row_bytes, rows);
    return;
  }
  g_mutex_init (&lock);
  g_cond_init (&done);
  left = n;
  for (guint k = 0; k < n; k++) {
    guint end = (guint) ((guint64) rows * (k + 1) / n);

    CopyPart *part = &parts[k];

    part->dst = dst + first * dst_stride;
    part->src = src + first * src_stride;
    part->dst_stride = dst_stride;
    part->src_stride = src_stride;
    part->row_bytes = row_bytes;
    part->rows = end - first;
    part->left = &left;
    part->lock = &lock;
    part->done = &done;
    first = end;
  }
  /* the pool's threads are made with it: a push only queues */
  for (guint k = 1; k < n; k++)
    g_thread_pool_push (pool, &parts[k], NULL);
  copy_part (&parts[0], NULL);
  g_mutex_lock (&lock);
  while (left > 0)
    g_cond_wait (&done, &lock);
  g_mutex_unlock (&lock);
  g_mutex_clear (&lock);
  g_cond_clear (&done);
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
  cl_command_queue queue;
  cl_int st;

  b->size = MAX (size, 1);
  b->mem = clfft_buffer_new (engine, CL_MEM_READ_WRITE |
      CL_MEM_ALLOC_HOST_PTR, b->size, NULL, error);
  if (!b->mem) {
    g_free (b);
    return NULL;
  }
  /* not on the engine's queue, whose frames in flight a blocking map
   * would wait for */
  queue = clfft_engine_get_host_queue (engine, error);
  if (!queue) {
    clfft_buffer_release (&b->mem);
    g_free (b);
    return NULL;
  }
  b->data = clEnqueueMapBuffer (queue, b->mem, CL_TRUE, CL_MAP_READ |
      CL_MAP_WRITE, 0, b->size, 0, NULL, NULL, &st);
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
  /* made with the buffer, which mapped there */
  queue = clfft_engine_get_host_queue (b->engine, NULL);
  /* the memory object goes once the unmap has run */
  clfft_warn_on_failure (clEnqueueUnmapMemObject (queue, b->mem, b->data, 0,
          NULL, NULL), "clEnqueueUnmapMemObject (pinned host memory)");
  clfft_buffer_release (&b->mem);
  clfft_warn_on_failure (clFlush (queue), "clFlush");
  clfft_engine_unref (b->engine);
  g_free (b);
}
