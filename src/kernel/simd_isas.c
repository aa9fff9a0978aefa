/* AVX-512F: 16 lanes; sets of lanes are the mask registers themselves. */
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
#define PACKING __mmask16
#define PACK(m) ((__mmask16)(m))
#define COMPRESS(how, v) _mm512_maskz_compress_epi32((how), (v)) /* the lanes `how`, packed */
/* (EXPAND in the register form: the same CPU time as vpexpandd from memory, measured) */
#define EXPAND(old, m, v) _mm512_mask_expand_epi32((old), (__mmask16)(m), (v))
SIMD_SEARCH(avx512, "avx512f")
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
#undef NZ
#undef EQM
#undef GTM
#undef SELECT
#undef PACKING
#undef PACK
#undef COMPRESS
#undef EXPAND

/* AVX2: 8 lanes; a set of lanes is read off a comparison with movemask, and
 * packing (AVX2 has no compress) permutes by a table of the 256 sets. */
static int32_t avx2_pack[256][8];
static int32_t avx2_spread[256][8]; /* the inverse: the k-th lane of a set takes element k */

static void avx2_pack_init(void) {
    int set, lane, k;
    for (set = 0; set < 256; set++) {
        for (k = 0, lane = 0; lane < 8; lane++) {
            if (set >> lane & 1) avx2_pack[set][k++] = lane;
        }
        while (k < 8) avx2_pack[set][k++] = 0;
        for (k = 0, lane = 0; lane < 8; lane++) avx2_spread[set][lane] = set >> lane & 1 ? k++ : 0;
    }
}

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
#define PACKING __m256i
#define PACK(m) LOADU(avx2_pack[(m) & 0xffu])
#define COMPRESS(how, v) _mm256_permutevar8x32_epi32((v), (how))
#define EXPAND(old, m, v) \
    SELECT((m), _mm256_permutevar8x32_epi32((v), LOADU(avx2_spread[(m) & 0xffu])), (old))
SIMD_SEARCH(avx2, "avx2")
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
#undef NZ
#undef EQM
#undef GTM
#undef LANEMASK
#undef SELECT
#undef PACKING
#undef PACK
#undef COMPRESS
#undef EXPAND

