/* The vector search's operations written once, on GCC/Clang vector
 * extensions: 4 lanes of 32-bit masks (a NEON register on AArch64, an SSE2
 * one on x86-64 without a -m flag; 8 lanes, two registers, made GCC warn
 * that AVX passes them differently, -Wpsabi), so every target those
 * compilers build for gets the vector search.  A set of lanes is read off a
 * comparison lane by lane (the compiler turns the loop into a few vector
 * operations); packing and spreading lanes (what AVX-512's compress and
 * expand do) are one byte permutation by a table where the target has one
 * (NEON's tbl; SSSE3's pshufb on x86-64), else go lane by lane, without a
 * branch.  Included just before simd_search.h, which is compiled with them
 * into the functions *_generic; simd_end.h undefines them after it.
 *
 * On x86-64 (HAVE_X86_SIMD) the copy is compiled for SSSE3 (a target
 * attribute: no -m flag), which every x86-64 CPU with AVX2 and most without
 * it have (Intel's since 2006, AMD's since 2011); simd_choice.c runs it only
 * where the CPU has SSSE3, else the plain loop.  Lane by lane, SSE2's
 * packing and spreading were 38 % of its instructions (callgrind, N = 14);
 * with pshufb it runs 33 % fewer (issue 42).  -DQUEENS_NO_X86_SIMD builds
 * the lane-by-lane copy on x86-64 (.ci/portable: the code of targets
 * without a byte permutation). */
#define SIMD_PICK(generic, avx2, avx512) generic /* each name's generic copy (simd.c's list) */

#if HAVE_X86_SIMD
#include <tmmintrin.h>
#define SIMD_TARGET __attribute__((target("ssse3")))
#define GENERIC_BYTE_TABLES 1
#elif defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>
#define SIMD_TARGET /* the target's own instructions */
#define GENERIC_BYTE_TABLES 1
#else
#define SIMD_TARGET
#define GENERIC_BYTE_TABLES 0
#endif
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef uint32_t generic_v __attribute__((vector_size(16)));
typedef int32_t generic_signed_v __attribute__((vector_size(16)));

#define V generic_v
#define LANES 4
#define FLIGHTS 4 /* vectors in flight (FLIGHTS * LANES <= 32: SIMD_ROOM) */

static ALWAYS_INLINE V generic_set1(uint32_t x) {
    V v = {x, x, x, x};
    return v;
}

static ALWAYS_INLINE V generic_load(const void *p) {
    V v;
    memcpy(&v, p, sizeof v);
    return v;
}

static ALWAYS_INLINE void generic_store(void *p, V v) { memcpy(p, &v, sizeof v); }

/* The lanes of a comparison's result (each all ones or zero) as a set: the
 * one step the vector extensions have no word for, so each target's own
 * instruction where it has one (both in its baseline: SSE2's movmskps,
 * NEON's add across lanes), else lane by lane. */
static ALWAYS_INLINE unsigned generic_laneset(V yes) {
#if defined(__SSE2__)
    return (unsigned)_mm_movemask_ps(_mm_castsi128_ps((__m128i)yes));
#elif defined(__aarch64__) && defined(__ARM_NEON)
    const V weight = {1, 2, 4, 8};
    return vaddvq_u32(yes & weight);
#else
    const V weight = {1, 2, 4, 8};
    V bits = yes & weight;
    return bits[0] | bits[1] | bits[2] | bits[3];
#endif
}

/* The lanes of the set m: all ones in them, zero elsewhere; a table of the
 * 16 sets (one load: built from m, broadcast and compared, the selects of
 * the refill were 12 % of the instructions, callgrind, N = 14). */
#define GENERIC_L(m, k) ((m) >> (k) & 1 ? 0xffffffffu : 0u)
#define GENERIC_LANES(m) {GENERIC_L(m, 0), GENERIC_L(m, 1), GENERIC_L(m, 2), GENERIC_L(m, 3)}
static const generic_v generic_lanemasks[16] = {
    GENERIC_LANES(0),  GENERIC_LANES(1),  GENERIC_LANES(2),  GENERIC_LANES(3),
    GENERIC_LANES(4),  GENERIC_LANES(5),  GENERIC_LANES(6),  GENERIC_LANES(7),
    GENERIC_LANES(8),  GENERIC_LANES(9),  GENERIC_LANES(10), GENERIC_LANES(11),
    GENERIC_LANES(12), GENERIC_LANES(13), GENERIC_LANES(14), GENERIC_LANES(15),
};
#undef GENERIC_LANES
#undef GENERIC_L

static ALWAYS_INLINE V generic_lanemask(unsigned m) { return generic_lanemasks[m & 0xfu]; }

#if GENERIC_BYTE_TABLES
/* NEON (tbl) and SSSE3 (pshufb) permute bytes by a table: packing and
 * spreading lanes are one permutation each, by the bytes of the 16 sets'
 * orders (generic_init). */
static uint8_t generic_pack[16][16], generic_spread[16][16];

static void generic_init(void) {
    int set, lane, k, byte;
    for (set = 0; set < 16; set++) {
        for (k = 0, lane = 0; lane < 4; lane++) {
            if (!(set >> lane & 1)) continue;
            for (byte = 0; byte < 4; byte++) generic_pack[set][4 * k + byte] = (uint8_t)(4 * lane + byte);
            k++;
        }
        for (; k < 4; k++)
            for (byte = 0; byte < 4; byte++) generic_pack[set][4 * k + byte] = (uint8_t)byte;
        for (k = 0, lane = 0; lane < 4; lane++) {
            for (byte = 0; byte < 4; byte++) generic_spread[set][4 * lane + byte] = (uint8_t)(4 * k + byte);
            k += set >> lane & 1;
        }
    }
}

#if HAVE_X86_SIMD
/* The lanes `how` of v, packed at p (a whole vector is written). */
SIMD_TARGET static ALWAYS_INLINE void generic_put(uint32_t *p, unsigned how, V v) {
    __m128i order = _mm_loadu_si128((const __m128i *)(const void *)generic_pack[how]);
    _mm_storeu_si128((__m128i *)(void *)p, _mm_shuffle_epi8((__m128i)v, order));
}

/* Lane i takes the element of v that counts the lanes of m before it. */
SIMD_TARGET static ALWAYS_INLINE V generic_spread_lanes(unsigned m, V v) {
    __m128i order = _mm_loadu_si128((const __m128i *)(const void *)generic_spread[m]);
    return (V)_mm_shuffle_epi8((__m128i)v, order);
}
#else
/* The lanes `how` of v, packed at p (a whole vector is written). */
static ALWAYS_INLINE void generic_put(uint32_t *p, unsigned how, V v) {
    uint8x16_t packed = vqtbl1q_u8(vreinterpretq_u8_u32(v), vld1q_u8(generic_pack[how]));
    vst1q_u32(p, vreinterpretq_u32_u8(packed));
}

/* Lane i takes the element of v that counts the lanes of m before it. */
static ALWAYS_INLINE V generic_spread_lanes(unsigned m, V v) {
    return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), vld1q_u8(generic_spread[m])));
}
#endif
#else
static void generic_init(void) {}

/* The lanes `how` of v, packed at p (a whole vector is written). */
static ALWAYS_INLINE void generic_put(uint32_t *p, unsigned how, V v) {
    int lane, k = 0;
    for (lane = 0; lane < LANES; lane++) {
        p[k] = v[lane];
        k += (int)(how >> lane & 1);
    }
}

/* Lane i takes the element of v that counts the lanes of m before it. */
static ALWAYS_INLINE V generic_spread_lanes(unsigned m, V v) {
    V out = v;
    int lane, k = 0;
    for (lane = 0; lane < LANES; lane++) {
        out[lane] = v[k];
        k += (int)(m >> lane & 1);
    }
    return out;
}
#endif

#define SET1(x) generic_set1((uint32_t)(x))
#define ZERO generic_set1(0)
#define IOTA ((V){0, 1, 2, 3})
#define AND(a, b) ((a) & (b))
#define OR(a, b) ((a) | (b))
#define XOR(a, b) ((a) ^ (b))
#define ANDNOT(a, b) (~(a) & (b)) /* ANDNOT(a, b) = ~a & b */
#define ADD(a, b) ((a) + (b))
#define SUB(a, b) ((a) - (b))
#define MUL(a, b) ((a) * (b))
#define SHL(x, n) ((x) << (n))
#define SHR(x, n) ((x) >> (n))
#define SHIFT_T int /* a shift count for SHLV, SHRV (under 32) */
#define SHIFT_COUNT(n) (n)
#define SHLV(x, n) ((x) << (n))
#define SHRV(x, n) ((x) >> (n))
#define LOADU(p) generic_load(p)
#define STOREU(p, v) generic_store((p), (v))
#define NZ(x) generic_laneset((V)((x) != 0))
#define EQM(a, b) generic_laneset((V)((a) == (b)))
#define GTM(a, b) generic_laneset((V)((generic_signed_v)(a) > (generic_signed_v)(b)))
#define SELECT(m, a, b) generic_select(generic_lanemask(m), (a), (b))
#define KEEP(m, a) ((a) & generic_lanemask(m)) /* SELECT(m, a, ZERO) */
/* x, or y in the lanes where a equals b: the comparison used as a vector, never a set */
#define OR_IF_EQ(x, a, b, y) ((x) | ((V)((a) == (b)) & (y)))
/* comparisons as vectors (all ones where true), for the three-row count (VECTOR_ORDERS) */
#define VECTOR_ORDERS 1
#define ZEROV(x) ((V)((x) == 0))
#define EQV(a, b) ((V)((a) == (b)))
#define GTV(a, b) ((V)((generic_signed_v)(a) > (generic_signed_v)(b)))
/* the lanes where a, b and c are all nonzero */
#define NZ3(a, b, c) (~generic_laneset(ZEROV(a) | ZEROV(b) | ZEROV(c)) & 0xfu)
#define NZ4(a, b, c, d) (~generic_laneset(ZEROV(a) | ZEROV(b) | ZEROV(c) | ZEROV(d)) & 0xfu)
#define PACKING unsigned
#define PACK(m) ((unsigned)(m) & 0xfu)
/* the lanes of a set, by a table of the 16 sets' counts in a constant (x86-64's
 * baseline has no popcnt: __builtin_popcount was a call into libgcc, 11 % of the time) */
#define LANECOUNT(m) ((int)(0x4332322132212110ull >> (4 * (m)) & 0xf))
#define PUT(p, how, v) generic_put((p), (how), (v))
/* the lanes of the set m take the elements of v in order, the others old's */
#define EXPAND(old, m, v) SELECT((m), generic_spread_lanes((unsigned)(m) & 0xfu, (v)), (old))
/* the lanes of the set m take base, base + 1, ... in order, the others old's */
#define EXPAND_INDEX(old, m, base) EXPAND((old), (m), ADD(SET1(base), IOTA))

static ALWAYS_INLINE V generic_select(V mask, V a, V b) { return (a & mask) | (b & ~mask); }

/* Conditions on lanes (COND: a comparison's vector, all ones where true), for
 * the refill of full vectors: used as the select itself, where a set had to
 * be looked up as a vector again (generic_lanemask) for each select. */
#define PACKED_PARENTS 0 /* (simd.c: a parents array) */
#define COND V
#define CZERO(x) ((V)((x) == 0)) /* the lanes where x is 0 */
#define CEQ(a, b) ((V)((a) == (b)))
#define CSET(k) generic_laneset(k) /* as a set */
#define CSELECT(k, a, b) generic_select((k), (a), (b))
#define CKEEP(k, a) ((a) & (k)) /* a where k, else 0 */
#define CDROP(k, a) ((a) & ~(k)) /* 0 where k, else a */
/* EXPAND and EXPAND_INDEX for the lanes of k (its set: m) */
#define CEXPAND(old, k, m, v) CSELECT((k), generic_spread_lanes((unsigned)(m) & 0xfu, (v)), (old))
#define CEXPAND_INDEX(old, k, m, base) CEXPAND((old), (k), (m), ADD(SET1(base), IOTA))
