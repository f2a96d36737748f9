/* pooledconvert
 * Output caps: chroma siting and colorimetry; see outputcaps.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "element/outputcaps.h"
#include "convert/siting.h"
#include "convert/convert.h"

gboolean
pc_structure_is_interlaced (const GstStructure * s)
{
  const gchar *mode = gst_structure_get_string (s, "interlace-mode");

  /* not fixed yet (a caps query): offer what progressive frames get;
   * set_info refuses fields the plan cannot take */
  return mode != NULL && strcmp (mode, "progressive") != 0;
}

/* The siting @s names, or the one GStreamer assumes for its size; FALSE
 * when neither is known (a size that is not fixed). */
static gboolean
structure_chroma_site (const GstStructure * s, GstVideoChromaSite * site)
{
  const gchar *name = gst_structure_get_string (s, "chroma-site");
  gint width, height;

  if (name != NULL) {
    *site = gst_video_chroma_site_from_string (name);
    return *site != GST_VIDEO_CHROMA_SITE_UNKNOWN;
  }
  if (gst_structure_has_field (s, "chroma-site") ||
      !gst_structure_get_int (s, "width", &width) ||
      !gst_structure_get_int (s, "height", &height))
    return FALSE;
  *site = pc_siting_default_for_size (width, height);
  return TRUE;
}

void
pc_video_info_read_chroma_site (GstVideoInfo * info, GstCaps * caps)
{
  GstVideoChromaSite site;

  if (gst_caps_get_size (caps) > 0 &&
      structure_chroma_site (gst_caps_get_structure (caps, 0), &site))
    GST_VIDEO_INFO_CHROMA_SITE (info) = site;
}

gboolean
pc_output_caps_offer (GstStructure * out, const GstStructure * in,
    GstVideoFormat in_format)
{
  GstVideoChromaSite in_site = GST_VIDEO_CHROMA_SITE_UNKNOWN;
  GstVideoChromaSite preferred = GST_VIDEO_CHROMA_SITE_UNKNOWN;
  GValue choices = G_VALUE_INIT;
  PcFormatTraits traits;
  gint width, height;

  if (!pc_convert_format_traits (in_format, &traits))
    return FALSE;
  if (traits.general || GST_VIDEO_FORMAT_INFO_IS_RGB (gst_video_format_get_info
          (in_format)))
    gst_structure_remove_field (out, "colorimetry");

  if (!structure_chroma_site (in, &in_site) &&
      (traits.layout == PC_CHROMA_420 || traits.layout == PC_CHROMA_422)) {
    /* not known yet: 4:2:0 keeps whatever it has, 4:2:2 is open */
    if (traits.layout == PC_CHROMA_422)
      gst_structure_remove_field (out, "chroma-site");
    return TRUE;
  }
  /* GStreamer's default for I420 of the size, for every format (a 4:2:2
   * input keeps its horizontal position: pc_siting_output_choices) */
  if (gst_structure_get_int (in, "width", &width) &&
      gst_structure_get_int (in, "height", &height))
    preferred = pc_siting_default_for_size (width, height);

  if (!pc_siting_output_choices (traits.layout, traits.general,
          traits.cosited_columns, traits.cosited_rows, in_site,
          pc_structure_is_interlaced (in), preferred, &choices))
    return FALSE;
  gst_structure_take_value (out, "chroma-site", &choices);
  return TRUE;
}

/* The value of @field in downstream's first structure, when it is fixed. */
static const gchar *
downstream_string (GstCaps * peer_caps, const gchar * field)
{
  /* empty, or ANY (a downstream that takes everything): nothing named */
  if (peer_caps == NULL || gst_caps_get_size (peer_caps) == 0)
    return NULL;
  return gst_structure_get_string (gst_caps_get_structure (peer_caps, 0),
      field);
}

/* Fixes @field of @out: to downstream's value when it is fixed and one
 * @out allows, else towards @preferred. */
static void
fixate_string (GstStructure * out, const gchar * field, GstCaps * peer_caps,
    const gchar * preferred)
{
  const gchar *wanted = downstream_string (peer_caps, field);
  const GValue *value = gst_structure_get_value (out, field);

  if (value == NULL) {
    gst_structure_set (out, field, G_TYPE_STRING, wanted ? wanted : preferred,
        NULL);
    return;
  }
  if (wanted != NULL && !G_VALUE_HOLDS_STRING (value)) {
    GValue v = G_VALUE_INIT;

    g_value_init (&v, G_TYPE_STRING);
    g_value_set_string (&v, wanted);
    if (gst_value_can_intersect (&v, value)) {
      gst_structure_take_value (out, field, &v);
      return;
    }
    g_value_unset (&v);
  }
  gst_structure_fixate_field_string (out, field, preferred);
}

void
pc_output_caps_fixate (GstStructure * out, GstCaps * in_caps,
    GstCaps * peer_caps)
{
  GstVideoInfo in_info, default_info;
  GstVideoColorimetry colorimetry;
  PcFormatTraits traits;
  gchar *site, *colorimetry_name;

  if (!gst_video_info_from_caps (&in_info, in_caps))
    return;
  pc_video_info_read_chroma_site (&in_info, in_caps);
  if (!gst_video_info_set_format (&default_info, GST_VIDEO_FORMAT_I420,
          GST_VIDEO_INFO_WIDTH (&in_info), GST_VIDEO_INFO_HEIGHT (&in_info)))
    return;

  /* a 4:2:0 input keeps its siting; others GStreamer's default for the
   * size (the offer already left only what the walk makes) */
  if (!pc_convert_format_traits (GST_VIDEO_INFO_FORMAT (&in_info), &traits))
    return;
  site = gst_video_chroma_site_to_string (traits.layout == PC_CHROMA_420 ?
      GST_VIDEO_INFO_CHROMA_SITE (&in_info) :
      pc_siting_default_for_size (GST_VIDEO_INFO_WIDTH (&in_info),
          GST_VIDEO_INFO_HEIGHT (&in_info)));
  fixate_string (out, "chroma-site", peer_caps, site);
  g_free (site);

  /* YUV keeps its colorimetry; RGB gets the default matrix and range of
   * the size, with its own transfer function and primaries */
  colorimetry = GST_VIDEO_INFO_COLORIMETRY (&in_info);
  if (GST_VIDEO_INFO_IS_RGB (&in_info)) {
    colorimetry.matrix = default_info.colorimetry.matrix;
    colorimetry.range = default_info.colorimetry.range;
  }
  colorimetry_name = gst_video_colorimetry_to_string (&colorimetry);
  fixate_string (out, "colorimetry", peer_caps, colorimetry_name);
  g_free (colorimetry_name);
}
