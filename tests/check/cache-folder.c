/* An unusable cache folder (issue 71): XDG_CACHE_HOME is a file, a
 * read-only file system, or a full one. PoCL, which keeps its kernels
 * there too, then listed no device ("no OpenCL device ... Install an
 * OpenCL driver") or LLVM ended the process ("IO failure", exit 1). The
 * element must warn, naming the folder, and filter right: PoCL's cache
 * moved to a temporary folder, our program cache off.
 *
 * Each check runs in a process of its own (check forks), where it sets
 * XDG_CACHE_HOME before anything touches OpenCL, which reads it once. The
 * read-only and full file systems are tmpfs mounts in a mount namespace
 * of the check's own, gone with its process; where mounting is not
 * permitted (no CAP_SYS_ADMIN) those checks say so and pass. Tests run
 * as root, who ignores permission bits: a folder without write permission
 * would not fail. */
/* unshare () */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/app/gstappsrc.h>
#include <gst/app/gstappsink.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "filter-reference.h"
#include "reference.h"

#define W 64
#define HT 48
#define FRAMES 2

static void
fail_with_bus_error (GstBus * bus, const gchar * what)
{
  GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  GError *error = NULL;

  if (msg)
    gst_message_parse_error (msg, &error, NULL);
  fail ("%s; error: %s", what, error ? error->message : "none");
}

/* Filters FRAMES random frames with XDG_CACHE_HOME=folder and POCL_CACHE_DIR
 * unset; checks them against the reference and that a warning names the
 * folder, with no error. */
static void
filter_with_cache_home (const gchar * folder)
{
  GRand *rng = ref_rand_new ();
  GstElement *pipeline, *src, *sink;
  GstBus *bus;
  GstMessage *msg;
  guint8 *frames[FRAMES], *refs[FRAMES];
  gboolean warned = FALSE;
  const gchar *pocl_cache;
  gchar *launch;

  g_setenv ("XDG_CACHE_HOME", folder, TRUE);
  g_unsetenv ("POCL_CACHE_DIR");
  launch = g_strdup_printf ("appsrc name=src format=time caps=video/x-raw,"
      "format=GRAY8,width=%u,height=%u,framerate=30/1 ! clfft2dfilter "
      "filter=lowpass shape=ideal cutoff=0.2 ! appsink name=sink sync=false",
      W, HT);
  pipeline = gst_parse_launch (launch, NULL);
  g_free (launch);
  fail_unless (pipeline != NULL);
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  for (guint i = 0; i < FRAMES; i++) {
    GstBuffer *buf;

    frames[i] = g_malloc (W * HT);
    for (guint p = 0; p < W * HT; p++)
      frames[i][p] = (guint8) g_rand_int_range (rng, 0, 256);
    refs[i] = reference_filter (frames[i], W, HT, FALSE, 0.2);
    buf = gst_buffer_new_memdup (frames[i], W * HT);
    GST_BUFFER_PTS (buf) = i * GST_SECOND / 30;
    GST_BUFFER_DURATION (buf) = GST_SECOND / 30;
    fail_unless_equals_int (gst_app_src_push_buffer (GST_APP_SRC (src), buf),
        GST_FLOW_OK);
  }
  fail_unless_equals_int (gst_app_src_end_of_stream (GST_APP_SRC (src)),
      GST_FLOW_OK);
  bus = gst_element_get_bus (pipeline);
  if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE)
    fail_with_bus_error (bus, "PLAYING refused");
  for (guint i = 0; i < FRAMES; i++) {
    GstSample *sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink),
        120 * GST_SECOND);
    GstMapInfo map;

    if (!sample)
      fail_with_bus_error (bus, "a frame lost");
    fail_unless (gst_buffer_map (gst_sample_get_buffer (sample), &map,
            GST_MAP_READ));
    fail_unless_equals_int (map.size, W * HT);
    for (gsize p = 0; p < W * HT; p++)
      if (ABS ((gint) map.data[p] - (gint) refs[i][p]) > 1)
        fail ("frame %u, pixel %" G_GSIZE_FORMAT ": %u for %u", i, p,
            map.data[p], refs[i][p]);
    gst_buffer_unmap (gst_sample_get_buffer (sample), &map);
    gst_sample_unref (sample);
  }

  while ((msg = gst_bus_pop_filtered (bus,
              GST_MESSAGE_WARNING | GST_MESSAGE_ERROR))) {
    GError *error = NULL;

    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
      gst_message_parse_error (msg, &error, NULL);
      fail ("error: %s", error->message);
    }
    gst_message_parse_warning (msg, &error, NULL);
    GST_INFO ("warning: %s", error->message);
    warned |= strstr (error->message, folder) != NULL;
    g_clear_error (&error);
    gst_message_unref (msg);
  }
  fail_unless (warned, "no warning names %s", folder);
  /* PoCL's kernels went to a folder of its own that works */
  pocl_cache = g_getenv ("POCL_CACHE_DIR");
  fail_unless (pocl_cache != NULL && g_file_test (pocl_cache,
          G_FILE_TEST_IS_DIR), "POCL_CACHE_DIR: %s", GST_STR_NULL (pocl_cache));

  fail_unless (gst_element_set_state (pipeline, GST_STATE_NULL) ==
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (bus);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  for (guint i = 0; i < FRAMES; i++) {
    g_free (frames[i]);
    g_free (refs[i]);
  }
  g_rand_free (rng);
}

/* A new path named after template in the test's own cache folder (which
 * tests/meson.build gives it), so that a failed check leaves nothing
 * elsewhere. */
static gchar *
test_path (const gchar * template)
{
  const gchar *home = g_getenv ("XDG_CACHE_HOME");

  fail_unless (home != NULL && g_mkdir_with_parents (home, 0755) == 0,
      "no cache folder for the test: run it with tests/meson.build's "
      "environment");
  return g_build_filename (home, template, NULL);
}

GST_START_TEST (test_cache_home_is_a_file)
{
  gchar *path = test_path ("cache-home-XXXXXX");
  gint fd = g_mkstemp (path);

  fail_unless (fd >= 0);
  close (fd);
  filter_with_cache_home (path);
  g_unlink (path);
  g_free (path);
}

GST_END_TEST;

/* A tmpfs of size bytes (read-only where read_only) at a new folder, in a
 * mount namespace of this process alone; NULL (and a note) where this
 * process may not mount. */
static gchar *
private_tmpfs (const gchar * size, gboolean read_only)
{
  gchar *folder = test_path ("cache-mount-XXXXXX");
  gchar *options = g_strdup_printf ("size=%s", size);

  fail_unless (g_mkdtemp (folder) != NULL);
  if (unshare (CLONE_NEWNS) != 0
      || mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0
      || mount ("tmpfs", folder, "tmpfs", read_only ? MS_RDONLY : 0,
          options) != 0) {
    g_print ("not checked: this process may not mount a tmpfs (%s)\n",
        g_strerror (errno));
    g_rmdir (folder);
    g_free (folder);
    folder = NULL;
  }
  g_free (options);
  return folder;
}

GST_START_TEST (test_cache_home_read_only)
{
  gchar *folder = private_tmpfs ("1m", TRUE);

  if (folder) {
    filter_with_cache_home (folder);
    umount (folder);
    g_rmdir (folder);
    g_free (folder);
  }
}

GST_END_TEST;

/* A tmpfs of 256 KiB with free_bytes left free (rounded to its pages). */
static void
filter_with_cache_home_on_tmpfs (gsize free_bytes)
{
  gchar *folder = private_tmpfs ("256k", FALSE);
  static const guint8 block[4096];

  if (folder) {
    gchar *filler = g_build_filename (folder, "filler", NULL);
    gint fd = g_open (filler, O_WRONLY | O_CREAT, 0600);
    gsize written = 0;

    fail_unless (fd >= 0);
    while (written + free_bytes < 256 * 1024
        && write (fd, block, sizeof (block)) == sizeof (block))
      written += sizeof (block);
    close (fd);
    filter_with_cache_home (folder);
    umount (folder);
    g_rmdir (folder);
    g_free (filler);
    g_free (folder);
  }
}

/* Every block taken: PoCL cannot write a kernel's source to compile. */
GST_START_TEST (test_cache_home_full)
{
  filter_with_cache_home_on_tmpfs (0);
}

GST_END_TEST;

/* 64 KiB left: LLVM runs out of room as it writes, and ends the process. */
GST_START_TEST (test_cache_home_nearly_full)
{
  filter_with_cache_home_on_tmpfs (64 * 1024);
}

GST_END_TEST;

static Suite *
cache_folder_suite (void)
{
  Suite *s = suite_create ("cache-folder");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_cache_home_is_a_file);
  tcase_add_test (tc, test_cache_home_read_only);
  tcase_add_test (tc, test_cache_home_full);
  tcase_add_test (tc, test_cache_home_nearly_full);
  return s;
}

GST_CHECK_MAIN (cache_folder);
