#include "bench-util.h"

#include <stdlib.h>
#include <sys/resource.h>

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

guint *
bench_parse_list (const gchar * text, guint * n)
{
  gchar **items = g_strsplit (text, ",", -1);
  guint *values = g_new (guint, g_strv_length (items) + 1);

  *n = 0;
  for (guint i = 0; items[i]; i++)
    if (*items[i])
      values[(*n)++] = bench_parse_count (items[i]);
  g_strfreev (items);
  return values;
}

gdouble
bench_process_cpu_us (void)
{
  struct rusage u;

  if (getrusage (RUSAGE_SELF, &u) != 0)
    g_error ("getrusage failed");
  return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e6 + u.ru_utime.tv_usec
      + u.ru_stime.tv_usec;
}
