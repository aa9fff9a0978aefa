/* The compiled kernel of queens, the extension module queens.engines._kernel:
 * counting and enumerating N-Queens solutions, the region puzzle's counter
 * and local search for huge N.  Portable C99; compiler builtins, and the
 * vector search (GCC/Clang vector extensions, x86 intrinsics), only behind #if guards (-DQUEENS_NO_SIMD leaves the vector
 * search out anywhere).
 *
 * One compilation unit: this file includes the parts below, in this order,
 * so every function stays static (inlined across parts) and a build is one
 * compiler call (setup.py, .ci/sanitize, .ci/portable,
 * benchmarks/kernel_stats.c).  Compiler, sanitizer and gdb messages name the
 * part's own file and line.  Parts are .c files, included once; templates
 * are .h files without include guards, included once per copy.
 *
 *   common.h         mask_t, limits, bit helpers, the stop flag, the rules'
 *                    codes, HAVE_SIMD
 *   walk.c           symmetries of placements; the walk over per-row masks;
 *                    count_masks, the plain counter of any n x n board
 *   enumerate.c      the resumable enumerator (mirror-halved) and its text
 *   symmetric.c      the symmetric counter of the plain board (sym_count) and
 *                    its prefixes; its loops from symmetric_loop.h, one copy
 *                    per part (corner, border) and mask type (32, 64 bits),
 *                    and for n <= 32 its branch-free walkers from
 *                    symmetric_flat.h (sym_flat_corner, sym_flat_border)
 *   simd.c           the vector search's buffers, marks and driver
 *                    (simd_search); the names of its per-set copies
 *                    (simd_expand: simd_expand_avx2, simd_expand_avx512)
 *   simd_avx512.h    the vector operations of AVX-512F,
 *   simd_search.h    then the vector search's steps, compiled for that set
 *   simd_end.h       (functions *_avx512), then the operations undefined;
 *   simd_avx2.h      the same for AVX2 (functions *_avx2)
 *   simd_generic.h   and first for the portable vector extensions (functions
 *                    *_generic, on every target; the AVX ones on x86-64 only)
 *   simd_choice.c    the set in use (run-time CPU check, simd()) and the
 *                    dispatch to it; count_board (vector search or loop)
 *   shapes.c         boards of any shape and rule: k queens on rows x width,
 *                    empty rows, required rows, fundamental counts
 *   regions.c        the region puzzle's counter
 *   stars.c          Star Battle's counter: k stars a row, column and region
 *   stars_search.c   Star Battle's propagating search (solve, uniqueness)
 *   stars_ways.c     the ways a unit of a Star Battle position takes its
 *                    stars (the explanation's pattern rule)
 *   local.c          local search for one solution of any N
 *   board_walk.c     local search on an N x N board with forbidden squares
 *                    (min-conflicts, the hard boards' portfolio); its binding
 *   module.c         the CPython module: arguments, the GIL, the bindings of
 *                    the board counters, the Enumerator type, local search
 *   puzzle_bindings.c  the bindings of the puzzles: count_regions,
 *                    solve_regions, count_stars, search_stars, star_ways
 *   module_init.c    the method table and PyInit__kernel
 *
 * Boards arrive as one bitmask per row (bit c: a queen may stand in column
 * c), so reserved squares and fixed queens cost nothing special.  Every
 * search is iterative (an explicit stack, or the vector search's row
 * buffers) and looks at a stop flag now and then (Ctrl-C, a closed page).
 *
 * ---- entries ------------------------------------------------------------
 * Python entry -> C function (part) -> Python caller -> variants (legend
 * below).  The Python callers are in queens.engines.counting.kernel unless
 * named.
 *
 *  entry               C function (part)            Python caller       variants
 *  count_symmetric     sym_count (symmetric.c)      count_symmetric;    sym  s/2/5  Q  F
 *                                                   queens.counting.plan
 *  symmetric_prefixes  sym_prefixes (symmetric.c)   symmetric_prefixes  sym  s      Q  F
 *  count_masks         count_board (simd_choice.c)  count (n x n, n     pl   s/2/5  Q  F
 *                      -> count_masks (walk.c)      queens, queen rule) (group: s)
 *  count_shape         count_shape (shapes.c)       count (every other  pl   s/2/5  QTK F/G
 *                                                   board the kernel    (group: s; gaps
 *                                                   takes)              K: s)
 *  Enumerator          enum_next (enumerate.c);     solutions,          pl   s      QTK F/G
 *                      shape_enum_next (shapes.c)   solution_text       (group: canonical
 *                      with `required`                                  ones only)
 *  count_regions       count_regions (regions.c)    count_regions       regions, s
 *  count_stars         count_stars (stars.c)        count_stars_rows    stars, s
 *  search_stars        stars_search                 count_stars         stars, s
 *                      (stars_search.c)
 *  star_ways           stars_unit_ways              puzzle.explain        stars, s
 *                      (stars_ways.c)
 *  local_fill          ls_solve (local.c)           engines.anyn.local  one solution, s
 *  walk_board          bw_run (board_walk.c)        engines.hard.walk   one solution, s
 *  simd                set_simd (simd_choice.c)     _load, simd,        chooses s/2/5
 *                                                   searching_with
 *
 * ---- the variant space --------------------------------------------------
 * (plain / symmetric) x (scalar / AVX2 / AVX-512) x 3 rules x (full rows /
 * gaps): legend pl, sym; s, 2, 5; Q queen, T toroidal, K superqueen; F a
 * queen in every row, G rows that may stay empty.  The function that counts
 * each cell (ISA: avx2 or avx512, chosen at run time; the vector search
 * takes boards of up to 32 columns, the scalar column the others):
 *
 *  cell            scalar                           AVX2 / AVX-512
 *  sym  Q  F       sym_flat_{corner,border} (n <=   sym_search_ISA: simd_expand_ISA,
 *  (n x n only)    32, symmetric_flat.h); sym_      simd_finish_ISA (n <= 32)
 *                  search_{corner,border}{32,64}
 *                  (symmetric_loop.h: n > 32, the
 *                  last rows, `wide`)
 *  sym  T, K; G    none: a board's own symmetries give fundamental counts,
 *                  each solution walked to and checked (is_canonical,
 *                  shape_canonical), scalar
 *  pl   Q  F       count_masks (n x n); count_full  sym_search_ISA as a corner count
 *                  (shapes.c, more columns)         (count_board); shaped_search_simd
 *                                                   with shape_expand_ISA, shape_finish_ISA
 *  pl   T, K  F    shape_next (shapes.c)            shaped_search_simd with torus_ or
 *                                                   super_expand_ISA and _finish_ISA
 *  pl   Q, T  G    shape_next                       shaped_search_simd with gaps_ or
 *                                                   torus_gaps_expand_ISA and _finish_ISA
 *  pl   K  G       shape_next                       none (scalar)
 */
#include "common.h"
#include "walk.c"
#include "enumerate.c"
#include "symmetric.c"
#if HAVE_SIMD
#include "simd.c"
#include "simd_generic.h"
#include "simd_search.h"
#include "simd_end.h"
#if HAVE_X86_SIMD
#include "simd_avx512.h"
#include "simd_search.h"
#include "simd_end.h"
#include "simd_avx2.h"
#include "simd_search.h"
#include "simd_end.h"
#endif
#endif
#include "simd_choice.c"
#include "shapes.c"
#include "regions.c"
#include "stars.c"
#include "stars_search.c"
#include "stars_ways.c"
#include "local.c"
#include "board_walk.c"
#include "module.c"
#include "puzzle_bindings.c"
#include "module_init.c"
