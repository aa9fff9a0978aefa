"""The parser every command shares: suggestions, no abbreviations, short options, N for check,
pictures on standard output."""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from queens.cli import COMMANDS, build_parser, main
from queens.cli.common import SHORT_OPTIONS, nearest


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one-line usage error ``argv`` ends in (exit 2, nothing on stdout)."""
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, ""), err
    assert err.startswith("queens: error: ") and err.count("\n") == 1
    return err


# -- did you mean ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "suggestion", "help_of"),
    [
        (["slove", "8"], "did you mean 'solve'?", "queens"),
        (["cuont", "8"], "did you mean 'count'?", "queens"),
        (["count", "8", "--rule", "toroidl"], "did you mean 'toroidal'?", "queens count"),
        (["puzzle", "slove", "x"], "did you mean 'solve'?", "queens puzzle"),
        (["generate", "diagonal", "8"], "did you mean 'diagonals'?", "queens generate"),
        (["solve", "8", "--fromat", "list"], "(did you mean --format?)", "queens solve"),
        (["solve", "8", "--limt=3"], "(did you mean --limit?)", "queens solve"),
        (["count", "8", "--workres", "2"], "(did you mean --workers?)", "queens count"),
        (["--verison"], "(did you mean --version?)", "queens"),
        # values the commands check themselves
        (["solve", "8", "-f", "lst"], "did you mean 'list'?", "queens solve"),
        (["solve", "8", "-m", "serch"], "did you mean 'search'?", "queens solve"),
        (["solve", "8", "--style", "colr"], "did you mean 'color'?", "queens solve"),
        (["trace", "5", "--algorithm", "bitmsk"], "did you mean 'bitmask'?", "queens trace"),
        (
            ["puzzle", "generate", "8", "--difficulty", "hrd"],
            "did you mean 'hard'?",
            "queens puzzle generate",
        ),
    ],
)
def test_a_misspelt_command_choice_or_option_suggests_the_nearest(
    capsys: pytest.CaptureFixture[str], argv: list[str], suggestion: str, help_of: str
) -> None:
    err = usage_error(capsys, *argv)
    assert suggestion in err
    assert err.endswith(f"; see '{help_of} --help'\n")


def test_the_suggestion_message_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(capsys, "solve", "8", "--fromat", "list")
    assert err == (
        "queens: error: unrecognized arguments: --fromat list (did you mean --format?); "
        "see 'queens solve --help'\n"
    )


def test_a_misspelt_value_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    assert usage_error(capsys, "solve", "8", "-f", "lst") == (
        "queens: error: unknown format 'lst' (choose from board, list, letters, json); "
        "did you mean 'list'?; see 'queens solve --help'\n"
    )


@pytest.mark.parametrize(
    "argv", [["bogus"], ["solve", "8", "--frobnicate"], ["solve", "8", "-f", "xyz"]]
)
def test_nothing_close_suggests_nothing(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert "did you mean" not in usage_error(capsys, *argv)


def test_nearest() -> None:
    assert nearest("slove", list(COMMANDS)) == "solve"
    assert nearest("plna", list(COMMANDS)) == "plan"
    assert nearest("xyzzy", list(COMMANDS)) is None


# -- no abbreviations ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "8", "--form", "list"],
        ["solve", "8", "--al"],
        ["count", "8", "--uniq"],
        ["check", "--si", "8"],
        ["render", "6", "--ou", "x.svg"],
    ],
)
def test_abbreviated_options_are_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    err = usage_error(capsys, *argv)
    assert "unrecognized arguments" in err or "required" in err


def every_parser(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in set(action.choices.values()):
                yield from every_parser(sub)


def test_every_parser_refuses_abbreviations() -> None:
    parsers = list(every_parser(build_parser(every=True)))
    assert len(parsers) > len(COMMANDS)  # the sub-commands of puzzle and generate too
    assert all(not parser.allow_abbrev for parser in parsers)


# -- short options ---------------------------------------------------------------------------


def test_short_options_are_the_same_in_every_command() -> None:
    """Each long option in SHORT_OPTIONS has its short form wherever it appears, and a
    short form means one long option everywhere."""
    seen: dict[str, set[str]] = {}
    given = 0
    for parser in every_parser(build_parser(every=True)):
        for action in parser._actions:
            longs = [o for o in action.option_strings if o.startswith("--")]
            shorts = [o for o in action.option_strings if not o.startswith("--")]
            for option in longs:
                if option in SHORT_OPTIONS:
                    assert SHORT_OPTIONS[option] in shorts, (parser.prog, option)
                    given += 1
            for short in shorts:
                seen.setdefault(short, set()).update(longs)
    assert given > 30
    assert all(len(longs) == 1 for short, longs in seen.items() if short != "-h"), seen
    assert len(set(SHORT_OPTIONS.values())) == len(SHORT_OPTIONS)


@pytest.mark.parametrize(
    ("short", "long"),
    [
        ("solve 8 -a -f list -l 3", "solve 8 --all --format list --limit 3"),
        ("solve 8 -q 5 -f letters", "solve 8 --queens 5 --format letters"),
        ("solve 8 -m construct -f json", "solve 8 --method construct --format json"),
        ("solve 8 -u -a -f list", "solve 8 --unique --all --format list"),
        ("count 8 -u", "count 8 --unique"),
        ("count 6 -r toroidal -w 1", "count 6 --rule toroidal --workers 1"),
        (
            "count -b tests/data/boards/sample-65.txt",
            "count --board tests/data/boards/sample-65.txt",
        ),
        ("trace 4 -j", "trace 4 --json"),
    ],
)
def test_a_short_option_does_what_its_long_one_does(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, short: str, long: str
) -> None:
    monkeypatch.chdir(Path(__file__).parent.parent)
    by_short = run(capsys, *short.split())
    assert by_short[0] == 0 and by_short[1], by_short
    assert by_short == run(capsys, *long.split())


def test_errors_name_the_long_option(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(capsys, "solve", "8", "-l", "0")
    assert "--limit must be a whole number of at least 1" in err and "-l/" not in err
    assert "required: --out" in usage_error(capsys, "render", "6")


def test_help_shows_both_forms(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "--help")
    assert status == 0
    assert "-f FORMAT, --format FORMAT" in out and "-a, --all" in out


# -- pictures on standard output --------------------------------------------------------------


@pytest.mark.parametrize(
    "argv", [["render", "6"], ["tree", "4"], ["render", "5", "--all", "--pixels", "40"]]
)
def test_out_dash_writes_svg_to_stdout(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, *argv, "--out", "-")
    assert (status, err) == (0, "")
    assert out.startswith("<svg") and out.rstrip().endswith("</svg>")
    assert run(capsys, *argv, "-o", "-") == (status, out, err)


def test_puzzle_render_out_dash(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    grid = tmp_path / "grid.txt"
    status, _, _ = run(capsys, "puzzle", "generate", "6", "--seed", "1", "--out", str(grid))
    assert status == 0
    status, out, _ = run(capsys, "puzzle", "render", str(grid), "-o", "-")
    assert status == 0 and out.startswith("<svg")


def test_out_names_what_it_takes(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(capsys, "render", "6", "-o", "x.gif")
    assert "--out must name a .svg or .png file (or - for SVG on standard output)" in err


# -- check takes N ---------------------------------------------------------------------------


def test_check_takes_n_and_reads_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    placements = "[1, 5, 8, 6, 3, 7, 2, 4]\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(placements.encode())))
    assert run(capsys, "check", "8") == (0, "line 1: ok\n", "")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(placements.encode())))
    status, out, _ = run(capsys, "check", "9")
    assert status == 1 and out == "line 1: a placement for a board of size 8, expected 9\n"


def test_check_takes_n_and_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("[1, 5, 8, 6, 3, 7, 2, 4]\n")
    assert run(capsys, "check", "8", str(path)) == (0, "line 1: ok\n", "")
    assert run(capsys, "check", str(path)) == (0, "line 1: ok\n", "")
    assert run(capsys, "check", "8x8", str(path)) == (0, "line 1: ok\n", "")
    assert run(capsys, "check", "8", str(path), "--size", "8") == (0, "line 1: ok\n", "")
    err = usage_error(capsys, "check", "8", str(path), "--size", "9")
    assert "N is 8 but --size is 9" in err
    assert "N must be a whole number of at least 1, got '0'" in usage_error(capsys, "check", "0")


# -- one meaning per option name: old spellings kept for a release ------------------------------


@pytest.mark.parametrize(
    ("old", "new", "warning"),
    [
        (
            ["generate", "diagonals", "8", "--seed", "1", "--count", "3"],
            ["generate", "diagonals", "8", "--seed", "1", "--diagonals", "3"],
            "--count is now --diagonals in 'queens generate diagonals'",
        ),
        (
            ["render", "4", "--size", "50", "--out", "{tmp}/old.svg"],
            ["render", "4", "--pixels", "50", "--out", "{tmp}/new.svg"],
            "--size is now --pixels in 'queens render'",
        ),
    ],
)
def test_an_old_spelling_still_works_with_a_warning(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    old: list[str],
    new: list[str],
    warning: str,
) -> None:
    old, new = ([arg.format(tmp=tmp_path) for arg in argv] for argv in (old, new))
    status, out, err = run(capsys, *new)
    assert (status, err) == (0, "")
    assert run(capsys, *old) == (
        0,
        out,
        f"queens: warning: {warning} (the old spelling goes in the next release)\n",
    )


def test_compares_old_time_limit_still_works_with_a_warning(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Its table holds times, so only the limit's effect is compared: none skipped."""
    status, out, err = run(capsys, "compare", "5", "--limit-seconds", "60")
    assert status == 0 and "all 6 algorithms that ran agree: 10 solutions" in out
    assert err == (
        "queens: warning: --limit-seconds is now --timeout in 'queens compare' "
        "(the old spelling goes in the next release)\n"
    )


def test_an_old_spelling_is_hidden_from_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "--help"]) == 0
    text = capsys.readouterr().out
    assert "--pixels PX" in text and "--size" not in text


def test_the_new_diagonals_option_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(capsys, "generate", "diagonals", "8")
    assert "the following arguments are required: --diagonals" in err


def test_an_old_spelling_gives_the_same_picture(tmp_path: Path) -> None:
    assert main(["render", "4", "--size", "50", "--out", str(tmp_path / "old.svg")]) == 0
    assert main(["render", "4", "--pixels", "50", "--out", str(tmp_path / "new.svg")]) == 0
    assert (tmp_path / "old.svg").read_text() == (tmp_path / "new.svg").read_text()
