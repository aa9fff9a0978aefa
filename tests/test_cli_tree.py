"""queens tree through main(argv): the picture, the readable limit, errors."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from queens.cli import main

NS = "{http://www.w3.org/2000/svg}"


def node_classes(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [
        g.get("class", "") for g in root.iter(f"{NS}g") if g.get("class", "").startswith("node")
    ]


def test_four_queens_tree(tmp_path: Path) -> None:
    out = tmp_path / "tree.svg"
    assert main(["tree", "4", "--out", str(out)]) == 0
    classes = node_classes(out.read_text())
    assert len(classes) == 17 and classes.count("node solution") == 2


def test_to_stdout_with_another_algorithm(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tree", "4", "--out", "-", "--algorithm", "permutations"]) == 0
    classes = node_classes(capsys.readouterr().out)
    assert len(classes) == 1 + 4 + 12 + 24 + 24  # every partial permutation
    assert classes.count("node solution") == 2
    assert classes.count("node rejected") == 22


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tree", "7", "--out", "t.svg"], "more than 200 nodes, too many to draw readably"),
        (["tree", "40", "--out", "t.svg"], "more than 200 nodes"),
        (["tree", "4", "--out", "t.png"], "--out must name a .svg file"),
        (["tree", "4"], "required: --out"),
    ],
)
def test_usage_errors(
    argv: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("queens: error: ") and message in err and err.count("\n") == 1
    assert not (tmp_path / "t.svg").exists()


def test_a_rectangle_tree(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tree", "4x3", "--queens", "2", "--out", "-"]) == 0
    classes = node_classes(capsys.readouterr().out)
    from queens import api
    from queens.board import Board

    assert classes.count("node solution") == sum(1 for _ in api.solutions(Board(4, height=3, k=2)))


def test_a_rectangle_too_big_to_draw_names_its_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tree", "9x6", "--queens", "4", "--out", "-"]) == 2
    err = capsys.readouterr().err
    assert "the backtracking search of this 9 x 6 board has more than 200 nodes" in err
    assert err.count("\n") == 1
