#include "peer-vkfft.h"

#ifdef HAVE_VKFFT

#include <string.h>
#define VKFFT_BACKEND 3
#include <vkFFT.h>

struct _PeerVkfft
{
  VkFFTApplication app;
  cl_context context;
  cl_device_id device;
  cl_command_queue queue;
  cl_mem in, out;
  uint64_t in_size, out_size;
  /* a convolution's: its kernel and its spectrum, owned */
  cl_mem kernel, spectrum;
  uint64_t kernel_size, spectrum_size;
};

static PeerVkfft *
peer_alloc (cl_context context, cl_device_id device, cl_command_queue queue,
    cl_mem in, cl_mem out)
{
  PeerVkfft *p = g_new0 (PeerVkfft, 1);

  p->context = context;
  p->device = device;
  p->queue = queue;
  p->in = in;
  p->out = out;
  return p;
}

/* Initializes the peer's VkFFT from config, on its device, context and
 * queue, normalized, with twiddles from tables when lut; on a failure
 * prints what VkFFT refused, frees the peer and returns NULL. */
static PeerVkfft *
peer_init (PeerVkfft * p, VkFFTConfiguration * config, gboolean lut,
    const gchar * what)
{
  VkFFTResult res;

  config->normalize = 1;
  config->useLUT = lut;
  config->device = &p->device;
  config->context = &p->context;
  config->commandQueue = &p->queue;
  res = initializeVkFFT (&p->app, *config);
  if (res != VKFFT_SUCCESS) {
    g_printerr ("VkFFT refuses %s: error %d\n", what, res);
    g_free (p);
    return NULL;
  }
  return p;
}

/* dims sizes (width first), batch; rows of in are reals, of out bins. */
static PeerVkfft *
peer_new (cl_context context, cl_device_id device, cl_command_queue queue,
    guint dims, const guint * size, guint batch, cl_mem in, cl_mem out,
    gboolean lut)
{
  PeerVkfft *p = peer_alloc (context, device, queue, in, out);
  VkFFTConfiguration config = { 0 };
  guint64 count = batch, bins = size[0] / 2 + 1;
  gchar what[64];

  for (guint d = 0; d < dims; d++)
    count *= size[d];
  p->in_size = count * sizeof (gfloat);
  p->out_size = count / size[0] * bins * 2 * sizeof (gfloat);
  config.FFTdim = dims;
  config.size[0] = size[0];
  config.size[1] = dims > 1 ? size[1] : 1;
  config.numberBatches = batch;
  config.performR2C = 1;
  config.isInputFormatted = 1;
  config.inverseReturnToInputBuffer = 1;
  config.inputBufferStride[0] = size[0];
  config.inputBufferStride[1] = (guint64) size[0] * config.size[1];
  config.bufferStride[0] = bins;
  config.bufferStride[1] = bins * config.size[1];
  config.inputBufferSize = &p->in_size;
  config.bufferSize = &p->out_size;
  config.inputBuffer = &p->in;
  config.buffer = &p->out;
  g_snprintf (what, sizeof (what), "%u-D %ux%u x %u", dims, size[0],
      dims > 1 ? size[1] : 1, batch);
  return peer_init (p, &config, lut, what);
}

PeerVkfft *
peer_vkfft_new_2d_real (cl_context context, cl_device_id device,
    cl_command_queue queue, guint width, guint height, cl_mem in,
    cl_mem spectrum, gboolean lut)
{
  const guint size[2] = { width, height };

  return peer_new (context, device, queue, 2, size, 1, in, spectrum, lut);
}

PeerVkfft *
peer_vkfft_new_1d_r2c (cl_context context, cl_device_id device,
    cl_command_queue queue, guint n, guint batch, cl_mem in, cl_mem out,
    gboolean lut)
{
  return peer_new (context, device, queue, 1, &n, batch, in, out, lut);
}

PeerVkfft *
peer_vkfft_new_columns (cl_context context, cl_device_id device,
    cl_command_queue queue, guint width, guint height, cl_mem data,
    gboolean lut)
{
  PeerVkfft *p = peer_alloc (context, device, queue, data, data);
  VkFFTConfiguration config = { 0 };
  gchar what[64];

  p->out_size = (uint64_t) width * height * 2 * sizeof (gfloat);
  config.FFTdim = 2;
  config.size[0] = width;
  config.size[1] = height;
  /* the rows stay as they are: only the transforms down the columns */
  config.omitDimension[0] = 1;
  config.bufferSize = &p->out_size;
  config.buffer = &p->out;
  g_snprintf (what, sizeof (what), "columns of %ux%u", width, height);
  return peer_init (p, &config, lut, what);
}

/* The kernel of a convolution of width x height: the gain (height rows of
 * width / 2 + 1 reals) as VkFFT's R2C spectrum lays it out where each axis
 * is one pass (rows of width / 2 + 1 complex values). */
static gboolean
write_kernel (PeerVkfft * p, guint width, guint height, const gfloat * gain)
{
  const guint bins = width / 2 + 1;
  gfloat *k = g_new0 (gfloat, (gsize) 2 * bins * height);
  cl_int st;

  for (gsize i = 0; i < (gsize) bins * height; i++)
    k[2 * i] = gain[i];
  st = clEnqueueWriteBuffer (p->queue, p->kernel, CL_TRUE, 0, p->kernel_size,
      k, 0, NULL, NULL);
  g_free (k);
  return st == CL_SUCCESS;
}

PeerVkfft *
peer_vkfft_new_convolution (cl_context context, cl_device_id device,
    cl_command_queue queue, guint width, guint height,
    const gfloat * gain, cl_mem in, cl_mem out, gboolean lut)
{
  PeerVkfft *p = peer_alloc (context, device, queue, in, out);
  VkFFTConfiguration config = { 0 };
  gchar what[64];
  cl_int st, st2;

  p->in_size = p->out_size = (uint64_t) width * height * sizeof (gfloat);
  p->kernel_size = p->spectrum_size = (uint64_t) (width / 2 + 1) * 2 *
      height * sizeof (gfloat);
  p->kernel = clCreateBuffer (context, CL_MEM_READ_WRITE, p->kernel_size,
      NULL, &st);
  p->spectrum = clCreateBuffer (context, CL_MEM_READ_WRITE,
      p->spectrum_size, NULL, &st2);
  if (st != CL_SUCCESS || st2 != CL_SUCCESS
      || !write_kernel (p, width, height, gain)) {
    g_printerr ("VkFFT's convolution kernel of %ux%u failed\n", width,
        height);
    peer_vkfft_free (p);
    return NULL;
  }
  config.FFTdim = 2;
  config.size[0] = width;
  config.size[1] = height;
  config.performR2C = 1;
  config.performConvolution = 1;
  config.coordinateFeatures = 1;
  config.kernel = &p->kernel;
  config.kernelSize = &p->kernel_size;
  config.isInputFormatted = 1;
  config.inputBuffer = &p->in;
  config.inputBufferSize = &p->in_size;
  config.inputBufferStride[0] = width;
  config.inputBufferStride[1] = (uint64_t) width * height;
  config.buffer = &p->spectrum;
  config.bufferSize = &p->spectrum_size;
  config.isOutputFormatted = 1;
  config.outputBuffer = &p->out;
  config.outputBufferSize = &p->out_size;
  config.outputBufferStride[0] = width;
  config.outputBufferStride[1] = (uint64_t) width * height;
  g_snprintf (what, sizeof (what), "the convolution of %ux%u", width,
      height);
  /* peer_init frees p alone on failure: the buffers first */
  {
    cl_mem kernel = p->kernel, spectrum = p->spectrum;
    PeerVkfft *done = peer_init (p, &config, lut, what);

    if (!done) {
      clReleaseMemObject (kernel);
      clReleaseMemObject (spectrum);
    }
    return done;
  }
}

gboolean
peer_vkfft_enqueue (PeerVkfft * p, gboolean forward)
{
  VkFFTLaunchParams launch = { 0 };

  launch.commandQueue = &p->queue;
  launch.inputBuffer = &p->in;
  if (p->kernel) {
    launch.buffer = &p->spectrum;
    launch.outputBuffer = &p->out;
    launch.kernel = &p->kernel;
    return VkFFTAppend (&p->app, -1, &launch) == VKFFT_SUCCESS;
  }
  launch.buffer = &p->out;
  return VkFFTAppend (&p->app, forward ? -1 : 1, &launch) == VKFFT_SUCCESS;
}

void
peer_vkfft_free (PeerVkfft * p)
{
  if (!p)
    return;
  if (p->app.configuration.FFTdim)
    deleteVkFFT (&p->app);
  if (p->kernel)
    clReleaseMemObject (p->kernel);
  if (p->spectrum)
    clReleaseMemObject (p->spectrum);
  g_free (p);
}

const gchar *
peer_vkfft_name (gboolean lut)
{
  return lut ? "VkFFT " VKFFT_PACKAGE_VERSION " LUT" :
      "VkFFT " VKFFT_PACKAGE_VERSION;
}

#else /* !HAVE_VKFFT */

PeerVkfft *
peer_vkfft_new_convolution (cl_context context, cl_device_id device,
    cl_command_queue queue, guint width, guint height, const gfloat * gain,
    cl_mem in, cl_mem out, gboolean lut)
{
  return NULL;
}

PeerVkfft *
peer_vkfft_new_2d_real (cl_context context, cl_device_id device,
    cl_command_queue queue, guint width, guint height, cl_mem in,
    cl_mem spectrum, gboolean lut)
{
  return NULL;
}

PeerVkfft *
peer_vkfft_new_1d_r2c (cl_context context, cl_device_id device,
    cl_command_queue queue, guint n, guint batch, cl_mem in, cl_mem out,
    gboolean lut)
{
  return NULL;
}

PeerVkfft *
peer_vkfft_new_columns (cl_context context, cl_device_id device,
    cl_command_queue queue, guint width, guint height, cl_mem data,
    gboolean lut)
{
  return NULL;
}

gboolean
peer_vkfft_enqueue (PeerVkfft * p, gboolean forward)
{
  return FALSE;
}

void
peer_vkfft_free (PeerVkfft * p)
{
}

const gchar *
peer_vkfft_name (gboolean lut)
{
  return "VkFFT (not built in)";
}

#endif
