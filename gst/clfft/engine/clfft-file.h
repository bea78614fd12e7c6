/* Files and folders of caches. Reading a file that may not be what its
 * name says: the kernel cache's folder and a mask's path may hold a FIFO
 * (open() blocks until a writer comes), a device or a link to /dev/zero
 * (read until memory runs out): only a regular file is read, opened
 * without blocking, up to a bound.
 * A cache's folder is looked at before it is used: a folder that cannot
 * be written, or is full, is not handed to a driver. */
#ifndef __CLFFT_FILE_H__
#define __CLFFT_FILE_H__

#include <glib.h>

G_BEGIN_DECLS

/* The contents of the regular file at path (NUL-terminated; g_free them)
 * and their length, at most max_bytes. A link is followed only where
 * follow_links. FALSE with error set in G_FILE_ERROR: NOENT where there
 * is no such file, LOOP for a link not followed, INVAL for what is not a
 * regular file, FAILED for one larger than max_bytes, NOMEM where its
 * contents cannot be allocated, others as open() and read() fail. */
gboolean clfft_file_read_regular (const gchar * path, gsize max_bytes,
    gboolean follow_links, gchar ** contents, gsize * length,
    GError ** error);

/* Whether clfft_file_read_regular's error says the path holds something
 * that is not a file of ours (a link, a FIFO, a device, a file too
 * large), which a cache removes; not where the file is absent, unreadable
 * or memory ran out. */
gboolean clfft_file_error_is_foreign (const GError * error);

/* The free room that a cache folder must have: PoCL keeps about 250 KB
 * for each program (3 programs of a 64x48 filter took 684 KB), LLVM
 * writes its temporary files there too, and ends the process where a
 * write fails ("LLVM ERROR: IO failure"). */
#define CLFFT_CACHE_MIN_FREE_BYTES (64u << 20)

/* Whether files can be written in folder, which need not exist yet:
 * FALSE, with *why set (to g_free), where it or the nearest part of its
 * path that exists is not a folder, cannot be written (a read-only file
 * system: a file is made and removed to find out, as root ignores the
 * permission bits), or has less than CLFFT_CACHE_MIN_FREE_BYTES free.
 * Leaves nothing behind. */
gboolean clfft_cache_folder_usable (const gchar * folder, gchar ** why);

G_END_DECLS

#endif /* __CLFFT_FILE_H__ */
