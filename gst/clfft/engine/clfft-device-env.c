/* See clfft-device-env.h. */
#include "clfft-device-env.h"

#include <string.h>

/* text as a message may quote it: as it is where it is valid UTF-8, else
 * with every byte outside printable ASCII escaped (\ooo), so that the
 * bytes that were not understood show */
static gchar *
quotable (const gchar * text)
{
  return g_utf8_validate (text, -1, NULL) ? g_strdup (text) :
      g_strescape (text, NULL);
}

/* text folded for a comparison in any case: UTF-8's folding where it is
 * valid, ASCII's where not (a driver's name is not ours to trust) */
static gchar *
folded (const gchar * text)
{
  return g_utf8_validate (text, -1, NULL) ? g_utf8_casefold (text, -1) :
      g_ascii_strdown (text, -1);
}

static gboolean
all_digits (const gchar * item)
{
  if (!*item)
    return FALSE;
  for (; *item; item++)
    if (!g_ascii_isdigit (*item))
      return FALSE;
  return TRUE;
}

gchar *
clfft_device_env_describe (const gchar * const *names, guint n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++) {
    gchar *name = quotable (names[i]);

    g_string_append_printf (s, "%s%u: %s", i ? ", " : "", i, name);
    g_free (name);
  }
  return g_string_free (s, FALSE);
}

/* The message for item, which names no device of value. */
static gchar *
not_understood (const gchar * value, const gchar * item, gboolean utf8,
    const gchar * const *names, guint n)
{
  gchar *list = clfft_device_env_describe (names, n);
  gchar *quoted_value = quotable (value), *quoted_item = quotable (item);
  gchar *message;

  if (!utf8)
    message = g_strdup_printf ("%s=\"%s\": \"%s\" is not valid UTF-8 (an "
        "index or a part of a device name is expected). Devices: %s",
        CLFFT_DEVICE_ENV, quoted_value, quoted_item, list);
  else if (all_digits (item))
    message = g_strdup_printf ("%s=%s: there is no OpenCL device %s "
        "(indices start at 0). Devices: %s", CLFFT_DEVICE_ENV, quoted_value,
        item, list);
  else
    message = g_strdup_printf ("%s=\"%s\": \"%s\" matches no OpenCL device "
        "(an index or a part of a device name is expected). Devices: %s",
        CLFFT_DEVICE_ENV, quoted_value, quoted_item, list);
  g_free (list);
  g_free (quoted_value);
  g_free (quoted_item);
  return message;
}

gchar *
clfft_device_env_match (const gchar * value, const gchar * const *names,
    guint n, gboolean in[])
{
  gchar **items = g_strsplit (value, ",", -1);
  gchar *message = NULL;

  for (guint k = 0; !message && items[k]; k++) {
    const gchar *item = g_strstrip (items[k]);
    gboolean any = FALSE;

    if (!*item)
      continue;
    if (!g_utf8_validate (item, -1, NULL)) {
      /* validated before any folding: g_utf8_casefold reads past the end
       * of a string cut inside a character */
      message = not_understood (value, item, FALSE, names, n);
      continue;
    }
    if (all_digits (item)) {
      guint64 index;

      /* past G_MAXUINT, an index past any list: still an index */
      if (g_ascii_string_to_unsigned (item, 10, 0, G_MAXUINT, &index, NULL)
          && index < n)
        in[index] = any = TRUE;
    } else {
      gchar *needle = g_utf8_casefold (item, -1);

      for (guint i = 0; i < n; i++) {
        gchar *name = folded (names[i]);

        if (strstr (name, needle)) {
          in[i] = TRUE;
          any = TRUE;
        }
        g_free (name);
      }
      g_free (needle);
    }
    if (!any)
      message = not_understood (value, item, TRUE, names, n);
  }
  g_strfreev (items);
  return message;
}
