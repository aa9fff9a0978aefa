/* board_walk.c: min-conflicts local search for N queens on an N x N board with reserved
 * squares (the module's walk_board, used by queens.engines.hard.walk, a member of the
 * hard boards' portfolio).  local.c's search is for the plain board of any N; this one
 * takes the board's forbidden squares as a cost, for the hard boards up to N = 1,000.
 *
 * walk_board(ok, columns, seed, steps) -> bool
 *   ok:      n * n bytes, ok[r * n + c] = 1 when a queen may stand on (r, c), else 0;
 *   columns: a writable buffer of n C ints (array('i')) holding a permutation of 0..n-1
 *            (row r's queen in column columns[r]); the search starts from it and leaves
 *            its last placement there, so a caller resumes where it stopped;
 *   seed:    0 <= seed < 2**64, for the random choices;
 *   steps:   at most this many steps.
 * True when the columns are a solution (one queen a row and a column, none on a
 * forbidden square, no two on a diagonal): the caller checks it again all the same.
 *
 * The placement is always a permutation, so rows and columns never clash; a queen
 * clashes with another on its diagonal, and with the board on a forbidden square.  The
 * cost of a queen on (r, c) is the number of other queens on its two diagonals plus
 * BW_PENALTY when (r, c) is forbidden.  A step picks a clashing row at random and swaps
 * its column with the other row's that lowers the total cost most (ties at random), or
 * with probability BW_NOISE_PER_MILLE / 1000 with a random row; no swap when every swap
 * raises the cost.  The algorithm (Minton et al.'s min-conflicts on the permutation, with
 * random walk) is the one walk.py's docstring describes.  The search holds the GIL: the
 * caller keeps `steps` small enough (a fraction of a second) for Ctrl-C to be seen
 * between calls.  The helpers of this part carry the prefix bw_. */

#define BW_PENALTY 2
#define BW_NOISE_PER_MILLE 50

typedef struct {
    uint64_t s; /* never 0 */
} BoardWalkRng;

static inline uint64_t bw_next(BoardWalkRng *rng) { /* Marsaglia's xorshift64*, Vigna's multiplier */
    rng->s ^= rng->s >> 12;
    rng->s ^= rng->s << 25;
    rng->s ^= rng->s >> 27;
    return rng->s * 0x2545f4914f6cdd1dULL;
}

static inline int bw_below(BoardWalkRng *rng, int bound) { return (int)(bw_next(rng) % (uint64_t)bound); }

typedef struct {
    int n;
    int *q;         /* q[r]: row r's column */
    int *up;        /* queens on d1 = r + c */
    int *down;      /* queens on r - c + n - 1 */
    const char *ok; /* ok[r * n + c]: 1 when a queen may stand there */
    int *clashing;  /* scratch: the clashing rows */
} BoardWalk;

static inline int bw_clashes(const BoardWalk *w, int r) {
    int n = w->n, c = w->q[r];
    return w->up[r + c] > 1 || w->down[r - c + n - 1] > 1 || !w->ok[r * n + c];
}

static inline void bw_lift(BoardWalk *w, int r, int c) {
    w->up[r + c]--;
    w->down[r - c + w->n - 1]--;
}

static inline void bw_put(BoardWalk *w, int r, int c) {
    w->up[r + c]++;
    w->down[r - c + w->n - 1]++;
}

static inline int bw_penalty(const BoardWalk *w, int r, int c) { return w->ok[r * w->n + c] ? 0 : BW_PENALTY; }

/* The change in total cost when rows r and s swap columns: (r, a) and (s, b) lifted, then
 * (r, b) and (s, a) put, each square's cost counting the queens there at that moment (so
 * the cost of (s, a) counts the queen just put on (r, b) when they share a diagonal).
 * Worked out from the counts without moving a queen: of the eight diagonals only r + a
 * and s + b (the two lifted queens clashing), r + b and s + a (the two put ones), and
 * their like down the other way, can coincide.  Measured on N = 32, K = 27, seed 0 of
 * benchmarks/hard.py --frontier: the same steps about 20 % faster than lifting and
 * putting the queens for each s (load 11). */
static inline int bw_swap_delta(const BoardWalk *w, int r, int s) {
    int n = w->n, a = w->q[r], b = w->q[s];
    int ra = r + a, sb = s + b, rb = r + b, sa = s + a;                 /* up */
    int ra_ = r - a + n - 1, sb_ = s - b + n - 1, rb_ = r - b + n - 1, sa_ = s - a + n - 1; /* down */
    int before = w->up[ra] + w->up[sb] - 2 - 2 * (ra == sb) + w->down[ra_] + w->down[sb_] - 2 -
                 2 * (ra_ == sb_) + bw_penalty(w, r, a) + bw_penalty(w, s, b);
    int after = w->up[rb] + w->up[sa] + (rb == sa) + w->down[rb_] + w->down[sa_] + (rb_ == sa_) +
                bw_penalty(w, r, b) + bw_penalty(w, s, a);
    return after - before;
}

static void bw_swap(BoardWalk *w, int r, int s) {
    int a = w->q[r], b = w->q[s];
    bw_lift(w, r, a);
    bw_lift(w, s, b);
    w->q[r] = b;
    w->q[s] = a;
    bw_put(w, r, b);
    bw_put(w, s, a);
}

static int bw_run(BoardWalk *w, BoardWalkRng *rng, long long steps) {
    int n = w->n;
    for (long long step = 0;; step++) {
        int count = 0;
        for (int r = 0; r < n; r++)
            if (bw_clashes(w, r)) w->clashing[count++] = r;
        if (count == 0) return 1;
        if (step >= steps || n < 2) return 0;
        int r = w->clashing[bw_below(rng, count)];
        int chosen = -1;
        if (bw_below(rng, 1000) < BW_NOISE_PER_MILLE) {
            chosen = bw_below(rng, n - 1);
            chosen += chosen >= r;
        } else {
            int best = 0, ties = 0;
            for (int s = 0; s < n; s++) {
                if (s == r) continue;
                int delta = bw_swap_delta(w, r, s);
                if (chosen < 0 || delta < best) {
                    best = delta;
                    chosen = s;
                    ties = 1;
                } else if (delta == best && bw_below(rng, ++ties) == 0) {
                    chosen = s;
                }
            }
            if (best > 0) continue;
        }
        bw_swap(w, r, chosen);
    }
}

/* walk_board(ok, columns, seed, steps) -> bool, as the part's comment says. */
static PyObject *py_walk_board(PyObject *self, PyObject *args) {
    Py_buffer ok, view;
    unsigned long long seed;
    long long steps;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*w*KL", &ok, &view, &seed, &steps)) return NULL;
    PyObject *result = NULL;
    BoardWalk w = {0};
    Py_ssize_t n = view.len / (Py_ssize_t)sizeof(int);
    if (view.itemsize != sizeof(int) || ok.len != n * n || n > 46340 || steps < 0) {
        PyErr_SetString(PyExc_ValueError,
                         "columns must be n C ints and the board n * n bytes, steps >= 0");
        goto done;
    }
    w.n = (int)n;
    w.q = (int *)view.buf;
    w.ok = (const char *)ok.buf;
    w.up = calloc(2 * (size_t)n + 1, sizeof(int));
    w.down = calloc(2 * (size_t)n + 1, sizeof(int));
    w.clashing = calloc((size_t)n + 1, sizeof(int));
    if (!w.up || !w.down || !w.clashing) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t r = 0; r < n; r++) { /* a permutation: clashing[] counts the columns */
        int c = w.q[r];
        if (c < 0 || c >= n || w.clashing[c]++) {
            PyErr_SetString(PyExc_ValueError, "columns must be a permutation of 0..n-1");
            goto done;
        }
    }
    for (Py_ssize_t r = 0; r < n; r++) bw_put(&w, (int)r, w.q[r]);
    BoardWalkRng rng = {seed ^ 0x9e3779b97f4a7c15ULL};
    if (rng.s == 0) rng.s = 1;
    result = PyBool_FromLong(bw_run(&w, &rng, steps));
done:
    free(w.up);
    free(w.down);
    free(w.clashing);
    PyBuffer_Release(&ok);
    PyBuffer_Release(&view);
    return result;
}
