/* symmetric.c: the symmetric counter of the plain n x n board (sym_count),
 * its sub-problems' prefixes (sym_prefixes), and its search loops
 * (symmetric_loop.h); the vector search (simd_search.h) is its fast path. */

typedef struct {
    int n, last, corner, bound1, bound2;
    mask_t mask, topbit, sidemask, lastmask, endbit;
    mask_t rowmask[MAXN]; /* the columns each row may use before attacks */
    mask_t board[MAXN]; /* the queen of each row, as a bit */
    uint64_t c2, c4, c8; /* representatives of classes of 2, 4 and 8 solutions */
    uint64_t nodes;      /* the shaped vector search: queens placed (the plain tree's) */
    int rule;            /* the shaped search: the attack rule */
    int queens;          /* the shaped search of empty rows: the queens to place, */
    mask_t first;        /* the columns the first of them may take, */
    int need[MAXN + 1];  /* and the required rows at or below each row */
    stop_flag_t *stop; /* looked at between sub-trees of the first free row, or buffers */
    int stopped;
} sym_t;

/* Columns row y may use, given the attacked ones.  The per-row masks and the
 * rule at row BOUND2 keep the search to one representative (or a few, sorted
 * out by sym_check) per class.  (The last row holds at most one free column,
 * so "no free column in LASTMASK" is a plain mask too.) */
static mask_t sym_avail(const sym_t *s, int y, mask_t attacked, mask_t down) {
    mask_t avail = s->rowmask[y] & ~attacked;
    if (y == s->bound2) avail = bound2_rule(avail, down, s->sidemask);
    return avail;
}

/* Classify a complete border placement: is it the representative, and of
 * how large a class (the rotation checks of Takaken's counter). */
static void sym_check_board(sym_t *s, const mask_t *b) {
    int last = s->last, own, you;
    mask_t bit, ptn;
    if (b[s->bound2] == 1) { /* rotation by 90 degrees */
        for (ptn = 2, own = 1; own <= last; own++, ptn <<= 1) {
            bit = 1;
            for (you = last; b[you] != ptn && b[own] >= bit; you--) bit <<= 1;
            if (b[own] > bit) return;
            if (b[own] < bit) break;
        }
        if (own > last) { s->c2++; return; }
    }
    if (b[last] == s->endbit) { /* rotation by 180 degrees */
        for (you = last - 1, own = 1; own <= last; own++, you--) {
            bit = 1;
            for (ptn = s->topbit; ptn != b[you] && b[own] >= bit; ptn >>= 1) bit <<= 1;
            if (b[own] > bit) return;
            if (b[own] < bit) break;
        }
        if (own > last) { s->c4++; return; }
    }
    if (b[s->bound1] == s->topbit) { /* rotation by 270 degrees */
        for (ptn = s->topbit >> 1, own = 1; own <= last; own++, ptn >>= 1) {
            bit = 1;
            for (you = 0; b[you] != ptn && b[own] >= bit; you++) bit <<= 1;
            if (b[own] > bit) return;
            if (b[own] < bit) break;
        }
    }
    s->c8++;
}

static void sym_check(sym_t *s) { sym_check_board(s, s->board); }

static void sym_found(sym_t *s) {
    if (s->corner) s->c8++;
    else sym_check(s);
}

/* The search loops of the symmetric counter (symmetric_loop.h): one copy per
 * part (corner or border) and mask type (32-bit masks for n <= 32: a smaller
 * stack, cheaper ops; 64-bit ones above). */
#define SYM_PASTE(name, suffix) name##_##suffix
#define SYM_SUFFIXED(name, suffix) SYM_PASTE(name, suffix)
#define SYM_T uint32_t
#define SYM_CORNER 1
#define SYM_SUFFIX corner32
#include "symmetric_loop.h"
#define SYM_T uint32_t
#define SYM_CORNER 0
#define SYM_SUFFIX border32
#include "symmetric_loop.h"
#define SYM_T uint64_t
#define SYM_CORNER 1
#define SYM_SUFFIX corner64
#include "symmetric_loop.h"
#define SYM_T uint64_t
#define SYM_CORNER 0
#define SYM_SUFFIX border64
#include "symmetric_loop.h"

#define SYM_CORNER 1
#define SYM_SUFFIX corner
#define FLAT_TARGET
#include "symmetric_flat.h"
#define SYM_CORNER 0
#define SYM_SUFFIX border
#define FLAT_TARGET
#include "symmetric_flat.h"

/* On x86-64, the plain search a second time for CPUs with BMI1 (every CPU with AVX2,
 * and some without), chosen at run time: its and-not, lowest bit and lowest bit
 * cleared are an instruction each, where the base x86-64 the extension is built for
 * spells them in two or three (ARM has and-not built in, as bic); and the
 * constellations counter it is measured against is built with -march=native.  With
 * the one table and the one branch of the same round, 13 % fewer instructions
 * (counting-engine.md, the seventh round of issue 42).  Where the CPU has none, the
 * copies above (the only ones in a build without HAVE_X86_SIMD, which .ci/portable
 * tests). */
#if HAVE_X86_SIMD
#define SYM_CORNER 1
#define SYM_SUFFIX corner_bmi
#define FLAT_TARGET __attribute__((target("bmi")))
#include "symmetric_flat.h"
#define SYM_CORNER 0
#define SYM_SUFFIX border_bmi
#define FLAT_TARGET __attribute__((target("bmi")))
#include "symmetric_flat.h"

static int flat_bmi = -1; /* the CPU has BMI1, once looked at */
#endif

/* The plain search of n <= 32 (symmetric_flat.h): the copy of the part, and of the CPU. */
static void sym_flat(sym_t *s, int y0, uint32_t c, uint32_t l, uint32_t r, uint32_t a) {
#if HAVE_X86_SIMD
    if (flat_bmi < 0) {
        __builtin_cpu_init();
        flat_bmi = __builtin_cpu_supports("bmi") != 0;
    }
    if (flat_bmi) {
        if (s->corner) sym_flat_corner_bmi(s, y0, c, l, r, a);
        else sym_flat_border_bmi(s, y0, c, l, r, a);
        return;
    }
#endif
    if (s->corner) sym_flat_corner(s, y0, c, l, r, a);
    else sym_flat_border(s, y0, c, l, r, a);
}

#if HAVE_SIMD
static int sym_search_simd(sym_t *s, int y0, uint32_t c, uint32_t l, uint32_t r);
#endif

/* Count the sub-tree below rows 0..y0-1 (already in s->board); `wide`
 * forces the 64-bit search (so that tests can check it on small boards). */
static void sym_search(sym_t *s, int y0, mask_t cd0, mask_t ld0, mask_t rd0, int wide) {
    mask_t avail = sym_avail(s, y0, cd0 | ld0 | rd0, cd0);
    if (!avail) return;
    if (s->n <= 32 && !wide) {
        /* Masks of n <= 32 columns fit: the diagonals' bits beyond the
         * board are dropped on the way, which changes nothing below. */
        uint32_t c = (uint32_t)cd0, l = (uint32_t)ld0, r = (uint32_t)rd0, a = (uint32_t)avail;
#if HAVE_SIMD
        if (y0 <= s->last - 3 && sym_search_simd(s, y0, c, l, r)) return;
#endif
        if (y0 <= s->last - 4) sym_flat(s, y0, c, l, r, a);
        else if (s->corner) sym_search_corner32(s, y0, c, l, r, a);
        else sym_search_border32(s, y0, c, l, r, a);
    } else if (s->corner) {
        sym_search_corner64(s, y0, cd0, ld0, rd0, avail);
    } else {
        sym_search_border64(s, y0, cd0, ld0, rd0, avail);
    }
}

/* Set up the bounds for a sub-tree whose row 0 (and row 1 for a corner) is
 * given; 0 when those columns are not a sub-tree of the method. */
static int sym_setup(sym_t *s, int n, const int *prefix, int len) {
    int k;
    memset(s, 0, sizeof *s);
    s->n = n;
    s->last = n - 1;
    s->mask = full_mask(n);
    s->topbit = (mask_t)1 << (n - 1);
    s->sidemask = s->topbit | 1;
    s->corner = prefix[0] == 0;
    if (s->corner) {
        if (len < 2 || prefix[1] < 2 || prefix[1] > n - 2) return 0;
        s->bound1 = prefix[1];
        s->bound2 = -1; /* no row has the BOUND2 rule */
        for (k = 0; k < n; k++) s->rowmask[k] = k < s->bound1 ? s->mask & ~(mask_t)2 : s->mask;
    } else {
        int b = prefix[0];
        s->bound1 = b;
        s->bound2 = n - 1 - b;
        if (b < 1 || b >= s->bound2) return 0;
        s->lastmask = 0;
        for (k = 0; k < b; k++) s->lastmask |= ((mask_t)1 << k) | (s->topbit >> k);
        s->endbit = s->topbit >> b;
        for (k = 0; k < n; k++) s->rowmask[k] = k < b ? s->mask & ~s->sidemask : s->mask;
        s->rowmask[n - 1] = s->mask & ~s->lastmask;
    }
    return 1;
}

/* Replay the prefix rows; 0 when a queen of the prefix is not allowed. */
static int sym_replay(sym_t *s, const int *prefix, int len, mask_t *cd, mask_t *ld, mask_t *rd) {
    int y;
    *cd = *ld = *rd = 0;
    for (y = 0; y < len; y++) {
        mask_t bit = (mask_t)1 << prefix[y];
        mask_t avail = y == 0 ? bit : sym_avail(s, y, *cd | *ld | *rd, *cd);
        if (prefix[y] < 0 || prefix[y] >= s->n || !(avail & bit)) return 0;
        s->board[y] = bit;
        *cd |= bit;
        *ld = (*ld | bit) << 1;
        *rd = (*rd | bit) >> 1;
    }
    return 1;
}

/* The first-row (and for corners second-row) choices of the method, so that
 * a short prefix stands for all the sub-trees it starts. */
static int sym_heads(int n, int *heads, int *lens) {
    int count = 0, b;
    for (b = 2; b <= n - 2; b++) { heads[2 * count] = 0; heads[2 * count + 1] = b; lens[count++] = 2; }
    for (b = 1; b < n - 1 - b; b++) { heads[2 * count] = b; lens[count++] = 1; }
    return count;
}

/* Count below `prefix`: 0, or -1 when it is not a sub-tree of the method,
 * or -2 when told to stop (the counts are then partial). */
static int sym_count(int n, const int *prefix, int len, int wide, stop_flag_t *stop, uint64_t *c2,
                     uint64_t *c4, uint64_t *c8) {
    sym_t s;
    mask_t cd, ld, rd;
    if (len == 0 || (len == 1 && prefix[0] == 0)) {
        int heads[4 * MAXN], lens[2 * MAXN], k, count = sym_heads(n, heads, lens), status;
        for (k = 0; k < count; k++) {
            if (prefix[0] == 0 && len == 1 && heads[2 * k] != 0) continue;
            status = sym_count(n, heads + 2 * k, lens[k], wide, stop, c2, c4, c8);
            if (status < 0) return status;
        }
        return 0;
    }
    if (len >= n || !sym_setup(&s, n, prefix, len)) return -1;
    if (!sym_replay(&s, prefix, len, &cd, &ld, &rd)) return -1;
    s.stop = stop;
    sym_search(&s, len, cd, ld, rd, wide);
    *c2 += s.c2; *c4 += s.c4; *c8 += s.c8;
    return s.stopped ? -2 : 0;
}

#ifndef QUEENS_NO_PYTHON
static int append_prefix(PyObject *out, const int *prefix, int depth) {
    PyObject *t = PyTuple_New(depth);
    int i, status;
    if (!t) return -1;
    for (i = 0; i < depth; i++) {
        PyObject *column = PyLong_FromLong(prefix[i]);
        if (!column) { Py_DECREF(t); return -1; }
        PyTuple_SET_ITEM(t, i, column);
    }
    status = PyList_Append(out, t);
    Py_DECREF(t);
    return status;
}

/* All prefixes of `depth` rows, in search order, appended to `out` (with the GIL: a deep
 * depth is a long search, so the signal handlers run now and then; -1 when one raised).
 * Below each head, the walk with the symmetric counter's rules. */
static int sym_prefixes(int n, int depth, PyObject *out) {
    int heads[4 * MAXN], lens[2 * MAXN], k, count = sym_heads(n, heads, lens), found;
    long until_signals = STOP_CHECK_PERIOD;
    for (k = 0; k < count; k++) {
        const int *head = heads + 2 * k, len = lens[k];
        sym_t s;
        walk_t w;
        mask_t cd, ld, rd;
        if (!sym_setup(&s, n, head, len) || !sym_replay(&s, head, len, &cd, &ld, &rd)) continue;
        memcpy(w.cols, head, (size_t)len * sizeof(int));
        if (len >= depth) { /* a corner head (two rows) is already deep enough */
            if (append_prefix(out, w.cols, depth) < 0) return -1;
            continue;
        }
        w.bound2 = s.bound2;
        w.side = s.sidemask;
        walk_start(&w, s.rowmask, len, depth - 1, cd, ld, rd, 1);
        w.until_pause = until_signals;
        while ((found = walk_next(&w, 1)) != 0) {
            if (found > 0) {
                if (append_prefix(out, w.cols, depth) < 0) return -1;
            } else {
                if (PyErr_CheckSignals() < 0) return -1;
                w.until_pause = STOP_CHECK_PERIOD;
            }
        }
        until_signals = w.until_pause;
    }
    return 0;
}
#endif

