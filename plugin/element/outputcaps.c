/* pooledconvert
 * What the caps offer, both ways, as pc_convert_route () decides it:
 * chroma siting, colorimetry and interlacing; see outputcaps.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "element/outputcaps.h"
#include "convert/siting.h"
#include "convert/convert.h"
#include "convert/output.h"

gboolean
pc_structure_is_interlaced (const GstStructure * s)
{
  const gchar *mode = gst_structure_get_string (s, "interlace-mode");

  /* not fixed yet (a caps query): offer what progressive frames get;
   * fixed caps are checked when they come (accept_caps) */
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

/* The sitings the element produces, in the order it prefers them when
 * GStreamer's default for the size is not among those a route takes. */
static const GstVideoChromaSite produced_sites[] = {
  GST_VIDEO_CHROMA_SITE_JPEG, GST_VIDEO_CHROMA_SITE_MPEG2,
  GST_VIDEO_CHROMA_SITE_V_COSITED, GST_VIDEO_CHROMA_SITE_COSITED,
};

/* A few chroma sitings, each once. */
typedef struct
{
  GstVideoChromaSite site[G_N_ELEMENTS (produced_sites) + 4];
  guint n;
} SiteList;

static gboolean
site_list_has (const SiteList * list, GstVideoChromaSite site)
{
  guint i;

  for (i = 0; i < list->n; i++) {
    if (list->site[i] == site)
      return TRUE;
  }
  return FALSE;
}

static void
site_list_add (SiteList * list, GstVideoChromaSite site)
{
  if (!site_list_has (list, site) && list->n < G_N_ELEMENTS (list->site))
    list->site[list->n++] = site;
}

static gboolean
site_lists_equal (const SiteList * a, const SiteList * b)
{
  guint i;

  if (a->n != b->n)
    return FALSE;
  for (i = 0; i < a->n; i++) {
    if (!site_list_has (b, a->site[i]))
      return FALSE;
  }
  return TRUE;
}

/* The produced sitings, then @extra (a siting a 4:2:0 input keeps). */
static void
site_list_candidates (SiteList * list, GstVideoChromaSite extra)
{
  guint i;

  list->n = 0;
  for (i = 0; i < G_N_ELEMENTS (produced_sites); i++)
    site_list_add (list, produced_sites[i]);
  if (extra != GST_VIDEO_CHROMA_SITE_UNKNOWN)
    site_list_add (list, extra);
}

/* The sitings field @name of @s allows (a string or a list of them);
 * FALSE when it does not name any (absent, or not strings). */
static gboolean
site_list_from_field (SiteList * list, const GstStructure * s,
    const gchar * name)
{
  const GValue *value = gst_structure_get_value (s, name);
  guint i;

  list->n = 0;
  if (value != NULL && G_VALUE_HOLDS_STRING (value)) {
    site_list_add (list,
        gst_video_chroma_site_from_string (g_value_get_string (value)));
  } else if (value != NULL && GST_VALUE_HOLDS_LIST (value)) {
    for (i = 0; i < gst_value_list_get_size (value); i++) {
      const GValue *v = gst_value_list_get_value (value, i);

      if (G_VALUE_HOLDS_STRING (v))
        site_list_add (list,
            gst_video_chroma_site_from_string (g_value_get_string (v)));
    }
  }
  return list->n > 0;
}

static void
append_site_name (GValue * list, GstVideoChromaSite site)
{
  GValue name = G_VALUE_INIT;

  g_value_init (&name, G_TYPE_STRING);
  g_value_take_string (&name, gst_video_chroma_site_to_string (site));
  gst_value_list_append_and_take_value (list, &name);
}

/* Sets @field of @s to the sitings of @list (one: a string, more: a list),
 * @preferred first when it is one of them. */
static void
set_sites (GstStructure * s, const gchar * field, const SiteList * list,
    GstVideoChromaSite preferred)
{
  GValue value = G_VALUE_INIT;
  guint i;

  if (list->n == 1) {
    g_value_init (&value, G_TYPE_STRING);
    g_value_take_string (&value,
        gst_video_chroma_site_to_string (list->site[0]));
    gst_structure_take_value (s, field, &value);
    return;
  }
  gst_value_list_init (&value, list->n);
  if (site_list_has (list, preferred))
    append_site_name (&value, preferred);
  for (i = 0; i < list->n; i++) {
    if (list->site[i] != preferred)
      append_site_name (&value, list->site[i]);
  }
  gst_structure_take_value (s, field, &value);
}

/* The output keeps the input's colorimetry: the one the input names, or
 * GStreamer's default for its format and size (what the plan will read
 * from the caps); left open when the size is not fixed yet. */
static void
keep_colorimetry (GstStructure * out, const GstStructure * in,
    GstVideoFormat in_format)
{
  GstVideoInfo info;
  gint width, height;
  gchar *name;

  if (gst_structure_has_field (in, "colorimetry") ||
      !gst_structure_get_int (in, "width", &width) ||
      !gst_structure_get_int (in, "height", &height) ||
      !gst_video_info_set_format (&info, in_format, width, height))
    return;
  name = gst_video_colorimetry_to_string (&GST_VIDEO_INFO_COLORIMETRY (&info));
  if (name != NULL)
    gst_structure_set (out, "colorimetry", G_TYPE_STRING, name, NULL);
  g_free (name);
}

/* Whether a route takes @request from @in_site to @out_site. */
static gboolean
routes (PcRouteRequest * request, GstVideoChromaSite in_site,
    GstVideoChromaSite out_site)
{
  PcRoute route;

  request->in_site = in_site;
  request->out_site = out_site;
  return pc_convert_route (request, &route, NULL);
}

/* Whether a route takes @request from @in_site to a siting of @targets. */
static gboolean
routes_to_any (PcRouteRequest * request, GstVideoChromaSite in_site,
    const SiteList * targets)
{
  guint i;

  for (i = 0; i < targets->n; i++) {
    if (routes (request, in_site, targets->site[i]))
      return TRUE;
  }
  return FALSE;
}

/* The formats the element makes of @in_format, in the order fixate
 * prefers them (pc_output_formats_for ()). */
static void
set_output_formats (GstStructure * out, GstVideoFormat in_format)
{
  const gchar *const *names = pc_output_formats_for (in_format);
  GValue list = G_VALUE_INIT;
  guint i;

  gst_value_list_init (&list, g_strv_length ((gchar **) names));
  for (i = 0; names[i] != NULL; i++) {
    GValue value = G_VALUE_INIT;

    g_value_init (&value, G_TYPE_STRING);
    g_value_set_static_string (&value, names[i]);
    gst_value_list_append_and_take_value (&list, &value);
  }
  gst_structure_take_value (out, "format", &list);
}

/* Whether @s may have format @name (no format field: any). */
static gboolean
may_be_format (const GstStructure * s, const gchar * name)
{
  const GValue *format = gst_structure_get_value (s, "format");
  GValue value = G_VALUE_INIT;
  gboolean may;

  if (format == NULL)
    return TRUE;
  g_value_init (&value, G_TYPE_STRING);
  g_value_set_static_string (&value, name);
  may = gst_value_intersect (NULL, &value, format);
  g_value_unset (&value);
  return may;
}

/* Whether @out may have a format the element makes of @in_format. */
static gboolean
may_be_made_of (const GstStructure * out, GstVideoFormat in_format)
{
  const gchar *const *names = pc_output_formats_for (in_format);
  guint i;

  for (i = 0; names[i] != NULL; i++)
    if (may_be_format (out, names[i]))
      return TRUE;
  return FALSE;
}

GstCaps *
pc_output_caps_offer (const GstStructure * in, GstVideoFormat in_format)
{
  GstVideoChromaSite in_site = GST_VIDEO_CHROMA_SITE_UNKNOWN;
  GstVideoChromaSite preferred = GST_VIDEO_CHROMA_SITE_UNKNOWN;
  PcRouteRequest request = { in_format, pc_structure_is_interlaced (in) };
  SiteList candidates, kept, changed;
  gboolean rgb = GST_VIDEO_FORMAT_INFO_IS_RGB (gst_video_format_get_info
      (in_format));
  GstCaps *offer = gst_caps_new_empty ();
  GstStructure *out;
  PcFormatTraits traits;
  gint width, height;
  guint i;

  if (!pc_convert_format_traits (in_format, &traits))
    return offer;
  out = gst_structure_copy (in);
  set_output_formats (out, in_format);

  if (!structure_chroma_site (in, &in_site) &&
      (traits.layout == PC_CHROMA_420 || traits.layout == PC_CHROMA_422)) {
    /* not known yet (a caps query): 4:2:0 keeps whatever it has, 4:2:2 is
     * open; the sitings are checked when the caps are fixed */
    if (traits.layout == PC_CHROMA_422)
      gst_structure_remove_field (out, "chroma-site");
    if (traits.general || rgb)
      gst_structure_remove_field (out, "colorimetry");
    gst_caps_append_structure (offer, out);
    return offer;
  }
  /* GStreamer's default for I420 of the size, for every format (a 4:2:2
   * input keeps its horizontal position, so it may not be among them) */
  if (gst_structure_get_int (in, "width", &width) &&
      gst_structure_get_int (in, "height", &height))
    preferred = pc_siting_default_for_size (width, height);

  /* each siting with the input's matrix and range kept, and changed */
  site_list_candidates (&candidates,
      traits.layout == PC_CHROMA_420 ? in_site : GST_VIDEO_CHROMA_SITE_UNKNOWN);
  kept.n = changed.n = 0;
  for (i = 0; i < candidates.n; i++) {
    request.matrix_change = FALSE;
    if (routes (&request, in_site, candidates.site[i]))
      site_list_add (&kept, candidates.site[i]);
    request.matrix_change = TRUE;
    if (routes (&request, in_site, candidates.site[i]))
      site_list_add (&changed, candidates.site[i]);
  }

  if (kept.n == 0 && changed.n == 0) {
    gst_structure_free (out);
    return offer;
  }
  /* RGB: the output colorimetry picks the matrix, so it is always open;
   * YUV: open where a change of matrix or range is made for the same
   * sitings, else the input's (and, should a route take a change only
   * for some sitings, those with the colorimetry open as well) */
  if (rgb || site_lists_equal (&kept, &changed)) {
    gst_structure_remove_field (out, "colorimetry");
    set_sites (out, "chroma-site", &kept, preferred);
    gst_caps_append_structure (offer, out);
    return offer;
  }
  if (kept.n > 0) {
    GstStructure *as_is = gst_structure_copy (out);

    keep_colorimetry (as_is, in, in_format);
    set_sites (as_is, "chroma-site", &kept, preferred);
    gst_caps_append_structure (offer, as_is);
  }
  if (changed.n > 0) {
    gst_structure_remove_field (out, "colorimetry");
    set_sites (out, "chroma-site", &changed, preferred);
    gst_caps_append_structure (offer, out);
  } else {
    gst_structure_free (out);
  }
  return offer;
}

GstCaps *
pc_input_caps_for (const GstStructure * out, GstVideoFormat in_format)
{
  /* progressive (k = 0) and interlaced frames */
  static const gchar *const frames[2] = {
    "video/x-raw, interlace-mode=(string)progressive",
    "video/x-raw, interlace-mode=(string){ interleaved, mixed }",
  };
  PcRouteRequest request = { in_format };
  SiteList targets, candidates, in_sites[2];
  GstCaps *inputs = gst_caps_new_empty ();
  gboolean targets_named, own_site, name_sites;
  GstStructure *base;
  PcFormatTraits traits;
  guint k, i;

  if (!pc_convert_format_traits (in_format, &traits) ||
      !may_be_made_of (out, in_format))
    return inputs;
  targets_named = site_list_from_field (&targets, out, "chroma-site");
  if (!targets_named)
    site_list_candidates (&targets, GST_VIDEO_CHROMA_SITE_UNKNOWN);
  /* 4:2:0 and 4:2:2 inputs: their siting matters, and may be one that
   * downstream names (a 4:2:0 siting kept); the others' is not read */
  own_site = traits.layout == PC_CHROMA_420 || traits.layout == PC_CHROMA_422;
  candidates.n = 1;
  candidates.site[0] = GST_VIDEO_CHROMA_SITE_UNKNOWN;
  if (own_site) {
    site_list_candidates (&candidates, GST_VIDEO_CHROMA_SITE_UNKNOWN);
    for (i = 0; targets_named && i < targets.n; i++)
      site_list_add (&candidates, targets.site[i]);
  }
  /* the input's matrix and range are not known here: taken as kept */
  for (k = 0; k < 2; k++) {
    request.interlaced = k == 1;
    in_sites[k].n = 0;
    for (i = 0; i < candidates.n; i++) {
      if (routes_to_any (&request, candidates.site[i], &targets))
        site_list_add (&in_sites[k], candidates.site[i]);
    }
  }

  base = gst_structure_copy (out);
  gst_structure_set (base, "format", G_TYPE_STRING,
      gst_video_format_to_string (in_format), NULL);
  gst_structure_remove_fields (base, "colorimetry", "chroma-site", NULL);
  /* with downstream's sitings named, the input's are among those that
   * reach them; else any (checked when the caps are fixed) */
  name_sites = targets_named && own_site;

  if (in_sites[0].n > 0 && in_sites[1].n > 0 && (!name_sites ||
          site_lists_equal (&in_sites[0], &in_sites[1]))) {
    if (name_sites)
      set_sites (base, "chroma-site", &in_sites[0],
          GST_VIDEO_CHROMA_SITE_UNKNOWN);
    gst_caps_append_structure (inputs, base);
    return inputs;
  }
  for (k = 0; k < 2; k++) {
    GstStructure *filter, *s;

    if (in_sites[k].n == 0)
      continue;
    filter = gst_structure_from_string (frames[k], NULL);
    s = gst_structure_intersect (base, filter);
    gst_structure_free (filter);
    if (s == NULL)
      continue;
    if (name_sites)
      set_sites (s, "chroma-site", &in_sites[k], GST_VIDEO_CHROMA_SITE_UNKNOWN);
    gst_caps_append_structure (inputs, s);
  }
  gst_structure_free (base);
  return inputs;
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

GstCaps *
pc_output_caps_prefer (GstCaps * caps, GstVideoFormat in_format)
{
  const gchar *const *names = pc_output_formats_for (in_format);
  guint i, k, n = gst_caps_get_size (caps);

  for (k = 0; names[k] != NULL; k++)
    for (i = 0; i < n; i++) {
      if (!may_be_format (gst_caps_get_structure (caps, i), names[k]))
        continue;
      if (i == 0)
        return caps;
      caps = gst_caps_make_writable (caps);
      return gst_caps_merge (gst_caps_copy_nth (caps, i), caps);
    }
  return caps;
}

void
pc_output_caps_fixate (GstStructure * out, GstCaps * in_caps,
    GstCaps * peer_caps)
{
  GstVideoInfo in_info, default_info;
  GstVideoChromaSite in_site, preferred;
  GstVideoColorimetry colorimetry;
  PcFormatTraits traits;
  gchar *site, *colorimetry_name;

  if (!gst_video_info_from_caps (&in_info, in_caps))
    return;
  if (gst_structure_has_field (out, "format")) {
    const gchar *const *names =
        pc_output_formats_for (GST_VIDEO_INFO_FORMAT (&in_info));
    guint i;

    for (i = 0; names[i] != NULL; i++)
      if (may_be_format (out, names[i])) {
        gst_structure_fixate_field_string (out, "format", names[i]);
        break;
      }
  }
  pc_video_info_read_chroma_site (&in_info, in_caps);
  if (!gst_video_info_set_format (&default_info, GST_VIDEO_FORMAT_I420,
          GST_VIDEO_INFO_WIDTH (&in_info), GST_VIDEO_INFO_HEIGHT (&in_info)))
    return;

  /* a 4:2:0 input keeps its siting, a 4:2:2 one its horizontal position
   * with the default's rows; others GStreamer's default for the size:
   * chroma is re-sited only where downstream asks for it */
  if (!pc_convert_format_traits (GST_VIDEO_INFO_FORMAT (&in_info), &traits))
    return;
  preferred = pc_siting_default_for_size (GST_VIDEO_INFO_WIDTH (&in_info),
      GST_VIDEO_INFO_HEIGHT (&in_info));
  in_site = GST_VIDEO_INFO_CHROMA_SITE (&in_info);
  if (traits.layout == PC_CHROMA_420)
    preferred = in_site;
  else if (traits.layout == PC_CHROMA_422 &&
      (preferred & GST_VIDEO_CHROMA_SITE_H_COSITED) !=
      (in_site & GST_VIDEO_CHROMA_SITE_H_COSITED))
    preferred = (in_site & GST_VIDEO_CHROMA_SITE_H_COSITED) ?
        GST_VIDEO_CHROMA_SITE_MPEG2 : GST_VIDEO_CHROMA_SITE_JPEG;
  site = gst_video_chroma_site_to_string (preferred);
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

/* The string @value holds, or the first of its list. */
static const gchar *
first_string (const GValue * value)
{
  if (value != NULL && GST_VALUE_HOLDS_LIST (value) &&
      gst_value_list_get_size (value) > 0)
    value = gst_value_list_get_value (value, 0);
  return value != NULL && G_VALUE_HOLDS_STRING (value) ?
      g_value_get_string (value) : NULL;
}

gchar *
pc_output_caps_refusal (GstCaps * in_caps, GstCaps * peer_caps)
{
  const GstStructure *wanted = NULL;
  const gchar *colorimetry = NULL, *reason = NULL, *why;
  GstVideoFormat out_format = GST_VIDEO_FORMAT_I420;
  gchar *site, *colorimetry_name, *text;
  GstVideoInfo in_info, out_info;
  PcFormatTraits traits;
  PcRouteRequest request;
  SiteList targets;
  PcRoute route;
  guint i;

  if (!gst_video_info_from_caps (&in_info, in_caps) ||
      !pc_convert_format_traits (GST_VIDEO_INFO_FORMAT (&in_info), &traits))
    return NULL;
  pc_video_info_read_chroma_site (&in_info, in_caps);

  /* what downstream names; what it leaves open, as the input has it (a
   * siting: each the element might pick), I420 for the format */
  if (peer_caps != NULL && gst_caps_get_size (peer_caps) > 0)
    wanted = gst_caps_get_structure (peer_caps, 0);
  if (wanted != NULL) {
    const gchar *format = first_string (gst_structure_get_value (wanted,
            "format"));

    colorimetry = first_string (gst_structure_get_value (wanted,
            "colorimetry"));
    if (format != NULL &&
        pc_output_format_supported (gst_video_format_from_string (format)))
      out_format = gst_video_format_from_string (format);
  }
  if (!gst_video_info_set_interlaced_format (&out_info, out_format,
          GST_VIDEO_INFO_INTERLACE_MODE (&in_info),
          GST_VIDEO_INFO_WIDTH (&in_info), GST_VIDEO_INFO_HEIGHT (&in_info)))
    return NULL;
  if (colorimetry == NULL || !gst_video_colorimetry_from_string
      (&GST_VIDEO_INFO_COLORIMETRY (&out_info), colorimetry))
    GST_VIDEO_INFO_COLORIMETRY (&out_info) =
        GST_VIDEO_INFO_COLORIMETRY (&in_info);
  if (wanted == NULL || !site_list_from_field (&targets, wanted, "chroma-site")) {
    /* the one fixate_caps would pick first, then the others */
    SiteList all;

    site_list_candidates (&all, GST_VIDEO_INFO_CHROMA_SITE (&in_info));
    targets.n = 0;
    site_list_add (&targets, traits.layout == PC_CHROMA_420 ?
        GST_VIDEO_INFO_CHROMA_SITE (&in_info) :
        GST_VIDEO_INFO_CHROMA_SITE (&out_info));
    for (i = 0; i < all.n; i++)
      site_list_add (&targets, all.site[i]);
  }

  /* the first reason, unless some siting is taken */
  for (i = 0; i < targets.n; i++) {
    GST_VIDEO_INFO_CHROMA_SITE (&out_info) = targets.site[i];
    pc_route_request_init (&request, &in_info, &out_info);
    if (pc_convert_route (&request, &route, &why))
      return NULL;
    if (reason == NULL)
      reason = why;
  }
  /* what the input is, where its caps leave it to GStreamer's defaults
   * (the siting only where it is kept: 4:2:0 and 4:2:2) */
  site = traits.layout == PC_CHROMA_420 || traits.layout == PC_CHROMA_422 ?
      gst_video_chroma_site_to_string (GST_VIDEO_INFO_CHROMA_SITE (&in_info))
      : NULL;
  colorimetry_name = gst_video_colorimetry_to_string
      (&GST_VIDEO_INFO_COLORIMETRY (&in_info));
  text = g_strdup_printf ("%s (the input: %s%s%scolorimetry %s)", reason,
      site ? "chroma-site " : "", site ? site : "", site ? ", " : "",
      GST_STR_NULL (colorimetry_name));
  g_free (colorimetry_name);
  g_free (site);
  return text;
}
