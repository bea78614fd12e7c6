/* Double-precision references for the tests: DFTs (through FFTW) and error
 * norms.
 *
 * A check per value (pixel, bin, band) calls fail () where the value is
 * wrong, not fail_unless () every time: check writes every assertion that
 * passes to its pipe, which per pixel once took most of the suites' time. */
#ifndef __CLFFT_TEST_REFERENCE_H__
#define __CLFFT_TEST_REFERENCE_H__

#include <glib.h>

G_BEGIN_DECLS

/* Complex data are interleaved (re, im). sign -1 forward, +1 inverse;
 * neither is normalized. */
void ref_dft_1d (const gdouble * in, gdouble * out, guint n, guint batch,
    gint sign);
/* height rows of width complex elements. */
void ref_dft_2d (const gdouble * in, gdouble * out, guint width,
    guint height, gint sign);

/* ||got - ref|| / ||ref|| over n_values reals; NaN in got gives NaN. */
gdouble rel_l2_error (const gfloat * got, const gdouble * ref,
    gsize n_values);

/* A random generator whose seed is printed, so a failure can be replayed
 * with CLFFT_TEST_SEED=<seed>. */
GRand *ref_rand_new (void);

/* The paths of the files in dir whose names start with prefix (none
 * where dir cannot be read). */
GPtrArray *ref_files_with_prefix (const gchar * dir, const gchar * prefix);

/* Removes path: a file, or a folder with all it holds. */
void ref_remove_tree (const gchar * path);

/* The process's resident memory in KiB (/proc/self/statm); 0 where that
 * cannot be read. For the soak and cycle tests. */
gsize ref_resident_kib (void);

/* Whether resident memory that grows tells a leak: not under
 * AddressSanitizer or valgrind, which hold freed memory back for a while
 * to catch its use (LeakSanitizer and memcheck look for leaks there). */
gboolean ref_resident_tells_leaks (void);

G_END_DECLS

#endif /* __CLFFT_TEST_REFERENCE_H__ */
