"""A fuzz harness (issue 26): random arguments to every command, random inputs to the
library's public functions, each in a process of its own under a memory limit and a
time limit.

What every case must do, whatever it was given:

- end by itself within :data:`CASE_SECONDS` with a conventional status (0, 1, 2, 3;
  the library: a result or one of the documented exceptions), or, still running
  then, stop within :data:`STOP_SECONDS` of a Ctrl-C with status 130 (interruptible
  progress is an allowed answer to a long request);
- print no traceback, and an error as one line;
- stay under :data:`MEMORY_BYTES` of address space and :data:`RSS_BYTES` resident: the
  issue's 200 MB before any refusal, imports included, counted as the peak (VmHWM) of the
  case's own process, never the test worker's.

The fuzz tests are slow (``pytest -m slow``, CI's slow step: a few hundred processes); the
tests of the memory check itself are not.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web_support import require

CASE_SECONDS = 20.0
STOP_SECONDS = 3.0
MEMORY_BYTES = 3 << 30  # address space: a runaway allocation fails instead of swapping
RSS_BYTES = 200 << 20  # resident: the 200 MB before any refusal (imports: about 20)
EXAMPLES = int(os.environ.get("QUEENS_FUZZ_EXAMPLES", "60"))

FUZZ_SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,  # the same cases on every run: a failure reproduces
    suppress_health_check=[HealthCheck.too_slow],
)

_LIMITS = (
    "import resource, runpy, sys\n"
    f"resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_BYTES}, {MEMORY_BYTES}))\n"
)


@dataclass
class Outcome:
    status: int  # the exit status (130 after the Ctrl-C sent at CASE_SECONDS)
    stdout: str
    stderr: str
    interrupted: bool
    max_rss: int  # bytes


def _run(code: str, argv: list[str], stdin: str = "") -> Outcome:
    """``code`` (Python) with ``argv`` as sys.argv[1:], limited, timed, interrupted if long."""
    process = subprocess.Popen(
        [sys.executable, "-c", _LIMITS + code, *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        errors="replace",
        env={**os.environ, "COLUMNS": "80", "NO_COLOR": "1"},
    )
    interrupted = False
    try:
        out, err = process.communicate(stdin, timeout=CASE_SECONDS)
    except subprocess.TimeoutExpired:
        interrupted = True
        process.send_signal(signal.SIGINT)
        try:
            out, err = process.communicate(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
            pytest.fail(f"{argv!r} ignored Ctrl-C for {STOP_SECONDS} s")
    # The process reports its own peak resident size on its way out (an atexit line).
    return Outcome(process.returncode, out, _without_rss_line(err), interrupted, _max_rss(err))


_RSS_TAG = "queens-fuzz-max-rss:"


def _max_rss(err: str) -> int:
    for line in err.splitlines():
        if line.startswith(_RSS_TAG):
            return int(line[len(_RSS_TAG) :]) * 1024
    return 0


def _without_rss_line(err: str) -> str:
    return "".join(line for line in err.splitlines(True) if not line.startswith(_RSS_TAG))


# The peak of this process's own memory: VmHWM (kB) where /proc has it. Not getrusage's
# ru_maxrss: Linux carries it across exec, so a child would report its parent's peak (the
# test worker's, hundreds of MB after the slow tests).
_REPORT_RSS = (
    "import atexit\n"
    "def _peak_kb():\n"
    "    try:\n"
    "        with open('/proc/self/status') as status:\n"
    "            peaks = (line.split()[1] for line in status if line.startswith('VmHWM:'))\n"
    "            return int(next(peaks))\n"
    "    except (OSError, StopIteration):\n"
    "        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    "atexit.register(lambda: print("
    f"'{_RSS_TAG}' + str(_peak_kb()), "
    "file=sys.__stderr__, flush=True))\n"
)

_CLI = _REPORT_RSS + (
    "sys.argv[0] = 'queens'\n"
    "from queens.cli import main\n"
    "status = main(sys.argv[1:])\n"
    "sys.stdout.flush()\n"
    "raise SystemExit(status)\n"
)


def _check_memory(where: str, outcome: Outcome) -> None:
    assert outcome.max_rss > 0, f"{where}: no peak reported (the case ended without its atexit)"
    assert outcome.max_rss < RSS_BYTES, f"{where}: {outcome.max_rss >> 20} MB resident"


def _check_command(argv: list[str], outcome: Outcome) -> None:
    where = f"queens {' '.join(map(repr, argv))}"
    assert "Traceback" not in outcome.stderr, f"{where}:\n{outcome.stderr}"
    _check_memory(where, outcome)
    if outcome.interrupted:
        assert outcome.status == 130, f"{where}: {outcome.status} after Ctrl-C"
        return
    assert outcome.status in (0, 1, 2, 3), f"{where}: exit {outcome.status}\n{outcome.stderr}"
    if outcome.status == 2:
        errors = [line for line in outcome.stderr.splitlines() if "error:" in line]
        assert len(errors) == 1, f"{where}: {outcome.stderr}"


# -- the command line ------------------------------------------------------------

_SIZES = st.one_of(
    st.integers(1, 14).map(str),
    st.tuples(st.integers(1, 12), st.integers(1, 12)).map(lambda s: f"{s[0]}x{s[1]}"),
    st.sampled_from(
        [
            "0",
            "-1",
            "40",
            "65",
            "100",
            "900",
            "901",
            "1000x1",
            "1x1000",
            "65x4",
            "65x8",
            "8x65",
            "100x8",
            "10" * 30,
            "8.5",
            "",
            "x",
            "8x",
            "٨",
            "2**61",
            "99999999999999999999",
        ]
    ),
)
_VALUES = st.one_of(
    _SIZES,
    st.sampled_from(["", "-", "queen", "toroidal", "superqueen", "list", "json", "board",
                     "letters", "auto", "search", "construct", "local", "propagate", "sat",
                     "nan", "inf", "1e9", "0.001", "1/2", "3/2", "/dev/null", "no/such/file"]),
    st.text(max_size=12),
)  # fmt: skip

_OPTIONS = {
    "solve": ["--all", "--unique", "--limit", "--format", "--method", "--timeout", "--seed",
              "--queens", "--rule", "--board", "--style", "--verbose", "--force"],
    "count": ["--unique", "--json", "--workers", "--quiet", "--queens", "--rule", "--board",
              "--shard", "--verify", "--force"],
    "check": ["--size", "--n", "--queens", "--rule", "--certificate"],
    "trace": ["--queens", "--rule", "--algorithm", "--json", "--first", "--board"],
    "animate": ["--delay", "--first", "--algorithm", "--queens"],
    "compare": ["--timeout", "--queens"],
    "render": ["--all", "--limit", "--pixels", "--coordinates", "--queens", "--force"],
    "tree": ["--algorithm", "--queens"],
    "generate": ["completion", "blocked", "diagonals", "--seed", "--density"],
    "plan": ["--workers", "--json", "--queens", "--rule"],
    "merge": ["--unique", "--json", "--verify"],
    "puzzle": ["solve", "explain", "generate", "daily", "read", "render", "--count", "--all",
               "--format", "--seed", "--stars", "--difficulty", "--json", "--size", "--out"],
    "completion": [],
}  # fmt: skip
# Not fuzzed: ``serve`` (a server runs until stopped; tests/test_cli_serve.py has its
# options and its Ctrl-C).
_FLAGS = {"--all", "--unique", "--json", "--quiet", "--verbose", "--force", "--first",
          "--coordinates", "--count", "completion", "blocked", "diagonals", "solve",
          "explain", "generate", "daily", "read", "render"}  # fmt: skip


@contextlib.contextmanager
def _scratch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Inside, the working directory is a fresh one."""
    cwd = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("fuzz"))
    try:
        yield
    finally:
        os.chdir(cwd)


@st.composite
def command_lines(draw: st.DrawFn) -> tuple[list[str], str]:
    command = draw(st.sampled_from(sorted(_OPTIONS)))
    argv = [command]
    if command == "completion":
        argv.append(draw(st.one_of(st.sampled_from(["bash", "zsh", "fish"]), _VALUES)))
    elif command not in ("generate", "puzzle", "merge") and draw(st.booleans()):
        argv.append(draw(_SIZES))
    options = _OPTIONS[command]  # completion has none: sampled_from([]) is an error
    chosen = st.lists(st.sampled_from(options), max_size=4) if options else st.just([])
    for option in draw(chosen):
        argv.append(option)
        if option not in _FLAGS:
            argv.append(draw(_VALUES))
    if command == "render" or (command == "tree" and draw(st.booleans())):
        argv += ["--out", draw(st.sampled_from(["/dev/null", "-", "", "x.txt", "x.svg", "x.png"]))]
    if command in ("merge", "puzzle") and draw(st.booleans()):
        argv.append(draw(st.sampled_from(["-", "/dev/null", "", "no-such-file"])))
    stdin = draw(
        st.one_of(
            st.just(""),
            st.text(max_size=200),
            st.sampled_from(
                [
                    "[1, 5, 8, 6, 3, 7, 2, 4]\n",
                    "AB\nBA\n",
                    "Q.\n..\n",
                    "\0\0",
                    '{"certificate": "queens-certificate/1", "n": ' + "9" * 5000 + "}",
                ]
            ),
        )
    )
    return argv, stdin


@pytest.mark.slow
@FUZZ_SETTINGS
@given(command_lines())
def test_every_command_stays_bounded(
    tmp_path_factory: pytest.TempPathFactory, case: object
) -> None:
    argv, stdin = case  # type: ignore[misc]
    with _scratch(tmp_path_factory):  # pictures and checkpoints land here
        outcome = _run(_CLI, argv, stdin)
    _check_command(argv, outcome)


# -- puzzle inputs: grids, levels, K stars (issue 39) ----------------------------------

_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_HUGE = "9" * 5000


@st.composite
def grids(draw: st.DrawFn) -> str:
    """Grid text: n x n cells of random regions (often not n of them, so often wrong)."""
    n = draw(st.integers(1, 26))
    regions = draw(st.integers(1, min(n + 1, len(_NAMES))))
    cells = draw(st.lists(st.integers(0, regions - 1), min_size=n * n, max_size=n * n))
    return "".join("".join(_NAMES[c] for c in cells[r * n : (r + 1) * n]) + "\n" for r in range(n))


def _level(grid: str, size: object) -> str:
    rows = [[_NAMES.index(c) for c in line] for line in grid.splitlines()]
    return json.dumps({"size": size, "colorRegions": rows})


_PUZZLE_INPUTS = st.one_of(
    grids(),
    st.builds(lambda g: "".join(f"{line}\n" for line in g.splitlines()), grids()),
    grids().map(lambda g: _level(g, len(g.splitlines()))),
    st.sampled_from(
        [
            f'{{"size": {_HUGE}, "colorRegions": []}}',
            f'{{"size": -{_HUGE}, "colorRegions": []}}',
            f'{{"size": 2, "colorRegions": [[0, {_HUGE}], [1, 1]]}}',
            '{"size": 1e999, "colorRegions": []}',
            "[" * 100_000,
            "{}",
            "",
        ]
    ),
    st.text(max_size=300),
)

_PUZZLE_OPTIONS = {
    "solve": ["--count", "--all", "--force", "--format", "--style", "--stars"],
    "explain": ["--json", "--stars"],
    "render": ["--empty", "--size", "--stars"],
}
_PUZZLE_VALUES = st.one_of(
    st.integers(-1, 8).map(str),
    st.sampled_from(["board", "list", "letters", "json", "plain", "color", "x", _HUGE]),
)


@st.composite
def puzzle_lines(draw: st.DrawFn) -> tuple[list[str], str]:
    command = draw(st.sampled_from(sorted(_PUZZLE_OPTIONS)))
    argv = ["puzzle", command]
    for option in draw(st.lists(st.sampled_from(_PUZZLE_OPTIONS[command]), max_size=3)):
        argv.append(option)
        if option not in _FLAGS and option != "--empty":
            argv.append(draw(_PUZZLE_VALUES))
    if command == "render":
        argv += ["--out", draw(st.sampled_from(["x.svg", "x.png", "/dev/null"]))]
    return [*argv, "grid.txt"], draw(_PUZZLE_INPUTS)


@pytest.mark.slow
@FUZZ_SETTINGS
@given(puzzle_lines())
def test_every_puzzle_command_stays_bounded(
    tmp_path_factory: pytest.TempPathFactory, case: object
) -> None:
    argv, grid = case  # type: ignore[misc]
    with _scratch(tmp_path_factory):
        with open("grid.txt", "w", encoding="utf-8", errors="surrogatepass") as file:
            file.write(grid)
        outcome = _run(_CLI, argv)
    _check_command(argv, outcome)


# -- the web page's endpoints (issue 39) ----------------------------------------------------

_WEB = _REPORT_RSS + (
    "import json\n"
    "from starlette.testclient import TestClient\n"
    "from queens.web.app import create_app\n"
    "method, path, body = sys.argv[1], sys.argv[2], sys.argv[3]\n"
    "with TestClient(create_app(allowed_hosts={'testserver'})) as client:\n"
    "    headers = {'content-type': 'application/json'}\n"
    "    if method == 'GET':\n"
    "        response = client.get(path)\n"
    "    elif method == 'DELETE':\n"
    "        response = client.delete(path)\n"
    "    else:\n"
    "        response = client.post(path, content=body.encode('utf-8', 'surrogatepass'),"
    " headers=headers)\n"
    "    print(response.status_code)\n"
    "    if response.status_code >= 400:\n"
    "        print(json.dumps(response.json().get('error', '')))\n"
)

_POSTS = ["/api/puzzle/grid", "/api/puzzle/generate", "/api/puzzle/check", "/api/puzzle/hint",
          "/api/puzzle/solution", "/api/puzzle/read", "/api/puzzle/stars", "/api/board",
          "/api/solve", "/api/count", "/api/runs", "/api/runs/{id}/control"]  # fmt: skip
_GETS = ["/api/puzzle/daily", "/api/puzzle/levels", "/api/puzzle/generate", "/api/info",
         "/api/runs/{id}/events", "/api/count/{id}/events"]  # fmt: skip
_DELETES = ["/api/runs/{id}", "/api/count/{id}"]
_IDS = st.one_of(st.sampled_from(["0", "1", "-1", "x", "9" * 5000]), st.uuids().map(str))

_JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 30),
        st.sampled_from([2**32, 2**64, 10**30, -1]),
        st.text(max_size=20),
        grids(),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_FIELDS = ["grid", "n", "seed", "difficulty", "stars", "queens", "crosses", "board", "size",
           "method", "rule", "k", "limit", "timeout"]  # fmt: skip


@st.composite
def web_requests(draw: st.DrawFn) -> tuple[str, str, str]:
    # A run's or a count's id none was given (no run is started here: an id's stream or
    # stop answers 404, never waits).
    some_id = draw(_IDS)
    if draw(st.integers(0, 9)) == 0:
        return "DELETE", draw(st.sampled_from(_DELETES)).format(id=some_id), ""
    if draw(st.integers(0, 4)) == 0:
        path = draw(st.sampled_from(_GETS)).format(id=some_id)
        query = draw(st.sampled_from(["", "?date=2026-02-30", "?stars=2", "?stars=" + _HUGE,
                                      "?date=" + _HUGE, "?stars=9"]))  # fmt: skip
        level = draw(st.sampled_from(["", "/1", "/0", "/99999", "/" + _HUGE]))
        if path == "/api/puzzle/levels":
            return "GET", path + level, ""
        return "GET", path + query, ""
    path = draw(st.sampled_from(_POSTS)).format(id=some_id)
    fields = draw(st.dictionaries(st.sampled_from(_FIELDS), _JSON_VALUES, max_size=4))
    body = draw(
        st.one_of(
            st.just(json.dumps(fields)),
            st.just(json.dumps(fields)[:-1] + f', "x": {_HUGE}}}' if fields else f"[{_HUGE}]"),
            # no NUL: the body reaches the child process as an argument, which cannot hold one
            st.text(st.characters(blacklist_characters="\x00"), max_size=100),
        )
    )
    return "POST", path, body


@pytest.mark.slow
@FUZZ_SETTINGS
@given(web_requests())
def test_every_endpoint_answers_in_bounds(request_case: tuple[str, str, str]) -> None:
    require("starlette", "httpx2")  # a skip with its reason; a failure under CI=true
    method, path, body = request_case
    outcome = _run(_WEB, [method, path, body])
    where = f"{method} {path} {body[:200]!r}"
    assert "Traceback" not in outcome.stderr, f"{where}:\n{outcome.stderr}"
    _check_memory(where, outcome)
    assert outcome.status == 0 and not outcome.interrupted, f"{where}: {outcome.stderr}"
    lines = outcome.stdout.splitlines()
    status = int(lines[0])
    assert status in (200, 201, 202, 400, 404, 405, 413, 415, 429, 503), f"{where}: {status}"
    if status >= 400:
        message = json.loads(lines[1])
        assert message and "\n" not in message, f"{where}: {message!r}"


# -- the library ------------------------------------------------------------------

_ALLOWED = "ValueError, TypeError, queens.Undecided, CountTooLong, KeyboardInterrupt"  # documented

_LIBRARY = _REPORT_RSS + (
    "import queens\n"
    "from queens.counting.estimate import CountTooLong\n"
    "from queens.puzzle.grid import parse_grid\n"
    "from queens.puzzle.generate import generate\n"
    "from queens.counting.resumable import Plan\n"
    "from itertools import islice\n"
    "call = sys.argv[1]\n"
    "try:\n"
    "    result = eval(call)\n"
    "    if hasattr(result, '__next__'):\n"
    "        list(islice(result, 3))\n"
    f"except ({_ALLOWED}) as error:\n"
    "    print(type(error).__name__, file=sys.stderr)\n"
    "    if isinstance(error, KeyboardInterrupt):\n"
    "        raise SystemExit(130)\n"
)

_ARGUMENTS = st.one_of(
    st.integers(-3, 30),
    st.sampled_from([65, 100, 901, 10**6, 10**9, 2**61, True, None, 1.5, "8", "", b"8"]),
)
_BOARDS = st.one_of(
    _ARGUMENTS.map(repr),
    st.tuples(st.integers(1, 70), st.integers(1, 70), st.integers(0, 5), st.sampled_from(
        ["queen", "toroidal", "superqueen", "king"])).map(
        lambda b: f"queens.Board({b[0]}, height={b[1]}, k={b[2]}, rule={b[3]!r})"),
)  # fmt: skip


@st.composite
def library_calls(draw: st.DrawFn) -> str:
    board = draw(_BOARDS)
    text = draw(st.one_of(st.text(max_size=50).map(repr), _ARGUMENTS.map(repr)))
    method = draw(st.sampled_from(["auto", "search", "construct", "local", "propagate", "x"]))
    timeout = draw(st.sampled_from(["None", "0", "0.5", "-1", "float('nan')"]))
    return draw(
        st.sampled_from(
            [
                f"queens.solve({board}, method={method!r}, timeout={timeout})",
                f"queens.solutions({board})",
                f"queens.solutions({board}, unique=True)",
                f"queens.count({board})",
                f"queens.counts({board})",
                f"queens.trace({board})",
                f"queens.Board.parse({text})",
                f"parse_grid({text})",
                f"queens.Solution([0, {draw(_ARGUMENTS)!r}], width={draw(_ARGUMENTS)!r})",
                f"generate({draw(_ARGUMENTS)!r}, 1, {draw(st.sampled_from(['easy', 'x']))!r})",
                f"Plan({board}).run(workers=1)",
            ]
        )
    )


@pytest.mark.slow
@FUZZ_SETTINGS
@given(library_calls())
def test_every_public_function_stays_bounded(call: str) -> None:
    started = time.monotonic()
    outcome = _run(_LIBRARY, [call])
    where = f"{call} ({time.monotonic() - started:.1f} s)"
    assert "Traceback" not in outcome.stderr, f"{where}:\n{outcome.stderr}"
    _check_memory(where, outcome)
    assert outcome.status in (0, 130), f"{where}: exit {outcome.status}\n{outcome.stderr}"


# -- the memory check itself -------------------------------------------------------


def test_a_case_over_the_memory_cap_fails() -> None:
    # 250 MB written (so resident) by a case that then ends well: the cap must catch it.
    code = _REPORT_RSS + f"data = b'x' * {250 << 20}\n"
    outcome = _run(code, [])
    assert outcome.status == 0 and outcome.max_rss >= 250 << 20
    with pytest.raises(AssertionError, match="MB resident"):
        _check_memory("250 MB", outcome)


def test_a_case_is_not_charged_with_the_test_workers_memory() -> None:
    # The test worker holds 250 MB when it starts the case; the case's peak is its own.
    held = b"x" * (250 << 20)
    outcome = _run(_CLI, ["count", "8"])
    assert (outcome.status, outcome.stdout) == (0, "92\n") and len(held) == 250 << 20
    _check_memory("queens count 8", outcome)
