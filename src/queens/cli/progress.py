"""A progress bar with ETA over finished sub-problems (rich, on stderr, terminals only)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from queens.engines import Counts

OnResult = Callable[[int, Counts], None]


def _ignore(index: int, counts: Counts) -> None:
    pass


@contextmanager
def subproblem_progress(total: int, done: int = 0, label: str = "counting") -> Iterator[OnResult]:
    """A callback advancing a bar of ``total`` sub-problems, ``done`` of them resumed.

    The ETA comes from the pace of the sub-problems this run finishes (rich
    measures speed from advances only, so resumed ones do not flatter it).
    Nothing is shown when stderr is not a terminal.
    """
    if not sys.stderr.isatty() or total == 0:
        yield _ignore
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("sub-problems"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(label, total=total, completed=done)

        def advance(index: int, counts: Counts) -> None:
            progress.advance(task)

        yield advance
