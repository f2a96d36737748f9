/* pooledconvert tests
 * Helpers shared by the suites: reading the element's stats, and asking the
 * leaks tracer what is still alive.
 */

#ifndef __PC_TEST_UTIL_H__
#define __PC_TEST_UTIL_H__

#include <gst/gst.h>

G_BEGIN_DECLS
/* The element's `stats` property, field by field. */
    typedef struct
{
  guint64 allocated;
  guint64 reused;
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

G_END_DECLS
#endif /* __PC_TEST_UTIL_H__ */
