/* clfft2dfilter's notch masks (gst/clfft/gstclfftmask.c), on the host:
 * the list's bound, the mask of many notches against the product over
 * every notch and bin in double precision, and the time a list of the
 * most notches takes to make a large frame's mask (on the streaming
 * thread, which it holds). */
#include <gst/check/gstcheck.h>
#include <math.h>
#include <string.h>

#include "gstclfftmask.h"
#include "notch-reference.h"
#include "reference.h"

/* ---- the list's bound ------------------------------------------------- */

/* "fx,fy;" n times, each a different notch. */
static gchar *
notch_list (guint n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s0.%03u,-0.%03u", i ? ";" : "",
        i % 500, (7 * i) % 500);
  return g_string_free (text, FALSE);
}

/* GST_CLFFT_MAX_NOTCHES notches parse, with empty items between them; one
 * more is refused with an error that gives the limit, as are the lists
 * that stalled the streaming thread (thousands), at once. */
GST_START_TEST (test_notch_list_bound)
{
  gchar *at_most = notch_list (GST_CLFFT_MAX_NOTCHES);
  gchar *spaced = g_strdup_printf (";;%s; ;", at_most);
  gchar *limit = g_strdup_printf ("at most %u", GST_CLFFT_MAX_NOTCHES);
  const guint too_many[] = { GST_CLFFT_MAX_NOTCHES + 1, 8000, 100000 };
  GError *error = NULL;
  GArray *notches;

  notches = gst_clfft_notches_parse (spaced, &error);
  fail_unless (notches != NULL, "%s", error ? error->message : "");
  fail_unless_equals_int (notches->len, GST_CLFFT_MAX_NOTCHES);
  g_array_unref (notches);
  for (guint i = 0; i < G_N_ELEMENTS (too_many); i++) {
    gchar *text = notch_list (too_many[i]);
    gint64 start = g_get_monotonic_time ();
    gdouble seconds;

    notches = gst_clfft_notches_parse (text, &error);
    seconds = (g_get_monotonic_time () - start) / 1e6;
    if (notches)
      fail ("a list of %u notches was taken", too_many[i]);
    fail_unless (error != NULL);
    if (!strstr (error->message, limit))
      fail ("%u notches: \"%s\" does not give the limit", too_many[i],
          error->message);
    if (seconds > 0.5)
      fail ("%u notches refused in %.2f s", too_many[i], seconds);
    g_clear_error (&error);
    g_free (text);
  }
  g_free (limit);
  g_free (spaced);
  g_free (at_most);
}

GST_END_TEST;

/* "fx,fy" takes the mask's radius, "fx,fy,radius" its own (above 0, at
 * most 0.5 cycles per pixel), spaces allowed around the numbers; anything
 * else is refused with the syntax in the message. */
GST_START_TEST (test_notch_radius_syntax)
{
  const struct
  {
    const gchar *text;
    gdouble fx, fy, radius;
  } good[] = {
    {"0.1,-0.2", 0.1, -0.2, 0.0},
    {"0.1,-0.2,0.01", 0.1, -0.2, 0.01},
    {" 0.25 , 0.125 , 0.5 ", 0.25, 0.125, 0.5},
    {"-0.5,0.5,1e-3", -0.5, 0.5, 0.001},
  };
  const gchar *bad[] = {
    "0.1,0.2,0", "0.1,0.2,-0.01", "0.1,0.2,0.51", "0.1,0.2,",
    "0.1,0.2,0.01,0.02", "0.1,0.2,nan", "0.1,0.2,inf", "0.1,0.2 0.01",
    "0.1", "0.6,0.1,0.01", "0.1,0.2,x",
  };
  GError *error = NULL;
  GArray *notches;

  for (guint i = 0; i < G_N_ELEMENTS (good); i++) {
    const GstClfftNotch *n;

    notches = gst_clfft_notches_parse (good[i].text, &error);
    fail_unless (notches != NULL && notches->len == 1, "\"%s\": %s",
        good[i].text, error ? error->message : "not one notch");
    n = &g_array_index (notches, GstClfftNotch, 0);
    fail_unless (n->fx == good[i].fx && n->fy == good[i].fy
        && n->radius == good[i].radius, "\"%s\" read as %g,%g,%g",
        good[i].text, n->fx, n->fy, n->radius);
    g_array_unref (notches);
  }
  /* each in a list of good ones: the whole list is refused */
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++) {
    gchar *list = g_strdup_printf ("0.1,0.1;%s;0.2,0.2,0.01", bad[i]);

    notches = gst_clfft_notches_parse (list, &error);
    fail_unless (notches == NULL, "\"%s\" was taken", bad[i]);
    fail_unless (error && strstr (error->message, "fx,fy,radius"),
        "\"%s\": %s", bad[i], error ? error->message : "no error");
    g_clear_error (&error);
    g_free (list);
  }
}

GST_END_TEST;

/* ---- the mask against the full product ------------------------------- */

/* The mask at bin (kx, ky) of a w x h plane, every notch and mirror
 * multiplied in, in double precision. */
static gdouble
ref_notch_gain (const GstClfftMaskParams * p, guint kx, guint ky, guint w,
    guint h)
{
  const gdouble sx = p->sx ? p->sx : 1, sy = p->sy ? p->sy : 1;
  const gint x = kx < (w + 1) / 2 ? (gint) kx : (gint) kx - (gint) w;
  const gint y = ky < (h + 1) / 2 ? (gint) ky : (gint) ky - (gint) h;
  const gdouble fx = x / (w * sx), fy = y / (h * sy);
  gdouble g = 1.0, stripe = 1.0;

  for (guint i = 0; i < p->n_notches; i++) {
    const GstClfftNotch *n = &p->notches[i];

    g *= ref_notch_factor (p, n, fx - n->fx, fy - n->fy)
        * ref_notch_factor (p, n, fx + n->fx, fy + n->fy);
  }
  if (p->stripes != GST_CLFFT_STRIPES_NONE && (x || y)) {
    gdouble k = (p->stripes == GST_CLFFT_STRIPES_HORIZONTAL ? x : y) *
        (100.0 - p->stripe_tolerance) / 100.0;

    stripe = -expm1 (-k * k);
  }
  return (p->stop_gain + (p->pass_gain - p->stop_gain) * g) * stripe;
}

/* The mask of p at w x h against ref_notch_gain, bin by bin: within the
 * float's rounding (half its step) of the double value, and the
 * difference of two double computations of a product of 128 factors. */
static void
check_notch_mask (const GstClfftMaskParams * p, guint w, guint h,
    const gchar * what)
{
  const guint n = p->interleaved > 1 ? p->interleaved : 1, one = w / n;
  gfloat *gain = g_new (gfloat, (gsize) w * h);
  guint wrong = 0;

  gst_clfft_mask_fill (gain, w, h, p);
  for (guint ky = 0; ky < h; ky++)
    for (guint kx = 0; kx < w; kx++) {
      const gdouble got = gain[(gsize) ky * w + kx];
      /* each plane side by side keeps its own DC */
      const gdouble ref = p->preserve_dc && kx % one == 0 && ky == 0 ? 1.0 :
          ref_notch_gain (p, kx % one, ky, one, h);

      if (!(fabs (got - ref) <= ldexp (fabs (ref), -24) + 1e-13)
          && wrong++ < 5)
        fail ("%s: bin (%u, %u) of %ux%u: %.9g for %.17g", what, kx, ky, w,
            h, got, ref);
    }
  g_free (gain);
}

/* 64 notches, some where rounding is at its worst (on bins, at DC, on the
 * spectrum's edges), the rest random, a third of them with radii of
 * their own; every shape at radii from 0 (a point) to the largest for the
 * rest, planes subsampled and side by side, stripes and band gains: the
 * mask is the full product's. */
GST_START_TEST (test_notch_mask_matches_full_product)
{
  GRand *rng = ref_rand_new ();
  const guint sizes[][2] = { {2, 2}, {3, 5}, {64, 48}, {97, 61} };
  const guint subsampling[][3] = { {1, 1, 1}, {2, 2, 1}, {2, 1, 2} };
  const gdouble radii[] = { 0.0, 0.004, 0.03, 0.2, 0.71 };
  const struct
  {
    GstClfftShape shape;
    guint order;
  } shapes[] = {
    {GST_CLFFT_SHAPE_IDEAL, 2}, {GST_CLFFT_SHAPE_GAUSSIAN, 2},
    {GST_CLFFT_SHAPE_BUTTERWORTH, 1}, {GST_CLFFT_SHAPE_BUTTERWORTH, 3},
    {GST_CLFFT_SHAPE_BUTTERWORTH, 16},
  };
  GstClfftNotch notches[GST_CLFFT_MAX_NOTCHES] = {
    {0.0, 0.0}, {0.5, 0.5, 0.5}, {-0.5, 0.25}, {0.25, -0.5, 0.001},
    {0.125, 0.0625}, {-0.03125, 0.375, 0.05}, {0.49, -0.49},
  };
  guint cases = 0;

  for (guint i = 7; i < G_N_ELEMENTS (notches); i++) {
    notches[i].fx = g_rand_double_range (rng, -0.5, 0.5);
    notches[i].fy = g_rand_double_range (rng, -0.5, 0.5);
    notches[i].radius = i % 3 ? 0.0 : g_rand_double_range (rng, 1e-4, 0.1);
  }
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint u = 0; u < G_N_ELEMENTS (subsampling); u++)
      for (guint k = 0; k < G_N_ELEMENTS (shapes); k++)
        for (guint r = 0; r < G_N_ELEMENTS (radii); r++) {
          const guint w = sizes[s][0] * subsampling[u][2], h = sizes[s][1];
          const gboolean banded = (s + k + r) % 3 == 1;
          GstClfftMaskParams p = {
            .filter = GST_CLFFT_FILTER_NOTCH,
            .shape = shapes[k].shape,
            .order = shapes[k].order,
            .notches = notches,
            .n_notches = G_N_ELEMENTS (notches),
            .notch_radius = radii[r],
            .preserve_dc = (s + r) % 2,
            .sx = subsampling[u][0],
            .sy = subsampling[u][1],
            .pass_gain = banded ? 0.0 : 1.0,
            .stop_gain = banded ? 1.0 : 0.0,
            .stripes = (k + r) % 4 == 3 ? GST_CLFFT_STRIPES_HORIZONTAL :
                (k + r) % 4 == 2 ? GST_CLFFT_STRIPES_VERTICAL :
                GST_CLFFT_STRIPES_NONE,
            .stripe_tolerance = 5.0,
            .interleaved = subsampling[u][2],
          };
          gchar *what = g_strdup_printf ("shape %d order %u radius %g, "
              "subsampled %ux%u, %u side by side", p.shape, p.order,
              p.notch_radius, p.sx, p.sy, p.interleaved);

          check_notch_mask (&p, w, h, what);
          g_free (what);
          cases++;
        }
  GST_INFO ("%u masks of %u notches checked", cases,
      (guint) G_N_ELEMENTS (notches));
  g_rand_free (rng);
}

GST_END_TEST;

/* ---- the time a mask takes --------------------------------------------- */

/* The most notches, of the element's radius and shape, at 1920x1080: the
 * mask is made on the streaming thread, which waits for it: each notch
 * visits the bins near it, not every bin (docs/reliability.md has the
 * times before and after). */
GST_START_TEST (test_notch_mask_build_time)
{
  const guint w = 1920, h = 1080;
  GRand *rng = ref_rand_new ();
  GstClfftNotch notches[GST_CLFFT_MAX_NOTCHES];
  GstClfftMaskParams p = {
    .filter = GST_CLFFT_FILTER_NOTCH,
    .shape = GST_CLFFT_SHAPE_GAUSSIAN,
    .order = 2,
    .notches = notches,
    .n_notches = G_N_ELEMENTS (notches),
    .notch_radius = 0.01,
    .pass_gain = 1.0,
  };
  gfloat *gain = g_new (gfloat, (gsize) w * h);
  gint64 start;
  gdouble seconds;

  for (guint i = 0; i < G_N_ELEMENTS (notches); i++) {
    notches[i].fx = g_rand_double_range (rng, -0.5, 0.5);
    notches[i].fy = g_rand_double_range (rng, -0.5, 0.5);
  }
  start = g_get_monotonic_time ();
  gst_clfft_mask_fill (gain, w, h, &p);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  g_print ("mask of %u notches at %ux%u: %.3f s\n", p.n_notches, w, h,
      seconds);
  if (seconds > 2.0)
    fail ("the mask of %u notches at %ux%u took %.2f s", p.n_notches, w, h,
        seconds);
  /* the bin nearest every notch's centre is notched: the mask was made.
   * Bins stand for -n/2 .. n/2 - 1 cycles, the mask's frequencies: a
   * centre above the last (fy 0.49999 at 1080 rows) is nearest to it,
   * not to the row of -1/2 that rounding and wrapping would give */
  for (guint i = 0; i < G_N_ELEMENTS (notches); i++) {
    gint x = CLAMP ((gint) lround (notches[i].fx * w), -(gint) w / 2,
        (gint) w / 2 - 1);
    gint y = CLAMP ((gint) lround (notches[i].fy * h), -(gint) h / 2,
        (gint) h / 2 - 1);
    gfloat g = gain[(gsize) ((y + (gint) h) % (gint) h) * w +
        (x + (gint) w) % (gint) w];

    if (!(g < 0.5f))
      fail ("notch %u at (%g, %g): gain %g at its bin", i, notches[i].fx,
          notches[i].fy, g);
  }
  g_free (gain);
  g_rand_free (rng);
}

GST_END_TEST;

static Suite *
mask_suite (void)
{
  Suite *s = suite_create ("mask");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 600);
  tcase_add_test (tc, test_notch_list_bound);
  tcase_add_test (tc, test_notch_radius_syntax);
  tcase_add_test (tc, test_notch_mask_matches_full_product);
  tcase_add_test (tc, test_notch_mask_build_time);
  suite_add_tcase (s, tc);
  return s;
}

GST_CHECK_MAIN (mask);
