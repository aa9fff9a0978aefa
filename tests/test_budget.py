"""Deadlines and the Undecided answer."""

from __future__ import annotations

import pytest

from queens.engines.hard.budget import NEVER, Deadline, Undecided


def test_never_never_expires() -> None:
    assert NEVER.remaining() is None
    assert not NEVER.expired()
    NEVER.check()


def test_an_expired_deadline_raises_undecided_with_the_seconds() -> None:
    deadline = Deadline(0)
    assert deadline.expired()
    assert deadline.remaining() == 0.0
    with pytest.raises(Undecided, match=r"undecided: no answer within 0 s"):
        deadline.check()


def test_a_future_deadline_has_time_left() -> None:
    deadline = Deadline(3600)
    assert not deadline.expired()
    assert 0 < (deadline.remaining() or 0) <= 3600
    assert str(deadline.undecided()) == "undecided: no answer within 3600 s"


def test_negative_timeouts_are_refused() -> None:
    with pytest.raises(ValueError):
        Deadline(-1)
