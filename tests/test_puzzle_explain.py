"""Explanations replayed step by step: each step sound, each the easiest left, the end the
solution; the difficulty levels."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from puzzle_support import brute_force, is_solution, small_grids
from queens.puzzle.explain import (
    CHAIN_MAX,
    LEVELS,
    NotUnique,
    Step,
    Stuck,
    _scattered,
    apply,
    blocks,
    chains,
    difficulty_name,
    exclusions,
    explain,
    groups,
    large_groups,
    next_step,
    probes,
    singles,
)
from queens.puzzle.generate import generate, unique_grid
from queens.puzzle.grid import Grid, parse_grid
from queens.puzzle.solve import StarState, State, Units, solve


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
    # The cells left in region B lie in column 4: the rest of column 4 is cleared.
    grid = parse_grid("AAAB\nAAAB\nCCDD\nCCDD")
    step = next_step(State.start(grid), hardest=LEVELS["confined"])
    assert step is not None and step.kind == "confined"
    assert step.text.startswith("The cells left in region B lie in column 4: the rest of column 4")
    assert set(step.clear) == {(2, 3), (3, 3)}


def test_a_group_clears_its_lines() -> None:
    # The cells left in regions A, B lie in rows 1, 2: the rest of those rows is cleared.
    grid = parse_grid("AABBC\nABBCC\nDCCCC\nDDEEC\nDDEEE")
    state = State.start(grid)
    step = next(groups(state))  # (a 2 x 2 block is found first: region A's cells lie in one)
    assert step.kind == "group", step
    assert "The cells left in regions A, B lie in rows 1, 2 (two regions, two lines)" in step.text
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
    assert [difficulty_name(level) for level in range(1, 7)] == [
        "easy",
        "easy",
        "medium",
        "hard",
        "hard",
        "expert",
    ]


RULES_TO_CHECK = (groups, large_groups, blocks, exclusions, probes, chains)


def sound_everywhere(grid: Grid, solution: tuple[int, ...]) -> int:
    """At every position of the grid's explanation, every step each rule offers (not only
    the one taken) keeps the solution's cells; how many such steps were checked."""
    truth = set(enumerate(solution))
    state = State.start(grid)
    checked = 0
    for taken in explain(grid).steps:
        for rule in RULES_TO_CHECK:
            for step in rule(state):
                assert not set(step.clear) & truth, f"{step.text}: clears a solution cell"
                assert set(step.clear) <= candidates(state), step.text
                checked += 1
        apply(state, taken)
    return checked


@st.composite
def unique_grids(draw: st.DrawFn) -> Grid:
    """A random grid with exactly one solution: regions grown around a random placement
    and repaired (the generator's first steps), at 5 x 5 to 7 x 7."""
    n = draw(st.integers(5, 7))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    made = unique_grid(n, rng)
    assume(made is not None)
    assert made is not None
    return made[0]


@settings(max_examples=60, deadline=None)
@given(unique_grids())
def test_every_technique_is_sound_on_random_unique_grids(grid: Grid) -> None:
    found = brute_force(grid.rows())
    assert len(found) == 1  # the brute force agrees: one solution
    sound_everywhere(grid, found[0])


@pytest.mark.parametrize("seed", range(4))
def test_every_technique_is_sound_on_generated_grids(seed: int) -> None:
    grid = generate(9, seed)
    verdict = solve(grid)
    assert verdict.unique and verdict.solution is not None
    assert sound_everywhere(grid, verdict.solution) > 0


def test_the_smallest_group_first_and_neighbouring_lines_first() -> None:
    # Regions A, B, C lie within rows 1-3 and regions D, E within rows 4, 5: two regions
    # before three.
    grid = parse_grid(
        "AABBCCCC\nABBBCCCC\nAAABCCCC\nDDEEHHHH\nDEEDHHHH\nFFFFGGGG\nFFFFGGGG\nFFFFGGGG"
    )
    state = State.start(grid)
    step = next(groups(state))
    assert "The cells left in regions D, E lie in rows 4, 5" in step.text, step.text


def test_scattered_lines_come_after_neighbouring_ones() -> None:
    assert not _scattered(0b0110) and _scattered(0b0101) and not _scattered(0b1)


def test_a_block_clears_the_rest_of_its_2x2_block() -> None:
    # Region A (2 cells, rows 1-2, column 1) lies within the block rows 1-2, columns 1-2.
    grid = parse_grid("ABBBB\nACCCC\nDDDDD\nEEEEE\nDDDDD")
    step = next(blocks(State.start(grid)))
    assert "2 x 2 block at rows 1-2, columns 1-2" in step.text and "at most one queen" in step.text
    assert set(step.clear) == {(0, 1), (1, 1)}


def test_the_wording() -> None:
    state = State.start(parse_grid("AAAB\nCAAB\nCCDB\nCCDD"))
    state.place(0, 1)
    step = next(singles(state))
    region = step.text.split(" has one cell left")[0]
    if region.startswith("Region"):
        assert f"({region.lower()})" not in step.text
    named = [s.text for s in explain(parse_grid("AAAB\nCAAB\nCCDB\nCCDD")).steps]
    # (row 3 within three cells in a line clears row 2, column 2 first: a level-3 step)
    assert "Region A has one cell left: a queen at row 1, column 2, which clears 2 cells" in named
    found = [s for s in explain(generate(8, 3, "hard")).steps if s.kind == "exclusion"]
    for s in found:
        assert ";" not in s.text
        if len(s.clear) > 1:
            assert " or at row " in s.text


def test_a_probe_is_the_chain_two_steps_long() -> None:
    for seed in range(40):
        for step in explain(generate(8, seed, "hard")).steps:
            if step.kind == "probe":
                assert re.fullmatch(
                    r"A queen at row \d+, column \d+ would leave (row|column|region) \w+ with "
                    r"one cell, row \d+, column \d+, and a queen there would leave "
                    r"(row|column|region) \w+ with no cell \(1 cleared\)",
                    step.text,
                ), step.text
                return
    pytest.skip("no probe step in the 40 hard 8 x 8 grids tried")


def test_a_chain_follows_forced_queens_to_an_empty_unit() -> None:
    """Offered wherever one exists (not only when taken): the chain, a link a queen, and
    the cell cleared is not in the solution."""
    link = r"(row|column|region) \w+ with one cell, row \d+, column \d+"
    for seed in range(30, 60):
        grid = generate(8, seed, "hard")
        state = State.start(grid)
        for taken in explain(grid).steps:
            for step in chains(state):
                if len(step.focus) < 3:
                    continue  # a chain of one forced queen is a probe's
                assert re.fullmatch(
                    rf"A queen at row \d+, column \d+ would leave {link}"
                    rf"(; a queen there would leave {link})+; and a queen there would leave "
                    r"(row|column|region) \w+ with no cell \(1 cleared\)",
                    step.text,
                ), step.text
                assert len(step.focus) <= CHAIN_MAX + 1 and len(step.clear) == 1
                return
            apply(state, taken)
    pytest.skip("no chain of two forced queens in the 30 hard 8 x 8 grids tried")


# -- one explainer for every K: the K-star entry points take one star too (issue 40) ----


@pytest.mark.parametrize("seed", range(3))
def test_the_entry_points_of_every_k_agree_for_one_star(seed: int) -> None:
    from queens.puzzle.explain import grade, replay, steps

    grid = generate(8, seed, "medium")
    explanation = explain(grid)
    assert explanation.rows == tuple((column,) for column in explanation.solution or ())
    assert list(steps(grid, 1)) == explanation.steps
    assert replay(grid, 1, explanation.steps) == explanation.rows
    assert grade(grid, 1) == explanation.difficulty == "medium"
    assert explain(grid, stars=1).steps == explanation.steps


def test_without_splits_a_one_star_case_split_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    # Generated grids need no case split: with the singles as the only other rule, one does.
    from queens.puzzle import explain as explainer

    grid = generate(8, 0, "medium")
    monkeypatch.setattr(explainer, "RULES", ((1, singles), (6, explainer.splits)))
    assert explain(grid).level == LEVELS["split"]
    with pytest.raises(explainer.NeedsSplit):
        explain(grid, splits=False)
    with pytest.raises(explainer.NeedsSplit):
        list(explainer.steps(grid, 1, splits=False))


# -- full units and groups are written once: one star's State and the K-star state agree --


def _both_states(grid: Grid, rnd: random.Random, marks: int) -> tuple[State, StarState]:
    """One star's ``State`` and the K-star state at one star after the same random marks
    (queens on open cells, crosses)."""
    state = State.start(grid)
    star = StarState.start(Units(grid), 1)
    n = grid.n
    for _ in range(marks):
        open_cells = sorted(candidates(state))
        if not open_cells:
            break
        row, col = rnd.choice(open_cells)
        if rnd.random() < 0.3:
            state.place(row, col)
            star.place(row * n + col)
        else:
            state.exclude(row, col)
            star.cand &= ~(1 << (row * n + col))
    return state, star


@settings(max_examples=60, deadline=None)
@given(unique_grids(), st.randoms(use_true_random=False), st.integers(0, 12))
def test_full_units_and_groups_read_both_states_alike(
    grid: Grid, rnd: random.Random, marks: int
) -> None:
    # The bitmask fast path (``_open_cells`` of a State) against the K-star state's masks.
    from queens.puzzle import explain as explainer

    state, star = _both_states(grid, rnd, marks)
    fast, plain = explainer._open_cells(state), explainer._open_cells(star)
    assert (fast.free, fast.need) == (plain.free, plain.need)
    units, n = fast.units, grid.n
    for size in range(1, 4):
        found = [
            [(g.chosen, g.lines, g.outside) for g in explainer._groups_in(view, size, covers)]
            for view in (fast, plain)
            for covers in [explainer._covers(view, explainer._kinds(n))]
        ]
        assert found[0] == found[1]
    order = range(3 * n)
    full = []
    for need_of, free_of in (
        (fast.need.__getitem__, fast.free.__getitem__),
        (star.need, star.free),
    ):
        try:
            full.append(explainer._full_unit(units, order, need_of, free_of))
        except Stuck as error:
            full.append(str(error))
    assert full[0] == full[1]
