/* replay.c — a plain main() for the fuzz targets, without libFuzzer.
 * Usage: fuzz_<target>_replay PATH...  where each PATH is an input file or a
 * directory of input files (dot files are skipped). Runs every input through
 * LLVMFuzzerTestOneInput once; a violated property aborts. Prints how many
 * inputs ran. CTest registers one per target with fuzz/corpus/<target> and
 * fuzz/regress/<target>. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_common.h"

#include <dirent.h>
#include <sys/stat.h>

static size_t n_run;

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "cannot open %s\n", path);
    return 1;
  }
  size_t cap = 4096, len = 0;
  uint8_t *buf = malloc(cap);
  if (!buf) abort();
  size_t got;
  while ((got = fread(buf + len, 1, cap - len, f)) > 0) {
    len += got;
    if (len == cap) {
      cap *= 2;
      uint8_t *nb = realloc(buf, cap);
      if (!nb) abort();
      buf = nb;
    }
  }
  fclose(f);
  /* an exact-size heap copy, so ASan sees reads past the end */
  uint8_t *exact = malloc(len ? len : 1);
  if (!exact) abort();
  if (len) memcpy(exact, buf, len);
  free(buf);
  if (getenv("FUZZ_REPLAY_VERBOSE")) fprintf(stderr, "replay %s\n", path);
  LLVMFuzzerTestOneInput(exact, len);
  free(exact);
  n_run++;
  return 0;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int run_path(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0) {
    fprintf(stderr, "missing %s\n", path);
    return 1;
  }
  if (!S_ISDIR(st.st_mode)) return run_file(path);
  DIR *d = opendir(path);
  if (!d) return 1;
  char **names = NULL;
  size_t n = 0, cap = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 64;
      char **nn = realloc(names, cap * sizeof *names);
      if (!nn) abort();
      names = nn;
    }
    size_t l = strlen(path) + strlen(e->d_name) + 2;
    names[n] = malloc(l);
    if (!names[n]) abort();
    snprintf(names[n], l, "%s/%s", path, e->d_name);
    n++;
  }
  closedir(d);
  if (n) qsort(names, n, sizeof *names, cmp_str); /* deterministic order */
  int bad = 0;
  for (size_t i = 0; i < n; i++) {
    bad |= run_path(names[i]);
    free(names[i]);
  }
  free(names);
  return bad;
}

int main(int argc, char **argv) {
  int bad = 0;
  for (int i = 1; i < argc; i++) bad |= run_path(argv[i]);
  printf("%zu inputs replayed\n", n_run);
  return bad;
}
