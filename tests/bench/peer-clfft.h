/* clFFT as a peer in the benchmarks, in a file of its own as the other
 * peers are. */
#ifndef __PEER_CLFFT_H__
#define __PEER_CLFFT_H__

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <glib.h>

typedef struct _PeerClfft PeerClfft;

/* NULL when clFFT is not built in or refuses the shape. */
PeerClfft *peer_clfft_new_2d_c2c (cl_context context, cl_command_queue queue,
    guint width, guint height);
PeerClfft *peer_clfft_new_1d_r2c (cl_context context, cl_command_queue queue,
    guint n, guint batch);
/* forward: height rows of width reals to rows of width/2 + 1 bins;
 * inverse: back (normalized). */
PeerClfft *peer_clfft_new_2d_real (cl_context context,
    cl_command_queue queue, guint width, guint height);
gboolean peer_clfft_enqueue (PeerClfft * peer, gboolean forward, cl_mem in,
    cl_mem out);
void peer_clfft_free (PeerClfft * peer);
const gchar *peer_clfft_version (void);
/* Releases clFFT's global state once every peer is freed. */
void peer_clfft_teardown (void);

#endif /* __PEER_CLFFT_H__ */
