/* pooledconvert tests
 * GLib's GMutex, GRecMutex, GRWLock and GCond on pthread objects, and the
 * hand-offs that reference counts make, told to ThreadSanitizer: for the
 * TSan build of the test suites only (tests/check/meson.build compiles this
 * file into each suite when b_sanitize is "thread").
 *
 * Why: on Linux GLib 2.74 implements GMutex and GCond with atomic
 * instructions and the futex system call inside libglib, which is not built
 * with ThreadSanitizer.  TSan sees neither the lock nor the wait, so every
 * access guarded by a GMutex (GST_OBJECT_LOCK, the element's and the pool's
 * locks, GstPad's, GstTask's conditions) looks unsynchronised and is
 * reported as a race.  GRecMutex (GstBufferPool's lock, the pad stream
 * locks) and GRWLock are pthread objects that TSan does see, but GLib makes
 * them on first use and publishes them with an atomic exchange that TSan
 * does not see.
 *
 * How: this file defines those functions itself and the test executable
 * exports them (export_dynamic), so every call that goes through the PLT
 * (from the test, from the plugin, and from libgstreamer, libgstbase,
 * libgstvideo, libgstcheck, libgobject and the stock plugins) binds here
 * rather than to libglib.  Each GLib object holds a pthread object in its
 * pointer field: GMutex is a union of that pointer and the futex word GLib
 * would use, GRecMutex and GRWLock keep GLib's own layout (a malloc'ed
 * recursive pthread mutex, a malloc'ed pthread rwlock), GCond's pointer is
 * a field GLib's futex code never uses.  The pthread object is made on
 * first use (static and zeroed GLib objects need no init) and published
 * with a compare-and-swap that TSan sees, and
 * the pthread calls reach TSan's interceptors: that is what makes the
 * synchronisation visible.
 *
 * Reference counts.  GStreamer and GObject free an object in whichever
 * thread drops the last reference, and the count is an atomic instruction
 * inside an uninstrumented library, so TSan would see the free unordered
 * with what other threads did before their own unref.  Here
 * g_object_unref and gst_mini_object_unref (the calls that reach them
 * through the PLT) release the object's address, g_thread_pool_push
 * releases the work item it hands over (GstTaskPool starts streaming
 * threads that way), and g_free and g_slice_free1 acquire the address of
 * the block they free, which is the order those references guarantee.
 * libgstreamer's calls of its own gst_mini_object_unref are direct and not
 * seen: an unref made only there would still look unordered (none did in
 * the suites of the tsan stage).
 *
 * Clearing a mutex takes it once first.  A mutex may only be cleared once
 * nobody uses it any more, and the thread that clears it knows that from a
 * reference count (GstObject, GstMiniObject, GstClockID) kept with atomic
 * instructions inside GStreamer or GLib, which TSan does not see either.
 * Taking the mutex shows TSan the order the reference count already gave:
 * everything done under it happened before.  A mutex still held is an
 * error in GLib as well, and aborts here.
 *
 * What it does not cover: libglib is linked with -Bsymbolic-functions, so
 * it calls its own functions directly.  Locks that only GLib itself takes
 * (GAsyncQueue, GMainContext, GThreadPool, GOnce, GSlice) stay futexes TSan
 * cannot see; the suppressions in tests/valgrind/tsan.supp name what that
 * leaves.  A GMutex must never be taken both inside libglib and through
 * this file (GLib's futex code would take the pointer for a lock state); no
 * GLib or GStreamer API passes one across, and the lock functions abort if
 * they find a futex state where a pointer belongs.
 */

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <glib.h>

/* GLib's futex GMutex: 1 locked, 2 locked with waiters */
#define FUTEX_STATE_MAX 2

/* TSan's annotation interface (gcc installs no header for it) */
void __tsan_acquire (void *addr);
void __tsan_release (void *addr);

static void
fail (const char *what, int err)
{
  fprintf (stderr, "glib-sync-shim: %s: %s\n", what,
      err ? strerror (err) : "unexpected state");
  abort ();
}

static void
check (int err, const char *what)
{
  if (err != 0)
    fail (what, err);
}

static gpointer
new_mutex (int type)
{
  pthread_mutexattr_t attr;
  pthread_mutex_t *m = malloc (sizeof *m);

  if (m == NULL)
    fail ("malloc", ENOMEM);
  check (pthread_mutexattr_init (&attr), "pthread_mutexattr_init");
  check (pthread_mutexattr_settype (&attr, type), "pthread_mutexattr_settype");
  check (pthread_mutex_init (m, &attr), "pthread_mutex_init");
  pthread_mutexattr_destroy (&attr);
  return m;
}

static gpointer
new_plain_mutex (void)
{
  return new_mutex (PTHREAD_MUTEX_DEFAULT);
}

static gpointer
new_recursive_mutex (void)
{
  return new_mutex (PTHREAD_MUTEX_RECURSIVE);
}

static void
free_mutex (gpointer m)
{
  check (pthread_mutex_destroy (m), "pthread_mutex_destroy");
  free (m);
}

/* GLib's g_cond_wait_until takes a monotonic end time */
static gpointer
new_cond (void)
{
  pthread_condattr_t attr;
  pthread_cond_t *c = malloc (sizeof *c);

  if (c == NULL)
    fail ("malloc", ENOMEM);
  check (pthread_condattr_init (&attr), "pthread_condattr_init");
  check (pthread_condattr_setclock (&attr, CLOCK_MONOTONIC),
      "pthread_condattr_setclock");
  check (pthread_cond_init (c, &attr), "pthread_cond_init");
  pthread_condattr_destroy (&attr);
  return c;
}

static void
free_cond (gpointer c)
{
  check (pthread_cond_destroy (c), "pthread_cond_destroy");
  free (c);
}

/* The pthread object in @slot, made by @make if there is none yet.  Two
 * threads may race to make it: the compare-and-swap keeps one. */
static gpointer
object_in (gpointer * slot, gpointer (*make) (void), void (*destroy) (gpointer))
{
  gpointer object = __atomic_load_n (slot, __ATOMIC_ACQUIRE);
  gpointer made;

  if (G_LIKELY ((guintptr) object > FUTEX_STATE_MAX))
    return object;
  if (object != NULL)
    fail ("a GMutex locked by libglib's own futex code", 0);

  made = make ();
  if (__atomic_compare_exchange_n (slot, &object, made, FALSE,
          __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return made;
  destroy (made);
  if ((guintptr) object <= FUTEX_STATE_MAX)
    fail ("a GMutex locked by libglib's own futex code", 0);
  return object;
}

static void
clear_slot (gpointer * slot, void (*destroy) (gpointer))
{
  gpointer object = __atomic_exchange_n (slot, NULL, __ATOMIC_ACQ_REL);

  if ((guintptr) object > FUTEX_STATE_MAX)
    destroy (object);
}

/* See the top of the file: the last user's unlock happens before this. */
static void
clear_mutex_slot (gpointer * slot)
{
  pthread_mutex_t *m = __atomic_load_n (slot, __ATOMIC_ACQUIRE);

  if ((guintptr) m > FUTEX_STATE_MAX) {
    if (pthread_mutex_trylock (m) != 0)
      fail ("a GMutex or GRecMutex cleared while held", 0);
    check (pthread_mutex_unlock (m), "pthread_mutex_unlock");
  }
  clear_slot (slot, free_mutex);
}

static void
init_slot (gpointer * slot, gpointer (*make) (void))
{
  __atomic_store_n (slot, make (), __ATOMIC_RELEASE);
}

/* ---- GMutex and GRecMutex ------------------------------------------------ */

static void
lock_in (gpointer * slot, gpointer (*make) (void))
{
  check (pthread_mutex_lock (object_in (slot, make, free_mutex)),
      "pthread_mutex_lock");
}

static void
unlock_in (gpointer * slot, gpointer (*make) (void))
{
  check (pthread_mutex_unlock (object_in (slot, make, free_mutex)),
      "pthread_mutex_unlock");
}

static gboolean
trylock_in (gpointer * slot, gpointer (*make) (void))
{
  int err = pthread_mutex_trylock (object_in (slot, make, free_mutex));

  if (err != 0 && err != EBUSY)
    fail ("pthread_mutex_trylock", err);
  return err == 0;
}

void
g_mutex_init (GMutex * mutex)
{
  init_slot (&mutex->p, new_plain_mutex);
}

void
g_mutex_clear (GMutex * mutex)
{
  clear_mutex_slot (&mutex->p);
}

void
g_mutex_lock (GMutex * mutex)
{
  lock_in (&mutex->p, new_plain_mutex);
}

void
g_mutex_unlock (GMutex * mutex)
{
  unlock_in (&mutex->p, new_plain_mutex);
}

gboolean
g_mutex_trylock (GMutex * mutex)
{
  return trylock_in (&mutex->p, new_plain_mutex);
}

void
g_rec_mutex_init (GRecMutex * rec_mutex)
{
  init_slot (&rec_mutex->p, new_recursive_mutex);
}

void
g_rec_mutex_clear (GRecMutex * rec_mutex)
{
  clear_mutex_slot (&rec_mutex->p);
}

void
g_rec_mutex_lock (GRecMutex * rec_mutex)
{
  lock_in (&rec_mutex->p, new_recursive_mutex);
}

void
g_rec_mutex_unlock (GRecMutex * rec_mutex)
{
  unlock_in (&rec_mutex->p, new_recursive_mutex);
}

gboolean
g_rec_mutex_trylock (GRecMutex * rec_mutex)
{
  return trylock_in (&rec_mutex->p, new_recursive_mutex);
}

/* ---- GRWLock ------------------------------------------------------------- */

static gpointer
new_rw_lock (void)
{
  pthread_rwlock_t *rw = malloc (sizeof *rw);

  if (rw == NULL)
    fail ("malloc", ENOMEM);
  check (pthread_rwlock_init (rw, NULL), "pthread_rwlock_init");
  return rw;
}

static void
free_rw_lock (gpointer rw)
{
  check (pthread_rwlock_destroy (rw), "pthread_rwlock_destroy");
  free (rw);
}

static pthread_rwlock_t *
rw_lock_of (GRWLock * rw_lock)
{
  return object_in (&rw_lock->p, new_rw_lock, free_rw_lock);
}

static gboolean
rw_trylocked (int err)
{
  if (err != 0 && err != EBUSY)
    fail ("pthread_rwlock_try*lock", err);
  return err == 0;
}

void
g_rw_lock_init (GRWLock * rw_lock)
{
  init_slot (&rw_lock->p, new_rw_lock);
}

void
g_rw_lock_clear (GRWLock * rw_lock)
{
  clear_slot (&rw_lock->p, free_rw_lock);
}

void
g_rw_lock_writer_lock (GRWLock * rw_lock)
{
  check (pthread_rwlock_wrlock (rw_lock_of (rw_lock)), "pthread_rwlock_wrlock");
}

gboolean
g_rw_lock_writer_trylock (GRWLock * rw_lock)
{
  return rw_trylocked (pthread_rwlock_trywrlock (rw_lock_of (rw_lock)));
}

void
g_rw_lock_writer_unlock (GRWLock * rw_lock)
{
  check (pthread_rwlock_unlock (rw_lock_of (rw_lock)), "pthread_rwlock_unlock");
}

void
g_rw_lock_reader_lock (GRWLock * rw_lock)
{
  check (pthread_rwlock_rdlock (rw_lock_of (rw_lock)), "pthread_rwlock_rdlock");
}

gboolean
g_rw_lock_reader_trylock (GRWLock * rw_lock)
{
  return rw_trylocked (pthread_rwlock_tryrdlock (rw_lock_of (rw_lock)));
}

void
g_rw_lock_reader_unlock (GRWLock * rw_lock)
{
  check (pthread_rwlock_unlock (rw_lock_of (rw_lock)), "pthread_rwlock_unlock");
}

/* ---- GCond --------------------------------------------------------------- */

static pthread_mutex_t *
mutex_of (GMutex * mutex)
{
  return object_in (&mutex->p, new_plain_mutex, free_mutex);
}

static pthread_cond_t *
cond_of (GCond * cond)
{
  return object_in (&cond->p, new_cond, free_cond);
}

void
g_cond_init (GCond * cond)
{
  init_slot (&cond->p, new_cond);
}

void
g_cond_clear (GCond * cond)
{
  clear_slot (&cond->p, free_cond);
}

void
g_cond_wait (GCond * cond, GMutex * mutex)
{
  check (pthread_cond_wait (cond_of (cond), mutex_of (mutex)),
      "pthread_cond_wait");
}

gboolean
g_cond_wait_until (GCond * cond, GMutex * mutex, gint64 end_time)
{
  struct timespec end;
  int err;

  end.tv_sec = end_time / G_USEC_PER_SEC;
  end.tv_nsec = (end_time % G_USEC_PER_SEC) * 1000;
  err = pthread_cond_timedwait (cond_of (cond), mutex_of (mutex), &end);
  if (err != 0 && err != ETIMEDOUT)
    fail ("pthread_cond_timedwait", err);
  return err == 0;
}

void
g_cond_signal (GCond * cond)
{
  check (pthread_cond_signal (cond_of (cond)), "pthread_cond_signal");
}

void
g_cond_broadcast (GCond * cond)
{
  check (pthread_cond_broadcast (cond_of (cond)), "pthread_cond_broadcast");
}

/* ---- hand-offs ----------------------------------------------------------- */

/* The definition the library that owns @name has, found once. */
static gpointer
next_definition (gpointer * cache, const char *name)
{
  gpointer function = __atomic_load_n (cache, __ATOMIC_ACQUIRE);

  if (function == NULL) {
    function = dlsym (RTLD_NEXT, name);
    if (function == NULL)
      fail (name, ENOENT);
    __atomic_store_n (cache, function, __ATOMIC_RELEASE);
  }
  return function;
}

#define CALL_NEXT(type, name, ...) G_STMT_START {                     \
  static gpointer next_##name;                                        \
  ((type) next_definition (&next_##name, #name)) (__VA_ARGS__);       \
} G_STMT_END

void
g_object_unref (gpointer object)
{
  __tsan_release (object);
  CALL_NEXT (void (*)(gpointer), g_object_unref, object);
}

/* declared here: this file sees GLib only */
void gst_mini_object_unref (gpointer mini_object);

void
gst_mini_object_unref (gpointer mini_object)
{
  __tsan_release (mini_object);
  CALL_NEXT (void (*)(gpointer), gst_mini_object_unref, mini_object);
}

gboolean
g_thread_pool_push (GThreadPool * pool, gpointer data, GError ** error)
{
  static gpointer next_push;

  __tsan_release (data);
  return ((gboolean (*)(GThreadPool *, gpointer, GError **))
      next_definition (&next_push, "g_thread_pool_push")) (pool, data, error);
}

void
g_free (gpointer mem)
{
  if (mem != NULL)
    __tsan_acquire (mem);
  CALL_NEXT (void (*)(gpointer), g_free, mem);
}

void
g_slice_free1 (gsize block_size, gpointer mem_block)
{
  if (mem_block != NULL)
    __tsan_acquire (mem_block);
  CALL_NEXT (void (*)(gsize, gpointer), g_slice_free1, block_size, mem_block);
}

/* g_once: the value g_once_init_leave stores inside libglib is read by an
 * inlined atomic load in instrumented code, so the store is shown to TSan
 * as a release of @location, and a waiter that finds it done acquires. */
/* the names in parentheses: glib.h defines both as macros too */
gboolean
(g_once_init_enter) (volatile void *location)
{
  static gpointer next_enter;
  gboolean first = ((gboolean (*)(volatile void *))
      next_definition (&next_enter, "g_once_init_enter")) (location);

  if (!first)
    __tsan_acquire ((void *) location);
  return first;
}

void
(g_once_init_leave) (volatile void *location, gsize result)
{
  __tsan_release ((void *) location);
  CALL_NEXT (void (*)(volatile void *, gsize), g_once_init_leave, location,
      result);
}
