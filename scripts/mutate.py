"""Injected bugs: apply each listed mutant (one small plausible change) to the source, run
the test files that should notice, and report which were killed and which survived.

    python scripts/mutate.py                  # every mutant (14 to 20 minutes on 2 busy cores)
    python scripts/mutate.py --only stars     # those whose file or name holds "stars"
    python scripts/mutate.py --check          # only that every mutant still applies

A mutant is a file, a piece of its text (found exactly once, so it survives line moves)
and its replacement, with the test files to run.  The file is restored after each run,
whatever happens; a mutant of the C kernel (``src/kernel/*.c`` or ``*.h``) rebuilds the kernel
before its tests and after.  A run that fails (or exceeds ``TIMEOUT_SECONDS``) kills the
mutant.  Mutants shown equivalent (no input can tell them from the original) are listed
with the reason and not run; each carries a comment at its place in the source too.

Edit neither the source nor the tests while it runs: each mutant's file is restored to
the text read before it, and a test changed midway kills mutants falsely.

The exit status is 1 when a mutant survived or no longer applies (the code moved on:
update the list), else 0.  Issue 39 made the list: the survivors of its round.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_SECONDS = 900


@dataclass(frozen=True)
class Mutant:
    name: str
    path: str  # from the repository's root
    original: str  # found exactly once in the file
    replacement: str
    tests: tuple[str, ...]  # test files (with -k expressions after "::" if any)
    equivalent: str = ""  # why it cannot change behaviour: listed, not run


CHECKPOINT = ("tests/test_checkpoint_bounds.py",)
FORCE = ("tests/test_runaway.py", "tests/test_force.py")
FEW = ("tests/test_few.py",)
WEB = ("tests/test_web_puzzle_bounds.py",)
STARS = ("tests/test_puzzle_edges.py",)
REGION = ("tests/test_puzzle_edges.py",)
LOOKS = ("tests/test_puzzle_looks.py",)
CHAINS = ("tests/test_puzzle_chains.py",)
STARS_SEARCH = ("tests/test_stars_search.py",)
PLANTED = ("tests/test_planted.py",)
STARS_CHAINS = ("tests/test_puzzle_stars_chains.py",)
SUPPOSE = ("tests/test_puzzle_suppose.py",)
READ_LIMITS = ("tests/test_puzzle_read_limits.py",)
READ_STYLES = (
    "tests/test_puzzle_read.py::test_a_picture_of_each_style_reads_back",
    "tests/test_puzzle_read.py::test_a_large_picture_is_read_at_a_reduced_scale",
)
STOP = ("tests/test_puzzle_stop.py",)
SBN = ("tests/test_puzzle_sbn.py",)
WEB_STOP = ("tests/test_puzzle_stars_web.py",)
DAILY_SEEDS = (
    "tests/test_puzzle_stars_levels.py::test_the_daily_takes_the_first_seed_of_the_days_difficulty_else_the_nearest",
)

MUTANTS = (
    Mutant(
        "sbn: the border below a cell read one column over",
        "src/queens/puzzle/sbn.py",
        '(r + 1, c, r < n - 1 and down[c * (n - 1) + r] == "0"),',
        '(r + 1, c, r < n - 1 and down[(c + 1) % n * (n - 1) + r] == "0"),',
        SBN,
    ),
    Mutant(
        "sbn: a code's stars not checked against --stars",
        "src/queens/cli/puzzle.py",
        "if named is not None and named != stars:",
        "if named is not None and named != stars and False:",
        SBN,
    ),
    Mutant(
        "sbn: a code given as the FILE argument read as a file's name",
        "src/queens/cli/puzzle.py",
        'return path != "-" and looks_like_sbn(path) and not Path(path).exists()',
        'return path == "-" and looks_like_sbn(path) and not Path(path).exists()',
        SBN,
    ),
    # -- checkpoints (src/queens/counting/checkpoint.py) --
    Mutant(
        "checkpoint: fundamental above total accepted",
        "src/queens/counting/checkpoint.py",
        "return 0 <= counts.unique <= counts.total and",
        "return 0 <= counts.unique and",
        CHECKPOINT,
    ),
    Mutant(
        "checkpoint: a total equal to the bound refused",
        "src/queens/counting/checkpoint.py",
        "(most is None or counts.total <= most)",
        "(most is None or counts.total < most)",
        CHECKPOINT,
    ),
    Mutant(
        "checkpoint: queens up to the longer side accepted",
        "src/queens/counting/checkpoint.py",
        "0 <= queens <= min(width, height)",
        "0 <= queens <= max(width, height)",
        CHECKPOINT,
    ),
    Mutant(
        "checkpoint: the split key no longer compared with the board",
        "src/queens/counting/checkpoint.py",
        "if Split(board.with_queens(queens), ()).key != header.split_key:",
        "if False:",
        CHECKPOINT,
    ),
    Mutant(
        "checkpoint: an implausible merged total accepted",
        "src/queens/counting/checkpoint.py",
        "if not _plausible(total, first):",
        "if False:",
        CHECKPOINT,
    ),
    Mutant(
        "checkpoint: a record one past the last sub-problem accepted",
        "src/queens/counting/checkpoint.py",
        "0 <= index < self.header.subproblems",
        "0 <= index <= self.header.subproblems",
        CHECKPOINT,
    ),
    Mutant(
        "checkpoint: a shard index equal to the count accepted",
        "src/queens/counting/checkpoint.py",
        "0 <= shard.index < shard.count <= MAX_SHARDS",
        "0 <= shard.index <= shard.count <= MAX_SHARDS",
        CHECKPOINT,
    ),
    Mutant(
        "checkpoint: merged files' boards no longer compared",
        "src/queens/counting/checkpoint.py",
        "if (a.split_key, a.subproblems, a.board) != (b.split_key, b.subproblems, b.board):",
        "if (a.split_key, a.subproblems) != (b.split_key, b.subproblems):",
        CHECKPOINT,
    ),
    # -- --force --
    Mutant(
        "force: puzzle count ignores force",
        "src/queens/puzzle/solve.py",
        "seconds = 0.0 if force else estimated_seconds(grid)",
        "seconds = estimated_seconds(grid)",
        FORCE,
    ),
    Mutant(
        "force: puzzle solve --count estimates even when forced",
        "src/queens/cli/puzzle.py",
        "quick = None if force else precount(grid, stars)",
        "quick = precount(grid, stars)",
        FORCE,
    ),
    Mutant(
        "force: lexicographic search refused even when forced",
        "src/queens/cli/searching.py",
        "if idle >= REFUSE_SECONDS and not self.force:",
        "if idle >= REFUSE_SECONDS:",
        FORCE,
    ),
    Mutant(
        "force: the count estimate refuses forced counts",
        "src/queens/counting/estimate.py",
        "if expected > REFUSE_SECONDS and not force:",
        "if expected > REFUSE_SECONDS:",
        FORCE,
    ),
    # -- closed forms (src/queens/engines/counting/few.py) --
    Mutant(
        "few: the superqueen's knight offsets 2, -2 dropped",
        "src/queens/engines/counting/few.py",
        "dr - width, dr + width, -dr - width, -dr + width, 1, -1, 2, -2}",
        "dr - width, dr + width, -dr - width, -dr + width, 1, -1}",
        FEW,
    ),
    Mutant(
        "few: the diagonal turn's column bound <= to <",
        "src/queens/engines/counting/few.py",
        "if abs(dc) <= width - 1 and (width - 1 - dc) % 2 == 0",
        "if abs(dc) < width - 1 and (width - 1 - dc) % 2 == 0",
        FEW,
    ),
    Mutant(
        "few: the torus's square check dropped",
        "src/queens/engines/counting/few.py",
        'if rule == "toroidal" and width != height:',
        "if False:",
        FEW,
    ),
    # -- the puzzle's web endpoints (src/queens/web/puzzle.py) --
    Mutant(
        "web: a generated grid's size bound <= to <",
        "src/queens/web/puzzle.py",
        "if type(n) is not int or not low <= n <= high:",
        "if type(n) is not int or not low <= n < high:",
        WEB,
    ),
    Mutant(
        "web: the seed's upper bound dropped",
        "src/queens/web/puzzle.py",
        "if type(seed) is not int or not 0 <= seed <= MAX_SEED:",
        "if type(seed) is not int or not 0 <= seed:",
        WEB,
    ),
    Mutant(
        "web: a solved grid no longer short-cuts the hint",
        "src/queens/web/puzzle.py",
        '    if verdict.solved:\n        return {"wrong": []',
        '    if False:\n        return {"wrong": []',
        WEB,
    ),
    Mutant(
        "web: a cell's bound < to <=",
        "src/queens/web/puzzle.py",
        "or not all(type(v) is int and 0 <= v < n for v in item)",
        "or not all(type(v) is int and 0 <= v <= n for v in item)",
        WEB,
    ),
    Mutant(
        "web: the level number's upper bound dropped",
        "src/queens/web/puzzle.py",
        'not re.fullmatch(r"[0-9]{1,4}", text) or not 1 <= int(text) <= levels.CYCLE:',
        'not re.fullmatch(r"[0-9]{1,4}", text) or not 1 <= int(text):',
        WEB,
    ),
    # -- Star Battle (src/queens/puzzle/solve.py, _star_search.py, stars*.py) --
    Mutant(
        "stars: the size limit > to >=",
        "src/queens/puzzle/solve.py",
        "if stars > 1 and grid.n > MAX_STARS_N:",
        "if stars > 1 and grid.n >= MAX_STARS_N:",
        STARS,
    ),
    Mutant(
        "stars: spread's no-touching mask narrowed",
        "src/queens/puzzle/_star_search.py",
        "mask &= ~(low | low << 1)",
        "mask &= ~low",
        STARS,
    ),
    Mutant(
        "stars: a solution's column count no longer checked",
        "src/queens/puzzle/solve.py",
        """        held = sum(1 for r, c in cells if c == col)
        if held != stars:""",
        """        held = sum(1 for r, c in cells if c == col)
        if held > stars:""",
        STARS,
    ),
    Mutant(
        "stars: touching stars a row apart accepted",
        "src/queens/puzzle/solve.py",
        "if max(abs(r1 - r2), abs(c1 - c2)) <= 1:",
        "if max(abs(r1 - r2), abs(c1 - c2)) < 1:",
        STARS,
    ),
    Mutant(
        "stars: a hole's cell left as a candidate",
        "src/queens/puzzle/_star_search.py",
        "            state.cand &= ~(1 << index)\n",
        "            pass\n",
        STARS,
    ),
    Mutant(
        "stars: search_holes ignores its limit",
        "src/queens/puzzle/_star_search.py",
        """        last = rows
        if total == limit:
            break
    return total, first, last""",
        """        last = rows
    return total, first, last""",
        STARS,
    ),
    Mutant(
        "stars: the reversed image not tried",
        "src/queens/puzzle/solve.py",
        "images = (rows, rows[::-1], list(zip(*rows, strict=True)),",
        "images = (rows, list(zip(*rows, strict=True)),",
        STARS,
    ),
    Mutant(
        "stars: unique_by_rows == 1 to >= 1",
        "src/queens/puzzle/solve.py",
        "return None if found is None else found[0] == 1",
        "return None if found is None else found[0] >= 1",
        STARS,
    ),
    Mutant(
        "stars: sample shows two solutions of a unique grid",
        "src/queens/puzzle/solve.py",
        "else [first, last][: min(total, 2)]",
        "else [first, last]",
        STARS,
    ),
    Mutant(
        "explain (K stars): a group's level for one region",
        "src/queens/puzzle/explain.py",
        "return 2 if size == 1 else 3 if size <= 3 else 4",
        "return 3 if size == 1 else 3 if size <= 3 else 4",
        STARS,
    ),
    Mutant(
        "explain: a group's stars need not be its lines' (every K, one finder)",
        "src/queens/puzzle/explain.py",
        "if stars != sum(need[v] for v in lines):",
        "if False:",
        STARS,
    ),
    Mutant(
        "explain (K stars): groups of one to three becomes one to two",
        "src/queens/puzzle/explain.py",
        "return _group(state, range(1, 4))",
        "return _group(state, range(1, 3))",
        STARS,
    ),
    Mutant(
        "explain (K stars): a pattern of 3 or more ways graded as one of 2",
        "src/queens/puzzle/explain.py",
        "ways_level(ways) if PATTERN_BY_WAYS or ways == 1 else 0,",
        "ways_level(min(ways, 2)) if PATTERN_BY_WAYS or ways == 1 else 0,",
        ("tests/test_puzzle_explain_stars.py::test_a_pattern_step_costs_by_its_ways",),
    ),
    Mutant(
        "generate (K stars): small grids get no more graded attempts than big ones",
        "src/queens/puzzle/generate.py",
        "max(GRADED_ATTEMPTS, GRADED_CELLS // (n * n))",
        "GRADED_ATTEMPTS",
        (
            "tests/test_puzzle_stars_levels.py::test_hard_grids_of_the_smallest_two_star_size_are_made",
        ),
    ),
    Mutant(
        "generate (K stars): regions kept small grow like the others",
        "src/queens/puzzle/generate.py",
        "regions.sort(key=self.kept_small.__contains__)",
        "regions.sort(key=lambda _: False)",
        (
            "tests/test_puzzle_stars_levels.py::test_a_region_kept_small_takes_a_hole_only_when_no_other_region_can",
        ),
    ),
    Mutant(
        "generate (K stars): an eased grid kept without its uniqueness checked",
        "src/queens/puzzle/generate.py",
        "if not verdict.unique or verdict.rows != truth:",
        "if verdict.rows != truth:",
        ("tests/test_puzzle_stars_levels.py::test_an_eased_grid_keeps_its_one_solution",),
    ),
    Mutant(
        "explain (every K): a walk from a supposed star one step shorter",
        "src/queens/puzzle/explain.py",
        "        if len(links) >= most:\n            return links, None",
        "        if len(links) >= most - 1:\n            return links, None",
        STARS + STARS_CHAINS,
    ),
    Mutant(
        "explain (K stars): the chain's level constant swapped",
        "src/queens/puzzle/explain.py",
        'return _clear_first(state, "chain", _leads_nowhere(1), LEVELS["room"])',
        'return _clear_first(state, "chain", _leads_nowhere(1), LEVELS["group"])',
        STARS,
    ),
    Mutant(
        "explain (K stars): a full unit no longer blocks a cell",
        "src/queens/puzzle/explain.py",
        "if any(state.held[u] >= stars for u in state.units.cell_units[index]):",
        "if any(state.held[u] > stars for u in state.units.cell_units[index]):",
        STARS,
    ),
    Mutant(
        "explain (K stars): a candidate check dropped",
        "src/queens/puzzle/explain.py",
        "if not state.cand >> (row * n + col) & 1:",
        "if False:",
        STARS,
    ),
    Mutant(
        "explain (suppose): a supposition stalling short of a dead end still clears",
        "src/queens/puzzle/explain.py",
        "            return links, trial.stalled()",
        '            return links, trial.stalled() or "row 1"',
        SUPPOSE,
    ),
    Mutant(
        "explain (suppose): the last supposition found kept, not the shortest",
        "src/queens/puzzle/explain.py",
        "limit = most if best is None else length(best[1]) - 1",
        "limit = most",
        SUPPOSE,
    ),
    Mutant(
        "explain (suppose): a long supposition graded as a short one",
        "src/queens/puzzle/explain.py",
        'grade = LEVELS["suppose"] if len(links) <= SUPPOSE_SHORT else LEVELS["split"]',
        'grade = LEVELS["suppose"]',
        SUPPOSE,
    ),
    Mutant(
        "explain (suppose, K stars): a supposition's stalled chain counts as a dead end",
        "src/queens/puzzle/explain.py",
        'return "no way on" if self.stuck else None',
        'return "no way on"',
        SUPPOSE,
    ),
    Mutant(
        "explain (one star): groups before 2 x 2 blocks",
        "src/queens/puzzle/explain.py",
        "    (3, blocks),\n    (3, groups),",
        "    (3, groups),\n    (3, blocks),",
        SUPPOSE,
    ),
    Mutant(
        "explain (one star): a unit's second 2 x 2 block left for another step",
        "src/queens/puzzle/explain.py",
        "        if _block_others(state, row, col, cells)\n    ]",
        "        if _block_others(state, row, col, cells)\n    ][:1]",
        SUPPOSE,
    ),
    Mutant(
        "generate: forced stars may touch",
        "src/queens/puzzle/generate.py",
        "return forced.bit_count() <= stars and not forced & forced << 1",
        "return forced.bit_count() <= stars",
        STARS,
    ),
    Mutant(
        "generate: the other solution is always the first",
        "src/queens/puzzle/generate.py",
        "other = first if first != self.truth else last",
        "other = first",
        STARS,
    ),
    Mutant(
        "generate: the second engine's uniqueness check dropped",
        "src/queens/puzzle/generate.py",
        "if one and unique_by_rows(grid, stars, stop) is not False:",
        "if one:",
        STARS,
    ),
    Mutant(
        "levels: the daily's schedule of attempts",
        "src/queens/puzzle/levels.py",
        "DAILY_ATTEMPTS = {2: 40, 3: 4}",
        "DAILY_ATTEMPTS = {2: 1, 3: 1}",
        DAILY_SEEDS,
    ),
    Mutant(
        "generate: graded attempts share a seed",
        "src/queens/puzzle/generate.py",
        "grid = _unique_stars(n, stars, seed + number * 2**64, stop, int(small * n))",
        "grid = _unique_stars(n, stars, seed, stop, int(small * n))",
        STARS,
    ),
    Mutant(
        "levels: the day's seed from fewer bytes",
        "src/queens/puzzle/levels.py",
        'return int.from_bytes(digest[:8], "big")',
        'return int.from_bytes(digest[:4], "big")',
        STARS,
    ),
    Mutant(
        "levels: != 1 or not unique to and",
        "src/queens/puzzle/levels.py",
        "if count(puzzle.grid, stars, 2) != 1 or not unique:",
        "if count(puzzle.grid, stars, 2) != 1 and not unique:",
        STARS,
    ),
    Mutant(
        "levels: the last of the nearest seeds kept instead of the first",
        "src/queens/puzzle/levels.py",
        "if best is None or distance < best[0]:",
        "if best is None or distance <= best[0]:",
        ("tests/test_puzzle_stars_levels.py",),
    ),
    Mutant(
        "levels: the 1-star daily comes round after the archive",
        "src/queens/puzzle/levels.py",
        "return days + 1 if days >= 0 else days % CYCLE + 1",
        "return days % CYCLE + 1",
        ("tests/test_puzzle_levels.py",),
    ),
    Mutant(
        "_region_search: a queen's neighbours cleared below it only",
        "src/queens/puzzle/_region_search.py",
        "if k in (r - 1, r + 1):",
        "if k == r + 1:",
        ("tests/test_puzzle_generate.py",),
    ),
    # -- the region puzzle (src/queens/puzzle/generate.py, explain.py) --
    Mutant(
        "generate: a region may shrink below its minimum",
        "src/queens/puzzle/generate.py",
        "if size[owner] <= min_size or not _connected_without(region, square):",
        "if size[owner] < min_size or not _connected_without(region, square):",
        REGION,
    ),
    Mutant(
        "generate: a donor of two cells gives one",
        "src/queens/puzzle/generate.py",
        "if size[donor] > 2 and square[1] != truth[square[0]]",
        "if size[donor] >= 2 and square[1] != truth[square[0]]",
        REGION,
        equivalent=(
            "a donor of two cells is its truth cell and one cell x orthogonally next to it "
            "(regions stay connected, truth cells never move); x next to the one-cell "
            "region's truth cell too makes the two truth cells, in different rows and "
            "columns, diagonal neighbours: two queens of the solution touching, which "
            "cannot be, so no 2-cell donor is ever a candidate"
        ),
    ),
    Mutant(
        "generate: one-cell regions allowed at 8 x 8",
        "src/queens/puzzle/generate.py",
        "min_size = 2 if n >= 8 else 1",
        "min_size = 2 if n > 8 else 1",
        REGION,
    ),
    Mutant(
        "looks: the background slows down as it grows",
        "src/queens/puzzle/_shapes.py",
        "return BACKGROUND_PULL * weight",
        "return BACKGROUND_PULL * weight / size**balance",
        LOOKS,
    ),
    Mutant(
        "looks: 2-cell regions are not widened",
        "src/queens/puzzle/generate.py",
        "if growth.shape is not None and widened < n and 2 in growth.size:",
        "if growth.shape is not None and widened < 0 and 2 in growth.size:",
        LOOKS,
    ),
    Mutant(
        "explain (every K): chains one link longer",
        "src/queens/puzzle/explain.py",
        "        if len(links) >= most:\n            return links, None",
        "        if len(links) > most:\n            return links, None",
        CHAINS + STARS_CHAINS,
    ),
    Mutant(
        "explain: the first chain found kept instead of the shortest",
        "src/queens/puzzle/explain.py",
        "        if found is not None:\n            best = (where, found)",
        "        if found is not None and best is None:\n            best = (where, found)",
        CHAINS,
    ),
    # -- the picture reader (src/queens/puzzle/read.py, rewritten by issue 36) --
    # Issue 39's four read.py survivors are gone with the old reader: no "0.08 * max", no
    # "darks >= 4", no ">= 8" of its corner test; its pixel limit is now checked on both
    # sides and on the pixels in all (the first two mutants below).
    Mutant(
        "read: a picture's height no longer checked",
        "src/queens/puzzle/read.py",
        "if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:",
        "if width > MAX_SIDE or width * height > MAX_PIXELS:",
        READ_LIMITS,
    ),
    Mutant(
        "read: the pixels in all no longer checked",
        "src/queens/puzzle/read.py",
        "if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:",
        "if width > MAX_SIDE or height > MAX_SIDE:",
        READ_LIMITS,
    ),
    Mutant(
        "read: a thin picture's bound on its longer side",
        "src/queens/puzzle/read.py",
        "if min(image.size) < 4 * MIN_CELL:",
        "if max(image.size) < 4 * MIN_CELL:",
        READ_LIMITS,
    ),
    Mutant(
        "read: a grid line's peak threshold 0.4 to 0.8 of the strongest",
        "src/queens/puzzle/read.py",
        "for p in (int(p) for p in peaks if smooth[p] >= 0.4 * top):",
        "for p in (int(p) for p in peaks if smooth[p] >= 0.8 * top):",
        READ_STYLES,
    ),
    # -- the kernel's symmetric counter: its vector search and its plain walkers --
    Mutant(
        "simd.c: a packed parent index read one bit off",
        "src/kernel/simd.c",
        "levels[y - y0].c[i] >> SIMD_PARENT_SHIFT & SIMD_PARENT_BITS",
        "levels[y - y0].c[i] >> (SIMD_PARENT_SHIFT + 1) & SIMD_PARENT_BITS",
        ("tests/test_kernel.py::test_vector_searches_and_plain_loop_count_the_same",),
    ),
    Mutant(
        "symmetric_flat.h: a child's left diagonals stored as its right ones",
        "src/kernel/symmetric_flat.h",
        "st->l[slot] = l;",
        "st->l[slot] = r;",
        ("tests/test_kernel.py::test_plain_walkers_count_every_subproblem_like_the_wide_loop",),
    ),
    Mutant(
        "symmetric_flat.h: the side columns' factor one power of two low",
        "src/kernel/symmetric_flat.h",
        "return (1u << 30) + (1u << (32 - n));",
        "return (1u << 30) + (1u << (31 - n));",
        (
            "tests/test_kernel.py::"
            "test_plain_walkers_count_the_last_rows_of_wide_boards_like_the_wide_loop",
        ),
    ),
    Mutant(
        "symmetric_flat.h: the walkers look at the stop flag only when one is done",
        "src/kernel/symmetric_flat.h",
        "if (((w0.top | w1.top) < 0) | (--until_stop < 0)) {",
        "if ((w0.top | w1.top) < 0) {",
        ("tests/test_kernel.py::test_stop_flag_ends_a_long_count",),
    ),
    # -- the kernel's Star Battle search (src/kernel/stars_search.c) --
    Mutant(
        "stars_search.c: a region inside the band hi <= b to <",
        "src/kernel/stars_search.c",
        "if (lo[g] >= a && hi[g] <= b) {",
        "if (lo[g] >= a && hi[g] < b) {",
        STARS,
        equivalent=(
            "in every answer: a region ending on the band's last row is counted inside the "
            "band one band later (or not at all on the last row), a weaker propagation of "
            "a complete search, so the same solutions are found; a strike it makes of such a "
            "region's cells happens only where the unmutated rule finds the state dead. "
            "Only the nodes searched can change"
        ),
    ),
    Mutant(
        "stars_search.c: the branching unit's tie-break",
        "src/kernel/stars_search.c",
        "if (spread_columns(x->open[r]) < want) return -1;\n"
        "            if (size - want < best_slack"
        " || (size - want == best_slack && size < best_size))",
        "if (spread_columns(x->open[r]) < want) return -1;\n"
        "            if (size - want < best_slack"
        " || (size - want == best_slack && size > best_size))",
        STARS_SEARCH,
    ),
    Mutant(
        "stars_search.c: the last pair of rows left out",
        "src/kernel/stars_search.c",
        "for (r = 0; r + 1 < n; r++) {",
        "for (r = 0; r + 2 < n; r++) {",
        STARS_SEARCH,
    ),
    Mutant(
        "stars_search.c: a star on cell 0 not placed",
        "src/kernel/stars_search.c",
        "if (s->star >= 0) star_place(",
        "if (s->star > 0) star_place(",
        STARS,
    ),
    # -- issue 40's time limit on K-star generation (_planted, _sat, generate) --
    Mutant(
        "_planted: no look at the stop flag before each repair's call to CaDiCaL",
        "src/queens/puzzle/_planted.py",
        "            kernel.check_stop(self.stop)\n            if not self.solver.solve(",
        "            if not self.solver.solve(",
        PLANTED,
    ),
    Mutant(
        "_sat: no look at the stop flag before each placement try",
        "src/queens/puzzle/_sat.py",
        "            kernel.check_stop(stop)\n            assumed = ",
        "            assumed = ",
        PLANTED,
    ),
    Mutant(
        "generate: a K-star generation past its time ends as a stop, not its error",
        "src/queens/puzzle/generate.py",
        "            if timed.timed_out():\n",
        "            if not timed:\n",
        PLANTED,
    ),
    # -- issue 40's stop flags on the page's requests (explain, generate, web.puzzle) --
    Mutant(
        "explain: the techniques' loops never look at the stop flag",
        "src/queens/puzzle/explain.py",
        "    counting_kernel.check_stop(_stop.get())",
        "    return",
        STOP,
    ),
    Mutant(
        "generate: a difficulty's grading not handed the generator's stop flag",
        "src/queens/puzzle/generate.py",
        "explanation = explain(grid, stars, hardest, stop=stop)",
        "explanation = explain(grid, stars, hardest)",
        STOP,
    ),
    Mutant(
        "web.puzzle: a request's work handed a flag its time never sets",
        "src/queens/web/puzzle.py",
        "                return work(stop)",
        "                return work(kernel.StopFlag())",
        WEB_STOP,
    ),
)


def _rebuild() -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "-e", str(ROOT)],
        check=True,
        cwd=ROOT,
        capture_output=True,
    )


def _apply(mutant: Mutant) -> str:
    """The file's text as it was, after writing the mutant (ValueError if it does not apply)."""
    path = ROOT / mutant.path
    text = path.read_text()
    found = text.count(mutant.original)
    if found != 1:
        raise ValueError(f"{mutant.path}: {mutant.original!r} found {found} times, not once")
    path.write_text(text.replace(mutant.original, mutant.replacement))
    return text


def _run_tests(tests: tuple[str, ...]) -> bool:
    """True when the tests pass (the mutant survived)."""
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider"]
    command += ["-m", "slow or not slow", *tests]
    try:
        result = subprocess.run(command, cwd=ROOT, capture_output=True, timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return False
    return result.returncode == 0


def baseline(mutants: list[Mutant]) -> list[str]:
    """The test sets that fail (or are missing) on the unmutated code: a mutant they
    'kill' proves nothing, so the run stops."""
    failing = []
    for tests in dict.fromkeys(m.tests for m in mutants):
        missing = [t for t in tests if not (ROOT / t.split("::")[0]).exists()]
        if missing or not _run_tests(tests):
            failing.append(
                " ".join(tests) + (f" (missing: {', '.join(missing)})" if missing else "")
            )
    return failing


def run(mutant: Mutant) -> str:
    """``killed``, ``survived`` or ``stale`` (the mutant no longer applies)."""
    native = mutant.path.endswith((".c", ".h"))  # the kernel: rebuilt around the run
    try:
        original = _apply(mutant)
    except ValueError as error:
        print(f"  stale: {error}", file=sys.stderr)
        return "stale"
    try:
        if native:
            _rebuild()
        survived = _run_tests(mutant.tests)
    except subprocess.CalledProcessError:  # the mutant does not compile: killed
        survived = False
    finally:
        (ROOT / mutant.path).write_text(original)
        if native:
            _rebuild()
    return "survived" if survived else "killed"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="the mutants whose name or file holds this text")
    parser.add_argument("--check", action="store_true", help="only check that each applies")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if args.only is None or args.only in m.name or args.only in m.path]
    outcomes: dict[str, list[Mutant]] = {"killed": [], "survived": [], "stale": [], "applies": []}
    equivalent = [m for m in chosen if m.equivalent]
    if not args.check:
        failing = baseline([m for m in chosen if not m.equivalent])
        for tests in failing:
            print(f"the unmutated code fails: {tests}", file=sys.stderr)
        if failing:
            return 2
    for mutant in chosen:
        if mutant.equivalent:
            continue
        if args.check:
            path = ROOT / mutant.path
            found = path.read_text().count(mutant.original)
            outcome = "applies" if found == 1 else "stale"
            if found != 1:
                print(f"stale: {mutant.name}: found {found} times", file=sys.stderr)
        else:
            start = time.monotonic()
            outcome = run(mutant)
            print(f"{outcome:8} {time.monotonic() - start:6.0f} s  {mutant.name}", flush=True)
        outcomes[outcome].append(mutant)
    for mutant in equivalent:
        print(f"equivalent         {mutant.name}: {mutant.equivalent}")
    ran = len(chosen) - len(equivalent)
    if args.check:
        print(f"{len(outcomes['applies'])} of {ran} apply")
        return 1 if outcomes["stale"] else 0
    print(
        f"{len(outcomes['killed'])} of {ran} killed, {len(outcomes['survived'])} survived, "
        f"{len(outcomes['stale'])} no longer apply; {len(equivalent)} equivalent, not run"
    )
    return 1 if outcomes["survived"] or outcomes["stale"] else 0


if __name__ == "__main__":
    sys.exit(main())
