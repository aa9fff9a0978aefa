"""``Puzzle``: a region puzzle (or Star Battle) played in a notebook.

The rules and comforts are the web page's (``queens.widgets.marks``: clashes, auto-cross,
undo and redo); checks and hints are the library's (``queens.puzzle.play``, for
every K), computed here in Python.  ``static/widgets.js`` draws the grid and sends
each click and key as a move; ``widget.place(row, col)`` from a cell is the same move.
The grid counts as solved once every queen is placed, no rule is broken and the solver
agrees (``play.check``): only then is ``solved`` set and ``on_solved`` called.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from queens.puzzle import levels, play
from queens.puzzle.grid import Grid, GridError
from queens.puzzle.json_level import parse_puzzle
from queens.puzzle.solve import check_limits
from queens.show.puzzle import region_color
from queens.widgets._base import Handlers, Widget, traitlets
from queens.widgets.marks import CROSS, EMPTY, QUEEN, Marks

__all__ = ["MAX_N", "Puzzle"]

MAX_N = 20
"""The largest grid played (as the web page: the hints of bigger ones get slow)."""

Square = tuple[int, int]

_CELLS = ("place", "clear", "focus")
"""The cells of a hint's step (``queens.puzzle.schema``): stars placed, cells cleared, the
cells its reason is about."""


def as_grid(grid_or_level: Grid | str | int, stars: int = 1) -> Grid:
    """A ``Grid``, grid text (or a JSON level), or a level number of the archive (one star).

    >>> as_grid(1).n, as_grid("AAB\\nCAB\\nCCB").names
    (7, ('A', 'B', 'C'))
    """
    if isinstance(grid_or_level, Grid):
        grid = grid_or_level
    elif isinstance(grid_or_level, str):
        grid = parse_puzzle(grid_or_level, max_n=MAX_N)
    elif isinstance(grid_or_level, int) and not isinstance(grid_or_level, bool):
        if stars != 1:
            raise ValueError("the level archive is of one-star grids: give the grid itself")
        if not 1 <= grid_or_level <= levels.CYCLE:
            raise ValueError(f"levels go from 1 to {levels.CYCLE}, not {grid_or_level}")
        grid = levels.level(grid_or_level).grid
    else:
        raise TypeError(f"expected a Grid, grid text or a level number, got {grid_or_level!r}")
    if grid.n > MAX_N:
        raise GridError(f"a grid of {grid.n} rows is over the widget's {MAX_N}")
    check_limits(grid, stars)
    return grid


class Puzzle(Widget):
    """A region puzzle with ``stars`` queens a row, column and region, to play.

    ``marks`` is the board as the player left it, a string a row (``.`` empty, ``x``
    crossed, ``q`` a queen); ``solved`` turns true when the grid is solved (then the
    functions given to ``on_solved`` are called with the widget).

    >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")  # or a Grid, or a level number: Puzzle(1)
    >>> puzzle.place(0, 1)  # a queen crosses what it rules out (auto-cross)
    >>> puzzle.marks
    ['xqxx', 'xxx.', '.x..', '.x..']
    >>> for row, col in [(1, 3), (2, 0), (3, 2)]:
    ...     puzzle.place(row, col)
    >>> puzzle.solved, puzzle.message
    (True, 'Solved!')
    >>> Puzzle("AB\\nBAA")
    Traceback (most recent call last):
    ...
    queens.puzzle.grid.GridError: grid line 2, column 3: 3 cells, but line 1 has 2
    """

    kind = traitlets.Unicode("puzzle").tag(sync=True)

    n = traitlets.Int().tag(sync=True)
    stars = traitlets.Int(1).tag(sync=True)
    cells: traitlets.List[Any] = traitlets.List().tag(sync=True)
    names: traitlets.List[Any] = traitlets.List().tag(sync=True)
    colors: traitlets.List[Any] = traitlets.List().tag(sync=True)
    board: traitlets.List[Any] = traitlets.List().tag(sync=True)
    clashes: traitlets.List[Any] = traitlets.List().tag(sync=True)
    wrong: traitlets.List[Any] = traitlets.List().tag(sync=True)
    hint_cells = traitlets.Dict().tag(sync=True)
    counts: traitlets.List[Any] = traitlets.List().tag(sync=True)
    """The queens each row, column and region holds (rows, then columns, then regions)."""
    message = traitlets.Unicode("").tag(sync=True)
    solved = traitlets.Bool(False).tag(sync=True)
    hints = traitlets.Int(0).tag(sync=True)
    checks = traitlets.Int(0).tag(sync=True)
    autocross = traitlets.Bool(True).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_redo = traitlets.Bool(False).tag(sync=True)

    def __init__(self, grid_or_level: Grid | str | int, stars: int = 1) -> None:
        grid = as_grid(grid_or_level, stars)
        super().__init__(
            n=grid.n,
            stars=stars,
            cells=list(grid.cells),
            names=list(grid.names),
            colors=[region_color(region) for region in range(grid.n)],
        )
        self.grid = grid
        self._marks = Marks(grid, stars)
        self._hint: dict[str, Any] | None = None
        self._solved_callbacks: list[Callable[[Puzzle], object]] = []
        self.observe(self._on_autocross, names="autocross")
        self._settle()

    # -- reading the position ----------------------------------------------------------------

    @property
    def marks(self) -> list[str]:
        """The marks a row: ``.`` empty, ``x`` crossed, ``q`` a queen.

        >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")
        >>> puzzle.marks == ["...."] * 4  # every cell empty
        True
        >>> puzzle.cross(3, 0)
        >>> puzzle.place(0, 1)
        >>> puzzle.marks
        ['xqxx', 'xxx.', '.x..', 'xx..']
        """
        return self._marks.rows()

    @property
    def queens(self) -> list[Square]:
        """The cells holding a queen, (row, column) 0-based, in reading order.

        >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")
        >>> puzzle.place(2, 0)
        >>> puzzle.place(0, 1)
        >>> puzzle.queens
        [(0, 1), (2, 0)]
        """
        return [self._marks.square(cell) for cell in self._marks.queens()]

    @property
    def crosses(self) -> list[Square]:
        """The crossed cells (the player's and the auto-cross's), (row, column) 0-based.

        >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")
        >>> puzzle.cross(1, 1)
        >>> puzzle.crosses
        [(1, 1)]
        >>> puzzle.place(3, 3)  # crosses its row, column, region and neighbours
        >>> len(puzzle.crosses)
        8
        """
        return [self._marks.square(cell) for cell in self._marks.crosses()]

    def on_solved(self, callback: Callable[[Puzzle], object]) -> None:
        """Call ``callback(widget)`` when the grid gets solved.

        >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")
        >>> puzzle.on_solved(lambda widget: print("Solved with", widget.queens))
        >>> for row, col in [(0, 1), (1, 3), (2, 0), (3, 2)]:
        ...     puzzle.place(row, col)
        Solved with [(0, 1), (1, 3), (2, 0), (3, 2)]
        """
        self._solved_callbacks.append(callback)

    # -- moves (each one undoable) ----------------------------------------------------------

    def place(self, row: int, col: int) -> None:
        """A queen on (row, col), 0-based.

        >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")
        >>> puzzle.place(3, 2)
        >>> puzzle.marks
        ['..x.', '..x.', '.xxx', 'xxqx']
        >>> puzzle.place(4, 0)
        Traceback (most recent call last):
        ...
        ValueError: (4, 0) is not a cell of the 4 x 4 grid
        """
        self._move(lambda: self._marks.set(self._cell(row, col), QUEEN))

    def cross(self, row: int, col: int) -> None:
        """A cross on (row, col): no queen goes there.

        >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")
        >>> puzzle.cross(0, 3)
        >>> puzzle.cross(1, 3)
        >>> puzzle.crosses
        [(0, 3), (1, 3)]
        """
        self._move(lambda: self._marks.set(self._cell(row, col), CROSS))

    def clear(self, row: int, col: int) -> None:
        """Empty (row, col): its queen or cross off.

        >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")
        >>> puzzle.place(0, 1)
        >>> puzzle.clear(0, 1)  # the queen's crosses go with it
        >>> puzzle.queens, puzzle.crosses
        ([], [])
        """
        self._move(lambda: self._marks.set(self._cell(row, col), EMPTY))

    def undo(self) -> bool:
        """Take the last move back; whether there was one.

        >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")
        >>> puzzle.undo()
        False
        >>> puzzle.place(0, 1)
        >>> puzzle.undo(), puzzle.queens, puzzle.crosses
        (True, [], [])
        """
        return self._travel(self._marks.undo)

    def redo(self) -> bool:
        """Make the last move undone again; whether there was one.

        >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")
        >>> puzzle.place(0, 1)
        >>> puzzle.undo(), puzzle.redo(), puzzle.marks[0]
        (True, True, 'xqxx')
        >>> puzzle.redo()
        False
        """
        return self._travel(self._marks.redo)

    def reset(self) -> None:
        """Every mark off (undoable), the grid playable again.

        >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")
        >>> puzzle.place(0, 1)
        >>> puzzle.reset()
        >>> puzzle.queens, puzzle.crosses
        ([], [])
        >>> puzzle.undo(), puzzle.queens
        (True, [(0, 1)])
        """
        self.solved = False
        self._move(self._marks.reset)

    def hint(self) -> str:
        """The next deduction from the player's marks, shown on the board; its text (or
        why there is none: mistakes to undo first, the grid solved).  As on the web page, a
        mistake blocks the hint: wrong queens are outlined, wrong crosses only counted (a
        cross named would say where a queen goes); either answer counts as a hint used.

        >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")
        >>> puzzle.hint()
        'The cells left in region B lie in column 4: the rest of column 4 is cleared (1 cleared)'
        >>> puzzle.place(0, 0)
        >>> puzzle.hint().split(". ")[0]  # no deduction from a wrong position
        "1 queen is wrong (outlined); 2 crosses cover a queen's cell"
        >>> puzzle.wrong, puzzle.hints  # the wrong queen's cell is outlined
        ([0], 2)
        """
        self._clear_flags()
        verdict = self._check()
        if verdict.solved:
            return self._say("Solved!")
        if verdict.wrong:
            bad = [s for s in verdict.wrong if self._is_queen(s)]
            self.wrong = [self._marks.cell(s) for s in bad]
            self.hints += 1
            return self._say(play.mistakes_message(len(bad), len(verdict.wrong) - len(bad)))
        try:
            step = self._next_step()
        except play.NoHint as error:
            return self._say(str(error) or "No deduction from here.")
        self.hints += 1
        self._hint = step
        self.hint_cells = {
            name: [self._marks.cell(s) for s in step.get(name, ())] for name in _CELLS
        }
        return self._say(str(step["text"]))

    def apply_hint(self) -> None:
        """Make the move the hint shown says: its queens placed, its cells crossed.

        >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")
        >>> puzzle.hint()
        'The cells left in region B lie in column 4: the rest of column 4 is cleared (1 cleared)'
        >>> puzzle.apply_hint()
        >>> puzzle.crosses
        [(3, 3)]
        """
        step = self._hint
        if step is None:
            return

        def change() -> None:
            for square in step.get("place", ()):
                self._marks.put(self._marks.cell(square), QUEEN)
            for square in step.get("clear", ()):
                cell = self._marks.cell(square)
                if self._marks.marks[cell] == EMPTY:
                    self._marks.put(cell, CROSS)

        self._move(change, remember=True)

    def check(self) -> str:
        """Compare the queens with the solution, as the web page does: the wrong ones
        outlined; crosses are never judged (a wrong cross would say where a queen goes).

        >>> puzzle = Puzzle("AAAB\\nCAAB\\nCCDB\\nCCDD")
        >>> puzzle.place(0, 1)
        >>> puzzle.check()
        'Your queen is right so far.'
        >>> puzzle.place(3, 3)
        >>> puzzle.check(), puzzle.checks
        ('1 queen is not where the solution has one (outlined).', 2)
        """
        self._clear_flags()
        placed = self.queens
        if not placed:
            return self._say("No queen to check yet (Check judges queens, never crosses).")
        verdict = play.check(self.grid, placed, [], self.stars)
        self.checks += 1
        self.wrong = [self._marks.cell(s) for s in verdict.wrong]
        if verdict.wrong:
            many = len(verdict.wrong) > 1
            return self._say(
                f"{len(verdict.wrong)} queen{'s are' if many else ' is'} not where the "
                "solution has one (outlined)."
            )
        return self._say(
            f"{'Your queen is' if len(placed) == 1 else f'All {len(placed)} queens are'} "
            "right so far."
        )

    def _say(self, message: str) -> str:
        self.message = message
        self.changed()
        return message

    # -- the browser's messages --------------------------------------------------------------

    def _handlers(self) -> Handlers:
        return {
            "cycle": lambda m: self._on_cell(m, lambda cell: self._marks.cycle(cell)),
            "toggle": lambda m: self._on_cell(m, lambda cell: self._marks.toggle(cell, _mark(m))),
            "clear": lambda m: self._on_cell(m, lambda cell: self._marks.set(cell, EMPTY)),
            "paint": self._paint,
            "undo": lambda _: self.undo(),
            "redo": lambda _: self.redo(),
            "hint": lambda _: self.hint(),
            "apply-hint": lambda _: self.apply_hint(),
            "check": lambda _: self.check(),
            "reset": lambda _: self.reset(),
        }

    def _on_cell(self, message: dict[str, Any], change: Callable[[int], None]) -> None:
        cell = message.get("cell")
        if type(cell) is int and 0 <= cell < self.n * self.n:
            self._move(lambda: change(cell))

    def _paint(self, message: dict[str, Any]) -> None:
        """A drag: crosses on the empty cells passed over (or off, starting on a cross)."""
        cells = message.get("cells")
        if not isinstance(cells, list) or not all(
            type(c) is int and 0 <= c < self.n * self.n for c in cells
        ):
            return
        erase = message.get("erase") is True
        marks = self._marks

        def change() -> None:
            for cell in cells:
                if erase and marks.marks[cell] == CROSS:
                    marks.put(cell, EMPTY)
                elif not erase and marks.marks[cell] == EMPTY:
                    marks.put(cell, CROSS)

        self._move(change, remember=True)

    # -- the game ----------------------------------------------------------------------------

    def _cell(self, row: int, col: int) -> int:
        if not (0 <= row < self.n and 0 <= col < self.n):
            raise ValueError(f"({row}, {col}) is not a cell of the {self.n} x {self.n} grid")
        return row * self.n + col

    def _is_queen(self, square: Square) -> bool:
        return self._marks.marks[self._marks.cell(square)] == QUEEN

    def _move(self, change: Callable[[], object], remember: bool = False) -> None:
        """One move (``remember``: kept for undo here, not by ``change``): nothing once
        solved; the flags of a hint or check go, the rest follows."""
        if self.solved:
            return
        if remember:
            self._marks.remember()
        change()
        self._clear_flags()
        self.message = ""
        self._settle()

    def _travel(self, way: Callable[[], bool]) -> bool:
        if self.solved:
            return False
        moved = way()
        if moved:
            self._clear_flags()
            self._settle()
        return moved

    def _on_autocross(self, change: dict[str, Any]) -> None:
        self._marks.autocross = bool(change["new"])

    def _clear_flags(self) -> None:
        self._hint = None
        self.hint_cells = {}
        self.wrong = []

    def _check(self) -> play.Check:
        return play.check(self.grid, self.queens, self.crosses, self.stars)

    def _next_step(self) -> dict[str, Any]:
        """The next deduction as the page draws it: ``text``, ``place``, ``clear``, ``focus``
        (their cells as (row, column) pairs)."""
        step = play.hint(self.grid, self.queens, self.crosses, self.stars)
        cells = (step["place"], step["clear"], step["focus"])
        return {
            "text": step["text"],
            **{
                name: [(row, col) for row, col in of]
                for name, of in zip(_CELLS, cells, strict=True)
            },
        }

    def _settle(self) -> None:
        marks = self._marks
        with self.hold_sync():
            self.changed()
            self.board = list(marks.marks)
            self.clashes = sorted(marks.clashes())
            self.counts = marks.unit_counts()
            self.can_undo, self.can_redo = marks.can_undo, marks.can_redo
            newly = not self.solved and marks.complete() and self._check().solved
            if newly:
                self.solved = True
                self.message = "Solved!"
        if newly:
            for callback in self._solved_callbacks:
                callback(self)


def _mark(message: dict[str, Any]) -> int:
    return QUEEN if message.get("mark") == "queen" else CROSS
