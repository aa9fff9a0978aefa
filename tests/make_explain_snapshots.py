"""Write tests/data/explain_snapshots.json: what the daily K-star grids of one week, and
region grids generated from a few seeds, are and how they are explained (issue 39).

    python tests/make_explain_snapshots.py

Run it again only when a change is meant to change the dailies or the explanations
(the dailies are the same for everyone only while they stay): the test of
tests/test_puzzle_edges.py fails until then, naming what changed.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date, timedelta
from pathlib import Path

from queens.puzzle import explain as region_explain
from queens.puzzle import generate as maker
from queens.puzzle.explain import explain
from queens.puzzle.levels import daily_stars

OUT = Path(__file__).parent / "data" / "explain_snapshots.json"
WEEK = [date(2026, 11, 23) + timedelta(days=d) for d in range(7)]
REGION_SEEDS = [(8, seed, difficulty) for seed in range(4) for difficulty in ("easy", "hard")]
REGION_SEEDS += [(10, 7, None), (12, 3, None)]
GRADED = [(9, 0, "hard"), (8, 0, "easy")]  # seed 0's first 9 x 9 grid is not hard: a 4th attempt
THREE_STAR_DAY = date(2026, 11, 23)  # a Monday before the shipped days: made


def digest(texts: list[str]) -> str:
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]


def stars_record(day: date) -> dict[str, object]:
    puzzle = daily_stars(day, 2)
    explanation = explain(puzzle.grid, 2)
    return {
        "date": day.isoformat(),
        "seed": puzzle.seed,
        "grid": str(puzzle.grid),
        "difficulty": puzzle.difficulty,
        "steps": " ".join(f"{s.kind}:{s.level}" for s in explanation.steps),
        "texts": digest([s.text for s in explanation.steps]),
    }


def graded_record(n: int, seed: int, difficulty: str) -> dict[str, object]:
    return {"n": n, "seed": seed, "difficulty": difficulty,
            "grid": str(maker.generate(n, seed, difficulty, stars=2))}  # fmt: skip


def three_star_record(day: date) -> dict[str, object]:
    puzzle = daily_stars(day, 3)
    return {"date": day.isoformat(), "seed": puzzle.seed, "grid": str(puzzle.grid),
            "difficulty": puzzle.difficulty}  # fmt: skip


def region_record(n: int, seed: int, difficulty: str | None) -> dict[str, object]:
    grid = maker.generate(n, seed, difficulty)
    explanation = region_explain.explain(grid)
    return {
        "n": n,
        "seed": seed,
        "difficulty": difficulty,
        "grid": str(grid),
        "steps": " ".join(f"{s.kind}:{s.level}" for s in explanation.steps),
        "texts": digest([s.text for s in explanation.steps]),
    }


def snapshots() -> dict[str, object]:
    return {
        "stars": [stars_record(day) for day in WEEK],
        "regions": [region_record(*made) for made in REGION_SEEDS],
        "graded": [graded_record(*made) for made in GRADED],
        "three": three_star_record(THREE_STAR_DAY),
    }


if __name__ == "__main__":
    OUT.write_text(json.dumps(snapshots(), indent=1) + "\n")
