/* The 2D filter for any frame size, from one program per device
 * (kernels/filter_generic.cl): the sizes and radices are given at launch,
 * so that a frame size never seen before needs no build. A new size's
 * first frames run it while the size's own programs build on a thread
 * (clfft-filter2d.c); those take over once built, as they run faster. It
 * does what the filter's three passes do for mode=filter with pixels out
 * (not output=normalize, not the spectrum view), on transforms whose rows
 * and columns each fit one work-group's local memory. */
#ifndef __CLFFT_FILTER_GENERIC_H__
#define __CLFFT_FILTER_GENERIC_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

typedef struct _ClfftFilterGeneric ClfftFilterGeneric;

/* For width x height transforms over pixels of pixel_size bytes; builds
 * the program (once per engine: later filters take it from the cache).
 * NULL with error set where the size or the device does not take it (a
 * side longer than local memory holds, a prime factor above 13). */
ClfftFilterGeneric *clfft_filter_generic_new (ClfftEngine * engine,
    guint width, guint height, gsize pixel_size, GError ** error);
void clfft_filter_generic_free (ClfftFilterGeneric * g);

/* Builds (or loads) on engine the program that frame sizes with no prime
 * factor above 5 run, so that a first frame of such a size finds it
 * built: an element calls it on a thread once its device is open, where
 * clfft_filter_generic_worth_preparing says so. FALSE with error set
 * where the device does not take the generic filter or the build fails. */
gboolean clfft_filter_generic_prepare (ClfftEngine * engine,
    GError ** error);
/* Whether building the program before a size is known shortens a first
 * frame on engine's device: on GPUs, where the build is the compile; not
 * on CPU devices, where PoCL compiles the kernels at their first launch,
 * for the launch's shape (clfft_filter_generic_launch_empty). */
gboolean clfft_filter_generic_worth_preparing (ClfftEngine * engine);

/* A frame's three passes on the engine's queue: pixels (rows of width)
 * into spectrum (rows of width / 2 + 1 bins, pitch apart), its columns
 * times gain ([kx][ky], height gains per bin column, the normalization of
 * a half-length inverse in it), and back into pixels_out, each value
 * times scale, |v| where magnitude, plus offset, rounded. */
gboolean clfft_filter_generic_enqueue (ClfftFilterGeneric * g,
    cl_mem pixels, cl_mem spectrum, guint pitch, cl_mem gain,
    cl_mem pixels_out, gfloat scale, gfloat offset, gboolean magnitude,
    GError ** error);

/* Launches the three kernels as a frame would, on the same buffers, with
 * lines of no length (they read and write nothing but the first bin of
 * each row of spectrum), and waits: a device that compiles a kernel for
 * the shape of its launch at the first such launch (PoCL) compiles it
 * here, not at the frame. */
gboolean clfft_filter_generic_launch_empty (ClfftFilterGeneric * g,
    cl_mem pixels, cl_mem spectrum, guint pitch, cl_mem gain,
    cl_mem pixels_out, GError ** error);

G_END_DECLS

#endif /* __CLFFT_FILTER_GENERIC_H__ */
