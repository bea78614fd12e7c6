/* Frames made beforehand for the streaming benchmarks: in the pool that
 * clfft2dfilter proposes or in the application's memory, and pushed into
 * an appsrc. */
#ifndef __CLFFT_BENCH_FRAMES_H__
#define __CLFFT_BENCH_FRAMES_H__

#include <gst/gst.h>
#include <gst/video/video.h>

G_BEGIN_DECLS

/* The pool that the element after src proposes for frames of info, set
 * for n buffers and active; aborts where there is none. */
GstBufferPool *bench_proposed_pool (GstElement * src,
    const GstVideoInfo * info, guint n);

/* A frame of info (from pool, else newly allocated), of random bytes. */
GstBuffer *bench_random_frame (const GstVideoInfo * info,
    GstBufferPool * pool);

/* Pushes frame number i into the appsrc src at 30 frames a second: a new
 * buffer over frame's memory, with its own timestamp. */
void bench_push_frame (GstElement * src, GstBuffer * frame, guint i);

G_END_DECLS

#endif /* __CLFFT_BENCH_FRAMES_H__ */
