"""Checks of what clients send (bot specs, seat names, stored engine versions) and the secrets the
server hands out (tokens, join codes, match ids)."""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from typing import Any

from theogony.agents import AgentSpecError, MCTSAgent, parse_agent
from theogony.core import Game, TheogonyError

from .errors import WebError

MAX_BOT_ITERATIONS = 5000
MAX_BOT_SECONDS = 5.0
# a whole-turn plan iteration (mcts plans=W) replays a turn and the replies: some 10-50 ms, not 0.2
MAX_PLAN_ITERATIONS = 1000
MAX_PLAN_WIDTH = 6
SEED_LIMIT = 2**62  # seeds are stored in a signed 64-bit column
MAX_NAME = 32


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_match_id() -> str:
    return secrets.token_hex(8)


def version_compatible(stored: str, current: str) -> bool:
    """Matches replay only on an engine of the same major.minor version (rules may change between
    minor versions; patch releases keep every game's transitions)."""
    return stored.split(".")[:2] == current.split(".")[:2]


def check_agent_spec(spec: str, game: Game) -> str:
    """A bot spec, normalised, refused when unknown or too expensive for a shared server."""
    if not isinstance(spec, str) or not spec.strip():
        raise WebError("a seat is 'human' or an agent spec such as 'random' or 'mcts:iterations=300'")
    spec = spec.strip()
    try:
        parsed = parse_agent(spec, game)  # strict: values are plain, finite and bounded
        if parsed.name == "human":
            raise WebError("'human' is not a bot")
        iterations = parsed.options.get("iterations")
        if isinstance(iterations, int) and iterations > MAX_BOT_ITERATIONS:
            raise WebError(f"bot {spec!r}: this server allows at most {MAX_BOT_ITERATIONS} iterations")
        seconds = parsed.options.get("seconds")
        if isinstance(seconds, float) and seconds > MAX_BOT_SECONDS:
            raise WebError(f"bot {spec!r}: this server allows at most {MAX_BOT_SECONDS:g} seconds")
        agent = parsed.build()
        if isinstance(agent, MCTSAgent) and agent.plans:
            if agent.iterations is not None and agent.iterations > MAX_PLAN_ITERATIONS:
                raise WebError(f"bot {spec!r}: searching whole turns, this server allows at most "
                               f"{MAX_PLAN_ITERATIONS} iterations")
            if agent.plans > MAX_PLAN_WIDTH:
                raise WebError(f"bot {spec!r}: this server allows at most plans={MAX_PLAN_WIDTH}")
    except AgentSpecError as exc:
        raise WebError(str(exc)) from None
    except (TheogonyError, ValueError) as exc:
        raise WebError(f"bot {spec!r}: {exc}") from None
    return spec


def check_name(name: Any) -> str:
    """A seat's display name: 1 to MAX_NAME characters once trimmed, no control or invisible
    formatting characters, no line breaks."""
    if not isinstance(name, str) or not name.strip():
        raise WebError(f"a name is 1 to {MAX_NAME} characters of text")
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise WebError(f"a name is at most {MAX_NAME} characters ({len(name)} given)")
    for char in name:
        if unicodedata.category(char)[0] == "C" or unicodedata.category(char) in ("Zl", "Zp"):
            raise WebError(f"a name may not contain control characters (found U+{ord(char):04X})")
    return name
