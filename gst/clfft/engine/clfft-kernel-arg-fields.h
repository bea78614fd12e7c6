/* Setting a kernel's arguments from a struct, one field an argument: what
 * the setters that kernels/kernel_args.py generates
 * (clfft-kernel-args.h, one struct and setter per kernel) run on. */
#ifndef __CLFFT_KERNEL_ARG_FIELDS_H__
#define __CLFFT_KERNEL_ARG_FIELDS_H__

#include "clfft-errors.h"

G_BEGIN_DECLS

typedef enum
{
  /* the argument's value is the field (size bytes) */
  CLFFT_KERNEL_ARG_VALUE,
  /* the field, a gsize, is the bytes of local memory the argument takes;
   * its value is NULL */
  CLFFT_KERNEL_ARG_LOCAL,
} ClfftKernelArgKind;

/* One argument of a kernel, as a field of its struct. */
typedef struct
{
  const gchar *name;
  gsize offset;
  gsize size;
  ClfftKernelArgKind kind;
  /* the -D option (a flag of the kernel's options) under which the
   * kernel takes this argument; 0: always */
  guint option;
} ClfftKernelArgField;

/* Sets the arguments of kernel (named kernel_name in errors) from the
 * n_fields fields of args: those of no option, and those whose option is
 * in options, in order. FALSE with CLFFT_ERROR_OPENCL naming the kernel
 * and the argument where one fails. */
gboolean clfft_kernel_set_fields (cl_kernel kernel, const gchar * kernel_name,
    const ClfftKernelArgField * fields, guint n_fields, gconstpointer args,
    guint options, GError ** error);

G_END_DECLS

#endif /* __CLFFT_KERNEL_ARG_FIELDS_H__ */
