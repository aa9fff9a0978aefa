"""Checking what the page sends: every field, its type and its size.

Requests are JSON objects; anything unexpected is an ``InputError``
with a one-line message for the page.  Board text errors are the library's
``BoardError`` messages, so the page says exactly what
``queens solve --board`` would.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from queens import json_text
from queens.board import Board, BoardError, Size, parse_board, parse_size
from queens.rules import Rule, parse_rule, shape_problem
from queens.tracing import AlgorithmName, UnsupportedBoard, check_algorithm, takes
from queens.web import limits

if TYPE_CHECKING:
    from starlette.requests import Request

Action = Literal["play", "pause", "step"]
ACTIONS: tuple[Action, ...] = ("play", "pause", "step")


class InputError(ValueError):
    """A request the server refuses, with the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class RunRequest:
    board: Board
    algorithm: AlgorithmName
    speed: int


@dataclass(frozen=True)
class Control:
    action: Action
    speed: int | None
    steps: int


class ClientGone(InputError):
    """The client left before sending the whole request (less than its Content-Length)."""

    def __init__(self, request: Request) -> None:
        super().__init__(f"{request.method} {request.url.path}: the client left mid-request")


async def read_json(request: Request) -> object:
    """The request body as JSON, refusing other content types and bodies over MAX_BODY."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise InputError("send JSON (Content-Type: application/json)", 415)
    from starlette.requests import ClientDisconnect  # lazy: optional extra (web)

    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limits.MAX_BODY:
                raise InputError(f"the request is too large (at most {limits.MAX_BODY} bytes)", 413)
    except ClientDisconnect:
        raise ClientGone(request) from None
    try:
        return json_text.loads(body)
    except (ValueError, RecursionError):
        raise InputError("the request is not valid JSON") from None


def _object(data: object, allowed: Collection[str]) -> Mapping[str, object]:
    if not isinstance(data, dict):
        raise InputError("the request must be a JSON object")
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise InputError(f"unknown field {unknown[0]!r} (expected {', '.join(sorted(allowed))})")
    return data


def _whole(data: Mapping[str, object], name: str, low: int, high: int) -> int | None:
    """An optional whole-number field within ``low..high``."""
    value = data.get(name)
    if value is None:
        return None
    # bool is an int in Python, but true is not a board size.
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise InputError(f"{name} must be between {low} and {high}, got {value}")
    return value


def board_text(data: Mapping[str, object]) -> str | None:
    text = data.get("board")
    if text is None:
        return None
    if not isinstance(text, str):
        raise InputError("board must be board text (a string)")
    if len(text) > limits.MAX_BOARD_TEXT:
        raise InputError(
            f"the board text is too long ({len(text)} characters, at most {limits.MAX_BOARD_TEXT})",
            413,
        )
    return text


def parse_text(text: str, max_n: int = limits.STEP_MAX_N) -> Board:
    """Board text as the CLI reads it (any rectangle); the message is the CLI's (without
    ``queens: error:``).

    A board wider than ``max_n`` is refused on its first line.
    """
    try:
        return parse_board(text, max_n=max_n)
    except BoardError as error:
        raise InputError(str(error)) from None


MAX_SIZE_TEXT = 40
"""Characters of ``size`` text read (``20x20`` needs 5)."""


def _size_text(data: Mapping[str, object]) -> Size | None:
    """``size``: ``N`` or ``WxH`` as the page's size box holds it, read as the CLI reads it
    (``queens.board.parse_size``)."""
    text = data.get("size")
    if text is None:
        return None
    if not isinstance(text, str):
        raise InputError(f"size must be N or WxH (text, e.g. 8 or 8x10), got {text!r}")
    if len(text) > MAX_SIZE_TEXT:  # no board here is that large: refused before reading it
        raise InputError(f"size is far too long ({len(text)} characters)")
    try:
        return parse_size(text.strip())
    except ValueError as error:
        raise InputError(f"size {error}") from None


def _whole_field(data: Mapping[str, object], name: str, label: str) -> int | None:
    value = data.get(name)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise InputError(f"{label} must be a whole number, got {value!r}")
    return value


def _shape(data: Mapping[str, object]) -> Size | None:
    """The size asked for by ``n`` (N x N), ``width`` and ``height``, or ``size`` text."""
    n = _whole_field(data, "n", "N")
    width = _whole_field(data, "width", "width")
    height = _whole_field(data, "height", "height")
    if (width is None) != (height is None):
        raise InputError("give both width and height (or N)")
    shapes = [
        shape
        for shape in (
            None if n is None else (n, n),
            None if width is None or height is None else (width, height),
            _size_text(data),
        )
        if shape is not None
    ]
    if any(shape != shapes[0] for shape in shapes):
        shown = ", ".join(f"{w}x{h}" for w, h in shapes)
        raise InputError(f"the sizes given disagree ({shown})")
    return shapes[0] if shapes else None


def _check_shape(shape: Size, max_n: int) -> None:
    width, height = shape
    if width == height:
        if not limits.MIN_N <= width <= max_n:
            raise InputError(f"N must be between {limits.MIN_N} and {max_n}, got {width}")
        return
    for side, name in ((width, "width"), (height, "height")):
        if not limits.MIN_N <= side <= max_n:
            raise InputError(f"the {name} must be between {limits.MIN_N} and {max_n}, got {side}")


def _given(shape: Size) -> str:
    return f"N is {shape[0]}" if shape[0] == shape[1] else f"the size is {shape[0]}x{shape[1]}"


def _rule(data: Mapping[str, object], shape: Size) -> Rule:
    """``rule``: an attack rule's name (default ``queen``), refused on a board it does not
    fit with the CLI's message (the torus is square)."""
    name = data.get("rule", Rule.QUEEN.value)
    if not isinstance(name, str):
        raise InputError(f"rule must be a rule's name (text), got {name!r}")
    if len(name) > MAX_SIZE_TEXT:
        raise InputError(f"rule is far too long ({len(name)} characters)")
    try:
        rule = parse_rule(name)
    except ValueError as error:
        raise InputError(str(error)) from None
    problem = shape_problem(rule, *shape)
    if problem is not None:
        raise InputError(problem)
    return rule


def _board(data: Mapping[str, object], max_n: int) -> Board:
    """The board from its size (``n``, ``width`` and ``height``, or ``size``), ``board``
    text or both (which must agree, as on the CLI), with ``k`` queens (default: as many
    as fit) and its attack ``rule`` (default ``queen``)."""
    shape = _shape(data)
    k = _whole_field(data, "k", "k")
    text = board_text(data)
    board = None if text is None else parse_text(text, max_n)
    if board is not None:
        if shape is not None and shape != board.size:
            raise InputError(f"{_given(shape)} but the board is {board.size_text}")
        shape = board.size
    elif shape is None:
        raise InputError("give N or a board")
    _check_shape(shape, max_n)
    rule = _rule(data, shape)
    board = (Board.empty(*shape) if board is None else board).with_rule(rule)
    if k is None:
        return board
    most = min(shape)
    if not 0 <= k <= most:
        raise InputError(
            f"{k} queens do not fit: a {board.size_text} board takes 0 to {most} "
            "(one per row and column)"
        )
    return board.with_queens(k)


BOARD_FIELDS = ("n", "width", "height", "size", "k", "board", "rule")
"""What says which board a request is about (and its attack rule)."""

TRACE_RULE_ONLY = "queens trace supports the queen rule only"
"""Why a search cannot be stepped under another rule (the CLI's words)."""


def parse_board_request(data: object) -> Board:
    """``POST /api/board``: ``{"board"?, "n"?, "width"?, "height"?, "size"?, "k"?}``: the
    board read (and checked) as a run reads it."""
    fields = _object(data, BOARD_FIELDS)
    if all(fields.get(name) is None for name in BOARD_FIELDS if name != "rule"):
        raise InputError("give the board text or its size")
    return _board(fields, limits.STEP_MAX_N)


def parse_run_request(data: object, algorithms: Collection[str]) -> RunRequest:
    """``POST /api/runs``: the board's fields, ``"algorithm"?``, ``"speed"?``."""
    fields = _object(data, (*BOARD_FIELDS, "algorithm", "speed"))
    board = _board(fields, limits.STEP_MAX_N)
    algorithm = fields.get("algorithm", "backtracking")
    if not isinstance(algorithm, str) or algorithm not in algorithms:
        raise InputError(f"unknown algorithm {algorithm!r} (choose from {', '.join(algorithms)})")
    speed = _whole(fields, "speed", limits.MIN_SPEED, limits.MAX_SPEED)
    named = check_algorithm(algorithm)  # one of the steppable ones, since ``algorithms`` are
    if board.rule is not Rule.QUEEN:
        raise InputError(TRACE_RULE_ONLY)
    if not takes(named, board):
        raise InputError(str(UnsupportedBoard(named)))
    return RunRequest(board, named, limits.DEFAULT_SPEED if speed is None else speed)


def parse_count_request(data: object) -> Board:
    """``POST /api/count``: the board's fields."""
    return _board(_object(data, BOARD_FIELDS), limits.MAX_COUNT_N)


def parse_solve_request(data: object) -> Board:
    """``POST /api/solve``: the board's fields (the sizes a search may step through)."""
    return _board(_object(data, BOARD_FIELDS), limits.STEP_MAX_N)


def parse_control(data: object) -> Control:
    """``POST /api/runs/{id}/control``: ``{"action", "speed"?, "steps"?}``."""
    fields = _object(data, ("action", "speed", "steps"))
    action = fields.get("action")
    if action not in ACTIONS:
        raise InputError(f"unknown action {action!r} (choose from {', '.join(ACTIONS)})")
    speed = _whole(fields, "speed", limits.MIN_SPEED, limits.MAX_SPEED)
    steps = _whole(fields, "steps", 1, limits.MAX_STEPS)
    # The membership test above narrows the value, which mypy cannot see.
    chosen: Action = "play" if action == "play" else "pause" if action == "pause" else "step"
    return Control(chosen, speed, 1 if steps is None else steps)
