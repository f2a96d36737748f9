/* pooledconvert
 * The worker set; see workers.h.
 *
 * One frame is one "job": the caller writes it under the lock, bumps the
 * generation and wakes the threads.  The frame is cut into more bands than
 * there are workers, and every worker, the caller included, claims a band
 * with a compare-and-swap until none is left, so a thread that
 * starts late (its core busy) costs the frame at most one band's time; the
 * worker that finishes the last band wakes the caller.  GThreadPool would
 * serve the same purpose but allocates on every push; a mutex, two
 * conditions and two atomics do not.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/workers.h"

GST_DEBUG_CATEGORY_STATIC (pc_workers_debug);
#define GST_CAT_DEFAULT pc_workers_debug

typedef struct
{
  PcWorkers *set;
  guint index;                  /* 1 .. n_workers - 1; the caller is 0 */
  GThread *thread;
  PcRowScratch scratch;
} PcWorkerThread;

/* What every worker of one frame needs. */
typedef struct
{
  const PcConvertPlan *plan;
  const GstVideoFrame *in;
  GstVideoFrame *out;
  guint n_bands;
} PcJob;

struct _PcWorkers
{
  guint requested;              /* the n_workers asked for */
  guint n_workers;              /* 1 + the threads that were made */
  /* the plan the scratch rows were made for (their sizes are the plan's
   * business: remade for every new plan, whose route may need rows the
   * last one did not, such as the general walk's) */
  guint scratch_serial;
  PcWorkerThread *threads;      /* n_workers - 1 */

  GMutex lock;
  GCond start;                  /* a new generation, or quit */
  GCond done;                   /* bands_done reached the job's n_bands, or
                                 * a thread started */
  guint started;                /* threads running worker_main */
  guint32 generation;           /* under the lock */
  gboolean quit;
  PcJob job;                    /* under the lock */

  /* the frame's generation (high 32 bits), the first unclaimed band (16
   * bits) and one past the last (low 16 bits): a band is claimed by one
   * compare-and-swap, and only while the generation is the claimer's own */
  guint64 claim;
  guint bands_done;             /* atomic */
};

/* Bands per worker: more bands than workers, so that a worker that starts
 * late (its core busy with another thread) leaves its share to the
 * others instead of holding up the frame.  The caller takes bands from the
 * top, the threads from the bottom: with two workers each converts one
 * contiguous part of the frame, as a fixed split would (measured: taking
 * bands in turns was 1.3-1.5x slower at 1080p Y42B and Y444 with both
 * cores free, as rows changed core from frame to frame). */
#define BANDS_PER_WORKER 4

/* How long a worker spins before it sleeps: for the caller, the last band
 * of a worker that is still running; for a worker, the next frame when
 * frames come back to back.  Falling asleep costs a futex round trip and,
 * on a busy machine, a wait for a core (a scheduler slice, milliseconds);
 * at 30 frames a second 2 x 50 us of spinning is 0.3 % of a core. */
#define SPIN_US 50

typedef struct
{
  gint64 end;
  guint n;
} PcSpin;

/* One more turn of a spin (the clock read every 64): FALSE when it is time
 * to sleep instead. */
static inline gboolean
spin_more (PcSpin * spin)
{
  gint64 now;

#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause ();
#elif defined(__aarch64__)
  __asm__ __volatile__ ("yield");
#endif
  if ((++spin->n & 63) != 0)
    return TRUE;
  now = g_get_monotonic_time ();
  if (spin->end == 0)
    spin->end = now + SPIN_US;
  return now < spin->end;
}

static inline guint32
published_generation (PcWorkers * set)
{
  return (guint32) (__atomic_load_n (&set->claim, __ATOMIC_ACQUIRE) >> 32);
}

static void
init_debug (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done)) {
    GST_DEBUG_CATEGORY_INIT (pc_workers_debug, "pooledconvertworkers", 0,
        "pooledconvert: the threads that convert bands of a frame");
    g_once_init_leave (&done, 1);
  }
}

guint
pc_workers_resolve (guint n_threads)
{
  static gint cores = 0;
  gint n = g_atomic_int_get (&cores);

  if (n_threads > 0)
    return MIN (n_threads, PC_WORKERS_MAX);
  /* read once: the count of online cores does not change under a stream */
  if (n == 0) {
    n = CLAMP (g_get_num_processors (), 1, PC_WORKERS_MAX);
    g_atomic_int_set (&cores, n);
  }
  return n;
}

/* Band @index of @n_bands: row pairs shared out evenly, so every band
 * starts on an even row and only the last may hold an odd row count. */
static void
run_band (const PcJob * job, guint index, const PcRowScratch * scratch)
{
  guint pairs = (job->plan->height + 1) / 2;
  guint first_pair = (guint) ((guint64) pairs * index / job->n_bands);
  guint end_pair = (guint) ((guint64) pairs * (index + 1) / job->n_bands);
  guint first_row = 2 * first_pair;
  guint end_row = MIN (2 * end_pair, job->plan->height);

  pc_convert_plan_run_rows (job->plan, job->in, job->out, first_row,
      end_row - first_row, scratch);
}

/* Converts bands of generation @generation until none is left, from the
 * top of the frame down (@from_bottom FALSE) or from the bottom up;
 * returns how many this worker converted. */
static guint
claim_and_run (PcWorkers * set, guint32 generation, const PcJob * job,
    const PcRowScratch * scratch, gboolean from_bottom)
{
  guint n = 0;

  for (;;) {
    guint64 claim = __atomic_load_n (&set->claim, __ATOMIC_ACQUIRE);
    guint top = (guint) (claim >> 16) & 0xffff;
    guint bottom = (guint) claim & 0xffff;
    guint index = from_bottom ? bottom - 1 : top;

    if ((guint32) (claim >> 32) != generation || top >= bottom)
      return n;
    if (!__atomic_compare_exchange_n (&set->claim, &claim, from_bottom ?
            claim - 1 : claim + (1 << 16), FALSE, __ATOMIC_ACQ_REL,
            __ATOMIC_ACQUIRE))
      continue;
    run_band (job, index, scratch);
    n++;
  }
}

/* Counts @n bands of @job done; the worker that completes the frame wakes
 * the caller. */
static void
bands_done (PcWorkers * set, const PcJob * job, guint n)
{
  if (n == 0)
    return;
  if (g_atomic_int_add (&set->bands_done, n) + n == job->n_bands) {
    g_mutex_lock (&set->lock);
    g_cond_signal (&set->done);
    g_mutex_unlock (&set->lock);
  }
}

static gpointer
worker_main (gpointer data)
{
  PcWorkerThread *worker = data;
  PcWorkers *set = worker->set;
  guint32 seen = 0;

  g_mutex_lock (&set->lock);
  set->started++;
  g_cond_signal (&set->done);
  for (;;) {
    PcSpin spin = { 0, };
    PcJob job;

    g_mutex_unlock (&set->lock);
    while (published_generation (set) == seen && spin_more (&spin));
    g_mutex_lock (&set->lock);
    while (set->generation == seen && !set->quit)
      g_cond_wait (&set->start, &set->lock);
    if (set->quit)
      break;
    seen = set->generation;
    job = set->job;
    g_mutex_unlock (&set->lock);

    /* a claim only succeeds while the frame is unfinished, so the frames
     * in @job are still the caller's */
    bands_done (set, &job, claim_and_run (set, seen, &job, &worker->scratch,
            TRUE));

    g_mutex_lock (&set->lock);
  }
  g_mutex_unlock (&set->lock);
  return NULL;
}

PcWorkers *
pc_workers_new (guint n_workers)
{
  PcWorkers *set;
  guint i;

  g_return_val_if_fail (n_workers >= 1 && n_workers <= PC_WORKERS_MAX, NULL);
  init_debug ();

  set = g_new0 (PcWorkers, 1);
  g_mutex_init (&set->lock);
  g_cond_init (&set->start);
  g_cond_init (&set->done);
  set->requested = n_workers;
  set->n_workers = 1;
  set->threads = g_new0 (PcWorkerThread, n_workers - 1);

  for (i = 0; i + 1 < n_workers; i++) {
    PcWorkerThread *worker = &set->threads[i];
    GError *error = NULL;
    gchar name[16];

    worker->set = set;
    worker->index = i + 1;
    g_snprintf (name, sizeof (name), "pcworker-%u", worker->index);
    worker->thread = g_thread_try_new (name, worker_main, worker, &error);
    if (worker->thread == NULL) {
      /* fewer workers is slower, not wrong */
      GST_WARNING ("cannot start worker thread %u of %u: %s", i + 1,
          n_workers - 1, error->message);
      g_error_free (error);
      break;
    }
    set->n_workers++;
  }

  /* running (and named) when this returns, so the set is what it says */
  g_mutex_lock (&set->lock);
  while (set->started < set->n_workers - 1)
    g_cond_wait (&set->done, &set->lock);
  g_mutex_unlock (&set->lock);
  GST_DEBUG ("%u workers (%u asked for)", set->n_workers, n_workers);
  return set;
}

void
pc_workers_free (PcWorkers * set)
{
  guint i;

  if (set == NULL)
    return;

  g_mutex_lock (&set->lock);
  set->quit = TRUE;
  g_cond_broadcast (&set->start);
  g_mutex_unlock (&set->lock);

  for (i = 0; i + 1 < set->n_workers; i++) {
    g_thread_join (set->threads[i].thread);
    pc_row_scratch_clear (&set->threads[i].scratch);
  }
  g_free (set->threads);
  g_mutex_clear (&set->lock);
  g_cond_clear (&set->start);
  g_cond_clear (&set->done);
  g_free (set);
}

guint
pc_workers_get_n_workers (const PcWorkers * set)
{
  return set->n_workers;
}

void
pc_workers_prepare (PcWorkers * set, const PcConvertPlan * plan)
{
  guint i;

  if (set->n_workers < 2 || plan->serial == set->scratch_serial)
    return;
  for (i = 0; i + 1 < set->n_workers; i++) {
    pc_row_scratch_clear (&set->threads[i].scratch);
    pc_row_scratch_init (&set->threads[i].scratch, plan);
  }
  set->scratch_serial = plan->serial;
}

void
pc_workers_ensure (PcWorkers ** workers, guint n_threads,
    const PcConvertPlan * plan)
{
  guint n = pc_workers_resolve (n_threads);

  if (*workers != NULL && (*workers)->requested != n) {
    pc_workers_free (*workers);
    *workers = NULL;
  }
  if (n == 1)
    return;
  if (*workers == NULL)
    *workers = pc_workers_new (n);
  pc_workers_prepare (*workers, plan);
}

void
pc_workers_run (PcWorkers * set, const PcConvertPlan * plan,
    const GstVideoFrame * in, GstVideoFrame * out)
{
  guint pairs = (plan->height + 1) / 2;
  PcSpin spin = { 0, };
  guint32 generation;
  PcJob job;

  if (set == NULL || set->n_workers == 1 || pairs < 2) {
    pc_convert_plan_run (plan, in, out);
    return;
  }
  g_return_if_fail (plan->serial == set->scratch_serial);

  /* a band is at least a row pair */
  job.n_bands = MIN (set->n_workers * BANDS_PER_WORKER, pairs);
  job.plan = plan;
  job.in = in;
  job.out = out;

  g_mutex_lock (&set->lock);
  generation = ++set->generation;
  set->job = job;
  g_atomic_int_set (&set->bands_done, 0);
  __atomic_store_n (&set->claim, (guint64) generation << 32 | job.n_bands,
      __ATOMIC_RELEASE);
  g_cond_broadcast (&set->start);
  g_mutex_unlock (&set->lock);

  bands_done (set, &job, claim_and_run (set, generation, &job, &plan->scratch,
          FALSE));

  while ((guint) g_atomic_int_get (&set->bands_done) < job.n_bands &&
      spin_more (&spin));
  g_mutex_lock (&set->lock);
  while ((guint) g_atomic_int_get (&set->bands_done) < job.n_bands)
    g_cond_wait (&set->done, &set->lock);
  g_mutex_unlock (&set->lock);
}
