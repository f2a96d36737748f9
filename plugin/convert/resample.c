/* pooledconvert
 * The general conversion path; see resample.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "convert/resample.h"

/* One input component: its samples, and how it is subsampled. */
typedef struct
{
  const guint8 *data;
  gint stride;
  gint pstride;
  guint w_sub;
  guint h_sub;
} Component;

/* The samples and strides come from @frame (its video meta, if any); how
 * they are laid out from the caps' format. */
static void
component_init (Component * comp, const PcResample * resample,
    const GstVideoFrame * frame, guint c)
{
  comp->data = GST_VIDEO_FRAME_COMP_DATA (frame, c);
  comp->stride = GST_VIDEO_FRAME_COMP_STRIDE (frame, c);
  comp->pstride = GST_VIDEO_FORMAT_INFO_PSTRIDE (resample->finfo, c);
  comp->w_sub = GST_VIDEO_FORMAT_INFO_W_SUB (resample->finfo, c);
  comp->h_sub = GST_VIDEO_FORMAT_INFO_H_SUB (resample->finfo, c);
}

static inline gint
component_at (const Component * comp, guint x, guint y)
{
  return comp->data[(gsize) y * comp->stride + (gsize) x * comp->pstride];
}

/* Column @i of one full-resolution row through the column taps. */
static inline gint
tapped (const guint8 * p, gint ps, const PcTaps * columns)
{
  gint sum = 0;
  guint b;

  for (b = 0; b < columns->n; b++)
    sum += columns->weight[b] * p[columns->index[b] * ps];
  return sum;
}

/* Adds @weight times one input row of @comp, filtered to the output chroma
 * columns, to @acc.  The interior columns have regular taps and go through
 * a plain loop; the edge columns take their taps from siting.c. */
static void
add_row (gint * acc, const Component * comp, const guint8 * p,
    const PcSiting * siting, guint width, guint chroma_width, gint weight)
{
  gint ps = comp->pstride;
  guint i, first, end;
  PcTaps columns;

  pc_siting_column_taps (siting, width, 0, &columns);
  if (comp->w_sub) {
    /* already at the chroma columns: weigh like a full set of taps */
    weight <<= columns.shift;
    for (i = 0; i < chroma_width; i++)
      acc[i] += weight * p[i * ps];
    return;
  }

  /* interior: pairs (2i, 2i + 1), and 2i - 1 when co-sited */
  first = siting->h_cosited ? 1 : 0;
  end = width / 2;
  if (siting->h_cosited)
    for (i = first; i < end; i++)
      acc[i] += weight * (p[(2 * i - 1) * ps] + 2 * p[2 * i * ps] +
          p[(2 * i + 1) * ps]);
  else
    for (i = first; i < end; i++)
      acc[i] += weight * (p[2 * i * ps] + p[(2 * i + 1) * ps]);

  for (i = 0; i < chroma_width; i++) {
    if (i == first && i < end) {
      i = end - 1;              /* skip the interior */
      continue;
    }
    pc_siting_column_taps (siting, width, i, &columns);
    acc[i] += weight * tapped (p, ps, &columns);
  }
}

void
pc_resample_init (PcResample * resample, const GstVideoInfo * in,
    const PcSiting * siting, const PcMatrix3 * matrix)
{
  resample->finfo = in->finfo;
  resample->width = GST_VIDEO_INFO_WIDTH (in);
  resample->height = GST_VIDEO_INFO_HEIGHT (in);
  resample->in_chroma_height = GST_VIDEO_INFO_COMP_HEIGHT (in, 1);
  resample->out_chroma_width = (resample->width + 1) / 2;
  resample->siting = *siting;
  resample->matrix = *matrix;
  resample->chroma_reads_first = matrix->m[1][0] != 0 || matrix->m[2][0] != 0;
  resample->keeps_values = pc_matrix3_is_identity (matrix);
}

void
pc_resample_chroma_row (const PcResample * resample,
    const GstVideoFrame * in, GstVideoFrame * out, guint row,
    gboolean interlaced, gint * sums)
{
  guint width = resample->width;
  guint chroma_width = resample->out_chroma_width;
  guint8 *u = (guint8 *) GST_VIDEO_FRAME_COMP_DATA (out, 1) +
      (gsize) row * GST_VIDEO_FRAME_COMP_STRIDE (out, 1);
  guint8 *v = (guint8 *) GST_VIDEO_FRAME_COMP_DATA (out, 2) +
      (gsize) row * GST_VIDEO_FRAME_COMP_STRIDE (out, 2);
  gint *acc[3] = { sums, sums + chroma_width, sums + 2 * chroma_width };
  Component comp[3];
  PcTaps rows, columns;
  guint c, a, i, shift;

  pc_siting_row_taps (&resample->siting, interlaced, resample->height, row,
      &rows);
  pc_siting_column_taps (&resample->siting, width, 0, &columns);
  shift = rows.shift + columns.shift;

  memset (sums, 0, 3 * chroma_width * sizeof (gint));
  for (c = resample->chroma_reads_first ? 0 : 1; c < 3; c++) {
    component_init (&comp[c], resample, in, c);
    if (comp[c].h_sub) {
      /* 4:2:0 chroma already sits at the output position */
      const guint8 *p = comp[c].data + (gsize) row * comp[c].stride;

      for (i = 0; i < chroma_width; i++)
        acc[c][i] = p[i * comp[c].pstride] << shift;
      continue;
    }
    for (a = 0; a < rows.n; a++)
      add_row (acc[c], &comp[c], comp[c].data +
          (gsize) rows.index[a] * comp[c].stride, &resample->siting, width,
          chroma_width, rows.weight[a]);
  }

  if (resample->keeps_values) {
    /* what the matrix would give, without its products */
    gint half = 1 << (shift - 1);

    for (i = 0; i < chroma_width; i++) {
      u[i] = (acc[1][i] + half) >> shift;
      v[i] = (acc[2][i] + half) >> shift;
    }
    return;
  }
  for (i = 0; i < chroma_width; i++) {
    u[i] = pc_matrix3_apply (&resample->matrix, 1, acc[0][i], acc[1][i],
        acc[2][i], shift);
    v[i] = pc_matrix3_apply (&resample->matrix, 2, acc[0][i], acc[1][i],
        acc[2][i], shift);
  }
}

/* The chroma row that holds the chroma of luma row @row. */
static guint
chroma_row_of (const Component * comp, guint row, gboolean interlaced,
    guint chroma_height)
{
  guint chroma_row;

  if (!comp->h_sub)
    return row;
  /* field f, field row r: chroma field row r / 2, frame chroma row
   * 2 (r / 2) + f */
  chroma_row = interlaced ? ((row >> 2) << 1) | (row & 1) : row >> 1;
  return MIN (chroma_row, chroma_height - 1);
}

void
pc_resample_luma_row (const PcResample * resample, const GstVideoFrame * in,
    GstVideoFrame * out, guint row, gboolean interlaced)
{
  guint width = resample->width;
  guint8 *y = (guint8 *) GST_VIDEO_FRAME_COMP_DATA (out, 0) +
      (gsize) row * GST_VIDEO_FRAME_COMP_STRIDE (out, 0);
  Component comp[3];
  guint c, x, chroma_row;

  for (c = 0; c < 3; c++)
    component_init (&comp[c], resample, in, c);
  chroma_row = chroma_row_of (&comp[1], row, interlaced,
      resample->in_chroma_height);

  for (x = 0; x < width; x++) {
    guint chroma_x = x >> comp[1].w_sub;

    y[x] = pc_matrix3_apply (&resample->matrix, 0,
        component_at (&comp[0], x, row),
        component_at (&comp[1], chroma_x, chroma_row),
        component_at (&comp[2], chroma_x, chroma_row), 0);
  }
}
