#include "reference.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void
ref_dft_1d (const gdouble * in, gdouble * out, guint n, guint batch,
    gint sign)
{
  gdouble *c = g_new (gdouble, n), *s = g_new (gdouble, n);

  for (guint m = 0; m < n; m++) {
    c[m] = cos (2.0 * G_PI * m / n);
    s[m] = sign * sin (2.0 * G_PI * m / n);
  }
  for (guint b = 0; b < batch; b++) {
    const gdouble *x = in + (gsize) 2 * n * b;
    gdouble *y = out + (gsize) 2 * n * b;

    for (guint k = 0; k < n; k++) {
      gdouble re = 0.0, im = 0.0;
      guint m = 0;

      for (guint j = 0; j < n; j++) {
        re += x[2 * j] * c[m] - x[2 * j + 1] * s[m];
        im += x[2 * j] * s[m] + x[2 * j + 1] * c[m];
        m += k;
        if (m >= n)
          m -= n;
      }
      y[2 * k] = re;
      y[2 * k + 1] = im;
    }
  }
  g_free (c);
  g_free (s);
}

void
ref_dft_2d (const gdouble * in, gdouble * out, guint width, guint height,
    gint sign)
{
  gsize count = (gsize) width * height;
  gdouble *rows = g_new (gdouble, 2 * count);
  gdouble *col = g_new (gdouble, 2 * height);
  gdouble *col_out = g_new (gdouble, 2 * height);

  ref_dft_1d (in, rows, width, height, sign);
  for (guint x = 0; x < width; x++) {
    for (guint y = 0; y < height; y++) {
      col[2 * y] = rows[2 * ((gsize) y * width + x)];
      col[2 * y + 1] = rows[2 * ((gsize) y * width + x) + 1];
    }
    ref_dft_1d (col, col_out, height, 1, sign);
    for (guint y = 0; y < height; y++) {
      out[2 * ((gsize) y * width + x)] = col_out[2 * y];
      out[2 * ((gsize) y * width + x) + 1] = col_out[2 * y + 1];
    }
  }
  g_free (rows);
  g_free (col);
  g_free (col_out);
}

gdouble
rel_l2_error (const gfloat * got, const gdouble * ref, gsize n_values)
{
  gdouble diff = 0.0, norm = 0.0;

  for (gsize i = 0; i < n_values; i++) {
    gdouble d = (gdouble) got[i] - ref[i];
    diff += d * d;
    norm += ref[i] * ref[i];
  }
  return sqrt (diff / norm);
}

GRand *
ref_rand_new (void)
{
  const gchar *env = g_getenv ("CLFFT_TEST_SEED");
  guint32 seed = env ? (guint32) g_ascii_strtoull (env, NULL, 10) :
      (guint32) g_get_real_time () ^ (guint32) getpid ();

  printf ("random seed: %u (replay with CLFFT_TEST_SEED=%u)\n", seed, seed);
  fflush (stdout);
  return g_rand_new_with_seed (seed);
}
