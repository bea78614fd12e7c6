/* Frames for the streaming benchmarks: see bench-frames.h. */
#include "bench-frames.h"

#include <gst/app/gstappsrc.h>

GstBufferPool *
bench_proposed_pool (GstElement * src, const GstVideoInfo * info, guint n)
{
  GstPad *pad = gst_element_get_static_pad (src, "src");
  GstCaps *caps = gst_video_info_to_caps (info);
  GstQuery *query = gst_query_new_allocation (caps, TRUE);
  GstBufferPool *pool = NULL;
  GstStructure *config;

  if (!gst_pad_peer_query (pad, query)
      || gst_query_get_n_allocation_pools (query) == 0)
    g_error ("clfft2dfilter proposes no pool");
  gst_query_parse_nth_allocation_pool (query, 0, &pool, NULL, NULL, NULL);
  config = gst_buffer_pool_get_config (pool);
  gst_buffer_pool_config_set_params (config, caps, info->size, n, 0);
  if (!gst_buffer_pool_set_config (pool, config)
      || !gst_buffer_pool_set_active (pool, TRUE))
    g_error ("cannot use the proposed pool");
  gst_query_unref (query);
  gst_caps_unref (caps);
  gst_object_unref (pad);
  return pool;
}

GstBuffer *
bench_random_frame (const GstVideoInfo * info, GstBufferPool * pool)
{
  GstBuffer *frame;
  GstMapInfo map;

  if (!pool)
    frame = gst_buffer_new_allocate (NULL, info->size, NULL);
  else if (gst_buffer_pool_acquire_buffer (pool, &frame, NULL) != GST_FLOW_OK)
    g_error ("no buffer from the pool");
  gst_buffer_map (frame, &map, GST_MAP_WRITE);
  for (gsize j = 0; j < map.size; j++)
    map.data[j] = g_random_int_range (0, 256);
  gst_buffer_unmap (frame, &map);
  return frame;
}

void
bench_push_frame (GstElement * src, GstBuffer * frame, guint i)
{
  GstBuffer *buf = gst_buffer_copy_region (frame, GST_BUFFER_COPY_MEMORY, 0,
      -1);

  GST_BUFFER_PTS (buf) = gst_util_uint64_scale (i, GST_SECOND, 30);
  GST_BUFFER_DURATION (buf) = gst_util_uint64_scale (1, GST_SECOND, 30);
  if (gst_app_src_push_buffer (GST_APP_SRC (src), buf) != GST_FLOW_OK)
    g_error ("appsrc refused a frame");
}
