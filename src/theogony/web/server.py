"""The FastAPI application: JSON API, WebSocket pushes and the static web client."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

import theogony

from .limits import RateLimiter, ServerSettings
from .checks import hash_token
from .errors import TooMany, WebError
from .live import LiveMatch, Subscriber
from .payload import catalogue, component_json
from .runtime import MatchManager, available_games
from .storage import Storage

log = logging.getLogger("theogony.web")

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 64 * 1024
MAX_WS_MESSAGE = 4096

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; "
       "form-action 'self'")


# ---- answers -----------------------------------------------------------------------------------------

class SafeJSONResponse(JSONResponse):
    """JSON that always serialises: ASCII escapes (a lone surrogate from a client's text cannot break
    the UTF-8 encoding), and non-finite numbers written as strings instead of failing."""

    def render(self, content: Any) -> bytes:
        return json_text(content).encode("ascii")


def json_text(content: Any) -> str:
    return json.dumps(finite(content), ensure_ascii=True, allow_nan=False, separators=(",", ":"))


def finite(value: Any) -> Any:
    """`value` with every NaN or infinity replaced by its name (JSON has no such numbers)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {str(k): finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(v) for v in value]
    return value


class ErrorBody(BaseModel):
    """Every refusal: a message, and for some errors more fields (`expected`, `revision`, ...)."""

    model_config = ConfigDict(extra="allow")
    detail: str


ERRORS = {
    400: "bad input: an illegal action (with the engine's reason and the legal actions) or a bad setup",
    403: "no token, a wrong token, a used join link, a seat you may not take, or a seed on a server "
         "that chooses its own",
    404: "no such game or match",
    409: "stale (the match moved past your version), not your turn, game over or expired, nothing to "
         "undo, or a stored match this engine will not replay",
    413: f"a request body over {MAX_BODY} bytes",
    429: "over a rate limit (match creation per client, hints per seat); see Retry-After",
    503: "the bot workers are saturated; see Retry-After",
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI `responses` of a route: these refusals, and a body over the size limit."""
    return {code: {"model": ErrorBody, "description": ERRORS[code]} for code in sorted({*codes, 413})}


# ---- request bodies ------------------------------------------------------------------------------

class Strict(BaseModel):
    """No unknown fields, no coercion (`true` is not 1, "3" is not 3), no NaN or infinity."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class CreateMatch(Strict):
    game: str = Field(max_length=64)
    seats: list[Annotated[str, Field(max_length=100)]] = Field(min_length=1, max_length=12)
    players: int | None = Field(default=None, ge=1, le=12)
    variant: dict[str, str | int | float | bool] = Field(default_factory=dict, max_length=32)
    seed: int | None = Field(default=None, ge=0, lt=2**62)
    idle_seconds: float | None = Field(default=None, ge=0, le=30 * 24 * 3600)
    names: list[Annotated[str, Field(max_length=100)] | None] = Field(default_factory=list, max_length=12)
    open: bool = False
    hold: list[Annotated[int, Field(ge=0, lt=12)]] | None = Field(default=None, max_length=12)


class ActionBody(Strict):
    action: str = Field(max_length=500)
    version: int


class UndoBody(Strict):
    version: int


class BotBody(Strict):
    agent: str | None = Field(default=None, max_length=100)


class ClaimBody(Strict):
    code: str = Field(min_length=1, max_length=200)
    name: str | None = Field(default=None, max_length=100)


class NameBody(Strict):
    name: str = Field(max_length=100)


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
    from .boards import has_board

    return has_board(game)


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


def join_link(match_id: str, seat: int, code: str) -> str:
    """The page address that claims `seat` with `code` (in the fragment: never sent to a server)."""
    return f"/match/{match_id}#seat={seat}&join={code}"


def rules_html(markdown: str) -> str:
    """The rules document as HTML: CommonMark with tables; raw HTML in it is escaped, not passed on."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)


def match_links(match: LiveMatch, tokens: dict[int, str], joins: dict[int, str]) -> dict[str, Any]:
    """A new match as its maker receives it: the tokens of the seats it holds, and the join links
    of the invited seats (no token of theirs)."""
    return {
        "id": match.id, "game": match.game.info.id, "players": match.players,
        "seats": match.seats, "variant": match.variant, "names": match.names, "open": match.open,
        "tokens": {str(seat): token for seat, token in tokens.items()},
        "links": {str(seat): join_link(match.id, seat, code) for seat, code in joins.items()},
        "spectate": f"/match/{match.id}", "replay": f"/replay/{match.id}",
        "revision": match.revision,
    }


def check_seat(match: LiveMatch, seat: int) -> None:
    if not 0 <= seat < match.players:
        raise WebError(f"seat must be 0 to {match.players - 1}")


# ---- the application -------------------------------------------------------------------------------

def create_app(db: str | None = None, *, storage: Storage | None = None, bot_workers: int = 4,
               bot_processes: int = 0, bot_delay: float = 0.0, hint_spec: str = "mcts:seconds=1",
               default_idle: float = 300.0, resume: bool = True,
               settings: ServerSettings | None = None) -> FastAPI:
    """The whole server as an ASGI app. `db`: a SQLAlchemy URL or SQLite file path (None: default);
    `settings`: its limits (see ServerSettings)."""
    settings = settings or ServerSettings()
    storage = storage or Storage(db)
    manager = MatchManager(storage, bot_workers=bot_workers, bot_processes=bot_processes,
                           bot_delay=bot_delay, hint_spec=hint_spec, default_idle=default_idle,
                           settings=settings)
    creations = RateLimiter(settings.create_per_minute, settings.create_burst)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> Any:
        loop = asyncio.get_running_loop()
        tasks = [loop.create_task(manager.expire_loop())]
        if resume:
            tasks.append(loop.create_task(manager.resume_all()))
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await manager.close()

    app = FastAPI(title="theogony", version=theogony.__version__, lifespan=lifespan,
                  docs_url="/api/docs", redoc_url=None, openapi_url="/api/openapi.json",
                  default_response_class=SafeJSONResponse)
    app.state.manager = manager
    app.state.storage = storage
    app.state.settings = settings
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)

    add_error_handlers(app)
    add_game_routes(app, manager)
    add_match_routes(app, manager, creations)
    add_socket_route(app, manager)
    add_pages(app)
    return app


def client_key(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def add_error_handlers(app: FastAPI) -> None:
    """Every WebError as its status and message; a request that fails validation as a 422."""

    @app.exception_handler(WebError)
    async def web_error(_request: Request, exc: WebError) -> JSONResponse:
        headers = {}
        if "retry_after" in exc.extra:
            headers["Retry-After"] = str(max(1, math.ceil(exc.extra["retry_after"])))
        return SafeJSONResponse({"detail": exc.message, **exc.extra},
                                status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        """422 naming each wrong field and what was expected; the input itself is not echoed (it
        may be text or numbers that JSON cannot carry back)."""
        problems = [{"loc": list(error.get("loc", ())), "msg": str(error.get("msg", "")),
                     "type": str(error.get("type", ""))} for error in exc.errors()]
        return SafeJSONResponse({"detail": problems}, status_code=422)


def add_game_routes(app: FastAPI, manager: MatchManager) -> None:
    """The games this server offers, their rules and their card references."""

    @app.get("/api/games", responses=errors())
    async def list_games() -> list[dict[str, Any]]:
        return [game_info(g) for g in available_games()]

    @app.get("/api/games/{game_id}/rules", responses=errors(404))
    async def rules(game_id: str) -> dict[str, Any]:
        game = manager.load_game(game_id)
        path = game.rules_path()
        text = path.read_text(encoding="utf-8") if path else None
        return {"game": game.info.id, "title": game.info.title, "summary": game.info.summary,
                "markdown": text, "html": rules_html(text) if text else None}

    @app.get("/api/games/{game_id}/components", responses=errors(404))
    async def components(game_id: str) -> dict[str, Any]:
        """The game's card reference: every card, tile, power, deity, monster or calling, with its
        text, grouped by kind (in the game's order)."""
        game = manager.load_game(game_id)
        kinds: dict[str, list[dict[str, Any]]] = {}
        for component in catalogue(game).values():
            kinds.setdefault(component.kind, []).append(component_json(component))
        return {"game": game.info.id, "title": game.info.title, "kinds": kinds}


def add_match_routes(app: FastAPI, manager: MatchManager, creations: RateLimiter) -> None:
    """The JSON API of matches: creating, the lobby, snapshots, actions, seats, links, replays."""
    storage: Storage = app.state.storage
    settings: ServerSettings = app.state.settings

    async def authorised(match_id: str, authorization: str | None,
                         x_seat_token: str | None) -> tuple[LiveMatch, int | None]:
        match = await manager.get(match_id)
        return match, match.seat_of(token_from(authorization, x_seat_token))

    @app.post("/api/matches", status_code=201, responses=errors(400, 403, 404, 429))
    async def create_match(request: Request, body: CreateMatch) -> dict[str, Any]:
        """A new match. `tokens`: the tokens of the human seats the creator plays itself (`hold`;
        by default the first human seat; several for a hot seat); `links`: one join link for each
        other human seat, its only way in: send each to its player."""
        wait = creations.take(client_key(request))
        if wait > 0:
            raise TooMany(f"at most {settings.create_burst} new matches at once and "
                          f"{settings.create_per_minute:g} a minute from one address: wait "
                          f"{wait:.0f} s", retry_after=round(wait, 1))
        match, tokens, joins = await manager.create(body.game, body.seats, body.players, body.variant,
                                                    body.seed, body.idle_seconds, body.names, body.open,
                                                    body.hold)
        return match_links(match, tokens, joins)

    @app.get("/api/lobby", responses=errors())
    async def open_matches(limit: int = Query(50, ge=1, le=200)) -> list[dict[str, Any]]:
        """Open matches with free seats (unclaimed human seats their creator listed): join one with
        POST /api/matches/{id}/seats/{seat}/join."""
        return [{**record.summary(), "free_seats": record.free_seats()}
                for record in storage.open_matches(limit)]

    @app.get("/api/matches", responses=errors())
    async def list_matches(limit: int = Query(50, ge=1, le=500),
                           status: str | None = Query(None, pattern="^(running|finished|expired)$")
                           ) -> list[dict[str, Any]]:
        return [r.summary() for r in storage.list_matches(limit, status)]

    @app.get("/api/matches/{match_id}", responses=errors(403, 404, 409))
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
            seat = match.seat_of(token_from(authorization, x_seat_token))  # rotated meanwhile?
        return match.snapshot(seat)

    @app.post("/api/matches/{match_id}/actions", responses=errors(400, 403, 404, 409))
    async def post_action(match_id: str, body: ActionBody, authorization: str | None = Header(None),
                          x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        match, seat = await authorised(match_id, authorization, x_seat_token)
        manager.act(match, seat, body.action, body.version)
        return match.snapshot(seat)

    @app.post("/api/matches/{match_id}/undo", responses=errors(400, 403, 404, 409))
    async def post_undo(match_id: str, body: UndoBody, authorization: str | None = Header(None),
                        x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        match, seat = await authorised(match_id, authorization, x_seat_token)
        undone = manager.undo(match, seat, body.version)
        return {"undone": undone, **match.snapshot(seat)}

    @app.post("/api/matches/{match_id}/hint", responses=errors(400, 403, 404, 409, 429, 503))
    async def post_hint(match_id: str, authorization: str | None = Header(None),
                        x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        match, seat = await authorised(match_id, authorization, x_seat_token)
        return {"action": await manager.hint(match, seat), "revision": match.revision}

    @app.post("/api/matches/{match_id}/seats/{seat}/bot", responses=errors(400, 403, 404, 409))
    async def seat_to_bot(match_id: str, seat: int, body: BotBody | None = None,
                          authorization: str | None = Header(None),
                          x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        match, viewer = await authorised(match_id, authorization, x_seat_token)
        manager.hand_over(match, viewer, seat, body.agent if body else None)
        return match.snapshot(viewer)

    @app.post("/api/matches/{match_id}/seats/{seat}/human", responses=errors(400, 403, 404, 409))
    async def seat_to_human(match_id: str, seat: int, authorization: str | None = Header(None),
                            x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        match, viewer = await authorised(match_id, authorization, x_seat_token)
        manager.take_back(match, viewer, seat)
        return match.snapshot(viewer)

    @app.post("/api/matches/{match_id}/seats/{seat}/claim", responses=errors(400, 403, 404, 409))
    async def claim_seat(match_id: str, seat: int, body: ClaimBody) -> dict[str, Any]:
        """Claims a seat with the code of its join link, once: answers the seat's new token (keep it);
        the seat's previous token and this link stop working."""
        match = await manager.get(match_id)
        check_seat(match, seat)
        token = manager.claim(match, seat, body.code, body.name)
        return {"seat": seat, "token": token, **match.snapshot(seat)}

    @app.post("/api/matches/{match_id}/seats/{seat}/join", responses=errors(400, 403, 404, 409))
    async def join_seat(match_id: str, seat: int, body: NameBody) -> dict[str, Any]:
        """Joins a free seat of an open match (as listed by /api/lobby) under `name`: like claiming
        its join link, answers the seat's new token (keep it)."""
        match = await manager.get(match_id)
        check_seat(match, seat)
        token = manager.join_open(match, seat, body.name)
        return {"seat": seat, "token": token, **match.snapshot(seat)}

    @app.post("/api/matches/{match_id}/name", responses=errors(400, 403, 404, 409))
    async def rename(match_id: str, body: NameBody, authorization: str | None = Header(None),
                     x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """Your own seat's name."""
        match, seat = await authorised(match_id, authorization, x_seat_token)
        manager.rename(match, seat, body.name)
        return match.snapshot(seat)

    @app.post("/api/matches/{match_id}/rematch", responses=errors(400, 403, 404, 409, 429))
    async def rematch(request: Request, match_id: str, authorization: str | None = Header(None),
                      x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """A finished match again with the same seats, made once: the first seat to ask makes it
        (and gets the other humans' join links); each seat that asks holds its own seat there
        (`tokens`) while nobody has claimed it."""
        match, seat = await authorised(match_id, authorization, x_seat_token)
        if match.rematch is None and seat is not None and match.status == "finished":
            wait = creations.take(client_key(request))
            if wait > 0:
                raise TooMany(f"too many new matches from one address: wait {wait:.0f} s",
                              retry_after=round(wait, 1))
        new, tokens, joins = await manager.rematch(match, seat)
        return match_links(new, tokens, joins)

    @app.post("/api/matches/{match_id}/seats/{seat}/link", responses=errors(400, 403, 404, 409))
    async def reissue_link(match_id: str, seat: int, authorization: str | None = Header(None),
                           x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """A new join link for your own seat (the previous one stops working): open it in another
        browser to move there; claiming it ends this token."""
        match, viewer = await authorised(match_id, authorization, x_seat_token)
        check_seat(match, seat)
        code = manager.reissue_link(match, viewer, seat)
        return {"seat": seat, "link": join_link(match.id, seat, code)}

    @app.get("/api/matches/{match_id}/history", responses=errors(400, 403, 404, 409))
    async def history(match_id: str, step: int | None = Query(None, ge=0),
                      authorization: str | None = Header(None),
                      x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        match, seat = await authorised(match_id, authorization, x_seat_token)
        return await manager.history(match, seat, step)


def add_socket_route(app: FastAPI, manager: MatchManager) -> None:
    """The WebSocket that pushes a seat's snapshot after every change of its match."""

    @app.websocket("/api/matches/{match_id}/ws")
    async def ws(websocket: WebSocket, match_id: str) -> None:
        """Pushes the receiver's snapshot on connect and after every change. The client's first
        message is `{"token": "..."}` (or `{}` to watch as a spectator)."""
        await websocket.accept()
        try:
            first = await asyncio.wait_for(websocket.receive(), 15)
            if first["type"] == "websocket.disconnect":
                return
            if first.get("text") is None:  # a binary frame: the hello is JSON text
                await websocket.close(code=1003, reason="send the hello as a JSON text frame")
                return
            text = first["text"]
            if len(text) > MAX_WS_MESSAGE:
                await websocket.close(code=1009)
                return
            hello = json.loads(text) if text.strip() else {}
            token = hello.get("token") if isinstance(hello, dict) else None
            token = token if isinstance(token, str) else None
            match = await manager.get(match_id)
            seat = match.seat_of(token)
        except WebError as exc:
            await websocket.send_json({"type": "error", "status": exc.status, "detail": exc.message})
            await websocket.close(code=4000 + exc.status)
            return
        except (asyncio.TimeoutError, ValueError, WebSocketDisconnect):
            with contextlib.suppress(Exception):
                await websocket.close(code=1008)
            return
        subscriber = Subscriber(seat, hash_token(token) if seat is not None and token else None)
        match.subscribers.add(subscriber)

        async def listen() -> None:
            """Nothing is expected after the hello: returns when the client goes away."""
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                if len(message.get("text") or message.get("bytes") or b"") > MAX_WS_MESSAGE:
                    return

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
                if seat is not None and match.token_hashes.get(seat) != subscriber.token_hash:
                    await websocket.send_json({"type": "error", "status": 403, "detail":
                                               f"seat {seat} was claimed with its join link: this "
                                               "token no longer works"})
                    await websocket.close(code=4403)
                    break
                await websocket.send_text(json_text({"type": "match", **match.snapshot(seat)}))
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
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await listener
            with contextlib.suppress(Exception):
                await websocket.close()


def add_pages(app: FastAPI) -> None:
    """The web client: its pages and static files."""
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/match/{match_id}", include_in_schema=False)
    async def match_page(match_id: str) -> FileResponse:
        return FileResponse(STATIC / "match.html")

    @app.get("/replay/{match_id}", include_in_schema=False)
    async def replay_page(match_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    @app.get("/cards/{game_id}", include_in_schema=False)
    async def cards_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "cards.html")

    @app.get("/rules/{game_id}", include_in_schema=False)
    async def rules_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "rules.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
