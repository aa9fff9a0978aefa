"""The time estimate: grows with the board, shrinks with workers, reads well."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings

from queens.board import Board
from queens.counting import estimate
from queens.engines.counting import kernel
from strategies import boards


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


@settings(max_examples=80, deadline=None)
@given(boards(max_n=8))
def test_choice_rows_are_the_rows_whose_mask_has_a_choice(board: Board) -> None:
    masks = board.allowed_masks()
    assert estimate.choice_rows(board) == sum(1 for m in masks if m & (m - 1))


def test_check_refuses_long_counts_with_the_estimate() -> None:
    with pytest.raises(estimate.CountTooLong) as refused:
        estimate.check(Board.empty(23), 2)
    error = refused.value
    assert error.seconds == estimate.seconds(Board.empty(23), 2) > estimate.REFUSE_SECONDS
    assert error.workers == 2 and "on 2 workers" in str(error) and "force=True" in str(error)
    assert estimate.check(Board.empty(23), 2, force=True) == error.seconds
    assert estimate.check(Board.empty(12), 2) < 1


def test_check_refuses_boards_too_big_to_count_even_forced() -> None:
    limit = estimate.COUNT_MAX_N
    with pytest.raises(ValueError, match=f"N <= {limit}"):
        estimate.check(Board.empty(limit + 1), force=True)
    with pytest.raises(estimate.CountTooLong, match="age of the universe"):
        estimate.check(Board.empty(limit))


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (5000, "about 83.3 min"),
        (4 * 3600, "about 4.0 h"),
        (10 * 86400, "about 10 days"),
        (3e7 * 50, "about 48 years"),
        (math.inf, "far longer than the age of the universe"),
    ],
)
def test_estimates_read_well(seconds: float, words: str) -> None:
    assert estimate.describe(seconds) == words


def test_the_command_line_refuses_by_the_same_check(capsys: pytest.CaptureFixture[str]) -> None:
    from queens.cli import main

    assert main(["count", str(estimate.COUNT_MAX_N + 1), "--force"]) == 2
    err = capsys.readouterr().err
    limit = estimate.COUNT_MAX_N
    assert (
        err
        == f"queens: error: counting is limited to boards of N <= {limit}, got N = {limit + 1}\n"
    )
    assert main(["count", "30", "--workers", "3"]) == 2
    expected = estimate.CountTooLong(estimate.seconds(Board.empty(30), 3), 3).reason
    assert capsys.readouterr().err == f"queens: error: {expected}; add --force to run it anyway\n"


def test_shapes_are_estimated_from_their_own_search_tree() -> None:
    # Fewer queens on the same board: a bigger tree (empty rows), so a longer estimate;
    # the transposed board is the same count, so the same estimate.
    full, five = estimate.core_seconds(Board(10)), estimate.core_seconds(Board(10, k=7))
    assert five > full
    tall = estimate.core_seconds(Board(8, height=12))
    assert tall == estimate.core_seconds(Board(12, height=8))
    assert estimate.core_seconds(Board(12, height=16)) < estimate.core_seconds(Board(14, k=10))
    with pytest.raises(estimate.CountTooLong):
        estimate.check(Board(24, k=20), 2)


def test_the_portable_search_costs_what_the_plan_says() -> None:
    # The estimate's constant for the portable vector search (the best on ARM) is AVX2's
    # times the plan's measured ratio, so the two models agree.
    from queens.counting import plan

    generic = estimate.SIMD_CORE_SECONDS_16["generic vector"]
    avx2 = estimate.SIMD_CORE_SECONDS_16["AVX2"]
    assert generic == pytest.approx(avx2 * plan.GENERIC_COST, rel=0.01)
    assert set(estimate.SIMD_CORE_SECONDS_16) == set(kernel.SIMD_NAMES.values())
