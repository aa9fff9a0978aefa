"""The web server under load, on the loopback only, bounded in count and time.

A real server (uvicorn in a child process, as ``queens serve`` runs it, but with room
for STREAMS runs) gets STREAMS concurrent event streams (searches playing at full
speed, and counts) and REQUESTS mixed good and bad requests at the same time.  Every
answer must be the one its request calls for (2xx or 4xx, never 5xx), the run limit
must hold exactly, every run must end once its stream is closed (by the page going away
or by a DELETE), and the server's threads and memory must come back: the load is run
twice and the second round may not leave more behind than the first.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from web_support import require

require("starlette", "uvicorn", "httpx2")

import httpx2  # noqa: E402

from queens.tracing import TRACERS  # noqa: E402

NAMES = list(TRACERS)

pytestmark = [
    pytest.mark.slow,  # about half a minute: two rounds, each waiting for idle threads to exit
    pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)"),
]

STREAMS = 50
REQUESTS = 500
COUNTS = 3
"""Of the STREAMS runs, how many are counts (the rest are searches).  Boards are big enough
(counts of 18, searches of 14 and more at 5,000 events a second) that no run ends by itself
during a round, so the run limit stays reached until the streams are closed."""
EXTRA_CREATES = 10
"""Runs asked for beyond the limit in one burst: each must get 429."""
CONCURRENCY = 25
"""Mixed requests in flight at once."""
IDLE_WAIT = 40.0
"""Seconds to wait for the server's worker threads to exit (anyio's idle ones after 10 s)."""
MEMORY_SLACK = 8 << 20
"""Bytes of resident memory the second round may add to the first (allocator noise)."""

SERVER = """
import sys
import uvicorn
from queens.web.app import create_app
from queens.web.runs import Registry
from queens.web.server import bind

sock = bind("127.0.0.1", 0)
print(sock.getsockname()[1], flush=True)
app = create_app(registry=Registry(max_runs=int(sys.argv[1])))
uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off")).run(sockets=[sock])
"""


def proc_status(pid: int) -> dict[str, int]:
    """Threads and resident bytes of a process, from /proc."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return {"threads": int(fields["Threads"]), "rss": int(fields["VmRSS"].split()[0]) * 1024}


@pytest.fixture
def server() -> Iterator[tuple[subprocess.Popen[str], str]]:
    """The server in a child process on 127.0.0.1 at a free port; killed afterwards."""
    child = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(STREAMS)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert child.stdout is not None
        port = int(child.stdout.readline())
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # up once it answers
            try:
                if httpx2.get(f"{url}/api/info", timeout=5).status_code == 200:
                    break
            except httpx2.TransportError:
                time.sleep(0.1)
        yield child, url
    finally:
        child.kill()
        child.wait(timeout=30)


@dataclass
class Stream:
    """One run and its open event stream."""

    kind: str  # "runs" or "count"
    id: str
    response: httpx2.Response
    lines: AsyncIterator[str]  # the response's lines (a stream can be read only once)
    first: dict[str, object]


class Load:
    """One round of load against the server; records every unexpected answer."""

    def __init__(self, client: httpx2.AsyncClient, rng: random.Random) -> None:
        self.client = client
        self.rng = rng
        self.wrong: list[str] = []
        self.statuses: Counter[int] = Counter()
        self.streams: list[Stream] = []

    def expect(self, what: str, response: httpx2.Response, *wanted: int) -> None:
        self.statuses[response.status_code] += 1
        if response.status_code not in wanted:
            self.wrong.append(f"{what}: {response.status_code} {response.text[:200]!r}")
        elif response.status_code >= 400 and "error" not in response.json():
            self.wrong.append(f"{what}: {response.status_code} without an error message")

    async def create_all(self) -> list[tuple[str, str]]:
        """STREAMS + EXTRA_CREATES creations at once: exactly STREAMS succeed."""

        async def create(i: int) -> tuple[str, httpx2.Response]:
            if i < COUNTS:
                return "count", await self.client.post("/api/count", json={"n": 18})
            body = {"n": 14 + i % 7, "algorithm": NAMES[i % len(NAMES)], "speed": 5000}
            return "runs", await self.client.post("/api/runs", json=body)

        answers = await asyncio.gather(*(create(i) for i in range(STREAMS + EXTRA_CREATES)))
        created = [(kind, r.json()["id"]) for kind, r in answers if r.status_code == 201]
        refused = [r for _, r in answers if r.status_code == 429]
        if (len(created), len(refused)) != (STREAMS, EXTRA_CREATES):
            self.wrong.append(f"creations: {Counter(r.status_code for _, r in answers)}")
        for _, response in answers:
            self.expect("create", response, 201, 429)
        return created

    async def open_stream(self, kind: str, run_id: str) -> None:
        request = self.client.build_request("GET", f"/api/{kind}/{run_id}/events")
        response = await self.client.send(request, stream=True)
        self.statuses[response.status_code] += 1
        if response.status_code != 200:
            self.wrong.append(f"stream {kind}: {response.status_code}")
            await response.aclose()
            return
        lines = response.aiter_lines()
        first = await next_message(lines)
        self.streams.append(Stream(kind, run_id, response, lines, first))
        if kind == "runs":
            answer = await self.client.post(
                f"/api/runs/{run_id}/control", json={"action": "play", "speed": 5000}
            )
            self.expect("play", answer, 200)

    def mixed(self) -> list[Callable[[], Awaitable[None]]]:
        """REQUESTS requests, good and bad, each with the answer it must get."""
        searches = [s.id for s in self.streams if s.kind == "runs"]

        def call(
            method: str, what: str, path: str, wanted: int, **kwargs: object
        ) -> Callable[[], Awaitable[None]]:
            async def send() -> None:
                answer = await self.client.request(method, path, **kwargs)  # type: ignore[arg-type]
                self.expect(what, answer, wanted)

            return send

        post = functools.partial(call, "POST")
        get = functools.partial(call, "GET")

        def control() -> Callable[[], Awaitable[None]]:
            body = {"action": self.rng.choice(["play", "pause", "step"]), "speed": 5000}
            return post("control", f"/api/runs/{self.rng.choice(searches)}/control", 200, json=body)

        kinds: list[Callable[[], Callable[[], Awaitable[None]]]] = [
            lambda: get("info", "/api/info", 200),
            lambda: post("board", "/api/board", 200, json={"board": "Q...\n..*.\n....\n...."}),
            control,
            lambda: post("full", "/api/runs", 429, json={"n": 8}),
            lambda: post("full count", "/api/count", 429, json={"n": 8}),
            lambda: post("bad board", "/api/board", 400, json={"board": "Qx\n.."}),
            lambda: post("bad n", "/api/runs", 400, json={"n": 99}),
            lambda: post("bad field", "/api/count", 400, json={"n": 8, "x": 1}),
            lambda: post(
                "bad json",
                "/api/runs",
                400,
                content=b"{",
                headers={"content-type": "application/json"},
            ),
            lambda: post("not json", "/api/board", 415, content=b"n=8"),
            lambda: post("too large", "/api/board", 413, json={"board": "." * 20000}),
            lambda: post(
                "bad action",
                f"/api/runs/{self.rng.choice(searches)}/control",
                400,
                json={"action": "jump"},
            ),
            lambda: post("no run", "/api/runs/nope/control", 404, json={"action": "play"}),
            lambda: get("again", f"/api/runs/{self.rng.choice(searches)}/events", 409),
            lambda: get("no stream", "/api/count/nope/events", 404),
            lambda: get("other host", "/api/info", 403, headers={"host": "evil.example"}),
            lambda: post(
                "other origin",
                "/api/runs",
                403,
                json={"n": 8},
                headers={"origin": "http://evil.example"},
            ),
            lambda: get("no page", "/nothing-here", 404),
        ]
        return [self.rng.choice(kinds)() for _ in range(REQUESTS)]

    async def close_all(self) -> None:
        """Half the streams closed by the page going away, half by DELETE (the stream then
        ends by itself); then each run must be gone."""
        for i, stream in enumerate(self.streams):
            if i % 2:
                await stream.response.aclose()
                continue
            self.expect("delete", await self.client.delete(f"/api/{stream.kind}/{stream.id}"), 204)
            try:
                await asyncio.wait_for(drain(stream.lines), 30)
            except TimeoutError:
                self.wrong.append(f"the stream of deleted {stream.kind} {stream.id} did not end")
            await stream.response.aclose()
        await asyncio.gather(*(self.wait_gone(stream) for stream in self.streams))

    async def wait_gone(self, stream: Stream) -> None:
        """The run is forgotten: its stream cannot be opened (404), within 30 s."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            answer = await self.client.get(f"/api/{stream.kind}/{stream.id}/events")
            if answer.status_code == 404:
                return
            await asyncio.sleep(0.1)
        self.wrong.append(f"{stream.kind} {stream.id} still open after its stream closed")


async def next_message(lines: AsyncIterator[str]) -> dict[str, object]:
    async for line in lines:
        if line.startswith("data: "):
            message: dict[str, object] = json.loads(line.removeprefix("data: "))
            return message
    return {}


async def drain(lines: AsyncIterator[str]) -> None:
    async for _ in lines:
        pass


async def one_round(url: str, seed: int) -> Load:
    limits = httpx2.Limits(max_connections=STREAMS + CONCURRENCY + 10)
    async with httpx2.AsyncClient(base_url=url, limits=limits, timeout=60) as client:
        load = Load(client, random.Random(seed))
        created = await load.create_all()
        await asyncio.gather(*(load.open_stream(kind, run_id) for kind, run_id in created))
        gate = asyncio.Semaphore(CONCURRENCY)

        async def limited(send: Callable[[], Awaitable[None]]) -> None:
            async with gate:
                await send()

        if load.streams:
            await asyncio.gather(*(limited(send) for send in load.mixed()))
        await load.close_all()
        return load


def use_a_worker(url: str) -> None:
    """A request served in a worker thread (DELETE's handler is synchronous).  anyio lets
    worker threads idle for 10 s go only when the next one is taken, so this is also what
    ends the idle ones."""
    assert httpx2.delete(f"{url}/api/runs/nope", timeout=30).status_code == 404


def settle(url: str, pid: int, threads: int) -> dict[str, int]:
    """The server's status once its threads are back to ``threads`` (or after IDLE_WAIT)."""
    deadline = time.monotonic() + IDLE_WAIT
    status = proc_status(pid)
    while status["threads"] > threads and time.monotonic() < deadline:
        time.sleep(1)
        use_a_worker(url)
        status = proc_status(pid)
    return status


def test_the_server_under_load(server: tuple[subprocess.Popen[str], str]) -> None:
    child, url = server
    use_a_worker(url)  # the server at rest: its main thread and one idle worker
    start = proc_status(child.pid)
    after: list[dict[str, int]] = []
    for seed in (1, 2):
        load = asyncio.run(asyncio.wait_for(one_round(url, seed), 150))
        assert load.wrong == [], "\n".join(load.wrong[:20])
        assert not any(status >= 500 for status in load.statuses), load.statuses
        assert len(load.streams) == STREAMS
        assert {s.first.get("type") for s in load.streams} == {"start"}
        after.append(settle(url, child.pid, start["threads"]))
        assert after[-1]["threads"] == start["threads"], (start, after)
    assert after[1]["rss"] - after[0]["rss"] <= MEMORY_SLACK, (start, after)
    assert child.poll() is None, "the server died"
    print(f"load: server at rest {start}, after each round {after}")
