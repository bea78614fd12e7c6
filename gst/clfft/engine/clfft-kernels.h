/* The OpenCL sources of kernels/, embedded at build time. */
#ifndef __CLFFT_KERNELS_H__
#define __CLFFT_KERNELS_H__

typedef struct
{
  const char *name;             /* file name, e.g. "fft_stockham.cl" */
  const char *source;
} ClfftKernelSource;

extern const ClfftKernelSource clfft_kernel_sources[];
extern const unsigned int clfft_n_kernel_sources;

#endif /* __CLFFT_KERNELS_H__ */
