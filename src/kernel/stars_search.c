/* stars_search.c: the propagating search of Star Battle with k stars per row,
 * column and region, none touching (king moves).  The solver and uniqueness
 * check of queens.puzzle.solve and of the generator (stars.c's row-by-row
 * counter is the second engine that checks it).
 *
 * A node is the cells still open (a column mask a row), the stars placed and
 * each unit's stars (units: the n rows, then the n columns, then the n
 * regions).  A star struck its king neighbourhood from the open cells, and a
 * unit that has its k stars all its other cells.  Before branching a node is
 * propagated to a fixed point:
 *  - a unit with fewer open cells than stars still to place is a dead end,
 *    one with exactly as many gets them all;
 *  - a unit's open cells must have room for its stars, none touching: a line
 *    holds at most the spread of its open cells (no two adjacent), a band of
 *    two neighbouring rows (or columns) no two stars in the same or
 *    neighbouring columns, so at most the spread of the columns open in
 *    either row, and a region at most the sum over its bands of two rows
 *    (and of two columns: the smaller bound counts);
 *  - a window of consecutive rows (or columns) must hold the stars its lines
 *    still need, among them those of every region whose open cells all lie
 *    inside it (k regions within k rows): more is a dead end, exactly as many
 *    strikes the window's other cells.
 * Then it branches on the first open cell of the most constrained unit (the
 * fewest open cells beyond the stars it needs): the star there first, then
 * the same node without that cell.  The explicit stack holds one node a
 * level; every level has fewer open cells than the one below it, so n * n + 1
 * levels suffice.  The count stops at `limit` solutions (2: is it unique?),
 * or gives up after `budget` nodes (0: none), its nodes then budget + 1: a
 * count of steps, not of time, so a grid gets the same answer on every
 * machine; the stop flag is looked at every STARS_STOP_PERIOD nodes (well
 * under a millisecond apart). */

#define STARS_SEARCH_MAXN 32
#define STARS_HOLE 255 /* a cell in no region, where no star stands (a grid being made) */
#define STARS_STOP_PERIOD 256

typedef struct {
    mask_t open[STARS_SEARCH_MAXN];  /* cells a star may still take, a column mask a row */
    mask_t stars[STARS_SEARCH_MAXN]; /* stars placed, a column mask a row */
    unsigned char held[3 * STARS_SEARCH_MAXN]; /* stars in each row, column and region */
    int placed;
} star_node_t;

typedef struct {
    int n, k;
    const unsigned char *cells;
    int star; /* a cell (r * n + c) that must hold a star, or -1 */
    mask_t region_rows[STARS_SEARCH_MAXN][STARS_SEARCH_MAXN]; /* [g][r]: g's columns in row r */
    mask_t region_cols[STARS_SEARCH_MAXN][STARS_SEARCH_MAXN]; /* [g][c]: g's rows in column c */
    int top[STARS_SEARCH_MAXN], bottom[STARS_SEARCH_MAXN];     /* g's first and last rows */
    mask_t first[STARS_SEARCH_MAXN], last[STARS_SEARCH_MAXN];  /* solutions, as in stars_t */
    int found_first;
    uint64_t nodes;
    uint64_t budget; /* nodes to propagate before giving up (0: no end); nodes > budget: gave up */
    int root_open; /* open cells left when the first node is propagated (-1: a dead end) */
    star_node_t *stack; /* n * n + 2 nodes */
} star_search_t;

/* The stars that fit in the open cells `rows[0..count)` of some unit, none touching, at
 * most: bands of two rows, each holding at most the spread of its columns. */
static int stars_room(const mask_t *rows, int count) {
    int room = 0, r;
    for (r = 0; r < count; r += 2) room += spread_columns(rows[r] | (r + 1 < count ? rows[r + 1] : 0));
    return room;
}

static void star_search_init(star_search_t *s) {
    int n = s->n, r, c, g;
    memset(s->region_rows, 0, sizeof s->region_rows);
    memset(s->region_cols, 0, sizeof s->region_cols);
    for (g = 0; g < n; g++) {
        s->top[g] = n;
        s->bottom[g] = -1;
    }
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++) {
            g = s->cells[r * n + c];
            if (g == STARS_HOLE) continue;
            s->region_rows[g][r] |= (mask_t)1 << c;
            s->region_cols[g][c] |= (mask_t)1 << r;
            if (r < s->top[g]) s->top[g] = r;
            s->bottom[g] = r;
        }
}

/* A star at (r, c): its neighbours and every unit it fills lose their open cells. */
static void star_place(const star_search_t *s, star_node_t *x, int r, int c) {
    const int n = s->n, k = s->k, g = s->cells[r * n + c];
    const mask_t bit = (mask_t)1 << c, near = bit | (bit << 1) | (bit >> 1);
    int i;
    x->stars[r] |= bit;
    x->placed++;
    if (r > 0) x->open[r - 1] &= ~near;
    x->open[r] &= ~near;
    if (r + 1 < n) x->open[r + 1] &= ~near;
    if (++x->held[r] == k) x->open[r] = 0;
    if (++x->held[n + c] == k)
        for (i = 0; i < n; i++) x->open[i] &= ~bit;
    if (++x->held[2 * n + g] == k)
        for (i = s->top[g]; i <= s->bottom[g]; i++) x->open[i] &= ~s->region_rows[g][i];
}

/* Stars on every cell of `cells` (a column mask a row, rows top..bottom), which must all be
 * open still (placing one strikes its neighbours): 0 when two of them touch. */
static int star_place_all(const star_search_t *s, star_node_t *x, const mask_t *cells, int top,
                          int bottom) {
    int r;
    for (r = top; r <= bottom; r++) {
        mask_t left = cells[r];
        while (left) {
            mask_t bit = left & -left;
            if (!(x->open[r] & bit)) return 0;
            star_place(s, x, r, lowest_index(bit));
            left ^= bit;
        }
    }
    return 1;
}

/* The transpose of `rows` (n masks of n bits): out[c] bit r set when rows[r] bit c is. */
static void star_transpose(const mask_t *rows, int n, mask_t *out) {
    int r;
    memset(out, 0, sizeof(mask_t) * (size_t)n);
    for (r = 0; r < n; r++) {
        mask_t left = rows[r];
        while (left) {
            mask_t bit = left & -left;
            out[lowest_index(bit)] |= (mask_t)1 << r;
            left ^= bit;
        }
    }
}

/* Strike the open cells of the regions `members` (a bit a region) that lie in lines a..b
 * (inside) or outside them, lines being rows, or columns when `columns`; whether any was. */
static int star_strike(const star_search_t *s, star_node_t *x, uint64_t members, int a, int b,
                       int columns, int inside) {
    const int n = s->n;
    const mask_t span = columns ? full_mask(b + 1) & ~full_mask(a) : 0;
    int r, g, struck = 0;
    for (r = 0; r < n; r++) {
        mask_t cells = 0;
        int in_rows = r >= a && r <= b;
        if (!x->open[r]) continue;
        for (g = 0; g < n; g++)
            if (members >> g & 1) cells |= s->region_rows[g][r];
        if (columns)
            cells &= inside ? span : ~span;
        else if (in_rows != inside)
            continue;
        if (x->open[r] & cells) {
            x->open[r] &= ~cells;
            struck = 1;
        }
    }
    return struck;
}

/* k units within k lines, lines being rows (`open` as it is) or columns (`open`
 * transposed).  For each window of lines a..b, the stars its lines still need against the
 * regions: those whose open cells all lie inside it (lo[g]..hi[g], in lines) put all theirs
 * there, and only those with open cells inside (touch[line]: a bit a region) can put any.
 * Too many or too few is a dead end (-1); exactly as many of the first strikes the window's
 * other cells, of the second the touching regions' cells outside it (1); else 0. */
static int star_windows(const star_search_t *s, star_node_t *x, const mask_t *open, int columns,
                        const int *lo, const int *hi, const int *need) {
    const int n = s->n;
    uint64_t touch[STARS_SEARCH_MAXN];
    int a, b, g, r;
    for (r = 0; r < n; r++) {
        mask_t left = open[r];
        touch[r] = 0;
        while (left) {
            mask_t bit = left & -left;
            int c = lowest_index(bit);
            touch[r] |= (uint64_t)1 << s->cells[columns ? c * n + r : r * n + c];
            left ^= bit;
        }
    }
    for (a = 0; a < n; a++) {
        int lines_need = 0;
        uint64_t touching = 0;
        for (b = a; b < n; b++) {
            int inside = 0, reachable = 0;
            uint64_t members = 0;
            lines_need += s->k - x->held[(columns ? n : 0) + b];
            touching |= touch[b];
            for (g = 0; g < n; g++) {
                if (!need[g]) continue;
                if (touching >> g & 1) reachable += need[g];
                if (lo[g] >= a && hi[g] <= b) {
                    inside += need[g];
                    members |= (uint64_t)1 << g;
                }
            }
            if (inside > lines_need || reachable < lines_need) return -1;
            if (inside == lines_need && members != touching &&
                star_strike(s, x, touching & ~members, a, b, columns, 1))
                return 1;
            if (reachable == lines_need && touching && star_strike(s, x, touching, a, b, columns, 0))
                return 1;
        }
    }
    return 0;
}

/* Propagate node x to a fixed point: -1 a dead end, 0 solved, 1 to branch on (*row, *col). */
static int star_propagate(const star_search_t *s, star_node_t *x, int *row, int *col) {
    const int n = s->n, k = s->k;
    for (;;) {
        mask_t columns[STARS_SEARCH_MAXN], part[STARS_SEARCH_MAXN];
        int lo[STARS_SEARCH_MAXN], hi[STARS_SEARCH_MAXN], left[STARS_SEARCH_MAXN],
            right[STARS_SEARCH_MAXN], need[STARS_SEARCH_MAXN];
        int best_slack = 1 << 30, best_size = 1 << 30, best_unit = -1, r, c, g, u, changed;
        if (x->placed == n * k) return 0;
        /* rows */
        for (r = 0; r < n; r++) {
            int want = k - x->held[r], size;
            if (!want) continue;
            size = popcount(x->open[r]);
            if (size < want) return -1;
            if (size == want) {
                mask_t cells[STARS_SEARCH_MAXN];
                cells[r] = x->open[r];
                if (!star_place_all(s, x, cells, r, r)) return -1;
                break;
            }
            if (spread_columns(x->open[r]) < want) return -1;
            if (size - want < best_slack || (size - want == best_slack && size < best_size)) {
                best_slack = size - want;
                best_size = size;
                best_unit = r;
            }
        }
        if (r < n) continue;
        /* columns */
        star_transpose(x->open, n, columns);
        for (c = 0; c < n; c++) {
            int want = k - x->held[n + c], size;
            if (!want) continue;
            size = popcount(columns[c]);
            if (size < want) return -1;
            if (size == want) {
                mask_t cells[STARS_SEARCH_MAXN];
                for (r = 0; r < n; r++) cells[r] = (columns[c] >> r & 1) << c;
                if (!star_place_all(s, x, cells, 0, n - 1)) return -1;
                break;
            }
            if (spread_columns(columns[c]) < want) return -1;
            if (size - want < best_slack || (size - want == best_slack && size < best_size)) {
                best_slack = size - want;
                best_size = size;
                best_unit = n + c;
            }
        }
        if (c < n) continue;
        /* bands of two rows, two columns */
        for (r = 0; r + 1 < n; r++) {
            int want = 2 * k - x->held[r] - x->held[r + 1];
            if (want > 0 && spread_columns(x->open[r] | x->open[r + 1]) < want) return -1;
            want = 2 * k - x->held[n + r] - x->held[n + r + 1];
            if (want > 0 && spread_columns(columns[r] | columns[r + 1]) < want) return -1;
        }
        /* regions */
        changed = 0;
        for (g = 0; g < n; g++) {
            int want = k - x->held[2 * n + g], size = 0, first = -1, last = -1, room;
            need[g] = want;
            if (!want) continue;
            for (r = s->top[g]; r <= s->bottom[g]; r++) {
                part[r] = x->open[r] & s->region_rows[g][r];
                if (part[r]) {
                    size += popcount(part[r]);
                    if (first < 0) first = r;
                    last = r;
                }
            }
            if (size < want) return -1;
            if (size == want) {
                if (!star_place_all(s, x, part, first, last)) return -1;
                changed = 1;
                break;
            }
            lo[g] = first;
            hi[g] = last;
            room = stars_room(part + first, last - first + 1);
            if (room < want) return -1;
            {
                /* the same by columns */
                mask_t by_column[STARS_SEARCH_MAXN];
                int a = n, b = -1;
                for (c = 0; c < n; c++) {
                    by_column[c] = columns[c] & s->region_cols[g][c];
                    if (by_column[c]) {
                        if (a == n) a = c;
                        b = c;
                    }
                }
                left[g] = a;
                right[g] = b;
                if (stars_room(by_column + a, b - a + 1) < want) return -1;
            }
            if (size - want < best_slack || (size - want == best_slack && size < best_size)) {
                best_slack = size - want;
                best_size = size;
                best_unit = 2 * n + g;
            }
        }
        if (changed) continue;
        /* k regions within k rows, and within k columns */
        u = star_windows(s, x, x->open, 0, lo, hi, need);
        if (u < 0) return -1;
        if (u > 0) continue;
        u = star_windows(s, x, columns, 1, left, right, need);
        if (u < 0) return -1;
        if (u > 0) continue;
        if (best_unit < 0) return -1; /* stars still to place, and no unit wants them */
        /* branch on the unit's first open cell */
        if (best_unit < n) {
            *row = best_unit;
            *col = lowest_index(x->open[best_unit]);
        } else if (best_unit < 2 * n) {
            c = best_unit - n;
            *row = lowest_index(columns[c]);
            *col = c;
        } else {
            g = best_unit - 2 * n;
            for (r = s->top[g]; !(x->open[r] & s->region_rows[g][r]); r++) continue;
            *row = r;
            *col = lowest_index(x->open[r] & s->region_rows[g][r]);
        }
        return 1;
    }
}

static int star_open_cells(const star_node_t *x, int n) {
    int r, open = 0;
    for (r = 0; r < n; r++) open += popcount(x->open[r]);
    return open;
}

/* The solutions, up to `limit` (0: all); s->first and s->last the first and last found. */
static uint64_t stars_search(star_search_t *s, uint64_t limit, stop_flag_t *stop, int *stopped) {
    const int n = s->n;
    star_node_t *stack = s->stack;
    uint64_t total = 0;
    int depth = 0, until_pause = STARS_STOP_PERIOD;
    star_search_init(s);
    memset(&stack[0], 0, sizeof stack[0]);
    {
        int r, c;
        for (r = 0; r < n; r++)
            for (c = 0; c < n; c++)
                if (s->cells[r * n + c] != STARS_HOLE) stack[0].open[r] |= (mask_t)1 << c;
        if (s->star >= 0) star_place(s, &stack[0], s->star / n, s->star % n);
    }
    s->found_first = 0;
    s->nodes = 0;
    s->root_open = -1;
    while (depth >= 0) {
        star_node_t *x = &stack[depth];
        int r = 0, c = 0, outcome;
        if (--until_pause == 0) {
            if (*stop) {
                *stopped = 1;
                break;
            }
            until_pause = STARS_STOP_PERIOD;
        }
        if (++s->nodes > s->budget && s->budget) break;
        outcome = star_propagate(s, x, &r, &c);
        if (s->nodes == 1) s->root_open = outcome < 0 ? -1 : star_open_cells(x, n);
        if (outcome < 0) {
            depth--;
            continue;
        }
        if (outcome == 0) {
            if (!s->found_first) {
                memcpy(s->first, x->stars, sizeof(mask_t) * (size_t)n);
                s->found_first = 1;
            }
            memcpy(s->last, x->stars, sizeof(mask_t) * (size_t)n);
            if (++total == limit) break;
            depth--;
            continue;
        }
        /* the star at (r, c) one level up, explored first; this level goes on without it */
        stack[depth + 1] = *x;
        x->open[r] &= ~((mask_t)1 << c);
        star_place(s, &stack[depth + 1], r, c);
        depth++;
    }
    return total;
}
