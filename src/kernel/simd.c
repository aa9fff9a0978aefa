/* simd.c: the vector search's buffers and driver, shared by its instruction
 * sets (whose steps are simd_search.h); compiled only when HAVE_SIMD.
 *
 * ---- the symmetric counter, 16 or 8 nodes at a time (AVX-512, AVX2) ------
 *
 * The same search as symmetric.c's loops, breadth-first within bounded buffers: the
 * nodes of each row wait in a buffer, and are expanded a vector at a time
 * (16 lanes of 32-bit masks with AVX-512F, 8 with AVX2; n <= 32), their
 * surviving children packed into the next row's buffer; a full buffer is
 * emptied (depth first) before its row takes more.  In the symmetric
 * counter a lane whose node has no column left takes the next waiting node
 * at once (refill); the shaped searches run each vector to its end.  The
 * last three rows are counted in place for a whole vector of nodes, without
 * a branch.  The rare complete border placements are classified one by one
 * (sym_check), their rows rebuilt from each node's parent.  The loop above
 * mispredicts a branch on nearly every node; this search does not, which is
 * most of its speed.  Compiled only where HAVE_SIMD (common.h), each
 * instruction set through a target attribute, so no -m flag is needed; the
 * best one the CPU has is chosen at run time.  Everything else runs
 * symmetric.c's loops. */


/* Rows y, y + 1 and y + 2 (the last) from the state of row y, with the
 * board kept: each complete border placement is classified.  Always inlined
 * (into each set's simd_finish): left to the compiler, it went out of line
 * when an unrelated part grew, and count_symmetric(13) with AVX2 took 0.34 %
 * more instructions (callgrind). */
static ALWAYS_INLINE void sym_finish3(sym_t *s, int y, mask_t c, mask_t l, mask_t r) {
    mask_t a0 = sym_avail(s, y, c | l | r, c);
    while (a0) {
        mask_t b0 = a0 & -a0, c1 = c | b0, l1 = (l | b0) << 1, r1 = (r | b0) >> 1, a1;
        a0 ^= b0;
        s->board[y] = b0;
        a1 = sym_avail(s, y + 1, c1 | l1 | r1, c1);
        while (a1) {
            mask_t b1 = a1 & -a1, c2 = c1 | b1, l2 = (l1 | b1) << 1, r2 = (r1 | b1) >> 1, a2;
            a1 ^= b1;
            s->board[y + 1] = b1;
            a2 = sym_avail(s, y + 2, c2 | l2 | r2, c2);
            if (a2) {
                s->board[y + 2] = a2;
                sym_check(s);
            }
        }
    }
}

/* Counters of the vector search, for measuring it (benchmarks/kernel_stats.c
 * builds the kernel with -DQUEENS_STATS; without it they cost nothing).
 * Single-threaded use only. */
#ifdef QUEENS_STATS
static struct {
    uint64_t expanded[MAXN];     /* nodes expanded, by row */
    uint64_t steps, busy, kept;  /* expansion steps; lanes busy and children kept in them */
    uint64_t finished, finish_vectors; /* nodes of the three-row count, vectors run */
    uint64_t classified;         /* border nodes classified one by one */
    int peak;                    /* the most nodes a row's buffer held (the bound: SIMD_ROOM) */
} simd_stats;
#define SIMD_STAT(x) (x)
#else
#define SIMD_STAT(x) ((void)0)
#endif

/* Nodes a row's buffer holds before its row waits (SIMD_CAP), plus room for
 * what may come after that (SIMD_ROOM) and for reading a whole vector past
 * the last node (SIMD_SLACK).  The room: the symmetric counter's vectors in
 * flight (2 of 16 lanes, or 4 of 8: 32 lanes either way) finish their up to
 * 32 columns a lane (2 * 16 * 32 children), and the last of them is written
 * a whole vector long (at most 16); the shaped searches'
 * one vector, up to 33 children a lane (16 * 33), fits in that too.  SIMD_CAP
 * may be set smaller when compiling, to test the search with its buffers
 * always near full (tests/test_kernel_search.py). */
#ifndef SIMD_CAP
#define SIMD_CAP 2048
#endif
#define SIMD_ROOM (2 * 16 * 32 + 16)
#define SIMD_SLACK 16
#define SIMD_ROW (SIMD_CAP + SIMD_ROOM + SIMD_SLACK) /* the length of each array */

typedef struct {
    uint32_t *c, *l, *r;
    uint32_t *parent; /* the shaped search of empty rows: each node's queens still to place; */
                      /* of superqueens: the queen of the row above each node's, as a bit */
                      /* (and after it the knight's attacks on each node's row: KNIGHTS) */
    int count, pos;
} level_t;

/* Parents packed in the columns' word (PARENTS_PACKED; the sets that define
 * PACKED_PARENTS, AVX2's): a node's index in its row's buffer, in bits 19 to
 * 30 of its columns, above the board's (n <= 19) and below the mark (bit 31),
 * so each child carries its parent's index in the columns it copies, where the
 * parents' own array took a permutation and a store more at each step, and a
 * vector more in flight (`kernel_stats 17 avx2 split`: 0.976 to 0.978 of the
 * time, medians of 7 alternating pairs).  Written at the refill, where a
 * node's own index is known; boards wider than 19 columns, and buffers of
 * more than 4,096 nodes, keep the array (SIMD_PARENTS_ARRAY: always). */
#define SIMD_PARENT_SHIFT 19
#define SIMD_PARENT_BITS (((uint32_t)1 << 12) - 1)
#define SIMD_COLUMNS_KEPT (~(SIMD_PARENT_BITS << SIMD_PARENT_SHIFT)) /* columns and mark */
enum { PARENTS_NONE, PARENTS_ARRAY, PARENTS_PACKED }; /* how a row's nodes keep theirs */

static int simd_packs_parents(const sym_t *s) {
#ifdef SIMD_PARENTS_ARRAY /* (tests/test_kernel_search.py: the array on every board) */
    (void)s;
    return 0;
#else
    return SIMD_ROW <= SIMD_PARENT_BITS + 1 && s->n <= SIMD_PARENT_SHIFT;
#endif
}

/* Rebuild the rows y0 .. top-1 of node `i` of row `top` from the parents
 * (packed in the columns' words with `packed`, else in their array). */
static void simd_board(sym_t *s, level_t *levels, int y0, int top, int i, int packed) {
    int y;
    for (y = top; y > y0; y--) {
        int parent = packed ? (int)(levels[y - y0].c[i] >> SIMD_PARENT_SHIFT & SIMD_PARENT_BITS)
                            : (int)levels[y - y0].parent[i];
        s->board[y - 1] = (mask_t)(levels[y - y0].c[i] ^ levels[y - y0 - 1].c[parent]) & s->mask;
        i = parent;
    }
}

/* Marked nodes.  sym_check looks at a border placement's rows only when
 * row BOUND1's queen is on the top column, row BOUND2's on column 0, or
 * the last row's on ENDBIT; any other complete placement is a class of 8.
 * So the border search marks a node (bit 31 of its columns, beyond a board
 * of n <= 31) once either of the first two is among its rows, and the
 * three-row count counts the completions of unmarked nodes whose last
 * queen is not on ENDBIT in place, as for a corner, instead of rebuilding
 * their boards to classify them one by one (measured at n = 17: 11.8
 * million classified before, a fifth of the count's time). */
#define SYM_MARK ((uint32_t)1 << 31)

static int sym_marking(const sym_t *s) { return !s->corner && s->n <= 31; }

/* The mark of a node of row y0 from the rows above it (already on the board). */
static uint32_t sym_mark(const sym_t *s, int y0) {
    if (!sym_marking(s)) return 0;
    if (s->bound1 < y0 && s->board[s->bound1] == s->topbit) return SYM_MARK;
    if (s->bound2 < y0 && s->board[s->bound2] == 1) return SYM_MARK;
    return 0;
}

/* The column a row's queen marks its children on (none: 0). */
static uint32_t sym_mark_column(const sym_t *s, int y) {
    if (!sym_marking(s)) return 0;
    if (y == s->bound1) return (uint32_t)s->topbit;
    if (y == s->bound2) return 1;
    return 0;
}

/* The first `left` lanes of the set `lanes` (which has more). */
static ALWAYS_INLINE unsigned simd_first_lanes(unsigned lanes, int left) {
    unsigned first = 0;
    for (; left > 0; left--) {
        first |= lanes & -lanes;
        lanes &= lanes - 1;
    }
    return first;
}

/* The lanes of a vector that hold nodes: all LANES of them, or the first `left`. */
static ALWAYS_INLINE unsigned simd_lanes(int left, int lanes) {
    return left >= lanes ? (1u << lanes) - 1 : (1u << left) - 1;
}

/* The lanes of a vector of nodes whose last three rows can be completed, a
 * set for each order of their three free columns p < q < t (pqt: p in the
 * first of the rows, q in the second, t in the third). */
typedef struct {
    unsigned pqt, ptq, qpt, qtp, tpq, tqp;
    unsigned hits; /* the lanes with an order that puts a queen on a column of hits_t */
} orders_t;

/* The columns of the three rows (0: none) on which a queen sends its node
 * to be classified; on the last row's, only with the middle row's queen at
 * column bit `middle_from` or above. */
typedef struct {
    uint32_t column[3], middle_from;
} hits_t;

/* Corner nodes: each completion is a class of 8, so only their number
 * counts (LANECOUNT: each set's count of lanes, so a macro). */
#define ORDERS_COUNT(o, valid)                                                             \
    ((uint64_t)(LANECOUNT((o).pqt & (valid)) + LANECOUNT((o).ptq & (valid))               \
                + LANECOUNT((o).qpt & (valid)) + LANECOUNT((o).qtp & (valid))             \
                + LANECOUNT((o).tpq & (valid)) + LANECOUNT((o).tqp & (valid))))

/* Border nodes: the lanes with any completion, to be classified one by one. */
static ALWAYS_INLINE unsigned orders_any(orders_t o, unsigned valid) {
    return (o.pqt | o.ptq | o.qpt | o.qtp | o.tpq | o.tqp) & valid;
}

/* The border nodes `found` (lanes of the vector at `at` of row `top`), one
 * by one: the rows above rebuilt from the parents, the last three searched
 * and each complete placement classified (sym_check). */
static ALWAYS_INLINE void simd_classify(sym_t *s, level_t *levels, int y0, int top, int at,
                                        unsigned found, int packed) {
    const level_t *lv = &levels[top - y0];
    while (found) {
        int i = at + __builtin_ctz(found);
        SIMD_STAT(simd_stats.classified++);
        found &= found - 1;
        simd_board(s, levels, y0, top, i, packed);
        sym_finish3(s, top, lv->c[i] & s->mask, lv->l[i], lv->r[i]);
    }
}

/* Superqueens: a row's knight's attacks, the array after its parents (not a
 * field of level_t, whose size the symmetric counter's rebuild of a board
 * indexes by: 40 bytes are cheaper to index than 48). */
#define KNIGHTS(lv) ((lv)->parent + SIMD_ROW)

/* The buffers of `rows` rows in one block of memory (NULL when it cannot be
 * had), the first row's holding one node: C, L, R (and no knight's attacks).
 * With KNIGHTS (superqueens), a fifth array a row, for the knight's attacks. */
static uint32_t *simd_levels(level_t *levels, int rows, uint32_t C, uint32_t L, uint32_t R,
                             int knights) {
    size_t per_row = SIMD_ROW, arrays = knights ? 5 : 4;
    uint32_t *memory = (uint32_t *)malloc((size_t)rows * arrays * per_row * sizeof(uint32_t));
    int k;
    if (!memory) return NULL;
    for (k = 0; k < rows; k++) {
        uint32_t *base = memory + (size_t)k * arrays * per_row;
        levels[k].c = base;
        levels[k].l = base + per_row;
        levels[k].r = base + 2 * per_row;
        levels[k].parent = base + 3 * per_row;
        levels[k].count = levels[k].pos = 0;
    }
    if (knights) KNIGHTS(&levels[0])[0] = 0;
    levels[0].c[0] = C;
    levels[0].l[0] = L;
    levels[0].r[0] = R;
    levels[0].count = 1;
    return memory;
}

typedef void (*simd_expand_t)(sym_t *s, int y, level_t *from, level_t *to);
typedef void (*simd_finish_t)(sym_t *s, level_t *levels, int y0, int top);

/* The sub-tree below rows 0..y0-1 (state C, L, R of row y0), for any
 * instruction set (its expand and finish steps; inlined, so they are
 * direct calls): row by row, the waiting nodes of a row are expanded while
 * the next row's buffer has room, else that buffer is emptied first; row
 * TOP's are counted to the end (the square counter's: the last three rows;
 * the shaped one's: the last two).  KNIGHTS (a constant): superqueens' rows
 * have the knight's attacks too.  0 when the buffers could not be allocated
 * (the caller falls back to the loop). */
static ALWAYS_INLINE int simd_search(sym_t *s, int y0, int top, uint32_t C, uint32_t L, uint32_t R,
                                     simd_expand_t expand, simd_finish_t finish, int knights) {
    int y;
    level_t levels[MAXN];
    uint32_t *memory = simd_levels(levels, top - y0 + 1, C, L, R, knights);
    if (!memory) return 0;
    levels[0].parent[0] = (uint32_t)s->queens; /* the root has no parent */
    y = y0;
    for (;;) {
        level_t *lv = &levels[y - y0];
        if (y == top) {
            finish(s, levels, y0, top);
            y--;
            continue;
        }
        if (lv->pos < lv->count && levels[y + 1 - y0].count <= SIMD_CAP) {
            expand(s, y, lv, &levels[y + 1 - y0]);
        } else if (levels[y + 1 - y0].count > 0) {
            y++; /* the next row's buffer first */
        } else {
            lv->count = lv->pos = 0;
            if (y == y0) break;
            y--;
            if (*s->stop) { /* once per emptied buffer */
                s->stopped = 1;
                break;
            }
        }
    }
    free(memory);
    return 1;
}

/* A shaped search's two steps (simd_search.h's shaped_steps). */
typedef struct {
    simd_expand_t expand;
    simd_finish_t finish;
} shaped_steps_t;

/* The steps that work on vectors are written once, in simd_search.h, over a
 * few vector operations (V: LANES lanes of 32-bit masks; a set of lanes is
 * an unsigned bit mask), and compiled once per instruction set: _kernel.c
 * includes simd_search.h between the set's operations (simd_avx512.h,
 * simd_avx2.h) and simd_end.h.  Each function has its target attribute:
 * SIMD_STEP for the small steps, always inlined into SIMD_ENTRY ones, the
 * expand and finish steps that simd_search calls. */
#define SIMD_STEP SIMD_TARGET __attribute__((always_inline)) static inline
#define SIMD_ENTRY SIMD_TARGET static

/* Each name in simd_search.h stands for one function (or type, or table) a
 * set: SIMD_PICK(avx2, avx512), defined by the set's operations, picks the
 * set's own, so the compiler, gdb and sanitizers name simd_expand_avx2 (at
 * its line in simd_search.h), and `grep simd_expand_avx2` finds this list.
 * A name used outside the two copies meets no SIMD_PICK and fails to
 * compile; a name missing here clashes between the copies. */
#define simd_put          SIMD_PICK(simd_put_generic, simd_put_avx2, simd_put_avx512)
#define simd_avail        SIMD_PICK(simd_avail_generic, simd_avail_avx2, simd_avail_avx512)
#define flight_t          SIMD_PICK(flight_generic, flight_avx2, flight_avx512)
#define simd_refill       SIMD_PICK(simd_refill_generic, simd_refill_avx2, simd_refill_avx512)
#define simd_refill_full  SIMD_PICK(simd_refill_full_generic, simd_refill_full_avx2, simd_refill_full_avx512)
#define simd_refill_spread SIMD_PICK(simd_refill_spread_generic, simd_refill_spread_avx2, simd_refill_spread_avx512)
#define simd_step         SIMD_PICK(simd_step_generic, simd_step_avx2, simd_step_avx512)
#define simd_expand       SIMD_PICK(simd_expand_generic, simd_expand_avx2, simd_expand_avx512)
#define simd_expand_row   SIMD_PICK(simd_expand_row_generic, simd_expand_row_avx2, simd_expand_row_avx512)
#define simd_expand_border SIMD_PICK(simd_expand_border_generic, simd_expand_border_avx2, simd_expand_border_avx512)
#define simd_orders       SIMD_PICK(simd_orders_generic, simd_orders_avx2, simd_orders_avx512)
#define simd_completions  SIMD_PICK(simd_completions_generic, simd_completions_avx2, simd_completions_avx512)
#define free3_t           SIMD_PICK(free3_generic, free3_avx2, free3_avx512)
#define simd_free3        SIMD_PICK(simd_free3_generic, simd_free3_avx2, simd_free3_avx512)
#define simd_finish       SIMD_PICK(simd_finish_generic, simd_finish_avx2, simd_finish_avx512)
#define sym_search        SIMD_PICK(sym_search_generic, sym_search_avx2, sym_search_avx512)
#define simd_left         SIMD_PICK(simd_left_generic, simd_left_avx2, simd_left_avx512)
#define simd_right        SIMD_PICK(simd_right_generic, simd_right_avx2, simd_right_avx512)
#define shape_step        SIMD_PICK(shape_step_generic, shape_step_avx2, shape_step_avx512)
#define simd_popbytes     SIMD_PICK(simd_popbytes_generic, simd_popbytes_avx2, simd_popbytes_avx512)
#define simd_bytesum      SIMD_PICK(simd_bytesum_generic, simd_bytesum_avx2, simd_bytesum_avx512)
#define simd_popcount     SIMD_PICK(simd_popcount_generic, simd_popcount_avx2, simd_popcount_avx512)
#define simd_pairs        SIMD_PICK(simd_pairs_generic, simd_pairs_avx2, simd_pairs_avx512)
#define simd_last_two     SIMD_PICK(simd_last_two_generic, simd_last_two_avx2, simd_last_two_avx512)
#define gaps_step         SIMD_PICK(gaps_step_generic, gaps_step_avx2, gaps_step_avx512)
#define shape_expand      SIMD_PICK(shape_expand_generic, shape_expand_avx2, shape_expand_avx512)
#define torus_expand      SIMD_PICK(torus_expand_generic, torus_expand_avx2, torus_expand_avx512)
#define super_expand      SIMD_PICK(super_expand_generic, super_expand_avx2, super_expand_avx512)
#define gaps_expand       SIMD_PICK(gaps_expand_generic, gaps_expand_avx2, gaps_expand_avx512)
#define torus_gaps_expand SIMD_PICK(torus_gaps_expand_generic, torus_gaps_expand_avx2, torus_gaps_expand_avx512)
#define shape_finish      SIMD_PICK(shape_finish_generic, shape_finish_avx2, shape_finish_avx512)
#define torus_finish      SIMD_PICK(torus_finish_generic, torus_finish_avx2, torus_finish_avx512)
#define super_finish      SIMD_PICK(super_finish_generic, super_finish_avx2, super_finish_avx512)
#define gaps_finish       SIMD_PICK(gaps_finish_generic, gaps_finish_avx2, gaps_finish_avx512)
#define torus_gaps_finish SIMD_PICK(torus_gaps_finish_generic, torus_gaps_finish_avx2, torus_gaps_finish_avx512)
#define shaped_steps      SIMD_PICK(shaped_steps_generic, shaped_steps_avx2, shaped_steps_avx512)
