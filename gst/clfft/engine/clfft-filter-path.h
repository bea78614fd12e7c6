/* Which path a frame size's filter takes: decided for a plan in one place,
 * clfft_filter_path_choose, and logged once with its reasons. The paths
 * and when each runs: docs/design.md, "Which filter path runs". */
#ifndef __CLFFT_FILTER_PATH_H__
#define __CLFFT_FILTER_PATH_H__

#include "clfft-devices.h"
#include "clfft-overrides.h"

G_BEGIN_DECLS

/* The ways a frame runs through the filter (docs/design.md, "Which
 * filter path runs"). */
typedef enum
{
  CLFFT_FILTER_PATH_GENERIC,    /* one program for every size, while the
                                 * size's own programs build */
  CLFFT_FILTER_PATH_PASSES,     /* rows, columns x gain in place, rows */
  CLFFT_FILTER_PATH_TRANSPOSED, /* rows, transpose, columns forward x
                                 * gain, columns inverse, transpose, rows */
  CLFFT_FILTER_PATH_COLUMNS_IN_TWO_PASSES,      /* rows, columns in two
                                                 * passes each way across
                                                 * the rows, the gain
                                                 * between them in a pass
                                                 * they share, rows */
  CLFFT_FILTER_PATH_SPLIT_COLUMNS,      /* rows that split the columns
                                         * into two halves, each half's
                                         * columns x gain in place in one
                                         * pass, rows that join them */
  CLFFT_FILTER_PATH_ONE_LAUNCH, /* the three passes in one launch */
  CLFFT_FILTER_PATH_LANES,      /* the three passes in SIMD lanes (CPUs) */
  CLFFT_FILTER_PATH_SPECTRUM_VIEW,      /* mode=spectrum */
} ClfftFilterPath;

/* The path's name, e.g. "one launch". */
const gchar *clfft_filter_path_name (ClfftFilterPath path);

/* What a plan's frames run once its own programs are built. */
typedef struct
{
  /* CLFFT_FILTER_PATH_PASSES, _TRANSPOSED, _COLUMNS_IN_TWO_PASSES,
   * _SPLIT_COLUMNS, _ONE_LAUNCH or _LANES */
  ClfftFilterPath path;
  /* rows as half-length transforms of pixel pairs (even widths whose half
   * the engine transforms); else full-length rows */
  gboolean pairs;
  /* the spectrum and gains outgrow the GPU's L2: the passes take cache
   * hints, and the columns read a gain that is the same at ky and -ky
   * once (the mirrored column pass, while the gain is so) */
  gboolean outgrows_cache;
  /* complex values from one spectrum row to the next */
  guint pitch;
  /* why, for the log: a sentence without its subject */
  gchar why[256];
} ClfftFilterChoice;

/* The choice for a filter of width x height (the transform size) on dev,
 * whose launches hold frames frames (a batch's, else 1), with overrides
 * as read (clfft_overrides_read). */
void clfft_filter_path_choose (const ClfftDeviceInfo * dev,
    const ClfftOverrides * overrides, guint width, guint height,
    guint frames, ClfftFilterChoice * choice);

G_END_DECLS

#endif /* __CLFFT_FILTER_PATH_H__ */
