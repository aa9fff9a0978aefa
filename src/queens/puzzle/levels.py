"""The level archive and the daily puzzles, for one star and for K stars.

The archive is ``CYCLE`` numbered grids shipped as data (``levels.json`` next to this
module), made once by ``scripts/make_puzzle_levels.py`` from fixed seeds (each level
records its own) with ``queens.puzzle.generate.generate``, so the grids stay the same
whatever the generator later becomes; when the explainer's grading changes, the script
keeps every level still of its weekday's difficulty and makes only the others anew (a
line of three graded like a 2 x 2 block made 29 hard levels medium: those were remade).
Level k has the size and difficulty of day ``(k - 1) % 7`` of ``WEEK`` (Monday first):
small and easy early in the week, bigger and harder towards Sunday, as in the game it
imitates.

The daily puzzle of a date is level ``(date - EPOCH).days + 1``: the same for everyone
on that date.  The archive holds levels 1 to ``CYCLE`` (52 weeks); a later level is made
when asked for (``made_level``), at its weekday's size and difficulty, from a seed fixed
by its number, so the daily does not come round again after 364 days.  (Dates before
``EPOCH`` take the archive's levels backwards, ``(date - EPOCH) % CYCLE + 1``.)

The file is checked on every read (``LevelsError`` if anything is off): its format,
epoch, a SHA-256 of its levels, and each level's grid text, size and difficulty name.

The K-star daily (2 and 3 stars, ``daily_stars``) has a weekday schedule too
(``stars_schedule``).  Its grids are shipped for ``star_days(K)`` days from ``STARS_FIRST``
(``star_dailies.json``, made by ``scripts/make_star_dailies.py``, checked on read like
the archive) and made when asked for past them, by the same rule
(``make_daily_stars``), so a shipped day and a made day agree.

>>> from datetime import date, timedelta
>>> today = daily(date(2026, 1, 5))
>>> today.number, today.n, today.difficulty, date(2026, 1, 5).strftime("%A")
(1, 7, 'easy', 'Monday')
>>> daily(date(2026, 1, 5) + timedelta(days=CYCLE)).number
365
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import cache
from importlib import resources

from queens import json_text
from queens.puzzle.explain import (
    Explanation,
    NeedsSplit,
    NotUnique,
    Stuck,
    explain,
    replay,
)
from queens.puzzle.generate import GenerateError, generate
from queens.puzzle.grid import Grid, GridError, parse_grid
from queens.puzzle.solve import count, solve_python, unique_by_rows

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
    data = _loaded(text, "level archive", FORMAT, LevelsError)
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


def _loaded(text: str, what: str, kind: str, error: type[ValueError]) -> dict[str, object]:
    """The JSON object of a data file's text, of format ``kind`` (else ``error``)."""
    try:
        data = json_text.loads(text)
    except json.JSONDecodeError as failure:
        raise error(f"{what}: not JSON ({failure})") from None
    if not isinstance(data, dict) or data.get("format") != kind:
        raise error(f"{what}: not a {kind} file")
    return data


def archive_text(levels: list[Level]) -> str:
    """The archive file's text for ``levels`` (what the script writes and read_levels reads)."""
    head = {"format": FORMAT, "version": VERSION, "epoch": EPOCH.isoformat()}
    return _file_text(head, "levels", [level.to_json() for level in levels])


def _file_text(head: dict[str, object], key: str, records: list[dict[str, object]]) -> str:
    """A data file's text: ``head`` with the records' SHA-256, then the records under
    ``key``, one a line (readable diffs)."""
    lines = [json.dumps({**head, "sha256": digest(records)})[:-1] + f', "{key}": [']
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
    """The level number of ``day``'s puzzle: its day counted from ``EPOCH`` (level 1);
    before ``EPOCH``, the archive's levels backwards.

    >>> from datetime import date, timedelta
    >>> daily_number(EPOCH), daily_number(date(2026, 1, 1)), daily_number(date(2027, 1, 4))
    (1, 361, 365)
    """
    days = (day - EPOCH).days
    return days + 1 if days >= 0 else days % CYCLE + 1


def daily(day: date) -> Level:
    """``day``'s puzzle: a level of the archive, or past it one made for its number.

    >>> from datetime import date, timedelta
    >>> daily(date(2026, 1, 1)).n
    9
    """
    number = daily_number(day)
    return level(number) if number <= CYCLE else made_level(number)


def daily_puzzle(day: date, stars: int = 1) -> GradedGrid:
    """``day``'s grid with ``stars`` (one star: ``daily``; more: ``daily_stars``), every
    refusal a ``LevelsError`` (one line), as the command and the page show it.

    >>> from datetime import date
    >>> daily_puzzle(date(2026, 12, 2), 2).difficulty
    'medium'
    """
    if stars == 1:
        return daily(day)
    try:
        return daily_stars(day, stars)
    except DailyError as error:
        raise LevelsError(str(error)) from None


MADE_TRIES = 100
"""Seeds tried for a made level's balanced grid before taking the last one."""

BALANCE = 2.75
"""The largest region a level may have, in multiples of n (the average region's size): the
generator's grids sometimes have one region over a third of the board, dull to play."""


def level_seed(number: int) -> int:
    """The first seed of a made level: from a hash of its number, so that it does not
    change with Python's version or the machine.

    >>> level_seed(365) == level_seed(365) != level_seed(366)
    True
    """
    return int.from_bytes(hashlib.sha256(f"queens-level/{number}".encode()).digest()[:8], "big")


def balanced(grid: Grid) -> bool:
    """Whether no region of ``grid`` is over ``BALANCE`` times the average region."""
    return max(grid.cells.count(region) for region in set(grid.cells)) <= BALANCE * grid.n


@cache
def made_level(number: int) -> Level:
    """Level ``number`` past the archive (``CYCLE`` + 1 on): its weekday's size and
    difficulty, the first balanced grid of the seeds ``level_seed(number)`` + 0, 1, ...
    (the same on every machine: the generator draws the same with or without the kernel),
    made once per process.

    >>> made = made_level(CYCLE + 1)
    >>> (made.number, made.n, made.difficulty) == (CYCLE + 1, *schedule(1))
    True
    """
    if number <= CYCLE:
        raise ValueError(f"levels 1 to {CYCLE} are the archive's, not made: {number}")
    n, difficulty = schedule(number)
    base = level_seed(number)
    for attempt in range(MADE_TRIES):
        seed = (base + attempt) % 2**64
        grid = generate(n, seed, difficulty)
        if balanced(grid):
            break
    return Level(grid, difficulty, seed, number=number)


# ---- K-star dailies ------------------------------------------------------------------

STARS_WEEK = {
    2: ((8, "easy"), (8, "easy"), (9, "medium"), (9, "medium"), (10, "hard"), (10, "hard"),
        (10, "hard")),
    3: ((14, "hard"),) * 4 + ((14, "expert"),) * 3,
}  # fmt: skip
"""Each weekday's size and difficulty (Monday first) of the daily grid with K stars, for
each K the daily takes, on the K-star scale (``queens.puzzle.explain``).  2 stars
follow the one-star week (``WEEK``): easy early in the week, hard from Friday.  14 x 14
is the smallest 3-star grid made, and nearly all its grids are hard or expert (of seeds
0 to 9: 7 expert, 2 hard, 1 medium), so 3 stars go from hard to expert on Friday.  4 to 6 stars
need grids of 17 x 17 and more, whose making takes minutes."""

DAILY_ATTEMPTS = {2: 40, 3: 4}
"""The day's seeds tried, for each K, for a grid of the day's difficulty (else the one
nearest to it, the first of those).  With 12 seeds, 5 of 193 2-star days missed their
difficulty (a 9 x 9 medium grid is about one in seven); 40 leave about one day in 500 to
miss it, at about 0.5 s of CPU a seed.  A 14 x 14 3-star grid takes 0.3 to 12 s of CPU to
make and 0.2 to 4.4 s to grade (seeds 0 to 9, busy 2-core machine), so few are tried:
past the shipped days a 3-star daily takes up to a minute or so to make."""

STARS_FIRST = date(2026, 11, 30)
"""A Monday: the first day of the shipped K-star dailies."""

STARS_FORMAT = "queens-star-dailies"


class DailyError(ValueError):
    """No daily grid for the request (too many stars), or a daily failed its check (a
    made grid, or the shipped file ``star_dailies.json``).

    >>> try:
    ...     read_star_dailies('{}')
    ... except DailyError as error:
    ...     print(error)
    star dailies: not a queens-star-dailies file
    """


@dataclass(frozen=True)
class StarsDaily(GradedGrid):
    """A day's K-star grid: its size, difficulty and seed.

    >>> puzzle = daily_stars(STARS_FIRST, 2)
    >>> puzzle.stars, puzzle.day == STARS_FIRST, puzzle.grid.n == puzzle.n
    (2, True, True)
    """

    day: date = field(kw_only=True)
    stars: int = field(kw_only=True)

    def to_json(self) -> dict[str, object]:
        """The grid's JSON object with the date and K first.

        >>> list(daily_stars(STARS_FIRST, 2).to_json())[:3]
        ['date', 'stars', 'n']
        """
        return {"date": self.day.isoformat(), "stars": self.stars, **super().to_json()}


def stars_schedule(day: date, stars: int) -> tuple[int, str]:
    """``day``'s size and difficulty of the daily grid with ``stars`` a row.

    >>> from datetime import date, timedelta
    >>> stars_schedule(date(2026, 12, 2), 2), stars_schedule(date(2026, 12, 5), 3)
    ((9, 'medium'), (14, 'expert'))
    """
    return STARS_WEEK[stars][day.weekday()]


def daily_seed(day: date, stars: int) -> int:
    """The seed of a day's K-star grid: from a hash of the date and K, so that it does
    not change with Python's version or the machine."""
    digest = hashlib.sha256(f"queens-stars/{stars}/{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def check_daily(puzzle: StarsDaily, explanation: Explanation | None = None) -> None:
    """Raise ``DailyError`` unless the grid has exactly one solution (by two engines: the
    kernel's two searches, or the kernel's and the propagating search) and, given its
    explanation, that it replays to that solution with the difficulty stated."""
    stars = puzzle.stars
    where = f"the {stars}-star grid of {puzzle.day.isoformat()}"
    unique = unique_by_rows(puzzle.grid, stars)
    if unique is None:  # no kernel: the propagating search is the second engine
        unique = solve_python(puzzle.grid, stars).unique
    if count(puzzle.grid, stars, 2) != 1 or not unique:
        raise DailyError(f"{where} has not exactly one solution")
    if explanation is None:
        return
    if replay(puzzle.grid, stars, explanation.steps) != explanation.rows:
        raise DailyError(f"{where}: its explanation does not end at its solution")
    if explanation.difficulty != puzzle.difficulty:
        raise DailyError(f"{where} is not {puzzle.difficulty}")


@cache
def daily_stars(day: date, stars: int) -> StarsDaily:
    """``day``'s grid with ``stars`` a row, column and region: the shipped one
    (``star_dailies``), checked to have exactly one solution, else made
    (``make_daily_stars``).  Once per process and date.

    >>> from datetime import date, timedelta
    >>> puzzle = daily_stars(date(2026, 12, 2), 2)
    >>> puzzle.n, puzzle.stars, puzzle.difficulty
    (9, 2, 'medium')
    """
    if stars not in STARS_WEEK:
        raise DailyError(
            f"daily grids take --stars 1 to {max(STARS_WEEK)}, not {stars} "
            "(bigger grids take too long to make on request; see queens puzzle generate)"
        )
    shipped = star_dailies().get((stars, day))
    if shipped is None:
        return make_daily_stars(day, stars)
    check_daily(shipped)
    return shipped


def make_daily_stars(day: date, stars: int) -> StarsDaily:
    """``day``'s K-star grid made: of the day's seeds (``daily_seed`` + 0, 1, ... up to
    ``DAILY_ATTEMPTS``) whose grid is explained without a case split, the first with the
    day's difficulty, else the first of those nearest to it; checked as it is made
    (``check_daily``)."""
    n, wanted = stars_schedule(day, stars)
    base = daily_seed(day, stars)
    best: tuple[int, StarsDaily] | None = None
    for attempt in range(DAILY_ATTEMPTS[stars]):
        seed = (base + attempt) % 2**64
        try:
            grid = generate(n, seed, stars=stars)
        except GenerateError:
            continue
        difficulty = _difficulty(grid, stars)
        if difficulty is None:  # a daily a player is shown is solved by reasoning alone
            continue
        distance = abs(_RANK[difficulty] - _RANK[wanted])
        if best is None or distance < best[0]:
            best = (distance, StarsDaily(grid, difficulty, seed, day=day, stars=stars))
        if distance == 0:
            break
    if best is None:
        raise DailyError(
            f"no {stars}-star grid for {day.isoformat()} in {DAILY_ATTEMPTS[stars]} seeds"
        )
    puzzle = best[1]
    try:
        explanation = explain(puzzle.grid, stars)
    except (Stuck, NotUnique):
        raise DailyError(f"a made {stars}-star grid has not exactly one solution") from None
    check_daily(puzzle, explanation)
    return puzzle


_RANK = {"easy": 0, "medium": 1, "hard": 2, "expert": 3}


def _difficulty(grid: Grid, stars: int) -> str | None:
    """The K-star difficulty of a made grid, or None if its explanation needs a case
    split."""
    try:
        return explain(grid, stars, splits=False).difficulty
    except NeedsSplit:
        return None
    except (Stuck, NotUnique):
        raise DailyError(f"a made {stars}-star grid has not exactly one solution") from None


def _star_record(where: str, record: object) -> StarsDaily:
    keys = {"date", "stars", "n", "difficulty", "seed", "grid"}
    if not isinstance(record, dict) or set(record) != keys:
        raise DailyError(f"{where}: not a daily record")
    try:
        day = date.fromisoformat(str(record["date"]))
        grid = parse_grid("\n".join(record["grid"]))
    except (ValueError, TypeError, GridError) as error:
        raise DailyError(f"{where}: {error}") from None
    stars, seed = record["stars"], record["seed"]
    if type(stars) is not int or stars not in STARS_WEEK or type(seed) is not int:
        raise DailyError(f"{where}: stars {stars!r} or seed {seed!r} out of range")
    n, _ = stars_schedule(day, stars)
    if (record["n"], grid.n) != (n, n) or record["difficulty"] not in _RANK:
        raise DailyError(f"{where}: not a {n} x {n} grid of a known difficulty")
    return StarsDaily(grid, str(record["difficulty"]), seed, day=day, stars=stars)


def read_star_dailies(text: str) -> dict[tuple[int, date], StarsDaily]:
    """The dailies of a ``star_dailies.json`` text by (K, date), checked: format, version,
    a SHA-256 of its records, and each K's days running on from ``STARS_FIRST`` at their
    weekday's size (``DailyError`` if not right)."""
    data = _loaded(text, "star dailies", STARS_FORMAT, DailyError)
    if data.get("version") != VERSION or data.get("first") != STARS_FIRST.isoformat():
        raise DailyError(f"star dailies: not version {VERSION} from {STARS_FIRST}")
    records = data.get("dailies")
    if not isinstance(records, list) or data.get("sha256") != digest(records):
        raise DailyError("star dailies: its SHA-256 does not match its records (damaged?)")
    found: dict[tuple[int, date], StarsDaily] = {}
    for index, record in enumerate(records):
        daily = _star_record(f"star dailies, record {index + 1}", record)
        expected = STARS_FIRST + timedelta(sum(key[0] == daily.stars for key in found))
        if daily.day != expected:
            raise DailyError(f"star dailies, record {index + 1}: {daily.day}, not {expected}")
        found[daily.stars, daily.day] = daily
    return found


def star_dailies_text(records: list[dict[str, object]]) -> str:
    """The ``star_dailies.json`` text of the dailies' records (``StarsDaily.to_json``;
    each K's days in order)."""
    head = {"format": STARS_FORMAT, "version": VERSION, "first": STARS_FIRST.isoformat()}
    return _file_text(head, "dailies", records)


@cache
def star_dailies() -> dict[tuple[int, date], StarsDaily]:
    """The shipped K-star dailies by (K, date), read and checked once per process.

    >>> shipped = star_dailies()
    >>> min(day for k, day in shipped) == STARS_FIRST
    True
    """
    text = (resources.files("queens.puzzle") / "star_dailies.json").read_text(encoding="utf-8")
    return read_star_dailies(text)


def star_days(stars: int) -> int:
    """How many days of K-star dailies are shipped, from ``STARS_FIRST``."""
    return sum(k == stars for k, _ in star_dailies())


__all__ = [
    "DailyError",
    "GradedGrid",
    "Level",
    "LevelsError",
    "StarsDaily",
    "daily",
    "daily_number",
    "daily_puzzle",
    "daily_stars",
    "level",
    "levels",
    "made_level",
    "parse_day",
]
