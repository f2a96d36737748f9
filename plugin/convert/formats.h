/* pooledconvert
 * The input formats: one row of the format table per format, naming its
 * layout (how its planes and pixels hold Y, U and V) and where its samples
 * are.  What a layout's own walk makes (its traits) is said once here too;
 * the route (route.h) decides from both.
 */

#ifndef __PC_FORMATS_H__
#define __PC_FORMATS_H__

#include <gst/video/video.h>

G_BEGIN_DECLS
/* How an input format holds its samples; each layout has one fused walk
 * (walk.h) and some a field walk for interlaced frames. */
    typedef enum
{
  PC_LAYOUT_COPY_420,           /* 4:2:0 planes: every plane copied */
  PC_LAYOUT_PLANAR_444,         /* 4:4:4 planes: chroma box-filtered 2x2 */
  PC_LAYOUT_PLANAR_422,         /* 4:2:2 planes: chroma averaged vertically */
  PC_LAYOUT_PLANAR_411,         /* 4:1:1 planes: the same, each average
                                 * taken twice */
  PC_LAYOUT_PACKED_RGB,         /* packed RGB: per row pair, its Y and chroma */
  PC_LAYOUT_SEMI_PLANAR_420,    /* Y plane, interleaved 4:2:0 chroma */
  PC_LAYOUT_SEMI_PLANAR_422,    /* Y plane, interleaved 4:2:2 chroma */
  PC_LAYOUT_SEMI_PLANAR_444,    /* Y plane, interleaved 4:4:4 chroma */
  PC_LAYOUT_PACKED_422,         /* Y, U and V bytes in 4-byte macropixels */
  PC_LAYOUT_PACKED_444,         /* Y, U and V bytes in 4-byte pixels */
  PC_LAYOUT_GRAY,               /* Y plane only: chroma 128 */
  PC_LAYOUT_GRAY_16,            /* the same, 16-bit samples */
  PC_LAYOUT_GRAY_WORDS,         /* the same, three 10-bit samples a 32-bit
                                 * word, unpacked to 16-bit ones */
  PC_LAYOUT_PLANAR_420_16,      /* 16-bit samples of these layouts */
  PC_LAYOUT_SEMI_PLANAR_420_16,
  PC_LAYOUT_PLANAR_422_16,
  PC_LAYOUT_PLANAR_444_16,
  PC_LAYOUT_PACKED_444_16,      /* Y, U and V words in 4-word pixels */
  PC_LAYOUT_GENERAL_444,        /* 4:4:4 YUV or RGB that only the general
                                 * walk reads (planar and 16-bit packed
                                 * RGB) */
  PC_LAYOUT_WORDS_444,          /* 10-bit R, G, B in a 32-bit word a pixel,
                                 * unpacked for the general walk */
  PC_LAYOUT_V210,               /* 10-bit 4:2:2, six pixels in four 32-bit
                                 * words, unpacked row by row */
  PC_N_LAYOUTS
} PcLayout;

/* One input format: its layout and where its samples are.  A new format is
 * a new row of these, not a new loop. */
typedef struct
{
  GstVideoFormat format;
  PcLayout layout;
  /* planar: the input plane that holds Y, U and V */
  guint planes[3];
  /* packed RGB: bytes per pixel and the byte of R, G and B in a pixel;
   * packed YUV: bytes per pixel and the byte of Y, U and V in a pixel (in
   * the 4-byte macropixel of two pixels for 4:2:2; the 16-bit word for
   * 16-bit samples);
   * semi-planar: 0 and the byte of U and V in an interleaved pair;
   * 32-bit words: 4 and the first bit of R, G and B in a pixel's word */
  guint pixel_stride;
  guint channels[3];
  /* 16-bit samples: the low bits dropped to reach 8 bits (2 for 10 bits
   * in the low bits, 4 for 12, 8 for samples in the high bits: P010's 10,
   * P012's 12, P016's 16) */
  guint drop_bits;
} PcFormatEntry;

/* Which input formats pc_convert_formats () lists. */
typedef enum
{
  PC_FORMATS_ALL,               /* every format the plan converts */
  PC_FORMATS_YUV,               /* YUV and grey, I420 excepted: the samples
                                 * keep their colorimetry */
  PC_FORMATS_RGB,               /* RGB: the output colorimetry picks the
                                 * matrix */
} PcFormatClass;

/* How an input format's chroma is laid out, for what the output can be. */
typedef enum
{
  PC_CHROMA_420,                /* kept as it is, or re-sited */
  PC_CHROMA_422,                /* rows filtered; columns re-sited */
  PC_CHROMA_444,                /* (or RGB) any siting the walks produce;
                                 * 4:1:1 too, each of whose samples covers
                                 * both columns of an output sample */
  PC_CHROMA_NONE,               /* grey: constant chroma, sited anywhere */
} PcChromaLayout;

typedef struct
{
  PcChromaLayout layout;
  /* three components (8 or 10 bits): the general walk serves it, so any
   * siting, interlaced fields and matrix or range changes */
  gboolean general;
  /* 4:4:4 or RGB whose own walk has kernels for co-sited columns (mpeg2)
   * as well as centred ones */
  gboolean cosited_columns;
  /* its own walk makes co-sited rows (v-cosited, cosited) of progressive
   * frames too: the 10-bit 4:4:4 and 4:2:2 walks; the others take the
   * general walk for them */
  gboolean cosited_rows;
} PcFormatTraits;

/* The row of the format table of @format, or NULL. */
const PcFormatEntry *pc_convert_find_format (GstVideoFormat format);

/* The traits of input @format; FALSE when the plan does not take it. */
gboolean pc_convert_format_traits (GstVideoFormat format,
    PcFormatTraits * traits);

/* The names of the input formats of @klass, NULL-terminated, in the order
 * of the format table: the one list the element's caps are built from. */
const gchar *const *pc_convert_formats (PcFormatClass klass);

G_END_DECLS
#endif /* __PC_FORMATS_H__ */
