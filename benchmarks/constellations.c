/* A constellations counter of the N-Queens problem, for side-by-side timing
 * (benchmarks/count.py): the method of NQueensFAF as its authors describe
 * it, written here from that description (not from its code), single-
 * threaded, plain C with scalar bit masks.
 *
 *  - Every solution has exactly one queen in each border line: the top and
 *    bottom rows, the left and right columns (a corner queen is in two of
 *    them).  Those up to four queens, placed first, are the solution's
 *    start constellation.
 *  - The 8 symmetries of the square map constellations onto constellations
 *    (and the solutions of one onto those of its image), so only one
 *    constellation of each class is searched, its count weighted by the
 *    size of its class (8, 4 or 2): no symmetry check on any solution.
 *  - Sub-constellations: the queens of the first PRESET free rows placed
 *    too, each sub-constellation a task of its own (NQueensFAF hands them to
 *    threads and GPUs; here they are counted one after another).
 *  - The search then fills the rows between, row by row with bit masks,
 *    jumping the rows whose queen is already placed (the left and right
 *    columns' queens), and taking in the diagonals of the queens below
 *    (left, right and bottom queens) when they enter the board.  Where
 *    NQueensFAF writes one solver per pattern of such rows, this counter
 *    cuts the free rows into runs with nothing special between them: inside
 *    a run each step is the plain one, and only the step out of a run's last
 *    row jumps rows and adds the entering diagonals (a table per run).
 *
 * Usage: constellations N   (prints the total for the empty N x N board; 5 <= N <= 31) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXN 32
#define PRESET 2 /* free rows placed to make sub-constellations */

typedef struct {
    int start, end;    /* the run's free rows */
    int shift;         /* rows from its end to the next run's start (1 + rows jumped) */
    uint32_t ld, rd;   /* the diagonals entering by the next run's start */
} run_t;

typedef struct {
    int n, runs, last; /* last: the last free row */
    uint32_t mask;
    run_t run[MAXN];
} plan_t;

/* The solutions below row `row` of run k (its attacks ld, rd, col).  A
 * child is entered only when its row has a free column; on the last free
 * row there is one column left, so the row before it counts its children
 * in place. */
static uint64_t solve(const plan_t *p, int k, int row, uint32_t ld, uint32_t rd, uint32_t col) {
    const run_t *r = &p->run[k];
    uint32_t avail = p->mask & ~(ld | rd | col);
    uint64_t found = 0;
    if (row == r->end) { /* the step out of the run */
        const int next = row + r->shift;
        if (k == p->runs - 1) return avail != 0; /* the last free row */
        while (avail) {
            uint32_t bit = avail & -avail, l, d, c;
            avail ^= bit;
            l = ((ld | bit) << r->shift) | r->ld;
            d = ((rd | bit) >> r->shift) | r->rd;
            c = col | bit;
            if (next == p->last) found += (p->mask & ~(l | d | c)) != 0;
            else if (p->mask & ~(l | d | c)) found += solve(p, k + 1, next, l, d, c);
        }
        return found;
    }
    if (row + 1 == p->last) {
        while (avail) {
            uint32_t bit = avail & -avail;
            avail ^= bit;
            found += (p->mask & ~(((ld | bit) << 1) | ((rd | bit) >> 1) | col | bit)) != 0;
        }
        return found;
    }
    while (avail) {
        uint32_t bit = avail & -avail, l = (ld | bit) << 1, d = (rd | bit) >> 1, c = col | bit;
        avail ^= bit;
        if (p->mask & ~(l | d | c)) found += solve(p, k, row + 1, l, d, c);
    }
    return found;
}

/* ---- constellations and their classes ---------------------------------- */

typedef struct { int row, col; } square_t;

/* The border queens of a constellation (top row's column, bottom row's
 * column, left column's row, right column's row) as squares, without
 * repeating a corner queen; their number. */
static int squares(int n, const int q[4], square_t out[4]) {
    square_t all[4] = {{0, q[0]}, {n - 1, q[1]}, {q[2], 0}, {q[3], n - 1}};
    int count = 0, i, j;
    for (i = 0; i < 4; i++) {
        for (j = 0; j < count && (out[j].row != all[i].row || out[j].col != all[i].col); j++) {}
        if (j == count) out[count++] = all[i];
    }
    return count;
}

/* The constellation of a set of squares (0: they are not one). */
static int border(int n, const square_t *s, int count, int q[4]) {
    int i, seen[4] = {0, 0, 0, 0};
    for (i = 0; i < count; i++) {
        if (s[i].row == 0) q[0] = s[i].col, seen[0]++;
        if (s[i].row == n - 1) q[1] = s[i].col, seen[1]++;
        if (s[i].col == 0) q[2] = s[i].row, seen[2]++;
        if (s[i].col == n - 1) q[3] = s[i].row, seen[3]++;
    }
    return seen[0] == 1 && seen[1] == 1 && seen[2] == 1 && seen[3] == 1;
}

static int attack(square_t a, square_t b) {
    return a.row == b.row || a.col == b.col || a.row - a.col == b.row - b.col
           || a.row + a.col == b.row + b.col;
}

static square_t transform(int n, int sym, square_t s) {
    int m = n - 1, r = s.row, c = s.col;
    square_t t;
    switch (sym) {
    case 0: t.row = r; t.col = c; break;
    case 1: t.row = c; t.col = m - r; break;
    case 2: t.row = m - r; t.col = m - c; break;
    case 3: t.row = m - c; t.col = r; break;
    case 4: t.row = r; t.col = m - c; break;
    case 5: t.row = m - r; t.col = c; break;
    case 6: t.row = c; t.col = r; break;
    default: t.row = m - c; t.col = m - r; break;
    }
    return t;
}

static int code(int n, const int q[4]) { return ((q[0] * n + q[1]) * n + q[2]) * n + q[3]; }

/* The class of constellation q: 0 when q is not its smallest member (by
 * code), else the number of its members. */
static int class_size(int n, const int q[4]) {
    int images[8], sym, count, k, size = 0, i;
    square_t s[4], t[4];
    count = squares(n, q, s);
    for (sym = 0; sym < 8; sym++) {
        int image[4];
        for (i = 0; i < count; i++) t[i] = transform(n, sym, s[i]);
        border(n, t, count, image);
        images[sym] = code(n, image);
        if (images[sym] < images[0]) return 0;
    }
    for (sym = 0; sym < 8; sym++) {
        for (k = 0; k < sym && images[k] != images[sym]; k++) {}
        size += k == sym;
    }
    return size;
}

/* ---- one constellation: its plan, sub-constellations and count ----------- */

/* The runs of free rows of the constellation of squares s, the first free
 * row and the attacks on it. */
static void plan(int n, const square_t *s, int count, plan_t *p, uint32_t *ld, uint32_t *rd,
                 uint32_t *col, int *first) {
    uint32_t enter_ld[MAXN] = {0}, enter_rd[MAXN] = {0};
    int taken[MAXN] = {0}, i, y, f, k = 0;
    p->n = n;
    p->mask = (uint32_t)((1ull << n) - 1);
    *ld = *rd = *col = 0;
    for (i = 0; i < count; i++) taken[s[i].row] = 1;
    for (f = 1; f < n - 1 && taken[f]; f++) {}
    *first = y = f;
    for (i = 0; i < count; i++) {
        int r = s[i].row, c = s[i].col, e;
        *col |= 1u << c;
        /* a queen's left diagonal moves a column right a row down; the right one left */
        e = r - c; /* the row where its left diagonal is on column 0 */
        if (e <= f) {
            if (c + f - r < 32) *ld |= 1u << (c + f - r);
        } else if (e < n) {
            enter_ld[e] |= 1;
        }
        e = c + r - (n - 1); /* the row where its right diagonal is on the last column */
        if (e <= f) {
            if (c + r - f >= 0) *rd |= 1u << (c + r - f);
        } else if (e < n) {
            enter_rd[e] |= 1u << (n - 1);
        }
    }
    /* rows a queen of row y never sees again are dropped: ld above bit n - 1 by the mask */
    while (y < n - 1) {
        int next, j;
        run_t *r = &p->run[k];
        r->start = y;
        for (;;) {
            for (next = y + 1; next < n - 1 && taken[next]; next++) {}
            if (next >= n - 1 || next != y + 1) break;
            if (enter_ld[next] || enter_rd[next]) break;
            y = next;
        }
        r->end = y;
        r->shift = next - y;
        r->ld = r->rd = 0;
        for (j = y + 1; j <= next && j < n; j++) {
            r->ld |= enter_ld[j] << (next - j);
            r->rd |= enter_rd[j] >> (next - j);
        }
        k++;
        y = next;
    }
    p->runs = k;
    p->last = k ? p->run[k - 1].end : 0;
}

/* Sub-constellations: the queens of the first `depth` free rows placed, each
 * sub-constellation then counted (as NQueensFAF's workers would). */
static uint64_t sub(const plan_t *p, int k, int row, uint32_t ld, uint32_t rd, uint32_t col,
                    int depth) {
    const run_t *r = &p->run[k];
    uint32_t avail = p->mask & ~(ld | rd | col);
    uint64_t found = 0;
    if (depth == 0 || (row == r->end && k == p->runs - 1)) return solve(p, k, row, ld, rd, col);
    while (avail) {
        uint32_t bit = avail & -avail, l, d, c = col | bit;
        int shift = row == r->end ? r->shift : 1, kk = row == r->end ? k + 1 : k;
        avail ^= bit;
        l = ((ld | bit) << shift) | (row == r->end ? r->ld : 0);
        d = ((rd | bit) >> shift) | (row == r->end ? r->rd : 0);
        found += sub(p, kk, row + shift, l, d, c, depth - 1);
    }
    return found;
}

/* How much the search of a constellation costs in an orientation (the least
 * is searched): the rows whose queens are placed (the left and right
 * columns') as far down as they go, where they cut the most branches
 * (measured at N = 16: 2.4 s of CPU this way, 3.3 s with those rows as high
 * as they go, 3.5 s in the class's first orientation; placing the top and
 * bottom queens' columns too changed nothing measurable). */
static int cost(int n, const square_t *s, int count) {
    int q[4];
    border(n, s, count, q);
    return -(q[2] + q[3]);
}

static uint64_t count_constellation(int n, const int q[4]) {
    square_t s[4], t[4], best[4];
    int count = squares(n, q, s), first, sym, i, lowest = 1 << 30;
    plan_t p;
    uint32_t ld, rd, col;
    for (sym = 0; sym < 8; sym++) {
        int c;
        for (i = 0; i < count; i++) t[i] = transform(n, sym, s[i]);
        c = cost(n, t, count);
        if (c < lowest) {
            lowest = c;
            for (i = 0; i < count; i++) best[i] = t[i];
        }
    }
    plan(n, best, count, &p, &ld, &rd, &col, &first);
    if (p.runs == 0) return 0; /* n < 5: never asked */
    return sub(&p, 0, first, ld, rd, col, PRESET);
}

int main(int argc, char **argv) {
    int n, q[4], i, j, count, ok;
    uint64_t total = 0;
    if (argc < 2) { fprintf(stderr, "usage: constellations N\n"); return 2; }
    n = atoi(argv[1]);
    if (n < 5 || n > 31) { fprintf(stderr, "constellations: N must be 5..31\n"); return 2; }
    for (q[0] = 0; q[0] < n; q[0]++)
        for (q[1] = 0; q[1] < n; q[1]++)
            for (q[2] = 0; q[2] < n; q[2]++)
                for (q[3] = 0; q[3] < n; q[3]++) {
                    square_t s[4];
                    int back[4], size;
                    count = squares(n, q, s);
                    /* one queen per border line, none attacking another */
                    if (!border(n, s, count, back) || code(n, back) != code(n, q)) continue;
                    for (ok = 1, i = 0; i < count; i++)
                        for (j = i + 1; j < count; j++) ok &= !attack(s[i], s[j]);
                    if (!ok || (size = class_size(n, q)) == 0) continue;
                    total += (uint64_t)size * count_constellation(n, q);
                }
    printf("%llu\n", (unsigned long long)total);
    return 0;
}
