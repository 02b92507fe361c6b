/* cast_io.c — see cast_io.h. */
#define _POSIX_C_SOURCE 200809L
#include "cast_io.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* ---- signal cleanup ---------------------------------------------------------------- */

/* The temporary file to remove when a signal ends the process. Written only
 * with the signals blocked, read by the handler (async-signal-safe: unlink,
 * signal, raise). */
static char tl__cast_tmp_path[PATH_MAX + 64];
static volatile sig_atomic_t tl__cast_tmp_set;

static void tl__cast_on_signal(int sig) {
  if (tl__cast_tmp_set) unlink(tl__cast_tmp_path);
  signal(sig, SIG_DFL);
  raise(sig);
}

static void tl__cast_block(sigset_t *old) {
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, SIGINT);
  sigaddset(&s, SIGTERM);
  sigaddset(&s, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &s, old);
}

static void tl__cast_set_tmp(const char *path) {
  sigset_t old;
  tl__cast_block(&old);
  if (path) {
    snprintf(tl__cast_tmp_path, sizeof tl__cast_tmp_path, "%s", path);
    tl__cast_tmp_set = 1;
    static int installed;
    if (!installed) {
      installed = 1;
      int sigs[] = {SIGINT, SIGTERM, SIGHUP};
      for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = tl__cast_on_signal;
        sigemptyset(&sa.sa_mask);
        struct sigaction prev;
        /* an ignored signal (nohup) stays ignored */
        if (sigaction(sigs[i], NULL, &prev) == 0 && prev.sa_handler == SIG_IGN) continue;
        sigaction(sigs[i], &sa, NULL);
      }
    }
  } else {
    tl__cast_tmp_set = 0;
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* ---- output ------------------------------------------------------------------------- */

static int tl__cast_fail(const char *what, const char *name, int err) {
  fprintf(stderr, "typelattice: cast: %s '%s': %s\n", what, name, strerror(err));
  return -1;
}

/* Follow symlinks (up to 40) from path; *out is malloc'ed. The final name may not exist. */
static int tl__cast_resolve(const char *path, char **out, struct stat *st, int *exists) {
  char *cur = strdup(path);
  if (!cur) return ENOMEM;
  for (int depth = 0;; depth++) {
    if (lstat(cur, st) != 0) {
      int e = errno;
      if (e == ENOENT) {
        *exists = 0;
        *out = cur;
        return 0;
      }
      free(cur);
      return e;
    }
    if (!S_ISLNK(st->st_mode)) {
      *exists = 1;
      *out = cur;
      return 0;
    }
    if (depth >= 40) {
      free(cur);
      return ELOOP;
    }
    char link[PATH_MAX];
    ssize_t n = readlink(cur, link, sizeof link - 1);
    if (n < 0) {
      int e = errno;
      free(cur);
      return e;
    }
    link[n] = '\0';
    char *next;
    if (link[0] == '/') {
      next = strdup(link);
    } else {
      const char *slash = strrchr(cur, '/');
      size_t dl = slash ? (size_t)(slash - cur) + 1 : 0;
      next = malloc(dl + (size_t)n + 1);
      if (next) {
        memcpy(next, cur, dl);
        memcpy(next + dl, link, (size_t)n + 1);
      }
    }
    free(cur);
    if (!next) return ENOMEM;
    cur = next;
  }
}

int tl_cast_out_open(tl_cast_out *o, const char *path) {
  memset(o, 0, sizeof *o);
  o->fd = -1;
  o->name = path;
  struct stat st;
  int exists = 0;
  int e = tl__cast_resolve(path, &o->final, &st, &exists);
  if (e) return tl__cast_fail("cannot write", path, e);
  if (exists && S_ISDIR(st.st_mode)) {
    fprintf(stderr, "typelattice: cast: '%s' is a directory\n", path);
    free(o->final);
    o->final = NULL;
    return -1;
  }
  if (exists && !S_ISREG(st.st_mode)) {
    /* device, FIFO, socket: write through it, never replace it */
    o->fd = open(o->final, O_WRONLY | O_CLOEXEC);
    if (o->fd < 0) {
      e = errno;
      free(o->final);
      o->final = NULL;
      return tl__cast_fail("cannot write", path, e);
    }
    return 0;
  }
  mode_t mode;
  if (exists) {
    mode = st.st_mode & 07777;
    /* refuse early what rename would do anyway: writing a file we may not write */
    if (access(o->final, W_OK) != 0) {
      e = errno;
      free(o->final);
      o->final = NULL;
      return tl__cast_fail("cannot write", path, e);
    }
  } else {
    mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask;
  }
  const char *slash = strrchr(o->final, '/');
  size_t dl = slash ? (size_t)(slash - o->final) + 1 : 0;
  o->tmp = malloc(dl + 32);
  if (!o->tmp) {
    free(o->final);
    o->final = NULL;
    return tl__cast_fail("cannot write", path, ENOMEM);
  }
  memcpy(o->tmp, o->final, dl);
  memcpy(o->tmp + dl, ".tlcast.XXXXXX", sizeof ".tlcast.XXXXXX");
  sigset_t old;
  tl__cast_block(&old); /* no window where the temp file exists unregistered */
  o->fd = mkstemp(o->tmp);
  e = errno;
  if (o->fd >= 0) tl__cast_set_tmp(o->tmp);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (o->fd < 0) {
    free(o->tmp);
    free(o->final);
    o->tmp = o->final = NULL;
    return tl__cast_fail("cannot write", path, e);
  }
  if (exists && (st.st_uid != geteuid() || st.st_gid != getegid()))
    if (fchown(o->fd, st.st_uid, st.st_gid) != 0) { /* best effort: only root may give files away */
    }
  if (fchmod(o->fd, mode) != 0) {
    e = errno;
    tl_cast_out_abort(o);
    return tl__cast_fail("cannot write", path, e);
  }
  return 0;
}

int tl_cast_out_direct(const tl_cast_out *o) { return o->tmp == NULL; }

int tl_cast_out_write(tl_cast_out *o, const void *p, size_t n) {
  const unsigned char *b = p;
  while (n) {
    ssize_t w = write(o->fd, b, n > ((size_t)1 << 30) ? ((size_t)1 << 30) : n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return tl__cast_fail("cannot write", o->name, errno);
    }
    if (w == 0) return tl__cast_fail("cannot write", o->name, EIO);
    b += w;
    n -= (size_t)w;
  }
  return 0;
}

static void tl__cast_out_free(tl_cast_out *o) {
  free(o->tmp);
  free(o->final);
  o->tmp = o->final = NULL;
  o->fd = -1;
}

void tl_cast_out_abort(tl_cast_out *o) {
  if (o->fd >= 0) close(o->fd);
  if (o->tmp) {
    unlink(o->tmp);
    tl__cast_set_tmp(NULL);
  }
  tl__cast_out_free(o);
}

int tl_cast_out_commit(tl_cast_out *o) {
  if (!o->tmp) { /* straight through a special file */
    int r = close(o->fd) == 0 ? 0 : tl__cast_fail("cannot write", o->name, errno);
    tl__cast_out_free(o);
    return r;
  }
  if (fsync(o->fd) != 0) {
    int e = errno;
    tl_cast_out_abort(o);
    return tl__cast_fail("cannot write", o->name, e);
  }
  int fd = o->fd;
  o->fd = -1;
  if (close(fd) != 0) {
    int e = errno;
    tl_cast_out_abort(o);
    return tl__cast_fail("cannot write", o->name, e);
  }
  if (rename(o->tmp, o->final) != 0) {
    int e = errno;
    tl_cast_out_abort(o);
    return tl__cast_fail("cannot write", o->name, e);
  }
  tl__cast_set_tmp(NULL);
  /* make the rename durable */
  const char *slash = strrchr(o->final, '/');
  char *dir = slash ? strndup(o->final, (size_t)(slash - o->final) + 1) : strdup(".");
  if (dir) {
    int dfd = open(dir, O_RDONLY | O_CLOEXEC);
    if (dfd >= 0) {
      fsync(dfd);
      close(dfd);
    }
    free(dir);
  }
  tl__cast_out_free(o);
  return 0;
}

/* ---- input -------------------------------------------------------------------------- */

int tl_cast_in_open(const char *path, int *fd, int64_t *size) {
  int f = open(path, O_RDONLY | O_CLOEXEC);
  if (f < 0) return tl__cast_fail("cannot read", path, errno);
  struct stat st;
  if (fstat(f, &st) != 0) {
    int e = errno;
    close(f);
    return tl__cast_fail("cannot read", path, e);
  }
  if (S_ISDIR(st.st_mode)) {
    close(f);
    fprintf(stderr, "typelattice: cast: '%s' is a directory\n", path);
    return -1;
  }
  *fd = f;
  *size = S_ISREG(st.st_mode) ? (int64_t)st.st_size : -1;
  return 0;
}

ptrdiff_t tl_cast_in_read(int fd, const char *name, void *p, size_t n, int64_t off) {
  unsigned char *b = p;
  size_t got = 0;
  while (got < n) {
    size_t want = n - got > ((size_t)1 << 30) ? ((size_t)1 << 30) : n - got;
    ssize_t r = off >= 0 ? pread(fd, b + got, want, (off_t)(off + (int64_t)got)) : read(fd, b + got, want);
    if (r < 0) {
      if (errno == EINTR) continue;
      return tl__cast_fail("cannot read", name, errno);
    }
    if (r == 0) break;
    got += (size_t)r;
  }
  return (ptrdiff_t)got;
}

/* ---- threaded conversion ------------------------------------------------------------ */

typedef struct {
  tl_dtype from, to;
  const unsigned char *src;
  unsigned char *dst;
  size_t n, base;
  unsigned flags;
  int st;
  size_t bad;
} tl__cast_job;

static void *tl__cast_run(void *arg) {
  tl__cast_job *j = arg;
  j->bad = 0;
  j->st = tl_convert_contiguous(j->from, j->src, j->to, j->dst, j->n, j->flags, &j->bad);
  return NULL;
}

int tl_cast_default_threads(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  if (n < 1) n = 1;
  if (n > 8) n = 8;
  return (int)n;
}

int tl_cast_convert(tl_dtype from, const void *src, tl_dtype to, void *dst, size_t n, unsigned flags,
                    size_t *bad, int threads) {
  enum { MAXT = 64 };
  if (threads > MAXT) threads = MAXT;
  if (threads <= 1 || n < ((size_t)1 << 16)) return tl_convert_contiguous(from, src, to, dst, n, flags, bad);
  size_t isz = (size_t)tl_dtype_get(from)->itemsize, osz = (size_t)tl_dtype_get(to)->itemsize;
  tl__cast_job jobs[MAXT];
  pthread_t tid[MAXT];
  int started[MAXT] = {0};
  size_t per = (n + (size_t)threads - 1) / (size_t)threads;
  int nj = 0;
  for (size_t b = 0; b < n; b += per, nj++) {
    size_t m = n - b < per ? n - b : per;
    jobs[nj] = (tl__cast_job){from, to, (const unsigned char *)src + b * isz, (unsigned char *)dst + b * osz,
                              m, b, flags, 0, 0};
  }
  for (int i = 1; i < nj; i++) started[i] = pthread_create(&tid[i], NULL, tl__cast_run, &jobs[i]) == 0;
  tl__cast_run(&jobs[0]);
  for (int i = 1; i < nj; i++) {
    if (started[i]) pthread_join(tid[i], NULL);
    else tl__cast_run(&jobs[i]); /* no thread: do it here */
  }
  int st = TL_OK;
  for (int i = 0; i < nj; i++) {
    if (jobs[i].st == TL_OK) continue;
    if (jobs[i].st == TL_ECAST) {
      if (bad) *bad = jobs[i].base + jobs[i].bad;
      /* the message of the failing chunk's thread is gone: restate it here */
      size_t ignored;
      return tl_convert_contiguous(from, (const unsigned char *)src + (jobs[i].base + jobs[i].bad) * isz, to,
                                   (unsigned char *)dst + (jobs[i].base + jobs[i].bad) * osz, 1, flags, &ignored);
    }
    st = jobs[i].st;
  }
  if (st != TL_OK) return tl_convert_contiguous(from, src, to, dst, n, flags, bad); /* restate the error */
  return TL_OK;
}

/* ---- progress ----------------------------------------------------------------------- */

void tl_cast_progress_start(tl_cast_progress *p, uint64_t total, int force) {
  memset(p, 0, sizeof *p);
  p->total = total;
  p->last_pct = -1;
  p->on = force > 0 || (force == 0 && isatty(STDERR_FILENO) && total >= ((uint64_t)64 << 20));
  if (p->on) tl_cast_progress_add(p, 0);
}

void tl_cast_progress_add(tl_cast_progress *p, uint64_t n) {
  if (!p->on) return;
  p->done += n;
  int pct = p->total ? (int)(p->done * 100 / p->total) : 100;
  if (pct > 100) pct = 100;
  if (pct == p->last_pct) return;
  p->last_pct = pct;
  char bar[41];
  int fill = pct * 40 / 100;
  for (int i = 0; i < 40; i++) bar[i] = i < fill ? '#' : '.';
  bar[40] = '\0';
  fprintf(stderr, "\rcast [%s] %3d%% %llu/%llu MiB", bar, pct, (unsigned long long)(p->done >> 20),
          (unsigned long long)(p->total >> 20));
  fflush(stderr);
}

void tl_cast_progress_end(tl_cast_progress *p) {
  if (p->on) fputc('\n', stderr);
  p->on = 0;
}
