"""A Hall-type count: the queens left need that many lines of each kind, matched.

The queens still to place stand on distinct rows, distinct columns,
distinct d1 (``r + c``) and distinct d2 (``r - c``) diagonals, under every
attack rule of ``queens.rules`` (each attacks along rows, columns and
diagonals, and more).  So for any two kinds of line, A and B, the open
squares join each A line to the B lines through it, and the queens' squares
form a matching of that bipartite graph with as many edges as queens left:
its maximum matching must be that large.  When it is smaller, the state has
no solution (Hall's theorem says where: some set of A lines meets too few B
lines).

Propagation sees a row or column with no square, one square (forced), or the
open rows fewer than the queens; it does not see three rows whose squares lie
on two columns, nor, what refutes boards with excluded diagonals, a set of
d1 diagonals whose open squares lie on too few d2 diagonals.  Measured on
the boards of ``benchmarks/hard.py`` that reach the search (71 of the
``excluded`` and ``symmetric`` families, 44 of the others): it refuted 2,
the two unsolvable excluded boards the diagonal-sum identity leaves to
CaDiCaL (N = 26 seed 11, N = 28 seed 4), both on d1 against d2, in about
1 ms a board.
"""

from __future__ import annotations

from collections.abc import Callable

from queens.engines.hard.state import State
from queens.engines.matching import matched

Line = Callable[[int, int], int]

LINES: dict[str, Line] = {
    "rows": lambda r, c: r,
    "columns": lambda r, c: c,
    "d1 diagonals": lambda r, c: r + c,
    "d2 diagonals": lambda r, c: r - c,
}
"""Each kind of line, as the line of a square ``(r, c)``."""


MAX_SQUARES = 10_000
"""States with more open squares are not counted (about a 100 x 100 board with room:
the count took 0.4 s of CPU on the empty 300 x 300 board, and such boards have room)."""


def open_squares(state: State) -> list[tuple[int, int]]:
    """The squares a queen may still take: an open row's domain, in an open column."""
    return [(r, c) for r, mask in state.rows.items() for c in state.cols if (mask >> c) & 1]


def max_matching(edges: dict[int, set[int]]) -> int:
    """The size of a maximum matching of a bipartite graph (left vertex -> right
    neighbours), by augmenting paths (``queens.engines.matching``; small graphs only)."""
    return sum(matched([list(rights) for rights in edges.values()]))


def short_pair(state: State) -> tuple[str, str] | None:
    """Two kinds of line whose matching is smaller than the queens left, or None
    (also when the state has over ``MAX_SQUARES`` open squares).

    A pair where one side has fewer open lines than the queens left is caught
    by propagation already, and is counted here too.
    """
    left = state.left
    if not left or sum(mask.bit_count() for mask in state.rows.values()) > MAX_SQUARES:
        return None
    squares = open_squares(state)
    names = list(LINES)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            first, second = LINES[a], LINES[b]
            edges: dict[int, set[int]] = {}
            for r, c in squares:
                edges.setdefault(first(r, c), set()).add(second(r, c))
            if _short(edges, left):
                return a, b
    return None


def _short(edges: dict[int, set[int]], left: int) -> bool:
    """True when the graph's maximum matching has fewer than ``left`` edges.

    Without the matching when ``left`` vertices have ``left`` neighbours or
    more: taking them one by one, each has a neighbour not taken yet.
    """
    if len(edges) < left:
        return True
    if sum(len(ends) >= left for ends in edges.values()) >= left:
        return False
    return max_matching(edges) < left


def refutes(state: State) -> bool:
    """True when the Hall-type count proves that ``state`` has no solution."""
    return short_pair(state) is not None
