"""A griffe extension for the docs site: the docstrings' doctests shown as code.

The docstrings are plain text with ``>>>`` examples (run by ``tests/test_doctests.py``), not
Markdown: a line starting ``>>>`` would read as a block quote. This wraps each run of example
lines (from a ``>>>`` line to the next blank line, as doctest reads them) in a fenced
``pycon`` block, leaving the source as it is.
"""

from __future__ import annotations

from typing import Any

import griffe


def fenced(text: str) -> str:
    """``text`` with each doctest example in a fenced block (tests/test_docs_examples.py)."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.lstrip().startswith(">>>"):
            out.append(line)
            i += 1
            continue
        indent = line[: len(line) - len(line.lstrip())]
        if out and out[-1].strip():
            out.append("")
        out.append(indent + "```pycon")
        while i < len(lines) and lines[i].strip():
            out.append(lines[i])
            i += 1
        out.append(indent + "```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Fence the doctests of every docstring griffe loads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fenced(obj.docstring.value)
