/* local.c: local search for one solution of any N (the module's local_fill).
 *
 * ---- local search for any N (Sosic & Gu's QS4 style) -------------------
 *
 * The algorithm is described in local.py, whose pure-Python fallback follows
 * the same steps; only the random number generator differs (here
 * xoshiro256** seeded through splitmix64, there Python's Mersenne Twister),
 * so a seed gives one placement with the kernel and another without it.
 *
 * local_fill(columns, seed, stop=None, knight=False) -> bool
 *   columns: a writable buffer of C ints (array('i')) of length n >= 4,
 *            overwritten with a solution (0-based columns);
 *   seed:    an integer 0 <= seed < 2**64;
 *   stop:    a stop flag as the counters take (a writable buffer whose first
 *            byte another thread sets): False when it was set, the columns
 *            then untouched;
 *   knight:  true for superqueens: knight moves attack too.  A queen's knight
 *            squares lie in the two rows on either side, so they are read off
 *            q[] itself; the queen rule's paths do not look at them at all.
 * The search runs without the GIL; now and then (LS_CHECK_WORK steps) it
 * looks at the flag and takes the GIL back for a moment to run the signal
 * handlers, so that Ctrl-C raises KeyboardInterrupt within a fraction of a second.
 * The helpers of this part carry the prefix ls_. */

/* Rows at the end of the greedy phase placed without looking (QS4's "c"). */
#define FREE_TAIL 32
/* Random partners tried for one attacked queen before moving on (at most 2n:
 * small boards have few partners, and their local minima need a restart). */
#define TRIES 64
/* Repair rounds without progress before starting over. */
#define MAX_STALE 3

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)(address))
#endif

typedef struct {
    uint64_t s[4];
} ls_Rng;

static uint64_t ls_splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void ls_rng_seed(ls_Rng *rng, uint64_t seed) {
    for (int k = 0; k < 4; k++) rng->s[k] = ls_splitmix64(&seed);
}

static inline uint64_t ls_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t ls_rng_next(ls_Rng *rng) {
    uint64_t *s = rng->s;
    uint64_t result = ls_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ls_rotl(s[3], 45);
    return result;
}

/* A number in [0, bound) for bound < 2**32 from a raw draw: multiply-shift. */
static inline int64_t ls_scale(uint64_t raw, int64_t bound) {
    return (int64_t)(((raw >> 32) * (uint64_t)bound) >> 32);
}

static inline int64_t ls_below(ls_Rng *rng, int64_t bound) { return ls_scale(ls_rng_next(rng), bound); }

/* Per diagonal: how many queens stand there (bytes, so that the random
 * probing of the greedy start touches as little memory as possible), and the
 * XOR of their rows: when exactly one queen stands there, that is its row, so
 * the queen a newcomer attacks is known without a scan and the repair phase
 * visits only attacked queens.  A count about to pass COUNT_MAX (never seen in
 * practice) makes the search start over rather than overflow. */
#define COUNT_MAX 250

typedef struct {
    int64_t n;
    int32_t *q;                 /* q[row] = column */
    uint8_t *up, *down;         /* queens on diagonal row + col, row - col + n - 1 */
    int32_t *up_rows, *down_rows; /* XOR of their rows */
    int64_t pairs;              /* attacking pairs along diagonals (columns are a permutation) */
    int32_t *todo;              /* rows that may be attacked, to visit in this round */
    int64_t todo_len;
    int32_t *next; /* rows to visit in the next round */
    int64_t next_len, cap;
    int failed;   /* out of memory */
    int overflow;    /* a diagonal count reached COUNT_MAX: start over */
    int interrupted; /* told to stop, or a signal handler raised (Ctrl-C): give up */
    stop_flag_t *stop;
    PyThreadState *thread; /* saved while the search runs without the GIL */
    int64_t work;          /* steps since the last look at the flag and the signals */
    int knight;            /* superqueens: knight moves count as attacks too */
    int64_t placed;        /* rows holding their final queen (the start fills them in order) */
} ls_State;

/* Steps (random probes) between two looks at the stop flag and the signal handlers: each
 * probe is a cache miss on huge boards, so this is some tens of milliseconds there. */
#define LS_CHECK_WORK (1 << 18)

/* Count `work` steps; now and then look at the stop flag and run the signal
 * handlers (with the GIL, briefly).  1 when the search must give up. */
static int ls_halt(ls_State *st, int64_t work) {
    int raised;
    st->work += work;
    if (st->work < LS_CHECK_WORK) return 0;
    st->work = 0;
    if (*st->stop) return st->interrupted = 1;
    PyEval_RestoreThread(st->thread);
    raised = PyErr_CheckSignals() != 0;
    st->thread = PyEval_SaveThread();
    return st->interrupted = raised;
}

static inline void ls_put(ls_State *st, int64_t row, int32_t col) {
    int64_t u = row + col, d = row - col + st->n - 1;
    st->pairs += st->up[u]++ + st->down[d]++;
    if (st->up[u] >= COUNT_MAX || st->down[d] >= COUNT_MAX) st->overflow = 1;
    st->up_rows[u] ^= (int32_t)row;
    st->down_rows[d] ^= (int32_t)row;
}

static inline void ls_take(ls_State *st, int64_t row, int32_t col) {
    int64_t u = row + col, d = row - col + st->n - 1;
    st->pairs -= --st->up[u] + --st->down[d];
    st->up_rows[u] ^= (int32_t)row;
    st->down_rows[d] ^= (int32_t)row;
}

/* Knight moves: the rows (among the placed ones) whose queen attacks row's by a knight's
 * jump, written to `rows` (up to 4); their number. */
static int ls_knights(const ls_State *st, int64_t row, int32_t *rows) {
    static const int64_t step[4] = {-2, -1, 1, 2};
    int32_t col = st->q[row];
    int found = 0;
    for (int k = 0; k < 4; k++) {
        int64_t other = row + step[k];
        int32_t gap = (other < row ? row - other : other - row) == 1 ? 2 : 1;
        if (other < 0 || other >= st->placed) continue;
        int32_t d = st->q[other] - col;
        if (d == gap || d == -gap) rows[found++] = (int32_t)other;
    }
    return found;
}

static inline int ls_knighted(const ls_State *st, int64_t row) {
    int32_t rows[4];
    return st->knight && ls_knights(st, row, rows) > 0;
}

static inline int ls_attacked(const ls_State *st, int64_t row) {
    int32_t col = st->q[row];
    return st->up[row + col] > 1 || st->down[row - col + st->n - 1] > 1 || ls_knighted(st, row);
}

static void ls_push(ls_State *st, int32_t row) {
    if (st->next_len == st->cap) {
        int64_t cap = st->cap * 2;
        if (cap > INT32_MAX) { /* never in practice: rows are pushed once per swap */
            st->failed = 1;
            return;
        }
        int32_t *a = realloc(st->todo, (size_t)cap * sizeof(int32_t));
        if (a == NULL) {
            st->failed = 1;
            return;
        }
        st->todo = a;
        int32_t *b = realloc(st->next, (size_t)cap * sizeof(int32_t));
        if (b == NULL) {
            st->failed = 1;
            return;
        }
        st->next = b;
        st->cap = cap;
    }
    st->next[st->next_len++] = row;
}

/* After a queen lands on (row, q[row]): remember it and the queens it now attacks. */
static void ls_note_diagonal(ls_State *st, uint8_t count, int32_t rows, int32_t row) {
    if (count > 1) ls_push(st, row);
    if (count == 2) ls_push(st, rows ^ row);
}

static void ls_note(ls_State *st, int64_t row) {
    int32_t col = st->q[row];
    int64_t u = row + col, d = row - col + st->n - 1;
    ls_note_diagonal(st, st->up[u], st->up_rows[u], (int32_t)row);
    ls_note_diagonal(st, st->down[d], st->down_rows[d], (int32_t)row);
    if (st->knight) {
        int32_t rows[4];
        int found = ls_knights(st, row, rows);
        if (found) ls_push(st, (int32_t)row);
        for (int k = 0; k < found; k++) ls_push(st, rows[k]);
    }
}

/* Knight pairs with a queen in row i or j (a pair of both counted once). */
static int64_t ls_knight_pairs(const ls_State *st, int64_t i, int64_t j) {
    int32_t rows[4];
    int64_t pairs = ls_knights(st, i, rows);
    int found = ls_knights(st, j, rows);
    for (int k = 0; k < found; k++) pairs += rows[k] != i;
    return pairs;
}

/* ls_try_swap for superqueens: the columns swap first, so that the knight pairs after
 * the swap can be read off q[]. */
static int ls_try_swap_knight(ls_State *st, int64_t i, int64_t j) {
    int32_t qi = st->q[i], qj = st->q[j];
    int64_t before = st->pairs, knights = ls_knight_pairs(st, i, j);
    ls_take(st, i, qi);
    ls_take(st, j, qj);
    ls_put(st, i, qj);
    ls_put(st, j, qi);
    st->q[i] = qj;
    st->q[j] = qi;
    st->pairs += ls_knight_pairs(st, i, j) - knights;
    if (st->pairs < before) {
        ls_note(st, i);
        ls_note(st, j);
        return 1;
    }
    st->q[i] = qi;
    st->q[j] = qj;
    ls_take(st, i, qj);
    ls_take(st, j, qi);
    ls_put(st, i, qi);
    ls_put(st, j, qj);
    st->pairs = before;
    return 0;
}

/* Swap the columns of rows i and j when that lowers the number of attacking pairs. */
static int ls_try_swap(ls_State *st, int64_t i, int64_t j) {
    if (st->knight) return ls_try_swap_knight(st, i, j);
    int32_t qi = st->q[i], qj = st->q[j];
    int64_t before = st->pairs;
    ls_take(st, i, qi);
    ls_take(st, j, qj);
    ls_put(st, i, qj);
    ls_put(st, j, qi);
    if (st->pairs < before) {
        st->q[i] = qj;
        st->q[j] = qi;
        ls_note(st, i);
        ls_note(st, j);
        return 1;
    }
    ls_take(st, i, qj);
    ls_take(st, j, qi);
    ls_put(st, i, qi);
    ls_put(st, j, qj);
    return 0;
}

/* Zero `size` bytes in pieces, looking at the flag and the signals between them: on a huge
 * board the first touch of hundreds of megabytes takes a noticeable time.  1 when halted. */
static int ls_zero(ls_State *st, void *memory, size_t size) {
    const size_t piece = (size_t)1 << 22;
    char *p = memory;
    while (size > 0) {
        size_t now = size < piece ? size : piece;
        memset(p, 0, now);
        p += now;
        size -= now;
        if (ls_halt(st, (int64_t)(now >> 6))) return 1;
    }
    return 0;
}

/* Greedy start: row by row, swap a random later row's column in (a
 * Fisher-Yates shuffle done lazily) until the queen stands on two empty
 * diagonals or n - i tries fail; the last FREE_TAIL rows take one draw. */
static void ls_start(ls_State *st, ls_Rng *rng) {
    int64_t n = st->n;
    int32_t *q = st->q;
    for (int64_t i = 0; i < n; i++) q[i] = (int32_t)i;
    size_t diagonals = (size_t)(2 * n - 1);
    if (ls_zero(st, st->up, diagonals) || ls_zero(st, st->down, diagonals)
        || ls_zero(st, st->up_rows, diagonals * sizeof(int32_t))
        || ls_zero(st, st->down_rows, diagonals * sizeof(int32_t))) {
        return;
    }
    st->overflow = 0;
    st->pairs = 0;
    st->todo_len = st->next_len = 0;
    st->placed = 0;
    int64_t greedy = n > FREE_TAIL ? n - FREE_TAIL : 0;
    /* Memory latency, not arithmetic, bounds this loop: draws are made two
     * ahead so that the row a later try will take, and then the diagonals of
     * its column, are already on their way to the cache (prefetches are only
     * hints; a row change shifts the target by at most one entry). */
    uint64_t ahead1 = ls_rng_next(rng), ahead2 = ls_rng_next(rng);
    for (int64_t i = 0; i < n; i++) {
        int64_t allowed = i < greedy ? n - i : 1, tries;
        for (tries = allowed; tries > 0; tries--) {
            int64_t j = i + ls_scale(ahead1, n - i);
            ahead1 = ahead2;
            ahead2 = ls_rng_next(rng);
            PREFETCH(&q[i + ls_scale(ahead2, n - i)]);
            int32_t next_col = q[i + ls_scale(ahead1, n - i)];
            PREFETCH(&st->up[i + next_col]);
            PREFETCH(&st->down[i - next_col + n - 1]);
            int32_t col = q[j];
            q[j] = q[i];
            q[i] = col;
            if (st->up[i + col] == 0 && st->down[i - col + n - 1] == 0 && !ls_knighted(st, i)) break;
        }
        ls_put(st, i, q[i]);
        if (st->knight) {
            int32_t rows[4];
            st->pairs += ls_knights(st, i, rows);
        }
        st->placed = i + 1;
        ls_note(st, i);
        /* Ctrl-C answers within a fraction of a second even for huge n. */
        if (ls_halt(st, allowed - tries + 1)) return;
    }
}

/* Repair, in rounds: give each row noted as possibly attacked up to TRIES
 * random partners, keeping a swap only when it lowers the attacking pairs;
 * rows still attacked wait for the next round.  Returns 1 when solved, 0
 * when stuck (no progress for MAX_STALE rounds) or out of memory. */
static int ls_repair(ls_State *st, ls_Rng *rng) {
    int64_t n = st->n;
    int64_t tries_max = n < TRIES / 2 ? 2 * n : TRIES;
    int stale = 0;
    while (st->pairs > 0 && !st->failed && !st->overflow) {
        int32_t *t = st->todo;
        st->todo = st->next;
        st->next = t;
        st->todo_len = st->next_len;
        st->next_len = 0;
        int64_t before = st->pairs;
        for (int64_t k = 0; k < st->todo_len && st->pairs > 0; k++) {
            int64_t i = st->todo[k];
            if (ls_halt(st, tries_max)) return 0;
            for (int64_t tries = 0; tries < tries_max && ls_attacked(st, i); tries++) {
                int64_t j = ls_below(rng, n);
                if (j != i) ls_try_swap(st, i, j);
            }
            if (ls_attacked(st, i)) ls_push(st, (int32_t)i);
        }
        stale = st->pairs < before ? 0 : stale + 1;
        if (stale >= MAX_STALE) return 0;
    }
    return st->pairs == 0 && !st->overflow;
}

/* The columns of local_fill: a writable array('i') (native 4-byte ints). */
/* Every size the wrapper allocates is a product checked here first, so that
 * no argument can make it wrap around into a small buffer. */
static int size_product(size_t a, size_t b, size_t *out) {
    if (b != 0 && a > (size_t)PY_SSIZE_T_MAX / b) return 0;
    *out = a * b;
    return 1;
}

static void ls_free(ls_State *st) {
    free(st->q);
    free(st->up);
    free(st->down);
    free(st->up_rows);
    free(st->down_rows);
    free(st->todo);
    free(st->next);
}

/* The state's arrays for n rows (every size checked): 0 when out of memory. */
static int ls_alloc(ls_State *st, int64_t n) {
    size_t rows, diagonals, diagonal_rows, list;
    st->n = n;
    st->cap = 64;
    if (!size_product((size_t)n, sizeof(int32_t), &rows) || !size_product((size_t)n, 2, &diagonals)
        || !size_product(diagonals, sizeof(int32_t), &diagonal_rows)
        || !size_product((size_t)st->cap, sizeof(int32_t), &list)) {
        return 0;
    }
    st->q = malloc(rows);
    st->up = malloc(diagonals); /* 2n - 1 used */
    st->down = malloc(diagonals);
    st->up_rows = malloc(diagonal_rows);
    st->down_rows = malloc(diagonal_rows);
    st->todo = malloc(list);
    st->next = malloc(list);
    return st->q && st->up && st->down && st->up_rows && st->down_rows && st->todo && st->next;
}

/* Start and repair until solved, stuck for good (out of memory) or told to stop. */
static int ls_solve(ls_State *st, uint64_t seed) {
    ls_Rng rng;
    ls_rng_seed(&rng, seed);
    for (;;) {
        ls_start(st, &rng);
        if (st->interrupted) return 0;
        if (ls_repair(st, &rng)) return 1;
        if (st->failed || st->interrupted) return 0;
    }
}

