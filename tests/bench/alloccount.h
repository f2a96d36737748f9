/* pooledconvert benchmarks
 * Counts every heap allocation the process makes, in every thread.
 *
 * alloccount.c defines malloc and its relatives in the benchmark executable
 * itself, so glib, GStreamer and every plugin loaded later call them; each
 * forwards to the C library's (found with dlsym (RTLD_NEXT)) after adding to
 * the counters.  Reading the counters allocates nothing.
 */

#ifndef __PC_ALLOC_COUNT_H__
#define __PC_ALLOC_COUNT_H__

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint64 allocs;               /* malloc, calloc, realloc, memalign & co. */
  guint64 bytes;                /* bytes those asked for */
  guint64 frees;                /* free of a non-NULL pointer */
} PcAllocCount;

void pc_alloc_count_get (PcAllocCount * count);

/* Prints the stack of every allocation to stderr while enabled. */
void pc_alloc_count_trace (gboolean enable);

/* TRUE once an allocation went through the counting wrappers. */
gboolean pc_alloc_count_active (void);

G_END_DECLS

#endif /* __PC_ALLOC_COUNT_H__ */
