/* With no OpenCL driver at all, or a driver without devices, the engine and
 * the elements fail cleanly and say what to install. main() points the ICD
 * loader at a folder of its own before anything touches OpenCL: empty, or
 * with PoCL's ICD alone and PoCL told to offer no device
 * (--platform-without-devices). */
#include <gst/check/gstcheck.h>
#include <glib/gstdio.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "reference.h"

static ClfftError expected_code = CLFFT_ERROR_NO_PLATFORM;
static const gchar *expected_text = "No OpenCL platform";

GST_START_TEST (test_engine_reports_what_is_missing)
{
  GError *error = NULL;

  fail_unless (clfft_engine_get (-1, &error) == NULL);
  fail_unless (g_error_matches (error, CLFFT_ERROR, expected_code),
      "unexpected error: %s", error ? error->message : "none");
  fail_unless (strstr (error->message, expected_text) != NULL);
  fail_unless (strstr (error->message, "pocl-opencl-icd") != NULL);
  g_clear_error (&error);
}

GST_END_TEST;

/* Each element fails the change to READY with a resource error that says
 * what is missing, and can still be shut down. */
GST_START_TEST (test_element_fails_to_ready_with_a_clear_error)
{
  static const gchar *names[] = { "clfft2dfilter", "clfftspectrum",
    "clfftspectrogram"
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    GstElement *element = gst_element_factory_make (names[i], NULL);
    GstBus *bus = gst_bus_new ();
    GstMessage *msg;
    GError *error = NULL;
    gchar *debug = NULL;

    fail_unless (element != NULL, "no %s", names[i]);
    gst_element_set_bus (element, bus);
    fail_unless_equals_int (gst_element_set_state (element,
            GST_STATE_READY), GST_STATE_CHANGE_FAILURE);
    msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
    fail_unless (msg != NULL, "%s: no error message posted", names[i]);
    gst_message_parse_error (msg, &error, &debug);
    fail_unless (g_error_matches (error, GST_RESOURCE_ERROR,
            GST_RESOURCE_ERROR_NOT_FOUND));
    fail_unless (strstr (error->message, expected_text) != NULL,
        "message: %s", error->message);
    fail_unless (strstr (error->message, "pocl-opencl-icd") != NULL);
    g_clear_error (&error);
    g_free (debug);
    gst_message_unref (msg);

    fail_unless_equals_int (gst_element_set_state (element, GST_STATE_NULL),
        GST_STATE_CHANGE_SUCCESS);
    gst_element_set_bus (element, NULL);
    gst_object_unref (bus);
    gst_object_unref (element);
  }
}

GST_END_TEST;

/* 1000 attempts NULL -> PLAYING -> NULL of each element: each fails at
 * READY, posts its error and shuts down; resident memory stays within
 * 1 MiB after 100 attempts. */
GST_START_TEST (test_state_cycles_fail_cleanly)
{
  static const gchar *names[] = { "clfft2dfilter", "clfftspectrum",
    "clfftspectrogram"
  };

  for (guint e = 0; e < G_N_ELEMENTS (names); e++) {
    GstElement *element = gst_element_factory_make (names[e], NULL);
    GstBus *bus = gst_bus_new ();
    gsize warm = 0;

    gst_element_set_bus (element, bus);
    for (guint i = 0; i < 1000; i++) {
      GstMessage *msg;

      if (i == 100)
        warm = ref_resident_kib ();
      fail_unless_equals_int (gst_element_set_state (element,
              GST_STATE_PLAYING), GST_STATE_CHANGE_FAILURE);
      msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
      fail_unless (msg != NULL, "%s, attempt %u: no error", names[e], i);
      gst_message_unref (msg);
      fail_unless_equals_int (gst_element_set_state (element,
              GST_STATE_NULL), GST_STATE_CHANGE_SUCCESS);
      gst_bus_set_flushing (bus, TRUE);
      gst_bus_set_flushing (bus, FALSE);
    }
    GST_INFO ("%s: resident memory %zu KiB after 100 attempts, %zu after "
        "1000", names[e], warm, ref_resident_kib ());
    fail_unless (warm > 0);
    fail_unless (!ref_resident_tells_leaks ()
        || ref_resident_kib () < warm + 1024, "%s: grew by %zd KiB",
        names[e], (gssize) ref_resident_kib () - (gssize) warm);
    gst_element_set_bus (element, NULL);
    gst_object_unref (bus);
    gst_object_unref (element);
  }
}

GST_END_TEST;

static Suite *
nodevice_suite (void)
{
  Suite *s = suite_create ("clfft-no-device");
  TCase *tc = tcase_create ("general");

  tcase_add_test (tc, test_engine_reports_what_is_missing);
  tcase_add_test (tc, test_element_fails_to_ready_with_a_clear_error);
  tcase_add_test (tc, test_state_cycles_fail_cleanly);
  suite_add_tcase (s, tc);
  return s;
}

int
main (int argc, char **argv)
{
  gchar *vendors = g_dir_make_tmp ("clfft-icd-XXXXXX", NULL);
  gchar *icd = NULL;
  int failures;

  if (argc > 1 && strcmp (argv[1], "--platform-without-devices") == 0) {
    gchar *contents;
    gsize length;

    if (!g_file_get_contents ("/etc/OpenCL/vendors/pocl.icd", &contents,
            &length, NULL)) {
      g_print ("PoCL's ICD is not installed: skipped\n");
      g_rmdir (vendors);
      return 77;
    }
    icd = g_build_filename (vendors, "pocl.icd", NULL);
    g_file_set_contents (icd, contents, length, NULL);
    g_free (contents);
    g_setenv ("POCL_DEVICES", "no-such-pocl-device", TRUE);
    expected_code = CLFFT_ERROR_NO_DEVICE;
    expected_text = "no OpenCL device";
    argc = 1;                   /* not an option for gst_check_init */
  }
  g_setenv ("OCL_ICD_VENDORS", vendors, TRUE);
  gst_check_init (&argc, &argv);
  failures = gst_check_run_suite (nodevice_suite (), "clfft-no-device",
      __FILE__);
  if (icd)
    g_unlink (icd);
  g_rmdir (vendors);
  g_free (icd);
  g_free (vendors);
  return failures;
}
