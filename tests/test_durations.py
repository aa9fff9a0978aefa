"""Durations for the tables."""

from __future__ import annotations

import pytest

from queens.show.durations import describe_seconds


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0.0123, "0.012 s"), (41.2, "41 s"), (192, "3.2 min"), (18000, "5.0 h"), (4e5, "5 days")],
)
def test_describe_seconds(seconds: float, text: str) -> None:
    assert describe_seconds(seconds) == text
