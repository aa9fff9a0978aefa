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
queens and decisions included) while they fill exactly the open rows R and
open columns C, one each (on the classic board, always): their d1 values
are |R| distinct diagonals with an open square, summing to
``sum(R) + sum(C)``, their d2 values |R| distinct ones summing to
``sum(R) - sum(C)``, and the squares add up to
``2 sum(r**2 for r in R) + 2 sum(c**2 for c in C)``.  Reserved squares only
shrink the diagonals available, never the identities.  On a board of another
shape, or with fewer queens than rows, some rows or columns may stay empty
and the sums differ: ``applies`` says when a state meets the condition,
and the identities are used only then.

Attack rules (``queens.rules``): the identities use nothing but one
queen per row and column and no two on a diagonal, so they hold for every
rule whose pieces attack at least what the queen attacks (its solutions are
queen solutions).  The torus does (a diagonal is part of a wrapped one), and
so does the superqueen (the queen plus the knight): ``HOLDS_UNDER`` names
those rules, and ``applies`` keeps the identities off any other.  The torus
has identities of its own besides, modulo n (``torus_refutes``).

Which sets of available diagonals can meet all three at once is a subset-sum
question with a cardinality: ``square_sums`` finds, by dynamic
programming over (how many, their sum) with a bitset of the sums of squares
reachable, every sum of squares that a set of the right size and sum can
have, on each side; the state is refuted when no value on the d1 side and
value on the d2 side add up to the target.  Measured on excluded-diagonal
boards at N = 16..30 near the density where half are solvable, this alone
refutes most unsolvable boards before any search (``benchmarks/hard.py``).

One more identity of the kind holds under the queen rule on any shape, the
colour count: the even d1 and odd d2 diagonals the queens use number the
queens (``queens.engines.hard.cnf.colour_clauses`` has the proof).  It refutes a
state with too few such diagonals (``colour_refutes``) and goes to the SAT
solver as a cardinality constraint (``queens.engines.hard.cnf.colour_clauses``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from queens.engines.hard.state import Square, State
from queens.rules import Rule

WORK_LIMIT = 2_000_000
"""States whose check would take more steps than this (as ``work`` counts
them) are not checked, which is always sound (the identities are necessary
conditions, not needed ones).  An excluded-diagonal board of N = 30 costs
about 0.6 million (some 50 ms), a plain board of 30 about 3 million, a
completion puzzle of N = 171 with 30 queens to place 26 million (20 s)."""

SUPPORT_WORK_LIMIT = 1_200_000
"""``support`` (which costs a few times ``refutes``) is skipped above
this: it keeps excluded-diagonal boards to N = 30 (0.6 to 1.1 million) and
leaves out blocked boards of N = 30, where it seldom strikes anything."""


HOLDS_UNDER = frozenset({Rule.QUEEN, Rule.TOROIDAL, Rule.SUPERQUEEN})
"""The attack rules whose pieces attack every square the queen attacks (and maybe
more), so that the identities hold for their solutions (``tests/test_diagonal_sums.py``
checks that premise against ``queens.rules.attack_kind``)."""


def applies(state: State) -> bool:
    """True when the identities hold for ``state``: the queens left fill every open
    row and every open column, one each, under a rule of ``HOLDS_UNDER``.

    Always so on the classic board (n queens on n x n, reserved squares and
    fixed queens or not); on another shape, or with fewer queens than rows,
    only in a state whose open rows and columns both number the queens left.
    Elsewhere a row or column may stay empty, the sums differ, and the
    identities must not be used.
    """
    return state.rule in HOLDS_UNDER and len(state.rows) == len(state.cols) == state.left


def fills_the_torus(state: State) -> bool:
    """True when ``state`` is on the torus and its queens, placed and left, will fill
    every row and column of it (n queens on the n x n torus)."""
    n = state.width
    return (
        state.rule is Rule.TOROIDAL
        and state.height == n
        and state.left + len(state.placed) == n
        and len(state.rows) == len(state.cols) == state.left
    )


def torus_refutes(state: State) -> bool:
    """True when the torus's identities modulo n leave ``state`` no solution.

    When n queens fill the n x n torus, no two share a wrapped diagonal, so
    each of the n wrapped diagonals of each direction holds exactly one
    queen: the queens still to place take exactly the wrapped diagonals no
    placed queen takes (each must have an open square).  Their ``r + c`` are,
    modulo n, those diagonals' numbers, so (Polya's argument, 1918, applied
    to the open rows R and columns C):

    - ``sum(R) + sum(C)`` and ``sum(R) - sum(C)`` equal, modulo n, the sums of
      the free wrapped diagonals' numbers of each direction;
    - ``(r + c)**2 + (r - c)**2 = 2 r**2 + 2 c**2``, so
      ``2 sum(r**2 for r in R) + 2 sum(c**2 for c in C)`` equals, modulo n,
      the sum of the squares of both directions' free numbers.

    On the empty torus these fail exactly when n is even or a multiple of 3.
    False (nothing refuted) when the state does not fill the torus.
    """
    if not fills_the_torus(state):
        return False
    n = state.width
    free1 = set(range(n)) - {(r + c) % n for r, c in state.placed.items()}
    free2 = set(range(n)) - {(r - c) % n for r, c in state.placed.items()}
    sums, diffs = open_diagonals(state)
    if not free1 <= {d % n for d in sums} or not free2 <= {d % n for d in diffs}:
        return True
    rows, cols = state.rows.keys(), state.cols.keys()
    squares = 2 * sum(r * r for r in rows) + 2 * sum(c * c for c in cols)
    return (
        (sum(rows) + sum(cols) - sum(free1)) % n != 0
        or (sum(rows) - sum(cols) - sum(free2)) % n != 0
        or (squares - sum(d * d for d in free1) - sum(d * d for d in free2)) % n != 0
    )


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


@dataclass(frozen=True)
class Sides:
    """What a state's remaining queens must meet, each side shifted by (about) its mean.

    ``first`` and ``second`` are the open d1 and d2 diagonals minus ``z1`` and
    ``z2``; ``count`` of each must be chosen with sums ``total1`` and
    ``total2`` and squares adding up to ``cap`` together.  Shifting makes the
    sums of squares, and so the bitsets, small:
    ``sum((d - z)**2) = sum(d**2) - 2 z sum(d) + m z**2``.
    """

    first: list[int]
    second: list[int]
    count: int
    total1: int
    total2: int
    cap: int
    z1: int
    z2: int


UNCHECKED = "unchecked"


def sides(state: State, limit: int = WORK_LIMIT) -> Sides | str | None:
    """The identities' terms for ``state``; None when a count alone refutes it,
    ``UNCHECKED`` when there is nothing to check or it would take more than
    ``limit`` steps (as ``work`` counts them)."""
    rows, cols = list(state.rows), list(state.cols)
    m = len(rows)
    if m == 0 or not applies(state):
        return UNCHECKED
    sums, diffs = open_diagonals(state)
    if len(sums) < m or len(diffs) < m:
        return None
    if max(work(sums, m), work(diffs, m)) > limit:
        return UNCHECKED
    t1 = sum(rows) + sum(cols)
    t2 = sum(rows) - sum(cols)
    squares = 2 * sum(r * r for r in rows) + 2 * sum(c * c for c in cols)
    z1, z2 = round(t1 / m), round(t2 / m)
    cap = squares - 2 * z1 * t1 + m * z1 * z1 - 2 * z2 * t2 + m * z2 * z2
    if cap < 0:
        return None
    first = [d - z1 for d in sums]
    second = [d - z2 for d in diffs]
    return Sides(first, second, m, t1 - m * z1, t2 - m * z2, cap, z1, z2)


def refutes(state: State) -> bool:
    """True when no choice of open diagonals meets the three identities, or the
    open diagonals are too few for the colour count (``colour_refutes``),
    or, on the torus, its own identities fail (``torus_refutes``); so no
    solution.

    Proof of soundness: in the module docstring; every complete placement
    that extends ``state`` uses, for its remaining queens, sets of open
    diagonals with exactly the sizes and sums checked here, so when none
    exists, neither does the placement.
    """
    if torus_refutes(state) or colour_refutes(state):
        return True
    terms = sides(state)
    if terms is None:
        return True
    if isinstance(terms, str):
        return False
    first = square_sums(terms.first, terms.count, terms.total1, terms.cap)
    if not first:
        return True
    second = square_sums(terms.second, terms.count, terms.total2, terms.cap)
    if not second:
        return True
    return not first & _reversed(second, terms.cap)


def colour_refutes(state: State) -> bool:
    """True when the open diagonals are too few for the colour count (so no solution).

    The queens still to place use as many even d1 diagonals and odd d2
    diagonals together as there are queens left, and as many odd d1 and even
    d2 ones (proof: ``queens.engines.hard.cnf.colour_clauses``); so each kind must have at least
    that many open diagonals.  Cheap (one pass over the open squares); under
    the queen rule only, on any shape.
    """
    if state.rule is not Rule.QUEEN or not state.left:
        return False
    sums, diffs = open_diagonals(state)
    even_sums = sum(1 for d in sums if d % 2 == 0)
    even_diffs = sum(1 for d in diffs if d % 2 == 0)
    odd_sums, odd_diffs = len(sums) - even_sums, len(diffs) - even_diffs
    return min(even_sums + odd_diffs, odd_sums + even_diffs) < state.left


def work(values: set[int], count: int) -> int:
    """A bound on the steps of ``square_sums`` for ``count`` of ``values``.

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


# -- which diagonals the identities allow ---------------------------------------

States = dict[tuple[int, int], int]
"""(how many taken, their sum) to the bitset of their sums of squares."""


def leave_one_out(items: list[int], count: int, total: int) -> list[tuple[int, int]]:
    """For each item of sorted ``items``: the bitsets of sums of squares of the
    ``count``-subsets summing to ``total`` that contain it, and that do not.

    Divide and conquer: the states over all items but a range are shared by
    every item of the range, so each item is added O(log len) times in all
    instead of once per other item.
    """
    size = len(items)
    found: list[tuple[int, int]] = [(0, 0)] * size

    def add(states: States, lo: int, hi: int, keep_lo: int, keep_hi: int) -> States:
        # Add items[lo:hi]; items[keep_lo:keep_hi] (the range whose members are
        # left out one by one below) are still to come, so a state is kept
        # while the items after it can still bring it to ``total``.
        for i in range(lo, hi):
            v, square = items[i], items[i] * items[i]
            pool = [0]
            for w in sorted(items[i + 1 : hi] + items[keep_lo:keep_hi]):
                pool.append(pool[-1] + w)
            rest = len(pool) - 1
            grown: States = {}
            for (taken, partial), bits in states.items():
                for k, s, b in ((taken, partial, bits), (taken + 1, partial + v, bits << square)):
                    need = count - k
                    if (
                        0 <= need <= rest
                        and pool[need] <= total - s <= pool[rest] - pool[rest - need]
                    ):
                        grown[(k, s)] = grown.get((k, s), 0) | b
            states = grown
        return states

    def split(states: States, lo: int, hi: int) -> None:
        if not states:
            return
        if hi - lo == 1:
            v = items[lo]
            without = states.get((count, total), 0)
            with_it = states.get((count - 1, total - v), 0) << (v * v)
            found[lo] = (with_it, without)
            return
        mid = (lo + hi) // 2
        split(add(states, mid, hi, lo, mid), lo, mid)
        split(add(states, lo, mid, mid, hi), mid, hi)

    if size:
        split({(0, 0): 1}, 0, size)
    return found


def side_support(values: set[int], count: int, total: int, cap: int) -> dict[int, tuple[int, int]]:
    """For each value: bitsets of the sums of squares (at most ``cap``) of the
    ``count``-subsets summing to ``total`` that use it, and that do not."""
    items = sorted(values)
    if count > len(items):
        return {}
    mask = (1 << (cap + 1)) - 1
    if len(items) - count >= count:
        return {
            v: (a & mask, b & mask)
            for v, (a, b) in zip(items, leave_one_out(items, count, total), strict=True)
        }
    # Choose the left-out values instead: a set is used without v exactly when
    # its left-out set holds v; sums of squares turn into all_squares - s.
    all_squares = sum(v * v for v in items)
    low = max(0, all_squares - cap)
    found = leave_one_out(items, len(items) - count, sum(items) - total)
    return {
        v: (_reversed(b >> low, all_squares - low), _reversed(a >> low, all_squares - low))
        for v, (a, b) in zip(items, found, strict=True)
    }


Support = tuple[set[int], set[int], set[int], set[int]]
"""The d1 diagonals no solution uses, the d1 ones every solution uses, and the same for d2."""


StateKey = tuple[tuple[tuple[int, int], ...], tuple[int, ...], int]

_SUPPORTS: dict[StateKey, Support | None] = {}
"""The last few ``support`` answers.  ``auto`` hands a board over to the SAT
solver in a forked child process, which starts again from the board and
reaches the same states: with this it skips the parent's identity work
(0.3 to 0.6 s of CPU a board at N = 29..30, measured)."""

REMEMBERED = 8


def support(state: State) -> Support | None:
    """Which open diagonals the identities rule out or make necessary; None when refuted.

    A diagonal is ruled out when no pair of sets meeting the identities
    (sizes, sums, and the sum of squares together) uses it, and necessary when
    every such pair uses it.  Sound for the same reason as ``refutes``:
    the diagonals of every solution extending ``state`` form such a pair.
    Unchecked states (too much work) get empty sets.  The answer depends on
    the open squares and columns and the queens left only, and is remembered
    for the last ``REMEMBERED`` states (the caller may change the sets).
    """
    key = (tuple(sorted(state.rows.items())), tuple(sorted(state.cols)), state.left)
    if key not in _SUPPORTS:
        if len(_SUPPORTS) >= REMEMBERED:
            del _SUPPORTS[next(iter(_SUPPORTS))]
        _SUPPORTS[key] = _support(state)
    found = _SUPPORTS[key]
    return None if found is None else (set(found[0]), set(found[1]), set(found[2]), set(found[3]))


def _support(state: State) -> Support | None:
    """``support``, computed."""
    terms = sides(state, SUPPORT_WORK_LIMIT)
    if terms is None:
        return None
    if isinstance(terms, str):
        return set(), set(), set(), set()
    cap, z1, z2 = terms.cap, terms.z1, terms.z2
    first = side_support(set(terms.first), terms.count, terms.total1, cap)
    second = side_support(set(terms.second), terms.count, terms.total2, cap)
    all_first = all_second = 0
    for a, b in first.values():
        all_first |= a | b
    for a, b in second.values():
        all_second |= a | b
    partner_first, partner_second = _reversed(all_second, cap), _reversed(all_first, cap)
    if not all_first & partner_first:
        return None
    unused1 = {x + z1 for x, (a, _) in first.items() if not a & partner_first}
    needed1 = {x + z1 for x, (_, b) in first.items() if not b & partner_first}
    unused2 = {x + z2 for x, (a, _) in second.items() if not a & partner_second}
    needed2 = {x + z2 for x, (_, b) in second.items() if not b & partner_second}
    return unused1, needed1, unused2, needed2


def narrow(state: State, rounds: int = 4) -> bool:
    """Strike out every square of the diagonals ``support`` rules out, and place
    the queen of a necessary diagonal left with one open square, then propagate;
    repeated (up to ``rounds`` times) while that changes something.

    False when the state has no solution (refuted, or a dead end after
    striking out); ``state`` is changed in place.  Sound: only squares no
    solution extending ``state`` uses are struck, and a necessary diagonal's
    only square is on every such solution.
    """
    for _ in range(rounds):
        found = support(state)
        if found is None:
            return False
        unused1, needed1, unused2, needed2 = found
        changed = False
        for r in list(state.rows):
            if r not in state.rows:
                continue  # placed by the propagation of an earlier strike
            mask = state.rows[r]
            while mask:
                low = mask & -mask
                mask ^= low
                c = low.bit_length() - 1
                still_open = r in state.rows and (state.rows[r] >> c) & 1
                if still_open and (r + c in unused1 or r - c in unused2):
                    if not state.strike(r, c):
                        return False
                    changed = True
        squares = _needed_squares(state, needed1, needed2)
        if squares is None:
            return False
        if squares:
            if not state.propagate(squares):
                return False
            changed = True
        if not changed or not state.rows:
            return True
    return True


def _needed_squares(state: State, needed1: set[int], needed2: set[int]) -> list[Square] | None:
    """The only open square of each necessary diagonal that has one; None if one has none."""
    by1: dict[int, list[Square]] = {d: [] for d in needed1}
    by2: dict[int, list[Square]] = {d: [] for d in needed2}
    used1 = {r + c for r, c in state.placed.items()}
    used2 = {r - c for r, c in state.placed.items()}
    for r, mask in state.rows.items():
        while mask:
            low = mask & -mask
            mask ^= low
            c = low.bit_length() - 1
            if r + c in by1:
                by1[r + c].append((r, c))
            if r - c in by2:
                by2[r - c].append((r, c))
    forced: list[Square] = []
    for by, used in ((by1, used1), (by2, used2)):
        for d, squares in by.items():
            if len(squares) == 1:
                forced.append(squares[0])
            elif not squares and d not in used:
                return None
    return forced
