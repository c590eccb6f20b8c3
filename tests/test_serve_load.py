"""`cspdsl serve` on a real uvicorn on 127.0.0.1: 50 solves of the seed models at once, and a 100 MB
body refused from its headers. `running_server` is also the browser tests' server."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from helpers import MODELS

uvicorn = pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
pytest.importorskip("starlette")

from cspdsl.serve.app import build_app  # noqa: E402

SEEDS = {  # model -> what its first answer line says, or None for a model without questions
    "einstein": "The German owns the fish, in house 4.",
    "zebra": None,
    "sudoku": None,
    "sendmore": "9567 + 1085 = 10652.",
    "queens": None,
    "kenken": None,
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def running_server(**app_options: object) -> Iterator[str]:
    """A server of the page on a free port of 127.0.0.1, in a thread; its base address."""
    port = free_port()
    config = uvicorn.Config(build_app("127.0.0.1", port, **app_options), host="127.0.0.1", port=port,  # type: ignore[arg-type]
                            log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    waited = 0.0
    while not server.started:
        assert thread.is_alive() and waited < 30, "the server did not start"
        time.sleep(0.02)
        waited += 0.02
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


def solve(base: str, name: str) -> dict[str, object]:
    text = (MODELS / f"{name}.puz").read_text(encoding="utf-8")
    response = httpx.post(f"{base}/api/run", json={"action": "solve", "model": text, "name": f"{name}.puz",
                                                   "timeout": 120}, timeout=300)
    assert response.status_code == 200, response.text
    events = [json.loads(line) for line in response.text.splitlines()]
    done = events[-1]
    assert done["type"] == "done", done
    solutions = [event for event in events if event["type"] == "solution"]
    return {"status": done["status"], "answers": solutions[0]["answers"] if solutions else None,
            "drawn": bool(solutions) and str(solutions[0]["svg"]).startswith("<svg")}


def test_fifty_solves_at_once() -> None:
    names = [name for _ in range(9) for name in SEEDS][:50]
    with running_server() as base, ThreadPoolExecutor(50) as pool:
        results = list(pool.map(lambda name: (name, solve(base, name)), names))
        assert httpx.get(f"{base}/api/examples").status_code == 200  # and it serves on
    assert len(results) == 50
    for name, result in results:
        assert result["status"] == "solved" and result["drawn"], (name, result)
        if SEEDS[name] is not None:
            assert SEEDS[name] in str(result["answers"]), (name, result)


def test_a_hundred_megabytes_are_refused_from_the_headers() -> None:
    """Only the headers and a first 64 KB are sent: the answer comes before the rest would be."""
    with running_server() as base, socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1]))) as raw:
        raw.sendall(f"POST /api/run HTTP/1.1\r\nHost: {base[7:]}\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {100 * 1024 * 1024}\r\n\r\n".encode() + b"x" * 65536)
        raw.settimeout(30)
        answer = raw.recv(4096).decode("latin-1")
    assert answer.startswith("HTTP/1.1 413")
