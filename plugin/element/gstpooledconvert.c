/* pooledconvert
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/**
 * SECTION:element-pooledconvert
 * @title: pooledconvert
 *
 * pooledconvert turns the frames that cameras, decoders and renderers
 * produce into the 4:2:0 that encoders want: 4:4:4, 4:2:2 and 4:1:1 YUV
 * (planar, semi-planar such as NV16, packed such as YUY2 or v210, 8 to 16
 * bits) by box-filtering the chroma, 4:2:0 (YV12, NV12, P010, ...) by
 * copying it or rounding its depth, RGB in any byte order and depth
 * through the integer matrix of the output colorimetry (BT.601, BT.709 or
 * BT.2020, limited or full range).  It makes I420, the default; NV12 for
 * encoders that take only NV12 (VA-API, Quick Sync, V4L2), whenever
 * downstream takes NV12 and not I420; and, from input of more than 8 bits
 * when downstream takes one, 10-bit I420_10LE or P010_10LE (the latter
 * first for P010 and other semi-planar input), so that a 10-bit encoder
 * keeps the depth.  A 10-bit code is four 8-bit units, rounded once.
 * I420, NV12, I420_10LE or P010_10LE with equal caps passes through
 * without a copy.
 *
 * Output buffers come from the element's own bounded pool, so a running
 * pipeline allocates nothing per frame.  The pool keeps only what the stream
 * needs: it remembers how many buffers were in use at once over the last
 * #GstPooledConvert:trim-window frames and frees idle buffers beyond that,
 * so it shrinks back after a burst.  When #GstPooledConvert:max-buffers
 * buffers are all held downstream, the #GstPooledConvert:exhausted-policy
 * decides: allocate a temporary buffer that is freed when it comes back (the
 * default, right for a downstream that keeps frames, such as an application
 * holding appsink samples), or wait for one to come back, never longer than
 * #GstPooledConvert:wait-timeout (back-pressure, for a downstream that
 * returns frames as it works through them).  Either way the element cannot
 * deadlock a downstream that holds frames until it gets more, and a
 * flushing seek or a state change never waits for the timeout.  With
 * #GstPooledConvert:pool-mode downstream the buffers come from the pool
 * downstream offers, within its bounds (its maximum is a hard limit that
 * max-buffers may only lower), and the same policy applies when all of
 * them are held downstream.  The #GstPooledConvert:stats property shows
 * what the pool did.
 *
 * ## Example launch line
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=300 ! \
 *     video/x-raw,format=RGBA,width=1920,height=1080 ! \
 *     pooledconvert ! video/x-raw,format=I420 ! fakesink
 * ]| Converts RGBA to BT.709 limited-range I420 (the default above 576 lines).
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=300 ! \
 *     video/x-raw,format=YUY2,width=1280,height=720 ! \
 *     pooledconvert ! video/x-raw,format=NV12 ! fakesink
 * ]| Converts YUY2 to NV12, for an encoder that takes only NV12.
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=60 ! \
 *     video/x-raw,format=I422_10LE,width=1280,height=720 ! \
 *     pooledconvert ! x265enc ! h265parse ! fakesink
 * ]| Converts 10-bit 4:2:2 to I420_10LE for x265enc, which encodes it in
 * the Main 10 profile.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "element/gstpooledconvert.h"
#include "pool/gstpooledconvertpool.h"
#include "element/outputcaps.h"
#include "element/capscache.h"
#include "convert/output.h"

GST_DEBUG_CATEGORY (gst_pooled_convert_debug);
#define GST_CAT_DEFAULT gst_pooled_convert_debug

#define DEFAULT_POOL_MODE GST_POOLED_CONVERT_POOL_MODE_OWN
#define DEFAULT_MIN_BUFFERS 2
#define DEFAULT_MAX_BUFFERS 0
#define MAX_BUFFERS_LIMIT 1024
#define DEFAULT_TRIM_WINDOW 300
#define DEFAULT_EXHAUSTED_POLICY GST_POOLED_CONVERT_POOL_EXHAUSTED_TEMPORARY
#define DEFAULT_WAIT_TIMEOUT 100
#define MAX_WAIT_TIMEOUT 60000
#define DEFAULT_N_THREADS 1
#define DEFAULT_DITHER PC_DITHER_NONE

/* Frames larger than this are refused at negotiation: 32768 x 32768 RGBA
 * is already 4 GiB, and stride * height must not overflow. */
#define MAX_DIMENSION "32768"

enum
{
  PROP_0,
  PROP_POOL_MODE,
  PROP_MIN_BUFFERS,
  PROP_MAX_BUFFERS,
  PROP_TRIM_WINDOW,
  PROP_EXHAUSTED_POLICY,
  PROP_WAIT_TIMEOUT,
  PROP_N_THREADS,
  PROP_DITHER,
  PROP_STATS,
};

#define PC_VIDEO_CAPS(formats) \
    "video/x-raw, format = (string) " formats ", " \
    "width = (int) [ 1, " MAX_DIMENSION " ], " \
    "height = (int) [ 1, " MAX_DIMENSION " ], " \
    "framerate = (fraction) [ 0, max ], " \
    "interlace-mode = (string) { progressive, interleaved, mixed }"

static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC,
    GST_PAD_ALWAYS,
    GST_STATIC_CAPS (PC_VIDEO_CAPS ("{ I420, NV12, I420_10LE, P010_10LE }")));

G_DEFINE_TYPE (GstPooledConvert, gst_pooled_convert, GST_TYPE_VIDEO_FILTER);
GST_ELEMENT_REGISTER_DEFINE (pooledconvert, "pooledconvert", GST_RANK_NONE,
    GST_TYPE_POOLED_CONVERT);

GType
gst_pooled_convert_pool_mode_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_POOLED_CONVERT_POOL_MODE_OWN,
        "The element's own bounded pool", "own"},
    {GST_POOLED_CONVERT_POOL_MODE_DOWNSTREAM,
        "A pool offered by downstream, else the element's own", "downstream"},
    {GST_POOLED_CONVERT_POOL_MODE_NONE,
        "No pool: a new buffer every frame (baseline for comparisons)", "none"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType new_type = g_enum_register_static ("GstPooledConvertPoolMode",
        values);
    g_once_init_leave (&type, new_type);
  }
  return type;
}

GType
gst_pooled_convert_exhausted_policy_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_POOLED_CONVERT_POOL_EXHAUSTED_TEMPORARY,
          "Allocate a temporary buffer, freed when downstream releases it",
        "temporary"},
    {GST_POOLED_CONVERT_POOL_EXHAUSTED_WAIT,
        "Wait for downstream to release a buffer (back-pressure), at most "
          "wait-timeout, then allocate a temporary one", "wait"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType new_type = g_enum_register_static ("GstPooledConvertExhaustedPolicy",
        values);
    g_once_init_leave (&type, new_type);
  }
  return type;
}

/* The nicks and values of GstVideoDitherMethod (videoconvert's dither)
 * for the two made. */
GType
gst_pooled_convert_dither_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {PC_DITHER_NONE, "No dither: each sample rounded to the nearest code",
        "none"},
    {PC_DITHER_BAYER, "Ordered dither by a 4x4 Bayer matrix", "bayer"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType new_type = g_enum_register_static ("GstPooledConvertDither", values);
    g_once_init_leave (&type, new_type);
  }
  return type;
}

/* ---- caps ---------------------------------------------------------------- */

/* Sets @field of @s to the list of strings @values. */
static void
set_strings (GstStructure * s, const gchar * field, const gchar * const *values)
{
  GValue list = G_VALUE_INIT;
  guint i;

  gst_value_list_init (&list, 0);
  for (i = 0; values[i] != NULL; i++) {
    GValue value = G_VALUE_INIT;

    g_value_init (&value, G_TYPE_STRING);
    g_value_set_static_string (&value, values[i]);
    gst_value_list_append_and_take_value (&list, &value);
  }
  gst_structure_take_value (s, field, &list);
}

/* The part of @s whose format is in @formats, or NULL when there is none.
 * Fields in separate buffers (interlace-mode alternate) are left out. */
static GstStructure *
restrict_formats (const GstStructure * s, const gchar * const *formats)
{
  static const gchar *interlace_modes[] = { "progressive", "interleaved",
    "mixed", NULL
  };
  GstStructure *filter = gst_structure_new_empty ("video/x-raw");
  GstStructure *result;

  set_strings (filter, "format", formats);
  if (gst_structure_has_field (s, "interlace-mode"))
    set_strings (filter, "interlace-mode", interlace_modes);
  result = gst_structure_intersect (s, filter);
  gst_structure_free (filter);
  return result;
}

/* Appends @s (taken) with a copy of @features. */
static void
append_structure (GstCaps * caps, GstStructure * s, GstCapsFeatures * features)
{
  gst_caps_append_structure_full (caps, s,
      features ? gst_caps_features_copy (features) : NULL);
}

/* Appends each structure of @from (taken) with a copy of @features. */
static void
append_offer (GstCaps * caps, GstCaps * from, GstCapsFeatures * features)
{
  while (gst_caps_get_size (from) > 0)
    append_structure (caps, gst_caps_steal_structure (from, 0), features);
  gst_caps_unref (from);
}

/* Sizes, rates, aspect and interlacing pass unchanged: the element never
 * scales.  Both ways the caps list only what a route takes
 * (pc_convert_route () through outputcaps.c): every input format maps to
 * the output formats made of it (pc_output_formats_for (), in the order
 * preferred) with the chroma sitings it can be converted to and, where
 * the output may change matrix and range, the colorimetry open; an output
 * maps back to the formats, interlace modes and (4:2:0, 4:2:2) input
 * sitings that reach it.  fixate_caps prefers the first format of that
 * order, the input's colorimetry and, for 4:2:0, its siting, which makes
 * I420, NV12, I420_10LE and P010_10LE to themselves a passthrough.  The
 * input format lists come from the plan's format table. */
static GstCaps *
transform_caps (GstPadDirection direction, GstCaps * caps)
{
  const gchar *const *all = pc_convert_formats (PC_FORMATS_ALL);
  GstCaps *result = gst_caps_new_empty ();
  guint i, f;

  for (i = 0; i < gst_caps_get_size (caps); i++) {
    const GstStructure *s = gst_caps_get_structure (caps, i);
    GstCapsFeatures *features = gst_caps_get_features (caps, i);
    GstStructure *as_output = NULL;

    if (direction == GST_PAD_SRC) {
      as_output = restrict_formats (s, pc_output_format_names);
      if (as_output == NULL)
        continue;
    }
    for (f = 0; all[f] != NULL; f++) {
      const gchar *format[] = { all[f], NULL };
      GstVideoFormat in_format = gst_video_format_from_string (all[f]);
      GstStructure *in;

      if (direction == GST_PAD_SRC) {
        append_offer (result, pc_input_caps_for (as_output, in_format),
            features);
        continue;
      }
      in = restrict_formats (s, format);
      if (in == NULL)
        continue;
      append_offer (result, pc_output_caps_offer (in, in_format), features);
      gst_structure_free (in);
    }
    if (as_output != NULL)
      gst_structure_free (as_output);
  }

  return gst_caps_simplify (result);
}

static GstCaps *
gst_pooled_convert_transform_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * filter)
{
  GstCaps *result = pc_caps_cache_lookup (direction, caps);

  if (result == NULL) {
    result = transform_caps (direction, caps);
    pc_caps_cache_store (direction, caps, result);
  }
  if (filter) {
    GstCaps *intersection = gst_caps_intersect_full (filter, result,
        GST_CAPS_INTERSECT_FIRST);

    gst_caps_unref (result);
    result = intersection;
  }

  GST_DEBUG_OBJECT (trans, "%s %" GST_PTR_FORMAT " -> %" GST_PTR_FORMAT,
      direction == GST_PAD_SINK ? "sink" : "src", caps, result);
  return result;
}

/* The format of the fixed caps @caps. */
static GstVideoFormat
input_format (GstCaps * caps)
{
  const gchar *name = gst_caps_get_size (caps) > 0 ?
      gst_structure_get_string (gst_caps_get_structure (caps, 0), "format") :
      NULL;

  return name != NULL ? gst_video_format_from_string (name) :
      GST_VIDEO_FORMAT_UNKNOWN;
}

/* The output's format, chroma-site and colorimetry: downstream's when it
 * names them (the base class asks the peer only when the transformed caps are
 * not yet fixed, so the element asks), else the defaults of outputcaps.c. */
static GstCaps *
gst_pooled_convert_fixate_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * othercaps)
{
  if (direction == GST_PAD_SINK)
    othercaps = pc_output_caps_prefer (othercaps, input_format (caps));
  othercaps = gst_caps_truncate (othercaps);

  if (direction == GST_PAD_SINK) {
    /* the answer may be othercaps itself, so ask before writing to it */
    GstCaps *peer_caps = gst_pad_peer_query_caps (trans->srcpad, othercaps);

    othercaps = gst_caps_make_writable (othercaps);
    pc_output_caps_fixate (gst_caps_get_structure (othercaps, 0), caps,
        peer_caps);
    gst_caps_unref (peer_caps);
  }

  return gst_caps_fixate (othercaps);
}

/* Logs @text at WARNING once per negotiation: upstream sends refused
 * caps again with every buffer it tries to push, and may ask first. */
static void
warn_refusal (GstPooledConvert * self, gchar * text)
{
  guint said = g_str_hash (text);
  gboolean repeated;

  GST_OBJECT_LOCK (self);
  repeated = self->refusal_said == said;
  self->refusal_said = said;
  GST_OBJECT_UNLOCK (self);
  if (!repeated)
    GST_WARNING_OBJECT (self, "%s", text);
  g_free (text);
}

/* Whether @peer_caps has a format the src pad makes. */
static gboolean
takes_an_output_format (GstBaseTransform * trans, GstCaps * peer_caps)
{
  GstCaps *made = gst_pad_get_pad_template_caps (trans->srcpad);
  gboolean takes = gst_caps_can_intersect (made, peer_caps);

  gst_caps_unref (made);
  return takes;
}

/* Whether some output the plan makes from the fixed input @caps is one
 * downstream takes; else logs why not. */
static gboolean
output_reaches_downstream (GstBaseTransform * trans, GstCaps * caps)
{
  GstCaps *offer, *peer_caps, *taken;
  gchar *reason;
  gboolean ok;

  offer = gst_pooled_convert_transform_caps (trans, GST_PAD_SINK, caps, NULL);
  taken = gst_pad_peer_query_caps (trans->srcpad, offer);
  ok = !gst_caps_is_empty (taken);
  gst_caps_unref (taken);
  if (ok) {
    gst_caps_unref (offer);
    return TRUE;
  }

  peer_caps = gst_pad_peer_query_caps (trans->srcpad, NULL);
  if (!takes_an_output_format (trans, peer_caps))
    reason = g_strdup ("downstream takes none of I420, NV12, I420_10LE and "
        "P010_10LE");
  else
    reason = pc_output_caps_refusal (caps, peer_caps);
  if (gst_caps_is_empty (offer))
    warn_refusal (GST_POOLED_CONVERT (trans), gst_info_strdup_printf ("cannot "
            "convert %" GST_PTR_FORMAT ": %s", caps, reason ? reason :
            "no conversion of it is made"));
  else
    warn_refusal (GST_POOLED_CONVERT (trans), gst_info_strdup_printf ("cannot "
            "convert %" GST_PTR_FORMAT " to what downstream takes (%"
            GST_PTR_FORMAT "): %s", caps, peer_caps, reason ? reason :
            "it takes none of what the element makes of it"));
  g_free (reason);
  gst_caps_unref (peer_caps);
  gst_caps_unref (offer);
  return FALSE;
}

/* Caps upstream offers that the element cannot convert fail on the sink
 * pad, the upstream link, with a WARNING that says why: a format or
 * layout the sink template does not take (and what it takes instead),
 * or input that no route converts to what downstream takes (a siting the
 * walks cannot make from it, fields of 10-bit 4:4:4 or 4:2:2, a matrix
 * change of 10-bit or grey input: the route's reason). */
static gboolean
gst_pooled_convert_accept_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps)
{
  GstCaps *accepted;

  if (GST_BASE_TRANSFORM_CLASS (gst_pooled_convert_parent_class)->accept_caps
      (trans, direction, caps))
    return direction != GST_PAD_SINK || !gst_caps_is_fixed (caps) ||
        output_reaches_downstream (trans, caps);

  accepted = gst_pad_get_pad_template_caps (direction == GST_PAD_SINK ?
      trans->sinkpad : trans->srcpad);
  if (!gst_caps_can_intersect (caps, accepted))
    warn_refusal (GST_POOLED_CONVERT (trans), gst_info_strdup_printf ("cannot "
            "convert %" GST_PTR_FORMAT ": the %s pad takes %" GST_PTR_FORMAT,
            caps, direction == GST_PAD_SINK ? "sink" : "src", accepted));
  else if (direction == GST_PAD_SINK && gst_caps_is_fixed (caps))
    output_reaches_downstream (trans, caps);    /* it cannot: says why */
  gst_caps_unref (accepted);
  return FALSE;
}

static gboolean
gst_pooled_convert_set_info (GstVideoFilter * filter, GstCaps * incaps,
    GstVideoInfo * in_info, GstCaps * outcaps, GstVideoInfo * out_info)
{
  GstPooledConvert *self = GST_POOLED_CONVERT (filter);
  GstBaseTransform *trans = GST_BASE_TRANSFORM (filter);
  const gchar *reason = NULL;
  gchar *description;
  guint n_threads;
  PcDither dither;

  pc_video_info_read_chroma_site (in_info, incaps);
  pc_video_info_read_chroma_site (out_info, outcaps);
  GST_OBJECT_LOCK (self);
  dither = self->dither;
  GST_OBJECT_UNLOCK (self);
  if (!pc_convert_plan_init_dithered (&self->plan, in_info, out_info,
          pc_dsp_default (), dither, &reason)) {
    warn_refusal (self,
        gst_info_strdup_printf ("cannot convert %" GST_PTR_FORMAT " to %"
            GST_PTR_FORMAT ": %s", incaps, outcaps, reason));
    return FALSE;
  }
  /* the output caps always name siting and colorimetry, so equal caps
   * cannot say it: nothing to convert is passthrough */
  gst_base_transform_set_passthrough (trans,
      pc_convert_plan_is_identity (&self->plan));

  GST_OBJECT_LOCK (self);
  self->refusal_said = 0;       /* negotiated: a refusal is news again */
  n_threads = self->n_threads;
  GST_OBJECT_UNLOCK (self);
  n_threads = pc_workers_resolve (n_threads);
  description = pc_convert_plan_describe (&self->plan, in_info, out_info);
  GST_INFO_OBJECT (self, "plan: %s, threads %u%s", description, n_threads,
      gst_base_transform_is_passthrough (trans) ?
      ", passthrough (input buffers go on as they are)" : "");
  g_free (description);
  return TRUE;
}

/* A new start is a new negotiation: a refusal is news again. */
static gboolean
gst_pooled_convert_start (GstBaseTransform * trans)
{
  GstPooledConvert *self = GST_POOLED_CONVERT (trans);

  GST_OBJECT_LOCK (self);
  self->refusal_said = 0;
  GST_OBJECT_UNLOCK (self);
  return TRUE;
}

/* ---- allocation ---------------------------------------------------------- */

static void
set_pool_in_use (GstPooledConvert * self, const gchar * what)
{
  GST_OBJECT_LOCK (self);
  self->pool_in_use = what;
  GST_OBJECT_UNLOCK (self);
  GST_DEBUG_OBJECT (self, "output buffers: %s", what);
}

/* Gives the own pool the current trim-window, exhausted-policy and
 * wait-timeout.  Under the object lock, so that a property set while a new
 * pool is being made reaches either that pool or the next. */
static void
apply_policy_locked (GstPooledConvert * self)
{
  if (self->own_pool != NULL)
    gst_pooled_convert_pool_set_policy (self->own_pool, self->trim_window,
        self->exhausted_policy, self->wait_timeout);
}

/* Remembers @pool (NULL: none of ours) as the pool in use, for live policy
 * changes. */
static void
set_own_pool (GstPooledConvert * self, GstPooledConvertPool * pool)
{
  GST_OBJECT_LOCK (self);
  gst_object_replace ((GstObject **) & self->own_pool, (GstObject *) pool);
  apply_policy_locked (self);
  GST_OBJECT_UNLOCK (self);
}

/* Keeps a reference to @pool (NULL: none) as the pool output buffers come
 * from.  The old reference goes outside the lock: it may be the last one,
 * and a pool that goes frees its buffers. */
static void
set_output_pool (GstPooledConvert * self, GstBufferPool * pool)
{
  GstBufferPool *old;

  GST_OBJECT_LOCK (self);
  old = self->output_pool;
  self->output_pool = pool != NULL ? gst_object_ref (pool) : NULL;
  GST_OBJECT_UNLOCK (self);
  gst_clear_object (&old);
}

/* A reference to the pool output buffers come from, or NULL; safe from any
 * thread, unlike gst_base_transform_get_buffer_pool (). */
static GstBufferPool *
get_output_pool (GstPooledConvert * self)
{
  GstBufferPool *pool;

  GST_OBJECT_LOCK (self);
  pool = self->output_pool != NULL ? gst_object_ref (self->output_pool) : NULL;
  GST_OBJECT_UNLOCK (self);
  return pool;
}

/* Once decide_allocation has returned TRUE, GstBaseTransform swaps in the
 * first pool of @query (none: it allocates every buffer itself). */
static void
note_decided_pool (GstPooledConvert * self, GstQuery * query)
{
  GstBufferPool *pool = NULL;

  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_parse_nth_allocation_pool (query, 0, &pool, NULL, NULL, NULL);
  set_output_pool (self, pool);
  gst_clear_object (&pool);
}

static void
offer_pool (GstQuery * query, GstBufferPool * pool, guint size, guint min,
    guint max)
{
  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_set_nth_allocation_pool (query, 0, pool, size, min, max);
  else
    gst_query_add_allocation_pool (query, pool, size, min, max);
}

/* With a video meta the planes can be laid out for SIMD: every stride a
 * multiple of PC_FRAME_MEMORY_MIN_ALIGN bytes.  Without one downstream expects
 * GStreamer's default layout, so the pool is asked for nothing. */
static void
request_video_layout (GstStructure * config, GstBufferPool * pool,
    gboolean video_meta)
{
  GstVideoAlignment align;
  guint i;

  if (!video_meta)
    return;
  gst_buffer_pool_config_add_option (config, GST_BUFFER_POOL_OPTION_VIDEO_META);
  if (!gst_buffer_pool_has_option (pool,
          GST_BUFFER_POOL_OPTION_VIDEO_ALIGNMENT))
    return;

  gst_video_alignment_reset (&align);
  for (i = 0; i < GST_VIDEO_MAX_PLANES; i++)
    align.stride_align[i] = PC_FRAME_MEMORY_MIN_ALIGN - 1;
  gst_buffer_pool_config_add_option (config,
      GST_BUFFER_POOL_OPTION_VIDEO_ALIGNMENT);
  gst_buffer_pool_config_set_video_alignment (config, &align);
}

/* Fills @config for our caps, with the memory downstream asked for in the
 * allocation query (allocator, alignment, padding, prefix). */
static void
configure_pool (GstStructure * config, GstBufferPool * pool, GstQuery * query,
    GstCaps * caps, guint size, guint min, guint max, gboolean video_meta)
{
  GstAllocator *allocator = NULL;
  GstAllocationParams params;

  gst_allocation_params_init (&params);
  if (gst_query_get_n_allocation_params (query) > 0)
    gst_query_parse_nth_allocation_param (query, 0, &allocator, &params);

  gst_buffer_pool_config_set_params (config, caps, size, min, max);
  gst_buffer_pool_config_set_allocator (config, allocator, &params);
  request_video_layout (config, pool, video_meta);
  gst_clear_object (&allocator);
}

/* Configures @pool, a pool of the element's own (taken), for our caps with
 * the memory downstream asked for; NULL if it will not take that. */
static GstBufferPool *
configure_own_pool (GstBufferPool * pool, GstQuery * query, GstCaps * caps,
    gboolean video_meta, guint min, guint max)
{
  GstStructure *config = gst_buffer_pool_get_config (pool);

  configure_pool (config, pool, query, caps, 0, min, max, video_meta);
  if (!gst_buffer_pool_set_config (pool, config))
    gst_clear_object (&pool);
  return pool;
}

/* The size, min and max @pool settled on. */
static void
get_pool_params (GstBufferPool * pool, guint * size, guint * min, guint * max)
{
  GstStructure *config = gst_buffer_pool_get_config (pool);

  gst_buffer_pool_config_get_params (config, NULL, size, min, max);
  gst_structure_free (config);
}

/* Downstream's max is a hard limit for its pool: max-buffers may only lower
 * it (0 leaves it as it is), and a min above it is cut to it.  Called with
 * max already raised to min. */
static void
bound_by_downstream (guint * min, guint * max, guint downstream_max)
{
  if (downstream_max == 0)
    return;
  *max = *max == 0 ? downstream_max : MIN (*max, downstream_max);
  *min = MIN (*min, downstream_max);
}

/* Configures downstream's pool for our caps within its bounds; FALSE if it
 * will not take them.  The frames it cannot give in time (all its buffers
 * downstream) come from a pool of temporaries of the element's own, which
 * also carries the exhausted policy: see acquire_output_buffer. */
static gboolean
use_downstream_pool (GstPooledConvert * self, GstQuery * query, GstCaps * caps,
    gboolean video_meta, guint min, guint max, guint downstream_max)
{
  GstVideoFilter *filter = GST_VIDEO_FILTER (self);
  GstBufferPool *pool = NULL, *temporaries;
  guint size = GST_VIDEO_INFO_SIZE (&filter->out_info);
  GstStructure *config;

  if (gst_query_get_n_allocation_pools (query) == 0)
    return FALSE;
  gst_query_parse_nth_allocation_pool (query, 0, &pool, NULL, NULL, NULL);
  if (pool == NULL)
    return FALSE;

  bound_by_downstream (&min, &max, downstream_max);
  config = gst_buffer_pool_get_config (pool);
  configure_pool (config, pool, query, caps, size, min, max, video_meta);
  if (!gst_buffer_pool_set_config (pool, config)) {
    config = gst_buffer_pool_get_config (pool);
    if (!gst_buffer_pool_config_validate_params (config, caps, size, min, max)
        || !gst_buffer_pool_set_config (pool, config)) {
      GST_DEBUG_OBJECT (self, "downstream pool %" GST_PTR_FORMAT
          " refused our configuration", pool);
      gst_object_unref (pool);
      return FALSE;
    }
  }

  /* what the pool settled on is what GstBaseTransform configures it with
   * again: a pool that changed our bounds has the last word */
  get_pool_params (pool, &size, &min, &max);
  GST_DEBUG_OBJECT (self, "downstream's pool %" GST_PTR_FORMAT ": min %u, "
      "max %u (downstream's max %u)", pool, min, max, downstream_max);

  /* keeps no buffer: starting it allocates nothing */
  temporaries = configure_own_pool (gst_pooled_convert_pool_new_temporaries
      (self->stats), query, caps, video_meta, 0, 0);
  if (temporaries == NULL || !gst_buffer_pool_set_active (temporaries, TRUE)) {
    GST_DEBUG_OBJECT (self, "no pool for temporary buffers");
    gst_clear_object (&temporaries);
    gst_object_unref (pool);
    return FALSE;
  }

  offer_pool (query, pool, size, min, max);
  set_own_pool (self, GST_POOLED_CONVERT_POOL (temporaries));
  gst_object_unref (temporaries);
  gst_object_unref (pool);
  return TRUE;
}

static gboolean
use_own_pool (GstPooledConvert * self, GstQuery * query, GstCaps * caps,
    gboolean video_meta, guint min, guint max)
{
  GstBufferPool *pool = configure_own_pool (gst_pooled_convert_pool_new
      (self->stats), query, caps, video_meta, min, max);
  guint size;

  if (pool == NULL) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("Failed to configure the output buffer pool"),
        ("caps %" GST_PTR_FORMAT, caps));
    return FALSE;
  }

  get_pool_params (pool, &size, NULL, NULL);
  offer_pool (query, pool, size, min, max);
  set_own_pool (self, GST_POOLED_CONVERT_POOL (pool));
  gst_object_unref (pool);
  return TRUE;
}

/* Puts the pool the element will use first in @query; FALSE on error. */
static gboolean
choose_pool (GstPooledConvert * self, GstQuery * query)
{
  GstPooledConvertPoolMode mode;
  GstCaps *caps;
  gboolean video_meta;
  guint min, max, downstream_min = 0, downstream_max = 0;

  gst_query_parse_allocation (query, &caps, NULL);
  if (caps == NULL)
    return FALSE;

  GST_OBJECT_LOCK (self);
  mode = self->pool_mode;
  min = self->min_buffers;
  max = self->max_buffers;
  GST_OBJECT_UNLOCK (self);

  /* downstream's minimum is what it needs to hold to work at all; its
   * maximum bounds its own pool only (use_downstream_pool) */
  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_parse_nth_allocation_pool (query, 0, NULL, NULL, &downstream_min,
        &downstream_max);
  min = MAX (min, downstream_min);
  if (max > 0 && max < min)
    max = min;

  video_meta = gst_query_find_allocation_meta (query,
      GST_VIDEO_META_API_TYPE, NULL);

  switch (mode) {
    case GST_POOLED_CONVERT_POOL_MODE_NONE:
      while (gst_query_get_n_allocation_pools (query) > 0)
        gst_query_remove_nth_allocation_pool (query, 0);
      set_own_pool (self, NULL);
      set_pool_in_use (self, "none");
      return TRUE;
    case GST_POOLED_CONVERT_POOL_MODE_DOWNSTREAM:
      if (use_downstream_pool (self, query, caps, video_meta, min, max,
              downstream_max)) {
        set_pool_in_use (self, "downstream");
        return TRUE;
      }
      GST_DEBUG_OBJECT (self, "no usable downstream pool, using our own");
      /* fall through */
    case GST_POOLED_CONVERT_POOL_MODE_OWN:
    default:
      if (!use_own_pool (self, query, caps, video_meta, min, max))
        return FALSE;
      set_pool_in_use (self, "own");
      return TRUE;
  }
}

/* Runs once per caps and after a pool property changed.  Every call builds
 * a new pool: the old one may still have buffers downstream, so it is
 * retired (the base class deactivates it) and frees each of its buffers as
 * it comes back.  The pool is chosen here; GstBaseTransform then does its
 * part (metas, allocator and params, the final configuration), as for any
 * transform.  GstVideoFilter's own version is skipped on purpose: it would
 * add a video meta even when downstream cannot read one. */
static gboolean
gst_pooled_convert_decide_allocation (GstBaseTransform * trans,
    GstQuery * query)
{
  GstBaseTransformClass *base_class =
      g_type_class_peek (GST_TYPE_BASE_TRANSFORM);

  if (!choose_pool (GST_POOLED_CONVERT (trans), query))
    return FALSE;
  if (!base_class->decide_allocation (trans, query))
    return FALSE;
  note_decided_pool (GST_POOLED_CONVERT (trans), query);
  return TRUE;
}

/* In passthrough GstBaseTransform drops its pool once set_caps returns,
 * without asking decide_allocation: drop ours too. */
static gboolean
gst_pooled_convert_set_caps (GstBaseTransform * trans, GstCaps * incaps,
    GstCaps * outcaps)
{
  if (!GST_BASE_TRANSFORM_CLASS (gst_pooled_convert_parent_class)->set_caps
      (trans, incaps, outcaps))
    return FALSE;
  if (gst_base_transform_is_passthrough (trans))
    set_output_pool (GST_POOLED_CONVERT (trans), NULL);
  return TRUE;
}

/* ---- frames -------------------------------------------------------------- */

/* A video meta that disagrees with the caps would make the frame map fail
 * with a critical, so it is rejected here with an error instead.  The
 * mapped frame keeps the meta's width and height as gint, so a meta beyond
 * G_MAXINT (it could not be a real frame) is refused before anything
 * computes with them. */
static gboolean
video_meta_matches (GstBuffer * buffer, const GstVideoInfo * info)
{
  GstVideoMeta *meta = gst_buffer_get_video_meta (buffer);

  return meta == NULL || (meta->format == GST_VIDEO_INFO_FORMAT (info) &&
      meta->width >= (guint) GST_VIDEO_INFO_WIDTH (info) &&
      meta->height >= (guint) GST_VIDEO_INFO_HEIGHT (info) &&
      meta->width <= G_MAXINT && meta->height <= G_MAXINT &&
      meta->n_planes == GST_VIDEO_INFO_N_PLANES (info));
}

/* n-threads is read every frame, so a change takes effect at the next
 * one; the worker set is only remade when the number changed. */
static GstFlowReturn
gst_pooled_convert_transform_frame (GstVideoFilter * filter,
    GstVideoFrame * in_frame, GstVideoFrame * out_frame)
{
  GstPooledConvert *self = GST_POOLED_CONVERT (filter);
  guint n_threads;
  PcDither dither;

  GST_OBJECT_LOCK (self);
  n_threads = self->n_threads;
  dither = self->dither;
  GST_OBJECT_UNLOCK (self);

  /* a new dither takes a new plan of the same caps, which converts them
   * as the old one did */
  if (dither != self->plan.dither && !pc_convert_plan_init_dithered
      (&self->plan, &filter->in_info, &filter->out_info, pc_dsp_default (),
          dither, NULL)) {
    GST_ELEMENT_ERROR (self, CORE, NEGOTIATION, (NULL),
        ("no plan for the negotiated caps with the new dither"));
    return GST_FLOW_NOT_NEGOTIATED;
  }
  pc_workers_ensure (&self->workers, n_threads, &self->plan);
  pc_workers_run (self->workers, &self->plan, in_frame, out_frame);
  return GST_FLOW_OK;
}

/* Maps @buffer as a frame of the negotiated input caps, or posts an error
 * that says why it cannot hold one: too small, unmappable, or a video meta
 * that disagrees with the caps or points past the buffer's memory. */
static gboolean
map_input_frame (GstPooledConvert * self, GstBuffer * buffer,
    GstVideoFrame * frame)
{
  const GstVideoInfo *info = &GST_VIDEO_FILTER (self)->in_info;

  if (video_meta_matches (buffer, info) &&
      gst_video_frame_map (frame, info, buffer,
          GST_MAP_READ | GST_VIDEO_FRAME_MAP_FLAG_NO_REF)) {
    if (pc_convert_frame_planes_fit (frame))
      return TRUE;
    gst_video_frame_unmap (frame);
  }

  GST_ELEMENT_ERROR (self, STREAM, FORMAT,
      ("Input buffer does not hold a complete %ux%u %s frame",
          GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info),
          GST_VIDEO_INFO_NAME (info)),
      ("buffer of %" G_GSIZE_FORMAT " bytes%s, the caps need %" G_GSIZE_FORMAT,
          gst_buffer_get_size (buffer),
          gst_buffer_get_video_meta (buffer) ? " with a video meta" : "",
          GST_VIDEO_INFO_SIZE (info)));
  return FALSE;
}

static gboolean
check_negotiated (GstPooledConvert * self)
{
  if (G_LIKELY (GST_VIDEO_FILTER (self)->negotiated))
    return TRUE;
  GST_ELEMENT_ERROR (self, CORE, NEGOTIATION, (NULL),
      ("received a buffer before caps were negotiated"));
  return FALSE;
}

/* GstVideoFilter's own transform drops a frame it cannot map with only a
 * warning and pushes the unfilled output; this one checks the input first
 * and fails the stream with an error that says what was wrong. */
static GstFlowReturn
gst_pooled_convert_transform (GstBaseTransform * trans, GstBuffer * inbuf,
    GstBuffer * outbuf)
{
  GstPooledConvert *self = GST_POOLED_CONVERT (trans);
  GstVideoFrame in_frame, out_frame;
  GstFlowReturn ret;

  if (!check_negotiated (self))
    return GST_FLOW_NOT_NEGOTIATED;
  if (!map_input_frame (self, inbuf, &in_frame))
    return GST_FLOW_ERROR;

  if (!gst_video_frame_map (&out_frame, &GST_VIDEO_FILTER (self)->out_info,
          outbuf, GST_MAP_WRITE | GST_VIDEO_FRAME_MAP_FLAG_NO_REF)) {
    gst_video_frame_unmap (&in_frame);
    GST_ELEMENT_ERROR (self, CORE, FAILED,
        ("Could not map the output buffer for writing"), (NULL));
    return GST_FLOW_ERROR;
  }

  ret = gst_pooled_convert_transform_frame (GST_VIDEO_FILTER (self), &in_frame,
      &out_frame);

  gst_video_frame_unmap (&out_frame);
  gst_video_frame_unmap (&in_frame);
  return ret;
}

/* Called on passthrough only (an output format in, equal caps out): there is
 * nothing to convert, but a buffer that cannot hold the frame must not go
 * on to an encoder as if it did.  Only buffers with a video meta are
 * mapped. */
static GstFlowReturn
gst_pooled_convert_transform_ip (GstBaseTransform * trans, GstBuffer * buffer)
{
  GstPooledConvert *self = GST_POOLED_CONVERT (trans);
  GstVideoFrame frame;

  if (!check_negotiated (self))
    return GST_FLOW_NOT_NEGOTIATED;
  /* without a video meta the default layout fits when the size does */
  if (gst_buffer_get_video_meta (buffer) == NULL &&
      gst_buffer_get_size (buffer) >=
      GST_VIDEO_INFO_SIZE (&GST_VIDEO_FILTER (self)->in_info))
    return GST_FLOW_OK;
  if (!map_input_frame (self, buffer, &frame))
    return GST_FLOW_ERROR;
  gst_video_frame_unmap (&frame);
  return GST_FLOW_OK;
}

/* Never called, because transform_ip above is the element's own; being set
 * keeps GstVideoFilter from turning off transform_ip_on_passthrough. */
static GstFlowReturn
gst_pooled_convert_transform_frame_ip (GstVideoFilter * filter,
    GstVideoFrame * frame)
{
  return GST_FLOW_OK;
}

/* The output size follows from the caps alone.  GstVideoFilter's version
 * asserts that the input buffer is not empty, which upstream cannot be
 * trusted with; an empty buffer is rejected by transform() instead. */
static gboolean
gst_pooled_convert_transform_size (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, gsize size, GstCaps * othercaps,
    gsize * othersize)
{
  GstVideoInfo info;

  if (!gst_video_info_from_caps (&info, othercaps))
    return FALSE;
  *othersize = GST_VIDEO_INFO_SIZE (&info);
  return TRUE;
}

/* Metas of the input go on to the output unless they describe its colour
 * space (tagged "colorspace"): the geometry is the same, so regions of
 * interest, crops, captions, timecodes and reference timestamps still hold.
 * The base class already leaves out metas tied to the memory. */
static gboolean
gst_pooled_convert_transform_meta (GstBaseTransform * trans,
    GstBuffer * outbuf, GstMeta * meta, GstBuffer * inbuf)
{
  return !gst_meta_api_type_has_tag (meta->info->api,
      g_quark_from_static_string (GST_META_TAG_VIDEO_COLORSPACE_STR));
}

/* The base class drops the pool when stopping (right after this); say so
 * in the stats.  The streaming thread has finished, so the worker threads
 * can go too. */
static gboolean
gst_pooled_convert_stop (GstBaseTransform * trans)
{
  GstPooledConvert *self = GST_POOLED_CONVERT (trans);

  g_clear_pointer (&self->workers, pc_workers_free);
  set_output_pool (self, NULL);
  set_own_pool (GST_POOLED_CONVERT (trans), NULL);
  set_pool_in_use (GST_POOLED_CONVERT (trans), "unnegotiated");
  return TRUE;
}

/* ---- flushing ------------------------------------------------------------ */

/* Wakes an acquire that waits for downstream to return a buffer
 * (exhausted-policy=wait), so that a flushing seek or a state change does
 * not sit out the wait timeout; the pool keeps its buffers. */
static void
set_pool_flushing (GstBaseTransform * trans, gboolean flushing)
{
  GstBufferPool *pool = get_output_pool (GST_POOLED_CONVERT (trans));

  if (pool == NULL)
    return;
  if (gst_buffer_pool_is_active (pool))
    gst_buffer_pool_set_flushing (pool, flushing);
  gst_object_unref (pool);
}

static gboolean
gst_pooled_convert_sink_event (GstBaseTransform * trans, GstEvent * event)
{
  switch (GST_EVENT_TYPE (event)) {
    case GST_EVENT_FLUSH_START:
      set_pool_flushing (trans, TRUE);
      break;
    case GST_EVENT_FLUSH_STOP:
      set_pool_flushing (trans, FALSE);
      break;
    default:
      break;
  }
  return GST_BASE_TRANSFORM_CLASS (gst_pooled_convert_parent_class)->sink_event
      (trans, event);
}

/* On the way down the base class deactivates the sink pad, which waits for
 * the streaming thread: wake it first if it waits in the pool. */
static GstStateChangeReturn
gst_pooled_convert_change_state (GstElement * element,
    GstStateChange transition)
{
  GstStateChangeReturn ret;
  GstBufferPool *pool;

  if (transition == GST_STATE_CHANGE_PAUSED_TO_READY)
    set_pool_flushing (GST_BASE_TRANSFORM (element), TRUE);

  ret = GST_ELEMENT_CLASS (gst_pooled_convert_parent_class)->change_state
      (element, transition);

  /* A paused stream may stay paused for long: keep only min-buffers of
   * what sits idle. */
  if (transition == GST_STATE_CHANGE_PLAYING_TO_PAUSED) {
    pool = get_output_pool (GST_POOLED_CONVERT (element));
    if (pool != NULL && GST_IS_POOLED_CONVERT_POOL (pool))
      gst_pooled_convert_pool_trim_idle (GST_POOLED_CONVERT_POOL (pool));
    gst_clear_object (&pool);
  }
  return ret;
}

/* ---- output buffers ------------------------------------------------------ */

/* @bytes for a user: MiB, or GiB from 1 GiB up, one decimal. */
static gchar *
format_bytes (guint64 bytes)
{
  if (bytes >= G_GUINT64_CONSTANT (1) << 30)
    return g_strdup_printf ("%.1f GiB", bytes / (gdouble) (1 << 30));
  return g_strdup_printf ("%.1f MiB", bytes / (gdouble) (1 << 20));
}

/* The output pool could not start: it preallocates min-buffers buffers
 * (raised to downstream's minimum, or cut to its maximum), and what that
 * takes in all is what the user can act on, not the size of one frame. */
static void
post_pool_start_error (GstPooledConvert * self, const gchar * pool_name,
    guint buffers, guint buffer_size)
{
  const GstVideoInfo *info = &GST_VIDEO_FILTER (self)->out_info;
  gchar *total = format_bytes ((guint64) buffers * buffer_size);
  gchar *each = format_bytes (buffer_size);
  gchar *count;
  guint min_buffers;

  GST_OBJECT_LOCK (self);
  min_buffers = self->min_buffers;
  GST_OBJECT_UNLOCK (self);

  if (buffers == min_buffers)
    count = g_strdup_printf ("min-buffers=%u buffers", buffers);
  else
    count = g_strdup_printf ("%u buffers (min-buffers=%u, %s)", buffers,
        min_buffers, buffers > min_buffers ?
        "raised to what downstream needs" : "cut to downstream's maximum");

  GST_ELEMENT_ERROR (self, RESOURCE, NO_SPACE_LEFT,
      ("Cannot allocate %s for the output pool: %s of %s, each for a %dx%d "
          "frame%s", total, count, each, GST_VIDEO_INFO_WIDTH (info),
          GST_VIDEO_INFO_HEIGHT (info),
          buffers <= min_buffers ? "; lower min-buffers" : ""),
      ("the %s pool could not preallocate %u buffers of %u bytes", pool_name,
          buffers, buffer_size));
  g_free (count);
  g_free (each);
  g_free (total);
}

/* Called when an output buffer could not be had: the pool did not start
 * (it is not active), or one frame could not be allocated. */
static void
post_allocation_error (GstPooledConvert * self)
{
  const GstVideoInfo *info = &GST_VIDEO_FILTER (self)->out_info;
  gsize size = GST_VIDEO_INFO_SIZE (info);
  GstBufferPool *pool = get_output_pool (self);
  guint buffers = 0, buffer_size = 0;
  const gchar *pool_name;

  if (pool != NULL && !gst_buffer_pool_is_active (pool))
    get_pool_params (pool, &buffer_size, &buffers, NULL);
  gst_clear_object (&pool);

  GST_OBJECT_LOCK (self);
  pool_name = self->pool_in_use;
  GST_OBJECT_UNLOCK (self);

  if (buffers > 0) {
    post_pool_start_error (self, pool_name, buffers, buffer_size);
    return;
  }
  GST_ELEMENT_ERROR (self, RESOURCE, NO_SPACE_LEFT,
      ("Cannot allocate %" G_GSIZE_FORMAT " MB for a %dx%d frame",
          (size + (1 << 20) - 1) >> 20, GST_VIDEO_INFO_WIDTH (info),
          GST_VIDEO_INFO_HEIGHT (info)),
      ("no %" G_GSIZE_FORMAT " byte output buffer (pool: %s)", size,
          pool_name));
}

/* The output buffer.  In pool-mode=downstream the element takes it from
 * downstream's pool itself, so that a pool whose buffers are all downstream
 * gets the exhausted policy (a temporary buffer, at once or after waiting
 * at most wait-timeout) instead of GstBufferPool's wait without end; else
 * GstBaseTransform acquires it.  A failure gets an error that says what
 * could not be allocated. */
static GstFlowReturn
acquire_output_buffer (GstPooledConvert * self, GstBuffer * input,
    GstBuffer ** outbuf)
{
  GstBaseTransform *trans = GST_BASE_TRANSFORM (self);
  GstBaseTransformClass *klass = GST_BASE_TRANSFORM_GET_CLASS (trans);
  GstPooledConvertPool *temporaries = NULL;
  GstBufferPool *downstream = NULL;
  GstFlowReturn ret;

  /* in downstream mode own_pool is the pool of temporaries */
  GST_OBJECT_LOCK (self);
  if (self->own_pool != NULL && g_str_equal (self->pool_in_use, "downstream"))
    temporaries = gst_object_ref (self->own_pool);
  GST_OBJECT_UNLOCK (self);
  if (temporaries != NULL && !gst_base_transform_is_passthrough (trans))
    downstream = get_output_pool (self);

  if (downstream != NULL) {
    ret = gst_pooled_convert_pool_acquire_downstream (temporaries, downstream,
        outbuf);
    /* as GstBaseTransform does for a buffer it acquires */
    if (ret == GST_FLOW_OK && klass->copy_metadata != NULL &&
        !klass->copy_metadata (trans, input, *outbuf))
      GST_ELEMENT_WARNING (self, STREAM, NOT_IMPLEMENTED,
          ("could not copy metadata"), (NULL));
  } else {
    ret = GST_BASE_TRANSFORM_CLASS
        (gst_pooled_convert_parent_class)->prepare_output_buffer (trans, input,
        outbuf);
  }
  gst_clear_object (&downstream);
  gst_clear_object (&temporaries);

  if (ret == GST_FLOW_ERROR)
    post_allocation_error (self);
  return ret;
}

/* GstBaseTransform allocates the output buffer; when memory runs out it
 * returns an error without saying why, or posts a generic one.  The pool is
 * activated here first (its start allocates min-buffers buffers) so that
 * either failure gets an error that says what could not be allocated. */
static GstFlowReturn
gst_pooled_convert_prepare_output_buffer (GstBaseTransform * trans,
    GstBuffer * input, GstBuffer ** outbuf)
{
  GstPooledConvert *self = GST_POOLED_CONVERT (trans);
  GstBufferPool *pool = NULL;

  if (!gst_base_transform_is_passthrough (trans))
    pool = get_output_pool (self);
  if (pool != NULL && !gst_buffer_pool_is_active (pool) &&
      !gst_buffer_pool_set_active (pool, TRUE)) {
    gst_object_unref (pool);
    post_allocation_error (self);
    return GST_FLOW_ERROR;
  }
  gst_clear_object (&pool);

  return acquire_output_buffer (self, input, outbuf);
}

/* ---- properties ---------------------------------------------------------- */

/* Stores @value in @field and sets @changed when that changed it. */
#define UPDATE_FIELD(field, value, changed) G_STMT_START { \
  if ((field) != (value)) {                                 \
    (field) = (value);                                      \
    (changed) = TRUE;                                       \
  }                                                         \
} G_STMT_END

static void
gst_pooled_convert_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstPooledConvert *self = GST_POOLED_CONVERT (object);
  gboolean new_pool = FALSE, new_policy = FALSE;

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_POOL_MODE:
      UPDATE_FIELD (self->pool_mode,
          (GstPooledConvertPoolMode) g_value_get_enum (value), new_pool);
      break;
    case PROP_MIN_BUFFERS:
      UPDATE_FIELD (self->min_buffers, g_value_get_uint (value), new_pool);
      break;
    case PROP_MAX_BUFFERS:
      UPDATE_FIELD (self->max_buffers, g_value_get_uint (value), new_pool);
      break;
    case PROP_TRIM_WINDOW:
      UPDATE_FIELD (self->trim_window, g_value_get_uint (value), new_policy);
      break;
    case PROP_EXHAUSTED_POLICY:
      UPDATE_FIELD (self->exhausted_policy,
          (GstPooledConvertPoolExhaustedPolicy) g_value_get_enum (value),
          new_policy);
      break;
    case PROP_WAIT_TIMEOUT:
      UPDATE_FIELD (self->wait_timeout, g_value_get_uint (value), new_policy);
      break;
    case PROP_N_THREADS:
      self->n_threads = g_value_get_uint (value);
      break;
    case PROP_DITHER:
      self->dither = (PcDither) g_value_get_enum (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  /* trim-window, exhausted-policy and wait-timeout apply to the live pool */
  if (new_policy)
    apply_policy_locked (self);
  GST_OBJECT_UNLOCK (self);

  /* the pool's size limits and origin are fixed when it is made: a change
   * takes effect with the next allocation decision, which makes a new one */
  if (new_pool)
    gst_base_transform_reconfigure_src (GST_BASE_TRANSFORM (self));
}

static void
gst_pooled_convert_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstPooledConvert *self = GST_POOLED_CONVERT (object);
  GstStructure *stats;
  gboolean passthrough;

  switch (prop_id) {
    case PROP_POOL_MODE:
      GST_OBJECT_LOCK (self);
      g_value_set_enum (value, self->pool_mode);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_MIN_BUFFERS:
      GST_OBJECT_LOCK (self);
      g_value_set_uint (value, self->min_buffers);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_MAX_BUFFERS:
      GST_OBJECT_LOCK (self);
      g_value_set_uint (value, self->max_buffers);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_TRIM_WINDOW:
      GST_OBJECT_LOCK (self);
      g_value_set_uint (value, self->trim_window);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_EXHAUSTED_POLICY:
      GST_OBJECT_LOCK (self);
      g_value_set_enum (value, self->exhausted_policy);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_WAIT_TIMEOUT:
      GST_OBJECT_LOCK (self);
      g_value_set_uint (value, self->wait_timeout);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_N_THREADS:
      GST_OBJECT_LOCK (self);
      g_value_set_uint (value, self->n_threads);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_DITHER:
      GST_OBJECT_LOCK (self);
      g_value_set_enum (value, self->dither);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_STATS:
      /* is_passthrough takes the object lock itself */
      passthrough =
          gst_base_transform_is_passthrough (GST_BASE_TRANSFORM (self));
      stats = pc_pool_stats_to_structure (self->stats);
      GST_OBJECT_LOCK (self);
      gst_structure_set (stats, "pool", G_TYPE_STRING,
          passthrough ? "passthrough" : self->pool_in_use, NULL);
      GST_OBJECT_UNLOCK (self);
      g_value_take_boxed (value, stats);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
}

static void
gst_pooled_convert_finalize (GObject * object)
{
  GstPooledConvert *self = GST_POOLED_CONVERT (object);

  g_clear_pointer (&self->workers, pc_workers_free);
  pc_convert_plan_clear (&self->plan);
  gst_clear_object (&self->own_pool);
  gst_clear_object (&self->output_pool);
  pc_pool_stats_unref (self->stats);

  G_OBJECT_CLASS (gst_pooled_convert_parent_class)->finalize (object);
}

/* The sink caps list every format of the plan's format table, progressive,
 * interleaved or mixed (PC_VIDEO_CAPS). */
static void
add_sink_template (GstElementClass * element_class)
{
  gchar *formats = g_strjoinv (", ",
      (gchar **) pc_convert_formats (PC_FORMATS_ALL));
  /* fields in separate buffers (alternate) fail here, on the upstream link */
  gchar *caps_str = g_strdup_printf (PC_VIDEO_CAPS ("{ %s }"), formats);
  GstCaps *caps = gst_caps_from_string (caps_str);

  gst_element_class_add_pad_template (element_class,
      gst_pad_template_new ("sink", GST_PAD_SINK, GST_PAD_ALWAYS, caps));
  gst_caps_unref (caps);
  g_free (caps_str);
  g_free (formats);
}

static void
gst_pooled_convert_class_init (GstPooledConvertClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstVideoFilterClass *filter_class = GST_VIDEO_FILTER_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_pooled_convert_debug, "pooledconvert", 0,
      "pooledconvert: conversion to 4:2:0 and its buffer pool");

  gobject_class->set_property = gst_pooled_convert_set_property;
  gobject_class->get_property = gst_pooled_convert_get_property;
  gobject_class->finalize = gst_pooled_convert_finalize;
  element_class->change_state =
      GST_DEBUG_FUNCPTR (gst_pooled_convert_change_state);

  g_object_class_install_property (gobject_class, PROP_POOL_MODE,
      g_param_spec_enum ("pool-mode", "Pool mode",
          "Where output buffers come from: the element's own pool, a pool "
          "downstream offers (else own), or none (a new buffer every frame)",
          GST_TYPE_POOLED_CONVERT_POOL_MODE, DEFAULT_POOL_MODE,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_MIN_BUFFERS,
      g_param_spec_uint ("min-buffers", "Minimum buffers",
          "Buffers the pool allocates up front and always keeps (raised to "
          "downstream's minimum; in pool-mode=downstream cut to its maximum)",
          0, MAX_BUFFERS_LIMIT,
          DEFAULT_MIN_BUFFERS,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_MAX_BUFFERS,
      g_param_spec_uint ("max-buffers", "Maximum buffers",
          "Most buffers the pool keeps (0 = unlimited; raised to min-buffers "
          "when lower; in pool-mode=downstream it may only lower the maximum "
          "of downstream's pool); what happens when downstream holds them "
          "all is set by exhausted-policy", 0,
          MAX_BUFFERS_LIMIT, DEFAULT_MAX_BUFFERS,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_TRIM_WINDOW,
      g_param_spec_uint ("trim-window", "Trim window",
          "Frames over which the pool remembers how many buffers were in use "
          "at once; idle buffers beyond that (and min-buffers) are freed, so "
          "the pool shrinks back after a burst (0 = never trim)", 0,
          G_MAXUINT, DEFAULT_TRIM_WINDOW,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_EXHAUSTED_POLICY,
      g_param_spec_enum ("exhausted-policy", "Exhausted policy",
          "What to do when the pool's buffers are all held downstream "
          "(max-buffers of them, or in pool-mode=downstream the maximum of "
          "downstream's pool)",
          GST_TYPE_POOLED_CONVERT_EXHAUSTED_POLICY, DEFAULT_EXHAUSTED_POLICY,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_WAIT_TIMEOUT,
      g_param_spec_uint ("wait-timeout", "Wait timeout",
          "With exhausted-policy=wait, the longest wait in milliseconds for "
          "downstream to release a buffer before a temporary one is made, so "
          "a downstream that holds frames until it gets more cannot deadlock",
          1, MAX_WAIT_TIMEOUT, DEFAULT_WAIT_TIMEOUT,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  /**
   * GstPooledConvert:n-threads:
   *
   * How many threads convert a frame: the streaming thread and n-threads - 1
   * workers of the element's own, each converting a horizontal band of the
   * frame (an even number of rows).  0 is one per online core.  The output
   * is the same to the bit for any value.  The workers are started on the
   * first frame and kept until the element stops or the value changes; a
   * change while playing takes effect at the next frame.
   */
  g_object_class_install_property (gobject_class, PROP_N_THREADS,
      g_param_spec_uint ("n-threads", "Threads",
          "Threads that convert a frame, each a band of rows: the streaming "
          "thread and n-threads - 1 workers (0 = one per online core)", 0,
          PC_WORKERS_MAX, DEFAULT_N_THREADS,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  /**
   * GstPooledConvert:dither:
   *
   * How input of more than 8 bits (YUV and RGB) becomes 8-bit output:
   * `none` rounds every sample to the nearest code; `bayer` adds the
   * thresholds of a 4x4 ordered matrix instead of the half, so gradients
   * keep their mean where rounding would band them (videoconvert's
   * default).  Each sample stays within one code of the exact value.
   * The names and values are GstVideoDitherMethod's.  A dithered frame
   * is made by the general walk.  Grey, 8-bit input and 10-bit output
   * are not dithered.  A change while playing takes effect at the next
   * frame.
   */
  g_object_class_install_property (gobject_class, PROP_DITHER,
      g_param_spec_enum ("dither", "Dither",
          "How input of more than 8 bits is reduced to 8-bit output: "
          "rounded, or with an ordered (Bayer) dither",
          GST_TYPE_POOLED_CONVERT_DITHER, DEFAULT_DITHER,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  /**
   * GstPooledConvert:stats:
   *
   * What the element's pools did since the element was created.  A caps
   * change or a new pool-mode, min-buffers or max-buffers makes a new pool;
   * the counts cover them all, so they only grow (but for the "now" ones).
   * This property returns a #GstStructure named `application/x-pooledconvert-stats` with
   * the following fields:
   *
   * * #guint64 `buffers-allocated`: buffers the element made, of every
   *   kind: preallocated, allocated for a frame when none was free,
   *   temporary.  Always `buffers-freed` + `buffers-held`.
   * * #guint64 `buffers-preallocated`: of those, the ones made when a pool
   *   started (min-buffers), before a frame asked for them.
   * * #guint64 `buffers-new`: frames that went out in a buffer of the
   *   element's on its first trip: made for that frame (on demand or
   *   temporary), or preallocated and not out before.
   * * #guint64 `buffers-reused`: frames that went out in a buffer of the
   *   element's that had carried a frame before and came back.
   * * #guint64 `buffers-downstream`: frames that went out in a buffer of
   *   downstream's pool (pool-mode=downstream).  `buffers-new` +
   *   `buffers-reused` + `buffers-downstream` is every frame that went out
   *   in a pool's buffer.
   * * #guint64 `buffers-freed`: buffers whose memory went back to the
   *   system: for one of the reasons below, or as a temporary buffer that
   *   came back.
   * * #guint64 `buffers-temporary`: of `buffers-allocated`, those made
   *   because the pool's bound was reached (max-buffers, or the max of
   *   downstream's pool): see exhausted-policy.  The pool frees one buffer
   *   for each as buffers come back above max-buffers.
   * * #guint64 `buffers-discarded`: buffers that came back changed (memory
   *   replaced or resized), or still shared when the kept-aside list was
   *   full, and so were freed, not reused.
   * * #guint64 `buffers-trimmed`: idle buffers freed because the stream no
   *   longer needed them: by frames (trim-window), by time after the stream
   *   stalled, or going to PAUSED.
   * * #guint64 `buffers-retired`: buffers freed because their pool stopped
   *   or was replaced (caps change, pool-mode change, READY).
   * * #guint64 `buffers-kept-shared`: buffers that came back while
   *   downstream still shared their memory (videorate duplicating a frame)
   *   and were kept aside instead of freed.
   * * #guint64 `buffers-reclaimed`: kept-aside buffers put back on the
   *   free list once their memory was exclusive again.
   * * #guint64 `waits`: frames that waited for a buffer to come back
   *   (exhausted-policy=wait), in the element's pool or downstream's.
   * * #guint64 `wait-timeouts`: waits that gave up after wait-timeout and
   *   took a temporary buffer.
   * * #guint64 `buffers-in-flight`: buffers of the element's handed
   *   downstream and not back yet.
   * * #guint64 `peak-in-flight`: the most buffers in flight at once.
   * * #guint64 `buffers-held`: buffers allocated and not freed, in flight
   *   or idle; always `buffers-allocated` - `buffers-freed`.
   * * #guint64 `peak-buffers-held`: the most buffers held at once.
   * * #guint64 `bytes-held`: the memory of the buffers held now.
   * * #guint64 `peak-bytes-held`: the most memory held at once.
   * * #gchararray `pool`: where output buffers come from now: `own`,
   *   `downstream`, `none` or `passthrough`; `unnegotiated` before caps and
   *   after the element stops.
   */
  g_object_class_install_property (gobject_class, PROP_STATS,
      g_param_spec_boxed ("stats", "Pool statistics",
          "What the pool did since the element was created: buffers "
          "allocated (preallocated, temporary), frames out in new, reused "
          "and downstream's buffers, buffers freed (discarded, trimmed, "
          "retired), kept while shared, reclaimed, waits, wait timeouts, in "
          "flight (and peak), buffers and bytes held now (and peak), pool in "
          "use",
          GST_TYPE_STRUCTURE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  gst_element_class_set_static_metadata (element_class,
      "Pooled converter to 4:2:0", "Filter/Converter/Video/Colorspace",
      "Converts YUV (planar, semi-planar, packed; 8 to 16 bits), grey and "
      "RGB video to I420, NV12, I420_10LE or P010_10LE for encoders, with "
      "output buffers from a bounded pool so that frames cost no allocation",
      "pooledconvert developers");
  add_sink_template (element_class);
  gst_element_class_add_static_pad_template (element_class, &src_template);

  trans_class->passthrough_on_same_caps = TRUE;
  trans_class->transform_caps =
      GST_DEBUG_FUNCPTR (gst_pooled_convert_transform_caps);
  trans_class->fixate_caps = GST_DEBUG_FUNCPTR (gst_pooled_convert_fixate_caps);
  trans_class->accept_caps = GST_DEBUG_FUNCPTR (gst_pooled_convert_accept_caps);
  trans_class->decide_allocation =
      GST_DEBUG_FUNCPTR (gst_pooled_convert_decide_allocation);
  trans_class->set_caps = GST_DEBUG_FUNCPTR (gst_pooled_convert_set_caps);
  trans_class->transform = GST_DEBUG_FUNCPTR (gst_pooled_convert_transform);
  trans_class->transform_ip =
      GST_DEBUG_FUNCPTR (gst_pooled_convert_transform_ip);
  trans_class->transform_size =
      GST_DEBUG_FUNCPTR (gst_pooled_convert_transform_size);
  trans_class->start = GST_DEBUG_FUNCPTR (gst_pooled_convert_start);
  trans_class->stop = GST_DEBUG_FUNCPTR (gst_pooled_convert_stop);
  trans_class->sink_event = GST_DEBUG_FUNCPTR (gst_pooled_convert_sink_event);
  trans_class->prepare_output_buffer =
      GST_DEBUG_FUNCPTR (gst_pooled_convert_prepare_output_buffer);
  trans_class->transform_meta =
      GST_DEBUG_FUNCPTR (gst_pooled_convert_transform_meta);
  filter_class->set_info = GST_DEBUG_FUNCPTR (gst_pooled_convert_set_info);
  filter_class->transform_frame =
      GST_DEBUG_FUNCPTR (gst_pooled_convert_transform_frame);
  filter_class->transform_frame_ip =
      GST_DEBUG_FUNCPTR (gst_pooled_convert_transform_frame_ip);

  gst_type_mark_as_plugin_api (GST_TYPE_POOLED_CONVERT_POOL_MODE, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_POOLED_CONVERT_EXHAUSTED_POLICY, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_POOLED_CONVERT_DITHER, 0);
}

static void
gst_pooled_convert_init (GstPooledConvert * self)
{
  self->pool_mode = DEFAULT_POOL_MODE;
  self->min_buffers = DEFAULT_MIN_BUFFERS;
  self->max_buffers = DEFAULT_MAX_BUFFERS;
  self->trim_window = DEFAULT_TRIM_WINDOW;
  self->exhausted_policy = DEFAULT_EXHAUSTED_POLICY;
  self->wait_timeout = DEFAULT_WAIT_TIMEOUT;
  self->n_threads = DEFAULT_N_THREADS;
  self->dither = DEFAULT_DITHER;
  self->pool_in_use = "unnegotiated";
  self->stats = pc_pool_stats_new ();
}
