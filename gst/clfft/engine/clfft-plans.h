/* The engine's registry of plans in use, so that a plan asked for again
 * with the same parameters is shared. */
#ifndef __CLFFT_PLANS_H__
#define __CLFFT_PLANS_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

/* The engine's plans in use, by a key that names their parameters, so that
 * a plan is built once however many users ask for it. take returns the
 * plan under key, counting one more use, or NULL; add enters plan under key
 * with one use and returns it, or, if another thread entered one first,
 * counts a use of that one and returns it instead (the caller then frees
 * its own); drop counts one use less and returns TRUE when that was the
 * last, and the plan has left the engine. */
gpointer clfft_engine_take_plan (ClfftEngine * engine, const gchar * key);
gpointer clfft_engine_add_plan (ClfftEngine * engine, const gchar * key,
    gpointer plan);
gboolean clfft_engine_drop_plan (ClfftEngine * engine, const gchar * key);

G_END_DECLS

#endif /* __CLFFT_PLANS_H__ */
