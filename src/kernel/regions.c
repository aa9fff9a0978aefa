/* regions.c: the counter of the region puzzle.
 *
 * ---- the region puzzle ("Queens"): one queen per row, column and region --
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
        } else if (!walk_back(&y, &until_pause, stop, stopped)) {
            break;
        }
    }
    return total;
}


/* What the search of solve_regions knows at one level: the open columns of each row
 * (rows above the level: their queen's column), the rows whose queen is known (placed or
 * forced), and the columns and regions those queens take. */
struct region_rows {
    mask_t cand[MAXN];
    uint64_t fixed, used;
    mask_t taken;
};

/* Kuhn's augmenting path: a region for `side` (a row or column) among adj[side], moving
 * the regions' earlier partners along if need be; visited, the regions looked at. */
static int augment(int side, const uint64_t *adj, int *partner, uint64_t *visited) {
    uint64_t options = adj[side] & ~*visited;
    while (options) {
        int g = lowest_index(options & -options);
        options &= options - 1;
        *visited |= (uint64_t)1 << g;
        if (partner[g] < 0 || augment(partner[g], adj, partner, visited)) {
            partner[g] = side;
            return 1;
        }
    }
    return 0;
}

/* Whether the rows (then the columns) without a known queen can each have a different
 * region without one, every such side keeping a cell of its region (a perfect matching:
 * k regions within fewer than k lines fail it, as do k lines within fewer regions). */
static int regions_match(int n, const struct region_rows *s, mask_t (*cells_of)[MAXN], int from) {
    uint64_t row_adj[MAXN], col_adj[MAXN], open_regions = full_mask(n) & ~s->used;
    int partner[MAXN], r, c, g;
    for (c = 0; c < n; c++) col_adj[c] = 0;
    for (r = from; r < n; r++) {
        uint64_t left = open_regions;
        row_adj[r] = 0;
        if (s->fixed >> r & 1) continue;
        while (left) {
            mask_t here;
            g = lowest_index(left & -left);
            left &= left - 1;
            here = s->cand[r] & cells_of[g][r];
            if (!here) continue;
            row_adj[r] |= (uint64_t)1 << g;
            while (here) {
                col_adj[lowest_index(here & -here)] |= (uint64_t)1 << g;
                here &= here - 1;
            }
        }
    }
    for (g = 0; g < n; g++) partner[g] = -1;
    for (r = from; r < n; r++) {
        uint64_t visited = 0;
        if (!(s->fixed >> r & 1) && !augment(r, row_adj, partner, &visited)) return 0;
    }
    for (g = 0; g < n; g++) partner[g] = -1;
    for (c = 0; c < n; c++) {
        uint64_t visited = 0;
        if (!(s->taken >> c & 1) && !augment(c, col_adj, partner, &visited)) return 0;
    }
    return 1;
}

/* A queen at (r, c) known to be in every solution below this level: its column, region and
 * touching cells leave the other rows (a row left with no cell then fails the next check). */
static void fix_queen(int n, struct region_rows *s, mask_t (*cells_of)[MAXN],
                      const unsigned char *cells, int from, int r, int c) {
    const mask_t bit = (mask_t)1 << c, near = bit | (bit << 1) | (bit >> 1);
    const int g = cells[r * n + c];
    int k;
    s->fixed |= (uint64_t)1 << r;
    s->used |= (uint64_t)1 << g;
    s->taken |= bit;
    for (k = from; k < n; k++) {
        if (k == r) continue;
        s->cand[k] &= ~(bit | cells_of[g][k]);
        if (k == r - 1 || k == r + 1) s->cand[k] &= ~near;
    }
    s->cand[r] = bit;
}

/* Propagate over rows from..n-1 until nothing changes: a row, column or region with one
 * open cell left has its queen there; 0 when a row, column or region has none.  Only
 * cells in no solution are cleared, so the search finds the same solutions in the same
 * order, with fewer dead ends. */
static int settle_regions(int n, struct region_rows *s, mask_t (*cells_of)[MAXN],
                          const unsigned char *cells, int from) {
    const mask_t full = full_mask(n);
    int changed = 1, r, g;
    while (changed) {
        mask_t once = 0, twice = 0, lone;
        uint64_t open_regions;
        changed = 0;
        for (r = from; r < n; r++) {
            mask_t m = s->cand[r];
            if (!m) return 0;
            if (s->fixed >> r & 1) continue;
            if (!(m & (m - 1))) {
                fix_queen(n, s, cells_of, cells, from, r, lowest_index(m));
                changed = 1;
                continue;
            }
            twice |= once & m;
            once |= m;
        }
        if (changed) continue;
        /* columns: every column without a queen keeps a cell; one with one cell takes it */
        if ((full & ~s->taken) & ~once) return 0;
        lone = (full & ~s->taken) & once & ~twice;
        if (lone) {
            int c = lowest_index(lone & -lone);
            for (r = from; r < n; r++)
                if (!(s->fixed >> r & 1) && (s->cand[r] >> c & 1)) break;
            fix_queen(n, s, cells_of, cells, from, r, c);
            changed = 1;
            continue;
        }
        /* regions: the same */
        open_regions = full_mask(n) & ~s->used;
        while (open_regions) {
            int count = 0, at_r = 0;
            mask_t at = 0;
            g = lowest_index(open_regions & -open_regions);
            open_regions &= open_regions - 1;
            for (r = from; r < n && count < 2; r++) {
                mask_t here;
                if (s->fixed >> r & 1) continue;
                here = s->cand[r] & cells_of[g][r];
                if (here) {
                    count += popcount(here);
                    at = here;
                    at_r = r;
                }
            }
            if (count == 0) return 0;
            if (count == 1) {
                fix_queen(n, s, cells_of, cells, from, at_r, lowest_index(at));
                changed = 1;
                break;
            }
        }
    }
    return regions_match(n, s, cells_of, from);
}

/* The region puzzle with cells that hold no queen (a region number of n or more: the
 * cells of no region yet, while a generator grows the regions), counted up to `limit`
 * solutions (0: all), the first two found kept in first and second (a column a row).
 * Row by row, columns in order; after each queen, settle_regions propagates over the rows
 * below.  It clears only cells in no solution, so the solutions come in the order of a
 * plain row-by-row search (the generator's choices, and so its grids, rest on that
 * order), with far fewer dead ends. */
static uint64_t solve_regions(int n, const unsigned char *cells, uint64_t limit, int *first,
                              int *second, stop_flag_t *stop, int *stopped) {
    struct region_rows level[MAXN + 1];
    mask_t rem[MAXN];
    mask_t cells_of[MAXN][MAXN]; /* cells_of[g][r]: region g's cells in row r */
    uint64_t total = 0;
    int col_of[MAXN], y, c, g;
    long until_pause = STOP_CHECK_PERIOD;
    for (g = 0; g < n; g++)
        for (y = 0; y < n; y++) cells_of[g][y] = 0;
    level[0].fixed = level[0].used = 0;
    level[0].taken = 0;
    for (y = 0; y < n; y++) {
        level[0].cand[y] = 0;
        for (c = 0; c < n; c++) {
            g = cells[y * n + c];
            if (g >= n) continue;
            cells_of[g][y] |= (mask_t)1 << c;
            level[0].cand[y] |= (mask_t)1 << c;
        }
    }
    if (!settle_regions(n, &level[0], cells_of, cells, 0)) return 0;
    y = 0;
    rem[0] = level[0].cand[0];
    for (;;) {
        mask_t free = rem[y];
        if (free) {
            mask_t bit = free & -free;
            struct region_rows *next = &level[y + 1];
            c = lowest_index(bit);
            rem[y] = free ^ bit;
            col_of[y] = c;
            if (y == n - 1) {
                total++;
                if (total <= 2) memcpy(total == 1 ? first : second, col_of, sizeof(int) * n);
                if (limit && total >= limit) break;
                continue;
            }
            memcpy(next->cand + y + 1, level[y].cand + y + 1, sizeof(mask_t) * (n - y - 1));
            next->fixed = level[y].fixed & ~(((uint64_t)1 << (y + 1)) - 1);
            next->used = level[y].used;
            next->taken = level[y].taken;
            if (!(level[y].fixed >> y & 1)) {
                g = cells[y * n + c];
                next->used |= (uint64_t)1 << g;
                next->taken |= bit;
                for (int k = y + 1; k < n; k++) next->cand[k] &= ~(bit | cells_of[g][k]);
            }
            next->cand[y + 1] &= ~(bit | (bit << 1) | (bit >> 1));
            if (!settle_regions(n, next, cells_of, cells, y + 1)) continue;
            y++;
            rem[y] = next->cand[y];
        } else if (y == 0) {
            break;
        } else {
            y--;
            if (stop_now(&until_pause, stop, stopped)) break;
        }
    }
    return total;
}
