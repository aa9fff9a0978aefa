"""Checkpoints at their edges: counts at and past the board's bound, a record or a shard
one past the last, a header whose fields disagree, files of other boards merged
(issue 39: each test kills an injected bug of ``scripts/mutate.py``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from queens.board import Board
from queens.counting.checkpoint import Checkpoint, CheckpointError, Header, merge, most_solutions
from queens.counting.shards import WHOLE, Shard
from queens.counting.split import count_subproblem, split, sum_counts
from queens.engines import Counts


def shaped_header(board: Board, shard: Shard = WHOLE) -> Header:
    """The header ``queens count --checkpoint`` writes for ``board`` (``Plan``'s)."""
    parts = split(board)
    return Header(
        parts.key,
        len(parts.subproblems),
        shard,
        board=board.text(),
        width=board.width,
        height=board.height,
        queens=board.k,
        rule=board.rule.value,
    )


def written(path: Path, header: Header, records: dict[int, Counts]) -> str:
    with Checkpoint.open(str(path), header) as checkpoint:
        for index, counts in records.items():
            checkpoint.record(index, counts)
    return str(path)


def edit_meta(path: str, key: str, value: str) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE meta SET value = ? WHERE key = ?", (value, key))


def counted(board: Board) -> dict[int, Counts]:
    return {sp.index: count_subproblem(sp) for sp in split(board).subproblems}


def test_a_count_may_reach_the_bound(tmp_path: Path) -> None:
    # One queen on 3 x 2: all 6 squares, exactly the bound C(2, 1) * P(3, 1).
    board = Board(3, height=2, k=1)
    header = shaped_header(board)
    records = counted(board)
    assert sum_counts(records.values()).total == most_solutions(header) == 6
    path = written(tmp_path / "c.db", header, records)
    assert Checkpoint.read(path).done() == records
    assert merge([path]).counts.total == 6


def test_more_fundamental_than_total_is_refused(tmp_path: Path) -> None:
    board = Board(3, height=2, k=1)
    path = written(tmp_path / "c.db", shaped_header(board), {0: Counts(1, 2)})
    with pytest.raises(CheckpointError, match="which cannot be"):
        Checkpoint.read(path).done()


def test_a_merged_total_past_the_bound_is_refused(tmp_path: Path) -> None:
    # Each record within the bound (96 placements of 3 queens on 4 x 4), their sum not.
    board = Board(4, k=3)
    header = shaped_header(board)
    most = most_solutions(header)
    assert most is not None and header.subproblems >= 2
    path = written(
        tmp_path / "c.db", header, dict.fromkeys(range(header.subproblems), Counts(most, 0))
    )
    with pytest.raises(CheckpointError, match=r"add up to .* which cannot be"):
        merge([path])


def test_a_record_one_past_the_last_sub_problem_is_refused(tmp_path: Path) -> None:
    board = Board(3, height=2, k=1)
    header = shaped_header(board)
    path = written(tmp_path / "c.db", header, {header.subproblems: Counts(0, 0)})
    with pytest.raises(CheckpointError, match="damaged: it records sub-problem"):
        Checkpoint.read(path).done()


def test_a_shard_index_equal_to_the_count_is_refused(tmp_path: Path) -> None:
    path = written(tmp_path / "c.db", shaped_header(Board(4, k=3), Shard(1, 2)), {})
    edit_meta(path, "shard_index", "2")
    with pytest.raises(CheckpointError, match="header is inconsistent"):
        merge([path])


def test_more_queens_than_the_shorter_side_is_refused(tmp_path: Path) -> None:
    path = written(tmp_path / "c.db", shaped_header(Board(3, height=5)), {})
    edit_meta(path, "queens", "4")  # fits in 5 rows, not in 3 columns
    with pytest.raises(CheckpointError, match="names 4 queens on 3 x 5, which cannot be"):
        Checkpoint.read(path)


def test_a_board_that_does_not_give_the_split_key_is_refused(tmp_path: Path) -> None:
    path = written(tmp_path / "c.db", shaped_header(Board(4, k=3)), {})
    edit_meta(path, "board", Board.build(4, reserved=[(0, 0)], k=3).text())
    with pytest.raises(CheckpointError, match="does not give its split key"):
        Checkpoint.read(path)


def test_files_of_other_boards_do_not_merge(tmp_path: Path) -> None:
    # Files without a shape (as before shapes came) are held to their split key alone:
    # merging still compares their boards.
    parts = split(Board.empty(6))
    records = {sp.index: count_subproblem(sp) for sp in parts.subproblems}
    paths = []
    for name, text in (("a", Board.empty(6).text()), ("b", "")):
        header = Header(parts.key, len(parts.subproblems), board=text)
        paths.append(written(tmp_path / f"{name}.db", header, records))
    with pytest.raises(CheckpointError, match="belong to different counts"):
        merge(paths)


@pytest.mark.parametrize("key", ["subproblems", "shard_count", "width"])
def test_a_header_number_too_long_is_refused_before_conversion(tmp_path: Path, key: str) -> None:
    # 5,000 digits: int() would refuse it in its own words (a ValueError past 4,300 digits);
    # 21 digits: past any 64-bit value, refused by length all the same (issue 39).
    board = Board(4)
    path = written(tmp_path / "c.db", shaped_header(board), {})
    for digits in (5000, 21):
        edit_meta(path, key, "1" * digits)
        with pytest.raises(CheckpointError, match="damaged: its header is incomplete"):
            Checkpoint.read(path)
