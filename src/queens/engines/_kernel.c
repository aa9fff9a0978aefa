/* The compiled kernel of queens: counting and enumerating N-Queens solutions.
 *
 * Portable C99 (compiler builtins only behind #if guards) plus a thin
 * CPython wrapper at the end.  Boards arrive as one bitmask per row (bit c =
 * a queen may stand in column c), so reserved squares and fixed queens cost
 * nothing special.  Every search is iterative (an explicit stack, or the
 * row buffers of the vector search).  One walk over per-row masks (walk_t,
 * walk_next) is shared by the masks counter, the enumerator and the prefix
 * generator of the split; the symmetric counter's loops and the vector
 * search are the fast paths and keep their own.
 *
 * Two counters:
 *  - masks: any board; with a symmetry group (a bit per symmetry, in the
 *    order of queens.symmetry.ALL) each solution is also checked for being
 *    the lexicographically smallest of its images (fundamental count).
 *  - symmetric: the plain n x n board, counting only one representative per
 *    class under all 8 symmetries and weighting it by its class size (2, 4
 *    or 8), so total and fundamental counts come out of one pass over about
 *    a quarter of the tree (measured; the rest is pruned by the bounds).
 *    This is the corner/border method of Takaken's well-known counter: a
 *    queen in the corner of row 0 (class size always 8), else the outermost
 *    queens bounded by row 0's queen (BOUND1/BOUND2), with a final rotation
 *    check.  A "prefix" (the columns of the first rows) selects one
 *    sub-tree, which is how counts are split into sub-problems.
 * Where the CPU has AVX-512F or AVX2 (x86-64, GCC or Clang, found out at run
 * time), boards of up to 32 columns are searched a vector of nodes at a
 * time (the symmetric counter, and the masks counter when it has no
 * symmetry to check); elsewhere by the plain loops, with the same counts.
 *
 * Also here: the enumerator (resumable, writing the text formats) and the
 * local search that finds one solution for huge N (queens.engines.local).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
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

/* ---- symmetries of placements (order of queens.symmetry.ALL) ---------- */

/* The image of a placement (cols[row] = column) under symmetry `sym`. */
static void image(int sym, int n, const int *cols, int *out) {
    int m = n - 1, r;
    for (r = 0; r < n; r++) {
        int c = cols[r];
        switch (sym) {
        case 0: out[r] = c; break;              /* identity */
        case 1: out[c] = m - r; break;          /* rotate 90 clockwise */
        case 2: out[m - r] = m - c; break;      /* rotate 180 */
        case 3: out[m - c] = r; break;          /* rotate 270 */
        case 4: out[r] = m - c; break;          /* mirror */
        case 5: out[m - r] = c; break;          /* flip */
        case 6: out[c] = r; break;              /* transpose */
        default: out[m - c] = m - r; break;     /* anti-transpose */
        }
    }
}

/* True when no symmetry of `group` maps the placement to a smaller one. */
static int is_canonical(int n, const int *cols, unsigned group) {
    int other[MAXN], sym, r;
    for (sym = 1; sym < 8; sym++) {
        if (!(group & (1u << sym))) continue;
        image(sym, n, cols, other);
        for (r = 0; r < n && other[r] == cols[r]; r++) {}
        if (r < n && other[r] < cols[r]) return 0;
    }
    return 1;
}

/* ---- the walk: backtracking over per-row masks ------------------------- */

/* One depth-first walk over per-row masks, in lexicographic order, shared by
 * the plain counter (count_masks), the resumable enumerator (search_next)
 * and the prefix generator of the split (sym_prefixes): each drives it from
 * one placement of its rows to the next and does its own thing there (count
 * the row after, yield a solution, append a prefix).  The state is explicit
 * (a stack per row), so a walk can pause anywhere and go on later.
 *
 * A row's free columns are its mask less the attacked ones; with BORDER
 * (a constant argument, so each caller gets its own copy of the loop, with
 * no cost for the rule it does not use) row BOUND2 also follows the
 * symmetric counter's rule, so that the prefix generator walks the same
 * tree as the symmetric counter.  The symmetric counter and the vector
 * search keep loops of their own: they are the fast paths, and their loops
 * are shaped for speed (state in registers, last rows counted in place). */
typedef struct {
    int y, base, last;  /* the current row; the first and last rows walked */
    long until_pause;   /* backtracks left before walk_next pauses */
    const mask_t *rows; /* the columns each row may use before attacks */
    int bound2;         /* BORDER only: the row of the symmetric counter's side rule, */
    mask_t side;        /* and its two side columns */
    mask_t bit;         /* the queen of the last row, as a bit */
    mask_t rem[MAXN];   /* the columns each row has still to try */
    mask_t cd[MAXN], ld[MAXN], rd[MAXN]; /* each row's attacks from the rows above */
    int cols[MAXN];     /* the queen of each row placed (and of the rows above BASE) */
} walk_t;

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* Row BOUND2's rule of the symmetric counter, given the columns `down` the
 * rows above have taken: neither side column taken, no placement; one of
 * them, only the other. */
static ALWAYS_INLINE mask_t bound2_rule(mask_t avail, mask_t down, mask_t side) {
    if (!(down & side)) return 0;
    if ((down & side) != side) avail &= side;
    return avail;
}

static ALWAYS_INLINE mask_t walk_avail(const walk_t *w, int y, int border) {
    mask_t avail = w->rows[y] & ~(w->cd[y] | w->ld[y] | w->rd[y]);
    if (border && y == w->bound2) avail = bound2_rule(avail, w->cd[y], w->side);
    return avail;
}

/* Start a walk over rows base..last of `rows`, under the attacks cd, ld, rd
 * of the rows above (their queens, if wanted, are the caller's to put in
 * w->cols; with BORDER, w->bound2 and w->side are set first). */
static ALWAYS_INLINE void walk_start(walk_t *w, const mask_t *rows, int base, int last, mask_t cd,
                                     mask_t ld, mask_t rd, int border) {
    w->rows = rows;
    w->y = w->base = base;
    w->last = last;
    w->cd[base] = cd;
    w->ld[base] = ld;
    w->rd[base] = rd;
    w->rem[base] = walk_avail(w, base, border);
}

/* Advance to the next placement of rows base..last: 1 with its queens in
 * w->cols (and the last one also in w->bit, for the attacks on the row below);
 * 0 when the walk is over (and at every call after); -1 when the backtracks
 * of w->until_pause ran out first (set it again and call again to go on). */
static ALWAYS_INLINE int walk_next(walk_t *w, int border) {
    int y = w->y;
    for (;;) {
        mask_t free = w->rem[y];
        if (free) {
            mask_t bit = free & -free;
            w->rem[y] = free ^ bit;
            w->cols[y] = lowest_index(bit);
            if (y == w->last) {
                w->y = y;
                w->bit = bit;
                return 1;
            }
            w->cd[y + 1] = w->cd[y] | bit;
            w->ld[y + 1] = (w->ld[y] | bit) << 1;
            w->rd[y + 1] = (w->rd[y] | bit) >> 1;
            y++;
            w->rem[y] = walk_avail(w, y, border);
        } else if (y == w->base) {
            w->y = y;
            return 0;
        } else {
            y--;
            if (--w->until_pause == 0) {
                w->y = y;
                return -1;
            }
        }
    }
}

/* ---- counting on any board --------------------------------------------- */

typedef struct { uint64_t total, unique; } counts_t;

/* The solutions whose last row (row n - 1) takes a column of `avail`, the
 * rows above in cols: each counted, and counted as fundamental when no
 * symmetry of `group` maps it to a smaller one. */
static void count_fundamental(counts_t *result, int n, mask_t avail, int *cols, unsigned group) {
    while (avail) {
        mask_t bit = avail & -avail;
        avail ^= bit;
        cols[n - 1] = lowest_index(bit);
        result->total++;
        result->unique += (uint64_t)is_canonical(n, cols, group);
    }
}

/* The walk over rows 0..n-2; the last row is counted in place. */
static counts_t count_masks(int n, const mask_t *allowed, unsigned group, stop_flag_t *stop,
                            int *stopped) {
    counts_t result = {0, 0};
    int symmetric = (group & ~1u) != 0, last = n - 1, found;
    walk_t w;
    if (n == 1) { /* no row to walk: the one row is the last */
        if (symmetric) count_fundamental(&result, n, allowed[0], w.cols, group);
        else result.total = (uint64_t)popcount(allowed[0]);
    } else {
        walk_start(&w, allowed, 0, last - 1, 0, 0, 0, 0);
        w.until_pause = STOP_CHECK_PERIOD;
        while ((found = walk_next(&w, 0)) != 0) {
            mask_t avail;
            if (found < 0) {
                if (*stop) {
                    *stopped = 1;
                    break;
                }
                w.until_pause = STOP_CHECK_PERIOD;
                continue;
            }
            avail = allowed[last] & ~((w.cd[last - 1] | w.bit) | ((w.ld[last - 1] | w.bit) << 1)
                                      | ((w.rd[last - 1] | w.bit) >> 1));
            if (symmetric) count_fundamental(&result, n, avail, w.cols, group);
            else result.total += (uint64_t)popcount(avail);
        }
    }
    if (!symmetric) result.unique = result.total;
    return result;
}

/* ---- enumeration on any board, resumable -------------------------------- */

typedef struct {
    int n, state; /* state: 0 fresh, 1 running, 2 finished */
    unsigned group;
    mask_t allowed[MAXN];
    walk_t walk; /* over all n rows */
} search_t;

/* Advance to the next solution (lexicographic order) into s->walk.cols:
 * 1 found, 0 none left, -1 when the backtracks of `*budget` ran out first
 * (call again to go on). */
static int search_next(search_t *s, long *budget) {
    walk_t *w = &s->walk;
    int found;
    if (s->state == 2) return 0;
    if (s->state == 0) {
        s->state = 1;
        walk_start(w, s->allowed, 0, s->n - 1, 0, 0, 0, 0);
    }
    if (*budget <= 0) return -1;
    w->until_pause = *budget;
    do found = walk_next(w, 0);
    while (found > 0 && s->group > 1 && !is_canonical(s->n, w->cols, s->group));
    *budget = w->until_pause;
    if (found == 0) s->state = 2;
    return found;
}

/* Backtracks one call into the enumerator may make (a few milliseconds), so
 * that Ctrl-C and the consumer are never kept waiting by a sparse region. */
#define CALL_BUDGET (1L << 21)

/* Enumeration with the mirror: on a board that is its own mirror image, the
 * solutions whose row-0 queen stands in the right half are the mirror images
 * of those in the left half, in reverse order.  So the left half is searched
 * and kept, and the right half replayed from it: about half the search, in
 * the same lexicographic order.  Only for small boards (the kept solutions
 * take memory) and without a symmetry filter. */
#define MIRROR_MAX_N 15

typedef struct {
    search_t search;
    int n, mirror, done, col, started;
    mask_t first;                             /* row 0's own mask */
    unsigned char *kept;                      /* left-half solutions, n bytes each */
    size_t size, capacity, replay;
    size_t block_start[MAXN], block_end[MAXN]; /* each row-0 column's solutions in kept */
} enum_t;

static mask_t mirror_mask(mask_t m, int n) {
    mask_t out = 0;
    int c;
    for (c = 0; c < n; c++)
        if (m & ((mask_t)1 << c)) out |= (mask_t)1 << (n - 1 - c);
    return out;
}

static void enum_setup(enum_t *e) {
    int r, symmetric = e->search.group <= 1 && e->n <= MIRROR_MAX_N;
    for (r = 0; r < e->n && symmetric; r++)
        symmetric = mirror_mask(e->search.allowed[r], e->n) == e->search.allowed[r];
    e->mirror = symmetric;
    e->first = e->search.allowed[0];
}

static int keep(enum_t *e) {
    int r;
    if (e->size + (size_t)e->n > e->capacity) {
        size_t capacity = e->capacity ? 2 * e->capacity : 4096;
        unsigned char *bigger = PyMem_RawRealloc(e->kept, capacity);
        if (!bigger) return 0;
        e->kept = bigger;
        e->capacity = capacity;
    }
    for (r = 0; r < e->n; r++) e->kept[e->size + (size_t)r] = (unsigned char)e->search.walk.cols[r];
    e->size += (size_t)e->n;
    return 1;
}

/* The next solution into e->search.walk.cols: 1 found, 0 none left, -1 budget
 * ran out (call again), -2 out of memory. */
static int enum_next(enum_t *e, long *budget) {
    int n = e->n, half = n / 2, r;
    if (!e->mirror) return search_next(&e->search, budget);
    for (;;) {
        if (e->done) return 0;
        if (e->col < (n + 1) / 2) { /* search the left half (and the middle column) */
            int found;
            if (!e->started) {
                e->search.state = 0;
                e->search.allowed[0] = e->first & ((mask_t)1 << e->col);
                e->block_start[e->col] = e->size;
                e->started = 1;
            }
            found = search_next(&e->search, budget);
            if (found < 0) return found;
            if (found > 0) {
                if (e->col < half && !keep(e)) return -2;
                return 1;
            }
            e->block_end[e->col] = e->size;
            e->col++;
            e->started = 0;
        } else if (e->col < n) { /* replay the mirror images, last first */
            int source = n - 1 - e->col;
            if (!e->started) {
                e->replay = e->block_end[source];
                e->started = 1;
            }
            if (e->replay > e->block_start[source]) {
                e->replay -= (size_t)n;
                for (r = 0; r < n; r++) e->search.walk.cols[r] = n - 1 - e->kept[e->replay + (size_t)r];
                return 1;
            }
            e->col++;
            e->started = 0;
        } else {
            e->done = 1;
            e->search.state = 2;
        }
    }
}

enum { FMT_LIST, FMT_LETTERS, FMT_JSON, FMT_BOARD };

static size_t max_text(int n, int fmt) {
    switch (fmt) {
    case FMT_LIST: return 4 * (size_t)n + 4;
    case FMT_LETTERS: return (size_t)n + 1;
    case FMT_JSON: return 32 + 4 * (size_t)n;
    default: return 2 * (size_t)n * (size_t)n + 2;
    }
}

static char *put_int(char *p, int v) {
    if (v >= 10) *p++ = (char)('0' + v / 10);
    *p++ = (char)('0' + v % 10);
    return p;
}

/* One solution as a line (or lines) of text, in the formats of queens.formats. */
static char *put_solution(char *p, int n, const int *cols, int fmt, int first) {
    int r, c;
    switch (fmt) {
    case FMT_LIST:
        *p++ = '[';
        for (r = 0; r < n; r++) {
            if (r) { *p++ = ','; *p++ = ' '; }
            p = put_int(p, cols[r] + 1);
        }
        *p++ = ']';
        break;
    case FMT_LETTERS:
        for (r = 0; r < n; r++) *p++ = (char)('a' + cols[r]);
        break;
    case FMT_JSON:
        memcpy(p, "{\"n\": ", 6); p += 6;
        p = put_int(p, n);
        memcpy(p, ", \"columns\": [", 14); p += 14;
        for (r = 0; r < n; r++) {
            if (r) { *p++ = ','; *p++ = ' '; }
            p = put_int(p, cols[r]);
        }
        *p++ = ']'; *p++ = '}';
        break;
    default:
        if (!first) *p++ = '\n';
        for (r = 0; r < n; r++) {
            for (c = 0; c < n; c++) {
                if (c) *p++ = ' ';
                *p++ = c == cols[r] ? 'Q' : '.';
            }
            if (r < n - 1) *p++ = '\n';
        }
        break;
    }
    *p++ = '\n';
    return p;
}

/* ---- the symmetric counter for plain boards ----------------------------- */

/* The attack rules (queens.rules; see "boards of any shape" below): the
 * square counter knows only the queen's, the shaped vector search all three. */
#define RULE_QUEEN 0
#define RULE_TOROIDAL 1
#define RULE_SUPERQUEEN 2

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
static void sym_check(sym_t *s) {
    const mask_t *b = s->board;
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

static void sym_found(sym_t *s) {
    if (s->corner) s->c8++;
    else sym_check(s);
}

/* The search loop of the symmetric counter: one copy per part (CORNER 1 or
 * 0, so that the corner part carries none of the border part's rules) and
 * per mask type (32-bit masks for n <= 32: a smaller stack, cheaper ops).
 * The current row's state lives in locals; the stack holds the rows above.
 * Two cuts keep the work per solution low:
 *  - a child is entered only when the row after it still has a free column
 *    under the attacks known so far (its own queen can only take more), so
 *    dead ends are dropped one row early;
 *  - the last two rows are counted in place, without entering them. */
#define SYM_SEARCH(NAME, T, CORNER)                                                \
static void NAME(sym_t *s, int y0, T C, T L, T R, T A) {                           \
    T sa[MAXN], sc[MAXN], sl[MAXN], sr[MAXN], rm[MAXN];                            \
    const int last = s->last, bound2 = s->bound2;                                  \
    const T side = (T)s->sidemask, lastrow = (T)s->rowmask[s->last];               \
    int y = y0, k;                                                                 \
    uint64_t found = 0;                                                            \
    for (k = 0; k <= last; k++) rm[k] = (T)s->rowmask[k];                          \
    if (y0 >= last - 1) { /* at most the last two rows: count them in place */     \
        NAME##_pair(s, y0, C, L, R, A, lastrow);                                   \
        return;                                                                    \
    }                                                                              \
    for (;;) {                                                                     \
        while (A) {                                                                \
            T bit = A & -A, avail, c, l, r;                                        \
            A ^= bit;                                                              \
            if (!CORNER) s->board[y] = bit;                                        \
            c = C | bit;                                                           \
            l = (T)((L | bit) << 1);                                               \
            r = (R | bit) >> 1;                                                    \
            avail = rm[y + 1] & ~(c | l | r);                                      \
            if (!CORNER && y + 1 == bound2) {                                      \
                if (!(c & side)) continue;                                         \
                if ((c & side) != side) avail &= side;                             \
            }                                                                      \
            if (!avail) continue;                                                  \
            if (y + 2 == last) { /* rows last-1 and last, in place */              \
                if (CORNER) {                                                      \
                    do {                                                           \
                        T b2 = avail & -avail;                                     \
                        avail ^= b2;                                               \
                        found += (lastrow & ~((c | b2) | (T)((l | b2) << 1)        \
                                              | ((r | b2) >> 1))) != 0;            \
                    } while (avail);                                               \
                } else {                                                           \
                    NAME##_pair(s, y + 1, c, l, r, avail, lastrow);                \
                }                                                                  \
                continue;                                                          \
            }                                                                      \
            if (!(rm[y + 2] & ~(c | (T)(l << 1) | (r >> 1)))) continue;            \
            sa[y] = A; sc[y] = C; sl[y] = L; sr[y] = R;                            \
            y++;                                                                   \
            C = c; L = l; R = r; A = avail;                                        \
        }                                                                          \
        if (y == y0) break;                                                        \
        y--;                                                                       \
        if (y == y0 && *s->stop) {                                                 \
            s->stopped = 1;                                                        \
            break;                                                                 \
        }                                                                          \
        A = sa[y]; C = sc[y]; L = sl[y]; R = sr[y];                                \
    }                                                                              \
    s->c8 += found;                                                                \
}

/* Rows y (= last - 1 or last) and below, given row y's free columns A:
 * each complete placement is counted (corner: class of 8) or classified. */
#define SYM_PAIR(NAME, T)                                                          \
static void NAME(sym_t *s, int y, T C, T L, T R, T A, T lastrow) {                 \
    if (y == s->last) {                                                            \
        if (A) { s->board[y] = A; sym_found(s); }                                  \
        return;                                                                    \
    }                                                                              \
    while (A) {                                                                    \
        T bit = A & -A, avail;                                                     \
        A ^= bit;                                                                  \
        avail = lastrow & ~((C | bit) | (T)((L | bit) << 1) | ((R | bit) >> 1));   \
        if (avail) {                                                               \
            s->board[y] = bit;                                                     \
            s->board[y + 1] = avail;                                               \
            sym_found(s);                                                          \
        }                                                                          \
    }                                                                              \
}

SYM_PAIR(sym_search_corner32_pair, uint32_t)
SYM_PAIR(sym_search_border32_pair, uint32_t)
SYM_PAIR(sym_search_corner64_pair, uint64_t)
SYM_PAIR(sym_search_border64_pair, uint64_t)
SYM_SEARCH(sym_search_corner32, uint32_t, 1)
SYM_SEARCH(sym_search_border32, uint32_t, 0)
SYM_SEARCH(sym_search_corner64, uint64_t, 1)
SYM_SEARCH(sym_search_border64, uint64_t, 0)

/* ---- the symmetric counter, 16 or 8 nodes at a time (AVX-512, AVX2) ------
 *
 * The same search as above, breadth-first within bounded buffers: the
 * nodes of each row wait in a buffer, and are expanded a vector at a time
 * (16 lanes of 32-bit masks with AVX-512F, 8 with AVX2; n <= 32), their
 * surviving children packed into the next row's buffer; a full buffer is
 * emptied (depth first) before its row takes more.  In the symmetric
 * counter a lane whose node has no column left takes the next waiting node
 * at once (refill); the shaped searches run each vector to its end.  The
 * last three rows are counted in place for a whole vector of nodes, without
 * a branch.  The rare complete border placements are classified one by one
 * (sym_check), their rows rebuilt from each node's parent.  The loop above
 * mispredicts a branch on nearly every node; this search does not, which is
 * most of its speed.  Compiled only for x86-64 with GCC or Clang (not on Windows,
 * where GCC cannot align the stack for vector values; nor with
 * -DQUEENS_NO_SIMD), each instruction set through a target attribute, so
 * no -m flag is needed; the best one the CPU has is chosen at run time.
 * Everything else runs the loop above. */

#if !defined(QUEENS_NO_SIMD) && defined(__x86_64__) && !defined(_WIN32) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_SIMD 1
#include <immintrin.h>

/* Rows y, y + 1 and y + 2 (the last) from the state of row y, with the
 * board kept: each complete border placement is classified. */
static void sym_finish3(sym_t *s, int y, mask_t c, mask_t l, mask_t r) {
    mask_t a0 = sym_avail(s, y, c | l | r, c);
    while (a0) {
        mask_t b0 = a0 & -a0, c1 = c | b0, l1 = (l | b0) << 1, r1 = (r | b0) >> 1, a1;
        a0 ^= b0;
        s->board[y] = b0;
        a1 = sym_avail(s, y + 1, c1 | l1 | r1, c1);
        while (a1) {
            mask_t b1 = a1 & -a1, c2 = c1 | b1, l2 = (l1 | b1) << 1, r2 = (r1 | b1) >> 1, a2;
            a1 ^= b1;
            s->board[y + 1] = b1;
            a2 = sym_avail(s, y + 2, c2 | l2 | r2, c2);
            if (a2) {
                s->board[y + 2] = a2;
                sym_check(s);
            }
        }
    }
}

/* Counters of the vector search, for measuring it (benchmarks/kernel_stats.c
 * builds the kernel with -DQUEENS_STATS; without it they cost nothing).
 * Single-threaded use only. */
#ifdef QUEENS_STATS
static struct {
    uint64_t expanded[MAXN];     /* nodes expanded, by row */
    uint64_t steps, busy, kept;  /* expansion steps; lanes busy and children kept in them */
    uint64_t finished, finish_vectors; /* nodes of the three-row count, vectors run */
    uint64_t classified;         /* border nodes classified one by one */
    int peak;                    /* the most nodes a row's buffer held (the bound: SIMD_ROOM) */
} simd_stats;
#define SIMD_STAT(x) (x)
#else
#define SIMD_STAT(x) ((void)0)
#endif

/* Nodes a row's buffer holds before its row waits (SIMD_CAP), plus room for
 * what may come after that (SIMD_ROOM) and for reading a whole vector past
 * the last node (SIMD_SLACK).  The room: the symmetric counter's vectors in
 * flight (2 of 16 lanes, or 4 of 8: 32 lanes either way) finish their up to
 * 32 columns a lane (2 * 16 * 32 children), and the last of them is written
 * a whole vector long (at most 16); the shaped searches'
 * one vector, up to 33 children a lane (16 * 33), fits in that too.  SIMD_CAP
 * may be set smaller when compiling, to test the search with its buffers
 * always near full (tests/test_kernel_search.py). */
#ifndef SIMD_CAP
#define SIMD_CAP 2048
#endif
#define SIMD_ROOM (2 * 16 * 32 + 16)
#define SIMD_SLACK 16
#define SIMD_ROW (SIMD_CAP + SIMD_ROOM + SIMD_SLACK) /* the length of each array */

typedef struct {
    uint32_t *c, *l, *r;
    uint32_t *parent; /* the shaped search of empty rows: each node's queens still to place; */
                      /* of superqueens: the queen of the row above each node's, as a bit */
                      /* (and after it the knight's attacks on each node's row: KNIGHTS) */
    int count, pos;
} level_t;

/* Rebuild the rows y0 .. top-1 of node `i` of row `top` from the parents. */
static void simd_board(sym_t *s, level_t *levels, int y0, int top, int i) {
    int y;
    for (y = top; y > y0; y--) {
        int parent = (int)levels[y - y0].parent[i];
        s->board[y - 1] = (mask_t)(levels[y - y0].c[i] ^ levels[y - y0 - 1].c[parent]) & s->mask;
        i = parent;
    }
}

/* Marked nodes.  sym_check looks at a border placement's rows only when
 * row BOUND1's queen is on the top column, row BOUND2's on column 0, or
 * the last row's on ENDBIT; any other complete placement is a class of 8.
 * So the border search marks a node (bit 31 of its columns, beyond a board
 * of n <= 31) once either of the first two is among its rows, and the
 * three-row count counts the completions of unmarked nodes whose last
 * queen is not on ENDBIT in place, as for a corner, instead of rebuilding
 * their boards to classify them one by one (measured at n = 17: 11.8
 * million classified before, a fifth of the count's time). */
#define SYM_MARK ((uint32_t)1 << 31)

static int sym_marking(const sym_t *s) { return !s->corner && s->n <= 31; }

/* The mark of a node of row y0 from the rows above it (already on the board). */
static uint32_t sym_mark(const sym_t *s, int y0) {
    if (!sym_marking(s)) return 0;
    if (s->bound1 < y0 && s->board[s->bound1] == s->topbit) return SYM_MARK;
    if (s->bound2 < y0 && s->board[s->bound2] == 1) return SYM_MARK;
    return 0;
}

/* The column a row's queen marks its children on (none: 0). */
static uint32_t sym_mark_column(const sym_t *s, int y) {
    if (!sym_marking(s)) return 0;
    if (y == s->bound1) return (uint32_t)s->topbit;
    if (y == s->bound2) return 1;
    return 0;
}

/* The first `left` lanes of the set `lanes` (which has more). */
static ALWAYS_INLINE unsigned simd_first_lanes(unsigned lanes, int left) {
    while (__builtin_popcount(lanes) > left) lanes &= ~(1u << (31 - __builtin_clz(lanes)));
    return lanes;
}

/* The lanes of a vector that hold nodes: all LANES of them, or the first `left`. */
static ALWAYS_INLINE unsigned simd_lanes(int left, int lanes) {
    return left >= lanes ? (1u << lanes) - 1 : (1u << left) - 1;
}

/* The lanes of a vector of nodes whose last three rows can be completed, a
 * set for each order of their three free columns p < q < t (pqt: p in the
 * first of the rows, q in the second, t in the third). */
typedef struct {
    unsigned pqt, ptq, qpt, qtp, tpq, tqp;
    unsigned hits; /* the lanes with an order that puts a queen on a column of hits_t */
} orders_t;

/* The columns of the three rows (0: none) on which a queen sends its node
 * to be classified; on the last row's, only with the middle row's queen at
 * column bit `middle_from` or above. */
typedef struct {
    uint32_t column[3], middle_from;
} hits_t;

/* Corner nodes: each completion is a class of 8, so only their number counts. */
static ALWAYS_INLINE uint64_t orders_count(orders_t o, unsigned valid) {
    return (uint64_t)(__builtin_popcount(o.pqt & valid) + __builtin_popcount(o.ptq & valid)
                      + __builtin_popcount(o.qpt & valid) + __builtin_popcount(o.qtp & valid)
                      + __builtin_popcount(o.tpq & valid) + __builtin_popcount(o.tqp & valid));
}

/* Border nodes: the lanes with any completion, to be classified one by one. */
static ALWAYS_INLINE unsigned orders_any(orders_t o, unsigned valid) {
    return (o.pqt | o.ptq | o.qpt | o.qtp | o.tpq | o.tqp) & valid;
}

/* The border nodes `found` (lanes of the vector at `at` of row `top`), one
 * by one: the rows above rebuilt from the parents, the last three searched
 * and each complete placement classified (sym_check). */
static ALWAYS_INLINE void simd_classify(sym_t *s, level_t *levels, int y0, int top, int at,
                                        unsigned found) {
    const level_t *lv = &levels[top - y0];
    while (found) {
        int i = at + __builtin_ctz(found);
        SIMD_STAT(simd_stats.classified++);
        found &= found - 1;
        simd_board(s, levels, y0, top, i);
        sym_finish3(s, top, lv->c[i] & s->mask, lv->l[i], lv->r[i]);
    }
}

/* Superqueens: a row's knight's attacks, the array after its parents (not a
 * field of level_t, whose size the symmetric counter's rebuild of a board
 * indexes by: 40 bytes are cheaper to index than 48). */
#define KNIGHTS(lv) ((lv)->parent + SIMD_ROW)

/* The buffers of `rows` rows in one block of memory (NULL when it cannot be
 * had), the first row's holding one node: C, L, R (and no knight's attacks).
 * With KNIGHTS (superqueens), a fifth array a row, for the knight's attacks. */
static uint32_t *simd_levels(level_t *levels, int rows, uint32_t C, uint32_t L, uint32_t R,
                             int knights) {
    size_t per_row = SIMD_ROW, arrays = knights ? 5 : 4;
    uint32_t *memory = (uint32_t *)malloc((size_t)rows * arrays * per_row * sizeof(uint32_t));
    int k;
    if (!memory) return NULL;
    for (k = 0; k < rows; k++) {
        uint32_t *base = memory + (size_t)k * arrays * per_row;
        levels[k].c = base;
        levels[k].l = base + per_row;
        levels[k].r = base + 2 * per_row;
        levels[k].parent = base + 3 * per_row;
        levels[k].count = levels[k].pos = 0;
    }
    if (knights) KNIGHTS(&levels[0])[0] = 0;
    levels[0].c[0] = C;
    levels[0].l[0] = L;
    levels[0].r[0] = R;
    levels[0].count = 1;
    return memory;
}

typedef void (*simd_expand_t)(sym_t *s, int y, level_t *from, level_t *to);
typedef void (*simd_finish_t)(sym_t *s, level_t *levels, int y0, int top);

/* The sub-tree below rows 0..y0-1 (state C, L, R of row y0), for any
 * instruction set (its expand and finish steps; inlined, so they are
 * direct calls): row by row, the waiting nodes of a row are expanded while
 * the next row's buffer has room, else that buffer is emptied first; row
 * TOP's are counted to the end (the square counter's: the last three rows;
 * the shaped one's: the last two).  KNIGHTS (a constant): superqueens' rows
 * have the knight's attacks too.  0 when the buffers could not be allocated
 * (the caller falls back to the loop). */
static ALWAYS_INLINE int simd_search(sym_t *s, int y0, int top, uint32_t C, uint32_t L, uint32_t R,
                                     simd_expand_t expand, simd_finish_t finish, int knights) {
    int y;
    level_t levels[MAXN];
    uint32_t *memory = simd_levels(levels, top - y0 + 1, C, L, R, knights);
    if (!memory) return 0;
    levels[0].parent[0] = (uint32_t)s->queens; /* the root has no parent */
    y = y0;
    for (;;) {
        level_t *lv = &levels[y - y0];
        if (y == top) {
            finish(s, levels, y0, top);
            y--;
            continue;
        }
        if (lv->pos < lv->count && levels[y + 1 - y0].count <= SIMD_CAP) {
            expand(s, y, lv, &levels[y + 1 - y0]);
        } else if (levels[y + 1 - y0].count > 0) {
            y++; /* the next row's buffer first */
        } else {
            lv->count = lv->pos = 0;
            if (y == y0) break;
            y--;
            if (*s->stop) { /* once per emptied buffer */
                s->stopped = 1;
                break;
            }
        }
    }
    free(memory);
    return 1;
}

/* The steps that work on vectors, written once over a few vector
 * primitives (V: LANES lanes of 32-bit masks; a set of lanes is an
 * unsigned bit mask) and compiled for each instruction set by
 * SIMD_SEARCH(ISA, TARGET) below; the small ones are inlined into the two
 * that simd_search calls (expand and finish). */
#define SIMD_STEP(TARGET) __attribute__((target(TARGET), always_inline)) static inline
#define SIMD_SEARCH(ISA, TARGET)                                                    \
/* Pack the lanes `keep` of each vector at the end of `to` (with PARENTS, a  */    \
/* constant: the shaped search of full rows keeps none but superqueens'; and */    \
/* with KNIGHTS, superqueens', the knight's attacks `kn`).                   */    \
SIMD_STEP(TARGET) void simd_put_##ISA(level_t *to, unsigned keep, V c, V l, V r,   \
                                      V parent, int parents, V kn, int knights) {  \
    /* (the arrays and the packing read once, before the stores, which the     */  \
    /* compiler cannot tell from them: measured, AVX2 reloaded its table)       */  \
    int at = to->count;                                                            \
    uint32_t *cs = to->c + at, *ls = to->l + at, *rs = to->r + at;                 \
    uint32_t *ps = to->parent + at, *ks = KNIGHTS(to) + at;                        \
    PACKING how = PACK(keep);                                                      \
    STOREU(cs, COMPRESS(how, c));                                                  \
    STOREU(ls, COMPRESS(how, l));                                                  \
    STOREU(rs, COMPRESS(how, r));                                                  \
    if (parents) STOREU(ps, COMPRESS(how, parent));                                \
    if (knights) STOREU(ks, COMPRESS(how, kn));                                    \
    to->count = at + __builtin_popcount(keep);                                     \
    SIMD_STAT(simd_stats.peak = to->count > simd_stats.peak ? to->count : simd_stats.peak); \
}                                                                                  \
                                                                                   \
/* Row y's free columns for each node (c, l, r) of the lanes `*valid`, the   */    \
/* others zero.  Row BOUND2's rule: a node with neither side column taken    */    \
/* above has no child (its lane leaves *valid); with one, only the other.    */    \
SIMD_STEP(TARGET) V simd_avail_##ISA(const sym_t *s, int y, V c, V l, V r, unsigned *valid) { \
    V avail = ANDNOT(OR(c, OR(l, r)), SET1(s->rowmask[y]));                        \
    if (!s->corner && y == s->bound2) {                                            \
        V side = SET1(s->sidemask), used = AND(c, side);                           \
        *valid &= NZ(used);                                                        \
        avail = SELECT(~EQM(used, side), AND(avail, side), avail);                 \
    }                                                                              \
    return SELECT(*valid, avail, ZERO);                                            \
}                                                                                  \
                                                                                   \
/* A vector of nodes of row y in flight: their state (c, l, r), their index  */    \
/* in the row's buffer (parent) and the free columns not yet tried (avail).  */    \
typedef struct {                                                                   \
    V c, l, r, parent, avail;                                                      \
} flight_##ISA;                                                                    \
                                                                                   \
/* Refill the lanes of `f` with no column left (all, when it is new) with    */    \
/* the next nodes waiting in `from`, in order, as many as there are.  A new  */    \
/* node with no free column (row BOUND2's rule) leaves its lane empty until   */    \
/* the next refill.                                                          */    \
SIMD_STEP(TARGET) void simd_refill_##ISA(const sym_t *s, int y, level_t *from,    \
                                         flight_##ISA *f) {                        \
    unsigned take = ~NZ(f->avail) & ((1u << LANES) - 1), valid;                    \
    int at = from->pos, left = from->count - at;                                   \
    if (!take || left <= 0) return;                                                \
    if (__builtin_popcount(take) > left) take = simd_first_lanes(take, left);      \
    f->c = EXPAND(f->c, take, LOADU(from->c + at));                                \
    f->l = EXPAND(f->l, take, LOADU(from->l + at));                                \
    f->r = EXPAND(f->r, take, LOADU(from->r + at));                                \
    f->parent = EXPAND(f->parent, take, ADD(SET1(at), IOTA));                      \
    from->pos = at + __builtin_popcount(take);                                     \
    SIMD_STAT(simd_stats.expanded[y] += (uint64_t)__builtin_popcount(take));       \
    valid = take;                                                                  \
    f->avail = SELECT(take, simd_avail_##ISA(s, y, f->c, f->l, f->r, &valid), f->avail); \
}                                                                                  \
                                                                                   \
/* One step of `f`: a child on the lowest free column of every busy lane,    */    \
/* kept when its next row (and the one after) keep a free column; with       */    \
/* MARKING, a child whose queen is on the column `marked` is marked.          */    \
SIMD_STEP(TARGET) void simd_step_##ISA(level_t *to, flight_##ISA *f, V next, V after, \
                                       int marking, V marked) {                    \
    unsigned live = NZ(f->avail), keep;                                            \
    V bit = AND(f->avail, SUB(ZERO, f->avail));                                    \
    V cc = OR(f->c, bit), ll = SHL(OR(f->l, bit), 1), rr = SHR(OR(f->r, bit), 1);  \
    if (marking) cc = SELECT(EQM(bit, marked), OR(cc, SET1(SYM_MARK)), cc);        \
    V a1 = ANDNOT(OR(cc, OR(ll, rr)), next);                                       \
    V a2 = ANDNOT(OR(cc, OR(SHL(ll, 1), SHR(rr, 1))), after);                      \
    keep = live & NZ(a1) & NZ(a2);                                                 \
    SIMD_STAT((simd_stats.steps++, simd_stats.busy += (uint64_t)__builtin_popcount(live), \
               simd_stats.kept += (uint64_t)__builtin_popcount(keep)));            \
    if (keep) simd_put_##ISA(to, keep, cc, ll, rr, f->parent, 1, ZERO, 0);        \
    f->avail = XOR(f->avail, bit);                                                 \
}                                                                                  \
                                                                                   \
/* Expand the waiting nodes of row y into row y + 1's buffer, FLIGHTS        */    \
/* vectors in flight (their steps overlap in the CPU: 2 with AVX-512, 4 of   */    \
/* AVX2's narrower ones, measured 4 % faster than 2), each taking a free     */    \
/* column of every lane at a time; a lane whose node has no column left      */    \
/* takes the next waiting node at once (refill) while row y + 1's buffer is  */    \
/* within SIMD_CAP, instead of idling until its whole vector is done         */    \
/* (measured: ~0.54 of the lanes were busy without refill at n = 16).        */    \
/* Refilled only within SIMD_CAP, the FLIGHTS * LANES (at most 32) lanes     */    \
/* then hold at most 32 columns each still to try: row y + 1 ends within     */    \
/* SIMD_CAP + 2 * 16 * 32 (SIMD_ROOM).  (The rows' buffers are copied into   */    \
/* locals, kept in registers: through the pointers, each put reloaded them   */    \
/* and the count after the stores.)                                          */    \
__attribute__((target(TARGET))) static void simd_expand_##ISA(sym_t *s, int y,   \
                                                              level_t *from_row,   \
                                                              level_t *to_row) {   \
    V next = SET1(s->rowmask[y + 1]), after = SET1(s->rowmask[y + 2]);             \
    uint32_t column = sym_mark_column(s, y);                                       \
    const int marking = column != 0;                                               \
    V marked = SET1(column);                                                       \
    level_t from_copy = *from_row, to_copy = *to_row;                              \
    level_t *from = &from_copy, *to = &to_copy;                                    \
    flight_##ISA f0, f1, f2, f3; /* the first FLIGHTS of them (2 or 4) in use */   \
    f0.c = f0.l = f0.r = f0.parent = f0.avail = ZERO;                              \
    f1 = f2 = f3 = f0;                                                             \
    simd_refill_##ISA(s, y, from, &f0);                                            \
    simd_refill_##ISA(s, y, from, &f1);                                            \
    if (FLIGHTS > 2) {                                                             \
        simd_refill_##ISA(s, y, from, &f2);                                        \
        simd_refill_##ISA(s, y, from, &f3);                                        \
    }                                                                              \
    while (NZ(FLIGHTS > 2 ? OR(OR(f0.avail, f1.avail), OR(f2.avail, f3.avail))     \
                          : OR(f0.avail, f1.avail))) {                             \
        simd_step_##ISA(to, &f0, next, after, marking, marked);                    \
        simd_step_##ISA(to, &f1, next, after, marking, marked);                    \
        if (FLIGHTS > 2) {                                                         \
            simd_step_##ISA(to, &f2, next, after, marking, marked);                \
            simd_step_##ISA(to, &f3, next, after, marking, marked);                \
        }                                                                          \
        if (to->count <= SIMD_CAP && from->pos < from->count) {                    \
            simd_refill_##ISA(s, y, from, &f0);                                    \
            simd_refill_##ISA(s, y, from, &f1);                                    \
            if (FLIGHTS > 2) {                                                     \
                simd_refill_##ISA(s, y, from, &f2);                                \
                simd_refill_##ISA(s, y, from, &f3);                                \
            }                                                                      \
        }                                                                          \
    }                                                                              \
    from_row->pos = from->pos;                                                     \
    to_row->count = to->count;                                                     \
}                                                                                  \
                                                                                   \
/* The orders in which a vector of nodes (c, l, r) of row `top` completes    */    \
/* the last three rows (masks m0, m1, m2 of the board's columns `full`):     */    \
/* each queen on a column its row has free, no two on a diagonal.            */    \
SIMD_STEP(TARGET) orders_t simd_orders_##ISA(V full, V m0, V m1, V m2, V c, V l, V r, \
                                              const hits_t *hit) {                 \
    V f = ANDNOT(c, full), p = AND(f, SUB(ZERO, f)), f2 = XOR(f, p);               \
    V q = AND(f2, SUB(ZERO, f2)), t = XOR(f2, q);                                  \
    V a0 = AND(f, ANDNOT(OR(l, r), m0));                                           \
    V a1 = AND(f, ANDNOT(OR(SHL(l, 1), SHR(r, 1)), m1));                           \
    V a2 = AND(f, ANDNOT(OR(SHL(l, 2), SHR(r, 2)), m2));                           \
    unsigned p0 = NZ(AND(a0, p)), q0 = NZ(AND(a0, q)), t0 = NZ(AND(a0, t));        \
    unsigned p1 = NZ(AND(a1, p)), q1 = NZ(AND(a1, q)), t1 = NZ(AND(a1, t));        \
    unsigned p2 = NZ(AND(a2, p)), q2 = NZ(AND(a2, q)), t2 = NZ(AND(a2, t));        \
    /* one apart: not in adjacent rows; two apart: not two rows apart */           \
    unsigned pq1 = EQM(q, SHL(p, 1)), qt1 = EQM(t, SHL(q, 1));                     \
    unsigned pq2 = EQM(q, SHL(p, 2)), qt2 = EQM(t, SHL(q, 2));                     \
    unsigned pt2 = EQM(t, SHL(p, 2));                                              \
    orders_t o;                                                                    \
    o.pqt = p0 & q1 & t2 & ~pq1 & ~qt1 & ~pt2;                                     \
    o.ptq = p0 & t1 & q2 & ~qt1 & ~pq2;                                            \
    o.qpt = q0 & p1 & t2 & ~pq1 & ~qt2;                                            \
    o.qtp = q0 & t1 & p2 & ~qt1 & ~pq2;                                            \
    o.tpq = t0 & p1 & q2 & ~pq1 & ~qt2;                                            \
    o.tqp = t0 & q1 & p2 & ~qt1 & ~pq1 & ~pt2;                                     \
    o.hits = 0;                                                                    \
    if (hit->column[0]) {                                                          \
        V h = SET1(hit->column[0]);                                                \
        o.hits |= ((o.pqt | o.ptq) & EQM(p, h)) | ((o.qpt | o.qtp) & EQM(q, h))    \
                  | ((o.tpq | o.tqp) & EQM(t, h));                                 \
    }                                                                              \
    if (hit->column[1]) {                                                          \
        V h = SET1(hit->column[1]);                                                \
        o.hits |= ((o.qpt | o.tpq) & EQM(p, h)) | ((o.pqt | o.tqp) & EQM(q, h))    \
                  | ((o.ptq | o.qtp) & EQM(t, h));                                 \
    }                                                                              \
    if (hit->column[2]) {                                                          \
        V h = SET1(hit->column[2]), below = SET1(hit->middle_from - 1);            \
        unsigned gp = GTM(p, below), gq = GTM(q, below), gt = GTM(t, below);       \
        o.hits |= (((o.qtp & gt) | (o.tqp & gq)) & EQM(p, h))                      \
                  | (((o.ptq & gt) | (o.tpq & gp)) & EQM(q, h))                    \
                  | (((o.pqt & gq) | (o.qpt & gp)) & EQM(t, h));                   \
    }                                                                              \
    return o;                                                                      \
}                                                                                  \
                                                                                   \
/* Count the last three rows of every node of row `top` (= last - 2), a      */    \
/* vector at a time.  Row BOUND2's rule there: no side queen below BOUND2.   */    \
/* Border nodes are classified one by one, except the unmarked ones none of  */    \
/* whose completions puts the last row's queen on ENDBIT, or row BOUND2's    */    \
/* (when among the three) on column 0: those are classes of 8 (SYM_MARK).    */    \
/* (The orders are then exactly the completions: the three rows cover the    */    \
/* board's free columns, so with no side column after BOUND2, the rows down  */    \
/* to BOUND2 cover both, which is all its rule asks.)  With row 1 above the  */    \
/* sub-tree, a last queen on ENDBIT counts only with the middle row's on or  */    \
/* left of row 1's mirror image: else sym_check's half-turn comparison ends  */    \
/* at its first row (row 1 against the mirror of row last - 1), in favour.   */    \
__attribute__((target(TARGET))) static void simd_finish_##ISA(sym_t *s, level_t *levels, \
                                                              int y0, int top) {   \
    level_t *lv = &levels[top - y0];                                               \
    V full = SET1(s->mask), side = SET1(s->sidemask);                              \
    V m0 = SET1(s->rowmask[top]), m1 = SET1(s->rowmask[top + 1]);                  \
    V m2 = SET1(s->rowmask[top + 2]);                                              \
    V mark = SET1(SYM_MARK);                                                       \
    const int quick = sym_marking(s);                                              \
    hits_t hit = {{0, 0, 0}, 1};                                                   \
    int at;                                                                        \
    if (quick) {                                                                   \
        hit.column[2] = (uint32_t)s->endbit;                                       \
        if (y0 >= 2) /* row 1's mirror image */                                    \
            hit.middle_from = (uint32_t)(s->topbit >> lowest_index(s->board[1]));  \
        if (s->bound2 >= top) hit.column[s->bound2 - top] = 1;                     \
    }                                                                              \
    if (!s->corner && s->bound2 == top) m1 = ANDNOT(side, m1);                     \
    if (!s->corner && (s->bound2 == top || s->bound2 == top + 1)) m2 = ANDNOT(side, m2); \
    for (at = 0; at < lv->count; at += LANES) {                                    \
        unsigned valid = simd_lanes(lv->count - at, LANES);                        \
        V c = LOADU(lv->c + at);                                                   \
        orders_t o = simd_orders_##ISA(full, m0, m1, m2, c, LOADU(lv->l + at),     \
                                       LOADU(lv->r + at), &hit);                   \
        SIMD_STAT((simd_stats.finish_vectors++,                                    \
                   simd_stats.finished += (uint64_t)__builtin_popcount(valid)));   \
        if (s->corner) {                                                           \
            s->c8 += orders_count(o, valid);                                       \
        } else if (quick) {                                                        \
            unsigned slow = orders_any(o, valid) & (NZ(AND(c, mark)) | o.hits);    \
            s->c8 += orders_count(o, valid & ~slow);                               \
            simd_classify(s, levels, y0, top, at, slow);                           \
        } else {                                                                   \
            simd_classify(s, levels, y0, top, at, orders_any(o, valid));           \
        }                                                                          \
    }                                                                              \
    lv->count = lv->pos = 0;                                                       \
}                                                                                  \
                                                                                   \
static int sym_search_##ISA(sym_t *s, int y0, uint32_t C, uint32_t L, uint32_t R) { \
    return simd_search(s, y0, s->last - 2, C | sym_mark(s, y0), L, R, simd_expand_##ISA, \
                       simd_finish_##ISA, 0);                                       \
}                                                                                  \
                                                                                   \
/* A row's diagonals one row down under RULE (a constant): shifted by one  */    \
/* column, or on the torus rotated around the board's `full` width, whose   */    \
/* last column `back` (a shift count) the first one's bit goes round to.     */    \
SIMD_STEP(TARGET) V simd_left_##ISA(V x, int rule, V full, __m128i back) {         \
    if (rule != RULE_TOROIDAL) return SHL(x, 1);                                   \
    return AND(OR(SHL(x, 1), SHRV(x, back)), full);                                \
}                                                                                  \
                                                                                   \
SIMD_STEP(TARGET) V simd_right_##ISA(V x, int rule, V full, __m128i back) {        \
    if (rule != RULE_TOROIDAL) return SHR(x, 1);                                   \
    return AND(OR(SHR(x, 1), SHLV(x, back)), full);                                \
}                                                                                  \
                                                                                   \
/* The shaped counter (a queen in every row of s->rowmask, no symmetry):     */    \
/* the same expansion without the border rule, a child kept when its row     */    \
/* has a free column; every child is a node of the plain tree, counted.      */    \
/* Under RULE (a constant) a superqueen node also carries the knight's       */    \
/* attacks on its row (kn) and the queen of the row above (in `parent`):     */    \
/* its child's row is attacked two columns off its queen, one off that one.  */    \
SIMD_STEP(TARGET) void shape_step_##ISA(sym_t *s, int y, level_t *from, level_t *to, \
                                        int rule) {                                \
    const int knights = rule == RULE_SUPERQUEEN;                                   \
    int at = from->pos, left = from->count - at;                                   \
    unsigned valid = simd_lanes(left, LANES), live;                                \
    V c = LOADU(from->c + at), l = LOADU(from->l + at), r = LOADU(from->r + at);   \
    V kn = knights ? LOADU(KNIGHTS(from) + at) : ZERO;                             \
    V above = knights ? LOADU(from->parent + at) : ZERO;                           \
    V jumps = knights ? OR(SHL(above, 1), SHR(above, 1)) : ZERO;                   \
    V avail = SELECT(valid, ANDNOT(OR(OR(c, kn), OR(l, r)), SET1(s->rowmask[y])), ZERO); \
    V next = SET1(s->rowmask[y + 1]), full = SET1(s->mask);                        \
    __m128i back = _mm_cvtsi32_si128(s->n - 1);                                    \
    uint64_t placed = 0;                                                           \
    from->pos = at + (left >= LANES ? LANES : left);                               \
    while ((live = NZ(avail)) != 0) {                                              \
        V bit = AND(avail, SUB(ZERO, avail)), cc = OR(c, bit);                     \
        V ll = simd_left_##ISA(OR(l, bit), rule, full, back);                      \
        V rr = simd_right_##ISA(OR(r, bit), rule, full, back);                     \
        V kk = knights ? OR(jumps, OR(SHL(bit, 2), SHR(bit, 2))) : ZERO;           \
        unsigned keep = live & NZ(ANDNOT(OR(OR(cc, kk), OR(ll, rr)), next));      \
        placed += (uint64_t)__builtin_popcount(live);                              \
        if (keep) simd_put_##ISA(to, keep, cc, ll, rr, bit, knights, kk, knights); \
        avail = XOR(avail, bit);                                                   \
    }                                                                              \
    s->nodes += placed;                                                            \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void shape_expand_##ISA(sym_t *s, int y,    \
                                                               level_t *from, level_t *to) { \
    shape_step_##ISA(s, y, from, to, RULE_QUEEN);                                  \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void torus_expand_##ISA(sym_t *s, int y,    \
                                                               level_t *from, level_t *to) { \
    shape_step_##ISA(s, y, from, to, RULE_TOROIDAL);                               \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void super_expand_##ISA(sym_t *s, int y,    \
                                                               level_t *from, level_t *to) { \
    shape_step_##ISA(s, y, from, to, RULE_SUPERQUEEN);                             \
}                                                                                  \
                                                                                   \
/* The bits set in each byte; their sum in each lane (bytes up to 63 each);  */    \
/* the bits set in each lane.                                                */    \
SIMD_STEP(TARGET) V simd_popbytes_##ISA(V x) {                                     \
    x = SUB(x, AND(SHR(x, 1), SET1(0x55555555u)));                                 \
    x = ADD(AND(x, SET1(0x33333333u)), AND(SHR(x, 2), SET1(0x33333333u)));         \
    return AND(ADD(x, SHR(x, 4)), SET1(0x0f0f0f0fu));                              \
}                                                                                  \
                                                                                   \
SIMD_STEP(TARGET) V simd_bytesum_##ISA(V x) {                                      \
    x = ADD(x, SHR(x, 8));                                                         \
    return AND(ADD(x, SHR(x, 16)), SET1(0xffu));                                   \
}                                                                                  \
                                                                                   \
SIMD_STEP(TARGET) V simd_popcount_##ISA(V x) {                                     \
    return simd_bytesum_##ISA(simd_popbytes_##ISA(x));                             \
}                                                                                  \
                                                                                   \
/* The pairs of a column of a0 and one of a1 (the row below) that do not   */    \
/* attack each other under RULE (a constant): |a0| |a1| (p0, p1) less those */    \
/* on one column or one diagonal (on the torus, the diagonals go round the   */    \
/* width: a board of 3 columns or more, so the three are different          */    \
/* columns), or superqueens a knight's jump apart (their bytes' counts      */    \
/* summed first: at most 40 a byte).                                         */    \
SIMD_STEP(TARGET) V simd_pairs_##ISA(V a0, V a1, V p0, V p1, int rule, V full,    \
                                     __m128i back) {                               \
    V clash = ADD(simd_popbytes_##ISA(AND(a0, a1)),                                \
                  ADD(simd_popbytes_##ISA(AND(simd_left_##ISA(a0, rule, full, back), a1)), \
                      simd_popbytes_##ISA(AND(simd_right_##ISA(a0, rule, full, back), a1)))); \
    if (rule == RULE_SUPERQUEEN)                                                   \
        clash = ADD(clash, ADD(simd_popbytes_##ISA(AND(SHL(a0, 2), a1)),           \
                               simd_popbytes_##ISA(AND(SHR(a0, 2), a1))));         \
    return SUB(MUL(p0, p1), simd_bytesum_##ISA(clash));                            \
}                                                                                  \
                                                                                   \
/* Count the last two rows of every node of `lv` (row `top`) in place, a    */    \
/* vector at a time: a0, a1 the rows' free columns (a1 without row top's     */    \
/* queen).  With GAPS (a constant: the search of empty rows) a node has one  */    \
/* or two queens left: two go to the pairs of free columns, one to either    */    \
/* row (when row top may stay empty, or the last row may: no required row    */    \
/* there); else every node has two.  RULE (a constant; not superqueens'    */    \
/* with GAPS): the torus's rotated diagonals; superqueens' knight's attacks */    \
/* on row top (kn) and from the queen of the row above it on the last row.   */    \
SIMD_STEP(TARGET) void simd_last_two_##ISA(sym_t *s, level_t *lv, int top, int gaps, \
                                           int rule) {                             \
    const int upper = s->need[top + 1] == 0, lower = s->need[top] == s->need[top + 1]; \
    V m0 = SET1(s->rowmask[top]), m1 = SET1(s->rowmask[top + 1]), first = SET1(s->first); \
    V found = ZERO, placed = ZERO, full = SET1(s->mask);                           \
    __m128i back = _mm_cvtsi32_si128(s->n - 1);                                    \
    uint32_t sums[2][LANES];                                                       \
    int at, k;                                                                     \
    for (at = 0; at < lv->count; at += LANES) {                                    \
        unsigned valid = simd_lanes(lv->count - at, LANES), pair = valid, single = 0; \
        V c = LOADU(lv->c + at), l = LOADU(lv->l + at), r = LOADU(lv->r + at);     \
        V kn = ZERO, jumps = ZERO, p0, p1, pairs, one;                             \
        V a0, a1;                                                                  \
        if (rule == RULE_SUPERQUEEN) {                                             \
            V above = LOADU(lv->parent + at);                                      \
            kn = LOADU(KNIGHTS(lv) + at);                                          \
            jumps = OR(SHL(above, 1), SHR(above, 1));                              \
        }                                                                          \
        a0 = ANDNOT(OR(OR(c, kn), OR(l, r)), m0);                                  \
        a1 = ANDNOT(OR(OR(c, jumps), OR(simd_left_##ISA(l, rule, full, back),      \
                                        simd_right_##ISA(r, rule, full, back))), m1); \
        if (gaps) {                                                                \
            V queens = LOADU(lv->parent + at);                                     \
            a0 = SELECT(EQM(queens, SET1(s->queens)), AND(a0, first), a0);         \
            if (s->queens == 1) a1 = AND(a1, first); /* (no pair then) */          \
            pair &= EQM(queens, SET1(2));                                          \
            single = valid & EQM(queens, SET1(1));                                 \
        } else {                                                                   \
            a0 = SELECT(valid, a0, ZERO);                                          \
        }                                                                          \
        p0 = simd_popcount_##ISA(a0);                                              \
        p1 = simd_popcount_##ISA(a1);                                              \
        pairs = simd_pairs_##ISA(a0, a1, p0, p1, rule, full, back);                \
        if (gaps) {                                                                \
            one = ADD(upper ? p0 : ZERO, lower ? p1 : ZERO);                       \
            found = ADD(found, SELECT(pair, pairs, SELECT(single, one, ZERO)));    \
            placed = ADD(placed, SELECT(pair, ADD(p0, pairs), SELECT(single, one, ZERO))); \
        } else {                                                                   \
            found = ADD(found, pairs);                                             \
            placed = ADD(placed, ADD(p0, pairs));                                  \
        }                                                                          \
    }                                                                              \
    STOREU(sums[0], found);                                                        \
    STOREU(sums[1], placed);                                                       \
    for (k = 0; k < LANES; k++) {                                                  \
        s->c8 += sums[0][k];                                                       \
        s->nodes += sums[1][k];                                                    \
    }                                                                              \
    lv->count = lv->pos = 0;                                                       \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void shape_finish_##ISA(sym_t *s, level_t *levels, \
                                                               int y0, int top) {  \
    simd_last_two_##ISA(s, &levels[top - y0], top, 0, RULE_QUEEN);                 \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void torus_finish_##ISA(sym_t *s, level_t *levels, \
                                                               int y0, int top) {  \
    simd_last_two_##ISA(s, &levels[top - y0], top, 0, RULE_TOROIDAL);              \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void super_finish_##ISA(sym_t *s, level_t *levels, \
                                                               int y0, int top) {  \
    simd_last_two_##ISA(s, &levels[top - y0], top, 0, RULE_SUPERQUEEN);            \
}                                                                                  \
                                                                                   \
/* simd_search inlined once per rule (direct calls to its steps); the other */    \
/* rules' copies out of line, so that the queen's stays as it was compiled   */    \
/* alone (measured: its driver loop took more instructions inlined beside   */    \
/* the others).                                                              */    \
__attribute__((noinline)) static int torus_search_##ISA(sym_t *s) {                \
    return simd_search(s, 0, s->last - 1, 0, 0, 0, torus_expand_##ISA, torus_finish_##ISA, 0); \
}                                                                                  \
                                                                                   \
__attribute__((noinline)) static int super_search_##ISA(sym_t *s) {                \
    return simd_search(s, 0, s->last - 1, 0, 0, 0, super_expand_##ISA, super_finish_##ISA, 1); \
}                                                                                  \
                                                                                   \
static int shape_search_##ISA(sym_t *s) {                                          \
    if (s->rule == RULE_TOROIDAL) return torus_search_##ISA(s);                    \
    if (s->rule == RULE_SUPERQUEEN) return super_search_##ISA(s);                  \
    return simd_search(s, 0, s->last - 1, 0, 0, 0, shape_expand_##ISA, shape_finish_##ISA, 0); \
}                                                                                  \
                                                                                   \
/* The shaped counter of boards with empty rows (k < rows; RULE, a         */    \
/* constant, the queen's or the torus's): each node carries its queens      */    \
/* still to place (in `parent`).  A node's children are its empty child     */    \
/* (when the rows below can still hold its queens) and a queen on each free  */    \
/* column (when the required rows below leave room); a queen that is a       */    \
/* node's last is a solution, counted, not kept.  A child that must fill     */    \
/* every row below is kept only when the next one has a free column.         */    \
SIMD_STEP(TARGET) void gaps_step_##ISA(sym_t *s, int y, level_t *from, level_t *to, \
                                       int rule) {                                 \
    const int rows = s->last + 1;                                                  \
    V full = SET1(s->mask);                                                        \
    __m128i back = _mm_cvtsi32_si128(s->n - 1);                                    \
    int at = from->pos, left = from->count - at;                                   \
    unsigned valid = simd_lanes(left, LANES), live, ones, tight, empty, firsts;    \
    V c = LOADU(from->c + at), l = LOADU(from->l + at), r = LOADU(from->r + at);   \
    V queens = LOADU(from->parent + at), fewer = SUB(queens, SET1(1));             \
    V avail = ANDNOT(OR(c, OR(l, r)), SET1(s->rowmask[y]));                        \
    V next = SET1(s->rowmask[y + 1]);                                              \
    uint64_t placed = 0, found = 0;                                                \
    from->pos = at + (left >= LANES ? LANES : left);                               \
    firsts = EQM(queens, SET1(s->queens));                                         \
    if (firsts) avail = SELECT(firsts, AND(avail, SET1(s->first)), avail);         \
    avail = SELECT(valid & GTM(queens, SET1(s->need[y + 1])), avail, ZERO);        \
    ones = EQM(queens, SET1(1));                                                   \
    tight = EQM(queens, SET1(rows - y));                                           \
    empty = s->need[y] == s->need[y + 1] ? valid & GTM(SET1(rows - y), queens) : 0; \
    if ((ones &= valid) != 0) { /* the last queens: counted at once */             \
        uint32_t sums[LANES];                                                      \
        int k;                                                                     \
        STOREU(sums, simd_popcount_##ISA(SELECT(ones, avail, ZERO)));              \
        for (k = 0; k < LANES; k++) found += sums[k];                              \
        placed += found;                                                           \
        avail = SELECT(ones, ZERO, avail);                                         \
    }                                                                              \
    if (empty)                                                                     \
        simd_put_##ISA(to, empty, c, simd_left_##ISA(l, rule, full, back),         \
                       simd_right_##ISA(r, rule, full, back), queens, 1, ZERO, 0); \
    while ((live = NZ(avail)) != 0) {                                              \
        V bit = AND(avail, SUB(ZERO, avail)), cc = OR(c, bit);                     \
        V ll = simd_left_##ISA(OR(l, bit), rule, full, back);                      \
        V rr = simd_right_##ISA(OR(r, bit), rule, full, back);                     \
        unsigned keep = live & (~tight | NZ(ANDNOT(OR(cc, OR(ll, rr)), next)));    \
        placed += (uint64_t)__builtin_popcount(live);                              \
        if (keep) simd_put_##ISA(to, keep, cc, ll, rr, fewer, 1, ZERO, 0);        \
        avail = XOR(avail, bit);                                                   \
    }                                                                              \
    s->nodes += placed;                                                            \
    s->c8 += found;                                                                \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void gaps_expand_##ISA(sym_t *s, int y,     \
                                                              level_t *from, level_t *to) { \
    gaps_step_##ISA(s, y, from, to, RULE_QUEEN);                                   \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void torus_gaps_expand_##ISA(sym_t *s, int y, \
                                                                    level_t *from, \
                                                                    level_t *to) { \
    gaps_step_##ISA(s, y, from, to, RULE_TOROIDAL);                                \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void gaps_finish_##ISA(sym_t *s, level_t *levels, \
                                                              int y0, int top) {   \
    simd_last_two_##ISA(s, &levels[top - y0], top, 1, RULE_QUEEN);                 \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void torus_gaps_finish_##ISA(sym_t *s,      \
                                                                    level_t *levels, \
                                                                    int y0, int top) { \
    simd_last_two_##ISA(s, &levels[top - y0], top, 1, RULE_TOROIDAL);              \
}                                                                                  \
                                                                                   \
__attribute__((noinline)) static int torus_gaps_search_##ISA(sym_t *s) {           \
    return simd_search(s, 0, s->last - 1, 0, 0, 0, torus_gaps_expand_##ISA,        \
                       torus_gaps_finish_##ISA, 0);                                \
}                                                                                  \
                                                                                   \
static int gaps_search_##ISA(sym_t *s) {                                           \
    if (s->rule == RULE_TOROIDAL) return torus_gaps_search_##ISA(s);               \
    return simd_search(s, 0, s->last - 1, 0, 0, 0, gaps_expand_##ISA, gaps_finish_##ISA, 0); \
}

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

enum { SIMD_OFF, SIMD_AVX2, SIMD_AVX512 };
static int simd_best = -1; /* the best the CPU has, once looked at */
static int simd_kind = -1; /* the one in use */

static int use_simd(void) {
    if (simd_best < 0) {
        __builtin_cpu_init();
        simd_best = __builtin_cpu_supports("avx512f") ? SIMD_AVX512
                    : __builtin_cpu_supports("avx2")  ? SIMD_AVX2
                                                      : SIMD_OFF;
        avx2_pack_init();
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
    case SIMD_AVX512: return sym_search_avx512(s, y0, c, l, r);
    case SIMD_AVX2: return sym_search_avx2(s, y0, c, l, r);
    default: return 0;
    }
}

static int shape_search_simd(sym_t *s) {
    switch (use_simd()) {
    case SIMD_AVX512: return shape_search_avx512(s);
    case SIMD_AVX2: return shape_search_avx2(s);
    default: return 0;
    }
}

static int gaps_search_simd(sym_t *s) {
    switch (use_simd()) {
    case SIMD_AVX512: return gaps_search_avx512(s);
    case SIMD_AVX2: return gaps_search_avx2(s);
    default: return 0;
    }
}
#else
#define HAVE_SIMD 0
enum { SIMD_OFF, SIMD_AVX2, SIMD_AVX512 };
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
        if (s->corner) sym_search_corner32(s, y0, c, l, r, a);
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

/* ---- boards of any shape: k queens on `rows` rows of `width` columns ------
 *
 * The classic n x n board with n queens never comes here (the searches above
 * are its fast paths, untouched).  Every other board does: masks of `width`
 * bits (width <= 64) for up to MAX_ROWS rows (more rows than columns is
 * fine), `k` queens (k <= min(width, rows)) and the rows that must hold a
 * queen (`required`: the rows of fixed queens; every row when k == rows).
 * When k < rows a row may stay empty (-1): the empty choice is tried before
 * every column, so solutions still come in lexicographic order (-1 < any
 * column), exactly as queens.engines.reference does.  A row is left empty
 * only when enough rows remain below it for the queens still to place, and
 * a branch ends as soon as fewer queens remain than required rows below.
 * The counter counts the last queen of each branch in place (a popcount per
 * row below) instead of walking to it.  On up to 32 columns the counter
 * runs on the vector search instead where the CPU has one
 * (count_shape_simd: shape_search_* with a queen in every row, under every
 * rule; gaps_search_* with empty rows, under the queen and toroidal
 * rules), which counts the same solutions and the same queens placed
 * (nodes).
 *
 * The attack rule (queens.rules) is part of the board: RULE_QUEEN shifts the
 * diagonals one column a row; RULE_TOROIDAL rotates them around the width
 * instead (a square board, checked by the caller); RULE_SUPERQUEEN adds the
 * knight's jumps: the queen of the row above attacks two columns off, the
 * one of the row above that one column off.  The loop's in-place counts of
 * the last queen know only the queen's attacks, so there the other rules
 * walk to it; the vector search counts its last two rows in place under
 * every rule.  (On the torus, every row and column taken, the rows above
 * settle the last queen's diagonals, by the sums of column and row modulo
 * N: with N odd it is never attacked on one, with N even on both.  So no
 * test can see a fault in one of the last row's diagonals there; the
 * search checks them all the same.) */
#define MAX_ROWS 1024

typedef struct {
    int rows, width, k, rule;
    unsigned group;                   /* symmetry bits, as for count_masks */
    mask_t first;                     /* the columns the first queen placed may take */
    mask_t allowed[MAX_ROWS];
    unsigned char required[MAX_ROWS]; /* 1: the row must hold a queen */
    int need[MAX_ROWS + 1];           /* required rows at or below each row */
} shape_t;

/* A depth-first walk over a shape_t's rows, resumable (the enumerator) or
 * counting in place (the counter); the state is explicit, as in walk_t. */
typedef struct {
    int y, state;      /* the current row; 0 fresh, 1 running, 2 finished */
    long until_pause;  /* backtracks left before shape_next pauses */
    uint64_t total, nodes; /* counting: solutions and queens placed so far */
    mask_t rem[MAX_ROWS];  /* the columns each row has still to try */
    mask_t cd[MAX_ROWS], ld[MAX_ROWS], rd[MAX_ROWS]; /* each row's attacks from above */
    mask_t kn[MAX_ROWS];   /* superqueens: the knight's attacks on each row from above */
    mask_t bits[MAX_ROWS]; /* the queen placed in each row, as a bit (0: empty) */
    int left[MAX_ROWS];    /* queens still to place from each row down */
    unsigned char empty[MAX_ROWS]; /* 1 while the row's empty choice is still to try */
    int cols[MAX_ROWS];    /* the queen of each row placed so far (-1: empty) */
} shape_walk_t;

static void shape_setup(shape_t *b) {
    int r;
    b->need[b->rows] = 0;
    for (r = b->rows - 1; r >= 0; r--) b->need[r] = b->need[r + 1] + (b->required[r] != 0);
}

/* The toroidal diagonals one row down: rotated by one column around the width. */
static mask_t rotate_up(mask_t m, int width) {
    return ((m << 1) | (m >> (width - 1))) & full_mask(width);
}

static mask_t rotate_down(mask_t m, int width) {
    return ((m >> 1) | (m << (width - 1))) & full_mask(width);
}

/* Row y's attacks shifted down `d` rows (diagonals off a 64-bit mask vanish). */
static mask_t shape_attacks(mask_t cd, mask_t ld, mask_t rd, int d) {
    return cd | (d < 64 ? (ld << d) | (rd >> d) : 0);
}

/* The placements of one last queen at row y or below, the rows between empty. */
static uint64_t shape_last(const shape_t *b, int y, mask_t cd, mask_t ld, mask_t rd, mask_t only) {
    uint64_t found = 0;
    int r;
    if (b->need[y] > 1) return 0;
    for (r = y; r < b->rows; r++) {
        if (b->need[y] == 1 && !b->required[r]) continue; /* the queen goes to the required row */
        found += (uint64_t)popcount(b->allowed[r] & only & ~shape_attacks(cd, ld, rd, r - y));
        if (b->required[r]) break;
    }
    return found;
}

/* Enter row y with `left` queens to place: its choices, pruned. */
static ALWAYS_INLINE void shape_enter(shape_walk_t *w, const shape_t *b, int y, int left) {
    w->left[y] = left;
    w->rem[y] = b->need[y + 1] <= left - 1
                    ? b->allowed[y] & ~(w->cd[y] | w->ld[y] | w->rd[y] | w->kn[y])
                    : 0;
    if (left == b->k) w->rem[y] &= b->first; /* no queen above: this is the first */
    w->empty[y] = !b->required[y] && b->rows - y - 1 >= left && b->need[y] <= left;
}

/* Advance to the next solution (lexicographic) into w->cols: 1 found, 0 none
 * left (and at every call after), -1 when the backtracks of w->until_pause
 * ran out first (set it again and call again).  COUNTING (a constant): the
 * walk never stops at a solution, it adds them to w->total (the last queen
 * counted in place) and the queens placed to w->nodes. */
static ALWAYS_INLINE int shape_next(shape_walk_t *w, const shape_t *b, int counting) {
    int y = w->y;
    if (w->state == 2) return 0;
    if (w->state == 0) {
        w->state = 1;
        w->cd[0] = w->ld[0] = w->rd[0] = w->kn[0] = 0;
        if (b->k == 0) { /* one placement, the empty one, if no row needs a queen */
            w->state = 2;
            for (y = 0; y < b->rows; y++) w->cols[y] = -1;
            if (b->need[0] != 0) return 0;
            if (counting) { w->total++; return 0; }
            return 1;
        }
        w->y = y = 0;
        if (counting && b->k == 1 && b->rule == RULE_QUEEN) {
            w->total += shape_last(b, 0, 0, 0, 0, b->first);
            w->nodes += w->total;
            w->state = 2;
            return 0;
        }
        shape_enter(w, b, 0, b->k);
    }
    for (;;) {
        mask_t bit = 0;
        int left = w->left[y];
        if (w->empty[y]) {
            w->empty[y] = 0;
            w->cols[y] = -1;
            w->bits[y] = 0;
        } else if (w->rem[y]) {
            bit = w->rem[y] & -w->rem[y];
            w->bits[y] = bit;
            w->rem[y] ^= bit;
            w->cols[y] = lowest_index(bit);
            left--;
            if (counting) w->nodes++;
        } else {
            if (y == 0) {
                w->state = 2;
                w->y = 0;
                return 0;
            }
            y--;
            if (--w->until_pause == 0) {
                w->y = y;
                return -1;
            }
            continue;
        }
        if (left == 0) { /* a solution when no required row is left below */
            if (b->need[y + 1] != 0) continue;
            if (counting) { w->total++; continue; }
            {
                int r;
                for (r = y + 1; r < b->rows; r++) w->cols[r] = -1;
            }
            w->y = y;
            return 1;
        }
        w->cd[y + 1] = w->cd[y] | bit;
        if (b->rule == RULE_TOROIDAL) {
            w->ld[y + 1] = rotate_up(w->ld[y] | bit, b->width);
            w->rd[y + 1] = rotate_down(w->rd[y] | bit, b->width);
        } else {
            w->ld[y + 1] = (w->ld[y] | bit) << 1;
            w->rd[y + 1] = (w->rd[y] | bit) >> 1;
        }
        if (b->rule == RULE_SUPERQUEEN) {
            mask_t above = y > 0 ? w->bits[y - 1] : 0;
            w->kn[y + 1] = ((bit << 2) | (bit >> 2) | (above << 1) | (above >> 1)) & full_mask(b->width);
        } else {
            w->kn[y + 1] = 0;
        }
        if (counting && left == 1 && b->rule == RULE_QUEEN) {
            uint64_t last = shape_last(b, y + 1, w->cd[y + 1], w->ld[y + 1], w->rd[y + 1], ~(mask_t)0);
            w->total += last;
            w->nodes += last;
            continue;
        }
        y++;
        shape_enter(w, b, y, left);
    }
}

/* The image of a placement of a rows x width board (-1: an empty row) under
 * symmetry `sym` (queens.symmetry.Symmetry.columns; the quarter turns and
 * transpositions only on a square board). */
static void shape_image(int sym, int rows, int width, const int *cols, int *out) {
    int bottom = rows - 1, right = width - 1, r;
    for (r = 0; r < rows; r++) out[r] = -1;
    for (r = 0; r < rows; r++) {
        int c = cols[r];
        if (c < 0) continue;
        switch (sym) {
        case 0: out[r] = c; break;
        case 1: out[c] = bottom - r; break;
        case 2: out[bottom - r] = right - c; break;
        case 3: out[right - c] = r; break;
        case 4: out[r] = right - c; break;
        case 5: out[bottom - r] = c; break;
        case 6: out[c] = r; break;
        default: out[right - c] = bottom - r; break;
        }
    }
}

/* True when no symmetry of the board's group maps the placement to a smaller one. */
static int shape_canonical(const shape_t *b, const int *cols) {
    int other[MAX_ROWS], sym, r;
    for (sym = 1; sym < 8; sym++) {
        if (!(b->group & (1u << sym))) continue;
        shape_image(sym, b->rows, b->width, cols, other);
        for (r = 0; r < b->rows && other[r] == cols[r]; r++) {}
        if (r < b->rows && other[r] < cols[r]) return 0;
    }
    return 1;
}

/* The symmetries that swap the sides of a board (only a square one has them). */
#define SIDE_SWAPPING ((1u << 1) | (1u << 3) | (1u << 6) | (1u << 7))

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

/* A board of up to 32 columns on the vector search when the CPU has one:
 * shape_search_simd with a queen in every row (every rule), else
 * gaps_search_simd (the queen and toroidal rules; 3..MAXN rows).  0 when it is not to be
 * used (or its buffers could not be had). */
static int count_shape_simd(const shape_t *b, stop_flag_t *stop, int *stopped, uint64_t *total,
                            uint64_t *nodes) {
#if HAVE_SIMD
    sym_t s;
    int r, full = b->k == b->rows;
    if (b->width > 32 || b->k < 1 || use_simd() == SIMD_OFF) return 0;
    if (b->rule == RULE_SUPERQUEEN && !full) return 0;
    if (b->rows < 3 || b->rows > MAXN) return 0;
    memset(&s, 0, sizeof s);
    s.n = b->width;
    s.last = b->rows - 1;
    s.corner = 1;
    s.bound2 = -1;
    s.mask = full_mask(b->width);
    s.rule = b->rule;
    s.stop = stop;
    for (r = 0; r < b->rows; r++) s.rowmask[r] = b->allowed[r];
    if (full) {
        s.rowmask[0] &= b->first;
        if (!shape_search_simd(&s)) return 0;
    } else {
        s.queens = b->k;
        s.first = b->first;
        for (r = 0; r <= b->rows; r++) s.need[r] = b->need[r];
        if (!gaps_search_simd(&s)) return 0;
    }
    *stopped = s.stopped;
    *total = s.c8;
    *nodes = s.nodes;
    return 1;
#else
    (void)b, (void)stop, (void)stopped, (void)total, (void)nodes;
    return 0;
#endif
}

/* A board with a queen in every row (k == rows, so at most 64 rows) but more
 * columns than rows: no empty choice and no required row to track, so a
 * plain loop as count_masks's, the last row counted in place, counting the
 * queens placed too.  (The classic board never comes here.) */
static uint64_t count_full(const shape_t *b, stop_flag_t *stop, int *stopped, uint64_t *nodes) {
    mask_t rem[MAXN], cd[MAXN], ld[MAXN], rd[MAXN];
    const int last = b->rows - 1;
    const mask_t lastrow = b->allowed[last];
    uint64_t total = 0, placed = 0;
    long until_pause = STOP_CHECK_PERIOD;
    int y = 0;
    if (last == 0) {
        *nodes = (uint64_t)popcount(b->allowed[0] & b->first);
        return *nodes;
    }
    cd[0] = ld[0] = rd[0] = 0;
    rem[0] = b->allowed[0] & b->first;
    for (;;) {
        mask_t free = rem[y];
        if (free) {
            mask_t bit = free & -free, c = cd[y] | bit, l = (ld[y] | bit) << 1, r = (rd[y] | bit) >> 1;
            rem[y] = free ^ bit;
            placed++;
            if (y + 1 == last) {
                uint64_t found = (uint64_t)popcount(lastrow & ~(c | l | r));
                total += found;
                placed += found;
                continue;
            }
            y++;
            cd[y] = c;
            ld[y] = l;
            rd[y] = r;
            rem[y] = b->allowed[y] & ~(c | l | r);
        } else if (y == 0) {
            break;
        } else {
            y--;
            if (stop_now(&until_pause, stop, stopped)) break;
        }
    }
    *nodes = placed;
    return total;
}

/* The solutions whose first queen takes a column of b->first, without a
 * symmetry check (and the queens placed). */
static uint64_t count_plain_shape(const shape_t *b, shape_walk_t *w, stop_flag_t *stop,
                                  int *stopped, uint64_t *nodes) {
    uint64_t total;
    if (count_shape_simd(b, stop, stopped, &total, nodes)) return total;
    if (b->k == b->rows && b->rows <= MAXN && b->rule == RULE_QUEEN)
        return count_full(b, stop, stopped, nodes);
    memset(w, 0, sizeof *w);
    w->until_pause = STOP_CHECK_PERIOD;
    while (shape_next(w, b, 1) != 0) {
        if (*stop) { *stopped = 1; break; }
        w->until_pause = STOP_CHECK_PERIOD;
    }
    *nodes = w->nodes;
    return w->total;
}

/* The canonical solutions under the board's group, each walked to (and all
 * of them counted into `*all` when given). */
static uint64_t walk_canonical(const shape_t *b, shape_walk_t *w, stop_flag_t *stop, int *stopped,
                               uint64_t *all) {
    uint64_t canonical = 0, every = 0;
    int found;
    memset(w, 0, sizeof *w);
    w->until_pause = STOP_CHECK_PERIOD;
    while ((found = shape_next(w, b, 0)) != 0) {
        if (found < 0) {
            if (*stop) { *stopped = 1; break; }
            w->until_pause = STOP_CHECK_PERIOD;
            continue;
        }
        every++;
        canonical += (uint64_t)shape_canonical(b, w->cols);
    }
    if (all) *all = every;
    return canonical;
}

/* True when the board is its own mirror image (every row's mask). */
static int shape_mirrored(const shape_t *b) {
    int r;
    for (r = 0; r < b->rows; r++)
        if (mirror_mask(b->allowed[r], b->width) != b->allowed[r]) return 0;
    return 1;
}

/* Every solution of a shaped board (and the queens placed in the whole
 * search tree, for benchmarks), counted in place; on a board that is its own
 * mirror image only those whose first queen stands left of the middle
 * (twice: the mirror images are the right half's) and on the middle column:
 * about half the search.  (The mirror keeps rows, so empty and required rows
 * too.) */
static uint64_t count_total(shape_t *b, shape_walk_t *w, stop_flag_t *stop, int *stopped,
                            uint64_t *nodes) {
    uint64_t half, middle = 0, half_nodes, middle_nodes = 0;
    if (b->k == 0 || b->width == 1 || !shape_mirrored(b)) {
        return count_plain_shape(b, w, stop, stopped, nodes);
    }
    b->first = full_mask(b->width / 2);
    half = count_plain_shape(b, w, stop, stopped, &half_nodes);
    if (b->width % 2 && !*stopped) {
        b->first = (mask_t)1 << (b->width / 2);
        middle = count_plain_shape(b, w, stop, stopped, &middle_nodes);
    }
    b->first = full_mask(b->width);
    *nodes = 2 * half_nodes + middle_nodes;
    return 2 * half + middle;
}

/* The counts of a shaped board (and the queens placed, 0 with a group).
 * With a group, the canonical solutions are walked to one by one; with the
 * mirror in it, a canonical solution's first queen stands left of the
 * middle or on it (else its mirror image is smaller at that row), so the
 * total is counted in place and the canonical ones searched for in that
 * half only. */
static counts_t count_shape(shape_t *b, shape_walk_t *w, stop_flag_t *stop, int *stopped,
                            uint64_t *nodes) {
    counts_t result = {0, 0};
    *nodes = 0;
    if ((b->group & ~1u) == 0) {
        result.total = result.unique = count_total(b, w, stop, stopped, nodes);
    } else if ((b->group & (1u << 4)) && b->k > 0) {
        uint64_t ignored;
        result.total = count_total(b, w, stop, stopped, &ignored);
        if (*stopped) return result;
        b->first = full_mask((b->width + 1) / 2);
        result.unique = walk_canonical(b, w, stop, stopped, NULL);
        b->first = full_mask(b->width);
    } else {
        result.unique = walk_canonical(b, w, stop, stopped, &result.total);
    }
    return result;
}

/* The next solution of an enumeration (canonical ones only, with a group):
 * 1 found (in w->cols), 0 none left, -1 when `*budget` ran out first. */
static int shape_enum_next(const shape_t *b, shape_walk_t *w, long *budget) {
    int found;
    if (*budget <= 0) return -1;
    w->until_pause = *budget;
    do found = shape_next(w, b, 0);
    while (found > 0 && (b->group & ~1u) && !shape_canonical(b, w->cols));
    *budget = w->until_pause;
    return found;
}

/* ---- the region puzzle ("Queens"): one queen per row, column and region --
 *
 * An n x n grid (n <= MAXN) cut into n regions, cells[r * n + c] the region of
 * a cell (0..n-1).  Queens attack along their row and column and touch no
 * other queen, diagonally included, but do not attack along diagonals: so
 * row by row, a queen rules out its column for good, and the three squares
 * below it in the next row only; its region is ruled out for good too (a
 * bitmask of the regions used).  The last row is counted in place. */
static uint64_t count_regions(int n, const unsigned char *cells, stop_flag_t *stop, int *stopped) {
    mask_t rem[MAXN], cols[MAXN], near[MAXN];
    uint64_t used[MAXN], total = 0;
    long until_pause = STOP_CHECK_PERIOD;
    const mask_t full = full_mask(n);
    int y = 0;
    cols[0] = near[0] = 0;
    used[0] = 0;
    rem[0] = full;
    for (;;) {
        mask_t free = rem[y];
        if (free) {
            mask_t bit = free & -free, next;
            int c = lowest_index(bit);
            rem[y] = free ^ bit;
            if (used[y] >> cells[y * n + c] & 1) continue;
            if (y == n - 1) {
                total++;
                continue;
            }
            cols[y + 1] = cols[y] | bit;
            near[y + 1] = (bit | (bit << 1) | (bit >> 1)) & full;
            used[y + 1] = used[y] | (uint64_t)1 << cells[y * n + c];
            next = full & ~(cols[y + 1] | near[y + 1]);
            y++;
            rem[y] = next;
        } else if (y == 0) {
            break;
        } else {
            y--;
            if (stop_now(&until_pause, stop, stopped)) break;
        }
    }
    return total;
}

/* ======================= the CPython wrapper ============================ */

/* Every size the wrapper allocates is a product checked here first, so that
 * no argument can make it wrap around into a small buffer. */
static int size_product(size_t a, size_t b, size_t *out) {
    if (b != 0 && a > (size_t)PY_SSIZE_T_MAX / b) return 0;
    *out = a * b;
    return 1;
}

/* A buffer that grows as a batch is written (without the GIL: raw memory),
 * so that a batch size asks for no memory before solutions fill it. */
typedef struct {
    char *data;
    size_t len, cap;
} grow_t;

/* Room for `more` bytes at the end: 0 when the size overflows or malloc fails. */
static int grow_reserve(grow_t *b, size_t more) {
    size_t need, cap;
    if (more > (size_t)PY_SSIZE_T_MAX - b->len) return 0;
    need = b->len + more;
    if (need <= b->cap) return 1;
    cap = b->cap ? b->cap : 4096;
    while (cap < need) cap = cap > (size_t)PY_SSIZE_T_MAX / 2 ? need : 2 * cap;
    {
        char *bigger = PyMem_RawRealloc(b->data, cap);
        if (!bigger) return 0;
        b->data = bigger;
        b->cap = cap;
    }
    return 1;
}

/* The group of a board: a bit per symmetry of queens.symmetry.ALL. */
static int read_group(int group, unsigned *out) {
    if (group < 0 || group > 255) {
        PyErr_Format(PyExc_ValueError, "group must be a set of symmetry bits 0..255, got %d", group);
        return 0;
    }
    *out = (unsigned)group;
    return 1;
}

static int read_masks(PyObject *seq, mask_t *out, int *n) {
    PyObject *fast = PySequence_Fast(seq, "allowed must be a sequence of int masks");
    Py_ssize_t i, len;
    if (!fast) return 0;
    len = PySequence_Fast_GET_SIZE(fast);
    if (len < 1 || len > MAXN) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "the kernel takes boards of 1..%d rows, got %zd", MAXN, len);
        return 0;
    }
    for (i = 0; i < len; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(fast); return 0; }
        out[i] = (mask_t)v & full_mask((int)len);
    }
    *n = (int)len;
    Py_DECREF(fast);
    return 1;
}

static int read_columns(PyObject *seq, int *out, int *len) {
    PyObject *fast = PySequence_Fast(seq, "prefix must be a sequence of columns");
    Py_ssize_t i, size;
    if (!fast) return 0;
    size = PySequence_Fast_GET_SIZE(fast);
    if (size > MAXN) { Py_DECREF(fast); PyErr_SetString(PyExc_ValueError, "prefix too long"); return 0; }
    for (i = 0; i < size; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return 0; }
        if (v < 0 || v >= MAXN) { Py_DECREF(fast); PyErr_SetString(PyExc_ValueError, "column out of range"); return 0; }
        out[i] = (int)v;
    }
    *len = (int)size;
    Py_DECREF(fast);
    return 1;
}

static PyObject *counts_tuple(uint64_t total, uint64_t unique) {
    return Py_BuildValue("(KK)", (unsigned long long)total, (unsigned long long)unique);
}

/* The stop flag of a count: the first byte of a writable buffer (a
 * bytearray that another thread sets), or a byte that is never set. */
static int read_stop(PyObject *obj, Py_buffer *view, stop_flag_t **stop) {
    *stop = &never_stop;
    view->obj = NULL;
    if (obj == NULL || obj == Py_None) return 1;
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE) < 0) return 0;
    if (view->len < 1) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "the stop flag must hold at least one byte");
        return 0;
    }
    *stop = (stop_flag_t *)view->buf;
    return 1;
}

/* count_masks(allowed, group=1, stop=None) -> (total, unique), or None when stopped. */
static PyObject *py_count_masks(PyObject *self, PyObject *args) {
    PyObject *seq, *stop_obj = NULL;
    int group_arg = 1;
    unsigned group;
    mask_t allowed[MAXN];
    int n, stopped = 0;
    counts_t result;
    Py_buffer view;
    stop_flag_t *stop;
    (void)self;
    if (!PyArg_ParseTuple(args, "O|iO", &seq, &group_arg, &stop_obj) || !read_group(group_arg, &group)
        || !read_masks(seq, allowed, &n)) {
        return NULL;
    }
    if (!read_stop(stop_obj, &view, &stop)) return NULL;
    Py_BEGIN_ALLOW_THREADS
    result = count_board(n, allowed, group, stop, &stopped);
    Py_END_ALLOW_THREADS
    if (view.obj) PyBuffer_Release(&view);
    if (stopped) Py_RETURN_NONE;
    return counts_tuple(result.total, result.unique);
}

/* A shaped board from Python: allowed (a sequence of int masks, one per row),
 * width, queens and required (a bytes-like of one byte per row, non-zero for
 * a row that must hold a queen), each checked; 0 with an exception if bad. */
static int read_shape(shape_t *b, PyObject *seq, int width, int k, PyObject *required, unsigned group,
                      int rule) {
    PyObject *fast;
    Py_buffer view;
    Py_ssize_t i, len;
    if (width < 1 || width > MAXN) {
        PyErr_Format(PyExc_ValueError, "the kernel takes boards of 1..%d columns, got %d", MAXN, width);
        return 0;
    }
    fast = PySequence_Fast(seq, "allowed must be a sequence of int masks");
    if (!fast) return 0;
    len = PySequence_Fast_GET_SIZE(fast);
    if (len < 1 || len > MAX_ROWS) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "the kernel takes boards of 1..%d rows, got %zd", MAX_ROWS, len);
        return 0;
    }
    if (k < 0 || k > width || k > len) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%d queens do not fit on %zd rows of %d columns", k, len, width);
        return 0;
    }
    if (rule < RULE_QUEEN || rule > RULE_SUPERQUEEN || (rule == RULE_TOROIDAL && width != len)) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "rule must be 0 (queen), 1 (toroidal, square boards) or 2 "
                                       "(superqueen), got %d on %zd rows of %d columns", rule, len, width);
        return 0;
    }
    if (width != len && (group & SIDE_SWAPPING)) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "a board that is not square has no quarter turns or transpositions");
        return 0;
    }
    for (i = 0; i < len; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(fast); return 0; }
        b->allowed[i] = (mask_t)v & full_mask(width);
    }
    Py_DECREF(fast);
    if (PyObject_GetBuffer(required, &view, PyBUF_SIMPLE) < 0) return 0;
    if (view.len != len) {
        PyBuffer_Release(&view);
        PyErr_Format(PyExc_ValueError, "required must hold a byte per row (%zd), got %zd", len, view.len);
        return 0;
    }
    for (i = 0; i < len; i++) b->required[i] = ((const unsigned char *)view.buf)[i] != 0;
    PyBuffer_Release(&view);
    b->rows = (int)len;
    b->width = width;
    b->k = k;
    b->group = group;
    b->rule = rule;
    b->first = full_mask(width);
    shape_setup(b);
    return 1;
}

/* count_shape(allowed, width, queens, required, group=1, stop=None, rule=0)
 *   -> (total, unique, nodes), or None when stopped (nodes: queens placed, 0 with a group). */
static PyObject *py_count_shape(PyObject *self, PyObject *args) {
    PyObject *seq, *required, *stop_obj = NULL, *result = NULL;
    int width, k, group_arg = 1, stopped = 0, rule = RULE_QUEEN;
    unsigned group;
    shape_t *b;
    shape_walk_t *w;
    counts_t counts;
    uint64_t nodes = 0;
    Py_buffer view;
    stop_flag_t *stop;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiiO|iOi", &seq, &width, &k, &required, &group_arg, &stop_obj, &rule)
        || !read_group(group_arg, &group)) {
        return NULL;
    }
    b = PyMem_RawMalloc(sizeof *b);
    w = PyMem_RawMalloc(sizeof *w);
    if (!b || !w) {
        PyErr_NoMemory();
        goto done;
    }
    if (!read_shape(b, seq, width, k, required, group, rule) || !read_stop(stop_obj, &view, &stop))
        goto done;
    Py_BEGIN_ALLOW_THREADS
    counts = count_shape(b, w, stop, &stopped, &nodes);
    Py_END_ALLOW_THREADS
    if (view.obj) PyBuffer_Release(&view);
    if (stopped) {
        Py_INCREF(Py_None);
        result = Py_None;
    } else {
        result = Py_BuildValue("(KKK)", (unsigned long long)counts.total,
                               (unsigned long long)counts.unique, (unsigned long long)nodes);
    }
done:
    PyMem_RawFree(b);
    PyMem_RawFree(w);
    return result;
}

/* count_symmetric(n, prefix=(), wide=False, stop=None) -> (total, unique), or None when stopped. */
static PyObject *py_count_symmetric(PyObject *self, PyObject *args) {
    int n, prefix[MAXN] = {0}, len = 0, status, wide = 0; /* sym_count reads prefix[0] */
    PyObject *seq = NULL, *stop_obj = NULL;
    uint64_t c2 = 0, c4 = 0, c8 = 0;
    Py_buffer view;
    stop_flag_t *stop;
    (void)self;
    if (!PyArg_ParseTuple(args, "i|OpO", &n, &seq, &wide, &stop_obj)) return NULL;
    if (n < SYMMETRIC_MIN_N || n > MAXN) {
        return PyErr_Format(PyExc_ValueError, "the symmetric counter takes %d <= n <= %d, got %d",
                            SYMMETRIC_MIN_N, MAXN, n);
    }
    if (seq && seq != Py_None && !read_columns(seq, prefix, &len)) return NULL;
    if (!read_stop(stop_obj, &view, &stop)) return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = sym_count(n, prefix, len, wide, stop, &c2, &c4, &c8);
    Py_END_ALLOW_THREADS
    if (view.obj) PyBuffer_Release(&view);
    if (status == -2) Py_RETURN_NONE;
    if (status < 0) return PyErr_Format(PyExc_ValueError, "not a sub-problem of the %d x %d board", n, n);
    return counts_tuple(8 * c8 + 4 * c4 + 2 * c2, c8 + c4 + c2);
}

static PyObject *py_symmetric_prefixes(PyObject *self, PyObject *args) {
    int n, depth;
    PyObject *out;
    (void)self;
    if (!PyArg_ParseTuple(args, "ii", &n, &depth)) return NULL;
    if (n < SYMMETRIC_MIN_N || n > MAXN || depth < 2 || depth > n - 1) {
        return PyErr_Format(PyExc_ValueError, "no prefixes of depth %d for n = %d", depth, n);
    }
    out = PyList_New(0);
    if (out && sym_prefixes(n, depth, out) < 0) Py_CLEAR(out);
    return out;
}

/* simd(kind=None) -> str: the vector search the symmetric counter uses
 * ("avx512", "avx2", or "" for the plain loop), after choosing `kind`: one
 * of those names, False for the plain loop, True for the best the CPU has. */
static PyObject *py_simd(PyObject *self, PyObject *args) {
    static const char *const names[] = {"", "avx2", "avx512"};
    PyObject *kind = Py_None;
    (void)self;
    if (!PyArg_ParseTuple(args, "|O", &kind)) return NULL;
    if (PyBool_Check(kind)) {
        set_simd(kind == Py_True ? best_simd() : SIMD_OFF);
    } else if (kind != Py_None) {
        const char *name;
        int k;
        if (!PyUnicode_Check(kind)) return PyErr_Format(PyExc_TypeError, "simd() takes a name or a bool");
        name = PyUnicode_AsUTF8(kind);
        if (!name) return NULL;
        for (k = SIMD_OFF; k <= SIMD_AVX512 && strcmp(name, names[k]) != 0; k++) continue;
        if (k > SIMD_AVX512) return PyErr_Format(PyExc_ValueError, "no vector search %R", kind);
        if (set_simd(k) != k) return PyErr_Format(PyExc_ValueError, "this CPU cannot run %R", kind);
    }
    return PyUnicode_FromString(names[use_simd()]);
}

/* Enumerator(allowed, group=1, width=0, queens=0, required=None): solutions in
 * lexicographic order, in batches.  With `required` (as for count_shape) the
 * board is a shaped one (width, queens), searched by shape_next. */
typedef struct {
    PyObject_HEAD
    enum_t e;
    shape_t *shape;     /* a shaped board, or NULL */
    shape_walk_t *walk; /* its walk */
    int ready; /* __init__ has set up a board */
    int busy;  /* a batch is being searched without the GIL */
} Enumerator;

static void enumerator_free_shape(Enumerator *self) {
    PyMem_RawFree(self->shape);
    PyMem_RawFree(self->walk);
    self->shape = NULL;
    self->walk = NULL;
}

static void enumerator_dealloc(Enumerator *self) {
    PyMem_RawFree(self->e.kept);
    enumerator_free_shape(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* 0 with an exception when the enumerator cannot search now: never set up,
 * or searching in another thread (the state is not shared between batches). */
static int enumerator_claim(Enumerator *self) {
    if (!self->ready) {
        PyErr_SetString(PyExc_ValueError, "the Enumerator was not initialised");
        return 0;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the Enumerator is in use by another thread");
        return 0;
    }
    self->busy = 1;
    return 1;
}

static int enumerator_init(Enumerator *self, PyObject *args, PyObject *kwds) {
    PyObject *seq, *required = Py_None;
    int group_arg = 1, width = 0, k = 0, rule = RULE_QUEEN;
    unsigned group;
    static char *names[] = {"allowed", "group", "width", "queens", "required", "rule", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|iiiOi", names, &seq, &group_arg, &width, &k,
                                     &required, &rule)) {
        return -1;
    }
    if (!read_group(group_arg, &group)) return -1;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the Enumerator is in use by another thread");
        return -1;
    }
    self->ready = 0;
    PyMem_RawFree(self->e.kept);
    memset(&self->e, 0, sizeof self->e);
    enumerator_free_shape(self);
    if (required != Py_None) {
        self->shape = PyMem_RawMalloc(sizeof *self->shape);
        self->walk = PyMem_RawMalloc(sizeof *self->walk);
        if (!self->shape || !self->walk) {
            enumerator_free_shape(self);
            PyErr_NoMemory();
            return -1;
        }
        memset(self->walk, 0, sizeof *self->walk);
        if (!read_shape(self->shape, seq, width, k, required, group, rule)) {
            enumerator_free_shape(self);
            return -1;
        }
        self->ready = 1;
        return 0;
    }
    if (!read_masks(seq, self->e.search.allowed, &self->e.search.n)) return -1;
    self->e.n = self->e.search.n;
    self->e.search.group = group;
    enum_setup(&self->e);
    self->ready = 1;
    return 0;
}

/* Up to k solutions into `out` (without the GIL), each written by `put`:
 * 0 done, -1 out of memory (or a size past PY_SSIZE_T_MAX). */
typedef int (*put_t)(grow_t *out, int n, const int *cols, int fmt, int first);

/* The next solution of either kind of board, and where its columns are. */
static int enumerator_next(Enumerator *self, long *budget, const int **cols, int *n) {
    if (self->shape) {
        *cols = self->walk->cols;
        *n = self->shape->rows;
        return shape_enum_next(self->shape, self->walk, budget);
    }
    *cols = self->e.search.walk.cols;
    *n = self->e.n;
    return enum_next(&self->e, budget);
}

static int enumerator_batch(Enumerator *self, Py_ssize_t k, put_t put, int fmt, int first,
                            grow_t *out, Py_ssize_t *found) {
    long budget = CALL_BUDGET;
    int status = 0, n;
    const int *cols;
    *found = 0;
    Py_BEGIN_ALLOW_THREADS
    while (*found < k && (status = enumerator_next(self, &budget, &cols, &n)) > 0) {
        if (!put(out, n, cols, fmt, first && *found == 0)) { status = -2; break; }
        ++*found;
    }
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (status == -2) {
        PyMem_RawFree(out->data);
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static int put_columns(grow_t *out, int n, const int *cols, int fmt, int first) {
    int r;
    (void)fmt;
    (void)first;
    if (!grow_reserve(out, (size_t)n * sizeof(int32_t))) return 0;
    for (r = 0; r < n; r++) {
        int32_t column = cols[r];
        memcpy(out->data + out->len, &column, sizeof column);
        out->len += sizeof column;
    }
    return 1;
}

static int put_text(grow_t *out, int n, const int *cols, int fmt, int first) {
    char *end;
    if (!grow_reserve(out, max_text(n, fmt))) return 0;
    end = put_solution(out->data + out->len, n, cols, fmt, first);
    out->len += (size_t)(end - (out->data + out->len));
    return 1;
}

/* columns(k): up to k solutions (fewer when the call's node budget runs out) as bytes of native
 * int32 columns (n per solution).  k is only a limit: memory grows with what is found. */
static PyObject *enumerator_columns(Enumerator *self, PyObject *args) {
    Py_ssize_t k, found;
    grow_t out = {NULL, 0, 0};
    PyObject *result;
    if (!PyArg_ParseTuple(args, "n", &k)) return NULL;
    if (k < 0) {
        PyErr_SetString(PyExc_ValueError, "k must be >= 0");
        return NULL;
    }
    if (!enumerator_claim(self)) return NULL;
    if (enumerator_batch(self, k, put_columns, 0, 0, &out, &found) < 0) return NULL;
    result = PyBytes_FromStringAndSize(out.data ? out.data : "", (Py_ssize_t)out.len);
    PyMem_RawFree(out.data);
    return result;
}

/* text(k, fmt, first) -> (count, text): up to k solutions as text (fmt: 0 list, 1 letters, 2 json, 3 board). */
static PyObject *enumerator_text(Enumerator *self, PyObject *args) {
    Py_ssize_t k, found;
    int fmt, first;
    grow_t out = {NULL, 0, 0};
    PyObject *text;
    if (!PyArg_ParseTuple(args, "nip", &k, &fmt, &first)) return NULL;
    if (k < 0 || fmt < FMT_LIST || fmt > FMT_BOARD || (fmt == FMT_LETTERS && self->e.n > 26)
        || self->shape) { /* text only for n x n boards with n queens */
        PyErr_SetString(PyExc_ValueError, "bad batch size or format");
        return NULL;
    }
    if (!enumerator_claim(self)) return NULL;
    if (enumerator_batch(self, k, put_text, fmt, first, &out, &found) < 0) return NULL;
    text = PyUnicode_DecodeASCII(out.data ? out.data : "", (Py_ssize_t)out.len, NULL);
    PyMem_RawFree(out.data);
    if (!text) return NULL;
    return Py_BuildValue("(nN)", found, text);
}

static PyObject *enumerator_finished(Enumerator *self, PyObject *unused) {
    (void)unused;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the Enumerator is in use by another thread");
        return NULL;
    }
    if (self->shape) return PyBool_FromLong(self->walk->state == 2);
    return PyBool_FromLong(self->e.mirror ? self->e.done : self->e.search.state == 2);
}

static PyMethodDef enumerator_methods[] = {
    {"columns", (PyCFunction)enumerator_columns, METH_VARARGS,
     "columns(k) -> bytes: up to k more solutions, n native int32 columns each"},
    {"text", (PyCFunction)enumerator_text, METH_VARARGS,
     "text(k, fmt, first) -> (count, str): up to k more solutions as text lines"},
    {"finished", (PyCFunction)enumerator_finished, METH_NOARGS,
     "finished() -> bool: True when every solution has been returned"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EnumeratorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "queens.engines._kernel.Enumerator",
    .tp_basicsize = sizeof(Enumerator),
    .tp_dealloc = (destructor)enumerator_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Enumerator(allowed, group=1): a board's solutions in lexicographic order",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)enumerator_init,
    .tp_methods = enumerator_methods,
};

/* ---- local search for any N (Sosic & Gu's QS4 style) -------------------
 *
 * The algorithm is described in local.py, whose pure-Python fallback follows
 * the same steps; only the random number generator differs (here
 * xoshiro256** seeded through splitmix64, there Python's Mersenne Twister),
 * so a seed gives one placement with the kernel and another without it.
 *
 * local_fill(columns, seed, stop=None, knight=False) -> bool
 *   columns: a writable buffer of C ints (array('i')) of length n >= 4,
 *            overwritten with a solution (0-based columns);
 *   seed:    an integer 0 <= seed < 2**64;
 *   stop:    a stop flag as the counters take (a writable buffer whose first
 *            byte another thread sets): False when it was set, the columns
 *            then untouched;
 *   knight:  true for superqueens: knight moves attack too.  A queen's knight
 *            squares lie in the two rows on either side, so they are read off
 *            q[] itself; the queen rule's paths do not look at them at all.
 * The search runs without the GIL; now and then (LS_CHECK_WORK steps) it
 * looks at the flag and takes the GIL back for a moment to run the signal
 * handlers, so that Ctrl-C raises KeyboardInterrupt within a fraction of a second.
 * The helpers of this part carry the prefix ls_. */

/* Rows at the end of the greedy phase placed without looking (QS4's "c"). */
#define FREE_TAIL 32
/* Random partners tried for one attacked queen before moving on (at most 2n:
 * small boards have few partners, and their local minima need a restart). */
#define TRIES 64
/* Repair rounds without progress before starting over. */
#define MAX_STALE 3

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)(address))
#endif

typedef struct {
    uint64_t s[4];
} ls_Rng;

static uint64_t ls_splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void ls_rng_seed(ls_Rng *rng, uint64_t seed) {
    for (int k = 0; k < 4; k++) rng->s[k] = ls_splitmix64(&seed);
}

static inline uint64_t ls_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t ls_rng_next(ls_Rng *rng) {
    uint64_t *s = rng->s;
    uint64_t result = ls_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ls_rotl(s[3], 45);
    return result;
}

/* A number in [0, bound) for bound < 2**32 from a raw draw: multiply-shift. */
static inline int64_t ls_scale(uint64_t raw, int64_t bound) {
    return (int64_t)(((raw >> 32) * (uint64_t)bound) >> 32);
}

static inline int64_t ls_below(ls_Rng *rng, int64_t bound) { return ls_scale(ls_rng_next(rng), bound); }

/* Per diagonal: how many queens stand there (bytes, so that the random
 * probing of the greedy start touches as little memory as possible), and the
 * XOR of their rows: when exactly one queen stands there, that is its row, so
 * the queen a newcomer attacks is known without a scan and the repair phase
 * visits only attacked queens.  A count about to pass COUNT_MAX (never seen in
 * practice) makes the search start over rather than overflow. */
#define COUNT_MAX 250

typedef struct {
    int64_t n;
    int32_t *q;                 /* q[row] = column */
    uint8_t *up, *down;         /* queens on diagonal row + col, row - col + n - 1 */
    int32_t *up_rows, *down_rows; /* XOR of their rows */
    int64_t pairs;              /* attacking pairs along diagonals (columns are a permutation) */
    int32_t *todo;              /* rows that may be attacked, to visit in this round */
    int64_t todo_len;
    int32_t *next; /* rows to visit in the next round */
    int64_t next_len, cap;
    int failed;   /* out of memory */
    int overflow;    /* a diagonal count reached COUNT_MAX: start over */
    int interrupted; /* told to stop, or a signal handler raised (Ctrl-C): give up */
    stop_flag_t *stop;
    PyThreadState *thread; /* saved while the search runs without the GIL */
    int64_t work;          /* steps since the last look at the flag and the signals */
    int knight;            /* superqueens: knight moves count as attacks too */
    int64_t placed;        /* rows holding their final queen (the start fills them in order) */
} ls_State;

/* Steps (random probes) between two looks at the stop flag and the signal handlers: each
 * probe is a cache miss on huge boards, so this is some tens of milliseconds there. */
#define LS_CHECK_WORK (1 << 18)

/* Count `work` steps; now and then look at the stop flag and run the signal
 * handlers (with the GIL, briefly).  1 when the search must give up. */
static int ls_halt(ls_State *st, int64_t work) {
    int raised;
    st->work += work;
    if (st->work < LS_CHECK_WORK) return 0;
    st->work = 0;
    if (*st->stop) return st->interrupted = 1;
    PyEval_RestoreThread(st->thread);
    raised = PyErr_CheckSignals() != 0;
    st->thread = PyEval_SaveThread();
    return st->interrupted = raised;
}

static inline void ls_put(ls_State *st, int64_t row, int32_t col) {
    int64_t u = row + col, d = row - col + st->n - 1;
    st->pairs += st->up[u]++ + st->down[d]++;
    if (st->up[u] >= COUNT_MAX || st->down[d] >= COUNT_MAX) st->overflow = 1;
    st->up_rows[u] ^= (int32_t)row;
    st->down_rows[d] ^= (int32_t)row;
}

static inline void ls_take(ls_State *st, int64_t row, int32_t col) {
    int64_t u = row + col, d = row - col + st->n - 1;
    st->pairs -= --st->up[u] + --st->down[d];
    st->up_rows[u] ^= (int32_t)row;
    st->down_rows[d] ^= (int32_t)row;
}

/* Knight moves: the rows (among the placed ones) whose queen attacks row's by a knight's
 * jump, written to `rows` (up to 4); their number. */
static int ls_knights(const ls_State *st, int64_t row, int32_t *rows) {
    static const int64_t step[4] = {-2, -1, 1, 2};
    int32_t col = st->q[row];
    int found = 0;
    for (int k = 0; k < 4; k++) {
        int64_t other = row + step[k];
        int32_t gap = (other < row ? row - other : other - row) == 1 ? 2 : 1;
        if (other < 0 || other >= st->placed) continue;
        int32_t d = st->q[other] - col;
        if (d == gap || d == -gap) rows[found++] = (int32_t)other;
    }
    return found;
}

static inline int ls_knighted(const ls_State *st, int64_t row) {
    int32_t rows[4];
    return st->knight && ls_knights(st, row, rows) > 0;
}

static inline int ls_attacked(const ls_State *st, int64_t row) {
    int32_t col = st->q[row];
    return st->up[row + col] > 1 || st->down[row - col + st->n - 1] > 1 || ls_knighted(st, row);
}

static void ls_push(ls_State *st, int32_t row) {
    if (st->next_len == st->cap) {
        int64_t cap = st->cap * 2;
        if (cap > INT32_MAX) { /* never in practice: rows are pushed once per swap */
            st->failed = 1;
            return;
        }
        int32_t *a = realloc(st->todo, (size_t)cap * sizeof(int32_t));
        if (a == NULL) {
            st->failed = 1;
            return;
        }
        st->todo = a;
        int32_t *b = realloc(st->next, (size_t)cap * sizeof(int32_t));
        if (b == NULL) {
            st->failed = 1;
            return;
        }
        st->next = b;
        st->cap = cap;
    }
    st->next[st->next_len++] = row;
}

/* After a queen lands on (row, q[row]): remember it and the queens it now attacks. */
static void ls_note_diagonal(ls_State *st, uint8_t count, int32_t rows, int32_t row) {
    if (count > 1) ls_push(st, row);
    if (count == 2) ls_push(st, rows ^ row);
}

static void ls_note(ls_State *st, int64_t row) {
    int32_t col = st->q[row];
    int64_t u = row + col, d = row - col + st->n - 1;
    ls_note_diagonal(st, st->up[u], st->up_rows[u], (int32_t)row);
    ls_note_diagonal(st, st->down[d], st->down_rows[d], (int32_t)row);
    if (st->knight) {
        int32_t rows[4];
        int found = ls_knights(st, row, rows);
        if (found) ls_push(st, (int32_t)row);
        for (int k = 0; k < found; k++) ls_push(st, rows[k]);
    }
}

/* Knight pairs with a queen in row i or j (a pair of both counted once). */
static int64_t ls_knight_pairs(const ls_State *st, int64_t i, int64_t j) {
    int32_t rows[4];
    int64_t pairs = ls_knights(st, i, rows);
    int found = ls_knights(st, j, rows);
    for (int k = 0; k < found; k++) pairs += rows[k] != i;
    return pairs;
}

/* ls_try_swap for superqueens: the columns swap first, so that the knight pairs after
 * the swap can be read off q[]. */
static int ls_try_swap_knight(ls_State *st, int64_t i, int64_t j) {
    int32_t qi = st->q[i], qj = st->q[j];
    int64_t before = st->pairs, knights = ls_knight_pairs(st, i, j);
    ls_take(st, i, qi);
    ls_take(st, j, qj);
    ls_put(st, i, qj);
    ls_put(st, j, qi);
    st->q[i] = qj;
    st->q[j] = qi;
    st->pairs += ls_knight_pairs(st, i, j) - knights;
    if (st->pairs < before) {
        ls_note(st, i);
        ls_note(st, j);
        return 1;
    }
    st->q[i] = qi;
    st->q[j] = qj;
    ls_take(st, i, qj);
    ls_take(st, j, qi);
    ls_put(st, i, qi);
    ls_put(st, j, qj);
    st->pairs = before;
    return 0;
}

/* Swap the columns of rows i and j when that lowers the number of attacking pairs. */
static int ls_try_swap(ls_State *st, int64_t i, int64_t j) {
    if (st->knight) return ls_try_swap_knight(st, i, j);
    int32_t qi = st->q[i], qj = st->q[j];
    int64_t before = st->pairs;
    ls_take(st, i, qi);
    ls_take(st, j, qj);
    ls_put(st, i, qj);
    ls_put(st, j, qi);
    if (st->pairs < before) {
        st->q[i] = qj;
        st->q[j] = qi;
        ls_note(st, i);
        ls_note(st, j);
        return 1;
    }
    ls_take(st, i, qj);
    ls_take(st, j, qi);
    ls_put(st, i, qi);
    ls_put(st, j, qj);
    return 0;
}

/* Zero `size` bytes in pieces, looking at the flag and the signals between them: on a huge
 * board the first touch of hundreds of megabytes takes a noticeable time.  1 when halted. */
static int ls_zero(ls_State *st, void *memory, size_t size) {
    const size_t piece = (size_t)1 << 22;
    char *p = memory;
    while (size > 0) {
        size_t now = size < piece ? size : piece;
        memset(p, 0, now);
        p += now;
        size -= now;
        if (ls_halt(st, (int64_t)(now >> 6))) return 1;
    }
    return 0;
}

/* Greedy start: row by row, swap a random later row's column in (a
 * Fisher-Yates shuffle done lazily) until the queen stands on two empty
 * diagonals or n - i tries fail; the last FREE_TAIL rows take one draw. */
static void ls_start(ls_State *st, ls_Rng *rng) {
    int64_t n = st->n;
    int32_t *q = st->q;
    for (int64_t i = 0; i < n; i++) q[i] = (int32_t)i;
    size_t diagonals = (size_t)(2 * n - 1);
    if (ls_zero(st, st->up, diagonals) || ls_zero(st, st->down, diagonals)
        || ls_zero(st, st->up_rows, diagonals * sizeof(int32_t))
        || ls_zero(st, st->down_rows, diagonals * sizeof(int32_t))) {
        return;
    }
    st->overflow = 0;
    st->pairs = 0;
    st->todo_len = st->next_len = 0;
    st->placed = 0;
    int64_t greedy = n > FREE_TAIL ? n - FREE_TAIL : 0;
    /* Memory latency, not arithmetic, bounds this loop: draws are made two
     * ahead so that the row a later try will take, and then the diagonals of
     * its column, are already on their way to the cache (prefetches are only
     * hints; a row change shifts the target by at most one entry). */
    uint64_t ahead1 = ls_rng_next(rng), ahead2 = ls_rng_next(rng);
    for (int64_t i = 0; i < n; i++) {
        int64_t allowed = i < greedy ? n - i : 1, tries;
        for (tries = allowed; tries > 0; tries--) {
            int64_t j = i + ls_scale(ahead1, n - i);
            ahead1 = ahead2;
            ahead2 = ls_rng_next(rng);
            PREFETCH(&q[i + ls_scale(ahead2, n - i)]);
            int32_t next_col = q[i + ls_scale(ahead1, n - i)];
            PREFETCH(&st->up[i + next_col]);
            PREFETCH(&st->down[i - next_col + n - 1]);
            int32_t col = q[j];
            q[j] = q[i];
            q[i] = col;
            if (st->up[i + col] == 0 && st->down[i - col + n - 1] == 0 && !ls_knighted(st, i)) break;
        }
        ls_put(st, i, q[i]);
        if (st->knight) {
            int32_t rows[4];
            st->pairs += ls_knights(st, i, rows);
        }
        st->placed = i + 1;
        ls_note(st, i);
        /* Ctrl-C answers within a fraction of a second even for huge n. */
        if (ls_halt(st, allowed - tries + 1)) return;
    }
}

/* Repair, in rounds: give each row noted as possibly attacked up to TRIES
 * random partners, keeping a swap only when it lowers the attacking pairs;
 * rows still attacked wait for the next round.  Returns 1 when solved, 0
 * when stuck (no progress for MAX_STALE rounds) or out of memory. */
static int ls_repair(ls_State *st, ls_Rng *rng) {
    int64_t n = st->n;
    int64_t tries_max = n < TRIES / 2 ? 2 * n : TRIES;
    int stale = 0;
    while (st->pairs > 0 && !st->failed && !st->overflow) {
        int32_t *t = st->todo;
        st->todo = st->next;
        st->next = t;
        st->todo_len = st->next_len;
        st->next_len = 0;
        int64_t before = st->pairs;
        for (int64_t k = 0; k < st->todo_len && st->pairs > 0; k++) {
            int64_t i = st->todo[k];
            if (ls_halt(st, tries_max)) return 0;
            for (int64_t tries = 0; tries < tries_max && ls_attacked(st, i); tries++) {
                int64_t j = ls_below(rng, n);
                if (j != i) ls_try_swap(st, i, j);
            }
            if (ls_attacked(st, i)) ls_push(st, (int32_t)i);
        }
        stale = st->pairs < before ? 0 : stale + 1;
        if (stale >= MAX_STALE) return 0;
    }
    return st->pairs == 0 && !st->overflow;
}

/* The columns of local_fill: a writable array('i') (native 4-byte ints). */
static int read_local_columns(PyObject *obj, Py_buffer *view, int64_t *n) {
    const char *format;
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_FORMAT) < 0) return 0;
    format = view->format ? view->format : "B";
    if (*format == '@') format++;
    if (view->itemsize != (Py_ssize_t)sizeof(int32_t) || strcmp(format, sizeof(int) == 4 ? "i" : "l") != 0) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_TypeError, "columns must be an array('i')");
        return 0;
    }
    *n = (int64_t)(view->len / view->itemsize);
    if (*n < 4 || *n > INT32_MAX / 2) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "local search needs 4 <= n < 2**30");
        return 0;
    }
    return 1;
}

static void ls_free(ls_State *st) {
    free(st->q);
    free(st->up);
    free(st->down);
    free(st->up_rows);
    free(st->down_rows);
    free(st->todo);
    free(st->next);
}

/* The state's arrays for n rows (every size checked): 0 when out of memory. */
static int ls_alloc(ls_State *st, int64_t n) {
    size_t rows, diagonals, diagonal_rows, list;
    st->n = n;
    st->cap = 64;
    if (!size_product((size_t)n, sizeof(int32_t), &rows) || !size_product((size_t)n, 2, &diagonals)
        || !size_product(diagonals, sizeof(int32_t), &diagonal_rows)
        || !size_product((size_t)st->cap, sizeof(int32_t), &list)) {
        return 0;
    }
    st->q = malloc(rows);
    st->up = malloc(diagonals); /* 2n - 1 used */
    st->down = malloc(diagonals);
    st->up_rows = malloc(diagonal_rows);
    st->down_rows = malloc(diagonal_rows);
    st->todo = malloc(list);
    st->next = malloc(list);
    return st->q && st->up && st->down && st->up_rows && st->down_rows && st->todo && st->next;
}

/* Start and repair until solved, stuck for good (out of memory) or told to stop. */
static int ls_solve(ls_State *st, uint64_t seed) {
    ls_Rng rng;
    ls_rng_seed(&rng, seed);
    for (;;) {
        ls_start(st, &rng);
        if (st->interrupted) return 0;
        if (ls_repair(st, &rng)) return 1;
        if (st->failed || st->interrupted) return 0;
    }
}

static PyObject *py_local_fill(PyObject *self, PyObject *args) {
    PyObject *columns, *seed_obj, *stop_obj = NULL;
    Py_buffer view, stop_view;
    unsigned long long seed;
    int64_t n;
    int solved = 0, knight = 0;
    ls_State st = {0};
    (void)self;
    if (!PyArg_ParseTuple(args, "OO!|Op", &columns, &PyLong_Type, &seed_obj, &stop_obj, &knight)) {
        return NULL;
    }
    st.knight = knight;
    seed = PyLong_AsUnsignedLongLong(seed_obj); /* OverflowError outside 0 <= seed < 2**64 */
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    if (!read_local_columns(columns, &view, &n)) return NULL;
    if (!read_stop(stop_obj, &stop_view, &st.stop)) {
        PyBuffer_Release(&view);
        return NULL;
    }
    if (ls_alloc(&st, n)) {
        st.thread = PyEval_SaveThread();
        solved = ls_solve(&st, (uint64_t)seed);
        PyEval_RestoreThread(st.thread);
    } else {
        st.failed = 1;
    }
    if (solved) memcpy(view.buf, st.q, (size_t)n * sizeof(int32_t));
    ls_free(&st);
    PyBuffer_Release(&view);
    if (stop_view.obj) PyBuffer_Release(&stop_view);
    if (PyErr_Occurred()) return NULL; /* KeyboardInterrupt or another signal's exception */
    if (st.failed) return PyErr_NoMemory();
    return PyBool_FromLong(solved);
}

/* count_regions(n, cells, stop=None) -> int, or None when stopped: the solutions of the
 * region puzzle of an n x n grid, cells a bytes-like of n * n region numbers 0..n-1. */
static PyObject *py_count_regions(PyObject *self, PyObject *args) {
    PyObject *cells_obj, *stop_obj = NULL;
    Py_buffer cells, view;
    stop_flag_t *stop;
    int n, stopped = 0;
    Py_ssize_t i;
    uint64_t total;
    unsigned char grid[MAXN * MAXN];
    (void)self;
    if (!PyArg_ParseTuple(args, "iO|O", &n, &cells_obj, &stop_obj)) return NULL;
    if (n < 1 || n > MAXN) {
        PyErr_Format(PyExc_ValueError, "the kernel takes grids of 1..%d rows, got %d", MAXN, n);
        return NULL;
    }
    if (PyObject_GetBuffer(cells_obj, &cells, PyBUF_SIMPLE) < 0) return NULL;
    if (cells.len != (Py_ssize_t)n * n) {
        PyBuffer_Release(&cells);
        PyErr_Format(PyExc_ValueError, "cells must hold n * n = %d bytes, got %zd", n * n, cells.len);
        return NULL;
    }
    for (i = 0; i < cells.len; i++) {
        grid[i] = ((const unsigned char *)cells.buf)[i];
        if (grid[i] >= n) {
            PyBuffer_Release(&cells);
            PyErr_Format(PyExc_ValueError, "cell %zd is in region %d, past the %d regions", i, grid[i], n);
            return NULL;
        }
    }
    PyBuffer_Release(&cells);
    if (!read_stop(stop_obj, &view, &stop)) return NULL;
    Py_BEGIN_ALLOW_THREADS
    total = count_regions(n, grid, stop, &stopped);
    Py_END_ALLOW_THREADS
    if (view.obj) PyBuffer_Release(&view);
    if (stopped) Py_RETURN_NONE;
    return PyLong_FromUnsignedLongLong((unsigned long long)total);
}

static PyMethodDef kernel_methods[] = {
    {"count_masks", py_count_masks, METH_VARARGS,
     "count_masks(allowed, group=1, stop=None) -> (total, unique) for any board; None when the\n"
     "stop flag (a writable buffer, e.g. bytearray(1)) was set during the count"},
    {"count_symmetric", py_count_symmetric, METH_VARARGS,
     "count_symmetric(n, prefix=(), wide=False, stop=None) -> (total, unique) for the plain board,\n"
     "below a prefix (wide: 64-bit masks even for n <= 32, for tests); None when stopped"},
    {"simd", py_simd, METH_VARARGS,
     "simd(kind=None) -> str: the vector search of the symmetric counter in use ('avx512',\n"
     "'avx2', or '' for the plain loop), after choosing kind: a name, False (the plain loop) or\n"
     "True (the best this CPU has)"},
    {"count_shape", py_count_shape, METH_VARARGS,
     "count_shape(allowed, width, queens, required, group=1, stop=None) -> (total, unique, nodes):\n"
     "k queens on a board of any shape (required: a byte per row, non-zero where a queen must\n"
     "stand); nodes are the queens placed (0 with a group); None when stopped"},
    {"count_regions", py_count_regions, METH_VARARGS,
     "count_regions(n, cells, stop=None) -> int: the solutions of the region puzzle (one queen\n"
     "per row, column and region, none touching) of an n x n grid; None when stopped"},
    {"symmetric_prefixes", py_symmetric_prefixes, METH_VARARGS,
     "symmetric_prefixes(n, depth) -> list of column tuples: the sub-trees of that depth"},
    {"local_fill", py_local_fill, METH_VARARGS,
     "local_fill(columns, seed, stop=None, knight=False) -> bool: overwrite array('i') columns\n"
     "with a solution found by local search (knight: superqueens); False when the stop flag (as\n"
     "for count_masks) was set first"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "_kernel", "The compiled counting and enumeration kernel.", -1,
    kernel_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    PyObject *module;
    if (PyType_Ready(&EnumeratorType) < 0) return NULL;
    (void)use_simd(); /* look at the CPU once, before any thread counts */
    module = PyModule_Create(&kernel_module);
    if (!module) return NULL;
    Py_INCREF(&EnumeratorType);
    if (PyModule_AddObject(module, "Enumerator", (PyObject *)&EnumeratorType) < 0) {
        Py_DECREF(&EnumeratorType); /* not stolen on failure */
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "MAX_N", MAXN) < 0
        || PyModule_AddIntConstant(module, "SYMMETRIC_MIN_N", SYMMETRIC_MIN_N) < 0
        || PyModule_AddIntConstant(module, "MAX_ROWS", MAX_ROWS) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
