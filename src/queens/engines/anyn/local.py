"""Local search: a random solution for any N >= 4, in the style of Sosic and Gu's QS4.

Sosic and Gu (1991-1994) placed three million queens in under a minute with
conflict minimisation.  The search keeps the columns a permutation (so no two
queens ever share a row or a column) and counts queens on each diagonal:

1. *Start*: row by row, swap the column of a random row at or below the
   current one in (a Fisher-Yates shuffle done lazily) until the queen
   stands on two empty diagonals, giving up after ``n - row`` tries.  The
   last ``FREE_TAIL`` rows take one draw each without looking: near the end
   few columns are left and searching for them costs more than repairing.
2. *Repair*, in rounds: each queen noted as possibly attacked (when a queen
   lands on an occupied diagonal, both it and the queen already there are
   noted; the XOR of the rows on each diagonal names that queen) gets up to
   ``TRIES`` (at most 2N) random partner rows, and a swap of columns is kept
   whenever it lowers the number of attacking pairs; queens still attacked
   wait for the next round.  So after the start, the work is proportional to the few
   conflicts left, not to N.  When ``MAX_STALE`` rounds in a row make no
   progress (small boards have local minima), start over.

*Superqueens* (the queen plus the knight's jumps, ``rule=Rule.SUPERQUEEN``) use
the same steps, counting knight attacks too: a queen's knight squares lie in
the two rows above and below it, so they are looked up in the columns
themselves (no more counters), the start also wants no knight attack from the
rows placed above, and a swap is kept when it lowers diagonal and knight
pairs together.  Superqueen solutions exist for n = 1 and n >= 10 only, and
local search cannot prove that none exists: boards below
``SUPERQUEEN_SEARCH_BELOW`` are solved by the exact search instead (their
first solution in lexicographic order, or None).

The compiled kernel (``queens.engines._kernel``, function ``local_fill``) does exactly
this with its own random generator (xoshiro256**; it also keeps diagonal
counts in bytes and starts over should one ever reach 250); the pure-Python
fallback below uses ``random.Random``.  Each is deterministic: the same seed gives
the same placement on the same install.  But the two generators differ, so a
seed gives one placement with the compiled module and another without it.  The
kernel is the one ``queens.engines.counting.kernel`` loads, so ``QUEENS_PURE_PYTHON=1``
selects the fallback here too.  The compiled search runs without the GIL and
answers Ctrl-C (KeyboardInterrupt) and a ``StopFlag``
within a fraction of a second.
"""

from __future__ import annotations

from array import array
from types import ModuleType
from typing import TYPE_CHECKING, TypeAlias

from queens.engines.counting import kernel
from queens.engines.counting.kernel import StopFlag, Stopped, stop_byte
from queens.rules import Rule

if TYPE_CHECKING:
    import random

Columns: TypeAlias = "array[int]"
"""An ``array('i')`` of 0-based columns, one per row."""

FREE_TAIL = 32
TRIES = 64
MAX_STALE = 3
LOCAL_MAX_N = (1 << 30) - 1
"""The largest board: the compiled search indexes diagonals with 32-bit integers."""
SEED_LIMIT = 1 << 64
"""Seeds are whole numbers 0 <= seed < 2**64."""
LOCAL_RULES = (Rule.QUEEN, Rule.SUPERQUEEN)
"""The attack rules local search knows (the torus has a closed form instead)."""
SUPERQUEEN_SEARCH_BELOW = 12
"""Superqueen boards smaller than this are solved by the exact search: below 10 there is
no solution to find, and the few solutions of 10 and 11 (4 and 44) are slow to reach by
local search."""


def _load_compiled() -> ModuleType | None:
    return kernel.loaded()


def compiled_available() -> bool:
    """True when the compiled local search is in use (installed, and not turned off by
    ``QUEENS_PURE_PYTHON``)."""
    return _load_compiled() is not None


def local_search(
    n: int,
    seed: int,
    *,
    compiled: bool | None = None,
    stop: StopFlag | None = None,
    rule: Rule = Rule.QUEEN,
) -> Columns | None:
    """A solution of the plain n x n board found by local search, or None for n = 2, 3.

    ``rule`` is ``queen`` or ``superqueen`` (see ``LOCAL_RULES``); for
    superqueens, boards below ``SUPERQUEEN_SEARCH_BELOW`` are searched
    exactly (None for n = 2 to 9).
    ``compiled`` None uses the C module when it is in use; False forces the
    pure-Python fallback; True requires the C module (ImportError without it).
    Raises ``Stopped`` when ``stop`` is set before it is done.
    """
    if not 1 <= n <= LOCAL_MAX_N:
        raise ValueError(f"board size must be from 1 to {LOCAL_MAX_N:,}, got {n}")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, got {seed}")
    if rule not in LOCAL_RULES:
        known = " and ".join(LOCAL_RULES)
        raise ValueError(f"local search knows the {known} rules, not {rule.value!r}")
    knight = rule is Rule.SUPERQUEEN
    if knight and n < SUPERQUEEN_SEARCH_BELOW:
        return _exact(n, rule)
    if n in (2, 3):
        return None
    if n == 1:
        return array("i", [0])
    byte = stop_byte(stop)
    module = _load_compiled() if compiled is not False else None
    if compiled and module is None:
        raise ImportError("the compiled kernel (queens.engines._kernel) is not in use")
    if module is not None:
        columns = array("i", [0]) * n
        if not module.local_fill(columns, seed, byte, knight):
            raise Stopped
        return columns
    import random  # only the fallback needs it; keeps `import queens` light

    return array("i", _python_search(n, random.Random(seed), stop, knight))


def _exact(n: int, rule: Rule) -> Columns | None:
    """The first solution of the empty n x n board under ``rule`` by the exact search."""
    full = (1 << n) - 1
    return next(kernel.solutions([full] * n, width=n, queens=n, rule=rule), None)


class _State:
    """Columns, queen counts and row XORs on both diagonal families, attacking
    pairs, and the rows to visit in the next repair round."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.shift = n - 1
        self.columns = list(range(n))
        self.up = [0] * (2 * n - 1)  # queens on diagonal row + col
        self.down = [0] * (2 * n - 1)  # queens on diagonal row - col + n - 1
        self.up_rows = [0] * (2 * n - 1)  # XOR of their rows
        self.down_rows = [0] * (2 * n - 1)
        self.pairs = 0
        self.next: list[int] = []
        self.placed = n  # rows holding their final queen (the start fills them one by one)

    def fits(self, row: int) -> bool:
        """True when row's queen (the start is trying it) stands on two empty diagonals."""
        col = self.columns[row]
        return self.up[row + col] == 0 and self.down[row - col + self.shift] == 0

    def settle(self, row: int) -> None:
        """The start keeps row's queen: count it, and note the queens it attacks."""
        self.put(row, self.columns[row])
        self.placed = row + 1
        self.note(row)

    def put(self, row: int, col: int) -> None:
        up, down = row + col, row - col + self.shift
        self.pairs += self.up[up] + self.down[down]
        self.up[up] += 1
        self.down[down] += 1
        self.up_rows[up] ^= row
        self.down_rows[down] ^= row

    def take(self, row: int, col: int) -> None:
        up, down = row + col, row - col + self.shift
        self.up[up] -= 1
        self.down[down] -= 1
        self.pairs -= self.up[up] + self.down[down]
        self.up_rows[up] ^= row
        self.down_rows[down] ^= row

    def note(self, row: int) -> None:
        """After a queen lands in ``row``: remember it and the queens it now attacks."""
        col = self.columns[row]
        up, down = row + col, row - col + self.shift
        for count, rows in (
            (self.up[up], self.up_rows[up]),
            (self.down[down], self.down_rows[down]),
        ):
            if count > 1:
                self.next.append(row)
            if count == 2:
                self.next.append(rows ^ row)

    def attacked(self, row: int) -> bool:
        col = self.columns[row]
        return self.up[row + col] > 1 or self.down[row - col + self.shift] > 1

    def try_swap(self, i: int, j: int) -> bool:
        """Swap the columns of rows i and j if that lowers the attacking pairs."""
        columns = self.columns
        ci, cj = columns[i], columns[j]
        before = self.pairs
        self.take(i, ci)
        self.take(j, cj)
        self.put(i, cj)
        self.put(j, ci)
        if self.pairs < before:
            columns[i], columns[j] = cj, ci
            self.note(i)
            self.note(j)
            return True
        self.take(i, cj)
        self.take(j, ci)
        self.put(i, ci)
        self.put(j, cj)
        return False


class _KnightState(_State):
    """``_State`` for superqueens: the attacking pairs count knight moves too.

    A queen's knight squares are in the two rows on either side of its own,
    so its knight attacks are read off the columns of those rows; ``placed``
    is how many rows (from the top) hold their final queen: the start looks
    only at those.
    """

    def knights(self, row: int) -> list[int]:
        """The placed rows whose queen attacks ``row``'s by a knight's jump."""
        columns, col = self.columns, self.columns[row]
        return [
            other
            for other, jump in ((row - 2, 1), (row - 1, 2), (row + 1, 2), (row + 2, 1))
            if 0 <= other < self.placed and abs(columns[other] - col) == jump
        ]

    def _knight_pairs(self, i: int, j: int) -> int:
        """Knight pairs with a queen in row i or j (a pair of both counted once)."""
        shared = abs(i - j) <= 2 and j in self.knights(i)
        return len(self.knights(i)) + len(self.knights(j)) - shared

    def fits(self, row: int) -> bool:
        return super().fits(row) and not self.knights(row)

    def settle(self, row: int) -> None:
        self.pairs += len(self.knights(row))
        super().settle(row)

    def note(self, row: int) -> None:
        super().note(row)
        attackers = self.knights(row)
        if attackers:
            self.next.append(row)
            self.next.extend(attackers)

    def attacked(self, row: int) -> bool:
        return super().attacked(row) or bool(self.knights(row))

    def try_swap(self, i: int, j: int) -> bool:
        columns = self.columns
        ci, cj = columns[i], columns[j]
        before = self.pairs
        knights_before = self._knight_pairs(i, j)
        self.take(i, ci)
        self.take(j, cj)
        self.put(i, cj)
        self.put(j, ci)
        columns[i], columns[j] = cj, ci
        self.pairs += self._knight_pairs(i, j) - knights_before
        if self.pairs < before:
            self.note(i)
            self.note(j)
            return True
        columns[i], columns[j] = ci, cj
        self.take(i, cj)
        self.take(j, ci)
        self.put(i, ci)
        self.put(j, cj)
        self.pairs = before
        return False


def _python_search(
    n: int, rng: random.Random, stop: StopFlag | None = None, knight: bool = False
) -> list[int]:
    while True:
        stop_byte(stop)  # raises Stopped once the flag is set
        state = _start(_KnightState(n) if knight else _State(n), rng)
        if _repair(state, rng):
            return state.columns


def _start(state: _State, rng: random.Random) -> _State:
    n = state.n
    columns = state.columns
    greedy = max(n - FREE_TAIL, 0)
    state.placed = 0
    for row in range(n):
        for _ in range(n - row if row < greedy else 1):
            other = row + rng.randrange(n - row)
            columns[row], columns[other] = columns[other], columns[row]
            if state.fits(row):
                break
        state.settle(row)
    return state


def _repair(state: _State, rng: random.Random) -> bool:
    n = state.n
    tries = min(TRIES, 2 * n)  # small boards: few partners, and local minima need a restart
    stale = 0
    while state.pairs > 0:
        before = state.pairs
        todo, state.next = state.next, []
        for row in todo:
            if state.pairs == 0:
                break
            for _ in range(tries):
                if not state.attacked(row):
                    break
                other = rng.randrange(n)
                if other != row:
                    state.try_swap(row, other)
            if state.attacked(row):
                state.next.append(row)
        stale = 0 if state.pairs < before else stale + 1
        if stale >= MAX_STALE:
            return False
    return True
