"""A Star Battle solution (k stars a row, column and region) as the deductions a person makes.

At every point the easiest rule that changes something is taken, and named in the step:

1. ``full``: a row, column or region with exactly as many open cells as stars left holds
   a star on each (placing a star clears the cells next to it, and a unit holding its k
   stars clears its other cells).
2. ``group``: k regions whose open cells lie within k rows (or columns) and need as many
   stars as those lines (k * K when none is placed yet) take all those lines' stars, so
   the lines' other cells are cleared; likewise k lines within k regions clear the rest
   of those regions.  k = 1 is "a region's stars confined to one line".
3. ``room``: a cell whose star would leave a row, column or region without room for its
   stars (a 2 x 2 block holds at most one star; a line, its cells with none adjacent) is
   cleared.
4. ``split``: only when nothing else applies, a case split: a cell whose star leads to no
   solution (by search) is cleared.

Difficulty: easy (1), medium (2), hard (3), expert (4).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations

from queens.puzzle.grid import Grid
from queens.puzzle.stars import Rows, StarState, Units, bit_indexes, check_limits, search

LEVELS = {"full": 1, "group": 2, "room": 3, "split": 4}
DIFFICULTY = {1: "easy", 2: "medium", 3: "hard", 4: "expert"}

GROUP_MAX = 3
"""The most units a ``group`` step takes together."""


class Stuck(Exception):
    """The grid has no solution."""


class NotUnique(Exception):
    """The grid has more than one solution."""


@dataclass(frozen=True)
class Step:
    """One deduction: its rule, its text, the stars it places and the cells it clears
    (cells as (row, column), 0-based)."""

    kind: str
    text: str
    placed: tuple[tuple[int, int], ...] = ()
    cleared: tuple[tuple[int, int], ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "text": self.text,
            "placed": [list(cell) for cell in self.placed],
            "cleared": [list(cell) for cell in self.cleared],
        }


@dataclass
class Explanation:
    steps: list[Step] = field(default_factory=list)
    rows: Rows | None = None

    @property
    def level(self) -> int:
        return max((LEVELS[step.kind] for step in self.steps), default=1)

    @property
    def difficulty(self) -> str:
        return DIFFICULTY[self.level]


def _cell(n: int, index: int) -> tuple[int, int]:
    row, col = divmod(index, n)
    return row, col


def _where(n: int, index: int) -> str:
    row, col = divmod(index, n)
    return f"row {row + 1}, column {col + 1}"


def _cells(n: int, mask: int) -> tuple[tuple[int, int], ...]:
    return tuple(_cell(n, index) for index in bit_indexes(mask))


def _full(state: StarState) -> Step | None:
    units = state.units
    n = units.n
    for unit in range(3 * n):
        need = state.need(unit)
        free = state.free(unit)
        if need and free.bit_count() == need:
            cleared = 0
            for index in bit_indexes(free):
                if not state.cand >> index & 1:
                    raise Stuck  # two of the unit's last cells touch
                cleared |= state.place(index)
            stars = "a star" if need == 1 else f"its {need} stars"
            return Step(
                "full",
                f"{units.name(unit)} has {need} open cell{'s' if need > 1 else ''} for "
                f"{stars}: placed at {'; '.join(_where(n, i) for i in bit_indexes(free))}",
                _cells(n, free),
                _cells(n, cleared),
            )
    return None


def _kinds(n: int) -> list[tuple[str, range, range]]:
    rows, columns, regions = range(0, n), range(n, 2 * n), range(2 * n, 3 * n)
    return [
        ("region", regions, rows),
        ("region", regions, columns),
        ("row", rows, regions),
        ("column", columns, regions),
    ]


def _group(state: StarState) -> Step | None:
    units = state.units
    n = units.n
    for _, inner, outer in _kinds(n):
        open_inner = [u for u in inner if state.need(u)]
        covers = {u: [v for v in outer if state.free(v) & state.free(u)] for u in open_inner}
        for size in range(1, GROUP_MAX + 1):
            for chosen in combinations(open_inner, size):
                lines = {v for u in chosen for v in covers[u]}
                if len(lines) != size:
                    continue
                need = sum(state.need(u) for u in chosen)
                if need != sum(state.need(v) for v in lines):
                    continue
                inside = 0
                for u in chosen:
                    inside |= state.free(u)
                outside = 0
                for v in lines:
                    outside |= state.free(v) & ~inside
                if not outside:
                    continue
                state.cand &= ~outside
                names = ", ".join(units.name(u) for u in chosen)
                line_names = ", ".join(units.name(v) for v in sorted(lines))
                return Step(
                    "group",
                    f"{names} {'lies' if size == 1 else 'lie'} within {line_names} and "
                    f"need{'s' if size == 1 else ''} {'its' if len(lines) == 1 else 'their'} "
                    f"{need} star{'s' if need > 1 else ''}: the other cells there cleared",
                    (),
                    _cells(n, outside),
                )
    return None


def _room(state: StarState) -> Step | None:
    units = state.units
    n = units.n
    for index in bit_indexes(state.cand):
        trial = state.copy()
        trial.place(index)
        dead = trial.dead_unit()
        if dead is not None:
            state.cand &= ~(1 << index)
            need = trial.need(dead)
            room = units.room(trial.free(dead), dead)
            return Step(
                "room",
                f"a star at {_where(n, index)} would leave {units.name(dead)} room for "
                f"{room} of its {need} star{'s' if need > 1 else ''} left (a 2 x 2 block "
                "holds one): cleared",
                (),
                (_cell(n, index),),
            )
    return None


def _split(state: StarState) -> Step | None:
    units = state.units
    n = units.n
    for index in bit_indexes(state.cand):
        trial = state.copy()
        trial.place(index)
        if next(search(trial), None) is None:
            state.cand &= ~(1 << index)
            return Step(
                "split",
                f"case split: a star at {_where(n, index)} leads to no solution: cleared",
                (),
                (_cell(n, index),),
            )
    return None


RULES = (_full, _group, _room, _split)


def steps(grid: Grid, stars: int = 2) -> Iterator[Step]:
    """The deductions in order, each applied before the next is looked for; raises
    ``Stuck`` at a contradiction and ``NotUnique`` when they stop short."""
    check_limits(grid, stars)
    state = StarState.start(Units(grid), stars)
    while not state.solved:
        if state.dead_unit() is not None:
            raise Stuck
        for rule in RULES:
            step = rule(state)
            if step is not None:
                yield step
                break
        else:
            raise NotUnique


def explain(grid: Grid, stars: int = 2) -> Explanation:
    """Every step to the solution (the grid must have exactly one)."""
    check_limits(grid, stars)
    first = search(StarState.start(Units(grid), stars))
    rows = next(first, None)
    if rows is None:
        raise Stuck
    if next(first, None) is not None:
        raise NotUnique
    explanation = Explanation(list(steps(grid, stars)), rows)
    return explanation


def replay(grid: Grid, stars: int, found: list[Step]) -> Rows:
    """The stars the steps place, applied in order from the empty grid (for tests and
    players): each placed cell must be open when placed."""
    state = StarState.start(Units(grid), stars)
    n = grid.n
    for step in found:
        for row, col in step.cleared:
            state.cand &= ~(1 << (row * n + col))
        for row, col in step.placed:
            if not state.cand >> (row * n + col) & 1:
                raise ValueError(f"step {step.text!r}: row {row + 1}, column {col + 1} is not open")
            state.place(row * n + col)
    return state.rows()
