/* clfft2dfilter with frames in flight (pipeline-depth): every frame comes
 * out once, in order, with its timestamps and the pixels of depth 1 (to
 * within the rounding of the generic filter of a size's first frames); held
 * frames leave before EOS and caps, a flush drops them; the latency grows
 * by the frames held; upstream gets a pool with room for them. */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/app/gstappsrc.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "filter-reference.h"
#include "reference.h"

#define FRAME_DURATION (GST_SECOND / 25)

static GRand *rng;

static void
setup (void)
{
  rng = ref_rand_new ();
}

static void
teardown (void)
{
  g_rand_free (rng);
}

static GstHarness *
harness_new (guint width, guint height, guint depth)
{
  gchar *launch = g_strdup_printf ("clfft2dfilter filter=bandpass "
      "cutoff=0.05 cutoff-high=0.3 output=abs gain=2 pipeline-depth=%u",
      depth);
  gchar *caps = g_strdup_printf ("video/x-raw, format=GRAY8, width=%u, "
      "height=%u, framerate=25/1", width, height);
  GstHarness *h = gst_harness_new_parse (launch);

  gst_harness_set_caps_str (h, caps, caps);
  g_free (launch);
  g_free (caps);
  return h;
}

/* Frame i of a stream: random pixels (from the test's seed), stamped
 * i frames in. */
static GstBuffer *
stream_frame (guint width, guint height, guint i)
{
  GstVideoInfo info;
  GstBuffer *buf;
  GstMapInfo map;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_GRAY8, width, height);
  buf = gst_buffer_new_allocate (NULL, info.size, NULL);
  fail_unless (gst_buffer_map (buf, &map, GST_MAP_WRITE));
  for (gsize j = 0; j < map.size; j++)
    map.data[j] = g_rand_int_range (rng, 0, 256);
  gst_buffer_unmap (buf, &map);
  GST_BUFFER_PTS (buf) = i * FRAME_DURATION;
  GST_BUFFER_DTS (buf) = i * FRAME_DURATION;
  GST_BUFFER_DURATION (buf) = FRAME_DURATION;
  GST_BUFFER_OFFSET (buf) = i;
  return buf;
}

static GstBuffer **
stream_frames (guint width, guint height, guint n)
{
  GstBuffer **frames = g_new (GstBuffer *, n);

  for (guint i = 0; i < n; i++)
    frames[i] = stream_frame (width, height, i);
  return frames;
}

static void
free_frames (GstBuffer ** frames, guint n)
{
  for (guint i = 0; i < n; i++)
    gst_buffer_unref (frames[i]);
  g_free (frames);
}

static void
push_frames (GstHarness * h, GstBuffer ** frames, guint first_frame,
    guint n)
{
  for (guint i = first_frame; i < first_frame + n; i++)
    fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (frames[i])),
        GST_FLOW_OK);
}

/* The outputs the harness has, all of them. */
static GPtrArray *
pull_all (GstHarness * h)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);
  GstBuffer *buf;

  while ((buf = gst_harness_try_pull (h)))
    g_ptr_array_add (out, buf);
  return out;
}

/* Each frame of frames (in) through a depth 1 element, one at a time. */
static GPtrArray *
filter_one_by_one (guint width, guint height, GstBuffer ** frames,
    guint n)
{
  GstHarness *h = harness_new (width, height, 1);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);

  for (guint i = 0; i < n; i++) {
    fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (frames[i])),
        GST_FLOW_OK);
    /* depth 1: the frame is out before push returns */
    g_ptr_array_add (out, gst_harness_try_pull (h));
    fail_unless (out->pdata[i] != NULL, "frame %u not out at depth 1", i);
  }
  gst_harness_teardown (h);
  return out;
}

/* got within 1 of expected everywhere and equal in all but 2% of the
 * pixels: a size's first frames may run the generic filter while its own
 * programs build (clfft-filter-generic.h), which rounds a few values the
 * other way; a frame lost, repeated or out of order differs everywhere. */
static void
assert_pixels_close (const guint8 * got, const guint8 * expected, gsize n,
    const gchar * what, guint i)
{
  gsize differ = 0;

  for (gsize p = 0; p < n; p++) {
    if (ABS ((gint) got[p] - (gint) expected[p]) > 1)
      fail ("%s: frame %u, pixel %" G_GSIZE_FORMAT " is %u, not %u", what, i,
          p, got[p], expected[p]);
    differ += got[p] != expected[p];
  }
  fail_unless (differ * 50 <= n, "%s: frame %u, %" G_GSIZE_FORMAT
      " pixels of %" G_GSIZE_FORMAT " differ by 1", what, i, differ, n);
}

static void
assert_same_frame (GstBuffer * got, GstBuffer * expected, const gchar * what,
    guint i)
{
  GstMapInfo a, b;

  fail_unless_equals_uint64 (GST_BUFFER_PTS (got), GST_BUFFER_PTS (expected));
  fail_unless_equals_uint64 (GST_BUFFER_DTS (got), GST_BUFFER_DTS (expected));
  fail_unless_equals_uint64 (GST_BUFFER_DURATION (got),
      GST_BUFFER_DURATION (expected));
  fail_unless_equals_uint64 (GST_BUFFER_OFFSET (got),
      GST_BUFFER_OFFSET (expected));
  fail_unless (gst_buffer_map (got, &a, GST_MAP_READ));
  fail_unless (gst_buffer_map (expected, &b, GST_MAP_READ));
  fail_unless_equals_uint64 (a.size, b.size);
  assert_pixels_close (a.data, b.data, a.size, what, i);
  gst_buffer_unmap (got, &a);
  gst_buffer_unmap (expected, &b);
}

/* Depths 1, 2 and 3 with 1, 2 and 37 frames, EOS right after the last:
 * exactly the input frames come out, in order, with their timestamps and
 * depth 1's pixels. Before EOS, depth - 1 frames are held,
 * but never the first (a sink prerolls on it). */
GST_START_TEST (test_depths_deliver_every_frame)
{
  const guint w = 64, h = 48, counts[] = { 1, 2, 37 };

  for (guint c = 0; c < G_N_ELEMENTS (counts); c++) {
    guint n = counts[c];
    GstBuffer **frames = stream_frames (w, h, n);
    GPtrArray *expected = filter_one_by_one (w, h, frames, n);

    for (guint depth = 1; depth <= 3; depth++) {
      GstHarness *hn = harness_new (w, h, depth);
      GPtrArray *out;
      gchar *what = g_strdup_printf ("depth %u, %u frames", depth, n);

      push_frames (hn, frames, 0, n);
      fail_unless_equals_int (gst_harness_buffers_in_queue (hn),
          n - MIN (depth - 1, n - 1));
      fail_unless (gst_harness_push_event (hn, gst_event_new_eos ()));
      out = pull_all (hn);
      fail_unless_equals_int (out->len, n);
      for (guint i = 0; i < n; i++)
        assert_same_frame (out->pdata[i], expected->pdata[i], what, i);
      g_ptr_array_unref (out);
      g_free (what);
      gst_harness_teardown (hn);
    }
    g_ptr_array_unref (expected);
    free_frames (frames, n);
  }
}

GST_END_TEST;

/* A flush at depth 3 with two frames held drops them; the stream goes on
 * after it with every frame delivered. */
GST_START_TEST (test_flush_drops_held_frames)
{
  const guint w = 64, h = 48, n = 9;
  GstBuffer **frames = stream_frames (w, h, n);
  GPtrArray *expected = filter_one_by_one (w, h, frames, n), *out;
  GstHarness *hn = harness_new (w, h, 3);
  GstSegment segment;
  const guint delivered[] = { 0, 1, 2, 5, 6, 7, 8 };

  push_frames (hn, frames, 0, 5);
  fail_unless_equals_int (gst_harness_buffers_in_queue (hn), 3);
  fail_unless (gst_harness_push_event (hn, gst_event_new_flush_start ()));
  fail_unless (gst_harness_push_event (hn, gst_event_new_flush_stop (TRUE)));
  gst_segment_init (&segment, GST_FORMAT_TIME);
  fail_unless (gst_harness_push_event (hn, gst_event_new_segment (&segment)));
  push_frames (hn, frames, 5, 4);
  fail_unless (gst_harness_push_event (hn, gst_event_new_eos ()));
  out = pull_all (hn);
  fail_unless_equals_int (out->len, G_N_ELEMENTS (delivered));
  for (guint i = 0; i < out->len; i++)
    assert_same_frame (out->pdata[i], expected->pdata[delivered[i]],
        "after a flush", delivered[i]);
  g_ptr_array_unref (out);
  g_ptr_array_unref (expected);
  gst_harness_teardown (hn);
  free_frames (frames, n);
}

GST_END_TEST;

/* 640x480 then 320x240 at depth 2: the held 640x480 frame leaves before
 * the new caps, and every frame of both sizes comes out, each with its
 * own size's pixels. */
GST_START_TEST (test_caps_change_delivers_both_sizes)
{
  const guint n = 4;
  GstBuffer **large = stream_frames (640, 480, n);
  GstBuffer **small = stream_frames (320, 240, n);
  GPtrArray *expected_large = filter_one_by_one (640, 480, large, n);
  GPtrArray *expected_small = filter_one_by_one (320, 240, small, n);
  GstHarness *hn = harness_new (640, 480, 2);
  GPtrArray *out;
  GstCaps *caps;
  GstVideoInfo info;

  gst_harness_set_sink_caps_str (hn, "video/x-raw, format=GRAY8");

  push_frames (hn, large, 0, n);
  gst_harness_set_src_caps_str (hn, "video/x-raw, format=GRAY8, "
      "width=320, height=240, framerate=25/1");
  push_frames (hn, small, 0, n);
  fail_unless (gst_harness_push_event (hn, gst_event_new_eos ()));
  out = pull_all (hn);
  fail_unless_equals_int (out->len, 2 * n);
  for (guint i = 0; i < n; i++) {
    assert_same_frame (out->pdata[i], expected_large->pdata[i], "640x480",
        i);
    assert_same_frame (out->pdata[n + i], expected_small->pdata[i],
        "320x240", i);
  }
  caps = gst_pad_get_current_caps (hn->sinkpad);
  fail_unless (gst_video_info_from_caps (&info, caps));
  fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&info), 320);
  gst_caps_unref (caps);
  g_ptr_array_unref (out);
  g_ptr_array_unref (expected_large);
  g_ptr_array_unref (expected_small);
  gst_harness_teardown (hn);
  free_frames (large, n);
  free_frames (small, n);
}

GST_END_TEST;

/* The latency query adds (depth - 1) frames to upstream's: automatic depth
 * is 1 behind the harness (a live source) and 2 behind a non-live appsrc.
 * A change of depth while playing posts a latency message. */
GST_START_TEST (test_latency_follows_depth)
{
  const GstClockTime upstream = 10 * GST_MSECOND;

  for (guint depth = 0; depth <= 4; depth++) {
    GstHarness *hn = harness_new (64, 48, depth);
    guint effective = depth ? depth : 1;

    gst_harness_set_upstream_latency (hn, upstream);
    fail_unless_equals_uint64 (gst_harness_query_latency (hn),
        upstream + (effective - 1) * FRAME_DURATION);
    gst_harness_teardown (hn);
  }

  {
    GstHarness *hn = harness_new (64, 48, 1);
    GstBus *bus = gst_bus_new ();
    GstElement *filter = gst_harness_find_element (hn, "clfft2dfilter");
    GstBuffer **frames = stream_frames (64, 48, 2);
    GstMessage *msg;

    gst_element_set_bus (filter, bus);
    fail_unless_equals_uint64 (gst_harness_query_latency (hn), 0);
    push_frames (hn, frames, 0, 1);
    fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_LATENCY) == NULL);
    g_object_set (filter, "pipeline-depth", 3, NULL);
    push_frames (hn, frames, 1, 1);
    msg = gst_bus_pop_filtered (bus, GST_MESSAGE_LATENCY);
    fail_unless (msg != NULL, "no latency message when the depth changed");
    gst_message_unref (msg);
    fail_unless_equals_uint64 (gst_harness_query_latency (hn),
        2 * FRAME_DURATION);
    gst_element_set_bus (filter, NULL);
    gst_object_unref (bus);
    gst_object_unref (filter);
    free_frames (frames, 2);
    gst_harness_teardown (hn);
  }

  {
    GstElement *pipeline = gst_parse_launch ("appsrc name=src is-live=false "
        "format=time caps=video/x-raw,format=GRAY8,width=64,height=48,"
        "framerate=25/1 ! clfft2dfilter name=f ! fakesink sync=false", NULL);
    GstElement *filter = gst_bin_get_by_name (GST_BIN (pipeline), "f");
    GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
    GstPad *pad = gst_element_get_static_pad (filter, "src");
    GstQuery *query = gst_query_new_latency ();
    GstClockTime min;
    gboolean live;

    fail_unless (gst_element_set_state (pipeline, GST_STATE_PAUSED) !=
        GST_STATE_CHANGE_FAILURE);
    /* one frame is enough to preroll at depth 2 */
    fail_unless_equals_int (gst_app_src_push_buffer (GST_APP_SRC (src),
            stream_frame (64, 48, 0)), GST_FLOW_OK);
    fail_unless_equals_int (gst_element_get_state (pipeline, NULL, NULL,
            GST_CLOCK_TIME_NONE), GST_STATE_CHANGE_SUCCESS);
    fail_unless (gst_pad_query (pad, query));
    gst_query_parse_latency (query, &live, &min, NULL);
    fail_if (live);
    fail_unless_equals_uint64 (min, FRAME_DURATION);
    gst_query_unref (query);
    gst_object_unref (pad);
    gst_object_unref (src);
    gst_object_unref (filter);
    gst_element_set_state (pipeline, GST_STATE_NULL);
    gst_object_unref (pipeline);
  }
}

GST_END_TEST;

/* Whether buffer's memory is what the device reaches directly: pinned
 * memory of the engine on a GPU, memory at the device's base address
 * alignment where its memory is the host's. */
static gboolean
memory_for_device (GstBuffer * buffer, const ClfftDeviceInfo * device)
{
  GstMemory *mem = gst_buffer_peek_memory (buffer, 0);
  GstMapInfo map;
  gboolean aligned;

  if (!device->host_unified_memory)
    return gst_buffer_n_memory (buffer) == 1
        && gst_memory_is_type (mem, "ClfftPinnedHost");
  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_READ));
  aligned = (guintptr) map.data % device->mem_base_addr_align == 0;
  gst_buffer_unmap (buffer, &map);
  return aligned;
}

/* Upstream is offered a pool with room for the frames in flight, of host
 * memory the device uses directly; frames written into its buffers come
 * out as they would from any other memory, and on a GPU the outputs are
 * in pinned memory too. */
GST_START_TEST (test_proposes_pool)
{
  const guint w = 64, h = 48, n = 5;
  GstHarness *hn = harness_new (w, h, 2);
  GstCaps *caps = gst_caps_from_string ("video/x-raw, format=GRAY8, "
      "width=64, height=48, framerate=25/1");
  GstQuery *query = gst_query_new_allocation (caps, TRUE);
  GstBufferPool *pool = NULL;
  GstBuffer **frames = stream_frames (w, h, n);
  GPtrArray *expected = filter_one_by_one (w, h, frames, n), *out;
  guint size, min, max;
  GError *error = NULL;
  ClfftEngine *engine = clfft_engine_get (-1, &error);
  const ClfftDeviceInfo *device;

  fail_unless (engine != NULL, "%s", error ? error->message : "");
  device = clfft_engine_get_device (engine);
  fail_unless (gst_pad_peer_query (hn->srcpad, query));
  fail_unless (gst_query_get_n_allocation_pools (query) > 0);
  gst_query_parse_nth_allocation_pool (query, 0, &pool, &size, &min, &max);
  fail_unless (pool != NULL);
  fail_unless (min >= 4, "the pool holds %u buffers, fewer than the most "
      "frames in flight and one more", min);
  fail_unless (gst_buffer_pool_set_active (pool, TRUE));
  for (guint i = 0; i < n; i++) {
    GstBuffer *buf = NULL;
    GstMapInfo from, to;

    fail_unless_equals_int (gst_buffer_pool_acquire_buffer (pool, &buf,
            NULL), GST_FLOW_OK);
    fail_unless (memory_for_device (buf, device), "a pool buffer is not in "
        "memory the device reaches directly");
    fail_unless (gst_buffer_map (frames[i], &from, GST_MAP_READ));
    fail_unless (gst_buffer_map (buf, &to, GST_MAP_WRITE));
    fail_unless (to.size >= from.size);
    memcpy (to.data, from.data, from.size);
    gst_buffer_unmap (buf, &to);
    gst_buffer_unmap (frames[i], &from);
    gst_buffer_copy_into (buf, frames[i], GST_BUFFER_COPY_METADATA, 0, -1);
    fail_unless_equals_int (gst_harness_push (hn, buf), GST_FLOW_OK);
  }
  fail_unless (gst_harness_push_event (hn, gst_event_new_eos ()));
  out = pull_all (hn);
  fail_unless_equals_int (out->len, n);
  for (guint i = 0; i < n; i++) {
    assert_same_frame (out->pdata[i], expected->pdata[i], "pool frames", i);
    /* the harness's sink offers no pool: the element takes its own */
    if (!device->host_unified_memory)
      fail_unless (memory_for_device (out->pdata[i], device),
          "output %u is not in pinned memory", i);
  }
  g_ptr_array_unref (out);
  clfft_engine_unref (engine);
  fail_unless (gst_buffer_pool_set_active (pool, FALSE));
  gst_object_unref (pool);
  gst_query_unref (query);
  gst_caps_unref (caps);
  g_ptr_array_unref (expected);
  free_frames (frames, n);
  gst_harness_teardown (hn);
}

GST_END_TEST;

/* A drain query (upstream wants its buffers back) pushes the frames held
 * first. */
GST_START_TEST (test_drain_query_pushes_held_frames)
{
  const guint w = 64, h = 48, n = 4;
  GstBuffer **frames = stream_frames (w, h, n);
  GPtrArray *expected = filter_one_by_one (w, h, frames, n), *out;
  GstHarness *hn = harness_new (w, h, 3);
  GstQuery *query = gst_query_new_drain ();

  push_frames (hn, frames, 0, n);
  fail_unless_equals_int (gst_harness_buffers_in_queue (hn), 2);
  fail_unless (gst_pad_peer_query (hn->srcpad, query));
  fail_unless_equals_int (gst_harness_buffers_in_queue (hn), n);
  out = pull_all (hn);
  for (guint i = 0; i < n; i++)
    assert_same_frame (out->pdata[i], expected->pdata[i], "drained", i);
  gst_query_unref (query);
  g_ptr_array_unref (out);
  g_ptr_array_unref (expected);
  gst_harness_teardown (hn);
  free_frames (frames, n);
}

GST_END_TEST;

typedef struct
{
  GMutex lock;
  GPtrArray *samples;
} LiveOutputs;

static GstFlowReturn
on_live_sample (GstAppSink * sink, gpointer data)
{
  LiveOutputs *out = data;
  GstSample *sample = gst_app_sink_pull_sample (sink);

  g_mutex_lock (&out->lock);
  g_ptr_array_add (out->samples, sample);
  g_mutex_unlock (&out->lock);
  return GST_FLOW_OK;
}

/* A live stream (appsrc is-live, frames paced at 30 a second) that
 * changes to sizes this process has never filtered, with an empty kernel
 * cache: each change builds a new plan while frames keep coming, the
 * first frames of a size with the generic filter. Every frame comes out,
 * once, in order, at its own size, filtered as the double-precision
 * reference filters it (the gap at each change is the benchmark's:
 * bench-startup). Even widths take the lanes on PoCL, the odd one the
 * passes. */
GST_START_TEST (test_live_size_changes_filter_every_frame)
{
  const guint sizes[][2] = { {160, 120}, {202, 150}, {121, 99},
  {176, 144}
  };
  const guint per_size = 12, rate = 30;
  const RefFilter f = { "lowpass", "gaussian", 2, 0.08, 0.25, {0, 0}, 0.01,
    FALSE, 1.0, 0.0, FALSE, FALSE, FALSE
  };
  const GstAppSinkCallbacks callbacks = { NULL, NULL, on_live_sample, NULL };
  gchar *cache = g_dir_make_tmp ("clfft-live-XXXXXX", NULL);
  GstElement *pipeline, *src, *sink;
  GPtrArray *inputs = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);
  LiveOutputs out;
  GstMessage *msg;
  GstBus *bus;
  gint64 start;
  guint index = 0, generic_plans = 0;

  fail_unless (cache != NULL);
  /* this test's own cache: every size is built while the stream runs */
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_mutex_init (&out.lock);
  out.samples = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_sample_unref);
  pipeline = gst_parse_launch ("appsrc name=src is-live=true format=time "
      "max-bytes=0 ! clfft2dfilter filter=lowpass cutoff=0.08 tuning=off ! "
      "appsink name=sink sync=false max-buffers=0", NULL);
  fail_unless (pipeline != NULL);
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  gst_app_sink_set_callbacks (GST_APP_SINK (sink),
      (GstAppSinkCallbacks *) & callbacks, &out, NULL);
  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  start = g_get_monotonic_time ();
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    GstCaps *caps = gst_caps_new_simple ("video/x-raw", "format",
        G_TYPE_STRING, "GRAY8", "width", G_TYPE_INT, sizes[s][0], "height",
        G_TYPE_INT, sizes[s][1], "framerate", GST_TYPE_FRACTION, rate, 1,
        NULL);

    gst_app_src_set_caps (GST_APP_SRC (src), caps);
    gst_caps_unref (caps);
    for (guint i = 0; i < per_size; i++, index++) {
      gint64 due = start + (gint64) index * G_USEC_PER_SEC / rate;
      GstBuffer *frame = stream_frame (sizes[s][0], sizes[s][1], index);

      if (due > g_get_monotonic_time ())
        g_usleep (due - g_get_monotonic_time ());
      g_ptr_array_add (inputs, gst_buffer_ref (frame));
      fail_unless_equals_int (gst_app_src_push_buffer (GST_APP_SRC (src),
              frame), GST_FLOW_OK);
    }
  }
  fail_unless_equals_int (gst_app_src_end_of_stream (GST_APP_SRC (src)),
      GST_FLOW_OK);
  bus = gst_element_get_bus (pipeline);
  /* sizes never built start with the generic filter: with tuning off, a
   * plan that is not final at once */
  while ((msg = gst_bus_timed_pop_filtered (bus, 300 * GST_SECOND,
              GST_MESSAGE_EOS | GST_MESSAGE_ERROR | GST_MESSAGE_ELEMENT))
      && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT) {
    const GstStructure *s = gst_message_get_structure (msg);
    gboolean final = TRUE;

    if (!g_strcmp0 (gst_structure_get_string (s, "step"), "plan")
        && gst_structure_get_boolean (s, "final", &final) && !final)
      generic_plans++;
    gst_message_unref (msg);
  }
  fail_unless (msg && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS,
      "the stream did not reach EOS");
  gst_message_unref (msg);
  gst_object_unref (bus);
  fail_unless (generic_plans >= 1, "no frame ran the generic filter");

  fail_unless_equals_int (out.samples->len, inputs->len);
  for (guint i = 0; i < inputs->len; i++) {
    GstSample *sample = out.samples->pdata[i];
    GstBuffer *in_buf = inputs->pdata[i];
    GstBuffer *out_buf = gst_sample_get_buffer (sample);
    const guint w = sizes[i / per_size][0], ht = sizes[i / per_size][1];
    GstVideoInfo info;
    GstMapInfo in_map, out_map;
    guint8 *packed = g_malloc ((gsize) w * ht), *ref;
    gsize stride;
    gint worst = 0;

    /* in order, at its own size */
    fail_unless_equals_uint64 (GST_BUFFER_PTS (out_buf),
        GST_BUFFER_PTS (in_buf));
    fail_unless (gst_video_info_from_caps (&info,
            gst_sample_get_caps (sample)));
    fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&info), w);
    fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&info), ht);
    /* rows of both are a stride apart, a multiple of 4 bytes */
    stride = GST_VIDEO_INFO_PLANE_STRIDE (&info, 0);
    fail_unless (gst_buffer_map (in_buf, &in_map, GST_MAP_READ));
    fail_unless (gst_buffer_map (out_buf, &out_map, GST_MAP_READ));
    for (guint y = 0; y < ht; y++)
      memcpy (packed + (gsize) y * w, in_map.data + y * stride, w);
    ref = reference_run (packed, w, ht, &f);
    for (guint y = 0; y < ht; y++)
      for (guint x = 0; x < w; x++)
        worst = MAX (worst, ABS ((gint) ref[y * w + x] -
                (gint) out_map.data[y * stride + x]));
    fail_unless (worst <= 1, "frame %u (%ux%u): %d levels from the "
        "reference", i, w, ht, worst);
    g_free (ref);
    g_free (packed);
    gst_buffer_unmap (in_buf, &in_map);
    gst_buffer_unmap (out_buf, &out_map);
  }

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  g_ptr_array_unref (out.samples);
  g_ptr_array_unref (inputs);
  g_mutex_clear (&out.lock);
  ref_remove_tree (cache);
  g_free (cache);
}

GST_END_TEST;

/* The clfft-prepare messages of a pipeline until EOS: the step of each,
 * "WxH:step:final", comma-separated, in order; ahead: stop at the first
 * message of a stream's plan instead. */
static gchar *
prepare_steps (GstBus * bus, guint stop_after_ahead)
{
  GString *steps = g_string_new (NULL);
  GstMessage *msg;
  guint ahead = 0;

  while ((stop_after_ahead == 0 || ahead < stop_after_ahead)
      && (msg = gst_bus_timed_pop_filtered (bus, 300 * GST_SECOND,
              GST_MESSAGE_EOS | GST_MESSAGE_ERROR | GST_MESSAGE_ELEMENT))) {
    const GstStructure *s = gst_message_get_structure (msg);
    GstMessageType type = GST_MESSAGE_TYPE (msg);
    gint w = 0, h = 0;
    gboolean final = FALSE;

    fail_if (type == GST_MESSAGE_ERROR, "the stream failed");
    if (type == GST_MESSAGE_ELEMENT
        && gst_structure_has_name (s, "clfft-prepare")) {
      fail_unless (gst_structure_get_int (s, "width", &w)
          && gst_structure_get_int (s, "height", &h)
          && gst_structure_get_boolean (s, "final", &final));
      g_string_append_printf (steps, "%s%dx%d:%s:%d", steps->len ? "," : "",
          w, h, gst_structure_get_string (s, "step"), final);
      ahead += !g_strcmp0 (gst_structure_get_string (s, "step"), "ahead");
    }
    gst_message_unref (msg);
    if (type == GST_MESSAGE_EOS)
      break;
  }
  return g_string_free (steps, FALSE);
}

/* prepare-sizes builds the named sizes' kernels from READY on, before
 * any caps, in a cache of this test's own: a live stream that then
 * switches between them runs their own kernels from its first frame of
 * each (a final plan at once, no generic filter). A malformed list is a
 * warning on the bus, and the stream goes on. */
GST_START_TEST (test_prepare_sizes_ahead)
{
  const guint sizes[][2] = { {202, 150}, {176, 144} };
  gchar *cache = g_dir_make_tmp ("clfft-ahead-XXXXXX", NULL);
  GstElement *pipeline, *src, *filter, *sink;
  GstMessage *msg;
  GstBus *bus;
  gchar *steps;
  guint index = 0;

  fail_unless (cache != NULL);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  pipeline = gst_parse_launch ("appsrc name=src is-live=true format=time "
      "max-bytes=0 ! clfft2dfilter name=f tuning=off "
      "prepare-sizes=\"202x150, 176x144\" ! fakesink name=sink sync=false",
      NULL);
  fail_unless (pipeline != NULL);
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  bus = gst_element_get_bus (pipeline);
  fail_if (gst_element_set_state (pipeline, GST_STATE_READY) ==
      GST_STATE_CHANGE_FAILURE);
  steps = prepare_steps (bus, 2);
  fail_unless_equals_string (steps, "202x150:ahead:1,176x144:ahead:1");
  g_free (steps);
  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    GstCaps *caps = gst_caps_new_simple ("video/x-raw", "format",
        G_TYPE_STRING, "GRAY8", "width", G_TYPE_INT, sizes[s][0], "height",
        G_TYPE_INT, sizes[s][1], "framerate", GST_TYPE_FRACTION, 30, 1,
        NULL);

    gst_app_src_set_caps (GST_APP_SRC (src), caps);
    gst_caps_unref (caps);
    for (guint i = 0; i < 3; i++, index++)
      fail_unless_equals_int (gst_app_src_push_buffer (GST_APP_SRC (src),
              stream_frame (sizes[s][0], sizes[s][1], index)), GST_FLOW_OK);
  }
  fail_unless_equals_int (gst_app_src_end_of_stream (GST_APP_SRC (src)),
      GST_FLOW_OK);
  steps = prepare_steps (bus, 0);
  fail_unless_equals_string (steps, "202x150:plan:1,176x144:plan:1");
  g_free (steps);
  gst_element_set_state (pipeline, GST_STATE_NULL);

  /* a malformed list: a warning, then the stream runs as without it */
  filter = gst_bin_get_by_name (GST_BIN (pipeline), "f");
  g_object_set (filter, "prepare-sizes", "202x", NULL);
  fail_if (gst_element_set_state (pipeline, GST_STATE_READY) ==
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_timed_pop_filtered (bus, 10 * GST_SECOND,
      GST_MESSAGE_WARNING);
  fail_unless (msg != NULL, "no warning for a malformed prepare-sizes");
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);

  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  gst_object_unref (sink);
  gst_object_unref (filter);
  gst_object_unref (src);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  ref_remove_tree (cache);
  g_free (cache);
}

GST_END_TEST;

static Suite *
clfft2dfilter_streaming_suite (void)
{
  Suite *s = suite_create ("clfft2dfilter-streaming");
  TCase *tc = tcase_create ("general");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_depths_deliver_every_frame);
  tcase_add_test (tc, test_flush_drops_held_frames);
  tcase_add_test (tc, test_caps_change_delivers_both_sizes);
  tcase_add_test (tc, test_latency_follows_depth);
  tcase_add_test (tc, test_proposes_pool);
  tcase_add_test (tc, test_drain_query_pushes_held_frames);
  tcase_add_test (tc, test_live_size_changes_filter_every_frame);
  tcase_add_test (tc, test_prepare_sizes_ahead);
  suite_add_tcase (s, tc);
  return s;
}

GST_CHECK_MAIN (clfft2dfilter_streaming);
