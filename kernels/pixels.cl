/* A filtered value to a pixel, as every kernel that writes pixels does
 * (fft_stockham.cl, filter_one_launch.cl, filter_generic.cl, normalize.cl;
 * fft_lanes.cl does the same on vectors): the value, or its magnitude
 * where asked, plus offset, rounded half up and saturated to the pixel's
 * range. */
#ifndef PIXELS_CL
#define PIXELS_CL

/* small enough to inline wherever they are used, which the one launch's
 * phases need to keep their registers (filter_one_launch.cl, SHAPED) */
#ifndef HELPER_INLINE
#define HELPER_INLINE inline __attribute__((always_inline))
#endif

HELPER_INLINE float pixel_value (float v, uint magnitude, float offset)
{
  return (magnitude ? fabs (v) : v) + offset + 0.5f;
}

HELPER_INLINE uchar pixel_u8 (float v, uint magnitude, float offset)
{
  return convert_uchar_sat_rtz (pixel_value (v, magnitude, offset));
}

HELPER_INLINE ushort pixel_u16 (float v, uint magnitude, float offset)
{
  return convert_ushort_sat_rtz (pixel_value (v, magnitude, offset));
}

#endif
