"""Explanations replayed step by step: each step sound, each the easiest left, the end the
solution; the difficulty levels."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from puzzle_support import brute_force, is_solution, small_grids
from queens.puzzle.explain import (
    LEVELS,
    NotUnique,
    Step,
    Stuck,
    apply,
    difficulty_name,
    explain,
    next_step,
)
from queens.puzzle.grid import Grid, parse_grid
from queens.puzzle.maker import generate
from queens.puzzle.solve import State


def candidates(state: State) -> set[tuple[int, int]]:
    n = state.grid.n
    return {(r, c) for r in range(n) for c in range(n) if state.cand[r] >> c & 1}


def replay(grid: Grid, steps: list[Step], solution: tuple[int, ...]) -> None:
    """Every step changes something and removes nothing the solution needs; the steps end
    with the solution's queens placed."""
    truth = set(enumerate(solution))
    state = State.start(grid)
    for step in steps:
        before = candidates(state)
        assert step.place or step.clear, step
        assert set(step.place) <= truth, f"{step.text}: a queen off the solution"
        assert set(step.place) <= before
        assert set(step.clear) <= before, f"{step.text}: clears a cell already gone"
        assert not set(step.clear) & truth, f"{step.text}: clears a cell of the solution"
        apply(state, step)
        assert candidates(state) == before - set(step.place) - set(step.clear)
    assert tuple(state.queen) == solution


@settings(max_examples=300, deadline=None)
@given(small_grids(4, 6))
def test_replayed_on_small_grids(grid: Grid) -> None:
    expected = brute_force(grid.rows())
    if len(expected) == 1:
        explanation = explain(grid)
        assert explanation.solution == expected[0]
        replay(grid, explanation.steps, expected[0])
    elif not expected:
        with pytest.raises(Stuck):
            explain(grid)
    else:
        with pytest.raises(NotUnique):
            explain(grid)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("n", [7, 9])
def test_replayed_on_generated_grids(n: int, seed: int) -> None:
    grid = generate(n, seed)
    explanation = explain(grid)
    assert explanation.solution is not None
    assert is_solution(grid.rows(), explanation.solution)
    replay(grid, explanation.steps, explanation.solution)
    assert explanation.level < LEVELS["split"]  # generated grids need no guessing


def test_each_step_is_the_easiest_left() -> None:
    grid = generate(8, 2, "hard")
    state = State.start(grid)
    for step in explain(grid).steps:
        for easier in range(1, step.level):
            assert next_step(state, hardest=easier) is None, step.text
        apply(state, step)


def test_the_kinds_of_steps_and_their_reasons() -> None:
    grid = parse_grid("AAAB\nCAAB\nCCDB\nCCDD")
    steps = explain(grid).steps
    assert steps and all(step.text for step in steps)
    # One cell left in region D's... whatever comes first is a single or a confinement.
    assert steps[0].kind in LEVELS
    single = next(step for step in steps if step.kind == "single")
    assert "has one cell left" in single.text and len(single.place) == 1


def test_a_confined_region_clears_its_line() -> None:
    # Region B lies within column 4: the rest of column 4 is cleared.
    grid = parse_grid("AAAB\nAAAB\nCCDD\nCCDD")
    step = next_step(State.start(grid), hardest=LEVELS["confined"])
    assert step is not None and step.kind == "confined"
    assert "Region B lies within column 4" in step.text
    assert set(step.clear) == {(2, 3), (3, 3)}


def test_a_group_clears_its_lines() -> None:
    # Regions A and B lie within rows 1 and 2: the rest of those rows is cleared.
    grid = parse_grid("AABBC\nABBCC\nDCCCC\nDDEEC\nDDEEE")
    state = State.start(grid)
    step = next_step(state, hardest=LEVELS["group"])
    assert step is not None and step.kind == "group", step
    assert "Regions A, B lie within rows 1, 2" in step.text
    assert set(step.clear) == {(0, 4), (1, 3), (1, 4)}


def test_an_exclusion_names_the_emptied_unit() -> None:
    grid = parse_grid("ABBB\nBBBB\nBBCC\nBDDC")
    state = State.start(grid)
    step = next(s for s in _steps_of(state) if s.kind == "exclusion")
    assert "would leave" in step.text


def _steps_of(state: State) -> list[Step]:
    from queens.puzzle.explain import exclusions

    return list(exclusions(state))


def test_difficulty_names() -> None:
    assert [difficulty_name(level) for level in range(1, 6)] == [
        "easy",
        "easy",
        "medium",
        "hard",
        "expert",
    ]
