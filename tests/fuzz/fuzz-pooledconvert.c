/* pooledconvert fuzz target (libFuzzer)
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Drives one pooledconvert through a GstHarness per input.  The input
 * chooses the caps (format, including ones the element refuses, width and
 * height including 0 and sizes past the limit, a colorimetry string from a
 * list or raw bytes), what downstream asks for, the buffer size (often
 * shorter than the caps say), a video meta with arbitrary offsets and
 * strides (and, at times, a width, height and offsets at the limits of
 * their types: 2^31, 2^32 - 1), or a valid meta larger than the caps (a
 * decoder's padded frame, with interlacing, siting and n-threads), the
 * pixels, and whether a second frame or a caps change follows.
 *
 * What must hold, whatever the input (a violation aborts, so libFuzzer
 * reports it like a crash):
 *  - no crash, no sanitizer report, no GLib critical or warning;
 *  - a push either succeeds with exactly one output buffer that holds a
 *    whole frame of the negotiated caps (I420, or I420_10LE from deep
 *    input where downstream takes anything), or fails with nothing output
 *    (an error flow return, with an ERROR message when it is not a
 *    not-negotiated);
 *  - a frame whose meta is larger than the caps gives the same output, byte
 *    for byte, as its visible pixels in a buffer without a meta;
 *  - after the harness is torn down, no buffer the element allocated is
 *    alive (its pool counts: allocated = freed, nothing held);
 *  - memory: LeakSanitizer, at the end of the run.
 *
 * Input layout (missing bytes read as 0):
 *   [0] format   [1..2] width  [3..4] height  [5] colorimetry  [6] downstream
 *   [7] flags    [8..10] buffer size  [11..34] meta offsets/strides (3 planes)
 *   [35] colorimetry string length, then that many bytes, then the pixels.
 * With flags bit 2 (extreme meta) the plane-2 offset and stride words are
 * also the meta's width and height, and no offset is bounded.  With flags
 * bit 0 and downstream bit 3 (padded meta) the meta is the default layout
 * of a larger frame, all its planes moved by the low 6 bits of the plane-0
 * offset word, and the plane-2 words say by how much and what else: the
 * offset word the extra columns (bits 16 and 17 set: its low 16 bits, up
 * to 32768, else 0 to 32), the stride word the extra rows (bits 0-2),
 * n-threads (1 + bits 3-4 % 3), the interlacing (bits 5-6: progressive,
 * interleaved, mixed, mixed with the frame flagged interlaced) and the
 * siting downstream asks (bits 7-9 % 5: none, jpeg, mpeg2, v-cosited,
 * cosited).
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <gst/gst.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#ifndef PC_FUZZ_PLUGIN_DIR
#define PC_FUZZ_PLUGIN_DIR ""
#endif
/* frames larger than this many pixels are cut down in height: a fuzz input
 * must run in milliseconds, and the limits are tested by width alone */
#define MAX_PIXELS (1 << 15)
/* a padded meta's frame is cut in width to this many pixels (1 MB of
 * RGBA): the wide ones take ten times as long as a small frame */
#define MAX_PADDED_PIXELS (1 << 18)
/* where the plane-2 offset and stride words are (see the layout above) */
#define PLANE2_WORDS 27
typedef struct
{
  const uint8_t *data;
  size_t size;
  size_t pos;
} Reader;

static uint32_t
read_u (Reader * r, guint bytes)
{
  uint32_t v = 0;
  guint i;

  for (i = 0; i < bytes; i++) {
    v |= (uint32_t) (r->pos < r->size ? r->data[r->pos] : 0) << (8 * i);
    r->pos++;
  }
  return v;
}

static const gchar *formats[] = {
  "I420", "Y444", "Y42B", "RGBA", "RGBA", "Y444", "NV12", "GRAY8", "BGRA",
  "I420_10LE", "YUY2", "UYVY", "NV21", "NV24", "AYUV", "P010_10LE",
  "Y444_10LE", "ARGB", "RGB", "BGR", "Y41B", "v210",
};

static const gchar *colorimetries[] = {
  NULL, "bt601", "bt709", "bt2020", "bt2100-pq", "sRGB", "smpte240m",
  "1:4:0:0", "2:4:5:4", "1:3:5:1", "0:0:0:0", "2:1:0:0", "9:9:9:9", "bogus",
};

static const gchar *interlace_modes[] = {
  "progressive", "interleaved", "mixed", "mixed",
};

static const gchar *sitings[] = {
  NULL, "jpeg", "mpeg2", "v-cosited", "cosited",
};

/* A meta larger than the caps, as the plane-2 words describe it. */
typedef struct
{
  gboolean on;
  guint columns;
  guint rows;
  guint n_threads;
  guint interlacing;            /* an index of interlace_modes; 3: flagged */
  guint siting;                 /* an index of sitings */
} Padding;

static Padding
read_padding (const uint8_t * data, size_t size)
{
  Reader r = { data, size, 6 };
  guint downstream = read_u (&r, 1), flags = read_u (&r, 1);
  guint32 columns, word;
  Padding p;

  r.pos = PLANE2_WORDS;
  columns = read_u (&r, 4);
  word = read_u (&r, 4);
  p.on = (flags & 1) && (downstream & 8);
  p.columns = (columns & 0x30000) == 0x30000 ? MIN (columns & 0xffff, 32768) :
      columns % 33;
  p.rows = word & 7;
  p.n_threads = 1 + ((word >> 3) & 3) % 3;
  p.interlacing = (word >> 5) & 3;
  p.siting = ((word >> 7) & 7) % G_N_ELEMENTS (sitings);
  return p;
}

static void
fatal_log (const gchar * domain, GLogLevelFlags level, const gchar * message,
    gpointer user_data)
{
  g_printerr ("fuzz: %s-%s: %s\n", GST_STR_NULL (domain),
      (level & G_LOG_LEVEL_CRITICAL) ? "CRITICAL" : "WARNING", message);
  abort ();
}

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t * data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  const gchar *dir = g_getenv ("PC_FUZZ_PLUGIN_DIR");
  gchar *registry;

  if (dir == NULL || *dir == '\0')
    dir = PC_FUZZ_PLUGIN_DIR;
  /* only this build's plugin, scanned in this process (a scanner child
   * would have no sanitizer runtime), in a registry of its own */
  g_setenv ("GST_PLUGIN_SYSTEM_PATH_1_0", "", TRUE);
  g_setenv ("GST_PLUGIN_PATH_1_0", dir, TRUE);
  g_setenv ("GST_REGISTRY_FORK", "no", TRUE);
  registry = g_build_filename (g_get_tmp_dir (), "pooledconvert-fuzz.reg",
      NULL);
  g_setenv ("GST_REGISTRY_1_0", registry, TRUE);
  g_free (registry);
  g_unsetenv ("GST_TRACERS");

  gst_init (argc, argv);
  g_log_set_handler ("GStreamer", G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING,
      fatal_log, NULL);
  g_log_set_handler ("GStreamer-Video", G_LOG_LEVEL_CRITICAL |
      G_LOG_LEVEL_WARNING, fatal_log, NULL);
  g_log_set_handler ("GLib", G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING,
      fatal_log, NULL);
  g_log_set_handler ("GLib-GObject", G_LOG_LEVEL_CRITICAL |
      G_LOG_LEVEL_WARNING, fatal_log, NULL);
  g_log_set_handler (NULL, G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING,
      fatal_log, NULL);

  {
    GstElementFactory *factory = gst_element_factory_find ("pooledconvert");

    if (factory == NULL) {
      g_printerr ("fuzz: pooledconvert not found in '%s'\n", dir);
      abort ();
    }
    gst_object_unref (factory);
  }
  return 0;
}

static void
check (gboolean ok, const gchar * what)
{
  if (!ok) {
    g_printerr ("fuzz: broken promise: %s\n", what);
    abort ();
  }
}

static GstCaps *
make_caps (Reader * r, const Padding * padding, GstVideoInfo * info,
    gboolean * known)
{
  const gchar *format = formats[read_u (r, 1) % G_N_ELEMENTS (formats)];
  guint width = read_u (r, 2), height = read_u (r, 2);
  guint colorimetry = read_u (r, 1);
  GstCaps *caps;

  /* mostly small frames, sometimes anything a u16 holds (0 and > 32768) */
  if (!(width & 0x8000))
    width %= 97;
  if (!(height & 0x8000))
    height %= 65;
  if ((guint64) width * height > MAX_PIXELS && width > 0)
    height = MAX (1, MAX_PIXELS / width);

  caps = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING, format,
      "width", G_TYPE_INT, (gint) width, "height", G_TYPE_INT, (gint) height,
      "framerate", GST_TYPE_FRACTION, 30, 1, NULL);
  if (colorimetry % G_N_ELEMENTS (colorimetries) != 0)
    gst_caps_set_simple (caps, "colorimetry", G_TYPE_STRING,
        colorimetries[colorimetry % G_N_ELEMENTS (colorimetries)], NULL);
  if (padding->on)
    gst_caps_set_simple (caps, "interlace-mode", G_TYPE_STRING,
        interlace_modes[padding->interlacing], NULL);
  *known = gst_video_info_from_caps (info, caps);
  return caps;
}

/* A colorimetry string made of input bytes, to fuzz its parsing. */
static void
set_raw_colorimetry (Reader * r, GstCaps * caps)
{
  guint len = read_u (r, 1) % 24;
  gchar *text = g_malloc0 (len + 1);
  guint i;

  for (i = 0; i < len; i++) {
    gchar c = (gchar) read_u (r, 1);

    /* stay inside what a caps string can carry */
    text[i] = g_ascii_isprint (c) ? c : ':';
  }
  if (len > 0)
    gst_caps_set_simple (caps, "colorimetry", G_TYPE_STRING, text, NULL);
  g_free (text);
}

/* The default layout of a frame @padding larger than @info, in @big;
 * FALSE when there is none. */
static gboolean
padded_layout (const GstVideoInfo * info, const Padding * padding,
    GstVideoInfo * big)
{
  guint width = GST_VIDEO_INFO_WIDTH (info);
  guint height = GST_VIDEO_INFO_HEIGHT (info) + padding->rows;
  guint most = MAX_PADDED_PIXELS / MAX (height, 1);
  guint columns = most > width ? MIN (padding->columns, most - width) : 0;

  return gst_video_info_set_interlaced_format (big,
      GST_VIDEO_INFO_FORMAT (info), GST_VIDEO_INFO_INTERLACE_MODE (info),
      width + columns, height);
}

static GstBuffer *
make_buffer (Reader * r, const GstVideoInfo * info, gboolean known,
    guint flags, const Padding * padding)
{
  GstVideoInfo big;
  gboolean padded = known && padding->on && padded_layout (info, padding,
      &big);
  gsize expected = padded ? GST_VIDEO_INFO_SIZE (&big) + 64 :
      known ? GST_VIDEO_INFO_SIZE (info) : 64;
  gsize size = read_u (r, 3);
  GstBuffer *buffer;
  GstMapInfo map;
  gsize offsets[GST_VIDEO_MAX_PLANES] = { 0, };
  gint strides[GST_VIDEO_MAX_PLANES] = { 0, };
  guint32 raw_offsets[3];
  guint plane, n_planes = known ? GST_VIDEO_INFO_N_PLANES (info) : 1;
  guint meta_width = known ? GST_VIDEO_INFO_WIDTH (info) : 0;
  guint meta_height = known ? GST_VIDEO_INFO_HEIGHT (info) : 0;
  gsize i;

  for (plane = 0; plane < 3; plane++) {
    raw_offsets[plane] = read_u (r, 4);
    strides[plane] = (gint) read_u (r, 4);
    offsets[plane] = raw_offsets[plane] % (2 * expected + 64);
  }
  if (padded) {
    meta_width = GST_VIDEO_INFO_WIDTH (&big);
    meta_height = GST_VIDEO_INFO_HEIGHT (&big);
    for (plane = 0; plane < n_planes; plane++) {
      offsets[plane] = GST_VIDEO_INFO_PLANE_OFFSET (&big, plane) +
          (raw_offsets[0] & 63);
      strides[plane] = GST_VIDEO_INFO_PLANE_STRIDE (&big, plane);
    }
  } else if (flags & 4) {
    /* flags bit 2: a meta at the limits of its fields' types */
    meta_width = raw_offsets[2];
    meta_height = (guint32) strides[2];
    for (plane = 0; plane < 3; plane++)
      offsets[plane] = raw_offsets[plane];
  }

  /* flags bit 1: the size the input says (bounded), else the caps' size */
  if (flags & 2)
    size %= 2 * expected + 64;
  else
    size = expected;

  buffer = gst_buffer_new_allocate (NULL, size, NULL);
  gst_buffer_map (buffer, &map, GST_MAP_WRITE);
  for (i = 0; i < map.size; i++)
    map.data[i] = r->pos + i < r->size ? r->data[r->pos + i] : (guint8) i;
  gst_buffer_unmap (buffer, &map);

  /* flags bit 0: a video meta; bit 4: its strides are the caps' ones
   * (only the offsets are odd), else raw input values */
  if ((flags & 1) && known) {
    for (plane = 0; plane < n_planes && !padded; plane++) {
      if (flags & 16)
        strides[plane] = GST_VIDEO_INFO_PLANE_STRIDE (info, plane) +
            (strides[plane] & 7);
    }
    gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE,
        (flags & 32) ? GST_VIDEO_FORMAT_BGRA : GST_VIDEO_INFO_FORMAT (info),
        meta_width, meta_height, n_planes, offsets, strides);
  }
  if (padded && padding->interlacing == 3)
    GST_BUFFER_FLAG_SET (buffer, GST_VIDEO_BUFFER_FLAG_INTERLACED);
  GST_BUFFER_PTS (buffer) = 0;
  GST_BUFFER_DURATION (buffer) = GST_SECOND / 30;
  return buffer;
}

/* The bytes of a row of @plane that hold pixels: its widest component,
 * whole (macro)pixels. */
static gsize
visible_row_bytes (const GstVideoInfo * info, guint plane)
{
  gint comps[GST_VIDEO_MAX_COMPONENTS];
  gsize bytes = 0;
  guint i;

  /* v210's and GRAY10_LE32's format info have no pixel stride: six
   * pixels in 16 bytes, three in 4 */
  if (GST_VIDEO_INFO_FORMAT (info) == GST_VIDEO_FORMAT_v210)
    return (GST_VIDEO_INFO_WIDTH (info) + 5) / 6 * 16;
  if (GST_VIDEO_INFO_FORMAT (info) == GST_VIDEO_FORMAT_GRAY10_LE32)
    return (GST_VIDEO_INFO_WIDTH (info) + 2) / 3 * 4;
  gst_video_format_info_component (info->finfo, plane, comps);
  for (i = 0; i < GST_VIDEO_MAX_COMPONENTS && comps[i] >= 0; i++)
    bytes = MAX (bytes, (gsize) GST_VIDEO_INFO_COMP_WIDTH (info, comps[i]) *
        GST_VIDEO_INFO_COMP_PSTRIDE (info, comps[i]));
  return bytes;
}

static guint
plane_rows (const GstVideoInfo * info, guint plane)
{
  gint comps[GST_VIDEO_MAX_COMPONENTS];

  gst_video_format_info_component (info->finfo, plane, comps);
  return GST_VIDEO_INFO_COMP_HEIGHT (info, comps[0]);
}

static guint8 *
frame_row (const GstVideoFrame * frame, guint plane, guint row)
{
  return (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, plane) +
      (gsize) row *GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane);
}

/* Whether the pixels of @a in @info equal those of @b, row by row. */
static gboolean
same_pixels (const GstVideoInfo * info, const GstVideoFrame * a,
    const GstVideoFrame * b)
{
  guint plane, row;

  for (plane = 0; plane < GST_VIDEO_INFO_N_PLANES (info); plane++)
    for (row = 0; row < plane_rows (info, plane); row++)
      if (memcmp (frame_row (a, plane, row), frame_row (b, plane, row),
              visible_row_bytes (info, plane)) != 0)
        return FALSE;
  return TRUE;
}

/* The pixels of @padded (its meta larger than @info) in a buffer of the
 * default layout without a meta, everything else another value. */
static GstBuffer *
visible_copy (GstBuffer * padded, const GstVideoInfo * info)
{
  GstBuffer *tight = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (info),
      NULL);
  GstVideoFrame from, to;
  guint plane, row;

  gst_buffer_memset (tight, 0, 0x5a, GST_VIDEO_INFO_SIZE (info));
  check (gst_video_frame_map (&from, info, padded, GST_MAP_READ),
      "a padded frame the element took does not map");
  check (gst_video_frame_map (&to, info, tight, GST_MAP_WRITE),
      "a tight frame does not map");
  for (plane = 0; plane < GST_VIDEO_INFO_N_PLANES (info); plane++)
    for (row = 0; row < plane_rows (info, plane); row++)
      memcpy (frame_row (&to, plane, row), frame_row (&from, plane, row),
          visible_row_bytes (info, plane));
  gst_video_frame_unmap (&to);
  gst_video_frame_unmap (&from);
  GST_BUFFER_FLAGS (tight) = GST_BUFFER_FLAGS (padded);
  GST_BUFFER_PTS (tight) = GST_BUFFER_PTS (padded);
  GST_BUFFER_DURATION (tight) = GST_BUFFER_DURATION (padded);
  return tight;
}

static void
drain_bus (GstBus * bus, gboolean * error)
{
  GstMessage *msg;

  while ((msg = gst_bus_pop (bus)) != NULL) {
    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
      GError *err = NULL;

      gst_message_parse_error (msg, &err, NULL);
      check (err != NULL && err->message != NULL && *err->message,
          "an ERROR message without text");
      g_clear_error (&err);
      *error = TRUE;
    }
    gst_message_unref (msg);
  }
}

/* The formats the element makes: I420, and where downstream takes
 * anything, a 10-bit one from deep input. */
static gboolean
is_output_format (GstVideoFormat format)
{
  return format == GST_VIDEO_FORMAT_I420 || format == GST_VIDEO_FORMAT_NV12 ||
      format == GST_VIDEO_FORMAT_I420_10LE ||
      format == GST_VIDEO_FORMAT_P010_10LE;
}

/* One buffer in: one whole output frame out, or a failure and nothing
 * out.  Returns the output, if any. */
static GstBuffer *
push_one (GstHarness * h, GstBus * bus, GstBuffer * buffer)
{
  GstFlowReturn ret = gst_harness_push (h, buffer);
  GstBuffer *out = gst_harness_try_pull (h);
  gboolean error = FALSE;

  drain_bus (bus, &error);
  if (ret == GST_FLOW_OK) {
    GstCaps *caps = gst_pad_get_current_caps (h->sinkpad);
    GstVideoInfo out_info;
    GstVideoFrame frame;

    check (out != NULL, "a push succeeded with no output");
    check (caps != NULL, "output without caps");
    check (gst_video_info_from_caps (&out_info, caps), "bad output caps");
    check (is_output_format (GST_VIDEO_INFO_FORMAT (&out_info)),
        "output is not one of the element's output formats");
    check (gst_video_frame_map (&frame, &out_info, out, GST_MAP_READ),
        "output buffer does not hold its frame");
    gst_video_frame_unmap (&frame);
    gst_caps_unref (caps);
  } else {
    check (out == NULL, "a failed push produced output");
    check (ret == GST_FLOW_NOT_NEGOTIATED || error,
        "an error flow return without an ERROR message");
  }
  check (gst_harness_try_pull (h) == NULL, "more than one output");
  return out;
}

/* push_one; for a frame whose meta is larger than @visible (the caps; NULL
 * when it is not), its visible pixels again without a meta, which must
 * give the same output. */
static void
push_frame (GstHarness * h, GstBus * bus, GstBuffer * buffer,
    const GstVideoInfo * visible)
{
  GstBuffer *out = push_one (h, bus, visible ? gst_buffer_ref (buffer) :
      buffer);

  if (visible != NULL && out != NULL) {
    GstBuffer *expected = push_one (h, bus, visible_copy (buffer, visible));
    GstCaps *caps = gst_pad_get_current_caps (h->sinkpad);
    GstVideoFrame a, b;
    GstVideoInfo out_info;

    check (expected != NULL, "the visible pixels alone did not convert");
    check (gst_video_info_from_caps (&out_info, caps), "bad output caps");
    check (gst_video_frame_map (&a, &out_info, out, GST_MAP_READ) &&
        gst_video_frame_map (&b, &out_info, expected, GST_MAP_READ),
        "output buffer does not hold its frame");
    check (same_pixels (&out_info, &a, &b),
        "a meta larger than the caps changed the output");
    gst_video_frame_unmap (&b);
    gst_video_frame_unmap (&a);
    gst_caps_unref (caps);
    gst_buffer_unref (expected);
  }
  if (visible != NULL)
    gst_buffer_unref (buffer);
  gst_clear_buffer (&out);
}

int
LLVMFuzzerTestOneInput (const uint8_t * data, size_t size)
{
  Reader r = { data, size, 0 };
  GstVideoInfo info;
  gboolean known;
  GstCaps *caps;
  guint downstream, flags;
  GstHarness *h;
  GstElement *element;
  GstBus *bus;
  GstStructure *stats = NULL;
  guint64 allocated = 0, freed = 0;
  guint64 held = 1;
  Padding padding = read_padding (data, size);

  caps = make_caps (&r, &padding, &info, &known);
  downstream = read_u (&r, 1);
  flags = read_u (&r, 1);

  h = gst_harness_new ("pooledconvert");
  element = gst_object_ref (h->element);
  bus = gst_bus_new ();
  gst_element_set_bus (element, bus);

  if (flags & 64)
    gst_util_set_object_arg (G_OBJECT (element), "pool-mode", "none");
  g_object_set (element, "max-buffers", downstream & 3, NULL);
  if (padding.on)
    g_object_set (element, "n-threads", padding.n_threads, NULL);
  /* what downstream accepts: anything, or I420 with a given colorimetry
   * and, for a padded meta, a given siting */
  if ((downstream & 4) || (padding.on && sitings[padding.siting] != NULL)) {
    GstCaps *sink_caps = gst_caps_from_string ("video/x-raw,format=I420");

    if (downstream & 4)
      gst_caps_set_simple (sink_caps, "colorimetry", G_TYPE_STRING,
          colorimetries[1 + (downstream >> 4) %
              (G_N_ELEMENTS (colorimetries) - 1)], NULL);
    if (padding.on && sitings[padding.siting] != NULL)
      gst_caps_set_simple (sink_caps, "chroma-site", G_TYPE_STRING,
          sitings[padding.siting], NULL);
    gst_harness_set_sink_caps (h, sink_caps);
  }

  {
    Reader tail = r;

    tail.pos = 35;
    if (flags & 8)
      set_raw_colorimetry (&tail, caps);
    gst_harness_push_event (h, gst_event_new_caps (caps));
    {
      GstSegment segment;

      gst_segment_init (&segment, GST_FORMAT_TIME);
      gst_harness_push_event (h, gst_event_new_segment (&segment));
    }
    r.pos = MAX (r.pos, 8);
    push_frame (h, bus, make_buffer (&r, &info, known, flags, &padding),
        padding.on && known ? &info : NULL);
    if (flags & 128) {
      /* a second frame, after a reconfigure of the pool policy */
      g_object_set (element, "max-buffers", 0, NULL);
      push_frame (h, bus, make_buffer (&r, &info, known, flags ^ 2,
              &padding), padding.on && known ? &info : NULL);
    }
  }
  gst_caps_unref (caps);

  gst_harness_teardown (h);
  g_object_get (element, "stats", &stats, NULL);
  if (stats != NULL) {
    gst_structure_get_uint64 (stats, "buffers-allocated", &allocated);
    gst_structure_get_uint64 (stats, "buffers-freed", &freed);
    gst_structure_get_uint64 (stats, "buffers-held", &held);
    gst_structure_free (stats);
    check (allocated == freed && held == 0,
        "the pool still holds buffers after the element stopped");
  }
  gst_element_set_bus (element, NULL);
  gst_object_unref (element);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  return 0;
}
