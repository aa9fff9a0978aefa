/* The compiled local search of queens.engines.local (Sosic & Gu's QS4 style).
 *
 * The algorithm is described in local.py, whose pure-Python fallback follows
 * the same steps; only the random number generator differs (here
 * xoshiro256** seeded through splitmix64, there Python's Mersenne Twister),
 * so a seed gives one placement with the extension and another without it.
 *
 * Python API: fill(columns, seed) -> None
 *   columns: a writable buffer of C ints (array('i')) of length n >= 4,
 *            overwritten with a solution (0-based columns);
 *   seed:    an integer 0 <= seed < 2**64.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
} Rng;

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void rng_seed(Rng *rng, uint64_t seed) {
    for (int k = 0; k < 4; k++) rng->s[k] = splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(Rng *rng) {
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* A number in [0, bound) for bound < 2**32 from a raw draw: multiply-shift. */
static inline int64_t scale(uint64_t raw, int64_t bound) {
    return (int64_t)(((raw >> 32) * (uint64_t)bound) >> 32);
}

static inline int64_t below(Rng *rng, int64_t bound) { return scale(rng_next(rng), bound); }

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
    int interrupted; /* a signal handler raised (Ctrl-C): give up */
} State;

static inline void put(State *st, int64_t row, int32_t col) {
    int64_t u = row + col, d = row - col + st->n - 1;
    st->pairs += st->up[u]++ + st->down[d]++;
    if (st->up[u] >= COUNT_MAX || st->down[d] >= COUNT_MAX) st->overflow = 1;
    st->up_rows[u] ^= (int32_t)row;
    st->down_rows[d] ^= (int32_t)row;
}

static inline void take(State *st, int64_t row, int32_t col) {
    int64_t u = row + col, d = row - col + st->n - 1;
    st->pairs -= --st->up[u] + --st->down[d];
    st->up_rows[u] ^= (int32_t)row;
    st->down_rows[d] ^= (int32_t)row;
}

static inline int attacked(const State *st, int64_t row) {
    int32_t col = st->q[row];
    return st->up[row + col] > 1 || st->down[row - col + st->n - 1] > 1;
}

static void push(State *st, int32_t row) {
    if (st->next_len == st->cap) {
        int64_t cap = st->cap * 2;
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
static void note_diagonal(State *st, uint8_t count, int32_t rows, int32_t row) {
    if (count > 1) push(st, row);
    if (count == 2) push(st, rows ^ row);
}

static void note(State *st, int64_t row) {
    int32_t col = st->q[row];
    int64_t u = row + col, d = row - col + st->n - 1;
    note_diagonal(st, st->up[u], st->up_rows[u], (int32_t)row);
    note_diagonal(st, st->down[d], st->down_rows[d], (int32_t)row);
}

/* Swap the columns of rows i and j when that lowers the number of attacking pairs. */
static int try_swap(State *st, int64_t i, int64_t j) {
    int32_t qi = st->q[i], qj = st->q[j];
    int64_t before = st->pairs;
    take(st, i, qi);
    take(st, j, qj);
    put(st, i, qj);
    put(st, j, qi);
    if (st->pairs < before) {
        st->q[i] = qj;
        st->q[j] = qi;
        note(st, i);
        note(st, j);
        return 1;
    }
    take(st, i, qj);
    take(st, j, qi);
    put(st, i, qi);
    put(st, j, qj);
    return 0;
}

/* Greedy start: row by row, swap a random later row's column in (a
 * Fisher-Yates shuffle done lazily) until the queen stands on two empty
 * diagonals or n - i tries fail; the last FREE_TAIL rows take one draw. */
static void start(State *st, Rng *rng) {
    int64_t n = st->n;
    int32_t *q = st->q;
    for (int64_t i = 0; i < n; i++) q[i] = (int32_t)i;
    size_t diagonals = (size_t)(2 * n - 1);
    memset(st->up, 0, diagonals);
    memset(st->down, 0, diagonals);
    memset(st->up_rows, 0, diagonals * sizeof(int32_t));
    memset(st->down_rows, 0, diagonals * sizeof(int32_t));
    st->overflow = 0;
    st->pairs = 0;
    st->todo_len = st->next_len = 0;
    int64_t greedy = n > FREE_TAIL ? n - FREE_TAIL : 0;
    /* Memory latency, not arithmetic, bounds this loop: draws are made two
     * ahead so that the row a later try will take, and then the diagonals of
     * its column, are already on their way to the cache (prefetches are only
     * hints; a row change shifts the target by at most one entry). */
    uint64_t ahead1 = rng_next(rng), ahead2 = rng_next(rng);
    for (int64_t i = 0; i < n; i++) {
        /* Ctrl-C answers within a fraction of a second even for huge n. */
        if ((i & 0xFFFFF) == 0xFFFFF && PyErr_CheckSignals() != 0) {
            st->interrupted = 1;
            return;
        }
        for (int64_t tries = i < greedy ? n - i : 1; tries > 0; tries--) {
            int64_t j = i + scale(ahead1, n - i);
            ahead1 = ahead2;
            ahead2 = rng_next(rng);
            PREFETCH(&q[i + scale(ahead2, n - i)]);
            int32_t next_col = q[i + scale(ahead1, n - i)];
            PREFETCH(&st->up[i + next_col]);
            PREFETCH(&st->down[i - next_col + n - 1]);
            int32_t col = q[j];
            q[j] = q[i];
            q[i] = col;
            if (st->up[i + col] == 0 && st->down[i - col + n - 1] == 0) break;
        }
        put(st, i, q[i]);
        note(st, i);
    }
}

/* Repair, in rounds: give each row noted as possibly attacked up to TRIES
 * random partners, keeping a swap only when it lowers the attacking pairs;
 * rows still attacked wait for the next round.  Returns 1 when solved, 0
 * when stuck (no progress for MAX_STALE rounds) or out of memory. */
static int repair(State *st, Rng *rng) {
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
            for (int64_t tries = 0; tries < tries_max && attacked(st, i); tries++) {
                int64_t j = below(rng, n);
                if (j != i) try_swap(st, i, j);
            }
            if (attacked(st, i)) push(st, (int32_t)i);
        }
        stale = st->pairs < before ? 0 : stale + 1;
        if (stale >= MAX_STALE) return 0;
    }
    return st->pairs == 0 && !st->overflow;
}

static PyObject *local_fill(PyObject *self, PyObject *args) {
    Py_buffer view;
    unsigned long long seed;
    (void)self;
    if (!PyArg_ParseTuple(args, "w*K", &view, &seed)) return NULL;
    Py_ssize_t item = (Py_ssize_t)sizeof(int32_t);
    if (view.itemsize != item || view.len % item != 0) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_TypeError, "columns must be an array('i')");
        return NULL;
    }
    int64_t n = (int64_t)(view.len / item);
    if (n < 4 || n > INT32_MAX / 2) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "local search needs 4 <= n < 2**30");
        return NULL;
    }
    State st = {0};
    st.n = n;
    st.cap = 64;
    st.q = malloc((size_t)n * sizeof(int32_t));
    st.up = malloc((size_t)(2 * n - 1));
    st.down = malloc((size_t)(2 * n - 1));
    st.up_rows = malloc((size_t)(2 * n - 1) * sizeof(int32_t));
    st.down_rows = malloc((size_t)(2 * n - 1) * sizeof(int32_t));
    st.todo = malloc((size_t)st.cap * sizeof(int32_t));
    st.next = malloc((size_t)st.cap * sizeof(int32_t));
    int solved = 0;
    if (st.q != NULL && st.up != NULL && st.down != NULL && st.up_rows != NULL &&
        st.down_rows != NULL && st.todo != NULL && st.next != NULL) {
        Rng rng;
        rng_seed(&rng, (uint64_t)seed);
        for (;;) {
            start(&st, &rng);
            if (st.interrupted) break;
            solved = repair(&st, &rng);
            /* Let Ctrl-C through between restarts. */
            if (solved || st.failed || PyErr_CheckSignals() != 0) break;
        }
    } else {
        st.failed = 1;
    }
    if (solved) memcpy(view.buf, st.q, (size_t)n * sizeof(int32_t));
    free(st.q);
    free(st.up);
    free(st.down);
    free(st.up_rows);
    free(st.down_rows);
    free(st.todo);
    free(st.next);
    PyBuffer_Release(&view);
    if (st.failed && !PyErr_Occurred()) PyErr_NoMemory();
    if (!solved) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef local_methods[] = {
    {"fill", local_fill, METH_VARARGS,
     "fill(columns, seed): overwrite array('i') columns with a solution found by local search."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef local_module = {
    PyModuleDef_HEAD_INIT, "_local", "Compiled local search for queens.engines.local.", -1,
    local_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__local(void) { return PyModule_Create(&local_module); }
