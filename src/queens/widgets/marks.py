"""A player's marks on a region puzzle, under the rules of the web page's game
(``queens/web/static/puzzle.js``).

Each cell is empty, crossed (the player says no queen goes there) or holds a queen.  With
one star, a queen rules out its row, column and region and the eight cells around it;
with K stars, the cells around it, and a row, column or region once it holds its K
queens.  A queen placed crosses the empty cells it rules out (auto-cross: those crosses
belong to it) and takes them back when lifted, unless another queen rules them out too.
Every move can be undone and redone.  Cells are numbered ``row * n + col`` (0-based).

No anywidget here: ``queens.widgets.Puzzle`` draws these marks and sends the clicks.

>>> from queens.puzzle.grid import parse_grid
>>> marks = Marks(parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD"))
>>> marks.set(1, QUEEN)
>>> marks.rows()
['xqxx', 'xxx.', '.x..', '.x..']
>>> marks.set(1, EMPTY)
>>> marks.rows() == ["...."] * 4  # (a "...." shown would match anything: doctest's ELLIPSIS)
True
>>> marks.undo(), marks.rows()[0]
(True, 'xqxx')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from queens.puzzle.grid import Grid

EMPTY, CROSS, QUEEN = 0, 1, 2
"""The three states of a cell, in the order a tap cycles through them."""

MARK_CHARS = ".xq"
"""A cell's state as a character (the page's saved form): ``.`` empty, ``x``, ``q``."""

MAX_UNDO = 500
"""Moves remembered for undo (as the page)."""


@dataclass
class _Snapshot:
    marks: list[int]
    owner: list[int]


@dataclass
class Marks:
    """The marks of one game: ``marks[cell]`` (EMPTY, CROSS or QUEEN) and, for a cross put
    by auto-cross, ``owner[cell]``, the queen that put it (-1 for none)."""

    grid: Grid
    stars: int = 1
    autocross: bool = True
    marks: list[int] = field(default_factory=list)
    owner: list[int] = field(default_factory=list)
    _undo: list[_Snapshot] = field(default_factory=list, repr=False)
    _redo: list[_Snapshot] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        size = self.grid.n * self.grid.n
        self.marks = self.marks or [EMPTY] * size
        self.owner = self.owner or [-1] * size

    # -- the rules --------------------------------------------------------------------------

    def units(self, cell: int) -> tuple[int, int, int]:
        """A cell's row, column (``n + col``) and region (``2n + region``)."""
        n = self.grid.n
        row, col = divmod(cell, n)
        return row, n + col, 2 * n + self.grid.cells[cell]

    def queens(self) -> list[int]:
        return [cell for cell, mark in enumerate(self.marks) if mark == QUEEN]

    def crosses(self) -> list[int]:
        return [cell for cell, mark in enumerate(self.marks) if mark == CROSS]

    def unit_counts(self) -> list[int]:
        """How many queens each unit (row, column, region) holds."""
        counts = [0] * (3 * self.grid.n)
        for queen in self.queens():
            for unit in self.units(queen):
                counts[unit] += 1
        return counts

    def touching(self, a: int, b: int) -> bool:
        (ra, ca), (rb, cb) = divmod(a, self.grid.n), divmod(b, self.grid.n)
        return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1

    def attacks(self, a: int, b: int, counts: list[int]) -> bool:
        """Whether a queen on ``a`` rules out a queen on ``b`` (``counts``: unit_counts())."""
        if a == b:
            return False
        if self.touching(a, b):
            return True
        pairs = zip(self.units(a), self.units(b), strict=True)
        shared = (mine for mine, theirs in pairs if mine == theirs)
        return any(self.stars == 1 or counts[unit] >= self.stars for unit in shared)

    def clashes(self) -> set[int]:
        """The queens that break a rule: both of two touching queens (one star: two in a row,
        column or region too), and with K stars every queen of a unit holding more than K."""
        placed, counts, bad = self.queens(), self.unit_counts(), set[int]()
        for i, a in enumerate(placed):
            for b in placed[i + 1 :]:
                if self.touching(a, b) if self.stars > 1 else self.attacks(a, b, counts):
                    bad.update((a, b))
        if self.stars > 1:
            bad.update(q for q in placed if any(counts[u] > self.stars for u in self.units(q)))
        return bad

    def complete(self) -> bool:
        """Every queen placed and no rule broken: the grid solved by the rules."""
        return len(self.queens()) == self.grid.n * self.stars and not self.clashes()

    # -- moves ------------------------------------------------------------------------------

    def set(self, cell: int, mark: int) -> None:
        """One move: ``cell`` gets ``mark`` (auto-crosses follow), remembered for undo."""
        if self.marks[cell] == mark:
            return
        self.remember()
        self.put(cell, mark)

    def cycle(self, cell: int) -> None:
        """A tap: empty, then a cross, then a queen, then empty again."""
        self.set(cell, (self.marks[cell] + 1) % 3)

    def toggle(self, cell: int, mark: int) -> None:
        """A key: ``mark`` on, or off again if the cell has it."""
        self.set(cell, EMPTY if self.marks[cell] == mark else mark)

    def put(self, cell: int, mark: int) -> None:
        """``cell`` gets ``mark`` within a move already remembered."""
        if self.marks[cell] == QUEEN:
            self._lift_crosses(cell)
        self.marks[cell] = mark
        self.owner[cell] = -1
        if mark == QUEEN and self.autocross:
            self._auto_cross(cell)

    def _auto_cross(self, queen: int) -> None:
        counts = self.unit_counts()
        for cell, mark in enumerate(self.marks):
            if mark == EMPTY and self.attacks(queen, cell, counts):
                self.marks[cell], self.owner[cell] = CROSS, queen

    def _lift_crosses(self, queen: int) -> None:
        self.marks[queen] = EMPTY  # the counts without it
        others, counts = self.queens(), self.unit_counts()
        for cell, owner in enumerate(self.owner):
            if owner != queen:
                continue
            keeper = next((q for q in others if self.attacks(q, cell, counts)), -1)
            if self.marks[cell] == CROSS and keeper == -1:
                self.marks[cell] = EMPTY
            self.owner[cell] = keeper

    def remember(self) -> None:
        """Keep the marks before a move for undo (a new move forgets what was undone)."""
        self._undo.append(_Snapshot(self.marks.copy(), self.owner.copy()))
        del self._undo[:-MAX_UNDO]
        self._redo.clear()

    def undo(self) -> bool:
        """Take back the last move; False when there is none."""
        return self._travel(self._undo, self._redo)

    def redo(self) -> bool:
        """Make the last move undone again; False when there is none."""
        return self._travel(self._redo, self._undo)

    def _travel(self, source: list[_Snapshot], target: list[_Snapshot]) -> bool:
        if not source:
            return False
        target.append(_Snapshot(self.marks.copy(), self.owner.copy()))
        snapshot = source.pop()
        self.marks, self.owner = snapshot.marks, snapshot.owner
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def reset(self) -> None:
        """Every cell empty again (a move of its own: it can be undone)."""
        self.remember()
        self.marks = [EMPTY] * len(self.marks)
        self.owner = [-1] * len(self.owner)

    def rows(self) -> list[str]:
        """The marks a row a string: ``.`` empty, ``x`` crossed, ``q`` a queen."""
        n = self.grid.n
        text = "".join(MARK_CHARS[mark] for mark in self.marks)
        return [text[row * n : (row + 1) * n] for row in range(n)]

    def cell(self, square: tuple[int, int]) -> int:
        row, col = square
        return row * self.grid.n + col

    def square(self, cell: int) -> tuple[int, int]:
        row, col = divmod(cell, self.grid.n)
        return row, col
