"""The pages read easily: code a reader types fits the page (88 characters, the width the
site shows without scrolling), and no paragraph or list item runs past about 120 words.

Output a page shows (what a command or an example prints) is exempt from the width: it is
the program's own text, verbatim (errors are one line by convention), and the examples'
tests compare it as it stands.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
CODE_WIDTH = 88
PARAGRAPH_WORDS = 120

SPECIAL = re.compile(r"\s*(#|\||<!--|::: |--8<--|!\[|!!!|\?\?\?|<)")
ITEM = re.compile(r"\s*([-*+]|\d+\.)\s")


def name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def code_blocks(lines: list[str]) -> list[tuple[int, list[str]]]:
    """(1-based first line, lines) of each fenced or indented code block, dedented."""
    blocks: list[tuple[int, list[str]]] = []
    fence: list[str] | None = None
    indent = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        if fence is not None:
            if line.strip().startswith("```"):
                blocks.append((i - len(fence) + 1, fence))
                fence = None
            else:
                fence.append(line[indent:])
        elif line.strip().startswith("```"):
            fence, indent = [], len(line) - len(line.lstrip())
        elif line.startswith("    ") and (i == 0 or not lines[i - 1].strip()):
            if i > 0 and _in_list(lines, i):
                i += 1
                continue
            start = i
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                i += 1
            blocks.append((start + 1, [text[4:] for text in lines[start:i]]))
            continue
        i += 1
    return blocks


def _in_list(lines: list[str], i: int) -> bool:
    """Whether an indented line continues a list item (a paragraph of it, not code)."""
    for j in range(i - 1, -1, -1):
        if not lines[j].strip():
            continue
        return bool(ITEM.match(lines[j])) or (
            lines[j].startswith("  ") and not lines[j].startswith("    ")
        )
    return False


def typed_lines(block: list[str]) -> list[tuple[int, str]]:
    """The lines of a code block a reader types or reads as code (offset, text): a
    session's commands (``$ `` and their continuations), an example's ``>>>`` and ``...``
    lines, every line of any other block; not the output they show, nor a message the
    command prints shown on its own (``queens: warning: ...``)."""
    session = any(line.startswith(("$ ", ">>> ")) for line in block)
    typed = []
    continued = False
    for offset, line in enumerate(block):
        command = line.startswith(("$ ", ">>> ", "... ")) or line in (">>>", "...")
        if (not session and not line.startswith("queens: ")) or command or continued:
            typed.append((offset, line))
        continued = (command or continued) and line.endswith("\\")
    return typed


def paragraphs(lines: list[str]) -> list[tuple[int, str]]:
    """(1-based line, text) of each prose paragraph and list item, outside code blocks."""
    in_code = {first + k for first, block in code_blocks(lines) for k in range(len(block))}
    fences = [number for number, line in enumerate(lines, 1) if line.strip().startswith("```")]
    for opening, closing in zip(fences[::2], fences[1::2], strict=False):
        in_code.update(range(opening, closing + 1))
    found: list[tuple[int, str]] = []
    current: list[str] = []
    start = 0
    for number, line in enumerate(lines, 1):
        if number in in_code or not line.strip() or SPECIAL.match(line):
            if current:
                found.append((start, " ".join(current)))
            current = []
            continue
        if ITEM.match(line) and current:
            found.append((start, " ".join(current)))
            current = []
        if not current:
            start = number
        current.append(line.strip())
    if current:
        found.append((start, " ".join(current)))
    return found


def problems(page: Path) -> list[str]:
    lines = page.read_text().splitlines()
    found = []
    for first, block in code_blocks(lines):
        for offset, line in typed_lines(block):
            if len(line) > CODE_WIDTH:
                found.append(f"line {first + offset}: code of {len(line)} characters")
    for number, text in paragraphs(lines):
        words = len(text.split())
        if words > PARAGRAPH_WORDS:
            found.append(f"line {number}: a paragraph of {words} words")
    return found


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_code_fits_and_paragraphs_are_short(page: Path) -> None:
    if page.name == "changelog.md" and page.parent.name == "docs":
        pytest.skip("the changelog's page includes CHANGELOG.md, checked as it is")
    assert problems(page) == []


@pytest.mark.parametrize("guide", sorted((ROOT / "docs" / "guides").glob("*.md")), ids=name)
def test_every_guide_links_to_the_api_it_uses(guide: Path) -> None:
    """A guide's "In Python" note links to the API entries it describes (mkdocs build
    --strict checks each link's anchor exists)."""
    text = guide.read_text()
    assert '!!! tip "In Python"' in text
    assert re.search(r"\]\(\.\./api/[\w-]+\.md#queens[\w.]*\)", text)


def test_the_checks_find_long_code_and_long_paragraphs() -> None:
    text = [
        "Some words.",
        "",
        "    $ queens solve 8 " + "x" * 80,
        "    " + "output " * 20,
        "",
        "- " + "word " * 121,
        "",
        "```pycon",
        ">>> 1 + 1",
        "2",
        "```",
    ]
    lines = text
    blocks = code_blocks(lines)
    assert [first for first, _ in blocks] == [3, 9]
    assert [offset for offset, _ in typed_lines(blocks[0][1])] == [0]
    assert [len(t.split()) for _, t in paragraphs(lines)] == [2, 122]
