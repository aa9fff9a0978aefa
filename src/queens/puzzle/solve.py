"""Solving the star puzzles: every solution, uniqueness and counting, for 1 to 6 stars.

The rule: k stars in every row, every column and every region, no two touching
(king-adjacent, diagonals included).  With one star it is the region ("Queens")
puzzle, whose stars are called queens; puzzle books and championships play 2 stars on
10 x 10 grids, 3 on 14 x 14 and more (Star Battle).  The grid text is the same for every
k (one letter a cell naming its region).  A solution is ``rows[r]``, the sorted columns
of row r's stars (0-based); with one star also the column of each row's queen.

>>> from queens.puzzle.grid import parse_grid
>>> grid = parse_grid("AABB\\nAABB\\nCCDD\\nCCDD")
>>> [list(s) for s in solutions(grid)]
[[1, 3, 0, 2], [2, 0, 3, 1]]
>>> count(parse_grid("AAAB\\nCAAB\\nCCDD\\nCCDD"))
1
>>> grid = parse_grid('''
... AAABBCCC
... AABBCCCC
... AAABBCCD
... EABBBDDD
... EEFFGHDD
... EFFFGHHH
... EFFGGHHH
... EFFFGHHH
... '''.strip())
>>> verdict = solve(grid, stars=2)
>>> verdict.rows, verdict.unique
(((1, 3), (5, 7), (1, 3), (5, 7), (0, 2), (4, 6), (0, 2), (4, 6)), True)
>>> count(grid, stars=2)
1

Limits, checked before any work: k from 1 to ``MAX_STARS``, and for k > 1 grids up to
``MAX_STARS_N`` rows.  A grid that cannot hold k stars a row (a 2 x 2 block holds at
most one star, so an n x n grid holds at most ceil(n/2)^2; 2 stars need n >= 7) or with a
region that cannot (``impossible``) simply has no solution.

Engines, each answer checked by the independent validator (``problem``) where it is
not the engine's own search:

- one star: this package's propagating search (``queens.puzzle._search``) finds
  solutions; the compiled kernel's row-by-row counter (``count_regions``) counts.
- k stars: the compiled kernel's propagating search (``search_stars``, in
  ``src/kernel/stars_search.c``) counts and finds the first solution; past
  ``KERNEL_NODES`` nodes (a search that stalls, as some 4- to 6-star grids make it) it
  hands over to CaDiCaL (``queens.puzzle._sat``, the ``sat`` extra) when installed.  The
  kernel's row-by-row counter (``count_rows``, ``src/kernel/stars.c``) is the second
  engine; without the kernel, CaDiCaL solves when installed and this package's
  propagating search for k stars (``queens.puzzle._star_search``) does the rest.

Whole counts are estimated first (``estimated_seconds``) and refused past an hour unless
forced (``CountTooLong``); a ``stop`` flag or Ctrl-C ends them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Literal, TypeVar, overload

from queens.engines.counting import kernel
from queens.puzzle import _sat

# (re-exported: the explainers, the makers and the tests search with these)
from queens.puzzle._search import Contradiction as Contradiction
from queens.puzzle._search import Square as Square
from queens.puzzle._search import State as State
from queens.puzzle._search import bits as bits
from queens.puzzle._search import given_state as given_state
from queens.puzzle._search import propagate as propagate
from queens.puzzle._search import search as search
from queens.puzzle._star_search import Rows as Rows
from queens.puzzle._star_search import StarState as StarState
from queens.puzzle._star_search import Units as Units
from queens.puzzle._star_search import bit_indexes as bit_indexes
from queens.puzzle._star_search import capacity, star_probe, transpose
from queens.puzzle._star_search import columns_of as columns_of
from queens.puzzle._star_search import rows_of_masks as rows_of_masks
from queens.puzzle._star_search import search_holes as search_holes
from queens.puzzle._star_search import spread as spread
from queens.puzzle._star_search import star_search as star_search
from queens.puzzle.grid import Grid

if TYPE_CHECKING:
    from queens.engines.counting.kernel import StopFlag

T = TypeVar("T")

MAX_STARS = 6
"""The most stars a row, column and region (as StarBattleLab and puzzle books go)."""

MAX_STARS_N = 25
"""The largest grid with more than one star a row."""


# ---- limits and checks --------------------------------------------------------------


class StarsError(ValueError):
    """A request outside the documented limits (stars, grid size).

    >>> from queens.puzzle.grid import parse_grid
    >>> try:
    ...     count(parse_grid("AB\\nBA"), stars=7)
    ... except StarsError as error:
    ...     print(error)
    stars must be 1 to 6, got 7
    """


def check_limits(grid: Grid, stars: int) -> None:
    """Raise ``StarsError`` (one line) unless ``stars`` and the grid are within limits.

    >>> from queens.puzzle.grid import parse_grid
    >>> check_limits(parse_grid("A"), 7)
    Traceback (most recent call last):
    ...
    queens.puzzle.solve.StarsError: stars must be 1 to 6, got 7
    """
    if not 1 <= stars <= MAX_STARS:
        raise StarsError(f"stars must be 1 to {MAX_STARS}, got {stars}")
    if stars > 1 and grid.n > MAX_STARS_N:
        raise StarsError(
            f"a {grid.n} x {grid.n} grid: grids with {stars} stars are limited to "
            f"n <= {MAX_STARS_N}"
        )


def impossible(grid: Grid, stars: int) -> str | None:
    """Why no placement of ``stars`` a row can exist, whatever the regions' shapes
    (too small a grid, a region too small for its stars), or None when it may.

    >>> from queens.puzzle.grid import parse_grid
    >>> impossible(parse_grid("AABB\\nAABB\\nCCDD\\nCCDD"), 2)
    'a 4 x 4 grid holds at most 4 stars with none touching (a 2 x 2 block holds one), 8 needed'
    """
    n = grid.n
    most = ((n + 1) // 2) ** 2
    if most < n * stars:
        return (
            f"a {n} x {n} grid holds at most {most} stars with none touching "
            f"(a 2 x 2 block holds one), {n * stars} needed"
        )
    for region, masks in enumerate(grid.region_masks):
        room = min(capacity(masks), capacity(transpose(masks, n)))
        if room < stars:
            return (
                f"region {grid.names[region]} holds at most {room} "
                f"star{'s' if room != 1 else ''} with none touching, {stars} needed"
            )
    return None


def problem(
    grid: Grid, solution: Sequence[int] | Sequence[Sequence[int]], stars: int = 1
) -> str | None:
    """Why ``solution`` is not a solution with ``stars`` a row (1-based, for people), or
    None.  With one star ``solution`` may be the column of each row's queen.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD")
    >>> problem(grid, [1, 3, 0, 2]), problem(grid, [1, 3, 2, 0])
    (None, 'rows 2 and 3: the queens touch')
    >>> problem(grid, [[1], [3], [0, 2], []], stars=1)
    'row 3: 2 stars, 1 needed'
    """
    columns = [col for col in solution if isinstance(col, int)]
    if stars == 1 and len(columns) == len(solution):
        return _queens_problem(grid, columns)
    rows = [[col] if isinstance(col, int) else list(col) for col in solution]
    return _stars_problem(grid, stars, rows)


def _queens_problem(grid: Grid, columns: Sequence[int]) -> str | None:
    n = grid.n
    if len(columns) != n:
        return f"{len(columns)} queens for {n} rows"
    for row, col in enumerate(columns):
        if not 0 <= col < n:
            return f"row {row + 1}: column {col + 1} is off the grid"
    for first in range(n):
        for second in range(first + 1, n):
            a, b = columns[first], columns[second]
            if a == b:
                return f"rows {first + 1} and {second + 1}: two queens in column {a + 1}"
            if grid.region(first, a) == grid.region(second, b):
                name = grid.name(first, a)
                return f"rows {first + 1} and {second + 1}: two queens in region {name}"
            if second == first + 1 and abs(a - b) == 1:
                return f"rows {first + 1} and {second + 1}: the queens touch"
    return None


def _stars_problem(grid: Grid, stars: int, rows: Sequence[Sequence[int]]) -> str | None:
    n = grid.n
    if len(rows) != n:
        return f"{len(rows)} rows of stars for {n} rows"
    cells = []
    for row, columns in enumerate(rows):
        if len(set(columns)) != stars:
            return f"row {row + 1}: {len(set(columns))} stars, {stars} needed"
        for col in columns:
            if not 0 <= col < n:
                return f"row {row + 1}: column {col + 1} is off the grid"
            cells.append((row, col))
    for col in range(n):
        held = sum(1 for r, c in cells if c == col)
        if held != stars:
            return f"column {col + 1}: {held} stars, {stars} needed"
    for region, name in enumerate(grid.names):
        held = sum(1 for r, c in cells if grid.region(r, c) == region)
        if held != stars:
            return f"region {name}: {held} stars, {stars} needed"
    for i, (r1, c1) in enumerate(cells):
        for r2, c2 in cells[i + 1 :]:
            if max(abs(r1 - r2), abs(c1 - c2)) <= 1:
                return (
                    f"the stars at row {r1 + 1}, column {c1 + 1} and "
                    f"row {r2 + 1}, column {c2 + 1} touch"
                )
    return None


class Unchecked(RuntimeError):
    """An engine's answer that the independent validator rejects (a bug, never an
    answer): one line naming the engine and why."""


def _checked(grid: Grid, stars: int, rows: Rows, engine: str) -> Rows:
    why = _stars_problem(grid, stars, rows)
    if why is not None:
        raise Unchecked(f"{engine} answered a placement that is no solution: {why}")
    return rows


def board(grid: Grid, rows: Sequence[Sequence[int]]) -> str:
    """The grid with a star (``*``) in each solution cell, cells separated by spaces.

    >>> from queens.puzzle.grid import parse_grid
    >>> print(board(parse_grid("AB\\nBA"), [[0], [1]]))
    * B
    B *
    """
    lines = []
    for row, text in enumerate(grid.rows()):
        cells = list(text)
        for col in rows[row]:
            cells[col] = "*"
        lines.append(" ".join(cells))
    return "\n".join(lines)


# ---- solve ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """A solution (``rows``, or None) and whether it is the only one.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
    >>> verdict = solve(grid)
    >>> verdict.rows, verdict.solution, verdict.unique
    (((0,), (2,), (4,), (1,), (3,)), (0, 2, 4, 1, 3), True)
    """

    rows: Rows | None
    unique: bool

    @property
    def solution(self) -> tuple[int, ...] | None:
        """With one star a row: the column of each row's queen (None without a solution).

        >>> Verdict(((1, 3), (0, 2)), unique=True).solution
        Traceback (most recent call last):
        ...
        ValueError: a solution with 2 stars a row has no single column a row (see rows)
        """
        if self.rows is None:
            return None
        if any(len(columns) != 1 for columns in self.rows):
            stars = max(len(columns) for columns in self.rows)
            raise ValueError(
                f"a solution with {stars} stars a row has no single column a row (see rows)"
            )
        return tuple(columns[0] for columns in self.rows)


StarVerdict = Verdict
"""The name of ``Verdict`` in the former ``queens.puzzle.stars``."""


class _Problem:
    """A grid and a number of stars, checked against the limits."""

    def __init__(self, grid: Grid, stars: int) -> None:
        check_limits(grid, stars)
        self.grid = grid
        self.stars = stars

    @cached_property
    def hopeless(self) -> bool:
        return impossible(self.grid, self.stars) is not None

    def kernel(
        self, limit: int, stop: StopFlag | None = None
    ) -> tuple[int, Rows | None, Rows | None] | None:
        """(count up to limit, first solution, last solution found) by the compiled kernel's
        propagating search, or None without it."""
        found = kernel.count_stars(self.grid.n, self.stars, bytes(self.grid.cells), limit, stop)
        return _found(found)

    def kernel_rows(self, limit: int) -> tuple[int, Rows | None, Rows | None] | None:
        """``kernel`` by the kernel's row-by-row counter (the second engine)."""
        found = kernel.count_stars_rows(self.grid.n, self.stars, bytes(self.grid.cells), limit)
        return _found(found)

    def budgeted(
        self, budget: int, stop: StopFlag | None = None
    ) -> tuple[int, Rows | None, Rows | None] | None:
        """``kernel(2)`` giving up (None) past ``budget`` nodes, or without the kernel."""
        try:
            searched = kernel.search_stars(
                self.grid.n, self.stars, bytes(self.grid.cells), 2, stop, budget=budget
            )
        except kernel.OverBudget:
            return None
        return None if searched is None else _found(searched[0])


def _found(
    found: tuple[int, tuple[int, ...] | None, tuple[int, ...] | None] | None,
) -> tuple[int, Rows | None, Rows | None] | None:
    if found is None:
        return None
    total, first, last = found
    if first is None or last is None:
        return total, None, None
    return total, rows_of_masks(first), rows_of_masks(last)


KERNEL_NODES = 20_000
"""Nodes the kernel's propagating search takes (a tenth of a second or so) before a
solve hands over to CaDiCaL when python-sat is installed: the grids of puzzles with up
to 3 stars are solved well within it, some planted grids of 4 to 6 stars take the search
minutes while CaDiCaL needs under a second (``benchmarks/puzzle.py --stars``).  A count
of steps, not of time, so a grid takes the same engine on every machine."""


def solve(grid: Grid, stars: int = 1, stop: StopFlag | None = None) -> Verdict:
    """The first solution and whether another exists (the search stops at the second).
    ``Stopped`` once ``stop`` is set: the kernel's searches look at it as they go, the
    searches in Python between solutions; a call to CaDiCaL (from 4 stars, under a second
    at the sizes generated) runs to its end first.

    >>> from queens.puzzle.grid import parse_grid
    >>> solve(parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD"))
    Verdict(rows=((1,), (3,), (0,), (2,)), unique=True)
    >>> solve(parse_grid("AB\\nBA"), stars=2)
    Verdict(rows=None, unique=False)
    """
    task = _Problem(grid, stars)
    if stars == 1:
        found = _stoppable(solutions(grid), stop)
        first = next(found, None)
        if first is None:
            return Verdict(None, unique=False)
        return Verdict(tuple((col,) for col in first), unique=next(found, None) is None)
    if task.hopeless:
        return Verdict(None, unique=False)
    if _sat.available():
        quick = task.budgeted(KERNEL_NODES, stop)
        if quick is not None:
            return _verdict(quick)
        kernel.check_stop(stop)
        return _sat_verdict(grid, stars)
    found_by_kernel = task.kernel(2, stop)
    if found_by_kernel is not None:
        return _verdict(found_by_kernel)
    return solve_python(grid, stars, stop)


def _stoppable(found: Iterator[T], stop: StopFlag | None) -> Iterator[T]:
    """``found``, looking at ``stop`` before the search starts and at each solution it
    yields (the searches in Python take no flag of their own)."""
    kernel.check_stop(stop)
    for item in found:
        kernel.check_stop(stop)
        yield item


def _verdict(found: tuple[int, Rows | None, Rows | None]) -> Verdict:
    total, first, _ = found
    return Verdict(first, unique=total == 1)


def _sat_verdict(grid: Grid, stars: int) -> Verdict:
    """``solve`` by CaDiCaL, each solution checked by the validator."""
    found = [_checked(grid, stars, rows, "CaDiCaL") for rows in _sat.solve(grid, stars, 2)]
    if len(found) == 2 and found[0] == found[1]:
        raise Unchecked("CaDiCaL answered the same solution twice")
    return Verdict(found[0] if found else None, unique=len(found) == 1)


def solve_python(grid: Grid, stars: int = 2, stop: StopFlag | None = None) -> Verdict:
    """``solve`` by the propagating search for k stars alone (the second engine of the
    tests and the generator)."""
    _Problem(grid, stars)
    found = star_search(StarState.start(Units(grid), stars), stop)
    first = next(found, None)
    if first is None:
        return Verdict(None, unique=False)
    return Verdict(first, unique=next(found, None) is None)


def solve_sat(grid: Grid, stars: int) -> Verdict | None:
    """``solve`` by CaDiCaL alone (None without python-sat): the engine a stalled search
    hands over to, for the tests and the benchmark."""
    task = _Problem(grid, stars)
    if not _sat.available():
        return None
    if task.hopeless:
        return Verdict(None, unique=False)
    return _sat_verdict(grid, stars)


# ---- every solution --------------------------------------------------------------------


# (one star gives columns, k stars rows: a ``stars`` typed int that is 1 at run time gives
# columns too, which the second signature cannot say; the callers with k stars pass k > 1)
def as_rows(columns: Sequence[int]) -> Rows:
    """A one-star solution (a column a row) as rows of star columns, the form of every K.

    >>> as_rows([1, 3, 0, 2])
    ((1,), (3,), (0,), (2,))
    """
    return tuple((column,) for column in columns)


def solution_rows(grid: Grid, stars: int = 1) -> Iterator[Rows]:
    """Every solution as ``rows`` (each row's star columns), for every K.

    >>> from queens.puzzle.grid import parse_grid
    >>> next(solution_rows(parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD")))
    ((1,), (3,), (0,), (2,))
    """
    if stars == 1:
        return (as_rows(columns) for columns in solutions(grid))
    return solutions(grid, stars)


@overload
def solutions(  # type: ignore[overload-overlap]
    grid: Grid,
    stars: Literal[1] = 1,
    *,
    queens: Iterable[Square] = (),
    excluded: Iterable[Square] = (),
) -> Iterator[list[int]]: ...


@overload
def solutions(
    grid: Grid,
    stars: int,
    *,
    queens: Iterable[Square] = (),
    excluded: Iterable[Square] = (),
) -> Iterator[Rows]: ...


def solutions(
    grid: Grid,
    stars: int = 1,
    *,
    queens: Iterable[Square] = (),
    excluded: Iterable[Square] = (),
) -> Iterator[list[int]] | Iterator[Rows]:
    """Every solution, each once: with one star the 0-based column of the queen in each
    row (``queens`` must be in every solution and ``excluded`` cells in none), with k
    stars ``rows`` (the propagating search).

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
    >>> list(solutions(grid))
    [[0, 2, 4, 1, 3]]
    >>> grid = parse_grid("\\n".join([
    ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
    ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
    ... ]))
    >>> next(solutions(grid, stars=2))[:3]
    ((1, 3), (5, 7), (1, 3))
    """
    task = _Problem(grid, stars)
    if stars == 1:
        return _queen_solutions(grid, queens, excluded)
    if tuple(queens) or tuple(excluded):
        raise StarsError("given stars and excluded cells are for one star only")
    if task.hopeless:
        return iter(())
    return star_search(StarState.start(Units(grid), stars))


def _queen_solutions(
    grid: Grid, queens: Iterable[Square], excluded: Iterable[Square]
) -> Iterator[list[int]]:
    try:
        state = given_state(grid, queens, excluded)
    except Contradiction:
        return
    yield from search(state)


# ---- counting ------------------------------------------------------------------------


REGION_NODES_PER_SECOND = 1e8
"""Nodes a second of the compiled kernel's row-by-row count (measured on the shared 2-core
machine: 0.9 to 1.3e8 on the grids whose regions are their rows, n = 10 to 13, whose
13 x 13 count took 20.5 s); the propagating search in Python is taken as 60 times slower."""

STAR_NODES_PER_SECOND = 3e6
"""Nodes a second of the kernel's propagating search for k stars on a 1 x 1 grid: a node
costs in proportion to n (measured on the shared 2-core machine: 3.2e5 a second on the
10 x 10 and 11 x 11 2-star grids whose regions are their rows, 1e5 on 19 x 19 4-star
grids); the search in Python is taken as 100 times slower."""

STAR_TREE_RATIO = 2.5
"""How many times more nodes this package's k-star search tree (which ``star_tree``
samples) has than the kernel's, whose propagation is stronger (measured: 2.6 on the
2-star grids whose regions are their rows, n = 9 and 10)."""

ESTIMATE_PROBES = 1000

STAR_PROBES = 200
"""Random paths down the k-star search tree of an estimate (each propagates every node on
its way and both children of each)."""

STAR_PROBE_SECONDS = 1.0
"""CPU time the probes of a k-star estimate may take: fewer probes on big grids (a
25 x 25 path is hundreds of nodes), at least one."""

QUICK_NODES = 100_000
"""Nodes a k-star count takes before it is estimated (under a second on the biggest
grids): a count done within them needs no estimate."""

REFUSE_SECONDS = 3600.0
"""Whole counts estimated to take longer are refused unless forced (as ``queens count``)."""


class CountTooLong(Exception):
    """A whole count estimated over ``REFUSE_SECONDS``; ``reason`` says so in one line.

    >>> CountTooLong(7200.0).reason
    'this count would take about 2 h (estimate: see queens.puzzle.solve.estimated_seconds)'
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        years = seconds / (365 * 86400)
        about = f"about {years:.2g} years" if years >= 1 else f"about {seconds / 3600:.2g} h"
        self.reason = (
            f"this count would take {about} (estimate: see queens.puzzle.solve.estimated_seconds)"
        )
        super().__init__(f"{self.reason}; pass force=True to run it anyway")


def estimated_seconds(
    grid: Grid, stars: int = 1, *, probes: int | None = None, seed: int = 0
) -> float:
    """The time a whole count of ``grid`` should take, from Knuth's estimator of the size of
    the search tree of the engine that counts (random paths down it; the mean of the
    products of the choices met on the way), at that engine's nodes a second: with one
    star the kernel's row-by-row search (``REGION_NODES_PER_SECOND``), with k stars the
    propagating search (``STAR_NODES_PER_SECOND``; its tree is modelled by this package's
    own propagating search, ``star_tree``).

    >>> from queens.puzzle.grid import parse_grid
    >>> estimated_seconds(parse_grid("AB\\nBA"))
    0.0
    """
    check_limits(grid, stars)
    if stars > 1:
        nodes, _ = star_tree(
            grid, stars, probes=probes or STAR_PROBES, seed=seed, seconds=STAR_PROBE_SECONDS
        )
        if kernel.loaded() is None:
            return nodes / (STAR_NODES_PER_SECOND / 100 / grid.n)
        return nodes / STAR_TREE_RATIO / (STAR_NODES_PER_SECOND / grid.n)
    probes = probes or ESTIMATE_PROBES
    rng = random.Random(seed)
    n, cells, full = grid.n, grid.cells, (1 << grid.n) - 1
    nodes = 0.0
    for _ in range(probes):
        cols = near = used = 0
        product = 1.0
        for row in range(n):
            free = [c for c in bits(full & ~(cols | near)) if not used >> cells[row * n + c] & 1]
            if not free:
                break
            product *= len(free)
            nodes += product
            col = rng.choice(free)
            bit = 1 << col
            cols, near = cols | bit, (bit | bit << 1 | bit >> 1) & full
            used |= 1 << cells[row * n + col]
    rate = REGION_NODES_PER_SECOND / (1 if kernel.loaded() is not None else 60)
    return nodes / probes / rate if nodes > probes * 1000 else 0.0


def star_tree(
    grid: Grid,
    stars: int,
    *,
    probes: int = STAR_PROBES,
    seed: int = 0,
    seconds: float | None = None,
) -> tuple[float, float]:
    """Knuth's estimates of the nodes of this package's propagating k-star search tree
    and of its solutions: the mean over ``probes`` random paths (``star_probe``), fewer
    past ``seconds`` of CPU time if given (at least one).

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join(["AAAAAAAA", "BBBBBBBB", "CCCCCCCC", "DDDDDDDD",
    ...                              "EEEEEEEE", "FFFFFFFF", "GGGGGGGG", "HHHHHHHH"]))
    >>> nodes, found = star_tree(grid, 2, probes=400)
    >>> 1 / 2 < found / count(grid, 2) < 2  # the estimate against the count
    True
    """
    if impossible(grid, stars) is not None:
        return 1.0, 0.0
    units = Units(grid)
    rng = random.Random(seed)
    nodes = found = 0.0
    done = 0
    end = time.process_time() + (seconds if seconds is not None else float("inf"))
    while done < probes and (done == 0 or time.process_time() < end):
        path_nodes, path_found = star_probe(units, stars, rng)
        nodes += path_nodes
        found += path_found
        done += 1
    return nodes / done, found / done


def count(
    grid: Grid,
    stars: int = 1,
    limit: int | None = None,
    *,
    stop: StopFlag | None = None,
    force: bool = False,
) -> int:
    """How many solutions, counting no further than ``limit``.

    With one star a whole count (no ``limit``) goes to the compiled kernel when it is
    there (a plain row-by-row search in C, ``kernel.count_regions``); else, and with a
    limit, the propagating search counts.  With k stars the kernel's propagating search
    counts (this package's without it).  A whole count estimated over an hour
    (``estimated_seconds``) raises ``CountTooLong`` unless ``force`` (a k-star count
    that the kernel ends within ``QUICK_NODES`` is not estimated); setting ``stop``
    (from another thread) ends the count with ``Stopped``.

    >>> from queens.puzzle.grid import parse_grid
    >>> count(parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD"))
    1
    >>> grid = parse_grid("\\n".join([
    ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
    ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
    ... ]))
    >>> count(grid, stars=2), count(grid, stars=1)
    (1, 694)
    """
    task = _Problem(grid, stars)
    if stars == 1:
        return _count_queens(grid, limit, stop, force)
    if task.hopeless:
        return 0
    if limit is None and not force:
        quick = precount(grid, stars, stop)
        if quick is not None:
            return quick
    found = task.kernel(limit or 0, stop)
    if found is not None:
        return found[0]
    return _counted(star_search(StarState.start(Units(grid), stars)), limit, stop)


def precount(grid: Grid, stars: int, stop: StopFlag | None = None) -> int | None:
    """What a whole count does before it counts, at most a second or two: the count
    itself when it is quick (with k stars, the kernel ends it within ``QUICK_NODES``),
    else None when it is estimated within ``REFUSE_SECONDS``; raises ``CountTooLong``
    past them.  (The command calls it before its notice that a count runs.)

    >>> from queens.puzzle.grid import parse_grid
    >>> precount(parse_grid("AB\\nBA"), 1) is None
    True
    """
    task = _Problem(grid, stars)
    quick = _quick_count(task, stop) if stars > 1 and not task.hopeless else None
    if quick is not None:
        return quick
    seconds = estimated_seconds(grid, stars)
    if seconds > REFUSE_SECONDS:
        raise CountTooLong(seconds)
    return None


def _quick_count(task: _Problem, stop: StopFlag | None) -> int | None:
    """The whole k-star count when the kernel ends it within ``QUICK_NODES``, else None."""
    grid = task.grid
    try:
        searched = kernel.interruptible(
            lambda flag: kernel.search_stars(
                grid.n, task.stars, bytes(grid.cells), 0, flag, budget=QUICK_NODES
            ),
            stop,
        )
    except kernel.OverBudget:
        return None
    return None if searched is None else searched[0][0]


def _count_queens(grid: Grid, limit: int | None, stop: StopFlag | None, force: bool) -> int:
    if limit is None:
        seconds = 0.0 if force else estimated_seconds(grid)
        if seconds > REFUSE_SECONDS:
            raise CountTooLong(seconds)
        found = kernel.count_regions(grid.n, bytes(grid.cells), stop)
        if found is not None:
            return found
    return _counted(solutions(grid), limit, stop)


def _counted(found: Iterable[object], limit: int | None, stop: StopFlag | None) -> int:
    """How many of ``found`` (a search in Python), up to ``limit``; ``Stopped`` when
    ``stop`` is set first."""
    total = 0
    for _ in found:
        kernel.check_stop(stop)
        total += 1
        if total == limit:
            break
    return total


def count_rows(grid: Grid, stars: int = 2, limit: int | None = None) -> int | None:
    """``count`` by the kernel's other engine, its row-by-row counter (the second engine
    that checks generated grids); None without the kernel."""
    task = _Problem(grid, stars)
    if task.hopeless:
        return 0
    found = task.kernel_rows(limit or 0)
    return None if found is None else found[0]


ROWS_BUDGET = 30_000_000
"""Candidate stars the second engine (the kernel's row-by-row counter, about 35 million a
second) tries on one image of a grid before the next image (``unique_by_rows``): its time
depends on the grid's direction (one 14 x 14 2-star grid took 78 s one way, 0.03 s
others)."""


def unique_by_rows(grid: Grid, stars: int, stop: StopFlag | None = None) -> bool | None:
    """Whether the grid has exactly one solution by the second engine, the kernel's
    row-by-row counter: on the grid, then (past ``ROWS_BUDGET``) on it upside down,
    transposed and both; False also when no image is counted within the budget, None
    without the kernel."""
    n = grid.n
    rows = [grid.cells[r * n : (r + 1) * n] for r in range(n)]
    images = (rows, rows[::-1], list(zip(*rows, strict=True)), list(zip(*rows[::-1], strict=True)))
    for image in images:
        try:
            found = kernel.count_stars_rows(
                n, stars, bytes(v for row in image for v in row), 2, stop, ROWS_BUDGET
            )
        except kernel.OverBudget:
            continue
        return None if found is None else found[0] == 1
    return False


def sample(grid: Grid, stars: int, limit: int) -> tuple[int, list[Rows]]:
    """How many solutions up to ``limit``, and up to two different ones of them."""
    task = _Problem(grid, stars)
    if task.hopeless:
        return 0, []
    found = task.kernel(limit)
    if found is not None:
        total, first, last = found
        shown = [] if first is None or last is None else [first, last][: min(total, 2)]
        return total, shown
    shown = []
    total = 0
    for rows in star_search(StarState.start(Units(grid), stars)):
        total += 1
        if len(shown) < 2:
            shown.append(rows)
        if total == limit:
            break
    return total, shown


__all__ = [
    "MAX_STARS",
    "MAX_STARS_N",
    "CountTooLong",
    "Rows",
    "StarVerdict",
    "StarsError",
    "Verdict",
    "as_rows",
    "board",
    "check_limits",
    "count",
    "estimated_seconds",
    "impossible",
    "precount",
    "problem",
    "solution_rows",
    "solutions",
    "solve",
    "star_tree",
]
