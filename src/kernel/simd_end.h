/* After each instantiation of simd_search.h: the operations of the
 * instruction set just compiled (simd_avx512.h, simd_avx2.h) undefined, so
 * that the next one defines its own. */
#undef SIMD_PICK
#undef SIMD_TARGET
#undef V
#undef LANES
#undef FLIGHTS
#undef SET1
#undef ZERO
#undef IOTA
#undef AND
#undef OR
#undef XOR
#undef ANDNOT
#undef ADD
#undef SUB
#undef MUL
#undef SHL
#undef SHR
#undef SHLV
#undef SHRV
#undef LOADU
#undef STOREU
#undef LANESET
#undef LANEMASK
#undef NZ
#undef EQM
#undef GTM
#undef SELECT
#undef PACKING
#undef PACK
#undef COMPRESS
#undef EXPAND
#undef SHIFT_T
#undef SHIFT_COUNT
#undef PUT
#undef LANECOUNT
