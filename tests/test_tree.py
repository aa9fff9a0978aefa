"""The recursion tree: built from trace events, drawn as SVG, refused when too big."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings

from queens import api
from queens.board import Board
from queens.engines.counting import reference
from queens.events import DeadEnd, Place, Skip
from queens.show.tree import TREE_MAX_NODES, Mark, TreeTooBig, build_tree, tree_svg
from queens.tracing import TRACERS, trace
from strategies import boards, shaped_boards

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("algorithm", list(TRACERS))
@settings(max_examples=20, deadline=None)
@given(board=boards(max_n=5))
def test_tree_mirrors_the_events(algorithm: str, board: Board) -> None:
    events = list(trace(board, algorithm))
    root = build_tree(events, board.n, max_nodes=None)
    nodes = list(root.walk())
    assert len(nodes) == 1 + sum(isinstance(e, Place) for e in events)
    solutions = [n.columns for n in nodes if n.mark is Mark.SOLUTION]
    assert sorted(solutions) == [tuple(s) for s in api.solutions(board)]
    dead_ends = sum(n.mark is Mark.DEAD_END for n in nodes)
    assert dead_ends == sum(isinstance(e, DeadEnd) for e in events)
    for node in nodes:
        for child in node.children:
            assert child.columns[:-1] == node.columns


def test_four_queens_svg_marks_two_solutions_and_the_dead_ends() -> None:
    document = ET.fromstring(tree_svg(trace(4), 4))
    groups = document.findall(f"{SVG}g")
    classes = [g.get("class", "") for g in groups]
    assert classes.count("node solution") == 2
    assert classes.count("node dead-end") == sum(isinstance(e, DeadEnd) for e in trace(4))
    assert sum(c.startswith("node") for c in classes) == 17  # the root and 16 places


def test_too_big_is_refused_before_running_the_search() -> None:
    # N = 30 would take ages to trace in full: the refusal must come from the first places.
    with pytest.raises(TreeTooBig, match=f"more than {TREE_MAX_NODES} nodes"):
        tree_svg(trace(30), 30)


def test_empty_board_six_fits_and_seven_does_not() -> None:
    tree_svg(trace(6), 6)
    with pytest.raises(TreeTooBig):
        tree_svg(trace(7), 7)


def test_json_form_mirrors_the_nodes() -> None:
    root = build_tree(trace(4), 4)
    data = json.loads(json.dumps(root.to_json()))

    def count(node: dict[str, Any]) -> int:
        return 1 + sum(count(child) for child in node["children"])

    assert count(data) == 17
    first = data["children"][0]
    assert first["columns"] == [0] and first["step"] == 1 and first["mark"] == "open"
    assert data["children"][0]["children"][0]["mark"] == "dead end"


# -- boards of any shape ------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(board=shaped_boards(max_side=4))
def test_the_tree_of_any_shape_holds_the_reference_solutions(board: Board) -> None:
    """A node per queen placed and per row left empty; solutions in the reference's order."""
    events = list(trace(board))
    root = build_tree(events, board.height, max_nodes=None)
    nodes = list(root.walk())
    assert len(nodes) == 1 + sum(isinstance(e, Place | Skip) for e in events)
    solutions = [n.columns for n in nodes if n.mark is Mark.SOLUTION]
    expected = reference.solutions(board.allowed_masks(), board.k, board.required_rows())
    # A solution's node stops at its last queen: the rows after it are empty.
    assert [s + (-1,) * (board.height - len(s)) for s in solutions] == [tuple(c) for c in expected]
    for node in nodes:
        for child in node.children:
            assert child.columns[:-1] == node.columns


def test_a_rectangle_tree_tints_its_empty_rows() -> None:
    board = Board(3, height=2, k=1)
    document = ET.fromstring(tree_svg(trace(board), board))
    nodes = [g for g in document.findall(f"{SVG}g") if g.get("class", "").startswith("node")]
    assert len(nodes) == 1 + 1 + 3 + 3  # root, row 1 empty, 3 queens below it, 3 in row 1
    assert [g.get("class") for g in nodes].count("node solution") == 6
    tinted = [g for g in nodes if g.find(f"{SVG}rect[@class='empty-row']") is not None]
    assert len(tinted) == 4  # the empty-row node and its three children
    titles = [g.findtext(f"{SVG}title") for g in tinted]
    assert titles[1] == "step 2: row 1: empty, row 2: col 1 (solution)"
    frame = nodes[0].findall(f"{SVG}rect")[-1]
    assert (frame.get("width"), frame.get("height")) == ("27", "18")  # 3 x 2 squares of 9
