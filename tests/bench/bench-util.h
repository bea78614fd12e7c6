/* Small helpers the benchmarks share. */
#ifndef __CLFFT_BENCH_UTIL_H__
#define __CLFFT_BENCH_UTIL_H__

#include <glib.h>

G_BEGIN_DECLS

/* The median of n values (sorts them in place). */
gdouble bench_median (gdouble * values, guint n);

/* A positive count from a command-line argument; 1 if it is not one. */
guint bench_parse_count (const gchar * text);

G_END_DECLS

#endif /* __CLFFT_BENCH_UTIL_H__ */
