/* pooledconvert tests
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Golden: every output byte of the conversions the element makes today,
 * pinned, so that code can be moved and rebuilt without changing them.
 *
 * For every input format the element's sink pad offers, every output
 * siting downstream may ask (or leave open: GStreamer's default), input
 * siting mpeg2 as well as the default for 4:2:0 and 4:2:2 input, the
 * default colorimetry and two others asked downstream (bt709: another
 * matrix; 1:4:0:0: full range), progressive, interleaved and mixed frames
 * (mixed: one interlaced frame, then one progressive), at 33x17 and 64x36,
 * and once per format at 1280x720 with every default: one deterministic
 * frame (our own PRNG with a fixed seed, ramps and extremes) goes through
 * pooledconvert in a GstHarness with n-threads=1 and with n-threads=3.
 * Both must give what golden-table.h recorded: accepted or refused (a
 * clean not-negotiated), and when accepted the output caps' colorimetry
 * and chroma-site and the FNV-1a checksum of the visible pixels.
 *
 * A case recorded as accepted that is now refused, or whose label or
 * bytes changed, fails.  A case recorded as refused that is now accepted
 * is listed as newly accepted and does not fail: the element may learn
 * conversions, not lose or change them.  Every kernel variant and
 * ORC_CODE=backup must give the same table (bit-exact by contract: meson
 * runs this suite once for each).
 *
 * The recorded values are not a reference, only what the code made when
 * they were recorded (with GStreamer 1.22, whose names for colorimetries
 * and sitings they include); that the pixels are right is the concern of
 * the conversion, formats, fidelity and conformance suites, which compare
 * them with the double-precision references.
 *
 * Regenerating golden-table.h (every case runs, nothing is compared; the
 * n-threads 1 and 3 results must still agree), from the source tree:
 *
 *   PC_GOLDEN_RECORD=$PWD/tests/check/golden-table.h \
 *       meson test -C build golden
 *
 * then run every golden-* test against it, and git diff shows which rows
 * changed.  That is right only when a change of output is intended: say
 * in the commit which cases changed and why.  A table regenerated to make
 * this suite pass again hides exactly what the suite is here to show.
 *
 * Environment: PC_TEST_REDUCED (valgrind) runs one case in GOLDEN_STRIDE
 * and the HD case of one format in GOLDEN_HD_STRIDE.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "testutil.h"

/* ---- the recorded table -------------------------------------------------- */

typedef enum
{
  GOLDEN_REFUSED,
  GOLDEN_ACCEPTED,
} GoldenStatus;

/* One case as recorded: its key (describe_case), whether the element
 * took it, and then what the output caps named and the checksum of the
 * visible pixels (mixed: of both frames). */
typedef struct
{
  const gchar *key;
  GoldenStatus status;
  const gchar *colorimetry;
  const gchar *chroma_site;
  guint64 checksum;
} GoldenRow;

#include "golden-table.h"

/* ---- the cases ----------------------------------------------------------- */

typedef enum
{
  PROGRESSIVE,
  INTERLEAVED,
  MIXED,
} Interlacing;

static const gchar *interlacing_names[] = {
  "progressive", "interleaved", "mixed",
};

typedef struct
{
  gint width;
  gint height;
} Size;

/* odd, to reach the edge columns and rows; even, a plain one */
static const Size sizes[] = { {33, 17}, {64, 36} };

/* above 576 lines: GStreamer's default siting is mpeg2, its matrix BT.709 */
static const Size hd_size = { 1280, 720 };

/* the output siting downstream asks for; NULL leaves it open */
static const gchar *out_sites[] = {
  NULL, "jpeg", "mpeg2", "v-cosited", "cosited",
};

/* the input siting of subsampled input; NULL: the caps name none */
static const gchar *in_sites[] = { NULL, "mpeg2" };

/* the output colorimetry downstream asks for; NULL leaves it open */
static const gchar *out_colorimetries[] = { NULL, "bt709", "1:4:0:0" };

static const guint thread_counts[] = { 1, 3 };

typedef struct
{
  const gchar *format;
  Size size;
  /* 4:2:0 and 4:2:2 input only */
  const gchar *in_site;
  const gchar *out_site;
  const gchar *out_colorimetry;
  Interlacing interlacing;
} Case;

/* under PC_TEST_REDUCED, one case in GOLDEN_STRIDE of each format, and the
 * HD case of one format in GOLDEN_HD_STRIDE */
#define GOLDEN_STRIDE 16
#define GOLDEN_HD_STRIDE 10

/* The file PC_GOLDEN_RECORD names, or NULL when not recording. */
static const gchar *
record_path (void)
{
  const gchar *v = g_getenv ("PC_GOLDEN_RECORD");

  return v != NULL && *v != '\0' ? v : NULL;
}

/* The input formats, in the order the sink pad template lists them. */
static GPtrArray *formats;

static void
add_format (const GValue * value)
{
  const gchar *name = g_value_get_string (value);
  guint i;

  for (i = 0; i < formats->len; i++)
    if (g_str_equal (g_ptr_array_index (formats, i), name))
      return;
  g_ptr_array_add (formats, g_strdup (name));
}

/* Asks the element, not the plan: what its sink pad template offers is
 * what a pipeline can give it. */
static void
read_offered_formats (void)
{
  GstElementFactory *factory = gst_element_factory_find ("pooledconvert");
  const GList *l;
  guint i, j;

  formats = g_ptr_array_new_with_free_func (g_free);
  g_assert (factory != NULL);
  for (l = gst_element_factory_get_static_pad_templates (factory); l != NULL;
      l = l->next) {
    GstStaticPadTemplate *templ = l->data;
    GstCaps *caps;

    if (templ->direction != GST_PAD_SINK)
      continue;
    caps = gst_static_pad_template_get_caps (templ);
    for (i = 0; i < gst_caps_get_size (caps); i++) {
      const GValue *value = gst_structure_get_value (gst_caps_get_structure
          (caps, i), "format");

      if (value != NULL && GST_VALUE_HOLDS_LIST (value)) {
        for (j = 0; j < gst_value_list_get_size (value); j++)
          add_format (gst_value_list_get_value (value, j));
      } else if (value != NULL && G_VALUE_HOLDS_STRING (value)) {
        add_format (value);
      }
    }
    gst_caps_unref (caps);
  }
  gst_object_unref (factory);
}

static gboolean
is_subsampled (const gchar * format)
{
  const GstVideoFormatInfo *finfo =
      gst_video_format_get_info (gst_video_format_from_string (format));

  return GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo) >= 3 &&
      (GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) > 0 ||
      GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1) > 0);
}

/* The key of @c in the table: format, size, siting (input>output when the
 * input names one), colorimetry asked, interlacing. */
static gchar *
describe_case (const Case * c)
{
  return g_strdup_printf ("%s %dx%d site=%s%s%s color=%s %s", c->format,
      c->size.width, c->size.height, c->in_site ? c->in_site : "",
      c->in_site ? ">" : "", c->out_site ? c->out_site : "open",
      c->out_colorimetry ? c->out_colorimetry : "open",
      interlacing_names[c->interlacing]);
}

static gchar *
input_caps (const Case * c)
{
  GString *s = g_string_new (NULL);

  g_string_printf (s, "video/x-raw,format=%s,width=%d,height=%d,"
      "framerate=30/1", c->format, c->size.width, c->size.height);
  if (c->in_site != NULL)
    g_string_append_printf (s, ",chroma-site=%s", c->in_site);
  if (c->interlacing == INTERLEAVED)
    g_string_append (s, ",interlace-mode=interleaved,"
        "field-order=top-field-first");
  else if (c->interlacing == MIXED)
    g_string_append (s, ",interlace-mode=mixed");
  return g_string_free (s, FALSE);
}

static gchar *
output_caps (const Case * c)
{
  GString *s = g_string_new ("video/x-raw,format=I420");

  if (c->out_site != NULL)
    g_string_append_printf (s, ",chroma-site=%s", c->out_site);
  if (c->out_colorimetry != NULL)
    g_string_append_printf (s, ",colorimetry=%s", c->out_colorimetry);
  return g_string_free (s, FALSE);
}

/* ---- the input frame ------------------------------------------------------ */

/* xorshift32: our own, so that the frames never depend on GLib's PRNG */
static guint32
next_random (guint32 * state)
{
  *state ^= *state << 13;
  *state ^= *state >> 17;
  *state ^= *state << 5;
  return *state;
}

#define GOLDEN_SEED 0x601de2u

/* Sample (@x, @y) of component @c, @width x @height samples of values up
 * to @max: bands of two rows, in turn a ramp across (down for odd
 * components), extremes in a checkerboard (0 and max, 1 and max - 1 in
 * every third column: rounding at exact halves, clipping), a diagonal
 * ramp, and noise; every seventh column is noise in all of them, so the
 * chroma blocks mix them. */
static guint
pattern_sample (guint c, guint x, guint y, guint width, guint height,
    guint max, guint32 * state)
{
  gboolean high = (x + y + c) % 2 == 1;
  guint64 v;

  if (x % 7 == 3)
    return next_random (state) % (max + 1);
  switch ((y / 2) % 4) {
    case 0:
      v = x * (guint64) max / MAX (width - 1, 1);
      return c % 2 ? max - v : v;
    case 1:
      if (x % 3 == 2)
        return high ? max - 1 : 1;
      return high ? max : 0;
    case 2:
      return (guint64) (x + 2 * y) * max / MAX (width + 2 * height - 3, 1);
    default:
      return next_random (state) % (max + 1);
  }
}

/* Formats whose 10-bit samples are fields of 32-bit words: no pixel
 * stride and bit shift place them, GStreamer's pack function does. */
static gboolean
packs_fields_in_words (GstVideoFormat format)
{
  return format == GST_VIDEO_FORMAT_v210 ||
      format == GST_VIDEO_FORMAT_RGB10A2_LE ||
      format == GST_VIDEO_FORMAT_BGR10A2_LE ||
      format == GST_VIDEO_FORMAT_GRAY10_LE32;
}

/* The same samples as golden_frame's loop for the formats above: each
 * component's samples drawn in the same order, a pixel taking the sample
 * of its component's grid that covers it, packed row by row from the
 * 16-bit unpack format (the sample in its top bits, alpha opaque). */
static void
pack_fields_in_words (const GstVideoInfo * info, GstMapInfo * map)
{
  const GstVideoFormatInfo *finfo = info->finfo;
  guint width = GST_VIDEO_INFO_WIDTH (info);
  guint height = GST_VIDEO_INFO_HEIGHT (info);
  guint n = GST_VIDEO_INFO_N_COMPONENTS (info);
  guint16 *samples[GST_VIDEO_MAX_COMPONENTS] = { NULL, };
  guint16 *unpacked = g_new (guint16, 4 * (gsize) width);
  guint c, x, y;

  fail_unless (finfo->unpack_format == GST_VIDEO_FORMAT_AYUV64 ||
      finfo->unpack_format == GST_VIDEO_FORMAT_ARGB64);
  for (c = 0; c < n && c < 3; c++) {
    guint cw = GST_VIDEO_INFO_COMP_WIDTH (info, c);
    guint ch = GST_VIDEO_INFO_COMP_HEIGHT (info, c);
    guint32 component_state = GOLDEN_SEED + c * 0x9e3779b9u;

    samples[c] = g_new (guint16, (gsize) cw * ch);
    for (y = 0; y < ch; y++)
      for (x = 0; x < cw; x++)
        samples[c][y * cw + x] = pattern_sample (c, x, y, cw, ch, 1023,
            &component_state);
  }
  for (y = 0; y < height; y++) {
    gpointer planes[GST_VIDEO_MAX_PLANES] = { map->data, };
    gint strides[GST_VIDEO_MAX_PLANES] = {
      GST_VIDEO_INFO_PLANE_STRIDE (info, 0),
    };

    for (x = 0; x < width; x++) {
      unpacked[4 * x] = 0xffff;
      for (c = 0; c < 3; c++) {
        guint k = c < n ? c : 0;
        guint cw = GST_VIDEO_INFO_COMP_WIDTH (info, k);
        guint xs = GST_VIDEO_FORMAT_INFO_W_SUB (finfo, k);

        /* grey: the chroma of AYUV64 at its middle */
        unpacked[4 * x + 1 + c] = c < n ?
            samples[k][y * cw + (x >> xs)] << 6 : 0x8000;
      }
    }
    finfo->pack_func (finfo, GST_VIDEO_PACK_FLAG_NONE, unpacked, 0, planes,
        strides, GST_VIDEO_CHROMA_SITE_UNKNOWN, y, width);
  }
  for (c = 0; c < 3; c++)
    g_free (samples[c]);
  g_free (unpacked);
}

/* One frame of @info, the same for every run: noise in every byte
 * (padding and unused bytes of a pixel too), then each component's
 * samples from pattern_sample, 16-bit samples at their bit position (the
 * unused bits 0). */
static GstBuffer *
golden_frame (const GstVideoInfo * info)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (info),
      NULL);
  const GstVideoFormatInfo *finfo = info->finfo;
  guint32 state = GOLDEN_SEED;
  GstMapInfo map;
  guint c, x, y;
  gsize i;

  fail_unless (buffer != NULL);
  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_WRITE));
  for (i = 0; i < map.size; i++)
    map.data[i] = next_random (&state) >> 24;
  if (packs_fields_in_words (GST_VIDEO_INFO_FORMAT (info))) {
    pack_fields_in_words (info, &map);
    gst_buffer_unmap (buffer, &map);
    return buffer;
  }
  for (c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++) {
    guint depth = GST_VIDEO_INFO_COMP_DEPTH (info, c);
    guint width = GST_VIDEO_INFO_COMP_WIDTH (info, c);
    guint height = GST_VIDEO_INFO_COMP_HEIGHT (info, c);
    guint max = (1u << depth) - 1;
    /* GStreamer 1.22 gives P010_10LE's V an offset of 1 byte, inside U's
     * 16-bit word (reference-formats.h); a 16-bit sample starts at an
     * even byte */
    guint poffset = depth > 8 ?
        GST_ROUND_UP_2 (GST_VIDEO_INFO_COMP_POFFSET (info, c)) :
        GST_VIDEO_INFO_COMP_POFFSET (info, c);
    guint8 *first = map.data + GST_VIDEO_INFO_PLANE_OFFSET (info,
        GST_VIDEO_INFO_COMP_PLANE (info, c)) + poffset;
    /* each component's noise of its own: layouts of the same components
     * get the same samples */
    guint32 component_state = GOLDEN_SEED + c * 0x9e3779b9u;

    fail_unless (depth <= 8 || GST_VIDEO_FORMAT_INFO_IS_LE (finfo),
        "%s: 16-bit samples written as little-endian only",
        GST_VIDEO_INFO_NAME (info));
    for (y = 0; y < height; y++) {
      guint8 *row = first + GST_VIDEO_INFO_COMP_STRIDE (info, c) * (gsize) y;

      for (x = 0; x < width; x++) {
        guint8 *p = row + GST_VIDEO_INFO_COMP_PSTRIDE (info, c) * (gsize) x;
        guint v = pattern_sample (c, x, y, width, height, max,
            &component_state);

        if (depth > 8)
          GST_WRITE_UINT16_LE (p, v << GST_VIDEO_FORMAT_INFO_SHIFT (finfo, c));
        else
          *p = v;
      }
    }
  }
  gst_buffer_unmap (buffer, &map);
  return buffer;
}

/* ---- one case ------------------------------------------------------------ */

/* What the element did with a case. */
typedef struct
{
  gboolean accepted;
  gchar *colorimetry;
  gchar *chroma_site;
  guint64 checksum;
} Outcome;

static void
outcome_clear (Outcome * o)
{
  g_free (o->colorimetry);
  g_free (o->chroma_site);
  memset (o, 0, sizeof (*o));
}

/* The flags of frame @i of @interlacing: interleaved frames say their
 * field order; mixed, an interlaced frame and then a progressive one. */
static guint
frame_flags (Interlacing interlacing, guint i)
{
  if (interlacing == INTERLEAVED)
    return GST_VIDEO_BUFFER_FLAG_TFF;
  if (interlacing == MIXED && i == 0)
    return GST_VIDEO_BUFFER_FLAG_INTERLACED | GST_VIDEO_BUFFER_FLAG_TFF;
  return 0;
}

/* Pushes @frame (kept) through pooledconvert n-threads=@n_threads with
 * downstream asking what @c asks; a refusal is a not-negotiated on the
 * first frame, anything else but success fails the test. */
static void
run_case (const Case * c, const gchar * key, GstBuffer * frame,
    guint n_threads, Outcome * o)
{
  gchar *properties = g_strdup_printf ("n-threads=%u", n_threads);
  gchar *in_str = input_caps (c), *out_str = output_caps (c);
  GstHarness *h = new_converter_harness (properties, NULL);
  guint i, n_frames = c->interlacing == MIXED ? 2 : 1;

  memset (o, 0, sizeof (*o));
  gst_harness_set_sink_caps_str (h, out_str);
  gst_harness_set_src_caps_str (h, in_str);
  for (i = 0; i < n_frames; i++) {
    GstBuffer *in = gst_buffer_copy (frame);
    GstFlowReturn flow;
    GstBuffer *out;
    GstCaps *caps;
    GstVideoInfo out_info;
    const GstStructure *s;
    guint64 sum;

    GST_BUFFER_PTS (in) = i * GST_SECOND / 30;
    GST_BUFFER_DURATION (in) = GST_SECOND / 30;
    GST_BUFFER_FLAG_SET (in, frame_flags (c->interlacing, i));
    flow = gst_harness_push (h, in);
    if (flow == GST_FLOW_NOT_NEGOTIATED && i == 0)
      break;
    fail_unless (flow == GST_FLOW_OK, "%s, n-threads=%u, frame %u: %s", key,
        n_threads, i, gst_flow_get_name (flow));
    out = gst_harness_pull (h);
    fail_unless (out != NULL, "%s, n-threads=%u: no output", key, n_threads);
    caps = gst_pad_get_current_caps (h->sinkpad);
    fail_unless (caps != NULL && gst_video_info_from_caps (&out_info, caps),
        "%s: output caps %" GST_PTR_FORMAT, key, caps);
    s = gst_caps_get_structure (caps, 0);
    if (i == 0) {
      o->accepted = TRUE;
      o->colorimetry = g_strdup (gst_structure_get_string (s, "colorimetry"));
      o->chroma_site = g_strdup (gst_structure_get_string (s, "chroma-site"));
    }
    sum = visible_pixels_checksum (out, &out_info);
    fail_unless (sum != 0, "%s: the output frame does not map", key);
    o->checksum = o->checksum * G_GUINT64_CONSTANT (1099511628211) ^ sum;
    gst_caps_unref (caps);
    gst_buffer_unref (out);
  }
  gst_harness_teardown (h);
  g_free (in_str);
  g_free (out_str);
  g_free (properties);
}

static gboolean
outcomes_equal (const Outcome * a, const Outcome * b)
{
  return a->accepted == b->accepted &&
      g_strcmp0 (a->colorimetry, b->colorimetry) == 0 &&
      g_strcmp0 (a->chroma_site, b->chroma_site) == 0 &&
      a->checksum == b->checksum;
}

static gchar *
describe_outcome (const Outcome * o)
{
  if (!o->accepted)
    return g_strdup ("refused (not negotiated)");
  return g_strdup_printf ("colorimetry %s, chroma-site %s, checksum 0x%016"
      G_GINT64_MODIFIER "x", o->colorimetry, o->chroma_site, o->checksum);
}

/* ---- comparing with the table -------------------------------------------- */

static GHashTable *rows_by_key;

static const GoldenRow *
golden_row (const gchar * key)
{
  guint i;

  if (rows_by_key == NULL) {
    rows_by_key = g_hash_table_new (g_str_hash, g_str_equal);
    for (i = 0; i < G_N_ELEMENTS (golden_rows); i++)
      g_hash_table_insert (rows_by_key, (gpointer) golden_rows[i].key,
          (gpointer) & golden_rows[i]);
  }
  return g_hash_table_lookup (rows_by_key, key);
}

/* What one format's test found. */
typedef struct
{
  guint cases;
  guint accepted;
  GString *failures;
  guint n_failures;
  GString *newly_accepted;
  guint n_newly_accepted;
  /* keys run, to see that every recorded row of the format was */
  GHashTable *run;
  /* PC_GOLDEN_RECORD: the rows made */
  GString *record;
} Tally;

static void
add_failure (Tally * t, const gchar * key, const gchar * what)
{
  g_string_append_printf (t->failures, "  %s: %s\n", key, what);
  t->n_failures++;
}

static void
compare_with_row (Tally * t, const gchar * key, const Outcome * o)
{
  const GoldenRow *row = golden_row (key);
  gchar *now = describe_outcome (o), *what;

  if ((row == NULL || row->status == GOLDEN_REFUSED) && o->accepted) {
    g_string_append_printf (t->newly_accepted, "  %s: %s (%s)\n", key, now,
        row == NULL ? "no row recorded" : "recorded as refused");
    t->n_newly_accepted++;
  } else if (row != NULL && row->status == GOLDEN_ACCEPTED) {
    Outcome recorded = { TRUE, (gchar *) row->colorimetry,
      (gchar *) row->chroma_site, row->checksum
    };

    if (!outcomes_equal (&recorded, o)) {
      gchar *then = describe_outcome (&recorded);

      what = g_strdup_printf ("now %s; recorded %s", now, then);
      add_failure (t, key, what);
      g_free (what);
      g_free (then);
    }
  }
  g_free (now);
}

static void
record_row (Tally * t, const gchar * key, const Outcome * o)
{
  g_string_append_printf (t->record, "  {\"%s\",\n", key);
  if (o->accepted)
    g_string_append_printf (t->record, "      GOLDEN_ACCEPTED, \"%s\", \"%s\", "
        "0x%016" G_GINT64_MODIFIER "x},\n", o->colorimetry, o->chroma_site,
        o->checksum);
  else
    g_string_append (t->record, "      GOLDEN_REFUSED},\n");
}

/* Runs @c with every thread count: they must agree; then the outcome is
 * compared with the table, or recorded. */
static void
check_case (Tally * t, const Case * c)
{
  gchar *key = describe_case (c), *in_str = input_caps (c);
  /* the layout of the caps: interlaced 4:2:0 rounds chroma rows its way */
  GstVideoInfo in_info = video_info_from_string (in_str);
  GstBuffer *frame = golden_frame (&in_info);
  Outcome first, other;
  guint i;

  run_case (c, key, frame, thread_counts[0], &first);
  for (i = 1; i < G_N_ELEMENTS (thread_counts); i++) {
    run_case (c, key, frame, thread_counts[i], &other);
    if (!outcomes_equal (&first, &other)) {
      gchar *a = describe_outcome (&first), *b = describe_outcome (&other);
      gchar *what = g_strdup_printf ("n-threads=%u: %s; n-threads=%u: %s",
          thread_counts[0], a, thread_counts[i], b);

      add_failure (t, key, what);
      g_free (what);
      g_free (b);
      g_free (a);
    }
    outcome_clear (&other);
  }
  t->cases++;
  if (first.accepted)
    t->accepted++;
  g_hash_table_add (t->run, key);
  if (record_path () != NULL)
    record_row (t, key, &first);
  else
    compare_with_row (t, key, &first);
  outcome_clear (&first);
  gst_buffer_unref (frame);
  g_free (in_str);
}

/* A recorded case of @format that no longer ran: the cases were changed
 * without regenerating the table, or a format went. */
static void
check_every_row_ran (Tally * t, const gchar * format)
{
  gchar *prefix = g_strconcat (format, " ", NULL);
  guint i;

  for (i = 0; i < G_N_ELEMENTS (golden_rows); i++) {
    if (g_str_has_prefix (golden_rows[i].key, prefix) &&
        !g_hash_table_contains (t->run, golden_rows[i].key))
      add_failure (t, golden_rows[i].key, "recorded, but no longer run");
  }
  g_free (prefix);
}

static void
append_record (const Tally * t)
{
  FILE *f = fopen (record_path (), "a");

  fail_unless (f != NULL, "cannot append to %s", record_path ());
  fputs (t->record->str, f);
  fail_unless (fclose (f) == 0, "cannot write %s", record_path ());
}

/* ---- the tests ------------------------------------------------------------ */

/* Every case of one format: the product at the small sizes, then HD with
 * every default. */
GST_START_TEST (test_format)
{
  const gchar *format = g_ptr_array_index (formats, __i__);
  gboolean subsampled = is_subsampled (format);
  guint s, in, out, col, il, k = 0;
  Tally t = { 0 };
  Case c = { format };

  t.failures = g_string_new (NULL);
  t.newly_accepted = g_string_new (NULL);
  t.run = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  t.record = g_string_new (NULL);

  for (s = 0; s < G_N_ELEMENTS (sizes); s++) {
    c.size = sizes[s];
    for (in = 0; in < (subsampled ? G_N_ELEMENTS (in_sites) : 1); in++) {
      c.in_site = in_sites[in];
      for (out = 0; out < G_N_ELEMENTS (out_sites); out++) {
        c.out_site = out_sites[out];
        for (col = 0; col < G_N_ELEMENTS (out_colorimetries); col++) {
          c.out_colorimetry = out_colorimetries[col];
          for (il = PROGRESSIVE; il <= MIXED; il++, k++) {
            c.interlacing = il;
            if (!sweeps_sampled ()
                || k % GOLDEN_STRIDE == (guint) __i__ % GOLDEN_STRIDE)
              check_case (&t, &c);
          }
        }
      }
    }
  }

  if (!sweeps_sampled () || __i__ % GOLDEN_HD_STRIDE == 0) {
    Case hd = { format, hd_size, NULL, NULL, NULL, PROGRESSIVE };

    check_case (&t, &hd);
  }

  if (record_path () != NULL)
    append_record (&t);
  else if (!sweeps_sampled ())
    check_every_row_ran (&t, format);

  g_print ("golden %s: %u cases (%u accepted), each with n-threads %u and "
      "%u; %u failures, %u newly accepted\n", format, t.cases, t.accepted,
      thread_counts[0], thread_counts[1], t.n_failures, t.n_newly_accepted);
  if (t.n_newly_accepted > 0)
    g_print ("newly accepted (allowed; regenerate golden-table.h to pin "
        "them):\n%s", t.newly_accepted->str);
  if (t.n_failures > 0)
    g_print ("FAILED:\n%s", t.failures->str);
  fail_unless (t.n_failures == 0, "%s: %u cases differ from golden-table.h "
      "(listed above), the first:\n%.1500s", format, t.n_failures,
      t.failures->str);

  g_string_free (t.record, TRUE);
  g_hash_table_unref (t.run);
  g_string_free (t.newly_accepted, TRUE);
  g_string_free (t.failures, TRUE);
}

GST_END_TEST;

/* Every format the table names is still offered by the sink pad (a format
 * that went would otherwise leave its rows unrun and unnoticed). */
GST_START_TEST (test_recorded_formats_offered)
{
  guint i, j;

  if (record_path () != NULL)
    return;                     /* the table is being replaced */
  for (i = 0; i < G_N_ELEMENTS (golden_rows); i++) {
    const gchar *key = golden_rows[i].key;
    gsize length = strcspn (key, " ");
    gboolean offered = FALSE;

    for (j = 0; j < formats->len && !offered; j++) {
      const gchar *name = g_ptr_array_index (formats, j);

      offered = strlen (name) == length && strncmp (key, name, length) == 0;
    }
    fail_unless (offered, "%s is recorded, but the sink pad no longer offers "
        "%.*s", key, (int) length, key);
  }
}

GST_END_TEST;

static Suite *
golden_suite (void)
{
  Suite *s = suite_create ("golden");
  TCase *tc = tcase_create ("golden");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_recorded_formats_offered);
  tcase_add_loop_test (tc, test_format, 0, formats->len);
  return s;
}

/* PC_GOLDEN_RECORD: the table's head, before the tests append their rows,
 * and its end after them. */
static void
write_record (const gchar * text, const gchar * mode)
{
  FILE *f = fopen (record_path (), mode);

  if (f == NULL || fputs (text, f) < 0 || fclose (f) != 0)
    g_error ("cannot write %s", record_path ());
}

int
main (int argc, char **argv)
{
  int failed;

  if (forced_kernels_unavailable ())
    return PC_TEST_SKIP;
  gst_check_init (&argc, &argv);
  read_offered_formats ();
  if (record_path () != NULL) {
    if (sweeps_sampled ())
      g_error ("PC_GOLDEN_RECORD with PC_TEST_REDUCED would record a sample");
    write_record ("/* pooledconvert tests\n"
        " * SPDX-License-Identifier: LGPL-2.1-or-later\n"
        " *\n"
        " * The golden suite's table: what the element made of every case of\n"
        " * golden.c when it was recorded.  Written by golden.c with\n"
        " * PC_GOLDEN_RECORD (see there when that is right); not edited by\n"
        " * hand.\n"
        " */\n\n" "static const GoldenRow golden_rows[] = {\n", "w");
  }
  failed = gst_check_run_suite (golden_suite (), "golden", __FILE__);
  if (record_path () != NULL) {
    write_record ("};\n", "a");
    g_print ("golden: table written to %s%s\n", record_path (),
        failed ? ", but tests failed: it is not complete" : "");
  }
  g_ptr_array_unref (formats);
  return failed;
}
