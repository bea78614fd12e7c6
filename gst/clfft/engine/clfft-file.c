/* See clfft-file.h. */
#include "clfft-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
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
