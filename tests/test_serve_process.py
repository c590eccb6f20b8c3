"""`cspdsl serve` as a user runs it: the command starts a server on 127.0.0.1 that answers, solves a
model in a worker, and on Ctrl-C ends with exit code 0, no traceback, and no process of its own left
running (its workers and their fork server included)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import MODELS, ROOT

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

from test_serve_load import free_port  # noqa: E402


def descendants(pid: int) -> set[int]:
    """The processes under `pid`, read from /proc (children of each of its threads, recursively)."""
    found: set[int] = set()
    pending = [pid]
    while pending:
        parent = pending.pop()
        for children in Path(f"/proc/{parent}/task").glob("*/children"):
            try:
                text = children.read_text()
            except OSError:  # the thread or the process has just ended
                continue
            for child in map(int, text.split()):
                if child not in found:
                    found.add(child)
                    pending.append(child)
    return found


def running(pid: int) -> bool:
    """Whether a process is alive (a zombie waiting for its parent counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def test_ctrl_c_ends_the_server_and_its_workers_cleanly() -> None:
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    server = subprocess.Popen([sys.executable, "-m", "cspdsl", "serve", "--port", str(port)], cwd=ROOT, env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        waited = time.monotonic()
        while True:  # until it answers (a while on a loaded machine: no bound on its speed here)
            assert server.poll() is None, server.communicate()
            try:
                if httpx.get(f"{base}/", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                assert time.monotonic() - waited < 120, "the server did not answer"
                time.sleep(0.05)
        text = (MODELS / "einstein.puz").read_text(encoding="utf-8")
        answer = httpx.post(f"{base}/api/run", json={"action": "solve", "model": text, "name": "einstein.puz"},
                            timeout=300)
        assert answer.status_code == 200 and "The German owns the fish" in answer.text
        workers = descendants(server.pid)
        assert workers, "a solve runs in a worker process"
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
    assert server.returncode == 0, err
    assert "Traceback" not in err
    deadline = time.monotonic() + 30
    while any(running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(running(pid) for pid in workers), "a worker outlived the server"
