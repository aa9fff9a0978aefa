/* (map: to be written) */
#include "common.h"
#include "walk.c"
#include "enumerate.c"
#include "symmetric.c"
#if HAVE_SIMD
#include "simd.c"
#include "simd_isas.c"
#endif
#include "simd_choice.c"
#include "shapes.c"
#include "regions.c"
#include "local.c"
#include "module.c"
