/* Built OpenCL programs, cached in memory per engine and on disk per user.
 *
 * A disk entry is named by a SHA-256 over everything that changes the binary
 * (device, driver, build options, source), and carries a header with that
 * key, its own length and checksum, so a truncated or corrupt file, or a
 * valid entry under another entry's name, is rebuilt, never handed to the
 * driver. Only regular files are read, up to MAX_ENTRY_BYTES
 * (clfft-file.h), and never under the cache's lock.
 *
 * What an entry holds is decided once per device (store_mode):
 * - GPUs: the program's binary, written as soon as it is built.
 * - PoCL, whose own kernel cache keeps every program it compiled (keyed by
 *   source, options and device): a record that the program was built, with
 *   no binary; the program is then built from source again, which PoCL's
 *   cache answers without compiling. Asking PoCL for a binary compiles
 *   every kernel of the program once more, which took longer than the
 *   build itself (docs/experiments/2026-11-27-pocl-records.md).
 * - Other CPU devices: the binary, written when the cache is freed (the
 *   engine's last user is done), not when it is built, for the same reason:
 *   asked from another thread while the program's kernels ran, PoCL 3.1
 *   aborted (pocl_release_dlhandle_cache), so the writes wait for the end
 *   (or clfft_program_cache_finish_writes).
 */
#include "clfft-program-cache.h"
#include "clfft-file.h"
#include "clfft-log.h"
#include "clfft-overrides.h"
#include "clfft-kernels.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#define CACHE_MAGIC "CLFFTBIN"
#define CACHE_FORMAT 2
/* far above any program's binary */
#define MAX_ENTRY_BYTES (256u << 20)

/* What an entry's payload is */
typedef enum
{
  ENTRY_BINARY = 0,             /* the driver's program binary */
  ENTRY_RECORD = 1,             /* none: the driver's own cache keeps it */
} EntryKind;

typedef struct
{
  gchar magic[8];
  guint32 format;
  guint32 kind;                 /* EntryKind */
  guint64 size;
  guint8 key[32];               /* SHA-256 of the key: the file's name */
  guint8 digest[32];            /* SHA-256 of the payload */
} CacheHeader;

/* How built programs go to disk (see the top of this file) */
typedef enum
{
  STORE_BINARY_AS_BUILT,
  STORE_BINARY_AT_END,
  STORE_RECORD,
} StoreMode;

struct _ClfftProgramCache
{
  GMutex lock;
  const ClfftDeviceInfo *device;
  cl_context context;
  GHashTable *programs;         /* "source\noptions" -> cl_program */
  ClfftProgramStats stats;
  GHashTable *building;         /* keys of the programs being built */
  GCond built;                  /* signalled as each build ends */
  StoreMode store;
  GPtrArray *unwritten;         /* of UnwrittenProgram, for STORE_BINARY_AT_END */
  /* NULL where the disk is used, else why not (the folder unusable when
   * the cache was made): then nothing is read or written there */
  gchar *disk_warning;
};

/* A program built but not yet on disk, retained until written. */
typedef struct
{
  cl_program program;
  gchar *path;
  guint8 key[32];
} UnwrittenProgram;

/* clfft_program_cache_notify_builds, per thread */
typedef struct
{
  void (*notify) (gpointer data);
  gpointer data;
} BuildWatch;

static GPrivate build_watch = G_PRIVATE_INIT (g_free);

void
clfft_program_cache_notify_builds (void (*notify) (gpointer data),
    gpointer data)
{
  BuildWatch *watch = notify ? g_new (BuildWatch, 1) : NULL;

  if (watch)
    *watch = (BuildWatch) {
    notify, data};
  g_private_replace (&build_watch, watch);
}

/* clfft_program_cache_set_build_round, per thread: 0 unset */
static GPrivate build_round;

void
clfft_program_cache_set_build_round (guint round)
{
  g_private_set (&build_round, GUINT_TO_POINTER (round));
}

guint
clfft_program_cache_get_build_round (void)
{
  return GPOINTER_TO_UINT (g_private_get (&build_round));
}

static void
notify_build (void)
{
  BuildWatch *watch = g_private_get (&build_watch);

  if (watch)
    watch->notify (watch->data);
}

static void
release_program (gpointer program)
{
  clfft_warn_on_failure (clReleaseProgram (program), "clReleaseProgram");
  clfft_count_object (CLFFT_OBJECT_PROGRAM, -1);
}

/* clfft_testing_cache_binaries */
static gint binaries_forced;

void
clfft_testing_cache_binaries (gboolean force)
{
  g_atomic_int_set (&binaries_forced, force);
}

/* The one place where it is decided what the device's entries hold. PoCL's
 * kernel cache is on unless POCL_KERNEL_CACHE=0. */
static StoreMode
store_mode (const ClfftDeviceInfo * device)
{
  const gboolean cpu = (device->type & CL_DEVICE_TYPE_CPU) != 0;
  const gboolean pocl = strstr (device->platform_name,
      "Portable Computing Language") != NULL;
  ClfftOverrides overrides;

  clfft_overrides_read (&overrides);
  if (pocl && !overrides.pocl_kernel_cache_off
      && !g_atomic_int_get (&binaries_forced))
    return STORE_RECORD;
  return cpu ? STORE_BINARY_AT_END : STORE_BINARY_AS_BUILT;
}

ClfftProgramCache *
clfft_program_cache_new (const ClfftDeviceInfo * device, cl_context context)
{
  static const gchar *what[] = {
    [STORE_BINARY_AS_BUILT] = "their binaries as they are built",
    [STORE_BINARY_AT_END] = "their binaries when its engine is freed",
    [STORE_RECORD] = "a record of each build, the binaries staying in the "
        "driver's own cache",
  };
  ClfftProgramCache *cache = g_new0 (ClfftProgramCache, 1);
  gchar *dir, *why = NULL;

  g_mutex_init (&cache->lock);
  cache->device = device;
  cache->context = context;
  cache->programs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
      release_program);
  cache->building = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
      NULL);
  g_cond_init (&cache->built);
  cache->store = store_mode (device);
  cache->unwritten = g_ptr_array_new ();
  dir = clfft_program_cache_dir ();
  if (!clfft_cache_folder_usable (dir, &why)) {
    cache->disk_warning = g_strdup_printf ("The program cache's folder %s "
        "cannot be used (%s): kernels are built anew in each process", dir,
        why);
    clfft_log (CLFFT_LOG_WARNING, "%s", cache->disk_warning);
    g_free (why);
  } else {
    clfft_log (CLFFT_LOG_DEBUG, "the program cache of %s keeps %s in %s",
        device->name, what[cache->store], dir);
  }
  g_free (dir);
  return cache;
}

const gchar *
clfft_program_cache_get_warning (ClfftProgramCache * cache)
{
  return cache->disk_warning;
}

static void store_binary (cl_program program, const gchar * path,
    const guint8 key[32]);

/* Writes the programs left unwritten; called with cache->lock held. */
static void
write_unwritten (ClfftProgramCache * cache)
{
  gint64 start = g_get_monotonic_time ();
  guint count = cache->unwritten->len;

  for (guint i = 0; i < count; i++) {
    UnwrittenProgram *u = g_ptr_array_index (cache->unwritten, i);

    store_binary (u->program, u->path, u->key);
    release_program (u->program);
    g_free (u->path);
    g_free (u);
  }
  g_ptr_array_set_size (cache->unwritten, 0);
  if (count)
    clfft_log (CLFFT_LOG_INFO, "wrote %u programs to disk in %.0f ms", count,
        (g_get_monotonic_time () - start) / 1000.0);
}

void
clfft_program_cache_finish_writes (ClfftProgramCache * cache)
{
  g_mutex_lock (&cache->lock);
  write_unwritten (cache);
  g_mutex_unlock (&cache->lock);
}

void
clfft_program_cache_free (ClfftProgramCache * cache)
{
  write_unwritten (cache);
  g_ptr_array_unref (cache->unwritten);
  g_free (cache->disk_warning);
  g_hash_table_unref (cache->building);
  g_cond_clear (&cache->built);
  g_hash_table_unref (cache->programs);
  g_mutex_clear (&cache->lock);
  g_free (cache);
}

void
clfft_program_cache_get_stats (ClfftProgramCache * cache,
    ClfftProgramStats * stats)
{
  g_mutex_lock (&cache->lock);
  *stats = cache->stats;
  g_mutex_unlock (&cache->lock);
}

gchar *
clfft_program_cache_dir (void)
{
  ClfftOverrides overrides;
  const gchar *base;

  clfft_overrides_read (&overrides);
  base = overrides.cache_home;
  if (!base || !*base)
    base = g_get_user_cache_dir ();
  return g_build_filename (base, "gst-clfft", NULL);
}

static const gchar *
find_source (const gchar * name)
{
  for (guint i = 0; i < clfft_n_kernel_sources; i++)
    if (strcmp (clfft_kernel_sources[i].name, name) == 0)
      return clfft_kernel_sources[i].source;
  return NULL;
}

/* The SHA-256 of everything that changes the program's binary. */
static void
entry_key (ClfftProgramCache * cache, const gchar * source,
    const gchar * options, guint8 key[32])
{
  const ClfftDeviceInfo *d = cache->device;
  GChecksum *sum = g_checksum_new (G_CHECKSUM_SHA256);
  const gchar *parts[] = { d->platform_name, d->name, d->vendor,
    d->device_version, d->driver_version, options, source
  };
  gsize len = 32;

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    g_checksum_update (sum, (const guchar *) parts[i], strlen (parts[i]) + 1);
  g_checksum_get_digest (sum, key, &len);
  g_checksum_free (sum);
}

static gchar *
disk_path (const guint8 key[32])
{
  gchar hex[65], *dir, *file, *path;

  for (guint i = 0; i < 32; i++)
    g_snprintf (hex + 2 * i, 3, "%02x", key[i]);
  dir = clfft_program_cache_dir ();
  file = g_strconcat (hex, ".bin", NULL);
  path = g_build_filename (dir, file, NULL);
  g_free (dir);
  g_free (file);
  return path;
}

static void
payload_digest (const guint8 * data, gsize size, guint8 digest[32])
{
  GChecksum *sum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize len = 32;

  g_checksum_update (sum, data, size);
  g_checksum_get_digest (sum, digest, &len);
  g_checksum_free (sum);
}

/* Returns the payload of a valid entry for key (a record's is empty, not
 * NULL), its size and kind, or NULL (and removes a bad one). */
static guint8 *
read_entry (const gchar * path, const guint8 key[32], gsize * size,
    EntryKind * kind)
{
  gchar *contents = NULL;
  gsize length = 0;
  CacheHeader header;
  guint8 digest[32];
  const gchar *problem = NULL;
  GError *error = NULL;

  if (!clfft_file_read_regular (path, MAX_ENTRY_BYTES, FALSE, &contents,
          &length, &error)) {
    if (clfft_file_error_is_foreign (error)) {
      clfft_log (CLFFT_LOG_WARNING, "discarding program cache entry %s: %s",
          path, error->message);
      g_unlink (path);
    } else if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT)) {
      clfft_log (CLFFT_LOG_WARNING, "program cache entry unread: %s",
          error->message);
    }
    g_error_free (error);
    return NULL;
  }
  if (length < sizeof (header)) {
    problem = "truncated header";
  } else {
    memcpy (&header, contents, sizeof (header));
    if (memcmp (header.magic, CACHE_MAGIC, 8) != 0
        || header.format != CACHE_FORMAT
        || (header.kind != ENTRY_BINARY && header.kind != ENTRY_RECORD))
      problem = "not a gst-clfft cache entry of this format";
    else if (memcmp (header.key, key, 32) != 0)
      problem = "made for another program";
    else if (header.size != length - sizeof (header))
      problem = "wrong length";
    else {
      payload_digest ((guint8 *) contents + sizeof (header), header.size,
          digest);
      if (memcmp (digest, header.digest, 32) != 0)
        problem = "checksum mismatch";
    }
  }
  if (problem) {
    clfft_log (CLFFT_LOG_WARNING, "discarding program cache entry %s: %s",
        path, problem);
    g_unlink (path);
    g_free (contents);
    return NULL;
  }
  *size = header.size;
  *kind = header.kind;
  memmove (contents, contents + sizeof (header), header.size);
  return (guint8 *) contents;
}

static void
write_entry (const gchar * path, const guint8 key[32], EntryKind kind,
    const guint8 * data, gsize size)
{
  CacheHeader header = { {0}, CACHE_FORMAT, kind, size, {0}, {0} };
  gchar *dir = g_path_get_dirname (path);
  guint8 *contents = g_malloc (sizeof (header) + size);
  GError *err = NULL;

  memcpy (header.magic, CACHE_MAGIC, 8);
  memcpy (header.key, key, 32);
  payload_digest (data, size, header.digest);
  memcpy (contents, &header, sizeof (header));
  memcpy (contents + sizeof (header), data, size);
  /* g_file_set_contents writes a temporary file and renames it. */
  if (g_mkdir_with_parents (dir, 0755) != 0
      || !g_file_set_contents (path, (const gchar *) contents,
          sizeof (header) + size, &err)) {
    clfft_log (CLFFT_LOG_WARNING, "cannot write program cache entry %s: %s",
        path, err ? err->message : g_strerror (errno));
    g_clear_error (&err);
  }
  g_free (contents);
  g_free (dir);
}

static gchar *
build_log (cl_program program, cl_device_id device)
{
  gsize size = 0;
  gchar *log;

  if (clGetProgramBuildInfo (program, device, CL_PROGRAM_BUILD_LOG, 0, NULL,
          &size) != CL_SUCCESS)
    return g_strdup ("(no build log)");
  log = g_malloc0 (size + 1);
  if (clGetProgramBuildInfo (program, device, CL_PROGRAM_BUILD_LOG, size, log,
          NULL) != CL_SUCCESS)
    log[0] = '\0';
  return log;
}

static cl_program
load_binary (ClfftProgramCache * cache, const guint8 * binary, gsize size,
    const gchar * options)
{
  cl_device_id dev = cache->device->id;
  cl_int st, binary_status = CL_SUCCESS;
  cl_program program;

  program = clCreateProgramWithBinary (cache->context, 1, &dev, &size,
      &binary, &binary_status, &st);
  if (program)
    clfft_count_object (CLFFT_OBJECT_PROGRAM, 1);
  if (st != CL_SUCCESS || binary_status != CL_SUCCESS) {
    clfft_log (CLFFT_LOG_WARNING, "cached binary refused by the driver: %s",
        clfft_cl_status_name (st != CL_SUCCESS ? st : binary_status));
    if (program)
      release_program (program);
    return NULL;
  }
  st = clBuildProgram (program, 1, &dev, options, NULL, NULL);
  if (st != CL_SUCCESS) {
    clfft_log (CLFFT_LOG_WARNING, "cached binary failed to build: %s",
        clfft_cl_status_name (st));
    release_program (program);
    return NULL;
  }
  return program;
}

static cl_program
build_source (ClfftProgramCache * cache, const gchar * name,
    const gchar * source, const gchar * options, GError ** error)
{
  cl_device_id dev = cache->device->id;
  cl_program program;
  cl_int st;

  program = clCreateProgramWithSource (cache->context, 1, &source, NULL, &st);
  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clCreateProgramWithSource");
    return NULL;
  }
  clfft_count_object (CLFFT_OBJECT_PROGRAM, 1);
  st = clBuildProgram (program, 1, &dev, options, NULL, NULL);
  if (st != CL_SUCCESS) {
    gchar *log = build_log (program, dev);

    clfft_log (CLFFT_LOG_ERROR, "building %s with \"%s\" failed (%s):\n%s",
        name, options, clfft_cl_status_name (st), log);
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_BUILD,
        "OpenCL kernel %s failed to build with options \"%s\" on %s: %s\n%s",
        name, options, cache->device->name, clfft_cl_status_name (st), log);
    g_free (log);
    release_program (program);
    return NULL;
  }
  return program;
}

/* Stores the program's binary on disk; failures only cost a rebuild later. */
static void
store_binary (cl_program program, const gchar * path, const guint8 key[32])
{
  gsize size = 0;
  guint8 *binary;
  cl_int st;

  st = clGetProgramInfo (program, CL_PROGRAM_BINARY_SIZES, sizeof (size),
      &size, NULL);
  if (st != CL_SUCCESS || size == 0) {
    clfft_log (CLFFT_LOG_WARNING, "no program binary to cache: %s",
        clfft_cl_status_name (st));
    return;
  }
  binary = g_malloc (size);
  st = clGetProgramInfo (program, CL_PROGRAM_BINARIES, sizeof (binary),
      &binary, NULL);
  if (st == CL_SUCCESS)
    write_entry (path, key, ENTRY_BINARY, binary, size);
  else
    clfft_log (CLFFT_LOG_WARNING, "clGetProgramInfo(CL_PROGRAM_BINARIES): "
        "%s", clfft_cl_status_name (st));
  g_free (binary);
}

static cl_program
program_cache_get (ClfftProgramCache * cache, const gchar * source_name,
    const gchar * options, GError ** error)
{
  const gchar *source = find_source (source_name);
  gchar *key, *path;
  guint8 disk_key[32], *entry;
  gsize size = 0;
  EntryKind kind = ENTRY_BINARY;
  cl_program program;
  gboolean built = FALSE;

  if (!source) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_BUILD,
        "no embedded kernel source named %s", source_name);
    return NULL;
  }
  if (!options)
    options = "";

  /* Programs are built outside the lock, so that a filter's programs
   * build side by side; a program that another thread is building is
   * waited for, never compiled twice. */
  g_mutex_lock (&cache->lock);
  key = g_strconcat (source_name, "\n", options, NULL);
  if (g_hash_table_contains (cache->building, key))
    notify_build ();
  while (g_hash_table_contains (cache->building, key))
    g_cond_wait (&cache->built, &cache->lock);
  program = g_hash_table_lookup (cache->programs, key);
  if (program) {
    cache->stats.memory_hits++;
    g_free (key);
    g_mutex_unlock (&cache->lock);
    return program;
  }
  g_hash_table_add (cache->building, g_strdup (key));
  g_mutex_unlock (&cache->lock);

  entry_key (cache, source, options, disk_key);
  path = disk_path (disk_key);
  entry = cache->disk_warning ? NULL : read_entry (path, disk_key, &size,
      &kind);
  if (entry && kind == ENTRY_RECORD && cache->store == STORE_RECORD) {
    /* built here before: the driver's cache answers the build */
    program = build_source (cache, source_name, source, options, NULL);
    if (program)
      clfft_log (CLFFT_LOG_DEBUG, "loaded %s \"%s\" from the driver's "
          "cache (recorded in %s)", source_name, options, path);
  } else if (entry && kind == ENTRY_BINARY) {
    program = load_binary (cache, entry, size, options);
    if (program)
      clfft_log (CLFFT_LOG_DEBUG, "loaded %s \"%s\" from %s", source_name,
          options, path);
  }
  g_free (entry);
  if (!program) {
    gint64 start = g_get_monotonic_time ();

    notify_build ();
    program = build_source (cache, source_name, source, options, error);
    built = program != NULL;
    if (built) {
      clfft_log (CLFFT_LOG_INFO, "built %s \"%s\" in %.0f ms", source_name,
          options, (g_get_monotonic_time () - start) / 1000.0);
      if (!cache->disk_warning && cache->store == STORE_BINARY_AS_BUILT)
        store_binary (program, path, disk_key);
      else if (!cache->disk_warning && cache->store == STORE_RECORD)
        write_entry (path, disk_key, ENTRY_RECORD, (const guint8 *) "", 0);
    }
  }

  g_mutex_lock (&cache->lock);
  if (built) {
    cache->stats.built_from_source++;
    if (cache->store == STORE_BINARY_AT_END && !cache->disk_warning
        && clRetainProgram (program) == CL_SUCCESS) {
      UnwrittenProgram *u = g_new (UnwrittenProgram, 1);

      clfft_count_object (CLFFT_OBJECT_PROGRAM, 1);
      u->program = program;
      u->path = g_strdup (path);
      memcpy (u->key, disk_key, 32);
      g_ptr_array_add (cache->unwritten, u);
    }
  } else if (program) {
    cache->stats.loaded_from_disk++;
  }
  g_hash_table_remove (cache->building, key);
  if (program)
    g_hash_table_insert (cache->programs, key, program);
  else
    g_free (key);
  g_cond_broadcast (&cache->built);
  g_mutex_unlock (&cache->lock);
  g_free (path);
  return program;
}

cl_program
clfft_program_cache_get (ClfftProgramCache * cache, const gchar * source_name,
    const gchar * options, GError ** error)
{
  const guint round = clfft_program_cache_get_build_round ();
  gchar *own_options;
  cl_program program;

  if (!round)
    return program_cache_get (cache, source_name, options, error);
  /* a define that no kernel reads: another program to every cache, the
   * driver's included, so that the driver compiles it afresh */
  own_options = g_strdup_printf ("%s%sCLFFT_BUILD_ROUND=%u",
      options ? options : "", options && *options ? " -D " : "-D ", round);
  program = program_cache_get (cache, source_name, own_options, error);
  g_free (own_options);
  return program;
}
