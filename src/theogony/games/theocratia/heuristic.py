"""Theocratia's hand-written heuristic player (the MCTS evaluation is in evaluation.py).

The heuristic looks ahead only through its own pending decisions of the current turn (die ->
Civ/action -> target), sampling a few options at each level, and scores the resulting positions with
`value`: the seat's current final score plus small bonuses for resources that turn into points
later (Cosmo, Power cards, Conversion tiles, Priests in Civs whose Chronicles will still advance),
minus part of the best opponent's score."""

from __future__ import annotations

from theogony.core import Action, Agent, Option, Rng

from .content import BARRACK, FACTORY, HOUSE, PAGE_SPACES, PYRAMID, multiplier
from .scoring import final_scores
from .state import (TURNS, Build, DevelopmentHex, DevelopmentKind, EndTurn, Expand,
                    FirstPlayerChoice, Holiday, Prepare, PyramidGroup, TokenChoice, TokenWorship,
                    War)

# the decisions the lookahead follows (all but the Civ choice and the draft)
_OWN_FRAMES = (Prepare, FirstPlayerChoice, War, Expand, Build, PyramidGroup, Holiday, TokenChoice,
               TokenWorship, DevelopmentHex, DevelopmentKind, EndTurn)


W = {"opp": 0.6, "page": 0.0, "cosmo": 0.25}
_NO_OPP = {"opp": 0.0, "page": 0.0, "cosmo": 0.25}


# worth of an own building in `value`, by piece kind (House 1, Factory/Barrack 1.5, Pyramid 1)
_MINE = tuple({HOUSE: 1.0, FACTORY: 1.5, BARRACK: 1.5, PYRAMID: 1.0}.get(k, 0.0) for k in range(8))


def value(state, seat: int, w: dict | None = None) -> float:
    """Heuristic worth of `state` for `seat` (points-like units)."""
    w = w or W
    p = state.seats[seat]
    scores = final_scores(state)
    own = scores[seat]
    future = max(0, state.rounds - state.round) + (1 if state.stage <= TURNS else 0)
    bonus = w["cosmo"] * p.cosmo + 0.5 * len(p.hand) + sum(0.8 for t in p.tiles if t == 2) \
        + sum(0.3 for t in p.tiles if t == 1)
    pos = sorted(p.priests)
    bonus += 0.12 * future * sum(max(0, x + 1) for x in pos[:3])
    col = p.colour
    mine = 0.0
    for c, k in zip(state.hex_colour, state.hex_kind):
        if c == col:
            mine += _MINE[k]
    bonus += 0.25 * future * mine
    if w["page"]:
        far = max(p.priests)
        for v, c in enumerate(state.civs):
            if p.priests[v] < far and PAGE_SPACES[c.page]:
                bonus += w["page"] * multiplier(p.priests[v]) * len(c.items) / PAGE_SPACES[c.page]
    others = [x for s, x in enumerate(scores) if s != seat]
    return own + bonus - w["opp"] * (max(others) if others else 0)


class Heuristic(Agent):
    name = "theocratia-heuristic"

    def __init__(self, width: int = 8, depth: int = 3, weights: dict | None = None) -> None:
        self.width = width
        self.depth = depth
        self.w = dict(W, **(weights or {}))

    def act(self, state, rng: Rng) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        best, best_v = legal[0], None
        for a in self._candidates(state, legal, rng, self.width * 2):
            v = self._score(state, a, seat, rng, self.depth)
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best

    def _candidates(self, state, legal: list[Action], rng: Rng, width: int) -> list[Action]:
        # Always in random order, even when every option fits: the first best option wins a tie,
        # and the legal lists run in hex order (north first), so a fixed order made ties favour
        # the colours of the northern hexes (Red won 30.5%, Blue 19.1% of 400 4-player games).
        return rng.sample(legal, min(width, len(legal)))

    def _score(self, state, action: Action, seat: int, rng: Rng, depth: int) -> float:
        s = state.clone()
        s.step(action)
        while depth > 0 and s.stack and s.current_player == seat and isinstance(s.stack[-1], _OWN_FRAMES):
            legal = s.legal_actions()
            if isinstance(s.stack[-1], EndTurn):
                # play every affordable card greedily, then end
                plays = [a for a in legal if a.data[0] == "play"]
                s.step(plays[0] if plays else legal[0])
                continue
            depth -= 1
            cands = self._candidates(s, legal, rng, self.width)
            best_s, best_v = None, None
            for a in cands:
                t = s.clone()
                t.step(a)
                v = value(t, seat, self.w)
                if best_v is None or v > best_v:
                    best_s, best_v = t, v
            s = best_s
        return value(s, seat, self.w)


def heuristic_agent(options: dict[str, str] | None = None) -> Agent:
    options = options or {}
    return Heuristic(int(options.get("width", 8)), int(options.get("depth", 3)))


# The options the agents' registry checks before calling the factory (plain digits, in range).
heuristic_agent.options = {  # type: ignore[attr-defined]
    "width": Option(whole=(1, 64)), "depth": Option(whole=(0, 10))}
