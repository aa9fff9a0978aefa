"""The examples of the README and of every page of the docs (``docs/**/*.md``) are run:
their shell sessions, their doctests, and the pictures they show.

A shell session is an indented block whose first line starts with ``$ ``: each
``$ command`` is run with bash in a fresh temporary directory holding the files
the pages show (``FILES``), and what it prints (stdout and stderr, as a
terminal shows them) must be the lines that follow it, up to the next ``$ ``.
Times and the engine's name are normalised (``normalise``); a block with a rich
table is compared word by word, since its width follows the engine's name.

A block that cannot be run here (a benchmark record, a server, output that is
not shown) is marked, invisibly, by the comment ``<!-- docs-test: not run:
REASON -->`` (or ``readme-test``) on the line before it; an unmarked session
must run.  The ```` ```python ```` and ```` ```pycon ```` blocks with ``>>>`` of a
page run as one doctest, in the same directory of files.
"""

from __future__ import annotations

import argparse
import difflib
import doctest
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from conftest import BOARDS, without_engine_warning

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
DOCUMENTS = [README, *sorted((ROOT / "docs").rglob("*.md"))]
NOT_RUN = re.compile(r"<!-- (?:readme|docs)-test: not run: .+ -->")
# The files the pages' sessions read, as the pages show them (with `cat`).
FILES = {
    "sample.txt": BOARDS / "sample-65.txt",
    "nauck.txt": BOARDS / "nauck-1850-2.txt",
    "stars.txt": BOARDS.parent / "stars-8.txt",
}
# The programs a session may run; anything else has to be marked as not run.
PROGRAMS = {"queens", "printf", "cat", "echo"}
TIMEOUT = 120  # seconds for one command: an example that takes longer is marked


def shown(path: Path) -> str:
    """A page's name as the failures say it: README.md, docs/guides/counting.md."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name


@dataclass(frozen=True)
class Command:
    line: int  # 1-based line of the page
    text: str  # without the "$ "
    output: str  # what the page shows it printing


@dataclass(frozen=True)
class Session:
    line: int  # 1-based line of the page where the block starts
    commands: tuple[Command, ...]
    runnable: bool
    page: str = "README.md"


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


def sessions(text: str, page: str = "README.md") -> list[Session]:
    """The shell sessions of a page's text, in order."""
    lines = text.splitlines()
    found = []
    for start, body, before in indented_blocks(lines):
        if not body[0].startswith("$ "):
            continue
        commands: list[Command] = []
        for offset, line in enumerate(body):
            if line.startswith("$ "):
                commands.append(Command(start + offset + 1, line[2:], ""))
            elif commands[-1].text.endswith("\\") and not commands[-1].output:
                last = commands[-1]  # a command continued on the next line, as bash reads it
                commands[-1] = Command(last.line, f"{last.text}\n{line}", "")
            else:
                last = commands[-1]
                commands[-1] = Command(last.line, last.text, last.output + line + "\n")
        runnable = not NOT_RUN.fullmatch(before.strip())
        found.append(Session(start + 1, tuple(commands), runnable, page))
    return found


# A duration as queens writes one (queens.show.compare.describe_seconds): 0.012 s, 3.2 min.
DURATION = re.compile(r"\b\d+(?:\.\d+)?(?:e[+-]?\d+)? (?:s|min|h|days|years)\b")
ELAPSED = re.compile(r'"elapsed": [0-9.e+-]+')
ENGINE = re.compile(
    r"compiled C kernel(?:, AVX-512|, AVX2|, generic vector)?|pure-Python engine \([^)\n│]*\)"
)
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


def run(command: Command, status: int, directory: Path, page: str = "") -> tuple[str, int]:
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
            f"{page} line {command.line}: `{command.text}` ran over {TIMEOUT} s; make it "
            "quicker or mark its block `<!-- docs-test: not run: REASON -->`",
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


TEXTS = {shown(path): path.read_text(encoding="utf-8") for path in DOCUMENTS}
ALL = [session for page, text in TEXTS.items() for session in sessions(text, page)]
RUNNABLE = [s for s in ALL if s.runnable]
# A session shown on two pages (the README's tour is also Getting started's) is run once.
DISTINCT = list(
    {tuple((c.text, c.output) for c in s.commands): s for s in reversed(RUNNABLE)}.values()
)[::-1]


def name(session: Session) -> str:
    return f"{session.page}:{session.line}: {session.commands[0].text.split('#')[0].strip()}"


# Sessions that need an extra: PNG pictures need Pillow, reading a picture Pillow and numpy.
EXTRAS = {".png": ("PIL",), "puzzle read": ("PIL", "numpy")}


def require_extras(session: Session) -> None:
    """Skip (visibly) a session whose extra is missing; under CI=true, fail instead."""
    for mark, modules in EXTRAS.items():
        if not any(mark in command.text for command in session.commands):
            continue
        for module in modules:
            if importlib.util.find_spec(module) is None:
                reason = f"{module} is not installed (pip install -e '.[png,read]')"
                if os.environ.get("CI") == "true":
                    pytest.fail(f"CI=true but {reason}", pytrace=False)
                pytest.skip(reason)


# Sessions whose exact output is the compiled kernel's: the generators' repairs are steered
# by the kernel's counts, so a seed gives another grid on the pure-Python engines (the
# region-puzzle guide says so).
KERNEL_MADE = ("puzzle generate", "--stars 2 --seed", "daily 2026-01-05 --stars")


def require_kernel(session: Session) -> None:
    """Skip (visibly) a session whose output the compiled kernel makes, where it is not in use."""
    from queens.engines.counting import kernel

    made = any(mark in c.text for mark in KERNEL_MADE for c in session.commands)
    if made and not kernel.compiled():
        pytest.skip("a generated grid depends on the engine: the compiled kernel is not in use")


@pytest.mark.parametrize("session", DISTINCT, ids=name)
def test_a_session_prints_what_its_page_shows(session: Session, tmp_path: Path) -> None:
    assert shutil.which("queens", path=environment()["PATH"]), "the queens command is missing"
    require_extras(session)
    require_kernel(session)
    for file, source in FILES.items():
        shutil.copyfile(source, tmp_path / file)
    status = 0
    actual: list[tuple[Command, str]] = []
    for command in session.commands:
        output, status = run(command, status, tmp_path, session.page)
        actual.append((command, output))
    expected = [(command, command.output) for command in session.commands]
    if not all(
        alike(normalise(want), normalise(got))
        for (_, want), (_, got) in zip(expected, actual, strict=True)
    ):
        diff = difflib.unified_diff(
            transcript(expected), transcript(actual), session.page, "the program", lineterm=""
        )
        pytest.fail(
            f"{session.page} line {session.line}: the program's output differs from the page "
            "(times and the engine's name normalised); update the page or the program:\n"
            + "\n".join(diff),
            pytrace=False,
        )


def test_every_session_runs_or_says_why_not() -> None:
    assert len(RUNNABLE) >= 8, "the examples were not found"
    for session in RUNNABLE:
        for command in session.commands:
            assert program(command) in PROGRAMS, (
                f"{session.page} line {command.line}: `{command.text}` is not a command this "
                f"test runs ({', '.join(sorted(PROGRAMS))}); give it a runnable form or put "
                "`<!-- docs-test: not run: REASON -->` on the line before its block"
            )


@pytest.mark.parametrize("page", list(TEXTS))
def test_every_not_run_mark_stands_before_a_session(page: str) -> None:
    lines = TEXTS[page].splitlines()
    marks = [i + 1 for i, line in enumerate(lines) if re.match(r"<!-- \w+-test:", line)]
    marked = sum(1 for s in ALL if s.page == page and not s.runnable)
    assert all(NOT_RUN.fullmatch(lines[i - 1].strip()) for i in marks), (page, marks)
    assert marked == len(marks), f"{page}: marks at lines {marks} but {marked} sessions marked"


@pytest.mark.parametrize("page", list(TEXTS))
def test_no_dollar_prompt_outside_a_session(page: str) -> None:
    lines = TEXTS[page].splitlines()
    in_sessions = {c.line for s in ALL if s.page == page for c in s.commands}
    strays = [
        i + 1
        for i, line in enumerate(lines)
        if line.lstrip().startswith("$ ") and line.startswith("    ") and i + 1 not in in_sessions
    ]
    assert not strays, f"{page} lines {strays}: a `$ ` command inside another block"


def test_the_session_parser_and_the_comparison_can_fail() -> None:
    text = (
        "Text\n\n    $ queens count 8\n    92\n    $ echo $?\n    0\n\n"
        "<!-- readme-test: not run: why -->\n\n    $ queens serve\n"
    )
    found = sessions(text, "test.md")
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


LIBRARY_BLOCK = re.compile(r"^( *)```(?:python|pycon)\n(.*?)^\1```", flags=re.MULTILINE | re.DOTALL)
WITH_EXAMPLES = [page for page, text in TEXTS.items() if re.search(r"^ *>>> ", text, re.M)]


@pytest.mark.parametrize("page", WITH_EXAMPLES)
def test_the_library_examples(page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ```python (or ```pycon) blocks with >>> of a page, as one doctest, beside the
    pages' files."""
    blocks = [textwrap.dedent(block) for _, block in LIBRARY_BLOCK.findall(TEXTS[page])]
    examples = "\n".join(block for block in blocks if ">>>" in block)
    assert examples, f"{page}: a >>> outside a ```python or ```pycon block"
    for file, source in FILES.items():
        shutil.copyfile(source, tmp_path / file)
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest(examples, {}, page, page, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


def test_the_library_examples_are_found() -> None:
    assert {"README.md", "docs/getting-started.md"} <= set(WITH_EXAMPLES)


def docs_tool(name: str) -> ModuleType:
    """A module of the docs' tooling (``docs/tools/NAME.py``, ``docs/NAME.py``), by path."""
    path = ROOT / "docs" / "tools" / f"{name}.py"
    path = path if path.exists() else ROOT / "docs" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"docs_{name}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PICTURES = docs_tool("make_pictures")


@pytest.mark.parametrize("picture", list(PICTURES.SVG_COMMANDS))
def test_the_svgs_in_docs_are_what_their_commands_make(picture: str, tmp_path: Path) -> None:
    made = PICTURES.make_svg(picture, tmp_path)
    assert made.read_bytes() == (ROOT / "docs" / picture).read_bytes(), (
        f"docs/make_pictures.py no longer makes docs/{picture}: run it and commit the picture"
    )


def test_every_picture_in_docs_is_made_by_the_script() -> None:
    pictures = {p.name for p in (ROOT / "docs").glob("*") if p.suffix in (".svg", ".png")}
    made = set(PICTURES.SVG_COMMANDS) | set(PICTURES.SCREENSHOTS)
    assert pictures and pictures == made, f"not made by docs/make_pictures.py: {pictures - made}"
    for name in PICTURES.SCREENSHOTS:
        assert (ROOT / "docs" / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_pictures_the_readme_shows_exist() -> None:
    shown_pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", TEXTS["README.md"])
    assert shown_pictures, "the README shows no picture"
    assert all((ROOT / picture).is_file() for picture in shown_pictures), shown_pictures


REFERENCE = docs_tool("cli_reference")
COMMANDS_PAGE = TEXTS["docs/commands.md"]


@pytest.mark.parametrize("path", list(REFERENCE.commands()), ids=" ".join)
def test_every_command_has_its_reference_and_a_worked_example(path: tuple[str, ...]) -> None:
    """docs/commands.md has a section of each command with the marker of its generated
    reference and an example that runs it (or, for a server, is marked)."""
    command = " ".join(path)
    section = re.search(
        rf"^#+ queens {command}\n(.*?)(?=^#+ queens |\Z)", COMMANDS_PAGE, re.M | re.S
    )
    assert section, f"docs/commands.md has no heading 'queens {command}'"
    assert f"<!-- options: {command} -->" in section[1]
    if subcommands := REFERENCE.subcommands(REFERENCE.parser_for(path)):
        assert all(f"queens {command} {name}" in COMMANDS_PAGE for name in subcommands)
        return
    examples = [c.text for s in ALL if s.page == "docs/commands.md" for c in s.commands]
    assert any(re.search(rf"\bqueens {command}\b", text) for text in examples), (
        f"docs/commands.md: no worked example of 'queens {command}'"
    )


def test_the_reference_is_the_parsers() -> None:
    """Every argument of every command is in the generated page, and a marker that names no
    command fails."""
    for path in [(), *REFERENCE.commands()]:
        text = REFERENCE.expand(f"<!-- options:{''.join(' ' + p for p in path)} -->")
        parser = REFERENCE.parser_for(path)
        assert text.lstrip().startswith("usage: queens")
        for action in parser._actions:
            shown_in_help = action.help != argparse.SUPPRESS
            if action.option_strings and shown_in_help and action.dest != "help":
                assert action.option_strings[-1] in text, (path, action.option_strings)
    with pytest.raises(KeyError):
        REFERENCE.expand("<!-- options: no-such-command -->")


def test_the_docstrings_have_no_sphinx_roles() -> None:
    """mkdocstrings shows ``code``, not :class:`X`: docs/tools/plain_roles.py rewrites them."""
    roles = docs_tool("plain_roles")
    left = [
        f"{path.relative_to(ROOT)}: {found}"
        for path in sorted((ROOT / "src").rglob("*.py"))
        if (found := roles.ROLE.findall(path.read_text(encoding="utf-8")))
    ]
    assert left == [], "run python docs/tools/plain_roles.py"
    assert roles.rewrite(":class:`~queens.board.Board`, :func:`queens.count`") == (
        "``Board``, ``queens.count``"
    )


def test_the_doctests_of_docstrings_are_fenced_for_the_site() -> None:
    pytest.importorskip("griffe", reason="the docs extra (griffe) is not installed")
    fenced = docs_tool("doctest_blocks").fenced
    text = "Sum:\n\n>>> 1 + 1\n2\n\nDone.\n    >>> x\n    1"
    assert fenced(text).splitlines() == [
        "Sum:", "", "```pycon", ">>> 1 + 1", "2", "```", "", "Done.", "",
        "    ```pycon", "    >>> x", "    1", "    ```",
    ]  # fmt: skip


def slug(heading: str) -> str:
    """A heading's anchor as MkDocs and GitHub both make it for plain words."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_readme_links_resolve() -> None:
    """The README's links to files and pages lead somewhere, on GitHub as in a checkout
    (the site checks its own links when built with --strict)."""
    links = re.findall(r"\]\(([^)\s]+)\)", TEXTS["README.md"])
    local = [link for link in links if "://" not in link]
    assert len(local) >= 15, local
    for link in local:
        path, _, anchor = link.partition("#")
        target = ROOT / path
        assert target.exists(), f"README.md links to {path}, which does not exist"
        if anchor:
            headings = re.findall(r"^#+ (.+)$", target.read_text(encoding="utf-8"), re.M)
            assert anchor in {slug(h) for h in headings}, f"README.md: no #{anchor} in {path}"
    pages = {p.relative_to(ROOT).as_posix() for p in (ROOT / "docs" / "guides").glob("*.md")}
    assert pages <= {link.partition("#")[0] for link in local}, "a guide the README omits"
