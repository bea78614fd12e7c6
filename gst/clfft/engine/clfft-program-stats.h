/* gst-clfft engine: what the program cache tells its users (clfft-engine.h
 * includes it): its counts and its folder on disk. The cache itself is
 * clfft-program-cache.h, below the engine. */
#ifndef __CLFFT_PROGRAM_STATS_H__
#define __CLFFT_PROGRAM_STATS_H__

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint built_from_source;
  guint loaded_from_disk;
  guint memory_hits;
} ClfftProgramStats;

/* The folder of the on-disk program cache. */
gchar *clfft_program_cache_dir (void);

G_END_DECLS

#endif /* __CLFFT_PROGRAM_STATS_H__ */
