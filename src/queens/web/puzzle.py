"""The region puzzle's page: its JSON endpoints (all 0-based cells ``[row, col]``).

- ``POST /api/puzzle/grid`` ``{"grid": text}``: the grid read as ``queens puzzle`` reads it
  (grid text, or a JSON level ``{"size": n, "colorRegions": [...]}``).
- ``POST /api/puzzle/generate`` ``{"n", "seed"?, "difficulty"?, "look"?}``: a new grid (and
  its seed) of a size of ``GENERATE_SIZES``, made within ``GENERATE_SECONDS`` (else a 503
  naming the time); ``look`` ``even`` (the default) or ``background`` (one star).
- ``GET /api/puzzle/generate``: those sizes for each K (``{"seconds", "sizes": [{"stars",
  "low", "high", "graded", "difficulties"}, ...]}``, ``graded`` when a difficulty may be
  asked for, ``difficulties`` each one's sizes (``low``, ``high``) or why it is not offered
  (``reason``), from ``GRADED``; a K not generated here, 4 to 6 stars without python-sat,
  has a ``"reason"`` instead).
- ``POST /api/puzzle/check`` ``{"grid", "queens", "crosses"}``: the wrong moves, and whether
  the grid is solved.
- ``POST /api/puzzle/hint`` ``{"grid", "queens", "crosses"}``: the next deduction (or the
  wrong queens to undo first; wrong crosses only counted, never named: a cross named wrong
  would say where a queen goes).
- ``POST /api/puzzle/stars`` ``{"grid"}``: the star counts K (1 to 6) the grid has a
  solution with, for the page's stars selector (``stars``), and those not decided within
  ``SOLVE_SECONDS`` (``undecided``).
- ``POST /api/puzzle/solution`` ``{"grid"}``: the solution (``n``, ``stars``, ``rows``, and
  ``columns`` for one star; null when there is none, or none was found in time) and a
  message.
- ``POST /api/puzzle/read[?size=N]``, the body a picture's bytes (PNG, JPEG, ... at most
  ``MAX_PICTURE`` bytes): the grid it shows, as ``/api/puzzle/grid`` answers (needs the
  read extra).
- ``GET /api/puzzle/daily?date=YYYY-MM-DD[&stars=2]``: that day's grid
  (``queens.puzzle.levels``, with K stars too).
- ``GET /api/puzzle/levels``: the level archive's numbers, sizes and difficulties;
  ``GET /api/puzzle/levels/{number}``: one level's grid.

Generate, check, hint and solution take ``"stars": K`` (1 to 6, default 1): Star Battle
with K stars a row, column and region, by one path for every K (``queens.puzzle.play``).
Every answer is in the puzzle schema's vocabulary (``queens.puzzle.schema``).

Check, hint, solution and stars search at most ``SOLVE_SECONDS`` (a 20 x 20 grid whose
regions are its rows takes seconds with 5 stars), at most ``limits.MAX_RUNS`` at once (429
beyond), each in a thread of its own with a stop flag set at that time (``within``): check,
hint and solution past it are a 503 whose one-line reason the page shows (the game kept),
the stars selector answers with the K decided until then.  A bad grid is a 400 with the
one-line message ``queens puzzle`` prints.
"""

from __future__ import annotations

import contextlib
import random
import re
import threading
from collections.abc import Callable, Mapping
from typing import TypeVar

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from queens.engines.counting import kernel
from queens.puzzle import generate as maker
from queens.puzzle import levels, play, schema
from queens.puzzle import read as pictures
from queens.puzzle.explain import DIFFICULTIES
from queens.puzzle.grid import Grid, GridError
from queens.puzzle.json_level import parse_puzzle
from queens.puzzle.solve import MAX_STARS, StarsError, check_limits, solve
from queens.show.palette import region_colors
from queens.web import limits
from queens.web.inputs import InputError, read_json
from queens.web.runs import Busy

MAX_N = 25
"""The largest grid the page takes: the largest it generates (6 stars, 25 x 25; a hint,
a check or the stars selector's six searches there take seconds of CPU, and stop at
``SOLVE_SECONDS``)."""

MAX_GRID_TEXT = 1024 + 16 * MAX_N * MAX_N
"""Characters of grid text accepted (a 25 x 25 grid with spaces and CRLF needs 1,275; as a
JSON level with one cell a line, about 11,000): ``json_text_limit(MAX_N)``."""

GENERATE_SIZES = {1: (5, 16), 2: (8, 12), 3: (14, 14), 4: (17, 19), 5: (21, 22), 6: (24, 25)}
"""The sizes the page generates with each number of stars, smallest and largest: those
made well within ``GENERATE_SECONDS`` (measured through the page, ``docs/guides/
region-puzzle.md``: 16 x 16 one-star grids in about a second at the median; 12 x 12 2-star
ones a second, 14 x 14 ones a minute; 14 x 14 3-star ones 1.6 s of CPU, 15 x 15 ones not
within a minute); from 4 stars CaDiCaL's, the sizes of which at least 3 of 5 seeds were
made within the time on the shared machine (``benchmarks/puzzle.py --stars --page --only
N:K``, load average 4.0 to 4.5: 19 x 19 4-star 5 of 5, 20 x 20 2 of 5; 22 x 22 5-star 5
of 5, 23 x 23 1 of 5; 25 x 25 6-star 5 of 5).  4 to 6 stars need python-sat
(``maker.check_planted`` says so)."""

Offer = tuple[int, int] | str

GRADED: dict[int, dict[str, Offer]] = {
    1: dict.fromkeys(DIFFICULTIES, GENERATE_SIZES[1]),
    2: dict.fromkeys(DIFFICULTIES, GENERATE_SIZES[2]),
    3: {"easy": (14, 14), "medium": "0 of 5 made in 10 s",
        "hard": "1 of 5 made in 10 s"},
    4: {"easy": "2 of 5 made in 10 s", "medium": (17, 17), "hard": "1 of 5 made in 10 s"},
    5: {"easy": "0 of 5 made in 10 s", "medium": (21, 21), "hard": "1 of 5 made in 10 s"},
    6: {"easy": "0 of 5 made in 10 s", "medium": (24, 24), "hard": "1 of 5 made in 10 s"},
}  # fmt: skip
"""For each K and difficulty, the sizes (smallest, largest) the page generates at that
difficulty, or why it does not: from 3 stars a difficulty means grading grid after grid by
the explainer (which stops at the page's time as the generator does), offered where at
least 3 of 5 seeds made one within ``GENERATE_SECONDS`` on the shared machine (two runs
at load average 5 to 8 made the same offers: ``benchmarks/puzzle.py --stars --page
--difficulties easy,medium,hard``, ``docs/guides/region-puzzle.md``; an idle machine makes
more, but the page offers what a busy one makes): medium 4-star grids at 17 x 17, 5-star
ones at 21 x 21 and 6-star ones at 24 x 24.  Easy 3-star grids at 14 x 14 since the
generator steers easy grids (``generate._eased_stars``): 5 of 5 within the time, 1.8 s of
CPU at the median, 6.8 s the largest (load 1.2; ``--only 14:3 --difficulties easy``;
easy 2-star grids at 8 to 12 x 12 under a second).  From 4 stars measured again with the
generator of ``queens.puzzle._planted`` as it is now (its seeds make other grids), at
every size offered, load average 1.3 to 5.0 (``--only 17:4 ... 25:6``): the counts above
are the smallest size's, and no larger size made 3 of 5 at any difficulty."""

GENERATE_SECONDS = 10.0
"""Seconds a generation may take: then it stops (``generate``'s ``seconds``) and the page
is told to try another seed (503); at most ``limits.MAX_RUNS`` generate at once (429
beyond), each in a thread of its own."""

SOLVE_SECONDS = 10.0
"""Seconds a check, hint, solution or stars request may search before the page is told
no answer came in time (the page's 10 s, as for generate): its stop flag (a
``kernel.TimedStop``) is set then, and the solver's and the explainer's loops end at it."""

STOP_SECONDS = 2.0
"""Seconds past ``SOLVE_SECONDS`` the page waits for a search to end at its stop flag
before it answers anyway: what no flag reaches (a call to CaDiCaL from 4 stars, under a
second at the sizes generated) runs to its end first; past this, the thread keeps its
place among ``limits.MAX_RUNS`` until it ends."""

MAX_SEED = 2**32 - 1

T = TypeVar("T")


class Late(Exception):
    """No answer within ``SOLVE_SECONDS``."""


async def within(request: Request, work: Callable[[kernel.StopFlag], T]) -> T:
    """``work(stop)`` in a thread of its own, at most ``limits.MAX_RUNS`` at once over all
    pages (``Busy``, 429, beyond), ``stop`` set once ``SOLVE_SECONDS`` have passed;
    ``Late`` when the work stopped at it (``kernel.Stopped``), or has not answered
    ``STOP_SECONDS`` later (then the thread keeps its place until the work ends)."""
    slots: threading.BoundedSemaphore = request.app.state.puzzle_slots
    if not slots.acquire(blocking=False):
        raise Busy(limits.MAX_RUNS)

    def run() -> T:
        try:
            with kernel.TimedStop(SOLVE_SECONDS) as stop:
                return work(stop)
        finally:
            slots.release()

    with anyio.move_on_after(SOLVE_SECONDS + STOP_SECONDS):
        try:
            return await anyio.to_thread.run_sync(run, abandon_on_cancel=True)
        except kernel.Stopped:
            raise Late from None
    raise Late


def _late(stars: int, command: str = "solve") -> InputError:
    """The 503 of a request stopped at ``SOLVE_SECONDS``, naming the command that goes on."""
    return InputError(
        f"no answer within {SOLVE_SECONDS:g} seconds: the grid is too hard to search here "
        f"('queens puzzle {command}{'' if stars == 1 else f' --stars {stars}'}' goes on)",
        503,
    )


def _object(data: object, allowed: set[str]) -> Mapping[str, object]:
    if not isinstance(data, dict):
        raise InputError("the request must be a JSON object")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise InputError(f"unknown field {unknown[0]!r} (expected {', '.join(sorted(allowed))})")
    return data


def read_grid(data: Mapping[str, object]) -> Grid:
    text = data.get("grid")
    if not isinstance(text, str):
        raise InputError("grid must be grid text (one letter a cell naming its region)")
    if len(text) > MAX_GRID_TEXT:
        raise InputError(f"grid text is too long (at most {MAX_GRID_TEXT} characters)")
    try:
        return parse_puzzle(text, max_n=MAX_N)
    except GridError as error:
        raise InputError(str(error)) from None


def read_cells(data: Mapping[str, object], name: str, n: int) -> list[tuple[int, int]]:
    value = data.get(name, [])
    if not isinstance(value, list) or len(value) > n * n:
        raise InputError(f"{name} must be a list of [row, column] cells")
    cells = []
    for item in value:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(type(v) is int and 0 <= v < n for v in item)
        ):
            raise InputError(f"{name}: {item!r} is not a [row, column] cell of the grid")
        cells.append((item[0], item[1]))
    return cells


def read_stars(data: Mapping[str, object], grid: Grid | None = None) -> int:
    """The request's ``stars`` (default 1), checked against the limits (and the grid's)."""
    stars = data.get("stars", 1)
    if type(stars) is not int or not 1 <= stars <= MAX_STARS:
        raise InputError(f"stars must be a whole number from 1 to {MAX_STARS}")
    if grid is not None:
        try:
            check_limits(grid, stars)
        except StarsError as error:
            raise InputError(str(error)) from None
    return stars


def grid_json(grid: Grid) -> dict[str, object]:
    return {
        "n": grid.n,
        "cells": list(grid.cells),
        "names": list(grid.names),
        "colors": region_colors(grid),
        "text": str(grid) + "\n",
    }


async def _body(request: Request, allowed: set[str]) -> Mapping[str, object]:
    return _object(await read_json(request), allowed)


async def read(request: Request) -> Response:
    return JSONResponse(grid_json(read_grid(await _body(request, {"grid"}))))


def _not_generated(stars: int) -> str | None:
    """Why the page does not generate grids with ``stars`` here (python-sat missing), or
    None when it does."""
    low, _ = GENERATE_SIZES[stars]
    try:
        maker.check_planted(low, stars, force=False)
    except maker.GenerateError as error:
        return str(error)
    return None


def _difficulties(stars: int) -> list[dict[str, object]]:
    """Each difficulty with the sizes it is generated at with ``stars``, or why not."""
    listed: list[dict[str, object]] = []
    for difficulty, offer in GRADED[stars].items():
        if isinstance(offer, str):
            listed.append({"difficulty": difficulty, "reason": offer})
        else:
            listed.append({"difficulty": difficulty, "low": offer[0], "high": offer[1]})
    return listed


async def generate_sizes(request: Request) -> Response:
    """``GET /api/puzzle/generate``: the sizes generated with each K and at each
    difficulty, or why none."""
    sizes: list[dict[str, object]] = []
    for stars, (low, high) in GENERATE_SIZES.items():
        reason = _not_generated(stars)
        offer: dict[str, object] = {"stars": stars}
        if reason is None:
            difficulties = _difficulties(stars)
            graded = any("reason" not in item for item in difficulties)
            offer.update(low=low, high=high, graded=graded, difficulties=difficulties)
        else:
            offer["reason"] = reason
        sizes.append(offer)
    return JSONResponse({"seconds": GENERATE_SECONDS, "sizes": sizes})


def _check_graded(n: int, stars: int, difficulty: str) -> None:
    """A 400 when the page does not generate ``difficulty`` at ``n`` with ``stars``."""
    offer = GRADED[stars][difficulty]
    if isinstance(offer, str):
        raise InputError(
            f"the page does not generate {difficulty} {stars}-star grids ({offer}): "
            f"'queens puzzle generate N --stars {stars} --difficulty {difficulty}' makes them"
        )
    low, high = offer
    if not low <= n <= high:
        raise InputError(
            f"the page generates {difficulty} {stars}-star grids from {low} x {low} "
            f"to {high} x {high}"
        )


async def generate(request: Request) -> Response:
    data = await _body(request, {"n", "seed", "difficulty", "stars", "look"})
    stars = read_stars(data)
    reason = _not_generated(stars)
    if reason is not None:
        raise InputError(f"the page does not generate {stars}-star grids here: {reason}")
    low, high = GENERATE_SIZES[stars]
    n = data.get("n")
    if type(n) is not int or not low <= n <= high:
        raise InputError(
            f"n must be a whole number from {low} to {high}"
            + ("" if stars == 1 else f" with {stars} stars")
        )
    seed = data.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED + 1)
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise InputError(f"seed must be a whole number from 0 to {MAX_SEED}")
    difficulty = data.get("difficulty")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise InputError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
    if difficulty is not None:
        _check_graded(n, stars, difficulty)
    look = data.get("look", "even")
    if look not in maker.LOOKS:
        raise InputError(f"look must be one of {', '.join(maker.LOOKS)}")
    if look != "even" and stars != 1:
        raise InputError(f"the {look} look is for one-star grids")
    state = request.app.state
    if state.generating >= limits.MAX_RUNS:  # each holds a thread for up to GENERATE_SECONDS
        raise Busy(limits.MAX_RUNS)
    state.generating += 1
    try:
        grid = await anyio.to_thread.run_sync(
            lambda: maker.generate(
                n, seed, difficulty, stars=stars, seconds=GENERATE_SECONDS, look=look
            )
        )
    except maker.GenerateError as error:
        raise InputError(f"{error}; try another seed", 503) from None
    finally:
        state.generating -= 1
    return JSONResponse({**grid_json(grid), "seed": seed, "stars": stars})


Cells = list[tuple[int, int]]

POSITION = {"grid", "queens", "crosses", "stars"}


def _position(data: Mapping[str, object]) -> tuple[Grid, Cells, Cells, int]:
    grid = read_grid(data)
    stars = read_stars(data, grid)
    return grid, read_cells(data, "queens", grid.n), read_cells(data, "crosses", grid.n), stars


async def check(request: Request) -> Response:
    grid, queens, crosses, stars = _position(await _body(request, POSITION))
    try:
        verdict = await within(request, lambda stop: play.check(grid, queens, crosses, stars, stop))
    except Late:
        raise _late(stars) from None
    return JSONResponse(
        {"wrong": [list(s) for s in verdict.wrong], "solved": verdict.solved,
         "message": _check_message(verdict.wrong, verdict.solved)}
    )  # fmt: skip


def _check_message(wrong: tuple[tuple[int, int], ...], solved: bool) -> str:
    if solved:
        return "Solved!"
    if wrong:
        row, col = wrong[0]
        more = f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else ""
        return f"Row {row + 1}, column {col + 1} is wrong{more}."
    return "No mistake so far."


def _hint(
    grid: Grid, queens: Cells, crosses: Cells, stars: int, stop: kernel.StopFlag
) -> dict[str, object]:
    verdict = play.check(grid, queens, crosses, stars, stop)
    if verdict.solved:
        return {"wrong": [], "wrongCrosses": 0, "step": None, "message": "Solved!"}
    if verdict.wrong:
        placed = set(queens)
        bad_queens = [list(s) for s in verdict.wrong if s in placed]
        bad_crosses = len(verdict.wrong) - len(bad_queens)
        message = play.mistakes_message(len(bad_queens), bad_crosses)
        return {"wrong": bad_queens, "wrongCrosses": bad_crosses, "step": None, "message": message}
    try:
        step = play.hint(grid, queens, crosses, stars, stop)
    except play.NoHint as error:
        message = str(error) or "No deduction from here."
        return {"wrong": [], "wrongCrosses": 0, "step": None, "message": message}
    return {"wrong": [], "wrongCrosses": 0, "step": step, "message": step["text"]}


async def hint(request: Request) -> Response:
    grid, queens, crosses, stars = _position(await _body(request, POSITION))
    try:
        answer = await within(request, lambda stop: _hint(grid, queens, crosses, stars, stop))
        return JSONResponse(answer)
    except Late:
        raise _late(stars, "explain") from None


async def solution(request: Request) -> Response:
    data = await _body(request, {"grid", "stars"})
    grid = read_grid(data)
    stars = read_stars(data, grid)
    try:
        verdict = await within(request, lambda stop: solve(grid, stars, stop))
    except Late:
        raise _late(stars) from None
    if verdict.rows is None:
        return JSONResponse(_no_rows(grid, stars, "No solution."))
    note = "" if verdict.unique else " (one of several)"
    found = schema.solution(grid.n, stars, verdict.rows)
    return JSONResponse({**found, "message": f"The solution{note}."})


def _no_rows(grid: Grid, stars: int, message: str) -> dict[str, object]:
    """The solution endpoint's answer without a solution."""
    empty: dict[str, object] = {"n": grid.n, "stars": stars, "rows": None}
    if stars == 1:
        empty["columns"] = None
    return {**empty, "message": message}


def _stars_taken(grid: Grid, taken: list[int], decided: list[int], stop: kernel.StopFlag) -> None:
    """The K (1 to ``MAX_STARS``) with which the grid has a solution, into ``taken``, each K
    into ``decided`` once known (so that a late answer still tells what it knew); ends at
    ``stop`` (``kernel.Stopped``)."""
    for stars in range(1, MAX_STARS + 1):
        try:
            check_limits(grid, stars)
        except StarsError:
            decided.append(stars)
            continue
        if solve(grid, stars, stop).rows is not None:
            taken.append(stars)
        decided.append(stars)


async def stars_taken(request: Request) -> Response:
    grid = read_grid(await _body(request, {"grid"}))
    taken: list[int] = []
    decided: list[int] = []
    with contextlib.suppress(Late):  # a late answer: the K decided until then
        await within(request, lambda stop: _stars_taken(grid, taken, decided, stop))
    known = list(decided)  # a copy: the thread may go on after a late answer
    undecided = [k for k in range(1, MAX_STARS + 1) if k not in known]
    return JSONResponse({"stars": [k for k in list(taken) if k in known], "undecided": undecided})


MAX_PICTURE = 8_000_000
"""Bytes of a picture accepted by ``/api/puzzle/read``."""


async def read_picture(request: Request) -> Response:
    size_text = request.query_params.get("size")
    size = None
    if size_text is not None:
        if (
            not size_text.isascii()
            or not size_text.isdigit()
            or len(size_text) > 3  # before int(): over 4,300 digits it raises
            or not (pictures.MIN_N <= int(size_text) <= pictures.MAX_N)
        ):
            raise InputError(
                f"size must be a whole number from {pictures.MIN_N} to {pictures.MAX_N}"
            )
        size = int(size_text)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_PICTURE:
            raise InputError(f"the picture is over {MAX_PICTURE // 1_000_000} MB")
    try:
        grid = await anyio.to_thread.run_sync(pictures.read_grid, bytes(data), size)
    except pictures.ReadError as error:
        raise InputError(f"picture: {error}") from None
    return JSONResponse(grid_json(grid))


def _level_json(level: levels.Level) -> dict[str, object]:
    return {**grid_json(level.grid), "level": level.number, "difficulty": level.difficulty}


async def daily(request: Request) -> Response:
    try:
        day = levels.parse_day(request.query_params.get("date", ""))
    except ValueError as error:
        raise InputError(f"date {error}") from None
    stars_text = request.query_params.get("stars", "1")
    if not re.fullmatch(r"[0-9]", stars_text):
        raise InputError(f"stars must be a whole number from 1 to {MAX_STARS}")
    stars = int(stars_text)
    try:
        puzzle = await anyio.to_thread.run_sync(levels.daily_puzzle, day, stars)
    except levels.LevelsError as error:
        raise InputError(str(error)) from None
    record = schema.daily(day, stars, puzzle.to_json())
    about = {key: value for key, value in record.items() if key != "grid"}
    return JSONResponse({**grid_json(puzzle.grid), **about})


async def level_list(request: Request) -> Response:
    listed = [
        {"level": lv.number, "n": lv.n, "difficulty": lv.difficulty} for lv in levels.levels()
    ]
    return JSONResponse({"levels": listed})


async def level(request: Request) -> Response:
    text = request.path_params["number"]
    if not re.fullmatch(r"[0-9]{1,4}", text) or not 1 <= int(text) <= levels.CYCLE:
        raise InputError(f"levels go from 1 to {levels.CYCLE}")
    return JSONResponse(_level_json(levels.level(int(text))))


ROUTES = [
    Route("/api/puzzle/read", read_picture, methods=["POST"]),
    Route("/api/puzzle/grid", read, methods=["POST"]),
    Route("/api/puzzle/generate", generate, methods=["POST"]),
    Route("/api/puzzle/generate", generate_sizes, methods=["GET"]),
    Route("/api/puzzle/check", check, methods=["POST"]),
    Route("/api/puzzle/hint", hint, methods=["POST"]),
    Route("/api/puzzle/solution", solution, methods=["POST"]),
    Route("/api/puzzle/stars", stars_taken, methods=["POST"]),
    Route("/api/puzzle/daily", daily),
    Route("/api/puzzle/levels", level_list),
    Route("/api/puzzle/levels/{number}", level),
]
