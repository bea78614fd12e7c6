/* Batched 1D FFT of rows that fit in local memory: Stockham autosort,
 * mixed-radix butterflies in registers (2, 3, 4, 5, 7, 8, and 6, 9, 10, 12,
 * 15, 16 made of two of those), all stages in one kernel, with the stages
 * exchanging data through local memory.
 *
 * One work-group transforms ROWS rows; THREADS work-items share one row. A
 * stage of radix R has N / R butterflies; work-item t runs butterflies
 * t, t + THREADS, ... and holds their R values in registers (VALUES slots
 * cover the largest stage).
 *
 * A row is a sub-transform of a longer one when the plan splits a length
 * into two passes (four-step): rows come in sets of sub_rows per transform,
 * and element idx of row r of a set stands for element
 *   e = r * sub_step + idx * elem_step
 * of its transform (each side has its own steps); plain rows have one row
 * per set, sub_step 0 and elem_step 1, so e = idx.
 *
 * Build options (set by the plan, see clfft-passes.c):
 *   N            row length, a product of the radices
 *   THREADS      work-items per row
 *   ROWS         rows per work-group
 *   VALUES       register slots per work-item
 *   NUM_STAGES   number of radix stages
 *   RADICES      the radix of each stage, comma-separated, product N
 *   SIGN         -1 forward, +1 inverse (with *_BETWEEN, STORE_TWIDDLE's
 *                only)
 *   LENGTH       the length of the transform's input and output sequences,
 *                which the real-data modes fold and unfold; default N
 *   LOAD_LENGTH  elements e >= LOAD_LENGTH read as zero; default LENGTH
 *   STORE_LENGTH elements e >= STORE_LENGTH are not stored; default LENGTH
 *   GAIN_BETWEEN forward FFT, times a real gain per element, inverse FFT
 *                With SETS_SIDE_BY_SIDE, the middle pass of columns
 *                filtered in three (clfft-transform.c): the gain of
 *                element e of sub-row k1 is that of bin k1 + sub_rows e
 *   GAIN_MIRRORED  with GAIN_BETWEEN: elements e and N - e have the same
 *                gain, and the pass reads it at min (e, N - e): only
 *                the first N / 2 + 1 gains of a row are read
 *   CONV_BETWEEN forward FFT, times conv (a spectrum), inverse FFT: the
 *                circular convolution of Bluestein's algorithm
 *   LOAD_CHIRP, STORE_CHIRP  multiply inputs, outputs by chirp[e]
 *   STORE_CONV   multiply outputs by conv[e]
 *   STORE_TWIDDLE  multiply output idx of set row r by the four-step
 *                twiddle of m = r * idx (conjugated for the inverse),
 *                exp(-2 pi i m / n), made of two factors: step_tw[m % R]
 *                for m's low STEP_TW_SHIFT bits, step_tw[R + m / R] for
 *                the rest (R = 2^STEP_TW_SHIFT)
 *   GAIN_ON_STORE  multiply outputs by a real gain per element
 *   ROW_SETS     rows come in sets of sub_rows (four-step); without it
 *                every row is its own set and e = idx
 *   SETS_SIDE_BY_SIDE  (with ROW_SETS) row r is sub-row r / sets of set
 *                r % sets (sets = batch / sub_rows), not sub-row
 *                r % sub_rows of set r / sub_rows: a group's neighbouring
 *                rows are then neighbouring sets, whose elements lie side
 *                by side where the sets are a frame's columns; the gain of
 *                GAIN_ON_STORE, or GAIN_BETWEEN's, then lies so too
 *                (element e of set s at e * gain_dist + s)
 *   LOAD_ACROSS_ROWS, STORE_ACROSS_ROWS  read (write) global memory with
 *                the group's rows side by side, so that the access is
 *                coalesced when neighbouring rows are neighbours in memory
 *                (columns; the first pass of four-step): with one of them,
 *                through local memory; with both, directly (INTERLEAVED_ROWS)
 *   NO_LDS_PAD   no spare local memory slots (see PADDED)
 *   SPLIT_EXCHANGE  exchange real and imaginary parts one after the other
 *                (INTERLEAVED_ROWS only; see lds_t)
 *   PREFETCH_TWIDDLES  load a stage's twiddles before the exchange that
 *                leads to it (see fft_pass)
 *   WITH_REAL_TW, WITH_GAIN, WITH_CHIRP, WITH_CONV, WITH_STEP_TW  the
 *                kernel takes that table as an argument (see Numbers)
 *   UNIT_STRIDE  a row's elements lie next to each other on both sides
 *                (stride 1, whatever the arguments say), and rows of pairs
 *                (of pixels, or of real samples) start on a pair: each
 *                value's place is its row's start plus a constant of the
 *                unrolled loops, which folds into its load or store, and a
 *                pair moves as one access (the 2D filter's row passes, the
 *                1D plans' real rows)
 *   STREAM_GAIN  read the gains as streaming data (PTX ld.global.cs,
 *                evicted from L2 first): read once, they would push out
 *                of L2 the data that the next pass reads back
 *   STREAM_PIXELS  read and write pixels (LOAD_U8, STORE_U8 and the like,
 *                with UNIT_STRIDE) as streaming data (ld, st.global.cs),
 *                for the same reason
 *   HALVES_BELOW  (a row of the batch) the side of pixel pairs (with
 *                UNIT_STRIDE) holds, from that row on, rows whose two
 *                halves are two channels side by side (I420's U and V
 *                below its Y): pair e of such a row is samples e and
 *                e + LENGTH, not 2e and 2e + 1
 *   SPLIT_COLUMNS  (a half height, H / 2) the frame's columns of H run
 *                as two FFTs of H / 2, interleaved (bins ky = 2 k2 and
 *                2 k2 + 1), and the step that splits them, a radix-2
 *                butterfly between rows j and j + H / 2 and its twiddle
 *                split_tw[j] = exp(-2 pi i j / H), runs in the rows.
 *                Batch row 2 j + h (h = 0, 1) is, forward (pixel pairs
 *                of stride 1 in, STORE_HALF_SPECTRUM out), pixel row j
 *                plus (h = 0) or minus (h = 1) pixel row j + H / 2, its
 *                bins times split_tw[j]^h; inverse (LOAD_HALF_SPECTRUM
 *                in), the bins of batch rows 2 j plus or minus conj
 *                (split_tw[j]) times those of 2 j + 1, to output row
 *                j + h H / 2. The half spectrum's rows 2 j and 2 j + 1
 *                then hold the two halves side by side, so that their
 *                columns run as those of one frame of H / 2 rows of twice
 *                the pitch, in one pass where H / 2 fits it
 *                (clfft-filter2d.c, CLFFT_FILTER_PATH_SPLIT_COLUMNS)
 *   DROP_INPUT   once the group has read its input rows, drop their whole
 *                128-byte lines from L2 without writing them back (PTX
 *                discard.global.L2): the caller is done with the input,
 *                and writing it back to memory would be wasted. Rows of
 *                bins of stride 1 (LOAD_HALF_SPECTRUM, LOAD_HERMITIAN),
 *                out of place
 *                (the three: NVIDIA's GPUs of compute capability 8 and
 *                above, where the plan sets them)
 * and one LOAD_* and one STORE_* option for the data layout (default:
 * complex in, complex out):
 *   LOAD_U8, LOAD_U16   8-bit or 16-bit pixels as real input
 *   LOAD_U8_PAIRS, LOAD_U16_PAIRS  2L pixels as L complex values, as
 *                       LOAD_REAL_PAIRS does with floats
 *   LOAD_REAL           floats as real input
 *   LOAD_REAL_PAIRS     2L floats as L complex values (x[2m], x[2m+1]): the
 *                       half-length transform of a real forward FFT
 *   LOAD_HERMITIAN      L/2 + 1 complex values, the rest by symmetry
 *   LOAD_HALF_SPECTRUM  L + 1 complex bins of a real 2L-point spectrum,
 *                       folded into L values for a half-length inverse
 *   LOAD_TWO_REAL_ROWS  real rows 2r and 2r + 1 of the batch as the real
 *                       and imaginary parts of the group's row r (with
 *                       STORE_TWO_HALF_SPECTRA; whole rows of N only)
 *   LOAD_TWO_HALF_SPECTRA  bins 0 .. N/2 of the spectra of two real rows,
 *                       rows 2r and 2r + 1 of the batch, as the group's
 *                       row r, whose inverse holds the two rows as its real
 *                       and imaginary parts (with STORE_U8_PAIRS or
 *                       STORE_U16_PAIRS; whole rows of N only)
 *   STORE_U8, STORE_U16 real part (its magnitude when the magnitude
 *                       argument is set) plus offset, rounded half up,
 *                       saturated to 8-bit or 16-bit pixels
 *   STORE_U8_PAIRS, STORE_U16_PAIRS  L complex values as 2L pixels, each
 *                       part made a pixel as STORE_U8 makes the real part
 *   STORE_REAL          real part as floats
 *   STORE_REAL_PAIRS    L complex values as 2L floats
 *   STORE_HALF          bins 0 .. L/2 only
 *   STORE_HALF_SPECTRUM the L + 1 bins of the real 2L-point spectrum whose
 *                       half-length transform this is: whole rows, or
 *                       with STORE_ACROSS_ROWS the second pass of
 *                       four-step (see UNFOLD_ACROSS_ROWS)
 *   STORE_TWO_HALF_SPECTRA  bins 0 .. N/2 of the spectra of the two real
 *                       rows that the group's row r holds as its real and
 *                       imaginary parts, to rows 2r and 2r + 1 of the
 *                       batch: the rows that LOAD_TWO_REAL_ROWS read, or
 *                       the two samples of each pixel pair that
 *                       LOAD_U8_PAIRS or LOAD_U16_PAIRS read (two channels
 *                       whose samples alternate in one plane, as YUY2's Y
 *                       and its U and V do; whole rows of N only)
 * (L = LENGTH)
 *
 * Twiddles come from a table computed in double precision on the host, one
 * block per stage after the first (whose twiddles are all 1): a stage of
 * radix R after ns points have been combined multiplies input r of
 * butterfly k by w[(r - 1) * ns + k] = exp(-2 pi i r k / (ns R)), so that
 * neighbouring work-items read neighbouring entries. The inverse uses the
 * conjugate.
 */

#if defined(GENERIC)
/* The build for exhaustive tests: one program serves every length, with
 * the shape a kernel argument instead of -D options (THREADS, ROWS and
 * VALUES stay fixed; local memory holds a row of up to MAX_N). The plans
 * build it only when CLFFT_GENERIC_KERNELS is set; see clfft-passes.c. */
typedef struct
{
  uint n, num_stages, length, load_length, store_length;
  float sign;
  uint radices[16];
} Shape;
#define N (sh.n)
#define NUM_STAGES (sh.num_stages)
#define LENGTH (sh.length)
#define LOAD_LENGTH (sh.load_length)
#define STORE_LENGTH (sh.store_length)
#define SIGN (sh.sign)
#define kRadices (sh.radices)
#define SHAPE_PARAM , const Shape sh
#define SHAPE_ARG , sh
#define LDS_SIZE (ROWS * (MAX_N + MAX_N / 8 + 1))
#else

#ifndef N
#error "N must be defined"
#endif

#ifndef LENGTH
#define LENGTH N
#endif
#ifndef LOAD_LENGTH
#define LOAD_LENGTH LENGTH
#endif
#ifndef STORE_LENGTH
#define STORE_LENGTH LENGTH
#endif

#if defined(STORE_HALF_SPECTRUM) && defined(STORE_ACROSS_ROWS)
#if !defined(ROW_SETS) || defined(LOAD_ACROSS_ROWS) \
    || defined(SETS_SIDE_BY_SIDE) || defined(GAIN_BETWEEN) \
    || defined(CONV_BETWEEN) || defined(GAIN_ON_STORE) \
    || defined(STORE_TWIDDLE) || defined(STORE_CONV) || defined(STORE_CHIRP) \
    || LENGTH != STORE_LENGTH || ROWS % 2
#error "STORE_HALF_SPECTRUM across rows unfolds the last pass of four-step"
#endif
#define UNFOLD_ACROSS_ROWS
#elif defined(STORE_HALF_SPECTRUM) && LENGTH > N
#error "STORE_HALF_SPECTRUM unfolds whole rows held in local memory"
#endif
#if (defined(STORE_TWO_HALF_SPECTRA) || defined(LOAD_TWO_HALF_SPECTRA)) \
    && (LENGTH != N || LOAD_LENGTH != N || STORE_LENGTH != N \
    || defined(LOAD_ACROSS_ROWS) || defined(STORE_ACROSS_ROWS) \
    || defined(ROW_SETS) || defined(GAIN_ON_STORE) || defined(LOAD_CHIRP) \
    || defined(STORE_CHIRP) || defined(HALVES_BELOW))
#error "two real rows per row take whole rows of N, one row per set"
#endif

__constant uint kRadices[NUM_STAGES] = { RADICES };

#define SHAPE_PARAM
#define SHAPE_ARG
#define LDS_SIZE (ROWS * PITCH)
#endif /* GENERIC */

#define WG_SIZE (THREADS * ROWS)

/* Passes whose row r is two real rows of the batch, 2r and 2r + 1: their
 * spectra, or the two channels of pixel pairs. */
#if defined(STORE_TWO_HALF_SPECTRA)
#if !(defined(LOAD_TWO_REAL_ROWS) || ((defined(LOAD_U8_PAIRS) \
    || defined(LOAD_U16_PAIRS)) && defined(UNIT_STRIDE)))
#error "STORE_TWO_HALF_SPECTRA takes two real rows, or pixel pairs"
#endif
#define TWO_REAL_ROWS_PER_ROW
#elif defined(LOAD_TWO_HALF_SPECTRA)
#if !((defined(STORE_U8_PAIRS) || defined(STORE_U16_PAIRS)) \
    && defined(UNIT_STRIDE))
#error "LOAD_TWO_HALF_SPECTRA gives pixel pairs"
#endif
#define TWO_REAL_ROWS_PER_ROW
#elif defined(LOAD_TWO_REAL_ROWS)
#error "LOAD_TWO_REAL_ROWS and STORE_TWO_HALF_SPECTRA go together"
#endif

#ifdef SPLIT_COLUMNS
#if !defined(UNIT_STRIDE) || defined(ROW_SETS) || defined(HALVES_BELOW) \
    || defined(LOAD_ACROSS_ROWS) || defined(STORE_ACROSS_ROWS) \
    || defined(DROP_INPUT) || defined(GENERIC) || !defined(WITH_SPLIT_TW) \
    || !(((defined(LOAD_U8_PAIRS) || defined(LOAD_U16_PAIRS)) \
            && defined(STORE_HALF_SPECTRUM)) \
        || (defined(LOAD_HALF_SPECTRUM) \
            && (defined(STORE_U8_PAIRS) || defined(STORE_U16_PAIRS) \
                || defined(STORE_REAL_PAIRS))))
#error "SPLIT_COLUMNS: pixel pairs to half spectra or back, whole rows"
#endif
#endif

/* The stores that unfold real spectra from the complex transform's
 * outputs, which need the outputs of other work-items: of the same row,
 * or (UNFOLD_ACROSS_ROWS) of the row that pairs with it. */
#if (defined(STORE_HALF_SPECTRUM) && !defined(UNFOLD_ACROSS_ROWS)) \
    || defined(STORE_TWO_HALF_SPECTRA)
#define UNFOLD_STORE
#endif

/* A pass that reads and writes across rows (the columns of an image, in
 * place) gives neighbouring work-items neighbouring rows, as a column FFT
 * does: each work-item then reads and writes global memory directly in
 * its stages' pattern, and the group's accesses are coalesced across rows.
 * Local memory interleaves the group's rows element by element. */
#if defined(LOAD_ACROSS_ROWS) && defined(STORE_ACROSS_ROWS)
#define INTERLEAVED_ROWS
#endif

/* A row takes a spare slot for every 8 values in local memory: the first
 * stages write with a stride of their radix (8 complex values, 64 bytes),
 * which would put 8 work-items of a half-warp on one bank. The specialized
 * row passes place the slots per exchange (EXCHANGE_BLOCKS); the generic
 * build puts one after every 8 values (PADDED). The plan leaves them out
 * (NO_LDS_PAD) where they would cost rows per group (see clfft-passes.c),
 * in the passes across rows. A pass that reads or
 * writes across rows through local memory stores the group's rows one
 * element further apart, so that a row-crossing access spreads over the
 * banks. */
#if defined(NO_LDS_PAD)
#define PADDED(i) (i)
#define PITCH (N + 1)
#else
#define PADDED(i) ((i) + ((i) >> 3))
#define PITCH (N + N / 8 + 1)
#endif

/* What local memory holds: complex values, or with SPLIT_EXCHANGE (passes
 * across rows only) one part of them at a time, which halves the memory a
 * row takes and doubles the barriers of an exchange: on NVIDIA's 48 KiB,
 * 4 columns of 2160 then fit a group, and a group reads whole 32-byte
 * memory sectors instead of halves. */
#if defined(SPLIT_EXCHANGE)
#if !defined(INTERLEAVED_ROWS)
#error "SPLIT_EXCHANGE serves passes that read and write across rows"
#endif
typedef float lds_t;
#define LDS_PART(z) (part ? (z).y : (z).x)
#define SET_LDS_PART(z, value) \
  do { if (part) (z).y = (value); else (z).x = (value); } while (0)
#else
typedef float2 lds_t;
#define LDS_PART(z) (z)
#define SET_LDS_PART(z, value) ((z) = (value))
#endif

/* Where element i of a work-item's row lies in local memory, from buf */
#ifdef INTERLEAVED_ROWS
#define AT(i) (PADDED (i) * ROWS)
#else
#define AT(i) PADDED (i)
#endif

/* Element first + offset of a work-item's row in local memory, where
 * offset is a constant of the unrolled loops. Where the layout keeps
 * first + offset a constant from first, the address of first is worked
 * out once and each value's offset folds into its load or store
 * (NVIDIA's compiler otherwise spends three integer instructions on
 * each). Without spare slots (the passes across rows) AT is linear: the
 * compiler merged a group's rows' interleaving into one sum with a
 * bitwise or, past which no constant folds. A row pass's exchanges
 * (spare slots, rows one after another) lay a row out in blocks, each
 * followed by spare slots: exchange x (after stage x, and last the one
 * from the last stage back to the first) in blocks of kExchangeBlock[x]
 * values with kExchangePad[x] slots after each (BLOCKED, with exchange's
 * block and pad). A block holds whole butterflies' outputs and divides
 * the next stage's input stride, so first + offset stays in first's block
 * as the loops use it. The plan picks blocks and pads against bank
 * conflicts, within the row's PITCH (exchange_layout in clfft-passes.c).
 * The generic build keeps one slot after every 8 values (PADDED), which
 * is not linear. */
#if defined(EXCHANGE_BLOCKS)
#if defined(NO_LDS_PAD) || defined(INTERLEAVED_ROWS) || defined(GENERIC)
#error "EXCHANGE_BLOCKS lays out rows with spare slots, one after another"
#endif
__constant uint kExchangeBlock[NUM_STAGES] = { EXCHANGE_BLOCKS };
__constant uint kExchangePad[NUM_STAGES] = { EXCHANGE_PADS };
#define BLOCKED(i) ((i) + pad * ((i) / block))
#define LDS_ELEMENT(buf, first, offset) \
  ((buf) + BLOCKED (first))[BLOCKED (offset)]
#elif defined(NO_LDS_PAD)
#define LDS_ELEMENT(buf, first, offset) ((buf) + AT (first))[AT (offset)]
#else
#define LDS_ELEMENT(buf, first, offset) (buf)[AT ((first) + (offset))]
#endif

#if defined(LOAD_U8) || defined(LOAD_U8_PAIRS)
typedef uchar src_t;
#elif defined(LOAD_U16) || defined(LOAD_U16_PAIRS)
typedef ushort src_t;
#elif defined(LOAD_REAL) || defined(LOAD_REAL_PAIRS) \
    || defined(LOAD_TWO_REAL_ROWS)
typedef float src_t;
#else
typedef float2 src_t;
#endif

/* a pixel pair as one value (UNIT_STRIDE) */
#if defined(LOAD_U8_PAIRS)
typedef uchar2 src_pair_t;
#elif defined(LOAD_U16_PAIRS)
typedef ushort2 src_pair_t;
#endif
#if defined(STORE_U8_PAIRS)
typedef uchar2 dst_pair_t;
#elif defined(STORE_U16_PAIRS)
typedef ushort2 dst_pair_t;
#endif

#if defined(STORE_U8) || defined(STORE_U8_PAIRS)
typedef uchar dst_t;
#define STORE_PIXELS
#elif defined(STORE_U16) || defined(STORE_U16_PAIRS)
typedef ushort dst_t;
#define STORE_PIXELS
#elif defined(STORE_REAL) || defined(STORE_REAL_PAIRS)
typedef float dst_t;
#else
typedef float2 dst_t;
#endif

#if defined(LOAD_U8) || defined(LOAD_U16) || defined(LOAD_U8_PAIRS) \
    || defined(LOAD_U16_PAIRS)
#define LOAD_PIXELS
#endif

#ifdef HALVES_BELOW
#if !defined(UNIT_STRIDE) \
    || !(defined(LOAD_U8_PAIRS) || defined(LOAD_U16_PAIRS) \
        || defined(STORE_U8_PAIRS) || defined(STORE_U16_PAIRS))
#error "HALVES_BELOW takes rows of pixel pairs of stride 1"
#endif
#endif

#ifdef STREAM_PIXELS
#if !defined(UNIT_STRIDE) || !(defined(LOAD_PIXELS) || defined(STORE_PIXELS))
#error "STREAM_PIXELS takes pixels of stride 1 on one side"
#endif
/* A pixel, or a pair, as streaming data; ld and st take a 32-bit register
 * for a pixel (zero-extended, truncated). */
#if defined(LOAD_U8) || defined(LOAD_U8_PAIRS)
#define SRC_PIXEL_PTX "u8"
#elif defined(LOAD_PIXELS)
#define SRC_PIXEL_PTX "u16"
#endif
#if defined(STORE_U8) || defined(STORE_U8_PAIRS)
#define DST_PIXEL_PTX "u8"
#elif defined(STORE_PIXELS)
#define DST_PIXEL_PTX "u16"
#endif

#ifdef LOAD_PIXELS
inline float load_streamed_pixel (__global const src_t * p)
{
  uint a;

  __asm ("ld.global.cs." SRC_PIXEL_PTX " %0, [%1];" : "=r" (a) : "l" (p));
  return (float) a;
}

inline float2 load_streamed_pair (__global const src_t * p)
{
  uint a, b;

  __asm ("ld.global.cs.v2." SRC_PIXEL_PTX " {%0, %1}, [%2];"
      : "=r" (a), "=r" (b) : "l" (p));
  return (float2) ((float) a, (float) b);
}
#endif

#ifdef STORE_PIXELS
inline void store_streamed_pixel (__global dst_t * p, uint a)
{
  __asm volatile ("st.global.cs." DST_PIXEL_PTX " [%0], %1;"
      :: "l" (p), "r" (a) : "memory");
}

inline void store_streamed_pair (__global dst_t * p, uint a, uint b)
{
  __asm volatile ("st.global.cs.v2." DST_PIXEL_PTX " [%0], {%1, %2};"
      :: "l" (p), "r" (a), "r" (b) : "memory");
}
#endif
#endif

#include "fft_butterflies.cl"
#include "real_spectrum.cl"
#include "pixels.cl"

/* Butterflies per work-item in a stage of the given radix. */
#define PER_ITEM(radix) ((N / (radix) + THREADS - 1) / THREADS)

/* Moves the outputs of a stage of radix wr, after which ns * wr points
 * are combined, into the pattern of the next stage, of radix rr, through
 * local memory; the outputs of the last stage (ns * wr = N) are in natural
 * order. With SPLIT_EXCHANGE, real parts first, then imaginary parts. */
inline void exchange (float2 * v, __local lds_t * buf, uint t, uint wr,
    uint ns, uint rr, uint x SHAPE_PARAM)
{
#if defined(EXCHANGE_BLOCKS)
  const uint block = kExchangeBlock[x], pad = kExchangePad[x];
#endif
#ifdef SPLIT_EXCHANGE
  for (uint part = 0; part < 2; part++) {
#endif
    for (uint c = 0; c < PER_ITEM (wr); c++) {
      const uint j = t + c * THREADS;
      const uint k = j % ns;
      if (j < N / wr)
        for (uint r = 0; r < wr; r++)
          LDS_ELEMENT (buf, (j - k) * wr + k, r * ns) =
              LDS_PART (v[c * wr + r]);
    }
    barrier (CLK_LOCAL_MEM_FENCE);
    for (uint c = 0; c < PER_ITEM (rr); c++) {
      const uint j = t + c * THREADS;
      if (j < N / rr)
        for (uint r = 0; r < rr; r++)
          SET_LDS_PART (v[c * rr + r], LDS_ELEMENT (buf, j, r * (N / rr)));
    }
    barrier (CLK_LOCAL_MEM_FENCE);
#ifdef SPLIT_EXCHANGE
  }
#endif
}

/* Twiddle r of butterfly k in a stage after which ns points are combined
 * (conjugated for the inverse) */
inline float2 stage_twiddle (__global const float2 * stage_tw, uint r,
    uint ns, uint k, float sign)
{
  const float2 w = stage_tw[(r - 1) * ns + k];

  return (float2) (w.x, -sign * w.y);
}

#ifdef PREFETCH_TWIDDLES
/* The twiddles of a stage of the given radix into w, in the pattern of v
 * (slot 0 of each butterfly unused) */
inline void load_stage_twiddles (float2 * w, uint t, uint radix, uint ns,
    __global const float2 * stage_tw, float sign SHAPE_PARAM)
{
  for (uint c = 0; c < PER_ITEM (radix); c++) {
    const uint j = t + c * THREADS;
    if (j < N / radix)
      for (uint r = 1; r < radix; r++)
        w[c * radix + r] = stage_twiddle (stage_tw, r, ns, j % ns, sign);
  }
}
#endif

/* Runs every stage of one transform. On entry v holds the inputs in the
 * pattern of the first stage: v[c * R + r] = x[j + r * N / R] for
 * butterfly j = t + c * THREADS. On exit v holds the outputs in the same
 * pattern for the last radix. With PREFETCH_TWIDDLES a stage's twiddles
 * are loaded before the exchange that leads to it, so that their latency
 * passes during its barriers; the tuning keeps it where it is faster. */
inline void fft_pass (float2 * v, __local lds_t * buf, uint t,
    __global const float2 * tw, float sign SHAPE_PARAM)
{
  uint ns = 1;
  __global const float2 *stage_tw = tw;
#ifdef PREFETCH_TWIDDLES
  float2 w[VALUES];
#endif
#ifndef GENERIC
#pragma unroll
#endif
  for (uint s = 0; s < NUM_STAGES; s++) {
    const uint radix = kRadices[s];
    const uint span = N / radix;

    for (uint c = 0; c < PER_ITEM (radix); c++) {
      const uint j = t + c * THREADS;
      if (j >= span)
        continue;
      if (ns > 1)
        for (uint r = 1; r < radix; r++)
#ifdef PREFETCH_TWIDDLES
          v[c * radix + r] = cmul (v[c * radix + r], w[c * radix + r]);
#else
          v[c * radix + r] = cmul (v[c * radix + r],
              stage_twiddle (stage_tw, r, ns, j % ns, sign));
#endif
      butterfly (v + c * radix, radix, sign);
    }

    if (ns > 1)
      stage_tw += (radix - 1) * ns;
    if (s + 1 < NUM_STAGES) {
#ifdef PREFETCH_TWIDDLES
      load_stage_twiddles (w, t, kRadices[s + 1], ns * radix, stage_tw,
          sign SHAPE_ARG);
#endif
      exchange (v, buf, t, radix, ns, kRadices[s + 1], s SHAPE_ARG);
    }
    ns *= radix;
  }
}

#define FIRST_RADIX (kRadices[0])
#define LAST_RADIX (kRadices[NUM_STAGES - 1])

/* Calls body (idx, slot) for each element a work-item holds in the pattern
 * of a stage of the given radix. */
#define FOR_EACH_ELEMENT(radix, idx, slot, body) \
  for (uint c_ = 0; c_ < PER_ITEM (radix); c_++) { \
    const uint j_ = t + c_ * THREADS; \
    if (j_ < N / (radix)) \
      for (uint r_ = 0; r_ < (radix); r_++) { \
        const uint idx = j_ + r_ * (N / (radix)); \
        const uint slot = c_ * (radix) + r_; \
        body; \
      } \
  }

/* Calls body (idx) for the elements of row across_lrow of the group that
 * a work-item reads or writes when the group's rows lie side by side:
 * neighbouring work-items take neighbouring rows. */
#define FOR_EACH_ACROSS_ROWS(idx, body) \
  for (uint idx = lid / ROWS; idx < N; idx += THREADS) { \
    body; \
  }

/* Element e (0 .. LENGTH-1) of the complex sequence the transform starts
 * from. real_tw[k] = exp(-2 pi i k / (2 LENGTH)), k <= LENGTH, serves the
 * real-data modes (but UNFOLD_ACROSS_ROWS's, see store_bin_across). */
inline float2 load_element (__global const src_t * row, uint e, uint stride,
    __global const float2 * real_tw SHAPE_PARAM)
{
#if (defined(LOAD_U8) || defined(LOAD_U16)) && defined(STREAM_PIXELS)
  return (float2) (load_streamed_pixel (row + e), 0.0f);
#elif defined(LOAD_U8) || defined(LOAD_U16)
  return (float2) (convert_float (row[e * stride]), 0.0f);
#elif defined(LOAD_REAL)
  return (float2) (row[e * stride], 0.0f);
#elif defined(LOAD_REAL_PAIRS) && defined(UNIT_STRIDE)
  return ((__global const float2 *) row)[e];
#elif defined(LOAD_REAL_PAIRS)
  return (float2) (row[2 * e * stride], row[(2 * e + 1) * stride]);
#elif (defined(LOAD_U8_PAIRS) || defined(LOAD_U16_PAIRS)) \
    && defined(STREAM_PIXELS)
  return load_streamed_pair (row + 2 * e);
#elif (defined(LOAD_U8_PAIRS) || defined(LOAD_U16_PAIRS)) \
    && defined(UNIT_STRIDE)
  return convert_float2 (((__global const src_pair_t *) row)[e]);
#elif defined(LOAD_U8_PAIRS) || defined(LOAD_U16_PAIRS)
  return (float2) (convert_float (row[2 * e * stride]),
      convert_float (row[(2 * e + 1) * stride]));
#elif defined(LOAD_HERMITIAN)
  return e <= LENGTH / 2 ? row[e * stride] : conj (row[(LENGTH - e) * stride]);
#elif defined(LOAD_HALF_SPECTRUM)
  return fold_bins (row[e * stride], row[(LENGTH - e) * stride], e,
      real_tw[e]);
#else
  return row[e * stride];
#endif
}

/* The tables a pass may read, the scale of its outputs, and what the
 * pixel stores (STORE_U8 and the like) do besides. */
typedef struct
{
  __global const float2 *real_tw, *chirp, *conv, *step_tw;
  __global const float *gain;
  uint gain_dist;
  float scale, offset;
  uint magnitude;
#ifdef SPLIT_COLUMNS
  /* the row's factor: forward, of its bins as stored; inverse, of the
   * odd row's bins as loaded (see SPLIT_COLUMNS) */
  float2 split_rot;
#endif
} Tables;

#if defined(STORE_PIXELS)
/* v (or |v|) plus offset, rounded half up, saturated (pixels.cl) */
inline dst_t to_pixel (float v, Tables tab)
{
#if defined(STORE_U8) || defined(STORE_U8_PAIRS)
  return pixel_u8 (v, tab.magnitude, tab.offset);
#else
  return pixel_u16 (v, tab.magnitude, tab.offset);
#endif
}
#endif

#if !defined(UNFOLD_STORE)
inline void store_element (__global dst_t * row, uint e, uint stride,
    float2 x, Tables tab SHAPE_PARAM)
{
#if (defined(STORE_U8) || defined(STORE_U16)) && defined(STREAM_PIXELS)
  store_streamed_pixel (row + e, to_pixel (x.x, tab));
#elif defined(STORE_U8) || defined(STORE_U16)
  row[e * stride] = to_pixel (x.x, tab);
#elif (defined(STORE_U8_PAIRS) || defined(STORE_U16_PAIRS)) \
    && defined(STREAM_PIXELS)
  store_streamed_pair (row + 2 * e, to_pixel (x.x, tab),
      to_pixel (x.y, tab));
#elif (defined(STORE_U8_PAIRS) || defined(STORE_U16_PAIRS)) \
    && defined(UNIT_STRIDE)
  ((__global dst_pair_t *) row)[e] = (dst_pair_t) (to_pixel (x.x, tab),
      to_pixel (x.y, tab));
#elif defined(STORE_U8_PAIRS) || defined(STORE_U16_PAIRS)
  row[2 * e * stride] = to_pixel (x.x, tab);
  row[(2 * e + 1) * stride] = to_pixel (x.y, tab);
#elif defined(STORE_REAL)
  row[e * stride] = x.x;
#elif defined(STORE_REAL_PAIRS) && defined(UNIT_STRIDE)
  ((__global float2 *) row)[e] = x;
#elif defined(STORE_REAL_PAIRS)
  row[2 * e * stride] = x.x;
  row[(2 * e + 1) * stride] = x.y;
#elif defined(STORE_HALF)
  if (e <= LENGTH / 2)
    row[e * stride] = x;
#else
  row[e * stride] = x;
#endif
}
#endif

#ifdef STREAM_GAIN
inline float load_gain (__global const float * gain)
{
  float g;

  __asm ("ld.global.cs.f32 %0, [%1];" : "=f" (g) : "l" (gain));
  return g;
}
#else
#define load_gain(gain) (*(gain))
#endif

#ifdef GAIN_MIRRORED
#define GAIN_INDEX(e) min ((uint) (e), (uint) (N - (e)))
#else
#define GAIN_INDEX(e) (e)
#endif

#ifdef DROP_INPUT
#if !(defined(LOAD_HALF_SPECTRUM) || defined(LOAD_HERMITIAN) \
        || defined(LOAD_TWO_HALF_SPECTRA)) \
    || !defined(UNIT_STRIDE) || defined(ROW_SETS) \
    || defined(LOAD_ACROSS_ROWS) || defined(GENERIC)
#error "DROP_INPUT takes rows of bins of stride 1, one row per set"
#endif
/* the bins a row of input holds, as load_element reads them (each of the
 * two of LOAD_TWO_HALF_SPECTRA as load_two_spectra does) */
#ifdef LOAD_HALF_SPECTRUM
#define INPUT_ROW_VALUES (LENGTH + 1)
#else
#define INPUT_ROW_VALUES (LENGTH / 2 + 1)
#endif

/* Drops the 128-byte lines that lie wholly in the input row from L2,
 * unwritten; the lines it shares with its neighbours stay. */
inline void drop_input_row (__global const float2 * row, uint t)
{
  const ulong start = (ulong) row, end = (ulong) (row + INPUT_ROW_VALUES);

  for (ulong line = (start + 127) / 128 * 128 + t * 128; line + 128 <= end;
      line += THREADS * 128)
    __asm volatile ("discard.global.L2 [%0], 128;"::"l" (line):"memory");
}
#endif

/* Where one side (input or output) of the pass keeps its elements: row
 * r of the batch belongs to set r / sub_rows, which starts at set * dist;
 * its element idx is element e = (r % sub_rows) * sub_step + idx *
 * elem_step of that set, e * stride further on. */
typedef struct
{
  uint stride, dist, sub_step, elem_step;
} Side;

/* A row of the batch as its set and its place in the set, worked out once
 * per work-item rather than per element. Only passes of four-step have
 * sets of several rows (ROW_SETS); for the others a row is its own set and
 * the address arithmetic stays that of whole rows. */
typedef struct
{
  uint set, sub;
} RowPos;

#if defined(SETS_SIDE_BY_SIDE) && !defined(ROW_SETS)
#error "SETS_SIDE_BY_SIDE orders sets of rows: ROW_SETS"
#endif

#if defined(ROW_SETS) || defined(GENERIC)
inline RowPos row_pos (uint row, uint sub_rows, uint sets)
{
#ifdef SETS_SIDE_BY_SIDE
  RowPos pos = { row % sets, row / sets };
#else
  RowPos pos = { row / sub_rows, row % sub_rows };
#endif
  return pos;
}

#define ELEMENT(side, pos, idx) \
  ((pos).sub * (side).sub_step + (idx) * (side).elem_step)
#else
inline RowPos row_pos (uint row, uint sub_rows, uint sets)
{
  RowPos pos = { row, 0 };
  return pos;
}

#define ELEMENT(side, pos, idx) (idx)
#endif

#ifdef UNFOLD_ACROSS_ROWS
/* The second pass of four-step, unfolding a real spectrum: bin k = k1 +
 * n1 k2 (sub-row k1, element k2, n1 = sub_rows) needs Z[L - k], which is
 * element n2 - 1 - k2 of sub-row n1 - k1, or element (n2 - k2) % n2 of
 * sub-row 0 where k1 = 0. So a group holds sub-rows of one set in pairs:
 * its first ROWS / 2 rows are sub-rows a, a + 1, ... below (n1 + 1) / 2,
 * its others their mirrors n1 - k1 in the same order, both runs
 * neighbours in memory, so that the stores stay coalesced. Sub-row 0 is
 * its own mirror, and so is n1 / 2 of an even n1: they make one pair of
 * rows that each hold their own partners. An odd n1 leaves the mirror of
 * sub-row 0 with nothing to do: it transforms sub-row n1 / 2 again and
 * does not store it (stores). */
inline RowPos paired_row_pos (uint group, uint lrow, uint batch,
    uint sub_rows, bool * active, bool * stores)
{
  const uint pairs = ROWS / 2, lower_subs = (sub_rows + 1) / 2;
  const uint groups_per_set = (lower_subs + pairs - 1) / pairs;
  const uint lower = group % groups_per_set * pairs + lrow % pairs;
  RowPos pos = { group / groups_per_set,
    lrow < pairs ? lower : lower ? sub_rows - lower : sub_rows / 2
  };

  *active = lower < lower_subs && pos.set < batch / sub_rows;
  *stores = *active && (lrow < pairs || lower || sub_rows % 2 == 0);
  return pos;
}

/* The row of the group that holds the partners of the bins of row lrow,
 * sub-row sub of its set */
inline uint partner_lrow (uint lrow, uint sub, uint sub_rows)
{
  if (sub == 0 || 2 * sub == sub_rows)
    return lrow;
  return lrow < ROWS / 2 ? lrow + ROWS / 2 : lrow - ROWS / 2;
}
#endif


/* halves: the row holds two halves (HALVES_BELOW). The kernel passes it
 * as a constant, in a loop of its own, rather than testing each element,
 * which held the loads back
 * (docs/experiments/2026-11-29-halves-loads-in-their-own-loop.md). */
inline float2 load_input (__global const src_t * src, Side side,
    RowPos pos, uint idx, bool halves, Tables tab SHAPE_PARAM)
{
  const uint e = ELEMENT (side, pos, idx);
  __global const src_t *row = src + pos.set * side.dist;
  float2 x;

  if (e >= LOAD_LENGTH)
    return (float2) (0.0f);
#if defined(SPLIT_COLUMNS) && defined(LOAD_PIXELS)
  {
    /* pixel rows j and j + H / 2, their sum or their difference: exact */
    __global const src_t *top = src + (pos.set >> 1) * side.dist;
    const float2 a = load_element (top, e, 1, tab.real_tw SHAPE_ARG),
        b = load_element (top + SPLIT_COLUMNS * side.dist, e, 1,
        tab.real_tw SHAPE_ARG);

    return pos.set & 1 ? a - b : a + b;
  }
#elif defined(SPLIT_COLUMNS)
  {
    /* the bins of both halves, joined before they are folded */
    __global const float2 *even = src + (pos.set & ~1u) * side.dist;
    __global const float2 *odd = even + side.dist;

    return fold_bins (even[e] + cmul (tab.split_rot, odd[e]),
        even[LENGTH - e] + cmul (tab.split_rot, odd[LENGTH - e]), e,
        tab.real_tw[e]);
  }
#endif
#if defined(HALVES_BELOW) && defined(LOAD_PIXELS)
  if (halves)
    x = (float2) (convert_float (row[e]), convert_float (row[e + LENGTH]));
  else
#endif
    x = load_element (row, e, side.stride, tab.real_tw SHAPE_ARG);
#ifdef LOAD_CHIRP
  x = cmul (x, tab.chirp[e]);
#endif
  return x;
}

#if !defined(UNFOLD_STORE)
/* halves: as for load_input */
inline void store_output (__global dst_t * dst, Side side, RowPos pos,
    uint idx, float2 x, bool halves, Tables tab SHAPE_PARAM)
{
  const uint e = ELEMENT (side, pos, idx);

  if (e >= STORE_LENGTH)
    return;
#ifdef STORE_TWIDDLE
  {
    const uint m = pos.sub * idx;
    float2 w = cmul (tab.step_tw[m & ((1u << STEP_TW_SHIFT) - 1)],
        tab.step_tw[(1u << STEP_TW_SHIFT) + (m >> STEP_TW_SHIFT)]);

    w.y = -SIGN * w.y;
    x = cmul (x, w);
  }
#endif
#ifdef STORE_CONV
  x = cmul (x, tab.conv[e]);
#endif
#ifdef STORE_CHIRP
  x = cmul (x, tab.chirp[e]);
#endif
#if defined(GAIN_ON_STORE) && defined(SETS_SIDE_BY_SIDE)
  /* the gains lie side by side too, so that neighbouring sets read
   * neighbouring gains */
  x *= load_gain (tab.gain + e * tab.gain_dist + pos.set);
#elif defined(GAIN_ON_STORE)
  x *= load_gain (tab.gain + pos.set * tab.gain_dist + e);
#endif
#if defined(HALVES_BELOW) && defined(STORE_PIXELS)
  if (halves) {
    __global dst_t *row = dst + pos.set * side.dist;

    x *= tab.scale;
    row[e] = to_pixel (x.x, tab);
    row[e + LENGTH] = to_pixel (x.y, tab);
    return;
  }
#endif
  store_element (dst + pos.set * side.dist, e, side.stride,
      x * tab.scale, tab SHAPE_ARG);
}
#endif

#if defined(LOAD_TWO_HALF_SPECTRA)
/* Element k of the complex row whose inverse holds real rows a and b as
 * its real and imaginary parts, from bins 0 .. N/2 of their spectra
 * (rows 2 pair and 2 pair + 1; b is zero past the end of an odd batch):
 * Z[k] = A[k] + i B[k], the bins past N/2 from their mirrors. As
 * fold_bins does (real_spectrum.cl), it ignores the imaginary parts of
 * the DC and Nyquist bins, and halves: the inverse gives the rows at the
 * scale of the half-length inverse of one row. */
inline float2 load_two_spectra (__global const float2 * src, Side side,
    uint pair, uint k, bool has_second)
{
  __global const float2 *a_row = src + 2 * pair * side.dist;
  const bool mirrored = k > N / 2;
  const uint bin = mirrored ? N - k : k;
  float2 a = a_row[bin], b = has_second ? a_row[side.dist + bin] :
      (float2) (0.0f);

  if (bin == 0 || 2 * bin == N) {
    a.y = 0.0f;
    b.y = 0.0f;
  }
  if (mirrored) {
    a.y = -a.y;
    b.y = -b.y;
  }
  return (float2) (a.x - b.y, a.y + b.x) * 0.5f;
}
#endif

#if defined(LOAD_TWO_REAL_ROWS)
/* Element idx of real rows 2 pair and 2 pair + 1 as one complex value; the
 * second row is zero past the end of an odd batch. */
inline float2 load_two_rows (__global const float * src, Side side,
    uint pair, uint idx, bool has_second)
{
  __global const float *a = src + 2 * pair * side.dist + idx * side.stride;

  return (float2) (a[0], has_second ? a[side.dist] : 0.0f);
}
#endif

#if defined(STORE_TWO_HALF_SPECTRA)
/* Bin k <= N/2 of the two real rows a and b from z = a + i b: A[k] =
 * (Z[k] + conj(Z[N-k])) / 2 and B[k] = (Z[k] - conj(Z[N-k])) / 2i. */
inline void store_two_bins (__global float2 * a_row, Side side,
    bool has_second, uint k, float2 zk, float2 z_partner,
    float scale SHAPE_PARAM)
{
  const float2 zm = conj (z_partner), d = (zk - zm) * 0.5f;

  if (k > N / 2)
    return;
  a_row[k * side.stride] = (zk + zm) * (0.5f * scale);
  if (has_second)
    a_row[side.dist + k * side.stride] = (float2) (d.y, -d.x) * scale;
}
#endif
#if defined(STORE_HALF_SPECTRUM)
/* Bin k < L of the real 2L-point spectrum from z (real_spectrum.cl), wk
 * its W^k; the holder of Z[0] also stores X[L] = E[0] - O[0]. */
inline void store_half_spectrum_bin (__global float2 * row, uint stride,
    uint k, float2 zk, float2 z_partner, float2 wk, Tables tab SHAPE_PARAM)
{
#ifdef SPLIT_COLUMNS
  row[k * stride] = cmul (unfold_bin (zk, z_partner, wk), tab.split_rot)
      * tab.scale;
  if (k == 0)
    row[LENGTH * stride] = tab.split_rot * ((zk.x - zk.y) * tab.scale);
#else
  row[k * stride] = unfold_bin (zk, z_partner, wk) * tab.scale;
  if (k == 0)
    row[LENGTH * stride] = (float2) (zk.x - zk.y, 0.0f) * tab.scale;
#endif
}

#ifdef UNFOLD_ACROSS_ROWS
/* Bin k = k1 + n1 k2, whose W^k is real_tw[k1] x real_tw[n1 + k2]: the
 * table is two small ones (see clfft_split_twiddle_table in
 * clfft-passes.h). */
inline void store_bin_across (__global float2 * row, uint stride, uint k1,
    uint k2, uint n1, float2 zk, float2 z_partner, Tables tab SHAPE_PARAM)
{
  store_half_spectrum_bin (row, stride, k1 + n1 * k2, zk, z_partner,
      cmul (tab.real_tw[k1], tab.real_tw[n1 + k2]), tab SHAPE_ARG);
}
#endif
#endif

/* The pass's numbers, in one argument: NVIDIA's OpenCL spends time on every
 * argument of every launch
 * (docs/experiments/2026-11-25-fewer-kernel-arguments.md), and short passes
 * wait on that. Field for field ClfftRowNumbers in clfft-kernel-structs.h. */
typedef struct
{
  uint src_stride, src_dist, dst_stride, dst_dist, batch, gain_dist;
  uint sub_rows, src_sub_step, src_elem_step, dst_sub_step, dst_elem_step;
  uint magnitude;
  float scale, offset;
} Numbers;

/* The tables a build reads are arguments only where it reads them (the
 * plan says which, WITH_*), for the same reason. */
#if (defined(LOAD_HALF_SPECTRUM) || defined(STORE_HALF_SPECTRUM)) \
    && !defined(WITH_REAL_TW)
#error "the half-spectrum modes read real_tw: WITH_REAL_TW"
#endif
#if (defined(GAIN_BETWEEN) || defined(GAIN_ON_STORE)) && !defined(WITH_GAIN)
#error "the gains are read: WITH_GAIN"
#endif
#if defined(GAIN_MIRRORED) && !defined(GAIN_BETWEEN)
#error "GAIN_MIRRORED is an option of GAIN_BETWEEN"
#endif
#if defined(GAIN_BETWEEN) && defined(ROW_SETS) && !defined(SETS_SIDE_BY_SIDE)
#error "GAIN_BETWEEN in sets of rows reads the gains of columns side by side"
#endif
#if defined(GAIN_MIRRORED) && defined(SETS_SIDE_BY_SIDE)
#error "GAIN_MIRRORED reads the gains of whole columns"
#endif
#if (defined(LOAD_CHIRP) || defined(STORE_CHIRP)) && !defined(WITH_CHIRP)
#error "the chirp is read: WITH_CHIRP"
#endif
#if (defined(CONV_BETWEEN) || defined(STORE_CONV)) && !defined(WITH_CONV)
#error "conv is read: WITH_CONV"
#endif
#if defined(STORE_TWIDDLE) && !(defined(WITH_STEP_TW) \
    && defined(STEP_TW_SHIFT))
#error "the four-step twiddles are read: WITH_STEP_TW, STEP_TW_SHIFT"
#endif
#ifdef WITH_REAL_TW
#define REAL_TW_PARAM , __global const float2 * real_tw
#else
#define REAL_TW_PARAM
#endif
#ifdef WITH_GAIN
#define GAIN_PARAM , __global const float * gain
#else
#define GAIN_PARAM
#endif
#ifdef WITH_CHIRP
#define CHIRP_PARAM , __global const float2 * chirp
#else
#define CHIRP_PARAM
#endif
#ifdef WITH_CONV
#define CONV_PARAM , __global const float2 * conv
#else
#define CONV_PARAM
#endif
#ifdef WITH_STEP_TW
#define STEP_TW_PARAM , __global const float2 * step_tw
#else
#define STEP_TW_PARAM
#endif
#ifdef WITH_SPLIT_TW
#define SPLIT_TW_PARAM , __global const float2 * split_tw
#else
#define SPLIT_TW_PARAM
#endif

/* batch rows (sets of sub_rows, see Side) from src to dst. tw is the row
 * FFT's twiddle table; gain (GAIN_BETWEEN, GAIN_ON_STORE) holds one real
 * gain per element, sets gain_dist apart; chirp and conv serve Bluestein,
 * step_tw the four-step twiddle. scale multiplies every stored result;
 * offset and magnitude serve STORE_U8 and STORE_U16. */
#ifdef GENERIC
#define GROUP_SIZE_ATTRIBUTE
#else
#define GROUP_SIZE_ATTRIBUTE \
  __attribute__((reqd_work_group_size (WG_SIZE, 1, 1)))
#endif
__kernel GROUP_SIZE_ATTRIBUTE
void fft_rows (__global const src_t * src, __global dst_t * dst,
    __global const float2 * tw, const Numbers num REAL_TW_PARAM GAIN_PARAM
    CHIRP_PARAM CONV_PARAM STEP_TW_PARAM SPLIT_TW_PARAM SHAPE_PARAM)
{
#ifdef UNIT_STRIDE
  const uint src_stride = 1, dst_stride = 1;
#else
  const uint src_stride = num.src_stride, dst_stride = num.dst_stride;
#endif
  const uint src_dist = num.src_dist, dst_dist = num.dst_dist;
  const uint batch = num.batch, gain_dist = num.gain_dist;
  const uint sub_rows = num.sub_rows;
  const uint src_sub_step = num.src_sub_step;
  const uint src_elem_step = num.src_elem_step;
  const uint dst_sub_step = num.dst_sub_step;
  const uint dst_elem_step = num.dst_elem_step;
  const float scale = num.scale;
#ifndef WITH_REAL_TW
  __global const float2 *const real_tw = 0;
#endif
#ifndef WITH_GAIN
  __global const float *const gain = 0;
#endif
#ifndef WITH_CHIRP
  __global const float2 *const chirp = 0;
#endif
#ifndef WITH_CONV
  __global const float2 *const conv = 0;
#endif
#ifndef WITH_STEP_TW
  __global const float2 *const step_tw = 0;
#endif
  __local lds_t lds[LDS_SIZE];
  const uint lid = get_local_id (0);
#ifdef INTERLEAVED_ROWS
  const uint t = lid / ROWS;
  const uint local_row = lid % ROWS;
  __local lds_t *buf = lds + local_row;
#else
  const uint t = lid % THREADS;
  const uint local_row = lid / THREADS;
  __local lds_t *buf = lds + local_row * PITCH;
#endif
#ifdef UNFOLD_ACROSS_ROWS
  /* rows in pairs (paired_row_pos): the row a work-item transforms, and
   * the one it writes across the group's rows */
  bool active, across_active, across_stores, unused;
  const RowPos pos = paired_row_pos (get_group_id (0), local_row, batch,
      sub_rows, &active, &unused);
  const uint across_lrow = lid % ROWS;
  const RowPos across_pos = paired_row_pos (get_group_id (0), across_lrow,
      batch, sub_rows, &across_active, &across_stores);
#else
  const uint first_row = get_group_id (0) * ROWS;
  const uint row = first_row + local_row;
#ifdef TWO_REAL_ROWS_PER_ROW
  /* the group's row r is the batch's rows 2r and 2r + 1 */
  const bool active = 2 * row < batch;
  const bool has_second = 2 * row + 1 < batch;
#else
  const bool active = row < batch;
#endif
  /* the sets of the batch (SETS_SIDE_BY_SIDE) */
  const uint sets = batch / sub_rows;
  const RowPos pos = row_pos (row, sub_rows, sets);
#if defined(LOAD_ACROSS_ROWS) != defined(STORE_ACROSS_ROWS)
  /* the row a work-item reads or writes across the group's rows, through
   * local memory */
  const uint across_lrow = lid % ROWS;
  const bool across_active = first_row + across_lrow < batch;
  const RowPos across_pos = row_pos (first_row + across_lrow, sub_rows,
      sets);
#endif
#endif /* UNFOLD_ACROSS_ROWS */
  const Side src_side = { src_stride, src_dist, src_sub_step, src_elem_step };
#ifdef SPLIT_COLUMNS
  /* rows in pairs, j = row / 2: forward, the odd one (the difference)
   * takes the twiddle; inverse, the odd one (pixel row j + H / 2) takes
   * the odd half with the minus sign */
  const float2 split_w = split_tw[min (row, batch - 1) >> 1];
#ifdef LOAD_PIXELS
  const float2 split_rot = row & 1 ? split_w : (float2) (1.0f, 0.0f);
#else
  const float2 split_rot = (row & 1 ? -1.0f : 1.0f) * conj (split_w);
#endif
#endif
  const Tables tab = { real_tw, chirp, conv, step_tw, gain, gain_dist, scale,
    num.offset, num.magnitude
#ifdef SPLIT_COLUMNS
        , split_rot
#endif
  };
  float2 v[VALUES];

#if defined(LOAD_ACROSS_ROWS) && !defined(INTERLEAVED_ROWS)
  FOR_EACH_ACROSS_ROWS (idx, lds[across_lrow * PITCH + idx] = across_active ?
      load_input (src, src_side, across_pos, idx, false, tab SHAPE_ARG) :
      (float2) (0.0f));
  barrier (CLK_LOCAL_MEM_FENCE);
  FOR_EACH_ELEMENT (FIRST_RADIX, idx, slot, v[slot] = buf[idx]);
  barrier (CLK_LOCAL_MEM_FENCE);
#elif defined(LOAD_TWO_REAL_ROWS)
  FOR_EACH_ELEMENT (FIRST_RADIX, idx, slot, v[slot] = active ?
      load_two_rows (src, src_side, row, idx, has_second) : (float2) (0.0f));
#elif defined(LOAD_TWO_HALF_SPECTRA)
  FOR_EACH_ELEMENT (FIRST_RADIX, idx, slot, v[slot] = active ?
      load_two_spectra (src, src_side, row, idx, has_second) :
      (float2) (0.0f));
#else
#if defined(HALVES_BELOW) && defined(LOAD_PIXELS)
  if (pos.set >= HALVES_BELOW) {
    FOR_EACH_ELEMENT (FIRST_RADIX, idx, slot, v[slot] = active ?
        load_input (src, src_side, pos, idx, true, tab SHAPE_ARG) :
        (float2) (0.0f));
  } else
#endif
  {
    FOR_EACH_ELEMENT (FIRST_RADIX, idx, slot, v[slot] = active ?
        load_input (src, src_side, pos, idx, false, tab SHAPE_ARG) :
        (float2) (0.0f));
  }
#endif

#if defined(GAIN_BETWEEN) || defined(CONV_BETWEEN)
  fft_pass (v, buf, t, tw, -1.0f SHAPE_ARG);
  /* The last stage leaves the spectrum in v; multiply, then restart in
   * the first stage's pattern. */
#if defined(GAIN_BETWEEN) && defined(SETS_SIDE_BY_SIDE)
  /* the middle pass of a frame's columns filtered in three: element idx
   * of sub-row pos.sub is bin pos.sub + sub_rows idx of column pos.set,
   * whose gains lie side by side with the neighbouring columns' */
  FOR_EACH_ELEMENT (LAST_RADIX, idx, slot,
      v[slot] *= active ? load_gain (gain + (pos.sub + sub_rows * idx) *
          gain_dist + pos.set) : 0.0f);
#elif defined(GAIN_BETWEEN)
  FOR_EACH_ELEMENT (LAST_RADIX, idx, slot,
      v[slot] *= active ? load_gain (gain + row * gain_dist +
          GAIN_INDEX (idx)) : 0.0f);
#else
  FOR_EACH_ELEMENT (LAST_RADIX, idx, slot, v[slot] = cmul (v[slot],
          conv[idx]));
#endif
  exchange (v, buf, t, LAST_RADIX, N / LAST_RADIX, FIRST_RADIX,
      NUM_STAGES - 1 SHAPE_ARG);
  fft_pass (v, buf, t, tw, 1.0f SHAPE_ARG);
#else
  fft_pass (v, buf, t, tw, SIGN SHAPE_ARG);
#endif
#ifdef DROP_INPUT
  /* past this barrier every load of the group is done */
  barrier (CLK_GLOBAL_MEM_FENCE);
#ifdef LOAD_TWO_HALF_SPECTRA
  if (active)
    drop_input_row (src + 2 * row * src_dist, t);
  if (has_second)
    drop_input_row (src + (2 * row + 1) * src_dist, t);
#else
  if (active)
    drop_input_row (src + row * src_dist, t);
#endif
#endif

#if defined(UNFOLD_STORE)
  /* A bin needs Z[k] and Z[L-k]: each work-item shares its outputs through
   * local memory and reads the partners of its own. buf is free: every
   * earlier use of it (exchanges, loads across rows) ended with a barrier. */
#ifdef STORE_CHIRP
  FOR_EACH_ELEMENT (LAST_RADIX, idx, slot,
      if (idx < LENGTH) v[slot] = cmul (v[slot], chirp[idx]));
#endif
  FOR_EACH_ELEMENT (LAST_RADIX, idx, slot,
      if (idx < LENGTH) buf[idx] = v[slot]);
  barrier (CLK_LOCAL_MEM_FENCE);
  if (!active)
    return;
#ifdef STORE_TWO_HALF_SPECTRA
  {
    const Side dst_side = { dst_stride, dst_dist, 0, 1 };
    __global float2 *a_row = dst + 2 * row * dst_dist;

    FOR_EACH_ELEMENT (LAST_RADIX, idx, slot, store_two_bins (a_row,
            dst_side, has_second, idx, v[slot], buf[(N - idx) % N],
            tab.scale SHAPE_ARG));
  }
#else
  FOR_EACH_ELEMENT (LAST_RADIX, idx, slot, if (idx < LENGTH)
      store_half_spectrum_bin (dst + row * dst_dist, dst_stride, idx,
          v[slot], buf[(LENGTH - idx) % LENGTH], tab.real_tw[idx],
          tab SHAPE_ARG));
#endif
#else
  const Side dst_side = { dst_stride, dst_dist, dst_sub_step, dst_elem_step };
#if defined(STORE_ACROSS_ROWS) && !defined(INTERLEAVED_ROWS)
  /* fft_pass read buf for the last time before its last barrier */
  FOR_EACH_ELEMENT (LAST_RADIX, idx, slot, buf[idx] = v[slot]);
  barrier (CLK_LOCAL_MEM_FENCE);
#ifdef UNFOLD_ACROSS_ROWS
  if (across_stores) {
    __global float2 *bins = dst + across_pos.set * dst_dist;
    __local const float2 *partners = lds + partner_lrow (across_lrow,
        across_pos.sub, sub_rows) * PITCH;

    FOR_EACH_ACROSS_ROWS (idx, store_bin_across (bins, dst_stride,
            across_pos.sub, idx, sub_rows, lds[across_lrow * PITCH + idx],
            partners[across_pos.sub ? N - 1 - idx : (N - idx) % N],
            tab SHAPE_ARG));
  }
#else
  if (across_active)
    FOR_EACH_ACROSS_ROWS (idx, store_output (dst, dst_side, across_pos, idx,
            lds[across_lrow * PITCH + idx], false, tab SHAPE_ARG));
#endif
#else
  if (!active)
    return;
#if defined(HALVES_BELOW) && defined(STORE_PIXELS)
  if (pos.set >= HALVES_BELOW) {
    FOR_EACH_ELEMENT (LAST_RADIX, idx, slot,
        store_output (dst, dst_side, pos, idx, v[slot], true, tab SHAPE_ARG));
  } else
#endif
  {
#ifdef SPLIT_COLUMNS
    /* batch row 2 j + h is output row j + h H / 2 */
    const RowPos out_pos = { (pos.set >> 1) + (pos.set & 1) * SPLIT_COLUMNS,
      0
    };
#else
    const RowPos out_pos = pos;
#endif
    FOR_EACH_ELEMENT (LAST_RADIX, idx, slot,
        store_output (dst, dst_side, out_pos, idx, v[slot], false, tab
            SHAPE_ARG));
  }
#endif
#endif
}
