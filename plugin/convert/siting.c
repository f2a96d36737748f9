/* pooledconvert
 * Chroma siting: the sitings produced and the taps that make them; see
 * siting.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/siting.h"

gboolean
pc_siting_from_chroma_site (GstVideoChromaSite site, PcSiting * siting)
{
  if (site == GST_VIDEO_CHROMA_SITE_UNKNOWN ||
      (site & ~GST_VIDEO_CHROMA_SITE_COSITED & ~GST_VIDEO_CHROMA_SITE_NONE))
    return FALSE;
  siting->h_cosited = (site & GST_VIDEO_CHROMA_SITE_H_COSITED) != 0;
  siting->v_cosited = (site & GST_VIDEO_CHROMA_SITE_V_COSITED) != 0;
  return TRUE;
}

GstVideoChromaSite
pc_siting_default_for_size (gint width, gint height)
{
  GstVideoInfo info;

  if (!gst_video_info_set_format (&info, GST_VIDEO_FORMAT_I420, width, height))
    return GST_VIDEO_CHROMA_SITE_NONE;
  return GST_VIDEO_INFO_CHROMA_SITE (&info);
}

/* Centred: the two samples the chroma sits between; co-sited: [1 2 1]
 * around sample 2k.  @last is the last valid index (edges repeat). */
static void
progressive_taps (gboolean cosited, guint last, guint k, PcTaps * taps)
{
  guint centre = MIN (2 * k, last);

  if (cosited) {
    taps->index[0] = centre > 0 ? centre - 1 : 0;
    taps->index[1] = centre;
    taps->index[2] = MIN (centre + 1, last);
    taps->weight[0] = 1;
    taps->weight[1] = 2;
    taps->weight[2] = 1;
    taps->n = 3;
    taps->shift = 2;
  } else {
    taps->index[0] = centre;
    taps->index[1] = MIN (centre + 1, last);
    taps->weight[0] = 1;
    taps->weight[1] = 1;
    taps->n = 2;
    taps->shift = 1;
  }
}

/* Chroma row j = 2k + f belongs to field f, whose rows are frame rows
 * f, f + 2, ...  Centred, it sits at frame row 2j + 1/2 = 4k + 2f + 1/2
 * (MPEG-2's interlaced 4:2:0): the rows of field f around it are 4k + f
 * and 4k + f + 2, at distances 1/2 and 3/2 (top field) or 3/2 and 1/2
 * (bottom field); linear interpolation weighs each by one minus its
 * distance over two: 3/4 and 1/4, or 1/4 and 3/4.  Co-sited, it sits on
 * the field's row 2k, frame row 4k + f, and takes [1 2 1] over the
 * field's rows 2k - 1, 2k, 2k + 1: the progressive rule on the field's
 * rows.  Edges repeat the field's last row. */
static void
interlaced_taps (gboolean cosited, guint height, guint row, PcTaps * taps)
{
  guint field = row & 1;
  guint on = 2 * row - field;   /* 4k + f */
  guint below = on + 2 <= height - 1 ? on + 2 : on;

  if (cosited) {
    taps->index[0] = on >= field + 2 ? on - 2 : on;
    taps->index[1] = on;
    taps->index[2] = below;
    taps->weight[0] = 1;
    taps->weight[1] = 2;
    taps->weight[2] = 1;
    taps->n = 3;
    taps->shift = 2;
    return;
  }
  taps->index[0] = on;
  taps->index[1] = below;
  taps->weight[0] = field ? 1 : 3;
  taps->weight[1] = field ? 3 : 1;
  taps->n = 2;
  taps->shift = 2;
}

/* Where a subsampled sample sits past the grid point of its index, in
 * eighths of the spacing of its grid: along a progressive axis samples k
 * sit at 2k + 1/2 (centred) or 2k (co-sited) in full-resolution units, a
 * quarter of the spacing of 2 or none; the chroma rows of one field are
 * two field rows apart, and a centred one sits 1/4 (top field) or 3/4
 * (bottom field) of a field row past the field's row 2k (see
 * interlaced_taps), a co-sited one on it. */
static gint
eighths_past_grid (gboolean cosited, gboolean in_field, guint field)
{
  if (cosited)
    return 0;
  return in_field ? 1 + 2 * (gint) field : 2;
}

/* Output sample j, in its own siting, is the linear interpolation between
 * the two input samples around it (in the input's siting): input samples
 * j - step and j when the output sits before input sample j, j and
 * j + step when past it, weighed by one minus their distance over the
 * spacing.  In eighths: 1/4 and 3/4 (2 and 6) for progressive axes, 1/8
 * and 7/8 or 3/8 and 5/8 for the rows of a field, brought to the lowest
 * power of two.  @step is 2 for the rows of one field; @first the field's
 * first row, @last the last valid index (edges repeat the last sample of
 * the field). */
static void
resite_taps (gboolean in_cosited, gboolean out_cosited, gboolean in_field,
    guint first, guint step, guint last, guint j, PcTaps * taps)
{
  guint last_of_grid = first + (last - first) / step * step;
  gint offset = eighths_past_grid (out_cosited, in_field, first) -
      eighths_past_grid (in_cosited, in_field, first);

  taps->index[0] = j;
  taps->weight[0] = 1;
  taps->n = 1;
  taps->shift = 0;
  if (offset == 0)
    return;
  taps->n = 2;
  taps->shift = 3;
  if (offset < 0) {
    taps->index[0] = j >= first + step ? j - step : j;
    taps->index[1] = j;
    taps->weight[0] = -offset;
    taps->weight[1] = 8 + offset;
  } else {
    taps->index[0] = j;
    taps->index[1] = j + step <= last_of_grid ? j + step : j;
    taps->weight[0] = 8 - offset;
    taps->weight[1] = offset;
  }
  while (taps->shift > 0 && taps->weight[0] % 2 == 0 &&
      taps->weight[1] % 2 == 0) {
    taps->weight[0] /= 2;
    taps->weight[1] /= 2;
    taps->shift--;
  }
}

void
pc_siting_row_taps (const PcSiting * in_siting, const PcSiting * siting,
    gboolean interlaced, guint height, guint row, PcTaps * taps)
{
  if (in_siting != NULL)
    resite_taps (in_siting->v_cosited, siting->v_cosited, interlaced,
        interlaced ? row & 1 : 0, interlaced ? 2 : 1, height - 1, row, taps);
  else if (interlaced)
    interlaced_taps (siting->v_cosited, height, row, taps);
  else
    progressive_taps (siting->v_cosited, height - 1, row, taps);
}

void
pc_siting_column_taps (const PcSiting * in_siting, const PcSiting * siting,
    guint width, guint column, PcTaps * taps)
{
  if (in_siting != NULL)
    resite_taps (in_siting->h_cosited, siting->h_cosited, FALSE, 0, 1,
        width - 1, column, taps);
  else
    progressive_taps (siting->h_cosited, width - 1, column, taps);
}
