"""Counts of one or two queens on an open board, in closed form (any size, any rule).

A board without reserved squares or fixed queens and with at most two queens
to place needs no search: one queen goes on any of its ``W * H`` squares,
and two queens on any pair of squares in different rows that do not attack
each other, which is every pair less those sharing a row, a column, a
diagonal (or, for superqueens, a knight's jump).  The search would place
about ``(W * H) ** 2 / 2`` pairs instead, minutes on the boards wider than
the compiled kernel takes (``queens count 900 --queens 2``).

Fundamental counts are the classes under the board's symmetries, counted by
Burnside's lemma: the mean over the group of the solutions each symmetry
leaves unchanged.  For one queen those are the squares a symmetry fixes.
For two, a symmetry other than the identity keeps a pair only by swapping
its queens: a mirror swaps squares of one row (or column, or diagonal), which
attack each other; a quarter turn swaps only the centre with itself; so only
the half turn keeps pairs, those of the squares ``a`` whose image ``g(a)``
they do not attack.

Not the torus's translations: for fewer queens than rows the torus's
fundamental solutions are classes under its 8 symmetries (see
``queens.symmetry.keeps_translations``).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from queens.engines import Counts
from queens.symmetry import Symmetry

MAX_QUEENS = 2
"""The most queens counted here."""


def counts(
    allowed: Sequence[int],
    group: Sequence[Symmetry] = (),
    *,
    width: int | None = None,
    queens: int | None = None,
    required: int = 0,
    rule: str = "queen",
) -> Counts | None:
    """Total and fundamental counts in closed form, or None when the board is not one
    of these (a square not allowed, a required row, more than ``MAX_QUEENS`` queens).

    ``group`` must be a group (the board's own symmetries, or fewer: () means the
    identity alone).

    >>> counts([0b111] * 3, queens=1), counts([0b111] * 3, list(Symmetry), queens=1)
    (Counts(total=9, unique=9), Counts(total=9, unique=3))
    >>> n = 900  # two queens: n(n-1)(n-2)(3n-1)/6 placements
    >>> counts([(1 << n) - 1] * n, queens=2).total == n * (n - 1) * (n - 2) * (3 * n - 1) // 6
    True
    >>> counts([(1 << n) - 1] * n, queens=2).total
    326836214700
    """
    height = len(allowed)
    width = height if width is None else width
    k = height if queens is None else queens
    full = (1 << width) - 1
    if k > MAX_QUEENS or height == 0 or any(mask != full for mask in allowed):
        return None
    if required and k < height:  # a row that must hold one of the queens: not open
        return None
    if rule == "toroidal" and width != height:
        return None
    symmetries = set(group) | {Symmetry.IDENTITY}
    if k == 0:
        return Counts(1, 1)
    if k == 1:
        total = width * height
        kept = sum(_fixed_squares(s, width, height) for s in symmetries)
    else:
        total = pairs(width, height, rule)
        kept = total
        if Symmetry.ROTATE_180 in symmetries:
            kept += _half_turn_pairs(width, height, rule)
    return Counts(total, kept // len(symmetries))


def _fixed_squares(symmetry: Symmetry, width: int, height: int) -> int:
    """How many squares ``symmetry`` maps onto themselves."""
    odd_w, odd_h = width % 2, height % 2
    fixed = {
        Symmetry.IDENTITY: width * height,
        Symmetry.ROTATE_180: odd_w * odd_h,
        Symmetry.ROTATE_90: odd_w * odd_h,
        Symmetry.ROTATE_270: odd_w * odd_h,
        Symmetry.MIRROR: odd_w * height,
        Symmetry.FLIP: odd_h * width,
        Symmetry.TRANSPOSE: width,  # square boards only: the main diagonal
        Symmetry.ANTI_TRANSPOSE: width,
    }
    return fixed[symmetry]


def pairs(width: int, height: int, rule: str) -> int:
    """Pairs of squares in different rows that do not attack each other."""
    squares = width * height
    attacking = height * comb(width, 2) + width * comb(height, 2)  # rows, columns
    if rule == "toroidal":  # n x n: 2n wrapped diagonals of n squares each
        n = width
        # A pair on both diagonals is half the board apart (n even): counted once.
        attacking += 2 * n * comb(n, 2) - (n * n // 2 if n % 2 == 0 else 0)
    else:
        short, long = sorted((width, height))
        per_direction = 2 * comb(short, 3) + (long - short + 1) * comb(short, 2)
        attacking += 2 * per_direction
    if rule == "superqueen":
        attacking += 2 * (width - 1) * max(0, height - 2) + 2 * max(0, width - 2) * (height - 1)
    return comb(squares, 2) - attacking


def _attacks(dr: int, dc: int, n: int, rule: str) -> bool:
    """True when two squares ``dr`` rows and ``dc`` columns apart attack each other."""
    if dr == 0 or dc == 0:
        return True
    if rule == "toroidal":
        return (dr - dc) % n == 0 or (dr + dc) % n == 0
    if abs(dr) == abs(dc):
        return True
    return rule == "superqueen" and {abs(dr), abs(dc)} == {1, 2}


def _half_turn_pairs(width: int, height: int, rule: str) -> int:
    """Pairs ``{a, g(a)}`` of the half turn ``g`` that do not attack each other.

    Row by row: a square in row r is ``H - 1 - 2r`` rows from its image, and
    the squares of a row are ``W - 1 - 2c`` columns from theirs, all different,
    so only the few offsets that attack are looked at.
    """
    keeps = 0
    for row in range(height):
        dr = height - 1 - 2 * row
        if dr == 0:
            continue
        offsets = {0, dr, -dr, dr - width, dr + width, -dr - width, -dr + width, 1, -1, 2, -2}
        bad = sum(
            1
            for dc in offsets
            if abs(dc) <= width - 1 and (width - 1 - dc) % 2 == 0 and _attacks(dr, dc, width, rule)
        )
        keeps += width - bad
    return keeps // 2
