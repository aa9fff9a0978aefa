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


/* Whether every region without a queen (not in `regions`) keeps an open cell below row
 * y, in a column not `taken`, not touching the queen `bit` of row y; and every column
 * not taken, such a cell of a region without a queen. */
static int regions_reachable(int n, int y, mask_t (*cells_of)[MAXN], mask_t (*below)[MAXN],
                             uint64_t regions, mask_t taken, mask_t bit) {
    const mask_t next_row = ~(taken | bit | (bit << 1) | (bit >> 1));
    uint64_t open_regions = full_mask(n) & ~regions;
    mask_t reachable = 0; /* the columns with an open cell below */
    while (open_regions) {
        int g = lowest_index(open_regions & -open_regions);
        open_regions &= open_regions - 1;
        mask_t here = (cells_of[g][y + 1] & next_row) | (y + 2 < n ? below[g][y + 2] & ~taken : 0);
        if (!here) return 0;
        reachable |= here;
    }
    return (full_mask(n) & ~taken & ~reachable) == 0;
}

/* The region puzzle with cells that hold no queen (a region number of n or more: the
 * cells of no region yet, while a generator grows the regions), counted up to `limit`
 * solutions (0: all), the first two found kept in first and second (a column a row).
 * Row by row as count_regions, and besides, once row y has its queen: a region or column
 * whose last open cell is in row y must have its queen, and every region without one
 * must keep an open cell below (in a free column, not touching row y's queen). */
static uint64_t solve_regions(int n, const unsigned char *cells, uint64_t limit, int *first,
                              int *second, stop_flag_t *stop, int *stopped) {
    mask_t rem[MAXN], cols[MAXN], near[MAXN], open[MAXN], col_due[MAXN];
    uint64_t used[MAXN], region_due[MAXN], seen_regions = 0, total = 0;
    int col_of[MAXN], y, c;
    mask_t cells_of[MAXN][MAXN]; /* cells_of[g][r]: region g's open columns in row r */
    mask_t below[MAXN][MAXN];    /* below[g][r]: region g's open columns in rows r.. */
    long until_pause = STOP_CHECK_PERIOD;
    const mask_t full = full_mask(n);
    mask_t seen_cols = 0;
    for (y = n - 1; y >= 0; y--) { /* bottom up: a region's or column's first sight is its last row */
        open[y] = col_due[y] = 0;
        region_due[y] = 0;
        for (c = 0; c < n; c++) {
            int g = cells[y * n + c];
            if (g >= n) continue;
            open[y] |= (mask_t)1 << c;
            if (!(seen_regions >> g & 1)) region_due[y] |= (uint64_t)1 << g;
            seen_regions |= (uint64_t)1 << g;
        }
        col_due[y] = open[y] & ~seen_cols;
        seen_cols |= open[y];
    }
    if (seen_cols != full || seen_regions != full_mask(n)) return 0; /* a unit with no open cell */
    for (c = 0; c < n; c++) { /* c: a region here */
        for (y = 0; y < n; y++) cells_of[c][y] = 0;
    }
    for (y = 0; y < n; y++)
        for (c = 0; c < n; c++)
            if (cells[y * n + c] < n) cells_of[cells[y * n + c]][y] |= (mask_t)1 << c;
    for (c = 0; c < n; c++) {
        below[c][n - 1] = cells_of[c][n - 1];
        for (y = n - 2; y >= 0; y--) below[c][y] = below[c][y + 1] | cells_of[c][y];
    }
    y = 0;
    cols[0] = near[0] = 0;
    used[0] = 0;
    rem[0] = open[0];
    for (;;) {
        mask_t free = rem[y];
        if (free) {
            mask_t bit = free & -free, taken;
            int g;
            uint64_t regions;
            c = lowest_index(bit);
            rem[y] = free ^ bit;
            g = cells[y * n + c];
            if (used[y] >> g & 1) continue;
            regions = used[y] | (uint64_t)1 << g;
            taken = cols[y] | bit;
            if ((region_due[y] & ~regions) || (col_due[y] & ~taken)) continue;
            if (y < n - 1 && !regions_reachable(n, y, cells_of, below, regions, taken, bit)) continue;

            col_of[y] = c;
            if (y == n - 1) {
                total++;
                if (total <= 2) memcpy(total == 1 ? first : second, col_of, sizeof(int) * n);
                if (limit && total >= limit) break;
                continue;
            }
            cols[y + 1] = taken;
            near[y + 1] = (bit | (bit << 1) | (bit >> 1)) & full;
            used[y + 1] = regions;
            y++;
            rem[y] = open[y] & ~(cols[y] | near[y]);
        } else if (y == 0) {
            break;
        } else {
            y--;
            if (stop_now(&until_pause, stop, stopped)) break;
        }
    }
    return total;
}
