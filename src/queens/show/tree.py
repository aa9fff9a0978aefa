"""The recursion tree of a search, built from its trace events.

Each node is a partial placement (the root is the empty board, a child adds
one queen in the next row, or leaves it empty when there are fewer queens
than rows); leaves are marked as dead ends (no free square
in the next row), solutions, or rejected (a complete placement that failed
its test, as naive permutations produce).  ``build_tree`` turns any
event stream of ``queens.tracing`` into nodes and ``tree_svg`` draws
them as the figure textbooks print for four queens: a small board per node.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from queens.board import Board
from queens.events import DeadEnd, Event, Found, Place, Remove, Skip
from queens.show.svg import COLORS

TREE_MAX_NODES = 200
"""More nodes than this make a tree nobody can read (an empty board fits up to N = 6)."""

EMPTY = -1
"""The column of a row left empty."""


class Mark(Enum):
    OPEN = "open"
    DEAD_END = "dead end"
    SOLUTION = "solution"
    REJECTED = "rejected"


@dataclass
class Node:
    """A partial placement: ``columns[r]`` is the queen of row ``r`` (0-based, -1: empty)."""

    columns: tuple[int, ...]
    step: int
    """The 1-based number of the event that created this node (0 for the root)."""
    children: list[Node] = field(default_factory=list)
    mark: Mark = Mark.OPEN
    solution: int | None = None
    """The solution's 1-based number when ``mark`` is SOLUTION."""

    @property
    def depth(self) -> int:
        return len(self.columns)

    def to_json(self) -> dict[str, Any]:
        """This node and all below it as plain JSON data (0-based columns), e.g. for a web page."""
        return {
            "columns": list(self.columns),
            "step": self.step,
            "mark": self.mark.value,
            "solution": self.solution,
            "children": [child.to_json() for child in self.children],
        }

    def walk(self) -> Iterable[Node]:
        """This node and all below it, parents before children."""
        yield self
        for child in self.children:
            yield from child.walk()


class TreeTooBig(ValueError):
    """The search has more nodes than ``TREE_MAX_NODES`` (or the given limit)."""


def build_tree(
    events: Iterable[Event], height: int, max_nodes: int | None = TREE_MAX_NODES
) -> Node:
    """The recursion tree of an event stream on a board of ``height`` rows;
    TreeTooBig past ``max_nodes`` nodes (queens placed and rows left empty).

    Every event names its row, and a node of row ``r`` hangs at depth
    ``r + 1``: the row says where in the tree an event belongs, so a row
    left empty (which no event takes back) needs no closing event.
    Reading stops at the first node over the limit, so a huge search is
    refused without being run.

    >>> from queens.tracing import trace
    >>> root = build_tree(trace(Board(2, height=2, k=1)), 2)
    >>> [(node.columns, node.mark.value) for node in root.walk()][1:3]
    [((-1,), 'open'), ((-1, 0), 'solution')]
    """
    root = Node((), 0)
    path = [root]
    nodes = 0
    for step, event in enumerate(events, 1):
        if isinstance(event, Place | Skip):
            nodes += 1
            if max_nodes is not None and nodes > max_nodes:
                raise TreeTooBig(f"the search tree has more than {max_nodes} nodes")
            del path[event.row + 1 :]
            col = event.col if isinstance(event, Place) else EMPTY
            child = Node((*path[-1].columns, col), step)
            path[-1].children.append(child)
            path.append(child)
        elif isinstance(event, Remove):
            del path[event.row + 1 :]
        elif isinstance(event, DeadEnd):
            del path[event.row + 1 :]
            path[-1].mark = Mark.DEAD_END
        elif isinstance(event, Found):
            path[-1].mark = Mark.SOLUTION
            path[-1].solution = event.number
    for node in root.walk():
        if node.mark is Mark.OPEN and not node.children and node.depth == height and height > 0:
            node.mark = Mark.REJECTED
    return root


# -- drawing ------------------------------------------------------------------

CELL = 9
"""The side of one square of a node's small board, in user units."""
H_GAP = 12
V_GAP = 34
PAD = 14

EMPTY_ROW_COLOR = "#2a6fdb"
"""The tint of a row the search left empty."""

MARK_COLORS: dict[Mark, str] = {
    Mark.OPEN: "#555555",
    Mark.DEAD_END: "#c62828",
    Mark.SOLUTION: "#2e7d32",
    Mark.REJECTED: "#9e9e9e",
}


def _layout(root: Node, width: float) -> dict[int, tuple[float, int]]:
    """x (centre) and depth of every node: leaves side by side, parents over their children."""
    places: dict[int, tuple[float, int]] = {}
    next_leaf = 0

    def visit(node: Node) -> float:
        nonlocal next_leaf
        if node.children:
            xs = [visit(child) for child in node.children]
            x = (xs[0] + xs[-1]) / 2
        else:
            x = next_leaf * (width + H_GAP) + width / 2
            next_leaf += 1
        places[id(node)] = (x, node.depth)
        return x

    visit(root)
    return places


def _describe(columns: tuple[int, ...]) -> str:
    """A node's placement in words, 1-based."""
    rows = (f"row {r + 1}: {'empty' if c < 0 else f'col {c + 1}'}" for r, c in enumerate(columns))
    return ", ".join(rows) or "empty board"


def _mini_board(
    parent: ET.Element, node: Node, board: Board, x: float, y: float, colors: Mapping[str, str]
) -> None:
    group = ET.SubElement(parent, "g", {"class": f"node {node.mark.value.replace(' ', '-')}"})
    title = ET.SubElement(group, "title")
    title.text = f"step {node.step}: {_describe(node.columns)} ({node.mark.value})"
    for row in range(board.height):
        for col in range(board.width):
            shade = "light" if (row + col) % 2 == 0 else "dark"
            fill = colors["reserved"] if (row, col) in board.reserved else colors[shade]
            ET.SubElement(
                group,
                "rect",
                {"x": f"{x + col * CELL:g}", "y": f"{y + row * CELL:g}",
                 "width": str(CELL), "height": str(CELL), "fill": fill},
            )  # fmt: skip
    for row, col in enumerate(node.columns):
        if col < 0:  # a row left empty: tinted across, so the node differs from its parent
            ET.SubElement(
                group,
                "rect",
                {"class": "empty-row", "x": f"{x:g}", "y": f"{y + row * CELL:g}",
                 "width": str(board.width * CELL), "height": str(CELL),
                 "fill": EMPTY_ROW_COLOR, "fill-opacity": "0.35"},
            )  # fmt: skip
            continue
        fill = colors["fixed queen"] if (row, col) in board.queens else colors["queen"]
        ET.SubElement(
            group,
            "circle",
            {"cx": f"{x + (col + 0.5) * CELL:g}", "cy": f"{y + (row + 0.5) * CELL:g}",
             "r": f"{CELL * 0.36:g}", "fill": fill},
        )  # fmt: skip
    wide, high = board.width * CELL, board.height * CELL
    stroke_width = "1" if node.mark in (Mark.OPEN, Mark.REJECTED) else "3"
    ET.SubElement(
        group,
        "rect",
        {"x": f"{x:g}", "y": f"{y:g}", "width": str(wide), "height": str(high), "fill": "none",
         "stroke": MARK_COLORS[node.mark], "stroke-width": stroke_width},
    )  # fmt: skip
    caption = {Mark.DEAD_END: "✗", Mark.SOLUTION: f"#{node.solution}", Mark.REJECTED: "✗"}
    if node.mark in caption:
        text = ET.SubElement(
            group,
            "text",
            {"x": f"{x + wide / 2:g}", "y": f"{y + high + 12:g}", "text-anchor": "middle",
             "font-family": "sans-serif", "font-size": "11", "fill": MARK_COLORS[node.mark]},
        )  # fmt: skip
        text.text = caption[node.mark]


def tree_svg(
    events: Iterable[Event],
    board: Board | int,
    *,
    max_nodes: int | None = TREE_MAX_NODES,
    colors: Mapping[str, str] | None = None,
) -> str:
    """The recursion tree of ``events`` (a search of ``board``) as an SVG document.

    Raises ``TreeTooBig`` when the search has more than ``max_nodes`` nodes.
    """
    if isinstance(board, int):
        board = Board.empty(board)
    palette = {**COLORS, **(colors or {})}
    root = build_tree(events, board.height, max_nodes)
    wide, high = board.width * CELL, board.height * CELL
    places = _layout(root, wide)
    depth = max(node.depth for node in root.walk())
    width = max(x for x, _ in places.values()) + wide / 2 + 2 * PAD
    height = (depth + 1) * high + depth * V_GAP + 2 * PAD + 14

    def top_left(node: Node) -> tuple[float, float]:
        x, level = places[id(node)]
        return PAD + x - wide / 2, PAD + level * (high + V_GAP)

    svg = ET.Element(
        "svg",
        {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {width:g} {height:g}",
         "width": f"{width:g}", "height": f"{height:g}"},
    )  # fmt: skip
    ET.SubElement(svg, "rect", {"width": f"{width:g}", "height": f"{height:g}", "fill": "#ffffff"})
    edges = ET.SubElement(svg, "g", {"stroke": "#888888", "stroke-width": "1.2"})
    for node in root.walk():
        px, py = top_left(node)
        for child in node.children:
            cx, cy = top_left(child)
            ET.SubElement(
                edges,
                "line",
                {"x1": f"{px + wide / 2:g}", "y1": f"{py + high:g}",
                 "x2": f"{cx + wide / 2:g}", "y2": f"{cy:g}"},
            )  # fmt: skip
    for node in root.walk():
        _mini_board(svg, node, board, *top_left(node), palette)
    return ET.tostring(svg, encoding="unicode")
