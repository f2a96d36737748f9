/* pooledconvert tests
 * Helpers shared by the suites, one copy each: reading the element's stats,
 * asking the leaks tracer what is still alive, making input frames,
 * checksums, comparing an output with the reference, harnesses and
 * pipelines around the element, whether a forced kernel variant runs,
 * whether a sweep runs its sample.
 */

#ifndef __PC_TEST_UTIL_H__
#define __PC_TEST_UTIL_H__

#include <gst/gst.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "reference.h"

G_BEGIN_DECLS
/* The element's `stats` property, field by field. */
    typedef struct
{
  guint64 allocated;
  guint64 preallocated;
  guint64 new_buffers;
  guint64 reused;
  guint64 downstream;
  guint64 freed;
  guint64 temporary;
  guint64 discarded;
  guint64 trimmed;
  guint64 retired;
  guint64 kept_shared;
  guint64 reclaimed;
  guint64 waits;
  guint64 wait_timeouts;
  guint64 in_flight;
  guint64 peak_in_flight;
  guint64 held;
  guint64 peak_held;
  guint64 bytes_held;
  guint64 peak_bytes_held;
  gchar pool[32];
} Stats;

/* Reads @element's stats into @st; fails the test if a field is missing. */
void read_stats (GstElement * element, Stats * st);

/* Buffers, memories, buffer lists, pools and elements alive now, as the
 * active leaks tracer (GST_TRACERS=leaks(...)) sees them.  With @names,
 * appends each object's type.  Counting frees nothing. */
guint count_live_objects (GString * names);

/* Fails the test, naming what is alive, unless nothing is. */
void assert_nothing_alive (const gchar * when);

/* Sets GST_TRACERS so that gst_init() starts the leaks tracer that the two
 * above ask; call it first in main(). */
void use_leaks_tracer (void);

/* ---- the environment ------------------------------------------------------ */

/* Sets (@value) or unsets (NULL) the variable @name for a test that forces
 * a setting the plugin reads per caps; returns what was there, for
 * env_restore (). */
gchar *env_override (const gchar * name, const gchar * value);

/* Gives @name back the value @saved (NULL: unset), and frees @saved. */
void env_restore (const gchar * name, gchar * saved);

/* ---- frames --------------------------------------------------------------- */

/* The video info @caps_str describes; fails the test if it describes none. */
GstVideoInfo video_info_from_string (const gchar * caps_str);

/* @size pseudo-random bytes (ref_fill_random from @seed), PTS 0, duration
 * 1/30 s. */
GstBuffer *random_input_buffer (gsize size, guint32 seed);

/* FNV-1a over every byte of @buffer: to see that a held frame is unchanged. */
guint64 buffer_checksum (GstBuffer * buffer);

/* FNV-1a over the visible pixels of @buffer, a frame of @info (its video
 * meta's layout when it has one): padding is not the element's to write,
 * and a pool other than its own may leave it uninitialised.  0 when the
 * frame does not map. */
guint64 visible_pixels_checksum (GstBuffer * buffer, const GstVideoInfo * info);

/* ---- the reference -------------------------------------------------------- */

/* The reference's matrix and range for @info's colorimetry: BT.709 and
 * BT.2020 by name, BT.601 otherwise (what GStreamer does for I420). */
RefColor ref_color_of (const GstVideoInfo * info);

/* The largest difference between @out (I420 of @out_info) and the exact
 * conversion of @in (of @in_info), or a negative value when either frame
 * does not map. */
gdouble reference_error (GstBuffer * in, const GstVideoInfo * in_info,
    GstBuffer * out, const GstVideoInfo * out_info);

/* The video info of what @h's sink pad receives now. */
GstVideoInfo harness_output_info (GstHarness * h);

/* ---- the element in a harness or a pipeline --------------------------------- */

/* Caps of @format at @width x @height, 30/1, and the fields @more names
 * ("name=value,...", or NULL), as a string to free. */
gchar *raw_input_caps (const gchar * format, gint width, gint height,
    const gchar * more);

/* A harness around pooledconvert with @properties set ("name=value ...",
 * space-separated, values as gst-launch takes them, or NULL), downstream
 * taking I420 and NV12 (an 8-bit encoder), fed @caps_str unless that is
 * NULL (then the test sets up downstream's answers first and sends caps
 * itself). */
GstHarness *new_converter_harness (const gchar * properties,
    const gchar * caps_str);

/* gst_parse_launch() that fails the test on an error. */
GstElement *launch_pipeline (const gchar * description);

/* The element named @name in @pipeline (a reference); fails if none. */
GstElement *pipeline_element (GstElement * pipeline, const gchar * name);

/* Plays @pipeline until EOS; an ERROR message, or no EOS within
 * @guard_seconds (a deadlock guard, not a timing check), fails the test. */
void play_until_eos (GstElement * pipeline, guint guard_seconds);

/* The ERROR message of the playing @pipeline (unref it); EOS, or no
 * message within @guard_seconds, fails the test. */
GstMessage *wait_for_error (GstElement * pipeline, guint guard_seconds);

/* ---- the element's log ------------------------------------------------------ */

/* Records what the pooledconvert debug category logs at @level and above,
 * from any thread, until element_log_stop (); forgets earlier lines. */
void element_log_start (GstDebugLevel level);

/* Stops recording; call it once no thread logs any more (a pipeline is
 * down).  The lines stay readable. */
void element_log_stop (void);

/* The lines recorded at @level exactly, NULL-terminated (g_strfreev ()). */
gchar **element_log_lines (GstDebugLevel level);

/* ---- kernel variants ------------------------------------------------------- */

/* The exit status meson counts as a skipped test. */
#define PC_TEST_SKIP 77

/* TRUE when PC_KERNELS names a kernel variant this build or CPU cannot
 * run (the plugin would fall back, so a suite run for that variant would
 * test another); says so on stdout. */
gboolean forced_kernels_unavailable (void);

/* GST_CHECK_MAIN for a suite that runs once per forced kernel variant: a
 * run for a variant this CPU lacks is skipped rather than passed with
 * another variant. */
#define PC_CHECK_MAIN_PER_VARIANT(name)                                 \
int                                                                     \
main (int argc, char **argv)                                            \
{                                                                       \
  if (forced_kernels_unavailable ())                                    \
    return PC_TEST_SKIP;                                                \
  gst_check_init (&argc, &argv);                                        \
  return gst_check_run_suite (name##_suite (), #name, __FILE__);       \
}

/* Whether PC_TEST_REDUCED is set: the long sweeps then run a sample of
 * their cases (valgrind, and the sanitizers for forced kernel tiers). */
gboolean sweeps_sampled (void);

G_END_DECLS
#endif /* __PC_TEST_UTIL_H__ */
