#include "peer-clfft.h"

#ifdef HAVE_CLFFT
#include <clFFT.h>

struct _PeerClfft
{
  clfftPlanHandle plan;
  clfftPlanHandle inverse_plan; /* real 2D: C2R; else 0 (plan does both) */
  cl_command_queue queue;
  cl_mem scratch;
};

static gboolean
setup_once (void)
{
  static gsize done = 0;
  static gboolean ok = FALSE;

  if (g_once_init_enter (&done)) {
    clfftSetupData setup;

    ok = clfftInitSetupData (&setup) == CLFFT_SUCCESS
        && clfftSetup (&setup) == CLFFT_SUCCESS;
    g_once_init_leave (&done, 1);
  }
  return ok;
}

static gboolean
bake_plan (clfftPlanHandle plan, cl_command_queue * queue, size_t * scratch)
{
  size_t size = 0;

  if (clfftSetPlanPrecision (plan, CLFFT_SINGLE) != CLFFT_SUCCESS
      || clfftSetResultLocation (plan, CLFFT_OUTOFPLACE) != CLFFT_SUCCESS
      || clfftBakePlan (plan, 1, queue, NULL, NULL) != CLFFT_SUCCESS
      || clfftGetTmpBufSize (plan, &size) != CLFFT_SUCCESS)
    return FALSE;
  *scratch = MAX (*scratch, size);
  return TRUE;
}

static PeerClfft *
bake (PeerClfft * peer, cl_context context)
{
  size_t scratch_size = 0;
  cl_int st = CL_SUCCESS;

  if (!bake_plan (peer->plan, &peer->queue, &scratch_size)
      || (peer->inverse_plan && !bake_plan (peer->inverse_plan, &peer->queue,
              &scratch_size))) {
    peer_clfft_free (peer);
    return NULL;
  }
  if (scratch_size)
    peer->scratch = clCreateBuffer (context, CL_MEM_READ_WRITE, scratch_size,
        NULL, &st);
  if (st != CL_SUCCESS) {
    peer_clfft_free (peer);
    return NULL;
  }
  return peer;
}

PeerClfft *
peer_clfft_new_2d_c2c (cl_context context, cl_command_queue queue,
    guint width, guint height)
{
  PeerClfft *peer = g_new0 (PeerClfft, 1);
  size_t lengths[2] = { width, height };

  peer->queue = queue;
  if (!setup_once () || clfftCreateDefaultPlan (&peer->plan, context,
          CLFFT_2D, lengths) != CLFFT_SUCCESS
      || clfftSetLayout (peer->plan, CLFFT_COMPLEX_INTERLEAVED,
          CLFFT_COMPLEX_INTERLEAVED) != CLFFT_SUCCESS) {
    g_free (peer);
    return NULL;
  }
  return bake (peer, context);
}

PeerClfft *
peer_clfft_new_1d_r2c (cl_context context, cl_command_queue queue, guint n,
    guint batch)
{
  PeerClfft *peer = g_new0 (PeerClfft, 1);
  size_t lengths[1] = { n };

  peer->queue = queue;
  if (!setup_once () || clfftCreateDefaultPlan (&peer->plan, context,
          CLFFT_1D, lengths) != CLFFT_SUCCESS
      || clfftSetLayout (peer->plan, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED)
      != CLFFT_SUCCESS
      || clfftSetPlanBatchSize (peer->plan, batch) != CLFFT_SUCCESS
      || clfftSetPlanDistance (peer->plan, n, n / 2 + 1) != CLFFT_SUCCESS) {
    g_free (peer);
    return NULL;
  }
  return bake (peer, context);
}

PeerClfft *
peer_clfft_new_2d_real (cl_context context, cl_command_queue queue,
    guint width, guint height)
{
  PeerClfft *peer = g_new0 (PeerClfft, 1);
  size_t lengths[2] = { width, height };
  size_t real_strides[2] = { 1, width }, bin_strides[2] = { 1, width / 2 + 1 };

  peer->queue = queue;
  if (!setup_once ()
      || clfftCreateDefaultPlan (&peer->plan, context, CLFFT_2D, lengths)
      != CLFFT_SUCCESS
      || clfftSetLayout (peer->plan, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED)
      != CLFFT_SUCCESS
      || clfftSetPlanInStride (peer->plan, CLFFT_2D, real_strides)
      != CLFFT_SUCCESS
      || clfftSetPlanOutStride (peer->plan, CLFFT_2D, bin_strides)
      != CLFFT_SUCCESS
      || clfftCreateDefaultPlan (&peer->inverse_plan, context, CLFFT_2D,
          lengths) != CLFFT_SUCCESS
      || clfftSetLayout (peer->inverse_plan, CLFFT_HERMITIAN_INTERLEAVED,
          CLFFT_REAL) != CLFFT_SUCCESS
      || clfftSetPlanInStride (peer->inverse_plan, CLFFT_2D, bin_strides)
      != CLFFT_SUCCESS
      || clfftSetPlanOutStride (peer->inverse_plan, CLFFT_2D, real_strides)
      != CLFFT_SUCCESS) {
    peer_clfft_free (peer);
    return NULL;
  }
  return bake (peer, context);
}

gboolean
peer_clfft_enqueue (PeerClfft * peer, gboolean forward, cl_mem in, cl_mem out)
{
  clfftPlanHandle plan = !forward && peer->inverse_plan ?
      peer->inverse_plan : peer->plan;

  return clfftEnqueueTransform (plan, forward ? CLFFT_FORWARD :
      CLFFT_BACKWARD, 1, &peer->queue, 0, NULL, NULL, &in, &out,
      peer->scratch) == CLFFT_SUCCESS;
}

void
peer_clfft_free (PeerClfft * peer)
{
  if (peer->plan && clfftDestroyPlan (&peer->plan) != CLFFT_SUCCESS)
    g_warning ("clfftDestroyPlan failed");
  if (peer->inverse_plan
      && clfftDestroyPlan (&peer->inverse_plan) != CLFFT_SUCCESS)
    g_warning ("clfftDestroyPlan failed");
  if (peer->scratch && clReleaseMemObject (peer->scratch) != CL_SUCCESS)
    g_warning ("clReleaseMemObject failed");
  g_free (peer);
}

const gchar *
peer_clfft_version (void)
{
  static gchar version[32];
  cl_uint major = 0, minor = 0, patch = 0;

  clfftGetVersion (&major, &minor, &patch);
  g_snprintf (version, sizeof (version), "clFFT %u.%u.%u", major, minor,
      patch);
  return version;
}

void
peer_clfft_teardown (void)
{
  if (setup_once () && clfftTeardown () != CLFFT_SUCCESS)
    g_warning ("clfftTeardown failed");
}

#else /* !HAVE_CLFFT */

void
peer_clfft_teardown (void)
{
}


PeerClfft *
peer_clfft_new_2d_c2c (cl_context context, cl_command_queue queue,
    guint width, guint height)
{
  return NULL;
}

PeerClfft *
peer_clfft_new_1d_r2c (cl_context context, cl_command_queue queue, guint n,
    guint batch)
{
  return NULL;
}

PeerClfft *
peer_clfft_new_2d_real (cl_context context, cl_command_queue queue,
    guint width, guint height)
{
  return NULL;
}

gboolean
peer_clfft_enqueue (PeerClfft * peer, gboolean forward, cl_mem in, cl_mem out)
{
  return FALSE;
}

void
peer_clfft_free (PeerClfft * peer)
{
}

const gchar *
peer_clfft_version (void)
{
  return "clFFT (not built in)";
}

#endif
