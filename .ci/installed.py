"""Checks an installed queens (run by .ci/package from outside the source tree).

The package's own files are there, the compiled kernel is in use, `queens serve`
serves its page and static files, and the notebook widgets load their page module.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import sysconfig
import time
import urllib.request
from importlib import resources
from pathlib import Path
from typing import Any

import queens
from queens.engines.counting import kernel

FILES = [
    "py.typed", "engines/_kernel.pyi", "web/static/index.html", "puzzle/levels.json",
    "puzzle/star_dailies.json",
    "widgets/static/widgets.js", "widgets/static/widgets.css",
]  # fmt: skip
PAGE = ["/", "/app.js", "/app.css", "/api/info", "/api/puzzle/levels/1"]


def check_installed() -> None:
    where = Path(queens.__file__).resolve()
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    assert where.is_relative_to(site), f"queens imported from {where}, not from {site}"
    package = resources.files("queens")
    for name in FILES:
        assert (package / name).is_file(), f"the installed package lacks {name}"
    assert kernel.compiled(), f"the wheel has no compiled kernel: {kernel.description()}"
    print(f"installed: {where.parent} ({kernel.description()})")


def check_serve() -> None:
    # The `queens` command the wheel installed, beside this interpreter.
    command = [str(Path(sys.executable).parent / "queens"), "serve", "--port", "0"]
    server = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stderr is not None
        line = server.stderr.readline()
        found = re.search(r"(http://\S+/)", line)
        assert found, f"queens serve printed {line!r}"
        url = found.group(1)
        for path in PAGE:
            with _get(url + path.lstrip("/")) as response:
                assert response.status == 200, (path, response.status)
                assert response.read(), f"{path} is empty"
        print(f"queens serve: {', '.join(PAGE)} served")
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=15)


def _get(url: str) -> Any:
    """The response, once the server answers (it prints its URL just before it starts)."""
    deadline = time.monotonic() + 15
    while True:
        try:
            return urllib.request.urlopen(url, timeout=10)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def check_widgets() -> None:
    """The widgets (the notebook extra, installed with the wheel) carry their page."""
    from queens.widgets import Search  # lazy: the notebook extra

    search = Search(6)
    search.next_solution()
    assert search.queens == queens.solve(6).to_list()
    assert "export default" in str(search._esm) and str(search._css), "no page module"
    print("queens.widgets: Search(6) stepped to its first solution, its page module loaded")


if __name__ == "__main__":
    check_installed()
    check_serve()
    check_widgets()
