"""The community's JSON level format, as the popular web clone of the game writes its levels:
``{"size": 8, "colorRegions": [["A", "A", ...], ...]}`` (one list of region labels a row).

>>> rows = '[["A", "A", "B"], ["C", "A", "B"], ["C", "C", "B"]]'
>>> grid = parse_json_level('{"size": 3, "colorRegions": ' + rows + "}")
>>> print(grid)
AAB
CAB
CCB
>>> json_level(grid)
{'size': 3, 'colorRegions': [['A', 'A', 'B'], ['C', 'A', 'B'], ['C', 'C', 'B']]}

Labels that are single letters or digits are kept (so the grid reads as the same text);
other labels (``"red"``, ``"zone 1"``) are named A, B, ... in reading order of first
appearance.  Other keys (``regionColors``, a level number) are
ignored.  Bad input is a one-line ``LevelJsonError`` (a ``GridError``) saying
what and where: ``level JSON: colorRegions row 3 has 7 cells, but size is 8``.
"""

from __future__ import annotations

import json

from queens import json_text
from queens.puzzle.grid import MAX_N, NAMES, Grid, GridError, parse_grid
from queens.puzzle.grid import _ordinal as ordinal

EXAMPLE = '{"size": n, "colorRegions": [["A", "B", ...], ...]}'


class LevelJsonError(GridError):
    """A JSON level that cannot be a puzzle, in one line.

    >>> try:
    ...     parse_json_level('{"size": 2}')
    ... except LevelJsonError as error:
    ...     print(error)
    level JSON: no 'colorRegions' (expected {"size": n, "colorRegions": [["A", "B", ...], ...]})
    """

    def __init__(self, reason: str) -> None:
        self.reason = reason
        self.line = None
        self.column = None
        ValueError.__init__(self, f"level JSON: {reason}")


def json_text_limit(max_n: int = MAX_N) -> int:
    """The most characters read as a JSON level of up to ``max_n`` rows (room for one cell a
    line, indented)."""
    return 1024 + 16 * max_n * max_n


def looks_like_json(text: str) -> bool:
    """Whether puzzle text is meant as JSON rather than grid text (which never holds '{' or
    '[').

    >>> looks_like_json('  {"size": 4}'), looks_like_json('AB')
    (True, False)
    """
    return text.lstrip("\ufeff \t\r\n").startswith(("{", "["))


def _shown(value: object) -> str:
    text = json.dumps(value)
    return text if len(text) <= 30 else text[:27] + "..."


def _rows(data: object, max_n: int) -> tuple[int, list[list[str]]]:
    if not isinstance(data, dict):
        raise LevelJsonError(f"expected an object {EXAMPLE}")
    for key in ("size", "colorRegions"):
        if key not in data:
            raise LevelJsonError(f"no {key!r} (expected {EXAMPLE})")
    size = data["size"]
    if type(size) is not int or not 1 <= size <= max_n:
        raise LevelJsonError(f"size must be a whole number from 1 to {max_n}, got {_shown(size)}")
    rows = data["colorRegions"]
    if not isinstance(rows, list):
        raise LevelJsonError(f"colorRegions must be a list of rows, got {_shown(rows)}")
    if len(rows) != size:
        raise LevelJsonError(f"colorRegions has {len(rows)} rows, but size is {size}")
    for number, row in enumerate(rows, 1):
        if not isinstance(row, list):
            raise LevelJsonError(f"colorRegions row {number} is not a list, got {_shown(row)}")
        if len(row) != size:
            raise LevelJsonError(
                f"colorRegions row {number} has {len(row)} cells, but size is {size}"
            )
        for column, label in enumerate(row, 1):
            if not isinstance(label, str) or not label:
                raise LevelJsonError(
                    f"colorRegions row {number}, cell {column}: expected a region label "
                    f"(a string), got {_shown(label)}"
                )
    return size, rows


def _names(size: int, rows: list[list[str]]) -> dict[str, str]:
    """Each label's region name, checking there are exactly ``size`` regions."""
    labels: dict[str, None] = {}
    for number, row in enumerate(rows, 1):
        for column, label in enumerate(row, 1):
            if label not in labels and len(labels) == size:
                raise LevelJsonError(
                    f"colorRegions row {number}, cell {column}: region {_shown(label)} is the "
                    f"{ordinal(size + 1)} region, but size {size} has {size} (one a row)"
                )
            labels[label] = None
    if len(labels) < size:
        raise LevelJsonError(f"{len(labels)} regions, but size {size} needs {size} (one a row)")
    if all(len(label) == 1 and label in NAMES for label in labels):
        return {label: label for label in labels}
    return {label: NAMES[index] for index, label in enumerate(labels)}


def parse_json_level(text: str, max_n: int = MAX_N) -> Grid:
    """A grid from a JSON level; a one-line ``LevelJsonError`` if it is not one.

    >>> print(parse_json_level('{"size": 2, "colorRegions": [["A", "B"], ["A", "B"]]}'))
    AB
    AB
    """
    try:
        data = json_text.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        raise LevelJsonError(
            f"line {error.lineno}, column {error.colno}: {error.msg} (not valid JSON)"
        ) from None
    except RecursionError:
        raise LevelJsonError("nested too deeply (not a level)") from None
    size, rows = _rows(data, max_n)
    names = _names(size, rows)
    return parse_grid("\n".join("".join(names[label] for label in row) for row in rows), max_n)


def parse_puzzle(text: str, max_n: int = MAX_N) -> Grid:
    """Grid text or a JSON level (told apart by a leading ``{`` or ``[``).

    >>> print(parse_puzzle('AB\\nAB'))
    AB
    AB
    >>> print(parse_puzzle('{"size": 2, "colorRegions": [["A", "B"], ["A", "B"]]}'))
    AB
    AB
    """
    if looks_like_json(text):
        return parse_json_level(text, max_n)
    return parse_grid(text, max_n)


def json_level(grid: Grid) -> dict[str, object]:
    """The grid in the JSON level format.

    >>> from queens.puzzle.grid import parse_grid
    >>> json_level(parse_grid('AB\\nAB'))
    {'size': 2, 'colorRegions': [['A', 'B'], ['A', 'B']]}
    """
    return {"size": grid.n, "colorRegions": [list(row) for row in grid.rows()]}


__all__ = [
    "LevelJsonError",
    "json_level",
    "looks_like_json",
    "parse_json_level",
    "parse_puzzle",
]
