/* A frame moves through the frame filter's ring (clfft-frame-ring.h),
 * whose work it is: its planes that hold a filtered channel are uploaded;
 * on the ring's compute queue, behind the uploads, the filtered channels
 * of each plane are taken out of it in one launch (kernels/planes.cl),
 * each is filtered by its plan (clfft_filter2d_enqueue_buffers), and they
 * are put back into the plane in one launch; neutral channels there are
 * filled; the planes are downloaded. A plane that is one channel of full
 * range (I420's Y, U and V; GRAY8) needs no taking nor putting: it is
 * uploaded where its plan reads it (work_place), read in place on CPUs
 * where its plan reads it alone, and downloaded from the plan's output.
 * Filtered U and V that alternate in one plane are one channel of both
 * where the output allows (make_working_layout); where that channel and
 * Y are their plane's only two (YUY2's), the plan of their size filters
 * both in the plane, with neither take nor put, where it runs the three
 * passes with rows of one pass of pixel pairs (plane_in_turn). The
 * channels of one size run as one batch where its first plan can
 * (clfft_filter2d_prepare_batch), each with its own plan's gain: their
 * rows interleaved in one buffer, where the upload and the take write
 * them and the download and the put read them. Plans after the first
 * (chroma's, where it is smaller than the luma) may run on the engine's
 * side queue, so that the device runs them beside the first plan rather
 * than after it (decide_side_queue): behind the uploads, or behind a
 * marker after the takes where there are any; where their output is a
 * plane as it is downloaded (I420's U and V), the download waits for
 * them, else a barrier before the puts. Smaller frames of two plans, each
 * of direct planes (NV12's Y and UV, I420's Y and its U and V), run as a
 * stack instead (decide_stack): the chroma's rows below the luma's in
 * one buffer, through the luma plan's row launches. */
#include "clfft-frame-filter.h"
#include "clfft-overrides.h"
#include "clfft-passes.h"
#include "clfft-kernel-args.h"
#include "clfft-log.h"
#include "clfft-faults.h"
#include "clfft-queue.h"
#include "clfft-host-buffer.h"
#include "clfft-filter2d-batch.h"
#include "clfft-filter2d-stack.h"
#include "clfft-filter2d-testing.h"
#include "clfft-frame-filter-testing.h"
#include "clfft-frame-ring-testing.h"

#include <string.h>

#define MAX_IN_FLIGHT CLFFT_FRAME_RING_SIZE

typedef struct
{
  ClfftFilter2d *filter;
  guint width, height, sx, sy;
  guint interleaved;            /* planes side by side in its channels */
  /* the frame's filtered channels that the plan runs, and whether they
   * run as one batch (clfft_filter2d_prepare_batch), with those of other
   * plans of its size (their gains differ) */
  guint n_filtered;
  gboolean batched;
  /* the plane whose two channels its batch filters in place, their
   * samples in turn (plane_in_turn), or -1 */
  gint in_turn_plane;
} Plan;

/* What the frame filter keeps for a slot of its ring. */
typedef struct
{
  /* the planes as uploaded, and put back into: the ring's (not owned) */
  cl_mem planes[CLFFT_FRAME_MAX_PLANES];
  cl_mem filtered_channels[CLFFT_FRAME_MAX_CHANNELS];
  /* a batched plan's frames in and out, by plan, rows interleaved, for
   * batch_frames[plan] frames */
  cl_mem batch_in[CLFFT_FRAME_MAX_CHANNELS];
  cl_mem batch_out[CLFFT_FRAME_MAX_CHANNELS];
  guint batch_frames[CLFFT_FRAME_MAX_CHANNELS];
  /* the stacked plans' frames in and out (decide_stack), stack_bytes
   * each */
  cl_mem stack_in, stack_out;
  gsize stack_bytes;
  /* the uploads done (the ring's); the side queue's part done, where the
   * engine's queue does not wait for it (the download does) */
  cl_event uploaded, side_done;
} Slot;

static const ClfftFrameWorkOps ring_work;
static void set_ring_planes (ClfftFrameFilter * f);

struct _ClfftFrameFilter
{
  ClfftEngine *engine;
  /* the caller's layout; and the one filtered, where a pair of chroma
   * channels may be one channel of both, interleaved[c] planes side by
   * side (see make_working_layout) */
  ClfftFrameLayout frame_layout, layout;
  guint interleaved[CLFFT_FRAME_MAX_CHANNELS];
  ClfftPadding padding;
  gsize sample_size;            /* bytes: every channel's container */
  ClfftFrameRing *ring;
  /* made for the first packed channel */
  cl_kernel take, put, fill, take_luma;
  cl_kernel take_words, put_words;      /* CLFFT_SAMPLES_THREE_TO_A_WORD */
  Plan plans[CLFFT_FRAME_MAX_CHANNELS];
  guint n_plans;
  /* the plan of a filtered or GRAY channel's size and gain (-1: neither),
   * and the plan that runs a filtered one in the next frame: its own, or
   * that of the batch it joins */
  gint plan_of[CLFFT_FRAME_MAX_CHANNELS];
  guint run_plan[CLFFT_FRAME_MAX_CHANNELS];
  /* the first GRAY channel, which holds the luma filtered, else -1 */
  gint gray;
  ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS];
  gboolean on_device[CLFFT_FRAME_MAX_PLANES];
  /* the plane is one channel of full range: the plan reads it as it is */
  gboolean direct[CLFFT_FRAME_MAX_PLANES];
  /* the plane's two channels are filtered in it, in turn, in the next
   * frame (decide_batches) */
  gboolean in_turn[CLFFT_FRAME_MAX_PLANES];
  gboolean in_turn_logged;
  cl_mem channels[CLFFT_FRAME_MAX_CHANNELS];    /* taken out, for the plan */
  guint batch_index[CLFFT_FRAME_MAX_CHANNELS];  /* in its plan's batch */
  /* the first two plans, of one width, each with one direct plane, run
   * their rows in the same launches in the next frame (decide_stack) */
  gboolean stacked;
  /* plans after the first run on the engine's side queue
   * (decide_side_queue; CLFFT_SIDE_QUEUE, read when the filter is made) */
  gboolean side_queue;
  ClfftOverride side_queue_override;
  gboolean stack_off;           /* CLFFT_STACKED_ROWS=0 */
  Slot slots[MAX_IN_FLIGHT];
  guint last_slot;              /* of the frame submitted last */
  ClfftTuning tuning;
  ClfftOutput output;
  gfloat output_gain, output_offset;
  gfloat saturation;
  ClfftMode mode;
};

static guint
channel_max (const ClfftFrameChannel * c)
{
  return (1u << c->depth) - 1;
}

static gboolean
layout_valid (const ClfftFrameLayout * l, GError ** error)
{
  gsize sample = l->n_channels ? (l->channels[0].depth > 8 ? 2 : 1) : 0;

  if (l->n_planes == 0 || l->n_planes > CLFFT_FRAME_MAX_PLANES
      || l->n_channels == 0 || l->n_channels > CLFFT_FRAME_MAX_CHANNELS)
    goto refused;
  for (guint i = 0; i < l->n_channels; i++) {
    const ClfftFrameChannel *c = &l->channels[i];

    if (!clfft_filter2d_size_supported (c->width, c->height, error))
      return FALSE;
    if (c->packing == CLFFT_SAMPLES_THREE_TO_A_WORD) {
      for (guint j = 0; j < l->n_channels; j++)
        if (j != i && l->channels[j].plane == c->plane)
          goto refused;
      if (c->plane >= l->n_planes || c->depth != 10 || c->shift
          || c->offset || c->step || !c->width || !c->height
          || c->sx != 1 || c->sy != 1 || c->height > l->rows[c->plane]
          || l->row_bytes[c->plane] % 4
          || (c->width + 2) / 3 * 4 > l->row_bytes[c->plane])
        goto refused;
      continue;
    }
    if (c->packing != CLFFT_SAMPLES_IN_CONTAINERS
        || c->plane >= l->n_planes || c->depth == 0 || c->depth > 16
        || (c->depth > 8 ? 2 : 1) != sample || c->depth + c->shift > 8 * sample
        || c->step < sample || c->step % sample || c->offset % sample
        || !c->width || !c->height || !c->sx || !c->sy
        || c->height > l->rows[c->plane]
        || c->offset + (gsize) (c->width - 1) * c->step + sample >
        l->row_bytes[c->plane])
      goto refused;
  }
  return TRUE;
refused:
  g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
      "a frame layout of %u planes and %u channels that the frame filter "
      "does not take", l->n_planes, l->n_channels);
  return FALSE;
}

ClfftFrameFilter *
clfft_frame_filter_new (ClfftEngine * engine,
    const ClfftFrameLayout * layout, ClfftPadding padding, GError ** error)
{
  ClfftOverrides overrides;
  ClfftFrameFilter *f;

  if (!layout_valid (layout, error))
    return NULL;
  clfft_overrides_read (&overrides);
  f = g_new0 (ClfftFrameFilter, 1);
  f->side_queue_override = overrides.side_queue;
  f->stack_off = overrides.stacked_rows == CLFFT_OVERRIDE_OFF;
  f->engine = clfft_engine_ref (engine);
  f->frame_layout = f->layout = *layout;
  f->padding = padding;
  f->sample_size = layout->channels[0].depth > 8 ? 2 : 1;
  f->gray = -1;
  f->tuning = CLFFT_TUNING_AUTO;
  f->output_gain = 1.0f;
  for (guint i = 0; i < CLFFT_FRAME_MAX_CHANNELS; i++) {
    f->plan_of[i] = -1;
    f->roles[i] = CLFFT_CHANNEL_PASS;
    f->interleaved[i] = 1;
  }
  if (!(f->ring = clfft_frame_ring_new (engine, &ring_work, f, error))) {
    clfft_frame_filter_free (f);
    return NULL;
  }
  return f;
}

static void
apply_output (ClfftFrameFilter * f, Plan * plan)
{
  const ClfftFrameChannel *c = &f->layout.channels[0];
  /* a level of 8 bits in the channel's units, as filtered (without its
   * shift, which take_channels took out) */
  gfloat level = (gfloat) channel_max (c) / 255.0f;

  clfft_filter2d_set_output (plan->filter, f->output, f->output_gain,
      f->output_offset * level);
  clfft_filter2d_set_saturation (plan->filter, f->saturation);
}

/* Whether plane p holds two channels of full range and one size whose
 * samples alternate (YUY2's Y and its U and V as one channel), both
 * filtered with roles, and nothing else: a plan made for it
 * (clfft_filter2d_new_for_batch) filters them in the plane, with neither
 * take nor put. pair: the two, the first sample's first. */
static gboolean
plane_in_turn (ClfftFrameFilter * f, guint p, const ClfftChannelRole * roles,
    guint pair[2])
{
  const gsize sample = f->sample_size;
  guint n = 0;

  if (f->padding != CLFFT_PADDING_NONE)
    return FALSE;
  for (guint c = 0; c < f->layout.n_channels; c++) {
    const ClfftFrameChannel *ch = &f->layout.channels[c];

    if (ch->plane != p)
      continue;
    if (n == 2 || roles[c] != CLFFT_CHANNEL_FILTER
        || ch->packing != CLFFT_SAMPLES_IN_CONTAINERS
        || ch->step != 2 * sample || ch->offset > sample || ch->shift
        || ch->depth != 8 * sample || ch->width % 2
        || ch->height != f->layout.rows[p]
        || f->layout.row_bytes[p] != 2 * ch->width * sample)
      return FALSE;
    pair[n++] = c;
  }
  if (n != 2 || f->layout.channels[pair[0]].offset ==
      f->layout.channels[pair[1]].offset
      || f->layout.channels[pair[0]].width !=
      f->layout.channels[pair[1]].width)
    return FALSE;
  if (f->layout.channels[pair[0]].offset) {
    const guint first = pair[1];

    pair[1] = pair[0];
    pair[0] = first;
  }
  return TRUE;
}

/* What plan's filter is made for where it leads the batch of its size:
 * the channels of that size filtered with roles (*batch, 1 where they
 * cannot run as one), and whether two of them are a plane's in turn. */
static void
plan_batch (ClfftFrameFilter * f, const Plan * plan,
    const ClfftChannelRole * roles, guint * batch, gboolean * in_turn)
{
  guint pair[2];

  *batch = 0;
  *in_turn = FALSE;
  for (guint i = 0; i < f->layout.n_channels; i++)
    if (roles[i] == CLFFT_CHANNEL_FILTER
        && f->layout.channels[i].width == plan->width
        && f->layout.channels[i].height == plan->height) {
      (*batch)++;
      *in_turn = *in_turn || plane_in_turn (f, f->layout.channels[i].plane,
          roles, pair);
    }
  if (*batch < 2 || f->padding != CLFFT_PADDING_NONE) {
    *batch = 1;
    *in_turn = FALSE;
  }
  *batch = MIN (*batch, CLFFT_FILTER2D_MAX_BATCH);
}

/* Whether channel c, filtered with roles, is its plane's only channel, of
 * full range, read as it lies (plane_is_channel, before the roles are
 * set). */
static gboolean
channel_fills_plane (ClfftFrameFilter * f, guint c,
    const ClfftChannelRole * roles)
{
  const ClfftFrameChannel *ch = &f->layout.channels[c];

  if (roles[c] != CLFFT_CHANNEL_FILTER
      || ch->packing != CLFFT_SAMPLES_IN_CONTAINERS)
    return FALSE;
  for (guint i = 0; i < f->layout.n_channels; i++)
    if (i != c && f->layout.channels[i].plane == ch->plane)
      return FALSE;
  return ch->offset == 0 && ch->step == f->sample_size && ch->shift == 0
      && ch->depth == 8 * f->sample_size
      && f->layout.row_bytes[ch->plane] == ch->width * f->sample_size
      && f->layout.rows[ch->plane] == ch->height;
}

/* Where the frame's first channel, filtered with roles, has its plane to
 * itself, and two more filtered channels of half its width (I420's U and
 * V) have theirs, their height (else 0): decide_stack then runs the two
 * side by side, each half of a row, below the first
 * (clfft_filter2d_prepare_stack, halves), with the first's plan made for
 * it. */
static guint
halves_below_first (ClfftFrameFilter * f, const ClfftChannelRole * roles)
{
  const ClfftFrameChannel *first = &f->layout.channels[0];
  guint n = 0, pair[2];

  if (f->padding != CLFFT_PADDING_NONE || !channel_fills_plane (f, 0, roles))
    return 0;
  for (guint c = 1; c < f->layout.n_channels; c++)
    if (roles[c] == CLFFT_CHANNEL_FILTER) {
      if (n == 2 || !channel_fills_plane (f, c, roles))
        return 0;
      pair[n++] = c;
    }
  if (n == 2 && 2 * f->layout.channels[pair[0]].width == first->width
      && f->layout.channels[pair[0]].width ==
      f->layout.channels[pair[1]].width
      && f->layout.channels[pair[0]].height ==
      f->layout.channels[pair[1]].height)
    return f->layout.channels[pair[0]].height;
  return 0;
}

/* Whether plan i is the first of its size, which leads its batch. */
static gboolean
plan_leads (ClfftFrameFilter * f, guint i)
{
  for (guint j = 0; j < i; j++)
    if (f->plans[j].width == f->plans[i].width
        && f->plans[j].height == f->plans[i].height)
      return FALSE;
  return TRUE;
}

/* The plan of channel c's size and subsampling, made where there is none
 * yet; the first of its size made for the batch it leads, and made again
 * where that batch has grown past what it was made for (YUY2's luma plan
 * made while chroma=pass, which then filters its chroma too): a plan made
 * for a batch filters a plane's channels in turn, and takes the cache
 * hints by the batch's data. */
static gboolean
ensure_plan (ClfftFrameFilter * f, guint c, const ClfftChannelRole * roles,
    gboolean * made, GError ** error)
{
  const ClfftFrameChannel *ch = &f->layout.channels[c];
  const ClfftPixels pixels = f->sample_size == 2 ? CLFFT_PIXELS_U16 :
      CLFFT_PIXELS_U8;
  guint i, batch = 1, had_batch;
  gboolean in_turn = FALSE, had_in_turn;
  guint halves = 0, had_halves;
  ClfftFilter2d *filter;
  Plan *plan;

  if (f->plan_of[c] >= 0)
    return TRUE;
  for (i = 0; i < f->n_plans; i++) {
    plan = &f->plans[i];
    if (plan->width == ch->width && plan->height == ch->height
        && plan->sx == ch->sx && plan->sy == ch->sy
        && plan->interleaved == f->interleaved[c])
      break;
  }
  plan = &f->plans[i];
  if (i == f->n_plans) {
    plan->width = ch->width;
    plan->height = ch->height;
    plan->sx = ch->sx;
    plan->sy = ch->sy;
    plan->interleaved = f->interleaved[c];
  }
  /* as decide_batches leaves a plan that runs alone */
  plan->batched = FALSE;
  plan->n_filtered = 0;
  plan->in_turn_plane = -1;
  if (plan_leads (f, i))
    plan_batch (f, plan, roles, &batch, &in_turn);
  halves = i == 0 && c == 0 ? halves_below_first (f, roles) : 0;
  if (i < f->n_plans) {
    f->plan_of[c] = i;
    clfft_filter2d_get_batch_made_for (plan->filter, &had_batch,
        &had_in_turn, &had_halves);
    if (batch <= had_batch && (had_in_turn || !in_turn)
        && (had_halves == halves || !halves))
      return TRUE;
    clfft_log (CLFFT_LOG_INFO, "the %ux%u plan is made again, for the batch "
        "of %u its channels now make%s", plan->width, plan->height, batch,
        halves ? ", with the chroma's rows below" : "");
  }
  filter = batch > 1 || halves ? clfft_filter2d_new_for_batch (f->engine,
      plan->width, plan->height, pixels, batch, in_turn, halves, error) :
      clfft_filter2d_new (f->engine, plan->width, plan->height, pixels,
      f->padding, error);
  if (!filter)
    return FALSE;
  if (i < f->n_plans)
    clfft_filter2d_free (plan->filter);
  else
    f->plan_of[c] = f->n_plans++;
  plan->filter = filter;
  clfft_filter2d_set_tuning (plan->filter, f->tuning);
  clfft_filter2d_set_mode (plan->filter, f->mode);
  apply_output (f, plan);
  *made = TRUE;
  return TRUE;
}

static gboolean
ensure_kernels (ClfftFrameFilter * f, GError ** error)
{
  const gchar *options = f->sample_size == 2 ? "-D SAMPLE_U16" : "";

  return (f->take || (f->take = clfft_kernel_new (f->engine, "planes.cl",
              options, "take_channels", error)))
      && (f->put || (f->put = clfft_kernel_new (f->engine, "planes.cl",
              options, "put_channels", error)))
      && (f->fill || (f->fill = clfft_kernel_new (f->engine, "planes.cl",
              options, "fill_channel", error)))
      && (f->take_luma || (f->take_luma = clfft_kernel_new (f->engine,
              "planes.cl", options, "take_luma", error)))
      && (f->sample_size == 1 || f->take_words
      || (f->take_words = clfft_kernel_new (f->engine, "planes.cl", options,
              "take_words", error)))
      && (f->sample_size == 1 || f->put_words
      || (f->put_words = clfft_kernel_new (f->engine, "planes.cl", options,
              "put_words", error)));
}

/* Whether plane p is channel c alone, filtered, every sample in the
 * container's full range, rows packed: the plan's input as it is. */
static gboolean
plane_is_channel (ClfftFrameFilter * f, guint p, guint c)
{
  return f->layout.channels[c].plane == p
      && channel_fills_plane (f, c, f->roles);
}

/* Whether the output is the filtered picture, which a pair of chroma
 * channels filtered as one gives as each filtered alone would: not where
 * each channel is stretched on its own (normalize) nor in the spectrum
 * view, and only without padding (the pair's mirror is not the pair of
 * mirrors). */
static gboolean
merge_allowed (ClfftFrameFilter * f)
{
  return f->mode == CLFFT_MODE_FILTER && f->output != CLFFT_OUTPUT_NORMALIZE
      && f->padding == CLFFT_PADDING_NONE;
}

/* Whether channels a and b of l are chroma subsampled across whose
 * samples alternate in one plane (NV12's U and V, YUY2's): one channel of
 * both, twice as wide, filtered with each one's mask repeated across
 * (GstClfftMaskParams.interleaved), gives each as filtered alone, in one
 * plan and, for a plane of the two only, without taking them apart
 * (docs/experiments/2026-11-28-chroma-as-one-channel.md). Not channels
 * of full width: RGBx's R and B alternate too, but apart they batch with
 * G. */
static gboolean
chroma_pair (const ClfftFrameLayout * l, gsize sample, guint a, guint b)
{
  const ClfftFrameChannel *x = &l->channels[a], *y = &l->channels[b];
  const guint gap = MAX (x->offset, y->offset) - MIN (x->offset, y->offset);

  return x->packing == CLFFT_SAMPLES_IN_CONTAINERS
      && y->packing == CLFFT_SAMPLES_IN_CONTAINERS && x->plane == y->plane
      && x->width == y->width && x->height == y->height
      && x->depth == y->depth && x->shift == y->shift && x->sx == 2
      && y->sx == 2 && x->sy == y->sy && x->step == y->step
      && 2 * gap == x->step && gap % sample == 0;
}

/* The layout filtered for roles (f->layout, with its roles in working):
 * the caller's, with each pair of filtered chroma channels that
 * chroma_pair takes one channel where the output allows it. */
static void
make_working_layout (ClfftFrameFilter * f, const ClfftChannelRole * roles,
    ClfftChannelRole * working)
{
  const ClfftFrameLayout *l = &f->frame_layout;
  gint partner[CLFFT_FRAME_MAX_CHANNELS];

  for (guint a = 0; a < l->n_channels; a++)
    partner[a] = -1;
  for (guint a = 0; a < l->n_channels && merge_allowed (f); a++)
    for (guint b = a + 1; b < l->n_channels && partner[a] < 0; b++)
      if (roles[a] == CLFFT_CHANNEL_FILTER && roles[b] ==
          CLFFT_CHANNEL_FILTER && partner[b] < 0
          && chroma_pair (l, f->sample_size, a, b)) {
        partner[a] = b;
        partner[b] = a;
      }
  f->layout = *l;
  f->layout.n_channels = 0;
  for (guint c = 0; c < l->n_channels; c++) {
    ClfftFrameChannel *ch;
    guint w;

    if (partner[c] >= 0 && (guint) partner[c] < c)
      continue;
    w = f->layout.n_channels++;
    ch = &f->layout.channels[w];
    *ch = l->channels[c];
    working[w] = roles[c];
    f->interleaved[w] = 1;
    if (partner[c] < 0)
      continue;
    ch->offset = MIN (ch->offset, l->channels[partner[c]].offset);
    ch->step /= 2;
    ch->width *= 2;
    f->interleaved[w] = 2;
    clfft_log (CLFFT_LOG_INFO, "channels %u and %u, %ux%u each, are "
        "filtered as one channel of both, their samples in turn", c,
        partner[c], l->channels[c].width, l->channels[c].height);
  }
}

gboolean
clfft_frame_filter_output_groups (ClfftFrameFilter * f,
    const ClfftChannelRole * roles)
{
  const ClfftFrameLayout *l = &f->frame_layout;

  if (f->padding != CLFFT_PADDING_NONE)
    return FALSE;
  for (guint a = 0; a < l->n_channels; a++)
    for (guint b = a + 1; b < l->n_channels; b++)
      if (roles[a] == CLFFT_CHANNEL_FILTER && roles[b] ==
          CLFFT_CHANNEL_FILTER && chroma_pair (l, f->sample_size, a, b))
        return TRUE;
  return FALSE;
}

gboolean
clfft_frame_filter_set_roles (ClfftFrameFilter * f,
    const ClfftChannelRole * caller_roles, gboolean * new_plans,
    GError ** error)
{
  ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS];

  *new_plans = FALSE;
  if (clfft_frame_filter_in_flight (f)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "channel roles changed with frames in flight");
    return FALSE;
  }
  /* a channel's index may stand for another one now: its buffers go */
  for (guint c = 0; c < CLFFT_FRAME_MAX_CHANNELS; c++) {
    clfft_buffer_release (&f->channels[c]);
    for (guint i = 0; i < MAX_IN_FLIGHT; i++)
      clfft_buffer_release (&f->slots[i].filtered_channels[c]);
    f->plan_of[c] = -1;
    f->roles[c] = CLFFT_CHANNEL_PASS;
  }
  make_working_layout (f, caller_roles, roles);
  memset (f->on_device, 0, sizeof (f->on_device));
  memset (f->direct, 0, sizeof (f->direct));
  f->gray = -1;
  for (guint c = 0; c < f->layout.n_channels; c++) {
    const ClfftFrameChannel *ch = &f->layout.channels[c];
    guint owner;

    f->roles[c] = roles[c];
    if (roles[c] == CLFFT_CHANNEL_GRAY && f->gray < 0) {
      f->gray = c;
    } else if (roles[c] == CLFFT_CHANNEL_GRAY) {
      const ClfftFrameChannel *first = &f->layout.channels[f->gray];

      if (c > (guint) f->gray + 2 || ch->width != first->width
          || ch->height != first->height || ch->sx != first->sx
          || ch->sy != first->sy) {
        g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
            "the luma of channels of different sizes, or of more than "
            "three");
        return FALSE;
      }
    } else if (roles[c] != CLFFT_CHANNEL_FILTER) {
      continue;
    }
    /* GRAY channels share the first one's plan, and its output */
    owner = roles[c] == CLFFT_CHANNEL_GRAY ? (guint) f->gray : c;
    if (!ensure_plan (f, owner, roles, new_plans, error))
      return FALSE;
    f->plan_of[c] = f->plan_of[owner];
    f->on_device[ch->plane] = TRUE;
  }
  for (guint p = 0; p < f->layout.n_planes; p++) {
    if (!f->on_device[p])
      continue;
    for (guint c = 0; c < f->layout.n_channels; c++)
      f->direct[p] |= plane_is_channel (f, p, c);
    if (!f->direct[p] && !ensure_kernels (f, error))
      return FALSE;
  }
  set_ring_planes (f);
  return TRUE;
}

guint
clfft_frame_filter_get_n_plans (ClfftFrameFilter * f)
{
  return f->n_plans;
}

ClfftFilter2d *
clfft_frame_filter_get_plan (ClfftFrameFilter * f, guint index, guint * sx,
    guint * sy, guint * interleaved)
{
  g_return_val_if_fail (index < f->n_plans, NULL);
  if (sx)
    *sx = f->plans[index].sx;
  if (sy)
    *sy = f->plans[index].sy;
  if (interleaved)
    *interleaved = f->plans[index].interleaved;
  return f->plans[index].filter;
}

void
clfft_frame_filter_get_plan_shape (ClfftFrameFilter * f, guint index,
    ClfftFramePlanShape * shape)
{
  const Plan *plan;

  g_return_if_fail (index < f->n_plans);
  plan = &f->plans[index];
  clfft_filter2d_get_transform_size (plan->filter, &shape->width,
      &shape->height);
  shape->sx = plan->sx;
  shape->sy = plan->sy;
  shape->interleaved = plan->interleaved;
}

gboolean
clfft_frame_filter_set_gain (ClfftFrameFilter * f, guint index,
    const gfloat * gain, GError ** error)
{
  g_return_val_if_fail (index < f->n_plans, FALSE);
  /* frames in flight may still read the gain, those of a batch or a stack
   * that another plan leads too */
  return clfft_frame_ring_finish (f->ring, error)
      && clfft_filter2d_set_gain (f->plans[index].filter, gain, error);
}

ClfftTuning
clfft_frame_filter_get_tuning (ClfftFrameFilter * f)
{
  g_return_val_if_fail (f->n_plans > 0, CLFFT_TUNING_OFF);
  return clfft_filter2d_get_tuning (f->plans[0].filter);
}

gboolean
clfft_frame_filter_runs_generic (ClfftFrameFilter * f)
{
  return f->n_plans > 0 && clfft_filter2d_runs_generic (f->plans[0].filter);
}

gboolean
clfft_frame_filter_take_own_programs (ClfftFrameFilter * f,
    gdouble * seconds)
{
  return f->n_plans > 0
      && clfft_filter2d_take_own_programs (f->plans[0].filter, seconds);
}

gboolean
clfft_frame_filter_take_tuned (ClfftFrameFilter * f, gdouble * seconds)
{
  return f->n_plans > 0
      && clfft_filter2d_take_tuned (f->plans[0].filter, seconds);
}

gboolean
clfft_frame_filter_finish_own_programs (ClfftFrameFilter * f,
    GError ** error)
{
  for (guint i = 0; i < f->n_plans; i++)
    if (!clfft_filter2d_finish_own_programs (f->plans[i].filter, error))
      return FALSE;
  return TRUE;
}

void
clfft_frame_filter_cancel_own_programs (ClfftFrameFilter * f)
{
  for (guint i = 0; i < f->n_plans; i++)
    clfft_filter2d_cancel_own_programs (f->plans[i].filter);
}

void
clfft_frame_filter_set_tuning (ClfftFrameFilter * f, ClfftTuning tuning)
{
  f->tuning = tuning;
  for (guint i = 0; i < f->n_plans; i++)
    clfft_filter2d_set_tuning (f->plans[i].filter, tuning);
}

void
clfft_frame_filter_set_output (ClfftFrameFilter * f, ClfftOutput output,
    gfloat gain, gfloat offset)
{
  f->output = output;
  f->output_gain = gain;
  f->output_offset = offset;
  for (guint i = 0; i < f->n_plans; i++)
    apply_output (f, &f->plans[i]);
}

void
clfft_frame_filter_set_saturation (ClfftFrameFilter * f, gfloat percent)
{
  f->saturation = percent;
  for (guint i = 0; i < f->n_plans; i++)
    apply_output (f, &f->plans[i]);
}

void
clfft_frame_filter_set_mode (ClfftFrameFilter * f, ClfftMode mode)
{
  f->mode = mode;
  for (guint i = 0; i < f->n_plans; i++)
    clfft_filter2d_set_mode (f->plans[i].filter, mode);
}

gboolean
clfft_frame_filter_plane_on_device (ClfftFrameFilter * f, guint p)
{
  return p < f->layout.n_planes && f->on_device[p];
}

static gboolean
ensure_buffer (ClfftFrameFilter * f, cl_mem * buffer, gsize size,
    GError ** error)
{
  return *buffer || (*buffer = clfft_buffer_new (f->engine,
          CL_MEM_READ_WRITE, size, NULL, error));
}

/* The channel of a direct plane. */
static guint
direct_channel (ClfftFrameFilter * f, guint p)
{
  guint c = 0;

  while (c + 1 < f->layout.n_channels && f->layout.channels[c].plane != p)
    c++;
  return c;
}

/* The frames (pixels of the first plan) from which plans run side by
 * side: below, the two queues' events cost the device more than the
 * overlap saves (docs/experiments/2026-11-27-side-queue.md). */
#define SIDE_QUEUE_MIN_PIXELS (3840 * 2160)

/* Whether plans after the first would run on the side queue: where the
 * frame is large, or wherever CLFFT_SIDE_QUEUE=1; nowhere with
 * CLFFT_SIDE_QUEUE=0. */
static gboolean
side_queue_pays (ClfftFrameFilter * f)
{
  const Plan *first = &f->plans[0];

  return f->side_queue_override == CLFFT_OVERRIDE_UNSET ?
      (guint64) first->width * first->height >= SIDE_QUEUE_MIN_PIXELS :
      f->side_queue_override == CLFFT_OVERRIDE_ON;
}

/* Whether the next frame's plans after the first run on the engine's
 * side queue: where more than one plan filters, they do not run as a
 * stack, and it pays. */
static void
decide_side_queue (ClfftFrameFilter * f)
{
  guint busy = 0;
  gboolean side;

  for (guint i = 0; i < f->n_plans; i++)
    busy += f->plans[i].n_filtered > 0;
  side = busy > 1 && !f->stacked && side_queue_pays (f);
  if (side != f->side_queue && busy > 1)
    clfft_log (CLFFT_LOG_INFO, "a frame's %u plans run %s", busy,
        side ? "side by side, on two queues" : "one after the other");
  f->side_queue = side;
}

/* Whether the channels merged by the roles may still be one: not after
 * the output or mode changed to one that filters them apart, without the
 * roles set again. */
static gboolean
merges_still_allowed (ClfftFrameFilter * f, GError ** error)
{
  for (guint c = 0; c < f->layout.n_channels; c++)
    if (f->interleaved[c] > 1 && !merge_allowed (f)) {
      g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
          "chroma channels filtered as one, which this output or mode "
          "does not allow: set the roles again after the output and mode");
      return FALSE;
    }
  return TRUE;
}

/* Whether the next frame's two plans run as a stack: the luma's and the
 * chroma's, each filtering its own direct planes, their rows in the same
 * launches (clfft_filter2d_prepare_stack): the chroma of the luma's
 * width (NV12's UV plane as one channel), or two chroma channels of half
 * its width (I420's U and V) side by side. Where the plans would run
 * side by side on two queues (large frames), they stay apart: that
 * costs the device less there. The chroma's launches of its own cost
 * the device more than their work at smaller sizes
 * (docs/experiments/2026-11-28-chroma-rows-with-the-luma.md). */
static gboolean
decide_stack (ClfftFrameFilter * f, GError ** error)
{
  const Plan *top = &f->plans[0], *below = &f->plans[1];
  gboolean stacked = FALSE, halves = FALSE, candidates = !f->stack_off
      && !side_queue_pays (f) && f->n_plans >= 2 && f->gray < 0
      && top->n_filtered == 1 && !top->batched;

  if (candidates && below->n_filtered == 1 && !below->batched)
    candidates = below->width == top->width;
  else if (candidates && below->n_filtered == 2)
    candidates = halves = 2 * below->width == top->width;
  else
    candidates = FALSE;
  for (guint i = 2; i < f->n_plans; i++)
    candidates = candidates && f->plans[i].n_filtered == 0;
  for (guint c = 0; c < f->layout.n_channels; c++)
    if (f->roles[c] == CLFFT_CHANNEL_FILTER)
      candidates = candidates && f->direct[f->layout.channels[c].plane];
  if (candidates && !clfft_filter2d_prepare_stack (top->filter,
          below->filter, halves, &stacked, error))
    return FALSE;
  if (stacked != f->stacked)
    clfft_log (CLFFT_LOG_INFO, "the %ux%u plan and the %ux%u one%s run "
        "their rows %s", top->width, top->height, below->width,
        below->height, halves ? ", two frames side by side," : "",
        stacked ? "in the same launches" : "apart");
  f->stacked = stacked;
  return TRUE;
}

/* Which plans run filtered channels as one batch in the next frame: the
 * first plan of each channel size runs those of every plan of that size
 * (each with its own plan's gain) where it can, else each plan its own;
 * a batch of the two channels of a plane in turn runs in the plane where
 * its plan can. */
static gboolean
decide_batches (ClfftFrameFilter * f, GError ** error)
{
  memset (f->in_turn, 0, sizeof (f->in_turn));
  for (guint i = 0; i < f->n_plans; i++) {
    ClfftFilter2d *sources[CLFFT_FILTER2D_MAX_BATCH] = { NULL };
    guint n = 0;
    gboolean leads = TRUE, in_turn;
    guint pair[2], last = 0;

    f->plans[i].n_filtered = 0;
    f->plans[i].batched = FALSE;
    f->plans[i].in_turn_plane = -1;
    for (guint j = 0; j < i && leads; j++)
      leads = f->plans[j].width != f->plans[i].width
          || f->plans[j].height != f->plans[i].height;
    if (!leads)
      continue;
    for (guint c = 0; c < f->layout.n_channels; c++) {
      const Plan *own = &f->plans[MAX (f->plan_of[c], 0)];

      if (f->roles[c] == CLFFT_CHANNEL_FILTER
          && own->width == f->plans[i].width
          && own->height == f->plans[i].height) {
        if (n < CLFFT_FILTER2D_MAX_BATCH)
          sources[n] = own->filter;
        f->batch_index[c] = n++;
        last = c;
      }
    }
    /* the batch's two channels, a plane's in turn: frame k of the batch
     * is the plane's samples from sample k on */
    in_turn = n == 2 && plane_in_turn (f, f->layout.channels[last].plane,
        f->roles, pair);
    if (in_turn && f->batch_index[pair[0]] == 1) {
      ClfftFilter2d *first = sources[1];

      sources[1] = sources[0];
      sources[0] = first;
      f->batch_index[pair[0]] = 0;
      f->batch_index[pair[1]] = 1;
    }
    if (!clfft_filter2d_prepare_batch (f->plans[i].filter, n,
            &f->plans[i].batched, error))
      return FALSE;
    if (!f->plans[i].batched)
      continue;
    clfft_filter2d_set_batch_gains (f->plans[i].filter, n, sources);
    if (in_turn && clfft_filter2d_runs_in_turn (f->plans[i].filter)) {
      const guint p = f->layout.channels[last].plane;

      if (!f->in_turn_logged)
        clfft_log (CLFFT_LOG_INFO, "plane %u's two channels are filtered "
            "in it, their samples in turn", p);
      f->in_turn_logged = TRUE;
      f->plans[i].in_turn_plane = p;
      f->in_turn[p] = TRUE;
    }
  }
  for (guint c = 0; c < f->layout.n_channels; c++) {
    guint run = f->plan_of[c];

    if (f->roles[c] != CLFFT_CHANNEL_FILTER)
      continue;
    for (guint j = 0; j < f->n_plans; j++)
      if (f->plans[j].batched && f->plans[j].width == f->plans[run].width
          && f->plans[j].height == f->plans[run].height) {
        run = j;
        break;
      }
    f->run_plan[c] = run;
    f->plans[run].n_filtered++;
  }
  if (!decide_stack (f, error))
    return FALSE;
  decide_side_queue (f);
  return TRUE;
}

/* The slot's buffers for the stacked plans' frames. */
static gboolean
ensure_stack (ClfftFrameFilter * f, Slot * slot, GError ** error)
{
  const gsize bytes = (gsize) f->plans[0].width * (f->plans[0].height +
      f->plans[1].height) * f->sample_size;

  if (slot->stack_bytes == bytes)
    return TRUE;
  clfft_buffer_release (&slot->stack_in);
  clfft_buffer_release (&slot->stack_out);
  slot->stack_bytes = 0;
  if (!ensure_buffer (f, &slot->stack_in, bytes, error)
      || !ensure_buffer (f, &slot->stack_out, bytes, error))
    return FALSE;
  slot->stack_bytes = bytes;
  return TRUE;
}

/* Where channel c of a stacked plan enters (input) or leaves it: the
 * stack's buffers, the second plan's rows below the first's. */
static gboolean
stack_place (ClfftFrameFilter * f, Slot * slot, guint c, gboolean input,
    cl_mem * buffer, cl_uint * first, cl_uint * pitch, GError ** error)
{
  if (!ensure_stack (f, slot, error))
    return FALSE;
  *pitch = f->plans[0].width;
  /* below the first plan's rows; two channels there side by side */
  *first = f->run_plan[c] ? f->plans[0].height * *pitch +
      (f->plans[1].n_filtered > 1 ? f->batch_index[c] *
      f->plans[1].width : 0) : 0;
  *buffer = input ? slot->stack_in : slot->stack_out;
  return TRUE;
}

/* The slot's buffers for plan i's batch of this frame. */
static gboolean
ensure_batch (ClfftFrameFilter * f, Slot * slot, guint i, GError ** error)
{
  const Plan *plan = &f->plans[i];
  guint tw, th;

  if (slot->batch_frames[i] >= plan->n_filtered)
    return TRUE;
  clfft_buffer_release (&slot->batch_in[i]);
  clfft_buffer_release (&slot->batch_out[i]);
  slot->batch_frames[i] = 0;
  clfft_filter2d_get_transform_size (plan->filter, &tw, &th);
  if (!(slot->batch_in[i] = clfft_buffer_new (f->engine, CL_MEM_READ_WRITE,
              (gsize) plan->width * plan->height * f->sample_size *
              plan->n_filtered, NULL, error))
      || !(slot->batch_out[i] = clfft_buffer_new (f->engine,
              CL_MEM_READ_WRITE, (gsize) tw * th * f->sample_size *
              plan->n_filtered, NULL, error)))
    return FALSE;
  slot->batch_frames[i] = plan->n_filtered;
  return TRUE;
}

/* Where filtered channel c enters its plan in this frame: the buffer, the
 * sample its first row starts at, and the samples from row to row. */
static gboolean
channel_input (ClfftFrameFilter * f, Slot * slot, guint c, cl_mem * buffer,
    cl_uint * first, cl_uint * pitch, GError ** error)
{
  const ClfftFrameChannel *ch = &f->layout.channels[c];
  const Plan *plan = &f->plans[f->run_plan[c]];
  const gsize bytes = (gsize) ch->width * ch->height * f->sample_size;

  if (f->stacked && f->run_plan[c] < 2)
    return stack_place (f, slot, c, TRUE, buffer, first, pitch, error);
  *first = 0;
  *pitch = ch->width;
  if (plan->batched) {
    *first = f->batch_index[c] * ch->width;
    *pitch = plan->n_filtered * ch->width;
    if (!ensure_batch (f, slot, f->run_plan[c], error))
      return FALSE;
    *buffer = slot->batch_in[f->run_plan[c]];
    return TRUE;
  }
  if (f->direct[ch->plane]) {
    *buffer = slot->planes[ch->plane];
    return TRUE;
  }
  if (!ensure_buffer (f, &f->channels[c], bytes, error))
    return FALSE;
  *buffer = f->channels[c];
  return TRUE;
}

/* Where filtered channel c leaves its plan: at the transform's width. */
static gboolean
channel_output (ClfftFrameFilter * f, Slot * slot, guint c, cl_mem * buffer,
    cl_uint * first, cl_uint * pitch, GError ** error)
{
  Plan *plan = &f->plans[f->run_plan[c]];
  guint tw, th;
  gsize bytes;

  if (f->stacked && f->run_plan[c] < 2)
    return stack_place (f, slot, c, FALSE, buffer, first, pitch, error);
  clfft_filter2d_get_transform_size (plan->filter, &tw, &th);
  bytes = (gsize) tw * th * f->sample_size;
  *first = 0;
  *pitch = tw;
  if (plan->batched) {
    *first = f->batch_index[c] * tw;
    *pitch = plan->n_filtered * tw;
    if (!ensure_batch (f, slot, f->run_plan[c], error))
      return FALSE;
    *buffer = slot->batch_out[f->run_plan[c]];
    return TRUE;
  }
  if (!ensure_buffer (f, &slot->filtered_channels[c], bytes, error))
    return FALSE;
  *buffer = slot->filtered_channels[c];
  return TRUE;
}

/* A planes.cl kernel, its arguments set, over width x height samples. */
static gboolean
launch_over (ClfftFrameFilter * f, cl_kernel kernel, guint width,
    guint height, const gchar * what, GError ** error)
{
  const gsize local[2] = { 32, 8 };
  const gsize global[2] = { (width + 31) / 32 * 32, (height + 7) / 8 * 8 };

  return clfft_kernel_enqueue (f->engine, kernel, 2, global, local, NULL,
      what, error);
}

/* The channels of plane p whose role is role (three at most, each with
 * the plane's rows), in chans, and how many in *n; FALSE where they do
 * not fit one launch of planes.cl. */
static gboolean
plane_channels (ClfftFrameFilter * f, guint p, ClfftChannelRole role,
    guint chans[3], guint * n, GError ** error)
{
  *n = 0;
  for (guint c = 0; c < f->layout.n_channels; c++) {
    if (f->layout.channels[c].plane != p || f->roles[c] != role)
      continue;
    if (*n == 3 || f->layout.channels[c].height != f->layout.rows[p]) {
      g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
          "plane %u: more than three channels, or channels of fewer rows "
          "than the plane", p);
      return FALSE;
    }
    chans[(*n)++] = c;
  }
  return TRUE;
}

/* Channel c, three samples to a word, the only one of plane buffer p,
 * into its plan's input. */
static gboolean
take_words (ClfftFrameFilter * f, Slot * slot, guint p, guint c,
    GError ** error)
{
  const ClfftFrameChannel *ch = &f->layout.channels[c];
  cl_uint first, channel_pitch;
  cl_mem channel;

  if (!channel_input (f, slot, c, &channel, &first, &channel_pitch, error))
    return FALSE;
  {
    const ClfftArgsTakeWords args = {
      .plane = slot->planes[p],
      .pitch = f->layout.row_bytes[p],
      .width = ch->width,
      .height = ch->height,
      .channel = channel,
      .first = first,
      .channel_pitch = channel_pitch,
    };

    return clfft_kernel_args_take_words (f->take_words, &args, error)
        && launch_over (f, f->take_words, ch->width, ch->height,
        "take_words", error);
  }
}

/* What a channel's output (of the filter's range) is multiplied by on
 * its way back into the plane, where it is shifted: normalize and the
 * spectrum view stretch to the container's range, the rest are the
 * samples' values (take_channels took the shift out). */
static gfloat
put_scale (ClfftFrameFilter * f, const ClfftFrameChannel * ch)
{
  const gboolean stretched = f->mode == CLFFT_MODE_SPECTRUM
      || f->output == CLFFT_OUTPUT_NORMALIZE;

  return stretched ? (gfloat) channel_max (ch) /
      ((1u << (8 * f->sample_size)) - 1) : 1.0f;
}

/* Channel c's output into its words in the only channel of plane buffer
 * p, as put_channels does. */
static gboolean
put_words (ClfftFrameFilter * f, Slot * slot, guint p, guint c,
    GError ** error)
{
  const ClfftFrameChannel *ch = &f->layout.channels[c];
  cl_uint first, channel_pitch;
  cl_mem channel;

  if (!channel_output (f, slot, c, &channel, &first, &channel_pitch, error))
    return FALSE;
  {
    const ClfftArgsPutWords args = {
      .plane = slot->planes[p],
      .pitch = f->layout.row_bytes[p],
      .width = ch->width,
      .height = ch->height,
      .channel = channel,
      .first = first,
      .channel_pitch = channel_pitch,
      .scale = put_scale (f, ch),
      .max = channel_max (ch),
    };

    return clfft_kernel_args_put_words (f->put_words, &args, error)
        && launch_over (f, f->put_words, (ch->width + 2) / 3, ch->height,
        "put_words", error);
  }
}

/* The filtered channels of plane buffer p into their plans' inputs, in one
 * launch. */
static gboolean
take_channels (ClfftFrameFilter * f, Slot * slot, guint p, GError ** error)
{
  cl_mem plane = slot->planes[p];
  const cl_uint pitch = f->layout.row_bytes[p] / f->sample_size;
  const cl_uint height = f->layout.rows[p];
  cl_uint offset[3] = { 0 }, step[3] = { 0 }, width[3] = { 0 };
  cl_uint shift[3] = { 0 }, first[3] = { 0 }, channel_pitch[3] = { 0 };
  cl_mem channel[3];
  guint chans[3], n, widest = 0;

  if (!plane_channels (f, p, CLFFT_CHANNEL_FILTER, chans, &n, error))
    return FALSE;
  if (n == 0)
    return TRUE;
  if (f->layout.channels[chans[0]].packing == CLFFT_SAMPLES_THREE_TO_A_WORD)
    return take_words (f, slot, p, chans[0], error);
  for (guint i = 0; i < n; i++) {
    const ClfftFrameChannel *ch = &f->layout.channels[chans[i]];

    if (!channel_input (f, slot, chans[i], &channel[i], &first[i],
            &channel_pitch[i], error))
      return FALSE;
    offset[i] = ch->offset / f->sample_size;
    step[i] = ch->step / f->sample_size;
    width[i] = ch->width;
    shift[i] = ch->shift;
    widest = MAX (widest, ch->width);
  }
  /* no channel there (width 0): any buffer */
  for (guint i = n; i < 3; i++)
    channel[i] = channel[0];
  {
    const ClfftArgsTakeChannels args = {
      .plane = plane,
      .pitch = pitch,
      .height = height,
      .offset0 = offset[0],
      .step0 = step[0],
      .width0 = width[0],
      .shift0 = shift[0],
      .channel0 = channel[0],
      .first0 = first[0],
      .channel_pitch0 = channel_pitch[0],
      .offset1 = offset[1],
      .step1 = step[1],
      .width1 = width[1],
      .shift1 = shift[1],
      .channel1 = channel[1],
      .first1 = first[1],
      .channel_pitch1 = channel_pitch[1],
      .offset2 = offset[2],
      .step2 = step[2],
      .width2 = width[2],
      .shift2 = shift[2],
      .channel2 = channel[2],
      .first2 = first[2],
      .channel_pitch2 = channel_pitch[2],
    };

    return clfft_kernel_args_take_channels (f->take, &args, error)
        && launch_over (f, f->take, widest, height, "take_channels", error);
  }
}

/* The plans' outputs (rows of the transform's width; the first GRAY
 * channel's for every GRAY one) of plane p's channels of role back into
 * plane buffer, each in its range, in one launch. */
static gboolean
put_channels (ClfftFrameFilter * f, Slot * slot, guint p,
    ClfftChannelRole role, GError ** error)
{
  cl_mem plane = slot->planes[p];
  const cl_uint pitch = f->layout.row_bytes[p] / f->sample_size;
  const cl_uint height = f->layout.rows[p];
  cl_uint channel_pitch[3] = { 0 }, max[3] = { 0 }, shift[3] = { 0 };
  cl_uint offset[3] = { 0 }, step[3] = { 0 }, width[3] = { 0 };
  cl_uint first[3] = { 0 };
  cl_float scale[3] = { 0 };
  cl_mem channel[3];
  guint chans[3], n, widest = 0;

  if (!plane_channels (f, p, role, chans, &n, error))
    return FALSE;
  if (n == 0)
    return TRUE;
  /* the plane's only channel */
  if (f->layout.channels[chans[0]].packing == CLFFT_SAMPLES_THREE_TO_A_WORD)
    return put_words (f, slot, p, chans[0], error);
  for (guint i = 0; i < n; i++) {
    const ClfftFrameChannel *ch = &f->layout.channels[chans[i]];

    if (role == CLFFT_CHANNEL_GRAY) {
      guint th;

      clfft_filter2d_get_transform_size (f->plans[f->plan_of[chans[i]]].
          filter, &channel_pitch[i], &th);
      channel[i] = slot->filtered_channels[f->gray];
    } else if (!channel_output (f, slot, chans[i], &channel[i], &first[i],
            &channel_pitch[i], error)) {
      return FALSE;
    }
    max[i] = channel_max (ch);
    shift[i] = ch->shift;
    scale[i] = put_scale (f, ch);
    offset[i] = ch->offset / f->sample_size;
    step[i] = ch->step / f->sample_size;
    width[i] = ch->width;
    widest = MAX (widest, ch->width);
  }
  for (guint i = n; i < 3; i++)
    channel[i] = channel[0];
  {
    const ClfftArgsPutChannels args = {
      .plane = plane,
      .pitch = pitch,
      .height = height,
      .channel0 = channel[0],
      .first0 = first[0],
      .channel_pitch0 = channel_pitch[0],
      .scale0 = scale[0],
      .max0 = max[0],
      .shift0 = shift[0],
      .offset0 = offset[0],
      .step0 = step[0],
      .width0 = width[0],
      .channel1 = channel[1],
      .first1 = first[1],
      .channel_pitch1 = channel_pitch[1],
      .scale1 = scale[1],
      .max1 = max[1],
      .shift1 = shift[1],
      .offset1 = offset[1],
      .step1 = step[1],
      .width1 = width[1],
      .channel2 = channel[2],
      .first2 = first[2],
      .channel_pitch2 = channel_pitch[2],
      .scale2 = scale[2],
      .max2 = max[2],
      .shift2 = shift[2],
      .offset2 = offset[2],
      .step2 = step[2],
      .width2 = width[2],
    };

    return clfft_kernel_args_put_channels (f->put, &args, error)
        && launch_over (f, f->put, widest, height, "put_channels", error);
  }
}

/* Channel c of plane buffer set to its mid value. */
static gboolean
fill_channel (ClfftFrameFilter * f, guint c, cl_mem plane, GError ** error)
{
  const ClfftFrameChannel *ch = &f->layout.channels[c];
  const cl_uint pitch = f->layout.row_bytes[ch->plane] / f->sample_size;
  const cl_uint offset = ch->offset / f->sample_size;
  const cl_uint step = ch->step / f->sample_size;
  const cl_uint mid = (1u << (ch->depth - 1)) << ch->shift;
  const ClfftArgsFillChannel args = {
    .plane = plane,
    .pitch = pitch,
    .offset = offset,
    .step = step,
    .width = ch->width,
    .height = ch->height,
    .value = mid,
  };

  return clfft_kernel_args_fill_channel (f->fill, &args, error)
      && launch_over (f, f->fill, ch->width, ch->height, "fill_channel",
      error);
}

/* The GRAY channels' luma (plane, pitch, offset, step and weight of each
 * of three) into the first one's input. */
static gboolean
take_luma (ClfftFrameFilter * f, const cl_mem planes[3],
    const cl_uint pitch[3], const cl_uint offset[3], const cl_uint step[3],
    const cl_float weight[3], GError ** error)
{
  const ClfftFrameChannel *first = &f->layout.channels[f->gray];
  const ClfftArgsTakeLuma args = {
    .plane0 = planes[0],
    .pitch0 = pitch[0],
    .offset0 = offset[0],
    .step0 = step[0],
    .weight0 = weight[0],
    .plane1 = planes[1],
    .pitch1 = pitch[1],
    .offset1 = offset[1],
    .step1 = step[1],
    .weight1 = weight[1],
    .plane2 = planes[2],
    .pitch2 = pitch[2],
    .offset2 = offset[2],
    .step2 = step[2],
    .weight2 = weight[2],
    .width = first->width,
    .height = first->height,
    .channel = f->channels[f->gray],
  };

  return clfft_kernel_args_take_luma (f->take_luma, &args, error)
      && launch_over (f, f->take_luma, first->width, first->height,
      "take_luma", error);
}

/* The GRAY channels' luma into the first one's input, filtered, and put
 * into each of them. */
static gboolean
filter_luma (ClfftFrameFilter * f, Slot * slot, GError ** error)
{
  const ClfftFrameChannel *first = &f->layout.channels[f->gray];
  ClfftFilter2d *plan = f->plans[f->plan_of[f->gray]].filter;
  cl_mem planes[3];
  cl_uint pitch[3], offset[3], step[3];
  cl_float weight[3];
  guint tw, th;

  for (guint i = 0; i < 3; i++) {
    /* a channel that is not GRAY reads the first one, weighing nothing */
    guint c = f->gray + i < f->layout.n_channels
        && f->roles[f->gray + i] == CLFFT_CHANNEL_GRAY ? f->gray + i :
        (guint) f->gray;
    const ClfftFrameChannel *ch = &f->layout.channels[c];

    planes[i] = slot->planes[ch->plane];
    pitch[i] = f->layout.row_bytes[ch->plane] / f->sample_size;
    offset[i] = ch->offset / f->sample_size;
    step[i] = ch->step / f->sample_size;
    weight[i] = c == f->gray + i ? ch->luma_weight : 0.0f;
  }
  clfft_filter2d_get_transform_size (plan, &tw, &th);
  if (!ensure_buffer (f, &f->channels[f->gray], (gsize) first->width *
          first->height * f->sample_size, error)
      || !ensure_buffer (f, &slot->filtered_channels[f->gray], (gsize) tw *
          th * f->sample_size, error)
      || !take_luma (f, planes, pitch, offset, step, weight, error)
      || !clfft_filter2d_enqueue_buffers (plan, f->channels[f->gray],
          slot->filtered_channels[f->gray], error))
    return FALSE;
  for (guint p = 0; p < f->layout.n_planes; p++)
    if (f->on_device[p] && !put_channels (f, slot, p, CLFFT_CHANNEL_GRAY,
            error))
      return FALSE;
  return TRUE;
}

/* The filtered channels that plan i runs, on the engine's queue as it is
 * now. */
static gboolean
enqueue_plan (ClfftFrameFilter * f, Slot * slot, guint i, GError ** error)
{
  Plan *plan = &f->plans[i];

  /* the stack runs once, at its first plan */
  if (f->stacked && i < 2)
    return i == 1 || (ensure_stack (f, slot, error)
        && clfft_filter2d_enqueue_stack (plan->filter, f->plans[1].filter,
            slot->stack_in, slot->stack_out, error));
  if (plan->in_turn_plane >= 0) {
    const guint p = plan->in_turn_plane;

    return clfft_filter2d_enqueue_in_turn (plan->filter, slot->planes[p],
        f->layout.row_bytes[p] / f->sample_size, error);
  }
  for (guint c = 0; c < f->layout.n_channels; c++) {
    cl_mem in, out;
    cl_uint first, pitch;

    if (f->roles[c] != CLFFT_CHANNEL_FILTER || f->run_plan[c] != i)
      continue;
    if (!channel_input (f, slot, c, &in, &first, &pitch, error)
        || !channel_output (f, slot, c, &out, &first, &pitch, error))
      return FALSE;
    /* a batch runs once, at its first channel */
    if (plan->batched ? f->batch_index[c] == 0
        && !clfft_filter2d_enqueue_batch (plan->filter, in, out,
            plan->n_filtered, error) :
        !clfft_filter2d_enqueue_buffers (plan->filter, in, out, error))
      return FALSE;
  }
  return TRUE;
}

/* The plans after the first on the side queue, behind what the engine's
 * queue holds now where behind_queue, else behind the slot's uploads;
 * *done: their end. */
static gboolean
enqueue_side_plans (ClfftFrameFilter * f, Slot * slot, gboolean behind_queue,
    cl_event * done, GError ** error)
{
  cl_command_queue queue = clfft_engine_get_queue (f->engine), side;
  cl_event behind = NULL;
  cl_int st = CL_SUCCESS;
  gboolean ok;

  if (behind_queue) {
    st = clEnqueueMarkerWithWaitList (queue, 0, NULL, &behind);
    if (st == CL_SUCCESS)
      st = clFlush (queue);
  } else if (slot->uploaded) {
    st = clRetainEvent (slot->uploaded);
    behind = slot->uploaded;
  }
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clEnqueueMarkerWithWaitList, clFlush, "
        "clRetainEvent (before the side queue)");
  if (!clfft_engine_begin_side (f->engine, error)) {
    clfft_event_release (&behind);
    return FALSE;
  }
  side = clfft_engine_get_queue (f->engine);
  if (behind)
    st = clEnqueueBarrierWithWaitList (side, 1, &behind, NULL);
  ok = st == CL_SUCCESS || clfft_fail (error, st,
      "clEnqueueBarrierWithWaitList (side queue)");
  for (guint i = 1; ok && i < f->n_plans; i++)
    ok = enqueue_plan (f, slot, i, error);
  if (ok) {
    st = clEnqueueMarkerWithWaitList (side, 0, NULL, done);
    if (st == CL_SUCCESS)
      st = clFlush (side);
    ok = st == CL_SUCCESS || clfft_fail (error, st,
        "clEnqueueMarkerWithWaitList, clFlush (side queue)");
  }
  if (!ok)
    clfft_warn_on_failure (clFinish (side), "clFinish (side queue)");
  clfft_engine_end_side (f->engine);
  clfft_event_release (&behind);
  return ok;
}

/* The engine's part of a frame; the caller holds the engine's queue. */
static gboolean
filter_channels (ClfftFrameFilter * f, Slot * slot, GError ** error)
{
  cl_event side_done = NULL;
  gboolean ok = TRUE, packed = FALSE;

  for (guint p = 0; p < f->layout.n_planes; p++)
    if (f->on_device[p] && !f->direct[p] && !f->in_turn[p]) {
      if (!take_channels (f, slot, p, error))
        return FALSE;
      packed = TRUE;
    }
  clfft_event_release (&slot->side_done);
  if (f->side_queue)
    ok = enqueue_side_plans (f, slot, packed, &side_done, error)
        && enqueue_plan (f, slot, 0, error);
  else
    for (guint i = 0; ok && i < f->n_plans; i++)
      ok = enqueue_plan (f, slot, i, error);
  /* planes as they are downloaded: the download waits */
  if (side_done && !packed && f->gray < 0) {
    slot->side_done = side_done;
    side_done = NULL;
  }
  if (side_done) {
    cl_int st = clEnqueueBarrierWithWaitList (clfft_engine_get_queue
        (f->engine), 1, &side_done, NULL);

    ok = ok && (st == CL_SUCCESS || clfft_fail (error, st,
            "clEnqueueBarrierWithWaitList (after the side queue)"));
    if (st != CL_SUCCESS)
      clfft_warn_on_failure (clWaitForEvents (1, &side_done),
          "waiting for the side queue");
    clfft_event_release (&side_done);
  }
  if (!ok)
    return FALSE;
  for (guint p = 0; p < f->layout.n_planes; p++)
    if (f->on_device[p] && !f->direct[p] && !f->in_turn[p]
        && !put_channels (f, slot, p, CLFFT_CHANNEL_FILTER, error))
      return FALSE;
  if (f->gray >= 0 && !filter_luma (f, slot, error))
    return FALSE;
  for (guint c = 0; c < f->layout.n_channels; c++)
    if (f->roles[c] == CLFFT_CHANNEL_NEUTRAL
        && f->on_device[f->layout.channels[c].plane]
        && !fill_channel (f, c, slot->planes[f->layout.channels[c].plane],
            error))
      return FALSE;
  return TRUE;
}

/* The frame filter as its ring's work (clfft-frame-ring.h). */
static gboolean
work_prepare (gpointer work, GError ** error)
{
  ClfftFrameFilter *f = work;

  for (guint i = 0; i < f->n_plans; i++)
    if (!clfft_filter2d_prepare_frame (f->plans[i].filter, error))
      return FALSE;
  return merges_still_allowed (f, error) && decide_batches (f, error);
}

/* Where plane p enters or leaves the frame's work: a plane of channels
 * taken out and put back is worked on in place, in the ring's buffer; a
 * direct plane goes where its plan reads it (in a batch or the stack,
 * between the other frames' rows) and comes from where its plan writes
 * it. A plan that reads the plane as it is only reads it: that may be the
 * frame's own memory. */
static gboolean
work_place (gpointer work, guint s, guint p, gboolean input,
    ClfftPlanePlace * place, GError ** error)
{
  ClfftFrameFilter *f = work;
  Slot *slot = &f->slots[s];
  const guint c = direct_channel (f, p);
  const Plan *plan = &f->plans[f->run_plan[c]];
  cl_uint first, pitch;

  if (!f->direct[p])
    return TRUE;
  if (input && !plan->batched && !(f->stacked && f->run_plan[c] < 2)) {
    place->read_align = clfft_filter2d_get_read_align (plan->filter);
    return TRUE;
  }
  if (!(input ? channel_input (f, slot, c, &place->buffer, &first, &pitch,
              error) : channel_output (f, slot, c, &place->buffer, &first,
              &pitch, error)))
    return FALSE;
  place->offset = first * f->sample_size;
  place->pitch = pitch * f->sample_size;
  return TRUE;
}

static gboolean
work_enqueue (gpointer work, const ClfftRingFrame * frame, cl_event * also,
    GError ** error)
{
  ClfftFrameFilter *f = work;
  Slot *slot = &f->slots[frame->slot];

  memcpy (slot->planes, frame->planes, sizeof (slot->planes));
  slot->uploaded = frame->uploaded;
  f->last_slot = frame->slot;
  if (!filter_channels (f, slot, error))
    return FALSE;
  *also = slot->side_done;
  return TRUE;
}

static const ClfftFrameWorkOps ring_work = {
  work_prepare, work_place, work_enqueue
};

/* The planes that the roles set move through the device. */
static void
set_ring_planes (ClfftFrameFilter * f)
{
  ClfftRingPlanes planes = {.n_planes = f->layout.n_planes };

  for (guint p = 0; p < f->layout.n_planes; p++) {
    planes.row_bytes[p] = f->layout.row_bytes[p];
    planes.rows[p] = f->layout.rows[p];
    planes.moved[p] = f->on_device[p];
  }
  clfft_frame_ring_set_planes (f->ring, &planes);
}

gboolean
clfft_frame_filter_submit (ClfftFrameFilter * f, const ClfftHostPlanes * src,
    const ClfftHostPlanes * dst, GError ** error)
{
  return clfft_frame_ring_submit (f->ring, src, dst, error);
}

gboolean
clfft_frame_filter_collect (ClfftFrameFilter * f, GError ** error)
{
  return clfft_frame_ring_collect (f->ring, error);
}

gboolean
clfft_frame_filter_enqueue (ClfftFrameFilter * f, GError ** error)
{
  Slot *slot = &f->slots[f->last_slot];
  gboolean ok = TRUE;

  /* the ring's buffers: a plane read in place has gone with its frame */
  for (guint p = 0; ok && p < f->layout.n_planes; p++)
    if (f->on_device[p])
      ok = (slot->planes[p] = clfft_frame_ring_get_plane (f->ring,
              f->last_slot, p, error)) != NULL;
  slot->uploaded = NULL;
  clfft_engine_lock_queue (f->engine);
  ok = ok && filter_channels (f, slot, error);
  clfft_engine_unlock_queue (f->engine);
  return ok;
}

gboolean
clfft_frame_filter_join (ClfftFrameFilter * f, GError ** error)
{
  Slot *slot = &f->slots[f->last_slot];
  cl_int st;

  if (!slot->side_done)
    return TRUE;
  clfft_engine_lock_queue (f->engine);
  st = clEnqueueBarrierWithWaitList (clfft_engine_get_queue (f->engine), 1,
      &slot->side_done, NULL);
  clfft_engine_unlock_queue (f->engine);
  return st == CL_SUCCESS || clfft_fail (error, st,
      "clEnqueueBarrierWithWaitList (joining the side queue)");
}

void
clfft_frame_filter_set_shared_memory (ClfftFrameFilter * f, gboolean shared)
{
  clfft_frame_ring_set_shared_memory (f->ring, shared);
}

guint
clfft_frame_filter_in_flight (ClfftFrameFilter * f)
{
  return clfft_frame_ring_in_flight (f->ring);
}

void
clfft_frame_filter_free (ClfftFrameFilter * f)
{
  /* first: it waits for the frames in flight */
  clfft_frame_ring_free (f->ring);
  for (guint i = 0; i < f->n_plans; i++)
    clfft_filter2d_free (f->plans[i].filter);
  for (guint i = 0; i < MAX_IN_FLIGHT; i++) {
    Slot *slot = &f->slots[i];

    clfft_event_release (&slot->side_done);
    for (guint c = 0; c < CLFFT_FRAME_MAX_CHANNELS; c++) {
      clfft_buffer_release (&slot->filtered_channels[c]);
      clfft_buffer_release (&slot->batch_in[c]);
      clfft_buffer_release (&slot->batch_out[c]);
    }
    clfft_buffer_release (&slot->stack_in);
    clfft_buffer_release (&slot->stack_out);
  }
  for (guint c = 0; c < CLFFT_FRAME_MAX_CHANNELS; c++)
    clfft_buffer_release (&f->channels[c]);
  clfft_kernel_release (&f->take);
  clfft_kernel_release (&f->put);
  clfft_kernel_release (&f->take_words);
  clfft_kernel_release (&f->put_words);
  clfft_kernel_release (&f->fill);
  clfft_kernel_release (&f->take_luma);
  clfft_engine_unref (f->engine);
  g_free (f);
}
