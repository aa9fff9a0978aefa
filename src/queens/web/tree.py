"""The recursion tree so far, as an SVG picture for the page."""

from __future__ import annotations

from collections.abc import Sequence

from queens.board import Board
from queens.trace import Event


def tree_svg(events: Sequence[Event], board: Board) -> str | None:
    """The recursion tree of ``events`` as SVG text, or None when it cannot be drawn.

    PLACEHOLDER: waits for ``queens.show.tree`` (the ``show`` helper's tree
    picture); until it is merged the page shows a notice in its place.
    """
    return None
