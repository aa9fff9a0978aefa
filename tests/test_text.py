"""Text boards: plain, unicode and colour styles, rich rendering, solve --style."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from queens.board import Board
from queens.cli import main
from queens.formats import render
from queens.rules import Rule
from queens.show.text import (
    PALETTE,
    attacked_squares,
    plain_board,
    resolve_style,
    rich_board,
    styled_board,
    unicode_board,
)
from queens.solution import Solution

FOUR = Solution([1, 3, 0, 2])
GIVENS = Board.build(4, reserved=[(0, 0), (3, 3)], queens=[(1, 3)])


def rgb(color: str) -> str:
    return ";".join(str(int(color[i : i + 2], 16)) for i in (1, 3, 5))


def square(text: str, background: str, ink: str | None = None) -> str:
    """One square as rich writes it in truecolor: bold ink on a background."""
    if ink is None:
        return f"\x1b[48;2;{rgb(background)}m{text}\x1b[0m"
    return f"\x1b[1;38;2;{rgb(ink)};48;2;{rgb(background)}m{text}\x1b[0m"


def printed(renderable: object, color_system: str | None) -> str:
    out = io.StringIO()
    console = Console(file=out, width=30, color_system=color_system, force_terminal=True)  # type: ignore[arg-type]
    console.print(renderable)
    return out.getvalue()


def test_plain_and_unicode() -> None:
    assert plain_board(GIVENS, [2, 3, 1, 0]) == "* . Q .\n. . . Q\n. Q . .\nQ . . *"
    assert unicode_board(GIVENS, [2, 3, 1, 0]) == ("\u2573 · ♛ ·\n· · · ♕\n· ♛ · ·\n♛ · · \u2573")
    assert unicode_board(Board.empty(2)) == "· ·\n· ·"


def test_rich_solution_without_colour_is_exact() -> None:
    assert printed(FOUR, None) == "  ♛     \n      ♛ \n♛       \n    ♛   \n"


def test_rich_solution_in_truecolor_is_exact() -> None:
    light, dark, queen = PALETTE["light"], PALETTE["dark"], PALETTE["queen"]
    rows = []
    for row, col in enumerate(FOUR):
        cells = []
        for c in range(4):
            background = light if (row + c) % 2 == 0 else dark
            cells.append(square("♛ ", background, queen) if c == col else square("  ", background))
        rows.append("".join(cells))
    assert printed(FOUR, "truecolor") == "\n".join(rows) + "\n"


def test_rich_board_marks_givens() -> None:
    output = printed(GIVENS, "truecolor")
    assert square("♛ ", PALETTE["light"], PALETTE["fixed queen"]) in output
    assert output.count("\u2573") == 2
    assert output.count(rgb(PALETTE["reserved"])) == 2


def test_attacked_squares() -> None:
    assert attacked_squares([(0, 0)], 3) == {(0, 1), (0, 2), (1, 0), (2, 0), (1, 1), (2, 2)}
    styles = [str(span.style) for span in rich_board(Board.empty(3), [0], attacked=True).spans]
    # (0, 2), (2, 0), (1, 1), (2, 2) are light, (0, 1) and (1, 0) dark.
    assert sum(PALETTE["light attacked"] in style for style in styles) == 4
    assert sum(PALETTE["dark attacked"] in style for style in styles) == 2
    plain = [str(span.style) for span in rich_board(Board.empty(3), [0]).spans]
    assert not any(PALETTE["light attacked"] in style for style in plain)


def test_styles_for_the_board_format() -> None:
    assert render(FOUR, "board", style="plain") == FOUR.board()
    assert render(FOUR, "board", style="unicode") == "· ♛ · ·\n· · · ♛\n♛ · · ·\n· · ♛ ·"
    coloured = render(FOUR, "board", style="color")
    assert coloured.count("\x1b[") > 16 and "♛" in coloured
    with pytest.raises(ValueError, match="unknown style"):
        styled_board(Board.empty(4), FOUR, "sparkly")


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_auto_style_follows_the_conventions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert resolve_style("auto", FakeTerminal()) == "color"
    monkeypatch.setenv("NO_COLOR", "")  # no-color.org: only a non-empty value counts
    assert resolve_style("auto", FakeTerminal()) == "color"
    monkeypatch.setenv("TERM", "dumb")
    assert resolve_style("auto", FakeTerminal()) == "plain"
    monkeypatch.setenv("TERM", "xterm")
    assert resolve_style("auto", io.StringIO()) == "plain"
    monkeypatch.setenv("NO_COLOR", "1")
    assert resolve_style("auto", FakeTerminal()) == "plain"
    assert resolve_style("color", io.StringIO()) == "color"


def test_color_asked_for_wins_over_no_color(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(["solve", "4", "--style", "color"]) == 0
    assert "\x1b[" in capsys.readouterr().out


def test_solve_styles_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "4"]) == 0
    assert capsys.readouterr().out == FOUR.board() + "\n"  # not a terminal: plain
    assert main(["solve", "4", "--style", "unicode", "--all"]) == 0
    out = capsys.readouterr().out
    assert out.count("♛") == 8 and "\n\n" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "4", "--style", "sparkly"], "unknown style 'sparkly'"),
        (
            ["solve", "4", "--style", "color", "--format", "list"],
            "--style applies to --format board",
        ),
    ],
)
def test_style_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("queens: error: ") and message in err and err.count("\n") == 1


# -- boards of any shape ------------------------------------------------------------

WIDE = Board.build(4, reserved=[(0, 3)], queens=[(2, 1)], height=3, k=2)


def test_a_rectangle_with_an_empty_row_without_colour_is_exact() -> None:
    """4 columns, 3 rows, 2 queens: the first row left empty, two cells a square."""
    assert printed(Solution([-1, 3, 1], width=4), None) == "        \n      ♛ \n  ♛     \n"


def test_a_rectangle_in_truecolor_is_exact() -> None:
    light, dark = PALETTE["light"], PALETTE["dark"]
    rows = []
    for row in range(3):
        cells = []
        for col in range(4):
            background = light if (row + col) % 2 == 0 else dark
            if (row, col) == (0, 3):
                cells.append(
                    f"\x1b[38;2;221;221;221;48;2;{rgb(PALETTE['reserved'])}m\u2573 \x1b[0m"
                )
            elif (row, col) == (2, 1):
                cells.append(square("♛ ", background, PALETTE["fixed queen"]))
            else:
                cells.append(square("  ", background))
        rows.append("".join(cells))
    assert printed(WIDE, "truecolor") == "\n".join(rows) + "\n"


def test_plain_and_unicode_rectangles() -> None:
    assert plain_board(WIDE, [0, -1, 1]) == "Q . . *\n. . . .\n. Q . ."
    assert unicode_board(WIDE, [0, -1, 1]) == "♛ · · \u2573\n· · · ·\n· ♕ · ·"
    assert styled_board(Board(2, height=3, k=1), [-1, -1, 1], "plain") == ". .\n. .\n. Q"


def test_attacked_squares_on_a_rectangle() -> None:
    assert attacked_squares([(1, 0)], 2, 3) == {(0, 0), (2, 0), (1, 1), (0, 1), (2, 1)}
    # A tall board: rows below the width are attacked too.
    assert (3, 0) in attacked_squares([(0, 0)], 2, 4)


def test_attacked_squares_follow_the_rule() -> None:
    """The torus wraps its diagonals around; the superqueen adds the knight's squares."""
    queen = attacked_squares([(0, 0)], 5)
    torus = attacked_squares([(0, 0)], 5, rule=Rule.TOROIDAL)
    superqueen = attacked_squares([(0, 0)], 5, rule=Rule.SUPERQUEEN)
    assert torus - queen == {(1, 4), (2, 3), (3, 2), (4, 1)}
    assert superqueen - queen == {(1, 2), (2, 1)}
    # rich_board tints the board's own rule's squares: one styled span a square, row by row.
    columns = [0, -1, -1, -1, -1]
    plain = rich_board(Board(5), columns, attacked=True).spans
    tinted = rich_board(Board(5, rule="superqueen"), columns, attacked=True).spans
    changed = {divmod(i, 5) for i, (a, b) in enumerate(zip(plain, tinted, strict=True)) if a != b}
    assert changed == {(1, 2), (2, 1)}
    assert all(PALETTE["dark attacked"] in str(tinted[r * 5 + c].style) for r, c in changed)
