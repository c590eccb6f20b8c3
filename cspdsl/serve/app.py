"""The page's routes: the page itself, the bundled examples, and the tasks a model is sent to.

A model arrives as text in a JSON body; the server never opens a path a request names. The page's own
files are read once, at start, into a table looked up by name; an example is found by its name in
the list of bundled examples (`core.examples`), nothing else. A task's events are streamed back as
JSON lines (one event a line: `started` with the job's id, `solution`s, `progress`, then `done` or
`error`), so that the page shows solutions as they come and can stop the task by its id.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ..core.examples import example_path, examples
from ..core.static_types import TYPE_CHECKING, Any
from .errors import request_error
from .guard import MAX_BODY, Guard, own_hosts
from .jobs import GRACE, Busy, Runner
from .work import ACTIONS, Task

if TYPE_CHECKING:
    from ..lower.sizes import SizeLimits

# What only a request needs (the backends' registry, the reserved words, the model's size limits) is
# imported by the request: the server answers its first request sooner (docs/serve.md, Start-up).

MAX_MODEL = 256 * 1024  # characters of a model's text
MAX_STREAM = 16 * 1024 * 1024  # bytes of one task's events; past them the task is stopped
MAX_SECONDS = 300.0  # the longest time limit a task may ask for
DEFAULT_SECONDS = 10.0
CHECK_SECONDS = 5.0  # the time a check (as the user types) may take
MAX_PARAMS = 64
# The reserved words the editor colours apart from the other keywords (as tools/highlight.py does).
LOGIC = ("and", "or", "not", "iff")
CONSTANTS = ("true", "false")

_STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
          ".css": "text/css; charset=utf-8", ".txt": "text/plain; charset=utf-8", ".png": "image/png"}


class BadRequest(Exception):
    """A request the page would never send: its words, and the status that answers it."""

    def __init__(self, message: str, hint: str | None = None, status: int = 400) -> None:
        super().__init__(message)
        self.message, self.hint, self.status = message, hint, status


def page_files() -> dict[str, tuple[bytes, str]]:
    """The page's files by the name a request may ask for: read once, never a path from a request."""
    files = {}
    for folder, _, names in os.walk(_STATIC):
        for name in names:
            kind = _TYPES.get(os.path.splitext(name)[1])
            if kind is not None:
                path = os.path.join(folder, name)
                with open(path, "rb") as file:
                    files[os.path.relpath(path, _STATIC).replace(os.sep, "/")] = (file.read(), kind)
    return files


def language_words() -> dict[str, list[str]]:
    """The reserved words of the language by the kind the editor colours (from grammars/puz.lark's tables)."""
    from ..syntax.words import COUNT_WORDS, KEYWORDS, RELATIONS

    return {"keywords": [word for word in KEYWORDS if word not in LOGIC + CONSTANTS], "logic": list(LOGIC),
            "constants": list(CONSTANTS), "relations": [*RELATIONS, *COUNT_WORDS]}


def task_of(data: object, action: str | None = None) -> Task:
    """The task a request's JSON asks for, checked field by field (BadRequest names the first fault)."""
    if not isinstance(data, dict):
        raise BadRequest("the request must be a JSON object")
    action = action or data.get("action")
    if action not in ACTIONS:
        raise BadRequest(f"unknown action {action!r}", f"one of: {', '.join(ACTIONS)}")
    model = data.get("model")
    if not isinstance(model, str):
        raise BadRequest("'model' must be the model's text")
    if len(model) > MAX_MODEL:
        raise BadRequest("the model is too large", f"a model may be at most {MAX_MODEL // 1024} K characters", 413)
    name = data.get("name") or "model.puz"
    if not isinstance(name, str) or len(name) > 100 or not name.isprintable():
        raise BadRequest("'name' must be a short line of text")
    return Task(action, model, name, _params(data.get("params")), _backend(data.get("backend")),
                CHECK_SECONDS if action == "check" else _seconds(data.get("timeout")))


def _params(params: object) -> dict[str, int | str]:
    if params is None:
        return {}
    if not isinstance(params, dict) or len(params) > MAX_PARAMS:
        raise BadRequest(f"'params' must map at most {MAX_PARAMS} names to values")
    for name, value in params.items():
        if len(name) > 100 or isinstance(value, bool) or not isinstance(value, int | str) or len(str(value)) > 100:
            raise BadRequest(f"the param {name[:100]!r} must be a whole number", "for example n=8")
    return dict(params)


def _backend(backend: object) -> str | None:
    from ..backends import REGISTRY

    if backend in (None, "", "auto"):
        return None
    if not isinstance(backend, str) or backend not in REGISTRY:
        raise BadRequest(f"unknown backend {str(backend)[:40]!r}", f"one of: {', '.join(sorted(REGISTRY))}")
    return backend


def _seconds(timeout: object) -> float:
    if timeout is None or timeout == "":
        return DEFAULT_SECONDS
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not 0 < timeout < math.inf:
        raise BadRequest("the time limit must be a number of seconds above 0")
    return float(min(timeout, MAX_SECONDS))


async def _json(request: Request) -> object:
    try:
        return json.loads(await request.body())
    except (ValueError, UnicodeDecodeError):
        raise BadRequest("the request's body is not JSON") from None


def _refused(error: BadRequest) -> JSONResponse:
    return JSONResponse(request_error(error.message, error.hint), status_code=error.status)


def _busy() -> JSONResponse:
    return JSONResponse(request_error("the server is busy", "try again in a moment"), status_code=503)


def build_app(host: str = "127.0.0.1", port: int = 8765, limits: SizeLimits | None = None,
              workers: int | None = None, grace: float = GRACE) -> Guard:
    """The page's application, behind its guard, answering as the server at `host`:`port`."""
    files = page_files()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        from ..lower.sizes import SizeLimits

        app.state.runner = Runner(limits or SizeLimits(), workers, grace)
        try:
            yield
        finally:
            app.state.runner.stop_all()

    async def page(request: Request) -> Response:
        return _file("index.html")

    async def static(request: Request) -> Response:
        return _file(request.path_params["name"])

    def _file(name: str) -> Response:
        if name not in files:
            return JSONResponse(request_error("no such file"), status_code=404)
        content, kind = files[name]
        return Response(content, media_type=kind, headers={"cache-control": "no-cache"})

    async def example_list(request: Request) -> Response:
        return JSONResponse([{"name": name, "what": what} for name, what in examples()])

    async def example(request: Request) -> Response:
        name = request.query_params.get("name", "")
        known = dict(examples())
        path = example_path(name) if name in known else None
        if path is None:
            return JSONResponse(request_error(f"no example called {name[:100]!r}",
                                              "the list of examples names those there are"), status_code=404)
        with open(path, encoding="utf-8") as file:
            return JSONResponse({"name": name, "what": known[name], "text": file.read()})

    async def backends(request: Request) -> Response:
        from ..backends import REGISTRY, backend_class

        return JSONResponse([{"name": name, "exact": backend_class(name).CAPABILITIES.exact}
                             for name in sorted(REGISTRY)])

    async def words(request: Request) -> Response:
        return JSONResponse(language_words())

    async def check(request: Request) -> Response:
        try:
            task = task_of(await _json(request), "check")
            job = request.app.state.runner.job(task)
        except BadRequest as error:
            return _refused(error)
        except Busy:
            return _busy()
        last: dict[str, Any] = {}
        async for event in request.app.state.runner.run(job):
            last = event
        return JSONResponse(last)

    async def run(request: Request) -> Response:
        try:
            task = task_of(await _json(request))
            job = request.app.state.runner.job(task)
        except BadRequest as error:
            return _refused(error)
        except Busy:
            return _busy()
        return StreamingResponse(_lines(request.app.state.runner, job), media_type="application/x-ndjson",
                                 headers={"cache-control": "no-store", "x-accel-buffering": "no"})

    async def stop(request: Request) -> Response:
        try:
            data = await _json(request)
        except BadRequest as error:
            return _refused(error)
        job_id = data.get("job") if isinstance(data, dict) else None
        stopped = isinstance(job_id, str) and request.app.state.runner.stop(job_id)
        return JSONResponse({"stopped": stopped})

    routes = [
        Route("/", page), Route("/static/{name:path}", static),
        Route("/api/examples", example_list), Route("/api/example", example), Route("/api/backends", backends),
        Route("/api/words", words),
        Route("/api/check", check, methods=["POST"]), Route("/api/run", run, methods=["POST"]),
        Route("/api/stop", stop, methods=["POST"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    return Guard(app, own_hosts(host, port), MAX_BODY)


async def _lines(runner: Runner, job: Any) -> AsyncIterator[bytes]:
    """The job's events as JSON lines, `started` first; past MAX_STREAM bytes the job is stopped."""
    yield _line({"type": "started", "job": job.id})
    sent = 0
    async for event in runner.run(job):
        line = _line(event)
        sent += len(line)
        if sent > MAX_STREAM:
            job.stop()
            yield _line({"type": "done", "status": "stopped", "found": job.found,
                         "message": "stopped: the output reached its size limit"})
            return
        yield line


def _line(event: dict[str, Any]) -> bytes:
    return json.dumps(event, separators=(",", ":")).encode("utf-8") + b"\n"
