"""Request checking for the web page: every field, type and size."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from queens.board import Board, no_solution_message, parse_board
from queens.cli.common import no_solution
from queens.rules import Rule
from queens.web import inputs, limits
from strategies import boards

ALGORITHMS = ("backtracking", "bitmask")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)
run_fields = st.dictionaries(
    st.sampled_from(
        ["n", "width", "height", "size", "k", "board", "rule", "algorithm", "speed", "other"]
    ),
    json_values
    | st.sampled_from(["8x6", "6x4", "4", "x", "0x5", "queen", "toroidal", "superqueen"])
    | st.integers(-2, 22),
)


@given(st.one_of(json_values, run_fields))
def test_any_json_is_accepted_or_refused_with_a_message(data: Any) -> None:
    for parse in (
        lambda d: inputs.parse_run_request(d, ALGORITHMS),
        inputs.parse_board_request,
        inputs.parse_count_request,
        inputs.parse_solve_request,
        inputs.parse_control,
    ):
        try:
            parse(data)
        except inputs.InputError as error:
            assert str(error) and error.status in (400, 413)


def test_a_run_request_from_n() -> None:
    wanted = inputs.parse_run_request({"n": 6, "algorithm": "bitmask", "speed": 7}, ALGORITHMS)
    assert (wanted.board, wanted.algorithm, wanted.speed) == (Board.empty(6), "bitmask", 7)
    default = inputs.parse_run_request({"n": 6}, ALGORITHMS)
    assert (default.algorithm, default.speed) == ("backtracking", limits.DEFAULT_SPEED)


def test_a_run_request_from_board_text() -> None:
    text = ". . * .\n. . . .\nQ . . .\n. . . .\r\n"
    assert inputs.parse_run_request({"board": text, "n": 4}, ALGORITHMS).board == parse_board(text)


@pytest.mark.parametrize("n", [limits.MIN_N - 1, limits.STEP_MAX_N + 1, 0, -5])
def test_sizes_outside_the_limits_are_refused(n: int) -> None:
    with pytest.raises(
        inputs.InputError, match=f"N must be between {limits.MIN_N} and {limits.STEP_MAX_N}"
    ):
        inputs.parse_run_request({"n": n}, ALGORITHMS)


def test_counts_have_their_own_limit() -> None:
    assert inputs.parse_count_request({"n": limits.MAX_COUNT_N}).n == limits.MAX_COUNT_N
    with pytest.raises(inputs.InputError, match=str(limits.MAX_COUNT_N)):
        inputs.parse_count_request({"n": limits.MAX_COUNT_N + 1})


def test_long_board_text_is_refused_before_reading() -> None:
    with pytest.raises(inputs.InputError, match="too long") as caught:
        inputs.parse_board_request({"board": "Q" * (limits.MAX_BOARD_TEXT + 1)})
    assert caught.value.status == 413


def test_a_board_wider_than_the_limit_is_refused_on_its_first_line() -> None:
    wide = "." * (limits.STEP_MAX_N + 1) + "\n"
    with pytest.raises(inputs.InputError, match=f"limited to N <= {limits.STEP_MAX_N}") as caught:
        inputs.parse_run_request({"board": wide}, ALGORITHMS)
    assert caught.value.status == 400
    with pytest.raises(inputs.InputError, match=f"limited to N <= {limits.MAX_COUNT_N}"):
        inputs.parse_count_request({"board": "." * (limits.MAX_COUNT_N + 1)})


def test_controls() -> None:
    step = inputs.parse_control({"action": "step", "steps": 3})
    assert (step.action, step.steps, step.speed) == ("step", 3, None)
    play = inputs.parse_control({"action": "play", "speed": limits.MAX_SPEED})
    assert (play.action, play.steps, play.speed) == ("play", 1, limits.MAX_SPEED)
    with pytest.raises(inputs.InputError, match="unknown action"):
        inputs.parse_control({"action": "Play"})


@given(boards(max_n=6))
def test_no_solution_words_are_the_cli_words(board: Board) -> None:
    assert no_solution_message(board) == str(no_solution(board))


def test_a_rectangle_from_each_way_of_giving_its_size() -> None:
    wide = Board(8, height=6, k=5)
    for fields in (
        {"size": "8x6", "k": 5},
        {"width": 8, "height": 6, "k": 5},
        {"size": "8x6", "width": 8, "height": 6, "k": 5},
        {"board": "........\n" * 6, "k": 5},
    ):
        assert inputs.parse_run_request(fields, ALGORITHMS).board == wide
        assert inputs.parse_count_request(fields) == wide
        assert inputs.parse_board_request(fields) == wide
    assert inputs.parse_run_request({"n": 6}, ALGORITHMS).board == Board(6)  # n still works


def test_board_text_of_any_rectangle_is_read() -> None:
    text = ". . * . .\n. . . . .\nQ . . . .\n. . . . .\n"
    assert inputs.parse_board_request({"board": text}) == parse_board(text)
    assert parse_board(text).size == (5, 4)


def test_a_rule_goes_with_every_board_request() -> None:
    for parse in (
        inputs.parse_board_request,
        inputs.parse_count_request,
        inputs.parse_solve_request,
    ):
        assert parse({"n": 7, "rule": "toroidal"}) == Board(7, rule="toroidal")
        assert parse({"size": "6x4", "k": 3, "rule": "superqueen"}) == Board(
            6, height=4, k=3, rule=Rule.SUPERQUEEN
        )
        assert parse({"n": 7}).rule.value == "queen"
    with pytest.raises(inputs.InputError, match="queens trace supports the queen rule only"):
        inputs.parse_run_request({"n": 7, "rule": "superqueen"}, ALGORITHMS)
