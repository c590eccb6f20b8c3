"""`cspdsl serve`: the page's routes through Starlette's test client (no browser, no network), and
what an attacker would send: a foreign Host or Origin, a path for a model, a body too large, a model
whose strings carry HTML and script. Each is refused or escaped, and the server serves on."""

from __future__ import annotations

import asyncio
import json
import warnings
from collections.abc import Iterator

import pytest
from helpers import MODELS

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():  # Starlette's notice that its test client will move to httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cspdsl.serve import serve
from cspdsl.serve.app import MAX_MODEL, build_app
from cspdsl.serve.guard import MAX_BODY, Guard, own_hosts

PORT = 8765
BASE = f"http://127.0.0.1:{PORT}"
EINSTEIN = (MODELS / "einstein.puz").read_text(encoding="utf-8")
QUEENS = (MODELS / "queens.puz").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(build_app("127.0.0.1", PORT), base_url=BASE) as client:
        yield client


def events(response: object) -> list[dict[str, object]]:
    return [json.loads(line) for line in response.text.splitlines() if line.strip()]  # type: ignore[attr-defined]


def run(client: TestClient, action: str, model: str, **fields: object) -> list[dict[str, object]]:
    response = client.post("/api/run", json={"action": action, "model": model, **fields})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/x-ndjson")
    found = events(response)
    assert found[0]["type"] == "started" and found[-1]["type"] in ("done", "error")
    return found


def test_solve_einstein_gives_the_answer_and_its_picture(client: TestClient) -> None:
    found = run(client, "solve", EINSTEIN)
    solution = next(event for event in found if event["type"] == "solution")
    assert solution["answers"] == ["The German owns the fish, in house 4."]
    assert str(solution["svg"]).startswith("<svg") and "German" in str(solution["svg"])
    assert found[-1] | {"backend": None, "chosen_because": None} == {
        "type": "done", "status": "solved", "found": 1, "count": 1, "unique": True, "objective": None,
        "backend": None, "chosen_because": None, "complete": True, "timed_out": False}


def test_a_misspelt_value_is_located_with_its_hint(client: TestClient) -> None:
    misspelt = EINSTEIN.replace("{fish}", "{fsih}")
    for error in (run(client, "solve", misspelt)[-1]["error"], client.post("/api/check", json={"model": misspelt})
                  .json()["error"]):
        line = misspelt.splitlines().index(next(text for text in misspelt.splitlines() if "{fsih}" in text)) + 1
        assert error["message"] == "unknown value 'fsih'"  # type: ignore[index]
        assert error["hint"] == "did you mean 'fish'?"  # type: ignore[index]
        assert (error["line"], error["end_column"] - error["column"]) == (line, 4)  # type: ignore[index,operator]
        assert "model.puz:" in error["text"] and "^^^^" in error["text"]  # type: ignore[index,operator]


def test_a_model_that_checks_gives_its_size(client: TestClient) -> None:
    answer = client.post("/api/check", json={"model": EINSTEIN}).json()
    assert answer["status"] == "ok" and answer["size"]["variables"] > 0 and answer["warnings"] == []


@pytest.mark.parametrize("host", ["evil.example:8765", "127.0.0.1:9999", "localhost.evil.example:8765", ""])
def test_a_foreign_host_is_refused(client: TestClient, host: str) -> None:
    for method, path in (("GET", "/"), ("GET", "/api/examples"), ("POST", "/api/run")):
        response = client.request(method, path, headers={"host": host}, json={"action": "solve", "model": EINSTEIN})
        assert response.status_code == 403, (method, path)
        assert "answers only" in response.json()["error"]["message"]


@pytest.mark.parametrize("origin", ["http://evil.example", "http://127.0.0.1:9999", "https://127.0.0.1:8765", "null"])
def test_a_foreign_origin_is_refused(client: TestClient, origin: str) -> None:
    response = client.post("/api/run", headers={"origin": origin}, json={"action": "solve", "model": EINSTEIN})
    assert response.status_code == 403


def test_its_own_origin_and_names_are_served(client: TestClient) -> None:
    for host in (f"127.0.0.1:{PORT}", f"localhost:{PORT}"):
        response = client.post("/api/check", headers={"host": host, "origin": f"http://{host}"},
                               json={"model": EINSTEIN})
        assert response.status_code == 200 and response.json()["status"] == "ok"


def test_a_form_post_from_another_page_is_refused(client: TestClient) -> None:
    """A body that is not JSON (what a cross-site form can send without asking first)."""
    response = client.post("/api/run", content=b"action=solve", headers={"content-type": "text/plain"})
    assert response.status_code == 415


@pytest.mark.parametrize("name", ["../../etc/passwd", "/etc/passwd", "einstein.puz", "..", "", "einstein/../zebra"])
def test_an_example_is_opened_by_its_name_only(client: TestClient, name: str) -> None:
    response = client.get("/api/example", params={"name": name})
    assert response.status_code == 404 and "root:" not in response.text


def test_an_example_is_opened(client: TestClient) -> None:
    names = [example["name"] for example in client.get("/api/examples").json()]
    assert "einstein" in names and "queens" in names
    assert client.get("/api/example", params={"name": "einstein"}).json()["text"] == EINSTEIN


def test_a_path_sent_as_a_model_is_read_as_text(client: TestClient) -> None:
    found = run(client, "solve", "/etc/passwd")
    assert found[-1]["type"] == "error" and found[-1]["error"]["line"] == 1  # type: ignore[index]
    assert "root:" not in json.dumps(found)


def test_a_page_file_is_found_by_its_name_only(client: TestClient) -> None:
    assert client.get("/static/app.js").status_code == 200
    for name in ("../__init__.py", "..%2F__init__.py", "../../../etc/passwd", "/etc/passwd"):
        assert client.get(f"/static/{name}").status_code == 404


def test_a_body_announced_too_large_is_refused_before_it_is_read(client: TestClient) -> None:
    response = client.post("/api/run", content=b"{}", headers={"content-type": "application/json",
                                                                "content-length": str(100 * 1024 * 1024)})
    assert response.status_code == 413


def test_a_body_too_large_is_refused_at_its_first_chunk_past_the_limit() -> None:
    """100 MB sent without its length, in chunks of 64 KB: the guard stops reading past MAX_BODY."""
    chunk, read, answered = b"x" * 65536, [], []

    async def inner(scope: object, receive: object, send: object) -> None:
        raise AssertionError("the application must not see the request")

    async def receive() -> dict[str, object]:
        read.append(len(chunk))
        return {"type": "http.request", "body": chunk, "more_body": sum(read) < 100 * 1024 * 1024}

    async def send(message: dict[str, object]) -> None:
        answered.append(message)

    scope = {"type": "http", "method": "POST", "headers": [(b"host", f"127.0.0.1:{PORT}".encode()),
                                                           (b"content-type", b"application/json")]}
    asyncio.run(Guard(inner, own_hosts("127.0.0.1", PORT))(scope, receive, send))
    assert answered[0]["status"] == 413
    assert sum(read) <= MAX_BODY + len(chunk)


def test_a_model_too_large_is_refused(client: TestClient) -> None:
    response = client.post("/api/run", json={"action": "solve", "model": "#" * (MAX_MODEL + 1)})
    assert response.status_code == 413 and "too large" in response.json()["error"]["message"]


SCRIPT = "<script>alert('x')</script>"
HTML_MODEL = f'''puzzle "{SCRIPT}"
var x in 1..3
x > 2
question "{SCRIPT}?": "{SCRIPT} {{x}} <img src=x onerror=alert(1)>"
'''


def test_html_and_script_in_a_model_come_back_escaped(client: TestClient) -> None:
    found = run(client, "solve", HTML_MODEL)
    solution = next(event for event in found if event["type"] == "solution")
    svg = str(solution["svg"])
    assert "<script" not in svg and "<img" not in svg and "&lt;script&gt;" in svg
    assert solution["answers"] == [f"{SCRIPT} 3 <img src=x onerror=alert(1)>"]  # data, shown as text by the page
    page = client.get("/")
    assert SCRIPT not in page.text and "script-src 'self'" in page.headers["content-security-policy"]


def test_an_error_quoting_html_is_data_not_markup(client: TestClient) -> None:
    found = run(client, "check", f"var {SCRIPT} in 1..3")
    assert found[-1]["type"] == "error" and found[-1]["error"]["line"] == 1  # type: ignore[index]


def test_a_model_past_its_time_limit_is_stopped_and_the_next_one_is_served(client: TestClient) -> None:
    found = run(client, "all", QUEENS, params={"n": 30}, timeout=0.5)
    assert found[-1]["timed_out"] is True and found[-1]["count"] is None
    assert found[-1]["found"] >= 1  # type: ignore[operator]
    assert run(client, "solve", EINSTEIN)[-1]["status"] == "solved"


def test_a_worker_past_its_grace_is_killed() -> None:
    """No grace at all: the server kills the worker at the time limit, whatever the worker is doing."""
    with TestClient(build_app("127.0.0.1", PORT, grace=0.0), base_url=BASE) as client:
        found = run(client, "all", QUEENS, params={"n": 30}, timeout=0.3)
        assert found[-1]["status"] == "timeout"
        assert run(client, "solve", EINSTEIN)[-1]["status"] == "solved"


def test_stop_ends_an_enumeration_and_keeps_what_was_found(client: TestClient) -> None:
    with client.stream("POST", "/api/run", json={"action": "all", "model": QUEENS, "params": {"n": 30},
                                                 "timeout": 60}) as response:
        lines = response.iter_lines()
        job = json.loads(next(lines))["job"]
        first = json.loads(next(lines))
        assert first["type"] == "solution"
        assert client.post("/api/stop", json={"job": job}).json() == {"stopped": True}
        last = [json.loads(line) for line in lines if line.strip()][-1]
    assert last["type"] == "done" and last["status"] == "stopped" and last["found"] >= 1
    assert client.post("/api/stop", json={"job": job}).json() == {"stopped": False}


@pytest.mark.parametrize(("body", "words"), [
    (b"not json", "not JSON"),
    (b"[1, 2]", "JSON object"),
    (b'{"action": "rm -rf", "model": ""}', "unknown action"),
    (b'{"action": "solve"}', "'model'"),
    (b'{"action": "solve", "model": "", "timeout": "soon"}', "time limit"),
    (b'{"action": "solve", "model": "", "timeout": -1}', "time limit"),
    (b'{"action": "solve", "model": "", "backend": "../sat"}', "unknown backend"),
    (b'{"action": "solve", "model": "", "params": {"n": [1]}}', "whole number"),
    (b'{"action": "solve", "model": "", "name": "a\\nb"}', "'name'"),
])
def test_a_bad_request_is_answered_in_words(client: TestClient, body: bytes, words: str) -> None:
    response = client.post("/api/run", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 400 and words in response.json()["error"]["message"]


def test_every_answer_keeps_the_page_to_itself(client: TestClient) -> None:
    for response in (client.get("/"), client.get("/api/examples"), client.get("/", headers={"host": "x"})):
        assert response.headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]


def test_without_the_extra_the_command_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(__import__("sys").modules, "uvicorn", None)  # as if it were not installed
    assert serve() == 2
    assert "pip install 'cspdsl[serve]'" in capsys.readouterr().err
