/* pooledconvert
 * What the walks share (private to plugin/convert/): the band of rows one
 * call converts, row addressing, aligned sources, and the walk table.
 *
 * Every layout (formats.h) has a fused walk and some a field walk; the
 * general walk serves every 8-bit layout.  A planar walk goes plane by
 * plane over a band of rows: the luma plane in one copy, each chroma plane
 * row after row with one kernel call per row.  Going plane by plane keeps
 * few memory streams open at once; interleaving luma and chroma rows per
 * row pair measured 15-30 % slower.  Packed input, one stream, is walked
 * in row pairs (see pc_walk_packed_rgb).  Odd frame edges reuse the pixels
 * that exist (edges.h), so the last chroma sample averages only real
 * pixels.
 */

#ifndef __PC_WALK_H__
#define __PC_WALK_H__

#include <string.h>

#include "convert/convert.h"

G_BEGIN_DECLS
/* The band of output rows one call converts, and the chroma rows in it. */
    typedef struct
{
  guint first_row;
  guint end_row;
  guint first_chroma_row;
  guint end_chroma_row;
} PcBand;

typedef void (*PcWalkFunc) (const PcConvertPlan * plan,
    const GstVideoFrame * in, GstVideoFrame * out, const PcBand * band,
    const PcRowScratch * scratch);

/* One output luma row @d from input row @s. */
typedef void (*PcLumaRowFunc) (const PcConvertPlan * plan, guint8 * scratch,
    guint8 * d, const guint8 * s);

/* One output chroma row.  @a and @b are the U and V rows in the order the
 * input holds them (interleaved or packed input), or @a is the row of one
 * plane and @b NULL (planar input, one plane at a time); @s1 and @s2 are
 * the input rows of the pair (the same row for 4:2:0 input). */
typedef void (*PcChromaRowFunc) (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2);

/* One output chroma row @d of U V pairs (NV12's, or P010_10LE's of 16-bit
 * words) from the input rows of the pair: @rows are U's first and second
 * row, then V's (the same two again where the input holds U and V
 * together). */
typedef void (*PcPairsRowFunc) (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * d, const guint8 * const rows[4]);

/* A walk built from a luma row and a chroma row routine (pc_walk_rows). */
typedef struct
{
  PcLumaRowFunc luma_row;       /* NULL: the luma plane is copied */
  PcChromaRowFunc chroma_row;
  gboolean half_height;         /* the input chroma is 4:2:0 already */
  /* the chroma row for horizontally co-sited output (mpeg2), when the
   * walk makes it (4:4:4); NULL: chroma_row serves every siting */
  PcChromaRowFunc cosited_chroma_row;
  /* the chroma row written as the output's pairs, where a kernel makes
   * them in one pass from the input's rows; NULL: the output stage
   * interleaves the walk's I420 rows (output.h) */
  PcPairsRowFunc pairs_row;
} PcRowWalk;

/* The walks of one layout: its fused walk (and, for pc_walk_rows, its row
 * routines) and, where it has one, its field walk; with the names the
 * plan's log line gives them. */
typedef struct
{
  const gchar *name;
  PcWalkFunc fused;
  const PcRowWalk *rows;
  const gchar *field_name;
  PcWalkFunc field;
  /* the fused walk writes 10-bit rows too (I420_10LE's, and P010_10LE's
   * through the sub-bands: its progressive frames need not take the
   * general walk for 10-bit output) */
  gboolean fused_writes_10;
} PcLayoutWalks;

/* Indexed by PcLayout; every layout has an entry. */
extern const PcLayoutWalks pc_layout_walks[PC_N_LAYOUTS];

/* The walk @strategy names for @plan's layout. */
PcWalkFunc pc_walk_for (const PcConvertPlan * plan, PcStrategy strategy);

/* TRUE when @layout has a field walk. */
gboolean pc_walk_has_field (PcLayout layout);

/* FALSE for a layout the general walk serves in every case. */
gboolean pc_walk_has_fused (PcLayout layout);

/* TRUE when @layout's fused walk writes 10-bit rows as well as 8 bits. */
gboolean pc_walk_fused_writes_10 (PcLayout layout);

static inline const guint8 *
in_row (const GstVideoFrame * frame, guint plane, guint row)
{
  return (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, plane) +
      row * (gsize) GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane);
}

static inline guint8 *
out_row (GstVideoFrame * frame, guint plane, guint row)
{
  return (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, plane) +
      row * (gsize) GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane);
}

/* The second full-resolution row of chroma row @chroma_row: an odd last
 * row pairs with itself. */
static inline guint
bottom_row (const PcConvertPlan * plan, guint chroma_row)
{
  return MIN (2 * chroma_row + 1, plan->height - 1);
}

/* Output chroma samples per row. */
static inline guint
chroma_width (const PcConvertPlan * plan)
{
  return (plan->width + 1) / 2;
}

/* ORC reads each source array in elements of the kernel's size (an RGBA
 * pixel, a pair of pixels) and its SIMD code assumes every element is
 * naturally aligned.  Rows of a frame with a video meta may start anywhere,
 * so when the plan's context needs aligned sources (its ORC tier) a
 * misaligned row is copied to scratch first.  Of
 * default layouts only RGBA at odd widths takes this path (a 4 * width
 * stride puts every second row at 4 modulo 8). */
/* Grey's chroma, the middle code: @n samples of 128, or of 512 in 10-bit
 * output words (in out_shift's bits).  The grey walk's U and V rows,
 * and NV12's and P010_10LE's interleaved rows of twice the samples. */
static inline void
gray_chroma (const PcConvertPlan * plan, guint8 * d, guint n)
{
  guint16 middle = 512 << plan->out_shift;
  guint i;

  if (!plan->gray_10) {
    memset (d, 128, n);
    return;
  }
  for (i = 0; i < n; i++) {
    d[2 * i] = middle & 0xff;
    d[2 * i + 1] = middle >> 8;
  }
}

static inline const guint8 *
aligned_source (const PcConvertPlan * plan, guint8 * scratch,
    const guint8 * row, gsize bytes, guint align)
{
  if (!plan->dsp->needs_aligned_sources ||
      G_LIKELY (((guintptr) row & (align - 1)) == 0))
    return row;
  memcpy (scratch, row, bytes);
  return scratch;
}

/* Packed YUV: channels[] are the bytes of Y, U and V in the (macro)pixel;
 * the kernels pick a byte by a shift. */
static inline guint
chroma_shift (const PcConvertPlan * plan)
{
  return 8 * MIN (plan->format->channels[1], plan->format->channels[2]);
}

/* Asks the memory for the input rows of output rows 2 @block and
 * 2 @block + 1 (frame rows; a plane's rows scaled by its subsampling) of
 * planes @first_plane and after, ahead of their use: a walk that reads a
 * row in bursts of a few lines each, shorter than the hardware
 * prefetcher needs to follow them, calls it a block ahead. */
void pc_walk_prefetch_block (const PcConvertPlan * plan,
    const GstVideoFrame * in, guint block, guint first_plane);

/* Copies @rows rows of @row_bytes with the stores of @plan's context:
 * one memcpy when both planes are contiguous and the stores are normal,
 * else row by row (padding is never read or written). */
void pc_walk_copy_rows (const PcConvertPlan * plan, GstVideoFrame * out,
    guint out_plane, guint out_first, const GstVideoFrame * in,
    guint in_plane, guint in_first, guint rows, gsize row_bytes);

/* The band's luma rows, copied from the format's luma plane. */
void pc_walk_copy_luma (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band);

/* The rows of interlaced chroma row @row's field that siting.c's taps
 * weigh: the nearer (3/4) and the farther (1/4; the same row at the
 * bottom edge). */
void pc_walk_field_rows (const PcConvertPlan * plan, guint row, guint * near,
    guint * far);

/* ---- the walks and the row routines shared between them --------------- */

/* walk-planar.c */
void pc_walk_copy_420 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch);
void pc_walk_planar_422 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch);
void pc_walk_planar_411 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch);
void pc_walk_packed_444_16 (const PcConvertPlan * plan,
    const GstVideoFrame * in, GstVideoFrame * out, const PcBand * band,
    const PcRowScratch * scratch);
void pc_walk_planar_444 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch);
void pc_walk_interlaced_444 (const PcConvertPlan * plan,
    const GstVideoFrame * in, GstVideoFrame * out, const PcBand * band,
    const PcRowScratch * scratch);
/* One full-resolution chroma row pair of a plane down to one I420 row,
 * across columns as the plan's siting says. */
void pc_walk_planar_chroma_row (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * d, const guint8 * s1,
    const guint8 * s2);

/* walk-rgb.c */
void pc_walk_packed_rgb (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch);
void pc_walk_interlaced_rgb (const PcConvertPlan * plan,
    const GstVideoFrame * in, GstVideoFrame * out, const PcBand * band,
    const PcRowScratch * scratch);
/* One luma row of 4-byte RGB pixels. */
void pc_walk_rgb_luma_row (const PcConvertPlan * plan, guint8 * scratch,
    guint8 * d, const guint8 * s);
/* One luma row of 3-byte RGB pixels, read in place or widened into
 * @scratch as the walk of packed RGB reads them. */
void pc_walk_rgb24_luma_row (const PcConvertPlan * plan, guint8 * scratch,
    guint8 * d, const guint8 * s);

/* walk-packed.c: semi-planar and packed YUV, grey */
extern const PcRowWalk pc_rows_semi_planar_420;
extern const PcRowWalk pc_rows_semi_planar_422;
extern const PcRowWalk pc_rows_semi_planar_444;
extern const PcRowWalk pc_rows_packed_422;
extern const PcRowWalk pc_rows_packed_444;
extern const PcRowWalk pc_rows_gray;
extern const PcRowWalk pc_rows_gray_16;
extern const PcRowWalk pc_rows_gray_words;
void pc_walk_interlaced_422 (const PcConvertPlan * plan,
    const GstVideoFrame * in, GstVideoFrame * out, const PcBand * band,
    const PcRowScratch * scratch);

/* walk-u16.c: 16-bit samples */
extern const PcRowWalk pc_rows_planar_420_16;
extern const PcRowWalk pc_rows_semi_planar_420_16;
extern const PcRowWalk pc_rows_planar_422_16;
extern const PcRowWalk pc_rows_planar_444_16;
extern const PcRowWalk pc_rows_v210;
/* One chroma row from the rows @rows of @taps (three; beyond taps->n the
 * last, weight 0): co-sited rows of the 10-bit walks. */
void pc_walk_u16_taps_row (const PcConvertPlan * plan, guint8 * d,
    const guint8 * const rows[3], const PcTaps * taps);

/* walk-rows.c: the walk of PcRowWalk layouts.  Into an output of two
 * planes (NV12, P010_10LE) it writes the chroma as pairs, which it does
 * only where pc_walk_rows_makes_pairs () says so. */
void pc_walk_rows (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch);
/* TRUE when @walk is pc_walk_rows and its chroma rows for @plan come as
 * pairs (PcRowWalk.pairs_row): not co-sited rows, nor co-sited columns
 * where the layout has a row of their own (cosited_chroma_row). */
gboolean pc_walk_rows_makes_pairs (const PcConvertPlan * plan, PcWalkFunc walk);

/* walk.c: TRUE when @walk writes the chroma of @plan's NV12 output as
 * pairs itself: pc_walk_rows where pc_walk_rows_makes_pairs () says so,
 * the 4:2:2 and 4:1:1 planar walks, the 4:4:4 one but for co-sited columns where
 * the plan's stores stream, and packed RGB's where the tier has RGB pairs
 * kernels of its own. */
gboolean pc_walk_makes_pairs (const PcConvertPlan * plan, PcWalkFunc walk);

/* walk-general.c */
void pc_walk_general (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch);

G_END_DECLS
#endif /* __PC_WALK_H__ */
