/* Setting a kernel's arguments from a struct, one field an argument. */
#include "clfft-kernel-arg-fields.h"
#include "clfft-log.h"

gboolean
clfft_kernel_set_fields (cl_kernel kernel, const gchar * kernel_name,
    const ClfftKernelArgField * fields, guint n_fields, gconstpointer args,
    guint options, GError ** error)
{
  cl_uint index = 0;

  for (guint i = 0; i < n_fields; i++) {
    const ClfftKernelArgField *field = &fields[i];
    const guint8 *value = (const guint8 *) args + field->offset;
    cl_int st;

    if (field->option && !(options & field->option))
      continue;
    if (field->kind == CLFFT_KERNEL_ARG_LOCAL)
      st = clSetKernelArg (kernel, index, *(const gsize *) value, NULL);
    else
      st = clSetKernelArg (kernel, index, field->size, value);
    if (st != CL_SUCCESS) {
      gchar *what = g_strdup_printf ("clSetKernelArg (%s: %s)", kernel_name,
          field->name);

      clfft_fail (error, st, what);
      g_free (what);
      return FALSE;
    }
    index++;
  }
  return TRUE;
}
