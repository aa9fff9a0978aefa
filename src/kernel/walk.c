/* walk.c: the images of a placement under the board's symmetries, the walk
 * over per-row masks that the plain counter, the enumerator and the prefix
 * generator share, and the plain counter of any n x n board (count_masks). */

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

