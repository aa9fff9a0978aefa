"""Our grade against the publisher's label, on Star Battle grids that carry one.

The grids are read from files of SBN codes (``queens.puzzle.sbn``), one a line, each file
with its publisher's label: ``FILE:LABEL`` (any label), or ``--starbattlelab DIR`` for the
files ``1.txt`` ... ``8.txt`` of the StarBattleLab project
(``itadrous73/test.starbattlelab.github.io``, ``localWebApp/backend/puzzles/``), whose
number is the size id of puzzle-star-battle.com and whose label is that project's
(``backend/constants.py``, PUZZLE_DEFINITIONS; ``SIZE_IDS`` below).  None ship with this
project (their licence is unknown); docs/guides/region-puzzle.md says where they are.

Every grid is checked before it counts: its size and stars are the file's, and it has
exactly one solution (``queens.puzzle.solve.count``).  For each size, printed: the table of
``queens.puzzle.explain``'s difficulty (easy / medium / hard / expert) against the label,
the concordance of the two (of the pairs of grids with two labels, the share whose grade
orders them as the labels do, ties counted half: 0.5 is chance, 1 agreement; on the grade
and on the finer level 1-6 of the hardest step), the share of each label's grids that use
each kind of step, and the CPU time of an explanation (median).

``--no-pattern-by-ways`` grades every K-star ``pattern`` step level 3 as before its number
of ways counted (``explain.PATTERN_BY_WAYS``, on in the shipped grading) for this run, and
``--level KIND=LEVEL`` regrades every step of a kind afterwards (a trial of another
grading: the explanation, which takes the easiest step by the shipped levels, is the same).

Usage: python benchmarks/labels.py [--starbattlelab DIR] [FILE:LABEL ...]
    [--sample K] [--sizes 6,8,10] [--no-pattern-by-ways] [--level KIND=LEVEL ...]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from queens.puzzle import explain as explaining
from queens.puzzle.grid import Grid
from queens.puzzle.sbn import SbnError, parse_sbn
from queens.puzzle.solve import count

SIZE_IDS = {
    0: (5, 1, "easy"), 1: (6, 1, "easy"), 2: (6, 1, "medium"), 3: (8, 1, "medium"),
    4: (8, 1, "hard"), 5: (10, 2, "medium"), 6: (10, 2, "hard"), 7: (14, 3, "medium"),
    8: (14, 3, "hard"), 9: (17, 4, "hard"), 10: (21, 5, "hard"), 11: (25, 6, "hard"),
}  # fmt: skip
"""puzzle-star-battle.com's size ids as StarBattleLab's PUZZLE_DEFINITIONS label them: the
size, the stars and the difficulty (the site's "Normal" and "Hard" where a size has two)."""

GRADES = ("easy", "medium", "hard", "expert")

LEVELS_COUNTING = explaining.LEVELS["confined"]
"""Steps up to this level count cells alone (a single cell left, a unit confined)."""

KEYS = {"grade": "the grade", "level": "the level of the hardest step (1-6)",
        "above": "the number of steps above level 2"}  # fmt: skip
"""What ``concordance`` can order the grids by."""

ORDER = {"easy": 0, "normal": 1, "medium": 1, "hard": 2, "expert": 3}
"""The order of the publishers' labels (labels not listed come after, alphabetically)."""


@dataclass(frozen=True)
class Source:
    """A file of SBN codes and the label its publisher gives them; ``size`` and ``stars``
    when the file is known to hold one kind (a StarBattleLab size id), else None."""

    path: Path
    label: str
    size: int | None = None
    stars: int | None = None


@dataclass
class Graded:
    """One checked grid's explanation: its label, grade, level and kinds of step."""

    label: str
    n: int
    grade: str
    level: int
    kinds: frozenset[str]
    cpu: float
    above: int = 0
    """The steps above level 2 (the ones that are not counting alone)."""


@dataclass
class Read:
    codes: list[tuple[Source, str]] = field(default_factory=list)
    skipped: Counter[str] = field(default_factory=Counter)


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes (2 cores here)."""
    return " / ".join(f"{value:.1f}" for value in os.getloadavg())


def parse_source(text: str) -> Source:
    """``FILE:LABEL`` as a source (the label lowercased); a ValueError without a label.

    >>> parse_source("hard.txt:Hard")
    Source(path=PosixPath('hard.txt'), label='hard', size=None, stars=None)
    """
    path, colon, label = text.rpartition(":")
    if not colon or not path or not label.strip():
        raise ValueError(f"{text!r}: expected FILE:LABEL, such as hard.txt:hard")
    return Source(Path(path), label.strip().lower())


def starbattlelab(folder: Path, sizes: set[int] | None = None) -> list[Source]:
    """The StarBattleLab files in ``folder`` (``N.txt``, N a size id), labelled by their
    size id, for the sizes asked (all when None)."""
    sources = []
    for size_id, (n, stars, label) in SIZE_IDS.items():
        path = folder / f"{size_id}.txt"
        if path.exists() and (sizes is None or n in sizes):
            sources.append(Source(path, label, n, stars))
    return sources


def read_codes(sources: list[Source], sample: int | None, seed: int) -> Read:
    """The codes of each source (a random ``sample`` of each, in file order, when given)."""
    read = Read()
    rng = random.Random(seed)
    for source in sources:
        lines = [line.strip() for line in source.path.read_text().splitlines() if line.strip()]
        if sample is not None and len(lines) > sample:
            keep = sorted(rng.sample(range(len(lines)), sample))
            lines = [lines[i] for i in keep]
        read.codes += [(source, line) for line in lines]
    return read


def checked(source: Source, code: str, skipped: Counter[str]) -> tuple[Grid, int] | None:
    """The grid and stars of a code that reads, is of its source's kind and has exactly one
    solution; None (counted in ``skipped`` by reason) otherwise."""
    try:
        puzzle = parse_sbn(code)
    except SbnError:
        skipped["not SBN"] += 1
        return None
    grid, stars = puzzle.grid, puzzle.stars
    if source.size is not None and (grid.n, stars) != (source.size, source.stars):
        skipped["not the file's size and stars"] += 1
        return None
    if count(grid, stars, limit=2) != 1:
        skipped["not exactly one solution"] += 1
        return None
    return grid, stars


def parse_level(text: str) -> tuple[str, int]:
    """``KIND=LEVEL`` (a kind of step of ``explain.LEVELS``, a level 1 to 6) as a pair.

    >>> parse_level("block=2")
    ('block', 2)
    """
    kind, equals, level = text.partition("=")
    if not equals or kind not in explaining.LEVELS or level not in {str(i) for i in range(1, 7)}:
        kinds = ", ".join(explaining.LEVELS)
        raise ValueError(f"{text!r}: expected KIND=LEVEL, KIND one of {kinds}, LEVEL 1 to 6")
    return kind, int(level)


def grade(source: Source, grid: Grid, stars: int, levels: dict[str, int] | None = None) -> Graded:
    """The explanation of a grid, graded; ``levels`` regrades every step of a kind at that
    level afterwards (the explanation itself, which takes the easiest step first by the
    shipped levels, is unchanged)."""
    start = time.process_time()
    explanation = explaining.explain(grid, stars)
    cpu = time.process_time() - start
    kinds = frozenset(step.kind for step in explanation.steps)
    step_levels = [(levels or {}).get(step.kind, step.level) for step in explanation.steps]
    above = sum(level > LEVELS_COUNTING for level in step_levels)
    level = max(step_levels, default=1)
    difficulty = explaining.difficulty_name(level, stars)
    return Graded(source.label, grid.n, difficulty, level, kinds, cpu, above)


def label_order(labels: set[str]) -> list[str]:
    return sorted(labels, key=lambda label: (ORDER.get(label, len(ORDER)), label))


def concordance(graded: list[Graded], key: str = "grade") -> tuple[float, int] | None:
    """Of the pairs of grids whose labels differ, the share whose ``key`` (the grade, or
    the level) orders them as the labels do, ties counted half, and the number of pairs;
    None without two labels.

    >>> rows = [Graded("medium", 8, "medium", 3, frozenset(), 0.0),
    ...         Graded("hard", 8, "hard", 4, frozenset(), 0.0),
    ...         Graded("hard", 8, "medium", 3, frozenset(), 0.0)]
    >>> concordance(rows)
    (0.75, 2)
    """
    labels = label_order({g.label for g in graded})
    if len(labels) < 2:
        return None

    def value(g: Graded) -> int:
        return GRADES.index(g.grade) if key == "grade" else int(getattr(g, key))

    agree, pairs = 0.0, 0
    for low_index, low in enumerate(labels):
        for high in labels[low_index + 1 :]:
            lows = [value(g) for g in graded if g.label == low]
            highs = [value(g) for g in graded if g.label == high]
            for a in lows:
                for b in highs:
                    agree += 1.0 if b > a else 0.5 if b == a else 0.0
                    pairs += 1
    return agree / pairs, pairs


def table(graded: list[Graded]) -> None:
    labels = label_order({g.label for g in graded})
    cells = Counter((g.label, g.grade) for g in graded)
    print("| publisher's label | grids | " + " | ".join(f"graded {d}" for d in GRADES) + " |")
    print("|---|---|" + "---|" * len(GRADES))
    for label in labels:
        total = sum(cells[(label, d)] for d in GRADES)
        shown = [f"{cells[(label, d)]} ({cells[(label, d)] / total:.0%})" for d in GRADES]
        print(f"| {label} | {total} | " + " | ".join(shown) + " |")


def kinds_table(graded: list[Graded]) -> None:
    labels = label_order({g.label for g in graded})
    kinds = sorted(
        {kind for g in graded for kind in g.kinds}, key=lambda k: (explaining.LEVELS[k], k)
    )
    heads = " | ".join(f"{label}-labelled" for label in labels)
    print(f"| kind of step (explain.LEVELS) | {heads} |")
    print("|---|" + "---|" * len(labels))
    for kind in kinds:
        shares = []
        for label in labels:
            group = [g for g in graded if g.label == label]
            shares.append(f"{sum(kind in g.kinds for g in group) / len(group):.0%}")
        print(f"| {kind} ({explaining.LEVELS[kind]}) | " + " | ".join(shares) + " |")


def report(n: int, stars: int, graded: list[Graded]) -> None:
    print(f"\n### {n} x {n}, {stars} star{'s' if stars > 1 else ''}\n")
    table(graded)
    for key, meaning in KEYS.items():
        found = concordance(graded, key)
        if found is not None:
            print(f"\nconcordance on {meaning}: {found[0]:.2f} over {found[1]} pairs", end="")
    print(f"\n\nexplanation CPU time, median: {statistics.median(g.cpu for g in graded):.3f} s\n")
    kinds_table(graded)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", nargs="*", help="FILE:LABEL, a file of SBN codes")
    parser.add_argument("--starbattlelab", type=Path, help="folder of StarBattleLab's N.txt")
    parser.add_argument("--sizes", help="only these sizes, such as 6,8,10 (default all)")
    parser.add_argument("--sample", type=int, help="at most K codes of each file (random)")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed (default 0)")
    parser.add_argument(
        "--pattern-by-ways",
        action=argparse.BooleanOptionalAction,
        default=explaining.PATTERN_BY_WAYS,
        help="explain.PATTERN_BY_WAYS (on in the shipped grading; --no-pattern-by-ways: off)",
    )
    parser.add_argument(
        "--level",
        action="append",
        default=[],
        metavar="KIND=LEVEL",
        help="grade every step of KIND at LEVEL (after the explanation; repeatable)",
    )
    args = parser.parse_args()
    explaining.PATTERN_BY_WAYS = args.pattern_by_ways
    sizes = None if args.sizes is None else {int(s) for s in args.sizes.split(",")}
    try:
        sources = [parse_source(text) for text in args.sources]
    except ValueError as error:
        parser.error(str(error))
    try:
        levels = dict(parse_level(text) for text in args.level)
    except ValueError as error:
        parser.error(str(error))
    if args.starbattlelab is not None:
        sources += starbattlelab(args.starbattlelab, sizes)
    if not sources:
        parser.error("no files: give FILE:LABEL or --starbattlelab DIR")
    print(
        f"load average before: {load()}; PATTERN_BY_WAYS = {explaining.PATTERN_BY_WAYS}; "
        f"levels changed: {levels or 'none'}"
    )
    read = read_codes(sources, args.sample, args.seed)
    groups: dict[tuple[int, int], list[Graded]] = defaultdict(list)
    for done, (source, code) in enumerate(read.codes, 1):
        if done % 25 == 0:
            print(f"  {done} of {len(read.codes)} codes", file=sys.stderr, flush=True)
        found = checked(source, code, read.skipped)
        if found is not None and (sizes is None or found[0].n in sizes):
            groups[(found[0].n, found[1])].append(grade(source, *found, levels))
    used = sum(len(group) for group in groups.values())
    print(f"codes read: {len(read.codes)}; graded {used}; skipped {dict(read.skipped) or 0}")
    for (n, stars), graded in sorted(groups.items()):
        report(n, stars, graded)
    print(f"\nload average after: {load()}")


if __name__ == "__main__":
    main()
