"""Search with propagation for hard boards: completion puzzles, reserved squares.

Rows and columns are both variables.  A row's domain is the set of columns
where its queen may still stand, a column's domain the set of rows where
its queen may still stand, each a Python int used as a bitset.  Placing a
queen strikes out every square it attacks from the domains of the rows and
columns still open; a row or column left with one square is forced (its
queen is placed at once, and that propagates in turn) and one left with
none is a dead end.  This runs to a fixpoint after every decision.

Decisions are two-way: on the open row or column with the fewest squares
left (most constrained first), either the queen goes on one of its squares,
or that square is struck out.  Every board with a solution has one on some
branch, so exhausting the tree proves there is none.

Before any decision, :func:`checked_root` also checks the diagonal-sum
identity (:mod:`queens.engines.diagonal_sums`), which refutes many boards
with excluded diagonals outright and strikes out squares on others.

Boards arrive as ``allowed`` masks per row (see
:meth:`queens.board.Board.allowed_masks`), so fixed queens are rows with a
single allowed square and are placed by the first propagation.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from queens.engines import verdict
from queens.engines.budget import NEVER, Deadline
from queens.engines.verdict import Verdict

Domains = dict[int, int]
"""Open rows (or columns) to the bitset of columns (or rows) still possible."""

Placed = dict[int, int]
"""Row to column of every queen placed so far."""

Square = tuple[int, int]


class State:
    """The domains of the open rows and columns, and the queens placed."""

    __slots__ = ("cols", "placed", "rows")

    def __init__(self, rows: Domains, cols: Domains, placed: Placed) -> None:
        self.rows = rows
        self.cols = cols
        self.placed = placed

    @classmethod
    def from_allowed(cls, allowed: Sequence[int]) -> State:
        n = len(allowed)
        full = (1 << n) - 1
        rows = {r: mask & full for r, mask in enumerate(allowed)}
        cols = dict.fromkeys(range(n), 0)
        for r, mask in rows.items():
            bit = 1 << r
            while mask:
                low = mask & -mask
                cols[low.bit_length() - 1] |= bit
                mask ^= low
        return cls(rows, cols, {})

    def copy(self) -> State:
        return State(self.rows.copy(), self.cols.copy(), self.placed.copy())

    def solution(self) -> list[int]:
        """The columns of a complete placement, row by row."""
        return [self.placed[r] for r in range(len(self.placed))]

    # -- propagation ---------------------------------------------------------

    def initial_forced(self) -> list[Square] | None:
        """Squares forced before any decision, or None when a row or column has none."""
        forced: list[Square] = []
        for r, mask in self.rows.items():
            if not mask:
                return None
            if mask & (mask - 1) == 0:
                forced.append((r, mask.bit_length() - 1))
        for c, mask in self.cols.items():
            if not mask:
                return None
            if mask & (mask - 1) == 0:
                forced.append((mask.bit_length() - 1, c))
        return forced

    def propagate(self, pending: list[Square]) -> bool:
        """Place the queens in ``pending`` and everything they force; False at a dead end."""
        rows, cols, placed = self.rows, self.cols, self.placed
        while pending:
            r, c = pending.pop()
            if r not in rows:
                if placed[r] != c:
                    return False
                continue
            if c not in cols or not (rows[r] >> c) & 1:
                return False
            del rows[r]
            del cols[c]
            placed[r] = c
            # Strike out the column and both diagonals through (r, c) from every
            # open row; shifted bits that fall off the board do no harm.
            bit = 1 << c
            for r2, mask in rows.items():
                k = r2 - r if r2 > r else r - r2
                left = mask & ~(bit | bit << k | bit >> k)
                if left != mask:
                    if not left:
                        return False
                    rows[r2] = left
                    if left & (left - 1) == 0:
                        pending.append((r2, left.bit_length() - 1))
            # The same for the row and both diagonals, seen from the open columns.
            bit = 1 << r
            for c2, mask in cols.items():
                k = c2 - c if c2 > c else c - c2
                left = mask & ~(bit | bit << k | bit >> k)
                if left != mask:
                    if not left:
                        return False
                    cols[c2] = left
                    if left & (left - 1) == 0:
                        pending.append((left.bit_length() - 1, c2))
        return True

    def strike(self, r: int, c: int) -> bool:
        """Rule out the square (r, c) and propagate; False at a dead end."""
        rows, cols = self.rows, self.cols
        row = rows[r] & ~(1 << c)
        col = cols[c] & ~(1 << r)
        if not row or not col:
            return False
        rows[r] = row
        cols[c] = col
        pending: list[Square] = []
        if row & (row - 1) == 0:
            pending.append((r, row.bit_length() - 1))
        if col & (col - 1) == 0:
            pending.append((col.bit_length() - 1, c))
        return self.propagate(pending)

    # -- decisions -------------------------------------------------------------

    def choose(self, rng: random.Random | None) -> Square:
        """A square of the most constrained open row or column to branch on."""
        best_size = 1 << 30
        best_row = best_col = -1
        for r, mask in self.rows.items():
            size = mask.bit_count()
            if size < best_size:
                best_size, best_row = size, r
        for c, mask in self.cols.items():
            size = mask.bit_count()
            if size < best_size:
                best_size, best_col = size, c
        if best_col >= 0:
            return _least_constraining(self.cols[best_col], self.rows, rng), best_col
        return best_row, _least_constraining(self.rows[best_row], self.cols, rng)


def _least_constraining(mask: int, others: Domains, rng: random.Random | None) -> int:
    """The value in ``mask`` whose own row (or column) has the most squares left.

    That choice leaves the most room elsewhere; ties go to the lowest value,
    or a random one with ``rng``.
    """
    best: list[int] = []
    best_size = -1
    while mask:
        low = mask & -mask
        mask ^= low
        value = low.bit_length() - 1
        size = others[value].bit_count()
        if size > best_size:
            best_size, best = size, [value]
        elif size == best_size and rng is not None:
            best.append(value)
    return best[0] if rng is None else rng.choice(best)


def root(allowed: Sequence[int]) -> State | None:
    """The board's state after propagating what is forced before any decision."""
    state = State.from_allowed(allowed)
    forced = state.initial_forced()
    if forced is None or not state.propagate(forced):
        return None
    return state


def solve(
    allowed: Sequence[int],
    *,
    deadline: Deadline = NEVER,
    rng: random.Random | None = None,
) -> list[int] | None:
    """A solution (0-based columns per row) or None when there is none.

    Raises :class:`~queens.engines.budget.Undecided` when ``deadline`` passes.
    With ``rng``, ties are not broken towards low columns but at random, for
    random solutions.
    """
    return decide(allowed, deadline=deadline, rng=rng).columns


def decide(
    allowed: Sequence[int],
    *,
    deadline: Deadline = NEVER,
    rng: random.Random | None = None,
) -> Verdict:
    """:func:`solve`, saying what decided the board.

    After the first propagation, the diagonal-sum identity
    (:mod:`queens.engines.diagonal_sums`) may refute the board before any
    search.
    """
    if not allowed:
        return Verdict([], verdict.EMPTY)
    start, how = checked_root(allowed)
    if start is None:
        return Verdict(None, how)
    if not start.rows:
        return Verdict(start.solution(), verdict.SOLVED)
    stats = Stats()
    columns = search(start, deadline=deadline, rng=rng, stats=stats)
    return Verdict(columns, verdict.searched(stats.decisions))


def checked_root(allowed: Sequence[int]) -> tuple[State | None, str]:
    """:func:`root`, then the diagonal-sum identity; None with the reason when refuted.

    The identity first refutes, or else narrows the board: squares on
    diagonals that no set meeting it can use are struck out, and a diagonal
    every such set uses, left with one square, gets its queen
    (:func:`queens.engines.diagonal_sums.narrow`).
    """
    from queens.engines import diagonal_sums  # it imports State from here

    start = root(allowed)
    if start is None:
        return None, verdict.PROPAGATION
    if diagonal_sums.refutes(start) or not diagonal_sums.narrow(start):
        return None, verdict.IDENTITY
    return start, ""


class Stats:
    """What a search did: the number of decisions made."""

    __slots__ = ("decisions",)

    def __init__(self) -> None:
        self.decisions = 0


def search(
    start: State,
    *,
    deadline: Deadline = NEVER,
    rng: random.Random | None = None,
    node_limit: int | None = None,
    stats: Stats | None = None,
) -> list[int] | None:
    """Depth-first two-way branching from a propagated ``start`` (left unchanged).

    Returns None after exhausting the tree; raises ``Undecided`` at the
    deadline, and :class:`NodeLimit` after ``node_limit`` decisions.  With
    ``stats``, the number of decisions is kept there (also when it raises).
    """
    if stats is None:
        stats = Stats()
    # Each entry is a state to explore, with a square to strike out of it
    # first (the right branch, made lazily from its parent's state) or None.
    stack: list[tuple[State, Square | None]] = [(start, None)]
    while stack:
        state, excluded = stack.pop()
        if excluded is not None:
            state = state.copy()
            if not state.strike(*excluded):
                continue
        if not state.rows:
            return state.solution()
        stats.decisions += 1
        nodes = stats.decisions
        if nodes & 63 == 0:
            deadline.check()
            if node_limit is not None and nodes > node_limit:
                raise NodeLimit(nodes)
        square = state.choose(rng)
        stack.append((state, square))
        child = state.copy()
        if child.propagate([square]):
            stack.append((child, None))
    return None


class NodeLimit(Exception):
    """The search made more decisions than it was allowed."""

    def __init__(self, nodes: int) -> None:
        super().__init__(f"gave up after {nodes} decisions")
        self.nodes = nodes
