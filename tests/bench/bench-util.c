#include "bench-util.h"

#include <stdlib.h>

static gint
compare_doubles (gconstpointer a, gconstpointer b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return x < y ? -1 : x > y;
}

gdouble
bench_median (gdouble * values, guint n)
{
  qsort (values, n, sizeof (gdouble), compare_doubles);
  return values[n / 2];
}

guint
bench_parse_count (const gchar * text)
{
  gint value = atoi (text);

  return value > 0 ? (guint) value : 1;
}
