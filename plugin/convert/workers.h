/* pooledconvert
 * The worker set: threads that convert horizontal bands of a frame.
 *
 * A set of n workers is the calling thread and n - 1 threads of its own,
 * made once and reused for every frame until the set is freed.  A frame is
 * split into bands of whole row pairs (pc_convert_plan_run_rows), a few
 * per worker; the caller and the threads each take the next band until
 * none is left, and the caller returns when all are done.  Running a frame
 * allocates nothing: the threads wait on a mutex and two conditions
 * (futexes on Linux), and each owns scratch rows made when the set is
 * prepared for a plan.
 */

#ifndef __PC_WORKERS_H__
#define __PC_WORKERS_H__

#include <gst/video/video.h>

#include "convert/convert.h"

G_BEGIN_DECLS
/* The largest number of workers a set can have (the n-threads maximum). */
#define PC_WORKERS_MAX 64
typedef struct _PcWorkers PcWorkers;

/* How many workers @n_threads asks for: 0 is one per online core; the
 * result is in 1 .. PC_WORKERS_MAX. */
guint pc_workers_resolve (guint n_threads);

/* A set of @n_workers (1 .. PC_WORKERS_MAX): @n_workers - 1 threads. */
PcWorkers *pc_workers_new (guint n_workers);

/* Stops and joins the threads; none is left when this returns. */
void pc_workers_free (PcWorkers * workers);

guint pc_workers_get_n_workers (const PcWorkers * workers);

/* Makes each thread's scratch fit @plan: a no-op when it was made for this
 * very plan (its serial), else made again, since a new plan of the same
 * format and size may take walks that need other rows (the general
 * walk's).  Cheap to call per frame. */
void pc_workers_prepare (PcWorkers * workers, const PcConvertPlan * plan);

/* Makes *@workers a set of pc_workers_resolve (@n_threads) workers
 * prepared for @plan: keeps the set it has when that fits, else replaces
 * it; frees it (leaving NULL) for a single worker.  Allocates only when
 * something changed. */
void pc_workers_ensure (PcWorkers ** workers, guint n_threads,
    const PcConvertPlan * plan);

/* Converts @in into @out with @plan, in bands over the set's workers; with
 * @workers NULL, on the calling thread alone.  The set must be prepared for
 * @plan.  Returns when the whole frame is converted. */
void pc_workers_run (PcWorkers * workers, const PcConvertPlan * plan,
    const GstVideoFrame * in, GstVideoFrame * out);

G_END_DECLS
#endif /* __PC_WORKERS_H__ */
