"""`cspdsl serve`: a local web page to write, check, solve and explain models (docs/serve.md).

The page (`static/`) talks to the routes of `app.py`, behind the checks of `guard.py`; every model it
sends is loaded and solved in a worker process (`jobs.py`, `work.py`), never in the server. The server
needs the optional extra `serve` (Starlette, uvicorn); without it the command says how to get it.
"""

from __future__ import annotations

import sys

from ..core.exit_codes import EXIT_BAD_INPUT

EXTRA = "pip install 'cspdsl[serve]'"
DEFAULT_PORT = 8765
LOOPBACK = "127.0.0.1"


def serve(host: str = LOOPBACK, port: int = DEFAULT_PORT) -> int:
    """Serve the page on `host`:`port` until Ctrl-C; the models' size limits are those the command
    runs under (its --max-* flags, `lower.sizes.current_limits`)."""
    try:
        import uvicorn

        from .app import build_app
    except ImportError as missing:
        print(f"error: cspdsl serve needs Starlette and uvicorn, the optional extra 'serve' ({missing.name} "
              f"is missing)\nhint: {EXTRA}", file=sys.stderr)
        return EXIT_BAD_INPUT
    from ..lower.sizes import current_limits

    if not 0 < port < 65536:
        print(f"error: --port {port}: a port is a number from 1 to 65535", file=sys.stderr)
        return EXIT_BAD_INPUT

    if host != LOOPBACK:
        print(f"WARNING: cspdsl serve is listening on {host}, not only on this machine's loopback: anyone who "
              f"can reach {host}:{port} can run models on this machine. Use --host only on a network you "
              "trust.", file=sys.stderr)
    shown = f"[{host}]" if ":" in host else host
    print(f"cspdsl serve: http://{LOOPBACK if host in ('0.0.0.0', '::') else shown}:{port}/ (Ctrl-C stops it)",
          file=sys.stderr)
    app = build_app(host, port, current_limits())
    uvicorn.run(app, host=host, port=port, log_level="warning", lifespan="on", server_header=False)
    return 0
