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
 *  - the regions whose cells end by row y + j need no more than the j * k
 *    stars of rows y+1..y+j (k regions within k rows);
 *  - a region needing m more stars must hold m below this row: a band of two
 *    rows holds at most as many stars as its columns hold without two
 *    adjacent (no two stars of a band share or neighbour a column), so the
 *    region's bands of rows (y+1, y+2), (y+3, y+4), ... bound what it holds
 *    (full columns, and row y+1's cells next to row y's stars, left out).
 * Counting stops at `limit` solutions (0: never); the first solution found is
 * kept (its rows' column masks), and the last one.  The stop flag is looked at on backtracks;
 * past `budget` candidate stars tried (0: no budget) the count gives up (steps > budget). */

#define STARS_MAX_K 8

typedef struct {
    int n, k;
    const unsigned char *cells;
    mask_t rows[MAXN][MAXN + 2]; /* rows[g][r]: region g's columns in row r (0 past the end) */
    mask_t first[MAXN]; /* the first solution's stars, a column mask a row */
    mask_t last[MAXN];  /* the last one found (another when there are two or more) */
    int last_row[MAXN]; /* last_row[g]: the last row with a cell of region g */
    int found_first;
    uint64_t budget, steps; /* candidate stars to try before giving up (0: no end), and tried */
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

static void stars_rows(stars_t *s) {
    int n = s->n, r, g, c;
    memset(s->rows, 0, sizeof s->rows);
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++) s->rows[s->cells[r * n + c]][r] |= (mask_t)1 << c;
    for (r = 0; r < n; r++)
        for (g = 0; g < n; g++)
            if (s->rows[g][r]) s->last_row[g] = r;
}

/* Whether rows y+1.. can still complete every column and region, row y being complete;
 * `next` the columns open in row y + 1 (not full, not touching row y's stars). */
static int stars_feasible(const stars_t *s, int y, const int *col_count, const int *region_count,
                          mask_t row_stars, mask_t next, mask_t open) {
    int n = s->n, k = s->k, c, g, left = n - 1 - y;
    if (spread_columns(next) < k) return 0;
    for (c = 0; c < n; c++) {
        int need = k - col_count[c];
        if (need > 0) {
            int rows_needed = 2 * need - 1 + (int)(row_stars >> c & 1);
            if (rows_needed > left) return 0;
        }
    }
    {
        /* k regions within k rows: the regions whose cells end by row y + j need no more
         * than the j * k stars of rows y+1..y+j */
        int ending[MAXN + 1], j, sum = 0;
        memset(ending, 0, sizeof(int) * (size_t)(n + 1));
        for (g = 0; g < n; g++) ending[s->last_row[g]] += k - region_count[g];
        for (j = 1; j <= left; j++) {
            sum += ending[y + j];
            if (sum > j * k) return 0;
        }
    }
    for (g = 0; g < n; g++) {
        int need = k - region_count[g];
        if (need > 0) {
            /* the band of rows y+1, y+2 as it is now (row y+1 clear of row y's stars), then
             * the bands below, all without the full columns */
            int room = spread_columns((s->rows[g][y + 1] & next) | (s->rows[g][y + 2] & open)), r;
            for (r = y + 3; r < n && room < need; r += 2)
                room += spread_columns((s->rows[g][r] | s->rows[g][r + 1]) & open);
            if (need > room) return 0;
        }
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
    s->steps = 0;
    placed[0] = -1;
    rem[0] = full;
    stars_rows(s);
    for (;;) {
        int row = i / k, slot = i % k, c, g;
        mask_t bit, free;
        if (++s->steps > s->budget && s->budget) break;
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
            if (!walk_back(&i, &until_pause, stop, stopped)) break;
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
            memcpy(s->last, row_stars, sizeof(mask_t) * (size_t)n);
            if (++total == limit) break;
            continue;
        } else {
            mask_t stars = row_stars[row];
            mask_t next = full & ~full_cols & ~(stars | (stars << 1) | (stars >> 1));
            if (!stars_feasible(s, row, col_count, region_count, stars, next, full & ~full_cols))
                continue;
            rem[i + 1] = next;
        }
        i++;
        placed[i] = -1;
    }
    return total;
}
