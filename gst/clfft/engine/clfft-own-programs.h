/* A frame size's own programs: those of its filter's part, built for its
 * size, the fastest. Where the kernel cache has them all, the first frame
 * waits while they load; else they build on a thread
 * (clfft-build-thread.h) while frames run a stand-in (the generic
 * filter's part: one program for every size, built once per device), and
 * the first frame after the build takes them in. Where the device may
 * build them wrong (clfft-build-check.h), each build is checked against a
 * known answer before any frame runs it, and built again as the next
 * round where wrong. The filter says how to build and check them; this
 * says when. */
#ifndef __CLFFT_OWN_PROGRAMS_H__
#define __CLFFT_OWN_PROGRAMS_H__

#include "clfft-filter-part.h"

G_BEGIN_DECLS

typedef struct
{
  /* Builds them; threaded: on the build thread, touching nothing that
   * the stand-in's frames use, and stopping between programs once
   * *cancel is set. */
  gboolean (*build) (gpointer filter, gboolean threaded,
      const gint * cancel, GError ** error);
  /* Their known answer: *right; FALSE (error set) where the check could
   * not run. Between frames. */
  gboolean (*check) (gpointer filter, gboolean * right, GError ** error);
  /* Lets go of them and plans them afresh, to be built as the next
   * round. */
  gboolean (*replan) (gpointer filter, GError ** error);
  /* A frame on them whose result nobody uses, waited for: for a device
   * that compiles a kernel at its first launch. */
  void (*launch_unused) (gpointer filter);
} ClfftOwnProgramsOps;

typedef struct _ClfftOwnPrograms ClfftOwnPrograms;

/* For the width x height filter (the log's words), whose own programs are
 * checked where checks (clfft_build_check_wanted). Starts nothing. */
ClfftOwnPrograms *clfft_own_programs_new (ClfftEngine * engine,
    const ClfftOwnProgramsOps * ops, gpointer filter, guint width,
    guint height, gboolean checks);
/* How the first frames run, decided here once: with standin (taken; NULL
 * where there is none) while the programs build on a thread, unless they
 * load from the kernel cache at once; without one, after they are built
 * here. FALSE (error set) where a build here failed. */
gboolean clfft_own_programs_start (ClfftOwnPrograms * own,
    ClfftFilterPart * standin, GError ** error);
/* What the next frame runs instead of the own programs: the stand-in
 * while they build, else NULL. */
ClfftFilterPart *clfft_own_programs_get_standin (ClfftOwnPrograms * own);
/* Between frames, outside the engine's queue lock (the build may need
 * it): takes them in once built, waiting for them where needed. */
gboolean clfft_own_programs_step (ClfftOwnPrograms * own, gboolean needed,
    GError ** error);
/* Waits for them and takes them in: the error of their build where it
 * failed. */
gboolean clfft_own_programs_finish (ClfftOwnPrograms * own,
    GError ** error);
/* Builds no more of them than the one in progress. */
void clfft_own_programs_cancel (ClfftOwnPrograms * own);
/* What frames ran: the stand-in (generic) or the own programs. */
void clfft_own_programs_note_frame (ClfftOwnPrograms * own,
    gboolean generic);
gboolean clfft_own_programs_stand_in_ran (ClfftOwnPrograms * own);
/* TRUE once, after a frame ran the stand-in and the programs were taken
 * in since: *seconds from new to their being ready. */
gboolean clfft_own_programs_take_seconds (ClfftOwnPrograms * own,
    gdouble * seconds);
/* Which round of their builds this is (0 until a check found one
 * wrong). */
guint clfft_own_programs_get_round (ClfftOwnPrograms * own);
/* Whether the device compiles a kernel at its first launch rather than at
 * its build (PoCL compiles it then for the work-group size, and keeps it
 * in a cache of its own): a launch that nobody waits for then goes
 * first. Compiles run one at a time there. */
gboolean clfft_own_programs_compile_at_first_launch (ClfftEngine * engine);
/* Waits for a build in progress (so that its programs are in the kernel
 * cache next time) and, on a device that compiles at first launch,
 * launches programs that no frame ran; before the filter's buffers go. */
void clfft_own_programs_free (ClfftOwnPrograms * own);

G_END_DECLS

#endif /* __CLFFT_OWN_PROGRAMS_H__ */
