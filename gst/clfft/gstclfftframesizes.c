/* Frame sizes as users write them: see gstclfftframesizes.h. */
#include "gstclfftframesizes.h"

/* A side: decimal digits alone, from CLFFT_FRAME_SIDE_MIN to
 * CLFFT_FRAME_SIDE_MAX. g_ascii_strtoull alone would take a sign ("-5"
 * wraps around) and leading spaces. */
static gboolean
parse_side (const gchar * text, const gchar ** end, guint * side)
{
  guint64 value = 0;
  const gchar *p = text;

  for (; g_ascii_isdigit (*p); p++) {
    value = value * 10 + (guint64) (*p - '0');
    /* stops growing past the range, however many digits follow */
    if (value > CLFFT_FRAME_SIDE_MAX)
      value = CLFFT_FRAME_SIDE_MAX + 1;
  }
  *end = p;
  if (p == text || value < CLFFT_FRAME_SIDE_MIN
      || value > CLFFT_FRAME_SIDE_MAX)
    return FALSE;
  *side = (guint) value;
  return TRUE;
}

static gboolean
parse_entry (const gchar * entry, GstClfftFrameSize * size)
{
  const gchar *end;

  if (!parse_side (entry, &end, &size->width) || *end != 'x'
      || !parse_side (end + 1, &end, &size->height))
    return FALSE;
  size->pixels = CLFFT_PIXELS_U8;
  if (g_strcmp0 (end, ":16") == 0)
    size->pixels = CLFFT_PIXELS_U16;
  else if (*end != '\0')
    return FALSE;
  return TRUE;
}

GArray *
gst_clfft_frame_sizes_parse (const gchar * text, GError ** error)
{
  GArray *sizes = g_array_new (FALSE, FALSE, sizeof (GstClfftFrameSize));
  gchar **entries = g_strsplit_set (text ? text : "", ", ", -1);

  for (guint i = 0; entries[i]; i++) {
    GstClfftFrameSize size;

    if (*entries[i] == '\0')
      continue;
    if (!parse_entry (entries[i], &size)) {
      /* the entry may be any bytes: quoted as C escapes, valid UTF-8 */
      gchar *quoted = g_strescape (entries[i], NULL);

      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
          "\"%s\" is not WIDTHxHEIGHT or WIDTHxHEIGHT:16 with sides from "
          "%u to %u", quoted, CLFFT_FRAME_SIDE_MIN, CLFFT_FRAME_SIDE_MAX);
      g_free (quoted);
      g_array_unref (sizes);
      sizes = NULL;
      break;
    }
    g_array_append_val (sizes, size);
  }
  g_strfreev (entries);
  return sizes;
}
