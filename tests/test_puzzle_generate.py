"""The one generator (``queens.puzzle.generate``): the same grid from a seed with the
compiled kernel or without it, and one entry for 1 to 6 stars."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens.engines.counting import kernel
from queens.puzzle import _region_search
from queens.puzzle import generate as generate_module
from queens.puzzle.generate import GenerateError, generate, grow_regions, random_solution

needs_kernel = pytest.mark.skipif(not kernel.compiled(), reason="compares with the kernel")


def cells_of(n: int, rng: random.Random) -> bytes:
    """A grown grid with some cells free (255), as the generator searches them."""
    region = grow_regions(n, list(enumerate(random_solution(n, rng))), rng)
    return bytes(255 if rng.random() < 0.15 else g for row in region for g in row)


def answer(search: object, n: int, cells: bytes, limit: int, budget: int) -> object:
    try:
        found = search(n, cells, limit, None, budget)  # type: ignore[operator]
    except kernel.OverBudget:
        return "over budget"
    total, first, second = found
    return total, first and list(first), second and list(second)


@needs_kernel
@settings(max_examples=40, deadline=None)
@given(
    st.integers(5, 10),
    st.integers(0, 2**32),
    st.sampled_from([0, 1, 2, 200]),
    st.sampled_from([0, 3, 40, 1000]),
)
def test_the_python_search_answers_as_the_kernel(
    n: int, seed: int, limit: int, budget: int
) -> None:
    # The same count, the same first two solutions, and the budget running out at the
    # same queen: the generator's choices rest on all three.
    cells = cells_of(n, random.Random(seed))
    assert answer(_region_search.solve_regions, n, cells, limit, budget) == answer(
        kernel.solve_regions, n, cells, limit, budget
    )
    # The smallest budget the kernel answers within (its queens placed, plus one): the
    # Python search answers within it, and not within one less.
    low, high = 1, 1 << 20
    while low < high:
        middle = (low + high) // 2
        if answer(kernel.solve_regions, n, cells, limit, middle) == "over budget":
            low = middle + 1
        else:
            high = middle
    assert answer(_region_search.solve_regions, n, cells, limit, low) != "over budget"
    if low > 1:
        assert answer(_region_search.solve_regions, n, cells, limit, low - 1) == "over budget"


def test_a_seed_gives_the_same_grid_without_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    # What a machine without a C compiler draws (the kernel's search answering None).
    cases = [(6, 2, None), (7, 3, "easy"), (8, 1, "hard"), (9, 5, None)]
    made = [str(generate(n, seed, difficulty)) for n, seed, difficulty in cases]
    monkeypatch.setattr(generate_module.kernel, "solve_regions", lambda *args: None)
    assert [str(generate(n, seed, difficulty)) for n, seed, difficulty in cases] == made


def test_one_entry_for_every_k() -> None:
    assert generate(8, 1, stars=2) == generate(8, 1, stars=2) != generate(8, 2, stars=2)
    with pytest.raises(GenerateError, match="1 to 6 stars, not 7"):
        generate(25, stars=7)
    with pytest.raises(GenerateError, match="choose from easy, medium, hard\\)"):
        generate(8, difficulty="expert", stars=2)
    with pytest.raises(GenerateError, match="or None"):
        generate(8, difficulty="expert")


def test_a_set_stop_flag_stops_every_k() -> None:
    stop = kernel.StopFlag()
    stop.set()
    for n, stars in ((8, 1), (8, 2)):
        with pytest.raises(kernel.Stopped):
            generate(n, 0, stars=stars, stop=stop)


def test_a_stopped_generation_leaves_no_stop_flag_behind() -> None:
    # The thread's later searches (grading, easing) read the flag of the generation running;
    # one left set by a stopped generation would stop them at once.
    from queens.puzzle import generate as module

    stop = kernel.StopFlag()
    stop.set()
    with pytest.raises(kernel.Stopped):
        generate(8, 0, stop=stop)
    assert module._stop.get() is None


def test_the_default_difficulty_spreads_like_the_shipped_levels() -> None:
    # A grid generated without a difficulty draws one like published levels of its
    # size (issue 41): every difficulty a size's weights allow comes up in 200 seeds,
    # about as often as its weight says; sizes between and beyond take their neighbours'.
    from collections import Counter

    from queens.puzzle.explain import explain
    from queens.puzzle.generate import SPREAD, WANTED, _spread, drawn_difficulty

    for n in (6, 8, 9, 10, 14):
        weights = _spread(n)
        drawn = Counter(drawn_difficulty(n, seed) for seed in range(200))
        for difficulty, weight in zip(WANTED, weights, strict=True):
            share = weight / sum(weights)
            assert abs(drawn[difficulty] / 200 - share) < 0.1, (n, drawn, weights)
    assert _spread(6) == SPREAD[8] and _spread(14) == SPREAD[10]
    assert _spread(9) == tuple(a + b for a, b in zip(SPREAD[8], SPREAD[10], strict=True))
    for seed in range(2):  # the grid made has the difficulty drawn
        assert explain(generate(8, seed)).difficulty == drawn_difficulty(8, seed)
