"""A test helper: a long kernel call ended from another thread by its stop flag."""

from __future__ import annotations

import threading
from collections.abc import Callable

from queens.engines.counting import kernel


def assert_the_flag_stops(call: Callable[[kernel.StopFlag], object]) -> None:
    """Run ``call(stop)`` (a kernel call lasting minutes) in a thread, set its stop flag
    after a moment, and check that it ended by raising ``kernel.Stopped``.

    Only the kernel's own look at the flag can end such a call; the 30 s join is a
    guard against a hang, not a timing assertion (a loaded machine waits longer).
    """
    stop = kernel.StopFlag()
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(call(stop))
        except kernel.Stopped as stopped:
            outcome.append(stopped)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout=0.3)
    stop.set()
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert len(outcome) == 1 and isinstance(outcome[0], kernel.Stopped)
