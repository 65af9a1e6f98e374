"""Live matches of one server: every match in memory, rebuilt by replay from storage, and every
change to it (actions, undo, seat hand-overs, join links, bots). Runs on the server's event loop: all
state changes happen on that one thread, so a check of the revision and the change that follows it
cannot interleave with another request; bots think on worker threads or processes on their own
determinized copy. One match and what its seats see: `live`; undo and rebuild: `replay`; bot
worker processes: `workers`; input checks and secrets: `checks`; errors: `errors`.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import multiprocessing
import os
import pickle
import secrets
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import theogony
from theogony.agents import make_agent
from theogony.core import Event, Game, IllegalAction, Rng, State, TheogonyError
from theogony.core.save import engine_version

from .checks import (MAX_BOT_ITERATIONS, MAX_BOT_SECONDS, MAX_NAME, MAX_PLAN_ITERATIONS, MAX_PLAN_WIDTH,
                     SEED_LIMIT, check_agent_spec, check_name, hash_token, new_match_id, new_token,
                     version_compatible)
from .errors import Busy, Conflict, Forbidden, NotFound, TooMany, Unavailable, WebError
from .limits import FairScheduler, QueueFull, ServerSettings
from .live import RECENT_EVENTS, LiveMatch, LogEntry, Snapshot, Subscriber, decision_of
from .payload import board_payload, catalogue, component_json, components_payload
from .replay import MAX_UNDO, rebuild, remember_undo, undo_candidates_start
from .storage import MatchRecord, Storage
from .workers import stop_processes, think_in_process, watch_parent

__all__ = [  # the names the rest of the code and the tests import from here
    "MAX_BOT_ITERATIONS", "MAX_BOT_SECONDS", "MAX_NAME", "MAX_PLAN_ITERATIONS", "MAX_PLAN_WIDTH",
    "MAX_UNDO", "RECENT_EVENTS", "SEED_LIMIT", "Busy", "Conflict", "Forbidden", "LiveMatch", "LogEntry",
    "MatchManager", "MatchRecord", "NotFound", "Snapshot", "Subscriber", "TooMany", "Unavailable",
    "WebError", "available_games", "board_payload", "catalogue", "check_agent_spec", "check_name",
    "component_json", "components_payload", "decision_of", "hash_token", "new_match_id", "new_token",
    "rebuild", "remember_undo", "stop_processes", "think_in_process", "undo_candidates_start",
    "version_compatible", "watch_parent",
]

log = logging.getLogger("theogony.web")


class MatchManager:
    """Every live match of one server process, the storage behind them, and the bot workers."""

    def __init__(self, storage: Storage, *, bot_workers: int = 4, bot_processes: int = 0,
                 bot_delay: float = 0.0, hint_spec: str = "mcts:seconds=1",
                 default_idle: float = 300.0, max_cached: int = 2000,
                 settings: ServerSettings | None = None) -> None:
        self.storage = storage
        self.settings = settings or ServerSettings()
        self.live: dict[str, LiveMatch] = {}
        self.executor = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="theogony-bot")
        # Bots think in worker processes when asked (the server's default): a CPU-bound search on a
        # thread would hold the GIL and slow every request of every match.
        self.processes: ProcessPoolExecutor | None = None
        self.worker_processes: list[multiprocessing.process.BaseProcess] = []
        if bot_processes > 0:
            try:
                self.processes = ProcessPoolExecutor(
                    max_workers=bot_processes, mp_context=multiprocessing.get_context("fork"),
                    initializer=watch_parent, initargs=(os.getpid(),))
                # with fork, the first job starts every worker: now, before threads start
                self.processes.submit(int).result(timeout=60)
                self.worker_processes = self._current_workers()
            except Exception as exc:  # no fork on this platform: threads only
                log.warning("bots think on threads (no worker processes: %s)", exc)
        self.scheduler = FairScheduler(bot_processes if self.processes is not None else bot_workers,
                                       self.settings.bot_queue)
        self.bot_delay = bot_delay
        self.hint_spec = hint_spec
        self.default_idle = max(default_idle, self.settings.min_idle_seconds)
        self.max_cached = max_cached
        self.closed = False
        self._loading: dict[str, asyncio.Future[LiveMatch]] = {}

    # ---- lifecycle -----------------------------------------------------------------------------

    async def resume_all(self) -> None:
        """After a start: rebuild every running match that has a bot seat, so its bots go on."""
        for match_id in self.storage.running_ids(with_bots=True):
            if self.closed:
                return
            try:
                await self.get(match_id)
            except WebError as exc:
                log.warning("match %s not resumed: %s", match_id, exc.message)
            await asyncio.sleep(0)

    async def close(self) -> None:
        self.closed = True
        tasks = [m.bot_task for m in self.live.values() if m.bot_task and not m.bot_task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        for match in self.live.values():
            match.notify()
        self.executor.shutdown(wait=False, cancel_futures=True)
        workers = {id(p): p for p in self.worker_processes + self._current_workers()}
        if self.processes is not None:
            self.processes.shutdown(wait=False, cancel_futures=True)
        stop_processes(list(workers.values()))

    def _current_workers(self) -> list[multiprocessing.process.BaseProcess]:
        # the executor has no public list of its processes; they must be ended on every shutdown
        found = getattr(self.processes, "_processes", None) or {}
        return list(found.values())

    async def expire_loop(self) -> None:
        """Marks abandoned matches expired, at start and then every so often."""
        interval = min(3600.0, max(1.0, self.settings.expire_after / 4))
        while not self.closed:
            try:
                self.expire_abandoned()
            except Exception:
                log.exception("expiring abandoned matches failed")
            await asyncio.sleep(interval)

    def expire_abandoned(self, now: float | None = None) -> list[str]:
        """Unfinished matches without a change for `expire_after` seconds become `expired`: no more
        moves, their stored actions kept for the replay. Returns their ids."""
        cutoff = (time.time() if now is None else now) - self.settings.expire_after
        expired = self.storage.expire_matches(cutoff)
        for match_id in expired:
            match = self.live.get(match_id)
            if match is not None:
                match.expired = True
                match.revision += 1  # the storage bumped it too
                if match.bot_task is not None and not match.bot_task.done():
                    match.bot_task.cancel()
                match.notify()
        return expired

    # ---- creating and loading ------------------------------------------------------------------

    def load_game(self, game_id: str) -> Game:
        if not isinstance(game_id, str) or game_id not in theogony.games():
            raise NotFound(f"unknown game {game_id!r}; games: {', '.join(available_games())}")
        try:
            return theogony.load(game_id)
        except Exception as exc:
            raise NotFound(f"game {game_id!r} cannot be loaded on this server: {exc}") from None

    async def create(self, game_id: str, seats: list[str], players: int | None,
                     variant: dict[str, Any] | None, seed: int | None,
                     idle_seconds: float | None, names: list[str | None] | None = None,
                     open_seats: bool = False, hold: list[int] | None = None
                     ) -> tuple[LiveMatch, dict[int, str], dict[int, str]]:
        """A new match; returns it, the tokens of the seats its creator holds and the join codes of
        the other human seats. `names`: the seats' names (None for none); `open_seats`: list it in
        the lobby, where strangers may join its unclaimed human seats; `hold`: the human seats the
        creator plays itself (several: a hot seat; None: the first human seat). A held seat has no
        join code; an invited seat has no token anybody knows until its code is claimed."""
        if seed is not None and not self.settings.allow_seeds:
            raise Forbidden("this server chooses every seed itself (a known seed would reveal every "
                            "hidden card); leave 'seed' out, or start a development server with "
                            "--allow-seeds")
        minimum = self.settings.min_idle_seconds
        if idle_seconds is not None and idle_seconds < minimum:
            raise WebError(f"idle_seconds must be at least {minimum:g} on this server (the time a "
                           "seat may think before the others can hand it to a bot)")
        game = self.load_game(game_id)
        if players is None:
            players = len(seats)
        if len(seats) != players:
            raise WebError(f"give one seat per player: {players} players, {len(seats)} seats")
        clean: list[str] = []
        for seat in seats:
            clean.append("human" if isinstance(seat, str) and seat.strip().lower() == "human"
                         else check_agent_spec(seat, game))
        names = list(names or [])
        if len(names) > players:
            raise WebError(f"give at most one name per seat ({players} seats, {len(names)} names)")
        clean_names = [None if name is None else check_name(name) for name in names]
        clean_names += [None] * (players - len(clean_names))
        if seed is None:
            seed = secrets.randbelow(SEED_LIMIT)
        try:
            state = game.new_state(players, seed, variant or {})
        except TheogonyError as exc:
            raise WebError(str(exc)) from None
        held = held_seats(clean, hold)
        # an invited seat's first token is never handed out: only claiming its code gives one
        tokens = {i: new_token() for i, s in enumerate(clean) if s == "human"}
        joins = {i: new_token() for i in tokens if i not in held}
        now = time.time()
        record = MatchRecord(
            id=new_match_id(), game=game.info.id, players=players, seed=seed,
            variant=dict(state.variant), seats=clean, engine_version=engine_version(),
            schema_version=game.schema_version, revision=0, status="running",
            idle_seconds=self.default_idle if idle_seconds is None else idle_seconds,
            outcome=None, created_at=now, updated_at=now,
            token_hashes={i: hash_token(t) for i, t in tokens.items()},
            join_hashes={i: hash_token(c) for i, c in joins.items()},
            names=clean_names, open=open_seats)
        self.storage.create_match(record)
        match = LiveMatch(record, game, state, [])
        self._cache(match)
        self.kick(match)
        return match, {i: tokens[i] for i in held}, joins

    def _cache(self, match: LiveMatch) -> None:
        self.live[match.id] = match
        if len(self.live) > self.max_cached:
            idle = sorted((m.last_used, m.id) for m in self.live.values()
                          if not m.subscribers and (m.bot_task is None or m.bot_task.done()))
            for _, match_id in idle[: len(self.live) - self.max_cached]:
                self.live.pop(match_id, None)

    async def get(self, match_id: str) -> LiveMatch:
        if not isinstance(match_id, str) or not 1 <= len(match_id) <= 32 or not match_id.isalnum():
            raise NotFound("no such match")
        match = self.live.get(match_id)
        if match is not None:
            match.last_used = time.time()
            return match
        pending = self._loading.get(match_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveMatch] = asyncio.get_running_loop().create_future()
        self._loading[match_id] = future
        try:
            record = self.storage.load_match(match_id)
            if record is None:
                raise NotFound("no such match")
            match = await asyncio.get_running_loop().run_in_executor(None, rebuild, record)
            match.idle_seconds = max(match.idle_seconds, self.settings.min_idle_seconds)
            self._cache(match)
            future.set_result(match)
            self.kick(match)
            return match
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved
            raise
        finally:
            self._loading.pop(match_id, None)

    def forget(self, match_id: str) -> None:
        match = self.live.pop(match_id, None)
        if match and match.bot_task and not match.bot_task.done():
            match.bot_task.cancel()

    # ---- changes ---------------------------------------------------------------------------------

    def _check_open(self, match: LiveMatch) -> None:
        if match.expired:
            days = self.settings.expire_after / 86400
            raise Conflict(f"this match expired after {days:g} days without a move; its replay stays")

    def _check_version(self, match: LiveMatch, version: Any) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise WebError("give the state 'version' (the revision the action was chosen on)")
        if version != match.revision:
            raise Conflict(f"stale: the match changed since revision {version} (now {match.revision}); "
                           "reload and choose again", revision=match.revision)

    def act(self, match: LiveMatch, seat: int | None, text: Any, version: Any) -> list[Event]:
        """A person's action for their seat."""
        if seat is None:
            raise Forbidden("a seat token is needed to act")
        if not isinstance(text, str) or not text.strip():
            raise WebError("give the action text")
        if match.state.is_terminal():
            raise Conflict("the game is over; no action is legal")
        self._check_open(match)
        self._check_version(match, version)
        if match.state.current_player != seat:
            raise Conflict(f"it is not your turn (seat {match.state.current_player} decides now)")
        if not match.is_human(seat):
            raise Conflict("your seat is played by a bot now; take it back first")
        try:
            action = match.game.parse_action(match.state, text)
        except IllegalAction as exc:
            raise WebError(exc.reason, decision=exc.decision, rule=exc.rule,
                           expected=exc.expected[:200]) from None
        return self._apply(match, seat, action.text, human=True)

    def _apply(self, match: LiveMatch, seat: int, text: str, human: bool) -> list[Event]:
        state = match.state
        before = state.clone()
        log_length = len(match.log)
        decided = decision_of(state)
        try:
            if human:
                events, undoable = state.apply_undoable(text)
            else:  # a bot's decision clears the undo stack anyway: no need to prove it undoable
                events, undoable = state.apply(text), False
        except IllegalAction as exc:
            match.state = before
            raise WebError(exc.reason, decision=exc.decision, expected=exc.expected[:200]) from None
        except Exception as exc:  # an engine bug: keep the match as it was
            match.state = before
            log.exception("engine error in match %s applying %r", match.id, text)
            raise WebError("the engine failed on this action (the error is logged on the "
                           "server); the match is unchanged") from None
        terminal = state.is_terminal()
        outcome = state.outcome().to_json() if terminal else None
        now = time.time()
        ok = self.storage.append_action(match.id, match.revision, len(state.history) - 1, seat, text,
                                        "finished" if terminal else "running", outcome, now,
                                        by_bot=not human)
        if not ok:
            match.state = before
            self.forget(match.id)  # another process wrote this match: reload it next time
            raise Conflict("stale: the match was changed elsewhere; reload and choose again")
        match.revision += 1
        match.updated_at = now
        match.log.append(LogEntry(len(state.history), seat, text, events, now, decided))
        remember_undo(match.undo_stack, seat, before, log_length, human, not undoable)
        match.notify()
        self.kick(match)
        return events

    def undo(self, match: LiveMatch, seat: int | None, version: Any) -> int:
        if seat is None:
            raise Forbidden("a seat token is needed to undo")
        self._check_open(match)
        self._check_version(match, version)
        if not (match.undo_stack and match.undo_stack[-1].seat == seat and match.is_human(seat)):
            raise Conflict("nothing to undo: only your own decisions since the last decision of "
                           "another seat, random event or reveal can be undone")
        snapshot = match.undo_stack[-1]
        keep = len(snapshot.state.history)
        undone = len(match.state.history) - keep
        if not self.storage.truncate_actions(match.id, match.revision, keep):
            self.forget(match.id)
            raise Conflict("stale: the match was changed elsewhere; reload")
        match.undo_stack.pop()
        match.state = snapshot.state
        del match.log[snapshot.log_length:]
        match.revision += 1
        match.updated_at = time.time()
        match.notify()
        self.kick(match)
        return undone

    def hand_over(self, match: LiveMatch, viewer: int | None, seat: int, agent: str | None) -> None:
        """Give `seat` to a bot: your own seat any time; another human seat when it has kept everyone
        waiting longer than the match's idle time (the zombie rule)."""
        if viewer is None:
            raise Forbidden("a seat token is needed to hand a seat to a bot")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.players:
            raise WebError(f"seat must be 0 to {match.players - 1}")
        if match.state.is_terminal():
            raise Conflict("the game is over")
        self._check_open(match)
        if not match.is_human(seat):
            raise Conflict(f"seat {seat} is already played by a bot")
        if seat != viewer and not match.claimable(seat):
            raise Forbidden(
                f"seat {seat} can be handed to a bot by another seat only when it has kept the table "
                f"waiting {match.idle_seconds:g} s on its decision (waiting {match.idle_for():.0f} s)")
        spec = check_agent_spec(agent or "random", match.game)
        seats = list(match.seats)
        seats[seat] = spec
        self._set_seats(match, seats)

    def take_back(self, match: LiveMatch, viewer: int | None, seat: int) -> None:
        if viewer is None or viewer != seat:
            raise Forbidden("only the seat's own token can take it back from a bot")
        self._check_open(match)
        if match.is_human(seat):
            raise Conflict("this seat is already yours")
        seats = list(match.seats)
        seats[seat] = "human"
        self._set_seats(match, seats)

    # ---- join links -----------------------------------------------------------------------------

    def claim(self, match: LiveMatch, seat: int, code: str, name: str | None = None) -> str:
        """Claims `seat` with its join code (once): a new token for the claimer; the seat's old
        token and the code stop working. `name`: the claimer's name for the seat."""
        name = None if name is None else check_name(name)
        stored = match.join_hashes.get(seat)
        digest = hash_token(code)
        if stored is None or not hmac.compare_digest(stored, digest):
            raise Forbidden(f"this join link of seat {seat} is not valid: it was used already or "
                            "replaced; ask that seat's player for a new one")
        token = new_token()
        if not self.storage.claim_seat(match.id, seat, digest, hash_token(token)):
            self.forget(match.id)
            raise Conflict("stale: the match was changed elsewhere; reload")
        match.token_hashes[seat] = hash_token(token)
        del match.join_hashes[seat]
        if name is not None:
            self._set_name(match, seat, name)
        match.notify()  # ends the pushes to the old token
        return token

    def join_open(self, match: LiveMatch, seat: int, name: str) -> str:
        """A stranger joins a free seat of an open match from the lobby: claims it like its join
        link (the seat's earlier token and link stop working); answers the new token."""
        name = check_name(name)
        if not match.open:
            raise Forbidden("this match is not open: its seats are joined only with their links")
        if match.status != "running":
            raise Conflict("this match is over; its seats can no longer be joined")
        if not match.is_human(seat) or seat not in match.join_hashes:
            raise Forbidden(f"seat {seat} is not free: it is taken or played by a bot")
        token = new_token()
        if not self.storage.claim_open_seat(match.id, seat, hash_token(token)):
            self.forget(match.id)
            raise Conflict("stale: the seat was taken meanwhile; reload the lobby")
        match.token_hashes[seat] = hash_token(token)
        del match.join_hashes[seat]
        self._set_name(match, seat, name)
        match.notify()
        return token

    def rename(self, match: LiveMatch, viewer: int | None, name: str) -> None:
        """Your own seat's name."""
        if viewer is None:
            raise Forbidden("a seat token is needed to name a seat")
        self._set_name(match, viewer, check_name(name))
        match.notify()

    def _set_name(self, match: LiveMatch, seat: int, name: str) -> None:
        names = list(match.names)
        names[seat] = name
        self.storage.set_names(match.id, names)
        match.names = names

    async def rematch(self, match: LiveMatch, viewer: int | None
                      ) -> tuple[LiveMatch, dict[int, str], dict[int, str]]:
        """The same seats again after a finished match: a new match (same game, players, variant and
        agents, a new secret seed, the same names), made once. Answers the rematch, the tokens
        of the seats the caller now holds there (its own seat, while unclaimed) and, to its maker
        only, the join codes of the other human seats."""
        if viewer is None:
            raise Forbidden("a seat token of this match is needed for its rematch")
        if match.status != "finished":
            raise Conflict("a rematch starts once the match is over")
        if match.rematch is not None:
            new = await self.get(match.rematch)
            tokens: dict[int, str] = {}
            if new.is_human(viewer) and viewer in new.join_hashes:
                token = new_token()
                if not self._claim_any(new, viewer, hash_token(token)):
                    raise Conflict("stale: your rematch seat was taken meanwhile")
                new.token_hashes[viewer] = hash_token(token)
                del new.join_hashes[viewer]
                new.notify()
                tokens[viewer] = token
            return new, tokens, {}
        # the maker holds its own seat at once; the other humans get links (the same rule as creating)
        new, mine, joins = await self.create(match.game.info.id, list(match.seats), match.players,
                                             dict(match.variant), None, match.idle_seconds,
                                             names=list(match.names),
                                             hold=[viewer] if match.is_human(viewer) else [])
        if not self.storage.set_rematch(match.id, new.id):  # another request made one first
            self.forget(new.id)
            self.forget(match.id)
            return await self.rematch(await self.get(match.id), viewer)
        match.rematch = new.id
        match.notify()
        return new, mine, joins

    def _claim_any(self, match: LiveMatch, seat: int, token_hash: str) -> bool:
        stored = match.join_hashes.get(seat)
        return stored is not None and self.storage.claim_seat(match.id, seat, stored, token_hash)

    def reissue_link(self, match: LiveMatch, viewer: int | None, seat: int) -> str:
        """A new join code for the caller's own seat (to move to another browser); the previous one
        stops working, and claiming this one rotates the seat's token."""
        if viewer is None or viewer != seat:
            raise Forbidden("only the seat's own token can issue its join link")
        code = new_token()
        if not self.storage.set_join(match.id, seat, match.token_hashes[seat], hash_token(code)):
            self.forget(match.id)
            raise Conflict("stale: the match was changed elsewhere; reload")
        match.join_hashes[seat] = hash_token(code)
        return code

    def _set_seats(self, match: LiveMatch, seats: list[str]) -> None:
        if not self.storage.set_seats(match.id, match.revision, seats):
            self.forget(match.id)
            raise Conflict("stale: the match was changed elsewhere; reload")
        match.seats = seats
        match.revision += 1
        match.updated_at = time.time()
        match.undo_stack.clear()
        match.notify()
        self.kick(match)

    # ---- bots ------------------------------------------------------------------------------------

    def kick(self, match: LiveMatch) -> None:
        """Start the match's bot loop if a bot must decide now."""
        if self.closed or match.status != "running":
            return
        seat = match.state.current_player
        if seat is None or match.is_human(seat):
            return
        if match.bot_task is not None and not match.bot_task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        match.bot_task = loop.create_task(self._bots(match))

    async def _bots(self, match: LiveMatch) -> None:
        loop = asyncio.get_running_loop()
        while not self.closed and self.live.get(match.id) is match:
            state = match.state
            seat = state.current_player
            if match.status != "running" or seat is None or match.is_human(seat):
                return
            revision = match.revision
            rng = match.rng.spawn()
            try:
                copy = state.determinize(seat, rng)
                text = await self.think(match, match.controller(seat), copy, rng)
            except asyncio.CancelledError:
                raise
            except QueueFull:  # the workers are saturated: wait for a free place in the queue
                await asyncio.sleep(0.25)
                continue
            except Exception as exc:
                log.exception("bot %s failed in match %s", match.controller(seat), match.id)
                # no exception text to clients: it could name something hidden from them
                match.bot_error = f"the bot of seat {seat} failed; it played a random action instead"
                legal = match.state.legal_actions()
                text = legal[rng.below(len(legal))].text if legal else ""
            if self.closed or match.revision != revision or self.live.get(match.id) is not match:
                continue
            try:
                self._apply(match, seat, text, human=False)
            except WebError as exc:
                log.warning("bot action refused in match %s: %s", match.id, exc.message)
                await asyncio.sleep(0.05)
                continue
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            else:
                await asyncio.sleep(0)

    async def hint(self, match: LiveMatch, seat: int | None) -> str:
        """A suggestion for the seat's pending decision: one at a time per seat, then a cool-down."""
        if seat is None:
            raise Forbidden("a seat token is needed for a hint")
        if match.state.current_player != seat or match.state.is_terminal():
            raise Conflict("a hint is given for your own pending decision only")
        self._check_open(match)
        if seat in match.hinting:
            raise Conflict("a hint for your seat is being computed already; wait for it")
        wait = match.hint_ready_at.get(seat, 0.0) - time.monotonic()
        if wait > 0:
            raise TooMany(f"one hint every {self.settings.hint_cooldown:g} s per seat: wait "
                          f"{wait:.1f} s", retry_after=round(wait, 1))
        try:
            make_agent(self.hint_spec, match.game)
        except (TheogonyError, ValueError) as exc:
            raise WebError(f"no hint: {exc}") from None
        rng = match.rng.spawn()
        copy = match.state.determinize(seat, rng)
        match.hinting.add(seat)
        try:
            return await self.think(match, self.hint_spec, copy, rng)
        except QueueFull:
            raise Busy("the bots of this server are busy: ask for a hint again in a few seconds",
                       retry_after=5) from None
        finally:
            match.hinting.discard(seat)
            match.hint_ready_at[seat] = time.monotonic() + self.settings.hint_cooldown

    async def think(self, match: LiveMatch, spec: str, state: State, rng: Rng) -> str:
        """The action text an agent chooses on `state` (already determinized for the deciding seat):
        in a worker process when the server has them, else on a worker thread; queued fairly
        with every other match's work (QueueFull when the queue is at its bound)."""
        loop = asyncio.get_running_loop()
        agent = match.agents.get(spec)
        if agent is None:
            agent = match.agents[spec] = make_agent(spec, match.game)
        cheap = getattr(agent, "legal_only", False)  # e.g. random: not worth a process round trip
        processes = self.processes
        if processes is not None and not cheap:
            try:
                return await self.scheduler.submit(match.id, lambda: loop.run_in_executor(
                    processes, think_in_process, match.game.info.id, spec, state, rng))
            except (BrokenProcessPool, pickle.PicklingError, AttributeError, TypeError) as exc:
                log.warning("bots go back to threads: worker processes failed (%s)", exc)
                self.processes = None
        action = await self.scheduler.submit(
            match.id, lambda: loop.run_in_executor(self.executor, agent.act, state, rng))
        return action.text

    # ---- replays -------------------------------------------------------------------------------

    async def history(self, match: LiveMatch, seat: int | None, step: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": match.id, "game": match.game.info.id, "title": match.game.info.title,
            "players": match.players, "viewer": seat, "status": match.status,
            "steps": len(match.state.history), "revision": match.revision,
            "seats": [{"seat": i, "name": match.names[i],
                       "controller": "human" if match.is_human(i) else "bot",
                       "agent": None if match.is_human(i) else match.controller(i)}
                      for i in range(match.players)],
            "entries": match.events_for(seat, match.log, reveal=match.state.is_terminal()),
        }
        if match.state.is_terminal():  # over: the seed and every hidden choice may be shown
            out["outcome"] = match.state.outcome().to_json()
            out["seed"] = match.seed
        if step is not None:
            total = len(match.state.history)
            if isinstance(step, bool) or not 0 <= step <= total:
                raise WebError(f"step must be 0 to {total}")
            actions = list(match.state.history[:step])
            game, players, seed, variant = match.game, match.players, match.seed, match.variant

            def rebuild_view() -> dict[str, Any]:
                state = game.replay(players, seed, variant, actions)
                return state.view(seat)

            view = await asyncio.get_running_loop().run_in_executor(self.executor, rebuild_view)
            out["step"] = step
            out["view"] = view
            out.update(match.board_payload(view, []))
        return out


def held_seats(seats: list[str], hold: list[int] | None) -> set[int]:
    """The human seats a match's creator holds: `hold` checked, or the first human seat."""
    humans = [i for i, seat in enumerate(seats) if seat == "human"]
    if hold is None:
        return set(humans[:1])
    if not isinstance(hold, list) or any(isinstance(i, bool) or not isinstance(i, int) for i in hold):
        raise WebError("hold must be a list of seat numbers")
    wrong = [i for i in hold if i not in humans]
    if wrong:
        raise WebError(f"hold names the seats you play yourself: human seats only ({humans}), "
                       f"not {wrong}")
    if len(set(hold)) != len(hold):
        raise WebError("hold names a seat twice")
    return set(hold)


def available_games() -> list[str]:
    out = []
    for game_id in theogony.games():
        try:
            theogony.load(game_id)
        except Exception:
            continue
        out.append(game_id)
    return out
