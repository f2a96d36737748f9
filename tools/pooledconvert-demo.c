/* pooledconvert demo
 * Runs a pipeline through pooledconvert (named "convert") to the end and
 * prints the element's pool statistics.
 *
 * usage: pooledconvert-demo [PIPELINE DESCRIPTION...]
 */

#include <gst/gst.h>

#define DEFAULT_PIPELINE \
  "videotestsrc num-buffers=300 pattern=ball " \
  "! video/x-raw,format=RGBA,width=1280,height=720 " \
  "! pooledconvert name=convert ! video/x-raw,format=I420 ! fakesink"

static guint64
count (const GstStructure * stats, const gchar * field)
{
  guint64 value = 0;

  gst_structure_get_uint64 (stats, field, &value);
  return value;
}

/* Every field, then what they add up to (docs/pooledconvert.md, stats):
 * each frame out of a pool is new, reused or downstream's, and each buffer
 * made is freed or still held. */
static void
print_stats (GstElement * convert)
{
  GstStructure *stats = NULL;
  gint i;

  g_object_get (convert, "stats", &stats, NULL);
  g_print ("pooledconvert pool stats:\n");
  for (i = 0; i < gst_structure_n_fields (stats); i++) {
    const gchar *name = gst_structure_nth_field_name (stats, i);
    gchar *value = gst_value_serialize (gst_structure_get_value (stats, name));

    g_print ("  %-20s %s\n", name, value);
    g_free (value);
  }
  g_print ("frames out of a pool: %" G_GUINT64_FORMAT " = %" G_GUINT64_FORMAT
      " in new buffers + %" G_GUINT64_FORMAT " reused + %" G_GUINT64_FORMAT
      " downstream's\n", count (stats, "buffers-new") +
      count (stats, "buffers-reused") + count (stats, "buffers-downstream"),
      count (stats, "buffers-new"), count (stats, "buffers-reused"),
      count (stats, "buffers-downstream"));
  g_print ("buffers made: %" G_GUINT64_FORMAT " (%" G_GUINT64_FORMAT
      " preallocated, %" G_GUINT64_FORMAT " temporary) = %" G_GUINT64_FORMAT
      " freed + %" G_GUINT64_FORMAT " held\n",
      count (stats, "buffers-allocated"), count (stats, "buffers-preallocated"),
      count (stats, "buffers-temporary"), count (stats, "buffers-freed"),
      count (stats, "buffers-held"));
  gst_structure_free (stats);
}

int
main (int argc, char **argv)
{
  GError *error = NULL;
  GstElement *pipeline, *convert;
  GstMessage *msg;
  gchar *description;
  gint64 start;
  int status = 0;

  gst_init (&argc, &argv);
  description = argc > 1 ? g_strjoinv (" ", argv + 1) :
      g_strdup (DEFAULT_PIPELINE);

  pipeline = gst_parse_launch (description, &error);
  if (pipeline == NULL) {
    g_printerr ("could not build the pipeline: %s\n", error->message);
    return 1;
  }
  convert = gst_bin_get_by_name (GST_BIN (pipeline), "convert");
  if (convert == NULL) {
    g_printerr ("the pipeline needs a pooledconvert named \"convert\"\n");
    return 1;
  }

  g_print ("pipeline: %s\n", description);
  start = g_get_monotonic_time ();
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (pipeline),
      GST_CLOCK_TIME_NONE, GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    gchar *debug = NULL;

    gst_message_parse_error (msg, &error, &debug);
    g_printerr ("error from %s: %s\n%s\n", GST_OBJECT_NAME (msg->src),
        error->message, debug ? debug : "");
    g_clear_error (&error);
    g_free (debug);
    status = 1;
  } else {
    g_print ("ran to the end in %.1f ms\n",
        (g_get_monotonic_time () - start) / 1000.0);
  }
  gst_message_unref (msg);

  print_stats (convert);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (convert);
  gst_object_unref (pipeline);
  g_free (description);
  return status;
}
