/* cast_opts.h — the parsed options of `typelattice cast`, shared by
 * tools/cmd_cast.c and tools/cmd_cast_st.c. */
#ifndef TL_CAST_OPTS_H
#define TL_CAST_OPTS_H

#include "typelattice.h"

#define TL_CAST_MAX_ONLY 64

typedef struct tl_cast_opts {
  const char *in, *out;
  tl_dtype from;  /* TL_DTYPE_NONE when not given */
  tl_dtype to;
  unsigned flags; /* TL_CONVERT_SATURATE / TL_CONVERT_CHECKED */
  const char *only[TL_CAST_MAX_ONLY];
  int nonly;
  int threads;
  int progress;   /* 1 --progress, -1 --no-progress, 0 automatic */
} tl_cast_opts;

#endif
