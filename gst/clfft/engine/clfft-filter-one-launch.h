/* The 2D filter of a frame in one launch (kernels/filter_one_launch.cl): the
 * filter's three passes as phases of one kernel, with barriers across a
 * team of work-groups that the device runs at once. A plan makes one where
 * the device can order memory across work-groups and the passes' shapes
 * fit one work-group; the filter falls back to its three passes
 * elsewhere. */
#ifndef __CLFFT_FILTER_ONE_LAUNCH_H__
#define __CLFFT_FILTER_ONE_LAUNCH_H__

#include "clfft-passes.h"

G_BEGIN_DECLS

/* Whether the one launch runs on dev at all: where the engine knows a
 * fence across work-groups (NVIDIA's GPUs) or needs none (CPUs). Where it
 * is wanted: clfft_filter_path_choose. */
gboolean clfft_filter_one_launch_supported (const ClfftDeviceInfo * dev);

typedef struct _ClfftFilterOneLaunch ClfftFilterOneLaunch;

/* For the filter whose row passes (forward; the inverse has the same
 * shape) and in-place column pass (gain between) are rows and columns,
 * over pixels of pixel_size bytes. NULL with error set where the device or
 * the shapes do not allow it. */
ClfftFilterOneLaunch *clfft_filter_one_launch_new (ClfftEngine * engine,
    const ClfftRowPass * rows, const ClfftRowPass * columns,
    gsize pixel_size, GError ** error);
void clfft_filter_one_launch_free (ClfftFilterOneLaunch * one_launch);

/* One frame of width 2 x rows->n and height columns->n, src pixels to dst
 * pixels through spectrum (rows of rows->n + 1 bins, pitch apart), on the
 * engine's queue. real_twiddles: the row transforms' unfold table; gain:
 * a row of columns->n gains per bin, the normalization in it; scale,
 * offset and magnitude as the pixel stores of kernels/fft_stockham.cl. */
gboolean clfft_filter_one_launch_enqueue (ClfftFilterOneLaunch * one_launch,
    cl_mem src, cl_mem dst, cl_mem spectrum, guint pitch,
    cl_mem real_twiddles, cl_mem gain, gfloat scale, gfloat offset,
    gboolean magnitude, GError ** error);

G_END_DECLS

#endif /* __CLFFT_FILTER_ONE_LAUNCH_H__ */
