/* stars_ways.c: the ways one unit (a row, column or region) of a Star Battle
 * position can still take its stars: the counting behind the explanation's
 * "pattern" rule and its look-ahead (queens.puzzle.explain, whose
 * _ways and _ruled_out are the plain reference the tests hold it to).
 *
 * A position is the cells still open (where a star may go) and each unit's
 * stars so far (units: the n rows, then the n columns, then the n regions).
 * A way is as many of the unit's open cells as it still needs stars, none
 * touching (king moves) and none taking a row, column or region past its k
 * stars; they are listed in order (cells by index r * n + c, ways
 * lexicographically).  For the ways it gives the count, the cells in every
 * way and the open cells every way rules out: the neighbours of its stars
 * and the other cells of each unit its stars fill.  The listing stops early
 * once no cell is in every way and none is ruled out by every way (nothing
 * more to learn; the count is then how many were listed), or after the first
 * way when only existence is asked. */

#define STARS_WAYS_MAXN 32

typedef struct {
    int n, k, first_only, done;
    const unsigned char *cells; /* the region of each cell */
    const unsigned char *held;  /* the stars each unit has */
    mask_t open[STARS_WAYS_MAXN];
    mask_t region_rows[STARS_WAYS_MAXN][STARS_WAYS_MAXN]; /* [g][r]: g's columns in row r */
    int members[STARS_WAYS_MAXN * STARS_WAYS_MAXN];       /* the unit's open cells */
    int count;
    unsigned char added[3 * STARS_WAYS_MAXN]; /* the stars the way so far gives each unit */
    mask_t chosen[STARS_WAYS_MAXN];           /* the way so far */
    uint64_t ways;
    mask_t every[STARS_WAYS_MAXN], ruled[STARS_WAYS_MAXN];
} stars_ways_t;

/* The open cells the way in s->chosen would rule out, into out[]: its stars' neighbours,
 * and the rest of every unit it fills, less the way's own cells. */
static void ways_ruled_out(const stars_ways_t *s, mask_t *out) {
    const int n = s->n, k = s->k;
    int r, i;
    memset(out, 0, sizeof(mask_t) * (size_t)n);
    for (r = 0; r < n; r++) {
        mask_t left = s->chosen[r];
        while (left) {
            mask_t bit = left & -left;
            mask_t near = bit | (bit << 1) | (bit >> 1);
            int c = lowest_index(bit), g = s->cells[r * n + c];
            left ^= bit;
            if (r > 0) out[r - 1] |= near;
            out[r] |= near;
            if (r + 1 < n) out[r + 1] |= near;
            if (s->held[r] + s->added[r] == k) out[r] = full_mask(n);
            if (s->held[n + c] + s->added[n + c] == k)
                for (i = 0; i < n; i++) out[i] |= bit;
            if (s->held[2 * n + g] + s->added[2 * n + g] == k)
                for (i = 0; i < n; i++) out[i] |= s->region_rows[g][i];
        }
    }
    for (r = 0; r < n; r++) out[r] &= s->open[r] & ~s->chosen[r];
}

/* A complete way: counted, and folded into every and ruled (s->done once nothing more can
 * be learned, or at once when only existence is asked). */
static void ways_found(stars_ways_t *s) {
    const int n = s->n;
    mask_t out[STARS_WAYS_MAXN], any = 0;
    int r;
    s->ways++;
    if (s->first_only) {
        s->done = 1;
        return;
    }
    ways_ruled_out(s, out);
    for (r = 0; r < n; r++) {
        s->every[r] &= s->chosen[r];
        s->ruled[r] &= out[r];
        any |= s->every[r] | s->ruled[r];
    }
    if (!any) s->done = 1;
}

/* The ways that add `left` more stars from the unit's open cells start.. (recursion depth
 * at most k). */
static void ways_extend(stars_ways_t *s, int start, int left) {
    const int n = s->n, k = s->k;
    int i;
    if (!left) {
        ways_found(s);
        return;
    }
    for (i = start; i <= s->count - left && !s->done; i++) {
        const int cell = s->members[i], r = cell / n, c = cell % n, g = s->cells[cell];
        const mask_t bit = (mask_t)1 << c, near = bit | (bit << 1) | (bit >> 1);
        if ((s->chosen[r] & near) || (r > 0 && (s->chosen[r - 1] & near)) ||
            (r + 1 < n && (s->chosen[r + 1] & near)))
            continue;
        if (s->held[r] + s->added[r] >= k || s->held[n + c] + s->added[n + c] >= k ||
            s->held[2 * n + g] + s->added[2 * n + g] >= k)
            continue;
        s->added[r]++, s->added[n + c]++, s->added[2 * n + g]++;
        s->chosen[r] |= bit;
        ways_extend(s, i + 1, left - 1);
        s->chosen[r] &= ~bit;
        s->added[r]--, s->added[n + c]--, s->added[2 * n + g]--;
    }
}

/* The ways of `unit` in the position s->open / s->held (s->n, k, cells and first_only
 * set): s->ways, s->every, s->ruled (all zero when there is no way). */
static void stars_unit_ways(stars_ways_t *s, int unit) {
    const int n = s->n, k = s->k;
    int r, c, g, need;
    for (g = 0; g < n; g++) memset(s->region_rows[g], 0, sizeof(mask_t) * (size_t)n);
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++) s->region_rows[s->cells[r * n + c]][r] |= (mask_t)1 << c;
    s->count = 0;
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++) {
            int in = unit < n ? r == unit : unit < 2 * n ? c == unit - n
                                                         : s->cells[r * n + c] == unit - 2 * n;
            if (in && (s->open[r] >> c & 1)) s->members[s->count++] = r * n + c;
        }
    memset(s->added, 0, sizeof s->added);
    memset(s->chosen, 0, sizeof s->chosen);
    for (r = 0; r < n; r++) s->every[r] = s->ruled[r] = full_mask(n);
    s->ways = 0;
    s->done = 0;
    need = k - s->held[unit];
    if (need >= 0) ways_extend(s, 0, need); /* need 0: one way, the empty one */
    if (!s->ways || s->first_only)
        for (r = 0; r < n; r++) s->every[r] = s->ruled[r] = 0;
    for (r = 0; r < n; r++) s->ruled[r] &= ~s->every[r];
}
