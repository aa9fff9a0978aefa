/* stars.c: the counter of Star Battle with k stars (k queens) per row, column
 * and region, none touching (king moves, diagonals included).
 *
 * An n x n grid (n <= MAXN) cut into n regions, cells[r * n + c] the region of
 * a cell.  The search places the grid's n * k stars one after the other, row
 * by row and left to right within a row, from an explicit stack (one level a
 * star): a star's candidates are the columns not yet full, not touching a star
 * of the row above, and at least two columns right of the row's previous star.
 * A full region is skipped when a star is picked.  When a row is complete the
 * rows below must still be able to finish every column and region:
 *  - a column needing m more stars needs 2m - 1 rows below (m rows, none
 *    adjacent), 2m when this row has a star in it;
 *  - a region needing m more stars must hold m below this row: a band of two
 *    rows holds at most as many stars as its columns hold without two
 *    adjacent (no two stars of a band share or neighbour a column), so the
 *    region's bands of rows (y+1, y+2), (y+3, y+4), ... bound what it holds.
 * Counting stops at `limit` solutions (0: never); the first solution found is
 * kept (its rows' column masks).  The stop flag is looked at on backtracks. */

#define STARS_MAX_K 8

typedef struct {
    int n, k;
    const unsigned char *cells;
    /* region_cap[r][g]: an upper bound on the stars region g can hold in rows r..n-1 */
    unsigned char region_cap[MAXN + 1][MAXN];
    mask_t first[MAXN]; /* the first solution's stars, a column mask a row */
    int found_first;
} stars_t;

/* The most columns of `mask` that can be picked with no two adjacent (greedy, lowest first). */
static int spread_columns(mask_t mask) {
    int count = 0;
    while (mask) {
        mask_t bit = mask & -mask;
        count++;
        mask &= ~(bit | (bit << 1));
    }
    return count;
}

static void stars_caps(stars_t *s) {
    int n = s->n, r, g, c;
    mask_t rows[MAXN][MAXN]; /* rows[g][r]: region g's columns in row r */
    memset(rows, 0, sizeof rows);
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++) rows[s->cells[r * n + c]][r] |= (mask_t)1 << c;
    for (g = 0; g < n; g++) s->region_cap[n][g] = 0;
    for (r = n - 1; r >= 0; r--) {
        for (g = 0; g < n; g++) {
            int band;
            if (r == n - 1) {
                band = spread_columns(rows[g][r]);
                s->region_cap[r][g] = (unsigned char)band;
            } else {
                band = spread_columns(rows[g][r] | rows[g][r + 1]);
                band += s->region_cap[r + 2 > n ? n : r + 2][g];
                s->region_cap[r][g] = (unsigned char)(band > 255 ? 255 : band);
            }
        }
    }
}

/* Whether rows y+1.. can still complete every column and region, row y being complete. */
static int stars_feasible(const stars_t *s, int y, const int *col_count, const int *region_count,
                          mask_t row_stars) {
    int n = s->n, k = s->k, c, g, left = n - 1 - y;
    for (c = 0; c < n; c++) {
        int need = k - col_count[c];
        if (need > 0) {
            int rows_needed = 2 * need - 1 + (int)(row_stars >> c & 1);
            if (rows_needed > left) return 0;
        }
    }
    for (g = 0; g < n; g++) {
        int need = k - region_count[g];
        if (need > s->region_cap[y + 1][g]) return 0;
    }
    return 1;
}

static uint64_t count_stars(stars_t *s, uint64_t limit, stop_flag_t *stop, int *stopped) {
    const int n = s->n, k = s->k, levels = n * k;
    const mask_t full = full_mask(n);
    mask_t rem[MAXN * STARS_MAX_K], row_stars[MAXN];
    int placed[MAXN * STARS_MAX_K], col_count[MAXN], region_count[MAXN];
    mask_t full_cols = 0;
    uint64_t total = 0;
    long until_pause = STOP_CHECK_PERIOD;
    int i = 0;
    memset(col_count, 0, sizeof col_count);
    memset(region_count, 0, sizeof region_count);
    memset(row_stars, 0, sizeof row_stars);
    s->found_first = 0;
    placed[0] = -1;
    rem[0] = full;
    stars_caps(s);
    for (;;) {
        int row = i / k, slot = i % k, c, g;
        mask_t bit, free;
        if (placed[i] >= 0) { /* take back this level's star before trying the next */
            c = placed[i];
            g = s->cells[row * n + c];
            if (col_count[c]-- == k) full_cols &= ~((mask_t)1 << c);
            region_count[g]--;
            row_stars[row] &= ~((mask_t)1 << c);
            placed[i] = -1;
        }
        free = rem[i] & ~full_cols;
        if (!free) {
            if (i == 0) break;
            i--;
            if (stop_now(&until_pause, stop, stopped)) break;
            continue;
        }
        bit = free & -free;
        c = lowest_index(bit);
        rem[i] = free ^ bit;
        g = s->cells[row * n + c];
        if (region_count[g] == k) continue;
        if (++col_count[c] == k) full_cols |= bit;
        region_count[g]++;
        row_stars[row] |= bit;
        placed[i] = c;
        if (slot < k - 1) {
            mask_t next = rem[i] & ~(bit << 1);
            if (popcount(next & ~full_cols) < k - 1 - slot) continue;
            rem[i + 1] = next;
        } else if (i == levels - 1) {
            if (!s->found_first) {
                memcpy(s->first, row_stars, sizeof(mask_t) * (size_t)n);
                s->found_first = 1;
            }
            if (++total == limit) break;
            continue;
        } else {
            mask_t stars = row_stars[row];
            if (!stars_feasible(s, row, col_count, region_count, stars)) continue;
            rem[i + 1] = full & ~(stars | (stars << 1) | (stars >> 1));
        }
        i++;
        placed[i] = -1;
    }
    return total;
}
