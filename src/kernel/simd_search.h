/* The vector search for one instruction set: included once per set, after
 * the set's operations (simd_avx512.h, simd_avx2.h; see simd.c), so every
 * function here exists once a set (three times on x86-64: generic, AVX2,
 * AVX-512), its name spelled out per set in simd.c's list (simd_expand is
 * simd_expand_avx2 in the AVX2 copy: SIMD_PICK).  No include
 * guard: that is the point.  The entries:
 *   sym_search     the symmetric counter's sub-tree (and count_board's plain
 *                  count), through simd_search (simd.c) with simd_expand and
 *                  simd_finish;
 *   shaped_steps   the shaped searches' expand and finish steps, a pair per
 *                  rule, with a queen in every row (shape_, torus_, super_)
 *                  or rows that may stay empty (gaps_, torus_gaps_: the
 *                  queen and toroidal rules), which simd_choice.c's
 *                  shaped_search_simd runs through simd_search. */

/* Pack the lanes `keep` of each vector at the end of `to` (with PARENTS, a
 * constant: the shaped search of full rows keeps none but superqueens'; and
 * with KNIGHTS, superqueens', the knight's attacks `kn`). */
SIMD_STEP void simd_put(level_t *to, unsigned keep, V c, V l, V r, V parent, int parents, V kn,
                        int knights) {
    /* (the arrays and the packing read once, before the stores, which the
     * compiler cannot tell from them: measured, AVX2 reloaded its table) */
    int at = to->count;
    uint32_t *cs = to->c + at, *ls = to->l + at, *rs = to->r + at;
    uint32_t *ps = to->parent + at, *ks = KNIGHTS(to) + at;
    PACKING how = PACK(keep);
    PUT(cs, how, c);
    PUT(ls, how, l);
    PUT(rs, how, r);
    if (parents) PUT(ps, how, parent);
    if (knights) PUT(ks, how, kn);
    to->count = at + LANECOUNT(keep);
    SIMD_STAT(simd_stats.peak = to->count > simd_stats.peak ? to->count : simd_stats.peak);
}

/* Row y's free columns (`row`: its mask) for each node (c, l, r) of the
 * lanes `*valid`, the others zero.  Row BOUND2's rule (`bound2`: y is that
 * row; `side`: the side columns): a node with neither side column taken
 * above has no child (its lane leaves *valid); with one, only the other.
 * (The row's constants come from simd_expand's locals: read through s, they
 * were reloaded after every store to a buffer, which the compiler cannot
 * tell from s's fields.) */
SIMD_STEP V simd_avail(V row, int bound2, V side, V c, V l, V r, unsigned *valid) {
    V avail = ANDNOT(OR(c, OR(l, r)), row);
    if (bound2) {
        V used = AND(c, side);
        *valid &= NZ(used);
        avail = SELECT(~EQM(used, side), AND(avail, side), avail);
    }
    return KEEP(*valid, avail);
}

/* A vector of nodes of row y in flight: their state (c, l, r), their index
 * in the row's buffer (parent) and the free columns not yet tried (avail). */
typedef struct {
    V c, l, r, parent, avail;
} flight_t;

/* Refill the lanes of `f` with no column left (all, when it is new) with
 * the next nodes waiting in `from`, in order, as many as there are.  A new
 * node with no free column (row BOUND2's rule) leaves its lane empty until
 * the next refill. */
SIMD_STEP void simd_refill(V row, int bound2, V side, int y, level_t *from, flight_t *f,
                            int parents) {
    unsigned take = ~NZ(f->avail) & ((1u << LANES) - 1), valid;
    int at = from->pos, left = from->count - at;
    if (!take || left <= 0) return;
    if (left < LANES && LANECOUNT(take) > left) take = simd_first_lanes(take, left);
    f->c = EXPAND(f->c, take, LOADU(from->c + at));
    f->l = EXPAND(f->l, take, LOADU(from->l + at));
    f->r = EXPAND(f->r, take, LOADU(from->r + at));
    if (parents == PARENTS_PACKED) /* (each lane's own index for its parent's) */
        f->c = SELECT(take, OR(AND(f->c, SET1(SIMD_COLUMNS_KEPT)),
                               SHL(EXPAND_INDEX(ZERO, take, at), SIMD_PARENT_SHIFT)),
                      f->c);
    else
        f->parent = EXPAND_INDEX(f->parent, take, at);
    from->pos = at + LANECOUNT(take);
    SIMD_STAT(simd_stats.expanded[y] += (uint64_t)LANECOUNT(take));
    valid = take;
    (void)y;
    /* (the lanes taken had no column left: zero, so an OR puts theirs in) */
    f->avail = OR(f->avail, simd_avail(row, bound2, side, f->c, f->l, f->r, &valid));
}

/* simd_refill while at least LANES nodes wait (the common case): every lane
 * with no column left takes one, and the lanes' condition (COND) is the blend
 * itself, where simd_refill turns its set back into a vector for each blend
 * and counts the nodes left. */
SIMD_STEP void simd_refill_full(V row, int bound2, V side, int y, level_t *from, flight_t *f,
                                 int parents) {
    COND empty = CZERO(f->avail);
    unsigned take = CSET(empty);
    int at = from->pos;
    V avail;
    if (!take) return;
    f->c = CEXPAND(f->c, empty, take, LOADU(from->c + at));
    f->l = CEXPAND(f->l, empty, take, LOADU(from->l + at));
    f->r = CEXPAND(f->r, empty, take, LOADU(from->r + at));
    if (parents == PARENTS_ARRAY) f->parent = CEXPAND_INDEX(f->parent, empty, take, at);
    from->pos = at + LANECOUNT(take);
    SIMD_STAT(simd_stats.expanded[y] += (uint64_t)LANECOUNT(take));
    (void)y;
    avail = ANDNOT(OR(f->c, OR(f->l, f->r)), row);
    if (bound2) { /* simd_avail's rule of row BOUND2, by conditions */
        V used = AND(f->c, side);
        avail = CDROP(CZERO(used), CSELECT(CEQ(used, side), avail, AND(avail, side)));
    }
    /* (the lanes taken had no column left: zero, so an OR puts theirs in) */
    f->avail = OR(f->avail, CKEEP(empty, avail));
}

#if PACKED_PARENTS
/* simd_refill_full for the sets that spread lanes by an order vector (AVX2's):
 * the new lanes' free columns read off the spread nodes, not off their blend
 * into the vector (a step shorter on the chain from one refill to the next),
 * and with PARENTS_PACKED each new lane's own index written in its columns'
 * word for its parent's (simd.c), from the same order. */
SIMD_STEP void simd_refill_spread(V row, int bound2, V side, int y, level_t *from, flight_t *f,
                                   int parents) {
    COND empty = CZERO(f->avail);
    unsigned take = CSET(empty);
    int at = from->pos;
    V order, c, l, r, avail;
    if (!take) return;
    order = SPREAD_ORDER(take);
    c = SPREAD(LOADU(from->c + at), order);
    l = SPREAD(LOADU(from->l + at), order);
    r = SPREAD(LOADU(from->r + at), order);
    from->pos = at + LANECOUNT(take);
    SIMD_STAT(simd_stats.expanded[y] += (uint64_t)LANECOUNT(take));
    (void)y;
    avail = ANDNOT(OR(c, OR(l, r)), row);
    if (bound2) { /* simd_avail's rule of row BOUND2, by conditions */
        V used = AND(c, side);
        avail = CDROP(CZERO(used), CSELECT(CEQ(used, side), avail, AND(avail, side)));
    }
    /* (the lanes taken had no column left: zero, so an OR puts theirs in) */
    f->avail = OR(f->avail, CKEEP(empty, avail));
    if (parents == PARENTS_PACKED)
        c = OR(AND(c, SET1(SIMD_COLUMNS_KEPT)), SHL(ADD(SET1(at), order), SIMD_PARENT_SHIFT));
    f->c = CSELECT(empty, c, f->c);
    f->l = CSELECT(empty, l, f->l);
    f->r = CSELECT(empty, r, f->r);
    if (parents == PARENTS_ARRAY) f->parent = CSELECT(empty, ADD(SET1(at), order), f->parent);
}
#define REFILL_FULL simd_refill_spread
#else
#define REFILL_FULL simd_refill_full
#endif

/* One step of `f`: a child on the lowest free column of every busy lane,
 * kept when its next row (and the one after; with THIRD, and the one after
 * that: row mask `last`) keep a free column; with MARKING, a child whose queen
 * is on the column `marked` is marked. */
SIMD_STEP void simd_step(level_t *to, flight_t *f, V next, V after, int marking, V marked, int third,
                          V last, int parents) {
    unsigned keep;
    V bit = AND(f->avail, SUB(ZERO, f->avail));
    V cc = OR(f->c, bit), ll = SHL(OR(f->l, bit), 1), rr = SHR(OR(f->r, bit), 1);
    if (marking) cc = OR_IF_EQ(cc, bit, marked, SET1(SYM_MARK));
    V a1 = ANDNOT(OR(cc, OR(ll, rr)), next);
    V a2 = ANDNOT(OR(cc, OR(SHL(ll, 1), SHR(rr, 1))), after);
    if (third) /* (one set read off, not three or four) */
        keep = NZ4(f->avail, a1, a2, ANDNOT(OR(cc, OR(SHL(ll, 2), SHR(rr, 2))), last));
    else
        keep = NZ3(f->avail, a1, a2);
    SIMD_STAT((simd_stats.steps++, simd_stats.busy += (uint64_t)LANECOUNT(NZ(f->avail)),
               simd_stats.kept += (uint64_t)LANECOUNT(keep)));
    /* (put when none is kept too: nothing counted, no branch to mispredict) */
    simd_put(to, keep, cc, ll, rr, f->parent, parents == PARENTS_ARRAY, ZERO, 0);
    f->avail = XOR(f->avail, bit);
}

/* Expand the waiting nodes of row y into row y + 1's buffer, FLIGHTS
 * vectors in flight (their steps overlap in the CPU: 2 with AVX-512, 4 of
 * AVX2's narrower ones, measured 4 % faster than 2), each taking a free
 * column of every lane at a time; a lane whose node has no column left
 * takes the next waiting node at once (refill) while row y + 1's buffer is
 * within SIMD_CAP, instead of idling until its whole vector is done
 * (measured: ~0.54 of the lanes were busy without refill at n = 16).
 * Refilled only within SIMD_CAP, the FLIGHTS * LANES (at most 32) lanes
 * then hold at most 32 columns each still to try: row y + 1 ends within
 * SIMD_CAP + 2 * 16 * 32 (SIMD_ROOM).  (The rows' buffers are copied into
 * locals, kept in registers: through the pointers, each put reloaded them
 * and the count after the stores.) */
SIMD_STEP void simd_expand_row(sym_t *s, int y, level_t *from_row, level_t *to_row, int bound2,
                                int marking, int third, int parents) {
    V next = SET1(s->rowmask[y + 1]), after = SET1(s->rowmask[y + 2]);
    V last = SET1(third ? s->rowmask[y + 3] : 0);
    V row = SET1(s->rowmask[y]), side = SET1(s->sidemask);
    V marked = SET1(sym_mark_column(s, y));
    level_t from_copy = *from_row, to_copy = *to_row;
    level_t *from = &from_copy, *to = &to_copy;
    flight_t f0, f1, f2, f3; /* the first FLIGHTS of them (2 or 4) in use */
    f0.c = f0.l = f0.r = f0.parent = f0.avail = ZERO;
    f1 = f2 = f3 = f0;
    simd_refill(row, bound2, side, y, from, &f0, parents);
    simd_refill(row, bound2, side, y, from, &f1, parents);
    if (FLIGHTS > 2) {
        simd_refill(row, bound2, side, y, from, &f2, parents);
        simd_refill(row, bound2, side, y, from, &f3, parents);
    }
    /* while every vector can take a whole vector of nodes: the full refill (each
     * only while row y + 1 is within SIMD_CAP; the loop below steps on).  With
     * four vectors, each refill comes right after the next vector's step, not
     * after all four steps: the refill of one overlaps the step of another in
     * the CPU (`kernel_stats 17 avx2 split`: 0.934 and 0.955 of the time, medians
     * of 7 and 9 alternating pairs; the portable search 0.991, within the noise). */
    while (from->count - from->pos >= FLIGHTS * LANES) {
        simd_step(to, &f0, next, after, marking, marked, third, last, parents);
        simd_step(to, &f1, next, after, marking, marked, third, last, parents);
        if (FLIGHTS > 2) {
            if (to->count > SIMD_CAP) break;
            REFILL_FULL(row, bound2, side, y, from, &f0, parents);
            simd_step(to, &f2, next, after, marking, marked, third, last, parents);
            if (to->count > SIMD_CAP) break;
            REFILL_FULL(row, bound2, side, y, from, &f1, parents);
            simd_step(to, &f3, next, after, marking, marked, third, last, parents);
            if (to->count > SIMD_CAP) break;
            REFILL_FULL(row, bound2, side, y, from, &f2, parents);
            REFILL_FULL(row, bound2, side, y, from, &f3, parents);
        } else {
            if (to->count > SIMD_CAP) break;
            REFILL_FULL(row, bound2, side, y, from, &f0, parents);
            REFILL_FULL(row, bound2, side, y, from, &f1, parents);
        }
    }
    /* then the last nodes, and the lanes to their end */
    while (NZ(FLIGHTS > 2 ? OR(OR(f0.avail, f1.avail), OR(f2.avail, f3.avail))
                          : OR(f0.avail, f1.avail))) {
        simd_step(to, &f0, next, after, marking, marked, third, last, parents);
        simd_step(to, &f1, next, after, marking, marked, third, last, parents);
        if (FLIGHTS > 2) {
            simd_step(to, &f2, next, after, marking, marked, third, last, parents);
            simd_step(to, &f3, next, after, marking, marked, third, last, parents);
        }
        if (to->count <= SIMD_CAP && from->pos < from->count) {
            simd_refill(row, bound2, side, y, from, &f0, parents);
            simd_refill(row, bound2, side, y, from, &f1, parents);
            if (FLIGHTS > 2) {
                simd_refill(row, bound2, side, y, from, &f2, parents);
                simd_refill(row, bound2, side, y, from, &f3, parents);
            }
        }
    }
    from_row->pos = from->pos;
    to_row->count = to->count;
}

/* simd_expand_row with row BOUND2's rule, the marks and the third row of
 * look-ahead constants: a copy for the rows that need neither rule nor marks
 * (all but two), without their tests in the steps and refills.  The look-ahead
 * to row y + 3 only in the two rows above the three-row count (y + 3 is the
 * last row or the one before): there it drops a third of the nodes the count
 * would find no completion for (AVX2, N = 14: 303,807 nodes counted against
 * 478,774; 58.0e6 instructions against 60.6e6), where in every row it cost
 * more than it saved (59.2e6).  The corner part (and count_board's count)
 * classifies no node, so its copies keep no parents (56.8e6 against 57.2e6). */
SIMD_STEP void simd_expand_border(sym_t *s, int y, level_t *from_row, level_t *to_row, int bound2,
                                   int marking, int third, int parents) {
    if (bound2 || marking)
        simd_expand_row(s, y, from_row, to_row, bound2, marking, third, parents);
    else if (third)
        simd_expand_row(s, y, from_row, to_row, 0, 0, 1, parents);
    else
        simd_expand_row(s, y, from_row, to_row, 0, 0, 0, parents);
}

SIMD_ENTRY void simd_expand(sym_t *s, int y, level_t *from_row, level_t *to_row) {
    const int bound2 = !s->corner && y == s->bound2, marking = sym_mark_column(s, y) != 0;
    const int third = y + 3 == s->last || y + 4 == s->last;
    if (s->corner && third)
        simd_expand_row(s, y, from_row, to_row, 0, 0, 1, PARENTS_NONE);
    else if (s->corner)
        simd_expand_row(s, y, from_row, to_row, 0, 0, 0, PARENTS_NONE);
    else if (PACKED_PARENTS && simd_packs_parents(s))
        simd_expand_border(s, y, from_row, to_row, bound2, marking, third, PARENTS_PACKED);
    else
        simd_expand_border(s, y, from_row, to_row, bound2, marking, third, PARENTS_ARRAY);
}

/* The three free columns p < q < t of a vector of nodes (c, l, r) of row
 * `top` (the board's columns `full`), and the columns each of the last three
 * rows (masks m0, m1, m2) leaves them free: a0, a1, a2. */
typedef struct {
    V p, q, t, a0, a1, a2;
} free3_t;

SIMD_STEP free3_t simd_free3(V full, V m0, V m1, V m2, V c, V l, V r) {
    free3_t x;
    V f = ANDNOT(c, full), f2;
    x.p = AND(f, SUB(ZERO, f));
    f2 = XOR(f, x.p);
    x.q = AND(f2, SUB(ZERO, f2));
    x.t = XOR(f2, x.q);
    x.a0 = AND(f, ANDNOT(OR(l, r), m0));
    x.a1 = AND(f, ANDNOT(OR(SHL(l, 1), SHR(r, 1)), m1));
    x.a2 = AND(f, ANDNOT(OR(SHL(l, 2), SHR(r, 2)), m2));
    return x;
}

#if !VECTOR_ORDERS
/* The orders in which a vector of nodes (c, l, r) of row `top` completes
 * the last three rows (masks m0, m1, m2 of the board's columns `full`):
 * each queen on a column its row has free, no two on a diagonal. */
SIMD_STEP orders_t simd_orders(V full, V m0, V m1, V m2, V c, V l, V r, const hits_t *hit) {
    free3_t x = simd_free3(full, m0, m1, m2, c, l, r);
    V p = x.p, q = x.q, t = x.t, a0 = x.a0, a1 = x.a1, a2 = x.a2;
    unsigned p0 = NZ(AND(a0, p)), q0 = NZ(AND(a0, q)), t0 = NZ(AND(a0, t));
    unsigned p1 = NZ(AND(a1, p)), q1 = NZ(AND(a1, q)), t1 = NZ(AND(a1, t));
    unsigned p2 = NZ(AND(a2, p)), q2 = NZ(AND(a2, q)), t2 = NZ(AND(a2, t));
    /* one apart: not in adjacent rows; two apart: not two rows apart */
    unsigned pq1 = EQM(q, SHL(p, 1)), qt1 = EQM(t, SHL(q, 1));
    unsigned pq2 = EQM(q, SHL(p, 2)), qt2 = EQM(t, SHL(q, 2));
    unsigned pt2 = EQM(t, SHL(p, 2));
    orders_t o;
    o.pqt = p0 & q1 & t2 & ~pq1 & ~qt1 & ~pt2;
    o.ptq = p0 & t1 & q2 & ~qt1 & ~pq2;
    o.qpt = q0 & p1 & t2 & ~pq1 & ~qt2;
    o.qtp = q0 & t1 & p2 & ~qt1 & ~pq2;
    o.tpq = t0 & p1 & q2 & ~pq1 & ~qt2;
    o.tqp = t0 & q1 & p2 & ~qt1 & ~pq1 & ~pt2;
    o.hits = 0;
    if (hit->column[0]) {
        V h = SET1(hit->column[0]);
        o.hits |= ((o.pqt | o.ptq) & EQM(p, h)) | ((o.qpt | o.qtp) & EQM(q, h))
                  | ((o.tpq | o.tqp) & EQM(t, h));
    }
    if (hit->column[1]) {
        V h = SET1(hit->column[1]);
        o.hits |= ((o.qpt | o.tpq) & EQM(p, h)) | ((o.pqt | o.tqp) & EQM(q, h))
                  | ((o.ptq | o.qtp) & EQM(t, h));
    }
    if (hit->column[2]) {
        V h = SET1(hit->column[2]), below = SET1(hit->middle_from - 1);
        unsigned gp = GTM(p, below), gq = GTM(q, below), gt = GTM(t, below);
        o.hits |= (((o.qtp & gt) | (o.tqp & gq)) & EQM(p, h))
                  | (((o.ptq & gt) | (o.tpq & gp)) & EQM(q, h))
                  | (((o.pqt & gq) | (o.qpt & gp)) & EQM(t, h));
    }
    return o;
}
#endif

#if VECTOR_ORDERS
/* simd_orders as vectors (VECTOR_ORDERS: sets where a comparison gives a
 * vector, AVX2's and the portable search's): each order's failed tests
 * OR-ed lane by lane, so that no set is read off a comparison but the few
 * the caller needs.  The completions of each lane (0 to 6), and in *hits
 * the lanes (nonzero) with one that puts a queen on a column of `hit`.
 * (Read off as sets, the 14 comparisons and the six orders' lane counts
 * were most of the three-row count's instructions.) */
SIMD_STEP V simd_completions(V full, V m0, V m1, V m2, V c, V l, V r, const hits_t *hit, V *hits) {
    free3_t x = simd_free3(full, m0, m1, m2, c, l, r);
    V p = x.p, q = x.q, t = x.t, a0 = x.a0, a1 = x.a1, a2 = x.a2;
    V one = SET1(1);
    /* all ones where a queen cannot go: p in row 0 (np0), ... */
    V np0 = ZEROV(AND(a0, p)), nq0 = ZEROV(AND(a0, q)), nt0 = ZEROV(AND(a0, t));
    V np1 = ZEROV(AND(a1, p)), nq1 = ZEROV(AND(a1, q)), nt1 = ZEROV(AND(a1, t));
    V np2 = ZEROV(AND(a2, p)), nq2 = ZEROV(AND(a2, q)), nt2 = ZEROV(AND(a2, t));
    V pq1 = EQV(q, SHL(p, 1)), qt1 = EQV(t, SHL(q, 1));
    V pq2 = EQV(q, SHL(p, 2)), qt2 = EQV(t, SHL(q, 2)), pt2 = EQV(t, SHL(p, 2));
    /* 1 in the lanes where the order completes the rows */
    V pqt = ANDNOT(OR(OR(OR(np0, nq1), OR(nt2, pq1)), OR(qt1, pt2)), one);
    V ptq = ANDNOT(OR(OR(np0, nt1), OR(nq2, OR(qt1, pq2))), one);
    V qpt = ANDNOT(OR(OR(nq0, np1), OR(nt2, OR(pq1, qt2))), one);
    V qtp = ANDNOT(OR(OR(nq0, nt1), OR(np2, OR(qt1, pq2))), one);
    V tpq = ANDNOT(OR(OR(nt0, np1), OR(nq2, OR(pq1, qt2))), one);
    V tqp = ANDNOT(OR(OR(OR(nt0, nq1), OR(np2, qt1)), OR(pq1, pt2)), one);
    V found = ZERO;
    if (hit->column[0]) {
        V h = SET1(hit->column[0]);
        found = OR(OR(AND(OR(pqt, ptq), EQV(p, h)), AND(OR(qpt, qtp), EQV(q, h))),
                   AND(OR(tpq, tqp), EQV(t, h)));
    }
    if (hit->column[1]) {
        V h = SET1(hit->column[1]);
        found = OR(found, OR(OR(AND(OR(qpt, tpq), EQV(p, h)), AND(OR(pqt, tqp), EQV(q, h))),
                             AND(OR(ptq, qtp), EQV(t, h))));
    }
    if (hit->column[2]) {
        V h = SET1(hit->column[2]), below = SET1(hit->middle_from - 1);
        V gp = GTV(p, below), gq = GTV(q, below), gt = GTV(t, below);
        found = OR(found, OR(OR(AND(OR(AND(qtp, gt), AND(tqp, gq)), EQV(p, h)),
                                AND(OR(AND(ptq, gt), AND(tpq, gp)), EQV(q, h))),
                             AND(OR(AND(pqt, gq), AND(qpt, gp)), EQV(t, h))));
    }
    *hits = found;
    return ADD(ADD(ADD(pqt, ptq), ADD(qpt, qtp)), ADD(tpq, tqp));
}
#endif

/* Count the last three rows of every node of row `top` (= last - 2), a
 * vector at a time.  Row BOUND2's rule there: no side queen below BOUND2.
 * Border nodes are classified one by one, except the unmarked ones none of
 * whose completions puts the last row's queen on ENDBIT, or row BOUND2's
 * (when among the three) on column 0: those are classes of 8 (SYM_MARK).
 * (The orders are then exactly the completions: the three rows cover the
 * board's free columns, so with no side column after BOUND2, the rows down
 * to BOUND2 cover both, which is all its rule asks.)  With row 1 above the
 * sub-tree, a last queen on ENDBIT counts only with the middle row's on or
 * left of row 1's mirror image: else sym_check's half-turn comparison ends
 * at its first row (row 1 against the mirror of row last - 1), in favour. */
SIMD_ENTRY void simd_finish(sym_t *s, level_t *levels, int y0, int top) {
    level_t *lv = &levels[top - y0];
    V full = SET1(s->mask), side = SET1(s->sidemask);
    V m0 = SET1(s->rowmask[top]), m1 = SET1(s->rowmask[top + 1]);
    V m2 = SET1(s->rowmask[top + 2]);
    V mark = SET1(SYM_MARK);
    const int quick = sym_marking(s), packed = PACKED_PARENTS && simd_packs_parents(s);
    hits_t hit = {{0, 0, 0}, 1};
    int at;
    if (quick) {
        hit.column[2] = (uint32_t)s->endbit;
        if (y0 >= 2) /* row 1's mirror image */
            hit.middle_from = (uint32_t)(s->topbit >> lowest_index(s->board[1]));
        if (s->bound2 >= top) hit.column[s->bound2 - top] = 1;
    }
    if (!s->corner && s->bound2 == top) m1 = ANDNOT(side, m1);
    if (!s->corner && (s->bound2 == top || s->bound2 == top + 1)) m2 = ANDNOT(side, m2);
#if VECTOR_ORDERS
    {
        V total = ZERO; /* each lane's completions counted in place (up to 6 a node) */
        uint32_t sums[LANES];
        int k;
        /* Past the last node, a vector of nodes with every column taken: no free
         * column, so no completion, and no lane to leave out of a vector (the
         * buffer's slack holds them). */
        for (k = 0; k < LANES; k++) lv->c[lv->count + k] = ~(uint32_t)0;
        for (at = 0; at < lv->count; at += LANES) {
            V c = LOADU(lv->c + at), hits;
            V n = simd_completions(full, m0, m1, m2, c, LOADU(lv->l + at), LOADU(lv->r + at), &hit,
                                   &hits);
            SIMD_STAT((simd_stats.finish_vectors++,
                       simd_stats.finished += (uint64_t)LANECOUNT(simd_lanes(lv->count - at, LANES))));
            if (s->corner) {
                total = ADD(total, n);
            } else if (quick) {
                /* counted in place: the lanes neither marked nor hit (and those
                 * with no completion); the others classified */
                V fast = ZEROV(OR(AND(c, mark), hits));
                unsigned slow = ~CSET(OR(fast, ZEROV(n))) & ((1u << LANES) - 1);
                total = ADD(total, AND(fast, n));
                if (slow) simd_classify(s, levels, y0, top, at, slow, packed);
            } else {
                simd_classify(s, levels, y0, top, at, NZ(n), packed);
            }
        }
        STOREU(sums, total);
        for (k = 0; k < LANES; k++) s->c8 += sums[k];
    }
#else
    for (at = 0; at < lv->count; at += LANES) {
        unsigned valid = simd_lanes(lv->count - at, LANES);
        V c = LOADU(lv->c + at);
        orders_t o = simd_orders(full, m0, m1, m2, c, LOADU(lv->l + at), LOADU(lv->r + at), &hit);
        SIMD_STAT((simd_stats.finish_vectors++,
                   simd_stats.finished += (uint64_t)LANECOUNT(valid)));
        if (s->corner) {
            s->c8 += ORDERS_COUNT(o, valid);
        } else if (quick) {
            unsigned slow = orders_any(o, valid) & (NZ(AND(c, mark)) | o.hits);
            s->c8 += ORDERS_COUNT(o, valid & ~slow);
            simd_classify(s, levels, y0, top, at, slow, packed);
        } else {
            simd_classify(s, levels, y0, top, at, orders_any(o, valid), packed);
        }
    }
#endif
    lv->count = lv->pos = 0;
}

static int sym_search(sym_t *s, int y0, uint32_t C, uint32_t L, uint32_t R) {
    return simd_search(s, y0, s->last - 2, C | sym_mark(s, y0), L, R, simd_expand, simd_finish, 0);
}

/* A row's diagonals one row down under RULE (a constant): shifted by one
 * column, or on the torus rotated around the board's `full` width, whose
 * last column `back` (a shift count) the first one's bit goes round to. */
SIMD_STEP V simd_left(V x, int rule, V full, SHIFT_T back) {
    if (rule != RULE_TOROIDAL) return SHL(x, 1);
    return AND(OR(SHL(x, 1), SHRV(x, back)), full);
}

SIMD_STEP V simd_right(V x, int rule, V full, SHIFT_T back) {
    if (rule != RULE_TOROIDAL) return SHR(x, 1);
    return AND(OR(SHR(x, 1), SHLV(x, back)), full);
}

/* The shaped counter (a queen in every row of s->rowmask, no symmetry):
 * the same expansion without the border rule, a child kept when its row
 * has a free column; every child is a node of the plain tree, counted.
 * Under RULE (a constant) a superqueen node also carries the knight's
 * attacks on its row (kn) and the queen of the row above (in `parent`):
 * its child's row is attacked two columns off its queen, one off that one. */
SIMD_STEP void shape_step(sym_t *s, int y, level_t *from, level_t *to, int rule) {
    const int knights = rule == RULE_SUPERQUEEN;
    int at = from->pos, left = from->count - at;
    unsigned valid = simd_lanes(left, LANES), live;
    V c = LOADU(from->c + at), l = LOADU(from->l + at), r = LOADU(from->r + at);
    V kn = knights ? LOADU(KNIGHTS(from) + at) : ZERO;
    V above = knights ? LOADU(from->parent + at) : ZERO;
    V jumps = knights ? OR(SHL(above, 1), SHR(above, 1)) : ZERO;
    V avail = SELECT(valid, ANDNOT(OR(OR(c, kn), OR(l, r)), SET1(s->rowmask[y])), ZERO);
    V next = SET1(s->rowmask[y + 1]), full = SET1(s->mask);
    SHIFT_T back = SHIFT_COUNT(s->n - 1);
    uint64_t placed = 0;
    from->pos = at + (left >= LANES ? LANES : left);
    while ((live = NZ(avail)) != 0) {
        V bit = AND(avail, SUB(ZERO, avail)), cc = OR(c, bit);
        V ll = simd_left(OR(l, bit), rule, full, back);
        V rr = simd_right(OR(r, bit), rule, full, back);
        V kk = knights ? OR(jumps, OR(SHL(bit, 2), SHR(bit, 2))) : ZERO;
        unsigned keep = live & NZ(ANDNOT(OR(OR(cc, kk), OR(ll, rr)), next));
        placed += (uint64_t)LANECOUNT(live);
        if (keep) simd_put(to, keep, cc, ll, rr, bit, knights, kk, knights);
        avail = XOR(avail, bit);
    }
    s->nodes += placed;
}

/* The bits set in each byte; their sum in each lane (bytes up to 63 each);
 * the bits set in each lane. */
SIMD_STEP V simd_popbytes(V x) {
    x = SUB(x, AND(SHR(x, 1), SET1(0x55555555u)));
    x = ADD(AND(x, SET1(0x33333333u)), AND(SHR(x, 2), SET1(0x33333333u)));
    return AND(ADD(x, SHR(x, 4)), SET1(0x0f0f0f0fu));
}

SIMD_STEP V simd_bytesum(V x) {
    x = ADD(x, SHR(x, 8));
    return AND(ADD(x, SHR(x, 16)), SET1(0xffu));
}

SIMD_STEP V simd_popcount(V x) {
    return simd_bytesum(simd_popbytes(x));
}

/* The pairs of a column of a0 and one of a1 (the row below) that do not
 * attack each other under RULE (a constant): |a0| |a1| (p0, p1) less those
 * on one column or one diagonal (on the torus, the diagonals go round the
 * width: a board of 3 columns or more, so the three are different
 * columns), or superqueens a knight's jump apart (their bytes' counts
 * summed first: at most 40 a byte). */
SIMD_STEP V simd_pairs(V a0, V a1, V p0, V p1, int rule, V full, SHIFT_T back) {
    V clash = ADD(simd_popbytes(AND(a0, a1)),
                  ADD(simd_popbytes(AND(simd_left(a0, rule, full, back), a1)),
                      simd_popbytes(AND(simd_right(a0, rule, full, back), a1))));
    if (rule == RULE_SUPERQUEEN)
        clash = ADD(clash, ADD(simd_popbytes(AND(SHL(a0, 2), a1)), simd_popbytes(AND(SHR(a0, 2), a1))));
    return SUB(MUL(p0, p1), simd_bytesum(clash));
}

/* Count the last two rows of every node of `lv` (row `top`) in place, a
 * vector at a time: a0, a1 the rows' free columns (a1 without row top's
 * queen).  With GAPS (a constant: the search of empty rows) a node has one
 * or two queens left: two go to the pairs of free columns, one to either
 * row (when row top may stay empty, or the last row may: no required row
 * there); else every node has two.  RULE (a constant; not superqueens'
 * with GAPS): the torus's rotated diagonals; superqueens' knight's attacks
 * on row top (kn) and from the queen of the row above it on the last row. */
SIMD_STEP void simd_last_two(sym_t *s, level_t *lv, int top, int gaps, int rule) {
    const int upper = s->need[top + 1] == 0, lower = s->need[top] == s->need[top + 1];
    V m0 = SET1(s->rowmask[top]), m1 = SET1(s->rowmask[top + 1]), first = SET1(s->first);
    V found = ZERO, placed = ZERO, full = SET1(s->mask);
    SHIFT_T back = SHIFT_COUNT(s->n - 1);
    uint32_t sums[2][LANES];
    int at, k;
    for (at = 0; at < lv->count; at += LANES) {
        unsigned valid = simd_lanes(lv->count - at, LANES), pair = valid, single = 0;
        V c = LOADU(lv->c + at), l = LOADU(lv->l + at), r = LOADU(lv->r + at);
        V kn = ZERO, jumps = ZERO, p0, p1, pairs, one;
        V a0, a1;
        if (rule == RULE_SUPERQUEEN) {
            V above = LOADU(lv->parent + at);
            kn = LOADU(KNIGHTS(lv) + at);
            jumps = OR(SHL(above, 1), SHR(above, 1));
        }
        a0 = ANDNOT(OR(OR(c, kn), OR(l, r)), m0);
        a1 = ANDNOT(OR(OR(c, jumps), OR(simd_left(l, rule, full, back), simd_right(r, rule, full, back))),
                    m1);
        if (gaps) {
            V queens = LOADU(lv->parent + at);
            a0 = SELECT(EQM(queens, SET1(s->queens)), AND(a0, first), a0);
            if (s->queens == 1) a1 = AND(a1, first); /* (no pair then) */
            pair &= EQM(queens, SET1(2));
            single = valid & EQM(queens, SET1(1));
        } else {
            a0 = SELECT(valid, a0, ZERO);
        }
        p0 = simd_popcount(a0);
        p1 = simd_popcount(a1);
        pairs = simd_pairs(a0, a1, p0, p1, rule, full, back);
        if (gaps) {
            one = ADD(upper ? p0 : ZERO, lower ? p1 : ZERO);
            found = ADD(found, SELECT(pair, pairs, SELECT(single, one, ZERO)));
            placed = ADD(placed, SELECT(pair, ADD(p0, pairs), SELECT(single, one, ZERO)));
        } else {
            found = ADD(found, pairs);
            placed = ADD(placed, ADD(p0, pairs));
        }
    }
    STOREU(sums[0], found);
    STOREU(sums[1], placed);
    for (k = 0; k < LANES; k++) {
        s->c8 += sums[0][k];
        s->nodes += sums[1][k];
    }
    lv->count = lv->pos = 0;
}

/* The shaped counter of boards with empty rows (k < rows; RULE, a
 * constant, the queen's or the torus's): each node carries its queens
 * still to place (in `parent`).  A node's children are its empty child
 * (when the rows below can still hold its queens) and a queen on each free
 * column (when the required rows below leave room); a queen that is a
 * node's last is a solution, counted, not kept.  A child that must fill
 * every row below is kept only when the next one has a free column. */
SIMD_STEP void gaps_step(sym_t *s, int y, level_t *from, level_t *to, int rule) {
    const int rows = s->last + 1;
    V full = SET1(s->mask);
    SHIFT_T back = SHIFT_COUNT(s->n - 1);
    int at = from->pos, left = from->count - at;
    unsigned valid = simd_lanes(left, LANES), live, ones, tight, empty, firsts;
    V c = LOADU(from->c + at), l = LOADU(from->l + at), r = LOADU(from->r + at);
    V queens = LOADU(from->parent + at), fewer = SUB(queens, SET1(1));
    V avail = ANDNOT(OR(c, OR(l, r)), SET1(s->rowmask[y]));
    V next = SET1(s->rowmask[y + 1]);
    uint64_t placed = 0, found = 0;
    from->pos = at + (left >= LANES ? LANES : left);
    firsts = EQM(queens, SET1(s->queens));
    if (firsts) avail = SELECT(firsts, AND(avail, SET1(s->first)), avail);
    avail = SELECT(valid & GTM(queens, SET1(s->need[y + 1])), avail, ZERO);
    ones = EQM(queens, SET1(1));
    tight = EQM(queens, SET1(rows - y));
    empty = s->need[y] == s->need[y + 1] ? valid & GTM(SET1(rows - y), queens) : 0;
    if ((ones &= valid) != 0) { /* the last queens: counted at once */
        uint32_t sums[LANES];
        int k;
        STOREU(sums, simd_popcount(SELECT(ones, avail, ZERO)));
        for (k = 0; k < LANES; k++) found += sums[k];
        placed += found;
        avail = SELECT(ones, ZERO, avail);
    }
    if (empty)
        simd_put(to, empty, c, simd_left(l, rule, full, back), simd_right(r, rule, full, back), queens,
                 1, ZERO, 0);
    while ((live = NZ(avail)) != 0) {
        V bit = AND(avail, SUB(ZERO, avail)), cc = OR(c, bit);
        V ll = simd_left(OR(l, bit), rule, full, back);
        V rr = simd_right(OR(r, bit), rule, full, back);
        unsigned keep = live & (~tight | NZ(ANDNOT(OR(cc, OR(ll, rr)), next)));
        placed += (uint64_t)LANECOUNT(live);
        if (keep) simd_put(to, keep, cc, ll, rr, fewer, 1, ZERO, 0);
        avail = XOR(avail, bit);
    }
    s->nodes += placed;
    s->c8 += found;
}

/* ---- the shaped searches' entries: a copy of each step per rule ----------
 *
 * Deliberate twins: each entry is its step with the rule (and GAPS) a
 * constant, so that it compiles into a copy of its own whose inner loop
 * never tests the rule (the torus's rotated diagonals, the superqueen's
 * knight's attacks and the empty rows' queens left cost nothing where they
 * do not apply).  shaped_steps lists them, [GAPS][RULE], as the variant
 * space's shaped cells (_kernel.c): none for superqueens with empty rows;
 * simd_choice.c's shaped_search_simd runs the one a board needs. */
SIMD_ENTRY void shape_expand(sym_t *s, int y, level_t *from, level_t *to) {
    shape_step(s, y, from, to, RULE_QUEEN);
}

SIMD_ENTRY void torus_expand(sym_t *s, int y, level_t *from, level_t *to) {
    shape_step(s, y, from, to, RULE_TOROIDAL);
}

SIMD_ENTRY void super_expand(sym_t *s, int y, level_t *from, level_t *to) {
    shape_step(s, y, from, to, RULE_SUPERQUEEN);
}

SIMD_ENTRY void gaps_expand(sym_t *s, int y, level_t *from, level_t *to) {
    gaps_step(s, y, from, to, RULE_QUEEN);
}

SIMD_ENTRY void torus_gaps_expand(sym_t *s, int y, level_t *from, level_t *to) {
    gaps_step(s, y, from, to, RULE_TOROIDAL);
}

SIMD_ENTRY void shape_finish(sym_t *s, level_t *levels, int y0, int top) {
    simd_last_two(s, &levels[top - y0], top, 0, RULE_QUEEN);
}

SIMD_ENTRY void torus_finish(sym_t *s, level_t *levels, int y0, int top) {
    simd_last_two(s, &levels[top - y0], top, 0, RULE_TOROIDAL);
}

SIMD_ENTRY void super_finish(sym_t *s, level_t *levels, int y0, int top) {
    simd_last_two(s, &levels[top - y0], top, 0, RULE_SUPERQUEEN);
}

SIMD_ENTRY void gaps_finish(sym_t *s, level_t *levels, int y0, int top) {
    simd_last_two(s, &levels[top - y0], top, 1, RULE_QUEEN);
}

SIMD_ENTRY void torus_gaps_finish(sym_t *s, level_t *levels, int y0, int top) {
    simd_last_two(s, &levels[top - y0], top, 1, RULE_TOROIDAL);
}

static const shaped_steps_t shaped_steps[2][3] = {
    {{shape_expand, shape_finish}, {torus_expand, torus_finish}, {super_expand, super_finish}},
    {{gaps_expand, gaps_finish}, {torus_gaps_expand, torus_gaps_finish}, {NULL, NULL}},
};
