/* module_init.c: the method table of queens.engines._kernel (the bindings
 * of module.c and puzzle_bindings.c) and the module's init. */

static PyMethodDef kernel_methods[] = {
    {"count_masks", py_count_masks, METH_VARARGS,
     "count_masks(allowed, group=1, stop=None) -> (total, unique) for any board; None when the\n"
     "stop flag (a writable buffer, e.g. bytearray(1)) was set during the count"},
    {"count_symmetric", py_count_symmetric, METH_VARARGS,
     "count_symmetric(n, prefix=(), wide=False, stop=None) -> (total, unique) for the plain board,\n"
     "below a prefix (wide: 64-bit masks even for n <= 32, for tests); None when stopped"},
    {"simd", py_simd, METH_VARARGS,
     "simd(kind=None) -> str: the vector search of the symmetric counter in use ('avx512',\n"
     "'avx2', 'generic', or '' for the plain loop), after choosing kind: a name, False (the plain loop) or\n"
     "True (the best this CPU has)"},
    {"count_shape", py_count_shape, METH_VARARGS,
     "count_shape(allowed, width, queens, required, group=1, stop=None) -> (total, unique, nodes):\n"
     "k queens on a board of any shape (required: a byte per row, non-zero where a queen must\n"
     "stand); nodes are the queens placed (0 with a group); None when stopped"},
    {"count_regions", py_count_regions, METH_VARARGS,
     "count_regions(n, cells, stop=None) -> int: the solutions of the region puzzle (one queen\n"
     "per row, column and region, none touching) of an n x n grid; None when stopped"},
    {"solve_regions", py_solve_regions, METH_VARARGS,
     "solve_regions(n, cells, limit=0, stop=None, budget=0) -> (total, first, second, done): the\n"
     "region puzzle with cells 255 holding no queen, counted up to limit (0: all); first, second:\n"
     "the first two solutions, a column a row, or None; done false when the search gave up after\n"
     "budget queens placed (0: no budget); None when stopped"},
    {"count_stars", py_count_stars, METH_VARARGS,
     "count_stars(n, k, cells, limit=0, stop=None, budget=0) -> (total, first, last): Star Battle\n"
     "with k stars per row, column and region (none touching), counted up to limit (0: all);\n"
     "first, last: the first and last solutions found, a column mask a row, or None; None when\n"
     "stopped; (total, first, last, False) when it gave up past budget candidate stars tried"},
    {"search_stars", py_search_stars, METH_VARARGS,
     "search_stars(n, k, cells, limit=0, stop=None, star=-1, budget=0) -> ((total, first, last),\n"
     "nodes, open): as count_stars, by the propagating search (n <= 32); cells of region 255 are\n"
     "holes (no star); star: a cell that must hold one; nodes: how many it propagated (budget + 1:\n"
     "it gave up after budget nodes, 0: no budget); open: the cells open when the grid itself is\n"
     "propagated (0: solved without a guess, -1: no solution)"},
    {"star_ways", py_star_ways, METH_VARARGS,
     "star_ways(n, k, cells, open, held, unit, first_only=0) -> (ways, every, ruled): the ways a\n"
     "unit of a Star Battle position takes its stars left, with the cells in every way and the\n"
     "open cells every way rules out (cell masks as little-endian bytes)"},
    {"symmetric_prefixes", py_symmetric_prefixes, METH_VARARGS,
     "symmetric_prefixes(n, depth) -> list of column tuples: the sub-trees of that depth"},
    {"local_fill", py_local_fill, METH_VARARGS,
     "local_fill(columns, seed, stop=None, knight=False) -> bool: overwrite array('i') columns\n"
     "with a solution found by local search (knight: superqueens); False when the stop flag (as\n"
     "for count_masks) was set first"},
    {"walk_board", py_walk_board, METH_VARARGS,
     "walk_board(ok, columns, seed, steps) -> bool: min-conflicts steps from array('i') columns\n"
     "on an n x n board (ok: n * n bytes, 1 where a queen may stand); True when they are a\n"
     "solution"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "_kernel", "The compiled counting and enumeration kernel.", -1,
    kernel_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    PyObject *module;
    if (PyType_Ready(&EnumeratorType) < 0) return NULL;
    (void)use_simd(); /* look at the CPU once, before any thread counts */
    module = PyModule_Create(&kernel_module);
    if (!module) return NULL;
    Py_INCREF(&EnumeratorType);
    if (PyModule_AddObject(module, "Enumerator", (PyObject *)&EnumeratorType) < 0) {
        Py_DECREF(&EnumeratorType); /* not stolen on failure */
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "MAX_N", MAXN) < 0
        || PyModule_AddIntConstant(module, "SYMMETRIC_MIN_N", SYMMETRIC_MIN_N) < 0
        || PyModule_AddIntConstant(module, "MAX_ROWS", MAX_ROWS) < 0
        || PyModule_AddIntConstant(module, "VECTOR_SEARCH", HAVE_SIMD) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
