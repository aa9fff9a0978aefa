"""Explicit solutions for any N: the classic closed form, no search at all.

Write the 1-based columns row by row as the even numbers followed by the odd
numbers (``2, 4, 6, ..., 1, 3, 5, ...``).  That is a solution unless
``N mod 6`` is 2 or 3, where two repairs known since the 1960s
(Hoffman, Loessi and Moore, 1969; see also Bernhardsson 1991) fix it:

* ``N mod 6 == 2``: swap 1 and 3 among the odd numbers and move 5 to the end:
  ``2, 4, ..., N, 3, 1, 7, 9, ..., N-1, 5``;
* ``N mod 6 == 3``: move 2 to the end of the even numbers and 1, 3 to the end
  of the odd numbers: ``4, 6, ..., N-1, 2, 5, 7, ..., N, 1, 3``.

The tests check the result with an independent validator for every N from 4
to 2,000 (20,000 in the slow suite) and around 10^6 for every residue mod 6.

The columns are built from ``range`` objects straight into an ``array('i')``
(no per-queen Python code), so ten million queens take well under a second; a
chunk at a time, so Ctrl-C stops even two billion at once.
"""

from __future__ import annotations

from array import array
from typing import TypeAlias

Columns: TypeAlias = "array[int]"
"""An ``array('i')`` of 0-based columns, one per row."""


CONSTRUCT_MAX_N = (1 << 31) - 1
"""The largest board: columns are stored as C ints."""

CHUNK = 1 << 16
"""Columns added to the array in one call.  Python raises Ctrl-C's KeyboardInterrupt between
two steps of Python code, never inside one C call: one ``extend`` of a billion columns would
hold it for minutes (issue 26); one of a chunk takes milliseconds."""


def _extend(columns: Columns, start: int, stop: int) -> None:
    """``columns.extend(range(start, stop, 2))``, a chunk at a time (see ``CHUNK``)."""
    for first in range(start, stop, 2 * CHUNK):
        columns.extend(range(first, min(stop, first + 2 * CHUNK), 2))


def construct(n: int) -> Columns | None:
    """One solution of the plain n x n board (0-based columns), or None for n = 2, 3."""
    if not 1 <= n <= CONSTRUCT_MAX_N:
        raise ValueError(f"board size must be from 1 to {CONSTRUCT_MAX_N:,}, got {n}")
    if n in (2, 3):
        return None
    if n == 1:
        return array("i", [0])
    # 0-based: the 1-based even numbers 2, 4, ... are 1, 3, ...; the odd ones 0, 2, ...
    rest = n % 6
    columns = array("i")
    if rest == 3:
        _extend(columns, 3, n)  # 4, 6, ..., N-1
        columns.append(1)  # 2
        _extend(columns, 4, n)  # 5, 7, ..., N
        columns.extend((0, 2))  # 1, 3
    elif rest == 2:
        _extend(columns, 1, n)  # 2, 4, ..., N
        columns.extend((2, 0))  # 3, 1
        _extend(columns, 6, n)  # 7, 9, ..., N-1
        columns.append(4)  # 5
    else:
        _extend(columns, 1, n)  # evens
        _extend(columns, 0, n)  # odds
    return columns


def construct_toroidal(n: int) -> Columns | None:
    """One solution of the n x n toroidal board: ``c(r) = 2r mod n``, or None.

    Polya (1918): the torus has solutions exactly when n is coprime to 6.
    Then the columns ``2r mod n`` are all different (2 is invertible mod n),
    and so are ``r + c = 3r`` and ``r - c = -r`` mod n (3 and -1 invertible
    too): no two queens share a column or a wrapped diagonal.  Otherwise None.

    >>> construct_toroidal(7).tolist()
    [0, 2, 4, 6, 1, 3, 5]
    >>> construct_toroidal(9) is None
    True
    """
    if not 1 <= n <= CONSTRUCT_MAX_N:
        raise ValueError(f"board size must be from 1 to {CONSTRUCT_MAX_N:,}, got {n}")
    if n % 2 == 0 or n % 3 == 0:
        return None
    # 2r mod n runs 0, 2, 4, ... up to n - 1, then 1, 3, ... (n odd): two ranges.
    columns = array("i")
    _extend(columns, 0, n)
    _extend(columns, 1, n)
    return columns
