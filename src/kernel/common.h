/* common.h: what every part of the kernel uses: mask_t (a row's columns as
 * bits), the limits, the bit helpers, the stop flag, the attack rules' codes
 * and whether the vector search is compiled in. */
#ifndef QUEENS_NO_PYTHON /* tests/kernel_harness.c: the counting parts without Python */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 64
#define SYMMETRIC_MIN_N 4
typedef uint64_t mask_t;

static int lowest_index(mask_t bit) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(bit);
#else
    int i = 0;
    while (!(bit & 1)) { bit >>= 1; i++; }
    return i;
#endif
}

static int popcount(mask_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#else
    int c = 0;
    while (x) { x &= x - 1; c++; }
    return c;
#endif
}

static mask_t full_mask(int n) { return n >= 64 ? ~(mask_t)0 : (((mask_t)1 << n) - 1); }

/* A count can be told to stop early (Ctrl-C, a closed web page): the caller
 * passes a byte that another thread sets to non-zero.  The searches look at
 * it now and then (never in the innermost steps) and give up, reporting that
 * they stopped rather than a count. */
typedef const volatile unsigned char stop_flag_t;
static const unsigned char never_stop = 0;

/* Backtracks between two looks at the flag in count_masks (a few ms). */
#define STOP_CHECK_PERIOD (1L << 20)

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* A backtrack of a plain loop: every STOP_CHECK_PERIOD of them, look at the
 * stop flag; true (and *stopped set) when the loop is to end now. */
static ALWAYS_INLINE int stop_now(long *until_pause, const stop_flag_t *stop, int *stopped) {
    if (--*until_pause != 0) return 0;
    if (*stop) {
        *stopped = 1;
        return 1;
    }
    *until_pause = STOP_CHECK_PERIOD;
    return 0;
}

/* The backtracking step of the plain loops over rows (shapes.c's
 * count_full, the region puzzle's and Star Battle's counters): a level with
 * nothing left to try goes back to the one above; 0 when the walk is over,
 * level 0 done or the stop flag set (stop_now). */
static ALWAYS_INLINE int walk_back(int *level, long *until_pause, const stop_flag_t *stop,
                                   int *stopped) {
    if (*level == 0) return 0;
    --*level;
    return !stop_now(until_pause, stop, stopped);
}

/* The attack rules (queens.rules.Rule.code gives the same numbers):
 * the symmetric counter knows only the queen's; the shaped searches, scalar
 * and vector, all three (shapes.c). */
#define RULE_QUEEN 0
#define RULE_TOROIDAL 1
#define RULE_SUPERQUEEN 2

/* The vector search (simd.c, simd_search.h) is compiled with a GCC or Clang
 * that has vector extensions and, on x86-64, knows AVX-512F and
 * __builtin_cpu_supports (GCC 5, Clang 4), not on Windows (where GCC cannot
 * align the stack for vector values), and not with -DQUEENS_NO_SIMD.  Its
 * portable copy (simd_generic.h: GCC/Clang vector extensions, 8 lanes of
 * 32-bit masks) is compiled on every such target, ARM included, and is the
 * one in use where nothing better runs (NEON on AArch64, SSSE3 on x86-64);
 * on x86-64 the AVX2 and AVX-512 copies are compiled too
 * (HAVE_X86_SIMD; not with -DQUEENS_NO_X86_SIMD, which builds the kernel as
 * an ARM one: .ci/portable), the best the CPU has chosen at run time
 * (simd_choice.c).  With other compilers, or -DQUEENS_NO_SIMD, the plain
 * loops count alone, with the same counts. */
#if defined(__clang__)
#define QUEENS_COMPILER_SIMD (__clang_major__ >= 4)
#elif defined(__GNUC__)
#define QUEENS_COMPILER_SIMD (__GNUC__ >= 5)
#else
#define QUEENS_COMPILER_SIMD 0
#endif
#if !defined(QUEENS_NO_SIMD) && !defined(_WIN32) && QUEENS_COMPILER_SIMD
#define HAVE_SIMD 1
#else
#define HAVE_SIMD 0
#endif
#if HAVE_SIMD && defined(__x86_64__) && !defined(QUEENS_NO_X86_SIMD)
#define HAVE_X86_SIMD 1
#include <immintrin.h>
#else
#define HAVE_X86_SIMD 0
#endif
/* the searches, as simd_choice.c chooses them (a better one: a larger number) */
enum { SIMD_OFF, SIMD_GENERIC, SIMD_AVX2, SIMD_AVX512 };
