"""Open runs (searches being stepped, counts in progress) and their controls.

A run is created by a POST (which the Host/Origin guard has let through),
named by an unguessable id, and lives while its page holds the event stream
open: when the stream ends (page closed, tab gone, network dropped) the run
is released.  A run whose stream is never opened is dropped after
``pending_timeout`` seconds.  At most ``max_runs`` exist at once.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from queens.board import Board
from queens.engines.counting.kernel import StopFlag
from queens.web import limits
from queens.web.inputs import Control, InputError
from queens.web.stepper import Stepper

TICK = 1 / 25
"""The shortest pause between two batches while playing (the page redraws at most this often)."""


class Busy(InputError):
    """Too many runs at once."""

    def __init__(self, max_runs: int) -> None:
        super().__init__(
            f"too many runs at once (at most {max_runs}): close another queens page or wait",
            429,
        )


@dataclass
class Run:
    """One search or count; the stepping state is changed by the page's controls."""

    id: str
    board: Board
    stepper: Stepper | None  # None for a count
    created: float
    attached: bool = False
    paused: bool = True
    speed: int = limits.DEFAULT_SPEED
    steps_wanted: int = 0
    stopped: bool = False
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    counting: StopFlag = field(default_factory=StopFlag)  # ends a count mid-sub-problem

    def control(self, control: Control) -> None:
        if control.speed is not None:
            self.speed = control.speed
        if control.action == "play":
            self.paused = False
        elif control.action == "pause":
            self.paused = True
        else:
            self.paused = True
            self.steps_wanted = min(self.steps_wanted + control.steps, limits.MAX_STEPS)
        self.wake.set()

    def next_batch(self) -> tuple[int, float]:
        """How many events to send now, and how long to wait after them.

        Paused with no steps asked for: ``(0, ...)``, wait for a control.
        Playing: about ``speed`` events a second, in batches at most every TICK.
        """
        if self.steps_wanted:
            wanted, self.steps_wanted = self.steps_wanted, 0
            return wanted, 0.0
        if self.paused:
            return 0, 0.0
        interval = max(TICK, 1 / self.speed)
        return max(1, round(self.speed * interval)), interval

    def stop(self) -> None:
        self.stopped = True
        self.counting.set()
        self.wake.set()

    async def wait(self, seconds: float | None) -> bool:
        """Sleep up to ``seconds`` (forever with None); True when a control woke it."""
        try:
            await asyncio.wait_for(self.wake.wait(), seconds)
        except TimeoutError:
            return False
        self.wake.clear()
        return True


class Registry:
    """The open runs, bounded in number."""

    def __init__(
        self,
        max_runs: int = limits.MAX_RUNS,
        pending_timeout: float = limits.PENDING_TIMEOUT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_runs = max_runs
        self.pending_timeout = pending_timeout
        self.clock = clock
        self.runs: dict[str, Run] = {}

    def _drop_stale(self) -> None:
        """Forget runs created but never streamed (their page went away first)."""
        cutoff = self.clock() - self.pending_timeout
        for run in [r for r in self.runs.values() if not r.attached and r.created < cutoff]:
            del self.runs[run.id]

    def create(self, board: Board, stepper: Stepper | None = None) -> Run:
        self._drop_stale()
        if len(self.runs) >= self.max_runs:
            raise Busy(self.max_runs)
        run = Run(secrets.token_urlsafe(16), board, stepper, self.clock())
        self.runs[run.id] = run
        return run

    def get(self, run_id: str, *, count: bool) -> Run:
        self._drop_stale()
        run = self.runs.get(run_id)
        if run is None or (run.stepper is None) != count:
            raise InputError("no such run (it ended, or its page closed)", 404)
        return run

    def attach(self, run_id: str, *, count: bool) -> Run:
        """The run whose event stream is being opened; a stream can be opened once."""
        run = self.get(run_id, count=count)
        if run.attached:
            raise InputError("this run's events are already being streamed", 409)
        run.attached = True
        return run

    def release(self, run_id: str) -> None:
        """Forget a run; its stream, if open, ends at its next step (a count at once)."""
        run = self.runs.pop(run_id, None)
        if run is not None:
            run.stop()

    def __len__(self) -> int:
        return len(self.runs)
