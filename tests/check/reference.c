#include "reference.h"

#include <glib/gstdio.h>

#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Runs plan (from x to y, count values) on a copy of in into out, then
 * frees the plan, x and y. */
static void
run_plan (fftw_plan plan, fftw_complex * x, fftw_complex * y,
    const gdouble * in, gdouble * out, gsize count)
{
  g_assert (plan != NULL);
  memcpy (x, in, count * sizeof (fftw_complex));
  fftw_execute (plan);
  memcpy (out, y, count * sizeof (fftw_complex));
  fftw_destroy_plan (plan);
  fftw_free (x);
  fftw_free (y);
}

/* FFTW in double precision: fast enough for the long lengths and for
 * every length up to 4096, and independent of the engine. */
void
ref_dft_1d (const gdouble * in, gdouble * out, guint n, guint batch,
    gint sign)
{
  gsize count = (gsize) n * batch;
  fftw_complex *x = fftw_alloc_complex (count), *y = fftw_alloc_complex (count);
  int length = (int) n;

  run_plan (fftw_plan_many_dft (1, &length, (int) batch, x, NULL, 1,
          (int) n, y, NULL, 1, (int) n, sign < 0 ? FFTW_FORWARD :
          FFTW_BACKWARD, FFTW_ESTIMATE), x, y, in, out, count);
}

/* One 2D plan: a plan per column made the element suites' reference, not
 * their filters, the slowest part of them under AddressSanitizer. */
void
ref_dft_2d (const gdouble * in, gdouble * out, guint width, guint height,
    gint sign)
{
  gsize count = (gsize) width * height;
  fftw_complex *x = fftw_alloc_complex (count), *y = fftw_alloc_complex (count);

  run_plan (fftw_plan_dft_2d ((int) height, (int) width, x, y,
          sign < 0 ? FFTW_FORWARD : FFTW_BACKWARD, FFTW_ESTIMATE), x, y, in,
      out, count);
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

gsize
ref_resident_kib (void)
{
  gchar *text = NULL;
  gsize pages = 0, resident = 0;

  if (!g_file_get_contents ("/proc/self/statm", &text, NULL, NULL))
    return 0;
  if (sscanf (text, "%zu %zu", &pages, &resident) != 2)
    resident = 0;
  g_free (text);
  return resident * (sysconf (_SC_PAGESIZE) / 1024);
}

gboolean
ref_resident_tells_leaks (void)
{
  const gchar *preload = g_getenv ("LD_PRELOAD");

#if defined(__SANITIZE_ADDRESS__)
  return FALSE;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return FALSE;
#endif
#endif
  /* valgrind preloads its vgpreload_*.so into the program it runs */
  return !(preload && strstr (preload, "vgpreload"));
}

GPtrArray *
ref_files_with_prefix (const gchar * dir, const gchar * prefix)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const gchar *name;

  while (d && (name = g_dir_read_name (d)))
    if (g_str_has_prefix (name, prefix))
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
  if (d)
    g_dir_close (d);
  return paths;
}

void
ref_remove_tree (const gchar * path)
{
  GDir *d = g_file_test (path, G_FILE_TEST_IS_SYMLINK) ? NULL :
      g_dir_open (path, 0, NULL);
  const gchar *name;

  while (d && (name = g_dir_read_name (d))) {
    gchar *child = g_build_filename (path, name, NULL);

    ref_remove_tree (child);
    g_free (child);
  }
  if (d) {
    g_dir_close (d);
    g_rmdir (path);
  } else {
    g_unlink (path);
  }
}
