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

