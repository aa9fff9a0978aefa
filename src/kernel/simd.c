/* ---- the symmetric counter, 16 or 8 nodes at a time (AVX-512, AVX2) ------
 *
 * The same search as above, breadth-first within bounded buffers: the
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
 * most of its speed.  Compiled only for x86-64 with GCC or Clang (not on Windows,
 * where GCC cannot align the stack for vector values; nor with
 * -DQUEENS_NO_SIMD), each instruction set through a target attribute, so
 * no -m flag is needed; the best one the CPU has is chosen at run time.
 * Everything else runs the loop above. */


/* Rows y, y + 1 and y + 2 (the last) from the state of row y, with the
 * board kept: each complete border placement is classified. */
static void sym_finish3(sym_t *s, int y, mask_t c, mask_t l, mask_t r) {
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

/* Rebuild the rows y0 .. top-1 of node `i` of row `top` from the parents. */
static void simd_board(sym_t *s, level_t *levels, int y0, int top, int i) {
    int y;
    for (y = top; y > y0; y--) {
        int parent = (int)levels[y - y0].parent[i];
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
    while (__builtin_popcount(lanes) > left) lanes &= ~(1u << (31 - __builtin_clz(lanes)));
    return lanes;
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

/* Corner nodes: each completion is a class of 8, so only their number counts. */
static ALWAYS_INLINE uint64_t orders_count(orders_t o, unsigned valid) {
    return (uint64_t)(__builtin_popcount(o.pqt & valid) + __builtin_popcount(o.ptq & valid)
                      + __builtin_popcount(o.qpt & valid) + __builtin_popcount(o.qtp & valid)
                      + __builtin_popcount(o.tpq & valid) + __builtin_popcount(o.tqp & valid));
}

/* Border nodes: the lanes with any completion, to be classified one by one. */
static ALWAYS_INLINE unsigned orders_any(orders_t o, unsigned valid) {
    return (o.pqt | o.ptq | o.qpt | o.qtp | o.tpq | o.tqp) & valid;
}

/* The border nodes `found` (lanes of the vector at `at` of row `top`), one
 * by one: the rows above rebuilt from the parents, the last three searched
 * and each complete placement classified (sym_check). */
static ALWAYS_INLINE void simd_classify(sym_t *s, level_t *levels, int y0, int top, int at,
                                        unsigned found) {
    const level_t *lv = &levels[top - y0];
    while (found) {
        int i = at + __builtin_ctz(found);
        SIMD_STAT(simd_stats.classified++);
        found &= found - 1;
        simd_board(s, levels, y0, top, i);
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

/* The steps that work on vectors, written once over a few vector
 * primitives (V: LANES lanes of 32-bit masks; a set of lanes is an
 * unsigned bit mask) and compiled for each instruction set by
 * SIMD_SEARCH(ISA, TARGET) below; the small ones are inlined into the two
 * that simd_search calls (expand and finish). */
#define SIMD_STEP(TARGET) __attribute__((target(TARGET), always_inline)) static inline
#define SIMD_SEARCH(ISA, TARGET)                                                    \
/* Pack the lanes `keep` of each vector at the end of `to` (with PARENTS, a  */    \
/* constant: the shaped search of full rows keeps none but superqueens'; and */    \
/* with KNIGHTS, superqueens', the knight's attacks `kn`).                   */    \
SIMD_STEP(TARGET) void simd_put_##ISA(level_t *to, unsigned keep, V c, V l, V r,   \
                                      V parent, int parents, V kn, int knights) {  \
    /* (the arrays and the packing read once, before the stores, which the     */  \
    /* compiler cannot tell from them: measured, AVX2 reloaded its table)       */  \
    int at = to->count;                                                            \
    uint32_t *cs = to->c + at, *ls = to->l + at, *rs = to->r + at;                 \
    uint32_t *ps = to->parent + at, *ks = KNIGHTS(to) + at;                        \
    PACKING how = PACK(keep);                                                      \
    STOREU(cs, COMPRESS(how, c));                                                  \
    STOREU(ls, COMPRESS(how, l));                                                  \
    STOREU(rs, COMPRESS(how, r));                                                  \
    if (parents) STOREU(ps, COMPRESS(how, parent));                                \
    if (knights) STOREU(ks, COMPRESS(how, kn));                                    \
    to->count = at + __builtin_popcount(keep);                                     \
    SIMD_STAT(simd_stats.peak = to->count > simd_stats.peak ? to->count : simd_stats.peak); \
}                                                                                  \
                                                                                   \
/* Row y's free columns for each node (c, l, r) of the lanes `*valid`, the   */    \
/* others zero.  Row BOUND2's rule: a node with neither side column taken    */    \
/* above has no child (its lane leaves *valid); with one, only the other.    */    \
SIMD_STEP(TARGET) V simd_avail_##ISA(const sym_t *s, int y, V c, V l, V r, unsigned *valid) { \
    V avail = ANDNOT(OR(c, OR(l, r)), SET1(s->rowmask[y]));                        \
    if (!s->corner && y == s->bound2) {                                            \
        V side = SET1(s->sidemask), used = AND(c, side);                           \
        *valid &= NZ(used);                                                        \
        avail = SELECT(~EQM(used, side), AND(avail, side), avail);                 \
    }                                                                              \
    return SELECT(*valid, avail, ZERO);                                            \
}                                                                                  \
                                                                                   \
/* A vector of nodes of row y in flight: their state (c, l, r), their index  */    \
/* in the row's buffer (parent) and the free columns not yet tried (avail).  */    \
typedef struct {                                                                   \
    V c, l, r, parent, avail;                                                      \
} flight_##ISA;                                                                    \
                                                                                   \
/* Refill the lanes of `f` with no column left (all, when it is new) with    */    \
/* the next nodes waiting in `from`, in order, as many as there are.  A new  */    \
/* node with no free column (row BOUND2's rule) leaves its lane empty until   */    \
/* the next refill.                                                          */    \
SIMD_STEP(TARGET) void simd_refill_##ISA(const sym_t *s, int y, level_t *from,    \
                                         flight_##ISA *f) {                        \
    unsigned take = ~NZ(f->avail) & ((1u << LANES) - 1), valid;                    \
    int at = from->pos, left = from->count - at;                                   \
    if (!take || left <= 0) return;                                                \
    if (__builtin_popcount(take) > left) take = simd_first_lanes(take, left);      \
    f->c = EXPAND(f->c, take, LOADU(from->c + at));                                \
    f->l = EXPAND(f->l, take, LOADU(from->l + at));                                \
    f->r = EXPAND(f->r, take, LOADU(from->r + at));                                \
    f->parent = EXPAND(f->parent, take, ADD(SET1(at), IOTA));                      \
    from->pos = at + __builtin_popcount(take);                                     \
    SIMD_STAT(simd_stats.expanded[y] += (uint64_t)__builtin_popcount(take));       \
    valid = take;                                                                  \
    f->avail = SELECT(take, simd_avail_##ISA(s, y, f->c, f->l, f->r, &valid), f->avail); \
}                                                                                  \
                                                                                   \
/* One step of `f`: a child on the lowest free column of every busy lane,    */    \
/* kept when its next row (and the one after) keep a free column; with       */    \
/* MARKING, a child whose queen is on the column `marked` is marked.          */    \
SIMD_STEP(TARGET) void simd_step_##ISA(level_t *to, flight_##ISA *f, V next, V after, \
                                       int marking, V marked) {                    \
    unsigned live = NZ(f->avail), keep;                                            \
    V bit = AND(f->avail, SUB(ZERO, f->avail));                                    \
    V cc = OR(f->c, bit), ll = SHL(OR(f->l, bit), 1), rr = SHR(OR(f->r, bit), 1);  \
    if (marking) cc = SELECT(EQM(bit, marked), OR(cc, SET1(SYM_MARK)), cc);        \
    V a1 = ANDNOT(OR(cc, OR(ll, rr)), next);                                       \
    V a2 = ANDNOT(OR(cc, OR(SHL(ll, 1), SHR(rr, 1))), after);                      \
    keep = live & NZ(a1) & NZ(a2);                                                 \
    SIMD_STAT((simd_stats.steps++, simd_stats.busy += (uint64_t)__builtin_popcount(live), \
               simd_stats.kept += (uint64_t)__builtin_popcount(keep)));            \
    if (keep) simd_put_##ISA(to, keep, cc, ll, rr, f->parent, 1, ZERO, 0);        \
    f->avail = XOR(f->avail, bit);                                                 \
}                                                                                  \
                                                                                   \
/* Expand the waiting nodes of row y into row y + 1's buffer, FLIGHTS        */    \
/* vectors in flight (their steps overlap in the CPU: 2 with AVX-512, 4 of   */    \
/* AVX2's narrower ones, measured 4 % faster than 2), each taking a free     */    \
/* column of every lane at a time; a lane whose node has no column left      */    \
/* takes the next waiting node at once (refill) while row y + 1's buffer is  */    \
/* within SIMD_CAP, instead of idling until its whole vector is done         */    \
/* (measured: ~0.54 of the lanes were busy without refill at n = 16).        */    \
/* Refilled only within SIMD_CAP, the FLIGHTS * LANES (at most 32) lanes     */    \
/* then hold at most 32 columns each still to try: row y + 1 ends within     */    \
/* SIMD_CAP + 2 * 16 * 32 (SIMD_ROOM).  (The rows' buffers are copied into   */    \
/* locals, kept in registers: through the pointers, each put reloaded them   */    \
/* and the count after the stores.)                                          */    \
__attribute__((target(TARGET))) static void simd_expand_##ISA(sym_t *s, int y,   \
                                                              level_t *from_row,   \
                                                              level_t *to_row) {   \
    V next = SET1(s->rowmask[y + 1]), after = SET1(s->rowmask[y + 2]);             \
    uint32_t column = sym_mark_column(s, y);                                       \
    const int marking = column != 0;                                               \
    V marked = SET1(column);                                                       \
    level_t from_copy = *from_row, to_copy = *to_row;                              \
    level_t *from = &from_copy, *to = &to_copy;                                    \
    flight_##ISA f0, f1, f2, f3; /* the first FLIGHTS of them (2 or 4) in use */   \
    f0.c = f0.l = f0.r = f0.parent = f0.avail = ZERO;                              \
    f1 = f2 = f3 = f0;                                                             \
    simd_refill_##ISA(s, y, from, &f0);                                            \
    simd_refill_##ISA(s, y, from, &f1);                                            \
    if (FLIGHTS > 2) {                                                             \
        simd_refill_##ISA(s, y, from, &f2);                                        \
        simd_refill_##ISA(s, y, from, &f3);                                        \
    }                                                                              \
    while (NZ(FLIGHTS > 2 ? OR(OR(f0.avail, f1.avail), OR(f2.avail, f3.avail))     \
                          : OR(f0.avail, f1.avail))) {                             \
        simd_step_##ISA(to, &f0, next, after, marking, marked);                    \
        simd_step_##ISA(to, &f1, next, after, marking, marked);                    \
        if (FLIGHTS > 2) {                                                         \
            simd_step_##ISA(to, &f2, next, after, marking, marked);                \
            simd_step_##ISA(to, &f3, next, after, marking, marked);                \
        }                                                                          \
        if (to->count <= SIMD_CAP && from->pos < from->count) {                    \
            simd_refill_##ISA(s, y, from, &f0);                                    \
            simd_refill_##ISA(s, y, from, &f1);                                    \
            if (FLIGHTS > 2) {                                                     \
                simd_refill_##ISA(s, y, from, &f2);                                \
                simd_refill_##ISA(s, y, from, &f3);                                \
            }                                                                      \
        }                                                                          \
    }                                                                              \
    from_row->pos = from->pos;                                                     \
    to_row->count = to->count;                                                     \
}                                                                                  \
                                                                                   \
/* The orders in which a vector of nodes (c, l, r) of row `top` completes    */    \
/* the last three rows (masks m0, m1, m2 of the board's columns `full`):     */    \
/* each queen on a column its row has free, no two on a diagonal.            */    \
SIMD_STEP(TARGET) orders_t simd_orders_##ISA(V full, V m0, V m1, V m2, V c, V l, V r, \
                                              const hits_t *hit) {                 \
    V f = ANDNOT(c, full), p = AND(f, SUB(ZERO, f)), f2 = XOR(f, p);               \
    V q = AND(f2, SUB(ZERO, f2)), t = XOR(f2, q);                                  \
    V a0 = AND(f, ANDNOT(OR(l, r), m0));                                           \
    V a1 = AND(f, ANDNOT(OR(SHL(l, 1), SHR(r, 1)), m1));                           \
    V a2 = AND(f, ANDNOT(OR(SHL(l, 2), SHR(r, 2)), m2));                           \
    unsigned p0 = NZ(AND(a0, p)), q0 = NZ(AND(a0, q)), t0 = NZ(AND(a0, t));        \
    unsigned p1 = NZ(AND(a1, p)), q1 = NZ(AND(a1, q)), t1 = NZ(AND(a1, t));        \
    unsigned p2 = NZ(AND(a2, p)), q2 = NZ(AND(a2, q)), t2 = NZ(AND(a2, t));        \
    /* one apart: not in adjacent rows; two apart: not two rows apart */           \
    unsigned pq1 = EQM(q, SHL(p, 1)), qt1 = EQM(t, SHL(q, 1));                     \
    unsigned pq2 = EQM(q, SHL(p, 2)), qt2 = EQM(t, SHL(q, 2));                     \
    unsigned pt2 = EQM(t, SHL(p, 2));                                              \
    orders_t o;                                                                    \
    o.pqt = p0 & q1 & t2 & ~pq1 & ~qt1 & ~pt2;                                     \
    o.ptq = p0 & t1 & q2 & ~qt1 & ~pq2;                                            \
    o.qpt = q0 & p1 & t2 & ~pq1 & ~qt2;                                            \
    o.qtp = q0 & t1 & p2 & ~qt1 & ~pq2;                                            \
    o.tpq = t0 & p1 & q2 & ~pq1 & ~qt2;                                            \
    o.tqp = t0 & q1 & p2 & ~qt1 & ~pq1 & ~pt2;                                     \
    o.hits = 0;                                                                    \
    if (hit->column[0]) {                                                          \
        V h = SET1(hit->column[0]);                                                \
        o.hits |= ((o.pqt | o.ptq) & EQM(p, h)) | ((o.qpt | o.qtp) & EQM(q, h))    \
                  | ((o.tpq | o.tqp) & EQM(t, h));                                 \
    }                                                                              \
    if (hit->column[1]) {                                                          \
        V h = SET1(hit->column[1]);                                                \
        o.hits |= ((o.qpt | o.tpq) & EQM(p, h)) | ((o.pqt | o.tqp) & EQM(q, h))    \
                  | ((o.ptq | o.qtp) & EQM(t, h));                                 \
    }                                                                              \
    if (hit->column[2]) {                                                          \
        V h = SET1(hit->column[2]), below = SET1(hit->middle_from - 1);            \
        unsigned gp = GTM(p, below), gq = GTM(q, below), gt = GTM(t, below);       \
        o.hits |= (((o.qtp & gt) | (o.tqp & gq)) & EQM(p, h))                      \
                  | (((o.ptq & gt) | (o.tpq & gp)) & EQM(q, h))                    \
                  | (((o.pqt & gq) | (o.qpt & gp)) & EQM(t, h));                   \
    }                                                                              \
    return o;                                                                      \
}                                                                                  \
                                                                                   \
/* Count the last three rows of every node of row `top` (= last - 2), a      */    \
/* vector at a time.  Row BOUND2's rule there: no side queen below BOUND2.   */    \
/* Border nodes are classified one by one, except the unmarked ones none of  */    \
/* whose completions puts the last row's queen on ENDBIT, or row BOUND2's    */    \
/* (when among the three) on column 0: those are classes of 8 (SYM_MARK).    */    \
/* (The orders are then exactly the completions: the three rows cover the    */    \
/* board's free columns, so with no side column after BOUND2, the rows down  */    \
/* to BOUND2 cover both, which is all its rule asks.)  With row 1 above the  */    \
/* sub-tree, a last queen on ENDBIT counts only with the middle row's on or  */    \
/* left of row 1's mirror image: else sym_check's half-turn comparison ends  */    \
/* at its first row (row 1 against the mirror of row last - 1), in favour.   */    \
__attribute__((target(TARGET))) static void simd_finish_##ISA(sym_t *s, level_t *levels, \
                                                              int y0, int top) {   \
    level_t *lv = &levels[top - y0];                                               \
    V full = SET1(s->mask), side = SET1(s->sidemask);                              \
    V m0 = SET1(s->rowmask[top]), m1 = SET1(s->rowmask[top + 1]);                  \
    V m2 = SET1(s->rowmask[top + 2]);                                              \
    V mark = SET1(SYM_MARK);                                                       \
    const int quick = sym_marking(s);                                              \
    hits_t hit = {{0, 0, 0}, 1};                                                   \
    int at;                                                                        \
    if (quick) {                                                                   \
        hit.column[2] = (uint32_t)s->endbit;                                       \
        if (y0 >= 2) /* row 1's mirror image */                                    \
            hit.middle_from = (uint32_t)(s->topbit >> lowest_index(s->board[1]));  \
        if (s->bound2 >= top) hit.column[s->bound2 - top] = 1;                     \
    }                                                                              \
    if (!s->corner && s->bound2 == top) m1 = ANDNOT(side, m1);                     \
    if (!s->corner && (s->bound2 == top || s->bound2 == top + 1)) m2 = ANDNOT(side, m2); \
    for (at = 0; at < lv->count; at += LANES) {                                    \
        unsigned valid = simd_lanes(lv->count - at, LANES);                        \
        V c = LOADU(lv->c + at);                                                   \
        orders_t o = simd_orders_##ISA(full, m0, m1, m2, c, LOADU(lv->l + at),     \
                                       LOADU(lv->r + at), &hit);                   \
        SIMD_STAT((simd_stats.finish_vectors++,                                    \
                   simd_stats.finished += (uint64_t)__builtin_popcount(valid)));   \
        if (s->corner) {                                                           \
            s->c8 += orders_count(o, valid);                                       \
        } else if (quick) {                                                        \
            unsigned slow = orders_any(o, valid) & (NZ(AND(c, mark)) | o.hits);    \
            s->c8 += orders_count(o, valid & ~slow);                               \
            simd_classify(s, levels, y0, top, at, slow);                           \
        } else {                                                                   \
            simd_classify(s, levels, y0, top, at, orders_any(o, valid));           \
        }                                                                          \
    }                                                                              \
    lv->count = lv->pos = 0;                                                       \
}                                                                                  \
                                                                                   \
static int sym_search_##ISA(sym_t *s, int y0, uint32_t C, uint32_t L, uint32_t R) { \
    return simd_search(s, y0, s->last - 2, C | sym_mark(s, y0), L, R, simd_expand_##ISA, \
                       simd_finish_##ISA, 0);                                       \
}                                                                                  \
                                                                                   \
/* A row's diagonals one row down under RULE (a constant): shifted by one  */    \
/* column, or on the torus rotated around the board's `full` width, whose   */    \
/* last column `back` (a shift count) the first one's bit goes round to.     */    \
SIMD_STEP(TARGET) V simd_left_##ISA(V x, int rule, V full, __m128i back) {         \
    if (rule != RULE_TOROIDAL) return SHL(x, 1);                                   \
    return AND(OR(SHL(x, 1), SHRV(x, back)), full);                                \
}                                                                                  \
                                                                                   \
SIMD_STEP(TARGET) V simd_right_##ISA(V x, int rule, V full, __m128i back) {        \
    if (rule != RULE_TOROIDAL) return SHR(x, 1);                                   \
    return AND(OR(SHR(x, 1), SHLV(x, back)), full);                                \
}                                                                                  \
                                                                                   \
/* The shaped counter (a queen in every row of s->rowmask, no symmetry):     */    \
/* the same expansion without the border rule, a child kept when its row     */    \
/* has a free column; every child is a node of the plain tree, counted.      */    \
/* Under RULE (a constant) a superqueen node also carries the knight's       */    \
/* attacks on its row (kn) and the queen of the row above (in `parent`):     */    \
/* its child's row is attacked two columns off its queen, one off that one.  */    \
SIMD_STEP(TARGET) void shape_step_##ISA(sym_t *s, int y, level_t *from, level_t *to, \
                                        int rule) {                                \
    const int knights = rule == RULE_SUPERQUEEN;                                   \
    int at = from->pos, left = from->count - at;                                   \
    unsigned valid = simd_lanes(left, LANES), live;                                \
    V c = LOADU(from->c + at), l = LOADU(from->l + at), r = LOADU(from->r + at);   \
    V kn = knights ? LOADU(KNIGHTS(from) + at) : ZERO;                             \
    V above = knights ? LOADU(from->parent + at) : ZERO;                           \
    V jumps = knights ? OR(SHL(above, 1), SHR(above, 1)) : ZERO;                   \
    V avail = SELECT(valid, ANDNOT(OR(OR(c, kn), OR(l, r)), SET1(s->rowmask[y])), ZERO); \
    V next = SET1(s->rowmask[y + 1]), full = SET1(s->mask);                        \
    __m128i back = _mm_cvtsi32_si128(s->n - 1);                                    \
    uint64_t placed = 0;                                                           \
    from->pos = at + (left >= LANES ? LANES : left);                               \
    while ((live = NZ(avail)) != 0) {                                              \
        V bit = AND(avail, SUB(ZERO, avail)), cc = OR(c, bit);                     \
        V ll = simd_left_##ISA(OR(l, bit), rule, full, back);                      \
        V rr = simd_right_##ISA(OR(r, bit), rule, full, back);                     \
        V kk = knights ? OR(jumps, OR(SHL(bit, 2), SHR(bit, 2))) : ZERO;           \
        unsigned keep = live & NZ(ANDNOT(OR(OR(cc, kk), OR(ll, rr)), next));      \
        placed += (uint64_t)__builtin_popcount(live);                              \
        if (keep) simd_put_##ISA(to, keep, cc, ll, rr, bit, knights, kk, knights); \
        avail = XOR(avail, bit);                                                   \
    }                                                                              \
    s->nodes += placed;                                                            \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void shape_expand_##ISA(sym_t *s, int y,    \
                                                               level_t *from, level_t *to) { \
    shape_step_##ISA(s, y, from, to, RULE_QUEEN);                                  \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void torus_expand_##ISA(sym_t *s, int y,    \
                                                               level_t *from, level_t *to) { \
    shape_step_##ISA(s, y, from, to, RULE_TOROIDAL);                               \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void super_expand_##ISA(sym_t *s, int y,    \
                                                               level_t *from, level_t *to) { \
    shape_step_##ISA(s, y, from, to, RULE_SUPERQUEEN);                             \
}                                                                                  \
                                                                                   \
/* The bits set in each byte; their sum in each lane (bytes up to 63 each);  */    \
/* the bits set in each lane.                                                */    \
SIMD_STEP(TARGET) V simd_popbytes_##ISA(V x) {                                     \
    x = SUB(x, AND(SHR(x, 1), SET1(0x55555555u)));                                 \
    x = ADD(AND(x, SET1(0x33333333u)), AND(SHR(x, 2), SET1(0x33333333u)));         \
    return AND(ADD(x, SHR(x, 4)), SET1(0x0f0f0f0fu));                              \
}                                                                                  \
                                                                                   \
SIMD_STEP(TARGET) V simd_bytesum_##ISA(V x) {                                      \
    x = ADD(x, SHR(x, 8));                                                         \
    return AND(ADD(x, SHR(x, 16)), SET1(0xffu));                                   \
}                                                                                  \
                                                                                   \
SIMD_STEP(TARGET) V simd_popcount_##ISA(V x) {                                     \
    return simd_bytesum_##ISA(simd_popbytes_##ISA(x));                             \
}                                                                                  \
                                                                                   \
/* The pairs of a column of a0 and one of a1 (the row below) that do not   */    \
/* attack each other under RULE (a constant): |a0| |a1| (p0, p1) less those */    \
/* on one column or one diagonal (on the torus, the diagonals go round the   */    \
/* width: a board of 3 columns or more, so the three are different          */    \
/* columns), or superqueens a knight's jump apart (their bytes' counts      */    \
/* summed first: at most 40 a byte).                                         */    \
SIMD_STEP(TARGET) V simd_pairs_##ISA(V a0, V a1, V p0, V p1, int rule, V full,    \
                                     __m128i back) {                               \
    V clash = ADD(simd_popbytes_##ISA(AND(a0, a1)),                                \
                  ADD(simd_popbytes_##ISA(AND(simd_left_##ISA(a0, rule, full, back), a1)), \
                      simd_popbytes_##ISA(AND(simd_right_##ISA(a0, rule, full, back), a1)))); \
    if (rule == RULE_SUPERQUEEN)                                                   \
        clash = ADD(clash, ADD(simd_popbytes_##ISA(AND(SHL(a0, 2), a1)),           \
                               simd_popbytes_##ISA(AND(SHR(a0, 2), a1))));         \
    return SUB(MUL(p0, p1), simd_bytesum_##ISA(clash));                            \
}                                                                                  \
                                                                                   \
/* Count the last two rows of every node of `lv` (row `top`) in place, a    */    \
/* vector at a time: a0, a1 the rows' free columns (a1 without row top's     */    \
/* queen).  With GAPS (a constant: the search of empty rows) a node has one  */    \
/* or two queens left: two go to the pairs of free columns, one to either    */    \
/* row (when row top may stay empty, or the last row may: no required row    */    \
/* there); else every node has two.  RULE (a constant; not superqueens'    */    \
/* with GAPS): the torus's rotated diagonals; superqueens' knight's attacks */    \
/* on row top (kn) and from the queen of the row above it on the last row.   */    \
SIMD_STEP(TARGET) void simd_last_two_##ISA(sym_t *s, level_t *lv, int top, int gaps, \
                                           int rule) {                             \
    const int upper = s->need[top + 1] == 0, lower = s->need[top] == s->need[top + 1]; \
    V m0 = SET1(s->rowmask[top]), m1 = SET1(s->rowmask[top + 1]), first = SET1(s->first); \
    V found = ZERO, placed = ZERO, full = SET1(s->mask);                           \
    __m128i back = _mm_cvtsi32_si128(s->n - 1);                                    \
    uint32_t sums[2][LANES];                                                       \
    int at, k;                                                                     \
    for (at = 0; at < lv->count; at += LANES) {                                    \
        unsigned valid = simd_lanes(lv->count - at, LANES), pair = valid, single = 0; \
        V c = LOADU(lv->c + at), l = LOADU(lv->l + at), r = LOADU(lv->r + at);     \
        V kn = ZERO, jumps = ZERO, p0, p1, pairs, one;                             \
        V a0, a1;                                                                  \
        if (rule == RULE_SUPERQUEEN) {                                             \
            V above = LOADU(lv->parent + at);                                      \
            kn = LOADU(KNIGHTS(lv) + at);                                          \
            jumps = OR(SHL(above, 1), SHR(above, 1));                              \
        }                                                                          \
        a0 = ANDNOT(OR(OR(c, kn), OR(l, r)), m0);                                  \
        a1 = ANDNOT(OR(OR(c, jumps), OR(simd_left_##ISA(l, rule, full, back),      \
                                        simd_right_##ISA(r, rule, full, back))), m1); \
        if (gaps) {                                                                \
            V queens = LOADU(lv->parent + at);                                     \
            a0 = SELECT(EQM(queens, SET1(s->queens)), AND(a0, first), a0);         \
            if (s->queens == 1) a1 = AND(a1, first); /* (no pair then) */          \
            pair &= EQM(queens, SET1(2));                                          \
            single = valid & EQM(queens, SET1(1));                                 \
        } else {                                                                   \
            a0 = SELECT(valid, a0, ZERO);                                          \
        }                                                                          \
        p0 = simd_popcount_##ISA(a0);                                              \
        p1 = simd_popcount_##ISA(a1);                                              \
        pairs = simd_pairs_##ISA(a0, a1, p0, p1, rule, full, back);                \
        if (gaps) {                                                                \
            one = ADD(upper ? p0 : ZERO, lower ? p1 : ZERO);                       \
            found = ADD(found, SELECT(pair, pairs, SELECT(single, one, ZERO)));    \
            placed = ADD(placed, SELECT(pair, ADD(p0, pairs), SELECT(single, one, ZERO))); \
        } else {                                                                   \
            found = ADD(found, pairs);                                             \
            placed = ADD(placed, ADD(p0, pairs));                                  \
        }                                                                          \
    }                                                                              \
    STOREU(sums[0], found);                                                        \
    STOREU(sums[1], placed);                                                       \
    for (k = 0; k < LANES; k++) {                                                  \
        s->c8 += sums[0][k];                                                       \
        s->nodes += sums[1][k];                                                    \
    }                                                                              \
    lv->count = lv->pos = 0;                                                       \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void shape_finish_##ISA(sym_t *s, level_t *levels, \
                                                               int y0, int top) {  \
    simd_last_two_##ISA(s, &levels[top - y0], top, 0, RULE_QUEEN);                 \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void torus_finish_##ISA(sym_t *s, level_t *levels, \
                                                               int y0, int top) {  \
    simd_last_two_##ISA(s, &levels[top - y0], top, 0, RULE_TOROIDAL);              \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void super_finish_##ISA(sym_t *s, level_t *levels, \
                                                               int y0, int top) {  \
    simd_last_two_##ISA(s, &levels[top - y0], top, 0, RULE_SUPERQUEEN);            \
}                                                                                  \
                                                                                   \
/* simd_search inlined once per rule (direct calls to its steps); the other */    \
/* rules' copies out of line, so that the queen's stays as it was compiled   */    \
/* alone (measured: its driver loop took more instructions inlined beside   */    \
/* the others).                                                              */    \
__attribute__((noinline)) static int torus_search_##ISA(sym_t *s) {                \
    return simd_search(s, 0, s->last - 1, 0, 0, 0, torus_expand_##ISA, torus_finish_##ISA, 0); \
}                                                                                  \
                                                                                   \
__attribute__((noinline)) static int super_search_##ISA(sym_t *s) {                \
    return simd_search(s, 0, s->last - 1, 0, 0, 0, super_expand_##ISA, super_finish_##ISA, 1); \
}                                                                                  \
                                                                                   \
static int shape_search_##ISA(sym_t *s) {                                          \
    if (s->rule == RULE_TOROIDAL) return torus_search_##ISA(s);                    \
    if (s->rule == RULE_SUPERQUEEN) return super_search_##ISA(s);                  \
    return simd_search(s, 0, s->last - 1, 0, 0, 0, shape_expand_##ISA, shape_finish_##ISA, 0); \
}                                                                                  \
                                                                                   \
/* The shaped counter of boards with empty rows (k < rows; RULE, a         */    \
/* constant, the queen's or the torus's): each node carries its queens      */    \
/* still to place (in `parent`).  A node's children are its empty child     */    \
/* (when the rows below can still hold its queens) and a queen on each free  */    \
/* column (when the required rows below leave room); a queen that is a       */    \
/* node's last is a solution, counted, not kept.  A child that must fill     */    \
/* every row below is kept only when the next one has a free column.         */    \
SIMD_STEP(TARGET) void gaps_step_##ISA(sym_t *s, int y, level_t *from, level_t *to, \
                                       int rule) {                                 \
    const int rows = s->last + 1;                                                  \
    V full = SET1(s->mask);                                                        \
    __m128i back = _mm_cvtsi32_si128(s->n - 1);                                    \
    int at = from->pos, left = from->count - at;                                   \
    unsigned valid = simd_lanes(left, LANES), live, ones, tight, empty, firsts;    \
    V c = LOADU(from->c + at), l = LOADU(from->l + at), r = LOADU(from->r + at);   \
    V queens = LOADU(from->parent + at), fewer = SUB(queens, SET1(1));             \
    V avail = ANDNOT(OR(c, OR(l, r)), SET1(s->rowmask[y]));                        \
    V next = SET1(s->rowmask[y + 1]);                                              \
    uint64_t placed = 0, found = 0;                                                \
    from->pos = at + (left >= LANES ? LANES : left);                               \
    firsts = EQM(queens, SET1(s->queens));                                         \
    if (firsts) avail = SELECT(firsts, AND(avail, SET1(s->first)), avail);         \
    avail = SELECT(valid & GTM(queens, SET1(s->need[y + 1])), avail, ZERO);        \
    ones = EQM(queens, SET1(1));                                                   \
    tight = EQM(queens, SET1(rows - y));                                           \
    empty = s->need[y] == s->need[y + 1] ? valid & GTM(SET1(rows - y), queens) : 0; \
    if ((ones &= valid) != 0) { /* the last queens: counted at once */             \
        uint32_t sums[LANES];                                                      \
        int k;                                                                     \
        STOREU(sums, simd_popcount_##ISA(SELECT(ones, avail, ZERO)));              \
        for (k = 0; k < LANES; k++) found += sums[k];                              \
        placed += found;                                                           \
        avail = SELECT(ones, ZERO, avail);                                         \
    }                                                                              \
    if (empty)                                                                     \
        simd_put_##ISA(to, empty, c, simd_left_##ISA(l, rule, full, back),         \
                       simd_right_##ISA(r, rule, full, back), queens, 1, ZERO, 0); \
    while ((live = NZ(avail)) != 0) {                                              \
        V bit = AND(avail, SUB(ZERO, avail)), cc = OR(c, bit);                     \
        V ll = simd_left_##ISA(OR(l, bit), rule, full, back);                      \
        V rr = simd_right_##ISA(OR(r, bit), rule, full, back);                     \
        unsigned keep = live & (~tight | NZ(ANDNOT(OR(cc, OR(ll, rr)), next)));    \
        placed += (uint64_t)__builtin_popcount(live);                              \
        if (keep) simd_put_##ISA(to, keep, cc, ll, rr, fewer, 1, ZERO, 0);        \
        avail = XOR(avail, bit);                                                   \
    }                                                                              \
    s->nodes += placed;                                                            \
    s->c8 += found;                                                                \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void gaps_expand_##ISA(sym_t *s, int y,     \
                                                              level_t *from, level_t *to) { \
    gaps_step_##ISA(s, y, from, to, RULE_QUEEN);                                   \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void torus_gaps_expand_##ISA(sym_t *s, int y, \
                                                                    level_t *from, \
                                                                    level_t *to) { \
    gaps_step_##ISA(s, y, from, to, RULE_TOROIDAL);                                \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void gaps_finish_##ISA(sym_t *s, level_t *levels, \
                                                              int y0, int top) {   \
    simd_last_two_##ISA(s, &levels[top - y0], top, 1, RULE_QUEEN);                 \
}                                                                                  \
                                                                                   \
__attribute__((target(TARGET))) static void torus_gaps_finish_##ISA(sym_t *s,      \
                                                                    level_t *levels, \
                                                                    int y0, int top) { \
    simd_last_two_##ISA(s, &levels[top - y0], top, 1, RULE_TOROIDAL);              \
}                                                                                  \
                                                                                   \
__attribute__((noinline)) static int torus_gaps_search_##ISA(sym_t *s) {           \
    return simd_search(s, 0, s->last - 1, 0, 0, 0, torus_gaps_expand_##ISA,        \
                       torus_gaps_finish_##ISA, 0);                                \
}                                                                                  \
                                                                                   \
static int gaps_search_##ISA(sym_t *s) {                                           \
    if (s->rule == RULE_TOROIDAL) return torus_gaps_search_##ISA(s);               \
    return simd_search(s, 0, s->last - 1, 0, 0, 0, gaps_expand_##ISA, gaps_finish_##ISA, 0); \
}

