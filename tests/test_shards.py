"""Shards: a deterministic partition of a split."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from queens.board import Board
from queens.counting.shards import WHOLE, Shard
from queens.counting.split import split


@given(subproblems=st.integers(0, 200), count=st.integers(1, 12))
def test_shards_partition_the_indices(subproblems: int, count: int) -> None:
    seen = [i for k in range(count) for i in Shard(k, count).indices(subproblems)]
    assert sorted(seen) == list(range(subproblems))


def test_select_matches_indices_and_is_deterministic() -> None:
    parts = split(Board.empty(9)).subproblems
    for k in range(4):
        shard = Shard(k, 4)
        chosen = [sp.index for sp in shard.select(parts)]
        assert chosen == list(shard.indices(len(parts)))
        assert chosen == [sp.index for sp in shard.select(split(Board.empty(9)).subproblems)]
    assert WHOLE.select(parts) == list(parts)


def test_shard_text_is_one_based() -> None:
    assert str(Shard(1, 3)) == "2/3"
