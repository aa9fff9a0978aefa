"""What every textbook algorithm is: its two faces and what its search finds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from queens.board import Board
from queens.events import Tracer


class Outcome(NamedTuple):
    """What a search found: every solution (0-based columns) and its node count."""

    solutions: list[tuple[int, ...]]
    nodes: int


Searcher = Callable[[Board], Outcome]


@dataclass(frozen=True)
class Algorithm:
    """One algorithm of ``queens compare``: its name, a line about it, both faces."""

    name: str
    summary: str
    trace: Tracer
    search: Searcher
