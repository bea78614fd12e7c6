/* A kernel that holds the device: see clfft-hold.h. */
#include "clfft-hold.h"
#include "clfft-passes.h"
#include "clfft-kernel-args.h"
#include "clfft-log.h"

struct _ClfftHold
{
  cl_kernel kernel;
  cl_mem sink;
  guint iterations, longest;
  gdouble last_us;
  cl_event held;                /* the last hold queued */
};

ClfftHold *
clfft_hold_new (ClfftEngine * engine, guint first, guint longest,
    GError ** error)
{
  ClfftHold *hold = g_new0 (ClfftHold, 1);

  hold->longest = MAX (longest, 1);
  hold->iterations = CLAMP (first, 1, hold->longest);
  hold->kernel = clfft_kernel_new (engine, "hold.cl", "", "hold", error);
  if (hold->kernel)
    hold->sink = clfft_buffer_new (engine, CL_MEM_READ_WRITE,
        sizeof (cl_float), NULL, error);
  if (!hold->sink) {
    clfft_hold_free (hold);
    return NULL;
  }
  return hold;
}

void
clfft_hold_free (ClfftHold * hold)
{
  if (!hold)
    return;
  clfft_event_release (&hold->held);
  clfft_buffer_release (&hold->sink);
  clfft_kernel_release (&hold->kernel);
  g_free (hold);
}

gboolean
clfft_hold_enqueue (ClfftHold * hold, cl_command_queue queue,
    GError ** error)
{
  const gsize one = 1;
  const ClfftArgsHold args = {
    .sink = hold->sink,
    .iterations = hold->iterations,
  };
  cl_int st;

  clfft_event_release (&hold->held);
  if (!clfft_kernel_args_hold (hold->kernel, &args, error))
    return FALSE;
  st = clEnqueueNDRangeKernel (queue, hold->kernel, 1, NULL, &one, &one, 0,
      NULL, &hold->held);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clEnqueueNDRangeKernel (hold)");
  st = clFlush (queue);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clFlush (hold)");
  return TRUE;
}

gboolean
clfft_hold_check (ClfftHold * hold, cl_event end, ClfftHoldOutcome * outcome,
    GError ** error)
{
  cl_ulong queued = 0, hold_start = 0, hold_end = 0;
  cl_int st;

  if (!hold->held) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_OPENCL,
        "clfft_hold_check: no hold queued since the last check");
    return FALSE;
  }
  st = clGetEventProfilingInfo (end, CL_PROFILING_COMMAND_QUEUED,
      sizeof (queued), &queued, NULL);
  if (st == CL_SUCCESS)
    st = clGetEventProfilingInfo (hold->held, CL_PROFILING_COMMAND_START,
        sizeof (hold_start), &hold_start, NULL);
  if (st == CL_SUCCESS)
    st = clGetEventProfilingInfo (hold->held, CL_PROFILING_COMMAND_END,
        sizeof (hold_end), &hold_end, NULL);
  clfft_event_release (&hold->held);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clGetEventProfilingInfo (hold)");
  hold->last_us = (hold_end - hold_start) / 1e3;
  if (queued < hold_end)
    *outcome = CLFFT_HOLD_IN_TIME;
  else if (hold->iterations >= hold->longest)
    *outcome = CLFFT_HOLD_AT_LIMIT;
  else {
    hold->iterations = hold->iterations > hold->longest / 2 ?
        hold->longest : hold->iterations * 2;
    *outcome = CLFFT_HOLD_LENGTHENED;
  }
  return TRUE;
}

guint
clfft_hold_get_iterations (const ClfftHold * hold)
{
  return hold->iterations;
}

gdouble
clfft_hold_get_last_us (const ClfftHold * hold)
{
  return hold->last_us;
}
