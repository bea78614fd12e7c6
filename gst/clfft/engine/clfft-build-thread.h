/* A filter's own programs built on a thread of their own, so that a new
 * frame size's first frames need not wait for them (they run the generic
 * filter meanwhile): the thread, how long to wait for it, and what it
 * found. The build itself is the owner's function. */
#ifndef __CLFFT_BUILD_THREAD_H__
#define __CLFFT_BUILD_THREAD_H__

#include <glib.h>

G_BEGIN_DECLS

typedef struct _ClfftBuildThread ClfftBuildThread;

/* The owner's build, on the thread; FALSE with error set where it fails. */
typedef gboolean (*ClfftBuildFunc) (gpointer data, GError ** error);

/* How long clfft_build_thread_wait waits: not at all; while the programs
 * load from the kernel cache (until one is not there and is compiled); or
 * until they are built. */
typedef enum
{
  CLFFT_BUILD_WAIT_NOT,
  CLFFT_BUILD_WAIT_WHILE_LOADING,
  CLFFT_BUILD_WAIT_UNTIL_BUILT,
} ClfftBuildWait;

/* Runs build (data) on a thread of its own, its programs built as build
 * round round (clfft_program_cache_set_build_round); since, the
 * monotonic time its ready time counts from. NULL (why set) where no
 * thread starts. */
ClfftBuildThread *clfft_build_thread_start (ClfftBuildFunc build,
    gpointer data, guint round, gint64 since, GError ** why);
/* Waits as asked; whether the build has finished. */
gboolean clfft_build_thread_wait (ClfftBuildThread * thread,
    ClfftBuildWait wait);
/* Joins the thread, whose build must have finished, and frees it: whether
 * the build succeeded (error set where not); *ready, its end in seconds
 * from since. */
gboolean clfft_build_thread_join (ClfftBuildThread * thread, gdouble * ready,
    GError ** error);

/* For clfft_testing_hold_own_programs (clfft-filter2d-testing.h): builds
 * that start while held wait, as though compiling, until let go. */
void clfft_build_thread_hold (gboolean hold);

G_END_DECLS

#endif /* __CLFFT_BUILD_THREAD_H__ */
