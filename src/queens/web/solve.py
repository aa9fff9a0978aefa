"""One solution for the page, under the board's attack rule, within a time limit.

The search runs sub-problem by sub-problem (the count's split,
``queens.counting.split``: the placements of the first rows, in
lexicographic order), looking at the clock between them, so that a board
without a solution that only a long search can tell (the 18 x 18 torus,
say) gets an honest "no answer within the limit" instead of holding a
worker thread for minutes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from queens.api import solve
from queens.board import Board
from queens.counting.split import split
from queens.engines.counting import kernel
from queens.solution import Solution

SOLVE_SECONDS = 5.0
"""Seconds a solve may search before the page is told it ran out of time."""


@dataclass(frozen=True)
class Answer:
    """A solution, or None with ``decided`` saying whether there is none (True) or the
    time ran out first (False)."""

    solution: Solution | None
    decided: bool


def first_solution(board: Board, seconds: float | None = None) -> Answer:
    """The lexicographically first solution of ``board``, searching for at most about
    ``seconds`` (default ``SOLVE_SECONDS``) plus one sub-problem."""
    if board.is_plain:  # the classic board: its first solution comes at once
        return Answer(solve(board, method="search"), True)
    deadline = time.monotonic() + (SOLVE_SECONDS if seconds is None else seconds)
    for part in split(board).subproblems:
        if time.monotonic() > deadline:
            return Answer(None, False)
        found = kernel.solutions(
            part.pinned_masks(),  # only the plain board (answered above) splits without masks
            width=board.width,
            queens=board.k,
            required=board.required_rows() | part.pinned_required(),
            rule=board.rule,
        )
        columns = next(found, None)
        if columns is not None:
            return Answer(Solution(columns, board.width), True)
    return Answer(None, True)
