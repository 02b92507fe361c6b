/* convert_avx2.c — AVX2 + F16C conversion kernels (placeholder, filled below). */
#include "convert_internal.h"
#if defined(TL_HAVE_X86)
tl__contig_fn tl__avx2_kernel(tl_dtype from, tl_dtype to, int sat) {
  (void)from, (void)to, (void)sat;
  return NULL;
}
#endif
