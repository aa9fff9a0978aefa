"""queens compare: rows agree, nodes are the traced places, slow algorithms are skipped."""

from __future__ import annotations

import dataclasses

import pytest

from queens import api
from queens.algorithms import ALGORITHMS, Outcome
from queens.board import Board
from queens.cli import main
from queens.engines.counting import kernel
from queens.events import Place
from queens.show.compare import Row, compare, disagreement, grow
from queens.tracing import trace

BOARDS = [Board.empty(6), Board.build(7, reserved=[(0, 0), (3, 4)], queens=[(2, 5)])]


@pytest.mark.parametrize("board", BOARDS, ids=["empty-6", "givens-7"])
def test_nodes_are_the_place_events_of_the_trace(board: Board) -> None:
    rows = list(compare(board, 60.0, "engine"))
    assert [row.name for row in rows] == [*ALGORITHMS, "engine"]
    expected = api.count(board)
    for row in rows:
        assert row.skipped is None
        assert row.solutions == expected
        if row.name != "engine":
            places = sum(isinstance(e, Place) for e in trace(board, row.name))
            assert row.nodes == places
    assert disagreement(rows) is None


def test_a_slow_algorithm_is_skipped_with_its_estimate() -> None:
    # Naive permutations on 10 x 10 place about 10 million queens: far over 0.05 s.
    rows = {row.name: row for row in compare(Board.empty(10), 0.05, "engine")}
    naive = rows["permutations"]
    assert naive.solutions is None and naive.skipped is not None
    assert naive.skipped.startswith("skipped: ~") and naive.skipped.endswith(" > 0.05 s")


def test_growth_scales_the_last_ratio_by_n() -> None:
    assert grow({4: 10, 5: 20}, 5) == 20
    assert grow({4: 10, 5: 20}, 6) == pytest.approx(20 * 2 * 6 / 5)
    # The naive tree grows by exactly n from one size to the next; the model follows it.
    naive = {m: ALGORITHMS["permutations"].search(Board.empty(m)).nodes for m in (4, 5, 6, 7)}
    assert grow({4: naive[4], 5: naive[5]}, 7) == pytest.approx(naive[7], rel=0.1)


def test_disagreement_is_named() -> None:
    rows = [Row("a", "", 2), Row("b", "", 3), Row("c", "", skipped="slow")]
    assert disagreement(rows) == "the algorithms disagree: a found 2, b found 3"


def test_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "6"]) == 0
    out = capsys.readouterr().out
    for name in ALGORITHMS:
        assert name in out
    assert kernel.description()[:20] in out
    assert "all 6 algorithms that ran agree: 4 solutions" in out
    assert "\x1b" not in out  # not a terminal: no colour


def test_cli_says_so_loudly_when_algorithms_disagree(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(board: Board) -> Outcome:
        return Outcome([], 0)

    monkeypatch.setitem(ALGORITHMS, "sets", dataclasses.replace(ALGORITHMS["sets"], search=broken))
    assert main(["compare", "5"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("queens: error: WRONG ANSWER, the algorithms disagree")
    assert "sets found 0" in err


@pytest.mark.parametrize("limit", ["abc", "0", "-1", "nan", "inf"])
def test_bad_limit(limit: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "6", "--timeout", limit]) == 2
    err = capsys.readouterr().err
    assert err.startswith("queens: error: --timeout must be a positive number")


@pytest.mark.parametrize("argv", [["6x4"], ["8", "--queens", "5"], ["4x6", "--queens", "2"]])
def test_compare_takes_the_classic_board_only(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["compare", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "queens: error: queens compare supports N x N boards with N queens only; "
        "see 'queens compare --help'\n"
    )
