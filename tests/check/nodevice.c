/* With no OpenCL driver at all, the engine and the element fail cleanly
 * and say what to install. main() points the ICD loader at an empty folder
 * before anything touches OpenCL. */
#include <gst/check/gstcheck.h>
#include <glib/gstdio.h>
#include <string.h>

#include "engine/clfft-engine.h"

GST_START_TEST (test_engine_reports_no_platform)
{
  GError *error = NULL;

  fail_unless (clfft_engine_get (-1, &error) == NULL);
  fail_unless (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_NO_PLATFORM),
      "unexpected error: %s", error ? error->message : "none");
  fail_unless (strstr (error->message, "pocl-opencl-icd") != NULL);
  g_clear_error (&error);
}

GST_END_TEST;

GST_START_TEST (test_element_fails_to_ready_with_a_clear_error)
{
  GstElement *filter = gst_element_factory_make ("clfft2dfilter", NULL);
  GstBus *bus = gst_bus_new ();
  GstMessage *msg;
  GError *error = NULL;
  gchar *debug = NULL;

  fail_unless (filter != NULL);
  gst_element_set_bus (filter, bus);
  fail_unless_equals_int (gst_element_set_state (filter, GST_STATE_READY),
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no error message posted");
  gst_message_parse_error (msg, &error, &debug);
  fail_unless (g_error_matches (error, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_NOT_FOUND));
  fail_unless (strstr (error->message, "No OpenCL platform") != NULL,
      "message: %s", error->message);
  fail_unless (strstr (error->message, "pocl-opencl-icd") != NULL);
  g_clear_error (&error);
  g_free (debug);
  gst_message_unref (msg);

  /* and it can still be shut down and freed */
  fail_unless_equals_int (gst_element_set_state (filter, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_element_set_bus (filter, NULL);
  gst_object_unref (bus);
  gst_object_unref (filter);
}

GST_END_TEST;

static Suite *
nodevice_suite (void)
{
  Suite *s = suite_create ("clfft-no-device");
  TCase *tc = tcase_create ("general");

  tcase_add_test (tc, test_engine_reports_no_platform);
  tcase_add_test (tc, test_element_fails_to_ready_with_a_clear_error);
  suite_add_tcase (s, tc);
  return s;
}

int
main (int argc, char **argv)
{
  gchar *empty = g_dir_make_tmp ("clfft-no-icd-XXXXXX", NULL);
  int failures;

  g_setenv ("OCL_ICD_VENDORS", empty, TRUE);
  gst_check_init (&argc, &argv);
  failures = gst_check_run_suite (nodevice_suite (), "clfft-no-device",
      __FILE__);
  g_rmdir (empty);
  g_free (empty);
  return failures;
}
