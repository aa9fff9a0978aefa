"""Stop flags through the puzzle's engines (issue 40): the explainer, the solver and the
play service end at a set flag (``kernel.Stopped``), looked at between the steps and inside
the techniques' loops, and leave no flag behind for the thread's next call; the generator
hands its flag to the grading of a difficulty."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens.engines.counting.kernel import StopFlag, Stopped
from queens.puzzle import explain as explainer
from queens.puzzle import generate as maker
from queens.puzzle import play
from queens.puzzle.explain import DIFFICULTIES, explain, grade, next_step
from queens.puzzle.grid import Grid, parse_grid
from queens.puzzle.solve import Rows, StarState, Units, search, solve, star_search
from queens.puzzle.solve import given_state as one_star_state

TWO_STARS = parse_grid(
    "\n".join(
        ["AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
         "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH"]
    )
)  # fmt: skip
ONE_STAR = parse_grid("\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))


class CountedStop(StopFlag):
    """A stop flag that is set at its ``at``-th look: where the looks are, not when."""

    def __init__(self, at: int) -> None:
        super().__init__()
        self.at = at
        self.looks = 0

    def is_set(self) -> bool:
        self.looks += 1
        if self.looks >= self.at:
            self.set()
        return super().is_set()


def looks_of(grid: Grid, stars: int) -> tuple[int, int]:
    """The looks at its flag a whole explanation takes, and its steps."""
    never = CountedStop(10**9)
    steps = len(explain(grid, stars, stop=never).steps)
    return never.looks, steps


@pytest.mark.parametrize(("grid", "stars"), [(TWO_STARS, 2), (ONE_STAR, 1)], ids=["2", "1"])
def test_an_explanation_ends_at_the_look_that_sees_its_flag_set(grid: Grid, stars: int) -> None:
    looks, steps = looks_of(grid, stars)
    assert looks > 2 * steps  # looked at inside the steps' techniques, not only between
    for at in (1, looks // 2, looks):
        flag = CountedStop(at)
        with pytest.raises(Stopped):
            explain(grid, stars, stop=flag)
        assert flag.looks == at  # nothing more done once it was seen set
    assert explain(grid, stars).rows == solve(grid, stars).rows  # no flag left behind


ROWS_14 = parse_grid("\n".join("ABCDEFGHIJKLMN"[r] * 14 for r in range(14)))
"""A grid whose regions are its rows: many solutions, long searches."""


@pytest.mark.parametrize("stars", [1, 3])
def test_a_search_ends_at_the_node_that_sees_its_flag_set(stars: int) -> None:
    """The searches in Python look at their flag at each node, not only at solutions."""
    flag = CountedStop(200)
    with pytest.raises(Stopped):
        if stars == 1:
            list(search(one_star_state(ROWS_14, [], []), flag))
        else:
            list(star_search(StarState.start(Units(ROWS_14), stars), flag))
    assert flag.looks == 200


def test_a_case_split_s_search_is_handed_the_running_flag(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The explainer's case split refutes a star by a search when the solution is unknown
    (on a grid of many solutions it takes minutes): the search gets the step's flag."""
    handed: list[StopFlag | None] = []
    real = explainer.star_search

    def recorded(state: StarState, stop: StopFlag | None = None) -> Iterator[Rows]:
        handed.append(stop)
        return real(state, stop)

    monkeypatch.setattr(explainer, "star_search", recorded)
    flag = CountedStop(100)
    token = explainer._stop.set(flag)
    try:
        with pytest.raises(Stopped):  # at its 100th node: the search alone takes 20 s
            explainer._off_solution(StarState.start(Units(ROWS_14), 3), 1)  # cell 0
    finally:
        explainer._stop.reset(token)
    assert handed == [flag] and flag.looks == 100


def test_a_step_ends_at_its_flag_and_the_next_call_runs_without_it() -> None:
    state = StarState.start(Units(TWO_STARS), 2)
    set_flag = StopFlag()
    set_flag.set()
    with pytest.raises(Stopped):
        next_step(state, stop=set_flag)
    assert next_step(state) is not None  # the flag was this call's only


def test_grading_stops_at_its_flag() -> None:
    with pytest.raises(Stopped):
        grade(TWO_STARS, 2, CountedStop(5))
    assert grade(TWO_STARS, 2) == "medium"


@pytest.mark.parametrize("stars", [1, 2])
def test_solve_check_and_hint_stop_at_a_set_flag(stars: int) -> None:
    grid = TWO_STARS if stars == 2 else ONE_STAR
    set_flag = StopFlag()
    set_flag.set()
    with pytest.raises(Stopped):
        solve(grid, stars, set_flag)
    with pytest.raises(Stopped):
        play.check(grid, [], [], stars, set_flag)
    with pytest.raises(Stopped):
        play.hint(grid, [], [], stars, set_flag)
    assert play.hint(grid, [], [], stars)["text"]  # and answer without one


def test_a_difficulty_s_grading_is_handed_the_generator_s_flag(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    handed: list[StopFlag | None] = []

    def explained(*args: object, stop: StopFlag | None = None, **_: object) -> None:
        handed.append(stop)
        raise Stopped

    monkeypatch.setattr(maker, "explain", explained)
    flag = StopFlag()
    with pytest.raises(Stopped):
        maker.generate(8, 3, "easy", stars=2, stop=flag)
    assert handed == [flag]


@pytest.mark.slow  # 20 grids generated and explained whole: about 10 s
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), difficulty=st.sampled_from(DIFFICULTIES))
def test_the_generator_s_quick_grading_agrees_with_grade(seed: int, difficulty: str) -> None:
    """The generator's grading stops at the first step past the difficulty: the same
    verdict as the whole explanation's (the plain reference)."""
    grid = maker.generate(8, seed, stars=2)
    assert maker._graded_as(grid, 2, difficulty) == (grade(grid, 2) == difficulty)
