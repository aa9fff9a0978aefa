"""Rewrite the Sphinx roles of the docstrings (``:class:`~queens.board.Board```) as plain
code (````Board````), which both ``help()`` and the docs site's mkdocstrings render.

Run from the repository root: ``python docs/tools/plain_roles.py [--check] [PATHS...]``
(default ``src``). A role whose target starts with ``~`` keeps its last part only, as Sphinx
shows it; any other keeps its whole text. ``--check`` lists the roles left and exits 1 if
there are any (``tests/test_docs_examples.py`` asserts there are none).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|data|attr|exc|obj|const):`(~?)([^`]+)`")


def plain(match: re.Match[str]) -> str:
    short, target = match[1], match[2]
    return f"``{target.rsplit('.', 1)[-1] if short else target}``"


def rewrite(text: str) -> str:
    """``text`` with every role as plain code.

    >>> rewrite("see :class:`~queens.board.Board` and :func:`queens.count`")
    'see ``Board`` and ``queens.count``'
    """
    return ROLE.sub(plain, text)


def main(arguments: list[str]) -> int:
    check = "--check" in arguments
    roots = [Path(a) for a in arguments if a != "--check"] or [Path("src")]
    left = 0
    for root in roots:
        for path in sorted(root.rglob("*.py")) if root.is_dir() else [root]:
            text = path.read_text(encoding="utf-8")
            found = ROLE.findall(text)
            if not found:
                continue
            left += len(found)
            if check:
                print(f"{path}: {len(found)} Sphinx roles")
            else:
                path.write_text(rewrite(text), encoding="utf-8")
                print(f"{path}: {len(found)} roles rewritten")
    return 1 if check and left else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
