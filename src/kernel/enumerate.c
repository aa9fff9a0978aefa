/* enumerate.c: the resumable enumerator of an n x n board's solutions (with
 * the mirror halving it) and the text formats it writes. */

/* ---- enumeration on any board, resumable -------------------------------- */

typedef struct {
    int n, state; /* state: 0 fresh, 1 running, 2 finished */
    unsigned group;
    mask_t allowed[MAXN];
    walk_t walk; /* over all n rows */
} search_t;

/* Advance to the next solution (lexicographic order) into s->walk.cols:
 * 1 found, 0 none left, -1 when the backtracks of `*budget` ran out first
 * (call again to go on). */
static int search_next(search_t *s, long *budget) {
    walk_t *w = &s->walk;
    int found;
    if (s->state == 2) return 0;
    if (s->state == 0) {
        s->state = 1;
        walk_start(w, s->allowed, 0, s->n - 1, 0, 0, 0, 0);
    }
    if (*budget <= 0) return -1;
    w->until_pause = *budget;
    do found = walk_next(w, 0);
    while (found > 0 && s->group > 1 && !is_canonical(s->n, w->cols, s->group));
    *budget = w->until_pause;
    if (found == 0) s->state = 2;
    return found;
}

/* Backtracks one call into the enumerator may make (a few milliseconds), so
 * that Ctrl-C and the consumer are never kept waiting by a sparse region. */
#define CALL_BUDGET (1L << 21)

/* Enumeration with the mirror: on a board that is its own mirror image, the
 * solutions whose row-0 queen stands in the right half are the mirror images
 * of those in the left half, in reverse order.  So the left half is searched
 * and kept, and the right half replayed from it: about half the search, in
 * the same lexicographic order.  Only for small boards (the kept solutions
 * take memory) and without a symmetry filter. */
#define MIRROR_MAX_N 15

typedef struct {
    search_t search;
    int n, mirror, done, col, started;
    mask_t first;                             /* row 0's own mask */
    unsigned char *kept;                      /* left-half solutions, n bytes each */
    size_t size, capacity, replay;
    size_t block_start[MAXN], block_end[MAXN]; /* each row-0 column's solutions in kept */
} enum_t;

static mask_t mirror_mask(mask_t m, int n) {
    mask_t out = 0;
    int c;
    for (c = 0; c < n; c++)
        if (m & ((mask_t)1 << c)) out |= (mask_t)1 << (n - 1 - c);
    return out;
}

static void enum_setup(enum_t *e) {
    int r, symmetric = e->search.group <= 1 && e->n <= MIRROR_MAX_N;
    for (r = 0; r < e->n && symmetric; r++)
        symmetric = mirror_mask(e->search.allowed[r], e->n) == e->search.allowed[r];
    e->mirror = symmetric;
    e->first = e->search.allowed[0];
}

static int keep(enum_t *e) {
    int r;
    if (e->size + (size_t)e->n > e->capacity) {
        size_t capacity = e->capacity ? 2 * e->capacity : 4096;
        unsigned char *bigger = PyMem_RawRealloc(e->kept, capacity);
        if (!bigger) return 0;
        e->kept = bigger;
        e->capacity = capacity;
    }
    for (r = 0; r < e->n; r++) e->kept[e->size + (size_t)r] = (unsigned char)e->search.walk.cols[r];
    e->size += (size_t)e->n;
    return 1;
}

/* The next solution into e->search.walk.cols: 1 found, 0 none left, -1 budget
 * ran out (call again), -2 out of memory. */
static int enum_next(enum_t *e, long *budget) {
    int n = e->n, half = n / 2, r;
    if (!e->mirror) return search_next(&e->search, budget);
    for (;;) {
        if (e->done) return 0;
        if (e->col < (n + 1) / 2) { /* search the left half (and the middle column) */
            int found;
            if (!e->started) {
                e->search.state = 0;
                e->search.allowed[0] = e->first & ((mask_t)1 << e->col);
                e->block_start[e->col] = e->size;
                e->started = 1;
            }
            found = search_next(&e->search, budget);
            if (found < 0) return found;
            if (found > 0) {
                if (e->col < half && !keep(e)) return -2;
                return 1;
            }
            e->block_end[e->col] = e->size;
            e->col++;
            e->started = 0;
        } else if (e->col < n) { /* replay the mirror images, last first */
            int source = n - 1 - e->col;
            if (!e->started) {
                e->replay = e->block_end[source];
                e->started = 1;
            }
            if (e->replay > e->block_start[source]) {
                e->replay -= (size_t)n;
                for (r = 0; r < n; r++) e->search.walk.cols[r] = n - 1 - e->kept[e->replay + (size_t)r];
                return 1;
            }
            e->col++;
            e->started = 0;
        } else {
            e->done = 1;
            e->search.state = 2;
        }
    }
}

enum { FMT_LIST, FMT_LETTERS, FMT_JSON, FMT_BOARD };

static size_t max_text(int n, int fmt) {
    switch (fmt) {
    case FMT_LIST: return 4 * (size_t)n + 4;
    case FMT_LETTERS: return (size_t)n + 1;
    case FMT_JSON: return 32 + 4 * (size_t)n;
    default: return 2 * (size_t)n * (size_t)n + 2;
    }
}

static char *put_int(char *p, int v) {
    if (v >= 10) *p++ = (char)('0' + v / 10);
    *p++ = (char)('0' + v % 10);
    return p;
}

/* One solution as a line (or lines) of text, in the formats of queens.formats. */
static char *put_solution(char *p, int n, const int *cols, int fmt, int first) {
    int r, c;
    switch (fmt) {
    case FMT_LIST:
        *p++ = '[';
        for (r = 0; r < n; r++) {
            if (r) { *p++ = ','; *p++ = ' '; }
            p = put_int(p, cols[r] + 1);
        }
        *p++ = ']';
        break;
    case FMT_LETTERS:
        for (r = 0; r < n; r++) *p++ = (char)('a' + cols[r]);
        break;
    case FMT_JSON:
        memcpy(p, "{\"n\": ", 6); p += 6;
        p = put_int(p, n);
        memcpy(p, ", \"columns\": [", 14); p += 14;
        for (r = 0; r < n; r++) {
            if (r) { *p++ = ','; *p++ = ' '; }
            p = put_int(p, cols[r]);
        }
        *p++ = ']'; *p++ = '}';
        break;
    default:
        if (!first) *p++ = '\n';
        for (r = 0; r < n; r++) {
            for (c = 0; c < n; c++) {
                if (c) *p++ = ' ';
                *p++ = c == cols[r] ? 'Q' : '.';
            }
            if (r < n - 1) *p++ = '\n';
        }
        break;
    }
    *p++ = '\n';
    return p;
}

