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
 *  - The search then fills the free rows between, row by row with bit
 *    masks, jumping the rows whose queen is already placed (the left and
 *    right columns' queens) and taking in the diagonals of the queens below
 *    (left, right and bottom queens) as they enter the board.  Where
 *    NQueensFAF writes one solver per pattern of such rows, this counter
 *    specialises one loop by a table per constellation: each free row's
 *    next free row, the shift that takes the diagonals there and the
 *    diagonals entering by it.  The loop keeps the rows above on its own
 *    stack (no call per node; measured 10 % faster than the recursive
 *    solvers at N = 16), enters a child only when the next free row still
 *    has a free column, and counts the last two free rows in place.
 *
 * Usage: constellations N   (prints the total for the empty N x N board; 5 <= N <= 31) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXN 32
#define PRESET 2 /* free rows placed to make sub-constellations */

/* The plan of one constellation: for each free row y, the next free row,
 * the shift that takes the diagonals there (1 + the rows jumped) and the
 * diagonals of the placed queens that enter the board by that next row. */
typedef struct {
    int first, last;
    uint32_t mask;
    int next[MAXN], shift[MAXN];
    uint32_t ld[MAXN], rd[MAXN];
} plan_t;

/* The placements of the free rows from row y on, given row y's free
 * columns A (iterative: the rows above on a stack). */
static uint64_t solve(const plan_t *p, int y, uint32_t L, uint32_t R, uint32_t C, uint32_t A) {
    uint32_t sa[MAXN], sl[MAXN], sr[MAXN], sc[MAXN];
    int sy[MAXN], top = 0;
    const uint32_t mask = p->mask;
    const int last = p->last;
    uint64_t found = 0;
    if (y == last) return A != 0;
    for (;;) {
        while (A) {
            const int ny = p->next[y], sh = p->shift[y];
            uint32_t bit = A & -A, l, r, c, avail;
            A ^= bit;
            c = C | bit;
            l = ((L | bit) << sh) | p->ld[y];
            r = ((R | bit) >> sh) | p->rd[y];
            avail = mask & ~(l | r | c);
            if (!avail) continue;
            if (ny == last) { found++; continue; }
            { /* look ahead to the free row after ny */
                const int sh2 = p->shift[ny];
                if (!(mask & ~((l << sh2) | p->ld[ny] | (r >> sh2) | p->rd[ny] | c))) continue;
                if (p->next[ny] == last) { /* count row ny's children in place */
                    uint32_t a = avail;
                    const uint32_t el = p->ld[ny], er = p->rd[ny];
                    do {
                        uint32_t b = a & -a;
                        a ^= b;
                        uint32_t attacked = ((l | b) << sh2) | el | ((r | b) >> sh2) | er;
                        found += (mask & ~(attacked | c | b)) != 0;
                    } while (a);
                    continue;
                }
            }
            sa[top] = A; sl[top] = L; sr[top] = R; sc[top] = C; sy[top] = y; top++;
            y = ny; L = l; R = r; C = c; A = avail;
        }
        if (top == 0) break;
        top--;
        A = sa[top]; L = sl[top]; R = sr[top]; C = sc[top]; y = sy[top];
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

/* The plan of the constellation of squares s, and the attacks on its first
 * free row.  A queen's left diagonal moves a column right a row down, its
 * right one a column left: those of the queens below the first free row
 * enter the board by a later row (by column 0 and column n - 1). */
static void plan(int n, const square_t *s, int count, plan_t *p, uint32_t *ld, uint32_t *rd,
                 uint32_t *col) {
    uint32_t enter_ld[MAXN] = {0}, enter_rd[MAXN] = {0};
    int taken[MAXN] = {0}, i, y, f, j;
    p->mask = (uint32_t)((1ull << n) - 1);
    *ld = *rd = *col = 0;
    for (i = 0; i < count; i++) taken[s[i].row] = 1;
    for (f = 1; f < n - 1 && taken[f]; f++) {}
    p->first = f;
    for (i = 0; i < count; i++) {
        int r = s[i].row, c = s[i].col, e;
        *col |= 1u << c;
        e = r - c;
        if (e <= f) {
            if (c + f - r < 32) *ld |= 1u << (c + f - r);
        } else if (e < n) {
            enter_ld[e] |= 1;
        }
        e = c + r - (n - 1);
        if (e <= f) {
            if (c + r - f >= 0) *rd |= 1u << (c + r - f);
        } else if (e < n) {
            enter_rd[e] |= 1u << (n - 1);
        }
    }
    p->last = f;
    for (y = f; y < n - 1; ) {
        int next;
        for (next = y + 1; next < n - 1 && taken[next]; next++) {}
        p->next[y] = next;
        p->shift[y] = next - y;
        p->ld[y] = p->rd[y] = 0;
        for (j = y + 1; j <= next && j < n; j++) {
            p->ld[y] |= enter_ld[j] << (next - j);
            p->rd[y] |= enter_rd[j] >> (next - j);
        }
        if (next < n - 1) p->last = next;
        y = next;
    }
}

/* Sub-constellations: the queens of the first `depth` free rows placed, each
 * sub-constellation then counted (as NQueensFAF's workers would). */
static uint64_t sub(const plan_t *p, int y, uint32_t ld, uint32_t rd, uint32_t col, int depth) {
    uint32_t avail = p->mask & ~(ld | rd | col);
    uint64_t found = 0;
    if (depth == 0 || y == p->last) return solve(p, y, ld, rd, col, avail);
    while (avail) {
        uint32_t bit = avail & -avail;
        int sh = p->shift[y];
        avail ^= bit;
        found += sub(p, p->next[y], ((ld | bit) << sh) | p->ld[y], ((rd | bit) >> sh) | p->rd[y],
                     col | bit, depth - 1);
    }
    return found;
}

/* How much the search of a constellation costs in an orientation (the least
 * is searched): first the bottom queen as near a corner as it goes, on the
 * right (the orientation NQueensFAF puts each start constellation in: the
 * diagonals of that queen enter the board late, or never), then the side
 * columns' queens as low as they go, where they cut the most branches.
 * Measured at N = 16 (CPU seconds, medians of 3, load 15): 1.80 s this way,
 * 2.18 s with the side queens' rule alone; a public C port of NQueensFAF's
 * solvers took 1.83 s in the same runs. */
static int cost(int n, const square_t *s, int count) {
    int q[4];
    int corner;
    border(n, s, count, q);
    corner = q[1] < n - 1 - q[1] ? q[1] : n - 1 - q[1];
    return corner * 4096 + (q[1] > n - 1 - q[1]) * 2048 - (q[2] + q[3]);
}

static uint64_t count_constellation(int n, const int q[4]) {
    square_t s[4], t[4], best[4];
    int count = squares(n, q, s), sym, i, lowest = 1 << 30;
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
    plan(n, best, count, &p, &ld, &rd, &col);
    return sub(&p, p.first, ld, rd, col, PRESET);
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
