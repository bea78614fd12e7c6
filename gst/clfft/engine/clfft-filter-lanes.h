/* The 2D filter's three passes for CPUs (kernels/fft_lanes.cl): each
 * work-item transforms CLFFT_FILTER_LANES rows, or columns, at once, one
 * per SIMD lane of wide vectors. fft_stockham.cl's passes run on PoCL one
 * value at a time, since its compiler vectorizes no loop over work-items
 * that works on float2 values. Where a plan runs them:
 * clfft_filter_path_choose. */
#ifndef __CLFFT_FILTER_LANES_H__
#define __CLFFT_FILTER_LANES_H__

#include "clfft-passes.h"

G_BEGIN_DECLS

/* Rows or columns per work-item (float16 vectors: AVX-512 registers). The
 * spectrum's pitch must be a multiple of it. */
#define CLFFT_FILTER_LANES 8

typedef struct _ClfftFilterLanes ClfftFilterLanes;

/* For the filter whose row passes (forward; the inverse has the same
 * shape) and in-place column pass are rows and columns (their radices and
 * twiddle tables, which must outlive this), over pixels of pixel_size
 * bytes. NULL with error set where the device's local memory does not
 * hold a work-item's buffers. */
ClfftFilterLanes *clfft_filter_lanes_new (ClfftEngine * engine,
    const ClfftRowPass * rows, const ClfftRowPass * columns,
    gsize pixel_size, GError ** error);
void clfft_filter_lanes_free (ClfftFilterLanes * lanes);

/* The three passes of a frame of width 2 x rows->n and height columns->n,
 * on the engine's queue, as the filter's passes do them (LOAD_U8_PAIRS
 * and STORE_HALF_SPECTRUM, GAIN_BETWEEN, LOAD_HALF_SPECTRUM and
 * STORE_U8_PAIRS in kernels/fft_stockham.cl). spectrum: rows of
 * rows->n + 1 bins, pitch apart, pitch a multiple of CLFFT_FILTER_LANES;
 * real_twiddles: the row transforms' unfold table; gain: a row of pitch
 * gains per row of the spectrum, the normalization in it; scale, offset
 * and magnitude as the pixel stores of fft_stockham.cl. */
gboolean clfft_filter_lanes_enqueue_rows_forward (ClfftFilterLanes * lanes,
    cl_mem pixels, cl_mem spectrum, guint pitch, cl_mem real_twiddles,
    GError ** error);
gboolean clfft_filter_lanes_enqueue_columns (ClfftFilterLanes * lanes,
    cl_mem spectrum, guint pitch, cl_mem gain, GError ** error);
gboolean clfft_filter_lanes_enqueue_rows_inverse (ClfftFilterLanes * lanes,
    cl_mem spectrum, guint pitch, cl_mem pixels, cl_mem real_twiddles,
    gfloat scale, gfloat offset, gboolean magnitude, GError ** error);

G_END_DECLS

#endif /* __CLFFT_FILTER_LANES_H__ */
