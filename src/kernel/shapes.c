/* shapes.c: boards of any shape and rule, with empty rows or not.
 *
 * ---- boards of any shape: k queens on `rows` rows of `width` columns ------
 *
 * The classic n x n board with n queens never comes here (count_masks and
 * the symmetric counter are its fast paths, untouched).  Every other board does: masks of `width`
 * bits (width <= 64) for up to MAX_ROWS rows (more rows than columns is
 * fine), `k` queens (k <= min(width, rows)) and the rows that must hold a
 * queen (`required`: the rows of fixed queens; every row when k == rows).
 * When k < rows a row may stay empty (-1): the empty choice is tried before
 * every column, so solutions still come in lexicographic order (-1 < any
 * column), exactly as queens.engines.counting.reference does.  A row is left empty
 * only when enough rows remain below it for the queens still to place, and
 * a branch ends as soon as fewer queens remain than required rows below.
 * The counter counts the last queen of each branch in place (a popcount per
 * row below) instead of walking to it.  On up to 32 columns the counter
 * runs on the vector search instead where the CPU has one
 * (count_shape_simd: shaped_search_simd with a queen in every row, under
 * every rule, or with empty rows, under the queen and toroidal rules),
 * which counts the same solutions and the same queens placed
 * (nodes).
 *
 * The attack rule (queens.rules) is part of the board: RULE_QUEEN shifts the
 * diagonals one column a row; RULE_TOROIDAL rotates them around the width
 * instead (a square board, checked by the caller); RULE_SUPERQUEEN adds the
 * knight's jumps: the queen of the row above attacks two columns off, the
 * one of the row above that one column off.  The loop's in-place counts of
 * the last queen know only the queen's attacks, so there the other rules
 * walk to it; the vector search counts its last two rows in place under
 * every rule.  (On the torus, every row and column taken, the rows above
 * settle the last queen's diagonals, by the sums of column and row modulo
 * N: with N odd it is never attacked on one, with N even on both.  So no
 * test can see a fault in one of the last row's diagonals there; the
 * search checks them all the same.) */
#define MAX_ROWS 1024

typedef struct {
    int rows, width, k, rule;
    unsigned group;                   /* symmetry bits, as for count_masks */
    mask_t first;                     /* the columns the first queen placed may take */
    mask_t allowed[MAX_ROWS];
    unsigned char required[MAX_ROWS]; /* 1: the row must hold a queen */
    int need[MAX_ROWS + 1];           /* required rows at or below each row */
} shape_t;

/* A depth-first walk over a shape_t's rows, resumable (the enumerator) or
 * counting in place (the counter); the state is explicit, as in walk_t. */
typedef struct {
    int y, state;      /* the current row; 0 fresh, 1 running, 2 finished */
    long until_pause;  /* backtracks left before shape_next pauses */
    uint64_t total, nodes; /* counting: solutions and queens placed so far */
    mask_t rem[MAX_ROWS];  /* the columns each row has still to try */
    mask_t cd[MAX_ROWS], ld[MAX_ROWS], rd[MAX_ROWS]; /* each row's attacks from above */
    mask_t kn[MAX_ROWS];   /* superqueens: the knight's attacks on each row from above */
    mask_t bits[MAX_ROWS]; /* the queen placed in each row, as a bit (0: empty) */
    int left[MAX_ROWS];    /* queens still to place from each row down */
    unsigned char empty[MAX_ROWS]; /* 1 while the row's empty choice is still to try */
    int cols[MAX_ROWS];    /* the queen of each row placed so far (-1: empty) */
} shape_walk_t;

static void shape_setup(shape_t *b) {
    int r;
    b->need[b->rows] = 0;
    for (r = b->rows - 1; r >= 0; r--) b->need[r] = b->need[r + 1] + (b->required[r] != 0);
}

/* The toroidal diagonals one row down: rotated by one column around the width. */
static mask_t rotate_up(mask_t m, int width) {
    return ((m << 1) | (m >> (width - 1))) & full_mask(width);
}

static mask_t rotate_down(mask_t m, int width) {
    return ((m >> 1) | (m << (width - 1))) & full_mask(width);
}

/* Row y's attacks shifted down `d` rows (diagonals off a 64-bit mask vanish). */
static mask_t shape_attacks(mask_t cd, mask_t ld, mask_t rd, int d) {
    return cd | (d < 64 ? (ld << d) | (rd >> d) : 0);
}

/* The placements of one last queen at row y or below, the rows between empty. */
static uint64_t shape_last(const shape_t *b, int y, mask_t cd, mask_t ld, mask_t rd, mask_t only) {
    uint64_t found = 0;
    int r;
    if (b->need[y] > 1) return 0;
    for (r = y; r < b->rows; r++) {
        if (b->need[y] == 1 && !b->required[r]) continue; /* the queen goes to the required row */
        found += (uint64_t)popcount(b->allowed[r] & only & ~shape_attacks(cd, ld, rd, r - y));
        if (b->required[r]) break;
    }
    return found;
}

/* Enter row y with `left` queens to place: its choices, pruned. */
static ALWAYS_INLINE void shape_enter(shape_walk_t *w, const shape_t *b, int y, int left) {
    w->left[y] = left;
    w->rem[y] = b->need[y + 1] <= left - 1
                    ? b->allowed[y] & ~(w->cd[y] | w->ld[y] | w->rd[y] | w->kn[y])
                    : 0;
    if (left == b->k) w->rem[y] &= b->first; /* no queen above: this is the first */
    w->empty[y] = !b->required[y] && b->rows - y - 1 >= left && b->need[y] <= left;
}

/* Advance to the next solution (lexicographic) into w->cols: 1 found, 0 none
 * left (and at every call after), -1 when the backtracks of w->until_pause
 * ran out first (set it again and call again).  COUNTING (a constant): the
 * walk never stops at a solution, it adds them to w->total (the last queen
 * counted in place) and the queens placed to w->nodes. */
static ALWAYS_INLINE int shape_next(shape_walk_t *w, const shape_t *b, int counting) {
    int y = w->y;
    if (w->state == 2) return 0;
    if (w->state == 0) {
        w->state = 1;
        w->cd[0] = w->ld[0] = w->rd[0] = w->kn[0] = 0;
        if (b->k == 0) { /* one placement, the empty one, if no row needs a queen */
            w->state = 2;
            for (y = 0; y < b->rows; y++) w->cols[y] = -1;
            if (b->need[0] != 0) return 0;
            if (counting) { w->total++; return 0; }
            return 1;
        }
        w->y = y = 0;
        if (counting && b->k == 1 && b->rule == RULE_QUEEN) {
            w->total += shape_last(b, 0, 0, 0, 0, b->first);
            w->nodes += w->total;
            w->state = 2;
            return 0;
        }
        shape_enter(w, b, 0, b->k);
    }
    for (;;) {
        mask_t bit = 0;
        int left = w->left[y];
        if (w->empty[y]) {
            w->empty[y] = 0;
            w->cols[y] = -1;
            w->bits[y] = 0;
        } else if (w->rem[y]) {
            bit = w->rem[y] & -w->rem[y];
            w->bits[y] = bit;
            w->rem[y] ^= bit;
            w->cols[y] = lowest_index(bit);
            left--;
            if (counting) w->nodes++;
        } else {
            if (y == 0) {
                w->state = 2;
                w->y = 0;
                return 0;
            }
            y--;
            if (--w->until_pause == 0) {
                w->y = y;
                return -1;
            }
            continue;
        }
        if (left == 0) { /* a solution when no required row is left below */
            if (b->need[y + 1] != 0) continue;
            if (counting) { w->total++; continue; }
            {
                int r;
                for (r = y + 1; r < b->rows; r++) w->cols[r] = -1;
            }
            w->y = y;
            return 1;
        }
        w->cd[y + 1] = w->cd[y] | bit;
        if (b->rule == RULE_TOROIDAL) {
            w->ld[y + 1] = rotate_up(w->ld[y] | bit, b->width);
            w->rd[y + 1] = rotate_down(w->rd[y] | bit, b->width);
        } else {
            w->ld[y + 1] = (w->ld[y] | bit) << 1;
            w->rd[y + 1] = (w->rd[y] | bit) >> 1;
        }
        if (b->rule == RULE_SUPERQUEEN) {
            mask_t above = y > 0 ? w->bits[y - 1] : 0;
            w->kn[y + 1] = ((bit << 2) | (bit >> 2) | (above << 1) | (above >> 1)) & full_mask(b->width);
        } else {
            w->kn[y + 1] = 0;
        }
        if (counting && left == 1 && b->rule == RULE_QUEEN) {
            uint64_t last = shape_last(b, y + 1, w->cd[y + 1], w->ld[y + 1], w->rd[y + 1], ~(mask_t)0);
            w->total += last;
            w->nodes += last;
            continue;
        }
        y++;
        shape_enter(w, b, y, left);
    }
}

/* The image of a placement of a rows x width board (-1: an empty row) under
 * symmetry `sym` (queens.symmetry.Symmetry.columns; the quarter turns and
 * transpositions only on a square board). */
static void shape_image(int sym, int rows, int width, const int *cols, int *out) {
    int bottom = rows - 1, right = width - 1, r;
    for (r = 0; r < rows; r++) out[r] = -1;
    for (r = 0; r < rows; r++) {
        int c = cols[r];
        if (c < 0) continue;
        switch (sym) {
        case 0: out[r] = c; break;
        case 1: out[c] = bottom - r; break;
        case 2: out[bottom - r] = right - c; break;
        case 3: out[right - c] = r; break;
        case 4: out[r] = right - c; break;
        case 5: out[bottom - r] = c; break;
        case 6: out[c] = r; break;
        default: out[right - c] = bottom - r; break;
        }
    }
}

/* True when no symmetry of the board's group maps the placement to a smaller one. */
static int shape_canonical(const shape_t *b, const int *cols) {
    int other[MAX_ROWS], sym, r;
    for (sym = 1; sym < 8; sym++) {
        if (!(b->group & (1u << sym))) continue;
        shape_image(sym, b->rows, b->width, cols, other);
        for (r = 0; r < b->rows && other[r] == cols[r]; r++) {}
        if (r < b->rows && other[r] < cols[r]) return 0;
    }
    return 1;
}

/* The symmetries that swap the sides of a board (only a square one has them). */
#define SIDE_SWAPPING ((1u << 1) | (1u << 3) | (1u << 6) | (1u << 7))

/* A board of up to 32 columns on the vector search when the CPU has one:
 * shaped_search_simd with a queen in every row (every rule), or with
 * empty rows (the queen and toroidal rules; 3..MAXN rows).  0 when it is not to be
 * used (or its buffers could not be had). */
static int count_shape_simd(const shape_t *b, stop_flag_t *stop, int *stopped, uint64_t *total,
                            uint64_t *nodes) {
#if HAVE_SIMD
    sym_t s;
    int r, full = b->k == b->rows;
    if (b->width > 32 || b->k < 1 || use_simd() == SIMD_OFF) return 0;
    if (b->rule == RULE_SUPERQUEEN && !full) return 0;
    if (b->rows < 3 || b->rows > MAXN) return 0;
    memset(&s, 0, sizeof s);
    s.n = b->width;
    s.last = b->rows - 1;
    s.corner = 1;
    s.bound2 = -1;
    s.mask = full_mask(b->width);
    s.rule = b->rule;
    s.stop = stop;
    for (r = 0; r < b->rows; r++) s.rowmask[r] = b->allowed[r];
    if (full) {
        s.rowmask[0] &= b->first;
        if (!shaped_search_simd(&s, 0)) return 0;
    } else {
        s.queens = b->k;
        s.first = b->first;
        for (r = 0; r <= b->rows; r++) s.need[r] = b->need[r];
        if (!shaped_search_simd(&s, 1)) return 0;
    }
    *stopped = s.stopped;
    *total = s.c8;
    *nodes = s.nodes;
    return 1;
#else
    (void)b, (void)stop, (void)stopped, (void)total, (void)nodes;
    return 0;
#endif
}

/* A board with a queen in every row (k == rows, so at most 64 rows) but more
 * columns than rows: no empty choice and no required row to track, so a
 * plain loop as count_masks's, the last row counted in place, counting the
 * queens placed too.  (The classic board never comes here.) */
static uint64_t count_full(const shape_t *b, stop_flag_t *stop, int *stopped, uint64_t *nodes) {
    mask_t rem[MAXN], cd[MAXN], ld[MAXN], rd[MAXN];
    const int last = b->rows - 1;
    const mask_t lastrow = b->allowed[last];
    uint64_t total = 0, placed = 0;
    long until_pause = STOP_CHECK_PERIOD;
    int y = 0;
    if (last == 0) {
        *nodes = (uint64_t)popcount(b->allowed[0] & b->first);
        return *nodes;
    }
    cd[0] = ld[0] = rd[0] = 0;
    rem[0] = b->allowed[0] & b->first;
    for (;;) {
        mask_t free = rem[y];
        if (free) {
            mask_t bit = free & -free, c = cd[y] | bit, l = (ld[y] | bit) << 1, r = (rd[y] | bit) >> 1;
            rem[y] = free ^ bit;
            placed++;
            if (y + 1 == last) {
                uint64_t found = (uint64_t)popcount(lastrow & ~(c | l | r));
                total += found;
                placed += found;
                continue;
            }
            y++;
            cd[y] = c;
            ld[y] = l;
            rd[y] = r;
            rem[y] = b->allowed[y] & ~(c | l | r);
        } else if (!walk_back(&y, &until_pause, stop, stopped)) {
            break;
        }
    }
    *nodes = placed;
    return total;
}

/* The solutions whose first queen takes a column of b->first, without a
 * symmetry check (and the queens placed). */
static uint64_t count_plain_shape(const shape_t *b, shape_walk_t *w, stop_flag_t *stop,
                                  int *stopped, uint64_t *nodes) {
    uint64_t total;
    if (count_shape_simd(b, stop, stopped, &total, nodes)) return total;
    if (b->k == b->rows && b->rows <= MAXN && b->rule == RULE_QUEEN)
        return count_full(b, stop, stopped, nodes);
    memset(w, 0, sizeof *w);
    w->until_pause = STOP_CHECK_PERIOD;
    while (shape_next(w, b, 1) != 0) {
        if (*stop) { *stopped = 1; break; }
        w->until_pause = STOP_CHECK_PERIOD;
    }
    *nodes = w->nodes;
    return w->total;
}

/* Solutions between two looks at the stop flag while walking to canonical ones (each
 * checked under the group: a million backtracks could be seconds of them). */
#define SOLUTIONS_PER_LOOK (1L << 16)

/* The canonical solutions under the board's group, each walked to (and all
 * of them counted into `*all` when given). */
static uint64_t walk_canonical(const shape_t *b, shape_walk_t *w, stop_flag_t *stop, int *stopped,
                               uint64_t *all) {
    uint64_t canonical = 0, every = 0;
    long until_look = SOLUTIONS_PER_LOOK; /* each costs a canonical check: look by them too */
    int found;
    memset(w, 0, sizeof *w);
    w->until_pause = STOP_CHECK_PERIOD;
    while ((found = shape_next(w, b, 0)) != 0) {
        if (found < 0 || --until_look == 0) {
            if (*stop) { *stopped = 1; break; }
            until_look = SOLUTIONS_PER_LOOK;
            if (found < 0) {
                w->until_pause = STOP_CHECK_PERIOD;
                continue;
            }
        }
        every++;
        canonical += (uint64_t)shape_canonical(b, w->cols);
    }
    if (all) *all = every;
    return canonical;
}

/* True when the board is its own mirror image (every row's mask). */
static int shape_mirrored(const shape_t *b) {
    int r;
    for (r = 0; r < b->rows; r++)
        if (mirror_mask(b->allowed[r], b->width) != b->allowed[r]) return 0;
    return 1;
}

/* Every solution of a shaped board (and the queens placed in the whole
 * search tree, for benchmarks), counted in place; on a board that is its own
 * mirror image only those whose first queen stands left of the middle
 * (twice: the mirror images are the right half's) and on the middle column:
 * about half the search.  (The mirror keeps rows, so empty and required rows
 * too.) */
static uint64_t count_total(shape_t *b, shape_walk_t *w, stop_flag_t *stop, int *stopped,
                            uint64_t *nodes) {
    uint64_t half, middle = 0, half_nodes, middle_nodes = 0;
    if (b->k == 0 || b->width == 1 || !shape_mirrored(b)) {
        return count_plain_shape(b, w, stop, stopped, nodes);
    }
    b->first = full_mask(b->width / 2);
    half = count_plain_shape(b, w, stop, stopped, &half_nodes);
    if (b->width % 2 && !*stopped) {
        b->first = (mask_t)1 << (b->width / 2);
        middle = count_plain_shape(b, w, stop, stopped, &middle_nodes);
    }
    b->first = full_mask(b->width);
    *nodes = 2 * half_nodes + middle_nodes;
    return 2 * half + middle;
}

/* The counts of a shaped board (and the queens placed, 0 with a group).
 * With a group, the canonical solutions are walked to one by one; with the
 * mirror in it, a canonical solution's first queen stands left of the
 * middle or on it (else its mirror image is smaller at that row), so the
 * total is counted in place and the canonical ones searched for in that
 * half only. */
static counts_t count_shape(shape_t *b, shape_walk_t *w, stop_flag_t *stop, int *stopped,
                            uint64_t *nodes) {
    counts_t result = {0, 0};
    *nodes = 0;
    if ((b->group & ~1u) == 0) {
        result.total = result.unique = count_total(b, w, stop, stopped, nodes);
    } else if ((b->group & (1u << 4)) && b->k > 0) {
        uint64_t ignored;
        result.total = count_total(b, w, stop, stopped, &ignored);
        if (*stopped) return result;
        b->first = full_mask((b->width + 1) / 2);
        result.unique = walk_canonical(b, w, stop, stopped, NULL);
        b->first = full_mask(b->width);
    } else {
        result.unique = walk_canonical(b, w, stop, stopped, &result.total);
    }
    return result;
}

/* The next solution of an enumeration (canonical ones only, with a group):
 * 1 found (in w->cols), 0 none left, -1 when `*budget` ran out first. */
static int shape_enum_next(const shape_t *b, shape_walk_t *w, long *budget) {
    int found;
    if (*budget <= 0) return -1;
    w->until_pause = *budget;
    do found = shape_next(w, b, 0);
    while (found > 0 && (b->group & ~1u) && !shape_canonical(b, w->cols));
    *budget = w->until_pause;
    return found;
}

