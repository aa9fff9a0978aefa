"""New puzzles: a random grid of K stars a row, column and region (K = 1: the region
puzzle, "Queens") with exactly one solution, at a chosen difficulty.

One entry, ``generate(n, seed, difficulty, stars=K)``, for K = 1 to 6; its limits
(``SIZES``), its errors (``GenerateError``), the attempts loop with its time limit, the
stop flag and Ctrl-C (``interruptible``), the grading by the explanation, and the shared
pieces of growth (neighbours, connectivity) are written once here.  Two ways of growing
a unique grid sit under it, both keeping a planted placement the only solution while the
regions grow and repairing a second solution by moving one of its stars:

**One star** (the grids shipped in ``levels.json`` and pinned by tests come from it, so it
draws exactly as it always has):

1. A random solution (the *truth*): one queen a row and a column, no two touching.  Each
   queen is the first cell of its region.
2. The regions grow from those queens one cell at a time, the smaller regions more likely
   to grow (a region's chance falls with its size to the power ``BALANCE``, times a
   random weight of its own so that sizes still vary), none past ``LARGEST`` of the
   board; for easy grids some regions grow as bars along one line (``BARS``).  A free
   cell joins a region it touches only if no solution of the grid so far (free cells
   holding no queen) puts a queen on it: a search with that queen given, short because
   the queen is given.  So the truth stays the only solution while the grid fills, and
   every region stays connected.
3. A cell that no touching region can take that way (each would let a second solution
   through it) joins the touching region letting in the fewest solutions.  Then, while a
   second solution exists, one of its queens off the truth moves to a neighbouring
   region (a region then holds two of its queens, so it dies); the moves that let no
   new solution in are taken first, else the one letting in the fewest, never one made
   before.  When no move is left, the cells at and around the second solution's queens
   are freed and grown again as in 2 (``REGROWS``).  A one-cell region takes a cell of a
   neighbour and is repaired the same way.
4. The grid is explained (``queens.puzzle.explain``) with the steps of the difficulty
   asked for.  Where the explanation stops (it would need a harder step), an open region's
   cells left are confined to the row or column of its queen in the truth: its other cells
   left move to touching regions, so a step of level 2 is there.  The change is kept if
   the explanation then gets further (else the next of ``EASE_TRIES`` regions is tried,
   else the next attempt starts), until it reaches the solution, which proves it the only
   one.  The grid is kept when its hardest step is the difficulty asked for (never a case
   split), else the next attempt starts.

The searches in 2 and 3 are the compiled kernel's ``solve_regions``, or without it the
same search in Python (``queens.puzzle._region_search``, step for step the kernel's), with
budgets of queens placed (``SEARCH_BUDGET``, ``COUNT_BUDGET``, ``CHECK_BUDGET``): past its
budget a search through a cell counts as finding a solution, a count as the largest, and a
check for a second solution gives the attempt up; so no single search takes long, and an
answer given is always exact.  The budgets count steps, not time, and both engines take
the same steps, so a seed gives the same grid on every machine, with a C compiler or
without.

**K stars, K = 2 and 3** (from 4 stars these searches stall; ``queens.puzzle._planted``
draws the whole grid and repairs it with CaDiCaL instead, then checks it with the kernel):

1. A random placement of k stars a row and a column, none touching: a row-by-row search
   filling the columns most in need first, started afresh after a bounded number of rows
   tried (``random_placement``).
2. The placement's stars joined k at a time, each with its nearest, by shortest paths:
   the n regions' cores.  Every other cell is a hole (in no region, no star on it).
3. The regions grow one cell at a time into the holes next to them, a cell joining a
   region only when no solution puts a star on it (a search with the star given).  A hole
   that could not join keeps the solution that stopped it, and growth searches again
   only once that solution is gone.
4. When no hole can join a region so, the one letting in the fewest solutions joins (of
   ``FORCE_TRIES`` tried), and then, while a second solution exists, one of its stars off
   the placement moves to a neighbouring region (keeping regions connected), a move
   letting no solution in first; when every such star lies inside its region, a
   neighbour of one moves first to expose it.  Every search counts against the attempt's
   ``SEARCHES`` and may propagate ``SEARCH_NODES`` nodes; an attempt that runs out, or
   finds no move, gives way to a fresh one.
5. The finished grid is checked by a second engine (the kernel's row-by-row counter,
   ``queens.puzzle.solve.unique_by_rows``, else the propagating search again) and, for a
   difficulty, graded by the explanation (``queens.puzzle.explain.grade``): the
   seeds ``seed + attempt * 2**64`` are tried until one has the difficulty asked for.
   For an easy grid, three quarters of the regions grow only into holes no other region
   takes (``STARS_KEPT_SMALL``: a region near its stars has few ways for them), and where
   the easy steps stop, an open region's cells off the placement move to touching
   regions, kept when the grid stays unique and the steps get further
   (``_eased_stars``, as one star's step 4).

The K-star searches are the kernel's propagating search (``search_stars``), or without
the kernel ``queens.puzzle.solve.search_holes``: the same checks, though a seed may give
another K-star grid without the kernel (the second solution found, which steers the
repairs, depends on the engine).
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from contextvars import ContextVar

from queens.engines.counting import kernel
from queens.engines.counting import kernel as counting_kernel
from queens.puzzle import _planted, _region_search, _sat, _shapes
from queens.puzzle.explain import DIFFICULTIES as STARS_DIFFICULTIES
from queens.puzzle.explain import (
    LEVELS,
    Explanation,
    NotUnique,
    Stuck,
    apply,
    difficulty_name,
    explain,
    know_solution,
    next_step,
)
from queens.puzzle.grid import NAMES, Grid
from queens.puzzle.solve import (
    MAX_STARS,
    Rows,
    Square,
    StarState,
    State,
    Units,
    bit_indexes,
    count,
    rows_of_masks,
    search_holes,
    unique_by_rows,
)
from queens.puzzle.solve import solve as solve_stars

SIZES = {1: (5, 16), 2: (8, 25), 3: (14, 25), 4: (17, 25), 5: (21, 25), 6: (24, 25)}
"""The sizes generated for each number of stars, smallest and largest.  One star: 4 x 4
has two solutions and few grids, below none; 16 x 16 takes about a second at the median,
seconds at worst.  K stars: smaller grids rarely, or never, have a unique solution made
this way.  4 to 6 stars are made by ``queens.puzzle._planted`` (CaDiCaL and Gluecard,
the ``sat`` extra), whose grids are measured up to ``PLANTED_UP_TO`` (4 stars from 17 x 17, 5 from
21 x 21, 6 from 24 x 24: ``benchmarks/puzzle.py --stars --big``); larger ones are refused
unless forced (``GenerateTooLong``)."""

PLANTED_UP_TO = {4: 20, 5: 23, 6: 25}
"""The largest grid generated for 4 to 6 stars without ``force``: the sizes measured with
a median under a minute of CPU over seeds 0 to 4 (``benchmarks/puzzle.py --stars --big``,
shared machine, load average 4.5 to 5.1): 20 x 20 4-star 17.4 s (81.2 s the largest),
23 x 23 5-star 10.6 s (43.6 s), 25 x 25 6-star in the guide's table.  Before CaDiCaL's
phases were the truth's and a repair carried out the piece its path cuts off
(``queens.puzzle._planted``), 20 x 20 took 53.4 s with two seeds not made in 251 and
391 s, and 23 x 23 was refused (9.8 s, 134.9 s and one not in 91 s).  The grids are
confirmed by Gluecard when the kernel's search does not settle them
(``_planted.confirmed``): the time is CaDiCaL's repairs."""

MIN_N, MAX_N = SIZES[1]
"""The sizes of one-star grids."""

STARS_MIN_N = {stars: low for stars, (low, _) in SIZES.items()}
"""The smallest grid generated for each number of stars."""

# ---- one star: tuning

ATTEMPTS = 2000
"""One-star grids tried for one difficulty before giving up (a GenerateError): medium 5 x 5 grids
are rare, and 400 attempts missed them for some seeds."""

LARGEST = 0.3
"""The largest share of the board a region grows to (published grids: about 29 %)."""

LARGEST_REPAIRED = 0.36
"""The largest share a region reaches as the repairs move cells into it (at most 40 %)."""

BALANCE = 1.5
"""How strongly small regions are preferred as the regions grow: a region's chance of
taking the next cell goes as its weight / size ** BALANCE."""

SKEW = {"easy": 3.0, "medium": 2.0, "hard": 2.0}
"""How uneven the regions' own weights are (``random() ** skew``): a larger skew leaves
a few regions small, and small regions make easy deductions."""

BARS = {"easy": 1 / 3}
"""The share of regions grown as bars along one line, by difficulty: a region within one
line makes the first deduction of an easy grid (without bars, 10 x 10 and larger easy
grids are rare: none in 60 unique 10 x 10 grids, 8 with n / 3 bars)."""

WANTED = {"easy": (1, 2), "medium": (3, 3), "hard": (4, 5)}
"""The levels of the hardest step of each difficulty."""

SPREAD = {8: (9, 11, 4), 10: (7, 11, 4)}
"""How many published one-star levels of each size measured (``benchmarks/looks.py
--published``: 24 of 8 x 8 and 22 of 10 x 10, LinkedIn's levels as a community clone keeps
them, not shipped) ``explain`` grades easy, medium and hard: a one-star grid generated
without a difficulty draws one with these weights, so that generated grids spread like
published ones.  A size between two measured ones takes both's counts added, a smaller
or larger one the nearest's.  (The shipped levels cannot serve: their difficulty follows
the weekday, and so their size, not a publisher's spread.)"""


def _spread(n: int) -> tuple[int, ...]:
    """``SPREAD``'s weights for size ``n``."""
    if n in SPREAD:
        return SPREAD[n]
    below = [size for size in SPREAD if size < n]
    above = [size for size in SPREAD if size > n]
    if not below or not above:  # outside the sizes measured: the nearest's
        return SPREAD[max(below) if below else min(above)]
    return tuple(a + b for a, b in zip(SPREAD[max(below)], SPREAD[min(above)], strict=True))


def drawn_difficulty(n: int, seed: int) -> str:
    """The difficulty a one-star ``n`` x ``n`` grid generated from ``seed`` without one
    takes: drawn with ``SPREAD``'s weights for its size, from a hash of the size and seed
    (the same on every machine and Python).

    >>> drawn_difficulty(7, 3), drawn_difficulty(10, 5)
    ('easy', 'hard')
    >>> sorted({drawn_difficulty(8, seed) for seed in range(40)})
    ['easy', 'hard', 'medium']
    """
    weights = _spread(n)
    digest = hashlib.sha256(f"queens-difficulty/{n}/{seed}".encode()).digest()
    point = int.from_bytes(digest[:8], "big") * sum(weights) >> 64
    for difficulty, weight in zip(WANTED, weights, strict=True):
        if point < weight:
            return difficulty
        point -= weight
    raise AssertionError("unreachable: point < sum(weights)")


OTHERS = 1
"""Solutions other than the truth looked at before each move: the move takes a queen
most of them share (so it kills most of them at once)."""

SAFE_TRIES = 100
"""Moves checked for letting no new solution in before one that might is taken."""

REPAIRS = 4
"""Moves (times n) tried to make a grid's solution unique before starting afresh."""

MOVES_COUNTED = 12
"""The moves compared by counting their solutions (the first, in order of preference)."""

REGROWS = 3
"""Times the cells around a second solution are freed and grown again, when no move
repairs a grid, before starting afresh."""

COUNT_LIMIT = 200
"""Solutions counted to compare the moves of a repair that each let some in."""

COUNT_BUDGET = 20_000
"""Queens the kernel places, at most, counting the solutions of one move: a move whose
count runs past it counts as letting in more than any counted.  (Some counts place
millions of queens, a second each at 16 x 16; a number of steps, not a time, so a seed
still gives the same grid on every machine.)"""

SEARCH_BUDGET = 20_000
"""Queens the kernel places, at most, looking for a solution through a cell: a search
running past it counts as finding one (the cell does not join that region)."""

CHECK_BUDGET = 100_000
"""Queens the kernel places, at most, looking for a second solution of a grid being
repaired: past it, the attempt is given up and the next starts afresh."""

EASE_TRIES = 4
"""Regions tried, where a grid's explanation stops, for one that takes it further once
confined to a line (``_eased``)."""

SINGLE_CELLS_FROM = 8
"""From this size up a generated grid has no one-cell region (below, at most one): each
hands out a queen for free."""

LOOKS = _shapes.LOOKS
"""The looks a one-star grid is generated with (``generate``'s ``look``): ``even``, the
default, and ``background``."""

_FREE = 255
"""A free cell for the kernel's search (a cell that holds no queen)."""

Regions = list[list[int]]
"""A region index per cell, row by row; -1 for a free cell (while the regions grow)."""


# ---- K stars: tuning

STAR_ATTEMPTS = 200
"""Fresh starts of a K-star grid before giving up."""

SEARCHES = 400
"""Searches one attempt may make (growing, forcing and repairing) before the next
attempt starts afresh: a few attempts run into long repairs."""

CORE_TRIES = 10
"""Groupings of a placement's stars into cores tried for one whose only solution it is."""

FORCE_TRIES = 6
"""Stuck holes (and regions) weighed when one must join a region that lets solutions in."""

FORCE_CAP = 3
"""How far the solutions a stuck hole lets in are counted when weighing them."""

SEARCH_NODES = 20_000
"""Nodes one search of the kernel may propagate: past them a join (or move) counts as
letting solutions in, and a second solution too long to look for ends the attempt.  The
searches of attempts that end well stay far below (a few thousand nodes at 14 x 14); a
budget of nodes, not of time, so a seed gives the same grid on every machine."""

PLACEMENT_NODES = 50
"""Rows tried per grid row by one try of ``random_placement`` before it starts afresh."""


GRADED_ATTEMPTS = 40
"""K-star grids tried for a difficulty before giving up, at least (``_graded_attempts``)."""

GRADED_CELLS = 12_800
"""The cells of the K-star grids tried for a difficulty, at least: a small grid's attempts
are cheap (15 ms at 8 x 8) and a hard one is rare there (4 of seeds 0-19 at 8 x 8 with 2
stars took 50 to 73 attempts, 1.1 s at most), so it gets more of them: 200 at 8 x 8, 128 at
10 x 10, 65 at 14 x 14, and ``GRADED_ATTEMPTS`` from 18 x 18."""

STARS_KEPT_SMALL = {"easy": 3 / 4}
"""The share of regions of a 2- or 3-star grid that grow only into holes no other region
takes, by difficulty: a region left near its core (its stars and the path joining them)
has few ways for its stars, and an easy grid needs a unit of at most two ways at each
step (``explain.PATTERN_BY_WAYS``)."""


class GenerateError(ValueError):
    """A size or difficulty generate does not take, or no grid found within the attempts.

    >>> try:
    ...     generate(3, seed=0)
    ... except GenerateError as error:
    ...     print(error)
    generate makes grids from 5 x 5 to 16 x 16, not 3 x 3
    >>> try:
    ...     generate(5, stars=2)
    ... except GenerateError as error:
    ...     print(error)
    2-star grids are generated from 8 x 8 to 25 x 25 (stars 1 to 6)
    """


class GenerateTooLong(GenerateError):
    """A grid past ``PLANTED_UP_TO`` asked for without ``force``; ``reason`` says so.

    >>> GenerateTooLong(22, 4).reason
    'a 22 x 22 4-star grid may take hours (measured up to 20 x 20)'
    """

    def __init__(self, n: int, stars: int) -> None:
        largest = PLANTED_UP_TO[stars]
        self.reason = (
            f"a {n} x {n} {stars}-star grid may take hours (measured up to {largest} x {largest})"
        )
        super().__init__(f"{self.reason}; pass force=True to run it anyway")


def _neighbours(n: int, index: int) -> list[int]:
    """The cells (row-major indexes) sharing a side with ``index``: above, below, left,
    right (the order the growth's random draws rest on)."""
    r, c = divmod(index, n)
    out = []
    if r > 0:
        out.append(index - n)
    if r + 1 < n:
        out.append(index + n)
    if c > 0:
        out.append(index - 1)
    if c + 1 < n:
        out.append(index + 1)
    return out


def _stays_connected(n: int, cells: list[int], gone: set[int]) -> bool:
    """Whether the region of the cells ``gone`` (all in one; ``cells``: a region per
    cell, row-major) stays connected, and not empty, once they leave it."""
    region = cells[next(iter(gone))]
    members = [i for i, g in enumerate(cells) if g == region and i not in gone]
    if not members:
        return False
    seen = {members[0]}
    todo = [members[0]]
    while todo:
        for other in _neighbours(n, todo.pop()):
            if other not in gone and other not in seen and cells[other] == region:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(members)


def _attempts(
    make: Callable[[int], Grid | None],
    tries: int,
    seconds: float | None,
    stop: kernel.StopFlag | None,
    what: str,
    seed: int,
) -> Grid:
    """The first grid ``make(attempt)`` returns for attempt 0, 1, ...: a ``GenerateError``
    ("no ``what`` found ...") after ``tries``, or once ``seconds`` have passed between two
    attempts; ``Stopped`` when ``stop`` is set."""
    deadline = None if seconds is None else time.monotonic() + seconds
    for attempt in range(tries):
        kernel.check_stop(stop)
        if deadline is not None and time.monotonic() > deadline:
            raise GenerateError(f"no {what} found within {seconds:g} s")
        grid = make(attempt)
        if grid is not None:
            return grid
    raise GenerateError(f"no {what} found in {tries} attempts with seed {seed}")


def generate(
    n: int,
    seed: int = 0,
    difficulty: str | None = None,
    *,
    stars: int = 1,
    seconds: float | None = None,
    stop: kernel.StopFlag | None = None,
    look: str = "even",
    force: bool = False,
) -> Grid:
    """A grid with exactly one solution of ``stars`` a row, column and region, whose
    explanation needs ``difficulty``'s reasoning (easy, medium, hard; None: one star, one
    drawn for the size like published levels', ``drawn_difficulty``; K stars, the first
    grid made, whatever its difficulty).
    ``look`` (one star): ``even``, the regions grown evenly (the daily levels' look), or
    ``background``, one large region the others sit in (``queens.puzzle._shapes``).
    The same arguments give the same grid.  With ``seconds``, a ``GenerateError`` once
    that time has passed ("no ... found within S s"): one star between two attempts (each
    short), K stars as at a stop (a ``kernel.TimedStop``), within a second from 4 stars
    at the sizes made unforced (a difficulty's grading as well);
    ``Stopped`` when ``stop`` is set; from the main thread without one, a Ctrl-C stops it
    within a second (``interruptible``).
    4 to 6 stars need python-sat (the ``sat`` extra; a ``GenerateError`` without it), and
    past ``PLANTED_UP_TO`` ``force`` (a ``GenerateTooLong`` without it).

    >>> print(generate(5, seed=1))
    AABBB
    AAABC
    DCCCC
    DDDCC
    DDDCE
    >>> print(generate(8, seed=1, stars=2))
    AAABBCCC
    AABBCCCC
    AAABBCCD
    EABBBDDD
    EEFFGHDD
    EFFFGHHH
    EFFGGHHH
    EFFFGHHH
    """
    _check(n, stars, difficulty, look)
    check_planted(n, stars, force)
    if stars == 1:
        wanted = difficulty or drawn_difficulty(n, seed)
        work = lambda flag: _one_star(n, seed, wanted, seconds, flag, look)  # noqa: E731
    else:
        work = lambda flag: _graded_stars(n, stars, seed, difficulty, seconds, flag)  # noqa: E731
    return kernel.interruptible(work, stop)


def _check(n: int, stars: int, difficulty: str | None, look: str = "even") -> None:
    """A ``GenerateError`` naming what generate does not take."""
    if look not in _shapes.LOOKS:
        raise GenerateError(f"unknown look {look!r} (choose from {', '.join(_shapes.LOOKS)})")
    if look != "even" and stars != 1:
        raise GenerateError(f"the {look} look is for one-star grids (--stars 1)")
    if stars not in SIZES:
        raise GenerateError(f"generate makes grids with 1 to {MAX_STARS} stars, not {stars}")
    low, high = SIZES[stars]
    if not low <= n <= high:
        if stars == 1:
            raise GenerateError(
                f"generate makes grids from {low} x {low} to {high} x {high}, not {n} x {n}"
            )
        raise GenerateError(
            f"{stars}-star grids are generated from {low} x {low} to "
            f"{high} x {high} (stars 1 to {MAX_STARS})"
        )
    wanted = WANTED if stars == 1 else STARS_DIFFICULTIES
    if difficulty is not None and difficulty not in wanted:
        raise GenerateError(
            f"unknown difficulty {difficulty!r} (choose from {', '.join(wanted)}"
            + (", or None)" if stars == 1 else ")")
        )


def check_planted(n: int, stars: int, force: bool) -> None:
    """A ``GenerateError`` when 4 to 6 stars are asked for without python-sat, or past
    ``PLANTED_UP_TO`` without ``force``; nothing to check for 1 to 3 stars.

    >>> check_planted(10, 2, force=False) is None
    True
    """
    if stars not in PLANTED_UP_TO:
        return
    if not _sat.available():
        raise GenerateError(
            f"{stars}-star grids need python-sat: install queens-toolkit[sat] "
            "(pip install 'queens-toolkit[sat]')"
        )
    if n > PLANTED_UP_TO[stars] and not force:
        raise GenerateTooLong(n, stars)


# ---- one star ------------------------------------------------------------------------

_stop: ContextVar[kernel.StopFlag | None] = ContextVar("_stop", default=None)
"""The stop flag of the one-star generation running in this thread (its searches pass
it on, so a Ctrl-C ends even a long one within a second)."""


def _one_star(
    n: int,
    seed: int,
    difficulty: str,
    seconds: float | None,
    stop: kernel.StopFlag | None,
    look: str = "even",
) -> Grid:
    low, high = WANTED[difficulty]
    rng = random.Random(seed)
    bars = int(BARS.get(difficulty, 0.0) * n)
    skew = SKEW[difficulty]

    def attempt(_: int) -> Grid | None:
        made = _unique_regions(n, rng, skew, bars, look)
        return None if made is None else _graded(*made, low, high)

    what = f"{difficulty} {n} x {n} grid"
    token = _stop.set(stop)
    try:
        return _attempts(attempt, ATTEMPTS, seconds, stop, what, seed)
    finally:  # a set flag left behind would stop this thread's next search at once
        _stop.reset(token)


def _solve_regions(
    n: int, cells: bytes, limit: int, budget: int
) -> tuple[int, list[int] | tuple[int, ...] | None, list[int] | tuple[int, ...] | None]:
    """The one-star search of the grid being made (255: a free cell), counted to ``limit``
    with the first two solutions found: the compiled kernel's, else the same steps in
    Python.  ``OverBudget`` past ``budget`` queens placed."""
    stop = _stop.get()
    found = kernel.solve_regions(n, cells, limit, stop, budget)
    if found is None:
        return _region_search.solve_regions(n, cells, limit, stop, budget)
    return found


def random_solution(n: int, rng: random.Random) -> list[int]:
    """A random placement: one queen a row and a column, no two queens touching."""
    columns: list[int] = []
    used: set[int] = set()

    def extend() -> bool:
        if len(columns) == n:
            return True
        order = [c for c in range(n) if c not in used]
        rng.shuffle(order)
        for col in order:
            if columns and abs(columns[-1] - col) <= 1:
                continue
            columns.append(col)
            used.add(col)
            if extend():
                return True
            columns.pop()
            used.discard(col)
        return False

    if not extend():
        raise GenerateError(f"no {n} x {n} placement has queens that do not touch")
    return columns


def _squares_near(n: int, square: Square) -> list[Square]:
    """The cells sharing a side with ``square`` (above, below, left, right)."""
    return [divmod(i, n) for i in _neighbours(n, square[0] * n + square[1])]


def grow_regions(n: int, seeds: list[Square], rng: random.Random, skew: float = 2.0) -> Regions:
    """Regions grown from ``seeds`` (region i from seed i) until they fill the grid, with
    no check of the solutions: each step a region, drawn with a chance of
    ``weight / size ** BALANCE`` (its weight ``random() ** skew``), takes a free cell it
    touches.  (``unique_grid`` grows regions the same way, keeping one solution.)"""
    region = [[-1] * n for _ in range(n)]
    for index, (row, col) in enumerate(seeds):
        region[row][col] = index
    growth = _Growth(n, region, rng, skew, cap=n * n)
    while growth.free:
        choice = growth.draw(set())
        assert choice is not None
        growth.take(*choice)
    return region


class _Growth:
    """Regions growing over a grid: which free cell may join which region, and the draw."""

    def __init__(
        self,
        n: int,
        region: Regions,
        rng: random.Random,
        skew: float,
        cap: int,
        bars: int = 0,
        look: str = "even",
    ) -> None:
        self.n = n
        self.region = region
        self.rng = rng
        self.cap = cap
        self.size = [0] * n
        for row in region:
            for owner in row:
                if owner >= 0:
                    self.size[owner] += 1
        self.free = sum(row.count(-1) for row in region)
        self.weight = [rng.random() ** skew + 0.05 for _ in range(n)]
        seeds = {region[r][c]: (r, c) for r in range(n) for c in range(n) if region[r][c] >= 0}
        self.line: dict[int, tuple[int, int]] = {}
        """Regions growing along one line only, each with its axis (0: a row) and line: the
        bars that make easy deductions (a region within one line)."""
        for owner in sorted(rng.sample(sorted(seeds), bars)) if bars else ():
            axis = rng.randrange(2)
            self.line[owner] = (axis, seeds[owner][axis])
        self.near = {(r, c): _squares_near(n, (r, c)) for r in range(n) for c in range(n)}
        self.frontier = {
            square
            for square, near in self.near.items()
            if region[square[0]][square[1]] < 0 and any(region[r][c] >= 0 for r, c in near)
        }
        """The free cells touching a region."""
        self.touching = {square: self._touching(square) for square in self.frontier}
        """The regions each free cell of the frontier touches, in order."""
        self.undone: set[tuple[Square, int]] = set()
        """The moves (a cell into a region) undoing a repair's move, or letting solutions
        in once already: the repairs take neither (else they may go round in circles)."""
        self.shape = _shapes.shape_for(look, n, rng)
        """The look's weighing (None: even, the draws above the only ones made)."""
        if self.shape is not None:
            self.line.pop(self.shape.owner, None)  # the background is no bar

    def room(self, owner: int) -> bool:
        """Whether region ``owner`` is below its cap."""
        if self.shape is None:
            return self.size[owner] < self.cap
        return self.size[owner] < self.shape.cap(owner, self.cap)

    def options(self, square: Square) -> set[int]:
        """The regions of the cells touching a cell."""
        region = self.region
        return {region[r][c] for r, c in self.near[square] if region[r][c] >= 0}

    def _touching(self, square: Square) -> tuple[int, ...]:
        return tuple(sorted(self.options(square)))

    def _changed(self, square: Square) -> None:
        """Update the frontier around a cell that joined or changed region."""
        region = self.region
        self.frontier.discard(square)
        self.touching.pop(square, None)
        for r, c in self.near[square]:
            if region[r][c] < 0:
                self.frontier.add((r, c))
                self.touching[(r, c)] = self._touching((r, c))

    def draw(self, blocked: set[tuple[int, int, int]]) -> tuple[Square, int] | None:
        """A free cell and a region it may join, or None when no free cell has one.

        A cell with a single region left to join is drawn first (else it may end
        with none); the rest with the regions' chances."""
        pairs: list[tuple[Square, int]] = []
        weights: list[float] = []
        size, weight, line, cap, touching = (
            self.size,
            self.weight,
            self.line,
            self.cap,
            self.touching,
        )
        shape = self.shape
        for row, col in sorted(self.frontier):
            open_ = [
                owner
                for owner in touching[(row, col)]
                if (size[owner] < cap if shape is None else self.room(owner))
                and (row, col, owner) not in blocked
            ]
            urgency = 20.0 if len(open_) == 1 else 1.0
            for owner in open_:
                if owner in line and (row, col)[line[owner][0]] != line[owner][1]:
                    continue
                pairs.append(((row, col), owner))
                if shape is None:
                    weights.append(urgency * weight[owner] / size[owner] ** BALANCE)
                else:
                    sides = sum(self.region[r][c] == owner for r, c in self.near[(row, col)])
                    chance = shape.chance(owner, size[owner], weight[owner], sides, BALANCE)
                    weights.append(urgency * chance)
        if not pairs:
            return None
        return self.rng.choices(pairs, weights)[0]

    def move(self, squares: list[Square], owner: int) -> None:
        """Cells of one region into another."""
        for row, col in squares:
            self.size[self.region[row][col]] -= 1
            self.region[row][col] = owner
            self._changed((row, col))
        self.size[owner] += len(squares)

    def release(self, square: Square) -> None:
        """A cell back to no region."""
        region = self.region
        self.size[region[square[0]][square[1]]] -= 1
        region[square[0]][square[1]] = -1
        self.free += 1
        for r, c in [square, *self.near[square]]:
            if region[r][c] >= 0:
                continue
            touching = self._touching((r, c))
            if touching:
                self.frontier.add((r, c))
                self.touching[(r, c)] = touching
            else:  # a free cell whose last region was this cell's: it touches none now
                self.frontier.discard((r, c))
                self.touching.pop((r, c), None)

    def take(self, square: Square, owner: int) -> None:
        region = self.region
        region[square[0]][square[1]] = owner
        self.size[owner] += 1
        self.free -= 1
        self._changed(square)


def _lets_one_through(region: Regions, square: Square, owner: int) -> bool:
    """Whether a solution has a queen on ``square`` once it is in region ``owner`` (free
    cells holding no queen); with the kernel, True too when its search runs past
    ``SEARCH_BUDGET`` (so the answer False is always sure)."""
    n = len(region)
    row, col = square
    cells = bytearray(_FREE if owner < 0 else owner for line in region for owner in line)
    cells[row * n : row * n + n] = bytes([_FREE]) * n
    cells[row * n + col] = owner
    try:
        found = _solve_regions(n, bytes(cells), 1, SEARCH_BUDGET)
    except kernel.OverBudget:
        return True
    return found[1] is not None


def _connected_without(region: Regions, *squares: Square) -> bool:
    """Whether the region of ``squares`` (all in one) stays connected once they leave it."""
    n = len(region)
    return _stays_connected(
        n, [g for line in region for g in line], {r * n + c for r, c in squares}
    )


def _grow_unique(growth: _Growth) -> list[Square]:
    """Grow the regions keeping the truth the only solution; the cells left free (each
    region they touch would let a second solution through them)."""
    blocked: set[tuple[int, int, int]] = set()
    while growth.free:
        choice = growth.draw(blocked)
        if choice is None:
            break
        square, owner = choice
        if not _lets_one_through(growth.region, square, owner):
            growth.take(square, owner)
        else:
            blocked.add((*square, owner))
    region = growth.region
    return [(r, c) for r in range(growth.n) for c in range(growth.n) if region[r][c] < 0]


def _kernel_count(
    region: Regions, limit: int, budget: int = 0
) -> tuple[int, list[int] | None, list[int] | None]:
    """The solutions of a grid (free cells holding no queen), counted to ``limit`` with
    the first two found (columns by row) by ``_solve_regions``.  Raises
    ``kernel.OverBudget`` past ``budget`` queens placed (0: no budget)."""
    n = len(region)
    cells = bytes(_FREE if owner < 0 else owner for line in region for owner in line)
    total, first, second = _solve_regions(n, cells, limit, budget)
    return total, None if first is None else list(first), None if second is None else list(second)


def _others(region: Regions, truth: list[int]) -> list[list[int]]:
    """Up to ``OTHERS`` solutions other than the truth ([]: the truth is the only one);
    free cells hold no queen.  Raises ``kernel.OverBudget`` when the search runs past
    ``CHECK_BUDGET``."""
    found = _kernel_count(region, 2, CHECK_BUDGET)
    return [s for s in found[1:] if s is not None and s != truth][:OTHERS]


def _path_out(growth: _Growth, square: Square, keep: Square) -> tuple[list[Square], int] | None:
    """The shortest run of cells of ``square``'s region from ``square`` to a cell touching
    another region (not through ``keep``, the region's queen of the truth), and that
    region: moved together, they keep both regions connected.  None if there is none."""
    n, region, rng = growth.n, growth.region, growth.rng
    owner = region[square[0]][square[1]]
    before: dict[Square, Square | None] = {square: None}
    todo = [square]
    for here in todo:  # breadth first: todo grows as it is read
        targets = sorted(g for g in growth.options(here) - {owner} if growth.room(g))
        if targets:
            path = []
            step: Square | None = here
            while step is not None:
                path.append(step)
                step = before[step]
            if growth.size[owner] - len(path) >= 2 and _connected_without(region, *path):
                return path, rng.choice(targets)
            continue
        near = [s for s in _squares_near(n, here) if region[s[0]][s[1]] == owner]
        rng.shuffle(near)
        for s in near:
            if s not in before and s != keep:
                before[s] = here
                todo.append(s)
    return None


def _kill(growth: _Growth, truth: list[int], others: list[list[int]], min_size: int) -> bool:
    """Move a queen of ``other`` off the truth into a neighbouring region: a move that
    lets no new solution in if there is one, else any; when no single cell can move (the
    regions would split or shrink too far), the queen's cell with a run of its region's
    cells to another region.  False if nothing moves."""
    n, region, size, rng = growth.n, growth.region, growth.size, growth.rng
    moves = []
    shared = Counter((row, s[row]) for s in others for row in range(n) if s[row] != truth[row])
    for square, times in shared.items():
        owner = region[square[0]][square[1]]
        if size[owner] <= min_size or not _connected_without(region, square):
            continue
        for target in sorted(growth.options(square) - {owner}):
            if growth.room(target):
                moves.append((-times, size[target] + rng.random(), square, target))
    moves.sort()
    for *_, square, target in moves[:SAFE_TRIES]:
        if not _lets_one_through(region, square, target):
            break
    else:  # each move lets solutions in: not one undoing an earlier move, nor one made before
        untried = [(s, t) for *_, s, t in moves if (s, t) not in growth.undone]
        if not untried:
            return _kill_by_path(growth, truth, others[0])
        (square,), target = _fewest_solutions(growth, untried)
        growth.undone.add((square, target))
    growth.undone.add((square, region[square[0]][square[1]]))
    growth.move([square], target)
    return True


def _kill_by_path(growth: _Growth, truth: list[int], other: list[int]) -> bool:
    rows = [row for row in range(growth.n) if other[row] != truth[row]]
    growth.rng.shuffle(rows)
    for row in rows:
        square = (row, other[row])
        owner = growth.region[row][other[row]]
        found = _path_out(growth, square, (owner, truth[owner]))
        if found is not None and (found[0][0], found[1]) not in growth.undone:
            growth.undone.add((found[0][0], found[1]))  # (a path is not taken twice)
            growth.move(*found)
            return True
    return False


def _widen_single(growth: _Growth, truth: list[int]) -> bool:
    """Give a one-cell region a second cell, taken from a touching region that stays
    connected with two cells or more: the move letting in the fewest solutions (the
    repairs then take them out again).  False if no cell can move."""
    region, size = growth.region, growth.size
    owner = size.index(1)
    moves = []
    for square in growth.near[(owner, truth[owner])]:
        donor = region[square[0]][square[1]]
        # >= 2 is the same: a 2-cell donor's other cell would touch two truth cells that touch
        if size[donor] > 2 and square[1] != truth[square[0]] and _connected_without(region, square):
            moves.append((square, owner))
    if not moves:
        return False
    growth.move(*_fewest_solutions(growth, moves))
    return True


def _widen_pair(growth: _Growth, truth: list[int]) -> bool:
    """Give a 2-cell region a third cell (the looks other than even: published levels
    have fewer 2-cell regions), taken from a touching region that keeps three cells or
    more and stays connected: the move letting in the fewest solutions (the repairs then
    take them out again).  False if no cell can move."""
    region, size = growth.region, growth.size
    owner = size.index(2)
    moves = []
    for here in [(r, c) for r in range(growth.n) for c in range(growth.n) if region[r][c] == owner]:
        for square in growth.near[here]:
            donor = region[square[0]][square[1]]
            if donor == owner or size[donor] <= _shapes.SMALL or square[1] == truth[square[0]]:
                continue
            if (square, owner) not in moves and _connected_without(region, square):
                moves.append((square, owner))
    if not moves:
        return False
    growth.move(*_fewest_solutions(growth, moves))
    return True


def _fewest_solutions(growth: _Growth, moves: list[tuple[Square, int]]) -> tuple[list[Square], int]:
    """Of the moves (a cell into a region), the one leaving the fewest solutions (counted
    to ``COUNT_LIMIT``, a count past ``COUNT_BUDGET`` as more than any counted)."""
    region = growth.region
    best: tuple[int, int] | None = None
    for index, (square, target) in enumerate(moves[:MOVES_COUNTED]):
        before = region[square[0]][square[1]]
        region[square[0]][square[1]] = target
        try:
            total = _kernel_count(region, COUNT_LIMIT, COUNT_BUDGET)[0]
        except kernel.OverBudget:
            total = COUNT_LIMIT + 1
        region[square[0]][square[1]] = before
        if best is None or total < best[0]:
            best = (total, index)
    square, target = moves[0 if best is None else best[1]]
    return [square], target


def unique_grid(
    n: int, rng: random.Random, skew: float = 2.0, bars: int = 0, look: str = "even"
) -> tuple[Grid, list[int]] | None:
    """A grid with exactly one solution (and that solution), or None if the repair failed."""
    made = _unique_regions(n, rng, skew, bars, look)
    if made is None:
        return None
    growth, truth = made
    return Grid.from_regions(growth.region, NAMES), truth


def _unique_regions(
    n: int, rng: random.Random, skew: float, bars: int, look: str = "even"
) -> tuple[_Growth, list[int]] | None:
    """The regions of a grid with exactly one solution (region i holding the solution's
    queen of row i) and that solution, or None if the repair failed."""
    truth = random_solution(n, rng)
    region = [[-1] * n for _ in range(n)]
    for row, col in enumerate(truth):
        region[row][col] = row
    cap = max(2, int(LARGEST * n * n))
    growth = _Growth(n, region, rng, skew, cap=cap, bars=bars, look=look)
    _fill(growth)
    try:
        return _repaired(growth, truth)
    except kernel.OverBudget:  # a second solution too long to look for: start afresh
        return None


def _repaired(growth: _Growth, truth: list[int]) -> tuple[_Growth, list[int]] | None:
    """The grown regions repaired until the truth is their only solution (step 3 of the
    module's outline), or None if the repair failed."""
    n, region = growth.n, growth.region
    min_size = 2 if n >= 8 else 1
    if growth.shape is not None:  # the look's regions keep its smallest size once grown
        min_size = max(min_size, _shapes.SMALL - 1)
    regrown = 0
    widened = 0
    for _ in range(REPAIRS * n):
        others = _others(region, truth)
        if not others:
            if growth.shape is not None and widened < n and 2 in growth.size:
                widened += 1
                if _widen_pair(growth, truth):
                    continue
            if growth.size.count(1) <= (0 if n >= SINGLE_CELLS_FROM else 1):
                return growth, truth
            if not _widen_single(growth, truth):
                return None
            continue
        if not _kill(growth, truth, others, min_size):
            if regrown == REGROWS or not _regrow(growth, truth, others[0]):
                return None
            regrown += 1
    return None


def _graded(growth: _Growth, truth: list[int], low: int, high: int) -> Grid | None:
    """The grid once its explanation (steps up to level ``high``) reaches the solution with
    a step of level ``low`` or more, eased where it stops (``_eased``) while that takes it
    further.  None when the grid ends easier than ``low`` or cannot be eased.  (An
    explanation that reaches a solution proves the solution the only one.)"""
    grid = Grid.from_regions(growth.region, NAMES)
    explanation = explain(grid, hardest=high)
    while explanation.solution is None:
        eased = _eased(growth, truth, grid, explanation, high)
        if eased is None:
            return None
        grid, explanation = eased
    return grid if explanation.level >= low else None


def _eased(
    growth: _Growth, truth: list[int], grid: Grid, explanation: Explanation, high: int
) -> tuple[Grid, Explanation] | None:
    """Where the explanation stops, an open region's cells left confined to the row or
    column of its queen in the solution (a step of level 2 there): its other cells left
    move to touching regions (``_confine``).  The first of the ``EASE_TRIES`` regions
    needing the fewest moves whose grid's explanation then gets further (fewer cells left
    where it stops, or the solution): that grid and its explanation.  None if none does."""
    state = _stopped_at(grid, explanation)
    left = sum(mask.bit_count() for mask in state.cand)
    region = growth.region
    done = {region[row][col] for row, col in enumerate(state.queen) if col >= 0}
    options = []
    for kind, _, cells in state.open_units():
        if kind != "region" or len(cells) < 2:
            continue
        owner = region[cells[0][0]][cells[0][1]]
        queen = (owner, truth[owner])
        for axis in (0, 1):
            off = [s for s in cells if s[axis] != queen[axis]]
            if off:
                options.append((len(off), growth.rng.random(), owner, off, queen))
    options.sort()
    for *_, owner, off, queen in options[:EASE_TRIES]:
        moved = _confine(growth, owner, off, queen, done)
        if moved is None:
            continue
        eased = Grid.from_regions(region, NAMES)
        now = explain(eased, hardest=high)
        if now.solution is not None or _cells_left(eased, now) < left:
            return eased, now
        for square in moved:
            growth.move([square], owner)
    return None


def _stopped_at(grid: Grid, explanation: Explanation) -> State:
    """The state where ``explanation`` stops."""
    state = State.start(grid)
    for step in explanation.steps:
        apply(state, step)
    return state


def _cells_left(grid: Grid, explanation: Explanation) -> int:
    """The cells still open where ``explanation`` stops (a row with its queen has none)."""
    return sum(mask.bit_count() for mask in _stopped_at(grid, explanation).cand)


def _confine(
    growth: _Growth, owner: int, off: list[Square], queen: Square, done: set[int]
) -> list[Square] | None:
    """Move the cells ``off`` of region ``owner`` to touching regions, the farthest from
    ``queen`` first, each to a region with its queen where the explanation stops (``done``:
    the cell then goes with that queen), else to the smallest.  The cells moved, or None
    (nothing moved) if one cannot move (the region would split or shrink below two cells,
    or no touching region is below the cap)."""
    region, size = growth.region, growth.size
    if size[owner] - len(off) < 2:
        return None
    moved: list[Square] = []
    for square in sorted(off, key=lambda s: -abs(s[0] - queen[0]) - abs(s[1] - queen[1])):
        targets = [g for g in growth.options(square) - {owner} if growth.room(g)]
        if not targets or not _connected_without(region, square):
            for back in moved:
                growth.move([back], owner)
            return None
        growth.move([square], min(targets, key=lambda g: (g not in done, size[g], g)))
        moved.append(square)
    return moved


def _fill(growth: _Growth) -> None:
    """Grow the regions keeping the truth the only solution, then give each cell left
    (each region it touches would let a second solution through it) to the region letting
    in the fewest solutions; the repairs' cap on sizes from then on."""
    growth.cap = max(2, int(LARGEST * growth.n**2))
    left = _grow_unique(growth)
    while left:  # each round takes the cells touching a region (all, in the end)
        for square in [s for s in left if growth.options(s)]:
            owners = sorted(growth.options(square), key=lambda g: (growth.size[g], g))
            (_,), owner = _fewest_solutions(growth, [(square, g) for g in owners])
            growth.take(square, owner)
            left.remove(square)
    growth.cap = max(2, int(LARGEST_REPAIRED * growth.n**2))


def _regrow(growth: _Growth, truth: list[int], other: list[int]) -> bool:
    """When no move repairs the grid: free the cells at and around the queens of ``other``
    off the truth (those whose regions stay connected), and grow them again as at first.
    Again around the next other solution while there is one (``REGROWS`` rounds at most);
    False if the grid with those cells free still has another solution."""
    region, n = growth.region, growth.n
    for _ in range(REGROWS):
        for row in range(n):
            if other[row] == truth[row]:
                continue
            square = (row, other[row])
            for r, c in [square, *growth.near[square]]:
                owner = region[r][c]
                if owner < 0 or c == truth[r] or growth.size[owner] < 2:
                    continue
                if _connected_without(region, (r, c)):
                    growth.release((r, c))
        others = _others(region, truth)
        if not others:
            break
        other = others[0]
    else:
        return False
    growth.undone.clear()
    _fill(growth)
    return True


# ---- K stars -------------------------------------------------------------------------


def _graded_stars(
    n: int,
    stars: int,
    seed: int,
    difficulty: str | None,
    seconds: float | None,
    stop: kernel.StopFlag | None,
) -> Grid:
    """The first of the grids of seeds ``seed + attempt * 2**64`` whose explanation has
    ``difficulty`` (None: the first grid).  With ``seconds``, a ``GenerateError`` once they
    have passed: the searches stop then as at a Ctrl-C (a ``TimedStop`` over ``stop``).
    What no flag reaches runs to its end first: a call to CaDiCaL from 4 stars (under a
    second of CPU at 22 x 22 with 5 stars, 0.85 s the longest measured at 24 x 24 with 6
    stars, up to 3.1 s at 25 x 25 with 6: the placement's); a difficulty's grading
    (``explain.grade``) stops at the flag too."""
    what = f"{difficulty or ''} {n} x {n} {stars}-star grid".lstrip()
    if seconds is None:
        return _stars_of(n, stars, seed, difficulty, stop, what)
    with kernel.TimedStop(seconds, stop) as timed:
        try:
            return _stars_of(n, stars, seed, difficulty, timed, what)
        except kernel.Stopped:
            if timed.timed_out():
                raise GenerateError(f"no {what} found within {seconds:g} s") from None
            raise


def _stars_of(
    n: int, stars: int, seed: int, difficulty: str | None, stop: kernel.StopFlag | None, what: str
) -> Grid:
    if difficulty is None:
        return _unique_stars(n, stars, seed, stop)

    small = STARS_KEPT_SMALL.get(difficulty, 0.0) if stars not in PLANTED_UP_TO else 0.0

    def attempt(number: int) -> Grid | None:
        grid = _unique_stars(n, stars, seed + number * 2**64, stop, int(small * n))
        if difficulty == "easy" and stars not in PLANTED_UP_TO:
            grid = _eased_stars(grid, stars, random.Random(seed + number * 2**64), stop)
        return grid if _graded_as(grid, stars, difficulty, stop) else None

    return _attempts(attempt, _graded_attempts(n), None, stop, what, seed)


def _graded_attempts(n: int) -> int:
    """The K-star grids of ``n`` x ``n`` tried for a difficulty before giving up.

    >>> _graded_attempts(8), _graded_attempts(14), _graded_attempts(20)
    (200, 65, 40)
    """
    return max(GRADED_ATTEMPTS, GRADED_CELLS // (n * n))


STARS_EASE_ROUNDS = 8
"""Regions an easy 2- or 3-star grid may have trimmed around its stars where the easy
steps stop (``_eased_stars``): with ``STARS_KEPT_SMALL``, easy 12 x 12 2-star grids take
1 to 3 attempts (seeds 0 to 9) where they took up to 40 and more (3 of 5 not made in 40)."""


def _eased_stars(
    grid: Grid, stars: int, rng: random.Random, stop: kernel.StopFlag | None = None
) -> Grid:
    """Where the easy steps stop, an open region's open cells other than its stars in the
    solution move to touching regions, as many as can (``_move_out``), so that the region
    has few ways left there; the grid is kept when the search still finds the one solution
    and the easy steps then get further, the region left with the fewest open cells first
    (of ``EASE_TRIES``).  Up to ``STARS_EASE_ROUNDS`` rounds, or until the easy steps reach
    the solution: that grid (the one given when no region helps).  The grading after it
    proves the grid unique again: its steps, each sound, reach the solution."""
    levels = range(1, LEVELS["split"] + 1)
    easy = max(level for level in levels if difficulty_name(level, stars) == "easy")
    truth = solve_stars(grid, stars, stop).rows
    if truth is None:
        return grid
    for _ in range(STARS_EASE_ROUNDS):
        state = _stars_stopped_at(grid, stars, truth, easy, stop)
        if state.solved:
            return grid
        for cells in _ease_options(grid, truth, state, rng)[:EASE_TRIES]:
            eased = Grid.from_regions([cells[r * grid.n : (r + 1) * grid.n] for r in range(grid.n)])
            verdict = solve_stars(eased, stars, stop)
            if not verdict.unique or verdict.rows != truth:
                continue
            later = _stars_stopped_at(eased, stars, truth, easy, stop)
            if later.solved or later.cand.bit_count() < state.cand.bit_count():
                grid = eased
                break
        else:
            return grid
    return grid


def _stars_stopped_at(
    grid: Grid, stars: int, truth: Rows, hardest: int, stop: kernel.StopFlag | None
) -> StarState:
    """The K-star state where the steps up to level ``hardest`` stop."""
    state = StarState.start(Units(grid), stars)
    know_solution(state, truth)
    while not state.solved and next_step(state, hardest, stop) is not None:
        pass
    return state


def _ease_options(grid: Grid, truth: Rows, state: StarState, rng: random.Random) -> list[list[int]]:
    """For each open region of ``state``: the grid's cells (a region per cell) with as many
    of the region's open cells off ``truth`` as can moved to touching regions (``_move_out``);
    those leaving the region the fewest open cells first (ties at random)."""
    n = grid.n
    on_truth = {r * n + c for r, columns in enumerate(truth) for c in columns}
    options = []
    for region in range(n):
        unit = 2 * n + region
        if not state.need(unit):
            continue
        free = list(bit_indexes(state.free(unit)))
        cells = list(grid.cells)
        moved = _move_out(n, cells, [i for i in free if i not in on_truth])
        if moved:
            options.append((len(free) - moved, rng.random(), cells))
    options.sort(key=lambda option: option[:2])
    return [cells for *_, cells in options]


def _move_out(n: int, cells: list[int], off: list[int]) -> int:
    """Move cells of ``off`` (of one region) each to a touching region while theirs stays
    connected, until none can move (a cell inside the region can once a neighbour has
    moved); how many moved (``cells`` changed in place)."""
    todo = off.copy()
    moved = 0
    while True:
        for index in todo:
            others = [cells[o] for o in _neighbours(n, index) if cells[o] != cells[index]]
            if others and _stays_connected(n, cells, {index}):
                cells[index] = min(others)
                todo.remove(index)
                moved += 1
                break
        else:
            return moved


def _graded_as(
    grid: Grid, stars: int, difficulty: str, stop: kernel.StopFlag | None = None
) -> bool:
    """``grade(grid, stars) == difficulty``, the explanation stopped at its first step
    harder than ``difficulty`` (a grid is turned down without its harder steps found: at
    14 x 14 with 3 stars, seeds 0 to 3, 0.1 to 0.3 s of CPU for easy instead of the 0.9 to
    13.4 s of the whole explanation, all four expert)."""
    hardest = max(
        level
        for level in range(1, LEVELS["split"] + 1)
        if difficulty_name(level, stars) == difficulty
    )
    try:
        explanation = explain(grid, stars, hardest, stop=stop)
    except (Stuck, NotUnique):
        return False
    return explanation.rows is not None and explanation.difficulty == difficulty


def _unique_stars(
    n: int, stars: int, seed: int, stop: kernel.StopFlag | None, small: int = 0
) -> Grid:
    """A grid with one solution of ``stars`` a row, column and region, checked by two
    engines (steps 1 to 5 of the module's outline; from 4 stars ``queens.puzzle._planted``);
    ``small`` of its regions (2 and 3 stars) grow only into holes no other region takes."""
    if stars in PLANTED_UP_TO:
        made = _planted.unique(n, stars, seed, grow_star_regions, stop)
        if made is None:
            raise GenerateError(f"no {n} x {n} {stars}-star grid found with seed {seed}")
        return made
    rng = random.Random(seed)

    def attempt(_: int) -> Grid | None:
        placement = random_placement(n, stars, rng, stop)
        cells = _star_made(n, stars, placement, rng, stop, small)
        if cells is None:
            return None
        grid = Grid.from_regions([cells[r * n : (r + 1) * n] for r in range(n)])
        one = count(grid, stars, limit=2, stop=stop) == 1
        if one and unique_by_rows(grid, stars, stop) is not False:
            return grid
        return None

    return _attempts(attempt, STAR_ATTEMPTS, None, stop, f"{n} x {n} {stars}-star grid", seed)


def random_placement(
    n: int, stars: int, rng: random.Random, stop: counting_kernel.StopFlag | None = None
) -> Rows:
    """k stars in each row and column, none touching, at random: a row-by-row search
    that fills the columns most in need first and starts afresh after
    ``PLACEMENT_NODES * n`` rows tried (random restarts end the long tails that one
    search has).  Stops (``Stopped``) when ``stop`` is set; a ``GenerateError`` when a
    try ends within its budget with none (there is none)."""
    while True:
        counting_kernel.check_stop(stop)
        found = _placement_try(n, stars, rng)
        if found is None:
            raise GenerateError(f"no placement of {stars} stars on a {n} x {n} grid")
        if found:
            return found


def _placement_try(n: int, stars: int, rng: random.Random) -> Rows | None:
    """One try of ``random_placement``: a placement, () when the budget ran out, None when
    the search ended within it (no placement at all)."""
    held = [0] * n
    chosen: list[tuple[int, ...]] = []
    budget = [PLACEMENT_NODES * n]

    def feasible(row: int, mask: int) -> bool:
        """Every column can still get its stars in the rows below (no two in
        neighbouring rows), and those that must take the next row do not touch."""
        left = n - 1 - row
        forced = 0
        for c in range(n):
            need = stars - held[c]
            if need and 2 * need - 1 + (mask >> c & 1) > left:
                return False
            if need and 2 * need - 1 == left:
                forced |= 1 << c
        return forced.bit_count() <= stars and not forced & forced << 1

    def options(row: int, above: int) -> Iterator[tuple[tuple[int, ...], int]]:
        """Row ``row``'s choices, the columns most in need first (ties at random)."""
        blocked = above | above << 1 | above >> 1
        left = n - row
        open_columns = [c for c in range(n) if not blocked >> c & 1 and held[c] < stars]
        open_columns.sort(key=lambda c: left - 2 * (stars - held[c]) + 2 * rng.random())

        def pick(
            start: int, taken: tuple[int, ...], used: int
        ) -> Iterator[tuple[tuple[int, ...], int]]:
            if len(taken) == stars:
                yield tuple(sorted(taken)), used
                return
            for i in range(start, len(open_columns)):
                c = open_columns[i]
                if not (used | used << 1 | used >> 1) >> c & 1:
                    yield from pick(i + 1, (*taken, c), used | 1 << c)

        return pick(0, (), 0)

    def place(row: int, above: int) -> bool:
        if row == n:
            return True
        for option, mask in options(row, above):
            budget[0] -= 1
            if budget[0] < 0:
                return False
            for c in option:
                held[c] += 1
            if feasible(row, mask):
                chosen.append(option)
                if place(row + 1, mask):
                    return True
                chosen.pop()
            for c in option:
                held[c] -= 1
        return False

    if place(0, 0):
        return tuple(chosen)
    return () if budget[0] < 0 else None


def _group_stars(seeds: list[int], n: int, stars: int, rng: random.Random) -> list[list[int]]:
    """The placement's stars k at a time, each star with its nearest free ones."""
    left = seeds.copy()
    rng.shuffle(left)
    groups = []
    while left:
        first = left.pop()
        r, c = divmod(first, n)
        left.sort(key=lambda s: -(abs(s // n - r) + abs(s % n - c)) - rng.random())
        groups.append([first] + [left.pop() for _ in range(stars - 1)])
    return groups


def _path(n: int, owner: list[int], start: int, goal: int, group: int) -> list[int] | None:
    """A shortest path of unowned cells (or the group's own) from start to goal, or None."""
    came = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            path = []
            while here != start:
                path.append(here)
                here = came[here]
            return path
        for other in _neighbours(n, here):
            if other not in came and owner[other] in (-1, group):
                came[other] = here
                queue.append(other)
    return None


def grow_star_regions(n: int, stars: int, placement: Rows, rng: random.Random) -> list[int] | None:
    """A region per cell, each region connected and holding ``stars`` of the placement;
    None when a region's stars could not be joined by a path of free cells."""
    owner = cores(n, stars, placement, rng)
    if owner is None:
        return None
    frontier = [cell for cell in range(n * n) if owner[cell] != HOLE]
    while frontier:
        cell = frontier.pop(rng.randrange(len(frontier)))
        for other in _neighbours(n, cell):
            if owner[other] == HOLE:
                owner[other] = owner[cell]
                frontier.append(other)
    return owner


HOLE = 255
"""A cell no region has taken yet (``queens.engines.counting.kernel.STARS_HOLE``)."""


def cores(n: int, stars: int, placement: Rows, rng: random.Random) -> list[int] | None:
    """The regions' cores: the placement's stars k at a time, joined by shortest paths;
    every other cell a ``HOLE``.  None when a group's stars could not be joined."""
    seeds = [r * n + c for r, columns in enumerate(placement) for c in columns]
    owner = [-1] * (n * n)
    groups = _group_stars(seeds, n, stars, rng)
    for label, members in enumerate(groups):
        for cell in members:
            owner[cell] = label
    for label, members in enumerate(groups):
        for cell in members[1:]:
            path = _path(n, owner, members[0], cell, label)
            if path is None:
                return None
            for step in path:
                owner[step] = label
    return [HOLE if label < 0 else label for label in owner]


def _star_search(
    n: int,
    stars: int,
    cells: list[int],
    limit: int,
    stop: counting_kernel.StopFlag | None,
    star: int = -1,
) -> tuple[int, Rows | None, Rows | None]:
    """The solutions of the grid being made (holes hold no star) up to ``limit``, those
    with a star on ``star`` only unless it is -1, with the first and last found: the
    kernel's propagating search, else ``queens.puzzle.solve``'s.  Raises
    ``OverBudget`` when the kernel's search runs past ``SEARCH_NODES``."""
    if counting_kernel.compiled() and n <= counting_kernel.STARS_SEARCH_MAX_N:
        searched = counting_kernel.search_stars(
            n, stars, bytes(cells), limit, stop, star, SEARCH_NODES
        )
        if searched is not None:
            total, first, last = searched[0]
            if first is None or last is None:
                return total, None, None
            return total, rows_of_masks(first), rows_of_masks(last)
    counting_kernel.check_stop(stop)
    return search_holes(n, stars, cells, limit, star, HOLE)


class _Maker:
    """One attempt: the grid being made (``cells``, a region or ``HOLE`` a cell) around a
    placement that stays its one solution as it grows, and the work spent (``searches``,
    capped by ``SEARCHES``)."""

    def __init__(
        self,
        n: int,
        stars: int,
        cells: list[int],
        placement: Rows,
        rng: random.Random,
        stop: counting_kernel.StopFlag | None,
    ) -> None:
        self.n = n
        self.stars = stars
        self.cells = cells
        self.rng = rng
        self.stop = stop
        self.truth = placement
        self.star_cells = {r * n + c for r, columns in enumerate(placement) for c in columns}
        self.searches = 0
        self.made: set[tuple[int, int]] = set()
        self.witness: dict[tuple[int, int], Rows] = {}
        self.kept_small: frozenset[int] = frozenset()
        """Regions a hole joins only when no other region can (``STARS_KEPT_SMALL``)."""

    def search(self, limit: int, star: int = -1) -> tuple[int, Rows | None, Rows | None]:
        self.searches += 1
        if self.searches > SEARCHES:
            raise _OutOfWork
        return _star_search(self.n, self.stars, self.cells, limit, self.stop, star)

    def through(self, cell: int, region: int, limit: int = 1) -> int:
        """The solutions with a star on ``cell`` once it is in ``region`` (up to ``limit``):
        the solutions that joining (or moving) it lets in, all of them; ``limit + 1`` (more
        than any count) when the search runs past its budget."""
        before = self.cells[cell]
        self.cells[cell] = region
        try:
            total, first, _ = self.search(limit, cell)
        except counting_kernel.OverBudget:
            return limit + 1
        finally:
            self.cells[cell] = before
        if first is not None:
            self.witness[cell, region] = first
        return total

    def blocked(self, cell: int, region: int) -> bool:
        """Whether a solution found before with a star on ``cell`` (joining ``region``)
        still is one: then joining still lets it in, and no search need say so (growth
        asks again about every stuck hole after each forced join)."""
        found = self.witness.get((cell, region))
        if found is None:
            return False
        held = [0] * self.n
        for r, columns in enumerate(found):
            for c in columns:
                index = r * self.n + c
                owner = region if index == cell else self.cells[index]
                if owner == HOLE:
                    return False
                held[owner] += 1
        return all(count == self.stars for count in held)

    def grow(self) -> list[int]:
        """Holes join neighbouring regions while that lets no solution in; the holes left."""
        n, cells = self.n, self.cells
        holes = [cell for cell in range(n * n) if cells[cell] == HOLE]
        while holes:
            self.rng.shuffle(holes)
            left = []
            for cell in holes:
                regions = sorted({cells[o] for o in _neighbours(n, cell)} - {HOLE})
                self.rng.shuffle(regions)
                regions.sort(key=self.kept_small.__contains__)  # stable: the rest shuffled
                for region in regions:
                    if not self.blocked(cell, region) and self.through(cell, region) == 0:
                        cells[cell] = region
                        break
                else:
                    left.append(cell)
            if len(left) == len(holes):
                return left
            holes = left
        return []

    def force(self, holes: list[int]) -> None:
        """One stuck hole joins the neighbouring region letting in the fewest solutions."""
        n, cells = self.n, self.cells
        options = [
            (cell, region)
            for cell in holes
            for region in sorted({cells[o] for o in _neighbours(n, cell)} - {HOLE})
        ]
        self.rng.shuffle(options)
        cell, region = min(options[:FORCE_TRIES], key=lambda o: self.through(o[0], o[1], FORCE_CAP))
        cells[cell] = region

    def repair(self) -> bool:
        """While a second solution exists, one of its stars off the placement moves to a
        neighbouring region (which kills it): a move letting no solution in if there is
        one, else the one letting in the fewest (of ``FORCE_TRIES``), never one made
        before; when none can move, a cell next to one of them (in its region) moves
        first, to expose it.  Whether one solution was left (False too when the search
        runs past its budget)."""
        n, cells = self.n, self.cells
        while True:
            try:
                total, first, last = self.search(2)
            except counting_kernel.OverBudget:
                return False
            if total == 1:
                return True
            other = first if first != self.truth else last
            if total == 0 or other is None:
                return False
            off = [
                cell
                for r, columns in enumerate(other)
                for c in columns
                if (cell := r * n + c) not in self.star_cells
            ]
            moves = self._moves(off)
            if not moves:
                # its stars lie inside their regions: a neighbour leaves first, to expose one
                shown = set(off)
                moves = self._moves(
                    [
                        o
                        for cell in off
                        for o in _neighbours(n, cell)
                        if cells[o] == cells[cell] and o not in self.star_cells | shown
                    ]
                )
            if not moves:
                return False
            self.rng.shuffle(moves)
            weighed = [(self.through(c, g, FORCE_CAP), (c, g)) for c, g in moves[:FORCE_TRIES]]
            cell, region = min(weighed, key=lambda w: w[0])[1]
            self.made.add((cell, cells[cell]))
            cells[cell] = region

    def _moves(self, movable: list[int]) -> list[tuple[int, int]]:
        """Each cell of ``movable`` into each neighbouring region, except moves made before
        and those that would cut its region in two."""
        n, cells = self.n, self.cells
        moves = [
            (cell, region)
            for cell in dict.fromkeys(movable)
            for region in sorted({cells[o] for o in _neighbours(n, cell)} - {HOLE, cells[cell]})
            if (cell, region) not in self.made
        ]
        return [m for m in moves if _stays_connected(n, cells, {m[0]})]

    def make(self) -> bool:
        """Grow, force and repair until no hole is left; whether the grid is unique."""
        if not self.repair():
            return False
        while True:
            stuck = self.grow()
            if not stuck:
                return True
            self.force(stuck)
            if not self.repair():
                return False


class _OutOfWork(Exception):
    """An attempt spent its ``SEARCHES``: the next one starts."""


def _star_made(
    n: int,
    stars: int,
    placement: Rows,
    rng: random.Random,
    stop: counting_kernel.StopFlag | None,
    small: int = 0,
) -> list[int] | None:
    """A grid with the placement its one solution (steps 2 to 4), or None; ``small``
    regions, drawn at random, grow last (``_Maker.kept_small``)."""
    for _ in range(CORE_TRIES):
        cells = cores(n, stars, placement, rng)
        if cells is not None and _unique_so_far(n, stars, cells, stop):
            break
    else:
        return None
    maker = _Maker(n, stars, cells, placement, rng, stop)
    if small:
        maker.kept_small = frozenset(rng.sample(range(n), small))
    try:
        return cells if maker.make() else None
    except _OutOfWork:
        return None


def _unique_so_far(
    n: int, stars: int, cells: list[int], stop: counting_kernel.StopFlag | None
) -> bool:
    """Whether the grid being made has one solution (False past the search's budget)."""
    try:
        return _star_search(n, stars, cells, 2, stop)[0] == 1
    except counting_kernel.OverBudget:
        return False


__all__ = [
    "LOOKS",
    "MAX_N",
    "MIN_N",
    "SIZES",
    "STARS_MIN_N",
    "GenerateError",
    "GenerateTooLong",
    "check_planted",
    "difficulty_name",
    "drawn_difficulty",
    "generate",
]
