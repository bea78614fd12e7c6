/* Small helpers the benchmarks share. */
#ifndef __CLFFT_BENCH_UTIL_H__
#define __CLFFT_BENCH_UTIL_H__

#include <glib.h>

G_BEGIN_DECLS

/* The median of n values (sorts them in place). */
gdouble bench_median (gdouble * values, guint n);

/* A positive count from a command-line argument; 1 if it is not one. */
guint bench_parse_count (const gchar * text);

/* Counts from a comma-separated list ("1,2,4"), n of them; free with
 * g_free. */
guint *bench_parse_list (const gchar * text, guint * n);

/* The process's CPU time so far, user and system, every thread, in
 * microseconds. */
gdouble bench_process_cpu_us (void);

G_END_DECLS

#endif /* __CLFFT_BENCH_UTIL_H__ */
