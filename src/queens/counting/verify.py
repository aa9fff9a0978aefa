"""Verifying stored counts: recount a random sample of sub-problems and compare.

A checksum (``queens.counting.checkpoint``) catches a record damaged
after it was written; it cannot catch a wrong count written with its right
checksum, as a faulty machine or a wrong worker would write it.  Serious
distributed counts check their results by doing part of the work again (the
Q27 project checked its sub-problem sums; volunteer-computing projects
recompute a sample of results).  Here a fraction of the stored sub-problems,
at least one from each shard (each checkpoint file), is counted again on
this machine (local threads, whatever executor produced the records) and
compared, total and fundamental count alike.

The sample is drawn with the operating system's randomness
(``random.SystemRandom``) unless the caller passes its own generator:
a worker cannot know in advance which of its results will be checked.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from queens.board import Board, BoardError
from queens.counting.run import iter_results, workers_for
from queens.counting.split import Split, split
from queens.engines import Counts
from queens.rules import parse_rule

Records = Mapping[int, Counts]


class Disagreement(Exception):
    """A stored count that a recount contradicts (the first one, by sub-problem).

    >>> issubclass(Disagreement, Exception)
    True
    """


class Unverifiable(Exception):
    """Records that cannot be recounted (a checkpoint that does not name its board).

    >>> issubclass(Unverifiable, Exception)
    True
    """


def check_fraction(fraction: float) -> float:
    """``fraction`` when it is a number with 0 < fraction <= 1; ValueError otherwise.

    >>> check_fraction(0.25)
    0.25
    >>> try:
    ...     check_fraction(0)
    ... except ValueError as error:
    ...     print(error)
    the fraction to verify must be above 0 and at most 1, got 0
    """
    if isinstance(fraction, bool) or not isinstance(fraction, (int, float)):
        raise ValueError(f"the fraction to verify must be a number, got {fraction!r}")
    if not 0 < fraction <= 1:  # also refuses NaN
        raise ValueError(f"the fraction to verify must be above 0 and at most 1, got {fraction}")
    return float(fraction)


def sample(indices: Sequence[int], fraction: float, rng: random.Random) -> list[int]:
    """A random ``fraction`` of ``indices`` (rounded up: at least one of any), sorted."""
    if not indices:
        return []
    size = min(len(indices), max(1, math.ceil(check_fraction(fraction) * len(indices))))
    return sorted(rng.sample(list(indices), size))


def verify(
    parts: Split,
    shards: Sequence[tuple[str, Records]],
    fraction: float,
    *,
    rng: random.Random | None = None,
    workers: int | None = None,
) -> int:
    """Recount a sample of each shard's records; the number recounted.

    ``shards`` pairs a name for each shard (``checkpoint 'FILE'``) with its
    records.  Raises ``Disagreement`` naming the first sub-problem whose
    recount differs (in total or fundamental count) from a record.

    >>> from queens.counting.resumable import Plan
    >>> plan = Plan(8)
    >>> outcome = plan.run(workers=1)
    >>> verify(plan.split, [('this run', plan.results)], 0.5, workers=1) > 0
    True
    >>> from queens.engines import Counts
    >>> wrong = dict(plan.results)
    >>> wrong[0] = Counts(wrong[0].total + 1, wrong[0].unique)
    >>> try:
    ...     verify(plan.split, [('a bad record', wrong)], 1.0, workers=1)
    ... except Disagreement as error:
    ...     print(str(error).split(": ")[0], "at", str(error).split(" is ")[0].split(": ")[1])
    verification failed at sub-problem 1
    """
    rng = rng or random.SystemRandom()
    chosen: dict[int, list[tuple[str, Counts]]] = {}
    for name, records in shards:
        for index in sample(sorted(records), fraction, rng):
            chosen.setdefault(index, []).append((name, records[index]))
    todo = [parts.subproblems[i] for i in sorted(chosen)]
    wrong: dict[int, tuple[str, Counts, Counts]] = {}
    for index, recounted in iter_results(todo, workers=workers or workers_for(parts.board)):
        for name, stored in chosen[index]:
            if stored != recounted:
                wrong.setdefault(index, (name, stored, recounted))
    if wrong:
        first = min(wrong)
        name, stored, recounted = wrong[first]
        others = f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else ""
        raise Disagreement(
            f"verification failed: sub-problem {first + 1} is recorded in {name} as "
            f"{_counts(stored)}, but counting it again gives {_counts(recounted)}{others}"
        )
    return len(todo)


def _counts(counts: Counts) -> str:
    return f"{counts.total} solutions ({counts.unique} fundamental)"


def split_of(
    board_text: str,
    split_key: str,
    where: str,
    queens: int | None = None,
    rule: str = "queen",  # the rule's name, as the checkpoint's header holds it
) -> Split:
    """The split a checkpoint's header names, rebuilt from its board text (and its
    queen count, when the header gives one).

    Raises ``Unverifiable`` when the text is missing, unreadable or
    does not give the split key the header names.
    """
    if not board_text:
        raise Unverifiable(f"{where} does not name its board, so it cannot be recounted")
    try:
        board = Board.parse(board_text).with_rule(parse_rule(rule))
        parts = split(board if queens is None else board.with_queens(queens))
    except (BoardError, ValueError) as error:
        raise Unverifiable(f"{where} is damaged: the board in its header: {error}") from None
    if parts.key != split_key:
        raise Unverifiable(f"{where} is damaged: its board does not give its split ({split_key})")
    return parts


__all__ = [
    "Disagreement",
    "Unverifiable",
    "check_fraction",
    "verify",
]
"""What a program calls (the API page shows these); the rest serves them."""
