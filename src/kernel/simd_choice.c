/* simd_choice.c: which search runs: the best instruction set of the CPU,
 * found at run time (or the one chosen through simd(), QUEENS_SIMD on the
 * Python side: the portable copy, "generic", where nothing better runs,
 * and on any CPU when asked; on x86-64 one with SSSE3), the dispatch to
 * its functions, and count_board, the plain counter's choice between the
 * vector search and count_masks.  Without
 * HAVE_SIMD only the plain loops exist and simd() reports none. */
#if HAVE_SIMD
static int simd_best = -1; /* the best the CPU has, once looked at */
static int simd_kind = -1; /* the one in use */

static int use_simd(void) {
    if (simd_best < 0) {
#if HAVE_X86_SIMD
        __builtin_cpu_init();
        /* the portable copy is compiled for SSSE3 here (simd_generic.h) */
        simd_best = __builtin_cpu_supports("avx512f") ? SIMD_AVX512
                    : __builtin_cpu_supports("avx2")  ? SIMD_AVX2
                    : __builtin_cpu_supports("ssse3") ? SIMD_GENERIC
                                                      : SIMD_OFF;
        avx2_pack_init();
#else
        simd_best = SIMD_GENERIC; /* the portable copy: every CPU runs it */
#endif
        generic_init();
        simd_kind = simd_best;
    }
    return simd_kind;
}

static int best_simd(void) {
    (void)use_simd();
    return simd_best;
}

/* Choose the search (SIMD_OFF or one the CPU has); the one now in use. */
static int set_simd(int kind) {
    if (kind <= best_simd()) simd_kind = kind;
    return simd_kind;
}

static int sym_search_simd(sym_t *s, int y0, uint32_t c, uint32_t l, uint32_t r) {
    switch (use_simd()) {
#if HAVE_X86_SIMD
    case SIMD_AVX512: return sym_search_avx512(s, y0, c, l, r);
    case SIMD_AVX2: return sym_search_avx2(s, y0, c, l, r);
#endif
    case SIMD_GENERIC: return sym_search_generic(s, y0, c, l, r);
    default: return 0;
    }
}

/* A shaped search (no symmetry) on the set in use: with a queen in every
 * row (GAPS 0) or rows that may stay empty (1), under s->rule; 0 when the
 * set or that search is missing.  simd_search is inlined once here for all
 * of them, its steps called through the table: as fast as a copy of it per
 * search with direct calls (callgrind: the same instructions within 0.01 %
 * on the torus and superqueens of 13, the queen's 12 of 14 columns, 11 of
 * 14 rows and 10 of 12 on the torus). */
static int shaped_search_simd(sym_t *s, int gaps) {
    const shaped_steps_t *steps;
    switch (use_simd()) {
#if HAVE_X86_SIMD
    case SIMD_AVX512: steps = &shaped_steps_avx512[gaps][s->rule]; break;
    case SIMD_AVX2: steps = &shaped_steps_avx2[gaps][s->rule]; break;
#endif
    case SIMD_GENERIC: steps = &shaped_steps_generic[gaps][s->rule]; break;
    default: return 0;
    }
    if (!steps->expand) return 0;
    return simd_search(s, 0, s->last - 1, 0, 0, 0, steps->expand, steps->finish,
                       s->rule == RULE_SUPERQUEEN);
}
#else
static int use_simd(void) { return SIMD_OFF; }
static int best_simd(void) { return SIMD_OFF; }
static int set_simd(int kind) { (void)kind; return SIMD_OFF; }
#endif

/* Any board: the vector search for boards of 4..32 rows counted without a
 * symmetry check (its "corner" part is a plain count under per-row masks),
 * else count_masks. */
static counts_t count_board(int n, const mask_t *allowed, unsigned group, stop_flag_t *stop,
                            int *stopped) {
#if HAVE_SIMD
    if ((group & ~1u) == 0 && n >= 4 && n <= 32 && use_simd() != SIMD_OFF) {
        sym_t s;
        int k;
        memset(&s, 0, sizeof s);
        s.n = n;
        s.last = n - 1;
        s.corner = 1; /* no border rules: every placement counts once */
        s.bound2 = -1;
        s.mask = full_mask(n);
        s.stop = stop;
        for (k = 0; k < n; k++) s.rowmask[k] = allowed[k];
        if (sym_search_simd(&s, 0, 0, 0, 0)) {
            counts_t result;
            result.total = result.unique = s.c8;
            *stopped = s.stopped;
            return result;
        }
    }
#endif
    return count_masks(n, allowed, group, stop, stopped);
}

