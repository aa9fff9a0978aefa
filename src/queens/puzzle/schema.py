"""The one JSON vocabulary of the region puzzle and Star Battle, for every K: its
versioned JSON Schema (``schema-v1.json``, shipped with the package), its writers, and
readers that also take the two older vocabularies.

Cells are 0-based ``[row, column]`` lists.  A solution is ``{"n", "stars", "rows"}``
(``rows[r]``: row r's sorted star columns), with ``"columns"`` too for one star (the older
key, so old readers keep working); an explanation adds ``"level"``, ``"difficulty"`` and
``"steps"``; a step is ``{"kind", "level", "text", "place", "clear", "focus"}``.

>>> solution(4, 1, [[1], [3], [0], [2]])
{'n': 4, 'stars': 1, 'rows': [[1], [3], [0], [2]], 'columns': [1, 3, 0, 2]}
>>> read_solution({"n": 4, "columns": [1, 3, 0, 2]}) == solution(4, 1, [[1], [3], [0], [2]])
True
>>> read_step({"kind": "full", "level": 1, "text": "Row 1 ...", "placed": [[0, 2]],
...            "cleared": []})
{'kind': 'full', 'level': 1, 'text': 'Row 1 ...', 'place': [[0, 2]], 'clear': [], 'focus': []}
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date
from functools import cache
from importlib import resources
from typing import Any, TypedDict

VERSION = 1
"""The schema's version: ``schema-v1.json``; a change that old readers would misread
makes version 2, in a file of its own."""

SCHEMA_FILE = f"schema-v{VERSION}.json"

KINDS = (
    "level", "step", "solution", "explanation", "daily",
    "pageGrid", "check", "hint", "pageSolution", "starsTaken", "levelList", "generateSizes",
)  # fmt: skip
"""The kinds of JSON the schema describes (its ``$defs`` that a command or endpoint
prints whole)."""


class Step(TypedDict):
    """A step of an explanation or a hint, as JSON.

    >>> sorted(Step.__annotations__)
    ['clear', 'focus', 'kind', 'level', 'place', 'text']
    """

    kind: str
    level: int
    text: str
    place: list[list[int]]
    clear: list[list[int]]
    focus: list[list[int]]


class SchemaError(ValueError):
    """JSON that is none of the vocabularies read here, in one line.

    >>> try:
    ...     read_solution({"n": 4})
    ... except SchemaError as error:
    ...     print(error)
    a solution needs 'rows' (or, with one star, 'columns')
    """


@cache
def document() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every kind in ``KINDS``, as shipped.

    >>> document()["$defs"]["step"]["required"]
    ['kind', 'level', 'text', 'place', 'clear', 'focus']
    """
    text = resources.files("queens.puzzle").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def schema_of(kind: str) -> dict[str, Any]:
    """A schema for one kind alone (its ``$defs`` kept, so its references resolve).

    >>> schema_of("step")["$ref"]
    '#/$defs/step'
    """
    if kind not in KINDS:
        raise SchemaError(f"no kind {kind!r} in the schema (kinds: {', '.join(KINDS)})")
    whole = document()
    return {"$schema": whole["$schema"], "$defs": whole["$defs"], "$ref": f"#/$defs/{kind}"}


def cells_json(cells: Sequence[Sequence[int]]) -> list[list[int]]:
    return [[int(row), int(column)] for row, column in cells]


def rows_json(rows: Sequence[Sequence[int]]) -> list[list[int]]:
    return [sorted(int(column) for column in columns) for columns in rows]


def solution(n: int, stars: int, rows: Sequence[Sequence[int]]) -> dict[str, object]:
    """A solution's JSON: ``columns`` too for one star.

    >>> solution(4, 2, [[2, 0], [1, 3], [0, 2], [1, 3]])
    {'n': 4, 'stars': 2, 'rows': [[0, 2], [1, 3], [0, 2], [1, 3]]}
    """
    record: dict[str, object] = {"n": n, "stars": stars, "rows": rows_json(rows)}
    if stars == 1:
        record["columns"] = [columns[0] for columns in rows]
    return record


def explanation(
    n: int,
    stars: int,
    rows: Sequence[Sequence[int]],
    level: int,
    difficulty: str,
    steps: Sequence[Mapping[str, object]],
) -> dict[str, object]:
    """An explanation's JSON: the solution's, its level and difficulty, and its steps
    (read with ``read_step``, so either step vocabulary goes in).

    >>> step = {"kind": "single", "level": 1, "text": "...", "place": [[0, 0]], "clear": [],
    ...         "focus": []}
    >>> list(explanation(1, 1, [[0]], 1, "easy", [step]))
    ['n', 'stars', 'rows', 'columns', 'level', 'difficulty', 'steps']
    """
    return {
        **solution(n, stars, rows),
        "level": level,
        "difficulty": difficulty,
        "steps": [read_step(step) for step in steps],
    }


def daily(day: date, stars: int, record: Mapping[str, object]) -> dict[str, object]:
    """A day's grid as ``queens puzzle daily --json`` prints it: the date and stars first,
    then its record (a level's number, n, difficulty, seed and grid rows).

    >>> from datetime import date
    >>> daily(date(2026, 1, 5), 2, {"n": 8, "difficulty": "easy"})
    {'date': '2026-01-05', 'stars': 2, 'n': 8, 'difficulty': 'easy'}
    """
    return {"date": day.isoformat(), "stars": stars, **record}


def _cells(record: Mapping[str, object], *names: str) -> list[list[int]]:
    """The first of ``names`` the record has, as cells ([] if none)."""
    for name in names:
        if name in record:
            value = record[name]
            if not isinstance(value, list) or not all(
                isinstance(cell, (list, tuple)) and len(cell) == 2 for cell in value
            ):
                raise SchemaError(f"step {name!r}: expected a list of [row, column] cells")
            return cells_json(value)
    return []


def read_step(record: Mapping[str, object]) -> Step:
    """A step in this vocabulary, from it or from the older K-star one (``placed`` and
    ``cleared``, no ``focus``).

    >>> read_step({"kind": "full", "level": 1, "text": "...", "placed": [[0, 1]],
    ...            "cleared": [[0, 2]]})["clear"]
    [[0, 2]]
    """
    kind, level, text = record.get("kind"), record.get("level"), record.get("text")
    if not isinstance(kind, str) or type(level) is not int or not isinstance(text, str):
        raise SchemaError("a step needs its 'kind', 'level' and 'text'")
    return {
        "kind": kind,
        "level": level,
        "text": text,
        "place": _cells(record, "place", "placed"),
        "clear": _cells(record, "clear", "cleared"),
        "focus": _cells(record, "focus"),
    }


def read_solution(record: Mapping[str, object]) -> dict[str, object]:
    """A solution (or an explanation's solution keys) in this vocabulary, from it, from
    the older one-star one (``{"n", "columns"}``, as ``queens solve`` writes a solution) or
    the older K-star one (``{"n", "stars", "rows"}``).

    >>> read_solution({"n": 2, "columns": [0, 1]})["rows"]
    [[0], [1]]
    """
    return solution(*_solution_parts(record))


def _solution_parts(record: Mapping[str, object]) -> tuple[int, int, list[list[int]]]:
    n = record.get("n")
    if type(n) is not int or n < 1:
        raise SchemaError("a solution has no size 'n' (a whole number from 1)")
    rows = record.get("rows")
    if rows is None:
        columns = record.get("columns")
        if not isinstance(columns, list) or not all(type(c) is int for c in columns):
            raise SchemaError("a solution needs 'rows' (or, with one star, 'columns')")
        rows = [[column] for column in columns]
    if not isinstance(rows, list) or not all(
        isinstance(r, list) and all(type(c) is int for c in r) for r in rows
    ):
        raise SchemaError("a solution's 'rows' must be a list of lists of columns")
    stars = record.get("stars", len(rows[0]) if rows else 1)
    if type(stars) is not int:
        raise SchemaError("a solution's 'stars' must be a whole number")
    return n, stars, rows


def read_explanation(record: Mapping[str, object]) -> dict[str, object]:
    """An explanation in this vocabulary, from it or either older one.

    >>> old = {"n": 1, "columns": [0], "level": 1, "difficulty": "easy",
    ...        "steps": [{"kind": "full", "level": 1, "text": "...", "placed": [[0, 0]]}]}
    >>> read_explanation(old)["steps"][0]["place"]
    [[0, 0]]
    """
    steps = record.get("steps")
    if not isinstance(steps, list) or not all(isinstance(step, dict) for step in steps):
        raise SchemaError("an explanation's 'steps' must be a list of steps")
    n, stars, rows = _solution_parts(record)
    level, difficulty = record.get("level"), record.get("difficulty")
    if type(level) is not int or not isinstance(difficulty, str):
        raise SchemaError("an explanation needs its 'level' and 'difficulty'")
    return explanation(n, stars, rows, level, difficulty, steps)


__all__ = [
    "KINDS",
    "VERSION",
    "SchemaError",
    "Step",
    "daily",
    "document",
    "explanation",
    "read_explanation",
    "read_solution",
    "read_step",
    "schema_of",
    "solution",
]
