"""Time budgets for the engines that may run long: a deadline and the answer "undecided".

An engine given a ``Deadline`` checks it now and then and raises
``Undecided`` when the time is up, so the caller can tell "no solution"
(a proof) from "no answer yet".
"""

from __future__ import annotations

import time


class Undecided(TimeoutError):
    """The time budget ran out before the engine found a solution or proved there is none.

    >>> str(Undecided(2.5))
    'undecided: no answer within 2.5 s'
    >>> isinstance(Undecided(2.5), TimeoutError), Undecided(2.5).seconds
    (True, 2.5)
    """

    def __init__(self, seconds: float) -> None:
        super().__init__(f"undecided: no answer within {seconds:g} s")
        self.seconds = seconds


class Deadline:
    """A point in time after which an engine gives up; ``None`` seconds means never."""

    __slots__ = ("at", "seconds")

    def __init__(self, seconds: float | None) -> None:
        if seconds is not None and seconds < 0:
            raise ValueError(f"a timeout cannot be negative, got {seconds}")
        self.seconds = seconds
        self.at = None if seconds is None else time.monotonic() + seconds

    def remaining(self) -> float | None:
        """Seconds left (at least 0), or None without a limit."""
        if self.at is None:
            return None
        return max(0.0, self.at - time.monotonic())

    def expired(self) -> bool:
        """True once the time is up (never without a limit)."""
        return self.at is not None and time.monotonic() >= self.at

    def check(self) -> None:
        """Raise ``Undecided`` once the time is up."""
        if self.expired():
            raise self.undecided()

    def undecided(self) -> Undecided:
        """The answer to give when the time is up."""
        return Undecided(self.seconds or 0.0)


NEVER = Deadline(None)
"""A deadline that never comes."""
