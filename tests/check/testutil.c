/* pooledconvert tests
 * Shared helpers; see testutil.h.
 */

#include <gst/check/gstcheck.h>

#include "testutil.h"

void
read_stats (GstElement * element, Stats * st)
{
  GstStructure *s = NULL;
  const gchar *pool;

  g_object_get (element, "stats", &s, NULL);
  fail_unless (s != NULL, "stats property returned NULL");

  fail_unless (gst_structure_get_uint64 (s, "buffers-allocated",
          &st->allocated));
  fail_unless (gst_structure_get_uint64 (s, "buffers-reused", &st->reused));
  fail_unless (gst_structure_get_uint64 (s, "buffers-freed", &st->freed));
  fail_unless (gst_structure_get_uint64 (s, "buffers-temporary",
          &st->temporary));
  fail_unless (gst_structure_get_uint64 (s, "buffers-discarded",
          &st->discarded));
  fail_unless (gst_structure_get_uint64 (s, "buffers-trimmed", &st->trimmed));
  fail_unless (gst_structure_get_uint64 (s, "buffers-retired", &st->retired));
  fail_unless (gst_structure_get_uint64 (s, "buffers-kept-shared",
          &st->kept_shared));
  fail_unless (gst_structure_get_uint64 (s, "buffers-reclaimed",
          &st->reclaimed));
  fail_unless (gst_structure_get_uint64 (s, "waits", &st->waits));
  fail_unless (gst_structure_get_uint64 (s, "wait-timeouts",
          &st->wait_timeouts));
  fail_unless (gst_structure_get_uint64 (s, "buffers-in-flight",
          &st->in_flight));
  fail_unless (gst_structure_get_uint64 (s, "peak-in-flight",
          &st->peak_in_flight));
  fail_unless (gst_structure_get_uint64 (s, "buffers-held", &st->held));
  fail_unless (gst_structure_get_uint64 (s, "peak-buffers-held",
          &st->peak_held));
  fail_unless (gst_structure_get_uint64 (s, "bytes-held", &st->bytes_held));
  fail_unless (gst_structure_get_uint64 (s, "peak-bytes-held",
          &st->peak_bytes_held));
  pool = gst_structure_get_string (s, "pool");
  fail_unless (pool != NULL, "stats has no pool field: %" GST_PTR_FORMAT, s);
  g_strlcpy (st->pool, pool, sizeof (st->pool));
  GST_INFO_OBJECT (element, "stats %" GST_PTR_FORMAT, s);

  gst_structure_free (s);
}

static GstTracer *
find_leaks_tracer (void)
{
  GList *tracers, *l;
  GstTracer *found = NULL;

  tracers = gst_tracing_get_active_tracers ();
  for (l = tracers; l != NULL; l = l->next) {
    if (found == NULL &&
        g_strcmp0 (G_OBJECT_TYPE_NAME (l->data), "GstLeaksTracer") == 0)
      found = gst_object_ref (l->data);
  }
  g_list_free_full (tracers, gst_object_unref);
  return found;
}

/* The tracer hands over one reference to each object it lists; it is given
 * back by taking one before the list is freed, so the count is harmless
 * when nothing leaked as well as when something did. */
guint
count_live_objects (GString * names)
{
  GstTracer *tracer = find_leaks_tracer ();
  GstStructure *info = NULL;
  const GValue *list;
  guint i, n;

  fail_unless (tracer != NULL, "the leaks tracer is not active (GST_TRACERS)");
  gst_task_cleanup_all ();
  g_signal_emit_by_name (tracer, "get-live-objects", &info);
  fail_unless (info != NULL);
  list = gst_structure_get_value (info, "live-objects-list");
  fail_unless (list != NULL && GST_VALUE_HOLDS_LIST (list));
  n = gst_value_list_get_size (list);
  for (i = 0; i < n; i++) {
    const GstStructure *s =
        gst_value_get_structure (gst_value_list_get_value (list, i));
    const GValue *object = gst_structure_get_value (s, "object");

    if (G_VALUE_HOLDS_OBJECT (object))
      g_object_ref (g_value_get_object (object));
    else if (G_VALUE_HOLDS_BOXED (object))
      gst_mini_object_ref (g_value_get_boxed (object));
    if (names != NULL)
      g_string_append_printf (names, " %s", G_VALUE_TYPE_NAME (object));
  }
  gst_structure_free (info);
  gst_object_unref (tracer);
  return n;
}

void
assert_nothing_alive (const gchar * when)
{
  GString *names = g_string_new (NULL);
  guint n = count_live_objects (names);

  fail_unless (n == 0, "%s: %u objects alive:%s", when, n, names->str);
  g_string_free (names, TRUE);
}
