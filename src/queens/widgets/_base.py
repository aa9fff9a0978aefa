"""What the three widgets share: anywidget (or a clear error naming the extra), the
static files they load, the queen they draw, and messages from the browser."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from queens.show.svg import QUEEN_BALL_RADIUS, QUEEN_BALLS, QUEEN_BASE, QUEEN_CROWN
from queens.widgets import MissingExtra

try:
    import anywidget
    import traitlets
except ImportError as error:  # the notebook extra is not installed
    raise MissingExtra(error.name or "anywidget") from error

__all__ = ["STATIC", "Handlers", "Widget", "queen_svg", "traitlets"]

STATIC = Path(__file__).parent / "static"
"""The widgets' one JavaScript module and one stylesheet (package data)."""

Handlers = Mapping[str, Callable[[dict[str, Any]], object]]


def queen_svg(fill: str = "#1e1e1e", outline: str = "#ffffff") -> str:
    """The queen of ``queens render``'s pictures, as one small SVG the boards reuse."""
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": "0 0 100 100"})
    group = ET.SubElement(svg, "g", {"fill": fill, "stroke": outline, "stroke-width": "3"})
    points = " ".join(f"{x},{y}" for x, y in QUEEN_CROWN)
    ET.SubElement(group, "polygon", {"points": points, "stroke-linejoin": "round"})
    for x, y in QUEEN_BALLS:
        ET.SubElement(group, "circle", {"cx": str(x), "cy": str(y), "r": str(QUEEN_BALL_RADIUS)})
    left, top, right, bottom = QUEEN_BASE
    size = {"width": str(right - left), "height": str(bottom - top)}
    ET.SubElement(group, "rect", {"x": str(left), "y": str(top), **size})
    return ET.tostring(svg, encoding="unicode")


class Widget(anywidget.AnyWidget):
    """An anywidget whose browser side sends ``{"type": ..., ...}`` messages, each handled
    by the method ``_handlers()`` names for its type; unknown ones are ignored (a page of
    another version)."""

    _esm = STATIC / "widgets.js"
    _css = STATIC / "widgets.css"
    kind = traitlets.Unicode().tag(sync=True)
    """Which widget the page draws: ``search``, ``compare`` or ``puzzle``."""
    queen = traitlets.Unicode(queen_svg()).tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    """Bumped by every change made here; the page sets ``shown`` to it once drawn."""
    shown = traitlets.Int(0).tag(sync=True)
    """The last ``version`` the page drew: a change from the page, so that notebooks that
    rerun cells on a widget's changes from the page alone (marimo's ``mo.ui.anywidget``)
    see the Python side's changes too."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._received)

    def _handlers(self) -> Handlers:
        return {}

    def changed(self) -> None:
        """Say that the state changed (call inside ``hold_sync``, with the new state)."""
        self.version += 1

    def _received(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        handler = self._handlers().get(str(content.get("type")))
        if handler is not None:
            handler(content)
