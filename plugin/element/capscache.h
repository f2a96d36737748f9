/* pooledconvert
 * The answers transform_caps gave for caps that are not fixed, kept for
 * the process.  Linking and negotiation ask for the same open caps (pad
 * templates, a peer's open caps) many times, and for them the answer is
 * the costly one: every input format's offer, then gst_caps_simplify ()
 * over all of them.  The answer depends only on the caps and the
 * direction, so one kept answer serves every instance of the element.
 * Fixed caps are not kept: their answer is cheap and they differ from
 * stream to stream.
 */

#ifndef __PC_CAPS_CACHE_H__
#define __PC_CAPS_CACHE_H__

#include <gst/gst.h>

G_BEGIN_DECLS
/* A copy of the answer kept for @caps in @direction, or NULL. */
    GstCaps * pc_caps_cache_lookup (GstPadDirection direction, GstCaps * caps);

/* Keeps a copy of @answer for @caps in @direction, unless @caps are
 * fixed; the oldest kept answer makes room. */
void pc_caps_cache_store (GstPadDirection direction, GstCaps * caps,
    GstCaps * answer);

G_END_DECLS
#endif /* __PC_CAPS_CACHE_H__ */
