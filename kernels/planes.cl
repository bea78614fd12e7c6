/* The channels of a frame's planes (clfft-frame-filter.c): a channel's
 * samples taken out of a plane where they lie interleaved with others
 * (NV12's U and V, YUY2, RGBx) or shifted (P010's 10 bits in the top of
 * 16) into a plane of their own for the filter, as the samples' values,
 * and put back, with the channel's range and shift restored.
 * Pitches, offsets and steps count samples (containers), not bytes.
 *
 * Build option: SAMPLE_U16 for 16-bit containers (default 8-bit). */

#ifndef HELPER_INLINE
#define HELPER_INLINE inline __attribute__((always_inline))
#endif

#if defined(SAMPLE_U16)
typedef ushort sample_t;
#define SAMPLE_MAX 65535.0f
#else
typedef uchar sample_t;
#define SAMPLE_MAX 255.0f
#endif

/* Up to three channels of one plane (those a frame filters; width 0 for
 * none) taken out at once: sample (x, y) of channel i, at
 * plane[y pitch + offset_i + x step_i], shifted right by shift_i, into
 * channel_i[first_i + y channel_pitch_i + x] (rows of the filter's
 * frames interleaved where several run as one batch). The filter sees
 * the samples' values: its output is linear in them, but the spectrum
 * view's log (1 + |F|) is not, and would differ for 2^shift times them.
 * One launch per plane, over its widest channel. */
HELPER_INLINE void
take_one (__global const sample_t * row, uint x, uint y, uint offset,
    uint step, uint width, uint shift, __global sample_t * channel,
    uint first, uint channel_pitch)
{
  if (x < width)
    channel[first + (size_t) y * channel_pitch + x] =
        row[offset + (size_t) x * step] >> shift;
}

__kernel void take_channels (__global const sample_t * plane, uint pitch,
    uint height, uint offset0, uint step0, uint width0, uint shift0,
    __global sample_t * channel0, uint first0, uint channel_pitch0,
    uint offset1, uint step1, uint width1, uint shift1,
    __global sample_t * channel1, uint first1, uint channel_pitch1,
    uint offset2, uint step2, uint width2, uint shift2,
    __global sample_t * channel2, uint first2, uint channel_pitch2)
{
  const uint x = get_global_id (0), y = get_global_id (1);
  __global const sample_t *row = plane + (size_t) y * pitch;

  if (y >= height)
    return;
  take_one (row, x, y, offset0, step0, width0, shift0, channel0, first0,
      channel_pitch0);
  take_one (row, x, y, offset1, step1, width1, shift1, channel1, first1,
      channel_pitch1);
  take_one (row, x, y, offset2, step2, width2, shift2, channel2, first2,
      channel_pitch2);
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

/* The filter's output of a channel (from first, rows channel_pitch
 * apart, containers of the filter's range) back into its plane's row:
 * times scale, rounded half up, at most max, shifted left by shift;
 * scale 1, max the container's and shift 0 move samples unchanged. */
HELPER_INLINE void
put_one (__global const sample_t * channel, uint first, uint channel_pitch,
    uint x, uint y, float scale, uint max, uint shift,
    __global sample_t * row, uint offset, uint step, uint width)
{
  float v;

  if (x >= width)
    return;
  v = (float) channel[first + (size_t) y * channel_pitch + x] * scale +
      0.5f;
  row[offset + (size_t) x * step] = (sample_t) (min ((uint) v, max) << shift);
}

/* Up to three channels of one plane put back at once (width 0 for
 * none). */
__kernel void put_channels (__global sample_t * plane, uint pitch,
    uint height, __global const sample_t * channel0, uint first0,
    uint channel_pitch0, float scale0, uint max0, uint shift0, uint offset0,
    uint step0, uint width0, __global const sample_t * channel1,
    uint first1, uint channel_pitch1, float scale1, uint max1, uint shift1,
    uint offset1, uint step1, uint width1,
    __global const sample_t * channel2, uint first2, uint channel_pitch2,
    float scale2, uint max2, uint shift2, uint offset2, uint step2,
    uint width2)
{
  const uint x = get_global_id (0), y = get_global_id (1);
  __global sample_t *row = plane + (size_t) y * pitch;

  if (y >= height)
    return;
  put_one (channel0, first0, channel_pitch0, x, y, scale0, max0, shift0, row,
      offset0, step0, width0);
  put_one (channel1, first1, channel_pitch1, x, y, scale1, max1, shift1, row,
      offset1, step1, width1);
  put_one (channel2, first2, channel_pitch2, x, y, scale2, max2, shift2, row,
      offset2, step2, width2);
}

/* GRAY10_LE32's samples: three of 10 bits to each little-endian 32-bit
 * word of the plane (pitch in bytes), the first in the low bits, the top
 * 2 bits unused; read byte by byte, so that the device's own byte order
 * does not matter. take_words: sample (x, y) into
 * channel[first + y channel_pitch + x]. */
HELPER_INLINE uint
load_word (__global const uchar * p)
{
  return p[0] | (uint) p[1] << 8 | (uint) p[2] << 16 | (uint) p[3] << 24;
}

__kernel void take_words (__global const uchar * plane, uint pitch,
    uint width, uint height, __global sample_t * channel, uint first,
    uint channel_pitch)
{
  const uint x = get_global_id (0), y = get_global_id (1);
  uint word;

  if (x >= width || y >= height)
    return;
  word = load_word (plane + (size_t) y * pitch + (x / 3) * 4);
  channel[first + (size_t) y * channel_pitch + x] =
      (sample_t) ((word >> (10 * (x % 3))) & 0x3ff);
}

/* One word (x) of three samples back, as put_one does each, the unused
 * bits and the samples past the row's end 0. */
__kernel void put_words (__global uchar * plane, uint pitch, uint width,
    uint height, __global const sample_t * channel, uint first,
    uint channel_pitch, float scale, uint max)
{
  const uint x = get_global_id (0), y = get_global_id (1);
  __global uchar *p = plane + (size_t) y * pitch + x * 4;
  uint word = 0;

  if (x >= (width + 2) / 3 || y >= height)
    return;
  for (uint i = 0; i < 3 && 3 * x + i < width; i++) {
    float v = (float) channel[first + (size_t) y * channel_pitch + 3 * x +
        i] * scale + 0.5f;

    word |= min ((uint) v, max) << (10 * i);
  }
  p[0] = word & 0xff;
  p[1] = (word >> 8) & 0xff;
  p[2] = (word >> 16) & 0xff;
  p[3] = word >> 24;
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
