"""The solution as a person finds it: a sequence of deductions, each with its reason.

At every point the easiest deduction that changes something is taken, by level:

1. ``single``: a row, column or region with one cell left holds its queen there (which
   clears that queen's row, column, region and the cells touching it).
2. ``confined``: a region whose cells all lie in one row (or column) takes that line's
   queen, so the rest of the line is cleared; and a row (or column) whose cells all lie
   in one region clears the rest of that region.
3. ``group`` of two or three: k regions whose cells all lie within k rows (or columns)
   take those lines' queens, so the lines' other cells are cleared; and k lines lying
   within k regions clear the rest of those regions.  The smallest group first, and of
   those, one on neighbouring lines before one on scattered lines.
   ``block``: a row, column or region whose cells left lie within a 2 x 2 block has its
   queen there, and a 2 x 2 block holds at most one queen (its cells all touch), so the
   block's other cells are cleared.
4. ``exclusion``: a cell whose queen would leave some row, column or region with no cell
   (touching included) cannot hold one.  And a ``group`` of four to six regions (or lines).
5. ``probe``: a cell whose queen would leave some unit with one cell, whose queen in turn
   would leave another unit with no cell, shown as that chain (a contradiction two steps
   ahead).
   ``chain``: the same with a longer chain of forced queens (up to ``CHAIN_MAX``), each
   the only cell left in some unit, ending with a unit with no cell.
6. ``split``: only when nothing else applies, a case split: a cell of the smallest open
   row, column or region whose queen leads to a dead end is cleared.

The difficulty of a puzzle is the level of the hardest step its explanation needs:
easy (1-2), medium (3), hard (4-5), and expert (6) when it needs a case split (guessing).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from queens.engines.counting import kernel
from queens.puzzle.grid import Grid
from queens.puzzle.solve import Square, State, bits, search

LEVELS = {
    "single": 1,
    "confined": 2,
    "group": 3,
    "block": 3,
    "exclusion": 4,
    "probe": 5,
    "chain": 5,
    "split": 6,
}
"""Each kind of step and its (lowest) level of difficulty: a group of four or more is
level 4."""

HARD_GROUP = 4
"""The smallest group of regions (or lines) a person finds hard to see (level 4)."""

DIFFICULTIES = ("easy", "medium", "hard")
"""The difficulties generate takes; see ``difficulty_name``."""

GROUP_MAX = 6
"""The largest group of regions (or lines) the ``group`` step looks at: a person does not
hold more in mind, and beyond it the subsets grow too many to try on big grids."""


def difficulty_name(level: int) -> str:
    """easy (levels 1-2), medium (3), hard (4-5), expert (6: needs a case split).

    >>> [difficulty_name(level) for level in range(1, 7)]
    ['easy', 'easy', 'medium', 'hard', 'hard', 'expert']
    """
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
    "within a 2 x 2 block",
    4: "a queen that would leave a row, column or region with no cell, or four or more "
    "regions within as many lines",
    5: "a queen that would leave a unit with one cell, whose queen would leave another with none "
    "(or a longer chain of such queens)",
    6: "a case split",
}


def level_reason(level: int) -> str:
    """What the steps of a level rest on.

    >>> level_reason(2)
    'a region within one line, or a line within one region'
    """
    return REASONS[level]


@dataclass(frozen=True)
class Step:
    """One deduction: its kind, a sentence saying why, the queens it places, the cells it
    clears (a placed queen's consequences included) and the cells its reason is about.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
    >>> explain(grid).steps[0].kind
    'confined'
    >>> explain(grid).steps[0].text
    'Region A lies within row 1: the rest of row 1 is cleared (3 cleared)'
    """

    kind: str
    text: str
    place: tuple[Square, ...] = ()
    clear: tuple[Square, ...] = ()
    focus: tuple[Square, ...] = ()
    grade: int = 0
    """The step's level when it is above its kind's (a large group); 0: the kind's."""

    @property
    def level(self) -> int:
        """How hard the step is: 1 (a full unit) up to the hardest kind, a split.

        >>> from queens.puzzle.grid import parse_grid
        >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
        >>> [step.level for step in explain(grid).steps]
        [2, 2, 3, 3, 1, 1, 1, 1, 1]
        """
        return max(self.grade, LEVELS[self.kind])

    def to_json(self) -> dict[str, object]:
        """The step as the JSON of ``queens puzzle explain --json`` and the web page.

        >>> from queens.puzzle.grid import parse_grid
        >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
        >>> step = explain(grid).steps[0].to_json()
        >>> step["kind"], step["level"], step["clear"], step["focus"]
        ('confined', 2, [[0, 2], [0, 3], [0, 4]], [[0, 0], [0, 1]])
        """
        return step_json(
            self.kind, self.level, self.text, place=self.place, clear=self.clear, focus=self.focus
        )


def step_json(
    kind: str, level: int, text: str, **cells: tuple[tuple[int, int], ...]
) -> dict[str, object]:
    """A step of an explanation (one star or K) as JSON: its kind, level and text, then each
    named tuple of cells as [row, column] lists (0-based)."""
    return {
        "kind": kind,
        "level": level,
        "text": text,
        **{name: [list(cell) for cell in group] for name, group in cells.items()},
    }


class Levelled(Protocol):
    """A step of either kind: it has a level."""

    @property
    def level(self) -> int: ...


AnyStep = TypeVar("AnyStep", bound=Levelled)


@dataclass
class Steps(Generic[AnyStep]):
    """An explanation's steps (one star or K), and the level of the hardest."""

    steps: list[AnyStep] = field(default_factory=list)

    @property
    def level(self) -> int:
        return max((step.level for step in self.steps), default=1)


@dataclass
class Explanation(Steps[Step]):
    """The steps from the empty grid to the solution, and how hard the hardest one was.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
    >>> explanation = explain(grid)
    >>> len(explanation.steps), explanation.solution
    (9, (0, 2, 4, 1, 3))
    """

    solution: tuple[int, ...] | None = None

    @property
    def difficulty(self) -> str:
        """The difficulty of the hardest step: ``easy``, ``medium`` or ``hard``.

        >>> from queens.puzzle.grid import parse_grid
        >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
        >>> explain(grid).difficulty
        'medium'
        """
        return difficulty_name(self.level)


def cell(square: Square) -> str:
    return f"row {square[0] + 1}, column {square[1] + 1}"


def _numbers(values: list[int]) -> str:
    return ", ".join(str(v + 1) for v in values)


def unit_name(grid: Grid, kind: str, index: int) -> str:
    if kind == "region":
        return f"region {grid.names[index]}"
    return f"{kind} {index + 1}"


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
        text += f", which clears {len(cleared)} cell{'s' if len(cleared) != 1 else ''}"
    return Step(kind, text, (square,), tuple(cleared), tuple(focus))


def _clearing(
    kind: str, text: str, clear: set[Square], focus: list[Square], grade: int = 0
) -> Step:
    return Step(
        kind, f"{text} ({len(clear)} cleared)", (), tuple(sorted(clear)), tuple(focus), grade
    )


def _cells_text(squares: list[Square]) -> str:
    """Cells for a sentence: "row 1, column 2 or at row 3, column 4"."""
    return " or at ".join(cell(s) for s in squares)


class Stuck(Exception):
    """A row, column or region has no cell left: the position has no solution.

    >>> issubclass(Stuck, Exception)
    True
    """


def singles(state: State) -> Iterator[Step]:
    grid = state.grid
    units = sorted(state.open_units(), key=lambda unit: unit[0] != "region")
    for kind, index, cells in units:
        if not cells:
            raise Stuck(f"{unit_name(grid, kind, index)} has no cell left")
        if len(cells) == 1:
            name = unit_name(grid, kind, index)
            why = f"{name[0].upper()}{name[1:]} has one cell left"
            yield _placing(state, cells[0], "single", why, cells)


def _lines_of(cells: list[Square], axis: int) -> int:
    mask = 0
    for square in cells:
        mask |= 1 << square[axis]
    return mask


def _line_cells(state: State, axis: int, line: int) -> list[Square]:
    return state.row_cells(line) if axis == 0 else state.column_cells(line)


AXES = ((0, "row"), (1, "column"))


def confined(state: State) -> Iterator[Step]:
    """A region within one line clears the line; a line within one region clears the region."""
    grid = state.grid
    units = list(state.open_units())
    regions = [(index, cells) for kind, index, cells in units if kind == "region"]
    for axis, word in AXES:
        for index, cells in regions:
            lines = list(bits(_lines_of(cells, axis)))
            if len(lines) == 1:
                others = set(_line_cells(state, axis, lines[0])) - set(cells)
                if others:
                    text = f"Region {grid.names[index]} lies within {word} {lines[0] + 1}"
                    text += f": the rest of {word} {lines[0] + 1} is cleared"
                    yield _clearing("confined", text, others, cells)
        for kind, line, cells in units:
            if kind != word:
                continue
            owners = {grid.region(*square) for square in cells}
            if len(owners) == 1:
                (region,) = owners
                others = set(state.region_cells(region)) - set(cells)
                if others:
                    text = f"{word.capitalize()} {line + 1} lies within region "
                    text += f"{grid.names[region]}: the rest of the region is cleared"
                    yield _clearing("confined", text, others, cells)


def covering_groups(spans: list[tuple[int, int]], size: int) -> Iterator[tuple[list[int], int]]:
    """Sets of ``size`` items whose spans (bitmasks) together cover no more than ``size``
    lines: (the items, the lines covered).  ``spans`` holds (item, span) pairs; a
    subset growing past ``size`` lines is dropped at once.  Shared by the one-star and
    the K-star explanations."""

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


def _group_steps(state: State, size: int, grade: int) -> Iterator[Step]:
    """Groups of ``size`` regions within as many lines (or lines within as many regions)
    that clear something."""
    grid = state.grid
    units = list(state.open_units())
    regions = {index: cells for kind, index, cells in units if kind == "region"}
    if size > len(regions) // 2:  # a group's complement is as good a group, and smaller
        return
    pair = " (two regions, two lines)" if size == 2 else ""
    for axis, word in AXES:
        spans = [(index, _lines_of(cells, axis)) for index, cells in regions.items()]
        for chosen, union in covering_groups(spans, size):
            inside = {s for index in chosen for s in regions[index]}
            lines = list(bits(union))
            others = {s for line in lines for s in _line_cells(state, axis, line)} - inside
            if others:
                names = ", ".join(grid.names[index] for index in chosen)
                text = f"Regions {names} lie within {word}s {_numbers(lines)}{pair}: "
                text += f"the rest of those {word}s is cleared"
                yield _clearing("group", text, others, sorted(inside), grade)
        lines_cells = {index: cells for kind, index, cells in units if kind == word}
        owners = [(line, _region_mask(grid, cells)) for line, cells in lines_cells.items()]
        for chosen, union in covering_groups(owners, size):
            inside = {s for line in chosen for s in lines_cells[line]}
            others = {s for region in bits(union) for s in regions.get(region, [])} - inside
            if others:
                names = ", ".join(grid.names[region] for region in bits(union))
                text = f"{word.capitalize()}s {_numbers(chosen)} lie within regions {names}: "
                text += "the rest of those regions is cleared"
                yield _clearing("group", text, others, sorted(inside), grade)


def _smallest_group(state: State, sizes: range, grade: int) -> Iterator[Step]:
    """Of the groups of the smallest size that clear something, one on neighbouring lines
    (or within neighbouring regions' lines) first."""
    for size in sizes:
        found = list(_group_steps(state, size, grade))
        if found:
            yield min(found, key=lambda step: _scattered(_lines_mask(step.focus)))
            return


def _lines_mask(squares: tuple[Square, ...]) -> int:
    """The rows of ``squares`` when they span fewer rows than columns, else the columns."""
    rows = _lines_of(list(squares), 0)
    columns = _lines_of(list(squares), 1)
    return rows if rows.bit_count() <= columns.bit_count() else columns


def groups(state: State) -> Iterator[Step]:
    """Two or three regions within as many lines clear those lines (and the other way)."""
    yield from _smallest_group(state, range(2, HARD_GROUP), LEVELS["group"])


def large_groups(state: State) -> Iterator[Step]:
    """Four to ``GROUP_MAX`` regions within as many lines (level 4)."""
    yield from _smallest_group(state, range(HARD_GROUP, GROUP_MAX + 1), HARD_GROUP)


def blocks(state: State) -> Iterator[Step]:
    """A row, column or region whose cells left lie within a 2 x 2 block clears the block's
    other cells (its queen is in the block, and a 2 x 2 block holds at most one queen)."""
    grid = state.grid
    for kind, index, cells in state.open_units():
        if len(cells) < 2:
            continue
        rows = _lines_of(cells, 0)
        columns = _lines_of(cells, 1)
        if rows.bit_count() > 2 or columns.bit_count() > 2:
            continue
        for row in _block_starts(rows, grid.n):
            for col in _block_starts(columns, grid.n):
                block = [(row + dr, col + dc) for dr in (0, 1) for dc in (0, 1)]
                others = {s for s in block if state.is_candidate(*s)} - set(cells)
                if others:
                    name = unit_name(grid, kind, index)
                    text = f"{name[0].upper()}{name[1:]} lies within the 2 x 2 block at "
                    text += f"rows {row + 1}-{row + 2}, columns {col + 1}-{col + 2}, which "
                    text += "holds at most one queen: the block's other cells are cleared"
                    yield _clearing("block", text, others, cells)


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


def _region_mask(grid: Grid, cells: list[Square]) -> int:
    mask = 0
    for square in cells:
        mask |= 1 << grid.region(*square)
    return mask


def emptied_unit(state: State, square: Square) -> str | None:
    """The row, column or region a queen at ``square`` would leave with no cell, or None."""
    after = state.copy()
    after.place(*square)
    empty = after.empty_unit()
    return None if empty is None else unit_name(state.grid, *empty)


def exclusions(state: State) -> Iterator[Step]:
    """Cells whose queen would empty a line or region, grouped by the unit they empty."""
    found: dict[str, list[Square]] = {}
    for square in sorted(_candidates(state)):
        unit = emptied_unit(state, square)
        if unit is not None:
            found.setdefault(unit, []).append(square)
    for unit, squares in found.items():
        text = f"A queen at {_cells_text(squares)} would leave {unit} with no cell"
        yield _clearing("exclusion", text, set(squares), squares)


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
        chain = _probe(state, square)
        if chain is not None:
            unit, forced, emptied = chain
            text = f"A queen at {cell(square)} would leave {unit} with one cell, "
            text += f"{cell(forced)}, and a queen there would leave {emptied} with no cell"
            yield _clearing("probe", text, {square}, [square, forced])
            return


CHAIN_MAX = 4
"""The most forced queens a ``chain`` step follows (a person keeps a few in mind)."""


def _chain(state: State, square: Square) -> tuple[list[tuple[str, Square]], str] | None:
    """The forced queens after a queen at ``square`` (each with the unit it is the only
    cell of), at most ``CHAIN_MAX``, until a unit has no cell: the chain and that unit;
    None if no unit empties so."""
    after = state.copy()
    after.place(*square)
    links: list[tuple[str, Square]] = []
    while True:
        forced = None
        for kind, index, cells in after.open_units():
            if not cells:
                return links, unit_name(state.grid, kind, index)
            if len(cells) == 1 and forced is None:
                forced = (unit_name(state.grid, kind, index), cells[0])
        if forced is None or len(links) == CHAIN_MAX:
            return None
        links.append(forced)
        after.place(*forced[1])


def chains(state: State) -> Iterator[Step]:
    """A cell whose queen forces a chain of queens ending with a unit with no cell: the
    shortest such chain (the first cell in reading order among those)."""
    best: tuple[int, Square, list[tuple[str, Square]], str] | None = None
    for square in sorted(_candidates(state)):
        found = _chain(state, square)
        if found is not None and (best is None or len(found[0]) < best[0]):
            best = (len(found[0]), square, *found)
    if best is None:
        return
    _, square, links, emptied = best
    text = f"A queen at {cell(square)} would leave "
    text += "; a queen there would leave ".join(
        f"{unit} with one cell, {cell(forced)}" for unit, forced in links
    )
    text += f"; and a queen there would leave {emptied} with no cell"
    yield _clearing("chain", text, {square}, [square, *(forced for _, forced in links)])


def _dead_end(state: State, square: Square) -> bool:
    trial = state.copy()
    trial.place(*square)
    return next(search(trial), None) is None


def splits(state: State) -> Iterator[Step]:
    """A case split on the smallest open unit: its cells whose queen leads to a dead end."""
    grid = state.grid
    units = [u for u in state.open_units() if len(u[2]) >= 2]
    if not units:
        return
    kind, index, cells = min(units, key=lambda unit: len(unit[2]))
    dead = [square for square in cells if _dead_end(state, square)]
    if dead:
        text = f"Case split on {unit_name(grid, kind, index)}: a queen at {_cells_text(dead)} "
        text += "leads to a "
        text += "dead end (tried)"
        yield _clearing("split", text, set(dead), cells)


RULES = (
    (1, singles),
    (2, confined),
    (3, groups),
    (3, blocks),
    (4, exclusions),
    (4, large_groups),
    (5, probes),
    (5, chains),
    (6, splits),
)
"""The rules in the order they are tried, each with its level."""


def next_step(state: State, hardest: int = LEVELS["split"]) -> Step | None:
    """The easiest deduction from ``state`` up to level ``hardest``, or None.

    Raises ``Stuck`` when ``state`` has a row, column or region with no cell left.
    """
    for level, rule in RULES:
        if level > hardest:
            break
        for step in rule(state):
            return step
    return None


class NotUnique(Exception):
    """The grid has several solutions: no chain of deductions reaches one of them.

    >>> from queens.puzzle.grid import parse_grid
    >>> try:
    ...     explain(parse_grid("\\n".join(["AAAA", "BBBB", "CCCC", "DDDD"])))
    ... except NotUnique as error:
    ...     print(error)
    the grid has more than one solution
    """


UNIQUE_BUDGET = 2_000_000
"""Queens the compiled kernel places, at most, looking for two solutions before the
deductions start (well under a second): a grid with many solutions is known not unique
at once, not after minutes of deductions (a 62 x 62 grid whose regions are its rows took
over 400 s); past it the deductions tell, as they do without the kernel."""


def _several_solutions(grid: Grid) -> bool:
    """True when the kernel finds two solutions of ``grid`` within ``UNIQUE_BUDGET``."""
    try:
        found = kernel.solve_regions(grid.n, bytes(grid.cells), 2, budget=UNIQUE_BUDGET)
    except kernel.OverBudget:
        return False
    return found is not None and found[0] >= 2


def explain(grid: Grid, hardest: int = LEVELS["split"]) -> Explanation:
    """The steps from the empty grid to its solution, each the easiest one left.

    Raises ``Stuck`` for a grid with no solution and ``NotUnique`` for a grid
    with several; stops early (``solution`` None) when a step harder than ``hardest``
    would be needed.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
    >>> for step in explain(grid).steps[:2]:
    ...     print(step.kind, step.text)
    confined Region A lies within row 1: the rest of row 1 is cleared (3 cleared)
    confined Row 2 lies within region B: the rest of the region is cleared (1 cleared)
    """
    if hardest >= LEVELS["split"] and _several_solutions(grid):
        raise NotUnique("the grid has more than one solution")
    state = State.start(grid)
    explanation = Explanation()
    while not state.solved:
        step = next_step(state, hardest)
        if step is None:
            if hardest >= LEVELS["split"]:  # no cell of the smallest unit is a dead end
                raise NotUnique("the grid has more than one solution")
            return explanation
        explanation.steps.append(step)
        apply(state, step)
    explanation.solution = tuple(state.queen)
    return explanation


__all__ = [
    "DIFFICULTIES",
    "Explanation",
    "NotUnique",
    "Step",
    "Stuck",
    "difficulty_name",
    "explain",
    "level_reason",
]
