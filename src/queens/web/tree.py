"""The recursion tree so far, as an SVG picture for the page (``queens tree``'s picture)."""

from __future__ import annotations

from collections.abc import Sequence

from queens.board import Board
from queens.show.tree import TreeTooBig, tree_svg
from queens.tracing import Event


def tree_picture(events: Sequence[Event], board: Board) -> tuple[str | None, str | None]:
    """``(svg, None)`` for the tree of ``events``, or ``(None, why)`` when it is too big."""
    try:
        return tree_svg(events, board), None
    except TreeTooBig as error:
        return None, f"The recursion tree is not drawn here: {error}."
