"""Checking what the page sends: every field, its type and its size.

Requests are JSON objects; anything unexpected is an :class:`InputError`
with a one-line message for the page.  Board text errors are the library's
:class:`~queens.board.BoardError` messages, so the page says exactly what
``queens solve --board`` would.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Literal

from queens.board import Board, BoardError, parse_board
from queens.tracing import AlgorithmName, check_algorithm
from queens.web import limits

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
    """Board text as the CLI reads it; the message is the CLI's (without ``queens: error:``).

    A board wider than ``max_n`` is refused on its first line.
    """
    try:
        board = parse_board(text, max_n=max_n)
    except BoardError as error:
        raise InputError(str(error)) from None
    if not board.is_square:  # the page draws square boards only, for now
        raise InputError(
            f"board: {board.height} lines of {board.width} cells each "
            "(the page takes square boards)"
        )
    return board


def _board(data: Mapping[str, object], max_n: int) -> Board:
    """The board from ``n``, ``board`` text or both (which must agree, as on the CLI)."""
    n = data.get("n")
    if n is not None and (isinstance(n, bool) or not isinstance(n, int)):
        raise InputError(f"N must be a whole number, got {n!r}")
    text = board_text(data)
    board = None if text is None else parse_text(text, max_n)
    if board is not None:
        if n is not None and n != board.n:
            raise InputError(f"N is {n} but the board is {board.n} x {board.n}")
        n = board.n
    elif n is None:
        raise InputError("give N or a board")
    if not limits.MIN_N <= n <= max_n:
        raise InputError(f"N must be between {limits.MIN_N} and {max_n}, got {n}")
    return Board.empty(n) if board is None else board


def parse_board_request(data: object) -> Board:
    """``POST /api/board``: ``{"board": text}``."""
    fields = _object(data, ("board",))
    if fields.get("board") is None:
        raise InputError("give the board text")
    return _board(fields, limits.STEP_MAX_N)


def parse_run_request(data: object, algorithms: Collection[str]) -> RunRequest:
    """``POST /api/runs``: ``{"n"?, "board"?, "algorithm"?, "speed"?}``."""
    fields = _object(data, ("n", "board", "algorithm", "speed"))
    board = _board(fields, limits.STEP_MAX_N)
    algorithm = fields.get("algorithm", "backtracking")
    if not isinstance(algorithm, str) or algorithm not in algorithms:
        raise InputError(f"unknown algorithm {algorithm!r} (choose from {', '.join(algorithms)})")
    speed = _whole(fields, "speed", limits.MIN_SPEED, limits.MAX_SPEED)
    named = check_algorithm(algorithm)  # one of the steppable ones, since ``algorithms`` are
    return RunRequest(board, named, limits.DEFAULT_SPEED if speed is None else speed)


def parse_count_request(data: object) -> Board:
    """``POST /api/count``: ``{"n"?, "board"?}``."""
    return _board(_object(data, ("n", "board")), limits.MAX_COUNT_N)


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
