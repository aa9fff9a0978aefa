"""The K-star explanations: every rule checked against the solver's solutions (a rule never
clears a cell some solution has a star on, nor places a star some solution lacks), the
steps replay to the solution, and the difficulty is graded from them."""

from __future__ import annotations

import json
import os
import random
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from queens.puzzle import explain as explainer
from queens.puzzle import solve as stars
from queens.puzzle.explain import (
    LEVELS,
    NotUnique,
    Step,
    Stuck,
    explain,
    given_state,
    grade,
    next_step,
    replay,
    steps,
)
from queens.puzzle.generate import generate, random_placement
from queens.puzzle.generate import grow_star_regions as grow_regions
from queens.puzzle.grid import Grid, parse_grid

SOLUTIONS_CHECKED = 300
"""Solutions of a grid with several checked against each step (a sound step agrees with
all of them, so with any subset)."""


def _star_cells(rows: stars.Rows) -> set[tuple[int, int]]:
    return {(r, c) for r, columns in enumerate(rows) for c in columns}


def _agrees(step: Step, solutions: list[set[tuple[int, int]]]) -> None:
    for solution in solutions:
        assert set(step.place) <= solution, step.text
        assert not set(step.clear) & solution, step.text


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_no_step_contradicts_the_solution_of_a_generated_grid(seed: int) -> None:
    grid = generate(8, seed, stars=2)
    (truth,) = list(stars.solutions(grid, 2))
    explanation = explain(grid, 2)
    assert explanation.rows == truth
    for step in explanation.steps:
        assert step.kind in LEVELS and step.text
        _agrees(step, [_star_cells(truth)])
    assert replay(grid, 2, explanation.steps) == truth


@pytest.mark.slow  # 2-6 s in the fast suite, which must stay under 3 minutes
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([8, 9]))
def test_no_step_contradicts_any_solution_of_a_grid_with_several(seed: int, n: int) -> None:
    """Grids grown around a random placement (so they have a solution) without being made
    unique: each step up to where the rules stop is checked against their solutions."""
    rng = random.Random(seed)
    cells = grow_regions(n, 2, random_placement(n, 2, rng), rng)
    if cells is None:
        return
    grid = Grid.from_regions([cells[r * n : (r + 1) * n] for r in range(n)])
    solutions = [_star_cells(rows) for rows in islice(stars.solutions(grid, 2), SOLUTIONS_CHECKED)]
    assert solutions
    try:
        for step in steps(grid, 2):
            _agrees(step, solutions)
            if step.kind == "split":
                break  # a search's verdict; the rules before it are the ones checked here
    except NotUnique:
        assert len(solutions) > 1


# 10 x 10 in the slow step: an explanation there can take seconds of search.
@pytest.mark.parametrize(
    ("n", "seed"),
    [(8, 0), (8, 1), (8, 2), *(pytest.param(10, s, marks=pytest.mark.slow) for s in range(3))],
)
def test_cli_json_steps_replay_to_the_solution(
    n: int, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from queens.cli import main

    grid = generate(n, seed, stars=2)
    path = tmp_path / "grid.txt"
    path.write_text(str(grid) + "\n")
    assert main(["puzzle", "explain", "--stars", "2", "--json", str(path)]) == 0
    record = json.loads(capsys.readouterr().out)
    found = [
        Step(
            s["kind"],
            s["text"],
            tuple((r, c) for r, c in s["place"]),
            tuple((r, c) for r, c in s["clear"]),
        )
        for s in record["steps"]
    ]
    assert [list(r) for r in replay(grid, 2, found)] == record["rows"]
    assert record["level"] == max(s["level"] for s in record["steps"])
    assert record["difficulty"] == grade(grid, 2)


def test_the_player_rules_solve_most_generated_grids_without_a_case_split() -> None:
    """Golden numbers: of the 8 x 8 2-star grids of seeds 0-9 none needs a case split (the
    one-unit rules alone needed one on some), and the rules each appear."""
    kinds: set[str] = set()
    for seed in range(10):
        explanation = explain(generate(8, seed, stars=2), 2)
        kinds |= {step.kind for step in explanation.steps}
        assert explanation.level < LEVELS["split"], seed
    assert {"full", "group", "pattern"} <= kinds


def test_pattern_step_places_the_star_every_way_shares() -> None:
    """Row 1 of a 7-wide grid with open cells in columns 1, 3 and 5 (1-based) takes its two
    stars as 1+3, 1+5 or 3+5... and with only columns 1, 2, 3 open it must take 1 and 3."""
    grid = Grid.from_regions([[r] * 8 for r in range(8)])
    state = given_state(grid, 2, [], [(0, c) for c in range(3, 8)])
    step = next_step(state)
    assert step is not None and step.kind == "pattern"
    assert step.place == ((0, 0), (0, 2)) and (0, 1) in step.clear
    assert "has one way left for its 2 stars" in step.text


# A generated 2-star grid whose explanation takes a chain step (kept as text: generated
# grids depend on the generator and the engine).
CHAINED = """
AABBBCCC
DAABBCCC
DAABBECE
DDDBEEEE
DDDBFEFE
GDGFFFFF
GGGHFHHF
GGHHHHHH
""".strip()


def test_chain_steps_read_as_chains() -> None:
    found = {step.kind: step.text for step in explain(parse_grid(CHAINED), 2).steps}
    assert found["chain"].startswith("A star at row ")
    assert "would lead to: " in found["chain"] and "which leaves" in found["chain"]


def test_a_known_solution_changes_no_step() -> None:
    # explain passes the solution it found so that the searches for a chain or a case
    # split pass its cells by: a star there can lead to no contradiction.
    grid = parse_grid(CHAINED)
    (solution,) = stars.solutions(grid, 2)
    found = list(steps(grid, 2, solution))
    assert found == list(steps(grid, 2)) and "chain" in {step.kind for step in found}


# A generated 2-star grid whose explanation needs long chains, or case splits without them
# (kept as text, as CHAINED).
SPLIT = """
ABBBCCCDD
AAABCCCDD
AABBBBBDD
AAAEEEBDF
AAEEEFFDF
GGGEEFFFF
GGGEEEHHF
GGGIHHHHF
IIIIIHHHH
""".strip()


def test_a_known_solution_settles_case_splits_as_the_search_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With the only solution known, a case split needs no search: a star off it leads to
    # no solution.  The steps must be those the search finds without it.  (Long chains
    # and suppositions left out, the grid needs case splits.)
    monkeypatch.setattr(explainer, "LONG_CHAIN_MAX", explainer.STAR_CHAIN_MAX)
    monkeypatch.setattr(explainer, "STAR_SUPPOSE_MAX", -1)
    grid = parse_grid(SPLIT)
    explanation = explain(grid, 2)
    assert "split" in {step.kind for step in explanation.steps}
    assert explanation.steps == list(steps(grid, 2))
    with pytest.raises(explainer.NeedsSplit):
        explain(grid, 2, splits=False)


SPLIT_TREE = (
    "Case split on region C: (1) a star at row 2, column 5: then column 4 can take its 2 stars"
    " left in 4 ways (none touching, a 2 x 2 block holds one); each rules out row 5, column 3;"
    " row 5, column 5; row 8, column 5; row 9, column 3: cleared; then column 5 has 1 open cell"
    " for a star: placed at row 6, column 5; then row 5 can take its 2 stars left in 4 ways"
    " (none touching, a 2 x 2 block holds one); each rules out row 4, column 1; row 4, column"
    " 2; row 4, column 8; row 6, column 1; row 6, column 8; row 6, column 9: cleared; then row"
    " 4 has one way left for its 2 stars (none touching, a 2 x 2 block holds one): placed at"
    " row 4, column 4; row 4, column 7; which leaves column 6 no way to place them in its 2"
    " open cells for its 2 stars left; (2) a star at row 2, column 7 leaves no solution (a"
    " search finds none). So row 2, column 5 and row 2, column 7 hold no star"
)
"""SPLIT's one case split with the long chains and suppositions left out (issue 41): a
tree as one star's, each branch the steps to a unit with no way, or past
``SPLIT_BRANCH_MAX`` the search's word."""


def _split_steps(monkeypatch: pytest.MonkeyPatch) -> list[Step]:
    monkeypatch.setattr(explainer, "LONG_CHAIN_MAX", explainer.STAR_CHAIN_MAX)
    monkeypatch.setattr(explainer, "STAR_SUPPOSE_MAX", -1)
    return [step for step in explain(parse_grid(SPLIT), 2).steps if step.kind == "split"]


def test_a_k_star_case_split_is_a_short_tree_as_one_stars(monkeypatch: pytest.MonkeyPatch) -> None:
    (split,) = _split_steps(monkeypatch)
    assert split.text == SPLIT_TREE
    assert split.to_json() == {
        "kind": "split", "level": 6, "text": SPLIT_TREE, "place": [],
        "clear": [[1, 4], [1, 6]], "focus": [[0, 4], [0, 6], [1, 4], [1, 6]],
    }  # fmt: skip


def test_a_k_star_branch_splits_again_where_its_steps_stop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With room for 80 stars and steps, branch (2) is shown too: its steps stop, so it
    # splits on its smallest unit, each cell of it a branch ending with no way.
    monkeypatch.setattr(explainer, "SPLIT_BRANCH_MAX", 80)
    (split,) = _split_steps(monkeypatch)
    assert "(a search finds none)" not in split.text
    second = split.text[split.text.index("; (2) a star at row 2, column 7: ") :]
    assert "case split on " in second and "(2.1) a star at " in second
    assert second.count("which leaves") >= second.count("case split on ") + 1
    (solution,) = stars.solutions(parse_grid(SPLIT), 2)
    assert not set(split.clear) & _star_cells(solution)


SPLIT_14 = """
AAABBBBBCCCCCC
AAABBBBBDDCCEE
ABBBBFBDDDCDDE
AAFFFFFDDDDDEE
ADDDDDDDGDEEEE
DDDHHHHGGDDDEE
DIIIHHHHGGJDDE
DDIIIHHGGJJJJK
DIIILLHGGJJJKK
DIIILLLLJJKKKK
DLLLLLLLLJKKKK
DDLLLMMNNJKKKK
DDDDMMMNNJNNNK
DDDMMMMMNNNNNN
"""


@pytest.mark.slow
def test_a_made_3_star_grid_splits_once_on_a_units_cells() -> None:
    # This 3-star grid (once the daily of 2027-02-22, replaced because no shipped daily
    # needs a case split) needs two: each takes the cells of its smallest unit a star
    # there leads to no solution, in one step.  Their branches are past the short tree's
    # bound, so they say the search's word.
    grid = parse_grid(SPLIT_14.strip())
    found = [step for step in explain(grid, 3).steps if step.kind == "split"]
    assert [step.text for step in found] == [
        "Case split on region A: (1) a star at row 1, column 1 leaves no solution (a search"
        " finds none). So row 1, column 1 holds no star",
        "Case split on row 5: (1) a star at row 5, column 11 leaves no solution (a search finds"
        " none); (2) a star at row 5, column 12 leaves no solution (a search finds none). So row"
        " 5, column 11 and row 5, column 12 hold no star",
    ]
    assert [step.focus for step in found] == [((0, 0), (0, 1)), ((4, 10), (4, 11), (4, 12))]


def test_know_solution_takes_only_a_solution_the_position_agrees_with() -> None:
    grid = parse_grid(CHAINED)
    (solution,) = stars.solutions(grid, 2)
    on = (0, solution[0][0])
    off = (0, next(c for c in range(8) if c not in solution[0]))
    assert explainer.know_solution(given_state(grid, 2, [on], [off]), solution)
    assert not explainer.know_solution(given_state(grid, 2, [off], []), solution)
    assert not explainer.know_solution(given_state(grid, 2, [], [on]), solution)


def test_long_chains_take_the_place_of_case_splits() -> None:
    explanation = explain(parse_grid(SPLIT), 2)
    kinds = {step.kind for step in explanation.steps}
    assert "split" not in kinds and explanation.difficulty == "expert"
    long = [step for step in explanation.steps if step.kind == "chain" and step.level == 6]
    assert long and all(step.text.count("; then ") >= explainer.STAR_CHAIN_MAX for step in long)


def _random_position(seed: int) -> explainer.StarState:
    """A position of a random 2- or 3-star grid: stars placed where they still may go and
    cells crossed out at random."""
    rng = random.Random(seed)
    n, k = rng.choice([(6, 1), (7, 2), (8, 2), (9, 2), (10, 3)])
    cells = list(range(n)) + [rng.randrange(n) for _ in range(n * n - n)]  # no region empty
    rng.shuffle(cells)
    grid = Grid.from_regions([cells[r * n : (r + 1) * n] for r in range(n)])
    state = explainer.StarState.start(stars.Units(grid), k)
    for _ in range(rng.randrange(n * k)):
        open_cells = list(stars.bit_indexes(state.cand))
        if not open_cells:
            break
        state.place(rng.choice(open_cells))
    for index in rng.sample(range(n * n), rng.randrange(n * n // 3)):
        state.cand &= ~(1 << index)
    return state


@pytest.mark.skipif(
    not explainer.counting_kernel.compiled() and os.environ.get("CI") != "true",
    reason="the compiled kernel is not built (pure-Python fallback in use)",
)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_kernel_ways_equal_the_listed_ways(seed: int) -> None:
    """The kernel's ``star_ways`` against the plain listing of every way, on random
    positions: the count, the cells in every way, the cells every way rules out, and
    whether there is a way at all."""
    state = _random_position(seed)
    for unit in range(3 * state.units.n):
        if not state.need(unit):
            continue
        assert explainer._kernel_ways(state, unit, first_only=False) == explainer._listed_ways(
            state, unit
        )
        exists = next(explainer._ways(state, unit), None) is not None
        found = explainer._kernel_ways(state, unit, first_only=True)
        assert found == ((1, 0, 0) if exists else (0, 0, 0))


def test_given_state_refuses_touching_stars() -> None:
    grid = Grid.from_regions([[r] * 8 for r in range(8)])
    with pytest.raises(Stuck):
        given_state(grid, 2, [(0, 0), (1, 1)], [])


def test_grade_is_none_without_one_solution() -> None:
    assert grade(Grid.from_regions([[r] * 8 for r in range(8)]), 2) is None


def test_the_ways_cache_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the kernel, an explanation reads the ways of units whose surroundings did
    not change from the cache (kept by the cells that decide them): the same steps as
    with the cache emptied before every entry, and as with the kernel."""
    grid = parse_grid(CHAINED)
    with_kernel = explain(grid, 2).steps
    monkeypatch.setattr(explainer.counting_kernel, "star_ways", lambda *args: None)
    assert explain(grid, 2).steps == with_kernel
    monkeypatch.setattr(explainer, "CACHE_MAX", 0)  # emptied before every entry
    assert explain(grid, 2).steps == with_kernel


# -- the sentences: K stars speak as one star does (issue 40) ---------------------------

DOC_GRID = "AAABBCCC AABBCCCC AAABBCCD EABBBDDD EEFFGHDD EFFFGHHH EFFGGHHH EFFFGHHH"


def test_every_sentence_starts_with_a_capital() -> None:
    # CHAINED's steps take full units, groups, ways of a unit and chains.
    found = explain(parse_grid(CHAINED), 2).steps
    assert {"full", "group", "pattern", "chain"} <= {step.kind for step in found}
    assert all(step.text[0].isupper() for step in found), [s.text for s in found]


def test_a_unit_with_one_star_left_says_its_star() -> None:
    # Row 1 holds a star at column 1 and has columns 4 and 5 open for its last star.
    grid = Grid.from_regions([[r] * 8 for r in range(8)])
    state = given_state(grid, 2, [(0, 0)], [(0, c) for c in (2, 5, 6, 7)])
    step = next_step(state)
    assert step is not None and step.kind == "pattern"
    assert step.text.startswith("Row 1 can take its star left in 2 ways"), step.text
    assert "its a star" not in step.text


def test_runs_of_lines_read_as_a_range() -> None:
    (first, *_) = explain(parse_grid(DOC_GRID.replace(" ", "\n")), 2).steps
    assert first.text.startswith("Columns 6 to 8 lie within regions C, D, H and"), first.text


def test_k_star_steps_speak_the_one_vocabulary() -> None:
    step = explain(parse_grid(CHAINED), 2).steps[0].to_json()
    assert set(step) == {"kind", "level", "text", "place", "clear", "focus"}


def test_hardest_stops_a_k_star_explanation_short() -> None:
    grid = parse_grid(DOC_GRID.replace(" ", "\n"))
    whole = explain(grid, 2)
    assert whole.level == 4 and whole.rows is not None
    short = explain(grid, 2, hardest=3)
    assert short.rows is None and short.steps == whole.steps[: len(short.steps)]
    assert short.steps and max(step.level for step in short.steps) <= 3


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([6, 7, 8]))
def test_the_k_star_rules_at_one_star_reach_the_one_star_solution(seed: int, n: int) -> None:
    """One star's fast rules against the K-star rules taking K = 1: two sets of rules, the
    same grid's one solution, every K-star step agreeing with it."""
    from queens.puzzle.generate import generate as generate_one

    grid = generate_one(n, seed)
    truth = explain(grid).rows
    assert truth is not None
    solution = _star_cells(truth)
    state = given_state(grid, 1, [], [])
    while not state.solved:
        step = next_step(state)
        assert step is not None and step.text[0].isupper()
        _agrees(step, [solution])
    assert state.rows() == truth


def test_a_pattern_step_costs_by_its_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 41: a way-enumeration step costs by its number of ways (on since the grades were
    # set beside puzzle-star-battle.com's labels).  The first shipped 2-star day whose
    # explanation lists 3 or more ways: each pattern step's level is its ways' level, and
    # with the old grading (every pattern level 3) the same grid grades no harder.
    import re

    from queens.puzzle.levels import star_dailies

    def ways(step: Step) -> int:
        listed = re.search(r"in (\d+) ways", step.text)
        return int(listed.group(1)) if listed else 1

    assert explainer.PATTERN_BY_WAYS
    shipped = star_dailies()
    for day in sorted(day for k, day in shipped if k == 2):
        puzzle = shipped[2, day]
        explanation = explain(puzzle.grid, 2)
        patterns = [step for step in explanation.steps if step.kind == "pattern"]
        if any(ways(step) >= 3 for step in patterns):
            break
    else:
        pytest.fail("no shipped 2-star day lists 3 or more ways")
    assert explanation.difficulty == puzzle.difficulty
    assert replay(puzzle.grid, 2, explanation.steps) == explanation.rows
    for step in patterns:
        assert step.level == explainer.ways_level(ways(step)), step.text
    assert max(step.level for step in patterns) >= 4
    monkeypatch.setattr(explainer, "PATTERN_BY_WAYS", False)
    flat = explain(puzzle.grid, 2)
    assert all(step.level <= 3 for step in flat.steps if step.kind == "pattern")
    order = ["easy", "medium", "hard", "expert"]
    assert order.index(flat.difficulty) <= order.index(explanation.difficulty)
