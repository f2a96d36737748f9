/* pooledconvert tests
 * Shared helpers; see testutil.h.
 */

#include <gst/check/gstcheck.h>

#include "dsp/dsp.h"
#include "testutil.h"

/* A count in the stats: every one is a guint64 (docs/pooledconvert.md). */
static guint64
get_count (const GstStructure * s, const gchar * field)
{
  const GValue *value = gst_structure_get_value (s, field);

  fail_unless (value != NULL, "stats has no field %s: %" GST_PTR_FORMAT,
      field, s);
  fail_unless (G_VALUE_HOLDS_UINT64 (value), "stats field %s is a %s", field,
      G_VALUE_TYPE_NAME (value));
  return g_value_get_uint64 (value);
}

void
read_stats (GstElement * element, Stats * st)
{
  GstStructure *s = NULL;
  const gchar *pool;

  g_object_get (element, "stats", &s, NULL);
  fail_unless (s != NULL, "stats property returned NULL");

  st->allocated = get_count (s, "buffers-allocated");
  st->preallocated = get_count (s, "buffers-preallocated");
  st->new_buffers = get_count (s, "buffers-new");
  st->reused = get_count (s, "buffers-reused");
  st->downstream = get_count (s, "buffers-downstream");
  st->freed = get_count (s, "buffers-freed");
  st->temporary = get_count (s, "buffers-temporary");
  st->discarded = get_count (s, "buffers-discarded");
  st->trimmed = get_count (s, "buffers-trimmed");
  st->retired = get_count (s, "buffers-retired");
  st->kept_shared = get_count (s, "buffers-kept-shared");
  st->reclaimed = get_count (s, "buffers-reclaimed");
  st->waits = get_count (s, "waits");
  st->wait_timeouts = get_count (s, "wait-timeouts");
  st->in_flight = get_count (s, "buffers-in-flight");
  st->peak_in_flight = get_count (s, "peak-in-flight");
  st->held = get_count (s, "buffers-held");
  st->peak_held = get_count (s, "peak-buffers-held");
  st->bytes_held = get_count (s, "bytes-held");
  st->peak_bytes_held = get_count (s, "peak-bytes-held");
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

void
use_leaks_tracer (void)
{
  g_setenv ("GST_TRACERS", "leaks(filters=\"GstBuffer,GstMemory,"
      "GstBufferList,GstBufferPool,GstElement\",log-leaks-on-deinit=false)",
      TRUE);
}

/* ---- the environment ------------------------------------------------------ */

gchar *
env_override (const gchar * name, const gchar * value)
{
  gchar *saved = g_strdup (g_getenv (name));

  if (value != NULL)
    g_setenv (name, value, TRUE);
  else
    g_unsetenv (name);
  return saved;
}

void
env_restore (const gchar * name, gchar * saved)
{
  if (saved != NULL)
    g_setenv (name, saved, TRUE);
  else
    g_unsetenv (name);
  g_free (saved);
}

/* ---- frames ---------------------------------------------------------------- */

GstVideoInfo
video_info_from_string (const gchar * caps_str)
{
  GstCaps *caps = gst_caps_from_string (caps_str);
  GstVideoInfo info;

  fail_unless (caps != NULL, "bad caps string in the test: %s", caps_str);
  fail_unless (gst_video_info_from_caps (&info, caps), "not video: %s",
      caps_str);
  gst_caps_unref (caps);
  return info;
}

GstBuffer *
random_input_buffer (gsize size, guint32 seed)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, size, NULL);
  GstMapInfo map;

  fail_unless (buffer != NULL);
  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_WRITE));
  ref_fill_random (map.data, map.size, seed);
  gst_buffer_unmap (buffer, &map);
  GST_BUFFER_PTS (buffer) = 0;
  GST_BUFFER_DURATION (buffer) = GST_SECOND / 30;
  return buffer;
}

guint64
buffer_checksum (GstBuffer * buffer)
{
  guint64 hash = G_GUINT64_CONSTANT (14695981039346656037);
  GstMapInfo map;
  gsize i;

  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_READ));
  for (i = 0; i < map.size; i++) {
    hash ^= map.data[i];
    hash *= G_GUINT64_CONSTANT (1099511628211);
  }
  gst_buffer_unmap (buffer, &map);
  return hash;
}

/* Row by row: under valgrind it also proves every visible sample was
 * written. */
guint64
visible_pixels_checksum (GstBuffer * buffer, const GstVideoInfo * info)
{
  guint64 hash = G_GUINT64_CONSTANT (14695981039346656037);
  GstVideoFrame frame;
  guint plane, row;
  gsize i;

  if (!gst_video_frame_map (&frame, info, buffer, GST_MAP_READ))
    return 0;
  for (plane = 0; plane < GST_VIDEO_FRAME_N_PLANES (&frame); plane++) {
    gsize row_bytes = (gsize) GST_VIDEO_FRAME_COMP_WIDTH (&frame, plane) *
        GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, plane);

    for (row = 0; row < (guint) GST_VIDEO_FRAME_COMP_HEIGHT (&frame, plane);
        row++) {
      const guint8 *p = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame,
          plane) + (gsize) row * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, plane);

      for (i = 0; i < row_bytes; i++) {
        hash ^= p[i];
        hash *= G_GUINT64_CONSTANT (1099511628211);
      }
    }
  }
  gst_video_frame_unmap (&frame);
  return hash;
}

/* ---- the reference ---------------------------------------------------------- */

RefColor
ref_color_of (const GstVideoInfo * info)
{
  const GstVideoColorimetry *c = &GST_VIDEO_INFO_COLORIMETRY (info);
  RefMatrix matrix = REF_BT601;

  if (c->matrix == GST_VIDEO_COLOR_MATRIX_BT709)
    matrix = REF_BT709;
  else if (c->matrix == GST_VIDEO_COLOR_MATRIX_BT2020)
    matrix = REF_BT2020;
  return ref_color (matrix, c->range == GST_VIDEO_COLOR_RANGE_0_255);
}

gdouble
reference_error (GstBuffer * in, const GstVideoInfo * in_info,
    GstBuffer * out, const GstVideoInfo * out_info)
{
  GstVideoFrame in_frame, out_frame;
  RefColor color = ref_color_of (out_info);
  RefI420 *ref;
  gdouble error;

  if (!gst_video_frame_map (&in_frame, in_info, in, GST_MAP_READ))
    return -1.0;
  if (!gst_video_frame_map (&out_frame, out_info, out, GST_MAP_READ)) {
    gst_video_frame_unmap (&in_frame);
    return -1.0;
  }
  ref = ref_expected_i420 (&in_frame, &color);
  error = ref_max_error (&out_frame, ref);
  ref_i420_free (ref);
  gst_video_frame_unmap (&out_frame);
  gst_video_frame_unmap (&in_frame);
  return error;
}

GstVideoInfo
harness_output_info (GstHarness * h)
{
  GstCaps *caps = gst_pad_get_current_caps (h->sinkpad);
  GstVideoInfo info;

  fail_unless (caps != NULL, "no caps on the output");
  fail_unless (gst_video_info_from_caps (&info, caps));
  gst_caps_unref (caps);
  return info;
}

/* ---- the element in a harness or a pipeline ---------------------------------- */

gchar *
raw_input_caps (const gchar * format, gint width, gint height,
    const gchar * more)
{
  return g_strdup_printf ("video/x-raw,format=%s,width=%d,height=%d,"
      "framerate=30/1%s%s", format, width, height, more ? "," : "",
      more ? more : "");
}

GstHarness *
new_converter_harness (const gchar * properties, const gchar * caps_str)
{
  GstHarness *h = gst_harness_new ("pooledconvert");
  gchar **assignments = g_strsplit (properties ? properties : "", " ", -1);
  guint i;

  for (i = 0; assignments[i] != NULL; i++) {
    gchar **pair = g_strsplit (assignments[i], "=", 2);

    if (pair[0] != NULL && pair[1] != NULL)
      gst_util_set_object_arg (G_OBJECT (h->element), pair[0], pair[1]);
    else
      fail_unless (*assignments[i] == '\0', "not name=value: %s",
          assignments[i]);
    g_strfreev (pair);
  }
  g_strfreev (assignments);
  /* downstream as an 8-bit encoder is, unless the test says otherwise:
   * input of more than 8 bits would otherwise get a 10-bit format */
  gst_harness_set_sink_caps_str (h, "video/x-raw,format={ I420, NV12 }");
  if (caps_str != NULL)
    gst_harness_set_src_caps_str (h, caps_str);
  return h;
}

GstElement *
launch_pipeline (const gchar * description)
{
  GError *error = NULL;
  GstElement *pipeline = gst_parse_launch (description, &error);

  fail_unless (pipeline != NULL && error == NULL, "could not launch '%s': %s",
      description, error ? error->message : "?");
  return pipeline;
}

GstElement *
pipeline_element (GstElement * pipeline, const gchar * name)
{
  GstElement *element = gst_bin_get_by_name (GST_BIN (pipeline), name);

  fail_unless (element != NULL, "no element named %s", name);
  return element;
}

void
play_until_eos (GstElement * pipeline, guint guard_seconds)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;

  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_timed_pop_filtered (bus, guard_seconds * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no EOS after %u s: the pipeline is stuck",
      guard_seconds);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    GError *error = NULL;
    gchar *debug = NULL;

    gst_message_parse_error (msg, &error, &debug);
    fail ("error from %s: %s (%s)", GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)),
        error->message, debug ? debug : "");
  }
  gst_message_unref (msg);
  gst_object_unref (bus);
}

GstMessage *
wait_for_error (GstElement * pipeline, guint guard_seconds)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg = gst_bus_timed_pop_filtered (bus,
      guard_seconds * GST_SECOND, GST_MESSAGE_EOS | GST_MESSAGE_ERROR);

  gst_object_unref (bus);
  fail_unless (msg != NULL, "no ERROR after %u s", guard_seconds);
  fail_unless (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR,
      "EOS where an ERROR was expected");
  return msg;
}

/* ---- the element's log ---------------------------------------------------- */

/* Each line with its level, written by whichever thread logs it. */
static struct
{
  GMutex lock;
  GPtrArray *lines;
  GArray *levels;
} element_log;

static void
record_element_log (GstDebugCategory * category, GstDebugLevel level,
    const gchar * file, const gchar * function, gint line, GObject * object,
    GstDebugMessage * message, gpointer user_data)
{
  if (g_strcmp0 (gst_debug_category_get_name (category), "pooledconvert") != 0)
    return;
  g_mutex_lock (&element_log.lock);
  g_ptr_array_add (element_log.lines, g_strdup (gst_debug_message_get
          (message)));
  g_array_append_val (element_log.levels, level);
  g_mutex_unlock (&element_log.lock);
}

void
element_log_start (GstDebugLevel level)
{
  if (element_log.lines == NULL) {
    element_log.lines = g_ptr_array_new_with_free_func (g_free);
    element_log.levels = g_array_new (FALSE, FALSE, sizeof (GstDebugLevel));
  }
  g_mutex_lock (&element_log.lock);
  g_ptr_array_set_size (element_log.lines, 0);
  g_array_set_size (element_log.levels, 0);
  g_mutex_unlock (&element_log.lock);
  gst_debug_set_threshold_for_name ("pooledconvert", level);
  gst_debug_add_log_function (record_element_log, NULL, NULL);
}

void
element_log_stop (void)
{
  gst_debug_remove_log_function (record_element_log);
}

gchar **
element_log_lines (GstDebugLevel level)
{
  GPtrArray *found = g_ptr_array_new ();
  guint i;

  g_mutex_lock (&element_log.lock);
  for (i = 0; element_log.lines != NULL && i < element_log.lines->len; i++) {
    if (g_array_index (element_log.levels, GstDebugLevel, i) == level)
      g_ptr_array_add (found, g_strdup (g_ptr_array_index (element_log.lines,
                  i)));
  }
  g_mutex_unlock (&element_log.lock);
  g_ptr_array_add (found, NULL);
  return (gchar **) g_ptr_array_free (found, FALSE);
}

/* ---- kernel tiers ---------------------------------------------------------- */

gboolean
forced_kernels_unavailable (void)
{
  const gchar *forced = g_getenv ("PC_KERNELS");
  gchar *warning = NULL;

  if (forced == NULL || *forced == '\0')
    return FALSE;
  pc_dsp_choose (forced, &warning);
  if (warning == NULL)
    return FALSE;
  g_print ("skipped: %s\n", warning);
  g_free (warning);
  return TRUE;
}

/* ---- sampled sweeps -------------------------------------------------------- */

gboolean
sweeps_sampled (void)
{
  const gchar *v = g_getenv ("PC_TEST_REDUCED");

  return v != NULL && *v != '\0';
}
