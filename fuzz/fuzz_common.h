/* fuzz_common.h — helpers shared by the fuzz targets (fuzz/fuzz_*.c).
 *
 * Every target defines LLVMFuzzerTestOneInput. Built with clang
 * -fsanitize=fuzzer it is a libFuzzer binary (make fuzz); linked with
 * replay.c it is a plain program that replays the committed corpus and the
 * regression inputs (CTest: fuzz_<target>_regress). A broken property calls
 * FZ_CHECK, which prints what broke and aborts: a crash for libFuzzer, a
 * failing test for the replay driver. */
#ifndef TL_FUZZ_COMMON_H
#define TL_FUZZ_COMMON_H

#include "typelattice.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FZ_CHECK(cond, ...)                                                        \
  do {                                                                             \
    if (!(cond)) {                                                                 \
      fprintf(stderr, "%s:%d: property violated: %s\n  ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                                                \
      fprintf(stderr, "\n  last error: [%s] %s\n", tl_errtype(), tl_errmsg());     \
      abort();                                                                     \
    }                                                                              \
  } while (0)

/* A NUL-terminated copy of the input (embedded NULs end the string early, as
 * they would for any C caller). */
static inline char *fz_cstr(const uint8_t *data, size_t size) {
  char *s = (char *)malloc(size + 1);
  if (!s) abort();
  if (size) memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

/* The error contract of every status-returning function: TL_OK clears the
 * error slot; a failure is a known negative code with a message and a type. */
static inline void fz_status(int st, const char *fn) {
  if (st == TL_OK) {
    FZ_CHECK(tl_errmsg()[0] == '\0' && tl_errtype()[0] == '\0', "%s succeeded but left an error message", fn);
  } else {
    FZ_CHECK(st < 0 && st >= TL__STATUS_MIN, "%s returned unknown status %d", fn, st);
    FZ_CHECK(tl_errmsg()[0] != '\0', "%s failed with %s but set no message", fn, tl_status_name(st));
    FZ_CHECK(tl_errtype()[0] != '\0', "%s failed with %s but set no error type", fn, tl_status_name(st));
    FZ_CHECK(strlen(tl_errmsg()) < 1024, "%s: message not terminated", fn);
  }
}

/* Split s in place at every `sep`; returns the number of parts (<= max). */
static inline size_t fz_split(char *s, char sep, char **parts, size_t max) {
  size_t n = 0;
  if (max == 0) return 0;
  parts[n++] = s;
  for (char *p = s; *p && n < max; p++)
    if (*p == sep) {
      *p = '\0';
      parts[n++] = p + 1;
    }
  return n;
}

#endif
