/* padding=mirror of clfft2dfilter: a width x height frame of pixels into
 * the top-left corner of a padded_width x padded_height frame, the rest
 * filled by mirroring the frame about its edges (edge pixels repeated:
 * ... c b a | a b c ... x y z | z y x ...). The padding right of and
 * below the frame holds far_x and far_y pixels of the margin, mirrored
 * about the right and bottom edges; the rest wraps around (the transform
 * is periodic), so it holds the frame mirrored about the left and top
 * edges. Margins wider than the frame mirror again, with period 2 x
 * width.
 * Build option: PIXEL_U16 for 16-bit pixels (default 8-bit). */

#if defined(PIXEL_U16)
typedef ushort pixel_t;
#else
typedef uchar pixel_t;
#endif

/* Where padded position p (of padded) reads the frame of n pixels. */
static uint
mirror_index (uint p, uint n, uint padded, uint far)
{
  /* the rest of the margin sits left of the frame: p - padded < 0 */
  long s = p < n + far ? (long) p : (long) p - padded;
  long m = s % (2 * (long) n);

  if (m < 0)
    m += 2 * n;
  return m < n ? (uint) m : (uint) (2 * n - 1 - m);
}

__kernel void mirror_pad (__global const pixel_t * frame, uint width,
    uint height, __global pixel_t * padded, uint padded_width,
    uint padded_height, uint far_x, uint far_y)
{
  const uint x = get_global_id (0), y = get_global_id (1);

  if (x >= padded_width || y >= padded_height)
    return;
  padded[(size_t) y * padded_width + x] =
      frame[(size_t) mirror_index (y, height, padded_height, far_y) * width +
      mirror_index (x, width, padded_width, far_x)];
}
