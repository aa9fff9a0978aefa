"""The plain reference solver: row-by-row backtracking over bitmasks.

It is the oracle every faster engine is tested against, so it stays simple:
place a queen in each row in turn, trying columns from left to right, and
keep three bitmasks of the columns and diagonals already attacked.  Trying
columns in increasing order makes solutions come out in lexicographic order.

Boards arrive as ``allowed``: per row, a bitmask of the columns where a queen
may stand (see ``queens.board.Board.allowed_masks``), of any width.  With
``queens`` fewer than the rows, a row may also stay empty (column -1, tried
before every column, so the order stays lexicographic), except the rows in
``required`` (a bitmask over rows: those of fixed queens).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from queens.rules import Rule, diagonals_down, knight_attacks


def _free_columns(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


EMPTY = -1


def _queens(allowed: Sequence[int], queens: int | None) -> int:
    return len(allowed) if queens is None else queens


STEP_NODES = 4096
"""How many nodes the search places between two calls of its ``step`` callback."""


def solutions(
    allowed: Sequence[int],
    queens: int | None = None,
    required: int = 0,
    rule: Rule = Rule.QUEEN,
    width: int | None = None,
    step: Callable[[], None] | None = None,
) -> Iterator[list[int]]:
    """Every placement of ``queens`` queens (default: one per row) inside ``allowed``,
    lexicographically.

    Yields a fresh list of 0-based columns per solution (-1: an empty row).

    >>> list(solutions([0b11, 0b11, 0b11], queens=1, required=0b010))
    [[-1, 0, -1], [-1, 1, -1]]

    ``rule`` is an attack rule of ``queens.rules`` (``width``: the
    board's, which the torus wraps around).  ``step``, when given, is called
    every ``STEP_NODES`` nodes (a time limit or a progress line: it may raise).
    """
    if rule is not Rule.QUEEN:
        yield from _ruled_solutions(allowed, _queens(allowed, queens), required, rule, width, step)
        return
    n = len(allowed)
    columns = [EMPTY] * n
    nodes = 0

    def place(
        row: int, left_to_place: int, cols: int, left: int, right: int
    ) -> Iterator[list[int]]:
        # ``left`` holds the diagonals running up-left (shifted left each row),
        # ``right`` those running up-right (shifted right each row).
        nonlocal nodes
        nodes += 1
        if step is not None and nodes % STEP_NODES == 0:
            step()
        if left_to_place == 0:
            if not required >> row:  # no required row below
                yield list(columns)
            return
        if n - row < left_to_place:
            return
        if n - row > left_to_place and not required >> row & 1:
            columns[row] = EMPTY  # this row stays empty
            yield from place(row + 1, left_to_place, cols, left << 1, right >> 1)
        for col in _free_columns(allowed[row] & ~(cols | left | right)):
            columns[row] = col
            bit = 1 << col
            yield from place(
                row + 1, left_to_place - 1, cols | bit, (left | bit) << 1, (right | bit) >> 1
            )
        columns[row] = EMPTY

    yield from place(0, _queens(allowed, queens), 0, 0, 0)


def count(
    allowed: Sequence[int],
    queens: int | None = None,
    required: int = 0,
    rule: Rule = Rule.QUEEN,
    width: int | None = None,
) -> int:
    """The number of solutions (the same search as ``solutions``, counting only)."""
    n = len(allowed)
    k = _queens(allowed, queens)
    if k < n or rule is not Rule.QUEEN:
        return sum(1 for _ in solutions(allowed, k, required, rule, width))

    def place(row: int, cols: int, left: int, right: int) -> int:
        if row == n:
            return 1
        total = 0
        free = allowed[row] & ~(cols | left | right)
        while free:
            bit = free & -free
            free ^= bit
            total += place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1)
        return total

    return place(0, 0, 0, 0)


def _ruled_solutions(
    allowed: Sequence[int],
    queens: int,
    required: int,
    rule: Rule,
    width: int | None,
    step: Callable[[], None] | None,
) -> Iterator[list[int]]:
    """``solutions`` under another rule than the queen's (see ``queens.rules``):
    the same row-by-row search, with the rule's attacks carried from row to row."""
    n = len(allowed)
    size = n if width is None else width
    columns = [EMPTY] * n
    nodes = 0

    def place(
        row: int, to_place: int, cols: int, left: int, right: int, last: int, before: int
    ) -> Iterator[list[int]]:
        nonlocal nodes
        nodes += 1
        if step is not None and nodes % STEP_NODES == 0:
            step()
        if to_place == 0:
            if not required >> row:
                yield list(columns)
            return
        if n - row < to_place:
            return
        attacked = cols | left | right
        if rule is Rule.SUPERQUEEN:
            attacked |= knight_attacks(size, last, before)
        if n - row > to_place and not required >> row & 1:
            columns[row] = EMPTY
            down_left, down_right = diagonals_down(rule, size, left, right)
            yield from place(row + 1, to_place, cols, down_left, down_right, 0, last)
        for col in _free_columns(allowed[row] & ~attacked):
            columns[row] = col
            bit = 1 << col
            down_left, down_right = diagonals_down(rule, size, left | bit, right | bit)
            yield from place(row + 1, to_place - 1, cols | bit, down_left, down_right, bit, last)
        columns[row] = EMPTY

    yield from place(0, queens, 0, 0, 0, 0, 0)
