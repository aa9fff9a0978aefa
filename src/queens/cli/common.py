"""What every command shares: errors, reading N and boards, input files."""

from __future__ import annotations

import argparse
import re
import sys
from typing import NoReturn

from queens.board import Board, BoardError, parse_board


class CommandError(Exception):
    """An error for the user: one line, with the exit status it ends in."""

    status = 2
    label = "error: "

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        if status is not None:
            self.status = status


class NoSolution(CommandError):
    """The answer is no (not an error): exit 1 with a plain message."""

    status = 1
    label = ""


class Undecided(CommandError):
    """No answer within the time allowed (``--timeout``): exit 3.

    The message reads like ``undecided: no answer within 5 s``.
    """

    status = 3
    label = ""


def no_solution(board: Board) -> NoSolution:
    """The exit-1 answer for a board without solutions, naming clashing fixed queens."""
    from queens.formats import no_solution_message

    return NoSolution(no_solution_message(board))


class UsageError(CommandError):
    """Bad arguments: exit 2 with a hint to ``--help``."""

    def __init__(self, message: str, prog: str = "queens") -> None:
        super().__init__(f"{message}; see '{prog} --help'")


class Parser(argparse.ArgumentParser):
    """argparse that raises UsageError instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message, self.prog)


_N = re.compile(r"[0-9]+")
_MAX_DIGITS = 18  # far past any board that fits in memory; int() of huge text is slow


def parse_n(text: str, name: str = "N", prog: str = "queens") -> int:
    """A board size from the command line: digits only, at least 1."""
    digits = text.lstrip("0")
    if not _N.fullmatch(text) or not digits:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise UsageError(f"{name} must be a whole number of at least 1, got {shown!r}", prog)
    if len(digits) > _MAX_DIGITS:
        raise UsageError(f"{name} is far too big ({len(digits)} digits)", prog)
    return int(digits)


def read_text(path: str, what: str) -> str:
    """A text file's contents (``-`` for stdin), with one-line errors for the rest."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
            name = "standard input"
        else:
            with open(path, "rb") as file:
                data = file.read()
            name = f"{what} file {path!r}"
    except OSError as error:
        raise CommandError(f"cannot read {what} file {path!r}: {error.strerror}") from None
    if b"\0" in data:
        raise CommandError(f"{name} is not text (it holds a NUL byte)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CommandError(f"{name} is not UTF-8 text (byte {error.start + 1})") from None


def read_board(path: str) -> Board:
    try:
        return parse_board(read_text(path, "board"))
    except BoardError as error:
        raise CommandError(str(error)) from None


def board_from_args(n_text: str | None, board_path: str | None, prog: str) -> Board:
    """The board a command works on, from N, ``--board FILE`` or both (must agree)."""
    n = None if n_text is None else parse_n(n_text, prog=prog)
    if board_path is None:
        if n is None:
            raise UsageError("give N or --board FILE", prog)
        return Board.empty(n)
    board = read_board(board_path)
    if n is not None and n != board.n:
        raise UsageError(f"N is {n} but the board is {board.n} x {board.n}", prog)
    return board


def add_board_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("n", metavar="N", nargs="?", help="board size (optional with --board)")
    parser.add_argument(
        "--board",
        metavar="FILE",
        help="board text file ('.' free, '*' reserved, 'Q' queen); - for stdin",
    )
