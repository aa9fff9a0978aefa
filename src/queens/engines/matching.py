"""Bipartite matching by augmenting paths (Kuhn's algorithm), for the engines of every family.

Hall's condition cuts hard boards (``queens.engines.hard.hall``: the queens left need
as many lines of each kind) and the region puzzle's propagation
(``queens.puzzle.solve``: every open region needs a row and a column of its own).
Both ask the same question of small graphs, each in its own terms: a dict of sets
there, bitmasks here, handed over as the lines each item may take.

>>> list(matched([[0, 1], [0], [1]]))
[True, True, False]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def matched(options: Sequence[Sequence[int]]) -> Iterator[bool]:
    """For each item in turn, whether it gets a line of its own (``options[i]``: the lines
    item ``i`` may take), lines moving between the items before it as needed.

    Lazy, so a caller wanting every item matched stops at the first one left without
    (``all``), and one wanting the size of a maximum matching counts (``sum``).

    >>> sum(matched([[0], [0], [1, 2]])), all(matched([[0], [0], [1, 2]]))
    (2, False)
    """
    owner: dict[int, int] = {}

    def augment(item: int, seen: set[int]) -> bool:
        for line in options[item]:
            if line in seen:
                continue
            seen.add(line)
            if line not in owner or augment(owner[line], seen):
                owner[line] = item
                return True
        return False

    for item in range(len(options)):
        yield augment(item, set())
