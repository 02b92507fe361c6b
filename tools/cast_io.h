/* cast_io.h — file plumbing of `typelattice cast` (tools/cast_io.c): safe
 * output (never clobbers special files, keeps modes, fsyncs, cleans up on
 * SIGINT/SIGTERM), whole-block reads, a multi-threaded block converter and a
 * progress bar. Every function that fails prints "typelattice: cast: ..."
 * naming the file and the problem to stderr. */
#ifndef TL_CAST_IO_H
#define TL_CAST_IO_H

#include "typelattice.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The block size of the streaming loops: memory stays bounded by a few blocks. */
#define TL_CAST_BLOCK ((size_t)8 << 20)

typedef struct tl_cast_out {
  const char *name; /* as given, for messages */
  char *final;      /* the file finally written (a symlink's target) */
  char *tmp;        /* temporary file renamed over `final`, NULL when writing straight through */
  int fd;
} tl_cast_out;

/* Open the destination. A regular file or a new name: a temporary file in the
 * same directory (mode: the existing file's, else 0666 & ~umask), renamed over
 * it by tl_cast_out_commit. A symlink: its target is treated so (the link
 * stays). A character/block device, FIFO or socket: written straight through,
 * never replaced. A directory: refused. Installs SIGINT/SIGTERM/SIGHUP handlers
 * that remove the temporary file. Returns 0, or -1 after printing the error. */
int tl_cast_out_open(tl_cast_out *o, const char *path);
/* Write all n bytes (retrying short writes and EINTR). 0 or -1 (printed). */
int tl_cast_out_write(tl_cast_out *o, const void *p, size_t n);
/* fsync, close, rename over the destination, fsync the directory. 0 or -1 (printed; temp removed). */
int tl_cast_out_commit(tl_cast_out *o);
/* Give up: close and remove the temporary file (the destination is untouched). */
void tl_cast_out_abort(tl_cast_out *o);
/* 1 when the output goes straight through a special file (no temp, no rename). */
int tl_cast_out_direct(const tl_cast_out *o);

/* Open an input file: 0 and *fd, *size (-1 when not a regular file), or -1
 * after printing "cannot read 'X': ..." / "'X' is a directory". */
int tl_cast_in_open(const char *path, int *fd, int64_t *size);
/* Read up to n bytes at offset off (off < 0: sequential read()), looping until n
 * bytes or end of file. Returns the count, or -1 after printing the error. */
ptrdiff_t tl_cast_in_read(int fd, const char *name, void *p, size_t n, int64_t off);

/* tl_convert_contiguous split over `threads` threads (1 = the calling thread
 * only). With TL_CONVERT_CHECKED *bad receives the smallest failing index. */
int tl_cast_convert(tl_dtype from, const void *src, tl_dtype to, void *dst, size_t n, unsigned flags,
                    size_t *bad, int threads);
/* The default thread count: online CPUs, at most 8. */
int tl_cast_default_threads(void);

/* Progress bar on stderr: shown when `force` > 0, or when force == 0 and stderr
 * is a terminal and total >= 64 MiB. */
typedef struct tl_cast_progress {
  int on;
  uint64_t total, done;
  int last_pct;
} tl_cast_progress;
void tl_cast_progress_start(tl_cast_progress *p, uint64_t total, int force);
void tl_cast_progress_add(tl_cast_progress *p, uint64_t n);
void tl_cast_progress_end(tl_cast_progress *p);

#endif
