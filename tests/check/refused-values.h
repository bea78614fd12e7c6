/* A property value out of its range, as GObject refuses it: with a
 * GLib-GObject WARNING up to GLib 2.82 (Debian 12's 2.74), a CRITICAL from
 * 2.84 (Debian 13's), the property unchanged either way. The tests assert
 * the refusal, not its level: gst-check's ASSERT_WARNING and
 * ASSERT_CRITICAL each take one. */
#ifndef __CLFFT_TEST_REFUSED_VALUES_H__
#define __CLFFT_TEST_REFUSED_VALUES_H__

#include <gst/check/gstcheck.h>

#define ASSERT_VALUE_REFUSED(code)                              \
G_STMT_START {                                                  \
  _gst_check_expecting_log = TRUE;                              \
  _gst_check_raised_warning = FALSE;                            \
  _gst_check_raised_critical = FALSE;                           \
  code;                                                         \
  if (!_gst_check_raised_warning && !_gst_check_raised_critical) \
    fail ("Expected GObject to refuse the value with a warning " \
        "or a critical, got nothing");                          \
  _gst_check_expecting_log = FALSE;                             \
} G_STMT_END

#endif /* __CLFFT_TEST_REFUSED_VALUES_H__ */
