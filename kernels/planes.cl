/* The channels of a frame's planes (clfft-frame-filter.c): a channel's
 * samples taken out of a plane where they lie interleaved with others
 * (NV12's U and V, YUY2, RGBx) into a plane of their own for the filter,
 * and put back, with the channel's range (10 bits in 16) restored.
 * Pitches, offsets and steps count samples (containers), not bytes.
 *
 * Build option: SAMPLE_U16 for 16-bit containers (default 8-bit). */

#if defined(SAMPLE_U16)
typedef ushort sample_t;
#define SAMPLE_MAX 65535.0f
#else
typedef uchar sample_t;
#define SAMPLE_MAX 255.0f
#endif

/* Sample (x, y) of the channel at plane[y pitch + offset + x step] into
 * channel[y width + x]. */
__kernel void take_channel (__global const sample_t * plane, uint pitch,
    uint offset, uint step, uint width, uint height,
    __global sample_t * channel)
{
  const uint x = get_global_id (0), y = get_global_id (1);

  if (x >= width || y >= height)
    return;
  channel[(size_t) y * width + x] =
      plane[(size_t) y * pitch + offset + (size_t) x * step];
}

/* The luma of up to three channels (each at plane[y pitch + offset +
 * x step], times its weight; weight 0 for none) into channel[y width + x],
 * rounded half up. */
__kernel void take_luma (__global const sample_t * plane0, uint pitch0,
    uint offset0, uint step0, float weight0,
    __global const sample_t * plane1, uint pitch1, uint offset1, uint step1,
    float weight1, __global const sample_t * plane2, uint pitch2,
    uint offset2, uint step2, float weight2, uint width, uint height,
    __global sample_t * channel)
{
  const uint x = get_global_id (0), y = get_global_id (1);
  float v;

  if (x >= width || y >= height)
    return;
  v = weight0 * plane0[(size_t) y * pitch0 + offset0 + (size_t) x * step0]
      + weight1 * plane1[(size_t) y * pitch1 + offset1 + (size_t) x * step1]
      + weight2 * plane2[(size_t) y * pitch2 + offset2 + (size_t) x * step2];
  channel[(size_t) y * width + x] = (sample_t) min (v + 0.5f, SAMPLE_MAX);
}

/* The filter's output (channel_pitch apart, containers of the filter's
 * range) back into the plane: times scale, rounded half up, at most
 * max, shifted left by shift; scale 1, max the container's and shift 0
 * move samples unchanged. */
__kernel void put_channel (__global const sample_t * channel,
    uint channel_pitch, uint width, uint height, float scale, uint max,
    uint shift, __global sample_t * plane, uint pitch, uint offset,
    uint step)
{
  const uint x = get_global_id (0), y = get_global_id (1);
  float v;

  if (x >= width || y >= height)
    return;
  v = (float) channel[(size_t) y * channel_pitch + x] * scale + 0.5f;
  plane[(size_t) y * pitch + offset + (size_t) x * step] =
      (sample_t) (min ((uint) v, max) << shift);
}

/* Every sample of the channel in the plane set to value. */
__kernel void fill_channel (__global sample_t * plane, uint pitch,
    uint offset, uint step, uint width, uint height, uint value)
{
  const uint x = get_global_id (0), y = get_global_id (1);

  if (x >= width || y >= height)
    return;
  plane[(size_t) y * pitch + offset + (size_t) x * step] = (sample_t) value;
}
