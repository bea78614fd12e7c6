/* Transforms of any length from row passes.
 *
 * Four-step: a length n = n1 x n2 too long for one work-group runs as
 *   pass 1: for each n2-index, an n1-point FFT over x[m n2 + j] (m < n1),
 *           times the twiddle exp(-+2 pi i j k1 / n), into scratch;
 *   pass 2: for each k1, an n2-point FFT over the j of pass 1, whose output
 *           k2 is element k1 + n1 k2 of the result.
 * Pass 1 reads and writes neighbouring n2-indices side by side, pass 2
 * writes neighbouring k1 side by side, so both stay coalesced (the
 * *_ACROSS_ROWS kernel options). A frame's columns (a transform asked to
 * read and write across the rows) instead take neighbouring columns side
 * by side in both passes (SETS_SIDE_BY_SIDE), whose elements are
 * neighbours in memory where those of one column are a row apart. With a
 * gain between forward and inverse (the filter's columns), the inverse
 * undoes the forward's passes in reverse order, so the forward's pass 2,
 * the gain and the inverse of pass 2 share one pass: three in all.
 *
 * Bluestein: X[k] = c[k] sum_j (x[j] c[j]) b[k - j] with the chirp
 * c[j] = exp(sign i pi j^2 / L) and b = conj(c), a circular convolution of
 * length M >= 2L - 1: forward FFT, times the spectrum of b, inverse FFT, all
 * in one kernel when M fits a work-group, else in four passes. */
#include "clfft-transform.h"
#include "clfft-kernel-args.h"
#include "clfft-tuning.h"
#include "clfft-log.h"
#include "clfft-program-cache.h"

#include <math.h>
#include <string.h>

/* Rows in two passes of up to 64 x ROWS_FIRST_PASS_MAX values split with
 * a second pass of ROWS_SECOND_PASS_LENGTH where that splits them: at
 * half lengths 8192 to 32768 (R2C 16384 to 65536, the longest in issue
 * 42's benchmark) that beat the balanced split at each length, and was
 * the best of second passes of 16, 32 and 64 or near it, where 32 lost at
 * 16384 (docs/experiments/2026-12-02-r2c-second-pass-of-64.md). Longer
 * first passes were not measured. */
#define ROWS_SECOND_PASS_LENGTH 64
#define ROWS_FIRST_PASS_MAX 512

/* n = n1 x n2 with both direct (n2 = 1 when n runs in one pass). For rows
 * of a direct length (direct_rows: not a frame's columns, nor
 * Bluestein's passes, which were not measured so) up to 64 x
 * ROWS_FIRST_PASS_MAX, n2 = ROWS_SECOND_PASS_LENGTH where that splits n;
 * else n1 <= n2 and as balanced as can be. */
static gboolean
split_length (guint n, gboolean direct_rows, guint * n1, guint * n2)
{
  if (clfft_row_length_direct (n)) {
    *n1 = n;
    *n2 = 1;
    return TRUE;
  }
  if (n > CLFFT_MAX_LENGTH)
    return FALSE;
  if (direct_rows && n % ROWS_SECOND_PASS_LENGTH == 0
      && n / ROWS_SECOND_PASS_LENGTH <= ROWS_FIRST_PASS_MAX
      && clfft_row_length_direct (n / ROWS_SECOND_PASS_LENGTH)) {
    *n1 = n / ROWS_SECOND_PASS_LENGTH;
    *n2 = ROWS_SECOND_PASS_LENGTH;
    return TRUE;
  }
  for (guint a = (guint) sqrt ((gdouble) n); a >= 2; a--) {
    if (n / a > CLFFT_MAX_ROW_LENGTH)
      break;
    if (n % a == 0 && clfft_row_length_direct (a)
        && clfft_row_length_direct (n / a)) {
      *n1 = a;
      *n2 = n / a;
      return TRUE;
    }
  }
  return FALSE;
}

/* n = n1 x n2 with n1 given, where both are lengths of one pass and n
 * is not one */
static gboolean
split_chosen (guint n, guint n1, guint * first, guint * second)
{
  if (n == 0 || clfft_row_length_direct (n) || n1 < 2 || n % n1
      || !clfft_row_length_direct (n1) || !clfft_row_length_direct (n / n1))
    return FALSE;
  *first = n1;
  *second = n / n1;
  return TRUE;
}

/* A quick test before the search for a split (which implies it): most
 * lengths that Bluestein's length search tries fail here. */
static gboolean
row_radices_smooth (guint n)
{
  static const guint primes[] = { 2, 3, 5, 7, 11, 13 };

  for (guint i = 0; i < G_N_ELEMENTS (primes); i++)
    while (n % primes[i] == 0)
      n /= primes[i];
  return n == 1;
}

gboolean
clfft_transform_length_direct (guint n)
{
  guint n1, n2;

  return n >= 1 && row_radices_smooth (n)
      && split_length (n, FALSE, &n1, &n2);
}

guint
clfft_transform_fast_length (guint min)
{
  for (guint n = MAX (min, 1); n <= CLFFT_MAX_LENGTH; n++) {
    guint rest = n;

    while (rest % 5 == 0)
      rest /= 5;
    while (rest % 3 == 0)
      rest /= 3;
    if ((rest & (rest - 1)) == 0 && clfft_transform_length_direct (n))
      return n;
  }
  return 0;
}

/* The convolution length of a Bluestein transform of length n: the
 * smallest direct length >= 2n - 1, or 0 if none fits. */
static guint
bluestein_length (guint n)
{
  if (n == 0 || n > CLFFT_MAX_LENGTH / 2)
    return 0;
  for (guint m = MAX (2 * n - 1, 2); m <= CLFFT_MAX_LENGTH; m++)
    if (clfft_transform_length_direct (m))
      return m;
  return 0;
}

gboolean
clfft_transform_length_supported (guint n)
{
  return clfft_transform_length_direct (n) || bluestein_length (n) != 0;
}

/* out = the forward DFT of in (n complex values, stride apart), in double
 * precision, for n with no prime factor above 13: recursive decimation in
 * time. cos_t, sin_t hold exp(-2 pi i j / table_n), j < table_n, for a
 * table_n that n divides. */
static void
host_fft (const gdouble * in, gsize stride, guint n, gdouble * out,
    const gdouble * cos_t, const gdouble * sin_t, guint table_n)
{
  guint p = 2, m;

  if (n == 1) {
    out[0] = in[0];
    out[1] = in[1];
    return;
  }
  while (n % p)
    p++;
  m = n / p;
  for (guint r = 0; r < p; r++)
    host_fft (in + 2 * r * stride, stride * p, m, out + 2 * r * m, cos_t,
        sin_t, table_n);
  /* X[k + q m] = sum_r W_n^(r k) Y_r[k] W_p^(r q), over the positions
   * k + j m that the sub-transforms Y_r[k] = out[r m + k] also hold */
  for (guint k = 0; k < m; k++) {
    gdouble t_re[13], t_im[13];

    for (guint r = 0; r < p; r++) {
      guint j = (guint) (((guint64) r * k * (table_n / n)) % table_n);
      gdouble a = out[2 * (r * m + k)], b = out[2 * (r * m + k) + 1];

      t_re[r] = a * cos_t[j] - b * sin_t[j];
      t_im[r] = a * sin_t[j] + b * cos_t[j];
    }
    for (guint q = 0; q < p; q++) {
      gdouble re = 0.0, im = 0.0;

      for (guint r = 0; r < p; r++) {
        guint j = (r * q % p) * (table_n / p);

        re += t_re[r] * cos_t[j] - t_im[r] * sin_t[j];
        im += t_re[r] * sin_t[j] + t_im[r] * cos_t[j];
      }
      out[2 * (k + q * m)] = re;
      out[2 * (k + q * m) + 1] = im;
    }
  }
}

/* The chirp c (length L) and the spectrum of b = conj(c) wrapped onto the
 * convolution length M, with the 1/M of the inner inverse FFT folded in,
 * computed in double precision. */
static gboolean
bluestein_tables (ClfftTransform * t, GError ** error)
{
  guint n = t->spec.length, m = t->n;
  ClfftEngine *e = t->engine;
  cl_float2 *chirp = NULL, *conv = NULL;
  gdouble *b = NULL, *spectrum = NULL, *cos_t = NULL, *sin_t = NULL;
  gboolean ok;

  ok = (chirp = clfft_engine_try_alloc (e, n, sizeof (cl_float2), FALSE,
          "Bluestein's chirp", error))
      && (conv = clfft_engine_try_alloc (e, m, sizeof (cl_float2), FALSE,
          "Bluestein's convolution", error))
      && (b = clfft_engine_try_alloc (e, 2 * (gsize) m, sizeof (gdouble),
          TRUE, "Bluestein's tables", error))
      && (spectrum = clfft_engine_try_alloc (e, 2 * (gsize) m,
          sizeof (gdouble), FALSE, "Bluestein's tables", error))
      && (cos_t = clfft_engine_try_alloc (e, m, sizeof (gdouble), FALSE,
          "Bluestein's tables", error))
      && (sin_t = clfft_engine_try_alloc (e, m, sizeof (gdouble), FALSE,
          "Bluestein's tables", error));
  if (!ok)
    goto done;
  for (guint j = 0; j < n; j++) {
    /* j^2 mod 2L keeps the angle small and exact */
    guint64 q = ((guint64) j * j) % (2 * (guint64) n);
    gdouble angle = t->spec.sign * G_PI * (gdouble) q / n;

    chirp[j].s[0] = (float) cos (angle);
    chirp[j].s[1] = (float) sin (angle);
    b[2 * j] = cos (angle);
    b[2 * j + 1] = -sin (angle);
    if (j > 0) {
      b[2 * (m - j)] = b[2 * j];
      b[2 * (m - j) + 1] = b[2 * j + 1];
    }
  }
  for (guint j = 0; j < m; j++) {
    cos_t[j] = cos (2.0 * G_PI * j / m);
    sin_t[j] = -sin (2.0 * G_PI * j / m);
  }
  host_fft (b, 1, m, spectrum, cos_t, sin_t, m);
  for (guint k = 0; k < m; k++) {
    conv[k].s[0] = (float) (spectrum[2 * k] / m);
    conv[k].s[1] = (float) (spectrum[2 * k + 1] / m);
  }
  t->tables.chirp = clfft_table_upload (t->engine, chirp, n, error);
  if (t->tables.chirp)
    t->tables.conv = clfft_table_upload (t->engine, conv, m, error);
done:
  g_free (chirp);
  g_free (conv);
  g_free (b);
  g_free (spectrum);
  g_free (cos_t);
  g_free (sin_t);
  return t->tables.conv != NULL;
}

/* Whether spec is of complex values that it reads and writes across the
 * rows (both flags): a frame's columns. */
static gboolean
spec_reads_columns (const ClfftTransformSpec * spec)
{
  const guint across = CLFFT_ROW_LOAD_ACROSS_ROWS |
      CLFFT_ROW_STORE_ACROSS_ROWS;

  return (spec->flags & across) == across && spec->load == CLFFT_LOAD_COMPLEX
      && spec->store == CLFFT_STORE_COMPLEX;
}

/* Whether a transform of a frame's columns runs in two direct passes (or
 * three, filtering). Then its sets lie side by side in every pass and in
 * the scratch between them (element e of row b at e x batch + b), so that
 * each pass's neighbouring rows are neighbouring columns of the frame,
 * which lie next to each other in memory. Elsewhere in more than one pass
 * (Bluestein's four) the flags change nothing, and the passes walk down
 * the columns. */
static gboolean
transform_sets_side_by_side (const ClfftTransform * t)
{
  return t->n2 > 1 && !t->bluestein && spec_reads_columns (&t->spec);
}

/* Whether a transform of a frame's columns with a gain between its
 * forward and inverse FFTs (CLFFT_ROW_GAIN_BETWEEN) runs in three passes
 * rather than one (see pass_specs). */
static gboolean
transform_filters_columns (const ClfftTransform * t)
{
  return transform_sets_side_by_side (t)
      && (t->spec.flags & CLFFT_ROW_GAIN_BETWEEN);
}

/* Whether a real forward transform in two passes unfolds its spectrum in
 * the second (which then holds sub-rows k1 and n1 - k1 side by side, see
 * UNFOLD_ACROSS_ROWS in kernels/fft_stockham.cl) rather than in a pass of
 * its own. Bluestein's last pass stores the first L of M values, whose
 * partners do not pair so. Decided once, at init (t->unfold_in_second). */
static gboolean
unfold_in_second_pass (const ClfftTransform * t)
{
  return t->n2 > 1 && !t->bluestein
      && t->spec.store == CLFFT_STORE_HALF_SPECTRUM
      && clfft_row_unfold_across_rows_fits (t->engine, t->n2);
}

/* The row passes, in order, for a transform of length L on FFT length
 * n = n1 x n2 (see the top of this file). */
static guint
pass_specs (const ClfftTransform * t,
    ClfftRowPassSpec specs[CLFFT_TRANSFORM_MAX_PASSES])
{
  const ClfftTransformSpec *s = &t->spec;
  /* the column passes read and write across rows, with the twiddles; the
   * row passes write across rows */
  const guint columns = CLFFT_ROW_SETS | CLFFT_ROW_LOAD_ACROSS_ROWS |
      CLFFT_ROW_STORE_ACROSS_ROWS | CLFFT_ROW_STORE_TWIDDLE;
  const guint rows = CLFFT_ROW_SETS | CLFFT_ROW_STORE_ACROSS_ROWS;
  const guint gain = s->flags & (CLFFT_ROW_GAIN_ON_STORE |
      CLFFT_ROW_STREAM_GAIN);
  /* in two passes the unfold of a real spectrum is the second's, or a
   * pass of its own */
  ClfftRowStore last_store = s->store == CLFFT_STORE_HALF_SPECTRUM
      && !t->unfold_in_second ? CLFFT_STORE_COMPLEX : s->store;
  guint n = t->n, length = s->length;

  if (t->n2 == 1) {
    specs[0] = (ClfftRowPassSpec) {
    n, s->sign, s->load, s->store, s->flags, length, 0, 0, s->max_batch,
          s->halves_below, 0, s->split_columns};
    /* two real rows at a time ran slower with stride 1 as a constant
     * (docs/experiments/2026-12-01-unit-stride-beyond-one-pass.md); the
     * flag stays the transform's, for its half-length alternative */
    if (s->load == CLFFT_LOAD_TWO_REAL_ROWS)
      specs[0].flags &= ~CLFFT_ROW_UNIT_STRIDE;
    if (t->bluestein)
      specs[0].flags |= CLFFT_ROW_CONV_BETWEEN | CLFFT_ROW_LOAD_CHIRP |
          CLFFT_ROW_STORE_CHIRP;
    return 1;
  }
  if (transform_filters_columns (t)) {
    /* a frame's columns forward, times the gain, inverse: pass 1; the
     * n2-point FFTs of pass 2, the gain on their bins and their inverse
     * in one, with pass 1's twiddle undone as it stores; pass 1's
     * inverse. The inverse runs the forward's passes backwards, so that
     * its first pass takes the rows that the forward's last left. */
    const guint sets = CLFFT_ROW_SETS | CLFFT_ROW_LOAD_ACROSS_ROWS |
        CLFFT_ROW_STORE_ACROSS_ROWS | CLFFT_ROW_SETS_SIDE_BY_SIDE;

    specs[0] = (ClfftRowPassSpec) {
    t->n1, -1, s->load, CLFFT_STORE_COMPLEX,
          sets | CLFFT_ROW_STORE_TWIDDLE, length, 0, 0};
    specs[1] = (ClfftRowPassSpec) {
    t->n2, 1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX,
          sets | CLFFT_ROW_STORE_TWIDDLE | CLFFT_ROW_GAIN_BETWEEN |
          (s->flags & CLFFT_ROW_STREAM_GAIN), length, 0, 0};
    specs[2] = (ClfftRowPassSpec) {
    t->n1, 1, CLFFT_LOAD_COMPLEX, s->store, sets, length, 0, 0};
    return 3;
  }
  if (transform_sets_side_by_side (t)) {
    /* a frame's columns: both passes across the rows, neighbouring sets
     * side by side */
    specs[0] = (ClfftRowPassSpec) {
    t->n1, s->sign, s->load, CLFFT_STORE_COMPLEX,
          columns | CLFFT_ROW_SETS_SIDE_BY_SIDE, length, 0, 0};
    specs[1] = (ClfftRowPassSpec) {
    t->n2, s->sign, CLFFT_LOAD_COMPLEX, last_store,
          rows | CLFFT_ROW_LOAD_ACROSS_ROWS | CLFFT_ROW_SETS_SIDE_BY_SIDE |
          gain, length, 0, 0};
    return 2;
  }
  if (!t->bluestein) {
    specs[0] = (ClfftRowPassSpec) {
    t->n1, s->sign, s->load, CLFFT_STORE_COMPLEX, columns, length, 0, 0};
    specs[1] = (ClfftRowPassSpec) {
    t->n2, s->sign, CLFFT_LOAD_COMPLEX, last_store, rows | gain, length, 0,
          0};
    return 2;
  }
  specs[0] = (ClfftRowPassSpec) {
  t->n1, -1, s->load, CLFFT_STORE_COMPLEX, columns | CLFFT_ROW_LOAD_CHIRP,
        length, 0, n};
  specs[1] = (ClfftRowPassSpec) {
  t->n2, -1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX,
        rows | CLFFT_ROW_STORE_CONV, n, 0, 0};
  specs[2] = (ClfftRowPassSpec) {
  t->n1, 1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX, columns, n, 0, 0};
  specs[3] = (ClfftRowPassSpec) {
  t->n2, 1, CLFFT_LOAD_COMPLEX, last_store,
        rows | CLFFT_ROW_STORE_CHIRP | gain, length, n, 0};
  return 4;
}

static void
describe (ClfftTransform * t)
{
  const guint interleaved = CLFFT_ROW_LOAD_ACROSS_ROWS |
      CLFFT_ROW_STORE_ACROSS_ROWS;
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "%u", t->spec.length);
  if (t->bluestein)
    g_string_append_printf (s, " through Bluestein on %u", t->n);
  if (transform_filters_columns (t))
    g_string_append_printf (s, " in two passes each way, %u x %u, the "
        "gain between them in the middle one", t->n1, t->n2);
  else if (t->n2 > 1)
    g_string_append_printf (s, " in two passes, %u x %u", t->n1, t->n2);
  if (t->spec.load == CLFFT_LOAD_TWO_REAL_ROWS)
    g_string_append (s, ", two real rows at a time");
  if (CLFFT_ROW_TWO_CHANNELS_OF_PAIRS (t->spec.load, t->spec.store))
    g_string_append (s, ", two channels of pixel pairs");
  if (t->spec.split_columns)
    g_string_append_printf (s, ", the columns of %u split in two",
        2 * t->spec.split_columns);
  if (t->unfold)
    g_string_append (s, ", bins unfolded in a pass of their own");
  else if (t->unfold_in_second)
    g_string_append (s, ", bins unfolded in the second");
  g_string_append (s, " (radices ");
  for (guint i = 0; i < MIN (t->n_passes, 2); i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "", t->passes[i].radices);
  /* the shape of a pass across rows: rows side by side per group */
  for (guint i = 0; i < t->n_passes; i++)
    if ((t->passes[i].spec.flags & interleaved) == interleaved) {
      g_string_append_printf (s, "; %u rows per group%s",
          t->passes[i].rows_per_group, t->passes[i].split_exchange ?
          ", parts exchanged apart" : "");
      break;
    }
  g_string_append (s, ")");
  t->description = g_string_free (s, FALSE);
}

/* Two real rows at a time is faster than the half-length layout at most
 * lengths but not at all of them
 * (docs/experiments/2026-11-23-two-real-rows.md), and no rule of the length
 * tells which. Where tuning is wanted, the half-length transform of the same
 * rows is built beside it, and the first launch keeps the faster
 * (choose_layout). A build failure only leaves the choice out. */
static void
half_alternative_init (ClfftTransform * t)
{
  ClfftTransformSpec spec = t->spec;
  GError *error = NULL;

  if (t->spec.length % 2 || t->spec.length < CLFFT_TUNED_MIN_LENGTH
      || !clfft_row_length_direct (t->spec.length / 2) || t->tuned)
    return;
  spec.length /= 2;
  spec.load = CLFFT_LOAD_REAL_PAIRS;
  spec.store = CLFFT_STORE_HALF_SPECTRUM;
  t->half = g_new0 (ClfftTransform, 1);
  if (!clfft_transform_init (t->half, t->engine, &spec, &error)) {
    clfft_log (CLFFT_LOG_INFO, "length %u keeps two real rows at a time: %s",
        t->spec.length, error->message);
    g_error_free (error);
    g_clear_pointer (&t->half, g_free);
  }
}

gboolean
clfft_transform_init (ClfftTransform * t, ClfftEngine * engine,
    const ClfftTransformSpec * spec, GError ** error)
{
  ClfftRowPassSpec specs[CLFFT_TRANSFORM_MAX_PASSES];
  guint length = spec->length;
  gboolean half_spectrum = spec->load == CLFFT_LOAD_HALF_SPECTRUM
      || spec->store == CLFFT_STORE_HALF_SPECTRUM;
  guint n_specs, step_shift, step_low;
  gboolean direct_rows;

  memset (t, 0, sizeof (*t));
  t->spec = *spec;
  t->n = clfft_transform_length_direct (length) ? length :
      bluestein_length (length);
  direct_rows = t->n == length && !spec_reads_columns (spec);
  if (spec->first_pass_length) {
    if (!split_chosen (t->n, spec->first_pass_length, &t->n1, &t->n2)) {
      g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
          "length %u does not split into %u and a length of one pass",
          length, spec->first_pass_length);
      return FALSE;
    }
  } else if (t->n == 0 || !split_length (t->n, direct_rows, &t->n1,
          &t->n2)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "FFT length %u is not supported: the engine does lengths from 1 to "
        "%u with no prime factor other than 2, 3, 5, 7, 11 and 13 that split "
        "into two factors of at most %u, and any other length up to %u",
        length, CLFFT_MAX_LENGTH, CLFFT_MAX_ROW_LENGTH, CLFFT_MAX_LENGTH / 2);
    return FALSE;
  }
  t->bluestein = t->n != length;
  if ((spec->flags & CLFFT_ROW_GAIN_BETWEEN) && (t->bluestein
          || (t->n2 > 1 && (!spec_reads_columns (spec)
                  || (spec->flags & CLFFT_ROW_GAIN_MIRRORED))))) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a length-%u row filters in one pass, or in three as a frame's "
        "columns with a gain not mirrored, never through Bluestein",
        length);
    return FALSE;
  }
  if (spec->halves_below && (t->n2 > 1
          || !(spec->flags & CLFFT_ROW_UNIT_STRIDE)
          || !(spec->load == CLFFT_LOAD_U8_PAIRS
              || spec->load == CLFFT_LOAD_U16_PAIRS
              || spec->store == CLFFT_STORE_U8_PAIRS
              || spec->store == CLFFT_STORE_U16_PAIRS))) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "rows of two halves need rows of pixel pairs of length %u in one "
        "pass, of unit stride", length);
    return FALSE;
  }
  if (spec->split_columns && (t->bluestein || t->n2 > 1
          || !(spec->flags & CLFFT_ROW_UNIT_STRIDE) || spec->halves_below
          || (spec->flags & (CLFFT_ROW_GAIN_BETWEEN | CLFFT_ROW_GAIN_ON_STORE))
          || !((spec->sign < 0 && (spec->load == CLFFT_LOAD_U8_PAIRS
                      || spec->load == CLFFT_LOAD_U16_PAIRS)
                  && spec->store == CLFFT_STORE_HALF_SPECTRUM)
              || (spec->sign > 0 && spec->load == CLFFT_LOAD_HALF_SPECTRUM
                  && (spec->store == CLFFT_STORE_U8_PAIRS
                      || spec->store == CLFFT_STORE_U16_PAIRS
                      || spec->store == CLFFT_STORE_REAL_PAIRS))))) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "columns split in the rows need rows of length %u in one plain "
        "pass of unit stride, from pixel pairs to half spectra or back",
        length);
    return FALSE;
  }
  if ((spec->flags & CLFFT_ROW_GAIN_MIRRORED)
      && !(spec->flags & CLFFT_ROW_GAIN_BETWEEN)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "mirrored gains are read between a forward and an inverse FFT only");
    return FALSE;
  }
  if (spec->load == CLFFT_LOAD_TWO_REAL_ROWS
      && (t->bluestein || t->n2 > 1
          || (spec->flags & ~CLFFT_ROW_UNIT_STRIDE))) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "two real rows at a time need a length of one plain pass (got %u)",
        length);
    return FALSE;
  }
  if (CLFFT_ROW_TWO_CHANNELS_OF_PAIRS (spec->load, spec->store)
      && (t->bluestein || t->n2 > 1
          || !(spec->flags & CLFFT_ROW_UNIT_STRIDE)
          || (spec->flags & ~(CLFFT_ROW_UNIT_STRIDE | CLFFT_ROW_CACHE_HINTS))
          || spec->halves_below)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "two channels of pixel pairs need rows of length %u in one plain "
        "pass, of unit stride", length);
    return FALSE;
  }
  /* the gain would apply to the half-length transform, not to the bins */
  if ((spec->flags & CLFFT_ROW_GAIN_ON_STORE)
      && spec->store == CLFFT_STORE_HALF_SPECTRUM) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a gain cannot apply to the bins of a real spectrum");
    return FALSE;
  }
  if (t->n2 > 1 && (guint64) MAX (spec->max_batch, 1) * t->n * 2 >
      G_MAXUINT32) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "%u rows of length %u span more than 2^32 elements", spec->max_batch,
        length);
    return FALSE;
  }
  t->engine = clfft_engine_ref (engine);
  /* only a blocking effort tunes here, at the first launch */
  t->tuned = clfft_tuning_decide (engine, spec->tuning, FALSE) !=
      CLFFT_TUNING_BLOCKING;
  t->unfold_in_second = unfold_in_second_pass (t);
  n_specs = pass_specs (t, specs);
  step_shift = clfft_step_twiddle_shift (t->n);
  step_low = 1u << step_shift;
  for (guint i = 0; i < n_specs; i++)
    if (specs[i].flags & CLFFT_ROW_STORE_TWIDDLE)
      specs[i].step_twiddle_shift = step_shift;
  for (t->n_passes = 0; t->n_passes < n_specs; t->n_passes++)
    if (!(spec->build_later ? clfft_row_pass_init_unbuilt :
            clfft_row_pass_init) (&t->passes[t->n_passes], engine,
            &specs[t->n_passes], error))
      goto fail;
  if (spec->load == CLFFT_LOAD_TWO_REAL_ROWS)
    half_alternative_init (t);
  /* W^k of bin k = k1 + n1 k2 from W^k1 and W^(n1 k2) where the second
   * pass unfolds */
  if (half_spectrum && t->unfold_in_second)
    t->tables.real_twiddles = clfft_split_twiddle_table (engine, t->n1,
        t->n2, 2 * length, error);
  else if (half_spectrum)
    t->tables.real_twiddles = clfft_twiddle_table (engine, length + 1,
        2 * length, error);
  if (half_spectrum && !t->tables.real_twiddles)
    goto fail;
  if (t->bluestein && !bluestein_tables (t, error))
    goto fail;
  if (spec->split_columns && !(t->tables.split_twiddles =
          clfft_twiddle_table (engine, spec->split_columns,
              2 * spec->split_columns, error)))
    goto fail;
  if (t->n2 > 1 && (!(t->tables.step_twiddles =
              clfft_split_twiddle_table (engine, step_low,
                  (t->n + step_low - 1) / step_low, t->n, error))
          || (spec->store == CLFFT_STORE_HALF_SPECTRUM
              && !t->unfold_in_second
              && !(t->unfold = clfft_kernel_new (engine, "half_spectrum.cl",
                      "", "unfold_half_spectrum", error)))))
    goto fail;
  describe (t);
  return TRUE;

fail:
  clfft_transform_clear (t);
  return FALSE;
}

gboolean
clfft_transform_build (ClfftTransform * t, GError ** error)
{
  gboolean built = FALSE;

  for (guint i = 0; i < t->n_passes; i++) {
    if (t->passes[i].kernel)
      continue;
    if (!clfft_row_pass_build (&t->passes[i], error))
      return FALSE;
    built = TRUE;
  }
  /* the shapes of passes across rows are known now */
  if (built) {
    g_free (t->description);
    describe (t);
  }
  return TRUE;
}

typedef struct
{
  ClfftRowPass *pass;
  guint round;                  /* the build round of the thread it is for */
  GError *error;
} BuildJob;

static gpointer
build_job_run (gpointer data)
{
  BuildJob *job = data;
  const guint round = clfft_program_cache_get_build_round ();

  clfft_program_cache_set_build_round (job->round);
  clfft_row_pass_build (job->pass, &job->error);
  clfft_program_cache_set_build_round (round);
  return NULL;
}

gboolean
clfft_transforms_build (ClfftTransform * const transforms[], guint count,
    GError ** error)
{
  BuildJob jobs[8 * CLFFT_TRANSFORM_MAX_PASSES];
  GThread *threads[G_N_ELEMENTS (jobs)] = { NULL, };
  guint n_jobs = 0;
  gboolean ok = TRUE;

  for (guint t = 0; t < count; t++)
    for (guint i = 0; i < transforms[t]->n_passes; i++)
      if (!transforms[t]->passes[i].kernel && n_jobs < G_N_ELEMENTS (jobs))
        jobs[n_jobs++] = (BuildJob) {
        &transforms[t]->passes[i], clfft_program_cache_get_build_round (),
        NULL};
  /* each on a thread of its own but the first, which is this thread's; a
   * thread that cannot start leaves its job to this one */
  for (guint j = 1; j < n_jobs; j++)
    threads[j] = g_thread_try_new ("clfft-build", build_job_run, &jobs[j],
        NULL);
  for (guint j = 0; j < n_jobs; j++) {
    if (threads[j])
      g_thread_join (threads[j]);
    else
      build_job_run (&jobs[j]);
  }
  for (guint j = 0; j < n_jobs; j++) {
    if (jobs[j].error && ok)
      g_propagate_error (error, g_steal_pointer (&jobs[j].error));
    ok = ok && !jobs[j].error && jobs[j].pass->kernel;
    g_clear_error (&jobs[j].error);
  }
  /* the shapes of passes across rows are known now */
  for (guint t = 0; ok && t < count; t++)
    if (transforms[t]->n_passes) {
      g_free (transforms[t]->description);
      describe (transforms[t]);
    }
  return ok;
}

void
clfft_transform_replace_pass (ClfftTransform * t, guint i,
    ClfftRowPass * pass)
{
  clfft_row_pass_clear (&t->passes[i]);
  t->passes[i] = *pass;
  memset (pass, 0, sizeof (*pass));
  g_free (t->description);
  describe (t);
}

void
clfft_transform_clear (ClfftTransform * t)
{
  for (guint i = 0; i < CLFFT_TRANSFORM_MAX_PASSES; i++)
    clfft_row_pass_clear (&t->passes[i]);
  if (t->half) {
    clfft_transform_clear (t->half);
    g_free (t->half);
  }
  clfft_kernel_release (&t->unfold);
  clfft_buffer_release (&t->tables.real_twiddles);
  clfft_buffer_release (&t->tables.chirp);
  clfft_buffer_release (&t->tables.conv);
  clfft_buffer_release (&t->tables.step_twiddles);
  clfft_buffer_release (&t->tables.split_twiddles);
  g_free (t->description);
  if (t->engine)
    clfft_engine_unref (t->engine);
  memset (t, 0, sizeof (*t));
}

void
clfft_transform_set_byte_output (ClfftTransform * t, gfloat offset,
    gboolean magnitude)
{
  t->tables.offset = offset;
  t->tables.magnitude = magnitude;
}

const gchar *
clfft_transform_describe (const ClfftTransform * t)
{
  return t->description;
}

void
clfft_scratch_add_need (ClfftScratch * scratch, const ClfftTransform * t)
{
  /* two or three passes need one buffer; Bluestein's four, or an unfold,
   * two (a transform in one pass, or one never set up, none) */
  guint count = t->bluestein || t->unfold ? 2 : 1;

  if (t->n_passes < 2)
    return;
  scratch->count = MAX (scratch->count, count);
  scratch->bytes = MAX (scratch->bytes, (gsize) MAX (t->spec.max_batch, 1) *
      t->n * sizeof (cl_float2));
}

gboolean
clfft_scratch_alloc (ClfftScratch * scratch, ClfftEngine * engine,
    GError ** error)
{
  for (guint i = 0; i < scratch->count; i++)
    if (!(scratch->mem[i] = clfft_buffer_new (engine, CL_MEM_READ_WRITE,
                scratch->bytes, NULL, error)))
      return FALSE;
  return TRUE;
}

void
clfft_scratch_clear (ClfftScratch * scratch)
{
  clfft_buffer_release (&scratch->mem[0]);
  clfft_buffer_release (&scratch->mem[1]);
  memset (scratch, 0, sizeof (*scratch));
}

/* The kernels index with 32-bit arithmetic: the last element a side
 * touches (counting a real pair or a spectrum's extra bin as two) must
 * fit. */
static gboolean
index_fits (ClfftRowLayout layout, guint batch, guint length)
{
  guint64 last = (guint64) (batch - 1) * layout.distance +
      (guint64) (2 * (guint64) length + 1) * layout.stride;

  return last < G_MAXUINT32;
}

static gboolean
enqueue_unfold (ClfftTransform * t, cl_mem z, cl_mem dst,
    ClfftRowLayout layout, guint batch, const ClfftEvents * events,
    GError ** error)
{
  const ClfftArgsUnfoldHalfSpectrum args = {
    .z = z,
    .length = t->spec.length,
    .dst = dst,
    .dst_stride = layout.stride,
    .dst_dist = layout.distance,
    .batch = batch,
    .real_tw = t->tables.real_twiddles,
  };
  const gsize local[2] = { 64, 1 };
  const gsize global[2] = { (t->spec.length + 64) / 64 * 64, batch };

  return clfft_kernel_args_unfold_half_spectrum (t->unfold, &args, error)
      && clfft_kernel_enqueue (t->engine, t->unfold, 2, global,
      local, events, "unfold_half_spectrum", error);
}

/* Keeps whichever layout runs launch faster: two real rows at a time, as
 * built, or the half-length transform (tuned first); frees the other. */
static gboolean
choose_layout (ClfftTransform * t, const ClfftRowLaunch * launch,
    GError ** error)
{
  ClfftTransform *half = t->half;
  ClfftRowLaunch launches[2] = { *launch, *launch };
  ClfftRowPass *const passes[2] = { &t->passes[0], &half->passes[0] };
  guint fastest = 0;
  gboolean ok;

  t->half = NULL;
  launches[1].tables.real_twiddles = half->tables.real_twiddles;
  ok = clfft_row_pass_tune (&half->passes[0], &launches[1], error)
      && clfft_row_passes_fastest (passes, launches, NULL, 2, &fastest,
      error);
  if (ok) {
    clfft_log (CLFFT_LOG_INFO, "real rows of length %u: %s",
        t->spec.length, fastest ? "the half-length transform" :
        "two at a time");
  }
  if (ok && fastest == 1) {
    ClfftTransform two_rows = *t;

    *t = *half;
    *half = two_rows;
    t->tuned = TRUE;
  }
  clfft_transform_clear (half);
  g_free (half);
  return ok;
}

ClfftRowLaunch
clfft_transform_launch (const ClfftTransform * t, cl_mem src,
    ClfftRowLayout src_layout, cl_mem dst, ClfftRowLayout dst_layout,
    guint batch, cl_mem gain, guint gain_distance, gfloat scale)
{
  ClfftRowLaunch launch = { {src, src_layout, 0, 1}, {dst, dst_layout, 0, 1},
    batch, 1, t->tables
  };

  launch.tables.gain = gain;
  launch.tables.gain_distance = gain_distance;
  launch.tables.scale = scale;
  return launch;
}

/* Before a transform's first launch is timed on a queue of tuning's own:
 * what the launch waits for and all that the engine's queue holds must be
 * done. */
static gboolean
wait_before_tuning (ClfftTransform * t, const ClfftEvents * events,
    GError ** error)
{
  cl_int st;

  if (events && events->n_wait
      && (st = clWaitForEvents (events->n_wait, events->wait)) != CL_SUCCESS)
    return clfft_fail (error, st, "clWaitForEvents (before tuning)");
  if ((st = clFinish (clfft_engine_get_queue (t->engine))) != CL_SUCCESS)
    return clfft_fail (error, st, "clFinish (before tuning)");
  return TRUE;
}

/* On its first launch, a transform in one pass takes the schedule that
 * runs that launch fastest (clfft-tuning.h), and two real rows at a time
 * the faster layout (choose_layout). The timing runs on a queue
 * of its own and writes dst: first, what the launch waits for and all
 * that the engine's queue holds must be done. */
static gboolean
tune (ClfftTransform * t, const ClfftRowLaunch * first,
    const ClfftEvents * events, GError ** error)
{
  const ClfftRowLaunch launch = *first;

  t->tuned = TRUE;
  if (!wait_before_tuning (t, events, error)
      || !clfft_row_pass_tune (&t->passes[0], &launch, error)
      || (t->half && !choose_layout (t, &launch, error)))
    return FALSE;
  g_free (t->description);
  describe (t);
  return TRUE;
}

/* The layouts CLFFT_ROW_UNIT_STRIDE promises the kernel: stride 1 on
 * both sides, and rows of pairs (of pixels, of real samples) that start on
 * a pair. Two real rows at a time read pairs too where tuning may swap in
 * the half-length alternative (t->half) at this launch. */
static gboolean
unit_stride_layouts (const ClfftTransform * t, ClfftRowLayout src,
    ClfftRowLayout dst)
{
  const ClfftRowLoad load = t->spec.load;
  const ClfftRowStore store = t->spec.store;
  gboolean src_pairs = load == CLFFT_LOAD_U8_PAIRS
      || load == CLFFT_LOAD_U16_PAIRS || load == CLFFT_LOAD_REAL_PAIRS
      || (load == CLFFT_LOAD_TWO_REAL_ROWS && t->half);
  gboolean dst_pairs = store == CLFFT_STORE_U8_PAIRS
      || store == CLFFT_STORE_U16_PAIRS || store == CLFFT_STORE_REAL_PAIRS;

  return src.stride == 1 && dst.stride == 1
      && !(src_pairs && src.distance % 2) && !(dst_pairs && dst.distance % 2);
}

/* Whether a launch of these arguments fits the transform and its scratch
 * (else error set) */
static gboolean
launch_fits (const ClfftTransform * t, const ClfftScratch * scratch,
    cl_mem src, ClfftRowLayout src_layout, cl_mem dst,
    ClfftRowLayout dst_layout, guint batch, cl_mem gain, guint gain_distance,
    GError ** error)
{
  if (t->n2 > 1 && (batch > MAX (t->spec.max_batch, 1)
          || scratch->bytes < (gsize) batch * t->n * sizeof (cl_float2)
          || scratch->count < (t->bluestein || t->unfold ? 2 : 1))) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "%u rows of length %u do not fit the scratch memory of the plan",
        batch, t->spec.length);
    return FALSE;
  }
  if (!index_fits (src_layout, batch, t->spec.length)
      || !index_fits (dst_layout, batch, t->spec.length)
      || (gain && !index_fits (transform_sets_side_by_side (t) ?
              (ClfftRowLayout) { gain_distance, 1 } :
              (ClfftRowLayout) { 1, gain_distance }, batch,
              t->spec.length))) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "%u rows of length %u with these strides and distances span more "
        "than 2^32 elements", batch, t->spec.length);
    return FALSE;
  }
  if ((t->passes[0].spec.flags & CLFFT_ROW_DROP_INPUT) && src == dst) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a transform that drops its input from the cache cannot run in "
        "place");
    return FALSE;
  }
  if ((t->spec.flags & CLFFT_ROW_UNIT_STRIDE)
      && !unit_stride_layouts (t, src_layout, dst_layout)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a transform made for rows of adjacent elements got strides %u and "
        "%u, distances %u and %u", src_layout.stride, dst_layout.stride,
        src_layout.distance, dst_layout.distance);
    return FALSE;
  }
  return TRUE;
}

/* The launches of a transform's first two passes, as enqueue runs them
 * (Bluestein and a frame's columns filtered run more: see
 * enqueue_passes): pass 1 from src into the scratch, pass 2 from
 * the scratch into dst (into the second scratch where a kernel of its own
 * unfolds the bins) with the gain and the scale. Pass 1 writes and pass 2
 * reads element m n2 + j of set b (see the top of this file), in the
 * scratch at b n + e, or e batch + b where the sets lie side by side;
 * pass 2 writes k1 + n1 k2. */
static void
two_pass_launches (const ClfftTransform * t, const ClfftScratch * scratch,
    cl_mem src, ClfftRowLayout src_layout, cl_mem dst,
    ClfftRowLayout dst_layout, guint batch, cl_mem gain, guint gain_distance,
    gfloat scale, ClfftRowLaunch l[2])
{
  const guint n1 = t->n1, n2 = t->n2;
  const ClfftRowLayout between = transform_sets_side_by_side (t) ?
      (ClfftRowLayout) { batch, 1 } : (ClfftRowLayout) { 1, t->n };
  ClfftRowTables inner = t->tables, last = t->tables;

  inner.scale = 1.0f;
  last.gain = gain;
  last.gain_distance = gain_distance;
  last.scale = scale;
  l[0] = (ClfftRowLaunch) { {src, src_layout, 1, n2},
    {scratch->mem[0], between, 1, n2}, batch * n2, n2, inner
  };
  l[1] = (ClfftRowLaunch) { {scratch->mem[0], between, n2, 1},
    {dst, dst_layout, 1, n1}, batch * n1, n1, last
  };
  if (t->unfold)                /* rows of length L for the unfold */
    l[1].dst = (ClfftRowSide) { scratch->mem[1], {1, t->spec.length}, 1, n1 };
}

/* The passes of a transform, whose launch fits (launch_fits) */
static gboolean
enqueue_passes (ClfftTransform * t, const ClfftScratch * scratch,
    cl_mem src, ClfftRowLayout src_layout, cl_mem dst,
    ClfftRowLayout dst_layout, guint batch, cl_mem gain, guint gain_distance,
    gfloat scale, const ClfftEvents * events, GError ** error)
{
  const guint n1 = t->n1, n2 = t->n2;
  gboolean unfold = t->unfold != NULL;
  guint n_steps = t->n_passes + (unfold ? 1 : 0);
  ClfftEvents step;

  if (n2 == 1) {
    ClfftRowLaunch launch = clfft_transform_launch (t, src, src_layout, dst,
        dst_layout, batch, gain, gain_distance, scale);

    step = clfft_events_step (events, 0, 1);
    if (!t->tuned && !tune (t, &launch, events, error))
      return FALSE;
    /* tuning may have chosen the half-length layout, with its table */
    launch.tables.real_twiddles = t->tables.real_twiddles;
    return clfft_row_pass_enqueue (&t->passes[0], &launch.src, &launch.dst,
        batch, 1, &launch.tables, &step, error);
  }

  {
    ClfftRowLaunch l[2];
    guint i = 0;

    two_pass_launches (t, scratch, src, src_layout, dst, dst_layout, batch,
        gain, gain_distance, scale, l);
    step = clfft_events_step (events, i, n_steps);
    if (!clfft_row_pass_enqueue (&t->passes[i++], &l[0].src, &l[0].dst,
            l[0].rows, l[0].sub_rows, &l[0].tables, &step, error))
      return FALSE;
    if (transform_filters_columns (t)) {
      /* the middle pass takes pass 1's output as pass 2 would (sub-row
       * j's element k1 at j + k1 n2 is element j of sub-row k1) and
       * writes it back in place; pass 1's inverse then reads it as pass 1
       * wrote it and writes where pass 1 read */
      const ClfftRowSide columns_back = { dst, dst_layout, 1, n2 };
      ClfftRowTables middle = l[0].tables, last = l[1].tables;

      middle.gain = gain;
      middle.gain_distance = gain_distance;
      last.gain = NULL;
      last.gain_distance = 0;
      step = clfft_events_step (events, i, n_steps);
      if (!clfft_row_pass_enqueue (&t->passes[i++], &l[1].src, &l[1].src,
              batch * n1, n1, &middle, &step, error))
        return FALSE;
      step = clfft_events_step (events, i, n_steps);
      return clfft_row_pass_enqueue (&t->passes[i++], &l[0].dst,
          &columns_back, batch * n2, n2, &last, &step, error);
    }
    if (t->bluestein) {
      /* forward rows into scratch 1, inverse columns back into scratch 0 */
      const ClfftRowLayout whole = { 1, t->n };
      const ClfftRowSide conv_out = { scratch->mem[1], whole, 1, n1 };
      const ClfftRowSide columns2_in = { scratch->mem[1], whole, 1, n2 };

      step = clfft_events_step (events, i, n_steps);
      if (!clfft_row_pass_enqueue (&t->passes[i++], &l[1].src, &conv_out,
              batch * n1, n1, &l[0].tables, &step, error))
        return FALSE;
      step = clfft_events_step (events, i, n_steps);
      if (!clfft_row_pass_enqueue (&t->passes[i++], &columns2_in,
              &l[0].dst, batch * n2, n2, &l[0].tables, &step, error))
        return FALSE;
    }
    step = clfft_events_step (events, i, n_steps);
    if (!clfft_row_pass_enqueue (&t->passes[i++], &l[1].src, &l[1].dst,
            l[1].rows, l[1].sub_rows, &l[1].tables, &step, error))
      return FALSE;
    if (unfold) {
      step = clfft_events_step (events, i, n_steps);
      return enqueue_unfold (t, scratch->mem[1], dst, dst_layout, batch,
          &step, error);
    }
  }
  return TRUE;
}

/* Whether a transform runs in two passes whose length other splits could
 * run: rows of a direct length at the rule's split, with no kernel of its
 * own for the unfold (not a frame's columns, whose passes were measured
 * by split, docs/experiments/2026-12-02-8k-passes-and-column-splits.md;
 * nor Bluestein's). */
static gboolean
split_tunable (const ClfftTransform * t)
{
  return t->n2 > 1 && !t->bluestein && !t->unfold
      && !t->spec.first_pass_length && !spec_reads_columns (&t->spec);
}

/* How far from square a split n = a x (n / a) is: its longer length */
static guint
imbalance (guint n, guint a)
{
  return MAX (a, n / a);
}

/* Up to max first pass lengths of splits of n other than n1 into two
 * lengths of one pass, into firsts, the most balanced first (of a tie, a
 * split and its mirror, the longer first pass); their count. */
static guint
other_splits (guint n, guint n1, guint * firsts, guint max)
{
  guint count = 0;

  for (guint a = 2; a <= MIN (n - 1, CLFFT_MAX_ROW_LENGTH); a++) {
    guint at;

    if (a == n1 || n % a || !clfft_row_length_direct (a)
        || !clfft_row_length_direct (n / a))
      continue;
    /* an insertion sort: a is ascending, so of a tie the later is the
     * longer first pass */
    for (at = count; at > 0 && imbalance (n, firsts[at - 1]) >=
        imbalance (n, a); at--)
      if (at < max)
        firsts[at] = firsts[at - 1];
    if (at < max) {
      firsts[at] = a;
      count = MIN (count + 1, max);
    }
  }
  return count;
}

/* The splits of a length differ in time, and no rule of the split's
 * shape tells the fastest
 * (docs/experiments/2026-12-02-r2c-28350-splits.md). So where tuning is
 * blocking, a transform in two passes times its rule's split against the
 * most balanced others (CLFFT_TRANSFORM_SPLITS_TIMED in all) on its first
 * launch, their builds side by side, and keeps the fastest; choices are
 * not stored, as the layouts of real rows are not (choose_layout). A
 * split that does not build, or would need a kernel of its own to unfold
 * its bins (and a second scratch), is left out. In place, the splits all
 * run on one copy of the input, which the earlier ones leave transformed
 * many times over (in the end, infinite): the device's time does not depend
 * on the values. */
#define OTHER_SPLITS (CLFFT_TRANSFORM_SPLITS_TIMED - 1)
G_STATIC_ASSERT (CLFFT_TRANSFORM_SPLITS_TIMED <= CLFFT_TUNED_MAX_ALTERNATIVES);

/* Whether all the passes of a transform made with build_later built */
static gboolean
transform_built (const ClfftTransform * t)
{
  for (guint i = 0; i < t->n_passes; i++)
    if (!t->passes[i].kernel)
      return FALSE;
  return TRUE;
}

/* Up to OTHER_SPLITS transforms like t but for their split, made (not
 * built) into others; their count. */
static guint
other_transforms (const ClfftTransform * t, ClfftTransform * others)
{
  guint firsts[OTHER_SPLITS], count = 0;
  const guint n_firsts = other_splits (t->n, t->n1, firsts, OTHER_SPLITS);

  for (guint i = 0; i < n_firsts; i++) {
    ClfftTransformSpec spec = t->spec;
    GError *error = NULL;

    if (t->spec.store == CLFFT_STORE_HALF_SPECTRUM
        && !clfft_row_unfold_across_rows_fits (t->engine, t->n / firsts[i]))
      continue;
    spec.first_pass_length = firsts[i];
    spec.tuning = CLFFT_TUNING_OFF;
    spec.build_later = TRUE;
    /* the test above keeps the bins' unfold in the second pass */
    if (!clfft_transform_init (&others[count], t->engine, &spec, &error)) {
      clfft_log (CLFFT_LOG_INFO, "length %u: split %u x %u not tried: %s",
          t->spec.length, firsts[i], t->n / firsts[i], error->message);
      g_error_free (error);
    } else {
      /* what the owner set after init */
      clfft_transform_set_byte_output (&others[count], t->tables.offset,
          t->tables.magnitude);
      count++;
    }
  }
  return count;
}

/* The first launch of a transform that split_tunable takes, whose launch
 * fits: see above. */
static gboolean
choose_split (ClfftTransform * t, const ClfftScratch * scratch, cl_mem src,
    ClfftRowLayout src_layout, cl_mem dst, ClfftRowLayout dst_layout,
    guint batch, cl_mem gain, guint gain_distance, gfloat scale,
    const ClfftEvents * events, GError ** error)
{
  ClfftTransform others[OTHER_SPLITS], *to_build[OTHER_SPLITS];
  ClfftRowPass *passes[2 * (OTHER_SPLITS + 1)];
  ClfftRowLaunch launches[2 * (OTHER_SPLITS + 1)];
  guint n_steps[OTHER_SPLITS + 1];
  guint count = other_transforms (t, others), built = 0, fastest = 0;
  GError *build_error = NULL;
  gboolean ok;

  for (guint i = 0; i < count; i++)
    to_build[i] = &others[i];
  if (count && !clfft_transforms_build (to_build, count, &build_error)) {
    clfft_log (CLFFT_LOG_INFO, "length %u: a split did not build: %s",
        t->spec.length, build_error->message);
    g_clear_error (&build_error);
  }
  /* the ones that built, first */
  for (guint i = 0; i < count; i++) {
    if (!transform_built (&others[i])) {
      clfft_transform_clear (&others[i]);
      continue;
    }
    if (built != i) {
      others[built] = others[i];
      memset (&others[i], 0, sizeof (others[i]));
    }
    built++;
  }
  if (built == 0)
    return TRUE;
  if (!wait_before_tuning (t, events, error))
    ok = FALSE;
  else {
    for (guint i = 0; i <= built; i++) {
      ClfftTransform *alt = i ? &others[i - 1] : t;

      two_pass_launches (alt, scratch, src, src_layout, dst, dst_layout,
          batch, gain, gain_distance, scale, launches + 2 * i);
      passes[2 * i] = &alt->passes[0];
      passes[2 * i + 1] = &alt->passes[1];
      n_steps[i] = 2;
    }
    ok = clfft_row_passes_fastest (passes, launches, n_steps, built + 1,
        &fastest, error);
  }
  if (ok && fastest) {
    ClfftTransform rule = *t;
    const ClfftTransformSpec asked = t->spec;

    *t = others[fastest - 1];
    others[fastest - 1] = rule;
    t->spec.tuning = asked.tuning;
    t->spec.build_later = asked.build_later;
    t->tuned = TRUE;
    g_free (t->description);
    describe (t);
  }
  if (ok)
    clfft_log (CLFFT_LOG_INFO, "length %u in two passes: %u x %u, of %u "
        "splits timed", t->spec.length, t->n1, t->n2, built + 1);
  for (guint i = 0; i < built; i++)
    clfft_transform_clear (&others[i]);
  return ok;
}

gboolean
clfft_transform_enqueue (ClfftTransform * t, const ClfftScratch * scratch,
    cl_mem src, ClfftRowLayout src_layout, cl_mem dst,
    ClfftRowLayout dst_layout, guint batch, cl_mem gain, guint gain_distance,
    gfloat scale, const ClfftEvents * events, GError ** error)
{
  if (batch == 0)
    return TRUE;
  if (!clfft_transform_build (t, error)
      || !launch_fits (t, scratch, src, src_layout, dst, dst_layout, batch,
          gain, gain_distance, error))
    return FALSE;
  if (!t->tuned && split_tunable (t)) {
    t->tuned = TRUE;
    if (!choose_split (t, scratch, src, src_layout, dst, dst_layout, batch,
            gain, gain_distance, scale, events, error))
      return FALSE;
  }
  return enqueue_passes (t, scratch, src, src_layout, dst, dst_layout, batch,
      gain, gain_distance, scale, events, error);
}
