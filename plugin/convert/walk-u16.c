/* pooledconvert
 * 16-bit samples (10 bits in the low or the high bits) to 8 bits: the row
 * routines of the 10-bit walks, with co-sited rows and columns from the
 * siting's taps.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/walk.h"
#include "dsp/c/kernels-formats-c.h"
#include "dsp/c/kernels-siting-c.h"

/* 16-bit samples: sums at full precision, (sum + round) >> shift once,
 * rounding half up.  @extra: log2 of the samples summed. */
static inline gint
u16_round (const PcConvertPlan * plan, guint extra)
{
  return 1 << (plan->format->drop_bits + extra - 1);
}

static inline gint
u16_shift (const PcConvertPlan * plan, guint extra)
{
  return plan->format->drop_bits + extra;
}

static void
u16_luma_row (const PcConvertPlan * plan, guint8 * scratch, guint8 * d,
    const guint8 * s)
{
  plan->dsp->u16.u16_to_u8 (d, aligned_source (plan, scratch,
          s, 2 * plan->width, 2), u16_round (plan, 0), u16_shift (plan, 0),
      plan->width);
}

static void
u16_chroma_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  guint n = chroma_width (plan);

  plan->dsp->u16.u16_to_u8 (a, aligned_source (plan,
          scratch->row[0], s1, 2 * n, 2), u16_round (plan, 0),
      u16_shift (plan, 0), n);
}

static void
u16_split_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  guint n = chroma_width (plan);

  plan->dsp->u16.u16_uv_deinterleave_to_u8 (a, b,
      aligned_source (plan, scratch->row[0], s1, 4 * n, 4),
      u16_round (plan, 0), u16_shift (plan, 0), n);
}

static void
u16_avg_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  guint n = chroma_width (plan);

  plan->dsp->u16.u16_avg_v_to_u8 (a,
      aligned_source (plan, scratch->row[0], s1, 2 * n, 2),
      aligned_source (plan, scratch->row[1], s2, 2 * n, 2),
      u16_round (plan, 1), u16_shift (plan, 1), n);
}

static void
u16_box_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  gint round = u16_round (plan, 2), shift = u16_shift (plan, 2);
  guint n = plan->full_pairs;

  if (n > 0)
    plan->dsp->u16.u16_box_2x2_to_u8 (a,
        aligned_source (plan, scratch->row[0], s1, 4 * n, 4),
        aligned_source (plan, scratch->row[1], s2, 4 * n, 4), round, shift, n);
  if (plan->width & 1) {
    guint8 top[4], bottom[4];

    repeat_last_pixel (top, s1, plan->width, 2);
    repeat_last_pixel (bottom, s2, plan->width, 2);
    pc_u16_box_2x2_to_u8_c (a + n, top, bottom, round, shift, 1);
  }
}

/* ---- 10-bit chroma in the sitings the box and average kernels do not
 * make: the rows of the siting's taps, weighted, the columns [1 2 1]
 * (co-sited) or paired (centred) for 4:4:4 and kept for 4:2:2, one
 * rounding over both (kernels-siting-c.h) -------------------------------- */

/* Chroma sample @at from copies of columns @first .. @first + 2 of each
 * row (clamped to the frame, so edges repeat), the kernel reading from
 * column @first + @offset. */
static void
u16_edge_sample (const PcConvertPlan * plan, PcU16RowsFunc kernel,
    guint8 * d, const guint8 * const rows[3], const int w[3], int round,
    int shift, gint first, guint offset, guint at)
{
  guint8 copies[3][6];
  const guint8 *r[3];
  guint k, j;

  for (k = 0; k < 3; k++) {
    for (j = 0; j < 3; j++) {
      gint column = CLAMP (first + (gint) j, 0, (gint) plan->width - 1);

      memcpy (copies[k] + 2 * j, rows[k] + 2 * column, 2);
    }
    r[k] = copies[k] + 2 * offset;
  }
  kernel (d + at, r, w, round, shift, 1);
}

void
pc_walk_u16_taps_row (const PcConvertPlan * plan, guint8 * d,
    const guint8 * const rows[3], const PcTaps * taps)
{
  gboolean full_width = plan->format->layout == PC_LAYOUT_PLANAR_444_16;
  gboolean cosited = full_width && plan->siting.h_cosited;
  guint columns_shift = full_width ? (cosited ? 2 : 1) : 0;
  gint round = u16_round (plan, columns_shift + taps->shift);
  gint shift = u16_shift (plan, columns_shift + taps->shift);
  guint n = plan->full_pairs, k;
  int w[3];

  for (k = 0; k < 3; k++)
    w[k] = k < taps->n ? (int) taps->weight[k] : 0;

  if (!full_width) {
    pc_u16_rows_to_u8_c (d, rows, w, round, shift, chroma_width (plan));
  } else if (cosited) {
    /* column 0 and an odd last column on copies, the rest in place from
     * pair 1 on (each reads the sample before its pair) */
    const guint8 *from_pair1[3] = { rows[0] + 4, rows[1] + 4, rows[2] + 4 };

    u16_edge_sample (plan, pc_u16_rows_cosited_h_to_u8_c, d, rows, w, round,
        shift, -1, 1, 0);
    if (n > 1)
      plan->dsp->cosited.u16_rows_cosited_h_to_u8 (d + 1, from_pair1, w,
          round, shift, n - 1);
    if ((plan->width & 1) && n > 0)
      u16_edge_sample (plan, pc_u16_rows_cosited_h_to_u8_c, d, rows, w,
          round, shift, 2 * n - 1, 1, n);
  } else {
    pc_u16_rows_box_h_to_u8_c (d, rows, w, round, shift, n);
    if (plan->width & 1)
      u16_edge_sample (plan, pc_u16_rows_box_h_to_u8_c, d, rows, w, round,
          shift, 2 * n, 0, n);
  }
}

/* Co-sited columns, centred rows: the pair @s1, @s2. */
static void
u16_cosited_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  static const PcTaps pair = { {0, 1, 1}, {1, 1, 0}, 2, 1 };
  const guint8 *rows[3] = { s1, s2, s2 };

  pc_walk_u16_taps_row (plan, a, rows, &pair);
}

const PcRowWalk pc_rows_planar_420_16 = { u16_luma_row, u16_chroma_row,
  TRUE
};

const PcRowWalk pc_rows_semi_planar_420_16 = { u16_luma_row, u16_split_row,
  TRUE
};
const PcRowWalk pc_rows_planar_422_16 = { u16_luma_row, u16_avg_row, FALSE };

const PcRowWalk pc_rows_planar_444_16 = { u16_luma_row, u16_box_row, FALSE,
  u16_cosited_row
};
