"""What ``Search`` and ``Compare`` share: a page that plays, at a speed, by asking Python
for a batch of steps at a time (a ``tick``), the next only once the answer (``ticked``)
is back, so a busy kernel slows the play down instead of queueing steps."""

from __future__ import annotations

from typing import Any

from queens.widgets._base import Widget, traitlets

SPEEDS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
"""The speeds the slider offers, in events a second."""

MAX_BATCH = 100
"""The most steps one request of the page takes (at 1000 events a second, ten requests
a second)."""


def batch(message: dict[str, Any]) -> int:
    """The steps a message asks for: its ``count`` when within 1 to ``MAX_BATCH``, else 1.

    >>> batch({"count": 5}), batch({"count": 10**9}), batch({})
    (5, 1, 1)
    """
    count = message.get("count", 1)
    return count if type(count) is int and 1 <= count <= MAX_BATCH else 1


class Stepped(Widget):
    """A widget stepped by its page while ``playing`` (until ``finished``), ``speed`` steps
    a second; a subclass says what a step is."""

    playing = traitlets.Bool(False).tag(sync=True)
    finished = traitlets.Bool(False).tag(sync=True)
    speed = traitlets.Int(10).tag(sync=True)
    speeds: traitlets.List[Any] = traitlets.List(list(SPEEDS)).tag(sync=True)

    def step(self, count: int = 1) -> object:
        raise NotImplementedError

    def play(self) -> None:
        """Start playing on the page (at ``speed`` steps a second)."""
        self.playing = not self.finished

    def pause(self) -> None:
        self.playing = False

    def tick(self, message: dict[str, Any]) -> None:
        """A playing page's batch: steps (none once paused), then the answer it waits for."""
        if self.playing:
            self.step(batch(message))
        self.send({"type": "ticked"})
