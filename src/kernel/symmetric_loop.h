/* The search loop of the symmetric counter, for one part and one mask type:
 * included by symmetric.c once per copy, with SYM_T (the mask type),
 * SYM_CORNER (1: the corner part, 0: the border part, a constant) and
 * SYM_SUFFIX (the names' suffix: sym_search_corner32 and its sym_pair_corner32,
 * ...) defined; undefines them at the end.  No include guard. */
#define SYM_NAME(name) SYM_SUFFIXED(name, SYM_SUFFIX)
#ifndef ROW_BOUND2 /* the rows whose children need more than the common steps */
#define ROW_BOUND2 1 /* the next row is BOUND2 (border part) */
#define ROW_LAST2 2  /* the next row is last - 1: count the last two in place */
#define ROW_LAST3 4  /* the next row is last - 2: count the last three in place */
#endif

/* Rows y (= last - 1 or last) and below, given row y's free columns A:
 * each complete placement is counted (corner: class of 8) or classified. */
static void SYM_NAME(sym_pair)(sym_t *s, int y, SYM_T C, SYM_T L, SYM_T R, SYM_T A,
                               SYM_T lastrow) {
    if (y == s->last) {
        if (A) { s->board[y] = A; sym_found(s); }
        return;
    }
    while (A) {
        SYM_T bit = A & -A, avail;
        A ^= bit;
        avail = lastrow & ~((C | bit) | (SYM_T)((L | bit) << 1) | ((R | bit) >> 1));
        if (avail) {
            s->board[y] = bit;
            s->board[y + 1] = avail;
            sym_found(s);
        }
    }
}

/* Rows y = last - 1 (its free columns A, not empty) and last, in place: the
 * corner's placements counted (returned: classes of 8), the border's
 * classified (sym_pair; 0 returned). */
static ALWAYS_INLINE uint64_t SYM_NAME(sym_last2)(sym_t *s, int y, SYM_T C, SYM_T L, SYM_T R,
                                                  SYM_T A, SYM_T lastrow) {
    uint64_t found = 0;
    if (!SYM_CORNER) {
        SYM_NAME(sym_pair)(s, y, C, L, R, A, lastrow);
        return 0;
    }
    do {
        SYM_T bit = A & -A;
        A ^= bit;
        found += (lastrow & ~((C | bit) | (SYM_T)((L | bit) << 1) | ((R | bit) >> 1))) != 0;
    } while (A);
    return found;
}

/* The search loop, one copy per part (SYM_CORNER, so that the corner part
 * carries none of the border part's rules) and per mask type.  The current
 * row's state lives in locals; the stack holds the rows above.
 * Two cuts keep the work per solution low:
 *  - a child is entered only when the row after it still has a free column
 *    under the attacks known so far (its own queen can only take more), so
 *    dead ends are dropped one row early;
 *  - the last two rows are counted in place, without entering them.
 * The rows' own rules (BOUND2 next, the last rows next) are looked up once per
 * row in a table (rule[]), so a child of a common row pays one test for them. */
static void SYM_NAME(sym_search)(sym_t *s, int y0, SYM_T C, SYM_T L, SYM_T R, SYM_T A) {
    SYM_T sa[MAXN], sc[MAXN], sl[MAXN], sr[MAXN], rm[MAXN];
    unsigned char rule[MAXN]; /* each row's ROW_* flags: what its children need */
    const int last = s->last, bound2 = s->bound2;
    const SYM_T side = (SYM_T)s->sidemask, lastrow = (SYM_T)s->rowmask[s->last];
    int y = y0, k;
    unsigned f;
    uint64_t found = 0;
    for (k = 0; k <= last; k++) {
        rm[k] = (SYM_T)s->rowmask[k];
        rule[k] = (unsigned char)((!SYM_CORNER && k + 1 == bound2 ? ROW_BOUND2 : 0)
                                  | (k + 2 == last ? ROW_LAST2 : 0)
                                  | (k + 3 == last ? ROW_LAST3 : 0));
    }
    if (y0 >= last - 1) { /* at most the last two rows: count them in place */
        SYM_NAME(sym_pair)(s, y0, C, L, R, A, lastrow);
        return;
    }
    f = rule[y];
    for (;;) {
        while (A) {
            SYM_T bit = A & -A, avail, c, l, r;
            A ^= bit;
            c = C | bit;
            l = (SYM_T)((L | bit) << 1);
            r = (R | bit) >> 1;
            avail = rm[y + 1] & ~(c | l | r);
            if (f) { /* one test per child for the rows that need more (the row's rule) */
                if (!SYM_CORNER && (f & ROW_BOUND2)) {
                    if (!(c & side)) continue;
                    if ((c & side) != side) avail &= side;
                }
                if (!avail) continue;
                if (!SYM_CORNER) s->board[y] = bit;
                if (f & ROW_LAST2) { /* rows last-1 and last, in place */
                    found += SYM_NAME(sym_last2)(s, y + 1, c, l, r, avail, lastrow);
                    continue;
                }
            } else if (!avail) {
                continue;
            }
            if (!(rm[y + 2] & ~(c | (SYM_T)(l << 1) | (r >> 1)))) continue;
            if (!SYM_CORNER) s->board[y] = bit;
            if (f & ROW_LAST3) { /* rows last-2 .. last, in place: no push, no pop */
                do {
                    SYM_T b2 = avail & -avail, c2 = c | b2, l2 = (SYM_T)((l | b2) << 1);
                    SYM_T r2 = (r | b2) >> 1, a2 = rm[y + 2] & ~(c2 | l2 | r2);
                    avail ^= b2;
                    if (!SYM_CORNER && y + 2 == bound2) {
                        if (!(c2 & side)) continue;
                        if ((c2 & side) != side) a2 &= side;
                    }
                    if (!a2) continue;
                    if (!SYM_CORNER) s->board[y + 1] = b2;
                    found += SYM_NAME(sym_last2)(s, y + 2, c2, l2, r2, a2, lastrow);
                } while (avail);
                continue;
            }
            sa[y] = A; sc[y] = C; sl[y] = L; sr[y] = R;
            y++;
            f = rule[y];
            C = c; L = l; R = r; A = avail;
        }
        if (y <= y0 + 1) { /* back to the first free row, or done: one test on the way */
            if (y == y0) break;
            if (*s->stop) {
                s->stopped = 1;
                break;
            }
        }
        y--;
        f = rule[y];
        A = sa[y]; C = sc[y]; L = sl[y]; R = sr[y];
    }
    s->c8 += found;
}

#undef SYM_NAME
#undef SYM_T
#undef SYM_CORNER
#undef SYM_SUFFIX
