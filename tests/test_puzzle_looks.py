"""The looks of generated one-star grids (``generate(..., look=...)``, ``queens puzzle
generate --look``, the page's generate): ``even`` draws exactly as before looks existed
(the shipped levels and the dailies rest on it), ``background`` grows one large region
with fewer 2-cell regions, and every grid keeps exactly one solution by two engines."""

from __future__ import annotations

import statistics

import pytest

from queens.cli import main
from queens.engines.counting import kernel
from queens.puzzle import _shapes
from queens.puzzle.explain import explain
from queens.puzzle.generate import LOOKS, GenerateError, generate
from queens.puzzle.grid import Grid, parse_grid
from queens.puzzle.solve import count, unique_by_rows

EVEN_BEFORE = {
    (
        8,
        1,
        "easy",
    ): "AAAAAAAB\nAAAAABAB\nACAAABBB\nDCAAAEBF\nDDADEEEF\nDDDDGGGG\nDHGGGGGG\nHHGGGGGG",
    (9, 2, "hard"): "AAABBBBBB\nAAACCBBBB\nADDDDDBEB\nFDDDDDBEB\nFDDDDGHEE\nFFIDDGHHE\n"
    "FIIGGGGGE\nFIIIGIGGG\nIIIIIIGGG",
}
"""Grids the generator made before looks existed (main at dd17b27): ``even`` must still
make them, letter for letter.  (A grid asked for no difficulty draws one for its size
since issue 41, so the one pinned then without a difficulty is no longer made.)"""

SEEDS = range(12)


def unique_by_two_engines(grid: Grid) -> bool:
    """Exactly one solution by the propagating search and, with the kernel, by its
    row-by-row counter too."""
    return count(grid, limit=2) == 1 and unique_by_rows(grid, 1) is not False


@pytest.mark.parametrize(("args", "text"), EVEN_BEFORE.items())
def test_even_draws_as_before(args: tuple[int, int, str], text: str) -> None:
    n, seed, difficulty = args
    assert str(generate(n, seed, difficulty)) == text
    assert str(generate(n, seed, difficulty, look="even")) == text


def test_background_grids_are_unique_connected_and_of_their_difficulty() -> None:
    for seed in range(4):
        grid = generate(10, seed, look="background")
        assert unique_by_two_engines(grid), grid
        assert all(grid.connected(region) for region in range(grid.n))
        assert 1 not in _shapes.region_sizes(grid)
    for difficulty in ("easy", "medium", "hard"):
        grid = generate(8, 3, difficulty, look="background")
        assert unique_by_two_engines(grid), grid
        assert explain(grid).difficulty == difficulty


@pytest.mark.slow  # 2-6 s in the fast suite, which must stay under 3 minutes
def test_the_looks_differ_measurably() -> None:
    # 8 grids of each look at 10 x 10 for each difficulty (the default draws one for the
    # size, hard at 10 x 10): background has a larger largest region and fewer 2-cell
    # regions (benchmarks/looks.py measures 40 of each against published levels).  The
    # margin depends on the difficulty: a hard background grid's large region is smaller
    # (median share 0.255 against 0.435 for easy ones, seeds 0-11).
    largest = 0.0
    for difficulty in ("easy", "medium", "hard"):
        even = [generate(10, seed, difficulty) for seed in SEEDS[:8]]
        background = [generate(10, seed, difficulty, look="background") for seed in SEEDS[:8]]
        share = [
            statistics.median(_shapes.largest_share(g) for g in grids)
            for grids in (even, background)
        ]
        pairs = [sum(_shapes.has_pair(g) for g in grids) for grids in (even, background)]
        assert share[1] >= share[0] + 0.04, (difficulty, share)
        assert pairs[1] <= pairs[0] * 2 // 3, (difficulty, pairs)
        largest = max(largest, *(_shapes.largest_share(g) for g in background))
    assert largest >= 0.45


def test_a_look_is_one_of_two_and_for_one_star() -> None:
    assert LOOKS == ("even", "background")
    with pytest.raises(
        GenerateError, match="unknown look 'round' \\(choose from even, background\\)"
    ):
        generate(8, look="round")
    with pytest.raises(GenerateError, match="for one-star grids"):
        generate(8, stars=2, look="background")
    assert generate(8, 1, stars=2, look="even") == generate(8, 1, stars=2)


def test_the_command_takes_look(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", "generate", "10", "--seed", "0", "--look", "background"]) == 0
    out = capsys.readouterr().out
    assert parse_grid(out) == generate(10, 0, look="background") != generate(10, 0)
    assert main(["puzzle", "generate", "8", "--seed", "0", "--look", "round"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown look 'round' (choose from even, background)" in err
    assert main(["puzzle", "generate", "10", "--stars", "2", "--look", "background"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--look background is for one-star grids" in err


@pytest.mark.skipif(not kernel.compiled(), reason="compares with the kernel")
def test_background_is_the_same_without_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    made = str(generate(9, 4, look="background"))
    monkeypatch.setattr(kernel, "solve_regions", lambda *args: None)
    assert str(generate(9, 4, look="background")) == made


def test_the_measures_of_a_grid() -> None:
    grid = parse_grid("AAAB\nCAAB\nCCDB\nCCDD")
    assert _shapes.region_sizes(grid) == [5, 3, 5, 3]
    assert _shapes.largest_share(grid) == 5 / 16 and not _shapes.has_pair(grid)
    assert _shapes.has_pair(parse_grid("AAAB\nCAAB\nCCAB\nCCDD"))
    rows = parse_grid("AAAA\nBBBB\nCCCC\nDDDD")
    assert _shapes.perimeter_per_area(rows) == 10 / 4
