"""Necessary conditions from identities over the diagonals a complete placement uses.

Number the diagonals of a square (r, c) by ``d1 = r + c`` and ``d2 = r - c``
(0-based).  In a complete placement of n queens on the n x n board every
row and every column holds one queen, and no two queens share a diagonal, so:

- the queens' d1 values are n *distinct* available diagonals, and
  ``sum(d1) = sum(r) + sum(c) = 2 * (0 + 1 + ... + n-1) = n(n-1)``;
- their d2 values are n distinct available diagonals with
  ``sum(d2) = sum(r) - sum(c) = 0``;
- ``d1**2 + d2**2 = 2 r**2 + 2 c**2`` square by square, so
  ``sum(d1**2) + sum(d2**2) = 4 * (0**2 + 1**2 + ... + (n-1)**2)``.

The same holds for the queens still to place in a search state (fixed
queens and decisions included): they fill exactly the open rows R and open
columns C, one each, so their d1 values are |R| distinct diagonals with an
open square, summing to ``sum(R) + sum(C)``, their d2 values |R| distinct
ones summing to ``sum(R) - sum(C)``, and the squares add up to
``2 sum(r**2 for r in R) + 2 sum(c**2 for c in C)``.  Reserved squares only
shrink the diagonals available, never the identities.

Which sets of available diagonals can meet all three at once is a subset-sum
question with a cardinality: :func:`square_sums` finds, by dynamic
programming over (how many, their sum) with a bitset of the sums of squares
reachable, every sum of squares that a set of the right size and sum can
have, on each side; the state is refuted when no value on the d1 side and
value on the d2 side add up to the target.  Measured on excluded-diagonal
boards at N = 16..30 near the density where half are solvable, this alone
refutes most unsolvable boards before any search (``benchmarks/hard.py``).
"""

from __future__ import annotations

from collections.abc import Iterable

from queens.engines.propagate import State

WORK_LIMIT = 2_000_000
"""States whose check would take more steps than this (as :func:`work` counts
them) are not checked, which is always sound (the identities are necessary
conditions, not needed ones).  An excluded-diagonal board of N = 30 costs
about 0.6 million (some 50 ms), a plain board of 30 about 3 million, a
completion puzzle of N = 171 with 30 queens to place 26 million (20 s)."""


def open_diagonals(state: State) -> tuple[set[int], set[int]]:
    """The d1 (r + c) and d2 (r - c) numbers of the diagonals with an open square."""
    sums: set[int] = set()
    diffs: set[int] = set()
    for r, mask in state.rows.items():
        while mask:
            low = mask & -mask
            mask ^= low
            c = low.bit_length() - 1
            sums.add(r + c)
            diffs.add(r - c)
    return sums, diffs


def refutes(state: State) -> bool:
    """True when no choice of open diagonals meets the three identities (so no solution).

    Proof of soundness: in module docstring; every complete placement that
    extends ``state`` uses, for its remaining queens, sets of open diagonals
    with exactly the sizes and sums checked here, so when none exists,
    neither does the placement.
    """
    rows, cols = list(state.rows), list(state.cols)
    m = len(rows)
    if m == 0:
        return False
    sums, diffs = open_diagonals(state)
    if len(sums) < m or len(diffs) < m:
        return True
    if max(work(sums, m), work(diffs, m)) > WORK_LIMIT:
        return False
    t1 = sum(rows) + sum(cols)
    t2 = sum(rows) - sum(cols)
    squares = 2 * sum(r * r for r in rows) + 2 * sum(c * c for c in cols)
    # Shift each side by (about) its mean: the sums of squares, and so the
    # bitsets, become small (sum((d - z)**2) = sum(d**2) - 2 z sum(d) + m z**2).
    z1, z2 = round(t1 / m), round(t2 / m)
    cap = squares - 2 * z1 * t1 + m * z1 * z1 - 2 * z2 * t2 + m * z2 * z2
    if cap < 0:
        return True
    first = square_sums([d - z1 for d in sums], m, t1 - m * z1, cap)
    if not first:
        return True
    second = square_sums([d - z2 for d in diffs], m, t2 - m * z2, cap)
    if not second:
        return True
    return not first & _reversed(second, cap)


def work(values: set[int], count: int) -> int:
    """A bound on the steps of :func:`square_sums` for ``count`` of ``values``.

    It chooses k = min(count, len - count) values; its states are (how many,
    their sum), at most (k + 1) * (k * spread + 1), each visited once an item.
    """
    k = min(count, len(values) - count)
    spread = max(values) - min(values)
    return (k + 1) * (k * spread + 1) * len(values)


def _reversed(bits: int, width: int) -> int:
    """Bit q of the result is bit ``width - q`` of ``bits`` (bits above ``width`` dropped)."""
    text = format(bits & ((1 << (width + 1)) - 1), "b").zfill(width + 1)
    return int(text[::-1], 2)


def square_sums(values: Iterable[int], count: int, total: int, cap: int) -> int:
    """Bitset of every sum of squares (at most ``cap``) of ``count`` distinct ``values``
    summing to ``total``.

    When fewer values are left out than taken, the left-out ones are chosen
    instead (their size and sum follow), which halves the work.
    """
    items = sorted(values)
    if count > len(items):
        return 0
    left_out = len(items) - count
    if left_out >= count:
        return _choose(items, count, total) & ((1 << (cap + 1)) - 1)
    all_squares = sum(v * v for v in items)
    dropped = _choose(items, left_out, sum(items) - total)
    # A left-out set with squares s leaves all_squares - s; keep those <= cap.
    low = max(0, all_squares - cap)
    return _reversed(dropped >> low, all_squares - low)


def _choose(items: list[int], count: int, total: int) -> int:
    """Bitset of sums of squares of ``count``-subsets of sorted ``items`` summing to ``total``.

    States are (how many taken, their sum) with a bitset of the sums of
    squares; a state is dropped when the items after it cannot bring its
    sum to ``total`` with the number still to take (items are sorted, so
    the reachable sums of j more are between the j smallest and the j
    largest of those left).
    """
    size = len(items)
    prefix = [0]
    for v in items:
        prefix.append(prefix[-1] + v)
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for i, v in enumerate(items):
        rest = size - i - 1  # items after this one
        square = v * v
        grown: dict[tuple[int, int], int] = {}
        for (taken, partial), bits in states.items():
            for k, s, b in ((taken, partial, bits), (taken + 1, partial + v, bits << square)):
                need = count - k
                if need < 0 or need > rest:
                    continue
                smallest = prefix[i + 1 + need] - prefix[i + 1]
                largest = prefix[size] - prefix[size - need]
                if smallest <= total - s <= largest:
                    key = (k, s)
                    grown[key] = grown.get(key, 0) | b
        states = grown
        if not states:
            return 0
    return states.get((count, total), 0)
