/* module.c: the CPython module queens.engines._kernel, first part: the
 * arguments read and checked, the GIL released around the searches, and the
 * bindings of the counters of boards, the Enumerator type and local search.
 * The puzzles' bindings are puzzle_bindings.c, the method table and the
 * module's init module_init.c; with sym_prefixes (symmetric.c) these are
 * every function that touches Python objects. */

/* A buffer that grows as a batch is written (without the GIL: raw memory),
 * so that a batch size asks for no memory before solutions fill it. */
typedef struct {
    char *data;
    size_t len, cap;
} grow_t;

/* Room for `more` bytes at the end: 0 when the size overflows or malloc fails. */
static int grow_reserve(grow_t *b, size_t more) {
    size_t need, cap;
    if (more > (size_t)PY_SSIZE_T_MAX - b->len) return 0;
    need = b->len + more;
    if (need <= b->cap) return 1;
    cap = b->cap ? b->cap : 4096;
    while (cap < need) cap = cap > (size_t)PY_SSIZE_T_MAX / 2 ? need : 2 * cap;
    {
        char *bigger = PyMem_RawRealloc(b->data, cap);
        if (!bigger) return 0;
        b->data = bigger;
        b->cap = cap;
    }
    return 1;
}

/* The group of a board: a bit per symmetry of queens.symmetry.ALL. */
static int read_group(int group, unsigned *out) {
    if (group < 0 || group > 255) {
        PyErr_Format(PyExc_ValueError, "group must be a set of symmetry bits 0..255, got %d", group);
        return 0;
    }
    *out = (unsigned)group;
    return 1;
}

/* What the sequence readers below share: `seq` as a fast sequence (a new
 * reference) of `least`..`most` items, its length in *len; NULL with an
 * exception when it is not a sequence (`what` says what it must be) or its
 * length is out of range ("the kernel takes boards of 1..64 rows"). */
static PyObject *read_items(PyObject *seq, const char *what, Py_ssize_t least, Py_ssize_t most,
                            const char *things, const char *items, Py_ssize_t *len) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return NULL;
    *len = PySequence_Fast_GET_SIZE(fast);
    if (*len < least || *len > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "the kernel takes %s of %zd..%zd %s, got %zd", things, least,
                     most, items, *len);
        return NULL;
    }
    return fast;
}

/* The `len` int masks of `fast` into out, each cut to `width` columns; 0
 * with an exception when one is not a non-negative int below 2**64. */
static int read_mask_items(PyObject *fast, Py_ssize_t len, int width, mask_t *out) {
    Py_ssize_t i;
    for (i = 0; i < len; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) return 0;
        out[i] = (mask_t)v & full_mask(width);
    }
    return 1;
}

static int read_masks(PyObject *seq, mask_t *out, int *n) {
    Py_ssize_t len;
    PyObject *fast = read_items(seq, "allowed must be a sequence of int masks", 1, MAXN, "boards",
                                "rows", &len);
    int ok;
    if (!fast) return 0;
    ok = read_mask_items(fast, len, (int)len, out);
    Py_DECREF(fast);
    *n = (int)len;
    return ok;
}

static int read_columns(PyObject *seq, int *out, int *len) {
    Py_ssize_t i, size;
    PyObject *fast = read_items(seq, "prefix must be a sequence of columns", 0, MAXN, "prefixes",
                                "columns", &size);
    if (!fast) return 0;
    for (i = 0; i < size; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) break;
        if (v < 0 || v >= MAXN) {
            PyErr_SetString(PyExc_ValueError, "column out of range");
            break;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    *len = (int)size;
    return i == size;
}

static PyObject *counts_tuple(uint64_t total, uint64_t unique) {
    return Py_BuildValue("(KK)", (unsigned long long)total, (unsigned long long)unique);
}

/* The stop flag of a count: the first byte of a writable buffer (a
 * bytearray that another thread sets), or a byte that is never set. */
static int read_stop(PyObject *obj, Py_buffer *view, stop_flag_t **stop) {
    *stop = &never_stop;
    view->obj = NULL;
    if (obj == NULL || obj == Py_None) return 1;
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE) < 0) return 0;
    if (view->len < 1) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "the stop flag must hold at least one byte");
        return 0;
    }
    *stop = (stop_flag_t *)view->buf;
    return 1;
}

/* count_masks(allowed, group=1, stop=None) -> (total, unique), or None when stopped. */
static PyObject *py_count_masks(PyObject *self, PyObject *args) {
    PyObject *seq, *stop_obj = NULL;
    int group_arg = 1;
    unsigned group;
    mask_t allowed[MAXN];
    int n, stopped = 0;
    counts_t result;
    Py_buffer view;
    stop_flag_t *stop;
    (void)self;
    if (!PyArg_ParseTuple(args, "O|iO", &seq, &group_arg, &stop_obj) || !read_group(group_arg, &group)
        || !read_masks(seq, allowed, &n)) {
        return NULL;
    }
    if (!read_stop(stop_obj, &view, &stop)) return NULL;
    Py_BEGIN_ALLOW_THREADS
    result = count_board(n, allowed, group, stop, &stopped);
    Py_END_ALLOW_THREADS
    if (view.obj) PyBuffer_Release(&view);
    if (stopped) Py_RETURN_NONE;
    return counts_tuple(result.total, result.unique);
}

/* The checks of a shaped board's numbers: 0 with an exception when k queens
 * do not fit, the rule is unknown (or toroidal on a board that is not
 * square), or the group swaps the sides of one that is not square. */
static int check_shape(Py_ssize_t len, int width, int k, unsigned group, int rule) {
    if (k < 0 || k > width || k > len) {
        PyErr_Format(PyExc_ValueError, "%d queens do not fit on %zd rows of %d columns", k, len, width);
        return 0;
    }
    if (rule < RULE_QUEEN || rule > RULE_SUPERQUEEN || (rule == RULE_TOROIDAL && width != len)) {
        PyErr_Format(PyExc_ValueError, "rule must be 0 (queen), 1 (toroidal, square boards) or 2 "
                                       "(superqueen), got %d on %zd rows of %d columns", rule, len, width);
        return 0;
    }
    if (width != len && (group & SIDE_SWAPPING)) {
        PyErr_SetString(PyExc_ValueError, "a board that is not square has no quarter turns or transpositions");
        return 0;
    }
    return 1;
}

/* A shaped board from Python: allowed (a sequence of int masks, one per row),
 * width, queens and required (a bytes-like of one byte per row, non-zero for
 * a row that must hold a queen), each checked; 0 with an exception if bad. */
static int read_shape(shape_t *b, PyObject *seq, int width, int k, PyObject *required, unsigned group,
                      int rule) {
    PyObject *fast;
    Py_buffer view;
    Py_ssize_t i, len;
    int ok;
    if (width < 1 || width > MAXN) {
        PyErr_Format(PyExc_ValueError, "the kernel takes boards of 1..%d columns, got %d", MAXN, width);
        return 0;
    }
    fast = read_items(seq, "allowed must be a sequence of int masks", 1, MAX_ROWS, "boards", "rows", &len);
    if (!fast) return 0;
    ok = check_shape(len, width, k, group, rule) && read_mask_items(fast, len, width, b->allowed);
    Py_DECREF(fast);
    if (!ok) return 0;
    if (PyObject_GetBuffer(required, &view, PyBUF_SIMPLE) < 0) return 0;
    if (view.len != len) {
        PyBuffer_Release(&view);
        PyErr_Format(PyExc_ValueError, "required must hold a byte per row (%zd), got %zd", len, view.len);
        return 0;
    }
    for (i = 0; i < len; i++) b->required[i] = ((const unsigned char *)view.buf)[i] != 0;
    PyBuffer_Release(&view);
    b->rows = (int)len;
    b->width = width;
    b->k = k;
    b->group = group;
    b->rule = rule;
    b->first = full_mask(width);
    shape_setup(b);
    return 1;
}

/* count_shape(allowed, width, queens, required, group=1, stop=None, rule=0)
 *   -> (total, unique, nodes), or None when stopped (nodes: queens placed, 0 with a group). */
static PyObject *py_count_shape(PyObject *self, PyObject *args) {
    PyObject *seq, *required, *stop_obj = NULL, *result = NULL;
    int width, k, group_arg = 1, stopped = 0, rule = RULE_QUEEN;
    unsigned group;
    shape_t *b;
    shape_walk_t *w;
    counts_t counts;
    uint64_t nodes = 0;
    Py_buffer view;
    stop_flag_t *stop;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiiO|iOi", &seq, &width, &k, &required, &group_arg, &stop_obj, &rule)
        || !read_group(group_arg, &group)) {
        return NULL;
    }
    b = PyMem_RawMalloc(sizeof *b);
    w = PyMem_RawMalloc(sizeof *w);
    if (!b || !w) {
        PyErr_NoMemory();
        goto done;
    }
    if (!read_shape(b, seq, width, k, required, group, rule) || !read_stop(stop_obj, &view, &stop))
        goto done;
    Py_BEGIN_ALLOW_THREADS
    counts = count_shape(b, w, stop, &stopped, &nodes);
    Py_END_ALLOW_THREADS
    if (view.obj) PyBuffer_Release(&view);
    if (stopped) {
        Py_INCREF(Py_None);
        result = Py_None;
    } else {
        result = Py_BuildValue("(KKK)", (unsigned long long)counts.total,
                               (unsigned long long)counts.unique, (unsigned long long)nodes);
    }
done:
    PyMem_RawFree(b);
    PyMem_RawFree(w);
    return result;
}

/* count_symmetric(n, prefix=(), wide=False, stop=None) -> (total, unique), or None when stopped. */
static PyObject *py_count_symmetric(PyObject *self, PyObject *args) {
    int n, prefix[MAXN] = {0}, len = 0, status, wide = 0; /* sym_count reads prefix[0] */
    PyObject *seq = NULL, *stop_obj = NULL;
    uint64_t c2 = 0, c4 = 0, c8 = 0;
    Py_buffer view;
    stop_flag_t *stop;
    (void)self;
    if (!PyArg_ParseTuple(args, "i|OpO", &n, &seq, &wide, &stop_obj)) return NULL;
    if (n < SYMMETRIC_MIN_N || n > MAXN) {
        return PyErr_Format(PyExc_ValueError, "the symmetric counter takes %d <= n <= %d, got %d",
                            SYMMETRIC_MIN_N, MAXN, n);
    }
    if (seq && seq != Py_None && !read_columns(seq, prefix, &len)) return NULL;
    if (!read_stop(stop_obj, &view, &stop)) return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = sym_count(n, prefix, len, wide, stop, &c2, &c4, &c8);
    Py_END_ALLOW_THREADS
    if (view.obj) PyBuffer_Release(&view);
    if (status == -2) Py_RETURN_NONE;
    if (status < 0) return PyErr_Format(PyExc_ValueError, "not a sub-problem of the %d x %d board", n, n);
    return counts_tuple(8 * c8 + 4 * c4 + 2 * c2, c8 + c4 + c2);
}

static PyObject *py_symmetric_prefixes(PyObject *self, PyObject *args) {
    int n, depth;
    PyObject *out;
    (void)self;
    if (!PyArg_ParseTuple(args, "ii", &n, &depth)) return NULL;
    if (n < SYMMETRIC_MIN_N || n > MAXN || depth < 2 || depth > n - 1) {
        return PyErr_Format(PyExc_ValueError, "no prefixes of depth %d for n = %d", depth, n);
    }
    out = PyList_New(0);
    if (out && sym_prefixes(n, depth, out) < 0) Py_CLEAR(out);
    return out;
}

/* simd(kind=None) -> str: the vector search the symmetric counter uses
 * ("avx512", "avx2", "generic", or "" for the plain loop), after choosing `kind`: one
 * of those names, False for the plain loop, True for the best the CPU has. */
static PyObject *py_simd(PyObject *self, PyObject *args) {
    static const char *const names[] = {"", "generic", "avx2", "avx512"};
    PyObject *kind = Py_None;
    (void)self;
    if (!PyArg_ParseTuple(args, "|O", &kind)) return NULL;
    if (PyBool_Check(kind)) {
        set_simd(kind == Py_True ? best_simd() : SIMD_OFF);
    } else if (kind != Py_None) {
        const char *name;
        int k;
        if (!PyUnicode_Check(kind)) return PyErr_Format(PyExc_TypeError, "simd() takes a name or a bool");
        name = PyUnicode_AsUTF8(kind);
        if (!name) return NULL;
        for (k = SIMD_OFF; k <= SIMD_AVX512 && strcmp(name, names[k]) != 0; k++) continue;
        if (k > SIMD_AVX512) return PyErr_Format(PyExc_ValueError, "no vector search %R", kind);
        if (set_simd(k) != k) return PyErr_Format(PyExc_ValueError, "this CPU cannot run %R", kind);
    }
    return PyUnicode_FromString(names[use_simd()]);
}

/* Enumerator(allowed, group=1, width=0, queens=0, required=None): solutions in
 * lexicographic order, in batches.  With `required` (as for count_shape) the
 * board is a shaped one (width, queens), searched by shape_next. */
typedef struct {
    PyObject_HEAD
    enum_t e;
    shape_t *shape;     /* a shaped board, or NULL */
    shape_walk_t *walk; /* its walk */
    int ready; /* __init__ has set up a board */
    int busy;  /* a batch is being searched without the GIL */
} Enumerator;

static void enumerator_free_shape(Enumerator *self) {
    PyMem_RawFree(self->shape);
    PyMem_RawFree(self->walk);
    self->shape = NULL;
    self->walk = NULL;
}

static void enumerator_dealloc(Enumerator *self) {
    PyMem_RawFree(self->e.kept);
    enumerator_free_shape(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* 0 with an exception when the enumerator cannot search now: never set up,
 * or searching in another thread (the state is not shared between batches). */
static int enumerator_claim(Enumerator *self) {
    if (!self->ready) {
        PyErr_SetString(PyExc_ValueError, "the Enumerator was not initialised");
        return 0;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the Enumerator is in use by another thread");
        return 0;
    }
    self->busy = 1;
    return 1;
}

static int enumerator_init(Enumerator *self, PyObject *args, PyObject *kwds) {
    PyObject *seq, *required = Py_None;
    int group_arg = 1, width = 0, k = 0, rule = RULE_QUEEN;
    unsigned group;
    static char *names[] = {"allowed", "group", "width", "queens", "required", "rule", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|iiiOi", names, &seq, &group_arg, &width, &k,
                                     &required, &rule)) {
        return -1;
    }
    if (!read_group(group_arg, &group)) return -1;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the Enumerator is in use by another thread");
        return -1;
    }
    self->ready = 0;
    PyMem_RawFree(self->e.kept);
    memset(&self->e, 0, sizeof self->e);
    enumerator_free_shape(self);
    if (required != Py_None) {
        self->shape = PyMem_RawMalloc(sizeof *self->shape);
        self->walk = PyMem_RawMalloc(sizeof *self->walk);
        if (!self->shape || !self->walk) {
            enumerator_free_shape(self);
            PyErr_NoMemory();
            return -1;
        }
        memset(self->walk, 0, sizeof *self->walk);
        if (!read_shape(self->shape, seq, width, k, required, group, rule)) {
            enumerator_free_shape(self);
            return -1;
        }
        self->ready = 1;
        return 0;
    }
    if (!read_masks(seq, self->e.search.allowed, &self->e.search.n)) return -1;
    self->e.n = self->e.search.n;
    self->e.search.group = group;
    enum_setup(&self->e);
    self->ready = 1;
    return 0;
}

/* Up to k solutions into `out` (without the GIL), each written by `put`:
 * 0 done, -1 out of memory (or a size past PY_SSIZE_T_MAX). */
typedef int (*put_t)(grow_t *out, int n, const int *cols, int fmt, int first);

/* The next solution of either kind of board, and where its columns are. */
static int enumerator_next(Enumerator *self, long *budget, const int **cols, int *n) {
    if (self->shape) {
        *cols = self->walk->cols;
        *n = self->shape->rows;
        return shape_enum_next(self->shape, self->walk, budget);
    }
    *cols = self->e.search.walk.cols;
    *n = self->e.n;
    return enum_next(&self->e, budget);
}

static int enumerator_batch(Enumerator *self, Py_ssize_t k, put_t put, int fmt, int first,
                            grow_t *out, Py_ssize_t *found) {
    long budget = CALL_BUDGET;
    int status = 0, n;
    const int *cols;
    *found = 0;
    Py_BEGIN_ALLOW_THREADS
    while (*found < k && (status = enumerator_next(self, &budget, &cols, &n)) > 0) {
        if (!put(out, n, cols, fmt, first && *found == 0)) { status = -2; break; }
        ++*found;
    }
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (status == -2) {
        PyMem_RawFree(out->data);
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static int put_columns(grow_t *out, int n, const int *cols, int fmt, int first) {
    int r;
    (void)fmt;
    (void)first;
    if (!grow_reserve(out, (size_t)n * sizeof(int32_t))) return 0;
    for (r = 0; r < n; r++) {
        int32_t column = cols[r];
        memcpy(out->data + out->len, &column, sizeof column);
        out->len += sizeof column;
    }
    return 1;
}

static int put_text(grow_t *out, int n, const int *cols, int fmt, int first) {
    char *end;
    if (!grow_reserve(out, max_text(n, fmt))) return 0;
    end = put_solution(out->data + out->len, n, cols, fmt, first);
    out->len += (size_t)(end - (out->data + out->len));
    return 1;
}

/* columns(k): up to k solutions (fewer when the call's node budget runs out) as bytes of native
 * int32 columns (n per solution).  k is only a limit: memory grows with what is found. */
static PyObject *enumerator_columns(Enumerator *self, PyObject *args) {
    Py_ssize_t k, found;
    grow_t out = {NULL, 0, 0};
    PyObject *result;
    if (!PyArg_ParseTuple(args, "n", &k)) return NULL;
    if (k < 0) {
        PyErr_SetString(PyExc_ValueError, "k must be >= 0");
        return NULL;
    }
    if (!enumerator_claim(self)) return NULL;
    if (enumerator_batch(self, k, put_columns, 0, 0, &out, &found) < 0) return NULL;
    result = PyBytes_FromStringAndSize(out.data ? out.data : "", (Py_ssize_t)out.len);
    PyMem_RawFree(out.data);
    return result;
}

/* text(k, fmt, first) -> (count, text): up to k solutions as text (fmt: 0 list, 1 letters, 2 json, 3 board). */
static PyObject *enumerator_text(Enumerator *self, PyObject *args) {
    Py_ssize_t k, found;
    int fmt, first;
    grow_t out = {NULL, 0, 0};
    PyObject *text;
    if (!PyArg_ParseTuple(args, "nip", &k, &fmt, &first)) return NULL;
    if (k < 0 || fmt < FMT_LIST || fmt > FMT_BOARD || (fmt == FMT_LETTERS && self->e.n > 26)
        || self->shape) { /* text only for n x n boards with n queens */
        PyErr_SetString(PyExc_ValueError, "bad batch size or format");
        return NULL;
    }
    if (!enumerator_claim(self)) return NULL;
    if (enumerator_batch(self, k, put_text, fmt, first, &out, &found) < 0) return NULL;
    text = PyUnicode_DecodeASCII(out.data ? out.data : "", (Py_ssize_t)out.len, NULL);
    PyMem_RawFree(out.data);
    if (!text) return NULL;
    return Py_BuildValue("(nN)", found, text);
}

static PyObject *enumerator_finished(Enumerator *self, PyObject *unused) {
    (void)unused;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the Enumerator is in use by another thread");
        return NULL;
    }
    if (self->shape) return PyBool_FromLong(self->walk->state == 2);
    return PyBool_FromLong(self->e.mirror ? self->e.done : self->e.search.state == 2);
}

static PyMethodDef enumerator_methods[] = {
    {"columns", (PyCFunction)enumerator_columns, METH_VARARGS,
     "columns(k) -> bytes: up to k more solutions, n native int32 columns each"},
    {"text", (PyCFunction)enumerator_text, METH_VARARGS,
     "text(k, fmt, first) -> (count, str): up to k more solutions as text lines"},
    {"finished", (PyCFunction)enumerator_finished, METH_NOARGS,
     "finished() -> bool: True when every solution has been returned"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EnumeratorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "queens.engines._kernel.Enumerator",
    .tp_basicsize = sizeof(Enumerator),
    .tp_dealloc = (destructor)enumerator_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Enumerator(allowed, group=1): a board's solutions in lexicographic order",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)enumerator_init,
    .tp_methods = enumerator_methods,
};

static int read_local_columns(PyObject *obj, Py_buffer *view, int64_t *n) {
    const char *format;
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_FORMAT) < 0) return 0;
    format = view->format ? view->format : "B";
    if (*format == '@') format++;
    if (view->itemsize != (Py_ssize_t)sizeof(int32_t) || strcmp(format, sizeof(int) == 4 ? "i" : "l") != 0) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_TypeError, "columns must be an array('i')");
        return 0;
    }
    *n = (int64_t)(view->len / view->itemsize);
    if (*n < 4 || *n > INT32_MAX / 2) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "local search needs 4 <= n < 2**30");
        return 0;
    }
    return 1;
}

static PyObject *py_local_fill(PyObject *self, PyObject *args) {
    PyObject *columns, *seed_obj, *stop_obj = NULL;
    Py_buffer view, stop_view;
    unsigned long long seed;
    int64_t n;
    int solved = 0, knight = 0;
    ls_State st = {0};
    (void)self;
    if (!PyArg_ParseTuple(args, "OO!|Op", &columns, &PyLong_Type, &seed_obj, &stop_obj, &knight)) {
        return NULL;
    }
    st.knight = knight;
    seed = PyLong_AsUnsignedLongLong(seed_obj); /* OverflowError outside 0 <= seed < 2**64 */
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    if (!read_local_columns(columns, &view, &n)) return NULL;
    if (!read_stop(stop_obj, &stop_view, &st.stop)) {
        PyBuffer_Release(&view);
        return NULL;
    }
    if (ls_alloc(&st, n)) {
        st.thread = PyEval_SaveThread();
        solved = ls_solve(&st, (uint64_t)seed);
        PyEval_RestoreThread(st.thread);
    } else {
        st.failed = 1;
    }
    if (solved) memcpy(view.buf, st.q, (size_t)n * sizeof(int32_t));
    ls_free(&st);
    PyBuffer_Release(&view);
    if (stop_view.obj) PyBuffer_Release(&stop_view);
    if (PyErr_Occurred()) return NULL; /* KeyboardInterrupt or another signal's exception */
    if (st.failed) return PyErr_NoMemory();
    return PyBool_FromLong(solved);
}
