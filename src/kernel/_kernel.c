/* (map: to be written) */
#include "common.h"
#include "walk.c"
#include "enumerate.c"
#include "symmetric.c"
#if HAVE_SIMD
#include "simd.c"
#include "simd_avx512.h"
#include "simd_search.h"
#include "simd_end.h"
#include "simd_avx2.h"
#include "simd_search.h"
#include "simd_end.h"
#endif
#include "simd_choice.c"
#include "shapes.c"
#include "regions.c"
#include "local.c"
#include "module.c"
