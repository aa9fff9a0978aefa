"""The layering holds: import-linter's contracts in pyproject.toml (no upward import, no
import loop, the web page apart from the command line), as CI checks them."""

from __future__ import annotations

from pathlib import Path

import pytest

from web_support import require

require("importlinter", why="install queens-toolkit[test]")

from importlinter.cli import lint_imports  # noqa: E402

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def test_the_import_contracts_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    status = lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True)
    assert status == 0, capsys.readouterr().out
