"""The progress bar: silent unless stderr is a terminal and the count runs long."""

from __future__ import annotations

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
