/* convert_threads.c — tl_convert over several threads: a small pthreads pool,
 * created lazily on the first conversion that wants it, that converts
 * contiguous chunks of one call's elements. Each chunk is converted by the
 * same code path a 1-thread call takes (tl__run: kernel, plan or scalar
 * engine, all elementwise), so results are bit-identical whatever the
 * thread count. Settings: tl_convert_set_threads / _set_thread_threshold, or
 * TYPELATTICE_THREADS / TYPELATTICE_THREAD_THRESHOLD read once. */
#define _POSIX_C_SOURCE 200809L
#include "convert_internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TL__MAX_THREADS 256
/* Chunk boundaries fall on multiples of this many elements: whole elements,
 * whole bytes of any packed sub-byte layout (<= 8 elements per byte), and
 * whole 64-byte cache lines of 1-byte destinations (no false sharing). */
#define TL__CHUNK_ALIGN 64
#define TL__DEFAULT_THRESHOLD ((size_t)4 << 20)
#define TL__MIN_THRESHOLD ((size_t)4096)

static _Atomic int tl__nthreads = 1;
static _Atomic size_t tl__threshold = TL__DEFAULT_THRESHOLD;
static pthread_once_t tl__threads_once = PTHREAD_ONCE_INIT;

/* ---- settings ------------------------------------------------------------ */

static int tl__online_cpus(void) {
  long c = sysconf(_SC_NPROCESSORS_ONLN);
  if (c < 1) return 1;
  return c > TL__MAX_THREADS ? TL__MAX_THREADS : (int)c;
}

/* Decimal digits with an optional K/M/G suffix (binary units); 0 on success. */
static int tl__parse_size(const char *s, size_t *out) {
  if (!s || !*s) return -1;
  size_t v = 0;
  const char *p = s;
  for (; *p >= '0' && *p <= '9'; p++) {
    if (v > ((size_t)-1 - 9) / 10) return -1;
    v = v * 10 + (size_t)(*p - '0');
  }
  if (p == s) return -1;
  int shift = 0;
  if (*p == 'K' || *p == 'k') shift = 10, p++;
  else if (*p == 'M' || *p == 'm') shift = 20, p++;
  else if (*p == 'G' || *p == 'g') shift = 30, p++;
  if (*p) return -1;
  if (shift && v > ((size_t)-1 >> shift)) return -1;
  *out = v << shift;
  return 0;
}

/* The environment, once. Values the setters would reject are ignored (as an
 * unknown TYPELATTICE_CPU is): the library cannot report them from here. */
static void tl__threads_env(void) {
  const char *t = getenv("TYPELATTICE_THREADS");
  size_t v;
  if (t && *t && tl__parse_size(t, &v) == 0 && v <= TL__MAX_THREADS)
    atomic_store(&tl__nthreads, v == 0 ? tl__online_cpus() : (int)v);
  const char *b = getenv("TYPELATTICE_THREAD_THRESHOLD");
  if (b && *b && tl__parse_size(b, &v) == 0 && v >= TL__MIN_THRESHOLD) atomic_store(&tl__threshold, v);
}

static void tl__threads_init(void) { pthread_once(&tl__threads_once, tl__threads_env); }

void tl__threads_reload_env(void) {
  tl__threads_init();
  atomic_store(&tl__nthreads, 1);
  atomic_store(&tl__threshold, TL__DEFAULT_THRESHOLD);
  tl__threads_env();
}

int tl_convert_set_threads(int n) {
  tl__threads_init();
  if (n < 0 || n > TL__MAX_THREADS)
    return tl__error(TL_EINVAL, NULL,
                     "tl_convert_set_threads: n = %d is out of range (1..%d, or 0 = one per online CPU)", n,
                     TL__MAX_THREADS);
  atomic_store(&tl__nthreads, n == 0 ? tl__online_cpus() : n);
  return tl__ok();
}

int tl_convert_threads(void) {
  tl__threads_init();
  return atomic_load(&tl__nthreads);
}

int tl_convert_set_thread_threshold(size_t bytes) {
  tl__threads_init();
  if (bytes < TL__MIN_THRESHOLD)
    return tl__error(TL_EINVAL, NULL,
                     "tl_convert_set_thread_threshold: %zu bytes is below the minimum of %zu", bytes,
                     TL__MIN_THRESHOLD);
  atomic_store(&tl__threshold, bytes);
  return tl__ok();
}

size_t tl_convert_thread_threshold(void) {
  tl__threads_init();
  return atomic_load(&tl__threshold);
}

/* ---- the pool ------------------------------------------------------------ */

typedef struct {
  tl_dtype from, to;
  const char *src;
  char *dst;
  ptrdiff_t ss, ds;
  size_t n, per; /* elements, elements per chunk (a multiple of TL__CHUNK_ALIGN) */
  unsigned flags;
  size_t nchunks;
  _Atomic size_t next; /* the next chunk to claim */
} tl__job;

/* `busy` is held by the one thread whose job the pool runs; a call that finds
 * it taken runs on its own thread (same results). `mu` guards the rest. */
static pthread_mutex_t tl__pool_busy = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t tl__pool_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t tl__pool_work = PTHREAD_COND_INITIALIZER;
static pthread_cond_t tl__pool_done = PTHREAD_COND_INITIALIZER;
static pthread_t tl__workers[TL__MAX_THREADS];
static unsigned long tl__worker_gen[TL__MAX_THREADS];
static int tl__nworkers;           /* started workers (guarded by mu) */
static int tl__helpers;            /* workers taking part in the current job */
static int tl__pending;            /* of those, how many have not finished it */
static unsigned long tl__generation; /* bumped for each job */
static int tl__shutdown;
static tl__job *tl__current;
static pthread_once_t tl__atfork_once = PTHREAD_ONCE_INIT;

static void tl__run_chunks(tl__job *j) {
  tl__fpenv env;
  tl__fpenv_enter(&env);
  for (;;) {
    size_t k = atomic_fetch_add(&j->next, 1);
    if (k >= j->nchunks) break;
    size_t lo = k * j->per, m = j->n - lo < j->per ? j->n - lo : j->per;
    tl__run(j->from, j->src + (ptrdiff_t)lo * j->ss, j->ss, j->to, j->dst + (ptrdiff_t)lo * j->ds, j->ds, m,
            j->flags);
  }
  tl__fpenv_leave(&env);
}

static void *tl__worker(void *arg) {
  int idx = (int)(intptr_t)arg;
  pthread_mutex_lock(&tl__pool_mu);
  /* the generation when it was created: a job posted before this thread got
     to run is still its to do */
  unsigned long seen = tl__worker_gen[idx];
  for (;;) {
    while (!tl__shutdown && (tl__generation == seen || idx >= tl__helpers))
      if (tl__generation != seen) seen = tl__generation; /* a job without this worker */
      else pthread_cond_wait(&tl__pool_work, &tl__pool_mu);
    if (tl__shutdown) break;
    seen = tl__generation;
    tl__job *j = tl__current;
    pthread_mutex_unlock(&tl__pool_mu);
    tl__run_chunks(j);
    pthread_mutex_lock(&tl__pool_mu);
    if (--tl__pending == 0) pthread_cond_signal(&tl__pool_done);
  }
  pthread_mutex_unlock(&tl__pool_mu);
  return NULL;
}

/* After fork() the child has none of the parent's workers: forget them. */
static void tl__atfork_child(void) {
  pthread_mutex_init(&tl__pool_busy, NULL);
  pthread_mutex_init(&tl__pool_mu, NULL);
  pthread_cond_init(&tl__pool_work, NULL);
  pthread_cond_init(&tl__pool_done, NULL);
  tl__nworkers = 0;
  tl__helpers = 0;
  tl__pending = 0;
  tl__shutdown = 0;
}
static void tl__atfork_register(void) { pthread_atfork(NULL, NULL, tl__atfork_child); }

/* Stop and join the workers at exit (leak checkers see no live threads). A
 * conversion still running on another thread keeps them. */
__attribute__((destructor)) static void tl__pool_stop(void) {
  if (pthread_mutex_trylock(&tl__pool_busy) != 0) return;
  pthread_mutex_lock(&tl__pool_mu);
  int n = tl__nworkers;
  tl__shutdown = 1;
  pthread_cond_broadcast(&tl__pool_work);
  pthread_mutex_unlock(&tl__pool_mu);
  for (int i = 0; i < n; i++) pthread_join(tl__workers[i], NULL);
  pthread_mutex_lock(&tl__pool_mu);
  tl__nworkers = 0;
  tl__shutdown = 0;
  pthread_mutex_unlock(&tl__pool_mu);
  pthread_mutex_unlock(&tl__pool_busy);
}

/* Start workers up to `want` (called with busy held). Returns how many exist. */
static int tl__pool_grow(int want) {
  pthread_once(&tl__atfork_once, tl__atfork_register);
  pthread_mutex_lock(&tl__pool_mu);
  while (tl__nworkers < want) {
    pthread_attr_t attr;
    int ok = pthread_attr_init(&attr) == 0;
    if (ok) pthread_attr_setstacksize(&attr, (size_t)256 << 10);
    tl__worker_gen[tl__nworkers] = tl__generation;
    int rc = pthread_create(&tl__workers[tl__nworkers], ok ? &attr : NULL, tl__worker,
                            (void *)(intptr_t)tl__nworkers);
    if (ok) pthread_attr_destroy(&attr);
    if (rc != 0) break; /* fewer threads: still correct */
    tl__nworkers++;
  }
  int have = tl__nworkers;
  pthread_mutex_unlock(&tl__pool_mu);
  return have;
}

/* Does tl__run_threaded run n elements of bytes_per bytes (source and
   output) on the calling thread alone? (As its test below; a pool found busy
   runs there too.) */
int tl__threads_one(size_t n, size_t bytes_per) {
  tl__threads_init();
  if (atomic_load_explicit(&tl__nthreads, memory_order_relaxed) <= 1 || n < 2 * TL__CHUNK_ALIGN) return 1;
  const size_t thr = atomic_load_explicit(&tl__threshold, memory_order_relaxed);
  return n < (thr + bytes_per - 1) / bytes_per;
}

void tl__run_threaded(tl_dtype from, const char *src, ptrdiff_t ss, tl_dtype to, char *dst, ptrdiff_t ds, size_t n,
                      unsigned flags) {
  tl__threads_init();
  int nt = atomic_load_explicit(&tl__nthreads, memory_order_relaxed);
  size_t bytes_per = (size_t)tl__info(from)->itemsize + (size_t)tl__info(to)->itemsize;
  size_t thr = atomic_load_explicit(&tl__threshold, memory_order_relaxed);
  if (nt <= 1 || n < 2 * TL__CHUNK_ALIGN || n < (thr + bytes_per - 1) / bytes_per ||
      pthread_mutex_trylock(&tl__pool_busy) != 0) {
    tl__run(from, src, ss, to, dst, ds, n, flags);
    return;
  }
  /* chunks: nt of them, each a multiple of TL__CHUNK_ALIGN elements (the last
     takes the rest) */
  size_t per = (n + (size_t)nt - 1) / (size_t)nt;
  per = (per + TL__CHUNK_ALIGN - 1) / TL__CHUNK_ALIGN * TL__CHUNK_ALIGN;
  size_t nchunks = (n + per - 1) / per;
  int helpers = tl__pool_grow((int)nchunks - 1);
  if (helpers > (int)nchunks - 1) helpers = (int)nchunks - 1;
  if (helpers <= 0) {
    pthread_mutex_unlock(&tl__pool_busy);
    tl__run(from, src, ss, to, dst, ds, n, flags);
    return;
  }
  tl__job job = {from, to, src, dst, ss, ds, n, per, flags, nchunks, 0};
  pthread_mutex_lock(&tl__pool_mu);
  tl__current = &job;
  tl__helpers = helpers;
  tl__pending = helpers;
  tl__generation++;
  pthread_cond_broadcast(&tl__pool_work);
  pthread_mutex_unlock(&tl__pool_mu);
  tl__run_chunks(&job); /* this thread works too */
  pthread_mutex_lock(&tl__pool_mu);
  while (tl__pending > 0) pthread_cond_wait(&tl__pool_done, &tl__pool_mu);
  tl__current = NULL;
  pthread_mutex_unlock(&tl__pool_mu);
  pthread_mutex_unlock(&tl__pool_busy);
}
