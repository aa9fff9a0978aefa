"""The level archive and the daily puzzle.

The archive is ``CYCLE`` numbered grids shipped as data (``levels.json`` next to this
module), made once by ``scripts/make_puzzle_levels.py`` from fixed seeds (each level
records its own) with ``queens.puzzle.maker.generate``, so the grids stay the same
whatever the generator later becomes.  Level k has the size and difficulty of day
``(k - 1) % 7`` of ``WEEK`` (Monday first): small and easy early in the week, bigger
and harder towards Sunday, as in the game it imitates.

The daily puzzle of a date is level ``(date - EPOCH) % CYCLE + 1``: the same for everyone
on that date, and, ``CYCLE`` being 52 weeks, every Monday's puzzle is a Monday level.

The file is checked on every read (``LevelsError`` if anything is off): its format,
epoch, a SHA-256 of its levels, and each level's grid text, size and difficulty name.

>>> from datetime import date, timedelta
>>> today = daily(date(2026, 1, 5))
>>> today.number, today.n, today.difficulty, date(2026, 1, 5).strftime("%A")
(1, 7, 'easy', 'Monday')
>>> daily(date(2026, 1, 5) + timedelta(days=CYCLE)).number
1
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from importlib import resources

from queens import json_text
from queens.puzzle.grid import Grid, GridError, parse_grid

FORMAT = "queens-puzzle-levels"
VERSION = 1

EPOCH = date(2026, 1, 5)
"""A Monday: the day of level 1."""

WEEK = ((7, "easy"), (8, "easy"), (8, "medium"), (9, "medium"), (9, "hard"), (10, "hard"),
        (11, "hard"))  # fmt: skip
"""Each weekday's size and difficulty, Monday first."""

CYCLE = 52 * 7
"""Levels in the archive (364: whole weeks, so a level keeps its weekday year after year)."""


class LevelsError(ValueError):
    """The shipped level archive fails its check (a damaged or edited file).

    >>> try:
    ...     read_levels('[]')
    ... except LevelsError as error:
    ...     print(error)
    level archive: not a queens-puzzle-levels file
    """


@dataclass(frozen=True)
class GradedGrid:
    """A grid the project hands out (a shipped level, a day's grid): its difficulty and the
    generator seed that made it.

    >>> graded = level(1)
    >>> graded.n, graded.difficulty
    (7, 'easy')
    """

    grid: Grid
    difficulty: str
    seed: int

    @property
    def n(self) -> int:
        """The grid's side.

        >>> level(1).n
        7
        """
        return self.grid.n

    def to_json(self) -> dict[str, object]:
        """The JSON object of the grid: its size, difficulty, seed and rows.

        >>> GradedGrid(level(1).grid, "easy", seed=5).to_json()["grid"][:2]
        ['AABBBBC', 'AABBBBC']
        """
        return {
            "n": self.n,
            "difficulty": self.difficulty,
            "seed": self.seed,
            "grid": self.grid.rows(),
        }


@dataclass(frozen=True)
class Level(GradedGrid):
    """A numbered grid of the archive, with its size, difficulty and generator seed.

    >>> first = level(1)
    >>> first.number, first.n, first.difficulty
    (1, 7, 'easy')
    """

    number: int = field(kw_only=True)

    def to_json(self) -> dict[str, object]:
        """The grid's JSON object with the level's number first.

        >>> list(level(1).to_json())[:2]
        ['level', 'n']
        """
        return {"level": self.number, **super().to_json()}


def schedule(number: int) -> tuple[int, str]:
    """Level ``number``'s size and difficulty (by its weekday)."""
    return WEEK[(number - 1) % 7]


def digest(levels: list[dict[str, object]]) -> str:
    """The SHA-256 the file stores of its levels (their JSON, keys sorted, no spaces)."""
    text = json.dumps(levels, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _level(number: int, record: object) -> Level:
    where = f"level archive, level {number}"
    if not isinstance(record, dict) or set(record) != {"level", "n", "difficulty", "seed", "grid"}:
        raise LevelsError(f"{where}: not a level record")
    rows = record["grid"]
    if record["level"] != number or not isinstance(rows, list):
        raise LevelsError(f"{where}: numbered {record['level']!r}")
    if not all(isinstance(row, str) for row in rows):
        raise LevelsError(f"{where}: the grid is not a list of rows")
    try:
        grid = parse_grid("\n".join(rows))
    except GridError as error:
        raise LevelsError(f"{where}: {error}") from None
    n, difficulty = schedule(number)
    if (record["n"], record["difficulty"], grid.n) != (n, difficulty, n):
        raise LevelsError(f"{where}: not the {n} x {n} {difficulty} grid of its weekday")
    seed = record["seed"]
    if type(seed) is not int:
        raise LevelsError(f"{where}: seed {seed!r} is not a whole number")
    return Level(grid, str(record["difficulty"]), seed, number=number)


def read_levels(text: str) -> tuple[Level, ...]:
    """The levels of an archive file's text, checked (``LevelsError`` if not right)."""
    try:
        data = json_text.loads(text)
    except json.JSONDecodeError as error:
        raise LevelsError(f"level archive: not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LevelsError(f"level archive: not a {FORMAT} file")
    if data.get("version") != VERSION:
        raise LevelsError(f"level archive: version {data.get('version')!r}, expected {VERSION}")
    if data.get("epoch") != EPOCH.isoformat():  # else the dates would name other levels
        raise LevelsError(f"level archive: epoch {data.get('epoch')!r}, expected {EPOCH}")
    records = data.get("levels")
    if not isinstance(records, list) or len(records) != CYCLE:
        raise LevelsError(f"level archive: expected {CYCLE} levels")
    if data.get("sha256") != digest(records):
        raise LevelsError("level archive: its SHA-256 does not match its levels (damaged?)")
    return tuple(_level(number, record) for number, record in enumerate(records, 1))


def archive_text(levels: list[Level]) -> str:
    """The archive file's text for ``levels`` (what the script writes and read_levels reads)."""
    records = [level.to_json() for level in levels]
    head = {"format": FORMAT, "version": VERSION, "epoch": EPOCH.isoformat(),
            "sha256": digest(records)}  # fmt: skip
    lines = [json.dumps(head)[:-1] + ', "levels": [']  # one level a line: readable diffs
    lines += [json.dumps(record) + "," for record in records]
    lines[-1] = lines[-1].removesuffix(",")
    return "\n".join([*lines, "]}"]) + "\n"


@cache
def levels() -> tuple[Level, ...]:
    """The shipped archive, read and checked once per process.

    >>> len(levels()), levels()[0] is level(1)
    (364, True)
    """
    text = (resources.files("queens.puzzle") / "levels.json").read_text(encoding="utf-8")
    return read_levels(text)


def level(number: int) -> Level:
    """Level ``number`` (1 to ``CYCLE``).

    >>> print(level(1).grid)
    AABBBBC
    AABBBBC
    AADEEEC
    AAEEEFC
    AAAGGFF
    AGGGGFF
    AGGGGGF
    """
    if not 1 <= number <= CYCLE:
        raise ValueError(f"levels go from 1 to {CYCLE}, not {number}")
    return levels()[number - 1]


def parse_day(text: str) -> date:
    """A date written YYYY-MM-DD (ASCII digits); ValueError saying why if it is not one.

    >>> parse_day("2026-02-30")
    Traceback (most recent call last):
    ...
    ValueError: must be a real date, got '2026-02-30' (day is out of range for month)
    """
    shown = repr(text if len(text) <= 40 else text[:37] + "...")
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        raise ValueError(f"must be a date YYYY-MM-DD, got {shown}")
    try:
        return date.fromisoformat(text)
    except ValueError as error:
        raise ValueError(f"must be a real date, got {shown} ({error})") from None


def daily_number(day: date) -> int:
    """The level number of ``day``'s puzzle.

    >>> from datetime import date
    >>> daily_number(EPOCH), daily_number(date(2026, 1, 1))
    (1, 361)
    """
    return (day - EPOCH).days % CYCLE + 1


def daily(day: date) -> Level:
    """``day``'s puzzle.

    >>> from datetime import date
    >>> daily(date(2026, 1, 1)).n
    9
    """
    return level(daily_number(day))


__all__ = [
    "GradedGrid",
    "Level",
    "LevelsError",
    "daily",
    "daily_number",
    "level",
    "levels",
    "parse_day",
]
