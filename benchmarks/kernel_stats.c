/* Where the vector search's time goes: the kernel built with its counters.
 *
 * Includes the kernel's source with QUEENS_STATS defined and counts the
 * plain N x N board with the symmetric counter, then prints the nodes
 * expanded per row, the busy lanes of the expansion steps, the children
 * kept, the nodes of the three-row count and the most nodes a row's buffer
 * held (which must stay within its room).  Run it under valgrind for
 * instruction counts, which do not depend on the load of the machine:
 *
 *     mkdir -p benchmarks/.build
 *     gcc -O3 -g -DQUEENS_STATS $(python3-config --includes) benchmarks/kernel_stats.c \
 *         $(python3-config --ldflags --embed) -o benchmarks/.build/kernel_stats
 *     benchmarks/.build/kernel_stats 16 [off|generic|avx2|avx512] [split]
 *     valgrind --tool=callgrind benchmarks/.build/kernel_stats 16 && callgrind_annotate callgrind.out.*
 *
 * (Built without -DQUEENS_STATS, the same file measures the kernel as shipped.)
 * With `split` it counts the board as `queens count` does, sub-problem by
 * sub-problem, each with its first two rows placed (the whole count starts
 * each of the method's parts after its first row, so its vector search
 * expands row 1 itself and does not know row 1's queen in advance).
 */
#include "../src/kernel/_kernel.c"

#include <stdio.h>
#include <time.h>

/* Every sub-problem of two rows, one by one (those that are not sub-trees
 * of the method are refused by sym_count and counted as nothing). */
static int count_split(int n, uint64_t *c2, uint64_t *c4, uint64_t *c8) {
    int first, second, status = 0;
    for (first = 0; first < n && status != -2; first++) {
        for (second = 0; second < n && status != -2; second++) {
            int prefix[2];
            prefix[0] = first;
            prefix[1] = second;
            status = sym_count(n, prefix, 2, 0, &never_stop, c2, c4, c8);
        }
    }
    return status == -2 ? -2 : 0;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 0, kind = -1, prefix[1] = {0}, status;
    int split = argc > 3 && strcmp(argv[3], "split") == 0;
    uint64_t c2 = 0, c4 = 0, c8 = 0;
    clock_t start;
    if (n < SYMMETRIC_MIN_N || n > 32 || (argc > 3 && !split)) {
        fprintf(stderr, "usage: kernel_stats N [off|generic|avx2|avx512] [split]   (%d <= N <= 32)\n",
                SYMMETRIC_MIN_N);
        return 2;
    }
    if (argc > 2) kind = strcmp(argv[2], "off") == 0 ? SIMD_OFF
                         : strcmp(argv[2], "generic") == 0 ? SIMD_GENERIC
                         : strcmp(argv[2], "avx2") == 0 ? SIMD_AVX2
                         : strcmp(argv[2], "avx512") == 0 ? SIMD_AVX512 : -2;
    if (kind == -2 || (kind >= 0 && set_simd(kind) != kind)) {
        fprintf(stderr, "kernel_stats: no such search on this CPU: %s\n", argv[2]);
        return 2;
    }
    start = clock();
    status = split ? count_split(n, &c2, &c4, &c8) : sym_count(n, prefix, 0, 0, &never_stop, &c2, &c4, &c8);
    printf("n=%d total=%llu unique=%llu status=%d search=%s cpu=%.3fs\n", n,
           (unsigned long long)(2 * c2 + 4 * c4 + 8 * c8), (unsigned long long)(c2 + c4 + c8),
           status, use_simd() == SIMD_AVX512 ? "avx512" : use_simd() == SIMD_AVX2 ? "avx2"
           : use_simd() == SIMD_GENERIC ? "generic" : "off",
           (double)(clock() - start) / CLOCKS_PER_SEC);
#if defined(QUEENS_STATS) && HAVE_SIMD
    {
        int y;
        const unsigned width = use_simd() == SIMD_AVX512 ? 16u : use_simd() == SIMD_AVX2 ? 8u : 4u;
        uint64_t lanes = simd_stats.steps * width;
        for (y = 0; y < MAXN; y++)
            if (simd_stats.expanded[y])
                printf("row %2d: %llu nodes expanded\n", y, (unsigned long long)simd_stats.expanded[y]);
        printf("expansion steps %llu: lanes busy %.3f, children kept %.3f of those tried\n",
               (unsigned long long)simd_stats.steps, lanes ? (double)simd_stats.busy / (double)lanes : 0.0,
               simd_stats.busy ? (double)simd_stats.kept / (double)simd_stats.busy : 0.0);
        printf("three-row count: %llu nodes in %llu vectors (lanes busy %.3f); %llu classified one by one\n",
               (unsigned long long)simd_stats.finished, (unsigned long long)simd_stats.finish_vectors,
               simd_stats.finish_vectors
                   ? (double)simd_stats.finished / (double)(simd_stats.finish_vectors * width)
                   : 0.0,
               (unsigned long long)simd_stats.classified);
        printf("buffer peak %d nodes (room %d)\n", simd_stats.peak, SIMD_CAP + SIMD_ROOM);
    }
#endif
    return status == 0 ? 0 : 1;
}
