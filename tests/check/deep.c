/* pooledconvert tests
 * 10-bit output, I420_10LE and P010_10LE: every input format of more
 * than 8 bits the reference knows and a few 8-bit ones, at
 * odd and even sizes, another siting and colorimetry, interlaced frames
 * and planes where a video meta puts them, every sample against the
 * double-precision reference at 10 bits (a 10-bit code counts four 8-bit
 * units); the comparison itself failing on wrong frames; which of the
 * four outputs downstream gets for deep, semi-planar deep and 8-bit
 * input, grey among them; I420_10LE
 * and P010_10LE in and out passing through; the output's video meta; the
 * pool reused, not refilled, frame after frame.
 *
 * Environment: PC_TEST_REDUCED (set by .ci/stages/valgrind.sh) leaves the
 * largest sizes, 131x67 and 22x531, out of the pixel sweeps.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include <gst/base/gstbasetransform.h>
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "pixelcheck.h"
#include "reference.h"
#include "reference-formats.h"
#include "reference-siting.h"
#include "testutil.h"

#define I420_10_ONLY "video/x-raw,format=I420_10LE"
#define P010_ONLY "video/x-raw,format=P010_10LE"
#define ALL_FOUR "video/x-raw,format={ I420, NV12, I420_10LE, P010_10LE }"

typedef struct
{
  gint width;
  gint height;
} Size;

/* 22x531: taller than two sub-bands of P010_10LE's output stage (128
 * chroma rows for narrow frames), the last one ending inside */
static const Size sizes[] = {
  {1, 1}, {2, 2}, {3, 3}, {17, 9}, {9, 17}, {64, 48}, {131, 67}, {22, 531},
};

/* The sizes the pixel sweeps try: all, or under PC_TEST_REDUCED all but
 * the last two, 131x67 and 22x531 (the odd sizes and every edge are still there; the
 * long rows are left to the normal run). */
static guint
sizes_to_try (void)
{
  return sweeps_sampled ()? G_N_ELEMENTS (sizes) - 2 : G_N_ELEMENTS (sizes);
}

/* What downstream takes, and the format the element must make for it. */
typedef struct
{
  const gchar *downstream;
  const gchar *made;
} Output;

static const Output outputs[] = {
  {I420_10_ONLY, "I420_10LE"},
  {P010_ONLY, "P010_10LE"},
};

/* 8-bit input of a few layout families: planar 4:2:0, semi-planar,
 * planar 4:2:2 and 4:4:4, packed 4:2:2, RGB of 4 and 3 bytes */
static const gchar *eight_bit_formats[] = {
  "I420", "NV12", "Y42B", "Y444", "YUY2", "RGBA", "RGB", "GRAY8",
};

/* Filled by deep_suite (): every format the reference knows whose first
 * component has more than 8 bits, then the 8-bit ones. */
static const gchar *pixel_formats[64];
static guint n_pixel_formats;

static gboolean
is_deep (GstVideoFormat format)
{
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (format);

  return GST_VIDEO_FORMAT_INFO_DEPTH (finfo, 0) > 8;
}

static GstHarness *
deep_harness (const gchar * caps_str, const gchar * downstream)
{
  GstHarness *h = new_converter_harness (NULL, NULL);

  gst_harness_set_sink_caps_str (h, downstream);
  gst_harness_set_src_caps_str (h, caps_str);
  return h;
}

/* Pushes @in (the caller keeps its reference) and pulls the output; a
 * flow other than OK (a not-negotiated) fails at once, named, rather
 * than after the harness's wait for a buffer that will not come. */
static GstBuffer *
push_and_pull (GstHarness * h, GstBuffer * in, const gchar * what)
{
  GstFlowReturn flow = gst_harness_push (h, gst_buffer_ref (in));
  GstBuffer *out;

  fail_unless (flow == GST_FLOW_OK, "%s: pushing gave %s", what,
      gst_flow_get_name (flow));
  out = gst_harness_pull (h);
  fail_unless (out != NULL, "%s: no output", what);
  return out;
}

/* How far from the reference, in 10-bit codes, a sample of the
 * conversion of @in_info to @out_info may be.  Input of up to 10 bits is
 * read whole: YUV values only filtered are exactly rounded, within half a
 * step (so a rounding term off by a unit shows), the others within one
 * step (measured: 0.56 at most, RGB and re-matrixed YUV).  12 and 16 bits are read as
 * their top 10 bits, truncated: every component loses up to t = 3/4 (12
 * bits) or 63/64 (16 bits) of a 10-bit step, always downwards, before
 * the value is rounded.  Kept YUV values are only filtered, with weights
 * that add up to one: 0.5 + t, at most 1.48 (measured: 1.0 for 12 bits,
 * 0.98 for 16), so 1.5.  Through a matrix (RGB, or YUV re-matrixed) the
 * shift of the three components adds up with the matrix's coefficients
 * of one sign: up to 1.16 times t for the changes tried here (BT.601
 * limited to full range; 1.13 to BT.709, 1.12 to BT.2020, 1.0 from
 * full-range RGB), 0.5 + 1.16 t = 1.65, and a little rounding inside
 * (measured: 1.38 for 12 bits, 1.65 for 16), so 1.75. */
static gdouble
tolerance_of (const GstVideoInfo * in_info, const GstVideoInfo * out_info)
{
  /* grey's luma goes through a table of its whole codes, rounded once */
  if (GST_VIDEO_INFO_IS_GRAY (in_info))
    return 0.5 + 1e-9;
  if (GST_VIDEO_INFO_COMP_DEPTH (in_info, 0) <= 10)
    return ref_keeps_yuv_values (in_info, out_info) ? 0.5 + 1e-9 : 1.0;
  return ref_keeps_yuv_values (in_info, out_info) ? 1.5 : 1.75;
}

/* ---- the reference at 10 bits ------------------------------------------------ */

static gint
rows_of_plane (const GstVideoInfo * info, guint plane)
{
  gint rows = 0;
  guint c;

  for (c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++)
    if (GST_VIDEO_INFO_COMP_PLANE (info, c) == plane)
      rows = MAX (rows, GST_VIDEO_INFO_COMP_HEIGHT (info, c));
  return rows;
}

static guint32
read_le (const guint8 * p, guint bytes)
{
  guint32 v = 0;
  guint i;

  for (i = 0; i < bytes; i++)
    v |= (guint32) p[i] << (8 * i);
  return v;
}

static void
write_le (guint8 * p, guint bytes, guint32 v)
{
  guint i;

  for (i = 0; i < bytes; i++)
    p[i] = v >> (8 * i);
}

/* Word @w split in two that add up to it, neither over half of it: each
 * 16-bit sample (in the bits @mask says the format uses), or each 10-bit
 * field of v210's 32-bit words (bits 30 and 31, never read, stay in the
 * first). */
static void
split_word (guint32 w, gboolean v210, guint32 mask, guint32 * a, guint32 * b)
{
  guint f;

  if (!v210) {
    *a = (w >> 1) & mask;
    *b = w - *a;
    return;
  }
  *a = w & 0xc0000000u;
  *b = 0;
  for (f = 0; f < 3; f++) {
    guint32 field = (w >> (10 * f)) & 0x3ff;

    *a |= (field >> 1) << (10 * f);
    *b |= (field - (field >> 1)) << (10 * f);
  }
}

/* Two copies of @in whose samples add up to @in's, neither over half the
 * scale, planes where @in has them (its video meta too). */
static void
split_frame (const GstVideoInfo * info, GstBuffer * in, GstBuffer * halves[2])
{
  const GstVideoFormatInfo *finfo = info->finfo;
  gboolean v210 = GST_VIDEO_INFO_FORMAT (info) == GST_VIDEO_FORMAT_v210;
  guint bytes = v210 ? 4 : 2;
  guint32 mask = ((1u << GST_VIDEO_FORMAT_INFO_DEPTH (finfo, 0)) - 1) <<
      GST_VIDEO_FORMAT_INFO_SHIFT (finfo, 0);
  GstVideoFrame src, dst[2];
  guint plane, h;

  fail_unless (v210 || GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, 0) % 2 == 0,
      "%s has no 16-bit samples to split", GST_VIDEO_INFO_NAME (info));
  fail_unless (gst_video_frame_map (&src, info, in, GST_MAP_READ));
  for (h = 0; h < 2; h++) {
    halves[h] = gst_buffer_copy_deep (in);
    fail_unless (gst_video_frame_map (&dst[h], info, halves[h], GST_MAP_WRITE));
  }
  for (plane = 0; plane < GST_VIDEO_FRAME_N_PLANES (&src); plane++) {
    gsize row_bytes = row_bytes_of_plane (info, plane), i;
    gint rows = rows_of_plane (info, plane), y;

    for (y = 0; y < rows; y++) {
      gsize at = (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (&src, plane);
      const guint8 *s = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&src,
          plane) + at;
      guint8 *d0 = (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&dst[0], plane) + at;
      guint8 *d1 = (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&dst[1], plane) + at;

      for (i = 0; i + bytes <= row_bytes; i += bytes) {
        guint32 a, b;

        split_word (read_le (s + i, bytes), v210, mask, &a, &b);
        write_le (d0 + i, bytes, a);
        write_le (d1 + i, bytes, b);
      }
    }
  }
  for (h = 0; h < 2; h++)
    gst_video_frame_unmap (&dst[h]);
  gst_video_frame_unmap (&src);
}

/* @sum += @more, sample by sample. */
static void
add_reference (RefI420 * sum, const RefI420 * more)
{
  gsize n = (gsize) sum->width * sum->height, i;
  gsize nc = (gsize) ((sum->width + 1) / 2) * ((sum->height + 1) / 2);

  for (i = 0; i < n; i++)
    sum->y[i] += more->y[i];
  for (i = 0; i < nc; i++) {
    sum->u[i] += more->u[i];
    sum->v[i] += more->v[i];
  }
}

/* The reference a 10-bit output of @in is compared with, in 8-bit units:
 * the siting reference (reference-siting.h), as nv12.c's.  It clamps to
 * 0..255, and 255 is 1020 at 10 bits, where a YUV value of more than 8
 * bits goes up to 255.75 (1023) or more (12 and 16 bits, clamped to 1023
 * at 10).  Kept YUV values are only filtered, linearly, so for them the
 * reference of @in is the sum of those of the two halves split_frame ()
 * makes, none of which nears the clamp: exact to the top, and *@top_open
 * is FALSE.  Otherwise (a change of matrix or range, RGB through the
 * matrix) the matrix can reach past 255, and a 255 of the reference may
 * stand for more: *@top_open is TRUE (see expected_range ()).  The clamp
 * at 0 is the output's own. */
static RefI420 *
deep_reference (const GstVideoInfo * in_info, GstBuffer * in,
    const GstVideoInfo * out_info, gboolean * top_open)
{
  GstBuffer *halves[2];
  RefI420 *ref, *more;

  /* grey's chroma is no sum: its reference is the whole frame's, open at
   * the top where its luma may reach past 255 (more than 8 bits, or
   * limited range to full) */
  if (GST_VIDEO_INFO_IS_GRAY (in_info)) {
    *top_open = GST_VIDEO_INFO_COMP_DEPTH (in_info, 0) > 8 ||
        in_info->colorimetry.range != out_info->colorimetry.range;
    return sited_reference_of_output (in_info, in, out_info);
  }
  *top_open = !ref_keeps_yuv_values (in_info, out_info);
  if (*top_open || GST_VIDEO_INFO_COMP_DEPTH (in_info, 0) <= 8)
    return sited_reference_of_output (in_info, in, out_info);
  split_frame (in_info, in, halves);
  ref = sited_reference_of_output (in_info, halves[0], out_info);
  more = sited_reference_of_output (in_info, halves[1], out_info);
  add_reference (ref, more);
  ref_i420_free (more);
  gst_buffer_unref (halves[0]);
  gst_buffer_unref (halves[1]);
  return ref;
}

/* The codes a sample whose reference is @v (8-bit units) may have at 10
 * bits, from *@lo to *@hi: 4 @v clamped to 0..1023; with @top_open,
 * where the reference was clamped at 255, anything from 1020 up (the
 * exact value was 255 or more, 1020 or more at 10 bits, clamped there at
 * 1023). */
static void
expected_range (gdouble v, gboolean top_open, gdouble * lo, gdouble * hi)
{
  if (top_open && v >= 255.0) {
    *lo = 1020.0;
    *hi = 1023.0;
    return;
  }
  *lo = *hi = CLAMP (4.0 * v, 0.0, 1023.0);
}

/* ---- 10-bit frames ------------------------------------------------------------ */

/* Where the 16-bit little-endian word of sample (@x, @y) of component @c
 * (Y, U, V) of a 10-bit frame lies: I420_10LE's three planes, or
 * P010_10LE's luma and its plane of U V pairs.  Written from the formats'
 * definitions, not from GstVideoFormatInfo; only the planes' addresses
 * and strides are the frame's. */
static guint8 *
word_at (const GstVideoFrame * f, gboolean p010, guint c, gint x, gint y)
{
  guint plane = p010 ? (c > 0) : c;
  gsize row = (gsize) GST_VIDEO_FRAME_PLANE_STRIDE (f, plane) * y;

  return (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (f, plane) + row +
      (p010 && c > 0 ? 4 * x + 2 * ((gint) c - 1) : 2 * x);
}

static const gchar *const component_names[] = { "Y", "U", "V" };

/* What compare_10bit () found. */
typedef struct
{
  /* the largest distance from the expected codes, in 10-bit codes */
  gdouble error;
  gchar worst[160];
  /* words with bits set outside the 10-bit field (P010's low 6 bits,
   * I420_10LE's high 6) */
  guint stray_words;
  gchar first_stray[96];
} Comparison;

/* Compares @out (I420_10LE or P010_10LE, @out_info) with @ref (8-bit
 * units; @top_open as deep_reference () says). */
static void
compare_10bit (const GstVideoInfo * out_info, GstBuffer * out,
    const RefI420 * ref, gboolean top_open, Comparison * cmp)
{
  GstVideoFormat format = GST_VIDEO_INFO_FORMAT (out_info);
  gboolean p010 = format == GST_VIDEO_FORMAT_P010_10LE;
  const gdouble *planes[3] = { ref->y, ref->u, ref->v };
  gint cw = (ref->width + 1) / 2, ch = (ref->height + 1) / 2;
  GstVideoFrame frame;
  guint c;

  fail_unless (p010 || format == GST_VIDEO_FORMAT_I420_10LE,
      "%s is not a 10-bit output", gst_video_format_to_string (format));
  fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (out_info), ref->width);
  fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (out_info), ref->height);
  fail_unless (gst_video_frame_map (&frame, out_info, out, GST_MAP_READ),
      "cannot map the output");
  memset (cmp, 0, sizeof (*cmp));
  cmp->error = -1.0;
  for (c = 0; c < 3; c++) {
    gint pw = c ? cw : ref->width, ph = c ? ch : ref->height, x, y;

    for (y = 0; y < ph; y++)
      for (x = 0; x < pw; x++) {
        guint word = read_le (word_at (&frame, p010, c, x, y), 2);
        gboolean stray = p010 ? (word & 0x3f) != 0 : word > 0x3ff;
        /* I420_10LE's stray high bits count in the code, so that they
         * show in the error too */
        guint code = p010 ? word >> 6 : word;
        gdouble v = planes[c][(gsize) y * pw + x], lo, hi, error;

        expected_range (v, top_open, &lo, &hi);
        error = code < lo ? lo - code : code > hi ? code - hi : 0.0;
        if (error > cmp->error) {
          cmp->error = error;
          if (lo == hi)
            g_snprintf (cmp->worst, sizeof (cmp->worst), "%s (%d, %d): %u, "
                "expected %.3f (reference %.4f)", component_names[c], x, y,
                code, lo, v);
          else
            g_snprintf (cmp->worst, sizeof (cmp->worst), "%s (%d, %d): %u, "
                "expected %.0f..%.0f (reference clamped at %.1f)",
                component_names[c], x, y, code, lo, hi, v);
        }
        if (stray && cmp->stray_words++ == 0)
          g_snprintf (cmp->first_stray, sizeof (cmp->first_stray),
              "%s (%d, %d): word 0x%04x", component_names[c], x, y, word);
      }
  }
  gst_video_frame_unmap (&frame);
}

/* Fails unless every sample of @out (I420_10LE or P010_10LE) is within
 * @tolerance of @ref (taken) at 10 bits and in its layout's bits;
 * returns the largest error. */
static gdouble
check_10bit (const GstVideoInfo * out_info, GstBuffer * out, RefI420 * ref,
    gboolean top_open, gdouble tolerance, const gchar * what)
{
  Comparison cmp;

  compare_10bit (out_info, out, ref, top_open, &cmp);
  ref_i420_free (ref);
  fail_unless (cmp.stray_words == 0, "%s: %u words with bits outside %s's "
      "10 bits, the first %s", what, cmp.stray_words,
      GST_VIDEO_INFO_NAME (out_info), cmp.first_stray);
  fail_unless (cmp.error <= tolerance, "%s: off by %.3f (more than %.2f) at "
      "%s", what, cmp.error, tolerance, cmp.worst);
  return cmp.error;
}

/* Converts a random frame of @caps_str to what @output's downstream
 * takes and checks it against the reference at 10 bits; returns the
 * largest error. */
static gdouble
convert_and_check (const gchar * caps_str, const Output * output, guint32 seed)
{
  GstHarness *h = deep_harness (caps_str, output->downstream);
  GstCaps *caps = gst_caps_from_string (caps_str);
  gchar *what = g_strdup_printf ("%s to %s", caps_str, output->downstream);
  GstVideoInfo in_info, out_info;
  GstBuffer *in, *out;
  gboolean top_open;
  RefI420 *ref;
  gdouble tolerance, error;

  fail_unless (ref_video_info_from_caps (&in_info, caps), "%s", caps_str);
  in = random_frame (&in_info, seed);
  out = push_and_pull (h, in, what);
  out_info = harness_output_info (h);
  fail_unless (g_strcmp0 (GST_VIDEO_INFO_NAME (&out_info), output->made) == 0,
      "%s: made %s", what, GST_VIDEO_INFO_NAME (&out_info));
  ref = deep_reference (&in_info, in, &out_info, &top_open);
  tolerance = tolerance_of (&in_info, &out_info);
  error = check_10bit (&out_info, out, ref, top_open, tolerance, what);

  gst_buffer_unref (out);
  gst_buffer_unref (in);
  gst_caps_unref (caps);
  g_free (what);
  gst_harness_teardown (h);
  return error;
}

/* ---- the comparison itself ------------------------------------------------------ */

/* A @format (I420_10LE or P010_10LE) frame of @ref's values, 4 v rounded
 * and clamped: what a right conversion makes. */
static GstBuffer *
frame_of_reference (const RefI420 * ref, GstVideoFormat format,
    GstVideoInfo * info)
{
  gboolean p010 = format == GST_VIDEO_FORMAT_P010_10LE;
  const gdouble *planes[3] = { ref->y, ref->u, ref->v };
  gint cw = (ref->width + 1) / 2, ch = (ref->height + 1) / 2;
  GstVideoFrame frame;
  GstBuffer *buffer;
  guint c;

  gst_video_info_set_format (info, format, ref->width, ref->height);
  buffer = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (info), NULL);
  gst_buffer_memset (buffer, 0, 0, GST_VIDEO_INFO_SIZE (info));
  fail_unless (gst_video_frame_map (&frame, info, buffer, GST_MAP_WRITE));
  for (c = 0; c < 3; c++) {
    gint pw = c ? cw : ref->width, ph = c ? ch : ref->height, x, y;

    for (y = 0; y < ph; y++)
      for (x = 0; x < pw; x++) {
        guint code = (guint) floor (CLAMP (4.0 * planes[c][(gsize) y * pw + x],
                0.0, 1023.0) + 0.5);

        write_le (word_at (&frame, p010, c, x, y), 2, p010 ? code << 6 : code);
      }
  }
  gst_video_frame_unmap (&frame);
  return buffer;
}

/* Changes the word of sample (@x, @y) of component @c of @buffer (@info)
 * by @add, or with @xor. */
static void
poke (GstBuffer * buffer, const GstVideoInfo * info, guint c, gint x, gint y,
    gint add, guint xor)
{
  gboolean p010 = GST_VIDEO_INFO_FORMAT (info) == GST_VIDEO_FORMAT_P010_10LE;
  GstVideoFrame frame;
  guint8 *p;

  fail_unless (gst_video_frame_map (&frame, info, buffer, GST_MAP_WRITE));
  p = word_at (&frame, p010, c, x, y);
  write_le (p, 2, ((gint) read_le (p, 2) + add * (p010 ? 64 : 1)) ^ xor);
  gst_video_frame_unmap (&frame);
}

static void
assert_caught (const GstVideoInfo * info, GstBuffer * buffer,
    const RefI420 * ref, gboolean top_open, gdouble at_least,
    const gchar * where, const gchar * what)
{
  Comparison cmp;

  compare_10bit (info, buffer, ref, top_open, &cmp);
  fail_unless (cmp.error >= at_least, "%s %s: error %.3f not seen", what,
      GST_VIDEO_INFO_NAME (info), cmp.error);
  fail_unless (g_str_has_prefix (cmp.worst, where), "%s %s: worst at %s, "
      "not %s", what, GST_VIDEO_INFO_NAME (info), cmp.worst, where);
}

/* Every way a 10-bit output can be wrong that the pixel tests rely on the
 * comparison to see: one sample of a plane off by two, the top codes
 * capped at 1020, the 8-bit scale, U and V swapped, bits outside the
 * 10-bit field; and a right frame passes. */
GST_START_TEST (test_comparison_fails)
{
  static const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_I420_10LE,
    GST_VIDEO_FORMAT_P010_10LE
  };
  RefI420 *ref = ref_i420_new (7, 5);
  gsize n = 7 * 5, nc = 4 * 3, i;
  GstVideoFormat format = formats[__i__];
  GstVideoInfo info;
  GstBuffer *right, *wrong;
  Comparison cmp;
  guint c;

  /* every value of the scale, 255.75 (1023 at 10 bits) at the top */
  for (i = 0; i < n; i++)
    ref->y[i] = 255.75 * i / (n - 1);
  for (i = 0; i < nc; i++) {
    ref->u[i] = 10.0 + 20.0 * i;
    ref->v[i] = 250.0 - 20.0 * i;
  }
  ref->u[nc - 1] = 255.75;
  right = frame_of_reference (ref, format, &info);
  compare_10bit (&info, right, ref, FALSE, &cmp);
  fail_unless (cmp.error <= 0.5 && cmp.stray_words == 0, "%s: %.3f, %u stray",
      GST_VIDEO_INFO_NAME (&info), cmp.error, cmp.stray_words);

  /* one sample of each component two codes off */
  for (c = 0; c < 3; c++) {
    wrong = gst_buffer_copy_deep (right);
    poke (wrong, &info, c, 1, 1, c == 1 ? 2 : -2, 0);
    assert_caught (&info, wrong, ref, FALSE, 1.5, component_names[c],
        "a sample two off");
    gst_buffer_unref (wrong);
  }

  /* 1023 (255.75) capped at 1020: seen unless the reference was clamped */
  wrong = gst_buffer_copy_deep (right);
  poke (wrong, &info, 0, 6, 4, -3, 0);
  assert_caught (&info, wrong, ref, FALSE, 3.0, "Y (6, 4)", "1023 as 1020");
  compare_10bit (&info, wrong, ref, TRUE, &cmp);
  fail_unless (cmp.error <= 0.5, "1020 for a clamped 255: %s", cmp.worst);
  gst_buffer_unref (wrong);
  /* below 1020 where the reference was clamped at 255 is wrong, too */
  wrong = gst_buffer_copy_deep (right);
  poke (wrong, &info, 1, 3, 2, -6, 0);
  assert_caught (&info, wrong, ref, TRUE, 3.0, "U (3, 2)", "1017 for 255");
  gst_buffer_unref (wrong);

  /* a stray bit outside the field: P010's lowest, I420_10LE's 11th */
  wrong = gst_buffer_copy_deep (right);
  poke (wrong, &info, 2, 0, 0, 0, format == GST_VIDEO_FORMAT_P010_10LE ?
      0x0001 : 0x0400);
  compare_10bit (&info, wrong, ref, FALSE, &cmp);
  fail_unless_equals_int (cmp.stray_words, 1);
  fail_unless (g_str_has_prefix (cmp.first_stray, "V (0, 0)"), "%s",
      cmp.first_stray);
  gst_buffer_unref (wrong);

  ref_i420_free (ref);
  gst_buffer_unref (right);

  /* the 8-bit scale (v, not 4 v), and U and V swapped */
  ref = ref_i420_new (7, 5);
  for (i = 0; i < n; i++)
    ref->y[i] = 100.0 + i;
  for (i = 0; i < nc; i++) {
    ref->u[i] = 60.0;
    ref->v[i] = 200.0;
  }
  {
    RefI420 *scaled = ref_i420_new (7, 5);

    for (i = 0; i < n; i++)
      scaled->y[i] = ref->y[i] / 4.0;
    for (i = 0; i < nc; i++) {
      scaled->u[i] = ref->v[i];
      scaled->v[i] = ref->u[i];
    }
    wrong = frame_of_reference (scaled, format, &info);
    compare_10bit (&info, wrong, ref, FALSE, &cmp);
    fail_unless (cmp.error >= 300.0, "the 8-bit scale: %s", cmp.worst);
    for (i = 0; i < n; i++)
      scaled->y[i] = ref->y[i];
    gst_buffer_unref (wrong);
    wrong = frame_of_reference (scaled, format, &info);
    assert_caught (&info, wrong, ref, FALSE, 500.0, "U", "U and V swapped");
    gst_buffer_unref (wrong);
    ref_i420_free (scaled);
  }
  ref_i420_free (ref);
}

GST_END_TEST;

/* The split reference is the reference: where the reference of the whole
 * frame is not clamped, the sum of its halves' is the same; where it is
 * (255), the sum is 255 or more, and never more than the highest code
 * of the depth on the 8-bit scale (255.75 for 10 bits).  For every
 * YUV format of more than 8 bits, at an odd size, another siting; the
 * frame is large enough that random codes reach the top ones. */
GST_START_TEST (test_split_reference)
{
  const gchar *format = pixel_formats[__i__];
  gchar *caps_str = raw_input_caps (format, 65, 37,
      "colorimetry=bt709,chroma-site=mpeg2");
  GstCaps *caps = gst_caps_from_string (caps_str);
  GstVideoInfo in_info, out_info;
  RefI420 *whole, *split;
  gboolean top_open;
  GstBuffer *in;
  gsize n, nc, i;
  guint top = 0;
  gdouble highest;

  if (!is_deep (gst_video_format_from_string (format)) ||
      ref_format_is_rgb (gst_video_format_from_string (format)) ||
      GST_VIDEO_FORMAT_INFO_IS_GRAY (gst_video_format_get_info
          (gst_video_format_from_string (format)))) {
    gst_caps_unref (caps);
    g_free (caps_str);
    return;
  }
  fail_unless (ref_video_info_from_caps (&in_info, caps));
  highest = 256.0 - 1.0 / (1 << (GST_VIDEO_INFO_COMP_DEPTH (&in_info, 0) - 8));
  gst_video_info_set_format (&out_info, GST_VIDEO_FORMAT_I420_10LE, 65, 37);
  out_info.colorimetry = in_info.colorimetry;
  GST_VIDEO_INFO_CHROMA_SITE (&out_info) = GST_VIDEO_CHROMA_SITE_JPEG;
  in = random_frame (&in_info, 99);
  whole = sited_reference_of_output (&in_info, in, &out_info);
  split = deep_reference (&in_info, in, &out_info, &top_open);
  fail_if (top_open);
  n = 65 * 37;
  nc = 33 * 19;
  for (i = 0; i < n + 2 * nc; i++) {
    gdouble a = i < n ? whole->y[i] : i < n + nc ? whole->u[i - n] :
        whole->v[i - n - nc];
    gdouble b = i < n ? split->y[i] : i < n + nc ? split->u[i - n] :
        split->v[i - n - nc];

    if (a < 255.0)
      fail_unless (fabs (a - b) < 1e-9, "%s sample %" G_GSIZE_FORMAT ": %.6f "
          "split, %.6f whole", format, i, b, a);
    else {
      fail_unless (b >= 255.0 && b <= highest + 1e-9, "%s: %.6f, above "
          "%.6f", format, b, highest);
      top++;
    }
  }
  /* some random codes are among the top ones (of 10 bits, 1020..1023) */
  fail_unless (top > 0, "%s: no sample at the top", format);
  ref_i420_free (whole);
  ref_i420_free (split);
  gst_buffer_unref (in);
  gst_caps_unref (caps);
  g_free (caps_str);
}

GST_END_TEST;

/* ---- pixels ----------------------------------------------------------------- */

GST_START_TEST (test_formats_to_10bit)
{
  const gchar *format = pixel_formats[__i__];
  gdouble largest[G_N_ELEMENTS (outputs)] = { 0, };
  guint o, s;

  for (o = 0; o < G_N_ELEMENTS (outputs); o++)
    for (s = 0; s < sizes_to_try (); s++) {
      gchar *caps_str = raw_input_caps (format, sizes[s].width, sizes[s].height,
          NULL);

      largest[o] = MAX (largest[o], convert_and_check (caps_str, &outputs[o],
              s + 1));
      g_free (caps_str);
    }
  GST_INFO ("%s (%u bits): largest error %.3f to I420_10LE, %.3f to "
      "P010_10LE", format, GST_VIDEO_FORMAT_INFO_DEPTH
      (gst_video_format_get_info (gst_video_format_from_string (format)), 0),
      largest[0], largest[1]);
}

GST_END_TEST;

/* Another siting, matrix and range than the input's: re-sited, and
 * re-matrixed (BT.2020 among them), at 10 bits. */
GST_START_TEST (test_sited_and_colorimetry)
{
  static const Output downstream[] = {
    {I420_10_ONLY ",chroma-site=jpeg,colorimetry=bt709", "I420_10LE"},
    {P010_ONLY ",chroma-site=mpeg2,colorimetry=1:4:0:0", "P010_10LE"},
    {I420_10_ONLY ",chroma-site=cosited,colorimetry=bt601", "I420_10LE"},
    {P010_ONLY ",chroma-site=v-cosited,colorimetry=bt2020-10", "P010_10LE"},
  };
  static const gchar *inputs[] = { "I420", "NV12", "Y42B", "Y444", "YUY2",
    "RGBA", "RGB", "P010_10LE", "I420_10LE", "I422_10LE", "Y444_12LE",
    "v210", "P016_LE", "ARGB64", "GBR_10LE", "GRAY8", "GRAY16_LE"
  };
  GstVideoFormat format = gst_video_format_from_string (inputs[__i__]);
  gdouble largest = 0.0;
  guint d, s;

  for (d = 0; d < G_N_ELEMENTS (downstream); d++)
    for (s = 4; s < sizes_to_try (); s++) {
      /* RGB tagged bt601 would be limited-range RGB: its own default */
      gchar *caps_str = raw_input_caps (inputs[__i__], sizes[s].width,
          sizes[s].height, ref_format_is_rgb (format) ? NULL :
          "colorimetry=bt601,chroma-site=mpeg2");

      largest = MAX (largest, convert_and_check (caps_str, &downstream[d],
              10 * d + s - 4));
      g_free (caps_str);
    }
  GST_INFO ("%s sited and re-matrixed: largest error %.3f", inputs[__i__],
      largest);
}

GST_END_TEST;

/* Grey into the other range, both ways, to both outputs: GRAY8's
 * through its affine map where the tier has one, else the table. */
GST_START_TEST (test_gray_ranges)
{
  static const gchar *inputs[] = { "GRAY8", "GRAY16_LE" };
  static const struct
  {
    const gchar *in;
    Output out;
  } ranges[] = {
    {"colorimetry=1:4:0:0", {I420_10_ONLY ",colorimetry=bt601", "I420_10LE"}},
    {"colorimetry=1:4:0:0", {P010_ONLY ",colorimetry=bt709", "P010_10LE"}},
    {"colorimetry=bt601", {I420_10_ONLY ",colorimetry=1:4:0:0", "I420_10LE"}},
    {"colorimetry=bt709", {P010_ONLY ",colorimetry=1:4:0:0", "P010_10LE"}},
  };
  guint r, s;

  for (r = 0; r < G_N_ELEMENTS (ranges); r++)
    for (s = 3; s < sizes_to_try (); s++) {
      gchar *caps_str = raw_input_caps (inputs[__i__], sizes[s].width,
          sizes[s].height, ranges[r].in);

      convert_and_check (caps_str, &ranges[r].out, 10 * r + s);
      g_free (caps_str);
    }
}

GST_END_TEST;

GST_START_TEST (test_interlaced)
{
  static const gchar *inputs[] = { "I420", "YUY2", "RGBA", "P010_10LE",
    "I420_10LE", "I422_10LE", "v210", "Y444_12LE", "GRAY8", "GRAY16_LE"
  };
  static const Output downstream[] = {
    {I420_10_ONLY, "I420_10LE"},
    {P010_ONLY ",chroma-site=jpeg", "P010_10LE"},
  };
  gdouble largest = 0.0;
  guint d, s;

  for (d = 0; d < G_N_ELEMENTS (downstream); d++)
    for (s = 3; s < sizes_to_try (); s++) {
      gchar *caps_str = raw_input_caps (inputs[__i__], sizes[s].width,
          sizes[s].height, "interlace-mode=interleaved");

      largest = MAX (largest, convert_and_check (caps_str, &downstream[d], s));
      g_free (caps_str);
    }
  GST_INFO ("%s interlaced: largest error %.3f", inputs[__i__], largest);
}

GST_END_TEST;

/* Input planes where a video meta puts them (strides padded, planes
 * reversed, at odd addresses): the 10-bit output is the reference's. */
GST_START_TEST (test_padded_input)
{
  static const gchar *inputs[] = { "I420_10LE", "P010_10LE", "I422_10LE",
    "Y444_12LE", "v210", "P016_LE", "NV12", "YUY2", "RGB", "GRAY8",
    "GRAY16_LE", "GRAY10_LE32"
  };
  guint o;

  for (o = 0; o < G_N_ELEMENTS (outputs); o++) {
    gchar *caps_str = raw_input_caps (inputs[__i__], 45, 21, NULL);
    gchar *what = g_strdup_printf ("padded %s to %s", caps_str,
        outputs[o].made);
    GstHarness *h = deep_harness (caps_str, outputs[o].downstream);
    GstCaps *caps = gst_caps_from_string (caps_str);
    GstVideoInfo in_info, out_info;
    GstBuffer *in, *out;
    gboolean top_open;
    RefI420 *ref;

    fail_unless (ref_video_info_from_caps (&in_info, caps));
    in = padded_frame (&in_info, 13, 7, __i__ + 10 * o);
    out = push_and_pull (h, in, what);
    out_info = harness_output_info (h);
    fail_unless_equals_string (GST_VIDEO_INFO_NAME (&out_info),
        outputs[o].made);
    ref = deep_reference (&in_info, in, &out_info, &top_open);
    check_10bit (&out_info, out, ref, top_open, tolerance_of (&in_info,
            &out_info), what);
    gst_buffer_unref (out);
    gst_buffer_unref (in);
    gst_caps_unref (caps);
    g_free (what);
    g_free (caps_str);
    gst_harness_teardown (h);
  }
}

GST_END_TEST;

/* With a video meta downstream, the pool's 10-bit buffers carry one that
 * names the format made, its planes, 16-bit samples' strides, aligned;
 * the pixels read through it are the reference's. */
GST_START_TEST (test_video_meta_layout)
{
  const Output *output = &outputs[__i__];
  gboolean p010 = g_str_equal (output->made, "P010_10LE");
  gchar *caps_str = raw_input_caps ("RGBA", 99, 37, NULL);
  GstHarness *h = new_converter_harness (NULL, NULL);
  GstVideoInfo in_info = video_info_from_string (caps_str), out_info;
  GstBuffer *in = random_frame (&in_info, 3), *out;
  GstVideoMeta *meta;
  gboolean top_open;
  RefI420 *ref;
  guint p;

  gst_harness_add_propose_allocation_meta (h, GST_VIDEO_META_API_TYPE, NULL);
  gst_harness_set_sink_caps_str (h, output->downstream);
  gst_harness_set_src_caps_str (h, caps_str);
  out = push_and_pull (h, in, caps_str);
  out_info = harness_output_info (h);
  meta = gst_buffer_get_video_meta (out);
  fail_unless (meta != NULL, "no video meta on the output");
  fail_unless_equals_string (gst_video_format_to_string (meta->format),
      output->made);
  fail_unless_equals_int (meta->n_planes, p010 ? 2 : 3);
  fail_unless_equals_int (meta->width, 99);
  fail_unless_equals_int (meta->height, 37);
  for (p = 0; p < meta->n_planes; p++) {
    /* bytes of a row: 99 luma or 50 U V pairs of 16-bit words (P010), or
     * 50 chroma words */
    gint row = p == 0 ? 2 * 99 : p010 ? 4 * 50 : 2 * 50;

    fail_unless (meta->stride[p] >= row, "plane %u stride %d", p,
        meta->stride[p]);
    fail_unless (meta->stride[p] % 16 == 0, "plane %u stride %d unaligned",
        p, meta->stride[p]);
    if (p > 0)
      fail_unless (meta->offset[p] >= meta->offset[p - 1] +
          (p == 1 ? 37 : 19) * meta->stride[p - 1]);
  }
  fail_unless (gst_buffer_get_size (out) >= meta->offset[meta->n_planes - 1] +
      19 * meta->stride[meta->n_planes - 1]);
  ref = deep_reference (&in_info, in, &out_info, &top_open);
  check_10bit (&out_info, out, ref, top_open, 1.0, caps_str);
  gst_buffer_unref (out);
  gst_buffer_unref (in);
  g_free (caps_str);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- negotiation -------------------------------------------------------------- */

/* The formats the src pad's template names: the four, and no other. */
GST_START_TEST (test_src_template)
{
  static const gchar *made[] = { "I420", "NV12", "I420_10LE", "P010_10LE" };
  static const gchar *not_made[] = { "YV12", "NV21", "I420_12LE", "P012_LE",
    "P016_LE", "I422_10LE", "Y444", "GRAY8"
  };
  GstElement *element = gst_element_factory_make ("pooledconvert", NULL);
  GstPad *src = gst_element_get_static_pad (element, "src");
  GstCaps *templ = gst_pad_get_pad_template_caps (src);
  guint i;

  for (i = 0; i < G_N_ELEMENTS (made) + G_N_ELEMENTS (not_made); i++) {
    gboolean is_made = i < G_N_ELEMENTS (made);
    const gchar *name = is_made ? made[i] : not_made[i - G_N_ELEMENTS (made)];
    gchar *str = g_strdup_printf ("video/x-raw,format=%s", name);
    GstCaps *caps = gst_caps_from_string (str);

    fail_unless (gst_caps_can_intersect (templ, caps) == is_made,
        "%s %s the src template %" GST_PTR_FORMAT, name, is_made ?
        "missing from" : "found in", templ);
    gst_caps_unref (caps);
    g_free (str);
  }
  gst_caps_unref (templ);
  gst_object_unref (src);
  gst_object_unref (element);
}

GST_END_TEST;

/* The input formats of each kind the choices are tried with. */
static const gchar *deep_inputs[] = { "I420_10LE", "I422_10LE", "Y444_12LE",
  "v210", "AYUV64", "A444_10LE", "ARGB64", "GBR_10LE", "RGB10A2_LE",
  "GRAY16_LE", "GRAY10_LE32"
};

static const gchar *semi_planar_deep_inputs[] = { "P010_10LE", "P012_LE",
  "P016_LE"
};

static const gchar *eight_bit_inputs[] = { "RGBA", "NV12", "I420", "Y444",
  "YUY2", "GRAY8"
};

/* What downstream takes, and the format made for each kind of input
 * (NULL: refused, not-negotiated). */
typedef struct
{
  const gchar *downstream;
  const gchar *deep;
  const gchar *semi_planar_deep;
  const gchar *eight_bit;
} Choice;

static const Choice choices[] = {
  /* all four, in whichever order or structure they come */
  {ALL_FOUR, "I420_10LE", "P010_10LE", "I420"},
  {"video/x-raw,format={ P010_10LE, NV12, I420_10LE, I420 }", "I420_10LE",
      "P010_10LE", "I420"},
  {"video/x-raw,format=NV12; video/x-raw,format=P010_10LE; "
        "video/x-raw,format=I420; video/x-raw,format=I420_10LE",
      "I420_10LE", "P010_10LE", "I420"},
  {"video/x-raw", "I420_10LE", "P010_10LE", "I420"},
  /* two or three */
  {"video/x-raw,format={ I420, I420_10LE }", "I420_10LE", "I420_10LE",
      "I420"},
  {"video/x-raw,format={ NV12, P010_10LE }", "P010_10LE", "P010_10LE",
      "NV12"},
  {"video/x-raw,format={ I420_10LE, P010_10LE }", "I420_10LE", "P010_10LE",
      "I420_10LE"},
  {"video/x-raw,format={ NV12, I420_10LE, P010_10LE }", "I420_10LE",
      "P010_10LE", "NV12"},
  {"video/x-raw,format={ I420, P010_10LE }", "P010_10LE", "P010_10LE",
      "I420"},
  /* one */
  {P010_ONLY, "P010_10LE", "P010_10LE", "P010_10LE"},
  {I420_10_ONLY, "I420_10LE", "I420_10LE", "I420_10LE"},
  {"video/x-raw,format=NV12", "NV12", "NV12", "NV12"},
};

/* Pushes a frame of @format to @downstream: the output caps must name
 * @made and the output's samples, read in @made's layout, be the
 * reference's; with @made NULL, the caps are refused and the frame
 * not-negotiated, with no output. */
static void
check_choice (const gchar * format, const gchar * downstream,
    const gchar * made, guint32 seed)
{
  gchar *caps_str = raw_input_caps (format, 32, 18, NULL);
  gchar *what = g_strdup_printf ("%s to %s", format, downstream);
  GstCaps *caps = gst_caps_from_string (caps_str);
  GstHarness *h = new_converter_harness (NULL, NULL);
  GstVideoInfo in_info, out_info;
  GstBuffer *in, *out;
  RefI420 *ref;
  gboolean top_open;

  fail_unless (ref_video_info_from_caps (&in_info, caps));
  in = random_frame (&in_info, seed);
  gst_harness_set_sink_caps_str (h, downstream);
  if (made == NULL) {
    GstFlowReturn flow;

    GstSegment segment;

    /* without the harness's assertion that the caps are taken */
    gst_harness_push_event (h, gst_event_new_caps (caps));
    fail_if (gst_pad_has_current_caps (GST_BASE_TRANSFORM_SINK_PAD
            (h->element)), "%s: the caps were taken", what);
    gst_segment_init (&segment, GST_FORMAT_TIME);
    gst_harness_push_event (h, gst_event_new_segment (&segment));
    flow = gst_harness_push (h, in);
    fail_unless (flow == GST_FLOW_NOT_NEGOTIATED, "%s: %s, not "
        "not-negotiated", what, gst_flow_get_name (flow));
    fail_unless (gst_harness_try_pull (h) == NULL, "%s: an output", what);
    gst_caps_unref (caps);
    g_free (what);
    g_free (caps_str);
    gst_harness_teardown (h);
    return;
  }

  gst_harness_set_src_caps_str (h, caps_str);
  out = push_and_pull (h, in, what);
  out_info = harness_output_info (h);
  fail_unless (g_strcmp0 (GST_VIDEO_INFO_NAME (&out_info), made) == 0,
      "%s: made %s, not %s", what, GST_VIDEO_INFO_NAME (&out_info), made);
  /* 8-bit output: the reference clamped at 255, as the 8-bit suites */
  switch (GST_VIDEO_INFO_FORMAT (&out_info)) {
    case GST_VIDEO_FORMAT_I420:
      check_against_reference (&out_info, out,
          sited_reference_of_output (&in_info, in, &out_info), FALSE, what);
      break;
    case GST_VIDEO_FORMAT_NV12:
      check_nv12_against_reference (&out_info, out,
          sited_reference_of_output (&in_info, in, &out_info), FALSE, what);
      break;
    default:
      ref = deep_reference (&in_info, in, &out_info, &top_open);
      check_10bit (&out_info, out, ref, top_open, tolerance_of (&in_info,
              &out_info), what);
      break;
  }
  gst_buffer_unref (out);
  gst_buffer_unref (in);
  gst_caps_unref (caps);
  g_free (what);
  g_free (caps_str);
  gst_harness_teardown (h);
}

/* For each choice downstream gives, each kind of input gets the format
 * the element prefers among those: the 10-bit ones first for deep input
 * (P010_10LE first for semi-planar deep input), the 8-bit ones first
 * for 8-bit input, grey as any other input of its depth. */
GST_START_TEST (test_output_format_chosen)
{
  const Choice *c = &choices[__i__];
  guint i;

  for (i = 0; i < G_N_ELEMENTS (deep_inputs); i++)
    check_choice (deep_inputs[i], c->downstream, c->deep, i);
  for (i = 0; i < G_N_ELEMENTS (semi_planar_deep_inputs); i++)
    check_choice (semi_planar_deep_inputs[i], c->downstream,
        c->semi_planar_deep, i);
  for (i = 0; i < G_N_ELEMENTS (eight_bit_inputs); i++)
    check_choice (eight_bit_inputs[i], c->downstream, c->eight_bit, i);
}

GST_END_TEST;

/* ---- passthrough ---------------------------------------------------------------- */

/* I420_10LE and P010_10LE to themselves, same siting and colorimetry:
 * the very input buffer comes out, whether downstream takes that format
 * only or all four. */
GST_START_TEST (test_10bit_passthrough)
{
  static const gchar *inputs[] = { "I420_10LE", "P010_10LE" };
  static const Size frames[] = { {65, 33}, {1, 1}, {64, 48} };
  const gchar *format = inputs[__i__ / 2];
  gchar *only = g_strdup_printf ("video/x-raw,format=%s", format);
  const gchar *downstream = __i__ % 2 ? ALL_FOUR : only;
  guint f;

  for (f = 0; f < G_N_ELEMENTS (frames); f++) {
    gchar *caps_str = raw_input_caps (format, frames[f].width, frames[f].height,
        f == 2 ? "colorimetry=bt709,chroma-site=jpeg" : NULL);
    GstHarness *h = deep_harness (caps_str, downstream);
    GstVideoInfo info = video_info_from_string (caps_str), out_info;
    GstBuffer *in = random_frame (&info, 7 + f), *out;

    out = push_and_pull (h, in, caps_str);
    fail_unless (out == in, "%s to %s is not passed through", caps_str,
        downstream);
    fail_unless (gst_base_transform_is_passthrough (GST_BASE_TRANSFORM
            (h->element)), "%s: not in passthrough", caps_str);
    out_info = harness_output_info (h);
    fail_unless_equals_string (GST_VIDEO_INFO_NAME (&out_info), format);
    gst_buffer_unref (out);
    gst_buffer_unref (in);
    g_free (caps_str);
    gst_harness_teardown (h);
  }
  g_free (only);
}

GST_END_TEST;

/* The same format with another siting or colorimetry downstream is not
 * passed through: it is converted, as the reference says. */
GST_START_TEST (test_same_format_converted)
{
  static const struct
  {
    const gchar *input;
    Output output;
  } cases[] = {
    {"I420_10LE", {I420_10_ONLY ",chroma-site=jpeg", "I420_10LE"}},
    {"I420_10LE", {I420_10_ONLY ",colorimetry=bt601", "I420_10LE"}},
    {"P010_10LE", {P010_ONLY ",chroma-site=jpeg", "P010_10LE"}},
    {"P010_10LE", {P010_ONLY ",colorimetry=bt2020-10", "P010_10LE"}},
  };
  gchar *caps_str = raw_input_caps (cases[__i__].input, 33, 19,
      "colorimetry=bt709,chroma-site=mpeg2");
  GstHarness *h = deep_harness (caps_str, cases[__i__].output.downstream);
  GstCaps *caps = gst_caps_from_string (caps_str);
  GstVideoInfo in_info, out_info;
  GstBuffer *in, *out;
  gboolean top_open;
  RefI420 *ref;

  fail_unless (ref_video_info_from_caps (&in_info, caps));
  in = random_frame (&in_info, 5);
  out = push_and_pull (h, in, caps_str);
  fail_if (out == in, "%s to %s passed through", caps_str,
      cases[__i__].output.downstream);
  fail_if (gst_base_transform_is_passthrough (GST_BASE_TRANSFORM (h->element)));
  out_info = harness_output_info (h);
  fail_unless_equals_string (GST_VIDEO_INFO_NAME (&out_info),
      cases[__i__].output.made);
  ref = deep_reference (&in_info, in, &out_info, &top_open);
  check_10bit (&out_info, out, ref, top_open, 1.0, caps_str);
  gst_buffer_unref (out);
  gst_buffer_unref (in);
  gst_caps_unref (caps);
  g_free (caps_str);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- pool -------------------------------------------------------------------- */

/* Frame after frame the pool hands back the same 10-bit buffers: none is
 * allocated after the first frames, each is the output format's size. */
GST_START_TEST (test_pool_reused)
{
  static const struct
  {
    const gchar *input;
    Output output;
  } cases[] = {
    {"YUY2", {I420_10_ONLY, "I420_10LE"}},
    {"Y444_10LE", {P010_ONLY, "P010_10LE"}},
    {"P010_10LE", {I420_10_ONLY, "I420_10LE"}},
  };
  gchar *caps_str = raw_input_caps (cases[__i__].input, 161, 91, NULL);
  GstHarness *h = deep_harness (caps_str, cases[__i__].output.downstream);
  GstVideoInfo in_info = video_info_from_string (caps_str), made;
  guint i;

  gst_video_info_set_format (&made, gst_video_format_from_string
      (cases[__i__].output.made), 161, 91);
  for (i = 0; i < 4; i++) {
    GstBuffer *in = random_frame (&in_info, i);

    gst_buffer_unref (push_and_pull (h, in, caps_str));
    gst_buffer_unref (in);
  }
  fail_unless_equals_string (GST_VIDEO_INFO_NAME (&made),
      cases[__i__].output.made);
  check_pool_steady (h, &in_info, &made, 50);
  g_free (caps_str);
  gst_harness_teardown (h);
}

GST_END_TEST;

static Suite *
deep_suite (void)
{
  Suite *s = suite_create ("deep");
  TCase *tc = tcase_create ("general");
  const gchar *const *known = ref_input_formats ();
  guint i;

  n_pixel_formats = 0;
  for (i = 0; known[i] != NULL; i++) {
    GstVideoFormat format = gst_video_format_from_string (known[i]);

    if (is_deep (format))
      pixel_formats[n_pixel_formats++] = known[i];
  }
  for (i = 0; i < G_N_ELEMENTS (eight_bit_formats); i++)
    pixel_formats[n_pixel_formats++] = eight_bit_formats[i];
  g_assert (n_pixel_formats <= G_N_ELEMENTS (pixel_formats));

  suite_add_tcase (s, tc);
  tcase_set_timeout (tc, 300);
  tcase_add_loop_test (tc, test_comparison_fails, 0, 2);
  tcase_add_loop_test (tc, test_split_reference, 0, n_pixel_formats);
  tcase_add_loop_test (tc, test_formats_to_10bit, 0, n_pixel_formats);
  tcase_add_loop_test (tc, test_sited_and_colorimetry, 0, 17);
  tcase_add_loop_test (tc, test_gray_ranges, 0, 2);
  tcase_add_loop_test (tc, test_interlaced, 0, 10);
  tcase_add_loop_test (tc, test_padded_input, 0, 12);
  tcase_add_loop_test (tc, test_video_meta_layout, 0, G_N_ELEMENTS (outputs));
  tcase_add_test (tc, test_src_template);
  tcase_add_loop_test (tc, test_output_format_chosen, 0,
      G_N_ELEMENTS (choices));
  tcase_add_loop_test (tc, test_10bit_passthrough, 0, 4);
  tcase_add_loop_test (tc, test_same_format_converted, 0, 4);
  tcase_add_loop_test (tc, test_pool_reused, 0, 3);
  return s;
}

PC_CHECK_MAIN_PER_VARIANT (deep);
