"""The browser platform: `theogony serve` (FastAPI + uvicorn), storage, and the static web client.

    from theogony.web import serve, create_app
    serve("127.0.0.1", 8000, None)      # SQLite in the default data folder
    serve("127.0.0.1", 8000, "postgresql://user:pw@host/db")

See docs/web.md.
"""

from __future__ import annotations

import sys
from typing import Any


def create_app(db: str | None = None, **options: Any) -> Any:
    from .server import create_app as _create_app

    return _create_app(db, **options)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *,
          bot_workers: int = 4, bot_processes: int | None = None, idle_seconds: float = 300.0,
          log_level: str = "info", settings: Any = None) -> None:
    """Run the server until interrupted. `db`: None (SQLite file in the data folder), a file path, a
    `sqlite:///` URL or a `postgresql://` URL. Binds to localhost unless another host is given.
    `settings`: the server's limits (`theogony.web.limits.ServerSettings`; None: the defaults)."""
    import uvicorn

    from .limits import ServerSettings
    from .storage import Storage, StorageError

    settings = settings or ServerSettings()

    try:
        storage = Storage(db)
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    where = str(storage.path) if storage.path is not None else storage.safe_url()
    print(f"theogony: storage {where}")
    print(f"theogony: open http://{host if ':' not in host else f'[{host}]'}:{port}/ in a browser")
    if host not in ("127.0.0.1", "localhost", "::1"):
        print(f"theogony: warning: listening on {host}, reachable from other machines")
    if bot_processes is None:  # bots think in worker processes, one per core (at most 8)
        import os

        bot_processes = max(1, min(8, os.cpu_count() or 1))
    if settings.allow_seeds:
        print("theogony: warning: clients may choose seeds (--allow-seeds): for development only")
    app = create_app(storage=storage, bot_workers=bot_workers, bot_processes=bot_processes,
                     default_idle=idle_seconds, settings=settings)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=16 * 1024,
                timeout_graceful_shutdown=3, timeout_keep_alive=30)


__all__ = ["create_app", "serve"]
