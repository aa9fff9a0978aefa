"""Local search for a solution of N queens on an N x N board with reserved squares.

A member of the SAT portfolio (``queens.engines.hard.sat``): it can only find
a solution, never prove there is none, so it runs beside the solvers, and what
it finds is checked (``placement_fits``) before it is answered.

The search is min-conflicts on a permutation (Minton et al., with random
walk): row r's queen stands in column ``columns[r]``, the columns a
permutation, so rows and columns never clash; the cost of a queen is the
number of other queens on its diagonals, plus ``PENALTY`` on a reserved
square.  A step takes a clashing row at random and swaps its column with the
row that lowers the cost most (ties at random; no move when every swap raises
it), or, ``NOISE_PER_MILLE`` steps in a thousand, with a random row.  The walk starts over
from a random permutation after a number of steps following Luby's sequence
(``luby``) times ``RESTART_UNIT``: its time to a solution has a long tail.

The compiled kernel's ``walk_board`` (``src/kernel/board_walk.c``) runs the
same steps about a hundred times faster; without the kernel the Python steps
below run (the same choices from the same seed: ``_python_walk``, the plain
reference the compiled steps are tested against).

Measured alone on the three boards of ``benchmarks/hard.py --frontier`` that no
SAT member decided within 20 CPU-seconds (CaDiCaL or Kissat alone took 245, 60
and 15.9 CPU-seconds), compiled, load 10: N = 36, K = 32, seed 0 in 3.8 to 19
CPU-seconds (3 of 4 seeds of the walk within 20), N = 40, K = 36, seed 0 in 6.9
and seed 1 in 0.01 to 1.5 (with an earlier random generator, xoshiro256**; with
today's, ``decide``'s seed 0 took 11.4, 3.7 and 2.9 on the three, load 12; the
first 8.0 since the compiled swap cost is worked out from the counts, load 12).  It
did not decide N = 32, K = 29, seed 0 within 60, which Kissat does in 2.2: neither
wins everywhere, so they take turns.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator, Sequence
from types import ModuleType

from queens.engines.counting import kernel
from queens.engines.hard.verdict import Verdict

PENALTY = 2
"""The cost of a queen on a reserved square (a diagonal clash costs 1 a queen)."""

NOISE_PER_MILLE = 50
"""Steps in a thousand that swap with a random row (``BW_NOISE_PER_MILLE`` in C)."""

RESTART_UNIT = 16_000_000
"""Steps of the shortest walk before a restart (the compiled module does about
2 million a CPU-second at N = 36 to 40).  On N = 36, K = 32, seed 0 (the hardest
frontier board), four seeds of the walk took 10.6, > 20, 19.0 and 3.8 CPU-seconds
with this unit, and three took > 20 with a unit of 2 million (load 10)."""

CHUNK = 200_000
"""Steps a call to the compiled steps makes (a fraction of a second), so Ctrl-C and
the portfolio's signals are seen between calls."""

LOCAL_SEARCH = "local search (min-conflicts), solution checked"


def compiled() -> ModuleType | None:
    """The compiled kernel (its ``walk_board``), or None where it was not built or
    ``QUEENS_PURE_PYTHON`` turns it off."""
    return kernel.loaded()


def decide(allowed: Sequence[int], seed: int = 0) -> Verdict:
    """A checked solution of the n x n board (``allowed[r]``: bit c set when (r, c) is
    free), n queens one a row; runs until it finds one (the caller stops it)."""
    n = len(allowed)
    ok = bytes((allowed[r] >> c) & 1 for r in range(n) for c in range(n))
    columns = solve(ok, n, seed)
    if not placement_fits(allowed, columns):
        raise RuntimeError("the local search gave a placement that does not fit")
    return Verdict(columns, LOCAL_SEARCH)


def solve(ok: bytes, n: int, seed: int) -> list[int]:
    """A placement the walk says is a solution (``ok[r * n + c]``: 1 when free)."""
    rng = random.Random(seed)
    module = compiled()
    for length in luby():
        columns = list(range(n))
        rng.shuffle(columns)
        budget = length * RESTART_UNIT
        if module is None:
            if _python_walk(ok, columns, rng.getrandbits(64), budget):
                return columns
            continue
        buffer = array("i", columns)
        while budget > 0:
            steps = min(CHUNK, budget)
            if module.walk_board(ok, buffer, rng.getrandbits(64), steps):
                return list(buffer)
            budget -= steps
    raise AssertionError("luby() never ends")  # pragma: no cover


def luby() -> Iterator[int]:
    """Luby's restart sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...

    >>> from itertools import islice
    >>> list(islice(luby(), 15))
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    index = 1
    while True:
        yield _luby_term(index)
        index += 1


def _luby_term(index: int) -> int:
    """Term ``index`` (from 1) of Luby's sequence: 2**(k-1) when index = 2**k - 1, else
    the term index - 2**(k-1) + 1 for the k with 2**(k-1) <= index < 2**k - 1."""
    while True:
        k = index.bit_length()
        if index == (1 << k) - 1:
            return 1 << (k - 1)
        index -= (1 << (k - 1)) - 1


def placement_fits(allowed: Sequence[int], columns: Sequence[int]) -> bool:
    """True when ``columns`` (row r's queen in column ``columns[r]``) is a solution: one
    queen a row and a column, each on a free square, no two on a diagonal."""
    n = len(allowed)
    if len(columns) != n or sorted(columns) != list(range(n)):
        return False
    if any(not (allowed[r] >> c) & 1 for r, c in enumerate(columns)):
        return False
    sums = {r + c for r, c in enumerate(columns)}
    differences = {r - c for r, c in enumerate(columns)}
    return len(sums) == len(differences) == n


MASK = (1 << 64) - 1


class XorShift:
    """The compiled steps' random generator (Marsaglia's xorshift64*, Vigna's multiplier),
    so the Python steps make the same choices from the same seed."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = (seed ^ 0x9E3779B97F4A7C15) & MASK or 1

    def below(self, bound: int) -> int:
        """A number in 0..bound-1 (the next output modulo ``bound``, as in C)."""
        s = self.state
        s ^= s >> 12
        s ^= (s << 25) & MASK
        s ^= s >> 27
        self.state = s
        return ((s * 0x2545F4914F6CDD1D) & MASK) % bound


def _python_walk(ok: bytes, columns: list[int], seed: int, steps: int) -> bool:
    """The walk's steps in Python, the plain reference of ``src/kernel/board_walk.c``'s
    (each swap's change in cost by lifting and putting the queens, where C works it out
    from the counts): the same choices from the same ``seed``, so ``columns`` ends the
    same; True when it became a solution within ``steps``."""
    n = len(columns)
    up = [0] * (2 * n)
    down = [0] * (2 * n)
    for r, c in enumerate(columns):
        up[r + c] += 1
        down[r - c + n] += 1

    def cost(r: int, c: int) -> int:
        return up[r + c] + down[r - c + n] + (0 if ok[r * n + c] else PENALTY)

    def move(r: int, c: int, by: int) -> None:
        up[r + c] += by
        down[r - c + n] += by

    def delta(r: int, s: int) -> int:
        a, b = columns[r], columns[s]
        move(r, a, -1)
        move(s, b, -1)
        before = cost(r, a) + cost(s, b)
        after = cost(r, b)
        move(r, b, 1)
        after += cost(s, a)
        move(r, b, -1)
        move(r, a, 1)
        move(s, b, 1)
        return after - before

    rng = XorShift(seed)
    for step in range(steps + 1):
        clashing = [
            r
            for r, c in enumerate(columns)
            if up[r + c] > 1 or down[r - c + n] > 1 or not ok[r * n + c]
        ]
        if not clashing:
            return True
        if step == steps or n < 2:
            return False
        r = clashing[rng.below(len(clashing))]
        if rng.below(1000) < NOISE_PER_MILLE:
            chosen = rng.below(n - 1)
            chosen += chosen >= r
        else:
            chosen, best, ties = -1, 0, 0
            for s in range(n):
                if s == r:
                    continue
                change = delta(r, s)
                if chosen < 0 or change < best:
                    chosen, best, ties = s, change, 1
                elif change == best:
                    ties += 1
                    if rng.below(ties) == 0:
                        chosen = s
            if best > 0:
                continue
        a, b = columns[r], columns[chosen]
        move(r, a, -1)
        move(chosen, b, -1)
        columns[r], columns[chosen] = b, a
        move(r, b, 1)
        move(chosen, a, 1)
    return False
