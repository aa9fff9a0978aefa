"""The README's examples are run: its shell sessions, its doctests and its pictures.

A shell session is an indented block whose first line starts with ``$ ``: each
``$ command`` is run with bash in a fresh temporary directory holding the files
the README shows (``FILES``), and what it prints (stdout and stderr, as a
terminal shows them) must be the lines that follow it, up to the next ``$ ``.
Times and the engine's name are normalised (``normalise``); a block with a rich
table is compared word by word, since its width follows the engine's name.

A block that cannot be run here (a benchmark record, a server, output that is
not shown) is marked, invisibly, by the comment ``<!-- readme-test: not run:
REASON -->`` on the line before it; an unmarked session must run.
"""

from __future__ import annotations

import difflib
import doctest
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import BOARDS, without_engine_warning

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
NOT_RUN = re.compile(r"<!-- readme-test: not run: .+ -->")
# The files the README's sessions read, as the README shows them (with `cat`).
FILES = {"sample.txt": BOARDS / "sample-65.txt", "nauck.txt": BOARDS / "nauck-1850-2.txt"}
# The programs a session may run; anything else has to be marked as not run.
PROGRAMS = {"queens", "printf", "cat", "echo"}
TIMEOUT = 120  # seconds for one command: a README example that takes longer is marked


@dataclass(frozen=True)
class Command:
    line: int  # 1-based line of the README
    text: str  # without the "$ "
    output: str  # what the README shows it printing


@dataclass(frozen=True)
class Session:
    line: int  # 1-based line of the README where the block starts
    commands: tuple[Command, ...]
    runnable: bool


def indented_blocks(lines: list[str]) -> list[tuple[int, list[str], str]]:
    """(0-based start, dedented lines, the last non-blank line before it) of each code block."""
    blocks = []
    fenced = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            fenced = not fenced
        starts = line.startswith("    ") and (i == 0 or not lines[i - 1].strip())
        if fenced or not starts:
            i += 1
            continue
        start = i
        while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
            i += 1
        body = [line[4:] for line in lines[start:i]]
        while body and not body[-1].strip():
            body.pop()
        before = next((lines[j] for j in range(start - 1, -1, -1) if lines[j].strip()), "")
        blocks.append((start, body, before))
    return blocks


def sessions(text: str = "") -> list[Session]:
    """The README's shell sessions, in order."""
    lines = (text or README.read_text(encoding="utf-8")).splitlines()
    found = []
    for start, body, before in indented_blocks(lines):
        if not body[0].startswith("$ "):
            continue
        commands: list[Command] = []
        for offset, line in enumerate(body):
            if line.startswith("$ "):
                commands.append(Command(start + offset + 1, line[2:], ""))
            else:
                last = commands[-1]
                commands[-1] = Command(last.line, last.text, last.output + line + "\n")
        found.append(Session(start + 1, tuple(commands), not NOT_RUN.fullmatch(before.strip())))
    return found


# A duration as queens writes one (queens.show.compare.describe_seconds): 0.012 s, 3.2 min.
DURATION = re.compile(r"\b\d+(?:\.\d+)?(?:e[+-]?\d+)? (?:s|min|h|days|years)\b")
ELAPSED = re.compile(r'"elapsed": [0-9.e+-]+')
ENGINE = re.compile(r"compiled C kernel(?:, AVX-512|, AVX2)?|pure-Python engine \([^)\n│]*\)")
BOX = re.compile(r"[\u2500-\u257f]")  # rich's table borders


def normalise(output: str) -> str:
    """Times and the engine's name made alike; trailing spaces and blank lines dropped."""
    output = without_engine_warning(output)  # a machine without the compiled kernel
    output = ELAPSED.sub('"elapsed": <t>', output)
    output = DURATION.sub("<t>", output)
    output = ENGINE.sub("<engine>", output)
    return "\n".join(line.rstrip() for line in output.rstrip().splitlines())


def alike(expected: str, actual: str) -> bool:
    """Equal lines, or equal words for a rich table (its width follows the engine's name)."""
    if BOX.search(expected) or BOX.search(actual):
        return BOX.sub(" ", expected).split() == BOX.sub(" ", actual).split()
    return expected == actual


def environment(columns: int = 80) -> dict[str, str]:
    """This interpreter's `queens` first on PATH, and a plain terminal of ``columns`` for rich."""
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    bin_dir = str(Path(sys.executable).parent)
    env.update(PATH=bin_dir + os.pathsep + env.get("PATH", ""), COLUMNS=str(columns), NO_COLOR="1")
    return env


def run(command: Command, status: int, directory: Path) -> tuple[str, int]:
    # A table is compared word by word, at a width where no cell wraps (a long engine name
    # would wrap at 80 columns and mix its words with the numbers beside it).
    columns = 200 if BOX.search(command.output) else 80
    # `(exit N)` first, so `echo $?` shows the previous command's status as in a shell.
    try:
        result = subprocess.run(
            ["bash", "-c", f"(exit {status}); {command.text}"],
            cwd=directory,
            env=environment(columns),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(
            f"README.md line {command.line}: `{command.text}` ran over {TIMEOUT} s; make it "
            "quicker or mark its block `<!-- readme-test: not run: REASON -->`",
            pytrace=False,
        )
    return result.stdout, result.returncode


def transcript(commands: list[tuple[Command, str]]) -> list[str]:
    """The session as lines to compare by eye: a table's words, without its borders."""
    lines = []
    for command, output in commands:
        lines.append(f"$ {command.text}")
        for line in normalise(output).splitlines():
            cells = [" ".join(cell.split()) for cell in BOX.split(line)]
            if len(cells) > 1 and any(cells):
                lines.append(" | ".join(cell for cell in cells if cell))
            elif len(cells) == 1:
                lines.append(" ".join(line.split()) if BOX.search(output) else line)
    return lines


def program(command: Command) -> str:
    return command.text.split()[0]


ALL = sessions()
RUNNABLE = [s for s in ALL if s.runnable]


def name(session: Session) -> str:
    return f"line {session.line}: {session.commands[0].text.split('#')[0].strip()}"


@pytest.mark.parametrize("session", RUNNABLE, ids=name)
def test_a_readme_session_prints_what_the_readme_shows(session: Session, tmp_path: Path) -> None:
    assert shutil.which("queens", path=environment()["PATH"]), "the queens command is missing"
    for file, source in FILES.items():
        shutil.copyfile(source, tmp_path / file)
    status = 0
    actual: list[tuple[Command, str]] = []
    for command in session.commands:
        output, status = run(command, status, tmp_path)
        actual.append((command, output))
    expected = [(command, command.output) for command in session.commands]
    if not all(
        alike(normalise(want), normalise(got))
        for (_, want), (_, got) in zip(expected, actual, strict=True)
    ):
        diff = difflib.unified_diff(
            transcript(expected), transcript(actual), "README.md", "the program", lineterm=""
        )
        pytest.fail(
            f"README.md line {session.line}: the program's output differs from the README "
            "(times and the engine's name normalised); update the README or the program:\n"
            + "\n".join(diff),
            pytrace=False,
        )


def test_every_session_runs_or_says_why_not() -> None:
    assert len(RUNNABLE) >= 8, "the README's examples were not found"
    for session in RUNNABLE:
        for command in session.commands:
            assert program(command) in PROGRAMS, (
                f"README.md line {command.line}: `{command.text}` is not a command this test "
                f"runs ({', '.join(sorted(PROGRAMS))}); give it a runnable form or put "
                "`<!-- readme-test: not run: REASON -->` on the line before its block"
            )


def test_every_not_run_mark_stands_before_a_session() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    marks = [i + 1 for i, line in enumerate(lines) if line.startswith("<!-- readme-test:")]
    marked = len(ALL) - len(RUNNABLE)
    assert all(NOT_RUN.fullmatch(lines[i - 1].strip()) for i in marks), marks
    assert marked == len(marks), f"marks at lines {marks} but {marked} sessions are marked"


def test_no_dollar_prompt_outside_a_session() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    in_sessions = {c.line for s in ALL for c in s.commands}
    strays = [
        i + 1
        for i, line in enumerate(lines)
        if line.startswith("    $ ") and i + 1 not in in_sessions
    ]
    assert not strays, f"README.md lines {strays}: a `$ ` command inside another block"


def test_the_session_parser_and_the_comparison_can_fail() -> None:
    text = (
        "Text\n\n    $ queens count 8\n    92\n    $ echo $?\n    0\n\n"
        "<!-- readme-test: not run: why -->\n\n    $ queens serve\n"
    )
    found = sessions(text)
    assert [s.runnable for s in found] == [True, False]
    assert [(c.text, c.output) for c in found[0].commands] == [
        ("queens count 8", "92\n"),
        ("echo $?", "0\n"),
    ]
    assert not alike(normalise("92\n"), normalise("93\n"))
    assert alike(normalise("took 1.5 s\n"), normalise("took 0.25 s\n"))
    assert alike(normalise("skipped: ~74 s > 10 s"), normalise("skipped: ~2.4 min > 10 s"))
    assert alike(
        normalise("┃ a ┃ compiled C kernel, AVX2 ┃"), normalise("│  a │ pure-Python engine (x) │")
    )


def test_the_library_examples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ```python blocks with >>> in the README, as doctests, beside the README's files."""
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)
    examples = "\n".join(block for block in blocks if ">>>" in block)
    assert examples, "the README's library examples were not found"
    for file, source in FILES.items():
        shutil.copyfile(source, tmp_path / file)
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest(examples, {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


PICTURE = re.compile(r"`queens ((?:render|tree)\s[^`]*?--out\s+(docs/[\w.-]+\.svg))`")


@pytest.mark.parametrize("match", list(PICTURE.finditer(README.read_text())), ids=lambda m: m[2])
def test_the_pictures_in_docs_are_what_their_commands_make(
    match: re.Match[str], tmp_path: Path
) -> None:
    """The README names the command of each picture in docs/; it must still make that file."""
    arguments, picture = " ".join(match[1].split()), match[2]
    made = tmp_path / Path(picture).name
    command = Command(0, "queens " + arguments.replace(picture, str(made)), "")
    output, status = run(command, 0, tmp_path)
    assert status == 0, output
    assert made.read_bytes() == (ROOT / picture).read_bytes(), (
        f"`queens {arguments}` no longer makes {picture}: run it and commit the new picture"
    )


def test_every_picture_in_docs_has_its_command() -> None:
    named = {match[2] for match in PICTURE.finditer(README.read_text())}
    pictures = {f"docs/{path.name}" for path in (ROOT / "docs").glob("*.svg")}
    assert pictures and pictures <= named, f"no `queens ... --out` command for {pictures - named}"
