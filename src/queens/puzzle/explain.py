"""The solution as a person finds it: a sequence of deductions, each with its reason.

At every point the easiest deduction that changes something is taken:

1. ``single``: a row, column or region with one cell left holds its queen there (which
   clears that queen's row, column, region and the cells touching it).
2. ``confined``: a region whose cells all lie in one row (or column) takes that line's
   queen, so the rest of the line is cleared; and a row (or column) whose cells all lie
   in one region clears the rest of that region.
3. ``group``: k regions whose cells all lie within k rows (or columns) take those lines'
   queens, so the lines' other cells are cleared; and k lines lying within k regions clear
   the rest of those regions.
4. ``exclusion``: a cell whose queen would leave some row, column or region with no cell
   (touching included) cannot hold one.
5. ``split``: only when nothing else applies, a case split: a cell of the smallest open
   row, column or region whose queen leads to a dead end is cleared.

The difficulty of a puzzle is the level of the hardest step its explanation needs:
easy (1-2), medium (3), hard (4), and 5 when it needs a case split (guessing).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from queens.puzzle.grid import Grid
from queens.puzzle.solve import Square, State, bits, search

LEVELS = {"single": 1, "confined": 2, "group": 3, "exclusion": 4, "split": 5}
"""Each kind of step and its level of difficulty."""

DIFFICULTIES = ("easy", "medium", "hard")
"""The difficulties generate takes; see ``difficulty_name``."""

GROUP_MAX = 6
"""The largest group of regions (or lines) the ``group`` step looks at: a person does not
hold more in mind, and beyond it the subsets grow too many to try on big grids."""


def difficulty_name(level: int) -> str:
    """easy (levels 1-2), medium (3), hard (4), expert (5: needs a case split)."""
    if level <= LEVELS["confined"]:
        return "easy"
    if level == LEVELS["group"]:
        return "medium"
    if level == LEVELS["exclusion"]:
        return "hard"
    return "expert"


REASONS = {
    1: "a row, column or region with one cell left",
    2: "a region within one line, or a line within one region",
    3: "k regions within k lines, or k lines within k regions",
    4: "a queen that would leave a row, column or region with no cell",
    5: "a case split",
}


def level_reason(level: int) -> str:
    """What the steps of a level rest on.

    >>> level_reason(3)
    'k regions within k lines, or k lines within k regions'
    """
    return REASONS[level]


@dataclass(frozen=True)
class Step:
    """One deduction: its kind, a sentence saying why, the queens it places, the cells it
    clears (a placed queen's consequences included) and the cells its reason is about."""

    kind: str
    text: str
    place: tuple[Square, ...] = ()
    clear: tuple[Square, ...] = ()
    focus: tuple[Square, ...] = ()

    @property
    def level(self) -> int:
        return LEVELS[self.kind]

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "level": self.level,
            "text": self.text,
            "place": [list(s) for s in self.place],
            "clear": [list(s) for s in self.clear],
            "focus": [list(s) for s in self.focus],
        }


@dataclass
class Explanation:
    """The steps from the empty grid to the solution, and how hard the hardest one was."""

    steps: list[Step] = field(default_factory=list)
    solution: tuple[int, ...] | None = None

    @property
    def level(self) -> int:
        return max((step.level for step in self.steps), default=1)

    @property
    def difficulty(self) -> str:
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
    region = state.grid.name(*square)
    text = f"{why}: a queen at {cell(square)} (region {region})"
    if cleared:
        text += f", which clears {len(cleared)} cell{'s' if len(cleared) != 1 else ''}"
    return Step(kind, text, (square,), tuple(cleared), tuple(focus))


def _clearing(kind: str, text: str, clear: set[Square], focus: list[Square]) -> Step:
    return Step(kind, f"{text} ({len(clear)} cleared)", (), tuple(sorted(clear)), tuple(focus))


class Stuck(Exception):
    """A row, column or region has no cell left: the position has no solution."""


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


def _groups(spans: list[tuple[int, int]], largest: int) -> Iterator[tuple[list[int], int]]:
    """Sets of 2..``largest`` items whose spans (bitmasks) together cover no more lines
    than there are items: (the items, the lines covered)."""

    def grow(start: int, chosen: list[int], union: int) -> Iterator[tuple[list[int], int]]:
        if len(chosen) >= 2 and union.bit_count() <= len(chosen):
            yield chosen, union
            return
        if len(chosen) == largest:
            return
        for i in range(start, len(spans)):
            item, span = spans[i]
            joined = union | span
            if joined.bit_count() <= largest:
                yield from grow(i + 1, [*chosen, item], joined)

    yield from grow(0, [], 0)


def groups(state: State) -> Iterator[Step]:
    """k regions within k lines clear those lines; k lines within k regions clear those regions."""
    grid = state.grid
    units = list(state.open_units())
    regions = {index: cells for kind, index, cells in units if kind == "region"}
    largest = min(GROUP_MAX, len(regions) // 2)
    for axis, word in AXES:
        spans = [(index, _lines_of(cells, axis)) for index, cells in regions.items()]
        for chosen, union in _groups(spans, largest):
            inside = {s for index in chosen for s in regions[index]}
            lines = list(bits(union))
            others = {s for line in lines for s in _line_cells(state, axis, line)} - inside
            if others:
                names = ", ".join(grid.names[index] for index in chosen)
                text = f"Regions {names} lie within {word}s {_numbers(lines)}: "
                text += f"the rest of those {word}s is cleared"
                yield _clearing("group", text, others, sorted(inside))
        lines_cells = {index: cells for kind, index, cells in units if kind == word}
        owners = [(line, _region_mask(grid, cells)) for line, cells in lines_cells.items()]
        for chosen, union in _groups(owners, largest):
            inside = {s for line in chosen for s in lines_cells[line]}
            others = {s for region in bits(union) for s in regions.get(region, [])} - inside
            if others:
                names = ", ".join(grid.names[region] for region in bits(union))
                text = f"{word.capitalize()}s {_numbers(chosen)} lie within regions {names}: "
                text += "the rest of those regions is cleared"
                yield _clearing("group", text, others, sorted(inside))


def _region_mask(grid: Grid, cells: list[Square]) -> int:
    mask = 0
    for square in cells:
        mask |= 1 << grid.region(*square)
    return mask


def emptied_unit(state: State, square: Square) -> str | None:
    """The row, column or region a queen at ``square`` would leave with no cell, or None."""
    after = state.copy()
    after.place(*square)
    for kind, index, cells in after.open_units():
        if not cells:
            return unit_name(state.grid, kind, index)
    return None


def exclusions(state: State) -> Iterator[Step]:
    """Cells whose queen would empty a line or region, grouped by the unit they empty."""
    found: dict[str, list[Square]] = {}
    for square in sorted(_candidates(state)):
        unit = emptied_unit(state, square)
        if unit is not None:
            found.setdefault(unit, []).append(square)
    for unit, squares in found.items():
        where = "; ".join(cell(s) for s in squares)
        text = f"A queen at {where} would leave {unit} with no cell"
        yield _clearing("exclusion", text, set(squares), squares)


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
        where = "; ".join(cell(s) for s in dead)
        text = f"Case split on {unit_name(grid, kind, index)}: a queen at {where} leads to a "
        text += "dead end (tried)"
        yield _clearing("split", text, set(dead), cells)


RULES = (singles, confined, groups, exclusions, splits)


def next_step(state: State, hardest: int = LEVELS["split"]) -> Step | None:
    """The easiest deduction from ``state`` up to level ``hardest``, or None.

    Raises ``Stuck`` when ``state`` has a row, column or region with no cell left.
    """
    for rule in RULES[:hardest]:
        for step in rule(state):
            return step
    return None


class NotUnique(Exception):
    """The grid has several solutions: no chain of deductions reaches one of them."""


def explain(grid: Grid, hardest: int = LEVELS["split"]) -> Explanation:
    """The steps from the empty grid to its solution, each the easiest one left.

    Raises ``Stuck`` for a grid with no solution and ``NotUnique`` for a grid
    with several; stops early (``solution`` None) when a step harder than ``hardest``
    would be needed.
    """
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
