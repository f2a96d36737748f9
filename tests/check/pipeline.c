/* pooledconvert tests
 * The element in real pipelines (gst_parse_launch) and its properties.
 *
 * Pipelines run to EOS with every input format, with videoconvert and
 * queues around the element, with a downstream that holds many frames
 * (a sink, an application keeping appsink samples), and across caps changes
 * (appsrc switching caps, a capsfilter changed while PLAYING).  Output is
 * checked frame by frame against the double-precision reference and the
 * pool through its `stats` property.  Waits are bounded only as deadlock
 * guards; nothing here depends on timing.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/base/gstbasetransform.h>
#include <gst/video/video.h>
#include <gst/app/gstappsrc.h>

#include "reference.h"
#include "testutil.h"

#define GUARD_SECONDS 60

/* ---- helpers ------------------------------------------------------------- */

static gsize
i420_size (gint width, gint height)
{
  GstVideoInfo info;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_I420, width, height);
  return GST_VIDEO_INFO_SIZE (&info);
}

/* What a pipeline test watches: inputs as they enter pooledconvert (pad
 * probe on its sink pad) and outputs as the sink gets them (fakesink
 * handoff), both on the one streaming thread, one for one.  Failures are
 * recorded here and asserted from the test thread. */
#define MAX_FRAMES 64

typedef struct
{
  GstBuffer *buffer;
  GstVideoInfo info;
} Input;

typedef struct
{
  GMutex lock;
  GQueue inputs;
  guint frames;
  gchar *error;

  /* per output frame */
  gint width[MAX_FRAMES];
  gsize size[MAX_FRAMES];
  gboolean same_as_input[MAX_FRAMES];

  /* outputs [hold_from, hold_from + hold_count) are kept, with the
   * checksum they had on arrival */
  guint hold_from;
  guint hold_count;
  GstBuffer *held[MAX_FRAMES];
  guint64 held_sum[MAX_FRAMES];

  /* at output change_at, the capsfilter gets change_to */
  GstElement *capsfilter;
  guint change_at;
  GstCaps *change_to;
} Watch;

static void
watch_init (Watch * w)
{
  memset (w, 0, sizeof (*w));
  g_mutex_init (&w->lock);
  g_queue_init (&w->inputs);
}

static void
watch_release_held (Watch * w)
{
  guint i;

  for (i = 0; i < MAX_FRAMES; i++)
    gst_clear_buffer (&w->held[i]);
}

static void
watch_clear (Watch * w)
{
  Input *input;

  watch_release_held (w);
  while ((input = g_queue_pop_head (&w->inputs))) {
    gst_buffer_unref (input->buffer);
    g_free (input);
  }
  g_free (w->error);
  gst_clear_caps (&w->change_to);
  gst_clear_object (&w->capsfilter);
  g_mutex_clear (&w->lock);
}

static void
watch_fail (Watch * w, gchar * message)
{
  if (w->error == NULL)
    w->error = message;
  else
    g_free (message);
}

static void
assert_no_watch_error (Watch * w)
{
  fail_unless (w->error == NULL, "%s", w->error);
}

static GstPadProbeReturn
input_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Watch *w = user_data;
  GstCaps *caps = gst_pad_get_current_caps (pad);
  Input *input = g_new0 (Input, 1);

  input->buffer = gst_buffer_ref (GST_PAD_PROBE_INFO_BUFFER (info));
  if (caps == NULL || !gst_video_info_from_caps (&input->info, caps))
    gst_video_info_init (&input->info);
  gst_clear_caps (&caps);

  g_mutex_lock (&w->lock);
  g_queue_push_tail (&w->inputs, input);
  g_mutex_unlock (&w->lock);
  return GST_PAD_PROBE_OK;
}

static void
on_handoff (GstElement * sink, GstBuffer * buffer, GstPad * pad,
    gpointer user_data)
{
  Watch *w = user_data;
  GstCaps *caps = gst_pad_get_current_caps (pad);
  GstVideoInfo info;
  Input *input;
  guint n;

  g_mutex_lock (&w->lock);
  n = w->frames++;
  input = g_queue_pop_head (&w->inputs);
  g_mutex_unlock (&w->lock);

  if (n >= MAX_FRAMES) {
    watch_fail (w, g_strdup ("more frames than the test pushed"));
    goto done;
  }
  if (caps == NULL || !gst_video_info_from_caps (&info, caps) ||
      GST_VIDEO_INFO_FORMAT (&info) != GST_VIDEO_FORMAT_I420) {
    watch_fail (w, g_strdup_printf ("frame %u: output caps %" GST_PTR_FORMAT
            " are not I420", n, caps));
    goto done;
  }
  w->width[n] = GST_VIDEO_INFO_WIDTH (&info);
  w->size[n] = gst_buffer_get_size (buffer);

  if (input == NULL) {
    watch_fail (w, g_strdup_printf ("frame %u: no input for it", n));
    goto done;
  }
  w->same_as_input[n] = input->buffer == buffer;
  if (GST_VIDEO_INFO_WIDTH (&input->info) != GST_VIDEO_INFO_WIDTH (&info) ||
      GST_VIDEO_INFO_HEIGHT (&input->info) != GST_VIDEO_INFO_HEIGHT (&info)) {
    watch_fail (w, g_strdup_printf ("frame %u: output %dx%d for input %dx%d",
            n, GST_VIDEO_INFO_WIDTH (&info), GST_VIDEO_INFO_HEIGHT (&info),
            GST_VIDEO_INFO_WIDTH (&input->info),
            GST_VIDEO_INFO_HEIGHT (&input->info)));
  } else {
    gdouble error = reference_error (input->buffer, &input->info, buffer,
        &info);

    if (error < 0.0 || error > 1.5)
      watch_fail (w, g_strdup_printf ("frame %u (%s %dx%d): %s %f", n,
              GST_VIDEO_INFO_NAME (&input->info),
              GST_VIDEO_INFO_WIDTH (&info), GST_VIDEO_INFO_HEIGHT (&info),
              error < 0.0 ? "does not map" : "off the reference by", error));
  }

  if (n >= w->hold_from && n < w->hold_from + w->hold_count) {
    w->held[n] = gst_buffer_ref (buffer);
    w->held_sum[n] = buffer_checksum (buffer);
  }
  if (w->capsfilter != NULL && n + 1 == w->change_at)
    g_object_set (w->capsfilter, "caps", w->change_to, NULL);

done:
  if (input) {
    gst_buffer_unref (input->buffer);
    g_free (input);
  }
  gst_clear_caps (&caps);
}

/* Hooks @w to the element named "pc" and the fakesink named "sink". */
static void
watch_pipeline (Watch * w, GstElement * pipeline)
{
  GstElement *pc = pipeline_element (pipeline, "pc");
  GstElement *sink = pipeline_element (pipeline, "sink");
  GstPad *pad = gst_element_get_static_pad (pc, "sink");

  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, input_probe, w, NULL);
  g_object_set (sink, "signal-handoffs", TRUE, NULL);
  g_signal_connect (sink, "handoff", G_CALLBACK (on_handoff), w);
  gst_object_unref (pad);
  gst_object_unref (sink);
  gst_object_unref (pc);
}

static void
check_held_unchanged (Watch * w)
{
  guint i;

  for (i = 0; i < MAX_FRAMES; i++)
    if (w->held[i])
      fail_unless_equals_uint64 (buffer_checksum (w->held[i]), w->held_sum[i]);
}

/* After the pipeline is shut down and nothing is held, the pool holds
 * nothing either: every buffer allocated was freed. */
static void
check_all_freed (GstElement * pc)
{
  Stats st;

  read_stats (pc, &st);
  fail_unless_equals_int (st.in_flight, 0);
  fail_unless_equals_int (st.held, 0);
  fail_unless_equals_uint64 (st.bytes_held, 0);
  fail_unless_equals_uint64 (st.freed, st.allocated);
}

static const gchar *formats[] = { "I420", "Y444", "Y42B", "RGBA" };

/* ---- properties ---------------------------------------------------------- */

static GParamSpec *
find_property (GstElement * element, const gchar * name)
{
  GParamSpec *pspec =
      g_object_class_find_property (G_OBJECT_GET_CLASS (element), name);
  const gchar *blurb;

  fail_unless (pspec != NULL, "no property %s", name);
  blurb = g_param_spec_get_blurb (pspec);
  fail_unless (blurb != NULL && strlen (blurb) > 20,
      "property %s has no real blurb", name);
  fail_unless (g_strcmp0 (blurb, g_param_spec_get_nick (pspec)) != 0);
  return pspec;
}

/* Each pool property exists with a blurb, its documented default and a
 * range; stats is a read-only GstStructure. */
GST_START_TEST (test_properties_described)
{
  GstElement *pc = gst_element_factory_make ("pooledconvert", NULL);
  GParamSpec *pspec;
  GParamSpecUInt *uspec;
  GEnumClass *enum_class;
  GEnumValue *value;
  const gchar *nicks[] = { "own", "downstream", "none" };
  guint i;

  fail_unless (pc != NULL);

  pspec = find_property (pc, "pool-mode");
  fail_unless (G_IS_PARAM_SPEC_ENUM (pspec));
  fail_unless (pspec->flags & G_PARAM_READABLE);
  fail_unless (pspec->flags & G_PARAM_WRITABLE);
  enum_class = G_PARAM_SPEC_ENUM (pspec)->enum_class;
  for (i = 0; i < G_N_ELEMENTS (nicks); i++) {
    value = g_enum_get_value_by_nick (enum_class, nicks[i]);
    fail_unless (value != NULL, "pool-mode has no value '%s'", nicks[i]);
    fail_unless (value->value_name != NULL && strlen (value->value_name) > 0);
  }
  value = g_enum_get_value (enum_class,
      G_PARAM_SPEC_ENUM (pspec)->default_value);
  fail_unless_equals_string (value->value_nick, "own");

  pspec = find_property (pc, "min-buffers");
  fail_unless (G_IS_PARAM_SPEC_UINT (pspec));
  fail_unless (pspec->flags & G_PARAM_WRITABLE);
  uspec = G_PARAM_SPEC_UINT (pspec);
  fail_unless_equals_int (uspec->default_value, 2);
  fail_unless_equals_int (uspec->minimum, 0);
  fail_unless (uspec->maximum > 2 && uspec->maximum < G_MAXUINT,
      "min-buffers should have a bounded range");

  pspec = find_property (pc, "max-buffers");
  fail_unless (G_IS_PARAM_SPEC_UINT (pspec));
  fail_unless (pspec->flags & G_PARAM_WRITABLE);
  uspec = G_PARAM_SPEC_UINT (pspec);
  fail_unless_equals_int (uspec->default_value, 0);
  fail_unless_equals_int (uspec->minimum, 0);
  fail_unless (uspec->maximum > 2 && uspec->maximum < G_MAXUINT);

  pspec = find_property (pc, "stats");
  fail_unless (pspec->flags & G_PARAM_READABLE);
  fail_if (pspec->flags & G_PARAM_WRITABLE, "stats must be read-only");
  fail_unless (G_PARAM_SPEC_VALUE_TYPE (pspec) == GST_TYPE_STRUCTURE);

  gst_object_unref (pc);
}

GST_END_TEST;

/* Defaults read back, values set (directly and by nick) read back, and the
 * ranges clamp what is out of them. */
GST_START_TEST (test_properties_roundtrip)
{
  GstElement *pc = gst_element_factory_make ("pooledconvert", NULL);
  GParamSpec *pspec;
  GValue v = G_VALUE_INIT;
  guint min, max;
  gint mode;

  g_object_get (pc, "pool-mode", &mode, "min-buffers", &min, "max-buffers",
      &max, NULL);
  fail_unless_equals_int (mode, 0);
  fail_unless_equals_int (min, 2);
  fail_unless_equals_int (max, 0);

  gst_util_set_object_arg (G_OBJECT (pc), "pool-mode", "none");
  gst_util_set_object_arg (G_OBJECT (pc), "min-buffers", "5");
  gst_util_set_object_arg (G_OBJECT (pc), "max-buffers", "9");
  g_object_get (pc, "pool-mode", &mode, "min-buffers", &min, "max-buffers",
      &max, NULL);
  fail_unless_equals_int (mode, 2);
  fail_unless_equals_int (min, 5);
  fail_unless_equals_int (max, 9);

  gst_util_set_object_arg (G_OBJECT (pc), "pool-mode", "downstream");
  g_object_get (pc, "pool-mode", &mode, NULL);
  fail_unless_equals_int (mode, 1);
  g_object_set (pc, "pool-mode", 0, "min-buffers", 0, "max-buffers", 1, NULL);
  g_object_get (pc, "pool-mode", &mode, "min-buffers", &min, "max-buffers",
      &max, NULL);
  fail_unless_equals_int (mode, 0);
  fail_unless_equals_int (min, 0);
  fail_unless_equals_int (max, 1);

  /* out of range is clamped by the spec's validation */
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (pc), "max-buffers");
  g_value_init (&v, G_TYPE_UINT);
  g_value_set_uint (&v, G_MAXUINT);
  fail_unless (g_param_value_validate (pspec, &v));
  fail_unless_equals_int (g_value_get_uint (&v),
      G_PARAM_SPEC_UINT (pspec)->maximum);
  g_value_unset (&v);

  gst_object_unref (pc);
}

GST_END_TEST;

/* stats on a new element: a GstStructure with every documented field, of
 * the right type, all zero; each read is a fresh copy. */
GST_START_TEST (test_stats_structure)
{
  static const gchar *u64_fields[] = { "buffers-allocated",
    "buffers-preallocated", "buffers-new", "buffers-reused",
    "buffers-downstream", "buffers-freed", "buffers-temporary",
    "buffers-discarded",
    "buffers-trimmed", "buffers-retired", "buffers-kept-shared",
    "buffers-reclaimed", "waits", "wait-timeouts", "buffers-in-flight",
    "peak-in-flight", "buffers-held", "peak-buffers-held", "bytes-held",
    "peak-bytes-held"
  };
  static const gchar *pool_names[] = { "own", "downstream", "none",
    "passthrough", "unnegotiated", NULL
  };
  GstElement *pc = gst_element_factory_make ("pooledconvert", NULL);
  GstStructure *s = NULL, *again = NULL;
  GValue v = G_VALUE_INIT;
  const gchar *pool;
  guint64 u64;
  guint i;

  g_object_get_property (G_OBJECT (pc), "stats",
      (g_value_init (&v, GST_TYPE_STRUCTURE), &v));
  fail_unless (GST_VALUE_HOLDS_STRUCTURE (&v));
  g_value_unset (&v);

  g_object_get (pc, "stats", &s, NULL);
  fail_unless (s != NULL);
  for (i = 0; i < G_N_ELEMENTS (u64_fields); i++) {
    fail_unless (gst_structure_get_uint64 (s, u64_fields[i], &u64),
        "no guint64 field %s in %" GST_PTR_FORMAT, u64_fields[i], s);
    fail_unless_equals_uint64 (u64, 0);
  }
  /* nothing undocumented: the listed counts and the pool name */
  fail_unless_equals_int (gst_structure_n_fields (s),
      G_N_ELEMENTS (u64_fields) + 1);
  pool = gst_structure_get_string (s, "pool");
  fail_unless (pool != NULL);
  fail_unless (g_strv_contains (pool_names, pool), "pool is '%s'", pool);
  /* a new element has not decided anything yet */
  fail_unless_equals_string (pool, "unnegotiated");

  /* the caller owns its copy */
  gst_structure_set (s, "buffers-allocated", G_TYPE_UINT64,
      G_GUINT64_CONSTANT (77), NULL);
  g_object_get (pc, "stats", &again, NULL);
  fail_unless (gst_structure_get_uint64 (again, "buffers-allocated", &u64));
  fail_unless_equals_uint64 (u64, 0);

  gst_structure_free (again);
  gst_structure_free (s);
  gst_object_unref (pc);
}

GST_END_TEST;

/* ---- every format to EOS ---------------------------------------------------- */

#define N_FRAMES 20

/* videotestsrc ! <format> ! pooledconvert ! fakesink: every frame arrives
 * as right I420; conversions come from the own pool with two buffers and
 * no allocation after them; I420 passes the input buffer through; and
 * when the pipeline stops everything is freed. */
GST_START_TEST (test_pipeline_each_format)
{
  const gchar *format = formats[__i__];
  gboolean passthrough = __i__ == 0;
  gchar *desc = g_strdup_printf ("videotestsrc num-buffers=%d pattern=snow "
      "! video/x-raw,format=%s,width=64,height=48,framerate=30/1 "
      "! pooledconvert name=pc ! video/x-raw,format=I420 "
      "! fakesink name=sink sync=false enable-last-sample=false",
      N_FRAMES, format);
  GstElement *pipeline = launch_pipeline (desc);
  GstElement *pc = pipeline_element (pipeline, "pc");
  Watch w;
  Stats st;
  guint i;

  watch_init (&w);
  watch_pipeline (&w, pipeline);
  play_until_eos (pipeline, GUARD_SECONDS);
  assert_no_watch_error (&w);
  fail_unless_equals_int (w.frames, N_FRAMES);

  for (i = 0; i < N_FRAMES; i++) {
    fail_unless_equals_int (w.width[i], 64);
    fail_unless_equals_int (w.same_as_input[i], passthrough);
  }

  read_stats (pc, &st);
  if (passthrough) {
    fail_unless_equals_string (st.pool, "passthrough");
    fail_unless_equals_uint64 (st.allocated, 0);
    fail_unless_equals_uint64 (st.new_buffers + st.reused, 0);
  } else {
    fail_unless_equals_string (st.pool, "own");
    for (i = 0; i < N_FRAMES; i++)
      fail_unless_equals_int (w.size[i], i420_size (64, 48));
    /* the sink lets go of each frame before the next: two buffers do */
    fail_unless_equals_uint64 (st.allocated, 2);
    fail_unless_equals_uint64 (st.preallocated, 2);
    fail_unless_equals_uint64 (st.new_buffers + st.reused, N_FRAMES);
    fail_unless_equals_uint64 (st.temporary, 0);
    fail_unless_equals_uint64 (st.freed, 0);
  }

  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  check_all_freed (pc);

  watch_clear (&w);
  gst_object_unref (pc);
  gst_object_unref (pipeline);
  g_free (desc);
}

GST_END_TEST;

/* With videoconvert before and after and bounded queues on both sides the
 * pool stays small: it allocates no more than the frames in flight (plus
 * one for a release racing the next acquire), reuses for everything else
 * and makes no temporaries. */
GST_START_TEST (test_pipeline_with_videoconvert_and_queues)
{
  const gchar *format = formats[1 + __i__];
  gchar *desc = g_strdup_printf ("videotestsrc num-buffers=40 pattern=snow "
      "! videoconvert ! video/x-raw,format=%s,width=80,height=60 "
      "! queue max-size-buffers=3 max-size-bytes=0 max-size-time=0 "
      "! pooledconvert name=pc "
      "! queue max-size-buffers=3 max-size-bytes=0 max-size-time=0 "
      "! videoconvert ! video/x-raw,format=I420 "
      "! fakesink name=sink sync=false enable-last-sample=false", format);
  GstElement *pipeline = launch_pipeline (desc);
  GstElement *pc = pipeline_element (pipeline, "pc");
  Watch w;
  Stats st;

  watch_init (&w);
  watch_pipeline (&w, pipeline);
  play_until_eos (pipeline, GUARD_SECONDS);
  assert_no_watch_error (&w);
  fail_unless_equals_int (w.frames, 40);

  read_stats (pc, &st);
  fail_unless_equals_string (st.pool, "own");
  fail_unless_equals_uint64 (st.temporary, 0);
  fail_unless (st.peak_in_flight <= 8, "%u frames in flight with two "
      "3-buffer queues", st.peak_in_flight);
  fail_unless (st.allocated <= MAX (st.peak_in_flight + 1, 2),
      "allocated %" G_GUINT64_FORMAT " buffers for %u in flight",
      st.allocated, st.peak_in_flight);
  /* every frame went out in a buffer on its first trip or reused */
  fail_unless_equals_uint64 (st.new_buffers + st.reused, 40);
  fail_unless (st.new_buffers <= st.allocated);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  check_all_freed (pc);

  watch_clear (&w);
  gst_object_unref (pc);
  gst_object_unref (pipeline);
  g_free (desc);
}

GST_END_TEST;

/* ---- downstream that holds frames -------------------------------------------- */

/* The sink keeps all 12 frames with max-buffers=2: the pipeline must reach
 * EOS (the pool never waits for a frame to come back), all frames arrive
 * intact, frames 3..12 are temporaries, and once they are released the
 * pool keeps no more than max-buffers. */
GST_START_TEST (test_pipeline_sink_holds_more_than_max)
{
  GstElement *pipeline =
      launch_pipeline ("videotestsrc num-buffers=12 pattern=snow "
      "! video/x-raw,format=RGBA,width=32,height=24 "
      "! pooledconvert name=pc max-buffers=2 "
      "! fakesink name=sink sync=false enable-last-sample=false");
  GstElement *pc = pipeline_element (pipeline, "pc");
  Watch w;
  Stats st;
  guint i, j;

  watch_init (&w);
  w.hold_from = 0;
  w.hold_count = 12;
  watch_pipeline (&w, pipeline);
  play_until_eos (pipeline, GUARD_SECONDS);
  assert_no_watch_error (&w);
  fail_unless_equals_int (w.frames, 12);

  for (i = 0; i < 12; i++)
    for (j = 0; j < i; j++)
      fail_unless (w.held[i] != w.held[j]);
  check_held_unchanged (&w);

  read_stats (pc, &st);
  fail_unless_equals_int (st.in_flight, 12);
  fail_unless_equals_int (st.peak_in_flight, 12);
  fail_unless_equals_uint64 (st.temporary, 10);

  watch_release_held (&w);
  read_stats (pc, &st);
  fail_unless_equals_int (st.in_flight, 0);
  fail_unless (st.held <= 2, "pool keeps %u buffers after release, "
      "max-buffers=2", st.held);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  check_all_freed (pc);

  watch_clear (&w);
  gst_object_unref (pc);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* An application that keeps the last few samples an appsink gave it (a
 * frame grabber, a thumbnailer): it holds more output frames than
 * max-buffers.  (An encoder with look-ahead is not such a downstream:
 * vp8enc copies each frame into libvpx and returns it at once, so it never
 * holds more than one.)  The pipeline must still finish, the frames held
 * past max-buffers are temporaries, held frames keep their pixels, and once
 * the application lets go the pool keeps no more than max-buffers. */
#define APP_KEEPS 6
#define APP_MAX_BUFFERS 3
#define APP_FRAMES 30

typedef struct
{
  GMutex lock;
  GQueue kept;                  /* of GstSample, oldest first */
  guint64 sums[APP_FRAMES];
  guint frames;
  gboolean changed;             /* a kept frame changed while kept */
} SampleKeeper;

static guint64
sample_checksum (GstSample * sample)
{
  return buffer_checksum (gst_sample_get_buffer (sample));
}

static GstFlowReturn
keep_last_samples (GstElement * appsink, SampleKeeper * keeper)
{
  GstSample *sample = NULL;

  g_signal_emit_by_name (appsink, "pull-sample", &sample);
  if (sample == NULL)
    return GST_FLOW_ERROR;

  g_mutex_lock (&keeper->lock);
  if (keeper->frames < APP_FRAMES)
    keeper->sums[keeper->frames] = sample_checksum (sample);
  gst_mini_object_set_qdata (GST_MINI_OBJECT (sample),
      g_quark_from_static_string ("pc-frame"),
      GUINT_TO_POINTER (keeper->frames + 1), NULL);
  keeper->frames++;
  g_queue_push_tail (&keeper->kept, sample);
  while (keeper->kept.length > APP_KEEPS) {
    GstSample *old = g_queue_pop_head (&keeper->kept);
    guint n = GPOINTER_TO_UINT (gst_mini_object_get_qdata (GST_MINI_OBJECT
            (old), g_quark_from_static_string ("pc-frame"))) - 1;

    if (n < APP_FRAMES && sample_checksum (old) != keeper->sums[n])
      keeper->changed = TRUE;
    gst_sample_unref (old);
  }
  g_mutex_unlock (&keeper->lock);
  return GST_FLOW_OK;
}

GST_START_TEST (test_pipeline_app_keeps_samples)
{
  GstElementFactory *appsink = gst_element_factory_find ("appsink");
  GstElement *pipeline, *pc, *sink;
  SampleKeeper keeper;
  gchar *description;
  Stats st;

  if (appsink == NULL) {
    g_print ("SKIPPED test_pipeline_app_keeps_samples: appsink (gst-plugins-"
        "base, app) is not installed\n");
    return;
  }
  gst_object_unref (appsink);

  description = g_strdup_printf ("videotestsrc num-buffers=%d pattern=snow "
      "! video/x-raw,format=Y444,width=64,height=48,framerate=30/1 "
      "! pooledconvert name=pc max-buffers=%d "
      "! appsink name=sink sync=false emit-signals=true "
      "enable-last-sample=false", APP_FRAMES, APP_MAX_BUFFERS);
  pipeline = launch_pipeline (description);
  g_free (description);
  pc = pipeline_element (pipeline, "pc");
  sink = pipeline_element (pipeline, "sink");
  memset (&keeper, 0, sizeof (keeper));
  g_mutex_init (&keeper.lock);
  g_signal_connect (sink, "new-sample", G_CALLBACK (keep_last_samples),
      &keeper);

  play_until_eos (pipeline, GUARD_SECONDS);
  fail_unless_equals_int (keeper.frames, APP_FRAMES);
  fail_if (keeper.changed, "a frame changed while the application kept it");

  read_stats (pc, &st);
  fail_unless_equals_string (st.pool, "own");
  fail_unless (st.peak_in_flight >= APP_KEEPS, "peak in flight %u: the "
      "application kept %d", st.peak_in_flight, APP_KEEPS);
  fail_unless (st.temporary >= st.peak_in_flight - APP_MAX_BUFFERS,
      "%u in flight with max-buffers=%d but only %" G_GUINT64_FORMAT
      " temporaries", st.peak_in_flight, APP_MAX_BUFFERS, st.temporary);

  g_queue_clear_full (&keeper.kept, (GDestroyNotify) gst_sample_unref);
  read_stats (pc, &st);
  /* appsink keeps the last frame it handed out */
  fail_unless (st.in_flight <= 1, "%u still in flight", st.in_flight);
  fail_unless (st.held <= APP_MAX_BUFFERS, "pool keeps %u buffers, "
      "max-buffers=%d", st.held, APP_MAX_BUFFERS);

  /* appsink lets go of the last frame it handed out only when it goes */
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  check_all_freed (pc);
  g_mutex_clear (&keeper.lock);
  gst_object_unref (pc);
}

GST_END_TEST;

/* ---- pool-mode in a real pipeline ------------------------------------------- */

/* videoconvert converting to NV12 proposes a pool of its own (GstVideoFilter
 * does).  pool-mode=downstream takes it, own ignores it, none uses no pool;
 * the output is right in all three, and each frame is counted where its
 * buffer came from. */
GST_START_TEST (test_pipeline_pool_modes)
{
  static const gchar *modes[] = { "own", "downstream", "none" };
  const gchar *mode = modes[__i__];
  gchar *desc = g_strdup_printf ("videotestsrc num-buffers=%d pattern=snow "
      "! video/x-raw,format=Y444,width=64,height=48 "
      "! pooledconvert name=pc pool-mode=%s "
      "! videoconvert ! video/x-raw,format=NV12 "
      "! fakesink sync=false", N_FRAMES, mode);
  GstElement *pipeline = launch_pipeline (desc);
  GstElement *pc = pipeline_element (pipeline, "pc");
  Stats st;

  play_until_eos (pipeline, GUARD_SECONDS);

  read_stats (pc, &st);
  fail_unless_equals_string (st.pool, mode);
  if (g_str_equal (mode, "own")) {
    fail_unless (st.allocated >= 1);
    fail_unless_equals_uint64 (st.new_buffers + st.reused, N_FRAMES);
    fail_unless_equals_uint64 (st.downstream, 0);
  } else {
    /* videoconvert's pool has no bound: no temporary was needed */
    fail_unless_equals_uint64 (st.downstream,
        g_str_equal (mode, "downstream") ? N_FRAMES : 0);
    fail_unless_equals_uint64 (st.allocated, 0);
    fail_unless_equals_uint64 (st.new_buffers + st.reused, 0);
    fail_unless_equals_int (st.peak_in_flight, 0);
  }

  gst_element_set_state (pipeline, GST_STATE_NULL);
  check_all_freed (pc);

  gst_object_unref (pc);
  gst_object_unref (pipeline);
  g_free (desc);
}

GST_END_TEST;

/* ---- renegotiation ---------------------------------------------------------- */

typedef struct
{
  const gchar *format;
  gint width;
  gint height;
} Geometry;

static GstSample *
make_sample (const Geometry * g, guint32 seed)
{
  GstVideoInfo info;
  GstBuffer *buffer;
  GstCaps *caps;
  GstSample *sample;
  GstMapInfo map;

  gst_video_info_set_format (&info, gst_video_format_from_string (g->format),
      g->width, g->height);
  GST_VIDEO_INFO_FPS_N (&info) = 30;
  GST_VIDEO_INFO_FPS_D (&info) = 1;
  caps = gst_video_info_to_caps (&info);
  buffer = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&info), NULL);
  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_WRITE));
  ref_fill_random (map.data, map.size, seed);
  gst_buffer_unmap (buffer, &map);
  GST_BUFFER_PTS (buffer) = seed * GST_SECOND / 30;
  GST_BUFFER_DURATION (buffer) = GST_SECOND / 30;

  sample = gst_sample_new (buffer, caps, NULL, NULL);
  gst_buffer_unref (buffer);
  gst_caps_unref (caps);
  return sample;
}

/* appsrc pushes 4 frames of caps A, then 4 of caps B (new size, new
 * format, or both).  Every output has B's size after the change and is
 * right; an output of A held across the change keeps its bytes; once it is
 * released the pool holds only buffers of B's size. */
GST_START_TEST (test_pipeline_renegotiation_appsrc)
{
  static const Geometry a = { "Y444", 64, 48 };
  static const Geometry bs[] = {
    {"Y444", 32, 24},
    {"RGBA", 48, 30},
    {"Y42B", 64, 48},
  };
  const Geometry *b = &bs[__i__];
  GstElement *pipeline = launch_pipeline ("appsrc name=src format=time "
      "! pooledconvert name=pc "
      "! fakesink name=sink sync=false enable-last-sample=false");
  GstElement *pc = pipeline_element (pipeline, "pc");
  GstElement *src = pipeline_element (pipeline, "src");
  gsize size_a = i420_size (a.width, a.height);
  gsize size_b = i420_size (b->width, b->height);
  Watch w;
  Stats st, before;
  guint i;

  watch_init (&w);
  w.hold_from = 1;
  w.hold_count = 1;
  watch_pipeline (&w, pipeline);

  for (i = 0; i < 8; i++) {
    GstSample *sample = make_sample (i < 4 ? &a : b, i + 1);

    fail_unless_equals_int (gst_app_src_push_sample (GST_APP_SRC (src),
            sample), GST_FLOW_OK);
    gst_sample_unref (sample);
  }
  fail_unless_equals_int (gst_app_src_end_of_stream (GST_APP_SRC (src)),
      GST_FLOW_OK);

  play_until_eos (pipeline, GUARD_SECONDS);
  assert_no_watch_error (&w);
  fail_unless_equals_int (w.frames, 8);
  for (i = 0; i < 8; i++) {
    fail_unless_equals_int (w.width[i], i < 4 ? a.width : b->width);
    fail_unless_equals_int (w.size[i], i < 4 ? size_a : size_b);
  }
  check_held_unchanged (&w);

  read_stats (pc, &before);
  fail_unless_equals_string (before.pool, "own");
  fail_unless_equals_int (before.in_flight, 1);
  /* caps A's idle buffers went with its pool; the held one has not */
  fail_unless_equals_uint64 (before.bytes_held,
      size_a + (before.held - 1) * size_b);

  watch_release_held (&w);
  read_stats (pc, &st);
  fail_unless_equals_uint64 (st.freed, before.freed + 1);
  fail_unless_equals_uint64 (st.bytes_held, st.held * size_b);
  fail_unless (st.held >= 1);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  check_all_freed (pc);

  watch_clear (&w);
  gst_object_unref (src);
  gst_object_unref (pc);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* A capsfilter in front of the element changed while PLAYING (from the
 * streaming thread at frame 10, so the point is deterministic): videotestsrc
 * renegotiates, the element follows, all frames arrive right, the outputs
 * switch size once and stay switched, and the old size is freed. */
GST_START_TEST (test_pipeline_renegotiation_capsfilter)
{
  GstElement *pipeline =
      launch_pipeline ("videotestsrc num-buffers=30 pattern=snow "
      "! capsfilter name=cf caps=video/x-raw,format=Y444,width=64,height=48 "
      "! pooledconvert name=pc "
      "! fakesink name=sink sync=false enable-last-sample=false");
  GstElement *pc = pipeline_element (pipeline, "pc");
  gsize size_a = i420_size (64, 48), size_b = i420_size (40, 30);
  guint i, first_b = 0;
  Watch w;
  Stats st, before;

  watch_init (&w);
  w.capsfilter = pipeline_element (pipeline, "cf");
  w.change_at = 10;
  w.change_to = gst_caps_from_string ("video/x-raw,format=RGBA,"
      "width=40,height=30");
  w.hold_from = 5;
  w.hold_count = 1;
  watch_pipeline (&w, pipeline);

  play_until_eos (pipeline, GUARD_SECONDS);
  assert_no_watch_error (&w);
  fail_unless_equals_int (w.frames, 30);

  for (i = 0; i < 30; i++) {
    if (w.width[i] == 40 && first_b == 0)
      first_b = i;
    fail_unless_equals_int (w.size[i], first_b ? size_b : size_a);
    fail_unless_equals_int (w.width[i], first_b ? 40 : 64);
  }
  fail_unless (first_b >= 10, "caps changed before the capsfilter was");
  check_held_unchanged (&w);

  read_stats (pc, &before);
  fail_unless_equals_uint64 (before.bytes_held,
      size_a + (before.held - 1) * size_b);
  watch_release_held (&w);
  read_stats (pc, &st);
  fail_unless_equals_uint64 (st.bytes_held, st.held * size_b);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  check_all_freed (pc);

  watch_clear (&w);
  gst_object_unref (pc);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* ---- exhausted-policy=wait and flushing ----------------------------------- */

/* A downstream that keeps every frame (a probe on pooledconvert's source pad
 * takes a reference to each), and how many buffers have entered
 * pooledconvert: with max-buffers=2 and wait, the third one waits in the
 * pool for a buffer that never comes back. */
typedef struct
{
  GMutex lock;
  GCond changed;
  GPtrArray *kept;
  guint entered;
} Keeper;

static GstPadProbeReturn
keep_frame (GstPad * pad, GstPadProbeInfo * info, Keeper * keeper)
{
  g_mutex_lock (&keeper->lock);
  g_ptr_array_add (keeper->kept,
      gst_buffer_ref (GST_PAD_PROBE_INFO_BUFFER (info)));
  g_cond_broadcast (&keeper->changed);
  g_mutex_unlock (&keeper->lock);
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
count_entered (GstPad * pad, GstPadProbeInfo * info, Keeper * keeper)
{
  g_mutex_lock (&keeper->lock);
  keeper->entered++;
  g_cond_broadcast (&keeper->changed);
  g_mutex_unlock (&keeper->lock);
  return GST_PAD_PROBE_OK;
}

/* Waits until @entered buffers have entered pooledconvert and two are
 * kept downstream, so that the last one is waiting for a free buffer. */
static void
keeper_wait_stalled (Keeper * keeper, guint entered)
{
  gint64 deadline =
      g_get_monotonic_time () + GUARD_SECONDS * G_TIME_SPAN_SECOND;

  g_mutex_lock (&keeper->lock);
  while (keeper->entered < entered || keeper->kept->len < 2)
    fail_unless (g_cond_wait_until (&keeper->changed, &keeper->lock,
            deadline), "the stream did not start");
  g_mutex_unlock (&keeper->lock);
  /* let the streaming thread get into the pool's wait; how long this takes
   * decides nothing below, only whether the old code would be caught */
  g_usleep (G_USEC_PER_SEC / 10);
}

/* Seconds a call that must not wait for the pool may take before the test
 * calls it stuck: far above what it takes (milliseconds), far below the
 * 10 s wait-timeout it must not sit out. */
#define STALL_BOUND_SECONDS 5

/* With exhausted-policy=wait and a downstream that keeps every frame, a
 * flushing seek and then the way down to NULL must each wake the streaming
 * thread that waits for a buffer, not sit out wait-timeout (10 s): in the
 * element's own pool, and in pool-mode=downstream in videoconvert's pool
 * (bounded by max-buffers=2). */
GST_START_TEST (test_wait_policy_does_not_stall_flush_or_stop)
{
  static const gchar *downstreams[] = {
    "pool-mode=own ! fakesink",
    "pool-mode=downstream ! videoconvert ! video/x-raw,format=NV12 "
        "! fakesink",
  };
  gchar *desc = g_strdup_printf ("videotestsrc pattern=snow "
      "! video/x-raw,format=Y444,width=32,height=24,framerate=30/1 "
      "! pooledconvert name=pc min-buffers=2 max-buffers=2 "
      "exhausted-policy=wait wait-timeout=10000 %s sync=false "
      "enable-last-sample=false", downstreams[__i__]);
  GstElement *pipeline = launch_pipeline (desc);
  GstElement *pc = pipeline_element (pipeline, "pc");
  GstPad *pad = gst_element_get_static_pad (pc, "sink");
  GstPad *src_pad = gst_element_get_static_pad (pc, "src");
  Keeper keeper = { 0, };
  gint64 start, elapsed;
  guint entered;

  g_mutex_init (&keeper.lock);
  g_cond_init (&keeper.changed);
  keeper.kept = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);
  gst_pad_add_probe (src_pad, GST_PAD_PROBE_TYPE_BUFFER,
      (GstPadProbeCallback) keep_frame, &keeper, NULL);
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER,
      (GstPadProbeCallback) count_entered, &keeper, NULL);

  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  keeper_wait_stalled (&keeper, 3);
  entered = keeper.entered;

  start = g_get_monotonic_time ();
  fail_unless (gst_element_seek_simple (pipeline, GST_FORMAT_TIME,
          GST_SEEK_FLAG_FLUSH, 0));
  elapsed = g_get_monotonic_time () - start;
  fail_unless (elapsed < STALL_BOUND_SECONDS * G_TIME_SPAN_SECOND,
      "a flushing seek took %.1f s: it waited out wait-timeout", elapsed / 1e6);

  /* the stream starts again and stalls again: frames are still kept */
  keeper_wait_stalled (&keeper, entered + 1);
  start = g_get_monotonic_time ();
  fail_unless (gst_element_set_state (pipeline, GST_STATE_NULL) ==
      GST_STATE_CHANGE_SUCCESS);
  elapsed = g_get_monotonic_time () - start;
  fail_unless (elapsed < STALL_BOUND_SECONDS * G_TIME_SPAN_SECOND,
      "going to NULL took %.1f s: it waited out wait-timeout", elapsed / 1e6);

  g_ptr_array_free (keeper.kept, TRUE);
  check_all_freed (pc);
  g_cond_clear (&keeper.changed);
  g_mutex_clear (&keeper.lock);
  gst_object_unref (src_pad);
  gst_object_unref (pad);
  gst_object_unref (pc);
  gst_object_unref (pipeline);
  g_free (desc);
}

GST_END_TEST;

/* ---- properties while playing --------------------------------------------- */

static GstBufferPool *
pool_in_use (GstHarness * h)
{
  GstBufferPool *pool =
      gst_base_transform_get_buffer_pool (GST_BASE_TRANSFORM (h->element));

  fail_unless (pool != NULL, "no pool in use");
  /* only its identity is compared */
  gst_object_unref (pool);
  return pool;
}

#define Y444_CAPS "video/x-raw,format=Y444,width=32,height=24,framerate=30/1"
#define Y444_SIZE (32 * 24 * 3)

/* Converts one frame and drops the output. */
static void
convert_and_drop (GstHarness * h, guint32 seed)
{
  gst_buffer_unref (gst_harness_push_and_pull (h,
          random_input_buffer (Y444_SIZE, seed)));
}

/* Setting a property to the value it has is not a change: 1200 such sets
 * between frames of a playing element leave the pool and its allocations
 * as they were (each used to make a new pool: two allocations a set). */
GST_START_TEST (test_noop_property_sets_keep_the_pool)
{
  static const gchar *names[] = { "pool-mode", "min-buffers", "max-buffers",
    "trim-window", "exhausted-policy", "wait-timeout"
  };
  GstHarness *h = new_converter_harness (NULL, Y444_CAPS);
  GstBufferPool *pool;
  Stats before, after;
  guint i, j;

  convert_and_drop (h, 1);
  pool = pool_in_use (h);
  read_stats (h->element, &before);

  for (i = 0; i < 200; i++) {
    for (j = 0; j < G_N_ELEMENTS (names); j++) {
      GValue value = G_VALUE_INIT;

      g_object_get_property (G_OBJECT (h->element), names[j], &value);
      g_object_set_property (G_OBJECT (h->element), names[j], &value);
      g_value_unset (&value);
    }
    convert_and_drop (h, i);
  }

  read_stats (h->element, &after);
  fail_unless (pool_in_use (h) == pool, "a new pool was made");
  fail_unless_equals_uint64 (after.allocated, before.allocated);
  fail_unless_equals_uint64 (after.reused, before.reused + 200);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* trim-window, exhausted-policy and wait-timeout act on the live pool;
 * pool-mode, min-buffers and max-buffers make a new one when they change. */
GST_START_TEST (test_property_changes_while_playing)
{
  static const struct
  {
    const gchar *name;
    const gchar *value;
    gboolean new_pool;
  } changes[] = {
    {"trim-window", "7", FALSE},
    {"exhausted-policy", "wait", FALSE},
    {"wait-timeout", "3", FALSE},
    {"min-buffers", "3", TRUE},
    {"max-buffers", "5", TRUE},
    {"pool-mode", "downstream", TRUE},
  };
  GstHarness *h = new_converter_harness (NULL, Y444_CAPS);
  guint i;

  convert_and_drop (h, 1);
  for (i = 0; i < G_N_ELEMENTS (changes); i++) {
    GstBufferPool *pool = pool_in_use (h);

    gst_util_set_object_arg (G_OBJECT (h->element), changes[i].name,
        changes[i].value);
    convert_and_drop (h, i);
    fail_unless ((pool_in_use (h) != pool) == changes[i].new_pool,
        "%s=%s: %s", changes[i].name, changes[i].value, changes[i].new_pool ?
        "the pool was kept" : "a new pool was made");
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

/* The pool's stall timer ticks a quarter of a trim window apart, the trim
 * window (frames) times the frame duration.  At a frame every 2^31 - 1
 * seconds, or with a window of 2^32 - 1 frames at a frame every 3 s, that
 * is more nanoseconds than 64 bits hold.  The element converts as usual,
 * also after the window changes on the live pool; the asan stage's UBSan
 * is what sees an overflow. */
static const struct
{
  const gchar *framerate;
  guint trim_window;
} extreme_rates[] = {
  {"1/2147483647", 300},
  {"1/3", G_MAXUINT},
  {"1/2147483647", G_MAXUINT},
};

GST_START_TEST (test_trim_timer_at_extreme_rates)
{
  gchar *caps = g_strdup_printf ("video/x-raw,format=Y444,width=32,height=24,"
      "framerate=%s", extreme_rates[__i__].framerate);
  GstVideoInfo in_info = video_info_from_string (caps);
  GstHarness *h = new_converter_harness (NULL, NULL);
  guint i;

  g_object_set (h->element, "trim-window", extreme_rates[__i__].trim_window,
      NULL);
  gst_harness_set_src_caps_str (h, caps);
  for (i = 0; i < 3; i++) {
    GstBuffer *in = random_input_buffer (Y444_SIZE, i);
    GstBuffer *out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
    GstVideoInfo out_info = harness_output_info (h);

    fail_unless (out != NULL);
    fail_unless (reference_error (in, &in_info, out, &out_info) <= 1.0);
    gst_buffer_unref (out);
    gst_buffer_unref (in);
    /* the live pool restarts its timer for the new window */
    g_object_set (h->element, "trim-window",
        extreme_rates[__i__].trim_window - i - 1, NULL);
  }
  gst_harness_teardown (h);
  g_free (caps);
}

GST_END_TEST;

/* ---- allocation ----------------------------------------------------------- */

/* Downstream asks for 4096-byte aligned memory in the allocation query
 * (GstAllocationParams.align = 4095): every output frame's memory must be
 * aligned so, in own and downstream modes (downstream offers no pool here,
 * so both use the element's own pool, configured with downstream's params).
 * Passing the params is the element's part; honouring them is the pool's
 * (GstPooledConvertPool on the pool branch). */
GST_START_TEST (test_downstream_allocation_params)
{
  static const gchar *modes[] = { "own", "downstream", "none" };
  GstAllocationParams params;
  gchar *properties = g_strdup_printf ("pool-mode=%s", modes[__i__]);
  GstHarness *h = new_converter_harness (properties, NULL);
  guint i;

  gst_allocation_params_init (&params);
  params.align = 4095;
  gst_harness_set_propose_allocator (h, NULL, &params);
  gst_harness_set_src_caps_str (h, Y444_CAPS);

  for (i = 0; i < 4; i++) {
    GstBuffer *out = gst_harness_push_and_pull (h,
        random_input_buffer (Y444_SIZE, i));
    GstMapInfo map;

    fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
    fail_unless (((guintptr) map.data & 4095) == 0,
        "%s: frame %u at %p is not 4096-byte aligned", modes[__i__], i,
        map.data);
    gst_buffer_unmap (out, &map);
    gst_buffer_unref (out);
  }
  gst_harness_teardown (h);
  g_free (properties);
}

GST_END_TEST;

/* With a video meta downstream, output strides are multiples of 64. */
GST_START_TEST (test_video_meta_strides_aligned)
{
  GstHarness *h = new_converter_harness (NULL, NULL);
  GstVideoMeta *meta;
  GstBuffer *out;
  guint plane;

  gst_harness_add_propose_allocation_meta (h, GST_VIDEO_META_API_TYPE, NULL);
  gst_harness_set_src_caps_str (h, "video/x-raw,format=RGBA,width=33,"
      "height=17,framerate=30/1");
  out = gst_harness_push_and_pull (h, random_input_buffer (33 * 17 * 4, 1));
  meta = gst_buffer_get_video_meta (out);
  fail_unless (meta != NULL, "no video meta although downstream takes it");
  for (plane = 0; plane < meta->n_planes; plane++)
    fail_unless (meta->stride[plane] % 64 == 0, "plane %u stride %d", plane,
        meta->stride[plane]);
  gst_buffer_unref (out);
  gst_harness_teardown (h);
}

GST_END_TEST;

static Suite *
pipeline_suite (void)
{
  Suite *s = suite_create ("pipeline");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_properties_described);
  tcase_add_test (tc, test_properties_roundtrip);
  tcase_add_test (tc, test_stats_structure);
  tcase_add_loop_test (tc, test_pipeline_each_format, 0,
      G_N_ELEMENTS (formats));
  tcase_add_loop_test (tc, test_pipeline_with_videoconvert_and_queues, 0, 3);
  tcase_add_test (tc, test_pipeline_sink_holds_more_than_max);
  tcase_add_test (tc, test_pipeline_app_keeps_samples);
  tcase_add_loop_test (tc, test_pipeline_pool_modes, 0, 3);
  tcase_add_loop_test (tc, test_pipeline_renegotiation_appsrc, 0, 3);
  tcase_add_test (tc, test_pipeline_renegotiation_capsfilter);
  tcase_add_loop_test (tc, test_wait_policy_does_not_stall_flush_or_stop, 0, 2);
  tcase_add_test (tc, test_noop_property_sets_keep_the_pool);
  tcase_add_test (tc, test_property_changes_while_playing);
  tcase_add_loop_test (tc, test_trim_timer_at_extreme_rates, 0,
      G_N_ELEMENTS (extreme_rates));
  tcase_add_loop_test (tc, test_downstream_allocation_params, 0, 3);
  tcase_add_test (tc, test_video_meta_strides_aligned);

  return s;
}

GST_CHECK_MAIN (pipeline);
