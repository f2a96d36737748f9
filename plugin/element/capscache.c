/* pooledconvert
 * See capscache.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "element/capscache.h"

/* Open caps a pipeline asks about are few (the templates of the element's
 * neighbours, a capsfilter's caps); sixteen answers hold them for many
 * pipelines of different formats at once. */
#define PC_CAPS_CACHE_SIZE 16

typedef struct
{
  GstPadDirection direction;
  GstCaps *caps;
  GstCaps *answer;
} PcCapsCacheEntry;

static GMutex cache_lock;
static PcCapsCacheEntry cache[PC_CAPS_CACHE_SIZE];
/* the entry the next store replaces */
static guint cache_next;

static gboolean
entry_matches (const PcCapsCacheEntry * entry, GstPadDirection direction,
    GstCaps * caps)
{
  return entry->caps != NULL && entry->direction == direction &&
      gst_caps_is_strictly_equal (entry->caps, caps);
}

GstCaps *
pc_caps_cache_lookup (GstPadDirection direction, GstCaps * caps)
{
  GstCaps *answer = NULL;
  guint i;

  if (gst_caps_is_fixed (caps))
    return NULL;
  g_mutex_lock (&cache_lock);
  for (i = 0; i < PC_CAPS_CACHE_SIZE && answer == NULL; i++)
    if (entry_matches (&cache[i], direction, caps))
      answer = gst_caps_ref (cache[i].answer);
  g_mutex_unlock (&cache_lock);
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
  gst_clear_caps (&entry->caps);
  gst_clear_caps (&entry->answer);
  entry->direction = direction;
  /* a copy: the caller may change its own caps once it holds them alone */
  entry->caps = gst_caps_copy (caps);
  entry->answer = gst_caps_ref (answer);
  /* kept until the process ends, as GstStaticCaps are: not a leak for the
   * leaks tracer */
  GST_MINI_OBJECT_FLAG_SET (entry->caps, GST_MINI_OBJECT_FLAG_MAY_BE_LEAKED);
  GST_MINI_OBJECT_FLAG_SET (entry->answer, GST_MINI_OBJECT_FLAG_MAY_BE_LEAKED);
  g_mutex_unlock (&cache_lock);
}
