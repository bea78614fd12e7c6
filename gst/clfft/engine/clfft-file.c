/* See clfft-file.h. */
#include "clfft-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/statvfs.h>
#include <sys/stat.h>
#include <unistd.h>

static gboolean
fail_errno (GError ** error, const gchar * what, const gchar * path,
    int err)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err),
      "cannot %s %s: %s", what, path, g_strerror (err));
  return FALSE;
}

gboolean
clfft_file_read_regular (const gchar * path, gsize max_bytes,
    gboolean follow_links, gchar ** contents, gsize * length,
    GError ** error)
{
  int flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC;
  GStatBuf st;
  gchar *data;
  gsize got = 0;
  int fd;

  if (!follow_links)
    flags |= O_NOFOLLOW;
  fd = g_open (path, flags, 0);
  if (fd < 0)
    return fail_errno (error, "open", path, errno);
  if (fstat (fd, &st) != 0) {
    int err = errno;

    close (fd);
    return fail_errno (error, "examine", path, err);
  }
  if (!S_ISREG (st.st_mode)) {
    close (fd);
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
        "%s is not a regular file", path);
    return FALSE;
  }
  if ((guint64) st.st_size > max_bytes) {
    close (fd);
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
        "%s holds %" G_GUINT64_FORMAT " bytes, more than the %"
        G_GSIZE_FORMAT " expected at most", path, (guint64) st.st_size,
        max_bytes);
    return FALSE;
  }
  data = g_try_malloc ((gsize) st.st_size + 1);
  if (!data) {
    close (fd);
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
        "no memory for the %" G_GUINT64_FORMAT " bytes of %s",
        (guint64) st.st_size, path);
    return FALSE;
  }
  /* to the size fstat gave: a file that grows meanwhile is cut there */
  while (got < (gsize) st.st_size) {
    gssize n = read (fd, data + got, (gsize) st.st_size - got);

    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      int err = errno;

      g_free (data);
      close (fd);
      return fail_errno (error, "read", path, err);
    }
    if (n == 0)
      break;
    got += n;
  }
  close (fd);
  data[got] = '\0';
  *contents = data;
  if (length)
    *length = got;
  return TRUE;
}

gboolean
clfft_file_error_is_foreign (const GError * error)
{
  return g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_LOOP)
      || g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_INVAL)
      || g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
}

/* The nearest part of path's that exists (path itself, or a parent), by
 * lstat; NULL, with *error_number set, where none can be found. */
static gchar *
nearest_existing (const gchar * path, gint * error_number)
{
  gchar *part = g_strdup (path);
  GStatBuf st;

  while (g_lstat (part, &st) != 0) {
    gchar *parent = g_path_get_dirname (part);

    *error_number = errno;
    /* ENOTDIR: a part above is a file, which is the answer */
    if ((*error_number != ENOENT && *error_number != ENOTDIR)
        || strcmp (parent, part) == 0) {
      g_free (parent);
      g_free (part);
      return NULL;
    }
    g_free (part);
    part = parent;
  }
  return part;
}

gboolean
clfft_cache_folder_usable (const gchar * folder, gchar ** why)
{
  GStatBuf st;
  struct statvfs fs;
  gint fd, error_number = 0;
  gchar *part = nearest_existing (folder, &error_number), *probe;

  *why = NULL;
  if (!part) {
    *why = g_strdup_printf ("%s cannot be looked up: %s", folder,
        g_strerror (error_number));
    return FALSE;
  }
  /* stat, not lstat: a link to a folder is a folder to the driver too */
  if (g_stat (part, &st) != 0 || !S_ISDIR (st.st_mode)) {
    *why = g_strdup_printf ("%s is not a folder", part);
    g_free (part);
    return FALSE;
  }
  probe = g_build_filename (part, ".gst-clfft-probe-XXXXXX", NULL);
  fd = g_mkstemp_full (probe, O_WRONLY, 0600);
  error_number = errno;
  if (fd < 0) {
    *why = g_strdup_printf ("%s cannot be written: %s", part,
        g_strerror (error_number));
  } else {
    close (fd);
    g_unlink (probe);
    if (statvfs (part, &fs) == 0
        && (guint64) fs.f_bavail * fs.f_frsize < CLFFT_CACHE_MIN_FREE_BYTES) {
      gchar *free_room = g_format_size_full ((guint64) fs.f_bavail *
          fs.f_frsize, G_FORMAT_SIZE_IEC_UNITS);
      gchar *wanted = g_format_size_full (CLFFT_CACHE_MIN_FREE_BYTES,
          G_FORMAT_SIZE_IEC_UNITS);

      *why = g_strdup_printf ("%s has %s free, less than the %s wanted",
          part, free_room, wanted);
      g_free (free_room);
      g_free (wanted);
    }
  }
  g_free (probe);
  g_free (part);
  return *why == NULL;
}
