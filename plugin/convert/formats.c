/* pooledconvert
 * The format table and what each layout's own walk makes; see formats.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/formats.h"

static const PcFormatEntry format_table[] = {
  /* only reached when passthrough is off for equal I420 caps */
  {GST_VIDEO_FORMAT_I420, PC_LAYOUT_COPY_420, {0, 1, 2}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_YV12, PC_LAYOUT_COPY_420, {0, 2, 1}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_NV12, PC_LAYOUT_SEMI_PLANAR_420, {0, 1, 1}, 0, {0, 0, 1}},
  {GST_VIDEO_FORMAT_NV21, PC_LAYOUT_SEMI_PLANAR_420, {0, 1, 1}, 0, {0, 1, 0}},
  {GST_VIDEO_FORMAT_YUY2, PC_LAYOUT_PACKED_422, {0, 0, 0}, 2, {0, 1, 3}},
  {GST_VIDEO_FORMAT_UYVY, PC_LAYOUT_PACKED_422, {0, 0, 0}, 2, {1, 0, 2}},
  {GST_VIDEO_FORMAT_YVYU, PC_LAYOUT_PACKED_422, {0, 0, 0}, 2, {0, 3, 1}},
  {GST_VIDEO_FORMAT_Y42B, PC_LAYOUT_PLANAR_422, {0, 1, 2}, 0, {0, 0, 0}},
  /* DV (NTSC) decoders */
  {GST_VIDEO_FORMAT_Y41B, PC_LAYOUT_PLANAR_411, {0, 1, 2}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_NV16, PC_LAYOUT_SEMI_PLANAR_422, {0, 1, 1}, 0, {0, 0, 1}},
  {GST_VIDEO_FORMAT_NV61, PC_LAYOUT_SEMI_PLANAR_422, {0, 1, 1}, 0, {0, 1, 0}},
  {GST_VIDEO_FORMAT_Y444, PC_LAYOUT_PLANAR_444, {0, 1, 2}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_NV24, PC_LAYOUT_SEMI_PLANAR_444, {0, 1, 1}, 0, {0, 0, 1}},
  {GST_VIDEO_FORMAT_AYUV, PC_LAYOUT_PACKED_444, {0, 0, 0}, 4, {1, 2, 3}},
  {GST_VIDEO_FORMAT_VUYA, PC_LAYOUT_PACKED_444, {0, 0, 0}, 4, {2, 1, 0}},
  {GST_VIDEO_FORMAT_GRAY8, PC_LAYOUT_GRAY, {0, 0, 0}, 0, {0, 0, 0}},
  /* depth and thermal cameras, FFV1 */
  {GST_VIDEO_FORMAT_GRAY16_LE, PC_LAYOUT_GRAY_16, {0, 0, 0}, 0, {0, 0, 0},
      8},
  {GST_VIDEO_FORMAT_I420_10LE, PC_LAYOUT_PLANAR_420_16, {0, 1, 2}, 0,
      {0, 0, 0}, 2},
  {GST_VIDEO_FORMAT_P010_10LE, PC_LAYOUT_SEMI_PLANAR_420_16, {0, 1, 1}, 0,
      {0, 0, 1}, 8},
  {GST_VIDEO_FORMAT_I422_10LE, PC_LAYOUT_PLANAR_422_16, {0, 1, 2}, 0,
      {0, 0, 0}, 2},
  {GST_VIDEO_FORMAT_Y444_10LE, PC_LAYOUT_PLANAR_444_16, {0, 1, 2}, 0,
      {0, 0, 0}, 2},
  /* decoders' other depths: 12 bits in the low bits, 12 or 16 in the high
   * bits (the top 8 are what P010 reads) */
  {GST_VIDEO_FORMAT_I420_12LE, PC_LAYOUT_PLANAR_420_16, {0, 1, 2}, 0,
      {0, 0, 0}, 4},
  {GST_VIDEO_FORMAT_P012_LE, PC_LAYOUT_SEMI_PLANAR_420_16, {0, 1, 1}, 0,
      {0, 0, 1}, 8},
  {GST_VIDEO_FORMAT_P016_LE, PC_LAYOUT_SEMI_PLANAR_420_16, {0, 1, 1}, 0,
      {0, 0, 1}, 8},
  {GST_VIDEO_FORMAT_I422_12LE, PC_LAYOUT_PLANAR_422_16, {0, 1, 2}, 0,
      {0, 0, 0}, 4},
  {GST_VIDEO_FORMAT_Y444_12LE, PC_LAYOUT_PLANAR_444_16, {0, 1, 2}, 0,
      {0, 0, 0}, 4},
  /* planar RGB (libx264rgb, FFV1, VP9 4:4:4 RGB): G, B and R planes */
  {GST_VIDEO_FORMAT_GBR, PC_LAYOUT_GENERAL_444, {2, 0, 1}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_GBR_10LE, PC_LAYOUT_GENERAL_444, {2, 0, 1}, 0, {0, 0, 0},
      2},
  {GST_VIDEO_FORMAT_GBR_12LE, PC_LAYOUT_GENERAL_444, {2, 0, 1}, 0, {0, 0, 0},
      4},
  /* alpha ignored, as for RGBA: the alpha plane is never read */
  {GST_VIDEO_FORMAT_GBRA, PC_LAYOUT_GENERAL_444, {2, 0, 1}, 0, {0, 0, 0}},
  /* 16 bits a component, packed (16-bit PNG, ProRes 4444 XQ, capture):
   * the general walk reads each component where the format info says */
  {GST_VIDEO_FORMAT_ARGB64, PC_LAYOUT_GENERAL_444, {0, 0, 0}, 8, {1, 2, 3},
      8},
  {GST_VIDEO_FORMAT_RGBA64_LE, PC_LAYOUT_GENERAL_444, {0, 0, 0}, 8, {0, 1, 2},
      8},
  {GST_VIDEO_FORMAT_AYUV64, PC_LAYOUT_PACKED_444_16, {0, 0, 0}, 8, {1, 2, 3},
      8},
  /* 10 bits a component in 32-bit words (screen capture, 10-bit displays;
   * SDI capture cards' v210) */
  {GST_VIDEO_FORMAT_RGB10A2_LE, PC_LAYOUT_WORDS_444, {0, 0, 0}, 4,
      {0, 10, 20}},
  {GST_VIDEO_FORMAT_BGR10A2_LE, PC_LAYOUT_WORDS_444, {0, 0, 0}, 4,
      {20, 10, 0}},
  {GST_VIDEO_FORMAT_v210, PC_LAYOUT_V210, {0, 0, 0}, 0, {0, 0, 0}, 2},
  /* 10-bit grey three to a word (machine-vision cameras): unpacked to
   * GRAY16_LE's scale, so its bits dropped are GRAY16_LE's */
  {GST_VIDEO_FORMAT_GRAY10_LE32, PC_LAYOUT_GRAY_WORDS, {0, 0, 0}, 0,
      {0, 0, 0}, 8},
  {GST_VIDEO_FORMAT_A420, PC_LAYOUT_COPY_420, {0, 1, 2}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_A422_10LE, PC_LAYOUT_PLANAR_422_16, {0, 1, 2}, 0,
      {0, 0, 0}, 2},
  {GST_VIDEO_FORMAT_A444_10LE, PC_LAYOUT_PLANAR_444_16, {0, 1, 2}, 0,
      {0, 0, 0}, 2},
  {GST_VIDEO_FORMAT_RGBA, PC_LAYOUT_PACKED_RGB, {0, 0, 0}, 4, {0, 1, 2}},
  {GST_VIDEO_FORMAT_RGBx, PC_LAYOUT_PACKED_RGB, {0, 0, 0}, 4, {0, 1, 2}},
  {GST_VIDEO_FORMAT_BGRA, PC_LAYOUT_PACKED_RGB, {0, 0, 0}, 4, {2, 1, 0}},
  {GST_VIDEO_FORMAT_BGRx, PC_LAYOUT_PACKED_RGB, {0, 0, 0}, 4, {2, 1, 0}},
  {GST_VIDEO_FORMAT_ARGB, PC_LAYOUT_PACKED_RGB, {0, 0, 0}, 4, {1, 2, 3}},
  {GST_VIDEO_FORMAT_xRGB, PC_LAYOUT_PACKED_RGB, {0, 0, 0}, 4, {1, 2, 3}},
  {GST_VIDEO_FORMAT_ABGR, PC_LAYOUT_PACKED_RGB, {0, 0, 0}, 4, {3, 2, 1}},
  {GST_VIDEO_FORMAT_xBGR, PC_LAYOUT_PACKED_RGB, {0, 0, 0}, 4, {3, 2, 1}},
  {GST_VIDEO_FORMAT_RGB, PC_LAYOUT_PACKED_RGB, {0, 0, 0}, 3, {0, 1, 2}},
  {GST_VIDEO_FORMAT_BGR, PC_LAYOUT_PACKED_RGB, {0, 0, 0}, 3, {2, 1, 0}},
};

/* What each layout's own walk makes besides centred 4:2:0 chroma: which
 * chroma it reads, co-sited columns ([1 2 1] kernels: 4:4:4 and every RGB
 * order) and co-sited rows (the 10-bit walks, through the siting's row
 * taps; packed RGB, through kernels of three rows).  The walks (walk.h) hold the kernels that make them. */
typedef struct
{
  PcChromaLayout chroma;
  gboolean cosited_columns;
  gboolean cosited_rows;
} PcLayoutTraits;

static const PcLayoutTraits layout_traits[PC_N_LAYOUTS] = {
  [PC_LAYOUT_COPY_420] = {PC_CHROMA_420, FALSE, FALSE},
  [PC_LAYOUT_PLANAR_444] = {PC_CHROMA_444, TRUE, FALSE},
  [PC_LAYOUT_PLANAR_422] = {PC_CHROMA_422, FALSE, FALSE},
  /* the same sample for a centred and a co-sited output column */
  [PC_LAYOUT_PLANAR_411] = {PC_CHROMA_444, TRUE, FALSE},
  [PC_LAYOUT_PACKED_RGB] = {PC_CHROMA_444, TRUE, TRUE},
  [PC_LAYOUT_SEMI_PLANAR_420] = {PC_CHROMA_420, FALSE, FALSE},
  [PC_LAYOUT_SEMI_PLANAR_422] = {PC_CHROMA_422, FALSE, FALSE},
  [PC_LAYOUT_SEMI_PLANAR_444] = {PC_CHROMA_444, TRUE, FALSE},
  [PC_LAYOUT_PACKED_422] = {PC_CHROMA_422, FALSE, FALSE},
  [PC_LAYOUT_PACKED_444] = {PC_CHROMA_444, TRUE, FALSE},
  [PC_LAYOUT_GRAY] = {PC_CHROMA_NONE, FALSE, FALSE},
  [PC_LAYOUT_GRAY_16] = {PC_CHROMA_NONE, FALSE, FALSE},
  [PC_LAYOUT_GRAY_WORDS] = {PC_CHROMA_NONE, FALSE, FALSE},
  [PC_LAYOUT_PLANAR_420_16] = {PC_CHROMA_420, FALSE, FALSE},
  [PC_LAYOUT_SEMI_PLANAR_420_16] = {PC_CHROMA_420, FALSE, FALSE},
  [PC_LAYOUT_PLANAR_422_16] = {PC_CHROMA_422, FALSE, TRUE},
  [PC_LAYOUT_PLANAR_444_16] = {PC_CHROMA_444, TRUE, TRUE},
  [PC_LAYOUT_PACKED_444_16] = {PC_CHROMA_444, TRUE, FALSE},
  [PC_LAYOUT_GENERAL_444] = {PC_CHROMA_444, FALSE, FALSE},
  [PC_LAYOUT_WORDS_444] = {PC_CHROMA_444, FALSE, FALSE},
  [PC_LAYOUT_V210] = {PC_CHROMA_422, FALSE, FALSE},
};

const PcFormatEntry *
pc_convert_find_format (GstVideoFormat format)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (format_table); i++) {
    if (format_table[i].format == format)
      return &format_table[i];
  }
  return NULL;
}

gboolean
pc_convert_format_traits (GstVideoFormat format, PcFormatTraits * traits)
{
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (format);
  const PcFormatEntry *entry = pc_convert_find_format (format);
  const PcLayoutTraits *layout;

  if (entry == NULL)
    return FALSE;
  layout = &layout_traits[entry->layout];
  traits->layout = layout->chroma;
  traits->general = GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo) >= 3;
  traits->cosited_columns = layout->cosited_columns;
  traits->cosited_rows = layout->cosited_rows;
  return TRUE;
}

static PcFormatClass
format_class (const PcFormatEntry * entry)
{
  if (GST_VIDEO_FORMAT_INFO_IS_RGB (gst_video_format_get_info (entry->format)))
    return PC_FORMATS_RGB;
  if (entry->format == GST_VIDEO_FORMAT_I420)
    return PC_FORMATS_ALL;
  return PC_FORMATS_YUV;
}

const gchar *const *
pc_convert_formats (PcFormatClass klass)
{
  static const gchar *lists[3][G_N_ELEMENTS (format_table) + 1];
  static gsize filled = 0;

  g_return_val_if_fail (klass <= PC_FORMATS_RGB, NULL);

  if (g_once_init_enter (&filled)) {
    guint n[3] = { 0, 0, 0 }, i;

    for (i = 0; i < G_N_ELEMENTS (format_table); i++) {
      const gchar *name = gst_video_format_to_string (format_table[i].format);
      PcFormatClass c = format_class (&format_table[i]);

      lists[PC_FORMATS_ALL][n[PC_FORMATS_ALL]++] = name;
      if (c != PC_FORMATS_ALL)
        lists[c][n[c]++] = name;
    }
    g_once_init_leave (&filled, 1);
  }
  return lists[klass];
}
