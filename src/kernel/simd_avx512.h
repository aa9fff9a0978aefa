/* The vector search's operations for AVX-512F: 16 lanes of 32-bit masks; a
 * set of lanes is a mask register itself.  Included just before
 * simd_search.h, which is compiled with them into the functions *_avx512;
 * simd_end.h undefines them after it. */
#define SIMD_PICK(generic, avx2, avx512) avx512 /* each name's AVX-512 copy (simd.c's list) */
#define SIMD_TARGET __attribute__((target("avx512f"))) /* no -m flag needed */

#define V __m512i
#define LANES 16
#define FLIGHTS 2 /* vectors in flight (FLIGHTS * LANES <= 32: SIMD_ROOM) */
#define SET1(x) _mm512_set1_epi32((int)(x))
#define ZERO _mm512_setzero_si512()
#define IOTA _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define AND _mm512_and_si512
#define OR _mm512_or_si512
#define XOR _mm512_xor_si512
#define ANDNOT _mm512_andnot_si512 /* ANDNOT(a, b) = ~a & b */
#define ADD _mm512_add_epi32
#define SUB _mm512_sub_epi32
#define MUL _mm512_mullo_epi32
#define SHL _mm512_slli_epi32
#define SHR _mm512_srli_epi32
#define SHLV _mm512_sll_epi32 /* by a count in an __m128i */
#define SHRV _mm512_srl_epi32
#define LOADU(p) _mm512_loadu_si512((const void *)(p))
#define STOREU(p, v) _mm512_storeu_si512((void *)(p), (v))
#define NZ(x) ((unsigned)_mm512_test_epi32_mask((x), (x)))
#define EQM(a, b) ((unsigned)_mm512_cmpeq_epi32_mask((a), (b)))
#define GTM(a, b) ((unsigned)_mm512_cmpgt_epi32_mask((a), (b)))
#define SELECT(m, a, b) _mm512_mask_blend_epi32((__mmask16)(m), (b), (a))
#define KEEP(m, a) _mm512_maskz_mov_epi32((__mmask16)(m), (a)) /* SELECT(m, a, ZERO) */
/* x, or y in the lanes where a equals b */
#define OR_IF_EQ(x, a, b, y) _mm512_mask_or_epi32((x), _mm512_cmpeq_epi32_mask((a), (b)), (x), (y))
/* (its comparisons give sets, so the three-row count reads them as sets) */
#define VECTOR_ORDERS 0
/* the lanes where a, b and c are all nonzero */
#define NZ3(a, b, c) (NZ(a) & NZ(b) & NZ(c))
#define NZ4(a, b, c, d) (NZ3((a), (b), (c)) & NZ(d))
#define PACKING __mmask16
#define PACK(m) ((__mmask16)(m))
#define COMPRESS(how, v) _mm512_maskz_compress_epi32((how), (v)) /* the lanes `how`, packed */
/* (EXPAND in the register form: the same CPU time as vpexpandd from memory, measured) */
#define EXPAND(old, m, v) _mm512_mask_expand_epi32((old), (__mmask16)(m), (v))
/* the lanes of the set m take base, base + 1, ... in order, the others old's */
#define EXPAND_INDEX(old, m, base) EXPAND((old), (m), ADD(SET1(base), IOTA))
#define SHIFT_T __m128i /* a shift count for SHLV, SHRV */
#define SHIFT_COUNT(n) _mm_cvtsi32_si128(n)
#define PUT(p, how, v) STOREU((p), COMPRESS((how), (v))) /* the lanes `how`, packed at p */
#define LANECOUNT(m) __builtin_popcount(m) /* the lanes of a set */
/* Conditions on lanes (COND: a mask register here, a comparison's vector with
 * AVX2 and the portable search), for the refill of full vectors. */
#define PACKED_PARENTS 0 /* (simd.c: a parents array) */
#define COND __mmask16
#define CZERO(x) _mm512_testn_epi32_mask((x), (x)) /* the lanes where x is 0 */
#define CEQ(a, b) _mm512_cmpeq_epi32_mask((a), (b))
#define CSET(k) ((unsigned)(k)) /* as a set */
#define CSELECT(k, a, b) _mm512_mask_blend_epi32((k), (b), (a))
#define CKEEP(k, a) _mm512_maskz_mov_epi32((k), (a)) /* a where k, else 0 */
#define CDROP(k, a) _mm512_maskz_mov_epi32((__mmask16)~(k), (a)) /* 0 where k, else a */
/* EXPAND and EXPAND_INDEX for the lanes of k (its set: m) */
#define CEXPAND(old, k, m, v) EXPAND((old), (k), (v))
#define CEXPAND_INDEX(old, k, m, base) EXPAND_INDEX((old), (k), (base))
