/* clfftspectrogram's pictures (clfft-spectrogram.c):
 *   draw_lines: per new column and line, the power average of the line's
 *               bins from a ClfftSpectrum's sums (shares of a bin split
 *               between lines as weights), as a level 0 .. 255, the
 *               loudest channel where the line has none of its own, into
 *               the history (slot by slot, line by line);
 *   compose:    the picture from the history through the colour table:
 *               scroll (oldest slot at the left), replace (slot x at x) or
 *               bars (the levels as bars, strip by strip).
 * Build options: none. */

/* Styles, as ClfftSpectrogramStyle */
#define STYLE_SCROLL 0
#define STYLE_REPLACE 1
#define STYLE_BARS 2

/* sums: n_columns x channels x bins sums over each column's steps of the
 * power (power_sums) or of its decibels; column g's steps are
 * column_start[g] .. column_start[g + 1] - 1.
 * Line l covers bins bin_range[l].x .. .y, the first and last with the
 * shares shares[l].x and .y of their width (one bin: .x), and
 * shares[l].z = 1 / the sum of its shares; channel[l] < 0: every channel,
 * the loudest kept. Column first_column + j goes to slot
 * (first_slot + j) % slots. */
__kernel void draw_lines (__global const float * sums, uint bins,
    uint channels, __global const uint * column_start, uint first_column,
    uint power_sums, __global const int * channel,
    __global const uint2 * bin_range, __global const float4 * shares,
    uint n_lines, float gain, float range, __global uchar * history,
    uint first_slot, uint slots, uint n_new)
{
  const uint l = get_global_id (0), j = get_global_id (1);
  const uint g = first_column + j;
  uint level = 0;

  if (l >= n_lines || j >= n_new)
    return;
  const int own = channel[l];
  const uint c_end = own < 0 ? channels : (uint) own + 1;
  const uint2 range_k = bin_range[l];
  const float4 share = shares[l];
  const uint steps = column_start[g + 1] - column_start[g];
  const float inv_count = steps ? 1.0f / steps : 0.0f;

  for (uint c = own < 0 ? 0 : (uint) own; c < c_end; c++) {
    __global const float *column = sums + ((size_t) g * channels + c) * bins;
    float power = 0.0f;

    for (uint k = range_k.x; k <= range_k.y; k++) {
      const float mean = column[k] * inv_count;
      const float p = power_sums ? mean : exp10 (0.1f * mean);
      const float w = k == range_k.x ? share.x : k == range_k.y ? share.y :
          1.0f;

      power += w * p;
    }
    power *= share.z;
    if (power > 0.0f) {
      const float t = (10.0f * log10 (power) + gain + range) / range;
      const float v = floor (255.0f * clamp (t, 0.0f, 1.0f) + 0.5f);

      level = max (level, (uint) v);
    }
  }
  history[(size_t) ((first_slot + j) % slots) * n_lines + l] =
      (uchar) level;
}

/* The strip of row y of height rows split into strips strips, its first
 * row and its height. */
static uint
strip_of (uint y, uint height, uint strips, uint * top, uint * rows)
{
  uint s = 0;

  while (s + 1 < strips && (s + 1) * height / strips <= y)
    s++;
  *top = s * height / strips;
  *rows = (s + 1) * height / strips - *top;
  return s;
}

/* colours: the pixel of each level, pixel_bytes of each uchar4 used;
 * blank: of the pixels above a bar. Scroll and replace: line y of slot
 * x's column; bars: width lines a strip, the bar of line x in its strip
 * as high as its level (255: the strip's height), a pixel at h rows
 * above the strip's bottom of level h x 256 / rows. head: the slot of the
 * oldest column. */
__kernel void compose (__global const uchar * history, uint n_lines,
    uint slots, uint head, uint style, uint strips,
    __global const uchar4 * colours, uchar4 blank, uint pixel_bytes,
    uint width, uint height, uint stride, __global uchar * picture)
{
  const uint x = get_global_id (0), y = get_global_id (1);
  uchar4 pixel;

  if (x >= width || y >= height)
    return;
  if (style == STYLE_BARS) {
    uint top, rows;
    const uint s = strip_of (y, height, strips, &top, &rows);
    const uint level = history[s * width + x];
    const uint h = top + rows - 1 - y;

    pixel = h * 255 < level * rows ? colours[h * 256 / rows] : blank;
  } else {
    const uint slot = style == STYLE_SCROLL ? (head + x) % slots : x;

    pixel = colours[history[(size_t) slot * n_lines + y]];
  }
  __global uchar *out = picture + (size_t) y * stride + (size_t) x *
      pixel_bytes;

  out[0] = pixel.x;
  if (pixel_bytes == 4) {
    out[1] = pixel.y;
    out[2] = pixel.z;
    out[3] = pixel.w;
  }
}
