/* pooledconvert
 * Chroma siting: the sitings produced and the taps that make them; see
 * siting.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/siting.h"

gboolean
pc_siting_from_chroma_site (GstVideoChromaSite site, gboolean interlaced,
    PcSiting * siting)
{
  if (site == GST_VIDEO_CHROMA_SITE_UNKNOWN ||
      (site & ~GST_VIDEO_CHROMA_SITE_COSITED & ~GST_VIDEO_CHROMA_SITE_NONE))
    return FALSE;
  siting->h_cosited = (site & GST_VIDEO_CHROMA_SITE_H_COSITED) != 0;
  siting->v_cosited = (site & GST_VIDEO_CHROMA_SITE_V_COSITED) != 0;
  /* co-siting across the rows of two fields has no standard meaning */
  return !(interlaced && siting->v_cosited);
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

/* Chroma row j = 2k + f belongs to field f and sits at frame row
 * 2j + 1/2 = 4k + 2f + 1/2.  The rows of field f around it are 4k + f and
 * 4k + f + 2, two frame rows apart, at distances 1/2 and 3/2 (top field)
 * or 3/2 and 1/2 (bottom field); linear interpolation weighs each by one
 * minus its distance over two: 3/4 and 1/4, or 1/4 and 3/4. */
static void
interlaced_taps (guint height, guint row, PcTaps * taps)
{
  guint field = row & 1;
  guint first = 2 * row - field;        /* 4k + f */

  taps->index[0] = first;
  taps->index[1] = first + 2 <= height - 1 ? first + 2 : first;
  taps->weight[0] = field ? 1 : 3;
  taps->weight[1] = field ? 3 : 1;
  taps->n = 2;
  taps->shift = 2;
}

/* Subsampled samples k sit at 2k (co-sited) or 2k + 1/2 (centred), in
 * full-resolution units of their axis (of their field).  Output sample j
 * between input samples j - 1 and j (centred to co-sited: 2j lies 3/2 past
 * 2j - 2 + 1/2 and 1/2 before 2j + 1/2) weighs them 1/4 and 3/4; between
 * j and j + 1 (co-sited to centred) 3/4 and 1/4.  @step is 2 for the rows
 * of one field; @first the field's first row, @last the last valid index
 * (edges repeat the last sample of the field). */
static void
resite_taps (gboolean in_cosited, gboolean out_cosited, guint first,
    guint step, guint last, guint j, PcTaps * taps)
{
  guint last_of_grid = first + (last - first) / step * step;

  taps->index[0] = j;
  taps->weight[0] = 1;
  taps->n = 1;
  taps->shift = 0;
  if (in_cosited == out_cosited)
    return;
  taps->n = 2;
  taps->shift = 2;
  if (out_cosited) {
    taps->index[0] = j >= first + step ? j - step : j;
    taps->index[1] = j;
    taps->weight[0] = 1;
    taps->weight[1] = 3;
  } else {
    taps->index[0] = j;
    taps->index[1] = j + step <= last_of_grid ? j + step : j;
    taps->weight[0] = 3;
    taps->weight[1] = 1;
  }
}

void
pc_siting_row_taps (const PcSiting * in_siting, const PcSiting * siting,
    gboolean interlaced, guint height, guint row, PcTaps * taps)
{
  if (in_siting != NULL)
    resite_taps (in_siting->v_cosited, siting->v_cosited,
        interlaced ? row & 1 : 0, interlaced ? 2 : 1, height - 1, row, taps);
  else if (interlaced)
    interlaced_taps (height, row, taps);
  else
    progressive_taps (siting->v_cosited, height - 1, row, taps);
}

void
pc_siting_column_taps (const PcSiting * in_siting, const PcSiting * siting,
    guint width, guint column, PcTaps * taps)
{
  if (in_siting != NULL)
    resite_taps (in_siting->h_cosited, siting->h_cosited, 0, 1, width - 1,
        column, taps);
  else
    progressive_taps (siting->h_cosited, width - 1, column, taps);
}
