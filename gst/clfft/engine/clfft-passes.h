/* The engine's building blocks, one global-memory pass each: a batched row
 * FFT in local memory and a tiled transpose. Plans chain them. */
#ifndef __CLFFT_PASSES_H__
#define __CLFFT_PASSES_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

/* Longest row that one work-group transforms in local memory. */
#define CLFFT_MAX_ROW_LENGTH 4096
/* Most radix stages of one row (4096 = 8^4; 3^7 = 2187 takes 7). */
#define CLFFT_MAX_STAGES 16

/* Whether a row pass does length n directly: 1..CLFFT_MAX_ROW_LENGTH with
 * no prime factor other than 2, 3, 5 and 7. */
gboolean clfft_row_length_direct (guint n);
/* Whether a row pass does length n at all: directly, or through Bluestein
 * on a direct length >= 2n - 1. */
gboolean clfft_row_length_supported (guint n);

/* How a row pass reads its input and writes its output; see the LOAD_* and
 * STORE_* options in kernels/fft_stockham.cl. */
typedef enum
{
  CLFFT_LOAD_COMPLEX,
  CLFFT_LOAD_U8,
  CLFFT_LOAD_REAL,
  CLFFT_LOAD_REAL_PAIRS,
  CLFFT_LOAD_HERMITIAN,
  CLFFT_LOAD_HALF_SPECTRUM,
} ClfftRowLoad;

typedef enum
{
  CLFFT_STORE_COMPLEX,
  CLFFT_STORE_U8,
  CLFFT_STORE_REAL,
  CLFFT_STORE_REAL_PAIRS,
  CLFFT_STORE_HALF,
  CLFFT_STORE_HALF_SPECTRUM,
} ClfftRowStore;

/* Where a row pass applies a real gain per element, if anywhere. */
typedef enum
{
  CLFFT_GAIN_NONE,
  CLFFT_GAIN_BETWEEN,           /* forward FFT, gain, inverse FFT */
  CLFFT_GAIN_ON_STORE,          /* on the transform's output */
} ClfftRowGain;

typedef struct
{
  ClfftEngine *engine;
  cl_kernel kernel;
  guint length;                 /* of the transform */
  guint n;                      /* of the FFT that runs it */
  gboolean bluestein;           /* n is a convolution length >= 2 length - 1 */
  cl_mem twiddles;              /* exp(-2 pi i m / n), m < n */
  cl_mem real_twiddles;         /* exp(-2 pi i k / 2 length), k <= length */
  cl_mem chirp, conv;           /* Bluestein's tables, or NULL */
  guint threads_per_row;
  guint rows_per_group;
  gchar radices[64];            /* the schedule, e.g. "8x8x4" */
} ClfftRowPass;

/* A batched transform of the given length per row. sign: -1 forward, +1
 * inverse (with CLFFT_GAIN_BETWEEN: forward, gain, inverse, and sign is
 * ignored). Lengths that do not run directly take Bluestein's algorithm,
 * which cannot be combined with CLFFT_GAIN_BETWEEN. */
gboolean clfft_row_pass_init (ClfftRowPass * pass, ClfftEngine * engine,
    guint length, gint sign, ClfftRowLoad load, ClfftRowStore store,
    ClfftRowGain gain, GError ** error);
void clfft_row_pass_clear (ClfftRowPass * pass);

/* Strides and distances of a pass, in units of the element type of each
 * side (byte, float or complex float). */
typedef struct
{
  guint stride;                 /* between consecutive elements of a row */
  guint distance;               /* between the starts of consecutive rows */
} ClfftRowLayout;

/* gain (rows gain_distance apart) is only read by a pass with a gain; pass
 * NULL otherwise. */
gboolean clfft_row_pass_enqueue (ClfftRowPass * pass, cl_mem src,
    ClfftRowLayout src_layout, cl_mem dst, ClfftRowLayout dst_layout,
    guint batch, cl_mem gain, guint gain_distance, gfloat scale,
    GError ** error);

typedef struct
{
  ClfftEngine *engine;
  cl_kernel kernel;
} ClfftTransposePass;

gboolean clfft_transpose_pass_init (ClfftTransposePass * pass,
    ClfftEngine * engine, GError ** error);
void clfft_transpose_pass_clear (ClfftTransposePass * pass);

/* src: height rows of width complex elements; dst: width rows of height. */
gboolean clfft_transpose_pass_enqueue (ClfftTransposePass * pass, cl_mem src,
    cl_mem dst, guint width, guint height, GError ** error);

/* A device buffer of the given size (host_data as for clCreateBuffer);
 * NULL with error set on failure. */
cl_mem clfft_buffer_new (ClfftEngine * engine, cl_mem_flags flags, gsize size,
    gpointer host_data, GError ** error);
void clfft_buffer_release (cl_mem * buffer);

G_END_DECLS

#endif /* __CLFFT_PASSES_H__ */
