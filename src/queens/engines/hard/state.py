"""The propagated board: the domains of the open rows and columns, and the queens placed.

Rows and columns are both variables.  A row's domain is the set of columns
where its queen may still stand, a column's domain the set of rows where
its queen may still stand, each a Python int used as a bitset.  Placing a
queen strikes out every square it attacks from the domains of the rows and
columns still open; a row or column left with one square is forced (its
queen is placed at once, and that propagates in turn) and one left with
none is a dead end (``State.propagate``).

This is the bottom of the hard-board engines: the search
(``queens.engines.hard.propagate``), the reasoning that narrows a state
(``diagonal_sums``, ``hall``,
``symmetry_breaking``) and its CNF encoding
(``cnf``) all work on a ``State``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypedDict

from queens.rules import Rule
from queens.validate import EMPTY

Domains = dict[int, int]
"""Open rows (or columns) to the bitset of columns (or rows) still possible."""

Placed = dict[int, int]
"""Row to column of every queen placed so far."""

Square = tuple[int, int]


class Shape(TypedDict, total=False):
    """A board's shape beyond its masks, as every engine takes it (keyword arguments;
    see ``queens.api.ruled_shape``): ``width`` (default: as many columns as
    rows), ``queens`` (default: a queen in every row), ``required``, the
    bitmask of rows that must hold a queen (default: none beyond that count),
    and ``rule``, the attack rule (default: ``QUEEN``).
    """

    width: int | None
    queens: int | None
    required: int
    rule: Rule


Shifts = tuple[int, ...] | None
"""Per distance between two lines, the rule's further attacks (see ``further_shifts``)."""


def further_shifts(rule: Rule, size: int) -> Shifts:
    """What ``rule`` attacks beyond the queen, as one shift per distance between lines.

    A queen at position p of a row (or column) attacks, on the parallel line
    k away, p itself and p +- k (its column and diagonals); under ``rule``
    it also attacks p +- ``shifts[k]`` (a shift of 0 adds nothing), for k up
    to ``size`` - 1, ``size`` being the longer side.  None for the queen,
    which attacks nothing more.

    - The torus (n x n): the diagonals wrap, so p + k and p - k are taken
      modulo n.  When p + k >= n, its square is p + k - n = p - (n - k); when
      p - k < 0, it is p - k + n = p + (n - k); and otherwise p -+ (n - k)
      falls off the board, where striking is harmless: the shift is n - k.
    - The superqueen: a knight's jump reaches p +- 2 one line away and
      p +- 1 two lines away.

    >>> further_shifts(Rule.QUEEN, 5) is None
    True
    >>> further_shifts(Rule.TOROIDAL, 5)
    (0, 4, 3, 2, 1)
    >>> further_shifts(Rule.SUPERQUEEN, 5)
    (0, 2, 1, 0, 0)
    """
    if rule is Rule.TOROIDAL:
        return (0, *(size - k for k in range(1, size)))
    if rule is Rule.SUPERQUEEN:
        return tuple({1: 2, 2: 1}.get(k, 0) for k in range(size))
    if rule is not Rule.QUEEN:
        raise ValueError(f"the propagating search does not know the rule {rule!r}")
    return None


class State:
    """The domains of the open rows and columns, the queens placed and how many are left.

    ``rows`` and ``columns`` hold only lines with a square left; a line whose
    squares run out is dropped when it may stay empty, and is a dead end when
    it must hold a queen.  A row must hold one when it is in ``required`` or
    when the open rows are exactly as many as the queens ``left`` (so on the
    classic board, every row and column, always); a column when the open
    columns are as many as the queens left.  Only a line that must hold a
    queen is forced by its last square.
    """

    __slots__ = ("cols", "height", "left", "placed", "required", "rows", "rule", "shifts", "width")

    def __init__(
        self,
        rows: Domains,
        cols: Domains,
        placed: Placed,
        left: int | None = None,
        required: set[int] | None = None,
        height: int | None = None,
        width: int | None = None,
        rule: Rule = Rule.QUEEN,
    ) -> None:
        self.rows = rows
        self.cols = cols
        self.placed = placed
        self.left = len(rows) if left is None else left
        self.required = set() if required is None else required
        self.height = len(rows) + len(placed) if height is None else height
        self.width = self.height if width is None else width
        self.rule = rule
        self.shifts = further_shifts(rule, max(self.width, self.height))

    @classmethod
    def from_allowed(
        cls,
        allowed: Sequence[int],
        *,
        width: int | None = None,
        queens: int | None = None,
        required: int = 0,
        rule: Rule = Rule.QUEEN,
    ) -> State:
        """The state of a board given as the engines' plain data (see ``queens.engines``)."""
        height = len(allowed)
        width = height if width is None else width
        full = (1 << width) - 1
        rows = {r: mask & full for r, mask in enumerate(allowed) if mask & full}
        cols = dict.fromkeys(range(width), 0)
        for r, mask in rows.items():
            bit = 1 << r
            while mask:
                low = mask & -mask
                cols[low.bit_length() - 1] |= bit
                mask ^= low
        if not all(cols.values()):
            cols = {c: mask for c, mask in cols.items() if mask}
        must = {r for r in range(height) if (required >> r) & 1}
        left = height if queens is None else queens
        return cls(rows, cols, {}, left, must, height, width, rule)

    def copy(self) -> State:
        twin = State.__new__(State)  # the rule's shifts are shared, not worked out again
        twin.rows = self.rows.copy()
        twin.cols = self.cols.copy()
        twin.placed = self.placed.copy()
        twin.left = self.left
        twin.required = self.required.copy()
        twin.height, twin.width = self.height, self.width
        twin.rule, twin.shifts = self.rule, self.shifts
        return twin

    def solution(self) -> list[int]:
        """The columns of a complete placement, row by row (-1 for an empty row)."""
        placed = self.placed
        if len(placed) == self.height:
            return [placed[r] for r in range(self.height)]
        return [placed.get(r, EMPTY) for r in range(self.height)]

    def must_fill(self, r: int) -> bool:
        """True when open row ``r`` must hold a queen."""
        return len(self.rows) == self.left or r in self.required

    # -- propagation ---------------------------------------------------------

    def initial_forced(self) -> list[Square] | None:
        """Squares forced before any decision, or None when the board is infeasible
        (a row that must hold a queen has no square, or too few rows or columns
        are left for the queens)."""
        rows, cols, left = self.rows, self.cols, self.left
        if len(rows) < left or len(cols) < left:
            return None
        if len(self.required) > left or not self.required <= rows.keys():
            return None
        if left == 0:
            rows.clear()
            cols.clear()
            return []
        forced = [
            (r, mask.bit_length() - 1)
            for r, mask in rows.items()
            if _single(mask) and self.must_fill(r)
        ]
        if len(cols) == left:
            forced += [(mask.bit_length() - 1, c) for c, mask in cols.items() if _single(mask)]
        return forced

    def propagate(self, pending: list[Square]) -> bool:
        """Place the queens in ``pending`` and everything they force; False at a dead end."""
        rows, cols, placed, required = self.rows, self.cols, self.placed, self.required
        while pending:
            r, c = pending.pop()
            if r not in rows:
                if placed.get(r) != c:
                    return False
                continue
            if c not in cols or not (rows[r] >> c) & 1:
                return False
            del rows[r]
            del cols[c]
            placed[r] = c
            required.discard(r)
            self.left = left = self.left - 1
            if len(required) > left:  # rows that must hold a queen outnumber those left
                return False
            if not left:
                rows.clear()  # every other row stays empty
                cols.clear()
                return True
            full_rows = len(rows) == left
            full_cols = len(cols) == left
            gone_rows: list[int] = []
            gone_cols: list[int] = []
            # Strike out the column and both diagonals through (r, c) from every
            # open row, and the rule's further attacks; shifted bits that fall
            # off the board do no harm.
            shifts = self.shifts
            bit = 1 << c
            for r2, mask in rows.items():
                k = r2 - r if r2 > r else r - r2
                hit = bit | bit << k | bit >> k
                if shifts is not None:
                    s = shifts[k]
                    hit |= bit << s | bit >> s
                rest = mask & ~hit
                if rest != mask:
                    rows[r2] = rest
                    if not rest:
                        if full_rows or r2 in required:
                            return False
                        gone_rows.append(r2)
                    elif rest & (rest - 1) == 0 and (full_rows or r2 in required):
                        pending.append((r2, rest.bit_length() - 1))
            # The same for the row and both diagonals, seen from the open columns.  The
            # twin of the loop above on purpose: this is the hot loop of every hard-board
            # search, and a shared helper (a call per line, the roles passed in) costs
            # more than the repetition.
            bit = 1 << r
            for c2, mask in cols.items():
                k = c2 - c if c2 > c else c - c2
                hit = bit | bit << k | bit >> k
                if shifts is not None:
                    s = shifts[k]
                    hit |= bit << s | bit >> s
                rest = mask & ~hit
                if rest != mask:
                    cols[c2] = rest
                    if not rest:
                        if full_cols:
                            return False
                        gone_cols.append(c2)
                    elif rest & (rest - 1) == 0 and full_cols:
                        pending.append((rest.bit_length() - 1, c2))
            if (gone_rows or gone_cols) and not self._drop(gone_rows, gone_cols, pending):
                return False
        return True

    def _drop(self, gone_rows: list[int], gone_cols: list[int], pending: list[Square]) -> bool:
        """Drop lines left without a square (each may stay empty); False when too few
        lines are left for the queens.  Lines that become needed by the drop and
        have one square left go to ``pending``."""
        rows, cols, left = self.rows, self.cols, self.left
        were_full_rows, were_full_cols = len(rows) == left, len(cols) == left
        for r in gone_rows:
            del rows[r]
        for c in gone_cols:
            del cols[c]
        if len(rows) < left or len(cols) < left:
            return False
        if len(rows) == left and not were_full_rows:
            pending += [(r, m.bit_length() - 1) for r, m in rows.items() if _single(m)]
        if len(cols) == left and not were_full_cols:
            pending += [(m.bit_length() - 1, c) for c, m in cols.items() if _single(m)]
        return True

    def is_open(self, r: int, c: int) -> bool:
        """True when a queen may still go on (r, c): an open row's domain, an open column."""
        return r in self.rows and c in self.cols and bool((self.rows[r] >> c) & 1)

    def strike_refuted(self, r: int, c: int) -> bool:
        """Rule out the square (r, c), known to be in no solution of this state, wherever
        it still is: ``strike`` if it is open, a dead end if a queen stands there."""
        if self.is_open(r, c):
            return self.strike(r, c)
        return self.placed.get(r) != c

    def strike(self, r: int, c: int) -> bool:
        """Rule out the square (r, c) and propagate; False at a dead end."""
        rows, cols = self.rows, self.cols
        full_rows, full_cols = self.must_fill(r), len(cols) == self.left
        row = rows[r] & ~(1 << c)
        col = cols[c] & ~(1 << r)
        if (not row and full_rows) or (not col and full_cols):
            return False
        rows[r] = row
        cols[c] = col
        pending: list[Square] = []
        if full_rows and _single(row):
            pending.append((r, row.bit_length() - 1))
        if full_cols and _single(col):
            pending.append((col.bit_length() - 1, c))
        if (not row or not col) and not self._drop(
            [r] if not row else [], [c] if not col else [], pending
        ):
            return False
        return self.propagate(pending)

    # -- decisions -------------------------------------------------------------

    def choose(self, rng: random.Random | None) -> Square:
        """A square of the most constrained open row or column to branch on.

        Rows and columns that may stay empty are candidates too: leaving them
        out was measured to stall the search on nearly square rectangles (29
        queens on 30 x 29 undecided after 50,000 decisions, 25 with them).
        """
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


def _single(mask: int) -> bool:
    """True when ``mask`` has exactly one bit set."""
    return mask != 0 and mask & (mask - 1) == 0


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
