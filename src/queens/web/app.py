"""The Starlette app: the page, and a small JSON + server-sent-events API.

Endpoints (all JSON in and out, 0-based squares):

- ``GET /`` and ``/app.js``, ``/app.css``: the page (no other files are served but the
  region puzzle's page ``/puzzle``, ``/puzzle.js``, ``/puzzle.css``; its API under
  ``/api/puzzle/``: ``queens.web.puzzle``).
- ``GET /api/info``: algorithms and limits.
- ``POST /api/board`` ``{"board": text}`` or a size: the board read as the CLI reads it.
- ``POST /api/runs`` ``{"n"|"board", "algorithm", "speed"}``: a new search, paused; ``{"id"}``.
- ``GET /api/runs/{id}/events``: its event stream (opened once; closing it ends the run).
- ``POST /api/runs/{id}/control`` ``{"action": "play"|"pause"|"step", "speed", "steps"}``:
  ``{"paused", "speed", "steps"}``, where ``steps`` counts the steps sent so far (after a
  pause, the step the page's counters reach when the search has stopped).
- ``DELETE /api/runs/{id}``: end a search.
- ``POST /api/count`` ``{"n"|"board", "k"?}``: a new count; ``GET /api/count/{id}/events`` streams
  its progress and result; ``DELETE /api/count/{id}`` ends it.
- ``POST /api/solve`` ``{"n"|"board", "k"?}``: one solution (``columns``, -1 for an empty row),
  or ``columns`` null and a one-line ``message`` (no solution, or none found within
  ``queens.web.solve.SOLVE_SECONDS``); at most ``MAX_RUNS`` at once (429 beyond).

A board is given by ``board`` text, a size (``n`` for N x N, ``width`` and
``height``, or ``size`` text ``N`` or ``WxH`` as on the command line), or both
(which must agree), ``k`` queens to place (default: as many as fit), and
``rule``, its attack rule (``queens.rules``; default ``queen``).  Searches
are stepped under the queen rule only ("queens trace supports the queen rule
only", as on the command line); counts and solves take every rule.

Errors: ``{"error": message}`` with 400 (bad input), 403 (guard), 404, 405, 409, 413, 415, 429
(also for paths and methods no route takes).
"""

from __future__ import annotations

import asyncio
import json
import logging
import string
import threading
from collections.abc import AsyncIterator, Callable, Iterable
from importlib import resources

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from queens.board import Board, no_solution_message
from queens.counting.split import sum_counts
from queens.engines import Counts
from queens.engines.counting.kernel import Stopped
from queens.events import event_json
from queens.rules import RULE_NAMES
from queens.tracing import TRACERS
from queens.web import limits
from queens.web.counts import count_parts
from queens.web.guard import Guard
from queens.web.inputs import (
    ClientGone,
    InputError,
    parse_board_request,
    parse_control,
    parse_count_request,
    parse_run_request,
    parse_solve_request,
    read_json,
)
from queens.web.limits import LOCAL_HOSTS
from queens.web.puzzle import ROUTES as PUZZLE_ROUTES
from queens.web.runs import Busy, Registry, Run
from queens.web.solve import SOLVE_SECONDS, first_solution
from queens.web.stepper import Stepper
from queens.web.tree import tree_picture

PAGE_FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/app.css": ("app.css", "text/css; charset=utf-8"),
    # The region puzzle's page (its API: queens.web.puzzle).
    "/puzzle": ("puzzle.html", "text/html; charset=utf-8"),
    "/puzzle.js": ("puzzle.js", "text/javascript; charset=utf-8"),
    "/puzzle.css": ("puzzle.css", "text/css; charset=utf-8"),
    # It installs as an app: its manifest and icon.
    "/puzzle.webmanifest": ("puzzle.webmanifest", "application/manifest+json"),
    "/puzzle-icon.svg": ("puzzle-icon.svg", "image/svg+xml"),
}

KEEPALIVE = 10.0
"""Seconds between keep-alive comments on an idle stream (they also reveal a closed page)."""

TREE_EVERY = 0.25
"""Seconds between two recursion-tree pictures while playing."""

PROGRESS_EVERY = 0.1
"""Seconds between two progress messages of a count."""


def sse(message: dict[str, object]) -> str:
    """One server-sent event carrying a JSON message."""
    return f"data: {json.dumps(message, separators=(',', ':'))}\n\n"


def shape_json(board: Board) -> dict[str, object]:
    """A board's shape: ``width``, ``height``, ``k`` queens, and ``n`` (None unless square)."""
    return {
        "n": board.width if board.is_square else None,
        "width": board.width,
        "height": board.height,
        "k": board.k,
        "rule": board.rule.value,
    }


def board_json(board: Board) -> dict[str, object]:
    text = "".join(
        "".join(board.cell((r, c)) for c in range(board.width)) + "\n" for r in range(board.height)
    )
    return {
        **shape_json(board),
        "reserved": sorted(board.reserved),
        "queens": sorted(board.queens),
        "text": text,
    }


def limits_json() -> dict[str, int]:
    return {
        "min_n": limits.MIN_N,
        "max_n": limits.STEP_MAX_N,
        "max_count_n": limits.MAX_COUNT_N,
        "tree_max_n": limits.TREE_MAX_N,
        "max_board_text": limits.MAX_BOARD_TEXT,
        "min_speed": limits.MIN_SPEED,
        "max_speed": limits.MAX_SPEED,
        "default_speed": limits.DEFAULT_SPEED,
        "max_steps": limits.MAX_STEPS,
    }


class EventStream(StreamingResponse):
    """A text/event-stream response that calls ``on_close`` however it ends."""

    def __init__(self, events: AsyncIterator[str], on_close: Callable[[], None]) -> None:
        super().__init__(
            events,
            media_type="text/event-stream",
            headers={"cache-control": "no-store", "x-accel-buffering": "no"},
        )
        self.on_close = on_close

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.on_close()


async def search_events(run: Run) -> AsyncIterator[str]:
    """A search's events, paced by the run's controls, then a ``done`` message."""
    stepper = run.stepper
    assert stepper is not None
    loop = asyncio.get_running_loop()
    last_tree = -TREE_EVERY
    yield sse(
        {"type": "start", "id": run.id, **shape_json(run.board), "algorithm": stepper.algorithm}
    )
    while not run.stopped:
        count, pause = run.next_batch()
        if count == 0:
            if not await run.wait(KEEPALIVE):
                yield ": keep-alive\n\n"
            continue
        events = stepper.take(count)
        message: dict[str, object] = {
            "type": "batch",
            "events": [event_json(e) for e in events],
            "counters": stepper.counters.to_json(),
        }
        now = loop.time()
        if stepper.history is not None and (
            stepper.finished or run.paused or now - last_tree >= TREE_EVERY
        ):
            message["tree"], note = tree_picture(stepper.history, run.board)
            if note is not None:
                # Past the size limit the tree only grows: stop keeping its events.
                stepper.history = None
                message["tree_note"] = note
            last_tree = now
        yield sse(message)
        if stepper.finished:
            solutions = stepper.counters.solutions
            yield sse(
                {
                    "type": "done",
                    "counters": stepper.counters.to_json(),
                    "message": None if solutions else no_solution_message(run.board),
                }
            )
            return
        if pause:
            await run.wait(pause)


async def count_events(run: Run) -> AsyncIterator[str]:
    """A count's progress (sub-problems done), then its total and fundamental counts."""
    parts = await anyio.to_thread.run_sync(count_parts, run.board)
    loop = asyncio.get_running_loop()
    yield sse({"type": "start", "id": run.id, **shape_json(run.board), "parts": len(parts)})
    results: list[Counts] = []
    last = loop.time()
    for done, part in enumerate(parts, 1):
        if run.stopped:
            return
        try:
            results.append(await anyio.to_thread.run_sync(part, run.counting))
        except Stopped:  # the page was closed or stopped the count
            return
        if loop.time() - last >= PROGRESS_EVERY or done == len(parts):
            last = loop.time()
            yield sse({"type": "progress", "done": done, "parts": len(parts)})
    counts = sum_counts(results)
    yield sse(
        {
            "type": "done",
            "total": counts.total,
            "unique": counts.unique,
            "message": None if counts.total else no_solution_message(run.board),
        }
    )


# The routes.  Each handler finds the open runs and the page's files in the
# app's state, set by create_app.


def _runs(request: Request) -> Registry:
    runs: Registry = request.app.state.runs
    return runs


async def page(request: Request) -> Response:
    path = request.url.path
    return Response(request.app.state.pages[path], media_type=PAGE_FILES[path][1])


async def no_icon(request: Request) -> Response:
    return Response(status_code=204)


async def info(request: Request) -> Response:
    return JSONResponse(
        {"algorithms": list(TRACERS), "rules": list(RULE_NAMES), "limits": limits_json()}
    )


async def read_board(request: Request) -> Response:
    return JSONResponse(board_json(parse_board_request(await read_json(request))))


async def create_run(request: Request) -> Response:
    wanted = parse_run_request(await read_json(request), TRACERS)
    run = _runs(request).create(wanted.board, Stepper(wanted.board, wanted.algorithm))
    run.speed = wanted.speed
    return _created(run)


def _created(run: Run) -> Response:
    """The answer to a request that started a run (stepping or counting): its id, its board."""
    return JSONResponse({"id": run.id, "board": board_json(run.board)}, 201)


def _stream(request: Request, events: Callable[[Run], AsyncIterator[str]], count: bool) -> Response:
    """The events of the run the path names (a count's when ``count``), released when the
    stream ends however it ends."""
    runs = _runs(request)
    run = runs.attach(request.path_params["id"], count=count)
    return EventStream(events(run), lambda: runs.release(run.id))


async def run_stream(request: Request) -> Response:
    return _stream(request, search_events, count=False)


async def run_control(request: Request) -> Response:
    run = _runs(request).get(request.path_params["id"], count=False)
    run.control(parse_control(await read_json(request)))
    # Batches are taken between awaits, so the counters already hold every step that
    # will be sent before the pause: the page says "Paused." once its counters reach it.
    assert run.stepper is not None
    steps = run.stepper.counters.steps
    return JSONResponse({"paused": run.paused, "speed": run.speed, "steps": steps})


async def create_count(request: Request) -> Response:
    wanted = parse_count_request(await read_json(request))
    return _created(_runs(request).create(wanted))


async def count_stream(request: Request) -> Response:
    return _stream(request, count_events, count=True)


async def solve(request: Request) -> Response:
    board = parse_solve_request(await read_json(request))
    state = request.app.state
    if state.solving >= limits.MAX_RUNS:  # each holds a thread for up to SOLVE_SECONDS
        raise Busy(limits.MAX_RUNS)
    state.solving += 1
    try:
        answer = await anyio.to_thread.run_sync(first_solution, board)
    finally:
        state.solving -= 1
    found = answer.solution
    if found is not None:
        message = None
    elif answer.decided:
        message = no_solution_message(board)
    else:
        message = (
            f"no solution found within {SOLVE_SECONDS:g} seconds "
            "(queens solve on the command line searches on)"
        )
    columns = None if found is None else found.to_list()
    return JSONResponse({"board": board_json(board), "columns": columns, "message": message})


def stopper(count: bool) -> Callable[[Request], Response]:
    """The DELETE handler of a search (``count=False``) or of a count."""

    def stop(request: Request) -> Response:
        runs = _runs(request)
        run = runs.get(request.path_params["id"], count=count)
        runs.release(run.id)
        return Response(status_code=204)

    return stop


async def input_error(request: Request, error: Exception) -> Response:
    if isinstance(error, ClientGone):  # one line in the log, no traceback; nobody to answer
        logging.getLogger("queens.web").warning("%s", error)
        return Response(status_code=400)
    status = error.status if isinstance(error, InputError) else 400
    return JSONResponse({"error": str(error)}, status)


async def http_error(request: Request, error: Exception) -> Response:
    # Starlette's own 404 and 405 (no such path or method) answer as every error does.
    assert isinstance(error, HTTPException)
    return JSONResponse({"error": error.detail}, error.status_code, headers=error.headers)


ROUTES = [
    *(Route(path, page) for path in PAGE_FILES),
    Route("/favicon.ico", no_icon),
    Route("/api/info", info),
    Route("/api/board", read_board, methods=["POST"]),
    Route("/api/runs", create_run, methods=["POST"]),
    Route("/api/runs/{id}/events", run_stream),
    Route("/api/runs/{id}/control", run_control, methods=["POST"]),
    Route("/api/runs/{id}", stopper(count=False), methods=["DELETE"]),
    Route("/api/count", create_count, methods=["POST"]),
    Route("/api/count/{id}/events", count_stream),
    Route("/api/count/{id}", stopper(count=True), methods=["DELETE"]),
    Route("/api/solve", solve, methods=["POST"]),
    *PUZZLE_ROUTES,
]


PAGE_HEADS = {
    "index.html": ("queens: watch the search", "app", ""),
    "puzzle.html": (
        "queens: the region puzzle",
        "puzzle",
        '<link rel="manifest" href="/puzzle.webmanifest">\n'
        '<link rel="icon" href="/puzzle-icon.svg" type="image/svg+xml">\n'
        '<meta name="theme-color" content="#1f4fa8">\n',
    ),
}
"""Each page's title, the name of its script and style sheet, and lines of its own for the
head (the puzzle's manifest and icon): a page's file holds its body, served after the one
head all pages share (``static/head.html``)."""


def page_files() -> dict[str, bytes]:
    """The page's files, read once per app, by the path they are served at."""
    static = resources.files("queens.web") / "static"
    head = string.Template((static / "head.html").read_text(encoding="utf-8"))
    files = {}
    for path, (name, _) in PAGE_FILES.items():
        data = (static / name).read_bytes()
        if name in PAGE_HEADS:
            title, script, links = PAGE_HEADS[name]
            data = head.substitute(title=title, name=script, links=links).encode() + data
        files[path] = data
    return files


def create_app(
    allowed_hosts: Iterable[str] = LOCAL_HOSTS, registry: Registry | None = None
) -> Starlette:
    """The app; ``allowed_hosts`` are the host names the ``Host`` header may carry."""
    app = Starlette(
        routes=ROUTES,
        middleware=[Middleware(Guard, allowed_hosts=allowed_hosts)],
        exception_handlers={InputError: input_error, HTTPException: http_error},
    )
    app.state.runs = Registry() if registry is None else registry
    app.state.pages = page_files()
    app.state.solving = 0  # solves running now (POST /api/solve)
    app.state.generating = 0  # puzzles being generated now (POST /api/puzzle/generate)
    # checks, hints, solutions and star counts of the puzzle page searching now
    app.state.puzzle_slots = threading.BoundedSemaphore(limits.MAX_RUNS)
    return app
