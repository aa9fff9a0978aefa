"""The solution of a star grid (K = 1 to 6 stars a row, column and region; K = 1 is the
region "Queens" puzzle) as a person finds it: a sequence of deductions, each with its
reason.  One explainer for every K: the same steps, sentences and JSON.

At every point the easiest deduction that changes something is taken.  The techniques,
each with its ``kind`` (the name a step carries) and level; where one star and K stars
name a technique differently, both are given (one star / K stars):

- **Full units** (``single`` / ``full``, 1): a row, column or region with as many cells
  left as stars to place holds a star on each (which clears the cells touching them and
  the rest of every unit they complete).
- **Confinement** (``confined`` / ``group`` of one, 2): a region within one line takes
  that line's stars, so the rest of the line is cleared; a line within one region clears
  the rest of the region.
- **Groups** (``group``, 3 for two or three units, 4 for more): k regions within k lines
  (needing as many stars) take those lines' stars, so the lines' other cells are cleared;
  k lines within k regions clear the rest of those regions.  One star: the smallest group
  first, one on neighbouring lines before one on scattered lines.
- **2 x 2 blocks** (``block``, 3; K stars: inside ``pattern``): a 2 x 2 block holds at most
  one star (its cells all touch), so a unit within a block clears the block's other cells;
  and its straight form, a unit within three cells in a line, clears the two cells beside
  the middle one (each of the three touches them).
- **Ways of a unit** (``pattern``, 3; K stars): the ways a unit can still take its stars
  (none touching, no unit over K, a 2 x 2 block holds one), listed: a cell in every way
  holds a star, and a cell every way rules out is cleared.  With one star the full units,
  confinement and blocks say the same about a unit, and the 1-star rules use them.
- **Exclusions** (``exclusion`` / ``room``, 4): a cell whose star would leave a row,
  column or region with no cell (K stars: no way to take its stars) is cleared.
- **Chains** (``probe`` / ``chain``, 5; K stars: 4 for one step, 5 for two or three, 6
  for longer ones up to ``LONG_CHAIN_MAX``): a cell whose star forces, by the easy rules,
  a chain of deductions ending with a unit that cannot take its stars is cleared (one
  star: each forced star the only cell of a unit, at most ``CHAIN_MAX`` of them).
- **Suppositions** (``suppose``, one star; 5 up to ``SUPPOSE_SHORT`` steps, 6 up to
  ``SUPPOSE_MAX``): only when nothing else applies, "Suppose a queen at ...: then ...
  (steps of levels 1 to 3); row 4 is left with no cell.  So ... holds no queen", the
  shortest of any cell.  (K stars' chains are suppositions already.)
- **Case splits** (``split``, 6): only when no supposition is found, a case split on the
  unit with the fewest open cells: its cells whose star leads to a dead end (by search)
  are cleared, shown as a tree, each branch the easy steps to a unit with no cell (K
  stars: with no way, and a case split inside the branch where the steps stop), or past
  ``SPLIT_BRANCH_MAX`` of them, that a search finds no solution.  One sentence and one
  choice of unit for every K (``_split_text``, ``_split_unit``).

Within a level the step about the fewest units and cells comes first (one star: a unit
within a 2 x 2 block before two regions within two lines, those before three), and a
unit's 2 x 2 blocks make one step.

Written once for every K: the sentences and the names of units; the full units
(``_full_unit``, ``_full_text``); confinement and groups (``_groups_in``,
``_group_text``), read from either state's open cells as masks (``_OpenCells``: one
star's ``queens.puzzle.solve.State``, bitmasks of candidates a row, K stars'
``queens.puzzle.solve.StarState``); supposing a star and following steps to a unit that
cannot take its stars (``_walk``, and ``_shortest`` for the shortest of any cell), which
is what the exclusions and room (a supposition of no step), the chains, the suppositions
and the branches of a case split all do, over a ``_Trial`` each K supplies (one star's
``_ForcedQueens`` and ``_EasySteps``, K stars' ``_StarTrial``); and the case split's
unit and sentence (``_split_unit``, ``_split_text``).  What still differs by K is kept
where it is said: the order of the units and which group is taken first (one star:
neighbouring lines first), each K's sentences for its steps, which cell a rule takes (one
star: the shortest chain, exclusions grouped by unit; K stars: the first cell in reading
order), and the rules each K has alone: one star's 2 x 2 blocks and probes on ``State``
(fast, and what the shipped levels' explanations say); K stars' ways of a unit (the
kernel's ``star_ways``), which hold the 2 x 2 rule, on ``StarState``, which also runs at
one star but words and orders its steps otherwise.

The difficulty of a grid is the level of the hardest step its explanation needs, on a
scale for its K (``difficulty_name``): one star easy (1-2), medium (3), hard (4-5),
expert (6: a case split); K stars, which nearly always need the ways of a unit, easy
(1-3), medium (4), hard (5), expert (6).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from math import comb
from typing import Protocol, TypeVar
from weakref import WeakKeyDictionary

from queens.engines.counting import kernel as counting_kernel
from queens.puzzle.grid import Grid
from queens.puzzle.solve import (
    Rows,
    Square,
    StarState,
    State,
    Units,
    bit_indexes,
    bits,
    check_limits,
    search,
    solve,
    star_search,
)

_stop: ContextVar[counting_kernel.StopFlag | None] = ContextVar("_stop", default=None)
"""The stop flag of the ``next_step`` running in this thread: the techniques' long loops
look at it (``_look``), so that a time limit (the page's) ends a hint or a grading."""


def _look() -> None:
    """``Stopped`` once the running ``next_step``'s stop flag is set."""
    counting_kernel.check_stop(_stop.get())


# -- levels, steps and explanations (every K) ----------------------------------------------

LEVELS = {
    "single": 1,
    "full": 1,
    "confined": 2,
    "group": 3,
    "block": 3,
    "pattern": 3,
    "exclusion": 4,
    "room": 4,
    "probe": 5,
    "chain": 5,
    "suppose": 5,
    "split": 6,
}
"""Each kind of step and its (lowest) level of difficulty: a group of four or more is
level 4; with K stars a group of one is level 2 (one star calls it ``confined``), a unit
with one way left level 2, and a chain 4 to 6 by its length; a supposition is 5 or 6 by
its length."""


HARD_GROUP = 4
"""The smallest group of regions (or lines) a person finds hard to see (level 4)."""


DIFFICULTIES = ("easy", "medium", "hard")
"""The difficulties generate takes; see ``difficulty_name``."""


def difficulty_name(level: int, stars: int = 1) -> str:
    """One star: easy (levels 1-2), medium (3), hard (4-5), expert (6: needs a long
    supposition or a case split).  K stars: easy (1-3: counting alone), medium (4: a star
    refuted by a unit's ways, a large group, a chain of one step), hard (5: a chain of two
    or three steps), expert (6: a longer chain, or a case split): nearly every 2-star grid
    needs level 3's ways of a unit, which the one-star scale calls medium.

    >>> [difficulty_name(level) for level in range(1, 7)]
    ['easy', 'easy', 'medium', 'hard', 'hard', 'expert']
    >>> [difficulty_name(level, stars=2) for level in range(1, 7)]
    ['easy', 'easy', 'easy', 'medium', 'hard', 'expert']
    """
    if stars > 1:
        return ("easy", "easy", "easy", "medium", "hard", "expert")[level - 1]
    if level <= LEVELS["confined"]:
        return "easy"
    if level == LEVELS["group"]:
        return "medium"
    if level < LEVELS["split"]:
        return "hard"
    return "expert"


REASONS = {
    1: "a row, column or region with one cell left",
    2: "a region within one line, or a line within one region",
    3: "two or three regions within as many lines (or lines within regions), or a unit "
    "within a 2 x 2 block or three cells in a line",
    4: "a queen that would leave a row, column or region with no cell, or four or more "
    "regions within as many lines",
    5: "a queen that would leave a unit with one cell, whose queen would leave another with none "
    "(or a longer chain of such queens)",
    6: "a supposition of more than four steps, or a case split",
}


def level_reason(level: int) -> str:
    """What the steps of a level rest on (one star).

    >>> level_reason(2)
    'a region within one line, or a line within one region'
    """
    return REASONS[level]


@dataclass(frozen=True)
class Step:
    """One deduction: its kind, a sentence saying why, the stars it places, the cells it
    clears (a placed star's consequences included) and the cells its reason is about
    (cells as (row, column), 0-based).

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
    >>> explain(grid).steps[0].kind
    'confined'
    >>> explain(grid).steps[0].text
    'The cells left in region A lie in row 1: the rest of row 1 is cleared (3 cleared)'
    """

    kind: str
    text: str
    place: tuple[Square, ...] = ()
    clear: tuple[Square, ...] = ()
    focus: tuple[Square, ...] = ()
    grade: int = 0
    """The step's level when it is not its kind's (a large group, a long chain); 0: the
    kind's."""

    @property
    def level(self) -> int:
        """How hard the step is: 1 (a full unit) up to the hardest kind, a split.

        >>> from queens.puzzle.grid import parse_grid
        >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
        >>> [step.level for step in explain(grid).steps]
        [2, 2, 3, 3, 2, 2, 1, 1, 1, 1, 1]
        """
        return self.grade or LEVELS[self.kind]

    def to_json(self) -> dict[str, object]:
        """The step as the JSON of ``queens puzzle explain --json`` and the web page, the
        same keys for every K (cells as [row, column] lists, 0-based).

        >>> from queens.puzzle.grid import parse_grid
        >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
        >>> step = explain(grid).steps[0].to_json()
        >>> step["kind"], step["level"], step["clear"], step["focus"]
        ('confined', 2, [[0, 2], [0, 3], [0, 4]], [[0, 0], [0, 1]])
        >>> sorted(step)
        ['clear', 'focus', 'kind', 'level', 'place', 'text']
        """
        return {
            "kind": self.kind,
            "level": self.level,
            "text": self.text,
            **{
                name: [list(square) for square in squares]
                for name, squares in (("place", self.place), ("clear", self.clear),
                                      ("focus", self.focus))
            },
        }  # fmt: skip


@dataclass
class Explanation:
    """The steps from the empty grid to the solution, and how hard the hardest one was.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
    >>> explanation = explain(grid)
    >>> len(explanation.steps), explanation.solution, explanation.rows[:2]
    (11, (0, 2, 4, 1, 3), ((0,), (2,)))
    """

    steps: list[Step] = field(default_factory=list)
    solution: tuple[int, ...] | None = None
    """One star: the queen's column of each row (None when the explanation stopped short)."""
    rows: Rows | None = None
    """The sorted star columns of each row, for every K (None when it stopped short)."""
    stars: int = 1

    @property
    def level(self) -> int:
        """The level of the hardest step (1 when there is none).

        >>> from queens.puzzle.grid import parse_grid
        >>> explain(parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))).level
        3
        """
        return max((step.level for step in self.steps), default=1)

    @property
    def difficulty(self) -> str:
        """The difficulty of the hardest step on the scale of its K (``difficulty_name``).

        >>> from queens.puzzle.grid import parse_grid
        >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
        >>> explain(grid).difficulty
        'medium'
        """
        return difficulty_name(self.level, self.stars)


class Stuck(Exception):
    """A row, column or region cannot take its stars: the position has no solution.

    >>> issubclass(Stuck, Exception)
    True
    """


class NotUnique(Exception):
    """The grid has several solutions: no chain of deductions reaches one of them.

    >>> from queens.puzzle.grid import parse_grid
    >>> try:
    ...     explain(parse_grid("\\n".join(["AAAA", "BBBB", "CCCC", "DDDD"])))
    ... except NotUnique as error:
    ...     print(error)
    the grid has more than one solution
    """


class NeedsSplit(Exception):
    """The explanation needs a case split, and none was to be taken.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
    >>> len(explain(grid, splits=False).steps)  # no split needed: nothing raised
    11
    """


Cell = Square


# -- sentences and cells (every K; one star's own words kept as they were) -----------------


def capital(text: str) -> str:
    """``text`` with a capital first letter (a sentence of a step).

    >>> capital("row 3 has one cell left")
    'Row 3 has one cell left'
    """
    return text[:1].upper() + text[1:]


def _lower_first(text: str) -> str:
    """A step's sentence inside another (a link of a chain)."""
    return text[:1].lower() + text[1:]


def numbers_text(values: Sequence[int], *, runs: bool = True) -> str:
    """Sorted 0-based line numbers for a sentence, 1-based, runs of three or more as
    "a to b" (without ``runs``, each number: the one-star groups' words).

    >>> numbers_text([7, 8, 9])
    '8 to 10'
    >>> numbers_text([0, 2, 3, 4, 6, 7])
    '1, 3 to 5, 7, 8'
    >>> numbers_text([7, 8, 9], runs=False)
    '8, 9, 10'
    """
    if not runs:
        return ", ".join(str(v + 1) for v in values)
    parts: list[str] = []
    start = 0
    while start < len(values):
        end = start
        while end + 1 < len(values) and values[end + 1] == values[end] + 1:
            end += 1
        if end - start >= 2:
            parts.append(f"{values[start] + 1} to {values[end] + 1}")
        else:
            parts.extend(str(v + 1) for v in values[start : end + 1])
        start = end + 1
    return ", ".join(parts)


def cell(square: Square) -> str:
    return f"row {square[0] + 1}, column {square[1] + 1}"


def unit_name(grid: Grid, kind: str, index: int) -> str:
    """A row, column or region for a sentence (the one place units are named, every K).

    >>> from queens.puzzle.grid import parse_grid
    >>> unit_name(parse_grid("AB\\nBB"), "region", 1), unit_name(parse_grid("AB\\nBB"), "row", 0)
    ('region B', 'row 1')
    """
    if kind == "region":
        return f"region {grid.names[index]}"
    return f"{kind} {index + 1}"


def _unit(units: Units, unit: int) -> str:
    """``unit_name`` of a unit numbered as ``Units`` numbers them (rows, columns, regions)."""
    return unit_name(units.grid, units.kinds[unit], unit % units.n)


def _plural(count: int, word: str) -> str:
    """ "1 cell", "2 cells" (every K's counts of cells)."""
    return f"{count} {word}{'s' if count != 1 else ''}"


def _cells_text(squares: Sequence[Square], joiner: str = " or at ") -> str:
    """Cells for a sentence: "row 1, column 2 or at row 3, column 4" (one star's cells a
    queen may take), or joined by ``joiner`` ("; " for K stars' lists)."""
    return joiner.join(cell(s) for s in squares)


def _cell(n: int, index: int) -> Cell:
    row, col = divmod(index, n)
    return row, col


def _where(n: int, index: int) -> str:
    return cell(_cell(n, index))


def _list(n: int, mask: int) -> str:
    return _cells_text(_cells(n, mask), "; ")


def _cells(n: int, mask: int) -> tuple[Cell, ...]:
    return tuple(_cell(n, index) for index in bit_indexes(mask))


def _its_stars(count: int) -> str:
    """A unit's stars in a sentence: "its star", "its 2 stars" (never "its a star")."""
    return "its star" if count == 1 else f"its {count} stars"


def _units_text(units: Units, chosen: Sequence[int], *, runs: bool = True) -> str:
    """Units of one kind for a sentence: "row 3", "rows 8 to 10", "regions C, D, H"
    (without ``runs``: "rows 8, 9, 10")."""
    if len(chosen) == 1:
        return _unit(units, chosen[0])
    n = units.n
    kind = units.kinds[chosen[0]]
    if kind == "region":
        return "regions " + ", ".join(units.grid.names[u - 2 * n] for u in chosen)
    return f"{kind}s {numbers_text([u % n for u in chosen], runs=runs)}"


@dataclass
class _OpenCells:
    """Every unit's open cells (a mask, bit row * n + column) and the stars it still
    needs, the units numbered as ``Units`` numbers them: the view of either state (one
    star's ``State``, K stars' ``StarState``) the full units and groups read."""

    units: Units
    free: list[int]
    need: list[int]


_LAST_UNITS: list[Units | None] = [None]
"""The ``Units`` of the last one-star grid read (one star's ``State`` has none): one slot,
replaced whole, so threads explaining other grids at once each get their own."""


def _units_of(grid: Grid) -> Units:
    units = _LAST_UNITS[0]
    if units is None or units.grid is not grid:
        units = Units(grid)
        _LAST_UNITS[0] = units
    return units


def _open_cells(state: State | StarState) -> _OpenCells:
    if isinstance(state, StarState):
        every = range(3 * state.units.n)
        return _OpenCells(
            state.units, [state.free(u) for u in every], [state.need(u) for u in every]
        )
    # One star: a unit with a queen has no open cell left (``State.place`` clears them).
    units = _units_of(state.grid)
    n = units.n
    cand = 0
    for row, mask in enumerate(state.cand):
        cand |= mask << (row * n)
    columns, regions = state.columns_done, state.regions_done
    need = [int(col < 0) for col in state.queen]
    need += [1 ^ (columns >> col & 1) for col in range(n)]
    need += [1 ^ (regions >> region & 1) for region in range(n)]
    return _OpenCells(units, [cand & mask for mask in units.masks], need)


# -- making a step ------------------------------------------------------------------------
# One star's rules work on ``State`` (a row's candidates a bit mask), K stars' on
# ``StarState`` (every cell in one mask, bit row * n + column).


def _candidates(state: State) -> set[Square]:
    return {(r, c) for r in range(state.grid.n) for c in bits(state.cand[r])}


def apply(state: State, step: Step) -> None:
    """Make ``step``'s changes on ``state``."""
    for square in step.place:
        state.place(*square)
    for square in step.clear:
        state.exclude(*square)


def _placing(state: State, square: Square, kind: str, why: str, focus: list[Square]) -> Step:
    after = state.copy()
    after.place(*square)
    cleared = sorted(_candidates(state) - _candidates(after) - {square})
    region = f"region {state.grid.name(*square)}"
    text = f"{why}: a queen at {cell(square)}"
    if region.lower() not in why.lower():
        text += f" ({region})"
    if cleared:
        text += f", which clears {_plural(len(cleared), 'cell')}"
    return Step(kind, text, (square,), tuple(cleared), tuple(focus))


def _clearing(
    kind: str, text: str, clear: set[Square], focus: list[Square], grade: int = 0
) -> Step:
    return Step(
        kind, f"{text} ({len(clear)} cleared)", (), tuple(sorted(clear)), tuple(focus), grade
    )


def _place_all(state: StarState, cells: int) -> int:
    """Stars on ``cells`` (which must be open and not touch); the cells cleared."""
    cleared = 0
    for index in bit_indexes(cells):
        if not state.cand >> index & 1:
            raise Stuck  # two of the cells touch
        cleared |= state.place(index)
    return cleared & ~cells


# -- full units (``single`` for one star, ``full`` for K) ----------------------------------


def _full_unit(
    units: Units, order: Iterable[int], need: Callable[[int], int], free: Callable[[int], int]
) -> int | None:
    """The first unit of ``order`` with as many open cells (``free``, a mask) as stars left
    (``need``), or None; ``Stuck`` at a unit with stars left and no open cell before it.
    (Functions, not lists: K stars look no further than the first full unit.)"""
    for unit in order:
        stars = need(unit)
        if stars:
            count = free(unit).bit_count()
            if count == stars:
                return unit
            if not count:
                raise Stuck(f"{_unit(units, unit)} has no cell left")
    return None


def _full_text(units: Units, unit: int, need: int, free: int, *, one_star: bool) -> str:
    """Why a full unit's cells take its stars: one star "Row 3 has one cell left" (the
    queen's sentence follows, ``_placing``); K stars "Row 3 has 2 open cells for its 2
    stars: placed at ..."."""
    name = capital(_unit(units, unit))
    if one_star:
        return f"{name} has one cell left"
    stars = "a star" if need == 1 else f"its {need} stars"
    return f"{name} has {_plural(need, 'open cell')} for {stars}: placed at {_list(units.n, free)}"


def singles(state: State) -> Iterator[Step]:
    """A full unit, regions first (one star: a unit with one cell left)."""
    view = _open_cells(state)
    units = view.units
    n = units.n
    order = [*range(2 * n, 3 * n), *range(2 * n)]
    unit = _full_unit(units, order, view.need.__getitem__, view.free.__getitem__)
    if unit is not None:
        square = _cell(n, view.free[unit].bit_length() - 1)
        why = _full_text(units, unit, 1, view.free[unit], one_star=True)
        yield _placing(state, square, "single", why, [square])


def _full(state: StarState) -> Step | None:
    """A full unit, in ``Units``' order (rows, columns, regions): its stars placed."""
    units = state.units
    unit = _full_unit(units, range(3 * units.n), state.need, state.free)
    if unit is None:
        return None
    n = units.n
    free = state.free(unit)
    text = _full_text(units, unit, state.need(unit), free, one_star=False)
    cleared = _place_all(state, free)
    return Step("full", text, _cells(n, free), _cells(n, cleared), _cells(n, free))


# -- confinement and groups: k units within k lines (every K) ------------------------------
# Confinement is a group of one unit (one star calls that step ``confined``).  One body
# finds the groups (``_groups_in``) and one words them (``_group_text``) for every K, from
# either state's open cells as masks (``_open_cells``); what differs by K is said in
# ``_one_star_groups`` and ``_group``: which group is taken first, and the level.


def _lines_of(cells: list[Square], axis: int) -> int:
    mask = 0
    for square in cells:
        mask |= 1 << square[axis]
    return mask


GROUP_MAX = 6
"""The largest group of regions (or lines) the one-star ``group`` step looks at: a person
does not hold more in mind, and beyond it the subsets grow too many to try on big grids."""


STAR_GROUP_MAX = 5
"""The most units a K-star ``group`` step takes together."""


def covering_groups(spans: list[tuple[int, int]], size: int) -> Iterator[tuple[list[int], int]]:
    """Sets of ``size`` items whose spans (bitmasks) together cover no more than ``size``
    lines: (the items, the lines covered).  ``spans`` holds (item, span) pairs; a
    subset growing past ``size`` lines is dropped at once."""

    def grow(start: int, chosen: list[int], union: int) -> Iterator[tuple[list[int], int]]:
        if len(chosen) == size:
            yield chosen, union
            return
        for i in range(start, len(spans)):
            item, span = spans[i]
            joined = union | span
            if joined.bit_count() <= size:
                yield from grow(i + 1, [*chosen, item], joined)

    yield from grow(0, [], 0)


def _scattered(lines: int) -> bool:
    """Whether the lines of a bitmask are not all neighbours (a run like rows 4, 5, 6)."""
    low = lines & -lines
    return (lines + low) & lines != 0


def _lines_mask(squares: tuple[Square, ...]) -> int:
    """The rows of ``squares`` when they span fewer rows than columns, else the columns."""
    rows = _lines_of(list(squares), 0)
    columns = _lines_of(list(squares), 1)
    return rows if rows.bit_count() <= columns.bit_count() else columns


def _kinds(n: int) -> list[tuple[range, range]]:
    """K stars' order of the pairs (units, the units they lie within): regions in rows,
    regions in columns, rows in regions, columns in regions."""
    rows, columns, regions = range(0, n), range(n, 2 * n), range(2 * n, 3 * n)
    return [(regions, rows), (regions, columns), (rows, regions), (columns, regions)]


def _one_star_kinds(n: int) -> list[tuple[range, range]]:
    """One star's order: regions in rows, rows in regions, then the same with columns."""
    rows, columns, regions = range(0, n), range(n, 2 * n), range(2 * n, 3 * n)
    return [(regions, rows), (rows, regions), (regions, columns), (columns, regions)]


def _group_level(size: int) -> int:
    return 2 if size == 1 else 3 if size <= 3 else 4


@dataclass(frozen=True)
class _Group:
    """``chosen`` units whose open cells (``inside``) lie within the units ``lines``,
    which need as many stars (``need``): ``outside``, the lines' other cells, is cleared."""

    chosen: list[int]
    lines: list[int]
    need: int
    inside: int
    outside: int


Covers = list[tuple[range, list[tuple[int, int]]]]
"""For each pair of kinds (units, the units they may lie within), in order: the outer kind
and each open unit of the inner kind with the outer units its open cells meet (a mask)."""


def _covers(view: _OpenCells, kinds: list[tuple[range, range]]) -> Covers:
    units, free, need = view.units, view.free, view.need
    return [
        (outer, [(u, _cover(units, free[u], outer)) for u in inner if need[u]])
        for inner, outer in kinds
    ]


def _groups_in(view: _OpenCells, size: int, covers: Covers) -> Iterator[_Group]:
    """Each group of ``size`` units of one kind within ``size`` of another (the pairs of
    kinds in the order of ``covers``) that clears something."""
    free, need = view.free, view.need
    for outer, spans in covers:
        for chosen, joined in covering_groups(spans, size):
            _look()
            # Fewer than ``size`` would be a contradiction, which the search reports, not a step.
            if joined.bit_count() != size:
                continue
            lines = [outer[i] for i in bit_indexes(joined)]
            stars = sum(need[u] for u in chosen)
            if stars != sum(need[v] for v in lines):
                continue
            inside = 0
            for u in chosen:
                inside |= free[u]
            outside = 0
            for v in lines:
                outside |= free[v] & ~inside
            if outside:
                yield _Group(chosen, lines, stars, inside, outside)


def _group_text(units: Units, group: _Group, *, one_star: bool) -> str:
    """A group in words; one star has its own: "The cells left in region A lie in row 1:
    the rest of row 1 is cleared", "The cells left in regions A, B lie in rows 3, 4 (two
    regions, two lines): the rest of those rows is cleared" (each line number, no runs)."""
    size = len(group.chosen)
    if not one_star:
        names = capital(_units_text(units, group.chosen))
        within = f"{names} {'lies' if size == 1 else 'lie'} within "
        within += _units_text(units, group.lines)
        their = "its" if len(group.lines) == 1 else "their"
        return (
            f"{within} and need{'s' if size == 1 else ''} {their} {_plural(group.need, 'star')}"
            ": the other cells there cleared"
        )
    kind = units.kinds[group.lines[0]]
    rest = _unit(units, group.lines[0]) if size == 1 else f"those {kind}s"
    pair = " (two regions, two lines)" if size == 2 and kind != "region" else ""
    chosen = _units_text(units, group.chosen, runs=False)
    lines = _units_text(units, group.lines, runs=False)
    return f"The cells left in {chosen} lie in {lines}{pair}: the rest of {rest} is cleared"


def _one_star_groups(state: State, sizes: range) -> Iterator[Step]:
    """Of the groups of the smallest size in ``sizes`` that clear something, one on
    neighbouring lines (or within neighbouring regions' lines) first."""
    view = _open_cells(state)
    n = view.units.n
    open_regions = sum(view.need[2 * n :])
    covers = _covers(view, _one_star_kinds(n))
    for size in sizes:
        if size > 1 and size > open_regions // 2:
            return  # a group's complement is as good a group, and smaller
        found = [
            _clearing(
                "confined" if size == 1 else "group",
                _group_text(view.units, group, one_star=True),
                set(_cells(n, group.outside)),
                list(_cells(n, group.inside)),
                0 if size == 1 else _group_level(size),
            )
            for group in _groups_in(view, size, covers)
        ]
        if found:
            yield min(found, key=lambda step: _scattered(_lines_mask(step.focus)))
            return


def confined(state: State) -> Iterator[Step]:
    """A region within one line clears the line; a line within one region clears the region."""
    yield from _one_star_groups(state, range(1, 2))


def groups(state: State) -> Iterator[Step]:
    """Two or three regions within as many lines clear those lines (and the other way)."""
    yield from _one_star_groups(state, range(2, HARD_GROUP))


def large_groups(state: State) -> Iterator[Step]:
    """Four to ``GROUP_MAX`` regions within as many lines (level 4)."""
    yield from _one_star_groups(state, range(HARD_GROUP, GROUP_MAX + 1))


_COVERS: WeakKeyDictionary[Units, dict[tuple[int, int], int]] = WeakKeyDictionary()
"""``_cover`` of a grid's units, by the cells and the kind of units covering them: the
same units' open cells come back again and again in the chains' trials."""


def _cover(units: Units, cells: int, outer: range) -> int:
    """The units of ``outer`` (all rows, all columns or all regions) meeting ``cells``, as
    a bit mask (bit i: ``outer[i]``)."""
    covers = _COVERS.setdefault(units, {})
    key = (cells, outer.start)
    found = covers.get(key)
    if found is None:
        if len(covers) >= CACHE_MAX:
            covers.clear()
        found = covers[key] = _covering(units, cells, outer)
    return found


def _covering(units: Units, cells: int, outer: range) -> int:
    n = units.n
    full = (1 << n) - 1
    if outer.start == 0:  # rows
        return sum(1 << r for r in range(n) if cells >> (r * n) & full)
    if outer.start == n:  # columns: the rows' column masks folded together
        columns = 0
        while cells:
            columns |= cells & full
            cells >>= n
        return columns
    regions = 0
    region_of = units.grid.cells
    for index in bit_indexes(cells):
        regions |= 1 << region_of[index]
    return regions


def _group(state: StarState, sizes: range) -> Step | None:
    """The first group (``_groups_in``, in ``_kinds``' order) of the smallest size in
    ``sizes``: the other cells of the units it lies within are cleared.  A ``StarState``
    keeps the K-star words at any K."""
    view = _open_cells(state)
    n = view.units.n
    covers = _covers(view, _kinds(n))
    for size in sizes:
        for group in _groups_in(view, size, covers):
            state.cand &= ~group.outside
            return Step(
                "group",
                _group_text(view.units, group, one_star=False),
                (),
                _cells(n, group.outside),
                _cells(n, group.inside),
                _group_level(size),
            )
    return None


def _small_groups(state: StarState) -> Step | None:
    return _group(state, range(1, 4))


def _large_groups(state: StarState) -> Step | None:
    return _group(state, range(4, STAR_GROUP_MAX + 1))


# -- 2 x 2 blocks --------------------------------------------------------------------------
# One star: ``block``; K stars: the ways of a unit hold every 2 x 2 block to one star.


def blocks(state: State) -> Iterator[Step]:
    """A row, column or region whose cells left lie within a 2 x 2 block (or two, side by
    side) clears every cell touching all of them (its queen is in the block, and a 2 x 2
    block holds at most one queen); the block's straight form, cells left within three
    cells in a line, clears the two cells beside the middle one (``_line_of_three``): one
    step a unit, the unit with the fewest cells first."""
    found = [step for unit in state.open_units() if (step := _block(state, *unit)) is not None]
    if found:
        yield min(found, key=lambda step: len(step.focus))


def _block(state: State, kind: str, index: int, cells: list[Square]) -> Step | None:
    grid = state.grid
    if len(cells) < 2:
        return None
    rows = _lines_of(cells, 0)
    columns = _lines_of(cells, 1)
    chosen = [
        (row, col)
        for row in _block_starts(rows, grid.n)
        for col in _block_starts(columns, grid.n)
        if _block_others(state, row, col, cells)
    ]
    if not chosen:
        return _line_of_three(state, kind, index, cells, rows, columns)
    others: set[Square] = set()
    for row, col in chosen:
        others |= _block_others(state, row, col, cells)
    name = unit_name(grid, kind, index)
    text = f"The cells left in {name} lie within the 2 x 2 {_blocks_text(chosen)}, "
    if len(chosen) == 1:
        text += "which holds at most one queen: the block's other cells are cleared"
    else:
        text += "each holding at most one queen: the blocks' other cells are cleared"
    return _clearing("block", text, others, cells)


def _line_of_three(
    state: State, kind: str, index: int, cells: list[Square], rows: int, columns: int
) -> Step | None:
    """A unit whose cells left lie within three cells in a line (one row, three
    neighbouring columns, or the other way round): each of them touches the two cells
    beside the middle one, which are cleared.  The 2 x 2 block's straight form, level 3
    like it (a person sees both at a glance)."""
    if rows.bit_count() == 1 and columns.bit_length() - (columns & -columns).bit_length() == 2:
        row, middle = rows.bit_length() - 1, columns.bit_length() - 2
        beside = [(row - 1, middle), (row + 1, middle)]
        span = f"row {row + 1}, columns {middle}-{middle + 2}"
    elif columns.bit_count() == 1 and rows.bit_length() - (rows & -rows).bit_length() == 2:
        col, middle = columns.bit_length() - 1, rows.bit_length() - 2
        beside = [(middle, col - 1), (middle, col + 1)]
        span = f"column {col + 1}, rows {middle}-{middle + 2}"
    else:
        return None
    n = state.grid.n
    cleared = {s for s in beside if min(s) >= 0 and max(s) < n and state.is_candidate(*s)}
    if not cleared:
        return None
    name = unit_name(state.grid, kind, index)
    which = "which are" if len(cleared) > 1 else "which is"
    text = (
        f"The cells left in {name} lie within three cells in a line ({span}): a queen on "
        f"any of them touches {_cells_text(sorted(cleared), ' and ')}, {which} cleared"
    )
    return _clearing("block", text, cleared, cells)


def _block_others(state: State, row: int, col: int, cells: list[Square]) -> set[Square]:
    block = [(row + dr, col + dc) for dr in (0, 1) for dc in (0, 1)]
    return {s for s in block if state.is_candidate(*s)} - set(cells)


def _blocks_text(corners: list[tuple[int, int]]) -> str:
    """ "block at rows 9-10, columns 8-9" or "blocks at rows 9-10, columns 8-9 and 9-10"."""
    rows = sorted({row for row, _ in corners})
    columns = sorted({col for _, col in corners})
    row_text = " and ".join(f"{r + 1}-{r + 2}" for r in rows)
    column_text = " and ".join(f"{c + 1}-{c + 2}" for c in columns)
    plural = "s" if len(corners) > 1 else ""
    return f"block{plural} at rows {row_text}, columns {column_text}"


def _block_starts(lines: int, n: int) -> list[int]:
    """The first lines of the 2-line bands holding every line of ``lines`` (one or two
    neighbouring lines)."""
    low = (lines & -lines).bit_length() - 1
    high = lines.bit_length() - 1
    if high - low > 1:
        return []
    if high > low:
        return [low]
    return [start for start in (low - 1, low) if 0 <= start <= n - 2]


# -- ways of a unit ------------------------------------------------------------------------
# K stars: ``pattern``.  One star: a unit's one way is its full unit, confinement or block.

PATTERN_MAX = 400
"""The most ways (subsets of its open cells) a ``pattern`` step lists for one unit; a unit
with more is left for later, when fewer cells are open."""


def _ways(state: StarState, unit: int) -> Iterator[int]:
    """Each way (a cell mask) the unit's open cells take its stars left: none touching,
    and no row, column or region over its stars."""
    units = state.units
    stars = state.stars_per_unit
    cells = list(bit_indexes(state.free(unit)))

    def extend(start: int, chosen: int, added: dict[int, int], left: int) -> Iterator[int]:
        if not left:
            yield chosen
            return
        for i in range(start, len(cells) - left + 1):
            cell = cells[i]
            if units.around[cell] & chosen:
                continue
            over = [u for u in units.cell_units[cell] if state.held[u] + added.get(u, 0) >= stars]
            if over:
                continue
            for u in units.cell_units[cell]:
                added[u] = added.get(u, 0) + 1
            yield from extend(i + 1, chosen | 1 << cell, added, left - 1)
            for u in units.cell_units[cell]:
                added[u] -= 1

    yield from extend(0, 0, {}, state.need(unit))


def _ruled_out(state: StarState, way: int) -> int:
    """The open cells a way's stars would clear: their neighbours, and the rest of every
    unit they fill."""
    units = state.units
    stars = state.stars_per_unit
    out = 0
    added: dict[int, int] = {}
    for cell in bit_indexes(way):
        out |= units.around[cell]
        for u in units.cell_units[cell]:
            added[u] = added.get(u, 0) + 1
    for u, count in added.items():
        if state.held[u] + count == stars:
            out |= units.masks[u]
    return out & state.cand & ~way


_WAYS_CACHE: WeakKeyDictionary[Units, dict[tuple[int, int, int], tuple[int, int, int]]]
_WAYS_CACHE = WeakKeyDictionary()
"""``_unit_ways`` of a grid's units, by unit and the open cells and stars around it (which
decide it); gone with the grid's ``Units``."""


_SOLUTION_CELLS: WeakKeyDictionary[Units, int] = WeakKeyDictionary()
"""The cells of the only solution of a grid's units, where ``explain`` knows it: a star
there leads to no contradiction, since every rule is sound, so the searches for one
(``chain``, ``split``) pass them by without looking, and a star anywhere else leads to no
solution, so ``split`` needs no search (the same steps, found sooner)."""


CACHE_MAX = 20_000
"""Entries kept for one grid before its cache is emptied (a few megabytes)."""


def _listed_ways(state: StarState, unit: int) -> tuple[int, int, int]:
    """``_unit_ways`` by listing the ways here (the kernel's ``star_ways`` does the same)."""
    every = -1
    ruled = -1
    ways = 0
    for way in _ways(state, unit):
        ways += 1
        every &= way
        ruled &= _ruled_out(state, way)  # a cell of the unit in no way included
        if not every and not ruled:
            break  # nothing to learn from this unit
    return ways, every if ways else 0, ruled & ~every if ways else 0


def _kernel_ways(state: StarState, unit: int, *, first_only: bool) -> tuple[int, int, int] | None:
    """``_listed_ways`` by the compiled kernel (with ``first_only``, only whether there is a
    way), or None without it."""
    units = state.units
    return counting_kernel.star_ways(
        units.n, state.stars_per_unit, units.cell_bytes, state.cand, state.held, unit, first_only
    )


def _no_way_left(state: StarState, unit: int) -> bool:
    found = _kernel_ways(state, unit, first_only=True)
    if found is not None:
        return found[0] == 0
    if state.units.room(state.free(unit), unit) < state.need(unit):
        return True
    return next(_ways(state, unit), None) is None


def _unit_ways(state: StarState, unit: int) -> tuple[int, int, int]:
    """How many ways the unit takes its stars left (or how many were counted before none
    could teach anything), the cells in every way and the open cells every way rules out
    (those not in every way).  Kept by the cells that decide it: the open cells and the
    stars of its cells' rows, columns, regions and neighbours (``Units.areas``)."""
    units = state.units
    area = units.areas[unit]
    cache = _WAYS_CACHE.setdefault(units, {})
    key = (unit, state.cand & area, state.stars & area)
    found = cache.get(key)
    if found is None:
        found = _kernel_ways(state, unit, first_only=False) or _listed_ways(state, unit)
        if len(cache) >= CACHE_MAX:
            cache.clear()
        cache[key] = found
    return found


PATTERN_BY_WAYS = True
"""Whether a ``pattern`` step's level grows with its number of ways (``ways_level``: a
person holds two ways in mind at a glance, lists three or four, and needs paper past
that), the easiest first: the rules ``_few_ways``, ``_some_ways`` and ``_many_ways``
take the ways up to 2, 4 and ``PATTERN_MAX`` at levels 3, 4 and 5.  Off, every
``pattern`` step is level 3 (2 with one way).  On since the grades were set beside
puzzle-star-battle.com's labels (``benchmarks/labels.py``): off, 27 % of the site's
"Normal" 10 x 10 2-star grids graded easy, on 4 % (the order of the grids, and so the
concordance, 0.67, is the same).  The shipped 2-star dailies were made anew with it (154
of 364 days got another grid, each day its weekday's difficulty); every shipped 3-star
day keeps its grade with it."""


PATTERN_WAYS = ((2, 3), (4, 4), (PATTERN_MAX, 5))
"""The most ways a ``pattern`` step of each level lists, with ``PATTERN_BY_WAYS``."""


def ways_level(ways: int) -> int:
    """The level of a ``pattern`` step listing ``ways`` ways with ``PATTERN_BY_WAYS``: one
    way is level 2 (a group of one), up to 2 level 3, up to 4 level 4, more level 5.

    >>> [ways_level(ways) for ways in (1, 2, 3, 4, 5, 14)]
    [2, 3, 4, 4, 5, 5]
    """
    if ways == 1:
        return LEVELS["confined"]
    return next(level for most, level in PATTERN_WAYS if ways <= most)


def _pattern(state: StarState, near: int = -1, most: int = PATTERN_MAX) -> Step | None:
    """A ``pattern`` step about a unit meeting ``near`` (a cell mask; -1: any unit) with
    at most ``most`` ways."""
    units = state.units
    n = units.n
    for unit in range(3 * n):
        _look()
        need = state.need(unit)
        free = state.free(unit)
        if not need or not units.masks[unit] & near or comb(free.bit_count(), need) > PATTERN_MAX:
            continue
        ways, every, ruled = _unit_ways(state, unit)
        if not ways:
            raise Stuck
        if (not every and not ruled) or ways > most:
            continue
        extra = ruled & ~_ruled_out(state, every) if every else ruled  # beyond the stars'
        text = _pattern_text(state, unit, ways, every, extra)
        state.cand &= ~ruled
        cleared = ruled | _place_all(state, every) if every else ruled
        return Step(
            "pattern",
            text,
            _cells(n, every),
            _cells(n, cleared),
            _cells(n, free),
            ways_level(ways) if PATTERN_BY_WAYS or ways == 1 else 0,
        )
    return None


def _few_ways(state: StarState) -> Step | None:
    """A ``pattern`` step of level 3 or less (with ``PATTERN_BY_WAYS``; else any)."""
    return _pattern(state, most=PATTERN_WAYS[0][0] if PATTERN_BY_WAYS else PATTERN_MAX)


def _some_ways(state: StarState) -> Step | None:
    """A ``pattern`` step of level 4 (only with ``PATTERN_BY_WAYS``)."""
    return _pattern(state, most=PATTERN_WAYS[1][0]) if PATTERN_BY_WAYS else None


def _many_ways(state: StarState) -> Step | None:
    """A ``pattern`` step of level 5 (only with ``PATTERN_BY_WAYS``)."""
    return _pattern(state) if PATTERN_BY_WAYS else None


def _pattern_text(state: StarState, unit: int, ways: int, every: int, extra: int) -> str:
    """A ``pattern`` step in words: the unit's ways, the stars all share (placed) and the
    cells all rule out beyond those stars' neighbours (cleared)."""
    n = state.units.n
    name = capital(_unit(state.units, unit))
    stars = _its_stars(state.need(unit))
    why = "(none touching, a 2 x 2 block holds one)"
    if ways == 1:
        head = f"{name} has one way left for {stars} {why}: placed at {_list(n, every)}"
        return head + (f"; it rules out {_list(n, extra)}: cleared" if extra else "")
    head = f"{name} can take {stars} left in {ways} ways {why}"
    parts = [f"each has a star at {_list(n, every)}: placed"] if every else []
    if extra:
        parts.append(f"each rules out {_list(n, extra)}: cleared")
    return f"{head}; {'; and '.join(parts)}"


# -- exclusions (``exclusion`` for one star, ``room`` for K) -------------------------------


def emptied_unit(state: State, square: Square) -> str | None:
    """The row, column or region a queen at ``square`` would leave with no cell, or None:
    a supposition of no step (``_walk``)."""
    return _walk(_EasySteps(state, square), 0)[1]


def exclusions(state: State) -> Iterator[Step]:
    """Cells whose queen would empty a line or region, grouped by the unit they empty."""
    found: dict[str, list[Square]] = {}
    for square in sorted(_candidates(state)):
        _look()
        unit = emptied_unit(state, square)
        if unit is not None:
            found.setdefault(unit, []).append(square)
    for unit, squares in found.items():
        text = f"A queen at {_cells_text(squares)} would leave {unit} with no cell"
        yield _clearing("exclusion", text, set(squares), squares)


def _stranded(state: StarState, changed: int) -> int | None:
    """A unit among those meeting ``changed`` (a cell mask) left with no way to take its
    stars, or None."""
    units = state.units
    for unit in range(3 * units.n):
        if state.need(unit) and units.masks[unit] & changed and _no_way_left(state, unit):
            return unit
    return None


def _no_way(state: StarState, unit: int) -> str:
    free = state.free(unit)
    need = state.need(unit)
    if free.bit_count() < need:
        have = _plural(free.bit_count(), "open cell")
    else:
        have = f"no way to place them in its {free.bit_count()} open cells"
    return f"{_unit(state.units, unit)} {have} for {_its_stars(need)} left"


def _clear_first(
    state: StarState, kind: str, why: Callable[[StarState, int], str | None], grade: int = 0
) -> Step | None:
    """A ``kind`` step clearing the first open cell whose star ``why`` refutes (its text
    the reason, "a star at ... " before it and ": cleared" after)."""
    n = state.units.n
    for index in bit_indexes(state.cand & ~_SOLUTION_CELLS.get(state.units, 0)):
        _look()
        reason = why(state, index)
        if reason is not None:
            state.cand &= ~(1 << index)
            text = f"A star at {_where(n, index)} {reason}: cleared"
            return Step(kind, text, (), (_cell(n, index),), (_cell(n, index),), grade)
    return None


def _leaves_no_way(state: StarState, index: int) -> str | None:
    """Why a star at ``index`` leaves a unit no way, or None: a supposition of no step."""
    trial = state.copy()
    end = _walk(_StarTrial(trial, trial.place(index) | 1 << index, wide=False), 0)[1]
    return None if end is None else f"would leave {end}"


def _room(state: StarState) -> Step | None:
    return _clear_first(state, "room", _leaves_no_way)


# -- supposing a star (every K): chains, suppositions and the branches of a split ---------
# One idea under all of them: suppose a star, follow steps from there (each K's own: one
# star's forced queens or easy steps, K stars' full units, groups and ways) until a unit
# cannot take its stars.  ``_walk`` follows the steps and ``_shortest`` takes the shortest
# of any cell, for every K; what each K supplies is a ``_Trial``: how its position says a
# dead end and takes its next step.

Link = TypeVar("Link")
Link_co = TypeVar("Link_co", covariant=True)


class _Trial(Protocol[Link_co]):
    """A position after a supposed star, as ``_walk`` reads it."""

    def dead_end(self) -> str | None:
        """The words of a unit that cannot take its stars, or None."""

    def advance(self) -> Link_co | None:
        """The next step, made on the position, or None when none is left."""

    def stalled(self) -> str | None:
        """After ``advance`` found nothing: a dead end all the same (its words), or None."""


def _walk(trial: _Trial[Link], most: int) -> tuple[list[Link], str | None]:
    """The steps from a supposed star (at most ``most``) and the words of the dead end
    they reach, or of None when they stop before one."""
    links: list[Link] = []
    while True:
        _look()
        end = trial.dead_end()
        if end is not None:
            return links, end
        if len(links) >= most:
            return links, None
        step = trial.advance()
        if step is None:
            return links, trial.stalled()
        links.append(step)


Found = TypeVar("Found")
Where = TypeVar("Where")


def _shortest(
    cells: Iterable[Where],
    attempt: Callable[[Where, int], Found | None],
    most: int,
    length: Callable[[Found], int],
) -> tuple[Where, Found] | None:
    """The cell (the first of ``cells`` among the shortest) whose ``attempt`` of at most
    ``most`` steps finds a dead end, and what it found: each cell after one found need only
    try a shorter one."""
    best: tuple[Where, Found] | None = None
    for where in cells:
        _look()
        limit = most if best is None else length(best[1]) - 1
        if limit < 0:
            break
        found = attempt(where, limit)
        if found is not None:
            best = (where, found)
    return best  # fmt: skip


# -- chains (``probe`` and ``chain`` for one star, ``chain`` short and long for K) ---------


def _probe(state: State, square: Square) -> tuple[str, Square, str] | None:
    """A chain two steps long from a queen at ``square``: the unit it leaves with one
    cell, that cell, and the unit a queen there leaves with none; or None."""
    after = state.copy()
    after.place(*square)
    for kind, index, cells in after.open_units():
        if len(cells) != 1:
            continue
        (forced,) = cells
        unit = unit_name(state.grid, kind, index)
        emptied = emptied_unit(after, forced)
        if emptied is not None:
            return unit, forced, emptied
    return None


def probes(state: State) -> Iterator[Step]:
    """A cell whose queen would force another queen that leaves a unit with no cell:
    the chain, one step at a time (the first such cell in reading order)."""
    for square in sorted(_candidates(state)):
        _look()
        chain = _probe(state, square)
        if chain is not None:
            unit, forced, emptied = chain
            text = f"A queen at {cell(square)} would leave {unit} with one cell, "
            text += f"{cell(forced)}, and a queen there would leave {emptied} with no cell"
            yield _clearing("probe", text, {square}, [square, forced])
            return


CHAIN_MAX = 4
"""The most forced queens a ``chain`` step follows (a person keeps a few in mind)."""


class _ForcedQueens:
    """One star's chain as a ``_Trial``: the queens forced after a supposed one, each the
    only cell left in a unit (the first such unit, rows, columns then regions), until a
    unit has no cell."""

    def __init__(self, state: State, square: Square) -> None:
        self.after = state.copy()
        self.after.place(*square)
        self.forced: tuple[str, Square] | None = None

    def dead_end(self) -> str | None:
        grid = self.after.grid
        self.forced = None
        for kind, index, cells in self.after.open_units():
            if not cells:
                return unit_name(grid, kind, index)
            if len(cells) == 1 and self.forced is None:
                self.forced = (unit_name(grid, kind, index), cells[0])
        return None

    def advance(self) -> tuple[str, Square] | None:
        if self.forced is not None:
            self.after.place(*self.forced[1])
        return self.forced

    def stalled(self) -> str | None:
        return None


def _chain(
    state: State, square: Square, most: int = CHAIN_MAX
) -> tuple[list[tuple[str, Square]], str] | None:
    """The forced queens after a queen at ``square`` (each with the unit it is the only
    cell of), at most ``most``, until a unit has no cell: the chain and that unit; None if
    no unit empties so."""
    links, emptied = _walk(_ForcedQueens(state, square), most)
    return None if emptied is None else (links, emptied)


def chains(state: State) -> Iterator[Step]:
    """A cell whose queen forces a chain of queens ending with a unit with no cell: the
    shortest such chain (the first cell in reading order among those)."""
    best = _shortest(
        sorted(_candidates(state)),
        lambda square, most: _chain(state, square, most),
        CHAIN_MAX,
        lambda found: len(found[0]),
    )
    if best is None:
        return
    square, (links, emptied) = best
    text = f"A queen at {cell(square)} would leave "
    text += "; a queen there would leave ".join(
        f"{unit} with one cell, {cell(forced)}" for unit, forced in links
    )
    text += f"; and a queen there would leave {emptied} with no cell"
    yield _clearing("chain", text, {square}, [square, *(forced for _, forced in links)])


STAR_CHAIN_MAX = 3
"""The most steps of a K-star ``chain`` before the unit it leaves with no way (level 5)."""


LONG_CHAIN_MAX = 24
"""The most steps of a long ``chain`` (level 6), looked for when no shorter one is found:
past it, a case split."""


def _reach(state: StarState, changed: int) -> int:
    """The cells of every unit meeting ``changed``: where its ``pattern`` steps can be new."""
    reach = 0
    for mask in state.units.masks:
        if mask & changed:
            reach |= mask
    return reach


def _chain_from(state: StarState, index: int, most: int, *, wide: bool = False) -> list[str] | None:
    """The chain of a star at ``index``: the easier deductions it leads to (``full``,
    small ``group`` and ``pattern`` steps; ``wide``, a supposition's: any unit's
    ``pattern`` and the large groups too), up to ``most`` of them, ending in a unit left
    with no way to take its stars; None when there is no such chain."""
    trial = state.copy()
    links, dead = _follow(trial, trial.place(index) | 1 << index, most, wide=wide)
    return links if dead else None


class _StarTrial:
    """K stars' supposition as a ``_Trial``: full units, small groups and the ways of the
    units the last step changed (``wide``: any unit's ways and the large groups too),
    until a unit meeting the changed cells has no way to take its stars (the words after
    "which leaves")."""

    def __init__(self, trial: StarState, changed: int, *, wide: bool) -> None:
        self.trial = trial
        self.changed = changed
        self.wide = wide
        self.stuck = False

    def dead_end(self) -> str | None:
        dead = _stranded(self.trial, self.changed)
        return None if dead is None else _no_way(self.trial, dead)

    def advance(self) -> str | None:
        trial = self.trial
        before = trial.cand
        try:
            step = (
                _full(trial) or _small_groups(trial) or _pattern(trial, _reach(trial, self.changed))
            )
            if self.wide and step is None:
                step = _pattern(trial) or _large_groups(trial)
        except Stuck:
            self.stuck = True
            return None
        if step is None:
            return None
        self.changed = before & ~trial.cand
        return _lower_first(step.text)

    def stalled(self) -> str | None:
        return "no way on" if self.stuck else None


def _follow(trial: StarState, changed: int, most: int, *, wide: bool) -> tuple[list[str], bool]:
    """``_chain_from``'s deductions on ``trial`` (which they change; ``changed``, the cells
    the supposed star changed): the links, the last the dead end's words when they reach
    one (then True; else they stopped: no easy step left, or ``most`` of them)."""
    links, end = _walk(_StarTrial(trial, changed, wide=wide), most)
    if end is None:
        return links, False
    return [*links, f"which leaves {end}"], True


def _leads_nowhere(most: int) -> Callable[[StarState, int], str | None]:
    def why(state: StarState, index: int) -> str | None:
        links = _chain_from(state, index, most)
        if links is None:
            return None
        return f"would lead to: {'; then '.join(links[:-1])}; {links[-1]}"

    return why


def _short_chain(state: StarState) -> Step | None:
    return _clear_first(state, "chain", _leads_nowhere(1), LEVELS["room"])


def _star_chain(state: StarState) -> Step | None:
    return _clear_first(state, "chain", _leads_nowhere(STAR_CHAIN_MAX))


def _long_chain(state: StarState) -> Step | None:
    return _clear_first(state, "chain", _leads_nowhere(LONG_CHAIN_MAX), LEVELS["split"])


# -- suppositions (``suppose``, one star) and case splits (``split``, every K) ------------

SUPPOSE_MAX = 8
"""The most steps of a supposition (``suppose``): past it, a case split."""


SUPPOSE_SHORT = CHAIN_MAX
"""The most steps of a supposition graded level 5 (as a chain of forced queens); a longer
one is level 6."""


def _easy_rules() -> tuple[Callable[[State], Iterator[Step]], ...]:
    """The rules a supposition follows: the levels 1 to 3 (a person's easy steps)."""
    return (singles, confined, blocks, groups)


def _easy_step(state: State) -> Step | None:
    for rule in _easy_rules():
        for step in rule(state):
            return step
    return None


def _link_text(step: Step) -> str:
    """A step's sentence inside a supposition: without its count of cleared cells."""
    text = step.text.split(", which clears ")[0]
    if text.endswith(" cleared)"):
        text = text[: text.rindex(" (")]
    return _lower_first(text)


class _EasySteps:
    """One star's supposition as a ``_Trial``: the easy steps (levels 1 to 3) until a row,
    column or region has no cell left (a contradiction on the way ends it, unexplained)."""

    def __init__(self, state: State, square: Square) -> None:
        self.trial = state.copy()
        self.trial.place(*square)

    def dead_end(self) -> str | None:
        empty = self.trial.empty_unit()
        return None if empty is None else unit_name(self.trial.grid, *empty)

    def advance(self) -> Step | None:
        try:
            step = _easy_step(self.trial)
        except Stuck:
            return None
        if step is not None:
            apply(self.trial, step)
        return step

    def stalled(self) -> str | None:
        return None


def _supposed(state: State, square: Square, most: int) -> tuple[list[Step], str] | None:
    """The easy steps after a queen at ``square`` (at most ``most``) until a row, column or
    region has no cell left: those steps and that unit; None when they stop before."""
    links, emptied = _walk(_EasySteps(state, square), most)
    return None if emptied is None else (links, emptied)


def _leads_to_empty(links: list[Step], emptied: str) -> str:
    """A supposition's steps and its dead end: "then ...; then ...; row 4 is left with no
    cell"."""
    said = "".join(f"then {_link_text(step)}; " for step in links)
    return f"{said}{emptied} is left with no cell"


def suppositions(state: State) -> Iterator[Step]:
    """A cell whose queen leads, by the easy steps (levels 1 to 3), to a row, column or
    region with no cell left, in at most ``SUPPOSE_MAX`` steps: the shortest such
    supposition (the first cell in reading order among those), graded by its length."""
    best = _shortest(
        sorted(_candidates(state)),
        lambda square, most: _supposed(state, square, most),
        SUPPOSE_MAX,
        lambda found: len(found[0]),
    )
    if best is None:
        return
    square, (links, emptied) = best
    focus = [square, *(s for step in links for s in step.place)]
    grade = LEVELS["suppose"] if len(links) <= SUPPOSE_SHORT else LEVELS["split"]
    text = f"Suppose a queen at {cell(square)}: {_leads_to_empty(links, emptied)}. "
    text += f"So {cell(square)} holds no queen"
    yield Step("suppose", text, (), (square,), tuple(focus), grade)


def _dead_end(state: State, square: Square) -> bool:
    _look()
    trial = state.copy()
    trial.place(*square)
    return next(search(trial, _stop.get()), None) is None


SPLIT_BRANCH_MAX = 24
"""The most easy steps a case split's branch shows before it is left to the search (K
stars: the stars supposed and the steps of the branch's tree together)."""


def _split_unit(view: _OpenCells) -> int | None:
    """The unit a case split takes (every K): the open unit with the fewest open cells,
    more than its stars left (the first in ``Units``' order among those), or None."""
    free, need = view.free, view.need
    chosen = [u for u in range(len(free)) if need[u] and free[u].bit_count() > need[u]]
    return min(chosen, key=lambda u: free[u].bit_count(), default=None)


def _split_text(name: str, branches: list[str], dead: Sequence[Square], piece: str) -> str:
    """A case split in words (every K): "Case split on row 1: (1) a queen at ...: then
    ...; row 4 is left with no cell; (2) .... So ... and ... hold no queen"."""
    said = "; ".join(f"({i + 1}) {branch}" for i, branch in enumerate(branches))
    hold = "holds" if len(dead) == 1 else "hold"
    return f"Case split on {name}: {said}. So {_cells_text(dead, ' and ')} {hold} no {piece}"


def splits(state: State) -> Iterator[Step]:
    """A case split on the smallest open unit, shown as a short tree: for each of its
    cells whose queen leads to a dead end, the easy steps to a unit with no cell left
    (or, past ``SPLIT_BRANCH_MAX`` of them, that a search finds no solution)."""
    view = _open_cells(state)
    unit = _split_unit(view)
    if unit is None:
        return
    cells = _cells(view.units.n, view.free[unit])
    dead = [square for square in cells if _dead_end(state, square)]
    if dead:
        text = _split_text(
            _unit(view.units, unit), [_branch_text(state, s) for s in dead], dead, "queen"
        )
        yield Step("split", text, (), tuple(sorted(dead)), cells)


def _branch_text(state: State, square: Square) -> str:
    found = _supposed(state, square, SPLIT_BRANCH_MAX)
    if found is None:
        return f"a queen at {cell(square)} leaves no solution (a search finds none)"
    return f"a queen at {cell(square)}: {_leads_to_empty(*found)}"


STAR_SUPPOSE_MAX = 60
"""The most steps of a K-star supposition (``suppose``, level 6 as the case split it
replaces), looked for only where a case split is left."""


def _star_supposition(state: StarState) -> Step | None:
    """A star whose chain of steps (any unit's ways and the large groups among them, which
    the chains leave out) leaves a unit no way, in at most ``STAR_SUPPOSE_MAX`` steps: the
    shortest of any cell (the first in reading order among those)."""
    n = state.units.n
    best = _shortest(
        bit_indexes(state.cand & ~_SOLUTION_CELLS.get(state.units, 0)),
        lambda index, most: _chain_from(state, index, most, wide=True),
        STAR_SUPPOSE_MAX,
        lambda links: len(links) - 1,  # the last link is the dead end, not a step
    )
    if best is None:
        return None
    index, links = best
    state.cand &= ~(1 << index)
    where = _where(n, index)
    text = f"Suppose a star at {where}: {_links_text(links)}. So {where} holds no star"
    square = _cell(n, index)
    return Step("suppose", text, (), (square,), (square,), LEVELS["split"])


def _off_solution(state: StarState, cells: int) -> int:
    """The cells of ``cells`` whose star leads to no solution: those off the grid's only
    solution where ``explain`` knows it (every rule being sound, the search would say the
    same), else those a search refutes."""
    known = _SOLUTION_CELLS.get(state.units)
    if known is not None:
        return cells & ~known
    dead = 0
    for index in bit_indexes(cells):
        trial = state.copy()
        trial.place(index)
        if next(star_search(trial, _stop.get()), None) is None:
            dead |= 1 << index
    return dead


def _split(state: StarState) -> Step | None:
    """A case split on the smallest open unit, shown as a short tree as one star's
    (``splits``): for each of its cells whose star leads to no solution, the steps of a
    supposition to a unit left with no way, with case splits inside the branch where they
    stop (``_star_branch``), or, past ``SPLIT_BRANCH_MAX`` stars and steps, that a search
    finds no solution."""
    view = _open_cells(state)
    unit = _split_unit(view)
    if unit is None:
        return None
    dead = _off_solution(state, view.free[unit])
    if not dead:
        return None
    n = state.units.n
    branches = [
        _branch_or_search(state, index, str(i + 1)) for i, index in enumerate(bit_indexes(dead))
    ]
    state.cand &= ~dead
    squares = _cells(n, dead)
    text = _split_text(_unit(view.units, unit), branches, squares, "star")
    return Step("split", text, (), squares, _cells(n, view.free[unit]))


def _star_branch(state: StarState, index: int, label: str, budget: list[int]) -> str | None:
    """A branch of a K-star case split as a short tree: "a star at ...: then ...; which
    leaves ..." (a supposition's steps); where they stop, a case split on the smallest
    open unit of the branch, each of its cells a branch ("(1.1) a star at ..."), and so
    on; None past ``budget`` (a one-item list: the stars supposed and steps taken the
    tree may still show, ``SPLIT_BRANCH_MAX`` for a branch of the split)."""
    _look()
    budget[0] -= 1
    if budget[0] < 0:
        return None
    where = f"a star at {_where(state.units.n, index)}"
    trial = state.copy()
    links, dead = _follow(trial, trial.place(index) | 1 << index, budget[0], wide=True)
    budget[0] -= len(links)
    if dead:
        return f"{where}: {_links_text(links)}"
    unit = _split_unit(_open_cells(trial))
    if unit is None or budget[0] <= 0:
        return None
    branches = []
    for i, cell_index in enumerate(bit_indexes(trial.free(unit))):
        # The branch has no solution, so each cell of the unit leads to a dead end.
        mark = f"{label}.{i + 1}"
        branch = _star_branch(trial, cell_index, mark, budget)
        if branch is None:
            return None
        branches.append(f"({mark}) {branch}")
    said = "".join(f"then {link}; " for link in links)
    return f"{where}: {said}case split on {_unit(trial.units, unit)}: {'; '.join(branches)}"


def _branch_or_search(state: StarState, index: int, label: str) -> str:
    """``_star_branch`` within ``SPLIT_BRANCH_MAX``, else that a search finds no solution."""
    branch = _star_branch(state, index, label, [SPLIT_BRANCH_MAX])
    if branch is None:
        return f"a star at {_where(state.units.n, index)} leaves no solution (a search finds none)"
    return branch


def _links_text(links: list[str]) -> str:
    """A supposition's links in words: "then ...; then ...; which leaves ..."."""
    return "; ".join([*(f"then {link}" for link in links[:-1]), links[-1]])


# -- the rules in order, and the entry points (every K) ------------------------------------

RULES = (
    (1, singles),
    (2, confined),
    (3, blocks),
    (3, groups),
    (4, exclusions),
    (4, large_groups),
    (5, probes),
    (5, chains),
    (6, suppositions),
    (6, splits),
)
"""The one-star rules in the order they are tried, each with its level."""


STAR_RULES: tuple[Callable[[StarState], Step | None], ...] = (
    _full,
    _small_groups,
    _few_ways,
    _room,
    _large_groups,
    _some_ways,
    _short_chain,
    _many_ways,
    _star_chain,
    _long_chain,
    _star_supposition,
    _split,
)
"""The K-star rules, easiest first (each applies its step to the state it is given)."""


def next_step(
    state: State | StarState,
    hardest: int = LEVELS["split"],
    stop: counting_kernel.StopFlag | None = None,
) -> Step | None:
    """The easiest deduction from ``state`` up to level ``hardest``, or None.

    One star (a ``State``): the step is not applied (``apply`` does it).  K stars (a
    ``StarState``, any K): the step is applied to ``state``.  Raises ``Stuck`` when
    ``state`` has a row, column or region that cannot take its stars; ``Stopped``
    (``queens.engines.counting.kernel``) once ``stop`` is set, looked at between the
    techniques and inside their long loops (``state`` then as it was, or with the step
    found before).

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
    >>> from queens.puzzle.solve import given_state as one_star_state
    >>> next_step(one_star_state(grid, [], [])).text
    'The cells left in region A lie in row 1: the rest of row 1 is cleared (3 cleared)'
    """
    token = _stop.set(stop)
    try:
        if isinstance(state, StarState):
            return _next_star_step(state, hardest)
        for level, rule in RULES:
            if level > hardest:
                break
            _look()
            for step in rule(state):
                return step
        return None
    finally:
        _stop.reset(token)


def _next_star_step(state: StarState, hardest: int) -> Step | None:
    if state.dead_unit() is not None:
        raise Stuck
    for rule in STAR_RULES:
        _look()
        step = rule(state)
        if step is not None:
            if step.level > hardest:
                return None
            return step
    return None


UNIQUE_BUDGET = 2_000_000
"""Queens the compiled kernel places, at most, looking for two solutions before the
deductions start (well under a second): a grid with many solutions is known not unique
at once, not after minutes of deductions (a 62 x 62 grid whose regions are its rows took
over 400 s); past it the deductions tell, as they do without the kernel."""


def _several_solutions(grid: Grid, stop: counting_kernel.StopFlag | None = None) -> bool:
    """True when the kernel finds two solutions of ``grid`` within ``UNIQUE_BUDGET``."""
    try:
        found = counting_kernel.solve_regions(
            grid.n, bytes(grid.cells), 2, stop, budget=UNIQUE_BUDGET
        )
    except counting_kernel.OverBudget:
        return False
    return found is not None and found[0] >= 2


def know_solution(state: StarState, solution: Rows) -> bool:
    """Tell the K-star rules the grid's only solution (proven the only one), so that they
    find their steps from ``state`` quicker (see ``_SOLUTION_CELLS``): only when ``state``
    agrees with it (its stars on it, its open cells holding the rest), else False."""
    n = state.units.n
    cells = sum(1 << (row * n + col) for row, cols in enumerate(solution) for col in cols)
    if state.stars & ~cells or cells & ~(state.stars | state.cand):
        return False
    _SOLUTION_CELLS[state.units] = cells
    return True


def steps(
    grid: Grid,
    stars: int = 1,
    solution: Rows | None = None,
    *,
    splits: bool = True,
    stop: counting_kernel.StopFlag | None = None,
) -> Iterator[Step]:
    """The deductions in order, each applied before the next is looked for; raises
    ``Stuck`` at a contradiction, ``NotUnique`` when they stop short and, without
    ``splits``, ``NeedsSplit`` where a case split is needed; ``Stopped`` once ``stop`` is
    set (``next_step``).  ``solution``, the grid's only solution when known (proven the
    only one), only makes K-star steps quicker to find: no search need refute a star off
    it.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
    >>> [step.kind for step in steps(grid)][:4]
    ['confined', 'confined', 'block', 'block']
    """
    if stars == 1:
        yield from _one_star_steps(grid, LEVELS["split"], splits=splits, stop=stop)
        return
    check_limits(grid, stars)
    state = StarState.start(Units(grid), stars)
    if solution is not None:
        know_solution(state, solution)
    while not state.solved:
        step = next_step(state, stop=stop)
        if step is None:
            raise NotUnique("the grid has more than one solution")
        if step.kind == "split" and not splits:
            raise NeedsSplit
        yield step


def _one_star_steps(
    grid: Grid, hardest: int, *, splits: bool, stop: counting_kernel.StopFlag | None = None
) -> Iterator[Step]:
    """The one-star steps up to level ``hardest`` (they stop where a harder one is
    needed); ``NotUnique`` when no cell of the smallest unit is a dead end."""
    state = State.start(grid)
    while not state.solved:
        step = next_step(state, hardest, stop)
        if step is None:
            if hardest >= LEVELS["split"]:
                raise NotUnique("the grid has more than one solution")
            return
        if step.kind == "split" and not splits:
            raise NeedsSplit
        yield step
        apply(state, step)


def explain(
    grid: Grid,
    stars: int = 1,
    hardest: int = LEVELS["split"],
    *,
    splits: bool = True,
    stop: counting_kernel.StopFlag | None = None,
) -> Explanation:
    """The steps from the empty grid to its solution with ``stars`` stars a row, column
    and region, each the easiest one left.

    Raises ``Stuck`` for a grid with no solution and ``NotUnique`` for a grid with
    several; stops early (``solution`` and ``rows`` None) when a step harder than
    ``hardest`` would be needed; without ``splits``, raises ``NeedsSplit`` as soon as a
    case split is needed; ``Stopped`` (``queens.engines.counting.kernel``) once ``stop``
    is set, looked at between the steps and inside the techniques' long loops.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
    >>> for step in explain(grid).steps[:2]:
    ...     print(step.kind, step.text)
    confined The cells left in region A lie in row 1: the rest of row 1 is cleared (3 cleared)
    confined The cells left in row 2 lie in region B: the rest of region B is cleared (1 cleared)
    >>> grid = parse_grid("\\n".join([
    ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
    ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
    ... ]))
    >>> print(explain(grid, stars=2).steps[0].text.replace(" and ", "\\nand "))
    Columns 6 to 8 lie within regions C, D, H
    and need their 6 stars: the other cells there cleared
    """
    if stars == 1:
        return _explain_one_star(grid, hardest, splits=splits, stop=stop)
    verdict = solve(grid, stars, stop)  # the kernel's search when there
    if verdict.rows is None:
        raise Stuck("the grid has no solution")
    if not verdict.unique:
        raise NotUnique("the grid has more than one solution")
    explanation = Explanation(stars=stars)
    for step in steps(grid, stars, verdict.rows, splits=splits, stop=stop):
        if step.level > hardest:
            return explanation
        explanation.steps.append(step)
    explanation.rows = verdict.rows
    return explanation


def _explain_one_star(
    grid: Grid, hardest: int, *, splits: bool, stop: counting_kernel.StopFlag | None = None
) -> Explanation:
    if hardest >= LEVELS["split"] and _several_solutions(grid, stop):
        raise NotUnique("the grid has more than one solution")
    state = State.start(grid)
    explanation = Explanation()
    while not state.solved:
        step = next_step(state, hardest, stop)
        if step is None:
            if hardest >= LEVELS["split"]:  # no cell of the smallest unit is a dead end
                raise NotUnique("the grid has more than one solution")
            return explanation
        if step.kind == "split" and not splits:
            raise NeedsSplit
        explanation.steps.append(step)
        apply(state, step)
    explanation.solution = tuple(state.queen)
    explanation.rows = tuple((column,) for column in state.queen)
    return explanation


def grade(grid: Grid, stars: int = 1, stop: counting_kernel.StopFlag | None = None) -> str | None:
    """The difficulty of a grid with exactly one solution (its explanation's), or None
    when it has none or several; ``Stopped`` once ``stop`` is set (``explain``).

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join([
    ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
    ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
    ... ]))
    >>> grade(grid, 2)
    'medium'
    """
    try:
        return explain(grid, stars, stop=stop).difficulty
    except (Stuck, NotUnique):
        return None


def given_state(
    grid: Grid, stars: int, placed: Sequence[Cell], crossed: Sequence[Cell]
) -> StarState:
    """The state after a player's stars and crosses (``Stuck`` if two stars touch or a
    unit is over its stars)."""
    check_limits(grid, stars)
    state = StarState.start(Units(grid), stars)
    n = grid.n
    for row, col in crossed:
        state.cand &= ~(1 << (row * n + col))
    for row, col in placed:
        index = row * n + col
        if state.stars >> index & 1:
            continue
        if state.units.around[index] & state.stars:
            raise Stuck
        if any(state.held[u] >= stars for u in state.units.cell_units[index]):
            raise Stuck
        state.cand |= 1 << index  # a star the player crossed as well counts as a star
        state.place(index)
    return state


def replay(grid: Grid, stars: int, found: list[Step]) -> Rows:
    """The stars the steps place, applied in order from the empty grid (for tests and
    players): each placed cell must be open when placed.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
    >>> replay(grid, 1, explain(grid).steps)
    ((0,), (2,), (4,), (1,), (3,))
    """
    state = StarState.start(Units(grid), stars)
    n = grid.n
    for step in found:
        for row, col in step.clear:
            state.cand &= ~(1 << (row * n + col))
        for row, col in step.place:
            if not state.cand >> (row * n + col) & 1:
                raise ValueError(f"step {step.text!r}: row {row + 1}, column {col + 1} is not open")
            state.place(row * n + col)
    return state.rows()


__all__ = [
    "DIFFICULTIES",
    "Explanation",
    "NeedsSplit",
    "NotUnique",
    "Step",
    "Stuck",
    "difficulty_name",
    "explain",
    "grade",
    "level_reason",
    "next_step",
    "replay",
    "steps",
]
