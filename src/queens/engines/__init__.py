"""Engines: each one a way of finding or counting solutions.

Engines take plain data (``allowed``: a column bitmask per row) and know
nothing of formats or the command line.
"""

from typing import NamedTuple


class Counts(NamedTuple):
    """Numbers of solutions: all of them, and fundamental ones (one per class
    under the board's own symmetries).  Additive over disjoint sub-problems.

    >>> from queens import counts
    >>> counts(8)
    Counts(total=92, unique=12)
    >>> counts(8).unique
    12
    >>> counts(6) + counts(5)
    Counts(total=14, unique=3)
    """

    total: int
    unique: int

    def __add__(self, other: object) -> "Counts":
        if not isinstance(other, Counts):
            return NotImplemented
        return Counts(self.total + other.total, self.unique + other.unique)
