"""The FastAPI application: JSON API, WebSocket pushes and the static web client."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

import theogony

from .runtime import (LiveMatch, MatchManager, Subscriber, WebError, available_games)
from .storage import Storage

log = logging.getLogger("theogony.web")

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 64 * 1024
MAX_WS_MESSAGE = 4096

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; "
       "form-action 'self'")


# ---- request bodies ------------------------------------------------------------------------------

class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateMatch(Strict):
    game: str = Field(max_length=64)
    seats: list[str] = Field(min_length=1, max_length=12)
    players: int | None = Field(default=None, ge=1, le=12)
    variant: dict[str, str | int | float | bool] = Field(default_factory=dict, max_length=32)
    seed: int | None = Field(default=None, ge=0, lt=2**62)
    idle_seconds: float | None = Field(default=None, ge=0, le=30 * 24 * 3600)


class ActionBody(Strict):
    action: str = Field(max_length=500)
    version: int


class UndoBody(Strict):
    version: int


class BotBody(Strict):
    agent: str | None = Field(default=None, max_length=100)


# ---- helpers ---------------------------------------------------------------------------------------

def token_from(authorization: str | None, x_seat_token: str | None) -> str | None:
    if x_seat_token:
        return x_seat_token.strip()
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


def game_info(game_id: str) -> dict[str, Any]:
    from theogony.agents import agent_names

    game = theogony.load(game_id)
    info = game.info
    return {
        "id": info.id, "title": info.title, "min_players": info.min_players,
        "max_players": info.max_players, "summary": info.summary,
        "variants": {name: {"choices": list(choices), "default": default,
                            "help": info.variant_help.get(name, "")}
                     for name, (choices, default) in info.variants.items()},
        "agents": [a for a in agent_names(game) if a != "human"],
        "has_board": _has_board(game),
        "has_rules": game.rules_path() is not None,
    }


def _has_board(game: Any) -> bool:
    from .boards import renderer

    return renderer(game) is not None


class SecurityHeaders:
    """Pure ASGI middleware: security headers on every HTTP response (CSP on the client's pages,
    no caching of API answers)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = scope.get("path", "").startswith("/api/")
        started = time.perf_counter()

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                took = (time.perf_counter() - started) * 1000
                headers.append((b"server-timing", f"app;dur={took:.2f}".encode()))
                present = {name.lower() for name, _ in headers}
                extra = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
                         (b"x-frame-options", b"DENY")]
                extra.append((b"cache-control", b"no-store") if api
                             else (b"content-security-policy", CSP.encode()))
                headers += [(k, v) for k, v in extra if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyLimit:
    """Pure ASGI middleware: refuses request bodies over `limit` bytes (413), counted as they come."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    too_big = True
                if too_big:
                    await JSONResponse({"detail": f"request body over {self.limit} bytes"},
                                       status_code=413)(scope, receive, send)
                    return
        # no (or a lying) Content-Length: read the body first, up to the limit, then hand it on
        chunks: list[bytes] = []
        seen = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await JSONResponse({"detail": f"request body over {self.limit} bytes"},
                                   status_code=413)(scope, receive, send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Any:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


# ---- the application -------------------------------------------------------------------------------

def create_app(db: str | None = None, *, storage: Storage | None = None, bot_workers: int = 4,
               bot_processes: int = 0, bot_delay: float = 0.0, hint_spec: str = "mcts:seconds=1",
               default_idle: float = 300.0, resume: bool = True) -> FastAPI:
    """The whole server as an ASGI app. `db`: a SQLAlchemy URL or SQLite file path (None: default)."""
    storage = storage or Storage(db)
    manager = MatchManager(storage, bot_workers=bot_workers, bot_processes=bot_processes,
                           bot_delay=bot_delay,
                           hint_spec=hint_spec, default_idle=default_idle)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> Any:
        task = asyncio.get_running_loop().create_task(manager.resume_all()) if resume else None
        try:
            yield
        finally:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await manager.close()

    app = FastAPI(title="theogony", version=theogony.__version__, lifespan=lifespan,
                  docs_url="/api/docs", redoc_url=None, openapi_url="/api/openapi.json")
    app.state.manager = manager
    app.state.storage = storage
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(WebError)
    async def web_error(_request: Request, exc: WebError) -> JSONResponse:
        return JSONResponse({"detail": exc.message, **exc.extra}, status_code=exc.status)

    async def authorised(match_id: str, authorization: str | None,
                         x_seat_token: str | None) -> tuple[LiveMatch, int | None]:
        match = await manager.get(match_id)
        return match, match.seat_of(token_from(authorization, x_seat_token))

    # ---- games ----------------------------------------------------------------------------------

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return [game_info(g) for g in available_games()]

    @app.get("/api/games/{game_id}/rules")
    async def rules(game_id: str) -> dict[str, Any]:
        game = manager.load_game(game_id)
        path = game.rules_path()
        text = path.read_text(encoding="utf-8") if path else None
        return {"game": game.info.id, "title": game.info.title, "summary": game.info.summary,
                "markdown": text}

    # ---- matches --------------------------------------------------------------------------------

    @app.post("/api/matches", status_code=201)
    async def create_match(body: CreateMatch) -> dict[str, Any]:
        match, tokens = await manager.create(body.game, body.seats, body.players, body.variant,
                                             body.seed, body.idle_seconds)
        return {
            "id": match.id, "game": match.game.info.id, "players": match.players,
            "seats": match.seats, "seed": match.seed, "variant": match.variant,
            "tokens": {str(seat): token for seat, token in tokens.items()},
            "links": {str(seat): f"/match/{match.id}#token={token}" for seat, token in tokens.items()},
            "spectate": f"/match/{match.id}", "replay": f"/replay/{match.id}",
            "revision": match.revision,
        }

    @app.get("/api/matches")
    async def list_matches(limit: int = Query(50, ge=1, le=500),
                           status: str | None = Query(None, pattern="^(running|finished)$")
                           ) -> list[dict[str, Any]]:
        return [r.summary() for r in storage.list_matches(limit, status)]

    @app.get("/api/matches/{match_id}")
    async def get_match(request: Request, match_id: str, since: int | None = Query(None, ge=0),
                        wait: float = Query(25.0, ge=0, le=60),
                        authorization: str | None = Header(None),
                        x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """With `since=REVISION`: a long poll (for clients without WebSockets) that answers as soon
        as the match moves past that revision, or after `wait` seconds."""
        match, seat = await authorised(match_id, authorization, x_seat_token)
        if since is not None and since == match.revision and match.status == "running":
            subscriber = Subscriber(seat)
            match.subscribers.add(subscriber)
            loop = asyncio.get_running_loop()
            end = loop.time() + wait
            try:
                while not subscriber.changed.is_set() and not manager.closed:
                    left = end - loop.time()
                    if left <= 0 or await request.is_disconnected():
                        break
                    try:
                        await asyncio.wait_for(subscriber.changed.wait(), timeout=min(left, 1.0))
                    except asyncio.TimeoutError:
                        pass
            finally:
                match.subscribers.discard(subscriber)
            match = manager.live.get(match.id) or await manager.get(match.id)
        return match.snapshot(seat)

    @app.post("/api/matches/{match_id}/actions")
    async def post_action(match_id: str, body: ActionBody, authorization: str | None = Header(None),
                          x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        match, seat = await authorised(match_id, authorization, x_seat_token)
        manager.act(match, seat, body.action, body.version)
        return match.snapshot(seat)

    @app.post("/api/matches/{match_id}/undo")
    async def post_undo(match_id: str, body: UndoBody, authorization: str | None = Header(None),
                        x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        match, seat = await authorised(match_id, authorization, x_seat_token)
        undone = manager.undo(match, seat, body.version)
        return {"undone": undone, **match.snapshot(seat)}

    @app.post("/api/matches/{match_id}/hint")
    async def post_hint(match_id: str, authorization: str | None = Header(None),
                        x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        match, seat = await authorised(match_id, authorization, x_seat_token)
        return {"action": await manager.hint(match, seat), "revision": match.revision}

    @app.post("/api/matches/{match_id}/seats/{seat}/bot")
    async def seat_to_bot(match_id: str, seat: int, body: BotBody | None = None,
                          authorization: str | None = Header(None),
                          x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        match, viewer = await authorised(match_id, authorization, x_seat_token)
        manager.hand_over(match, viewer, seat, body.agent if body else None)
        return match.snapshot(viewer)

    @app.post("/api/matches/{match_id}/seats/{seat}/human")
    async def seat_to_human(match_id: str, seat: int, authorization: str | None = Header(None),
                            x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        match, viewer = await authorised(match_id, authorization, x_seat_token)
        manager.take_back(match, viewer, seat)
        return match.snapshot(viewer)

    @app.get("/api/matches/{match_id}/history")
    async def history(match_id: str, step: int | None = Query(None, ge=0),
                      authorization: str | None = Header(None),
                      x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        match, seat = await authorised(match_id, authorization, x_seat_token)
        return await manager.history(match, seat, step)

    @app.websocket("/api/matches/{match_id}/ws")
    async def ws(websocket: WebSocket, match_id: str) -> None:
        """Pushes the receiver's snapshot on connect and after every change. The client's first
        message is `{"token": "..."}` (or `{}` to watch as a spectator)."""
        await websocket.accept()
        try:
            first = await asyncio.wait_for(websocket.receive_text(), 15)
            if len(first) > MAX_WS_MESSAGE:
                await websocket.close(code=1009)
                return
            hello = json.loads(first) if first.strip() else {}
            token = hello.get("token") if isinstance(hello, dict) else None
            match = await manager.get(match_id)
            seat = match.seat_of(token if isinstance(token, str) else None)
        except WebError as exc:
            await websocket.send_json({"type": "error", "status": exc.status, "detail": exc.message})
            await websocket.close(code=4000 + exc.status)
            return
        except (asyncio.TimeoutError, ValueError, WebSocketDisconnect):
            with contextlib.suppress(Exception):
                await websocket.close(code=1008)
            return
        subscriber = Subscriber(seat)
        match.subscribers.add(subscriber)

        async def listen() -> None:
            while True:
                message = await websocket.receive_text()
                if len(message) > MAX_WS_MESSAGE:
                    raise WebSocketDisconnect(1009)

        listener = asyncio.get_running_loop().create_task(listen())
        try:
            while True:
                current = manager.live.get(match.id)
                if manager.closed:
                    break
                if current is not None and current is not match:  # reloaded: follow the new one
                    match.subscribers.discard(subscriber)
                    match = current
                    match.subscribers.add(subscriber)
                await websocket.send_json({"type": "match", **match.snapshot(seat)})
                waiter = asyncio.get_running_loop().create_task(subscriber.changed.wait())
                done, _ = await asyncio.wait({waiter, listener}, timeout=30,
                                             return_when=asyncio.FIRST_COMPLETED)
                if listener in done:
                    waiter.cancel()
                    break
                if waiter not in done:
                    waiter.cancel()  # periodic refresh (idle times, zombie claims)
                subscriber.changed.clear()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            match.subscribers.discard(subscriber)
            listener.cancel()
            with contextlib.suppress(Exception):
                await websocket.close()

    # ---- the web client ---------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/match/{match_id}", include_in_schema=False)
    async def match_page(match_id: str) -> FileResponse:
        return FileResponse(STATIC / "match.html")

    @app.get("/replay/{match_id}", include_in_schema=False)
    async def replay_page(match_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    @app.get("/rules/{game_id}", include_in_schema=False)
    async def rules_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "rules.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
