"""queens completion: scripts for bash, zsh, fish and tcsh, generated from the parser."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from queens.cli import COMMANDS, main
from queens.cli.completion import SHELLS, script

QUEENS = f"{sys.executable} -m queens"


@pytest.fixture(scope="module")
def bash_script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bash script, written once for the tests that source it."""
    path = tmp_path_factory.mktemp("completion") / "queens.bash"
    path.write_text(script("bash"))
    return path


def shell(name: str, commands: str) -> str:
    """What ``commands`` print when run by the shell ``name`` (which must succeed)."""
    result = subprocess.run([name, "-c", commands], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def bash(commands: str, source: str) -> str:
    """``commands`` run by bash after sourcing ``source``."""
    return shell("bash", f"source {source} && {commands}")


def completions(path: Path, *words: str) -> list[str]:
    """What bash offers for the command line ``queens WORDS`` (the last one being typed)."""
    line = " ".join(("queens", *words))
    listed = " ".join(f"'{word}'" for word in ("queens", *words))
    out = bash(
        f"COMP_WORDS=({listed}); COMP_CWORD={len(words)}; COMP_LINE='{line}'; "
        f"COMP_POINT={len(line)}; _shtab_queens queens; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        str(path),
    )
    return out.split()


def test_bash_sources_the_script_and_completes_queens() -> None:
    """As the install line does: the script from the command, sourced by bash."""
    out = bash("complete -p queens", f"<({QUEENS} completion bash)")
    assert out.startswith("complete ") and out.rstrip().endswith(" queens")


def test_bash_completes_commands_options_and_choices(bash_script: Path) -> None:
    assert completions(bash_script, "sol") == ["solve"]
    assert set(completions(bash_script, "")) >= set(COMMANDS)
    assert "--format" in completions(bash_script, "solve", "--fo")
    assert completions(bash_script, "count", "8", "--rule", "tor") == ["toroidal"]
    assert "completion" in completions(bash_script, "generate", "")
    assert set(completions(bash_script, "puzzle", "")) >= {"solve", "explain", "generate"}


@pytest.mark.parametrize("shell", SHELLS)
def test_every_shell_gets_every_command_and_option(shell: str) -> None:
    text = script(shell)
    for word in [*COMMANDS, "--format", "--checkpoint", "--out", "toroidal"]:
        assert word in text, (shell, word)


@pytest.mark.parametrize(("shell", "check"), [("zsh", ["zsh", "-n"]), ("fish", ["fish", "-n"])])
def test_the_script_parses_in_its_shell(shell: str, check: list[str]) -> None:
    if shutil.which(check[0]) is None and os.environ.get("CI") != "true":
        pytest.skip(f"{check[0]} is not installed here (apt-get install {check[0]})")
    result = subprocess.run([*check], input=script(shell), capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_an_unknown_shell_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "bsh"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'bsh'" in err and "did you mean 'bash'?" in err


def test_the_install_lines_are_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert 'eval "$(queens completion bash)"' in out
    assert "~/.config/fish/completions/queens.fish" in out


def test_fish_completes_commands_options_and_choices(tmp_path: Path) -> None:
    if shutil.which("fish") is None and os.environ.get("CI") != "true":
        pytest.skip("fish is not installed here (apt-get install fish)")
    path = tmp_path / "queens.fish"
    path.write_text(script("fish"))

    def offered(line: str) -> list[str]:
        out = shell("fish", f"source {path}; complete -C'{line}'")
        return [entry.split("\t")[0] for entry in out.splitlines()]

    assert offered("queens sol") == ["solve"]
    assert "--format" in offered("queens solve --fo")
    assert offered("queens count 8 --rule tor") == ["toroidal"]


def test_bash_completes_option_values(bash_script: Path) -> None:
    """Values the commands check themselves (``offer``): formats, methods, difficulties,
    algorithms and styles complete too."""
    assert completions(bash_script, "solve", "8", "-f", "") == ["board", "list", "letters", "json"]
    assert completions(bash_script, "solve", "8", "--format", "l") == ["list", "letters"]
    assert "search" in completions(bash_script, "solve", "8", "-m", "")
    assert completions(bash_script, "puzzle", "generate", "8", "--difficulty", "h") == ["hard"]
    assert "bitmask" in completions(bash_script, "trace", "5", "--algorithm", "")
    assert completions(bash_script, "solve", "8", "--style", "") == [
        "auto",
        "plain",
        "unicode",
        "color",
    ]
    assert completions(bash_script, "puzzle", "solve", "x", "-f", "j") == ["json"]
