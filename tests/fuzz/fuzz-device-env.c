/* Fuzz target: GST_CLFFT_DEVICE's parser (clfft_device_env_match), with
 * no device. The input up to its first NUL is the value; lines after the
 * NUL are more device names (a driver's names are not ours to trust
 * either), after a fixed list. Beyond not crashing (ASan, UBSan), it
 * checks what the parser promises, against the rules worked out here
 * item by item: digits alone are an index, never a part of a name, and
 * one past the list (however long) is refused as such; an item that is
 * not UTF-8 is refused as such; any other item matches the names that
 * hold it in any case; the first item that names nothing is the one the
 * message refuses; the message is valid UTF-8 and lists the devices; and
 * what it matched is exactly the union of the items' devices. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/clfft-device-env.h"

int LLVMFuzzerTestOneInput (const uint8_t * data, size_t size);

static const gchar *const fixed_names[] = {
  "pthread-skylake-avx512-Intel(R) Xeon(R) Processor",
  "NVIDIA H200",
  "Stra\xc3\x9f" "e GPU 2",     /* folds to "strasse gpu 2" */
  "gfx1100 \xff broken",        /* not UTF-8 */
  "",
};

static gchar *
reference_fold (const gchar * text)
{
  return g_utf8_validate (text, -1, NULL) ? g_utf8_casefold (text, -1) :
      g_ascii_strdown (text, -1);
}

/* Which devices item names into expected[]; FALSE where none. *why is
 * the text that the message must hold for an item that names none. */
static gboolean
reference_item (const gchar * item, const gchar * const *names, guint n,
    gboolean expected[], gchar ** why)
{
  gboolean digits = TRUE, any = FALSE;

  for (const gchar * c = item; *c; c++)
    digits &= g_ascii_isdigit (*c);
  if (!g_utf8_validate (item, -1, NULL)) {
    *why = g_strdup ("\" is not valid UTF-8 (");
    return FALSE;
  }
  if (digits) {
    const gchar *significant = item;
    guint index = 0;

    while (*significant == '0' && significant[1])
      significant++;
    /* the index is below n (a guint) only where it has few digits */
    if (strlen (significant) <= 9) {
      index = (guint) atoi (significant);
      if (index < n)
        return expected[index] = TRUE;
    }
    *why = g_strdup_printf ("there is no OpenCL device %s ", item);
    return FALSE;
  } else {
    gchar *needle = reference_fold (item);

    for (guint i = 0; i < n; i++) {
      gchar *name = reference_fold (names[i]);

      if (strstr (name, needle))
        expected[i] = any = TRUE;
      g_free (name);
    }
    g_free (needle);
  }
  if (!any)
    *why = g_strdup ("\" matches no OpenCL device (");
  return any;
}

int
LLVMFuzzerTestOneInput (const uint8_t * data, size_t size)
{
  gchar *input = g_malloc (size + 1), *value;
  gchar **extra, **items;
  GPtrArray *names = g_ptr_array_new ();
  gboolean *in, *expected;
  gchar *message, *again, *why = NULL;
  gsize value_length;
  guint n;

  memcpy (input, data, size);
  input[size] = '\0';
  value = input;
  value_length = strlen (value);
  extra = g_strsplit (value_length < size ? input + value_length + 1 : "",
      "\n", 64);
  for (guint i = 0; i < G_N_ELEMENTS (fixed_names); i++)
    g_ptr_array_add (names, (gpointer) fixed_names[i]);
  for (guint i = 0; extra[i]; i++)
    g_ptr_array_add (names, extra[i]);
  n = names->len;

  /* exactly n: a write past the list is a heap overflow for ASan */
  in = g_new0 (gboolean, n);
  expected = g_new0 (gboolean, n);
  message = clfft_device_env_match (value,
      (const gchar * const *) names->pdata, n, in);

  items = g_strsplit (value, ",", -1);
  for (guint k = 0; !why && items[k]; k++) {
    const gchar *item = g_strstrip (items[k]);

    if (*item)
      reference_item (item, (const gchar * const *) names->pdata, n,
          expected, &why);
  }
  g_strfreev (items);

  if ((message != NULL) != (why != NULL))
    abort ();
  if (message) {
    gchar *list = clfft_device_env_describe ((const gchar * const *)
        names->pdata, n);

    if (!g_utf8_validate (message, -1, NULL) || !g_utf8_validate (list, -1,
            NULL) || !g_str_has_prefix (message, "GST_CLFFT_DEVICE=")
        || !strstr (message, why) || !g_str_has_suffix (message, list))
      abort ();
    g_free (list);
  } else {
    if (memcmp (in, expected, n * sizeof (gboolean)) != 0)
      abort ();
  }
  /* the same answer twice: nothing kept between calls */
  again = clfft_device_env_match (value, (const gchar * const *)
      names->pdata, n, in);
  if (g_strcmp0 (again, message) != 0)
    abort ();

  g_free (again);
  g_free (message);
  g_free (why);
  g_free (in);
  g_free (expected);
  g_ptr_array_unref (names);
  g_strfreev (extra);
  g_free (input);
  return 0;
}
