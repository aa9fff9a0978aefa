"""The time estimate: grows with the board, shrinks with workers, reads well."""

from __future__ import annotations

from queens.board import Board
from queens.counting import estimate


def test_grows_with_n_and_shrinks_with_workers() -> None:
    times = [estimate.core_seconds(Board.empty(n)) for n in range(8, 25)]
    assert times == sorted(times)
    assert estimate.seconds(Board.empty(18), 2) == estimate.core_seconds(Board.empty(18)) / 2


def test_long_counts_are_recognised() -> None:
    assert estimate.seconds(Board.empty(12), 2) < 1
    assert estimate.seconds(Board.empty(23), 2) > 3600


def test_fixed_queens_shorten_the_estimate() -> None:
    plain = Board.empty(20)
    pinned = Board.build(20, queens=[(r, (2 * r) % 20) for r in range(8)])
    assert estimate.core_seconds(pinned) < estimate.core_seconds(plain)


def test_huge_boards_do_not_overflow() -> None:
    assert estimate.core_seconds(Board.empty(400)) == float("inf")
