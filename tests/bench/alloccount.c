/* pooledconvert benchmarks
 * Counting wrappers around the C library's allocator; see alloccount.h.
 *
 * The real functions are looked up lazily.  dlsym may itself allocate
 * before it has answered, so while a lookup is in progress requests are
 * served from a small static arena that is never freed.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "alloccount.h"

typedef void *(*MallocFunc) (size_t);
typedef void *(*CallocFunc) (size_t, size_t);
typedef void *(*ReallocFunc) (void *, size_t);
typedef void (*FreeFunc) (void *);
typedef int (*PosixMemalignFunc) (void **, size_t, size_t);
typedef void *(*AlignedAllocFunc) (size_t, size_t);

static MallocFunc real_malloc;
static CallocFunc real_calloc;
static ReallocFunc real_realloc;
static FreeFunc real_free;
static PosixMemalignFunc real_posix_memalign;
static AlignedAllocFunc real_aligned_alloc;
static AlignedAllocFunc real_memalign;
static MallocFunc real_valloc;
static MallocFunc real_pvalloc;

static guint64 n_allocs;
static guint64 n_bytes;
static guint64 n_frees;

#define ARENA_SIZE (64 * 1024)
static unsigned char arena[ARENA_SIZE] __attribute__((aligned (64)));
static size_t arena_used;
static int resolving;

static int tracing;
static __thread int in_trace;

/* With tracing on, every counted allocation prints its stack to stderr:
 * how to find out who allocates while frames flow. */
static void
trace_alloc (size_t size)
{
  void *frames[24];
  int n;
  char line[64];
  int len;

  in_trace = 1;
  n = backtrace (frames, 24);
  len = snprintf (line, sizeof (line), "alloccount: %zu bytes at\n", size);
  if (write (2, line, len) < 0)
    len = 0;
  backtrace_symbols_fd (frames, n, 2);
  in_trace = 0;
}

static inline void
count_alloc (size_t size)
{
  __atomic_fetch_add (&n_allocs, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add (&n_bytes, (guint64) size, __ATOMIC_RELAXED);
  if (G_UNLIKELY (__atomic_load_n (&tracing, __ATOMIC_RELAXED)) && !in_trace)
    trace_alloc (size);
}

static inline int
in_arena (const void *ptr)
{
  return (const unsigned char *) ptr >= arena &&
      (const unsigned char *) ptr < arena + ARENA_SIZE;
}

static void *
arena_alloc (size_t size, size_t align)
{
  size_t start;
  void *ptr;

  if (align < 16)
    align = 16;
  start = (arena_used + align - 1) & ~(align - 1);
  if (start + size > ARENA_SIZE) {
    static const char msg[] = "alloccount: bootstrap arena exhausted\n";
    ssize_t ignored = write (2, msg, sizeof (msg) - 1);

    (void) ignored;
    return NULL;
  }
  ptr = arena + start;
  arena_used = start + size;
  return ptr;
}

static void
resolve (void)
{
  if (real_free != NULL || resolving)
    return;
  resolving = 1;
  real_malloc = (MallocFunc) dlsym (RTLD_NEXT, "malloc");
  real_calloc = (CallocFunc) dlsym (RTLD_NEXT, "calloc");
  real_realloc = (ReallocFunc) dlsym (RTLD_NEXT, "realloc");
  real_posix_memalign = (PosixMemalignFunc) dlsym (RTLD_NEXT, "posix_memalign");
  real_aligned_alloc = (AlignedAllocFunc) dlsym (RTLD_NEXT, "aligned_alloc");
  real_memalign = (AlignedAllocFunc) dlsym (RTLD_NEXT, "memalign");
  real_valloc = (MallocFunc) dlsym (RTLD_NEXT, "valloc");
  real_pvalloc = (MallocFunc) dlsym (RTLD_NEXT, "pvalloc");
  real_free = (FreeFunc) dlsym (RTLD_NEXT, "free");
  resolving = 0;
}

void *
malloc (size_t size)
{
  resolve ();
  if (real_malloc == NULL)
    return arena_alloc (size, 16);
  count_alloc (size);
  return real_malloc (size);
}

void *
calloc (size_t n, size_t size)
{
  resolve ();
  if (real_calloc == NULL) {
    /* the arena is static storage, zero until first used */
    if (size != 0 && n > SIZE_MAX / size)
      return NULL;
    return arena_alloc (n * size, 16);
  }
  count_alloc (n * size);
  return real_calloc (n, size);
}

void *
realloc (void *ptr, size_t size)
{
  resolve ();
  if (in_arena (ptr)) {
    /* rare: a bootstrap block grows; copy what fits */
    void *moved = malloc (size);

    if (moved != NULL)
      memcpy (moved, ptr, MIN (size, (size_t) (arena + ARENA_SIZE -
                  (unsigned char *) ptr)));
    return moved;
  }
  if (real_realloc == NULL)
    return arena_alloc (size, 16);
  if (size > 0)
    count_alloc (size);
  if (ptr != NULL && size == 0)
    __atomic_fetch_add (&n_frees, 1, __ATOMIC_RELAXED);
  return real_realloc (ptr, size);
}

void
free (void *ptr)
{
  if (ptr == NULL || in_arena (ptr))
    return;
  resolve ();
  if (real_free == NULL)
    return;                     /* only while dlsym is answering: leak it */
  __atomic_fetch_add (&n_frees, 1, __ATOMIC_RELAXED);
  real_free (ptr);
}

int
posix_memalign (void **out, size_t align, size_t size)
{
  resolve ();
  if (real_posix_memalign == NULL) {
    *out = arena_alloc (size, align);
    return *out ? 0 : ENOMEM;
  }
  count_alloc (size);
  return real_posix_memalign (out, align, size);
}

void *
aligned_alloc (size_t align, size_t size)
{
  resolve ();
  if (real_aligned_alloc == NULL)
    return arena_alloc (size, align);
  count_alloc (size);
  return real_aligned_alloc (align, size);
}

void *
memalign (size_t align, size_t size)
{
  resolve ();
  if (real_memalign == NULL)
    return arena_alloc (size, align);
  count_alloc (size);
  return real_memalign (align, size);
}

void *
valloc (size_t size)
{
  resolve ();
  if (real_valloc == NULL)
    return arena_alloc (size, 4096);
  count_alloc (size);
  return real_valloc (size);
}

void *
pvalloc (size_t size)
{
  resolve ();
  if (real_pvalloc == NULL)
    return arena_alloc (size, 4096);
  count_alloc (size);
  return real_pvalloc (size);
}

void
pc_alloc_count_get (PcAllocCount * count)
{
  count->allocs = __atomic_load_n (&n_allocs, __ATOMIC_RELAXED);
  count->bytes = __atomic_load_n (&n_bytes, __ATOMIC_RELAXED);
  count->frees = __atomic_load_n (&n_frees, __ATOMIC_RELAXED);
}

void
pc_alloc_count_trace (gboolean enable)
{
  if (enable) {
    void *frame;

    /* the first backtrace () loads libgcc_s: do it before tracing */
    backtrace (&frame, 1);
  }
  __atomic_store_n (&tracing, enable, __ATOMIC_RELAXED);
}

gboolean
pc_alloc_count_active (void)
{
  return __atomic_load_n (&n_allocs, __ATOMIC_RELAXED) > 0;
}
