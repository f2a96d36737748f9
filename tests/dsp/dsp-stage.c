/* pooledconvert tests
 * Descriptors of the stage family (the general walk's stages over 16-bit
 * working rows): how each is called and what its C twin must give.  The
 * sources are random bytes, so the 16-bit rows hold any value; the
 * parameter sets keep the matrix sums inside 32 bits as the contract asks.
 */

#include <string.h>

#include "checkdsp.h"

/* ---- calls --------------------------------------------------------------- */

/* The kernels take 16-bit rows, aligned as the walk's scratch is: a row
 * the runner put at an odd offset is taken from an aligned copy (and a
 * destination written through one), so the checks of over-reads hold for
 * the others. */
typedef struct
{
  const gint16 *row;
  gpointer copy;
} Aligned;

static const gint16 *
aligned_in (Aligned * a, const guint8 * s, gsize bytes)
{
  a->copy = NULL;
  if (((guintptr) s & 1) == 0)
    return a->row = (const gint16 *) s;
  a->copy = g_memdup2 (s, bytes);
  return a->row = a->copy;
}

/* The three working rows of a matrix kernel, each aligned as aligned_in
 * makes it, and their release. */
static void
aligned_in3 (Aligned in[3], const guint8 ** s, gint n)
{
  guint c;

  for (c = 0; c < 3; c++)
    aligned_in (&in[c], s[c], 2 * (gsize) n);
}

static void
aligned_free3 (Aligned in[3])
{
  guint c;

  for (c = 0; c < 3; c++)
    g_free (in[c].copy);
}

static gint16 *
aligned_out (guint8 * d, gsize bytes, gpointer * copy)
{
  *copy = NULL;
  if (((guintptr) d & 1) == 0)
    return (gint16 *) d;
  return *copy = g_malloc (bytes);
}

static void
aligned_out_done (guint8 * d, gsize bytes, gpointer copy)
{
  if (copy != NULL)
    memcpy (d, copy, bytes);
  g_free (copy);
}

static void
call_stage_rows (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  gpointer copy;
  gint16 *out = aligned_out (d[0], 2 * n, &copy);

  k->stage.stage_rows (out, s, p, n);
  aligned_out_done (d[0], 2 * n, copy);
}

/* the 16-bit rows at any alignment, as the walk reads a frame's planes */
static void
call_stage_rows16 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  gpointer copy;
  gint16 *out = aligned_out (d[0], 2 * n, &copy);

  k->stage.stage_rows16 (out, s, p, p[3], n);
  aligned_out_done (d[0], 2 * n, copy);
}

/* A kernel from one 16-bit row of @in_bytes to @n 16-bit samples: its
 * rows, aligned (rows_open), and their release (rows_close). */
static gint16 *
rows_open (guint8 * d, const guint8 * s, gsize in_bytes, gint n, Aligned * in,
    gpointer * copy)
{
  aligned_in (in, s, in_bytes);
  return aligned_out (d, 2 * n, copy);
}

static void
rows_close (guint8 * d, gint n, Aligned * in, gpointer copy)
{
  g_free (in->copy);
  aligned_out_done (d, 2 * n, copy);
}

/* the taps read 2 n samples after the lead (the co-sited one, the sample
 * before them, in the lead) */
static void
call_taps (PcStageTapsFunc taps, guint8 ** d, const guint8 ** s, gint lead,
    gint n)
{
  gpointer copy;
  Aligned in;
  gint16 *out = rows_open (d[0], s[0], 4 * (gsize) n + lead, n, &in, &copy);

  taps (out, in.row + lead / 2, n);
  rows_close (d[0], n, &in, copy);
}

static void
call_stage_taps_box (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  call_taps (k->stage.stage_taps_box, d, s, 0, n);
}

static void
call_stage_taps_cosited (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  call_taps (k->stage.stage_taps_cosited, d, s, 2, n);
}

/* the pair reads n samples after the lead, and the one before them in
 * it */
static void
call_stage_taps_pair (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  gpointer copy;
  Aligned in;
  gint16 *out = rows_open (d[0], s[0], 2 * (gsize) n + 2, n, &in, &copy);

  k->stage.stage_taps_pair (out, in.row + 1, p[0], p[1], n);
  rows_close (d[0], n, &in, copy);
}

static void
call_stage_pick (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  gpointer copy;
  Aligned in;
  gint16 *out = rows_open (d[0], s[0], 8 * (gsize) n, n, &in, &copy);

  k->stage.stage_pick (out, in.row, p[0], p[1], p[2], n);
  rows_close (d[0], n, &in, copy);
}

static void
call_stage_matrix (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  Aligned in[3];

  aligned_in3 (in, s, n);
  k->stage.stage_matrix (d[0], in[0].row, in[1].row, in[2].row, p[0], p[1],
      p[2], p[3], p[4], n);
  aligned_free3 (in);
}

static void
call_stage_matrix_pairs (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  Aligned in[3];

  aligned_in3 (in, s, n);
  k->stage.stage_matrix_pairs (d[0], in[0].row, in[1].row, in[2].row, p[0],
      p[1], p[2], p[3], p[5], p[6], p[7], p[8], p[4], n);
  aligned_free3 (in);
}

static void
call_stage_round (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  Aligned in;

  aligned_in (&in, s[0], 2 * (gsize) n);
  k->stage.stage_round (d[0], in.row, p[0], n);
  g_free (in.copy);
}

static void
call_stage_matrix_10 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  Aligned in[3];

  aligned_in3 (in, s, n);
  k->stage.stage_matrix_10 (d[0], in[0].row, in[1].row, in[2].row, p[0],
      p[1], p[2], p[3], p[4], p[5], n);
  aligned_free3 (in);
}

static void
call_stage_round_10 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  Aligned in;

  aligned_in (&in, s[0], 2 * (gsize) n);
  k->stage.stage_round_10 (d[0], in.row, p[0], p[1], n);
  g_free (in.copy);
}

static void
call_stage_keep_10 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->stage.stage_keep_10 (d[0], s[0], p[0], p[1], p[2], n);
}

static void
call_stage_widen_10 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->stage.stage_widen_10 (d[0], s[0], p[0], p[1], n);
}

/* the pattern of the dither kernels: p[5] (matrix) or p[1] (round)
 * picks a row of this table */
static const guint8 dither_patterns[][4] = {
  {0, 8, 2, 10}, {15, 7, 13, 5}, {0, 0, 0, 0}, {15, 15, 15, 15},
};

static void
call_stage_matrix_dither (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  Aligned in[3];

  aligned_in3 (in, s, n);
  k->stage.stage_matrix_dither (d[0], in[0].row, in[1].row, in[2].row, p[0],
      p[1], p[2], p[3], p[4], dither_patterns[p[5]], n);
  aligned_free3 (in);
}

static void
call_stage_round_dither (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  Aligned in;

  aligned_in (&in, s[0], 2 * (gsize) n);
  k->stage.stage_round_dither (d[0], in.row, p[0], dither_patterns[p[1]], n);
  g_free (in.copy);
}

/* Where a matrix layout's components lie: in three source rows; u and v
 * side by side in the second (NV12; NV21, v first), one load a pair for
 * the vector rungs; or the bytes of packed 4:2:2 pixel pairs in the first
 * (luma at 0 and 2, u, v at 1, 3: YUY2; 1, 3 and 0, 2: UYVY; v first:
 * YVYU), a shuffle of one load for them. */
enum
{
  SEPARATE,
  UV_PAIRED,
  VU_PAIRED,
  PACKED_YUYV,
  PACKED_UYVY,
  PACKED_YVYU,
  PACKED_AYUV,
  PACKED_VUYA,
};

/* The luma, u and v rows of layout @where, samples @bytes wide */
static void
matrix_sources (gint where, const guint8 ** s, gint bytes,
    const guint8 * yuv[3])
{
  static const gint packed[][3] = { {0, 1, 3}, {1, 0, 2}, {0, 3, 1},
  {1, 2, 3}, {2, 1, 0}
  };

  yuv[0] = s[0];
  yuv[1] = s[1];
  yuv[2] = s[2];
  if (where == UV_PAIRED)
    yuv[2] = s[1] + bytes;
  else if (where == VU_PAIRED) {
    yuv[1] = s[1] + bytes;
    yuv[2] = s[1];
  } else if (where >= PACKED_YUYV) {
    const gint *at = packed[where - PACKED_YUYV];

    yuv[0] = s[0] + at[0];
    yuv[1] = s[0] + at[1];
    yuv[2] = s[0] + at[2];
  }
}

/* the layouts of a luma row the matrix of bytes is tested with: luma
 * stride, chroma stride, chroma subsampling, where the components lie;
 * p[0] of its parameters picks one */
static const gint byte_layouts[][4] = {
  {1, 1, 0},                    /* planar 4:4:4 */
  {1, 1, 1},                    /* planar 4:2:2, 4:2:0 */
  {1, 2, 1},                    /* semi-planar 4:2:0, 4:2:2, strided */
  {1, 2, 1, UV_PAIRED},         /* NV12, NV16 */
  {1, 2, 1, VU_PAIRED},         /* NV21, NV61 */
  {1, 2, 0},                    /* semi-planar 4:4:4, strided */
  {1, 2, 0, UV_PAIRED},         /* NV24, and NV12's chroma rows */
  {2, 2, 0, UV_PAIRED},         /* luma at stride 2: NV12's chroma rows
                                 * as stages.c passes them (m0 = 0) */
  {1, 2, 0, VU_PAIRED},         /* NV42 */
  {2, 4, 1},                    /* packed 4:2:2, strided */
  {2, 4, 1, PACKED_YUYV},       /* YUY2 */
  {2, 4, 1, PACKED_UYVY},       /* UYVY */
  {2, 4, 1, PACKED_YVYU},       /* YVYU */
  {4, 4, 0},                    /* packed 4:4:4, strided */
  {4, 4, 0, PACKED_AYUV},       /* AYUV */
  {4, 4, 0, PACKED_VUYA},       /* VUYA */
  {3, 3, 0},                    /* v308: the twin alone */
  {1, 1, 2},                    /* 4:1:1: the twin alone */
};

static void
call_stage_matrix_bytes (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const gint *layout = byte_layouts[p[0]];
  const guint8 *yuv[3];

  matrix_sources (layout[3], s, 1, yuv);
  k->stage.stage_matrix_bytes (d[0], yuv[0], yuv[1], yuv[2], layout[0],
      layout[1], layout[2], p[1], p[2], p[3], p[4], p[5], n);
}

/* the layouts of chroma the steps are tested with: chroma stride, where
 * the components lie (SEPARATE, UV_PAIRED or VU_PAIRED, in the first
 * source); p[0] picks one */
static const gint steps_layouts[][2] = {
  {1, SEPARATE},                /* planar */
  {2, UV_PAIRED},               /* NV12 */
  {2, VU_PAIRED},               /* NV21 */
  {2, SEPARATE},                /* strided: the twin alone */
};

/* the u and v rows of steps_layouts[@l] */
static void
steps_sources (gint l, const guint8 ** s, const guint8 ** u, const guint8 ** v)
{
  *u = s[0];
  *v = s[1];
  if (steps_layouts[l][1] == UV_PAIRED)
    *v = s[0] + 1;
  else if (steps_layouts[l][1] == VU_PAIRED) {
    *u = s[0] + 1;
    *v = s[0];
  }
}

static void
call_stage_chroma_steps (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const guint8 *u, *v;

  steps_sources (p[0], s, &u, &v);
  k->stage.stage_chroma_steps (d[0], d[1], u, v, steps_layouts[p[0]][0],
      p[1], p[2], p[3], p[4], n);
}

/* sources 0 and 1 the luma rows, from 2 on the chroma of
 * steps_layouts[p[0]]; p[1..4] the luma row (m0, m1, m2, bias),
 * p[5..7] and p[8..10] the U and V rows', p[11] the shift */
static void
call_stage_block_matrix (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const guint8 *u, *v;

  steps_sources (p[0], s + 2, &u, &v);
  k->stage.stage_block_matrix (d, d[2], d[3], s, u, v, steps_layouts[p[0]][0],
      p + 1, p + 5, p + 8, p[11], n);
}

/* p as resite_params (): the pairs' rows, 2 bytes a pair in the lead */
static void
call_stage_resite_pairs (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const guint8 *rows[3] = { s[0] + 2, s[1] + 2, s[2] + 2 };

  k->stage.stage_resite_pairs (d[0], d[1], rows, p, p[3], p[4], p[5], n);
}

/* p as resite_pairs16_params (): the rows of 16-bit pairs, one pair in
 * the lead */
static void
call_stage_resite_pairs16 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const guint8 *rows[3] = { s[0] + 4, s[1] + 4, s[2] + 4 };

  k->stage.stage_resite_pairs16 (d[0], d[1], rows, p, p[6], p[3], p[4], p[5],
      n);
}

/* p as resite_pairs16_params (): the rows of 16-bit planar chroma, one
 * word in the lead */
static void
call_stage_resite_words (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const guint8 *rows[3] = { s[0] + 2, s[1] + 2, s[2] + 2 };

  k->stage.stage_resite_words (d[0], rows, p, p[6], p[3], p[4], p[5], n);
}

static void
call_stage_add_steps (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->stage.stage_add_steps (d[0], s[0], s[1], s[2], n);
}

/* the same for the matrix of 16-bit words, strides in words; the last,
 * 4 words a pixel, runs with sources of 8 bytes an output, the others with
 * 4 (element_for_stage_matrix_words) */
static const gint word_layouts[][4] = {
  {1, 1, 0},                    /* Y444_10LE */
  {1, 1, 1},                    /* I420_10LE, I422_10LE */
  {1, 2, 1},                    /* semi-planar 4:2:0, strided */
  {1, 2, 1, UV_PAIRED},         /* P010_10LE */
  {1, 2, 1, VU_PAIRED},         /* v before u */
  {1, 2, 0},                    /* semi-planar 4:4:4, strided */
  {1, 2, 0, UV_PAIRED},         /* P010_10LE's chroma rows */
  {2, 4, 1},                    /* Y210: the twin alone */
  {4, 4, 0},                    /* AYUV64, ARGB64, RGBA64_LE */
};


static void
call_stage_matrix_words (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const gint *layout = word_layouts[p[0]];
  const guint8 *yuv[3];

  matrix_sources (layout[3], s, 2, yuv);
  k->stage.stage_matrix_words (d[0], yuv[0], yuv[1], yuv[2], layout[0],
      layout[1], layout[2], p[1], p[2], p[3], p[4], p[5], p[6], n);
}

static void
call_stage_rows16_strided (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  gpointer copy;
  gint16 *out = aligned_out (d[0], 2 * n, &copy);

  k->stage.stage_rows16_strided (out, s, p, p[3], p[4], n);
  aligned_out_done (d[0], 2 * n, copy);
}

static void
call_stage_rows_strided (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  gpointer copy;
  gint16 *out = aligned_out (d[0], 2 * n, &copy);

  k->stage.stage_rows_strided (out, s, p, p[3], n);
  aligned_out_done (d[0], 2 * n, copy);
}

/* p[0..2] the row weights, p[3] the pixel's bytes, p[4..6] the bytes of
 * the three channels in it */
static void
call_stage_rows_pixels (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  gpointer copy[3];
  gint16 *out[3];
  guint c;

  for (c = 0; c < 3; c++)
    out[c] = aligned_out (d[c], 2 * n, &copy[c]);
  k->stage.stage_rows_pixels (out, s, p, p + 4, p[3], n);
  for (c = 0; c < 3; c++)
    aligned_out_done (d[c], 2 * n, copy[c]);
}

/* p[0..2] the row weights, p[3] and p[4] the bytes of U and V in a
 * 4-byte group, p[5..7] and p[8..10] the terms and bias of U's and V's
 * matrix rows, p[11] the shift */
static void
call_stage_matrix_packed_uv (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->stage.stage_matrix_packed_uv (d[0], d[1], s, p, p[3], p[4], p[5], p[6],
      p[7], p[8], p[9], p[10], p[11], n);
}

/* every row reads one sample before the first output's, in the lead;
 * p[0..2] the row weights, p[3] and p[4] the column pair's, p[5] the
 * shift */
static void
call_stage_resite_bytes (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const guint8 *rows[3] = { s[0] + 1, s[1] + 1, s[2] + 1 };

  k->stage.stage_resite_bytes (d[0], rows, p, p[3], p[4], p[5], n);
}

/* every row reads the macropixel before the first output's, in the
 * lead; p[0..2] the row weights, p[3] and p[4] the column pair's, p[5]
 * the shift, p[6] and p[7] the bytes of U and V in a 4-byte group */
static void
call_stage_resite_packed_uv (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const guint8 *rows[3] = { s[0] + 4, s[1] + 4, s[2] + 4 };

  k->stage.stage_resite_packed_uv (d[0], d[1], rows, p, p[6], p[7], p[3],
      p[4], p[5], n);
}

/* every row may read the pair before the first output's, in the lead;
 * p[0..2] the row weights, p[3] cosited, p[4] the shift */
static void
call_stage_fold_bytes (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const guint8 *rows[3] = { s[0] + 2, s[1] + 2, s[2] + 2 };

  k->stage.stage_fold_bytes (d[0], rows, p, p[3], p[4], n);
}

/* The layouts of chroma stage_fold_matrix is tested with: the stride of
 * its samples, and the bytes of U and V in a pixel (planes: sources 0-2
 * U's rows, 3-5 V's) */
static const gint fold_matrix_layouts[][3] = {
  {1, 0, 0},                    /* planes */
  {4, 2, 3},                    /* AYUV */
  {4, 1, 0},                    /* VUYA */
};

/* The U and V rows of fold_matrix_layouts[@l] in sources @s, whose lead
 * holds one pixel before pixel 0 */
static void
fold_matrix_rows (gint l, const guint8 ** s, const guint8 ** u,
    const guint8 ** v)
{
  const gint *layout = fold_matrix_layouts[l];
  guint r;

  for (r = 0; r < 3; r++) {
    u[r] = s[r] + 4 + layout[1];
    v[r] = layout[0] == 1 ? s[3 + r] + 4 : s[r] + 4 + layout[2];
  }
}

/* p[0..2] the row weights, p[3] cosited, p[4..6] and p[7..9] the matrix
 * rows of U and V, p[10] the shift, p[11] the layout */
static void
call_stage_fold_matrix (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const guint8 *u[3], *v[3];

  fold_matrix_rows (p[11], s, u, v);
  k->stage.stage_fold_matrix (d[0], d[1], u, v, fold_matrix_layouts[p[11]][0],
      p, p[3], p + 4, p + 7, p[10], n);
}

static guint
element_for_stage_fold_matrix (const gint * p)
{
  return 2 * fold_matrix_layouts[p[11]][0];
}

/* sources 0-2 the rows of U, 3-5 those of V, 16-bit words with one pair
 * in the lead; p as call_stage_fold_matrix ()'s, p[11] the read shift */
static void
call_stage_fold_matrix16 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const guint8 *u[3] = { s[0] + 4, s[1] + 4, s[2] + 4 };
  const guint8 *v[3] = { s[3] + 4, s[4] + 4, s[5] + 4 };

  k->stage.stage_fold_matrix16 (d[0], d[1], u, v, p, p[11], p[3], p + 4,
      p + 7, p[10], n);
}

/* sources 0-1 the rows of Y, 2-3 those of U, 4-5 those of V, 16-bit
 * words; p[0] cosited, p[1..4] the luma row, p[5..7] and p[8..10] the
 * matrix rows of U and V, p[11] the chroma shift, p[12] the luma shift,
 * p[13] the read shift */
static void
call_stage_block_fold16 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->stage.stage_block_fold16 (d, d[2], d[3], s, s + 2, s + 4, p[13], p[0],
      p + 1, p + 5, p + 8, p[12], p[11], n);
}

/* the chroma rows of block_matrix16 from sources 2-5 (U's rows, then
 * V's): p[0] the layout, 0 planar, 1 side-by-side pairs (P010's, in U's
 * rows), 2 strided apart (the twin alone); p[12] one row for both, as
 * 4:2:0 has it */
static void
block16_sources (const gint * p, const guint8 ** s, const guint8 * u[2],
    const guint8 * v[2])
{
  guint r;

  for (r = 0; r < 2; r++) {
    guint at = p[12] ? 0 : r;

    u[r] = s[2 + at];
    v[r] = p[0] == 1 ? u[r] + 2 : s[4 + at];
  }
}

/* sources 0-1 the luma rows, 16-bit words, 2-5 the chroma rows
 * (block16_sources ()); p[1] the read shift, p[2..4] the luma row's
 * terms (m1, m2, bias), p[5..7] and p[8..10] the matrix rows of U and V,
 * p[11] the shift */
static void
call_stage_block_matrix16 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const guint8 *u[2], *v[2];

  block16_sources (p, s, u, v);
  k->stage.stage_block_matrix16 (d, d[2], d[3], s, u, v, p[0] == 0 ? 1 : 2,
      p[1], p + 2, p + 5, p + 8, p[11], n);
}

/* sources 0-2 the rows of U, 3-5 those of V; p[0..2] the row weights,
 * p[3..5] and p[6..8] the matrix rows of U and V, p[9] the shift */
static void
call_stage_rows_matrix (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->stage.stage_rows_matrix (d[0], d[1], s, s + 3, p, p + 3, p + 6, p[9], n);
}

/* ---- parameters ---------------------------------------------------------- */

static GArray *
row_weights (void)
{
  /* the walk's row taps (one row, pairs, [1 2 1], field 3/4 1/4) and the
   * largest sum */
  static const DspParams sets[] = { {{1, 0, 0}}, {{1, 1, 0}}, {{1, 2, 1}},
  {{3, 1, 0}}, {{1, 3, 0}}, {{16, 0, 0}}, {{0, 0, 0}}
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

static GArray *
row16_params (void)
{
  /* the row taps and shifts of the 10-bit formats (0: the low bits, 6:
   * P010's high bits), interlaced re-siting's eighths, and the largest
   * sum */
  static const DspParams sets[] = { {{1, 0, 0, 0}}, {{1, 1, 0, 6}},
  {{1, 2, 1, 0}}, {{3, 1, 0, 6}}, {{1, 7, 0, 0}}, {{5, 3, 0, 6}},
  {{32, 0, 0, 0}}, {{8, 16, 8, 6}}, {{0, 0, 0, 0}}
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

static GArray *
rows16_strided_params (void)
{
  /* the row taps and shifts of rows16_params at P010's stride (a
   * component of its chroma pairs), at 1, and at 4 words a pixel (a
   * component of AYUV64, ARGB64) */
  static const DspParams sets[] = { {{1, 0, 0, 6, 2}}, {{1, 1, 0, 6, 2}},
  {{1, 2, 1, 0, 2}}, {{3, 1, 0, 6, 2}}, {{8, 16, 8, 6, 2}},
  {{32, 0, 0, 0, 2}}, {{1, 2, 1, 0, 1}}, {{0, 0, 0, 0, 2}},
  {{1, 0, 0, 0, 4}}, {{1, 2, 1, 0, 4}}, {{3, 1, 0, 6, 4}},
  {{8, 16, 8, 0, 4}}, {{32, 0, 0, 0, 4}}
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* the stride's words: 2 bytes an output a word apart */
static guint
element_for_stage_rows16_strided (const gint * p)
{
  return 2 * p[4];
}

static GArray *
strided_params (void)
{
  /* the row taps (with a column shift folded in) at every stride: NV12's
   * chroma, YUY2's and AYUV's, RGB's 3 bytes */
  static const DspParams sets[] = { {{1, 0, 0, 1}}, {{1, 1, 0, 2}},
  {{1, 2, 1, 4}}, {{3, 1, 0, 3}}, {{1, 2, 1, 3}}, {{4, 8, 4, 4}},
  {{16, 16, 0, 2}},
  {{8, 16, 8, 1}}, {{0, 0, 0, 4}}
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

static guint
element_for_stage_rows_pixels (const gint * p)
{
  return p[3];
}

static GArray *
rows_pixels_params (void)
{
  /* the row taps with a column shift folded in, for every byte order of
   * packed RGB: RGBA, BGRA, ARGB, ABGR, RGB, BGR */
  static const DspParams sets[] = { {{1, 2, 1, 4, 0, 1, 2}},
  {{4, 8, 4, 4, 2, 1, 0}}, {{3, 1, 0, 4, 1, 2, 3}}, {{8, 16, 8, 4, 3, 2, 1}},
  {{1, 2, 1, 3, 0, 1, 2}}, {{16, 16, 0, 3, 2, 1, 0}},
  {{1, 0, 0, 3, 0, 1, 2}}, {{0, 0, 0, 4, 0, 1, 2}}
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

static GArray *
matrix_packed_uv_params (void)
{
  /* YUY2's, UYVY's and YVYU's bytes; a row pair and [1 2 1] (in a field,
   * 3 1); BT.709's chroma to BT.601's and to full range, and rows with
   * large negative terms and biases that clamp at both ends */
  static const DspParams sets[] = {
    {{1, 1, 0, 1, 3, 16001, -1767, 128 * -14234 * 2 + (1 << 14), -1190,
            16110, 128 * -14920 * 2 + (1 << 14), 15}},
    {{1, 2, 1, 0, 2, 18700, 0, 128 * -2316 * 4 + (1 << 15), 0, 18700,
            128 * -2316 * 4 + (1 << 15), 16}},
    {{3, 1, 0, 3, 1, -9000, 12000, -(1 << 22), 12000, -9000, 1 << 22, 16}},
    {{1, 0, 0, 1, 3, 16384, 0, 8192, 0, 16384, 8192, 14}},
    {{8, 16, 8, 0, 2, 8000, 8000, -(1 << 24), -8000, -8000, 1 << 24, 19}},
    {{0, 0, 0, 1, 3, 16384, 0, 1 << 21, 0, 16384, -1, 14}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

static GArray *
resite_packed_uv_params (void)
{
  /* resite_params's row and column taps, over YUY2's, UYVY's and YVYU's
   * bytes */
  static const DspParams sets[] = {
    {{1, 3, 0, 1, 3, 4, 1, 3}}, {{3, 1, 0, 3, 1, 4, 0, 2}},
    {{1, 2, 1, 3, 1, 4, 3, 1}}, {{1, 2, 1, 1, 3, 4, 0, 2}},
    {{1, 0, 0, 3, 1, 2, 1, 3}}, {{1, 6, 1, 3, 1, 5, 3, 1}},
    {{2, 4, 2, 1, 3, 5, 1, 3}}, {{4, 8, 4, 1, 3, 1, 0, 2}},
    {{8, 0, 0, 0, 8, 6, 3, 1}}, {{7, 1, 0, 0, 1, 3, 1, 3}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

static GArray *
pair_weights (void)
{
  /* re-siting's quarters both ways, one side alone, and the largest */
  static const DspParams sets[] = { {{1, 3}}, {{3, 1}}, {{0, 4}}, {{4, 0}},
  {{4, 4}}, {{0, 0}}
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

static GArray *
pick_params (void)
{
  static const DspParams sets[] = { {{1, 0, 0}}, {{1, 1, 0}}, {{1, 0, 1}},
  {{1, 0, 4}}, {{2, 0, 0}}, {{2, 1, 0}}, {{3, 0, 0}}, {{3, 1, 2}},
  {{4, 0, 0}}, {{4, 1, 0}}, {{4, 0, 2}}, {{1, 2, 0}}, {{1, 2, 1}}
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

static GArray *
matrix_params (void)
{
  /* identity rows, BT.601 R'G'B' rows, a range expansion, negative terms
   * and biases; |m0| + |m1| + |m2| < 2^15 keeps every sum in 32 bits */
  static const DspParams sets[] = {
    {{16384, 0, 0, 8192, 14}},
    {{4211, 8258, 1606, 16 * 16384 + 8192, 14}},
    {{-2425, -4768, 7193, 128 * 16384 * 4 + 32768, 16}},
    {{19077, 0, 0, -16 * 19077 + 8192, 14}},
    {{0, 18650, -120, -128 * 18530 * 16 + (1 << 17), 18}},
    {{-9000, 12000, -11000, -(1 << 28), 17}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* U's row and shift as matrix_params (p[0..4]), V's row (p[5..8]): the
 * same coefficients turned round, and another row of the same shift */
static GArray *
matrix_pairs_params (void)
{
  GArray *u = matrix_params ();
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));
  guint i, j;

  for (i = 0; i < u->len; i++) {
    const DspParams *row = &g_array_index (u, DspParams, i);

    for (j = 0; j < u->len; j++) {
      const DspParams *other = &g_array_index (u, DspParams, j);
      DspParams set = *row;

      if (j != i && other->p[4] != row->p[4])
        continue;
      set.p[5] = other->p[1];
      set.p[6] = other->p[2];
      set.p[7] = other->p[0];
      set.p[8] = other->p[3];
      g_array_append_val (a, set);
    }
  }
  g_array_free (u, TRUE);
  return a;
}

/* Every layout 0 .. @n_layouts - 1 (p[0]) with every row of @rows,
 * @n_rows of @n_columns values (p[1] ..) */
static GArray *
layouts_by_rows (guint n_layouts, const gint * rows, guint n_rows,
    guint n_columns)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));
  guint l, r, j;

  for (l = 0; l < n_layouts; l++)
    for (r = 0; r < n_rows; r++) {
      DspParams set = { {l}
      };

      for (j = 0; j < n_columns; j++)
        set.p[1 + j] = rows[r * n_columns + j];
      g_array_append_val (a, set);
    }
  return a;
}

static GArray *
matrix_bytes_params (void)
{
  /* every layout with an identity row, BT.709 -> BT.601 luma, a range
   * expansion with its negative bias, a row of negative terms and a
   * chroma row (m0 = 0: no luma term); then a luma term of 2^6, whose
   * chroma term, past 16 bits after the shift by 6, clamps both ways */
  static const gint rows[][5] = {
    {16384, 0, 0, 8192, 14},
    {16384, 1627, 3034, -(4661 << 7) + 8192, 14},
    {19077, 0, 0, -16 * 19077 + 8192, 14},
    {-9000, 12000, -11000, 1 << 21, 14},
    {0, 16143, 1849, -(1608 << 7) + 8192, 14},
    {64, 16000, 16000, 8192, 14},
    {64, -16000, -16000, 1 << 22, 14},
  };
  return layouts_by_rows (G_N_ELEMENTS (byte_layouts), rows[0],
      G_N_ELEMENTS (rows), G_N_ELEMENTS (rows[0]));
}

static GArray *
chroma_steps_params (void)
{
  /* BT.709 -> BT.601 luma, negative terms, terms past 255 each way (the
   * steps saturate), no chroma term */
  static const gint rows[][4] = {
    {1627, 3034, -(4661 << 7) + 8192, 14},
    {-9000, 12000, 1 << 21, 14},
    {16000, 16000, 0, 14},
    {-16000, -16000, 8192, 14},
    {0, 0, 8192, 14},
  };
  return layouts_by_rows (G_N_ELEMENTS (steps_layouts), rows[0],
      G_N_ELEMENTS (rows), G_N_ELEMENTS (rows[0]));
}

/* word_layouts @first .. @end - 1, both read shifts, with the rows of
 * matrix_bytes_params for 10-bit samples (shift 16) */
static GArray *
word_layout_params (guint first, guint end)
{
  static const gint rows[][5] = {
    {16384, 0, 0, 1 << 15, 16},
    {16384, 1627, 3034, -(4661 << 9) + (1 << 15), 16},
    {19077, 0, 0, -64 * 19077 + (1 << 15), 16},
    {-9000, 12000, -11000, 1 << 23, 16},
    {0, 16143, 1849, -(1608 << 9) + (1 << 15), 16},
  };
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));
  guint l, r, j, read;

  for (l = first; l < end; l++)
    for (read = 0; read <= 6; read += 6)
      for (r = 0; r < G_N_ELEMENTS (rows); r++) {
        DspParams set = { {l, read}
        };

        for (j = 0; j < 5; j++)
          set.p[2 + j] = rows[r][j];
        g_array_append_val (a, set);
      }
  return a;
}

static GArray *
matrix_words_params (void)
{
  return word_layout_params (0, G_N_ELEMENTS (word_layouts));
}

/* 4 source bytes an output but for the layout of 4 words a pixel */
static guint
element_for_stage_matrix_words (const gint * p)
{
  return word_layouts[p[0]][0] == 4 ? 8 : 4;
}

/* row weights, column weights (left, here) and the shift: the re-sitings
 * of progressive 4:2:0 (quarters along either axis or both), of a field's
 * rows (eighths), of 4:2:2 rows ([1 2 1], field [1 2 1] and 3/4 1/4, with
 * and without the column pair), the largest weights, and sums past 255
 * (clamped) */
static GArray *
resite_params (void)
{
  static const DspParams sets[] = {
    {{1, 3, 0, 1, 3, 4}}, {{3, 1, 0, 3, 1, 4}}, {{1, 3, 0, 0, 1, 2}},
    {{1, 0, 0, 3, 1, 2}}, {{1, 7, 0, 1, 3, 5}}, {{5, 3, 0, 3, 1, 5}},
    {{7, 1, 0, 0, 1, 3}}, {{8, 0, 0, 0, 8, 6}}, {{4, 4, 0, 4, 4, 1}},
    {{1, 2, 1, 0, 1, 2}}, {{1, 2, 1, 1, 3, 4}}, {{3, 1, 0, 0, 1, 2}},
    {{1, 6, 1, 3, 1, 5}}, {{2, 4, 2, 1, 3, 5}}, {{4, 8, 4, 1, 3, 1}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* resite_params () with both read shifts (p[6]: 0 for the low bits of
 * a word, 6 for P010's high bits), one of the two rounded by 2 more bits,
 * as 10-bit samples into bytes are, the other as it is (outputs past
 * 255); which one turns with each set */
static GArray *
resite_pairs16_params (void)
{
  GArray *sets = resite_params ();
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));
  guint k, read;

  for (k = 0; k < sets->len; k++)
    for (read = 0; read <= 6; read += 6) {
      DspParams set = g_array_index (sets, DspParams, k);

      set.p[5] += (k + read / 6) % 2 * 2;
      set.p[6] = read;
      g_array_append_val (a, set);
    }
  g_array_unref (sets);
  return a;
}

/* row weights, cosited and the shift: 4:4:4 chroma to every siting of
 * progressive frames (one row, a pair, [1 2 1]) and of a field's rows
 * (eighths), the largest weights, and sums past 255 (clamped) */
static GArray *
fold_params (void)
{
  static const DspParams sets[] = {
    {{1, 1, 0, 0, 2}}, {{1, 2, 1, 0, 3}}, {{1, 0, 0, 1, 2}},
    {{1, 1, 0, 1, 3}}, {{1, 2, 1, 1, 4}}, {{1, 7, 0, 0, 4}},
    {{3, 5, 0, 1, 5}}, {{2, 4, 2, 1, 5}}, {{32, 0, 0, 0, 6}},
    {{8, 4, 4, 1, 7}}, {{8, 8, 16, 0, 1}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* The matrix rows of chroma the fused kernels are tested with: the
 * identity, two changes of matrix and a range expansion of the sizes
 * yuvmatrix.c makes, and terms that clamp both ways: mu[0..2], mv[0..2]
 * for sums of one unit of a code. */
static const gint chroma_matrix_rows[][6] = {
  {16384, 0, 0, 0, 16384, 0},
  {16743, 1863, -334208, 1239, 16595, -235648},
  {16007, -1064, 200448, -1503, 16652, -117760},
  {18706, 0, -2394368, 0, 18706, -2394368},
  {-30000, 30000, 1 << 20, 30000, 30000, -(1 << 21)},
};

/* Every set of @n_weights parameters of @weights (@n_taps of them a set,
 * whose taps sum to @sums[k]) with every matrix row: the rows from
 * parameter n_taps on, then the shift; the sums hold 2^scale units of a
 * code, so the offsets and the rounding scale with them. */
static GArray *
with_chroma_matrix (const gint * weights, guint n_weights, guint n_taps,
    const guint * sums)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));
  guint k, r, j;

  for (k = 0; k < n_weights; k++)
    for (r = 0; r < G_N_ELEMENTS (chroma_matrix_rows); r++) {
      const gint *m = chroma_matrix_rows[r];
      guint scale = g_bit_storage (sums[k] - 1);
      DspParams set = { {0}
      };

      for (j = 0; j < n_taps; j++)
        set.p[j] = weights[k * n_taps + j];
      for (j = 0; j < 3; j++) {
        set.p[n_taps + j] = m[j] * (j == 2 ? 1 << scale : 1);
        set.p[n_taps + 3 + j] = m[3 + j] * (j == 2 ? 1 << scale : 1);
      }
      set.p[n_taps + 2] += 1 << (13 + scale);
      set.p[n_taps + 5] += 1 << (13 + scale);
      set.p[n_taps + 6] = 14 + scale;
      g_array_append_val (a, set);
    }
  return a;
}

/* every layout of steps_layouts with every luma row below, each with one
 * chroma row pair of chroma_matrix_rows: the luma and chroma outputs do
 * not depend on each other's terms, so the pairing turns by one per
 * layout instead of running every pair, and each layout still meets
 * every chroma row.  The luma rows: chroma_steps_params ()' with the
 * luma's own term at one (2^14), and scaled ones (a range expansion and
 * a compression, large terms of both signs) */
static GArray *
block_matrix_params (void)
{
  static const gint luma[][4] = {
    {16384, 1627, 3034, -(4661 << 7) + 8192},
    {16384, -9000, 12000, 1 << 21},
    {16384, 16000, 16000, 0},
    {16384, -16000, -16000, 8192},
    {16384, 0, 0, 8192},
    {19077, 0, 0, -16 * 19077 + 8192},
    {14075, 0, 0, (16 << 14) + 8192},
    {30000, -16000, 16000, -(1 << 21)},
  };
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));
  guint n_rows = G_N_ELEMENTS (chroma_matrix_rows);
  guint l, k, r, j;

  for (l = 0; l < G_N_ELEMENTS (steps_layouts); l++)
    for (k = 0; k < G_N_ELEMENTS (luma); k++) {
      DspParams set = { {l}
      };

      r = (k + l) % n_rows;
      for (j = 0; j < 4; j++)
        set.p[1 + j] = luma[k][j];
      for (j = 0; j < 6; j++)
        set.p[5 + j] = chroma_matrix_rows[r][j] + (j % 3 == 2 ? 1 << 13 : 0);
      set.p[11] = 14;
      g_array_append_val (a, set);
    }
  return a;
}

/* Each layout of block16_sources () with each chroma row of
 * chroma_matrix_rows, a luma row turning by one per set (no chroma term,
 * BT.709 to BT.601, large terms of both signs, a row that clamps), the
 * read shifts of I420_10LE, P010_10LE and I420_12LE in turn, and every
 * second set one chroma row for both (4:2:0): the chroma sums hold two
 * 10-bit codes, eight units of an 8-bit one. */
static GArray *
block_matrix16_params (void)
{
  static const gint luma[][3] = {
    {0, 0, 1 << 15},
    {1627, 3034, -(4661 << 9) + (1 << 15)},
    {-12000, 11000, 1 << 23},
    {16143, 1849, -(1608 << 9) + (1 << 15)},
  };
  static const gint read_shifts[] = { 0, 6, 2 };
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));
  guint l, r, j;

  for (l = 0; l < 3; l++)
    for (r = 0; r < G_N_ELEMENTS (chroma_matrix_rows); r++) {
      guint k = l * G_N_ELEMENTS (chroma_matrix_rows) + r;
      const gint *m = chroma_matrix_rows[r];
      DspParams set = { {l}
      };

      set.p[1] = read_shifts[k % G_N_ELEMENTS (read_shifts)];
      for (j = 0; j < 3; j++) {
        set.p[2 + j] = luma[k % G_N_ELEMENTS (luma)][j];
        set.p[5 + j] = m[j] * (j == 2 ? 8 : 1);
        set.p[8 + j] = m[3 + j] * (j == 2 ? 8 : 1);
      }
      set.p[7] += 1 << 16;
      set.p[10] += 1 << 16;
      set.p[11] = 16;
      /* not k's parity, which the luma rows' turn shares */
      set.p[12] = (k + k / 4) % 2;
      g_array_append_val (a, set);
    }
  return a;
}

/* 2 source bytes an output (the luma words) but for the pairs, which
 * an odd width takes one word past n */
static guint
element_for_stage_block_matrix16 (const gint * p)
{
  return p[0] == 1 ? 4 : 2;
}

/* the row weights and column taps of fold_params () */
static GArray *
fold_matrix_params (void)
{
  static const gint weights[][4] = {
    {1, 1, 0, 0}, {1, 2, 1, 0}, {1, 0, 0, 1}, {1, 1, 0, 1}, {1, 2, 1, 1},
    {3, 5, 0, 1}, {2, 4, 2, 1}, {8, 4, 4, 1}, {8, 8, 16, 0},
  };
  guint sums[G_N_ELEMENTS (weights)], k, l, j, n;
  GArray *a;

  for (k = 0; k < G_N_ELEMENTS (weights); k++)
    sums[k] = (weights[k][0] + weights[k][1] + weights[k][2]) *
        (2 + 2 * weights[k][3]);
  a = with_chroma_matrix (weights[0], G_N_ELEMENTS (weights), 4, sums);
  n = a->len;
  /* every set in every layout (p[11], 0 in the first) */
  for (l = 1; l < G_N_ELEMENTS (fold_matrix_layouts); l++)
    for (j = 0; j < n; j++) {
      DspParams set = g_array_index (a, DspParams, j);

      set.p[11] = l;
      g_array_append_val (a, set);
    }
  return a;
}

/* one row and the box, and the row weights and column taps of
 * fold_matrix_params () whose sums of 10-bit samples fit 15 bits, and a
 * field's eighths under [1 2 1]; the sums are of 10-bit codes, four units
 * of an 8-bit one.  Every other set of with_chroma_matrix (): the weights
 * of even rank with chroma_matrix_rows 0, 2 and 4 (the identity, a change
 * of matrix, the rows that clamp), the others with rows 1 and 3 (the
 * other change, the range expansion); each second one of them with
 * P010's read shift (p[11]) */
static GArray *
fold_matrix16_params (void)
{
  static const gint weights[][4] = {
    {1, 0, 0, 0}, {1, 1, 0, 0}, {1, 2, 1, 0}, {1, 0, 0, 1}, {1, 1, 0, 1},
    {1, 2, 1, 1}, {3, 5, 0, 1}, {2, 4, 2, 1}, {5, 2, 1, 1},
  };
  guint sums[G_N_ELEMENTS (weights)], k, j;
  GArray *all, *a = g_array_new (FALSE, TRUE, sizeof (DspParams));

  for (k = 0; k < G_N_ELEMENTS (weights); k++)
    sums[k] = 4 * (weights[k][0] + weights[k][1] + weights[k][2]) *
        (2 + 2 * weights[k][3]);
  all = with_chroma_matrix (weights[0], G_N_ELEMENTS (weights), 4, sums);
  for (j = 0; j < all->len; j += 2) {
    DspParams set = g_array_index (all, DspParams, j);

    set.p[11] = j % 4 == 0 ? 0 : 6;
    g_array_append_val (a, set);
  }
  g_array_unref (all);
  return a;
}

/* Both column folds, each chroma row of chroma_matrix_rows with one luma
 * row for 10-bit samples (the identity, BT.709 to BT.601, a range
 * expansion, negative terms, a chroma row; turning by one per fold), the
 * read shifts in turn: the luma offsets and the chroma sums hold four
 * units of an 8-bit code, the sums two rows of them. */
static GArray *
block_fold16_params (void)
{
  static const gint luma[][4] = {
    {16384, 0, 0, 1 << 15},
    {16384, 1627, 3034, -(4661 << 9) + (1 << 15)},
    {19077, 0, 0, -64 * 19077 + (1 << 15)},
    {-9000, 12000, -11000, 1 << 23},
    {0, 16143, 1849, -(1608 << 9) + (1 << 15)},
  };
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));
  guint c, r, j;

  for (c = 0; c < 2; c++)
    for (r = 0; r < G_N_ELEMENTS (chroma_matrix_rows); r++) {
      const gint *l = luma[(r + c) % G_N_ELEMENTS (luma)];
      const gint *m = chroma_matrix_rows[r];
      guint scale = 4 + c;
      DspParams set = { {c}
      };

      for (j = 0; j < 4; j++)
        set.p[1 + j] = l[j];
      for (j = 0; j < 3; j++) {
        set.p[5 + j] = m[j] * (j == 2 ? 1 << scale : 1);
        set.p[8 + j] = m[3 + j] * (j == 2 ? 1 << scale : 1);
      }
      set.p[7] += 1 << (13 + scale);
      set.p[10] += 1 << (13 + scale);
      set.p[11] = 14 + scale;
      set.p[12] = 16;
      set.p[13] = (r + c) % 2 * 6;
      g_array_append_val (a, set);
    }
  return a;
}

/* one row, a pair, [1 2 1], a field's 3/4 1/4 and its eighths, the
 * largest sum */
static GArray *
rows_matrix_params (void)
{
  static const gint weights[][3] = {
    {1, 0, 0}, {1, 1, 0}, {1, 2, 1}, {3, 1, 0}, {1, 3, 0}, {5, 2, 1},
    {32, 16, 16},
  };
  guint sums[G_N_ELEMENTS (weights)], k;

  for (k = 0; k < G_N_ELEMENTS (weights); k++)
    sums[k] = weights[k][0] + weights[k][1] + weights[k][2];
  return with_chroma_matrix (weights[0], G_N_ELEMENTS (weights), 3, sums);
}

static GArray *
round_shifts (void)
{
  static const DspParams sets[] = { {{1}}, {{2}}, {{3}}, {{4}} };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* matrix_params' rows rounded to 10 bits (a shift 2 less), into the low
 * bits of each word and into the high ones */
static GArray *
matrix_10_params (void)
{
  GArray *rows = matrix_params ();
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));
  guint r, k;

  for (r = 0; r < rows->len; r++)
    for (k = 0; k < 2; k++) {
      DspParams set = g_array_index (rows, DspParams, r);

      set.p[4] -= 2;
      set.p[5] = k == 0 ? 0 : 6;
      g_array_append_val (a, set);
    }
  g_array_unref (rows);
  return a;
}

static GArray *
round_10_params (void)
{
  static const DspParams sets[] = {
    {{0, 0}}, {{1, 0}}, {{2, 6}}, {{3, 0}}, {{4, 6}}, {{6, 0}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* read shifts (10 bits low, 12 low, in the high bits), by the output
 * shifts of I420_10LE and P010_10LE, a plane's luma and AYUV64's (4
 * words a pixel; 2 for the kernels' sake) */
static GArray *
keep_10_params (void)
{
  static const DspParams sets[] = {
    {{1, 0, 0}}, {{1, 0, 6}}, {{1, 2, 0}}, {{1, 6, 0}}, {{1, 6, 6}},
    {{4, 0, 0}}, {{4, 0, 6}}, {{4, 6, 0}}, {{4, 6, 6}}, {{2, 6, 0}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* the stride's words: 2 bytes an output a word apart */
static guint
element_for_stage_keep_10 (const gint * p)
{
  return 2 * p[0];
}

/* the luma strides of 8-bit input (planar and semi-planar, packed 4:2:2,
 * AYUV; 3 for the kernels' sake), by the output shifts of I420_10LE and
 * P010_10LE */
static GArray *
widen_10_params (void)
{
  static const DspParams sets[] = {
    {{1, 0}}, {{1, 6}}, {{2, 0}}, {{2, 6}}, {{3, 0}}, {{4, 0}}, {{4, 6}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* the stride's bytes an output */
static guint
element_for_stage_widen_10 (const gint * p)
{
  return p[0];
}

/* matrix_params' rows without their half, with each pattern */
static GArray *
matrix_dither_params (void)
{
  GArray *rows = matrix_params ();
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));
  guint r, k;

  for (r = 0; r < rows->len; r++)
    for (k = 0; k < G_N_ELEMENTS (dither_patterns); k++) {
      DspParams set = g_array_index (rows, DspParams, r);

      set.p[3] -= 1 << (set.p[4] - 1);
      set.p[5] = k;
      g_array_append_val (a, set);
    }
  g_array_unref (rows);
  return a;
}

static GArray *
round_dither_params (void)
{
  static const DspParams sets[] = {
    {{0, 0}}, {{1, 1}}, {{2, 0}}, {{3, 2}}, {{4, 3}}, {{5, 1}}, {{6, 0}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* ---- formulas ------------------------------------------------------------ */

/* 16-bit sample @k of a row, as a signed value */
static gint
s16 (const guint8 * row, gint k)
{
  return (gint16) (row[2 * k] | row[2 * k + 1] << 8);
}

/* byte @i of a row of 16-bit samples whose sample i / 2 is @value modulo
 * 2^16 */
static gint
s16_byte (gint value, gint i)
{
  return ((guint) value >> (8 * (i & 1))) & 0xff;
}

static gint
clamp_byte (gdouble x)
{
  return (gint) CLAMP (x, 0.0, 255.0);
}

static gint
expect_stage_rows (const guint8 ** s, const gint * p, guint dest, gint i)
{
  gint k = i / 2;

  return s16_byte (p[0] * s[0][k] + p[1] * s[1][k] + p[2] * s[2][k], i);
}

/* 16-bit word @k of @row as the 10-bit sample rows16 reads */
static gint
sample10 (const guint8 * row, gint k, gint shift)
{
  return MIN ((row[2 * k] | row[2 * k + 1] << 8) >> shift, 1023);
}

static gint
expect_stage_rows16 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  gint k = i / 2;

  return s16_byte (p[0] * sample10 (s[0], k, p[3]) + p[1] * sample10 (s[1],
          k, p[3]) + p[2] * sample10 (s[2], k, p[3]), i);
}

static gint
expect_stage_rows16_strided (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  gint k = i / 2 * p[4];

  return s16_byte (p[0] * sample10 (s[0], k, p[3]) + p[1] * sample10 (s[1],
          k, p[3]) + p[2] * sample10 (s[2], k, p[3]), i);
}

static gint
expect_stage_rows_strided (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  gint k = i / 2 * p[3];

  return s16_byte (p[0] * s[0][k] + p[1] * s[1][k] + p[2] * s[2][k], i);
}

static gint
expect_stage_rows_pixels (const guint8 ** s, const gint * p, guint dest, gint i)
{
  gint k = i / 2 * p[3] + p[4 + dest];

  return s16_byte (p[0] * s[0][k] + p[1] * s[1][k] + p[2] * s[2][k], i);
}

static gint
expect_stage_taps_box (const guint8 ** s, const gint * p, guint dest, gint i)
{
  gint k = i / 2;

  return s16_byte (s16 (s[0], 2 * k) + s16 (s[0], 2 * k + 1), i);
}

static gint
expect_stage_taps_cosited (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  /* sample -1 sits in the lead: sample j of the row is @row's j + 1 */
  const guint8 *row = s[0];
  gint k = i / 2;

  return s16_byte (s16 (row, 2 * k) + 2 * s16 (row, 2 * k + 1) +
      s16 (row, 2 * k + 2), i);
}

static gint
expect_stage_taps_pair (const guint8 ** s, const gint * p, guint dest, gint i)
{
  /* sample -1 sits in the lead: sample j of the row is @row's j + 1 */
  gint k = i / 2;

  return s16_byte (p[0] * s16 (s[0], k) + p[1] * s16 (s[0], k + 1), i);
}

static gint
expect_stage_pick (const guint8 ** s, const gint * p, guint dest, gint i)
{
  gint k = i / 2;

  return s16_byte (s16 (s[0], (k / (1 << p[1])) * p[0]) * (1 << p[2]), i);
}

static gint
expect_stage_matrix (const guint8 ** s, const gint * p, guint dest, gint i)
{
  gdouble sum = (gdouble) p[0] * s16 (s[0], i) + (gdouble) p[1] *
      s16 (s[1], i) + (gdouble) p[2] * s16 (s[2], i) + p[3];

  return clamp_byte (floor (ldexp (sum, -p[4])));
}

/* byte @i of the pairs: U's sample i / 2 through p[0..3], or V's through
 * p[5..8], both shifted by p[4] */
static gint
expect_stage_matrix_pairs (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  gint row[5] = { p[0], p[1], p[2], p[3], p[4] };

  if (i % 2) {
    row[0] = p[5];
    row[1] = p[6];
    row[2] = p[7];
    row[3] = p[8];
  }
  return expect_stage_matrix (s, row, 0, i / 2);
}

static gint
expect_stage_round (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return clamp_byte (floor ((s16 (s[0], i) + ldexp (1.0, p[0] - 1)) /
          ldexp (1.0, p[0])));
}

/* byte @i of a row of 10-bit codes, code i / 2 the clamped @x shifted
 * left by @out_shift */
static gint
code_10_byte (gdouble x, gint out_shift, gint i)
{
  gint code = (gint) CLAMP (x, 0.0, 1023.0) << out_shift;

  return s16_byte (code, i);
}

static gint
expect_stage_matrix_10 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  gint k = i / 2;
  gdouble sum = (gdouble) p[0] * s16 (s[0], k) + (gdouble) p[1] *
      s16 (s[1], k) + (gdouble) p[2] * s16 (s[2], k) + p[3];

  return code_10_byte (floor (ldexp (sum, -p[4])), p[5], i);
}

static gint
expect_stage_round_10 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  gdouble half = p[0] > 0 ? ldexp (1.0, p[0] - 1) : 0.0;

  return code_10_byte (floor ((s16 (s[0], i / 2) + half) / ldexp (1.0,
              p[0])), p[1], i);
}

static gint
expect_stage_keep_10 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return code_10_byte (sample10 (s[0], i / 2 * p[0], p[1]), p[2], i);
}

static gint
expect_stage_widen_10 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return code_10_byte (4.0 * s[0][i / 2 * p[0]], p[1], i);
}

/* the dither threshold of output @i in units of 2^-5 */
static gint
dither_step (const gint * p_pattern, gint i)
{
  return 2 * dither_patterns[*p_pattern][i % 4] + 1;
}

static gint
expect_stage_matrix_dither (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  gdouble sum = (gdouble) p[0] * s16 (s[0], i) + (gdouble) p[1] *
      s16 (s[1], i) + (gdouble) p[2] * s16 (s[2], i) + p[3];

  return clamp_byte (floor (ldexp (sum, -p[4]) + dither_step (&p[5],
              i) / 32.0));
}

static gint
expect_stage_round_dither (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  return clamp_byte (floor (s16 (s[0], i) / ldexp (1.0, p[0]) +
          dither_step (&p[1], i) / 32.0));
}

static gint
expect_stage_matrix_bytes (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  const gint *layout = byte_layouts[p[0]];
  gint k = (i / (1 << layout[2])) * layout[1];
  const guint8 *yuv[3];
  gdouble sum;

  matrix_sources (layout[3], s, 1, yuv);
  sum = (gdouble) p[1] * yuv[0][i * layout[0]] + (gdouble) p[2] *
      yuv[1][k] + (gdouble) p[3] * yuv[2][k] + p[4];

  return clamp_byte (floor (ldexp (sum, -p[5])));
}

static gint
expect_stage_matrix_packed_uv (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  const gint *m = p + (dest == 0 ? 5 : 8);
  gdouble su = 0, sv = 0;
  guint r;

  for (r = 0; r < 3; r++) {
    su += p[r] * s[r][4 * i + p[3]];
    sv += p[r] * s[r][4 * i + p[4]];
  }
  return clamp_byte (floor (ldexp (m[0] * su + m[1] * sv + m[2], -p[11])));
}

static gint
expect_stage_chroma_steps (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  const guint8 *u, *v;
  gint k = (i / 2) * steps_layouts[p[0]][0];
  gdouble t;

  steps_sources (p[0], s, &u, &v);
  t = floor (ldexp ((gdouble) p[1] * u[k] + (gdouble) p[2] * v[k] + p[3],
          -p[4]));
  return clamp_byte (dest == 0 ? t : -t);
}

static gint
expect_stage_block_matrix (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  const guint8 *u, *v;
  gint k, r;
  gdouble t;

  steps_sources (p[0], s + 2, &u, &v);
  /* luma rows: output i over chroma sample i / 2; chroma rows: sample i */
  r = dest < 2 ? 2 : dest == 2 ? 5 : 8;
  k = (dest < 2 ? i / 2 : i) * steps_layouts[p[0]][0];
  t = (gdouble) p[r] * u[k] + (gdouble) p[r + 1] * v[k] + p[r + 2];
  if (dest < 2)
    t += (gdouble) p[1] * s[dest][i];
  return clamp_byte (floor (ldexp (t, -p[11])));
}

/* Sample @k of @row: a byte, or with @read_shift >= 0 a word read as
 * stage_rows16 reads it */
static gdouble
source_sample (const guint8 * row, gint k, gint read_shift)
{
  return read_shift < 0 ? row[k] : sample10 (row, k, read_shift);
}

/* resite_params' p[0..2] row weights, left and here taps p[3], p[4] and
 * shift p[5], over the samples (source_sample ()) @stride apart from
 * sample @first of each source row: output i from the samples i and
 * i + 1 (the sample before the output's own, which the lead holds, and
 * its own) */
static gint
resited (const guint8 ** s, const gint * p, guint stride, guint first,
    gint read_shift, gint i)
{
  gdouble sum = 0;
  guint r;

  for (r = 0; r < 3; r++)
    sum += p[r] * (p[3] * source_sample (s[r], first + stride * i,
            read_shift) + p[4] * source_sample (s[r], first + stride * (i +
                1), read_shift));
  return clamp_byte (floor (sum / ldexp (1.0, p[5]) + 0.5));
}

static gint
expect_stage_resite_bytes (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  /* sample -1 sits in the lead: sample j of a row is its byte j + 1 */
  return resited (s, p, 1, 0, -1, i);
}

static gint
expect_stage_resite_pairs16 (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  /* pair -1 sits in the lead: word c of pair j is word 2 (j + 1) + c */
  return resited (s, p, 2, dest, p[6], i);
}

static gint
expect_stage_resite_words (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  /* word -1 sits in the lead: word j is word j + 1 */
  return resited (s, p, 1, 0, p[6], i);
}

static gint
expect_stage_resite_pairs (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  /* pair -1 sits in the lead: component c of pair j is byte 2 (j + 1) + c */
  return resited (s, p, 2, dest, -1, i);
}

static gint
expect_stage_resite_packed_uv (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  /* macropixel -1 sits in the lead: macropixel j of a row starts at its
   * byte 4 (j + 1) */
  return resited (s, p, 4, dest == 0 ? p[6] : p[7], -1, i);
}

static gint
expect_stage_fold_bytes (const guint8 ** s, const gint * p, guint dest, gint i)
{
  /* samples -2 and -1 sit in the lead: sample j of a row is its byte
   * j + 2 */
  gdouble sum = 0;
  guint r;

  for (r = 0; r < 3; r++) {
    const guint8 *pair = s[r] + 2 + 2 * i;

    sum += p[r] * (p[3] ? (gdouble) pair[-1] + 2.0 * pair[0] + pair[1] :
        (gdouble) pair[0] + pair[1]);
  }
  return clamp_byte (floor (sum / ldexp (1.0, p[4]) + 0.5));
}

static gint
expect_stage_fold_matrix (const guint8 ** s, const gint * p, guint dest, gint i)
{
  const gint *m = p + (dest == 0 ? 4 : 7);
  gint stride = fold_matrix_layouts[p[11]][0];
  const guint8 *rows[2][3];
  gdouble sum[2] = { 0, 0 };
  guint c, r;

  fold_matrix_rows (p[11], s, rows[0], rows[1]);
  for (c = 0; c < 2; c++)
    for (r = 0; r < 3; r++) {
      const guint8 *pair = rows[c][r] + 2 * i * stride;

      sum[c] += p[r] * (p[3] ? (gdouble) pair[-stride] + 2.0 * pair[0] +
          pair[stride] : (gdouble) pair[0] + pair[stride]);
    }
  return clamp_byte (floor (ldexp (m[0] * sum[0] + m[1] * sum[1] + m[2],
              -p[10])));
}

static gint
expect_stage_fold_matrix16 (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  /* word j of a row is its word j + 2 (a pair in the lead) */
  const gint *m = p + (dest == 0 ? 4 : 7);
  gdouble sum[2] = { 0, 0 };
  guint c, r;

  for (c = 0; c < 2; c++)
    for (r = 0; r < 3; r++) {
      const guint8 *row = s[3 * c + r];
      gint k = 2 * i + 2;
      gdouble here = sample10 (row, k, p[11]);
      gdouble right = sample10 (row, k + 1, p[11]);

      sum[c] += p[r] * (p[3] ? sample10 (row, k - 1, p[11]) + 2.0 * here +
          right : here + right);
    }
  return clamp_byte (floor (ldexp (m[0] * sum[0] + m[1] * sum[1] + m[2],
              -p[10])));
}

/* word @k of a row of @n words read with @shift, the columns repeating
 * past both edges */
static gdouble
edge_word (const guint8 * row, gint k, gint n, gint shift)
{
  return sample10 (row, CLAMP (k, 0, n - 1), shift);
}

static gint
expect_stage_block_fold16 (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  gint n = dsp_formula_width, shift = p[13];
  gdouble sum[2] = { 0, 0 };
  const gint *m;
  guint c, r;

  if (dest < 2)
    return clamp_byte (floor (ldexp ((gdouble) p[1] * sample10 (s[dest], i,
                    shift) + (gdouble) p[2] * sample10 (s[2 + dest], i,
                    shift) + (gdouble) p[3] * sample10 (s[4 + dest], i,
                    shift) + p[4], -p[12])));
  for (c = 0; c < 2; c++)
    for (r = 0; r < 2; r++) {
      const guint8 *row = s[2 + 2 * c + r];

      sum[c] += (p[0] ? edge_word (row, 2 * i - 1, n, shift) : 0) +
          (1 + p[0]) * edge_word (row, 2 * i, n, shift) +
          edge_word (row, 2 * i + 1, n, shift);
    }
  m = p + (dest == 2 ? 5 : 8);
  return clamp_byte (floor (ldexp (m[0] * sum[0] + m[1] * sum[1] + m[2],
              -p[11])));
}

static gint
expect_stage_block_matrix16 (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  const guint8 *u[2], *v[2];
  gint stride = p[0] == 0 ? 1 : 2, shift = p[1];
  gdouble su = 0, sv = 0;
  const gint *m;
  guint r;

  block16_sources (p, s, u, v);
  if (dest < 2) {
    gint k = i / 2 * stride;

    return clamp_byte (floor (ldexp (ldexp (sample10 (s[dest], i, shift),
                    p[11] - 2) + (gdouble) p[2] * sample10 (u[dest], k,
                    shift) + (gdouble) p[3] * sample10 (v[dest], k,
                    shift) + p[4], -p[11])));
  }
  for (r = 0; r < 2; r++) {
    su += sample10 (u[r], i * stride, shift);
    sv += sample10 (v[r], i * stride, shift);
  }
  m = p + (dest == 2 ? 5 : 8);
  return clamp_byte (floor (ldexp (m[0] * su + m[1] * sv + m[2],
              -(p[11] + 1))));
}

static gint
expect_stage_rows_matrix (const guint8 ** s, const gint * p, guint dest, gint i)
{
  const gint *m = p + (dest == 0 ? 3 : 6);
  gdouble su = 0, sv = 0;
  guint r;

  for (r = 0; r < 3; r++) {
    su += p[r] * (gdouble) s[r][i];
    sv += p[r] * (gdouble) s[3 + r][i];
  }
  return clamp_byte (floor (ldexp (m[0] * su + m[1] * sv + m[2], -p[9])));
}

static gint
expect_stage_add_steps (const guint8 ** s, const gint * p, guint dest, gint i)
{
  /* unsigned bytes: the step up stops at 255, the step down at 0 */
  return MAX (MIN (s[0][i] + s[1][i], 255) - s[2][i], 0);
}

static gint
expect_stage_matrix_words (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  const gint *layout = word_layouts[p[0]];
  gint k = (i / (1 << layout[2])) * layout[1];
  const guint8 *yuv[3];
  gdouble sum;

  matrix_sources (layout[3], s, 2, yuv);
  sum = (gdouble) p[2] * sample10 (yuv[0], i * layout[0], p[1]) +
      (gdouble) p[3] * sample10 (yuv[1], k, p[1]) +
      (gdouble) p[4] * sample10 (yuv[2], k, p[1]) + p[5];

  return clamp_byte (floor (ldexp (sum, -p[6])));
}

#define STAGE_KERNEL(kname, sources, elem, lead, out, samples16, params_fn) \
  { #kname, "stage", DSP_OFFSET (stage.kname), 1, sources, elem, lead, out, \
    samples16, call_##kname, params_fn, expect_##kname }
/* the same, the source bytes per output from element_for_##kname */
#define STAGE_KERNEL_SIZED(kname, sources, elem, lead, out, samples16, \
    params_fn) \
  { #kname, "stage", DSP_OFFSET (stage.kname), 1, sources, elem, lead, out, \
    samples16, call_##kname, params_fn, expect_##kname, \
    element_for_##kname }

const DspKernel dsp_stage_kernels[] = {
  STAGE_KERNEL (stage_rows, 3, 1, 0, 2, FALSE, row_weights),
  STAGE_KERNEL (stage_rows16, 3, 2, 0, 2, TRUE, row16_params),
  STAGE_KERNEL (stage_taps_box, 1, 4, 0, 2, FALSE, NULL),
  STAGE_KERNEL (stage_taps_cosited, 1, 4, 2, 2, FALSE, NULL),
  STAGE_KERNEL (stage_taps_pair, 1, 2, 2, 2, FALSE, pair_weights),
  STAGE_KERNEL (stage_pick, 1, 8, 0, 2, FALSE, pick_params),
  STAGE_KERNEL (stage_matrix, 3, 2, 0, 1, FALSE, matrix_params),
  STAGE_KERNEL (stage_matrix_pairs, 3, 2, 0, 2, FALSE, matrix_pairs_params),
  STAGE_KERNEL (stage_round, 1, 2, 0, 1, FALSE, round_shifts),
  STAGE_KERNEL (stage_rows_strided, 3, 4, 0, 2, FALSE, strided_params),
  {"stage_rows_pixels", "stage", DSP_OFFSET (stage.stage_rows_pixels), 3,
        3, 4, 0, 2, FALSE, call_stage_rows_pixels, rows_pixels_params,
      expect_stage_rows_pixels, element_for_stage_rows_pixels},
  STAGE_KERNEL_SIZED (stage_rows16_strided, 3, 8, 0, 2, TRUE,
      rows16_strided_params),
  STAGE_KERNEL (stage_matrix_bytes, 3, 4, 0, 1, FALSE, matrix_bytes_params),
  STAGE_KERNEL_SIZED (stage_matrix_words, 3, 8, 0, 1, TRUE,
      matrix_words_params),
  {"stage_chroma_steps", "stage", DSP_OFFSET (stage.stage_chroma_steps), 2,
        2, 2, 0, 1, FALSE, call_stage_chroma_steps, chroma_steps_params,
      expect_stage_chroma_steps},
  STAGE_KERNEL (stage_add_steps, 3, 1, 0, 1, FALSE, NULL),
  {"stage_block_matrix", "stage", DSP_OFFSET (stage.stage_block_matrix), 4,
        4, 2, 0, 1, FALSE, call_stage_block_matrix, block_matrix_params,
      expect_stage_block_matrix, NULL, NULL, 0xc},
  {"stage_block_matrix16", "stage", DSP_OFFSET (stage.stage_block_matrix16),
        4, 6, 4, 0, 1, TRUE, call_stage_block_matrix16, block_matrix16_params,
        expect_stage_block_matrix16, element_for_stage_block_matrix16, NULL,
      0xc},
  {"stage_block_fold16", "stage", DSP_OFFSET (stage.stage_block_fold16), 4,
        6, 2, 0, 1, TRUE, call_stage_block_fold16, block_fold16_params,
      expect_stage_block_fold16, NULL, NULL, 0xc},
  {"stage_matrix_packed_uv", "stage",
        DSP_OFFSET (stage.stage_matrix_packed_uv), 2, 3, 4, 0, 1, FALSE,
        call_stage_matrix_packed_uv, matrix_packed_uv_params,
      expect_stage_matrix_packed_uv},
  STAGE_KERNEL (stage_matrix_10, 3, 2, 0, 2, FALSE, matrix_10_params),
  STAGE_KERNEL (stage_round_10, 1, 2, 0, 2, FALSE, round_10_params),
  STAGE_KERNEL_SIZED (stage_keep_10, 1, 8, 0, 2, TRUE, keep_10_params),
  STAGE_KERNEL_SIZED (stage_widen_10, 1, 4, 0, 2, FALSE, widen_10_params),
  STAGE_KERNEL (stage_matrix_dither, 3, 2, 0, 1, FALSE, matrix_dither_params),
  STAGE_KERNEL (stage_round_dither, 1, 2, 0, 1, FALSE, round_dither_params),
  STAGE_KERNEL (stage_resite_bytes, 3, 1, 1, 1, FALSE, resite_params),
  {"stage_resite_pairs", "stage", DSP_OFFSET (stage.stage_resite_pairs), 2,
        3, 2, 2, 1, FALSE, call_stage_resite_pairs, resite_params,
      expect_stage_resite_pairs},
  {"stage_resite_pairs16", "stage", DSP_OFFSET (stage.stage_resite_pairs16),
        2, 3, 4, 4, 1, TRUE, call_stage_resite_pairs16, resite_pairs16_params,
      expect_stage_resite_pairs16},
  {"stage_resite_words", "stage", DSP_OFFSET (stage.stage_resite_words), 1,
        3, 2, 2, 1, TRUE, call_stage_resite_words, resite_pairs16_params,
      expect_stage_resite_words},
  {"stage_resite_packed_uv", "stage",
        DSP_OFFSET (stage.stage_resite_packed_uv), 2, 3, 4, 4, 1, FALSE,
        call_stage_resite_packed_uv, resite_packed_uv_params,
      expect_stage_resite_packed_uv},
  STAGE_KERNEL (stage_fold_bytes, 3, 2, 2, 1, FALSE, fold_params),
  {"stage_fold_matrix", "stage", DSP_OFFSET (stage.stage_fold_matrix), 2, 6,
        8, 4, 1, FALSE, call_stage_fold_matrix, fold_matrix_params,
      expect_stage_fold_matrix, element_for_stage_fold_matrix},
  {"stage_fold_matrix16", "stage", DSP_OFFSET (stage.stage_fold_matrix16),
        2, 6, 4, 4, 1, TRUE, call_stage_fold_matrix16, fold_matrix16_params,
      expect_stage_fold_matrix16},
  {"stage_rows_matrix", "stage", DSP_OFFSET (stage.stage_rows_matrix), 2, 6,
        1, 0, 1, FALSE, call_stage_rows_matrix, rows_matrix_params,
      expect_stage_rows_matrix},
};

const guint dsp_n_stage_kernels = G_N_ELEMENTS (dsp_stage_kernels);
