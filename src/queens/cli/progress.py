"""A progress bar for long counts, on stderr (rich, imported only when shown)."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Any

from queens.engines import Counts

SHOW_AFTER = 1.0
"""Seconds before the bar appears: quick counts stay silent."""


class CountProgress:
    """Sub-problems done, elapsed time and ETA; feed it ``on_result`` callbacks.

    Shows nothing unless ``enabled`` and stderr is a terminal, and only once
    the count has run for ``SHOW_AFTER`` seconds.
    """

    def __init__(self, total: int, *, enabled: bool = True, done: int = 0) -> None:
        self.total = total
        self.completed = done
        self.enabled = enabled and sys.stderr.isatty()
        self.started = time.monotonic()
        self._progress: Any = None
        self._task: Any = None

    def __enter__(self) -> CountProgress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._progress is not None:
            self._progress.stop()

    def __call__(self, index: int, counts: Counts) -> None:
        self.completed += 1
        if not self.enabled:
            return
        if self._progress is None:
            if time.monotonic() - self.started < SHOW_AFTER:
                return
            self._start()
        self._progress.update(self._task, completed=self.completed)

    def _start(self) -> None:
        from rich.console import Console  # lazy: display (rich)
        from rich.progress import (  # lazy: display (rich)
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._progress = Progress(
            TextColumn("counting"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("sub-problems"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self._task = self._progress.add_task("count", total=self.total, completed=self.completed)
        self._progress.start()
