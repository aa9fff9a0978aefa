"""Star Battle Notation (SBN): the one-line code Star Battle sites and tools share a puzzle by.

>>> puzzle = parse_sbn("441W9icn")
>>> puzzle.stars
1
>>> print(puzzle.grid)
AAAB
CCCB
CDDB
CDDD
>>> sbn(puzzle.grid, 1)
'441W9icn'

The code is: two characters for the size (the size's digit of ``ALPHABET`` twice: ``55`` is
5 x 5, ``AA`` 10 x 10, ``EE`` 14 x 14), one digit for the stars a unit, a flag character
(``W``; ``e`` when the player's marks follow), then the region borders, 6 bits a character of
``ALPHABET`` (most significant bit first): first the n (n - 1) borders inside the rows (bit
r (n - 1) + c is 1 when cells (r, c) and (r, c + 1) are in two regions), then the n (n - 1)
inside the columns (bit c (n - 1) + r: cells (r, c) and (r + 1, c)), the whole padded with
leading zero bits to a multiple of 6.  What follows the borders (the player's marks) is
ignored.  The regions are the cells the borders leave joined, so each region is connected.

This is how the StarBattleLab project (``itadrous73/test.starbattlelab.github.io``) writes
and reads it; the format is not published elsewhere.  Bad input is a one-line ``SbnError``
(a ``GridError``): ``SBN: 5 regions, but 6 x 6 needs 6 (one a row)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from queens.puzzle.grid import MAX_N, Grid, GridError

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
"""The 64 characters of SBN, each 6 bits (its index)."""

PLAIN = "W"
"""The flag written when no player's marks follow."""

MAX_SBN_N = min(MAX_N, len(ALPHABET) - 1)
"""The largest size SBN is read for here: the grids' limit (62)."""

MAX_SBN_CHARS = 4 + (2 * MAX_SBN_N * (MAX_SBN_N - 1) + 5) // 6 + 4 * MAX_SBN_N * MAX_SBN_N
"""The most characters read as one SBN line (room for the largest grid and its marks)."""

_INDEX = {char: index for index, char in enumerate(ALPHABET)}


class SbnError(GridError):
    """An SBN code that cannot be a puzzle, in one line.

    >>> try:
    ...     parse_sbn("66")
    ... except SbnError as error:
    ...     print(error)
    SBN: 2 characters, too short (expected size, stars, flag and borders, e.g. 661W...)
    """

    subject = "SBN"


@dataclass(frozen=True)
class SbnPuzzle:
    """A puzzle read from SBN: its grid and its stars a row, column and region.

    >>> puzzle = parse_sbn("222WC")
    >>> puzzle.stars
    2
    >>> print(puzzle.grid)
    AB
    AB
    """

    grid: Grid
    stars: int


def border_chars(n: int) -> int:
    """The characters holding the borders of an n x n grid.

    >>> border_chars(6), border_chars(8), border_chars(10)
    (10, 19, 30)
    """
    return (2 * n * (n - 1) + 5) // 6


def looks_like_sbn(text: str) -> bool:
    """Whether puzzle text is meant as SBN: one line of SBN characters whose first two are
    one size digit (grid text of one line is a 1 x 1 grid, one character).

    >>> looks_like_sbn("661WYCXEYFQkbW\\n"), looks_like_sbn("AB\\nAB"), looks_like_sbn("A")
    (True, False, False)
    """
    line = text.strip("\ufeff \t\r\n")
    return (
        len(line) >= 4
        and "\n" not in line
        and line[0] == line[1]
        and all(char in _INDEX for char in line)
    )


def _bits(code: str, n: int) -> str:
    """The 2 n (n - 1) border bits of ``code``'s border characters (padding dropped)."""
    chars = border_chars(n)
    data = code[4 : 4 + chars]
    if len(data) < chars:
        raise SbnError(
            f"{n} x {n} needs {chars} border characters after the first 4, got {len(data)}"
        )
    bits = "".join(format(_INDEX[char], "06b") for char in data)
    padding = len(bits) - 2 * n * (n - 1)
    if "1" in bits[:padding]:
        raise SbnError(f"the first {padding} bits of the borders are padding, but are not 0")
    return bits[padding:]


def _regions(n: int, bits: str) -> list[list[int]]:
    """Each cell's region: the cells left joined by the borders, numbered by a flood fill."""
    across, down = bits[: n * (n - 1)], bits[n * (n - 1) :]
    region = [[-1] * n for _ in range(n)]
    count = 0
    for start in range(n * n):
        if region[start // n][start % n] >= 0:
            continue
        region[start // n][start % n] = count
        stack = [divmod(start, n)]
        while stack:
            r, c = stack.pop()
            joined = [
                (r, c + 1, c < n - 1 and across[r * (n - 1) + c] == "0"),
                (r, c - 1, c > 0 and across[r * (n - 1) + c - 1] == "0"),
                (r + 1, c, r < n - 1 and down[c * (n - 1) + r] == "0"),
                (r - 1, c, r > 0 and down[c * (n - 1) + r - 1] == "0"),
            ]
            for rr, cc, open_ in joined:
                if open_ and region[rr][cc] < 0:
                    region[rr][cc] = count
                    stack.append((rr, cc))
        count += 1
        if count > n:
            raise SbnError(f"more than {n} regions, but {n} x {n} needs {n} (one a row)")
    if count < n:
        regions = "1 region" if count == 1 else f"{count} regions"
        raise SbnError(f"{regions}, but {n} x {n} needs {n} (one a row)")
    return region


def parse_sbn(text: str, max_n: int = MAX_SBN_N) -> SbnPuzzle:
    """A puzzle from one SBN code (surrounding whitespace ignored); a one-line ``SbnError``
    if it is not one.

    >>> print(parse_sbn("661WYCXEYFQkbW").grid)
    ABBBBC
    AAAABC
    AAACCC
    DDDCCC
    EFDFFC
    FFFFCC
    >>> parse_sbn("221W0")
    Traceback (most recent call last):
    ...
    queens.puzzle.sbn.SbnError: SBN: 1 region, but 2 x 2 needs 2 (one a row)
    """
    code = text.strip("\ufeff \t\r\n")
    if len(code) > MAX_SBN_CHARS:
        raise SbnError(f"{len(code)} characters, more than the {MAX_SBN_CHARS} read")
    if len(code) < 4:
        raise SbnError(
            f"{len(code)} characters, too short (expected size, stars, flag and borders, "
            "e.g. 661W...)"
        )
    for column, char in enumerate(code, 1):
        if char not in _INDEX:
            raise SbnError(f"character {column}: unexpected {char!r} (not an SBN character)")
    if code[0] != code[1]:
        raise SbnError(f"size {code[:2]!r}: expected one size digit twice, such as 66 or AA")
    n = _INDEX[code[0]]
    if not 1 <= n <= max_n:
        raise SbnError(f"size {n}: grids here go from 1 to {max_n}")
    if not "1" <= code[2] <= "9":
        raise SbnError(f"stars {code[2]!r}: expected a digit from 1 to 9")
    regions = _regions(n, _bits(code, n))
    return SbnPuzzle(Grid.from_regions(regions), int(code[2]))


def sbn(grid: Grid, stars: int = 1) -> str:
    """The SBN code of ``grid`` with ``stars`` a unit (flag ``W``: no marks); every region
    must be connected, since SBN stores only borders.

    >>> from queens.puzzle.grid import parse_grid
    >>> sbn(parse_grid("AB\\nAB"))
    '221WC'
    """
    n = grid.n
    if n > MAX_SBN_N:
        raise SbnError(f"size {n}: SBN here goes up to {MAX_SBN_N}")
    if not 1 <= stars <= 9:
        raise SbnError(f"stars {stars}: SBN holds 1 to 9")
    for index in range(n):
        if not grid.connected(index):
            raise SbnError(f"region {grid.names[index]} is in pieces, which SBN cannot hold")
    across = "".join(
        "1" if grid.region(r, c) != grid.region(r, c + 1) else "0"
        for r in range(n)
        for c in range(n - 1)
    )
    down = "".join(
        "1" if grid.region(r, c) != grid.region(r + 1, c) else "0"
        for c in range(n)
        for r in range(n - 1)
    )
    bits = across + down
    bits = "0" * (6 * border_chars(n) - len(bits)) + bits
    data = "".join(ALPHABET[int(bits[i : i + 6], 2)] for i in range(0, len(bits), 6))
    return f"{ALPHABET[n] * 2}{stars}{PLAIN}{data}"


__all__ = ["ALPHABET", "SbnError", "SbnPuzzle", "looks_like_sbn", "parse_sbn", "sbn"]
