/* VkFFT (OpenCL backend) as a peer in the benchmarks. Kept in its own file:
 * vkFFT.h is one large header of static functions. */
#ifndef __PEER_VKFFT_H__
#define __PEER_VKFFT_H__

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <glib.h>

typedef struct _PeerVkfft PeerVkfft;

/* NULL when VkFFT is not built in or refuses the shape (the reason is
 * printed). Real transforms, out of place: forward from rows of width
 * reals (in) to rows of width/2 + 1 bins (spectrum), inverse back into in
 * (VkFFT returns C2R to its input buffer), normalized. lut: twiddles from
 * tables computed on the host (VkFFT's useLUT) instead of its default,
 * sincos in the kernels. */
PeerVkfft *peer_vkfft_new_2d_real (cl_context context, cl_device_id device,
    cl_command_queue queue, guint width, guint height, cl_mem in,
    cl_mem spectrum, gboolean lut);
/* batch transforms of n reals, rows n apart, to rows of n/2 + 1 bins. */
PeerVkfft *peer_vkfft_new_1d_r2c (cl_context context, cl_device_id device,
    cl_command_queue queue, guint n, guint batch, cl_mem in, cl_mem out,
    gboolean lut);
/* Complex transforms down the columns of a height x width complex matrix,
 * in place in data (the rows are left alone). */
PeerVkfft *peer_vkfft_new_columns (cl_context context, cl_device_id device,
    cl_command_queue queue, guint width, guint height, cl_mem data,
    gboolean lut);
/* VkFFT's convolution (performConvolution) of a frame of height rows of
 * width reals in in, into out (the same layout): its rows' R2C, the
 * columns' transforms with the kernel's product between them in one
 * dispatch, the rows' C2R, normalized. The kernel is the gain (height
 * rows of width / 2 + 1 reals) laid out as VkFFT's R2C spectrum is where
 * each axis takes one pass; where VkFFT lays it out otherwise, the result
 * is wrong (the benchmark checks it against FFTW). */
PeerVkfft *peer_vkfft_new_convolution (cl_context context,
    cl_device_id device, cl_command_queue queue, guint width, guint height,
    const gfloat * gain, cl_mem in, cl_mem out, gboolean lut);
/* "VkFFT <version>", with " LUT" for lut peers */
const gchar *peer_vkfft_name (gboolean lut);
/* A convolution peer runs its convolution either way. */
gboolean peer_vkfft_enqueue (PeerVkfft * peer, gboolean forward);
void peer_vkfft_free (PeerVkfft * peer);

#endif /* __PEER_VKFFT_H__ */
