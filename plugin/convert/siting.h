/* pooledconvert
 * Where the output chroma samples sit, and which input samples (with which
 * integer weights) make each of them.
 *
 * A 4:2:0 chroma sample sits, horizontally, either between luma columns 2i
 * and 2i + 1 (centred: a box over the two) or on column 2i (co-sited: the
 * [1 2 1] / 4 filter over columns 2i - 1, 2i, 2i + 1); vertically likewise
 * for progressive frames.  In an interlaced frame chroma row j = 2k + f
 * belongs to field f: centred, it sits at frame row 2j + 1/2, as in
 * progressive frames (MPEG-2's interlaced 4:2:0), and is interpolated from
 * the two rows of its own field around that position; co-sited, it sits
 * on the field's row 2k and takes [1 2 1] over the field's rows (the
 * progressive rule on the rows of one field).  Edges repeat the last
 * sample (of the field).
 *
 * Subsampled input chroma that sits elsewhere is re-sited: linear
 * interpolation at the output position between the two nearest input
 * chroma samples (of the same field), each input sample sitting where the
 * input's siting says, by the same rules.
 */

#ifndef __PC_SITING_H__
#define __PC_SITING_H__

#include <gst/video/video.h>

G_BEGIN_DECLS typedef struct
{
  gboolean h_cosited;
  gboolean v_cosited;
} PcSiting;

/* Up to three source rows (or columns) and their weights; the weights sum
 * to 1 << shift. */
typedef struct
{
  guint index[3];
  guint weight[3];
  guint n;
  guint shift;
} PcTaps;

/* The siting @site names, when it is one this element produces: jpeg,
 * mpeg2, v-cosited or cosited, in progressive and interlaced frames alike.
 * FALSE for alternate-line sitings (dv) and unknown ones. */
gboolean pc_siting_from_chroma_site (GstVideoChromaSite site,
    PcSiting * siting);

/* The siting GStreamer assumes for I420 of this size (what a GstVideoInfo
 * set to it holds): mpeg2 above 576 lines, jpeg otherwise. */
GstVideoChromaSite pc_siting_default_for_size (gint width, gint height);

/* Source rows of output chroma row @row, sited as @siting.  When
 * @in_siting is NULL the source rows are full-resolution rows (frame rows,
 * @height of them); otherwise they are input chroma rows sited as
 * @in_siting, @height of them, one per output row: re-siting weighs the
 * two nearest rows (of the same field) by their distances, and an
 * unchanged siting takes the row as it is. */
void pc_siting_row_taps (const PcSiting * in_siting, const PcSiting * siting,
    gboolean interlaced, guint height, guint row, PcTaps * taps);

/* Source columns of output chroma column @column; @in_siting as for the
 * rows (NULL: full-resolution columns, @width of them). */
void pc_siting_column_taps (const PcSiting * in_siting,
    const PcSiting * siting, guint width, guint column, PcTaps * taps);

G_END_DECLS
#endif /* __PC_SITING_H__ */
