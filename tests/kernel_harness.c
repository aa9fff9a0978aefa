/* The kernel's counting parts without Python, for a CPU the tests cannot
 * run on here: .ci/aarch64 cross-compiles this file for AArch64 and runs it
 * under qemu-aarch64, where the vector search is the portable one
 * (src/kernel/simd_generic.h, on NEON).  It also builds and runs natively.
 *
 * For each search the build and CPU have (the plain loop, the portable
 * vector search, and on x86-64 AVX2 and AVX-512 where the CPU runs them)
 * it counts the plain N x N board for N = 4..12 with the symmetric counter
 * (totals and fundamental counts) and with the masks counter, and checks
 * them against the known counts read from the file given (OEIS A000170 and
 * A002562, tests/data/oeis-queens.tsv); and it counts random boards with
 * reserved squares, and boards of other shapes, queen counts and attack
 * rules (the shaped search), by each search against the plain loop.  Prints one line
 * a search; exits 0 when everything agrees, 1 (naming what) otherwise.
 *
 *     cc -std=c99 -O2 -Wall -Wextra -Werror tests/kernel_harness.c -o harness
 *     ./harness tests/data/oeis-queens.tsv
 */
#define QUEENS_NO_PYTHON
/* the parts' functions this harness does not call (the enumerators) */
#pragma GCC diagnostic ignored "-Wunused-function"
#define PyMem_RawRealloc realloc /* enumerate.c's one use of Python */
#include "../src/kernel/common.h"
#include "../src/kernel/walk.c"
#include "../src/kernel/enumerate.c"
#include "../src/kernel/symmetric.c"
#if HAVE_SIMD
#include "../src/kernel/simd.c"
#include "../src/kernel/simd_generic.h"
#include "../src/kernel/simd_search.h"
#include "../src/kernel/simd_end.h"
#if HAVE_X86_SIMD
#include "../src/kernel/simd_avx512.h"
#include "../src/kernel/simd_search.h"
#include "../src/kernel/simd_end.h"
#include "../src/kernel/simd_avx2.h"
#include "../src/kernel/simd_search.h"
#include "../src/kernel/simd_end.h"
#endif
#endif
#include "../src/kernel/simd_choice.c"
#include "../src/kernel/shapes.c"

#include <stdio.h>

#define FIRST_N 4
#define LAST_N 12
#define RANDOM_BOARDS 200
#define RANDOM_SHAPES 300

static shape_t shape;        /* (large: static) */
static shape_walk_t shape_walk;

static const char *const names[] = {"off", "generic", "avx2", "avx512"};

/* The known (total, unique) of n = 0..LAST_N from the file; 0 when unreadable. */
static int read_known(const char *path, unsigned long long known[][2]) {
    FILE *file = fopen(path, "r");
    char line[256];
    int found = 0;
    if (!file) return 0;
    while (fgets(line, sizeof line, file)) {
        int n;
        unsigned long long total, unique;
        if (sscanf(line, "%d %llu %llu", &n, &total, &unique) == 3 && n >= 0 && n <= LAST_N) {
            known[n][0] = total;
            known[n][1] = unique;
            found++;
        }
    }
    fclose(file);
    return found >= LAST_N - FIRST_N + 1;
}

static uint32_t next_random(uint32_t *state) { /* xorshift32: the same boards everywhere */
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    return *state;
}

/* Random boards of other shapes (3..8 rows, up to 11 columns, reserved
 * squares; a queen in every row, or fewer queens; each rule, superqueens
 * with a queen in every row only) by the search in use and by the plain
 * loop: the same totals and nodes; the failures. */
static int check_shapes(const char *name, uint32_t *state) {
    int k, failures = 0, kind = use_simd();
    for (k = 0; k < RANDOM_SHAPES; k++) {
        int rows = 3 + (int)(next_random(state) % 6), row, stopped = 0;
        int width = rows + (int)(next_random(state) % (12 - rows)), rule = (int)(next_random(state) % 3);
        int queens = rule == RULE_SUPERQUEEN ? rows : rows - (int)(next_random(state) % 3);
        uint64_t nodes, plain_nodes;
        counts_t mine, plain;
        if (rule == RULE_TOROIDAL) width = rows; /* the torus: square boards */
        shape.rows = rows;
        shape.width = width;
        shape.k = queens < 1 ? 1 : queens;
        shape.group = 1;
        shape.rule = rule;
        shape.first = full_mask(width);
        for (row = 0; row < rows; row++) {
            shape.allowed[row] = full_mask(width) & ~(mask_t)(next_random(state) & next_random(state)
                                                              & next_random(state));
            shape.required[row] = shape.k == rows;
        }
        shape_setup(&shape);
        mine = count_shape(&shape, &shape_walk, &never_stop, &stopped, &nodes);
        set_simd(SIMD_OFF);
        plain = count_shape(&shape, &shape_walk, &never_stop, &stopped, &plain_nodes);
        set_simd(kind);
        if (mine.total != plain.total || nodes != plain_nodes) {
            printf("%s: shape %d (%d queens on %d x %d, rule %d) counted %llu (%llu nodes), the "
                   "plain loop %llu (%llu)\n", name, k, shape.k, rows, width, rule,
                   (unsigned long long)mine.total, (unsigned long long)nodes,
                   (unsigned long long)plain.total, (unsigned long long)plain_nodes);
            failures++;
        }
    }
    return failures;
}

/* The failures of one search (its name for the messages). */
static int check_search(const char *name, unsigned long long known[][2]) {
    int n, k, failures = 0, prefix[1] = {0};
    uint32_t state = 12345;
    for (n = FIRST_N; n <= LAST_N; n++) {
        uint64_t c2 = 0, c4 = 0, c8 = 0;
        unsigned long long total, unique;
        mask_t full[MAXN];
        counts_t masks;
        int stopped = 0;
        if (sym_count(n, prefix, 0, 0, &never_stop, &c2, &c4, &c8) != 0) {
            printf("%s: the symmetric count of %d failed\n", name, n);
            failures++;
            continue;
        }
        total = 2 * c2 + 4 * c4 + 8 * c8;
        unique = c2 + c4 + c8;
        if (total != known[n][0] || unique != known[n][1]) {
            printf("%s: n = %d counted %llu (%llu unique), known %llu (%llu)\n", name, n, total,
                   unique, known[n][0], known[n][1]);
            failures++;
        }
        for (k = 0; k < n; k++) full[k] = full_mask(n);
        masks = count_board(n, full, 1, &never_stop, &stopped);
        if (masks.total != known[n][0]) {
            printf("%s: the masks counter counted %llu for n = %d, known %llu\n", name,
                   (unsigned long long)masks.total, n, known[n][0]);
            failures++;
        }
    }
    for (k = 0; k < RANDOM_BOARDS; k++) { /* reserved squares: each search against the loop */
        int size = 4 + (int)(next_random(&state) % 8), row, stopped = 0;
        mask_t allowed[MAXN];
        counts_t mine, plain;
        for (row = 0; row < size; row++) {
            mask_t holes = (mask_t)(next_random(&state) & next_random(&state));
            allowed[row] = full_mask(size) & ~holes;
        }
        mine = count_board(size, allowed, 1, &never_stop, &stopped);
        plain = count_masks(size, allowed, 1, &never_stop, &stopped);
        if (mine.total != plain.total) {
            printf("%s: random board %d (%d x %d) counted %llu, the plain loop %llu\n", name, k,
                   size, size, (unsigned long long)mine.total, (unsigned long long)plain.total);
            failures++;
        }
    }
    failures += check_shapes(name, &state);
    printf("%s: n = %d..%d, %d random boards and %d shapes: %s\n", name, FIRST_N, LAST_N,
           RANDOM_BOARDS, RANDOM_SHAPES, failures ? "FAILED" : "ok");
    return failures;
}

int main(int argc, char **argv) {
    unsigned long long known[LAST_N + 1][2];
    int kind, failures = 0, searches = 0;
    if (argc != 2 || !read_known(argv[1], known)) {
        fprintf(stderr, "usage: kernel_harness tests/data/oeis-queens.tsv (the known counts)\n");
        return 2;
    }
    for (kind = SIMD_OFF; kind <= SIMD_AVX512; kind++) {
        if (set_simd(kind) != kind) continue; /* not compiled in, or not on this CPU */
        failures += check_search(names[kind], known);
        searches++;
    }
    printf("vector search compiled in: %s; searches checked: %d\n", HAVE_SIMD ? "yes" : "no",
           searches);
    return failures ? 1 : 0;
}
