/* The vector search's operations for AVX2: 8 lanes of 32-bit masks; a set
 * of lanes is read off a comparison with movemask, and packing (AVX2 has no
 * compress) permutes by a table of the 256 sets.  Included just before
 * simd_search.h, which is compiled with them into the functions *_avx2;
 * simd_end.h undefines them after it. */
#define SIMD_PICK(generic, avx2, avx512) avx2 /* each name's AVX2 copy (simd.c's list) */
#define SIMD_TARGET __attribute__((target("avx2"))) /* no -m flag needed */

/* The lane orders of the 256 sets as bytes (8 a set, widened to 32-bit
 * lanes as they are read: vpmovzxbd), 4 KB for the two tables where 32-bit
 * entries took 16 KB, half the first-level data cache of a Zen 3 core. */
static uint8_t avx2_pack[256][8];
static uint8_t avx2_spread[256][8]; /* the inverse: the k-th lane of a set takes element k */

static void avx2_pack_init(void) {
    int set, lane, k;
    for (set = 0; set < 256; set++) {
        for (k = 0, lane = 0; lane < 8; lane++) {
            if (set >> lane & 1) avx2_pack[set][k++] = (uint8_t)lane;
        }
        while (k < 8) avx2_pack[set][k++] = 0;
        for (k = 0, lane = 0; lane < 8; lane++) avx2_spread[set][lane] = (uint8_t)(set >> lane & 1 ? k++ : 0);
    }
}

/* A set's row of one of the tables, as eight 32-bit lanes. */
#define AVX2_ORDER(table, m) \
    _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(table)[(m) & 0xffu]))

#define V __m256i
#define LANES 8
#define FLIGHTS 4 /* vectors in flight (FLIGHTS * LANES <= 32: SIMD_ROOM) */
#define SET1(x) _mm256_set1_epi32((int)(x))
#define ZERO _mm256_setzero_si256()
#define IOTA _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0)
#define AND _mm256_and_si256
#define OR _mm256_or_si256
#define XOR _mm256_xor_si256
#define ANDNOT _mm256_andnot_si256 /* ANDNOT(a, b) = ~a & b */
#define ADD _mm256_add_epi32
#define SUB _mm256_sub_epi32
#define MUL _mm256_mullo_epi32
#define SHL _mm256_slli_epi32
#define SHR _mm256_srli_epi32
#define SHLV _mm256_sll_epi32 /* by a count in an __m128i */
#define SHRV _mm256_srl_epi32
#define LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define LANESET(x) ((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(x)))
#define NZ(x) (~LANESET(_mm256_cmpeq_epi32((x), ZERO)) & 0xffu)
#define EQM(a, b) LANESET(_mm256_cmpeq_epi32((a), (b)))
#define GTM(a, b) LANESET(_mm256_cmpgt_epi32((a), (b)))
#define LANEMASK(m)                                                                 \
    _mm256_cmpeq_epi32(AND(SET1(m), _mm256_set_epi32(128, 64, 32, 16, 8, 4, 2, 1)), \
                       _mm256_set_epi32(128, 64, 32, 16, 8, 4, 2, 1))
#define SELECT(m, a, b) _mm256_blendv_epi8((b), (a), LANEMASK(m))
#define KEEP(m, a) AND((a), LANEMASK(m)) /* SELECT(m, a, ZERO), without a blend */
/* x, or y in the lanes where a equals b: the comparison used as a vector, never a set */
#define OR_IF_EQ(x, a, b, y) OR((x), AND(_mm256_cmpeq_epi32((a), (b)), (y)))
/* comparisons as vectors (all ones where true), for the three-row count (VECTOR_ORDERS) */
#define VECTOR_ORDERS 1
#define ZEROV(x) _mm256_cmpeq_epi32((x), ZERO)
#define EQV(a, b) _mm256_cmpeq_epi32((a), (b))
#define GTV(a, b) _mm256_cmpgt_epi32((a), (b))
/* the lanes where a, b and c are all nonzero */
#define NZ3(a, b, c) (~LANESET(OR(OR(ZEROV(a), ZEROV(b)), ZEROV(c))) & 0xffu)
#define NZ4(a, b, c, d) (~LANESET(OR(OR(ZEROV(a), ZEROV(b)), OR(ZEROV(c), ZEROV(d)))) & 0xffu)
#define PACKING __m256i
#define PACK(m) AVX2_ORDER(avx2_pack, (m))
#define COMPRESS(how, v) _mm256_permutevar8x32_epi32((v), (how))
#define EXPAND(old, m, v) \
    SELECT((m), _mm256_permutevar8x32_epi32((v), AVX2_ORDER(avx2_spread, (m))), (old))
/* the lanes of the set m take base, base + 1, ... in order, the others old's (the
 * spreading order itself, plus base: no permutation) */
#define EXPAND_INDEX(old, m, base) SELECT((m), ADD(SET1(base), AVX2_ORDER(avx2_spread, (m))), (old))
#define SHIFT_T __m128i /* a shift count for SHLV, SHRV */
#define SHIFT_COUNT(n) _mm_cvtsi32_si128(n)
#define PUT(p, how, v) STOREU((p), COMPRESS((how), (v))) /* the lanes `how`, packed at p */
#define LANECOUNT(m) __builtin_popcount(m) /* the lanes of a set */
/* Conditions on lanes (COND: a comparison's vector here, a mask register with
 * AVX-512), for the refill of full vectors: used as the blend itself, where a
 * set had to be turned back into a vector (LANEMASK) for each blend. */
#define COND __m256i
#define CZERO(x) _mm256_cmpeq_epi32((x), ZERO) /* the lanes where x is 0 */
#define CEQ(a, b) _mm256_cmpeq_epi32((a), (b))
#define CSET(k) LANESET(k) /* as a set */
#define CSELECT(k, a, b) _mm256_blendv_epi8((b), (a), (k))
#define CKEEP(k, a) AND((k), (a)) /* a where k, else 0 */
#define CDROP(k, a) ANDNOT((k), (a)) /* 0 where k, else a */
/* EXPAND and EXPAND_INDEX for the lanes of k (its set: m) */
#define CEXPAND(old, k, m, v) CSELECT((k), _mm256_permutevar8x32_epi32((v), AVX2_ORDER(avx2_spread, (m))), (old))
#define CEXPAND_INDEX(old, k, m, base) CSELECT((k), ADD(SET1(base), AVX2_ORDER(avx2_spread, (m))), (old))
/* The refill by spreading orders, and parents packed in the columns' words
 * (simd_search.h's simd_refill_spread; simd.c's SIMD_PARENT_SHIFT): the order
 * that spreads a set's lanes, as a vector (lane i: its rank in the set), and
 * a vector spread by it. */
#define PACKED_PARENTS 1
#define SPREAD_ORDER(m) AVX2_ORDER(avx2_spread, (m))
#define SPREAD(v, order) _mm256_permutevar8x32_epi32((v), (order))
