/* The host twins of the structs that kernels take by value: field for
 * field, with the kernel's names and layout. kernels/kernel_args.py maps
 * each kernel struct to its twin here (STRUCT_TWINS) and asserts, at
 * build time, that the layouts match. */
#ifndef __CLFFT_KERNEL_STRUCTS_H__
#define __CLFFT_KERNEL_STRUCTS_H__

/* the OpenCL types alone, as clfft-errors.h includes them */
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <glib.h>

G_BEGIN_DECLS

/* Most radix stages of one row (4096 = 8^4; 3^7 = 2187 takes 7). */
#define CLFFT_MAX_STAGES 16

/* The shape argument of the generic kernel build: Shape (GENERIC in
 * kernels/fft_stockham.cl). */
typedef struct
{
  cl_uint n, num_stages, length, load_length, store_length;
  cl_float sign;
  cl_uint radices[CLFFT_MAX_STAGES];
} ClfftGenericShape;

/* A row pass's numbers, in one argument: Numbers in
 * kernels/fft_stockham.cl. */
typedef struct
{
  cl_uint src_stride, src_dist, dst_stride, dst_dist, batch, gain_dist;
  cl_uint sub_rows, src_sub_step, src_elem_step, dst_sub_step, dst_elem_step;
  cl_uint magnitude;
  cl_float scale, offset;
} ClfftRowNumbers;

G_END_DECLS

#endif /* __CLFFT_KERNEL_STRUCTS_H__ */
