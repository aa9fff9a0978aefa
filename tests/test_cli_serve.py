"""queens serve: its options and errors through main(argv), and a real server process."""

from __future__ import annotations

import importlib.util
import json
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

from queens.cli import main
from queens.web.server import bind
from web_support import require


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("port", ["x", "-1", "65536", "99999", "8000.5"])
def test_bad_ports_are_usage_errors(capsys: pytest.CaptureFixture[str], port: str) -> None:
    status, out, err = run(capsys, "serve", "--port", port)
    assert status == 2 and out == ""
    assert err.startswith("queens: error: --port must be a whole number") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("missing", "named"),
    [(("uvicorn",), "uvicorn"), (("starlette", "uvicorn"), "starlette and uvicorn")],
)
def test_without_the_web_extra(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    missing: tuple[str, ...],
    named: str,
) -> None:
    # Both modules are faked, present or missing, so the message does not depend on what
    # this machine has installed (a newcomer's `pip install -e . --group test` has neither).
    real = importlib.util.find_spec

    def find_spec(name: str, *args: Any) -> Any:
        if name in ("starlette", "uvicorn"):
            return None if name in missing else object()
        return real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    status, out, err = run(capsys, "serve")
    assert status == 2 and out == ""
    assert err == f"queens: error: queens serve needs {named}: install queens-toolkit[web] " + (
        "(pip install 'queens-toolkit[web]')\n"
    )


def test_a_taken_port_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    require("starlette", "uvicorn")
    sock = bind("127.0.0.1", 0)
    try:
        port = str(sock.getsockname()[1])
        status, out, err = run(capsys, "serve", "--port", port)
    finally:
        sock.close()
    assert status == 2 and out == ""
    assert re.fullmatch(rf"queens: error: cannot listen on 127\.0\.0\.1 port {port}: .+\n", err)


def get(url: str, host: str | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def start(*options: str) -> tuple[subprocess.Popen[str], str, list[str]]:
    """``queens serve --port 0`` in a process; its URL, and the lines it printed up to it."""
    code = "import sys; from queens.cli import main; sys.exit(main(sys.argv[1:]))"
    process = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--port", "0", *options],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    lines = []
    for _ in range(3):
        line = process.stderr.readline()
        lines.append(line)
        found = re.search(r"serving the page at (http://\S+/)", line)
        if found:
            _wait_until_answering(found.group(1))
            return process, found.group(1), lines
    process.kill()
    raise AssertionError(f"no URL printed: {lines}")


def _wait_until_answering(url: str) -> None:
    """The URL is printed just before uvicorn starts (and takes over Ctrl-C): wait for it."""
    deadline = time.monotonic() + 15
    while True:
        try:
            get(url + "api/info")
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def stop(process: subprocess.Popen[str]) -> tuple[int, str]:
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        raise
    return process.returncode, err


def test_serves_the_page_on_localhost_until_interrupted() -> None:
    require("starlette", "uvicorn")
    process, url, _ = start()
    try:
        assert url.startswith("http://127.0.0.1:")
        status, info = get(url + "api/info")
        assert status == 200 and "backtracking" in info["algorithms"]
        status, refused = get(url + "api/info", host="evil.example")
        assert status == 403 and "forbidden" in refused["error"]
    finally:
        status, err = stop(process)
    assert status == 130 and err.strip().splitlines()[-1] == "queens: interrupted"
    assert "Traceback" not in err


def test_other_addresses_get_a_warning() -> None:
    require("starlette", "uvicorn")
    process, _, lines = start("--host", "0.0.0.0")
    status, _ = stop(process)
    assert lines[0].startswith("queens: warning: listening on 0.0.0.0, not only on this machine")
    assert status == 130
