/* pooledconvert tests
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Bad input: every way upstream can hand the element something it cannot
 * convert must end in an ERROR message that says what was wrong, or in a
 * clean not-negotiated, never in a crash, a critical or a leak.
 *
 * Cases: buffers shorter than the caps (converting and passthrough), video
 * metas that disagree with the caps or point outside the memory, memory
 * that cannot be mapped, a buffer before any caps, caps with absurd sizes
 * (0, above 32768, stride * height past 32 bits) and formats or layouts the
 * element does not take.  A video meta with odd but valid offsets and
 * strides must convert correctly.
 *
 * Every test runs with the leaks tracer tracking objects: after the harness
 * is torn down no buffer, memory, pool or element created by the test may
 * still be alive.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/base/gstbasetransform.h>
#include <gst/video/video.h>

#include "reference.h"
#include "testutil.h"

#define LEAKS_TRACER_NAME "pcbadleaks"

/* ---- helpers ------------------------------------------------------------- */

typedef struct
{
  GstHarness *h;
  GstBus *bus;
} Fixture;

static void
fixture_init (Fixture * f)
{
  assert_nothing_alive ("before the test");
  f->h = gst_harness_new ("pooledconvert");
  /* a harness element has no bus: give it one to catch its errors */
  f->bus = gst_bus_new ();
  gst_element_set_bus (f->h->element, f->bus);
}

static void
fixture_clear (Fixture * f)
{
  gst_harness_teardown (f->h);
  gst_bus_set_flushing (f->bus, TRUE);
  gst_object_unref (f->bus);
  assert_nothing_alive ("after the teardown");
}

/* Sends caps (and a segment) without GstHarness's assertion that they are
 * accepted; returns whether the element took the caps. */
static gboolean
send_caps (Fixture * f, const gchar * caps_str)
{
  GstCaps *caps = gst_caps_from_string (caps_str);
  GstSegment segment;
  gboolean accepted;

  fail_unless (caps != NULL, "bad caps string in the test: %s", caps_str);
  /* a sticky event is stored and "handled" even when refused: what counts
   * is whether the element's sink pad took the caps */
  gst_harness_push_event (f->h, gst_event_new_caps (caps));
  accepted = gst_pad_has_current_caps (GST_BASE_TRANSFORM_SINK_PAD
      (f->h->element));
  gst_caps_unref (caps);

  gst_segment_init (&segment, GST_FORMAT_TIME);
  gst_harness_push_event (f->h, gst_event_new_segment (&segment));
  return accepted;
}

/* Pops the element's ERROR message and checks that its text names the
 * frame the caps describe (so a user can tell what was wrong). */
static void
assert_error_posted (Fixture * f, const gchar * must_mention)
{
  GstMessage *msg = gst_bus_pop_filtered (f->bus, GST_MESSAGE_ERROR);
  GError *error = NULL;
  gchar *debug = NULL;

  fail_unless (msg != NULL, "no ERROR message was posted");
  fail_unless (GST_MESSAGE_SRC (msg) == GST_OBJECT (f->h->element));
  gst_message_parse_error (msg, &error, &debug);
  fail_unless (error != NULL && error->message != NULL);
  GST_INFO ("error: %s (%s)", error->message, GST_STR_NULL (debug));
  fail_unless (error->domain == GST_STREAM_ERROR ||
      error->domain == GST_CORE_ERROR || error->domain == GST_RESOURCE_ERROR);
  if (must_mention != NULL)
    fail_unless (strstr (error->message, must_mention) != NULL,
        "error text \"%s\" does not mention \"%s\"", error->message,
        must_mention);
  g_clear_error (&error);
  g_free (debug);
  gst_message_unref (msg);
}

static void
assert_no_output (Fixture * f)
{
  GstBuffer *out = gst_harness_try_pull (f->h);

  if (out != NULL) {
    gst_buffer_unref (out);
    fail ("a bad input buffer produced an output buffer");
  }
}

/* Pushes @buffer, which the element must refuse with an ERROR message
 * that mentions @must_mention, and nothing output. */
static void
push_refused (Fixture * f, GstBuffer * buffer, const gchar * must_mention)
{
  fail_unless_equals_int (gst_harness_push (f->h, buffer), GST_FLOW_ERROR);
  assert_error_posted (f, must_mention);
  assert_no_output (f);
}

/* ---- buffers too small ---------------------------------------------------- */

static const gchar *converting_caps[] = {
  "video/x-raw,format=RGBA,width=64,height=48,framerate=30/1",
  "video/x-raw,format=Y444,width=63,height=47,framerate=30/1",
  "video/x-raw,format=Y42B,width=65,height=33,framerate=30/1",
};

GST_START_TEST (test_short_buffer_converting)
{
  const gchar *caps_str = converting_caps[__i__];
  GstVideoInfo info = video_info_from_string (caps_str);
  gchar *size_text = g_strdup_printf ("%dx%d", GST_VIDEO_INFO_WIDTH (&info),
      GST_VIDEO_INFO_HEIGHT (&info));
  const gsize shorts[] = { 0, 1, GST_VIDEO_INFO_SIZE (&info) / 2,
    GST_VIDEO_INFO_SIZE (&info) - 1
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (shorts); i++) {
    Fixture f;

    fixture_init (&f);
    fail_unless (send_caps (&f, caps_str));
    push_refused (&f, random_input_buffer (shorts[i], i), size_text);
    fixture_clear (&f);
  }

  /* and the element is not broken for a good frame afterwards */
  {
    Fixture f;
    GstBuffer *out;

    fixture_init (&f);
    fail_unless (send_caps (&f, caps_str));
    fail_unless_equals_int (gst_harness_push (f.h, random_input_buffer (1, 1)),
        GST_FLOW_ERROR);
    assert_error_posted (&f, size_text);
    fail_unless_equals_int (gst_harness_push (f.h,
            random_input_buffer (GST_VIDEO_INFO_SIZE (&info), 7)), GST_FLOW_OK);
    out = gst_harness_pull (f.h);
    fail_unless (out != NULL);
    gst_buffer_unref (out);
    fixture_clear (&f);
  }
  g_free (size_text);
}

GST_END_TEST;

/* Every pool mode: without a pool the output size comes another way, and
 * an empty buffer must not get further than the others. */
static const gchar *pool_modes[] = { "own", "downstream", "none" };

GST_START_TEST (test_short_buffer_pool_modes)
{
  const gchar *caps_str =
      "video/x-raw,format=RGBA,width=20,height=10,framerate=30/1";
  const gsize sizes[] = { 0, 1, 20 * 10 * 4 - 1 };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (sizes); i++) {
    Fixture f;

    GST_INFO ("pool-mode %s, %" G_GSIZE_FORMAT " bytes", pool_modes[__i__],
        sizes[i]);
    fixture_init (&f);
    gst_util_set_object_arg (G_OBJECT (f.h->element), "pool-mode",
        pool_modes[__i__]);
    fail_unless (send_caps (&f, caps_str));
    push_refused (&f, random_input_buffer (sizes[i], i), "20x10");
    fixture_clear (&f);
  }
}

GST_END_TEST;

/* I420 in, equal I420 out is passthrough: no copy, but a buffer that cannot
 * hold the frame must still not be passed on as if it did. */
GST_START_TEST (test_short_buffer_passthrough)
{
  const gchar *caps_str =
      "video/x-raw,format=I420,width=64,height=48,framerate=30/1";
  GstVideoInfo info = video_info_from_string (caps_str);
  Fixture f;

  fixture_init (&f);
  fail_unless (send_caps (&f, caps_str));
  push_refused (&f, random_input_buffer (GST_VIDEO_INFO_SIZE (&info) / 3, 3),
      "64x48");
  fixture_clear (&f);
}

GST_END_TEST;

/* ---- video metas ---------------------------------------------------------- */

typedef struct
{
  const gchar *what;
  GstVideoFormat format;        /* GST_VIDEO_FORMAT_UNKNOWN: the caps' */
  gint width_delta;
  guint n_planes_delta;
  gsize offset;                 /* of plane 0 */
  gint stride_delta;            /* added to the default stride */
  gsize size_delta;             /* buffer size minus what the meta needs */
} MetaCase;

static const MetaCase bad_metas[] = {
  {"wrong format", GST_VIDEO_FORMAT_BGRA, 0, 0, 0, 0, 0},
  {"narrower than caps", GST_VIDEO_FORMAT_UNKNOWN, -1, 0, 0, 0, 0},
  {"offset past the end", GST_VIDEO_FORMAT_UNKNOWN, 0, 0, 1 << 20, 0, 0},
  {"odd offset, buffer one byte short", GST_VIDEO_FORMAT_UNKNOWN, 0, 0, 3, 0,
      (gsize) - 1},
  {"stride shorter than a row", GST_VIDEO_FORMAT_UNKNOWN, 0, 0, 0, -1, 0},
  {"negative stride", GST_VIDEO_FORMAT_UNKNOWN, 0, 0, 0, G_MININT / 2, 0},
  {"huge stride", GST_VIDEO_FORMAT_UNKNOWN, 0, 0, 0, G_MAXINT / 2, 0},
};

/* RGBA has one plane, so a meta case is one offset and one stride. */
static GstBuffer *
rgba_buffer_with_meta (const GstVideoInfo * info, const MetaCase * c,
    guint32 seed)
{
  GstVideoFormat format = c->format == GST_VIDEO_FORMAT_UNKNOWN ?
      GST_VIDEO_INFO_FORMAT (info) : c->format;
  gint width = GST_VIDEO_INFO_WIDTH (info) + c->width_delta;
  gint stride = GST_VIDEO_INFO_PLANE_STRIDE (info, 0) + c->stride_delta;
  gsize offset[GST_VIDEO_MAX_PLANES] = { c->offset, };
  gint strides[GST_VIDEO_MAX_PLANES] = { stride, };
  /* room for the frame after a small offset, less size_delta */
  gsize size = (c->offset < 4096 ? c->offset : 0) +
      GST_VIDEO_INFO_SIZE (info) + c->size_delta;
  GstBuffer *buffer = random_input_buffer (size, seed);

  gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE, format,
      width, GST_VIDEO_INFO_HEIGHT (info), 1 + c->n_planes_delta, offset,
      strides);
  return buffer;
}

GST_START_TEST (test_bad_video_meta)
{
  const gchar *caps_str =
      "video/x-raw,format=RGBA,width=33,height=17,framerate=30/1";
  GstVideoInfo info = video_info_from_string (caps_str);
  const MetaCase *c = &bad_metas[__i__];
  Fixture f;

  GST_INFO ("video meta: %s", c->what);
  fixture_init (&f);
  fail_unless (send_caps (&f, caps_str));
  push_refused (&f, rgba_buffer_with_meta (&info, c, __i__), "33x17");
  fixture_clear (&f);
}

GST_END_TEST;

/* Odd offsets and padded strides are legal: the frame must convert, and to
 * the right pixels. */
GST_START_TEST (test_odd_video_meta_converts)
{
  static const struct
  {
    const gchar *caps;
    gsize offset;
    gint pad;
  } cases[] = {
    {"video/x-raw,format=RGBA,width=33,height=17,framerate=30/1", 3, 5},
    {"video/x-raw,format=RGBA,width=33,height=17,framerate=30/1", 4, 4},
    {"video/x-raw,format=Y444,width=31,height=9,framerate=30/1", 1, 3},
    {"video/x-raw,format=Y42B,width=17,height=11,framerate=30/1", 7, 1},
  };
  GstVideoInfo info = video_info_from_string (cases[__i__].caps);
  gsize offsets[GST_VIDEO_MAX_PLANES] = { 0, };
  gint strides[GST_VIDEO_MAX_PLANES] = { 0, };
  gsize size = cases[__i__].offset;
  GstVideoInfo out_info;
  GstVideoFrame in_frame, out_frame;
  GstBuffer *in, *out;
  GstCaps *out_caps;
  RefI420 *ref;
  RefColor color;
  guint plane;
  Fixture f;

  for (plane = 0; plane < GST_VIDEO_INFO_N_PLANES (&info); plane++) {
    strides[plane] = GST_VIDEO_INFO_PLANE_STRIDE (&info, plane) +
        cases[__i__].pad;
    offsets[plane] = size;
    size += (gsize) strides[plane] *
        GST_VIDEO_INFO_COMP_HEIGHT (&info, plane) + cases[__i__].pad;
  }
  fixture_init (&f);
  in = random_input_buffer (size, 99 + __i__);
  gst_buffer_add_video_meta_full (in, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_INFO_FORMAT (&info), GST_VIDEO_INFO_WIDTH (&info),
      GST_VIDEO_INFO_HEIGHT (&info), GST_VIDEO_INFO_N_PLANES (&info), offsets,
      strides);

  fail_unless (send_caps (&f, cases[__i__].caps));
  fail_unless_equals_int (gst_harness_push (f.h, gst_buffer_ref (in)),
      GST_FLOW_OK);
  out = gst_harness_pull (f.h);
  fail_unless (out != NULL);

  out_caps = gst_pad_get_current_caps (f.h->sinkpad);
  fail_unless (gst_video_info_from_caps (&out_info, out_caps));
  gst_caps_unref (out_caps);
  color = ref_color_of (&out_info);

  fail_unless (gst_video_frame_map (&in_frame, &info, in, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&out_frame, &out_info, out, GST_MAP_READ));
  ref = ref_expected_i420 (&in_frame, &color);
  fail_unless (ref_max_error (&out_frame, ref) <= 1.0,
      "output differs from the reference by %f", ref_max_error (&out_frame,
          ref));
  ref_i420_free (ref);
  gst_video_frame_unmap (&out_frame);
  gst_video_frame_unmap (&in_frame);

  gst_buffer_unref (out);
  gst_buffer_unref (in);
  fail_unless (gst_bus_pop_filtered (f.bus, GST_MESSAGE_ERROR) == NULL);
  fixture_clear (&f);
}

GST_END_TEST;

/* ---- memory that cannot be mapped ----------------------------------------- */

/* Memory from a device that refuses every mapping; with no_memory set, a
 * device (or a process at its memory limit) that has no memory at all. */
typedef struct
{
  GstAllocator parent;
  gboolean no_memory;
} NoMapAllocator;

typedef struct
{
  GstAllocatorClass parent_class;
} NoMapAllocatorClass;

static GType no_map_allocator_get_type (void);
G_DEFINE_TYPE (NoMapAllocator, no_map_allocator, GST_TYPE_ALLOCATOR);

static GstMemory *
no_map_alloc (GstAllocator * allocator, gsize size,
    GstAllocationParams * params)
{
  GstMemory *mem;

  if (((NoMapAllocator *) allocator)->no_memory)
    return NULL;
  mem = g_new0 (GstMemory, 1);

  gst_memory_init (mem, 0, allocator, NULL, size, 0, 0, size);
  return mem;
}

static void
no_map_free (GstAllocator * allocator, GstMemory * mem)
{
  g_free (mem);
}

static gpointer
no_map_map (GstMemory * mem, gsize maxsize, GstMapFlags flags)
{
  return NULL;
}

static void
no_map_unmap (GstMemory * mem)
{
}

static void
no_map_allocator_class_init (NoMapAllocatorClass * klass)
{
  GstAllocatorClass *allocator_class = GST_ALLOCATOR_CLASS (klass);

  allocator_class->alloc = no_map_alloc;
  allocator_class->free = no_map_free;
}

static void
no_map_allocator_init (NoMapAllocator * self)
{
  GstAllocator *allocator = GST_ALLOCATOR (self);

  allocator->mem_type = "PcNoMapMemory";
  allocator->mem_map = no_map_map;
  allocator->mem_unmap = no_map_unmap;
  GST_OBJECT_FLAG_SET (allocator, GST_ALLOCATOR_FLAG_CUSTOM_ALLOC);
}

GST_START_TEST (test_unmappable_buffer)
{
  const gchar *caps_str = converting_caps[__i__];
  GstVideoInfo info = video_info_from_string (caps_str);
  gchar *size_text = g_strdup_printf ("%dx%d", GST_VIDEO_INFO_WIDTH (&info),
      GST_VIDEO_INFO_HEIGHT (&info));
  GstAllocator *allocator;
  GstBuffer *buffer;
  Fixture f;

  fixture_init (&f);
  allocator = g_object_new (no_map_allocator_get_type (), NULL);
  gst_object_ref_sink (allocator);
  buffer = gst_buffer_new_allocate (allocator, GST_VIDEO_INFO_SIZE (&info),
      NULL);
  fail_unless (buffer != NULL);
  GST_BUFFER_PTS (buffer) = 0;

  fail_unless (send_caps (&f, caps_str));
  push_refused (&f, buffer, size_text);
  gst_object_unref (allocator);
  fixture_clear (&f);
  g_free (size_text);
}

GST_END_TEST;

/* A video meta whose width or height does not fit a gint: GstVideoFrame
 * keeps them as gint, and the plane arithmetic on 2^31 overflowed (UBSan,
 * run by .ci/stages/asan.sh).  Such a meta must be refused like any other
 * that disagrees with the caps, converting (RGBA) or passing through
 * (I420). */
typedef struct
{
  const gchar *caps;
  guint width;
  guint height;
} HugeMetaCase;

static const HugeMetaCase huge_metas[] = {
  {"video/x-raw,format=RGBA,width=33,height=17,framerate=30/1",
      1u << 31, 17},
  {"video/x-raw,format=RGBA,width=33,height=17,framerate=30/1", 33, 1u << 31},
  {"video/x-raw,format=Y444,width=33,height=17,framerate=30/1",
      G_MAXUINT32, G_MAXUINT32},
  {"video/x-raw,format=I420,width=33,height=17,framerate=30/1",
      1u << 31, 1u << 31},
};

GST_START_TEST (test_huge_video_meta)
{
  const HugeMetaCase *c = &huge_metas[__i__];
  GstVideoInfo info = video_info_from_string (c->caps);
  GstBuffer *buffer;
  Fixture f;

  fixture_init (&f);
  buffer = random_input_buffer (GST_VIDEO_INFO_SIZE (&info), __i__);
  gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_INFO_FORMAT (&info), c->width, c->height,
      GST_VIDEO_INFO_N_PLANES (&info), info.offset, info.stride);
  fail_unless (send_caps (&f, c->caps));
  push_refused (&f, buffer, "33x17");
  fixture_clear (&f);
}

GST_END_TEST;

/* ---- downstream ----------------------------------------------------------- */

static GstPadQueryFunction harness_sink_query;

/* Answers every caps query with ANY, whatever the filter, as some
 * downstreams do; other queries go to the harness. */
static gboolean
answer_caps_any (GstPad * pad, GstObject * parent, GstQuery * query)
{
  if (GST_QUERY_TYPE (query) == GST_QUERY_CAPS) {
    GstCaps *any = gst_caps_new_any ();

    gst_query_set_caps_result (query, any);
    gst_caps_unref (any);
    return TRUE;
  }
  return harness_sink_query (pad, parent, query);
}

/* A downstream that answers the caps query with ANY: the element must
 * pick the colorimetry itself, without a GLib critical (which gst-check
 * turns into a failure). */
GST_START_TEST (test_downstream_caps_any)
{
  const gchar *caps_str =
      "video/x-raw,format=RGBA,width=32,height=24,framerate=30/1";
  GstVideoInfo info = video_info_from_string (caps_str);
  GstCaps *out_caps;
  GstVideoInfo out_info;
  GstBuffer *out;
  Fixture f;

  fixture_init (&f);
  harness_sink_query = GST_PAD_QUERYFUNC (f.h->sinkpad);
  gst_pad_set_query_function (f.h->sinkpad, answer_caps_any);
  fail_unless (send_caps (&f, caps_str));
  fail_unless_equals_int (gst_harness_push (f.h,
          random_input_buffer (GST_VIDEO_INFO_SIZE (&info), 7)), GST_FLOW_OK);
  out = gst_harness_pull (f.h);
  fail_unless (out != NULL);
  gst_buffer_unref (out);

  out_caps = gst_pad_get_current_caps (f.h->sinkpad);
  fail_unless (out_caps != NULL);
  fail_unless (gst_video_info_from_caps (&out_info, out_caps));
  /* GStreamer's default for I420 at 24 lines */
  fail_unless_equals_int (out_info.colorimetry.matrix,
      GST_VIDEO_COLOR_MATRIX_BT601);
  gst_caps_unref (out_caps);
  fixture_clear (&f);
}

GST_END_TEST;

/* Downstream's allocator cannot allocate the output frame: a clear
 * RESOURCE error that names the frame, no output, no crash, in every pool
 * mode (min-buffers 0 and 2: failing on the first frame and when the pool
 * starts). */
GST_START_TEST (test_allocation_failure)
{
  const gchar *caps_str =
      "video/x-raw,format=Y444,width=640,height=480,framerate=30/1";
  GstVideoInfo info = video_info_from_string (caps_str);
  GstAllocator *allocator;
  Fixture f;

  fixture_init (&f);
  allocator = g_object_new (no_map_allocator_get_type (), NULL);
  ((NoMapAllocator *) allocator)->no_memory = TRUE;
  /* the harness takes it */
  gst_harness_set_propose_allocator (f.h, gst_object_ref_sink (allocator),
      NULL);
  gst_util_set_object_arg (G_OBJECT (f.h->element), "pool-mode",
      pool_modes[__i__ / 2]);
  g_object_set (f.h->element, "min-buffers", (__i__ % 2) * 2, NULL);

  fail_unless (send_caps (&f, caps_str));
  push_refused (&f, random_input_buffer (GST_VIDEO_INFO_SIZE (&info), 9),
      "for a 640x480 frame");
  fixture_clear (&f);
}

GST_END_TEST;

/* ---- no caps, absurd caps, unsupported caps ------------------------------- */

GST_START_TEST (test_buffer_before_caps)
{
  Fixture f;
  GstSegment segment;

  fixture_init (&f);
  gst_segment_init (&segment, GST_FORMAT_TIME);
  fail_unless (gst_pad_send_event (GST_BASE_TRANSFORM_SINK_PAD (f.h->element),
          gst_event_new_stream_start ("badinput")));
  fail_unless (gst_pad_send_event (GST_BASE_TRANSFORM_SINK_PAD (f.h->element),
          gst_event_new_segment (&segment)));
  /* straight into the element: the harness's own pad would complain about
   * the missing segment before the element sees anything */
  fail_unless_equals_int (gst_pad_chain (GST_BASE_TRANSFORM_SINK_PAD
          (f.h->element), random_input_buffer (64, 1)),
      GST_FLOW_NOT_NEGOTIATED);
  assert_no_output (&f);
  fixture_clear (&f);
}

GST_END_TEST;

/* Each must be refused when the caps arrive: the element must not build a
 * plan or a pool for them. */
static const gchar *refused_caps[] = {
  /* absurd sizes */
  "video/x-raw,format=RGBA,width=0,height=48,framerate=30/1",
  "video/x-raw,format=Y444,width=64,height=0,framerate=30/1",
  "video/x-raw,format=RGBA,width=32769,height=2,framerate=30/1",
  "video/x-raw,format=Y42B,width=2,height=32769,framerate=30/1",
  "video/x-raw,format=I420,width=40000,height=40000,framerate=30/1",
  "video/x-raw,format=RGBA,width=2147483647,height=1,framerate=30/1",
  "video/x-raw,format=Y444,width=1073741824,height=4,framerate=30/1",
  "video/x-raw,format=RGBA,width=65536,height=65536,framerate=30/1",
  /* 4 * 32768 * 32768 bytes: a stride * height that overflows 32 bits */
  "video/x-raw,format=RGBA,width=32768,height=32768,framerate=30/1",
  /* formats and layouts it does not take */
  "video/x-raw,format=YUV9,width=64,height=48,framerate=30/1",
  "video/x-raw,format=RGB16,width=64,height=48,framerate=30/1",
  "video/x-raw,format=NV12_64Z32,width=64,height=48,framerate=30/1",
  /* fields in separate buffers */
  "video/x-raw,format=RGBA,width=64,height=48,framerate=30/1,"
      "interlace-mode=alternate",
  "video/x-raw(format:Interlaced),format=I420,width=64,height=48,"
      "framerate=30/1,interlace-mode=alternate",
  "video/x-raw(memory:DMABuf),format=RGBA,width=64,height=48,framerate=30/1",
  "video/x-bayer,format=rggb,width=64,height=48,framerate=30/1",
  "audio/x-raw,format=S16LE,rate=48000,channels=2,layout=interleaved",
};

GST_START_TEST (test_refused_caps)
{
  const gchar *caps_str = refused_caps[__i__];
  GstMessage *msg;
  Fixture f;

  GST_INFO ("caps: %s", caps_str);
  fixture_init (&f);
  /* nothing up front: if the caps were taken, no buffer is preallocated */
  g_object_set (f.h->element, "min-buffers", 0, NULL);
  fail_if (send_caps (&f, caps_str), "caps were accepted: %s", caps_str);
  /* a small buffer: whatever the caps, nothing big is read */
  fail_unless_equals_int (gst_harness_push (f.h, random_input_buffer (64, 2)),
      GST_FLOW_NOT_NEGOTIATED);
  assert_no_output (&f);
  /* refusing caps is not worth more than a not-negotiated: if an error was
   * posted, it must at least be an error, not a crash */
  while ((msg = gst_bus_pop_filtered (f.bus, GST_MESSAGE_ERROR)) != NULL)
    gst_message_unref (msg);
  fixture_clear (&f);
}

GST_END_TEST;

/* The largest size still allowed converts, so the limit is not off by one. */
GST_START_TEST (test_largest_sizes_accepted)
{
  static const gchar *caps[] = {
    "video/x-raw,format=RGBA,width=32768,height=2,framerate=30/1",
    "video/x-raw,format=Y444,width=1,height=32768,framerate=30/1",
  };
  GstVideoInfo info = video_info_from_string (caps[__i__]);
  GstBuffer *out;
  Fixture f;

  fixture_init (&f);
  fail_unless (send_caps (&f, caps[__i__]));
  fail_unless_equals_int (gst_harness_push (f.h,
          random_input_buffer (GST_VIDEO_INFO_SIZE (&info), 5)), GST_FLOW_OK);
  out = gst_harness_pull (f.h);
  fail_unless (out != NULL);
  gst_buffer_unref (out);
  fixture_clear (&f);
}

GST_END_TEST;

/* The leak check itself must be able to fail: a buffer kept past the
 * teardown has to be seen. */
GST_START_TEST (test_leak_check_detects_a_leak)
{
  GstBuffer *kept;

  assert_nothing_alive ("before the test");
  kept = gst_buffer_new_allocate (NULL, 16, NULL);
  /* the buffer and its memory */
  fail_unless_equals_int (count_live_objects (NULL), 2);
  gst_buffer_unref (kept);
  assert_nothing_alive ("after the unref");
}

GST_END_TEST;

static Suite *
badinput_suite (void)
{
  Suite *s = suite_create ("badinput");
  TCase *tc = tcase_create ("badinput");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_leak_check_detects_a_leak);
  tcase_add_loop_test (tc, test_short_buffer_converting, 0,
      G_N_ELEMENTS (converting_caps));
  tcase_add_loop_test (tc, test_short_buffer_pool_modes, 0,
      G_N_ELEMENTS (pool_modes));
  tcase_add_test (tc, test_short_buffer_passthrough);
  tcase_add_loop_test (tc, test_bad_video_meta, 0, G_N_ELEMENTS (bad_metas));
  tcase_add_loop_test (tc, test_odd_video_meta_converts, 0, 4);
  tcase_add_loop_test (tc, test_unmappable_buffer, 0,
      G_N_ELEMENTS (converting_caps));
  tcase_add_test (tc, test_buffer_before_caps);
  tcase_add_loop_test (tc, test_refused_caps, 0, G_N_ELEMENTS (refused_caps));
  tcase_add_loop_test (tc, test_largest_sizes_accepted, 0, 2);
  tcase_add_loop_test (tc, test_huge_video_meta, 0, G_N_ELEMENTS (huge_metas));
  tcase_add_test (tc, test_downstream_caps_any);
  tcase_add_loop_test (tc, test_allocation_failure, 0,
      2 * G_N_ELEMENTS (pool_modes));
  return s;
}

int
main (int argc, char **argv)
{
  /* the leaks tracer must be named before gst_init() reads GST_TRACERS */
  g_setenv ("GST_TRACERS", "leaks(name=" LEAKS_TRACER_NAME
      ",filters=\"GstBuffer,GstMemory,GstBufferList,GstBufferPool,GstElement\""
      ",log-leaks-on-deinit=false)", TRUE);
  gst_check_init (&argc, &argv);
  return gst_check_run_suite (badinput_suite (), "badinput", __FILE__);
}
