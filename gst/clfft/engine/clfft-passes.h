/* The engine's building blocks, one global-memory pass each: a batched row
 * FFT in local memory and a tiled transpose. Transforms and plans chain
 * them. */
#ifndef __CLFFT_PASSES_H__
#define __CLFFT_PASSES_H__

#include "clfft-engine.h"
#include "clfft-kernel-structs.h"

G_BEGIN_DECLS

/* Longest row that one work-group transforms in local memory. */
#define CLFFT_MAX_ROW_LENGTH 4096

/* How a row pass splits its length into stages, and how many work-items
 * share a row. */
typedef struct
{
  guint radices[CLFFT_MAX_STAGES];
  guint n_stages;
  guint threads;
  /* values a work-item takes through the butterflies of all stages: the
   * length of its chain of work */
  guint chain;
  /* PREFETCH_TWIDDLES in kernels/fft_stockham.cl: only tuning sets it */
  gboolean prefetch_twiddles;
} ClfftRowSchedule;

/* Most schedules that clfft_row_schedules offers. */
#define CLFFT_MAX_ROW_SCHEDULES 8

/* Whether a row pass does length n directly: 1..CLFFT_MAX_ROW_LENGTH with
 * no prime factor other than 2, 3, 5, 7, 11 and 13. */
gboolean clfft_row_length_direct (guint n);

/* How a row pass reads its input and writes its output; see the LOAD_* and
 * STORE_* options in kernels/fft_stockham.cl. */
typedef enum
{
  CLFFT_LOAD_COMPLEX,
  CLFFT_LOAD_U8,
  CLFFT_LOAD_U16,
  CLFFT_LOAD_REAL,
  CLFFT_LOAD_REAL_PAIRS,
  CLFFT_LOAD_HERMITIAN,
  CLFFT_LOAD_HALF_SPECTRUM,
  CLFFT_LOAD_U8_PAIRS,
  CLFFT_LOAD_U16_PAIRS,
  /* rows 2r and 2r + 1 as one complex row r; with
   * CLFFT_STORE_TWO_HALF_SPECTRA, whole rows in one pass only */
  CLFFT_LOAD_TWO_REAL_ROWS,
  /* the half spectra of rows 2r and 2r + 1 as one complex row r, whose
   * inverse holds them as its real and imaginary parts; with
   * CLFFT_STORE_U8_PAIRS or CLFFT_STORE_U16_PAIRS and
   * CLFFT_ROW_UNIT_STRIDE (two channels whose samples alternate in one
   * plane), whole rows in one pass only */
  CLFFT_LOAD_TWO_HALF_SPECTRA,
} ClfftRowLoad;

typedef enum
{
  CLFFT_STORE_COMPLEX,
  CLFFT_STORE_U8,
  CLFFT_STORE_U16,
  CLFFT_STORE_REAL,
  CLFFT_STORE_REAL_PAIRS,
  CLFFT_STORE_HALF,
  CLFFT_STORE_HALF_SPECTRUM,
  CLFFT_STORE_U8_PAIRS,
  CLFFT_STORE_U16_PAIRS,
  /* bins 0 .. n/2 of the spectra of the two real rows that row r holds
   * as its real and imaginary parts, to rows 2r and 2r + 1: with
   * CLFFT_LOAD_TWO_REAL_ROWS, or with CLFFT_LOAD_U8_PAIRS or
   * CLFFT_LOAD_U16_PAIRS and CLFFT_ROW_UNIT_STRIDE (two channels whose
   * samples alternate in one plane, as YUY2's Y and its chroma do) */
  CLFFT_STORE_TWO_HALF_SPECTRA,
} ClfftRowStore;

/* Complex values in a 32-byte memory sector: rows of a spectrum that
 * start this many values apart let a pass across rows read and write
 * whole sectors. */
#define CLFFT_SECTOR_VALUES 4

/* Whether a pass of spec's load and store runs two real rows of the
 * batch per row of its FFT; of those, whether its pixel pairs are the two
 * rows' samples, a sample of each (two channels whose spectra are two
 * rows of the batch). */
#define CLFFT_ROW_TWO_REAL_ROWS_PER_ROW(load, store) \
  ((load) == CLFFT_LOAD_TWO_REAL_ROWS || (load) == CLFFT_LOAD_TWO_HALF_SPECTRA \
      || (store) == CLFFT_STORE_TWO_HALF_SPECTRA)
#define CLFFT_ROW_TWO_CHANNELS_OF_PAIRS(load, store) \
  ((load) == CLFFT_LOAD_TWO_HALF_SPECTRA \
      || ((store) == CLFFT_STORE_TWO_HALF_SPECTRA \
          && (load) != CLFFT_LOAD_TWO_REAL_ROWS))

/* What a row pass does besides its FFT; each is the kernel option of the
 * same name in kernels/fft_stockham.cl. */
typedef enum
{
  CLFFT_ROW_GAIN_BETWEEN = 1 << 0,      /* forward FFT, gain, inverse FFT */
  CLFFT_ROW_GAIN_ON_STORE = 1 << 1,
  CLFFT_ROW_CONV_BETWEEN = 1 << 2,      /* forward FFT, conv, inverse FFT */
  CLFFT_ROW_LOAD_CHIRP = 1 << 3,
  CLFFT_ROW_STORE_CHIRP = 1 << 4,
  CLFFT_ROW_STORE_CONV = 1 << 5,
  CLFFT_ROW_STORE_TWIDDLE = 1 << 6,
  CLFFT_ROW_LOAD_ACROSS_ROWS = 1 << 7,
  CLFFT_ROW_STORE_ACROSS_ROWS = 1 << 8,
  CLFFT_ROW_SETS = 1 << 9,      /* sets of several rows (four-step) */
  /* a row's elements lie next to each other on both sides, and rows of
   * pixel pairs start on a pair: the layouts the pass may take */
  CLFFT_ROW_UNIT_STRIDE = 1 << 10,
  /* Cache hints, for data that outgrow the device's cache: a pass takes
   * them where clfft_row_cache_hints_supported, and ignores them
   * elsewhere. The gains are read once: keep them from pushing other
   * data out of the cache. */
  CLFFT_ROW_STREAM_GAIN = 1 << 11,
  /* the pass's input is dead once it has been read: its whole cache lines
   * may be dropped without being written back (out of place only; taken
   * by passes of unit stride that load whole rows of bins,
   * CLFFT_LOAD_HALF_SPECTRUM or CLFFT_LOAD_HERMITIAN) */
  CLFFT_ROW_DROP_INPUT = 1 << 12,
  /* pixels are read or written once: taken by passes of unit stride that
   * load or store pixels */
  CLFFT_ROW_STREAM_PIXELS = 1 << 13,
  /* with CLFFT_ROW_GAIN_BETWEEN: elements e and n - e of a row have the
   * same gain, which the pass reads at min (e, n - e) only, so it reads
   * half of the gains (not a hint: the caller vouches for the symmetry) */
  CLFFT_ROW_GAIN_MIRRORED = 1 << 14,
  /* with CLFFT_ROW_SETS: row r is sub-row r / sets of set r % sets (sets
   * = rows / sub_rows), so that a group's neighbouring rows are
   * neighbouring sets: the columns of a frame in two passes, read and
   * written across the rows */
  CLFFT_ROW_SETS_SIDE_BY_SIDE = 1 << 15,
} ClfftRowFlags;

#define CLFFT_ROW_CACHE_HINTS (CLFFT_ROW_STREAM_GAIN | CLFFT_ROW_DROP_INPUT \
    | CLFFT_ROW_STREAM_PIXELS)

/* Whether the device takes the cache hints (STREAM_GAIN, DROP_INPUT and
 * STREAM_PIXELS in kernels/fft_stockham.cl): NVIDIA's GPUs of compute
 * capability 8 and above, through inline PTX. */
gboolean clfft_row_cache_hints_supported (const ClfftDeviceInfo * dev);

typedef struct
{
  guint n;                      /* FFT length of a row, a direct length */
  gint sign;                    /* -1 forward, +1 inverse */
  ClfftRowLoad load;
  ClfftRowStore store;
  guint flags;                  /* ClfftRowFlags */
  guint length;                 /* LENGTH; 0 means n */
  guint load_length;            /* LOAD_LENGTH; 0 means length */
  guint store_length;           /* STORE_LENGTH; 0 means length */
  /* the rows a launch runs, where known (0 where not): a pass that reads
   * and writes across rows, with a gain between its FFTs, then takes as
   * few rows per group as leaves no compute unit without a group
   * (build_row_kernel in clfft-passes.c) */
  guint spread_rows;
  /* HALVES_BELOW: from this row of the batch on (0: none), rows of pixel
   * pairs whose two halves are two channels side by side (I420's U and V
   * below its Y) */
  guint halves_below;
  /* with CLFFT_ROW_STORE_TWIDDLE: the table holds the twiddle of m as two
   * factors, of m's low step_twiddle_shift bits and of the rest
   * (clfft_split_twiddle_table) */
  guint step_twiddle_shift;
  /* SPLIT_COLUMNS: a frame's columns of twice this height run as two
   * halves, split in the rows (pixel pairs to half spectra or back, one
   * row per set); 0: not */
  guint split_columns;
} ClfftRowPassSpec;

typedef struct
{
  ClfftEngine *engine;
  cl_kernel kernel;
  guint n;
  gboolean generic;             /* built generic, shape passed at launch */
  ClfftGenericShape shape;
  cl_mem twiddles;              /* the stages' twiddles, n entries */
  guint threads_per_row;
  guint rows_per_group;
  guint values;                 /* VALUES: register slots per work-item */
  gboolean split_exchange;      /* SPLIT_EXCHANGE: parts exchanged apart */
  /* as asked, less the cache hints that the device or the pass do not
   * take */
  ClfftRowPassSpec spec;
  ClfftRowSchedule schedule;
  gchar radices[64];            /* the schedule, e.g. "8x8x4", or
                                 * "8x8x4+prefetch" (prefetch_twiddles) */
} ClfftRowPass;

/* A pass with the schedule that clfft_row_schedules puts first. */
gboolean clfft_row_pass_init (ClfftRowPass * pass, ClfftEngine * engine,
    const ClfftRowPassSpec * spec, GError ** error);
/* A pass with the given schedule, one of clfft_row_schedules' for spec->n
 * (with its twiddles prefetched or not) */
gboolean clfft_row_pass_init_scheduled (ClfftRowPass * pass,
    ClfftEngine * engine, const ClfftRowPassSpec * spec,
    const ClfftRowSchedule * schedule, GError ** error);
/* A pass with the rule's schedule and its twiddles, whose kernel is
 * built by clfft_row_pass_build, or by its first enqueue: for a path that
 * may never run it. */
gboolean clfft_row_pass_init_unbuilt (ClfftRowPass * pass,
    ClfftEngine * engine, const ClfftRowPassSpec * spec, GError ** error);
/* Builds pass's kernel where it has none yet. */
gboolean clfft_row_pass_build (ClfftRowPass * pass, GError ** error);
/* The schedules worth trying for length n on the engine's device, at most
 * CLFFT_MAX_ROW_SCHEDULES, the one a plan takes untuned first: see
 * clfft-passes.c. 0 if n is not a direct length. */
guint clfft_row_schedules (ClfftEngine * engine, guint n,
    ClfftRowSchedule schedules[CLFFT_MAX_ROW_SCHEDULES]);
/* Whether two schedules are the same stages on as many work-items. */
gboolean clfft_row_schedule_equal (const ClfftRowSchedule * a,
    const ClfftRowSchedule * b);
void clfft_row_pass_clear (ClfftRowPass * pass);

/* Strides and distances of rows, in units of the element type of each
 * side (byte, float or complex float). */
typedef struct
{
  guint stride;                 /* between consecutive elements of a row */
  guint distance;               /* between the starts of consecutive rows */
} ClfftRowLayout;

/* One side of a row pass. Rows come in sets of sub_rows (see enqueue);
 * element idx of row r of a set is element r * sub_step + idx * elem_step
 * of the set, which starts layout.distance after the previous one. Whole
 * rows: sub_step 0, elem_step 1. */
typedef struct
{
  cl_mem mem;
  ClfftRowLayout layout;
  guint sub_step, elem_step;
} ClfftRowSide;

/* The tables a pass reads (NULL where its options need none), and the
 * scale of its outputs. */
typedef struct
{
  /* exp(-2 pi i k / 2 LENGTH), k <= LENGTH; where the second of two
   * passes unfolds, split by k = k1 + n1 k2 (clfft_split_twiddle_table) */
  cl_mem real_twiddles;
  cl_mem chirp, conv;           /* Bluestein's */
  cl_mem step_twiddles;         /* the four-step's, split */
  cl_mem gain;                  /* real gains, sets gain_distance apart */
  guint gain_distance;
  gfloat scale;
  gfloat offset;                /* added to pixels (STORE_U8 and the like) */
  cl_uint magnitude;            /* pixels of |x| rather than x (same) */
  /* SPLIT_COLUMNS's: exp(-2 pi i j / H), j < H / 2 */
  cl_mem split_twiddles;
} ClfftRowTables;

/* Events around a chain of launches on the engine's in-order queue: the
 * first launch waits for wait, the last one returns done (when not NULL). */
typedef struct
{
  cl_uint n_wait;
  const cl_event *wait;
  cl_event *done;
} ClfftEvents;

/* The events of step i of a chain of n_steps launches. */
ClfftEvents clfft_events_step (const ClfftEvents * events, guint i,
    guint n_steps);

/* rows rows in sets of sub_rows (1 for independent rows). A pass of two
 * real rows per row (CLFFT_ROW_TWO_REAL_ROWS_PER_ROW) takes rows real
 * rows, two per row of its FFT; where its other side is pixel pairs, an
 * even number. */
gboolean clfft_row_pass_enqueue (ClfftRowPass * pass,
    const ClfftRowSide * src, const ClfftRowSide * dst, guint rows,
    guint sub_rows, const ClfftRowTables * tables,
    const ClfftEvents * events, GError ** error);

/* What clfft_row_pass_enqueue does before and for its launch: the kernel's
 * arguments, and the global and local sizes for rows rows. */
gboolean clfft_row_pass_set_args (ClfftRowPass * pass,
    const ClfftRowSide * src, const ClfftRowSide * dst, guint rows,
    guint sub_rows, const ClfftRowTables * tables, GError ** error);
/* The compute units pass spreads its spec's spread_rows over (which, with
 * them, set its rows per group); 0 where it does not spread them. */
guint clfft_row_pass_spread_units (const ClfftRowPass * pass);

/* The global and local sizes of a launch of rows rows, in sets of
 * sub_rows. */
void clfft_row_pass_shape (const ClfftRowPass * pass, guint rows,
    guint sub_rows, gsize * global, gsize * local);
/* Whether a pass of length n writing across rows can unfold a real
 * spectrum as it stores (CLFFT_STORE_HALF_SPECTRUM with
 * CLFFT_ROW_STORE_ACROSS_ROWS, the second pass of four-step): it holds
 * rows in pairs, two at least a group. */
gboolean clfft_row_unfold_across_rows_fits (ClfftEngine * engine, guint n);

typedef struct
{
  ClfftEngine *engine;
  cl_kernel kernel;
} ClfftTransposePass;

gboolean clfft_transpose_pass_init (ClfftTransposePass * pass,
    ClfftEngine * engine, GError ** error);
void clfft_transpose_pass_clear (ClfftTransposePass * pass);

/* src: height rows of width complex elements; dst: width rows of height. */
gboolean clfft_transpose_pass_enqueue (ClfftTransposePass * pass, cl_mem src,
    cl_mem dst, guint width, guint height, const ClfftEvents * events,
    GError ** error);

/* A kernel of an embedded source, built with options (see
 * clfft_engine_get_program). */
cl_kernel clfft_kernel_new (ClfftEngine * engine, const gchar * source,
    const gchar * options, const gchar * name, GError ** error);
/* Releases *kernel if set, and clears it. */
void clfft_kernel_release (cl_kernel * kernel);
/* Launches kernel on the engine's queue; what names it in an error. */
gboolean clfft_kernel_enqueue (ClfftEngine * engine, cl_kernel kernel,
    cl_uint dims, const gsize * global, const gsize * local,
    const ClfftEvents * events, const gchar * what, GError ** error);

/* A device buffer of the given size (host_data as for clCreateBuffer);
 * NULL with error set on failure. */
cl_mem clfft_buffer_new (ClfftEngine * engine, cl_mem_flags flags, gsize size,
    gpointer host_data, GError ** error);
/* Bytes origin .. origin + size of parent (read and write) as a buffer
 * of their own; origin a multiple of the device's mem_base_addr_align. */
cl_mem clfft_buffer_new_part (ClfftEngine * engine, cl_mem parent,
    gsize origin, gsize size, GError ** error);
void clfft_buffer_release (cl_mem * buffer);
/* *holder = buffer, retained (released with clfft_buffer_release) */
gboolean clfft_buffer_hold (cl_mem * holder, cl_mem buffer, GError ** error);

/* An in-order queue of the engine's device besides the engine's own (for
 * transfers that overlap its work, or a stream's launches: see
 * clfft_engine_begin_queue), or NULL with error set. Without profiling,
 * which NVIDIA's OpenCL pays for at every marker: tuning times launches on
 * queues of its own or on the engine's. */
cl_command_queue clfft_queue_new (ClfftEngine * engine, GError ** error);
/* Releases *queue if set, and clears it. */
void clfft_queue_release (cl_command_queue * queue);
/* Releases *event if set, and clears it. */
void clfft_event_release (cl_event * event);

/* A read-only device copy of count complex values. */
cl_mem clfft_table_upload (ClfftEngine * engine, const cl_float2 * table,
    guint count, GError ** error);
/* exp(-2 pi i m / period) for m < count, computed in double precision. */
cl_mem clfft_twiddle_table (ClfftEngine * engine, guint count, guint period,
    GError ** error);
/* Twiddles w(m) = exp(-2 pi i m / period) as two small tables one after
 * the other: w(m) for m < low, then w(low j) for j < high, so that
 *   w(m_low + low m_high) = table[m_low] x table[low + m_high].
 * A whole table, read scattered (the four-step's twiddle of sub-row times
 * element) or once a value (the unfold of a long real spectrum), leaves
 * the cache; two of about the square root of its values stay in it. */
cl_mem clfft_split_twiddle_table (ClfftEngine * engine, guint low,
    guint high, guint period, GError ** error);
/* The four-step's split for a transform of length n: low = 2^shift, about
 * the square root of n (STEP_TW_SHIFT in kernels/fft_stockham.cl). */
guint clfft_step_twiddle_shift (guint n);

G_END_DECLS

#endif /* __CLFFT_PASSES_H__ */
