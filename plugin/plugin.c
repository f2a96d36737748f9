/* pooledconvert
 * Plugin registration: one element, defined in gstpooledconvert.c.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/gst.h>

#include "element/gstpooledconvert.h"

static gboolean
plugin_init (GstPlugin * plugin)
{
  return GST_ELEMENT_REGISTER (pooledconvert, plugin);
}

/* The project has no public home yet: say so in GStreamer's own words for
 * a build without one, rather than show a made-up address. */
#define PLUGIN_ORIGIN "Unknown package origin"

GST_PLUGIN_DEFINE (GST_VERSION_MAJOR, GST_VERSION_MINOR, pooledconvert,
    "Video conversion to I420 into a bounded, self-trimming buffer pool",
    plugin_init, VERSION, "LGPL", PACKAGE_NAME, PLUGIN_ORIGIN)
