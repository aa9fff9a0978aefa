"""A Star Battle solution (k stars a row, column and region) as the deductions a person makes.

At every point the easiest rule that changes something is taken, and named in the step
(its level in brackets):

1. ``full`` (1): a row, column or region with exactly as many open cells as stars left
   holds a star on each (placing a star clears the cells next to it, and a unit holding
   its k stars clears its other cells).
2. ``group`` (2 for one unit, 3 for two or three, 4 for four or five): k regions whose
   open cells lie within k rows (or columns) and need as many stars as those lines take
   all those lines' stars, so the lines' other cells are cleared; likewise k lines within
   k regions clear the rest of those regions.  k = 1 is "a region's stars confined to
   one line".
3. ``pattern`` (3): the ways a row, column or region can still take its stars (none
   touching, no line or region over k; a 2 x 2 block holds at most one star), listed:
   a cell in every way holds a star, and a cell every way rules out is cleared.
4. ``room`` (4): a cell whose star would leave a row, column or region no way to take
   its stars is cleared.
5. ``chain`` (4 for one step, 5 for two or three, 6 for more): a cell whose star leads,
   by the rules above, to a unit with no way to take its stars, shown as that chain, is
   cleared (a look-ahead of one to ``CHAIN_MAX`` steps, then of up to
   ``LONG_CHAIN_MAX``: most 3-star grids need such long chains).
6. ``split`` (6): only when nothing else applies, a case split: a cell whose star leads
   to no solution (by search) is cleared.

The difficulty of a grid is the level of the hardest step its explanation needs: easy
(1-3), medium (4), hard (5), expert (6); see ``difficulty_name``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from math import comb
from weakref import WeakKeyDictionary

from queens.engines.counting import kernel as counting_kernel
from queens.puzzle.explain import Steps, covering_groups, step_json
from queens.puzzle.grid import Grid
from queens.puzzle.solve import (
    Rows,
    StarState,
    Units,
    bit_indexes,
    check_limits,
    solve,
)
from queens.puzzle.solve import star_search as search

LEVELS = {"full": 1, "group": 2, "pattern": 3, "room": 4, "chain": 5, "split": 6}
"""Each kind of step and its (lowest) level: a group of two or three is level 3, of four
or five level 4."""

GROUP_MAX = 5
"""The most units a ``group`` step takes together."""

PATTERN_MAX = 400
"""The most ways (subsets of its open cells) a ``pattern`` step lists for one unit; a unit
with more is left for later, when fewer cells are open."""

CHAIN_MAX = 3
"""The most steps of a ``chain`` before the unit it leaves with no way (level 5)."""

LONG_CHAIN_MAX = 24
"""The most steps of a long ``chain`` (level 6), looked for when no shorter one is found:
past it, a case split."""

Cell = tuple[int, int]


class Stuck(Exception):
    """The grid has no solution.

    >>> issubclass(Stuck, Exception)
    True
    """


class NotUnique(Exception):
    """The grid has more than one solution.

    >>> issubclass(NotUnique, Exception)
    True
    """


class NeedsSplit(Exception):
    """The explanation needs a case split, and none was to be taken."""


@dataclass(frozen=True)
class Step:
    """One deduction: its rule, its text, the stars it places and the cells it clears
    (cells as (row, column), 0-based), and its level when above its kind's.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join([
    ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
    ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
    ... ]))
    >>> explain(grid, stars=2).steps[0].kind
    'group'
    """

    kind: str
    text: str
    placed: tuple[Cell, ...] = ()
    cleared: tuple[Cell, ...] = ()
    grade: int = 0

    @property
    def level(self) -> int:
        """How hard the step is: 1 (a full unit) up to the hardest kind, a split.

        >>> from queens.puzzle.grid import parse_grid
        >>> grid = parse_grid("\\n".join([
        ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
        ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
        ... ]))
        >>> max(step.level for step in explain(grid, stars=2).steps)
        4
        """
        return self.grade or LEVELS[self.kind]

    def to_json(self) -> dict[str, object]:
        """The step as the JSON of ``queens puzzle explain --json`` and the web page.

        >>> from queens.puzzle.grid import parse_grid
        >>> grid = parse_grid("\\n".join([
        ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
        ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
        ... ]))
        >>> sorted(explain(grid, stars=2).steps[0].to_json())
        ['cleared', 'kind', 'level', 'placed', 'text']
        """
        return step_json(self.kind, self.level, self.text, placed=self.placed, cleared=self.cleared)


@dataclass
class Explanation(Steps[Step]):
    """The steps from the empty grid to the K-star solution, graded on the K-star scale.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join([
    ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
    ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
    ... ]))
    >>> explanation = explain(grid, stars=2)
    >>> explanation.rows[:2], explanation.difficulty
    (((1, 3), (5, 7)), 'medium')
    """

    rows: Rows | None = None

    @property
    def difficulty(self) -> str:
        """The difficulty of the hardest step: ``easy``, ``medium`` or ``hard``.

        >>> from queens.puzzle.grid import parse_grid
        >>> grid = parse_grid("\\n".join([
        ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
        ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
        ... ]))
        >>> explain(grid, stars=2).difficulty
        'medium'
        """
        return difficulty_name(self.level)


DIFFICULTIES = ("easy", "medium", "hard")
"""The difficulties generate takes (see ``difficulty_name``)."""


def difficulty_name(level: int) -> str:
    """easy (levels 1-3: counting alone), medium (4: a star refuted by a unit's ways, a
    large group, a chain of one step), hard (5: a chain of two or three steps), expert
    (6: a longer chain, or a case split).

    K stars grade on their own scale: nearly every 2-star grid needs level 3's ways of a
    unit, which the one-star scale calls medium.

    >>> [difficulty_name(level) for level in range(1, 7)]
    ['easy', 'easy', 'easy', 'medium', 'hard', 'expert']
    """
    return ("easy", "easy", "easy", "medium", "hard", "expert")[level - 1]


def _cell(n: int, index: int) -> Cell:
    row, col = divmod(index, n)
    return row, col


def _where(n: int, index: int) -> str:
    row, col = divmod(index, n)
    return f"row {row + 1}, column {col + 1}"


def _list(n: int, mask: int) -> str:
    return "; ".join(_where(n, i) for i in bit_indexes(mask))


def _cells(n: int, mask: int) -> tuple[Cell, ...]:
    return tuple(_cell(n, index) for index in bit_indexes(mask))


def _stars(count: int) -> str:
    return "a star" if count == 1 else f"{count} stars"


def _place_all(state: StarState, cells: int) -> int:
    """Stars on ``cells`` (which must be open and not touch); the cells cleared."""
    cleared = 0
    for index in bit_indexes(cells):
        if not state.cand >> index & 1:
            raise Stuck  # two of the cells touch
        cleared |= state.place(index)
    return cleared & ~cells


def _full_unit(state: StarState) -> int | None:
    """A unit with as many open cells as stars left, or None."""
    for unit in range(3 * state.units.n):
        need = state.need(unit)
        if need and state.free(unit).bit_count() == need:
            return unit
    return None


def _full(state: StarState) -> Step | None:
    unit = _full_unit(state)
    if unit is None:
        return None
    n = state.units.n
    need = state.need(unit)
    free = state.free(unit)
    cleared = _place_all(state, free)
    stars = "a star" if need == 1 else f"its {need} stars"
    return Step(
        "full",
        f"{state.units.name(unit)} has {need} open cell{'s' if need > 1 else ''} for "
        f"{stars}: placed at {_list(n, free)}",
        _cells(n, free),
        _cells(n, cleared),
    )


def _kinds(n: int) -> list[tuple[range, range]]:
    rows, columns, regions = range(0, n), range(n, 2 * n), range(2 * n, 3 * n)
    return [(regions, rows), (regions, columns), (rows, regions), (columns, regions)]


def _group_level(size: int) -> int:
    return 2 if size == 1 else 3 if size <= 3 else 4


def _within(covers: list[tuple[int, int]], size: int) -> Iterator[tuple[list[int], int]]:
    """Each ``size`` of the (unit, cover) pairs whose covers (bit masks of the other kind's
    units) join into exactly ``size`` units."""
    # Fewer than ``size`` would be a contradiction, which the search reports, not a step.
    for chosen, joined in covering_groups(covers, size):
        if joined.bit_count() == size:
            yield chosen, joined


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
    """k units (regions, or lines) whose open cells lie within k others of the other kind
    needing as many stars: those others' remaining cells are cleared."""
    units = state.units
    n = units.n
    free = [state.free(u) for u in range(3 * n)]
    kinds = [
        (outer, [(u, _cover(units, free[u], outer)) for u in inner if state.need(u)])
        for inner, outer in _kinds(n)
    ]
    for size in sizes:
        for outer, covers in kinds:
            for chosen, joined in _within(covers, size):
                lines = [outer[i] for i in bit_indexes(joined)]
                need = sum(state.need(u) for u in chosen)
                if need != sum(state.need(v) for v in lines):
                    continue
                inside = 0
                for u in chosen:
                    inside |= free[u]
                outside = 0
                for v in lines:
                    outside |= free[v] & ~inside
                if not outside:
                    continue
                state.cand &= ~outside
                names = ", ".join(units.name(u) for u in chosen)
                line_names = ", ".join(units.name(v) for v in lines)
                return Step(
                    "group",
                    f"{names} {'lies' if size == 1 else 'lie'} within {line_names} and "
                    f"need{'s' if size == 1 else ''} {'its' if len(lines) == 1 else 'their'} "
                    f"{need} star{'s' if need > 1 else ''}: the other cells there cleared",
                    (),
                    _cells(n, outside),
                    _group_level(size),
                )
    return None


def _small_groups(state: StarState) -> Step | None:
    return _group(state, range(1, 4))


def _large_groups(state: StarState) -> Step | None:
    return _group(state, range(4, GROUP_MAX + 1))


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


def _pattern(state: StarState, near: int = -1) -> Step | None:
    """A ``pattern`` step about a unit meeting ``near`` (a cell mask; -1: any unit)."""
    units = state.units
    n = units.n
    for unit in range(3 * n):
        need = state.need(unit)
        free = state.free(unit)
        if not need or not units.masks[unit] & near or comb(free.bit_count(), need) > PATTERN_MAX:
            continue
        ways, every, ruled = _unit_ways(state, unit)
        if not ways:
            raise Stuck
        if not every and not ruled:
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
            LEVELS["group"] if ways == 1 else 0,
        )
    return None


def _pattern_text(state: StarState, unit: int, ways: int, every: int, extra: int) -> str:
    """A ``pattern`` step in words: the unit's ways, the stars all share (placed) and the
    cells all rule out beyond those stars' neighbours (cleared)."""
    n = state.units.n
    name = state.units.name(unit)
    stars = _stars(state.need(unit))
    why = "(none touching, a 2 x 2 block holds one)"
    if ways == 1:
        head = f"{name} has one way left for its {stars} {why}: placed at {_list(n, every)}"
        return head + (f"; it rules out {_list(n, extra)}: cleared" if extra else "")
    head = f"{name} can take its {stars} left in {ways} ways {why}"
    parts = [f"each has a star at {_list(n, every)}: placed"] if every else []
    if extra:
        parts.append(f"each rules out {_list(n, extra)}: cleared")
    return f"{head}; {'; and '.join(parts)}"


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
        have = f"{free.bit_count()} open cell{'s' if free.bit_count() != 1 else ''}"
    else:
        have = f"no way to place them in its {free.bit_count()} open cells"
    return f"{state.units.name(unit)} {have} for its {_stars(need)} left"


def _clear_first(
    state: StarState, kind: str, why: Callable[[StarState, int], str | None], grade: int = 0
) -> Step | None:
    """A ``kind`` step clearing the first open cell whose star ``why`` refutes (its text
    the reason, "a star at ... " before it and ": cleared" after)."""
    n = state.units.n
    for index in bit_indexes(state.cand & ~_SOLUTION_CELLS.get(state.units, 0)):
        reason = why(state, index)
        if reason is not None:
            state.cand &= ~(1 << index)
            text = f"a star at {_where(n, index)} {reason}: cleared"
            return Step(kind, text, (), (_cell(n, index),), grade)
    return None


def _leaves_no_way(state: StarState, index: int) -> str | None:
    trial = state.copy()
    dead = _stranded(trial, trial.place(index) | 1 << index)
    return None if dead is None else f"would leave {_no_way(trial, dead)}"


def _room(state: StarState) -> Step | None:
    return _clear_first(state, "room", _leaves_no_way)


def _reach(state: StarState, changed: int) -> int:
    """The cells of every unit meeting ``changed``: where its ``pattern`` steps can be new."""
    reach = 0
    for mask in state.units.masks:
        if mask & changed:
            reach |= mask
    return reach


def _chain_from(state: StarState, index: int, most: int) -> list[str] | None:
    """The chain of a star at ``index``: the easier deductions it leads to (``full``,
    small ``group`` and ``pattern`` steps), up to ``most`` of them, ending in a unit
    left with no way to take its stars; None when there is no such chain."""
    trial = state.copy()
    changed = trial.place(index) | 1 << index
    links: list[str] = []
    for _ in range(most + 1):
        dead = _stranded(trial, changed)
        if dead is not None:
            links.append(f"which leaves {_no_way(trial, dead)}")
            return links
        if len(links) == most:
            return None
        before = trial.cand
        try:
            step = _full(trial) or _small_groups(trial) or _pattern(trial, _reach(trial, changed))
        except Stuck:
            links.append("which leaves no way on")
            return links
        if step is None:
            return None
        links.append(step.text)
        changed = before & ~trial.cand
    return None


def _leads_nowhere(most: int) -> Callable[[StarState, int], str | None]:
    def why(state: StarState, index: int) -> str | None:
        links = _chain_from(state, index, most)
        if links is None:
            return None
        return f"would lead to: {'; then '.join(links[:-1])}; {links[-1]}"

    return why


def _short_chain(state: StarState) -> Step | None:
    return _clear_first(state, "chain", _leads_nowhere(1), LEVELS["room"])


def _chain(state: StarState) -> Step | None:
    return _clear_first(state, "chain", _leads_nowhere(CHAIN_MAX))


def _no_solution(state: StarState, index: int) -> str | None:
    known = _SOLUTION_CELLS.get(state.units)
    if known is not None:
        # The grid's only solution is known: a star off it leads to no solution (and
        # ``_clear_first`` never offers a cell on it).  The search would say the same.
        return "leads to no solution"
    trial = state.copy()
    trial.place(index)
    return "leads to no solution" if next(search(trial), None) is None else None


def _long_chain(state: StarState) -> Step | None:
    return _clear_first(state, "chain", _leads_nowhere(LONG_CHAIN_MAX), LEVELS["split"])


def _split(state: StarState) -> Step | None:
    step = _clear_first(state, "split", _no_solution)
    if step is None:
        return None
    return Step("split", f"case split: {step.text}", (), step.cleared)


RULES: tuple[Callable[[StarState], Step | None], ...] = (
    _full,
    _small_groups,
    _pattern,
    _room,
    _large_groups,
    _short_chain,
    _chain,
    _long_chain,
    _split,
)
"""The rules, easiest first."""


def next_step(state: StarState, hardest: int = LEVELS["split"]) -> Step | None:
    """The easiest deduction from ``state`` (applied to it), at most ``hardest``'s level;
    None when there is none.  Raises ``Stuck`` at a contradiction."""
    if state.dead_unit() is not None:
        raise Stuck
    for rule in RULES:
        step = rule(state)
        if step is not None:
            if step.level > hardest:
                return None
            return step
    return None


def know_solution(state: StarState, solution: Rows) -> bool:
    """Tell the rules the grid's only solution (proven the only one), so that they find
    their steps from ``state`` quicker (see ``_SOLUTION_CELLS``): only when ``state``
    agrees with it (its stars on it, its open cells holding the rest), else False."""
    n = state.units.n
    cells = sum(1 << (row * n + col) for row, cols in enumerate(solution) for col in cols)
    if state.stars & ~cells or cells & ~(state.stars | state.cand):
        return False
    _SOLUTION_CELLS[state.units] = cells
    return True


def steps(
    grid: Grid, stars: int = 2, solution: Rows | None = None, *, splits: bool = True
) -> Iterator[Step]:
    """The deductions in order, each applied before the next is looked for; raises
    ``Stuck`` at a contradiction, ``NotUnique`` when they stop short and, without
    ``splits``, ``NeedsSplit`` where a case split is needed.  ``solution``, the grid's
    only solution when known (proven the only one), only makes them quicker to find: no
    search need refute a star off it."""
    check_limits(grid, stars)
    state = StarState.start(Units(grid), stars)
    if solution is not None:
        know_solution(state, solution)
    while not state.solved:
        step = next_step(state)
        if step is None:
            raise NotUnique
        if step.kind == "split" and not splits:
            raise NeedsSplit
        yield step


def explain(grid: Grid, stars: int = 2, *, splits: bool = True) -> Explanation:
    """Every step to the solution (the grid must have exactly one; without ``splits``,
    ``NeedsSplit`` as soon as a case split is needed).

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join([
    ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
    ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
    ... ]))
    >>> print(explain(grid, stars=2).steps[0].text.replace(" and ", "\\nand "))
    column 6, column 7, column 8 lie within region C, region D, region H
    and need their 6 stars: the other cells there cleared
    """
    verdict = solve(grid, stars)  # the kernel's search when there
    if verdict.rows is None:
        raise Stuck
    if not verdict.unique:
        raise NotUnique
    return Explanation(list(steps(grid, stars, verdict.rows, splits=splits)), verdict.rows)


def grade(grid: Grid, stars: int) -> str | None:
    """The difficulty of a grid with exactly one solution (its explanation's), or None
    when it has none or several.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join([
    ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
    ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
    ... ]))
    >>> grade(grid, 2)
    'medium'
    """
    try:
        return explain(grid, stars).difficulty
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


__all__ = [
    "DIFFICULTIES",
    "Explanation",
    "NotUnique",
    "Step",
    "Stuck",
    "difficulty_name",
    "explain",
    "grade",
]
