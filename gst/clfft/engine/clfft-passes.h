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

/* Whether a row pass can do length n: 2..CLFFT_MAX_ROW_LENGTH, with no
 * prime factor other than 2, 3, 5 and 7. */
gboolean clfft_row_length_supported (guint n);

typedef enum
{
  CLFFT_ROW_LOAD_U8 = 1 << 0,   /* read bytes as real input */
  CLFFT_ROW_STORE_U8 = 1 << 1,  /* store the real part as saturated bytes */
  CLFFT_ROW_FILTER = 1 << 2,    /* forward, multiply by gain, inverse */
} ClfftRowFlags;

typedef struct
{
  ClfftEngine *engine;
  cl_kernel kernel;
  cl_mem twiddles;
  guint n;
  guint threads_per_row;
  guint rows_per_group;
} ClfftRowPass;

/* sign: -1 forward, +1 inverse (ignored with CLFFT_ROW_FILTER). */
gboolean clfft_row_pass_init (ClfftRowPass * pass, ClfftEngine * engine,
    guint n, gint sign, ClfftRowFlags flags, GError ** error);
void clfft_row_pass_clear (ClfftRowPass * pass);

/* Row r of src starts at element r * src_stride, likewise dst and gain.
 * gain is only read with CLFFT_ROW_FILTER (else pass NULL). */
gboolean clfft_row_pass_enqueue (ClfftRowPass * pass, cl_mem src,
    guint src_stride, cl_mem dst, guint dst_stride, guint batch, cl_mem gain,
    guint gain_stride, gfloat scale, GError ** error);

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
