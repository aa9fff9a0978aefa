"""A progress bar for long counts, on stderr (rich, imported only when shown)."""

from __future__ import annotations

import sys
import threading
import time
from types import TracebackType
from typing import Any

from queens.engines import Counts

SHOW_AFTER = 1.0
"""Seconds before the bar appears: quick counts stay silent."""


class CountProgress:
    """Sub-problems done, elapsed time and ETA; feed it ``on_result`` callbacks.

    Shows nothing unless ``enabled`` and stderr is a terminal, and only once
    the count has run for ``SHOW_AFTER`` seconds: then at once, even before a
    sub-problem is done (a forced count's first ones can take hours), its elapsed
    time running.
    """

    def __init__(self, total: int, *, enabled: bool = True, done: int = 0) -> None:
        self.total = total
        self.completed = done
        self.enabled = enabled and sys.stderr.isatty()
        self.started = time.monotonic()
        self._progress: Any = None
        self._task: Any = None
        self._lock = threading.Lock()  # the timer and the results both may start the bar
        self._timer: threading.Timer | None = None

    def __enter__(self) -> CountProgress:
        if self.enabled:
            self._timer = threading.Timer(SHOW_AFTER, self._show)
            self._timer.daemon = True
            self._timer.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._timer is not None:
            self._timer.cancel()
        with self._lock:
            if self._progress is not None:
                self._progress.stop()
            self.enabled = False  # a timer already past its cancel starts nothing

    def __call__(self, index: int, counts: Counts) -> None:
        self.completed += 1
        if not self.enabled:
            return
        if self._progress is None:
            if time.monotonic() - self.started < SHOW_AFTER:
                return
            self._show()
        self._progress.update(self._task, completed=self.completed)

    def _show(self) -> None:
        with self._lock:
            if self._progress is None and self.enabled:
                self._start()

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
