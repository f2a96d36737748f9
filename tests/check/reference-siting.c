/* pooledconvert tests
 * Double-precision reference for sitings, fields and matrices; see
 * reference-siting.h.
 */

#include <math.h>

#include "reference-formats.h"
#include "reference-siting.h"

/* Kr and Kb of ITU-R BT.601, BT.709, BT.2020 and SMPTE 240M */
static gboolean
kr_kb (GstVideoColorMatrix matrix, gdouble * kr, gdouble * kb)
{
  switch (matrix) {
    case GST_VIDEO_COLOR_MATRIX_BT601:
      *kr = 0.299;
      *kb = 0.114;
      return TRUE;
    case GST_VIDEO_COLOR_MATRIX_BT709:
      *kr = 0.2126;
      *kb = 0.0722;
      return TRUE;
    case GST_VIDEO_COLOR_MATRIX_BT2020:
      *kr = 0.2627;
      *kb = 0.0593;
      return TRUE;
    case GST_VIDEO_COLOR_MATRIX_SMPTE240M:
      *kr = 0.212;
      *kb = 0.087;
      return TRUE;
    default:
      return FALSE;
  }
}

gboolean
ref_video_info_from_caps (GstVideoInfo * info, const GstCaps * caps)
{
  const gchar *site;
  GstVideoInfo i420;

  if (!gst_video_info_from_caps (info, caps))
    return FALSE;
  site = gst_structure_get_string (gst_caps_get_structure (caps, 0),
      "chroma-site");
  if (site != NULL)
    GST_VIDEO_INFO_CHROMA_SITE (info) = gst_video_chroma_site_from_string
        (site);
  else if (gst_video_info_set_format (&i420, GST_VIDEO_FORMAT_I420,
          GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info)))
    GST_VIDEO_INFO_CHROMA_SITE (info) = GST_VIDEO_INFO_CHROMA_SITE (&i420);
  return TRUE;
}

gboolean
ref_keeps_yuv_values (const GstVideoInfo * in, const GstVideoInfo * out_info)
{
  return GST_VIDEO_INFO_IS_YUV (in) &&
      in->colorimetry.matrix == out_info->colorimetry.matrix &&
      in->colorimetry.range == out_info->colorimetry.range;
}

/* ---- colour -------------------------------------------------------------- */

typedef struct
{
  gboolean identity;
  gboolean rgb_in;
  gdouble kr_in, kb_in, kr_out, kb_out;
  gboolean full_in, full_out;
} Colour;

/* codes (Y, Cb, Cr or R, G, B) -> output codes */
static void
colour_convert (const Colour * c, const gdouble in[3], gdouble out[3])
{
  gdouble r, g, b, y, pb, pr;

  if (c->identity) {
    out[0] = in[0];
    out[1] = in[1];
    out[2] = in[2];
    return;
  }
  if (c->rgb_in) {
    r = in[0] / 255.0;
    g = in[1] / 255.0;
    b = in[2] / 255.0;
  } else {
    y = c->full_in ? in[0] / 255.0 : (in[0] - 16.0) / 219.0;
    pb = (in[1] - 128.0) / (c->full_in ? 255.0 : 224.0);
    pr = (in[2] - 128.0) / (c->full_in ? 255.0 : 224.0);
    r = y + 2.0 * (1.0 - c->kr_in) * pr;
    b = y + 2.0 * (1.0 - c->kb_in) * pb;
    g = (y - c->kr_in * r - c->kb_in * b) / (1.0 - c->kr_in - c->kb_in);
  }
  y = c->kr_out * r + (1.0 - c->kr_out - c->kb_out) * g + c->kb_out * b;
  pb = (b - y) / (2.0 * (1.0 - c->kb_out));
  pr = (r - y) / (2.0 * (1.0 - c->kr_out));
  out[0] = c->full_out ? 255.0 * y : 16.0 + 219.0 * y;
  out[1] = 128.0 + (c->full_out ? 255.0 : 224.0) * pb;
  out[2] = 128.0 + (c->full_out ? 255.0 : 224.0) * pr;
}

static void
colour_init (Colour * c, const GstVideoInfo * in, const GstVideoInfo * out)
{
  c->identity = ref_keeps_yuv_values (in, out);
  c->rgb_in = GST_VIDEO_INFO_IS_RGB (in);
  c->full_in = in->colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255;
  c->full_out = out->colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255;
  g_assert (kr_kb (out->colorimetry.matrix, &c->kr_out, &c->kb_out));
  if (!c->rgb_in && !c->identity)
    g_assert (kr_kb (in->colorimetry.matrix, &c->kr_in, &c->kb_in));
}

/* ---- positions and weights ----------------------------------------------- */

/* Up to four (index, weight) taps along one axis. */
typedef struct
{
  gint index[4];
  gdouble weight[4];
  gint n;
} Taps;

/* The tent of radius @radius at @position over samples @first,
 * @first + @step, ... (one field's rows when @step is 2), the last at
 * most @last; samples past either edge repeat the edge sample. */
static void
tent_taps (gdouble position, gdouble radius, gint first, gint step, gint last,
    Taps * taps)
{
  gint q, last_valid = first + (last - first) / step * step;
  /* the grid sample at or before the tent's left end: only samples within
   * @radius of @position weigh anything */
  gint start = first + (gint) floor ((position - radius - first) / step) * step;

  taps->n = 0;
  for (q = start; q <= position + radius; q += step) {
    gdouble w = 1.0 - fabs (q - position) / radius;

    if (w <= 0.0)
      continue;
    g_assert (taps->n < 4);
    taps->index[taps->n] = CLAMP (q, first, last_valid);
    taps->weight[taps->n] = w;
    taps->n++;
  }
}

static void
column_taps (gboolean cosited, gint column, gint width, Taps * taps)
{
  if (cosited)
    tent_taps (2.0 * column, 2.0, 0, 1, width - 1, taps);
  else
    tent_taps (2.0 * column + 0.5, 1.0, 0, 1, width - 1, taps);
}

/* Output chroma row @row: progressive, as the columns; interlaced, row
 * j = 2k + f of field f, whose rows are frame rows f, f + 2, ...: centred
 * at frame row 2j + 1/2 (MPEG-2), co-sited on the field's row 2k (frame
 * row 4k + f), with the tent of the progressive rule counted in the
 * field's rows (radius 1 field row centred, 2 co-sited: two and four
 * frame rows). */
static void
row_taps (gboolean cosited, gboolean interlaced, gint row, gint height,
    Taps * taps)
{
  gint field = row % 2;

  if (!interlaced)
    column_taps (cosited, row, height, taps);
  else if (cosited)
    tent_taps (2.0 * row - field, 4.0, field, 2, height - 1, taps);
  else
    tent_taps (2.0 * row + 0.5, 2.0, field, 2, height - 1, taps);
}

/* Along an axis the input subsamples, output sample j sits at
 * @out_past_j full-resolution units (of the field, for rows of one field)
 * past where input sample j would sit if co-sited, input sample k at
 * @in_past past its own; the output is the linear interpolation between
 * the two nearest input samples: a tent whose radius is their spacing.
 * Progressive, input samples are two units apart, so counted in input
 * samples that is a tent of radius 1 at j + (out - in) / 2; the chroma
 * rows of one field (every other chroma row) are two field rows apart
 * and two indices apart, a tent of radius 2 at j + (out - in) over
 * samples j % 2, j % 2 + 2, ... */
static void
subsampled_taps (gdouble in_past, gdouble out_past, gboolean field, gint j,
    gint n, Taps * taps)
{
  gint step = field ? 2 : 1;

  tent_taps (j + (out_past - in_past) / (field ? 1.0 : 2.0), step, j % step,
      step, n - 1, taps);
}

/* How far past a co-sited position a sample of this siting sits, in
 * full-resolution units of its axis: 1/2 centred (between samples 2k and
 * 2k + 1); for the chroma rows of field f of an interlaced frame, in
 * field rows, 1/4 + f/2 centred (frame row 2j + 1/2 against the field's
 * row 2k at frame row 4k + f), none co-sited. */
static gdouble
past_cosited (gboolean cosited, gboolean field_rows, gint j)
{
  if (cosited)
    return 0.0;
  return field_rows ? 0.25 + 0.5 * (j % 2) : 0.5;
}

/* ---- samples ------------------------------------------------------------- */

/* The taps of one output chroma sample, along each axis over full-
 * resolution samples and over subsampled ones. */
typedef struct
{
  Taps rows, chroma_rows;
  Taps columns, chroma_columns;
} SampleTaps;

/* Component @c filtered to one output chroma sample: over the taps
 * of its resolution along each axis. */
static gdouble
filtered (const GstVideoFrame * f, gint c, const SampleTaps * t)
{
  gboolean w_sub = GST_VIDEO_FORMAT_INFO_W_SUB (f->info.finfo, c) > 0;
  gboolean h_sub = GST_VIDEO_FORMAT_INFO_H_SUB (f->info.finfo, c) > 0;
  const Taps *rows = h_sub ? &t->chroma_rows : &t->rows;
  const Taps *columns = w_sub ? &t->chroma_columns : &t->columns;
  gdouble sum = 0.0, total = 0.0;
  gint a, b;

  for (a = 0; a < rows->n; a++) {
    for (b = 0; b < columns->n; b++) {
      gdouble w = rows->weight[a] * columns->weight[b];

      sum += w * ref_component (f, c, columns->index[b], rows->index[a]);
      total += w;
    }
  }
  return sum / total;
}

static gdouble
clamp255 (gdouble v)
{
  return CLAMP (v, 0.0, 255.0);
}

RefI420 *
ref_sited_i420 (const GstVideoFrame * in, const GstVideoInfo * out_info)
{
  gint w = GST_VIDEO_FRAME_WIDTH (in), h = GST_VIDEO_FRAME_HEIGHT (in);
  gint cw = (w + 1) / 2, ch = (h + 1) / 2;
  GstVideoChromaSite site = GST_VIDEO_INFO_CHROMA_SITE (out_info);
  gboolean h_cosited = (site & GST_VIDEO_CHROMA_SITE_H_COSITED) != 0;
  gboolean v_cosited = (site & GST_VIDEO_CHROMA_SITE_V_COSITED) != 0;
  GstVideoChromaSite in_site = GST_VIDEO_INFO_CHROMA_SITE (&in->info);
  gboolean in_h_cosited = (in_site & GST_VIDEO_CHROMA_SITE_H_COSITED) != 0;
  gboolean in_v_cosited = (in_site & GST_VIDEO_CHROMA_SITE_V_COSITED) != 0;
  gboolean interlaced = GST_VIDEO_FRAME_IS_INTERLACED (in);
  guint w_sub = GST_VIDEO_FORMAT_INFO_W_SUB (in->info.finfo, 1);
  guint h_sub = GST_VIDEO_FORMAT_INFO_H_SUB (in->info.finfo, 1);
  gint in_ch = GST_VIDEO_FRAME_COMP_HEIGHT (in, 1);
  RefI420 *ref = ref_i420_new (w, h);
  Colour colour;
  gint x, y;

  colour_init (&colour, &in->info, out_info);

  for (y = 0; y < h; y++) {
    for (x = 0; x < w; x++) {
      gdouble px[3], yuv[3];
      gint cx = x, cy = y;

      /* the chroma of the block (of the field) the luma sample is in */
      cx = x >> w_sub;
      if (h_sub)
        cy = MIN (interlaced ? 2 * (y / 4) + y % 2 : y / 2, in_ch - 1);
      px[0] = ref_component (in, 0, x, y);
      px[1] = ref_component (in, 1, cx, cy);
      px[2] = ref_component (in, 2, cx, cy);
      colour_convert (&colour, px, yuv);
      ref->y[y * w + x] = clamp255 (yuv[0]);
    }
  }

  for (y = 0; y < ch; y++) {
    SampleTaps taps;

    row_taps (v_cosited, interlaced, y, h, &taps.rows);
    if (h_sub)
      subsampled_taps (past_cosited (in_v_cosited, interlaced, y),
          past_cosited (v_cosited, interlaced, y), interlaced, y, in_ch,
          &taps.chroma_rows);
    for (x = 0; x < cw; x++) {
      gdouble px[3], yuv[3];
      gint c;

      column_taps (h_cosited, x, w, &taps.columns);
      if (w_sub == 2) {
        /* 4:1:1: the sample that covers both columns of output sample x,
         * wherever the output sites it */
        taps.chroma_columns.n = 1;
        taps.chroma_columns.index[0] = x / 2;
        taps.chroma_columns.weight[0] = 1.0;
      } else if (w_sub)
        subsampled_taps (past_cosited (in_h_cosited, FALSE, x),
            past_cosited (h_cosited, FALSE, x), FALSE, x,
            GST_VIDEO_FRAME_COMP_WIDTH (in, 1), &taps.chroma_columns);
      for (c = 0; c < 3; c++)
        px[c] = filtered (in, c, &taps);
      colour_convert (&colour, px, yuv);
      ref->u[y * cw + x] = clamp255 (yuv[1]);
      ref->v[y * cw + x] = clamp255 (yuv[2]);
    }
  }
  return ref;
}
