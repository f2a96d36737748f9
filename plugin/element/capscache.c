/* pooledconvert
 * See capscache.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "element/capscache.h"

/* Open caps a pipeline asks about are few (the templates of the element's
 * neighbours, a capsfilter's caps); sixteen answers hold them for many
 * pipelines of different formats at once. */
#define PC_CAPS_CACHE_SIZE 16

/* An answer is kept for the caps as written: the order of a list is a
 * preference (the first value is the one fixation takes) and the answer
 * keeps it, so caps that list the same values in another order are other
 * caps here, though gst_caps_is_strictly_equal () calls them equal. */
typedef struct
{
  GstPadDirection direction;
  gchar *caps;
  GstCaps *answer;
} PcCapsCacheEntry;

static GMutex cache_lock;
static PcCapsCacheEntry cache[PC_CAPS_CACHE_SIZE];
/* the entry the next store replaces */
static guint cache_next;

GstCaps *
pc_caps_cache_lookup (GstPadDirection direction, GstCaps * caps)
{
  GstCaps *answer = NULL;
  gchar *key;
  guint i;

  if (gst_caps_is_fixed (caps))
    return NULL;
  key = gst_caps_to_string (caps);
  g_mutex_lock (&cache_lock);
  for (i = 0; i < PC_CAPS_CACHE_SIZE && answer == NULL; i++)
    if (cache[i].caps != NULL && cache[i].direction == direction &&
        strcmp (cache[i].caps, key) == 0)
      answer = gst_caps_copy (cache[i].answer);
  g_mutex_unlock (&cache_lock);
  g_free (key);
  /* a copy of its own for the caller, which may keep or lose it: the
   * kept answer's flag (below) would hide that from the leaks tracer */
  if (answer != NULL)
    GST_MINI_OBJECT_FLAG_UNSET (answer, GST_MINI_OBJECT_FLAG_MAY_BE_LEAKED);
  return answer;
}

void
pc_caps_cache_store (GstPadDirection direction, GstCaps * caps,
    GstCaps * answer)
{
  PcCapsCacheEntry *entry;

  if (gst_caps_is_fixed (caps))
    return;
  g_mutex_lock (&cache_lock);
  entry = &cache[cache_next];
  cache_next = (cache_next + 1) % PC_CAPS_CACHE_SIZE;
  g_free (entry->caps);
  gst_clear_caps (&entry->answer);
  entry->direction = direction;
  entry->caps = gst_caps_to_string (caps);
  entry->answer = gst_caps_copy (answer);
  /* kept until the process ends, as GstStaticCaps are: not a leak for the
   * leaks tracer */
  GST_MINI_OBJECT_FLAG_SET (entry->answer, GST_MINI_OBJECT_FLAG_MAY_BE_LEAKED);
  g_mutex_unlock (&cache_lock);
}
