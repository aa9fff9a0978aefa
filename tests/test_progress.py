"""The progress bar: silent unless stderr is a terminal and the count runs long."""

from __future__ import annotations

import time

import pytest

from queens.cli import progress
from queens.engines import Counts


def test_silent_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    with progress.CountProgress(3) as bar:
        for index in range(3):
            bar(index, Counts(1, 1))
    assert bar.completed == 3 and not bar.enabled
    assert capsys.readouterr() == ("", "")


def test_shows_after_a_while_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    with progress.CountProgress(2, done=1) as bar:
        bar(1, Counts(1, 1))
        assert bar._progress is not None
        task = bar._progress.tasks[0]
        assert (task.completed, task.total) == (2, 2)


def test_disabled_by_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    with progress.CountProgress(2, enabled=False) as bar:
        bar(0, Counts(1, 1))
    assert bar._progress is None


def test_shows_before_any_result(monkeypatch: pytest.MonkeyPatch) -> None:
    # A forced count's first sub-problems can take hours: the bar comes on its own.
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    with progress.CountProgress(5) as bar:
        deadline = time.monotonic() + 30  # a guard on a loaded machine, not a timing
        while bar._progress is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert bar._progress is not None
        assert bar._progress.tasks[0].completed == 0
    assert not bar._progress.live.is_started  # stopped on leaving
