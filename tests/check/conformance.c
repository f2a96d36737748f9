/* pooledconvert tests
 * Conformance: what docs/pooledconvert.md promises, played through a real
 * pipeline (appsrc ! pooledconvert ! capsfilter ! appsink), as an
 * application meets it.  Every input format, odd and even sizes,
 * video-meta strides and plane offsets, every colorimetry, every siting,
 * progressive, interleaved (both field orders) and mixed frames; every
 * output sample is compared with the double-precision references
 * (reference-siting.c; for grey, reference-formats.c).
 *
 * What the element should refuse is written here from
 * docs/pooledconvert.md, not asked of the element: a case it refuses must
 * end in a clean not-negotiated and be one the documentation refuses.
 * A case it takes must be labelled as documented and be within one step
 * of the reference everywhere (exactly rounded where the YUV values are
 * only filtered); one it takes though the documentation refuses it is
 * counted, not failed (the element may do more than documented), and
 * checked all the same.  A test collects every failing case of its format and
 * fails once, listing them all.
 *
 * Sampling, so that a run takes about a minute on a 2-core VM: at the
 * small sizes (1x1, 2x2, 3x3, 17x9) the ten core formats (the first
 * N_CORE_FORMATS) run every case of the product the documentation takes
 * at 3x3 and 17x9 and once at 1x1 or 2x2, and each case it refuses once;
 * every case of the other formats runs once, at one of the sizes.  641x481 takes a diagonal
 * (one case per format), 1280x720 GStreamer's defaults.  A case pushes
 * one frame in each layout of frame_layouts (at 1280x720, one frame).
 *
 * Environment: PC_TEST_REDUCED (set by CI's valgrind, ASan and arm64
 * stages) keeps one selected small case in PC_CONFORMANCE_STRIDE, one
 * frame at 641x481 and leaves out 1280x720; PC_CONFORMANCE_EXTENDED adds sizes, input sitings
 * and colorimetries to the product (an exploration run of minutes, not in
 * CI); PC_CONFORMANCE_VERBOSE lists every case refused.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include "pixelcheck.h"
#include "reference.h"
#include "reference-formats.h"
#include "reference-siting.h"
#include "testutil.h"

/* ---- the set ------------------------------------------------------------- */

typedef enum
{
  LAYOUT_420,
  LAYOUT_422,
  LAYOUT_444,                   /* and RGB */
  LAYOUT_GRAY,
} ChromaLayout;

/* An input format as the documentation describes it: its chroma layout,
 * RGB or not, and 10 bits (its own walk only: no matrix or range change,
 * no fields for 4:4:4 and 4:2:2). */
typedef struct
{
  const gchar *name;
  ChromaLayout layout;
  gboolean rgb;
  gboolean deep;
} Format;

/* the first N_CORE_FORMATS take the whole product at every small size */
#define N_CORE_FORMATS 10

static const Format formats[] = {
  {"Y444", LAYOUT_444, FALSE, FALSE},
  {"Y42B", LAYOUT_422, FALSE, FALSE},
  /* each 4:1:1 sample covers both columns of an output sample: no
   * siting of its own to keep */
  {"Y41B", LAYOUT_444, FALSE, FALSE},
  {"RGBA", LAYOUT_444, TRUE, FALSE},
  {"BGRx", LAYOUT_444, TRUE, FALSE},
  {"I420", LAYOUT_420, FALSE, FALSE},
  {"NV12", LAYOUT_420, FALSE, FALSE},
  {"YUY2", LAYOUT_422, FALSE, FALSE},
  {"AYUV", LAYOUT_444, FALSE, FALSE},
  {"I420_10LE", LAYOUT_420, FALSE, TRUE},
  {"Y444_10LE", LAYOUT_444, FALSE, TRUE},
  {"YV12", LAYOUT_420, FALSE, FALSE},
  {"NV21", LAYOUT_420, FALSE, FALSE},
  {"UYVY", LAYOUT_422, FALSE, FALSE},
  {"YVYU", LAYOUT_422, FALSE, FALSE},
  {"NV16", LAYOUT_422, FALSE, FALSE},
  {"NV61", LAYOUT_422, FALSE, FALSE},
  {"NV24", LAYOUT_444, FALSE, FALSE},
  {"VUYA", LAYOUT_444, FALSE, FALSE},
  {"GRAY8", LAYOUT_GRAY, FALSE, FALSE},
  {"P010_10LE", LAYOUT_420, FALSE, TRUE},
  {"I422_10LE", LAYOUT_422, FALSE, TRUE},
  {"RGBx", LAYOUT_444, TRUE, FALSE},
  {"BGRA", LAYOUT_444, TRUE, FALSE},
  {"ARGB", LAYOUT_444, TRUE, FALSE},
  {"xRGB", LAYOUT_444, TRUE, FALSE},
  {"ABGR", LAYOUT_444, TRUE, FALSE},
  {"xBGR", LAYOUT_444, TRUE, FALSE},
  {"RGB", LAYOUT_444, TRUE, FALSE},
  {"BGR", LAYOUT_444, TRUE, FALSE},
  {"GRAY16_LE", LAYOUT_GRAY, FALSE, TRUE},
  {"GRAY10_LE32", LAYOUT_GRAY, FALSE, TRUE},
  {"I420_12LE", LAYOUT_420, FALSE, TRUE},
  {"P016_LE", LAYOUT_420, FALSE, TRUE},
  {"I422_12LE", LAYOUT_422, FALSE, TRUE},
  {"Y444_12LE", LAYOUT_444, FALSE, TRUE},
  {"A420", LAYOUT_420, FALSE, FALSE},
  {"A444_10LE", LAYOUT_444, FALSE, TRUE},
  {"GBR", LAYOUT_444, TRUE, FALSE},
  {"GBR_10LE", LAYOUT_444, TRUE, TRUE},
  {"ARGB64", LAYOUT_444, TRUE, TRUE},
  {"AYUV64", LAYOUT_444, FALSE, TRUE},
  {"v210", LAYOUT_422, FALSE, TRUE},
  {"RGB10A2_LE", LAYOUT_444, TRUE, TRUE},
  {"BGR10A2_LE", LAYOUT_444, TRUE, TRUE},
};

typedef struct
{
  gint width;
  gint height;
} Size;

/* the full cross-product; 3x3 and 17x9 give the fields odd row counts */
static const Size small_sizes[] = { {1, 1}, {2, 2}, {3, 3}, {17, 9},
  /* PC_CONFORMANCE_EXTENDED: */
{1, 2}, {2, 1}, {1, 5}, {5, 1}, {4, 5}, {5, 7}, {6, 4}, {33, 15},
};

#define N_SMALL_SIZES 4

/* a diagonal: a few cases per format */
static const Size large_size = { 641, 481 };

/* above 576 lines: GStreamer's default siting is mpeg2 and its default
 * matrix BT.709; only the defaults are asked for here */
static const Size hd_size = { 1280, 720 };

/* Input and output colorimetry (NULL: the caps do not name one).  YUV
 * input: matrix and range changes in every direction, both ranges;
 * RGB input: sRGB or nothing in, every matrix and range out. */
typedef struct
{
  const gchar *in;
  const gchar *out;
} Colorimetry;

static const Colorimetry yuv_colorimetries[] = {
  {NULL, NULL},
  {"bt601", "bt601"},
  {"bt601", "bt709"},
  {"bt709", "bt601"},
  {"bt709", "bt2020"},
  {"bt2020", "smpte240m"},
  {"smpte240m", "bt709"},
  {"bt601", "1:4:0:0"},
  {"1:3:5:1", "bt709"},
  {"1:6:13:7", "1:4:0:0"},
  /* PC_CONFORMANCE_EXTENDED: */
  {"bt2020-10", "bt709"},
  {"bt2100-pq", NULL},
  {"bt709", "1:3:5:1"},
  {"1:4:0:0", "bt601"},
  {"bt601", "1:5:0:0"},
  {"1:5:0:0", "bt2020"},
};

#define N_YUV_COLORIMETRIES 10

static const Colorimetry rgb_colorimetries[] = {
  {NULL, NULL},
  {"sRGB", NULL},
  {NULL, "bt601"},
  {"sRGB", "bt709"},
  {NULL, "bt2020"},
  {"sRGB", "smpte240m"},
  {NULL, "1:4:0:0"},
  {"sRGB", "1:3:5:1"},
  {NULL, "1:6:13:7"},
  {"sRGB", "1:5:0:0"},
  /* PC_CONFORMANCE_EXTENDED: */
  {NULL, "1:3:0:0"},
  {"sRGB", "bt2020-10"},
  {NULL, "bt2100-pq"},
  {"sRGB", "2:6:0:0"},
};

#define N_RGB_COLORIMETRIES 10

/* output sitings asked for; NULL: downstream leaves it open */
static const gchar *out_sites[] = {
  NULL, "jpeg", "mpeg2", "v-cosited", "cosited",
};

/* input sitings of subsampled formats (NULL: the caps do not name one,
 * GStreamer's default for the size) */
static const gchar *in_sites[] = { NULL, "mpeg2",
  /* PC_CONFORMANCE_EXTENDED: */
  "jpeg", "cosited", "v-cosited",
};

#define N_IN_SITES 2

typedef enum
{
  PROGRESSIVE,
  INTERLEAVED_TFF,
  INTERLEAVED_BFF,
  MIXED,
  N_INTERLACINGS,
} Interlacing;

static const gchar *interlacing_names[] = {
  "progressive", "interleaved tff", "interleaved bff", "mixed",
};

typedef struct
{
  const Format *format;
  Size size;
  Colorimetry colorimetry;
  const gchar *in_site;
  const gchar *out_site;
  Interlacing interlacing;
} Case;

/* How each input frame of a case is laid out: GStreamer's default layout
 * (no meta), or planes placed by a video meta (pixelcheck.h's
 * padded_frame: planes in reverse order, @start bytes in, each stride
 * padded by @pad x (1 + plane) bytes; 0 is tight, no byte between rows). */
typedef struct
{
  const gchar *name;
  gboolean meta;
  gsize start;
  gint pad;
} FrameLayout;

static const FrameLayout frame_layouts[] = {
  {"default layout", FALSE, 0, 0},
  {"tight strides, planes at +1", TRUE, 1, 0},
  {"strides +13/plane, planes at +3", TRUE, 3, 13},
  {"strides +64/plane", TRUE, 0, 64},
};

#define FIELD_FLAGS (GST_VIDEO_BUFFER_FLAG_INTERLACED | \
    GST_VIDEO_BUFFER_FLAG_TFF | GST_VIDEO_BUFFER_FLAG_RFF | \
    GST_VIDEO_BUFFER_FLAG_ONEFIELD)

/* The flags of frame @i: mixed streams alternate interlaced frames of both
 * field orders with progressive ones; interleaved frames say their field
 * order, and one repeats a field. */
static GstBufferFlags
frame_flags (Interlacing interlacing, guint i)
{
  static const guint mixed[] = {
    GST_VIDEO_BUFFER_FLAG_INTERLACED | GST_VIDEO_BUFFER_FLAG_TFF,
    GST_VIDEO_BUFFER_FLAG_INTERLACED,
    0,
    GST_VIDEO_BUFFER_FLAG_INTERLACED | GST_VIDEO_BUFFER_FLAG_TFF |
        GST_VIDEO_BUFFER_FLAG_RFF,
  };
  guint flags = i == 3 ? GST_VIDEO_BUFFER_FLAG_RFF : 0;

  switch (interlacing) {
    case PROGRESSIVE:
      return 0;
    case INTERLEAVED_TFF:
      return flags | GST_VIDEO_BUFFER_FLAG_TFF;
    case INTERLEAVED_BFF:
      return flags;
    default:
      return mixed[i % G_N_ELEMENTS (mixed)];
  }
}

/* ---- what the documentation promises ------------------------------------ */

static GstVideoChromaSite
default_site (const Size * size)
{
  GstVideoInfo info;

  fail_unless (gst_video_info_set_format (&info, GST_VIDEO_FORMAT_I420,
          size->width, size->height));
  return GST_VIDEO_INFO_CHROMA_SITE (&info);
}

static GstVideoChromaSite
site_named (const gchar * name, const Size * size)
{
  return name ? gst_video_chroma_site_from_string (name) : default_site (size);
}

static gboolean
h_cosited (GstVideoChromaSite site)
{
  return (site & GST_VIDEO_CHROMA_SITE_H_COSITED) != 0;
}

static gboolean
parse_colorimetry (const gchar * name, GstVideoColorimetry * c)
{
  gboolean ok = gst_video_colorimetry_from_string (c, name);

  fail_unless (ok, "bad colorimetry %s", name);
  return ok;
}

/* The reason docs/pooledconvert.md gives for refusing @c (the input
 * @in_info), or NULL when it takes it: every listed format converts in
 * every siting, matrix, range and interlacing; only sitings that name no
 * position (dv) are refused. */
static const gchar *
documented_refusal (const Case * c, const GstVideoInfo * in_info)
{
  GstVideoChromaSite in_site = site_named (c->in_site, &c->size);
  GstVideoChromaSite out_site;

  if (c->out_site == NULL || c->format->layout == LAYOUT_GRAY)
    return NULL;
  out_site = site_named (c->out_site, &c->size);
  if (out_site == GST_VIDEO_CHROMA_SITE_DV)
    return "the output chroma-site is not one the element makes";
  if (in_site == GST_VIDEO_CHROMA_SITE_DV && in_site != out_site &&
      c->format->layout != LAYOUT_444)
    return "the input chroma-site is not one the element reads";
  return NULL;
}

/* The siting the output caps should name. */
static GstVideoChromaSite
documented_site (const Case * c)
{
  GstVideoChromaSite in_site = site_named (c->in_site, &c->size);
  GstVideoChromaSite size_site = default_site (&c->size);

  if (c->out_site != NULL)
    return site_named (c->out_site, &c->size);
  switch (c->format->layout) {
    case LAYOUT_420:
      return in_site;
    case LAYOUT_422:
      /* its own horizontal position, rows as the default has them */
      if (h_cosited (size_site) == h_cosited (in_site))
        return size_site;
      return h_cosited (in_site) ? GST_VIDEO_CHROMA_SITE_H_COSITED :
          GST_VIDEO_CHROMA_SITE_JPEG;
    default:
      return size_site;
  }
}

/* The colorimetry the output caps should name: downstream's, else the
 * input's (RGB: the default matrix and range for I420 of the size, with
 * the input's transfer and primaries). */
static GstVideoColorimetry
documented_colorimetry (const Case * c, const GstVideoInfo * in_info)
{
  GstVideoColorimetry colorimetry = in_info->colorimetry;
  GstVideoInfo i420;

  if (c->colorimetry.out != NULL) {
    parse_colorimetry (c->colorimetry.out, &colorimetry);
  } else if (c->format->rgb) {
    fail_unless (gst_video_info_set_format (&i420, GST_VIDEO_FORMAT_I420,
            c->size.width, c->size.height));
    colorimetry.matrix = i420.colorimetry.matrix;
    colorimetry.range = i420.colorimetry.range;
  }
  return colorimetry;
}

/* ---- one case ------------------------------------------------------------ */

/* What one test (one format) found. */
typedef struct
{
  guint cases;
  guint frames;
  guint refused;
  guint taken_though_documented_refused;
  GString *failures;
  guint n_failures;
  GString *refusals;
  /* documented reason -> cases refused for it */
  GHashTable *reasons;
} Tally;

static gchar *
describe_case (const Case * c)
{
  return g_strdup_printf ("%s %dx%d, colorimetry %s -> %s, siting %s -> %s, "
      "%s", c->format->name, c->size.width, c->size.height,
      c->colorimetry.in ? c->colorimetry.in : "(default)",
      c->colorimetry.out ? c->colorimetry.out : "(open)",
      c->in_site ? c->in_site : "(default)",
      c->out_site ? c->out_site : "(open)", interlacing_names[c->interlacing]);
}

static void
add_failure (Tally * t, const Case * c, const gchar * format, ...)
G_GNUC_PRINTF (3, 4);

     static void
         add_failure (Tally * t, const Case * c, const gchar * format, ...)
{
  gchar *what = describe_case (c);
  va_list args;

  g_string_append_printf (t->failures, "  %s: ", what);
  va_start (args, format);
  g_string_append_vprintf (t->failures, format, args);
  va_end (args);
  g_string_append_c (t->failures, '\n');
  t->n_failures++;
  g_free (what);
}

static gchar *
input_caps (const Case * c)
{
  GString *s = g_string_new (NULL);

  g_string_printf (s, "video/x-raw,format=%s,width=%d,height=%d,"
      "framerate=30/1", c->format->name, c->size.width, c->size.height);
  if (c->colorimetry.in != NULL)
    g_string_append_printf (s, ",colorimetry=%s", c->colorimetry.in);
  if (c->in_site != NULL)
    g_string_append_printf (s, ",chroma-site=%s", c->in_site);
  if (c->interlacing == MIXED)
    g_string_append (s, ",interlace-mode=mixed");
  else if (c->interlacing != PROGRESSIVE)
    g_string_append_printf (s, ",interlace-mode=interleaved,field-order=%s",
        c->interlacing == INTERLEAVED_TFF ? "top-field-first" :
        "bottom-field-first");
  return g_string_free (s, FALSE);
}

static gchar *
output_caps (const Case * c)
{
  GString *s = g_string_new ("video/x-raw,format=I420");

  if (c->colorimetry.out != NULL)
    g_string_append_printf (s, ",colorimetry=%s", c->colorimetry.out);
  if (c->out_site != NULL)
    g_string_append_printf (s, ",chroma-site=%s", c->out_site);
  return g_string_free (s, FALSE);
}

static GstElement *
add_element (GstElement * pipeline, const gchar * factory, const gchar * name)
{
  GstElement *element = gst_element_factory_make (factory, name);

  fail_unless (element != NULL, "no element %s", factory);
  fail_unless (gst_bin_add (GST_BIN (pipeline), element));
  return element;
}

/* The exact (unrounded) output for @in: the siting reference for input of
 * three components, the format reference (chroma 128, luma from the
 * input's range to the output's) for grey. */
static RefI420 *
reference_for (const GstVideoInfo * in_info, GstBuffer * in,
    const GstVideoInfo * out_info)
{
  RefColor out_range = ref_color (REF_BT601,
      out_info->colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255);
  GstVideoFrame frame;
  RefI420 *ref;

  fail_unless (gst_video_frame_map (&frame, in_info, in, GST_MAP_READ));
  if (GST_VIDEO_INFO_N_COMPONENTS (in_info) >= 3)
    ref = ref_sited_i420 (&frame, out_info);
  else
    ref = ref_expected_i420_from_range (&frame, &out_range,
        in_info->colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255);
  gst_video_frame_unmap (&frame);
  return ref;
}

/* The output caps say what the documentation promises, and keep the
 * interlacing. */
static void
check_labels (Tally * t, const Case * c, const GstVideoInfo * in_info,
    GstCaps * caps)
{
  const GstStructure *s = gst_caps_get_structure (caps, 0);
  const gchar *site = gst_structure_get_string (s, "chroma-site");
  const gchar *colorimetry = gst_structure_get_string (s, "colorimetry");
  GstVideoColorimetry expected_c = documented_colorimetry (c, in_info);
  GstVideoChromaSite expected_site = documented_site (c);
  GstVideoColorimetry got;
  GstVideoInfo out_info;

  fail_unless (gst_video_info_from_caps (&out_info, caps));
  if (site == NULL || gst_video_chroma_site_from_string (site) != expected_site) {
    gchar *name = gst_video_chroma_site_to_string (expected_site);

    add_failure (t, c, "chroma-site %s, documented %s", site ? site :
        "missing", name);
    g_free (name);
  } else if (GST_VIDEO_INFO_CHROMA_SITE (&out_info) != expected_site) {
    add_failure (t, c, "chroma-site %s in the caps, but GstVideoInfo reads "
        "%d", site, GST_VIDEO_INFO_CHROMA_SITE (&out_info));
  }
  if (colorimetry == NULL || !gst_video_colorimetry_from_string (&got,
          colorimetry) || got.matrix != expected_c.matrix ||
      got.range != expected_c.range || got.transfer != expected_c.transfer ||
      got.primaries != expected_c.primaries) {
    gchar *name = gst_video_colorimetry_to_string (&expected_c);

    add_failure (t, c, "colorimetry %s, documented %s",
        colorimetry ? colorimetry : "missing", name);
    g_free (name);
  }
  if (GST_VIDEO_INFO_INTERLACE_MODE (&out_info) !=
      GST_VIDEO_INFO_INTERLACE_MODE (in_info) ||
      GST_VIDEO_INFO_FIELD_ORDER (&out_info) !=
      GST_VIDEO_INFO_FIELD_ORDER (in_info))
    add_failure (t, c, "interlacing not kept: %" GST_PTR_FORMAT, caps);
}

/* One output frame against the reference of its input. */
static void
check_frame (Tally * t, const Case * c, const FrameLayout * layout,
    const GstVideoInfo * in_info, GstBuffer * in, GstSample * sample)
{
  GstBuffer *out = gst_sample_get_buffer (sample);
  GstVideoInfo out_info;
  GstVideoFrame frame;
  GstBufferFlags want = GST_BUFFER_FLAGS (in) & FIELD_FLAGS;
  RefI420 *ref;
  gdouble error;
  guint misrounded;
  gchar *worst;

  fail_unless (ref_video_info_from_caps (&out_info,
          gst_sample_get_caps (sample)));
  if ((GST_BUFFER_FLAGS (out) & FIELD_FLAGS) != want)
    add_failure (t, c, "%s: flags 0x%x, input had 0x%x", layout->name,
        GST_BUFFER_FLAGS (out) & FIELD_FLAGS, want);

  ref = reference_for (in_info, in, &out_info);
  fail_unless (gst_video_frame_map (&frame, &out_info, out, GST_MAP_READ));
  error = ref_max_error (&frame, ref);
  misrounded = yuv_rounds_exactly (in_info, &out_info) ?
      ref_count_misrounded (&frame, ref) : 0;
  worst = ref_describe_worst (&frame, ref);
  if (error > 1.0)
    add_failure (t, c, "%s, flags 0x%x: max error %.3f, worst %s",
        layout->name, want, error, worst);
  else if (misrounded > 0)
    add_failure (t, c, "%s, flags 0x%x: %u samples misrounded (values only "
        "filtered must round exactly), worst %s", layout->name, want,
        misrounded, worst);
  g_free (worst);
  gst_video_frame_unmap (&frame);
  ref_i420_free (ref);
}

static GstBuffer *
make_frame (const GstVideoInfo * info, const FrameLayout * layout, guint32 seed)
{
  if (layout->meta)
    return padded_frame (info, layout->start, layout->pad, seed);
  return random_frame (info, seed);
}

/* The flow return of an ERROR message (GST_ELEMENT_FLOW_ERROR puts it in
 * the details), or GST_FLOW_OK when it carries none. */
static GstFlowReturn
error_flow (GstMessage * msg)
{
  const GstStructure *details = NULL;
  gint flow = GST_FLOW_OK;

  gst_message_parse_error_details (msg, &details);
  if (details != NULL)
    gst_structure_get_int (details, "flow-return", &flow);
  return (GstFlowReturn) flow;
}

/* Sorts an ERROR message: a clean not-negotiated of a case the
 * documentation refuses is a refusal, anything else a failure. */
static void
judge_error (Tally * t, const Case * c, GstMessage * msg, const gchar * refusal)
{
  GError *error = NULL;
  gchar *debug = NULL;

  gst_message_parse_error (msg, &error, &debug);
  if (error_flow (msg) != GST_FLOW_NOT_NEGOTIATED) {
    add_failure (t, c, "error from %s: %s (%s)",
        GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)), error->message, debug);
  } else if (refusal == NULL) {
    add_failure (t, c, "not negotiated, but documented as taken");
  } else {
    gchar *what = describe_case (c);

    t->refused++;
    g_hash_table_insert (t->reasons, (gpointer) refusal,
        GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (t->reasons,
                    refusal)) + 1));
    g_string_append_printf (t->refusals, "  %s: %s\n", what, refusal);
    g_free (what);
  }
  g_clear_error (&error);
  g_free (debug);
}

/* The next output, or NULL (a failure recorded) when an error ends the
 * stream first or nothing comes within the guard. */
static GstSample *
next_sample (Tally * t, const Case * c, GstElement * pipeline,
    GstElement * sink)
{
  guint tries;

  for (tries = 0; tries < 600; tries++) {
    GstSample *sample = NULL;
    GstMessage *msg;

    g_signal_emit_by_name (sink, "try-pull-sample", 100 * GST_MSECOND, &sample);
    if (sample != NULL)
      return sample;
    msg = gst_bus_pop_filtered (GST_ELEMENT_BUS (pipeline), GST_MESSAGE_ERROR);
    if (msg != NULL) {
      judge_error (t, c, msg, NULL);
      gst_message_unref (msg);
      return NULL;
    }
  }
  add_failure (t, c, "no output frame within 60 s");
  return NULL;
}

/* Plays @c through appsrc ! pooledconvert ! capsfilter ! appsink: one
 * frame in each of the @n_layouts @layouts, then EOS. */
static void
run_case (Tally * t, const Case * c, const FrameLayout * layouts,
    guint n_layouts, guint32 seed)
{
  gchar *in_str = input_caps (c), *out_str = output_caps (c);
  GstCaps *in_caps = gst_caps_from_string (in_str);
  GstCaps *out_caps = gst_caps_from_string (out_str);
  GstElement *pipeline = gst_pipeline_new (NULL);
  GstElement *src = add_element (pipeline, "appsrc", "src");
  GstElement *convert = add_element (pipeline, "pooledconvert", "convert");
  GstElement *filter = add_element (pipeline, "capsfilter", "filter");
  GstElement *sink = add_element (pipeline, "appsink", "sink");
  GstBuffer *frames[G_N_ELEMENTS (frame_layouts)];
  const gchar *refusal;
  GstVideoInfo in_info;
  GstMessage *msg;
  GstFlowReturn flow;
  guint i;

  fail_unless (in_caps != NULL && out_caps != NULL, "%s, %s", in_str, out_str);
  fail_unless (n_layouts <= G_N_ELEMENTS (frames));
  fail_unless (ref_video_info_from_caps (&in_info, in_caps), "%s", in_str);
  refusal = documented_refusal (c, &in_info);
  g_object_set (src, "caps", in_caps, "format", GST_FORMAT_TIME, NULL);
  g_object_set (filter, "caps", out_caps, NULL);
  g_object_set (sink, "sync", FALSE, "enable-last-sample", FALSE, NULL);
  fail_unless (gst_element_link_many (src, convert, filter, sink, NULL));
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);

  for (i = 0; i < n_layouts; i++) {
    frames[i] = make_frame (&in_info, &layouts[i], seed + i);
    GST_BUFFER_PTS (frames[i]) = i * GST_SECOND / 30;
    GST_BUFFER_DURATION (frames[i]) = GST_SECOND / 30;
    GST_BUFFER_FLAG_SET (frames[i], frame_flags (c->interlacing, i));
    g_signal_emit_by_name (src, "push-buffer", frames[i], &flow);
  }
  g_signal_emit_by_name (src, "end-of-stream", &flow);

  /* a refusal is an error before the sink prerolls; deadlock guards, not
   * timing checks */
  t->cases++;
  msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (pipeline),
      60 * GST_SECOND, GST_MESSAGE_ASYNC_DONE | GST_MESSAGE_ERROR);
  if (msg == NULL) {
    add_failure (t, c, "neither prerolled nor failed within 60 s");
  } else if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    judge_error (t, c, msg, refusal);
  } else {
    if (refusal != NULL)
      t->taken_though_documented_refused++;
    /* appsink holds EOS back until every sample is pulled */
    for (i = 0; i < n_layouts; i++) {
      GstSample *sample = next_sample (t, c, pipeline, sink);

      if (sample == NULL)
        break;
      if (i == 0)
        check_labels (t, c, &in_info, gst_sample_get_caps (sample));
      check_frame (t, c, &layouts[i], &in_info, frames[i], sample);
      t->frames++;
      gst_sample_unref (sample);
    }
    gst_message_unref (msg);
    msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (pipeline),
        60 * GST_SECOND, GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
    if (msg == NULL || GST_MESSAGE_TYPE (msg) != GST_MESSAGE_EOS)
      add_failure (t, c, "no EOS after the last frame");
  }
  if (msg != NULL)
    gst_message_unref (msg);

  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  for (i = 0; i < n_layouts; i++)
    gst_buffer_unref (frames[i]);
  gst_object_unref (pipeline);
  gst_caps_unref (in_caps);
  gst_caps_unref (out_caps);
  g_free (in_str);
  g_free (out_str);
}

/* ---- the sweep ----------------------------------------------------------- */

/* under PC_TEST_REDUCED, keep one case in this many of the small sizes' */
#define PC_CONFORMANCE_STRIDE 18

/* PC_CONFORMANCE_EXTENDED: the whole of each list below, not its first
 * N_... entries (an exploration run, minutes long, not in CI) */
static gboolean
extended (void)
{
  return g_getenv ("PC_CONFORMANCE_EXTENDED") != NULL;
}

/* The first @n of a list, all of it when extended. */
#define LIST_LENGTH(list, n) (extended ()? G_N_ELEMENTS (list) : (n))

static const Colorimetry *
colorimetries_of (const Format * f, guint * n)
{
  *n = f->rgb ? LIST_LENGTH (rgb_colorimetries, N_RGB_COLORIMETRIES) :
      LIST_LENGTH (yuv_colorimetries, N_YUV_COLORIMETRIES);
  return f->rgb ? rgb_colorimetries : yuv_colorimetries;
}

static guint
n_in_sites (const Format * f)
{
  return f->layout == LAYOUT_420 || f->layout == LAYOUT_422 ?
      LIST_LENGTH (in_sites, N_IN_SITES) : 1;
}

/* The number of cases of @f at one size: colorimetry x input siting x
 * output siting x interlacing. */
static guint
n_cases (const Format * f)
{
  guint n_colorimetries;

  colorimetries_of (f, &n_colorimetries);
  return n_colorimetries * n_in_sites (f) * G_N_ELEMENTS (out_sites) *
      N_INTERLACINGS;
}

/* Case @k (< n_cases) of @f at @size, in mixed radix. */
static Case
case_at (const Format * f, const Size * size, guint k)
{
  Case c = { f, *size };
  guint n_colorimetries;
  const Colorimetry *colorimetries = colorimetries_of (f, &n_colorimetries);

  c.interlacing = k % N_INTERLACINGS;
  k /= N_INTERLACINGS;
  c.out_site = out_sites[k % G_N_ELEMENTS (out_sites)];
  k /= G_N_ELEMENTS (out_sites);
  c.in_site = f->layout == LAYOUT_420 || f->layout == LAYOUT_422 ?
      in_sites[k % n_in_sites (f)] : NULL;
  k /= n_in_sites (f);
  c.colorimetry = colorimetries[k % n_colorimetries];
  return c;
}

static void
tally_init (Tally * t)
{
  memset (t, 0, sizeof (*t));
  t->failures = g_string_new (NULL);
  t->refusals = g_string_new (NULL);
  t->reasons = g_hash_table_new (g_str_hash, g_str_equal);
}

/* Prints what @t found for @what and fails the test on any failure. */
static void
tally_finish (Tally * t, const gchar * what)
{
  gboolean verbose = g_getenv ("PC_CONFORMANCE_VERBOSE") != NULL;
  GHashTableIter iter;
  gpointer reason, count;

  g_print ("conformance %s: %u cases, %u frames checked, %u refused as "
      "documented, %u taken though documented as refused, %u failures\n",
      what, t->cases, t->frames, t->refused,
      t->taken_though_documented_refused, t->n_failures);
  g_hash_table_iter_init (&iter, t->reasons);
  while (g_hash_table_iter_next (&iter, &reason, &count))
    g_print ("  refused: %s (%u)\n", (const gchar *) reason,
        GPOINTER_TO_UINT (count));
  if (verbose && t->refusals->len > 0)
    g_print ("refused:\n%s", t->refusals->str);
  if (t->n_failures > 0)
    g_print ("FAILED:\n%s", t->failures->str);
  fail_unless (t->n_failures == 0, "%s: %u failing cases (listed above), "
      "the first:\n%.2000s", what, t->n_failures, t->failures->str);
  g_string_free (t->failures, TRUE);
  g_string_free (t->refusals, TRUE);
  g_hash_table_unref (t->reasons);
}

static GstVideoInfo
case_input_info (const Case * c)
{
  gchar *caps = input_caps (c);
  GstVideoInfo info = video_info_from_string (caps);

  g_free (caps);
  return info;
}

/* Whether case @k of the product runs at small size @s (small_sizes[s]).
 * For the core formats every case the documentation takes runs at 3x3
 * and 17x9 and once at 1x1 or 2x2 (where siting and fields have little
 * room); each refused one runs at one size, as does every case of the
 * other formats.  PC_TEST_REDUCED keeps one in PC_CONFORMANCE_STRIDE of
 * those, counted in @counter. */
static gboolean
small_case_selected (const Case * c, guint format_index, guint k, guint s,
    guint * counter)
{
  GstVideoInfo in_info = case_input_info (c);
  gboolean taken = format_index < N_CORE_FORMATS &&
      documented_refusal (c, &in_info) == NULL;

  if (taken && s < 2 && k % 2 != s)
    return FALSE;
  if (!taken && k % LIST_LENGTH (small_sizes, N_SMALL_SIZES) != s)
    return FALSE;
  if (!sweeps_sampled ())
    return TRUE;
  return (*counter)++ % PC_CONFORMANCE_STRIDE ==
      format_index % PC_CONFORMANCE_STRIDE;
}

/* The product of one format at the small sizes. */
GST_START_TEST (test_small_sizes)
{
  const Format *f = &formats[__i__];
  guint s, k, n = n_cases (f), counter = 0;
  Tally t;

  tally_init (&t);
  for (s = 0; s < LIST_LENGTH (small_sizes, N_SMALL_SIZES); s++) {
    for (k = 0; k < n; k++) {
      Case c = case_at (f, &small_sizes[s], k);

      if (small_case_selected (&c, __i__, k, s, &counter))
        run_case (&t, &c, frame_layouts, G_N_ELEMENTS (frame_layouts),
            1000 * __i__ + 37 * s + k);
    }
  }
  tally_finish (&t, f->name);
}

GST_END_TEST;

/* A diagonal at 641x481: one case of the product the documentation takes
 * per format, each format from elsewhere in it. */
GST_START_TEST (test_large_size)
{
  const Format *f = &formats[__i__];
  guint n = n_cases (f), k;
  Tally t;

  tally_init (&t);
  for (k = 0; k < n; k++) {
    Case c = case_at (f, &large_size, (37 * __i__ + 53 * k) % n);
    GstVideoInfo in_info = case_input_info (&c);

    if (documented_refusal (&c, &in_info) == NULL) {
      /* reduced: one frame, its layout taken in turn */
      if (sweeps_sampled ())
        run_case (&t, &c, &frame_layouts[__i__ % G_N_ELEMENTS
                (frame_layouts)], 1, 5000 + __i__);
      else
        run_case (&t, &c, frame_layouts, G_N_ELEMENTS (frame_layouts),
            5000 + __i__);
      break;
    }
  }
  tally_finish (&t, f->name);
}

GST_END_TEST;

/* HD, nobody naming a siting or a colorimetry: GStreamer's defaults
 * (mpeg2, BT.709), progressive or interleaved as the format allows, one
 * frame in one of the layouts. */
GST_START_TEST (test_hd_defaults)
{
  const Format *f = &formats[__i__];
  Case c = { f, hd_size, {NULL, NULL}, NULL, NULL,
  __i__ % 2 ? INTERLEAVED_TFF : PROGRESSIVE
  };
  GstVideoInfo in_info = case_input_info (&c);
  Tally t;

  if (documented_refusal (&c, &in_info) != NULL)
    c.interlacing = PROGRESSIVE;
  tally_init (&t);
  /* one frame, its layout taken in turn */
  run_case (&t, &c, &frame_layouts[__i__ % G_N_ELEMENTS (frame_layouts)], 1,
      7000 + __i__);
  tally_finish (&t, f->name);
}

GST_END_TEST;

static Suite *
conformance_suite (void)
{
  Suite *s = suite_create ("conformance");
  TCase *tc_small = tcase_create ("small");
  TCase *tc_large = tcase_create ("large");

  suite_add_tcase (s, tc_small);
  tcase_add_loop_test (tc_small, test_small_sizes, 0, G_N_ELEMENTS (formats));
  suite_add_tcase (s, tc_large);
  tcase_add_loop_test (tc_large, test_large_size, 0, G_N_ELEMENTS (formats));
  if (!sweeps_sampled ())
    tcase_add_loop_test (tc_large, test_hd_defaults, 0, G_N_ELEMENTS (formats));
  return s;
}

PC_CHECK_MAIN_PER_VARIANT (conformance);
