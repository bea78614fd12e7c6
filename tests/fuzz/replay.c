/* main () for the fuzz targets where libFuzzer is not there (gcc builds):
 * runs every file given, and every file of every folder given, through
 * LLVMFuzzerTestOneInput once, so that the corpus is a regression test in
 * every build. */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput (const uint8_t * data, size_t size);

static gboolean
replay_file (const gchar * path, guint * count)
{
  gchar *data;
  gsize size;
  GError *error = NULL;

  if (!g_file_get_contents (path, &data, &size, &error)) {
    g_printerr ("%s\n", error->message);
    g_error_free (error);
    return FALSE;
  }
  LLVMFuzzerTestOneInput ((const uint8_t *) data, size);
  g_free (data);
  (*count)++;
  return TRUE;
}

int
main (int argc, char **argv)
{
  guint count = 0;

  for (int i = 1; i < argc; i++) {
    GDir *dir = g_dir_open (argv[i], 0, NULL);
    const gchar *name;

    if (!dir) {
      if (!replay_file (argv[i], &count))
        return 1;
      continue;
    }
    while ((name = g_dir_read_name (dir))) {
      gchar *path = g_build_filename (argv[i], name, NULL);
      gboolean ok = replay_file (path, &count);

      g_free (path);
      if (!ok)
        return 1;
    }
    g_dir_close (dir);
  }
  if (count == 0) {
    g_printerr ("no input replayed\n");
    return 1;
  }
  printf ("%u inputs replayed, none failed\n", count);
  return 0;
}
