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
        } else if (y == 0) {
            break;
        } else {
            y--;
            if (stop_now(&until_pause, stop, stopped)) break;
        }
    }
    return total;
}


/* The region puzzle with cells that hold no queen (a region number of n or more: the
 * cells of no region yet, while a generator grows the regions), counted up to `limit`
 * solutions (0: all), the first two found kept in first and second (a column a row).
 * Row by row as count_regions, and besides, once row y has its queen: the regions (and
 * columns) whose open cells all lie in rows up to y + j, short of their queen, are j at
 * most (rows y+1..y+j hold j queens). */
static uint64_t solve_regions(int n, const unsigned char *cells, uint64_t limit, int *first,
                              int *second, stop_flag_t *stop, int *stopped) {
    mask_t rem[MAXN], cols[MAXN], near[MAXN], open[MAXN], col_due[MAXN];
    uint64_t used[MAXN], region_due[MAXN], seen_regions = 0, total = 0;
    mask_t cols_end[MAXN];     /* the columns whose open cells all lie in rows 0..y */
    uint64_t regions_end[MAXN]; /* the regions whose open cells all lie in rows 0..y */
    int col_of[MAXN], y, c;
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
    for (y = 0; y < n; y++) {
        cols_end[y] = (y ? cols_end[y - 1] : 0) | col_due[y];
        regions_end[y] = (y ? regions_end[y - 1] : 0) | region_due[y];
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
