/* puzzle_bindings.c: the CPython bindings of the puzzles' searches (after
 * module.c, whose argument readers it uses): the region puzzle's counter and
 * solver (regions.c), Star Battle's row-by-row counter (stars.c), its
 * propagating search (stars_search.c) and the ways of a unit (stars_ways.c);
 * each reads and checks its arguments and releases the GIL around the work. */

/* Read a grid of the region puzzle: n in 1..MAXN and cells a bytes-like of n * n region
 * numbers 0..n-1 (or `hole`, when it is not -1: a cell outside every region), copied into
 * grid; 0 with an exception set when they are not. */
static int read_region_grid(int n, PyObject *cells_obj, unsigned char *grid, int hole) {
    Py_buffer cells;
    Py_ssize_t i;
    if (n < 1 || n > MAXN) {
        PyErr_Format(PyExc_ValueError, "the kernel takes grids of 1..%d rows, got %d", MAXN, n);
        return 0;
    }
    if (PyObject_GetBuffer(cells_obj, &cells, PyBUF_SIMPLE) < 0) return 0;
    if (cells.len != (Py_ssize_t)n * n) {
        PyBuffer_Release(&cells);
        PyErr_Format(PyExc_ValueError, "cells must hold n * n = %d bytes, got %zd", n * n, cells.len);
        return 0;
    }
    for (i = 0; i < cells.len; i++) {
        grid[i] = ((const unsigned char *)cells.buf)[i];
        if (grid[i] >= n && grid[i] != hole) {
            PyBuffer_Release(&cells);
            PyErr_Format(PyExc_ValueError, "cell %zd is in region %d, past the %d regions", i, grid[i], n);
            return 0;
        }
    }
    PyBuffer_Release(&cells);
    return 1;
}

/* count_regions(n, cells, stop=None) -> int, or None when stopped: the solutions of the
 * region puzzle of an n x n grid, cells a bytes-like of n * n region numbers 0..n-1. */
static PyObject *py_count_regions(PyObject *self, PyObject *args) {
    PyObject *cells_obj, *stop_obj = NULL;
    Py_buffer view;
    stop_flag_t *stop;
    int n, stopped = 0;
    uint64_t total;
    unsigned char grid[MAXN * MAXN];
    (void)self;
    if (!PyArg_ParseTuple(args, "iO|O", &n, &cells_obj, &stop_obj)) return NULL;
    if (!read_region_grid(n, cells_obj, grid, -1)) return NULL;
    if (!read_stop(stop_obj, &view, &stop)) return NULL;
    Py_BEGIN_ALLOW_THREADS
    total = count_regions(n, grid, stop, &stopped);
    Py_END_ALLOW_THREADS
    if (view.obj) PyBuffer_Release(&view);
    if (stopped) Py_RETURN_NONE;
    return PyLong_FromUnsignedLongLong((unsigned long long)total);
}

/* solve_regions(n, cells, limit=0, stop=None, budget=0) -> (total, first, second, done),
 * or None when stopped: the region puzzle of an n x n grid, cells a bytes-like of n * n
 * region numbers (255: a cell holding no queen), counted up to limit solutions (0: all);
 * first and second the first two solutions found, a column a row (None when there are
 * fewer); done false when the search gave up after budget queens placed (0: no budget),
 * total then a lower bound. */
static PyObject *py_solve_regions(PyObject *self, PyObject *args) {
    PyObject *cells_obj, *stop_obj = NULL, *found[2];
    Py_buffer view;
    stop_flag_t *stop;
    int n, stopped = 0, spent = 0, columns[2][MAXN], i, k;
    unsigned long long limit = 0, budget = 0;
    uint64_t total;
    unsigned char grid[MAXN * MAXN];
    (void)self;
    if (!PyArg_ParseTuple(args, "iO|KOK", &n, &cells_obj, &limit, &stop_obj, &budget)) return NULL;
    if (!read_region_grid(n, cells_obj, grid, 255)) return NULL;
    if (!read_stop(stop_obj, &view, &stop)) return NULL;
    Py_BEGIN_ALLOW_THREADS
    total = solve_regions(n, grid, (uint64_t)limit, (uint64_t)budget, columns[0], columns[1],
                          &spent, stop, &stopped);
    Py_END_ALLOW_THREADS
    if (view.obj) PyBuffer_Release(&view);
    if (stopped) Py_RETURN_NONE;
    for (k = 0; k < 2; k++) {
        if (total <= (uint64_t)k) {
            Py_INCREF(Py_None);
            found[k] = Py_None;
            continue;
        }
        found[k] = PyTuple_New(n);
        /* columns below 64 are cached small ints: PyLong_FromLong cannot fail */
        for (i = 0; found[k] && i < n; i++) PyTuple_SET_ITEM(found[k], i, PyLong_FromLong(columns[k][i]));
        if (!found[k]) {
            if (k) Py_DECREF(found[0]);
            return NULL;
        }
    }
    return Py_BuildValue("(KNNO)", (unsigned long long)total, found[0], found[1],
                         spent ? Py_False : Py_True);
}

/* A solution of Star Battle as a tuple of n column masks, one a row; NULL on failure. */
static PyObject *star_rows(const mask_t *rows, int n) {
    PyObject *tuple = PyTuple_New(n);
    int i;
    if (!tuple) return NULL;
    for (i = 0; i < n; i++) {
        PyObject *mask = PyLong_FromUnsignedLongLong((unsigned long long)rows[i]);
        if (!mask) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, mask);
    }
    return tuple;
}

/* (total, first, last) of a Star Battle search: the first and last solutions as star_rows,
 * None and None when there is none; NULL on failure. */
static PyObject *stars_result(uint64_t total, int found, const mask_t *first_rows,
                              const mask_t *last_rows, int n) {
    PyObject *first, *last;
    if (!found) return Py_BuildValue("(KOO)", (unsigned long long)total, Py_None, Py_None);
    first = star_rows(first_rows, n);
    last = first ? star_rows(last_rows, n) : NULL;
    if (!last) {
        Py_XDECREF(first);
        return NULL;
    }
    return Py_BuildValue("(KNN)", (unsigned long long)total, first, last);
}

/* A Star Battle search (the row counter or the propagating search) on its state, as
 * run_stars runs it. */
typedef uint64_t (*stars_run_t)(void *state, uint64_t limit, stop_flag_t *stop, int *stopped);

static uint64_t count_stars_of(void *state, uint64_t limit, stop_flag_t *stop, int *stopped) {
    return count_stars((stars_t *)state, limit, stop, stopped);
}

static uint64_t stars_search_of(void *state, uint64_t limit, stop_flag_t *stop, int *stopped) {
    return stars_search((star_search_t *)state, limit, stop, stopped);
}

/* Runs `run` on `state` without the GIL, under the stop flag `stop_obj` (None or a writable
 * buffer): 1 when it stopped, 0 when it ended (its total in *total), -1 when the flag is
 * not one (an exception set). */
static int run_stars(stars_run_t run, void *state, uint64_t limit, PyObject *stop_obj,
                     uint64_t *total) {
    Py_buffer view;
    stop_flag_t *stop;
    int stopped = 0;
    if (!read_stop(stop_obj, &view, &stop)) return -1;
    Py_BEGIN_ALLOW_THREADS
    *total = run(state, limit, stop, &stopped);
    Py_END_ALLOW_THREADS
    if (view.obj) PyBuffer_Release(&view);
    return stopped ? 1 : 0;
}

/* count_stars(n, k, cells, limit=0, stop=None) -> (total, first, last), or None when stopped:
 * Star Battle with k stars per row, column and region (none touching) on an n x n grid,
 * counted up to limit solutions (0: all); first is the first solution found as a tuple of
 * column masks, one a row, and last the last one found (None, None when there is none).
 * With a budget (0: none) of candidate stars tried, a count past it gives up and returns
 * (total so far, first, last, False) instead. */
static PyObject *py_count_stars(PyObject *self, PyObject *args) {
    PyObject *cells_obj, *stop_obj = NULL, *result;
    int n, k, stopped = 0;
    unsigned long long limit = 0, budget = 0;
    uint64_t total = 0;
    unsigned char grid[MAXN * MAXN];
    stars_t *s;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiO|KOK", &n, &k, &cells_obj, &limit, &stop_obj, &budget))
        return NULL;
    if (k < 1 || k > STARS_MAX_K) {
        PyErr_Format(PyExc_ValueError, "the kernel takes 1..%d stars, got %d", STARS_MAX_K, k);
        return NULL;
    }
    if (!read_region_grid(n, cells_obj, grid, -1)) return NULL;
    s = (stars_t *)PyMem_Malloc(sizeof *s);
    if (!s) return PyErr_NoMemory();
    s->n = n;
    s->k = k;
    s->cells = grid;
    s->budget = (uint64_t)budget;
    stopped = run_stars(count_stars_of, s, (uint64_t)limit, stop_obj, &total);
    result = stopped ? NULL : stars_result(total, s->found_first, s->first, s->last, n);
    if (result && s->budget && s->steps > s->budget) {
        PyObject *given_up = Py_BuildValue("(OOOO)", PyTuple_GET_ITEM(result, 0),
                                           PyTuple_GET_ITEM(result, 1), PyTuple_GET_ITEM(result, 2),
                                           Py_False);
        Py_DECREF(result);
        result = given_up;
    }
    PyMem_Free(s);
    if (stopped > 0) Py_RETURN_NONE;
    return result;
}

/* search_stars(n, k, cells, limit=0, stop=None, star=-1, budget=0) -> ((total, first, last),
 * nodes, open), or None when stopped: as count_stars, by the propagating search
 * (stars_search.c; n up to STARS_SEARCH_MAXN), where a cell may be a hole (STARS_HOLE: in no
 * region, no star) and `star` (a cell index, unless -1) must hold a star; nodes: how many
 * nodes it propagated, budget + 1 when it gave up after `budget` of them (0: no budget),
 * total then a lower bound; open: the cells left open when the grid itself is propagated
 * (0: solved without a guess; -1: no solution). */
static PyObject *py_search_stars(PyObject *self, PyObject *args) {
    PyObject *cells_obj, *stop_obj = NULL, *found, *result;
    int n, k, star = -1, stopped = 0;
    unsigned long long limit = 0, budget = 0;
    uint64_t total = 0;
    unsigned char grid[MAXN * MAXN];
    star_search_t *s;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiO|KOiK", &n, &k, &cells_obj, &limit, &stop_obj, &star,
                          &budget))
        return NULL;
    if (k < 1 || k > STARS_MAX_K || n > STARS_SEARCH_MAXN) {
        PyErr_Format(PyExc_ValueError, "the kernel's search takes 1..%d stars on up to %d rows, "
                     "got %d on %d", STARS_MAX_K, STARS_SEARCH_MAXN, k, n);
        return NULL;
    }
    if (!read_region_grid(n, cells_obj, grid, STARS_HOLE)) return NULL;
    if (star >= n * n || (star >= 0 && grid[star] == STARS_HOLE)) {
        PyErr_Format(PyExc_ValueError, "no star can stand on cell %d", star);
        return NULL;
    }
    s = (star_search_t *)PyMem_Malloc(sizeof *s);
    if (!s) return PyErr_NoMemory();
    s->stack = (star_node_t *)PyMem_Malloc(sizeof(star_node_t) * (size_t)(n * n + 2));
    if (!s->stack) {
        PyMem_Free(s);
        return PyErr_NoMemory();
    }
    s->n = n;
    s->k = k;
    s->cells = grid;
    s->star = star;
    s->budget = (uint64_t)budget;
    stopped = run_stars(stars_search_of, s, (uint64_t)limit, stop_obj, &total);
    found = stopped ? NULL : stars_result(total, s->found_first, s->first, s->last, n);
    result = found ? Py_BuildValue("(NKi)", found, (unsigned long long)s->nodes, s->root_open)
                   : NULL;
    PyMem_Free(s->stack);
    PyMem_Free(s);
    if (stopped > 0) Py_RETURN_NONE;
    return result;
}

/* A cell mask (bit r * n + c, little-endian bytes) as column masks, one a row, and back. */
static void cells_to_rows(const unsigned char *bytes, int n, mask_t *rows) {
    int i;
    memset(rows, 0, sizeof(mask_t) * (size_t)n);
    for (i = 0; i < n * n; i++)
        if (bytes[i >> 3] >> (i & 7) & 1) rows[i / n] |= (mask_t)1 << (i % n);
}

static PyObject *rows_to_cells(const mask_t *rows, int n) {
    unsigned char bytes[(STARS_WAYS_MAXN * STARS_WAYS_MAXN + 7) / 8];
    int i, size = (n * n + 7) / 8;
    memset(bytes, 0, (size_t)size);
    for (i = 0; i < n * n; i++)
        if (rows[i / n] >> (i % n) & 1) bytes[i >> 3] |= (unsigned char)(1 << (i & 7));
    return PyBytes_FromStringAndSize((const char *)bytes, size);
}

/* star_ways(n, k, cells, open, held, unit, first_only=0) -> (ways, every, ruled): the ways
 * `unit` takes its stars left (stars_ways.c), open and the results cell masks as
 * little-endian bytes (bit r * n + c), held a byte a unit. */
static PyObject *py_star_ways(PyObject *self, PyObject *args) {
    PyObject *cells_obj;
    Py_buffer open, held;
    int n, k, unit, first_only = 0, i;
    unsigned char grid[MAXN * MAXN];
    stars_ways_t s;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiOy*y*i|p", &n, &k, &cells_obj, &open, &held, &unit,
                          &first_only))
        return NULL;
    if (k < 1 || k > STARS_MAX_K || n > STARS_WAYS_MAXN || unit < 0 || unit >= 3 * n ||
        open.len != (n * n + 7) / 8 || held.len != 3 * n) {
        PyBuffer_Release(&open);
        PyBuffer_Release(&held);
        PyErr_Format(PyExc_ValueError, "star_ways takes 1..%d stars on up to %d rows, a unit "
                     "below 3n, n * n bits open and 3n counts held", STARS_MAX_K, STARS_WAYS_MAXN);
        return NULL;
    }
    if (!read_region_grid(n, cells_obj, grid, -1)) {
        PyBuffer_Release(&open);
        PyBuffer_Release(&held);
        return NULL;
    }
    s.n = n;
    s.k = k;
    s.first_only = first_only;
    s.cells = grid;
    s.held = (const unsigned char *)held.buf;
    cells_to_rows((const unsigned char *)open.buf, n, s.open);
    for (i = 0; i < 3 * n; i++)
        if (s.held[i] > k) break;
    if (i == 3 * n) stars_unit_ways(&s, unit);
    PyBuffer_Release(&open);
    PyBuffer_Release(&held);
    if (i < 3 * n) {
        PyErr_Format(PyExc_ValueError, "unit %d holds more than %d stars", i, k);
        return NULL;
    }
    return Py_BuildValue("(KNN)", (unsigned long long)s.ways, rows_to_cells(s.every, n),
                         rows_to_cells(s.ruled, n));
}
