/* GST_CLFFT_DEVICE's value read against the devices' names: which devices
 * it names, or which of its items names none. Apart from the device list
 * (clfft-engine.c), so that it runs without a device and is fuzzed
 * (tests/fuzz/fuzz-device-env.c). */
#ifndef __CLFFT_DEVICE_ENV_H__
#define __CLFFT_DEVICE_ENV_H__

#include <glib.h>

G_BEGIN_DECLS

/* The environment variable that overrides automatic device choice: an index
 * into the device list, or a substring of a device name. */
#define CLFFT_DEVICE_ENV "GST_CLFFT_DEVICE"

/* Sets in[i] for each device that value names and returns NULL; names[i]
 * is device i's name, of n. value is a comma-separated list of items: an
 * item of ASCII digits alone is an index (never a part of a name, however
 * long), any other a part of a device's name in any case; blank items name
 * nothing. Where an item names no device, or the value is not valid UTF-8,
 * returns the message that says so (valid UTF-8, with the value quoted,
 * bytes that are not UTF-8 escaped, and the devices listed; to g_free),
 * and in[] is undefined. */
gchar *clfft_device_env_match (const gchar * value,
    const gchar * const *names, guint n, gboolean in[]);

/* "0: NAME, 1: NAME": the devices as the messages list them (valid
 * UTF-8; to g_free). */
gchar *clfft_device_env_describe (const gchar * const *names, guint n);

G_END_DECLS

#endif /* __CLFFT_DEVICE_ENV_H__ */
