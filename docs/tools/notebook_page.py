"""A notebook of docs/notebooks shown as a page (an MkDocs hook): static, no kernel.

A page marks where a notebook goes with ``<!-- notebook: notebooks/NAME.ipynb -->`` (the
path from docs/); the hook puts there its cells: the markdown cells as they are (their
headings one level down, under the page's title), the code cells as Python blocks, each
followed by the picture its metadata names (``"queens": {"picture": "NAME.png"}``, a
picture of docs/ made by ``docs/make_pictures.py``: the widget the cell shows).  A marker
naming no notebook, or a picture that is missing, fails the build.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path
from typing import Any

MARKER = re.compile(r"^<!-- notebook: (\S+\.ipynb) -->$", re.MULTILINE)
DOCS = Path(__file__).resolve().parent.parent


def _text(source: str | list[str]) -> str:
    return source if isinstance(source, str) else "".join(source)


def _deeper(markdown: str) -> str:
    """Headings one level down, outside indented code (a notebook's title under a page's)."""
    return re.sub(r"^(#{1,5}) ", r"#\1 ", markdown, flags=re.MULTILINE)


def render(path: str, page_path: str) -> str:
    """The notebook at ``path`` (from docs/) as markdown for the page at ``page_path``."""
    notebook = json.loads((DOCS / path).read_text(encoding="utf-8"))
    up = posixpath.relpath(".", posixpath.dirname(page_path) or ".")
    parts = []
    for cell in notebook["cells"]:
        source = _text(cell["source"]).strip("\n")
        if cell["cell_type"] == "markdown":
            parts.append(_deeper(source))
        elif cell["cell_type"] == "code":
            parts.append(f"```python\n{source}\n```")
            picture = cell.get("metadata", {}).get("queens", {}).get("picture")
            if picture:
                if not (DOCS / picture).is_file():
                    raise FileNotFoundError(f"{path}: no picture docs/{picture}")
                parts.append(f"![the widget of the cell above]({posixpath.join(up, picture)})")
    return "\n\n".join(parts)


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    return MARKER.sub(lambda found: render(found.group(1), page.file.src_uri), markdown)
