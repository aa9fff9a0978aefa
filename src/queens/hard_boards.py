"""Generated puzzles for tests and benchmarks: completion, blocked squares, excluded diagonals.

Every generator takes a ``seed`` and gives the same board for the same
arguments and seed.  The families follow Gent, Jefferson & Nightingale,
"Complexity of n-Queens Completion" (JAIR 2017): their instances are hard
near a phase transition (for completion, around n = 0.19 d**2 with d queens
left to place).
"""

from __future__ import annotations

import random

from queens.board import Board, Square
from queens.engines.hard import propagate

FAMILIES = ("completion", "blocked", "diagonals")

PLACE_ATTEMPTS = 1000
"""How many times ``placed`` starts over after getting stuck."""


def removed(n: int, remove: int, seed: int | None = None) -> Board:
    """A random solution with ``remove`` of its queens taken away: always solvable.

    The solution is found by the propagating search with random tie-breaks;
    ValueError for n = 2 and 3, which have none.

    >>> board = removed(8, 5, seed=1)
    >>> len(board.queens), board.size_text
    (3, '8 x 8')
    """
    if not 0 <= remove <= n:
        raise ValueError(f"cannot remove {remove} queens from a solution of {n}")
    rng = random.Random(seed)
    columns = propagate.solve([(1 << n) - 1] * n, rng=rng)
    if columns is None:
        raise ValueError(f"the {n} x {n} board has no solution")
    gone = set(rng.sample(range(n), remove))
    return Board.build(n, queens=[(r, c) for r, c in enumerate(columns) if r not in gone])


def placed(n: int, place: int, seed: int | None = None) -> Board:
    """``place`` random mutually non-attacking queens: each on a square none attacks.

    As in the 2017 paper, such a board may or may not have a completion.
    Starts over when no square is left before all are placed; ValueError
    when that keeps happening.

    >>> board = placed(8, 3, seed=1)
    >>> len(board.queens), board.conflict() is None
    (3, True)
    """
    if not 0 <= place <= n:
        raise ValueError(f"cannot place {place} non-attacking queens on a {n} x {n} board")
    rng = random.Random(seed)
    for _ in range(PLACE_ATTEMPTS):
        queens = _place_greedily(n, place, rng)
        if queens is not None:
            return Board.build(n, queens=queens)
    raise ValueError(f"could not place {place} non-attacking queens on a {n} x {n} board")


def _place_greedily(n: int, place: int, rng: random.Random) -> list[Square] | None:
    """Queens one by one, each uniformly on a square not yet attacked; None if stuck."""
    rows, cols = list(range(n)), list(range(n))
    sums: set[int] = set()
    diffs: set[int] = set()
    queens: list[Square] = []

    def free(square: Square) -> bool:
        r, c = square
        return r + c not in sums and r - c not in diffs

    while len(queens) < place:
        square: Square | None = None
        # Drawing from open rows x open columns and rejecting attacked squares is
        # uniform over the free squares and fast while most are free; when many
        # draws fail, list the free squares instead (the same distribution).
        for _ in range(32):
            draw = rng.choice(rows), rng.choice(cols)
            if free(draw):
                square = draw
                break
        else:
            candidates = [(r, c) for r in rows for c in cols if free((r, c))]
            if not candidates:
                return None
            square = rng.choice(candidates)
        r, c = square
        rows.remove(r)
        cols.remove(c)
        sums.add(r + c)
        diffs.add(r - c)
        queens.append(square)
    return queens


def blocked(n: int, density: float, seed: int | None = None) -> Board:
    """Each square reserved independently with probability ``density``.

    >>> board = blocked(8, 0.25, seed=1)
    >>> 0 < len(board.reserved) < 64
    True
    """
    if not 0.0 <= density <= 1.0:
        raise ValueError(f"the density must be between 0 and 1, got {density}")
    rng = random.Random(seed)
    return Board.build(
        n, reserved=[(r, c) for r in range(n) for c in range(n) if rng.random() < density]
    )


def diagonals(n: int, count: int, seed: int | None = None) -> Board:
    """Every square of ``count`` distinct diagonals reserved (either direction, at random).

    >>> board = diagonals(8, 3, seed=1)
    >>> len(board.reserved) > 0
    True
    """
    lines = [("sum", k) for k in range(2 * n - 1)] + [("diff", k) for k in range(-(n - 1), n)]
    if not 0 <= count <= len(lines):
        raise ValueError(f"a {n} x {n} board has {len(lines)} diagonals, cannot exclude {count}")
    chosen = random.Random(seed).sample(lines, count)
    sums = {k for kind, k in chosen if kind == "sum"}
    diffs = {k for kind, k in chosen if kind == "diff"}
    reserved = [(r, c) for r in range(n) for c in range(n) if r + c in sums or r - c in diffs]
    return Board.build(n, reserved=reserved)
