/* The plain search of the symmetric counter for n <= 32 without a vector
 * search: one child per step, without a branch that depends on the board
 * (the plain loop of symmetric_loop.h mispredicts one on nearly every node),
 * two walkers in turn so that the steps of one overlap those of the other.
 * Included by symmetric.c once per part and target, with SYM_CORNER (1:
 * corner, 0: border), SYM_SUFFIX (the names' suffix: corner, border, ...) and
 * FLAT_TARGET (empty, or a target attribute: symmetric.c's BMI1 copies)
 * defined; undefines them at the end.  No include guard.
 *
 * A step takes the next free column of the walker's current node, makes the
 * child and pushes it on the walker's stack of nodes; the stack pointer moves
 * by the child's verdict (0 or 1), not by a branch.  A node whose columns are
 * used up is replaced by the top of the stack by masks, not by a branch.  A
 * child on row last - 1 is not pushed: its placements of the last two rows
 * are counted in place, by arithmetic.  Only a placement that Takaken's
 * rotation check may need (row BOUND1 on the top column, BOUND2 on column 0,
 * or the last row on ENDBIT) takes a branch, to sym_check_board.
 *
 * The walkers take their sub-trees from a list of the nodes two rows below
 * the first free row (the roots), one when the last is done. */
#define FLAT_NAME(name) SYM_SUFFIXED(name, SYM_SUFFIX)

#ifndef FLAT_DEFINED
#define FLAT_DEFINED
typedef struct { /* a row y on a walker's path: its free columns left and its attacks */
    uint32_t a, c, l, r, y; /* unsigned y: no sign extension where it indexes */
} flat_node_t;

typedef struct { /* a sub-tree to walk: the node of row y0 + 2 and the queens above it */
    flat_node_t node;
    uint32_t bit0, bit1; /* rows y0 and y0 + 1 */
} flat_root_t;

/* The part's constants, passed by value so that they live in registers
 * (in memory the compiler would reload them after every store to a stack,
 * which might alias them); rm and ruled point to per-row tables. */
typedef struct {
    const uint32_t *rm; /* each row's columns before attacks (0 past the last row) */
    /* the border part's rows' columns under row BOUND2's rule, at 4 y + the sides taken
     * above (flat_sides: 0 none, 1 column 0, 2 column n - 1, 3 both) */
    const uint32_t *ruled;
    uint32_t side, lastrow, topbit, endbit, sides_factor; /* see flat_sides */
    uint32_t pair, bound1, bound2, last; /* pair: row last - 1 */
} flat_rows_t;

/* A walker's path (a row's node at most once), field by field: with a node's fields side
 * by side GCC packed a child's stores into one vector store (seven more instructions a
 * step, and the next step waits for the store); this way the stores stay plain, and a
 * field is read at the stack's base plus 4 top, without computing top's node address:
 * 0.86 to 0.94 of the time (counting-engine.md, the sixth round of issue 42). */
typedef struct {
    uint32_t a[MAXN + 1], c[MAXN + 1], l[MAXN + 1], r[MAXN + 1], y[MAXN + 1];
} flat_stack_t;

typedef struct { /* one walker: its path, its board, its count */
    flat_stack_t *stack;
    mask_t *board;
    ptrdiff_t top; /* the deepest row's node; -1: none */
    uint64_t found;
} flat_walker_t;

/* The side columns among `taken` (the columns above a row) as 0 to 3 (bit 0: column 0,
 * bit 1: column n - 1), by a product: `taken & side` is 0, 1, 2^(n-1) or 2^(n-1) + 1,
 * and times 2^30 + 2^(32-n) (the factor, for 3 <= n <= 32) its top two bits are the
 * index, with neither a shift by n - 2 (a variable count) nor an OR on the way from
 * one step to the next. */
static ALWAYS_INLINE uint32_t flat_sides(uint32_t taken, uint32_t side, uint32_t factor) {
    return ((taken & side) * factor) >> 30;
}

static uint32_t flat_sides_factor(int n) { return (1u << 30) + (1u << (32 - n)); }

/* Start walker w on a root, whose row is y0 + 2. */
static ALWAYS_INLINE void flat_start(flat_walker_t *w, const flat_root_t *root, int y0) {
    w->stack->a[0] = root->node.a;
    w->stack->c[0] = root->node.c;
    w->stack->l[0] = root->node.l;
    w->stack->r[0] = root->node.r;
    w->stack->y[0] = root->node.y;
    w->top = 0;
    w->board[y0] = root->bit0;
    w->board[y0 + 1] = root->bit1;
}
#endif

/* One step of walker w (which has a node: top >= 0): the next free column of
 * its deepest row, that row's node left in place while it has columns, the
 * child pushed when it and the row after it have a free column. */
static ALWAYS_INLINE FLAT_TARGET void FLAT_NAME(flat_step)(sym_t *s, const flat_rows_t k,
                                                            flat_walker_t *w) {
    const ptrdiff_t top = w->top;
    flat_stack_t *st = w->stack;
    const uint32_t y = st->y[top], ny = y + 1;
    uint32_t A = st->a[top], b = A & (0u - A), c, l, r, avail, ahead, ok;
    ptrdiff_t slot;
    A ^= b;
    st->a[top] = A;
    slot = top + (A != 0); /* the child's place: above the row, or on it when it is used up */
    c = st->c[top] | b;
    l = (st->l[top] | b) << 1;
    r = (st->r[top] | b) >> 1;
    if (SYM_CORNER) {
        avail = k.rm[ny] & ~(c | l | r);
    } else { /* row BOUND2: one side column taken above, the other here (k.ruled) */
        avail = k.ruled[4 * ny + flat_sides(c, k.side, k.sides_factor)] & ~(c | l | r);
        w->board[y] = b;
    }
    if (ny == k.pair) { /* rows last - 1 and last, in place */
        uint32_t b1 = avail & (0u - avail), b2 = avail ^ b1;
        uint32_t q1 = k.lastrow & ~(c | b1 | ((l | b1) << 1) | ((r | b1) >> 1));
        uint32_t q2 = k.lastrow & ~(c | b2 | ((l | b2) << 1) | ((r | b2) >> 1));
        q1 &= 0u - (uint32_t)(b1 != 0);
        q2 &= 0u - (uint32_t)(b2 != 0);
        w->top = slot - 1;
        if (!SYM_CORNER) {
            mask_t *board = w->board;
            uint32_t hot = (board[k.bound1] == k.topbit) | ((k.bound2 < ny) & (board[k.bound2] == 1))
                      | ((k.bound2 == ny) & ((b1 | b2) & 1)) | (q1 == k.endbit)
                      | (q2 == k.endbit);
            if (hot) { /* a placement the rotation check may need: classify it */
                if (q1) { board[ny] = b1; board[k.last] = q1; sym_check_board(s, board); }
                if (q2) { board[ny] = b2; board[k.last] = q2; sym_check_board(s, board); }
                return;
            }
        }
        w->found += (q1 != 0) + (q2 != 0);
        return;
    }
    ahead = k.rm[ny + 1] & ~(c | (l << 1) | (r >> 1));
    ok = (avail != 0) & (ahead != 0);
    st->a[slot] = avail;
    st->c[slot] = c;
    st->l[slot] = l;
    st->r[slot] = r;
    st->y[slot] = ny;
    w->top = slot - 1 + (ptrdiff_t)ok;
}

/* The roots: the nodes of row y0 + 2 below row y0's free columns A (each
 * kept only when it has a free column and so does the row after it). */
static FLAT_TARGET int FLAT_NAME(flat_roots)(const flat_rows_t *kp, int y0, uint32_t C,
                                             uint32_t L, uint32_t R, uint32_t A,
                                             flat_root_t *roots) {
    const flat_rows_t k = *kp;
    int count = 0;
    while (A) {
        uint32_t b0 = A & (0u - A), c1 = C | b0, l1 = (L | b0) << 1, r1 = (R | b0) >> 1, a1;
        A ^= b0;
        a1 = k.rm[y0 + 1] & ~(c1 | l1 | r1);
        if (!SYM_CORNER && (uint32_t)y0 + 1 == k.bound2) a1 = (uint32_t)bound2_rule(a1, c1, k.side);
        while (a1) {
            uint32_t b1 = a1 & (0u - a1), c2 = c1 | b1, l2 = (l1 | b1) << 1, r2 = (r1 | b1) >> 1;
            uint32_t a2 = k.rm[y0 + 2] & ~(c2 | l2 | r2);
            a1 ^= b1;
            if (!SYM_CORNER && (uint32_t)y0 + 2 == k.bound2) a2 = (uint32_t)bound2_rule(a2, c2, k.side);
            if (!a2 || !(k.rm[y0 + 3] & ~(c2 | (l2 << 1) | (r2 >> 1)))) continue;
            roots[count].node.a = a2;
            roots[count].node.c = c2;
            roots[count].node.l = l2;
            roots[count].node.r = r2;
            roots[count].node.y = (uint32_t)y0 + 2;
            roots[count].bit0 = b0;
            roots[count].bit1 = b1;
            count++;
        }
    }
    return count;
}

/* Count the placements below row y0 (its free columns A, not empty; y0 <= last - 4). */
static FLAT_TARGET void FLAT_NAME(sym_flat)(sym_t *s, int y0, uint32_t C, uint32_t L, uint32_t R,
                                            uint32_t A) {
    uint32_t rm[MAXN + 3], ruled[4 * (MAXN + 3)];
    flat_stack_t stack0, stack1;
    mask_t board0[MAXN], board1[MAXN];
    flat_root_t roots[MAXN * MAXN];
    flat_rows_t k;
    flat_walker_t w0, w1;
    long until_stop = STOP_CHECK_PERIOD;
    int count, next = 0, i;
    for (i = 0; i < MAXN + 3; i++) {
        /* the sides taken above: on row BOUND2 none keeps nothing, one keeps the other
         * side, two keep all */
        uint32_t none = !SYM_CORNER && i == s->bound2 ? 0 : ~0u;
        rm[i] = i <= s->last ? (uint32_t)s->rowmask[i] : 0;
        ruled[4 * i] = rm[i] & none;
        ruled[4 * i + 1] = ruled[4 * i + 2] = rm[i] & (none | (uint32_t)s->sidemask);
        ruled[4 * i + 3] = rm[i];
    }
    k.rm = rm;
    k.ruled = ruled;
    k.sides_factor = flat_sides_factor(s->n);
    k.side = (uint32_t)s->sidemask;
    k.lastrow = (uint32_t)s->rowmask[s->last];
    k.topbit = (uint32_t)s->topbit;
    k.endbit = (uint32_t)s->endbit;
    k.pair = (uint32_t)s->last - 1;
    k.last = (uint32_t)s->last;
    k.bound1 = (uint32_t)s->bound1;
    k.bound2 = (uint32_t)s->bound2; /* -1 (the corner part): never a row */
    count = FLAT_NAME(flat_roots)(&k, y0, C, L, R, A, roots);
    memcpy(board0, s->board, sizeof board0);
    memcpy(board1, s->board, sizeof board1);
    w0.stack = &stack0;
    w1.stack = &stack1;
    w0.board = board0;
    w1.board = board1;
    w0.found = w1.found = 0;
    w0.top = w1.top = -1;
    /* both walkers in turn while there are roots, then each alone to its end */
    for (;;) {
        /* a walker done (its next root), or time to look at the stop flag: one branch */
        if (((w0.top | w1.top) < 0) | (--until_stop < 0)) {
            until_stop = STOP_CHECK_PERIOD;
            if (w0.top < 0 && next < count) flat_start(&w0, &roots[next++], y0);
            if (w1.top < 0 && next < count) flat_start(&w1, &roots[next++], y0);
            if ((w0.top | w1.top) < 0 || *s->stop) break;
        }
        FLAT_NAME(flat_step)(s, k, &w0);
        FLAT_NAME(flat_step)(s, k, &w1);
    }
    while (w0.top >= 0 && !*s->stop) FLAT_NAME(flat_step)(s, k, &w0);
    while (w1.top >= 0 && !*s->stop) FLAT_NAME(flat_step)(s, k, &w1);
    if (next < count || w0.top >= 0 || w1.top >= 0) s->stopped = 1;
    s->c8 += w0.found + w1.found;
}

#undef FLAT_NAME
#undef FLAT_TARGET
#undef SYM_CORNER
#undef SYM_SUFFIX
