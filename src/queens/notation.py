"""How a placement is written as text: 1-based column lists and letters.

A list names each row's column, 1-based (``[1, 5, 8]``, ``1 5 8`` or
``1,5,8``; 0 for an empty row); letters name them ``a`` to ``z``
(``LETTERS``, ``-`` for an empty row: ``EMPTY_LETTER``).  The
solutions write these (``queens.solution.Solution``) and the checker
reads them back (``queens.checking``).
"""

from __future__ import annotations

import json
import re

LETTERS = "abcdefghijklmnopqrstuvwxyz"
"""The ``letters`` format's names of the columns, from the left."""

EMPTY_LETTER = "-"
"""The ``letters`` format's mark for a row without a queen."""

_SEPARATORS = re.compile(r"[\s,]+")
_DIGITS = b"0123456789"
_HUGE = re.compile(r"\d{19,}")  # a column number past any board, whatever its zeros
# ASCII characters that both str.split() and the regex \s take for whitespace.
_LIST_BYTES = _DIGITS + b", \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"


def parse_columns(text: str) -> list[int]:
    """1-based column numbers from list text; ValueError on anything else.

    >>> parse_columns("[1, 5, 8]"), parse_columns("1 5 8"), parse_columns("1,5,8")
    ([1, 5, 8], [1, 5, 8], [1, 5, 8])
    >>> parse_columns("1 5 x")
    Traceback (most recent call last):
    ...
    ValueError: 'x' is not a column number
    """
    body = text.strip()
    if body.startswith("[") != body.endswith("]"):
        raise ValueError("unbalanced brackets")
    body = body.removeprefix("[").removesuffix("]").strip()
    if not body:
        raise ValueError("no columns")
    huge = _HUGE.search(body)
    if huge:  # before int(), which refuses 4,300 digits in its own words
        raise ValueError(f"a column number of {len(huge[0]):,} digits (far past any board)")
    fast = _parse_plain(body)
    if fast is not None:
        return fast
    items = _SEPARATORS.split(body)
    for item in items:
        if not item.isdigit() or not item.isascii():
            raise ValueError(f"{item!r} is not a column number")
    return list(map(int, items))


def _parse_plain(body: str) -> list[int] | None:
    """The common case at C speed (a million columns in about 0.1 s): ASCII
    digits and separators only, a digit at both ends.  None otherwise, for the
    careful path to read or to name what is wrong."""
    if not (body.isascii() and body[0].isdigit() and body[-1].isdigit()):
        return None
    raw = body.encode("ascii")
    if raw.translate(None, _LIST_BYTES):
        return None
    if not raw.translate(None, _DIGITS + b", "):
        # Plain "1, 5, 8": JSON's C scanner reads it fastest.  It refuses what
        # the careful path reads differently (leading zeros, ",,"), and then
        # the split below takes over.
        try:
            numbers: list[int] = json.loads(f"[{body}]")
        except ValueError:
            pass
        else:
            return numbers
    return list(map(int, body.replace(",", " ").split()))
