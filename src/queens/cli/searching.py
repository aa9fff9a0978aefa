"""Searches that may run long on the command line: a notice, a refusal, Ctrl-C.

Lexicographic enumeration (``solve --all/--limit``, ``--method search``,
``render``, ``animate``) has no time model: the first solution of the 40 x 40
board takes hours, of the 30 x 30 board a blink.  So the search is watched
instead (``queens.engines.watch.watching``): after
``NOTICE_SECONDS`` without a new solution one line on stderr says what
runs and that Ctrl-C stops it; after ``REFUSE_SECONDS`` without one the
command stops with a one-line refusal (exit 2) naming ``--force``, which
searches on for as long as it takes.  Output that keeps coming (``solve 14
--all``) is its own progress and is never refused.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from queens.board import Board
from queens.cli.common import CommandError
from queens.engines import watch
from queens.events import Event, Found

NOTICE_SECONDS = 1.0
"""Seconds without a new solution before the notice on stderr."""

REFUSE_SECONDS = 10.0
"""Seconds without a new solution before the search is refused (unless ``--force``)."""


class SearchTooLong(CommandError):
    """A search that found nothing new within ``REFUSE_SECONDS`` (exit 2)."""


class SearchWatch:
    """The watcher: called now and then by the search with the solutions found since."""

    def __init__(self, board: Board, *, force: bool, what: str = "solution") -> None:
        self.board = board
        self.force = force
        self.what = what
        self.last = time.monotonic()
        self.noticed = False

    def __call__(self, found: int) -> None:
        now = time.monotonic()
        if found:
            self.last = now
            return
        idle = now - self.last
        if idle >= NOTICE_SECONDS and not self.noticed:
            self.noticed = True
            print(
                f"queens: searching the {self.board.size_text} board in lexicographic order "
                f"for the next {self.what}; Ctrl-C stops it",
                file=sys.stderr,
                flush=True,
            )
        if idle >= REFUSE_SECONDS and not self.force:
            raise SearchTooLong(
                f"no {self.what} within {REFUSE_SECONDS:g} s: the lexicographic search of the "
                f"{self.board.size_text} board can take hours or years from here; "
                "add --force to search on"
            )


@contextmanager
def watched(board: Board, force: bool, what: str = "solution") -> Iterator[None]:
    """Searches inside are watched (see the module docstring)."""
    with watch.watching(SearchWatch(board, force=force, what=what)):
        yield


def add_force_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--force",
        action="store_true",
        help=f"search on even when no solution comes within {REFUSE_SECONDS:g} s",
    )


TICK_EVENTS = 1024
"""Search events between two calls of the watcher when following a step-by-step search."""


def ticking(events: Iterable[Event]) -> Iterator[Event]:
    """``events`` of a step-by-step search (``queens.tracing``), telling the watcher
    of each solution and, every ``TICK_EVENTS`` events, that the search goes on."""
    for number, event in enumerate(events):
        if isinstance(event, Found):
            watch.tick(1)
        elif number % TICK_EVENTS == 0:
            watch.tick(0)
        yield event


@contextmanager
def noticed(notice: str) -> Iterator[None]:
    """``notice`` (and how to stop) on stderr if the work inside runs past
    ``NOTICE_SECONDS`` (a timer thread: the work may be deep in C code)."""

    def say() -> None:  # one write: a print's line end could follow another thread's line
        sys.stderr.write(f"queens: {notice}; Ctrl-C stops it\n")
        sys.stderr.flush()

    timer = threading.Timer(NOTICE_SECONDS, say)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
