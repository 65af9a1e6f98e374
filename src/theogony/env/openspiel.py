"""OpenSpiel adapter: `register()` registers every theogony game with pyspiel as `theogony_<game>`.

Parameters: `players`, `seed`, `max_decisions`, `chance_outcomes` and each variant.

Chance (docs/research.md, "Chance and hidden information in OpenSpiel"):
- *The deal* is the initial state's chance node, with one outcome (OpenSpiel's sampled-stochastic
  form, as in its `tarok`): applying it deals a fresh game whose engine seed is drawn from the loaded
  game's own generator, seeded by the `seed` parameter and advanced by every deal. So every game
  from one loaded game is a new deal, and loading with the same `seed` reproduces the same games.
- *Every chance event after the deal* (a die, a shuffle, a draw from a shuffled deck: any action
  whose resolution moves the engine's RNG) is an explicit chance node with `chance_outcomes`
  (default 64) equally likely outcomes, placed *after* the player chose the action and before it
  resolves. The adapter finds such actions by applying them and watching the engine's RNG; the
  state is then put back, and the chance outcome `k` reseeds the engine's RNG (from the game's salt,
  the chance event's index and `k`) before the action is applied for good. Putting back needs the
  state before the action without a copy before every decision: the state is copied first only
  before action codes that often drew on chance (`ChanceGuess`); otherwise it is rebuilt from a
  checkpoint (a copy taken every few decisions) and the log of steps since. A state therefore holds
  no usable future randomness: a clone given to MCTS samples the chance node like any other, and a
  path of actions and outcomes always leads to the same state (OpenSpiel's search trees stay valid).
  Each chance event is a uniform draw among `chance_outcomes` engine seeds, so its probabilities are
  those of the rules up to that sampling (averaged over games, exactly those).

Hidden information: observations and information-state strings are built from the seat's `view`
only (plus its own legal actions); `resample_from_infostate` uses the engine's `determinize`, so
ISMCTS searches without seeing hidden information. OpenSpiel's MCTS, a perfect-information search,
sees the true state (hands, deck order) as it does in every OpenSpiel game; only the dice are
hidden from it, by the chance nodes. Serialization is the engine's exact JSON state plus the
adapter's chance bookkeeping.

`max_decisions` (default 10,000, as in the arena) is the game's `max_game_length`, counted in
decisions of the seats (chance nodes excluded): OpenSpiel has no truncation, so a game still going
after that many decisions is cut off as a terminal state with returns 0 for every seat (as
OpenSpiel's own games with a move limit end in a draw); `SpielState.truncated()` tells such an end
from one the rules reached.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel

import theogony
from theogony.arena.match import DEFAULT_MAX_DECISIONS, check_max_decisions
from theogony.core import Action, Game, IllegalAction, Rng, State

from .encoded import Encoded

DEFAULT_CHANCE_OUTCOMES = 64
DEAL = 0  # the deal's single chance outcome
_DEAL_STREAM = 0x6465616C  # "deal"
_RESAMPLE_STREAM = 23
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

_registered: set[str] = set()


def short_name(game_id: str) -> str:
    return f"theogony_{game_id}"


def _game_type(game: Game) -> pyspiel.GameType:
    info = game.info
    params: dict[str, Any] = {"players": info.min_players, "seed": 0,
                              "max_decisions": DEFAULT_MAX_DECISIONS,
                              "chance_outcomes": DEFAULT_CHANCE_OUTCOMES}
    for name, (_, default) in info.variants.items():
        params[name] = default
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"theogony {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class SpielGame(pyspiel.Game):
    """Subclassed once per game by `register` (pyspiel wants a class as the creator)."""

    GAME_ID = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = theogony.load(self.GAME_ID)
        game_type = _game_type(game)
        params = dict(params or {})
        players = int(params.get("players", game.info.min_players))
        variant = {k: params[k] for k in game.info.variants if k in params}
        self.encoded = Encoded(game, players, variant)
        self.seed = int(params.get("seed", 0))
        self.max_decisions = int(params.get("max_decisions", DEFAULT_MAX_DECISIONS))
        check_max_decisions(self.max_decisions)
        self.num_chance_outcomes = int(params.get("chance_outcomes", DEFAULT_CHANCE_OUTCOMES))
        if self.num_chance_outcomes < 1:
            raise ValueError(f"chance_outcomes must be at least 1, got {self.num_chance_outcomes}")
        self.deals = Rng(self.seed, stream=_DEAL_STREAM)
        self.shared = _Shared(self)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoded.num_actions,
            max_chance_outcomes=self.num_chance_outcomes,
            num_players=self.encoded.num_seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_decisions,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> SpielState:
        """The deal's chance node (cheap: OpenSpiel's clone of a Python state starts from one)."""
        return SpielState(self)

    def next_deal_seed(self) -> int:
        return self.deals.bits64() >> 33

    def make_py_observer(self, iig_obs_type=None, params=None) -> ViewObserver:
        return ViewObserver(self.encoded, params)

    def deserialize_state(self, text: str) -> SpielState:
        return SpielState(self, _Position.from_json(self.encoded, json.loads(text)))


class _Shared:
    """What every state of one loaded game shares; OpenSpiel's clone deep-copies a state's
    attributes, and this one is the same for the copy."""

    def __init__(self, game: SpielGame) -> None:
        self.game = game
        self.encoded = game.encoded
        self.max_decisions = game.max_decisions
        self.num_chance_outcomes = game.num_chance_outcomes
        self.uniform = [(k, 1.0 / game.num_chance_outcomes) for k in range(game.num_chance_outcomes)]
        self.outcome_codes = list(range(game.num_chance_outcomes))
        self.guess = ChanceGuess(game.encoded.num_actions)

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self


#: Bounds of the checkpoint's log: the most steps replayed to rebuild the state before an action
#: that drew on chance unexpectedly (a new checkpoint is copied when the log reaches the limit).
MIN_REPLAY, MAX_REPLAY = 4, 64


class ChanceGuess:
    """Which seat actions to copy the state before, learnt from how often each action code drew
    on chance in this loaded game. Only speed depends on it: a state is the same either way.

    Copying costs one `clone()`; not copying costs, when the action does draw, a clone of the
    checkpoint and a replay of its log (about `1 + replay_limit / 2` clones). So a code is copied
    before when its share of draws passes the inverse of that, and the log's limit follows the
    rate of surprises: a checkpoint every k decisions costs 1/k clone a decision and a surprise
    about k/2 steps, least at k = sqrt(2 * decisions / surprises)."""

    def __init__(self, num_codes: int) -> None:
        self.tries = [0] * num_codes
        self.draws = [0] * num_codes
        self.decisions = 0
        self.surprises = 0
        self.replay_limit = MAX_REPLAY
        self.copy_odds = 1 + MAX_REPLAY / 2

    def __reduce__(self) -> tuple[Any, ...]:
        return (ChanceGuess, (len(self.tries),))  # pickled afresh: only speed depends on it

    def copy_first(self, code: int) -> bool:
        """Note a decision with `code`; True to copy the state before it."""
        self.decisions += 1
        self.tries[code] += 1
        return self.draws[code] * self.copy_odds > self.tries[code]

    def drew(self, code: int, copied: bool) -> None:
        self.draws[code] += 1
        if not copied:
            self.surprises += 1
            best = math.isqrt(2 * self.decisions // self.surprises)
            self.replay_limit = min(MAX_REPLAY, max(MIN_REPLAY, best))
            self.copy_odds = 1 + self.replay_limit / 2


#: One step of a checkpoint's log: the action, and the RNG (state, inc) set just before it when a
#: chance outcome reseeded the engine (None for a seat's action, which did not touch the RNG).
Replayed = tuple[Action, "tuple[int, int] | None"]


@dataclass(slots=True)
class _Position:
    """Everything that changes in a SpielState. `inner` is None before the deal; `pending` is a
    seat's chosen action waiting for its chance outcome (`inner` is the state before it).

    `checkpoint` is an engine state on this path that is never changed (clones share it) and
    `since` the steps from it to `inner`: the state before an action can be rebuilt from them
    without copying `inner` before every decision. `legal`, `codes` and `player` cache the
    decision's legal actions, their sorted codes and OpenSpiel's current player (pyspiel asks for
    them several times a step)."""

    inner: State | None
    pending: Action | None = None
    salt: int = 0
    chances: int = 0
    legal: dict[int, Action] | None = None
    player: int | None = None
    codes: list[int] | None = None
    checkpoint: State | None = None
    since: list[Replayed] = field(default_factory=list)

    def __deepcopy__(self, memo: dict) -> _Position:
        inner = None if self.inner is None else self.inner.clone()
        return _Position(inner, self.pending, self.salt, self.chances, self.legal, self.player,
                         self.codes, self.checkpoint, list(self.since))

    def rebuilt(self) -> State:
        """The state at the end of the checkpoint's log, built afresh from the checkpoint."""
        state = self.checkpoint.clone()
        for action, rng in self.since:
            if rng is not None:
                state.rng = Rng.from_state(*rng)
            state.step(action)
        return state

    def to_json(self) -> dict[str, Any]:
        return {"state": None if self.inner is None else self.inner.to_json(),
                "pending": None if self.pending is None else self.pending.text,
                "salt": self.salt, "chances": self.chances}

    @classmethod
    def from_json(cls, encoded: Encoded, doc: dict[str, Any]) -> _Position:
        if doc.get("state") is None:
            return cls(None)
        inner = encoded.game.from_json(doc["state"])
        pending = None if doc.get("pending") is None else inner.legal_action(doc["pending"])
        return cls(inner, pending, int(doc["salt"]), int(doc["chances"]))


class SpielState(pyspiel.State):
    @classmethod
    def from_state(cls, game: SpielGame, state: State) -> SpielState:
        """The OpenSpiel state at one of our engine states (a seat's decision, after the deal)."""
        return cls(game, _Position(state))

    def __init__(self, game: SpielGame, position: _Position | None = None) -> None:
        super().__init__(game)
        self.shared = game.shared
        self.position = position or _Position(None)

    @property
    def inner(self) -> State:
        """The engine state (before the pending action, at a chance node after the deal)."""
        if self.position.inner is None:
            raise ValueError("the game is not dealt yet: apply the deal chance outcome first")
        return self.position.inner

    def truncated(self) -> bool:
        """Cut off at `max_decisions` before the rules ended the game."""
        inner = self.position.inner
        return (inner is not None and self.position.pending is None and not inner.is_terminal()
                and len(inner.history) >= self.shared.max_decisions)

    def is_chance_node(self) -> bool:
        return self.current_player() == _CHANCE

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def current_player(self) -> int:
        position = self.position
        if position.player is None:
            if position.inner is None or position.pending is not None:
                position.player = _CHANCE
            elif position.inner.is_terminal() or len(position.inner.history) >= self.shared.max_decisions:
                position.player = _TERMINAL
            else:
                position.player = int(position.inner.current_player)
        return position.player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.position.inner is None:
            return [(DEAL, 1.0)]
        if self.position.pending is not None:
            return list(self.shared.uniform)
        return []

    def _legal(self) -> dict[int, Action]:
        position = self.position
        if position.legal is None:
            position.legal = {a.code: a for a in position.inner.legal_actions()}
        return position.legal

    def _codes(self) -> list[int]:
        position = self.position
        if position.codes is None:
            position.codes = sorted(self._legal())
        return position.codes

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As pyspiel's `State.legal_actions`, answered here: pyspiel's own would call back into
        Python five times (terminal? chance? current player twice, then `_legal_actions`)."""
        current = self.current_player()
        if current == _TERMINAL:
            return []
        if current == _CHANCE:
            return [DEAL] if self.position.inner is None else list(self.shared.outcome_codes)
        if player is None or player == current:
            return list(self._codes())
        if player < 0:
            raise ValueError(f"legal_actions of pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        """pyspiel's hook (its C++ `LegalActions` asks it only for the seat to act)."""
        return self.legal_actions(player)

    def _apply_action(self, action: int) -> None:
        position = self.position
        if position.inner is None:
            self._deal(action)
        elif position.pending is not None:
            self._resolve_chance(action)
        else:
            self._decide(action)
        position.legal = position.codes = position.player = None

    def _deal(self, outcome: int) -> None:
        if outcome != DEAL:
            raise IllegalAction(f"the deal has one chance outcome, {DEAL}; got {outcome}")
        seed = self.shared.game.next_deal_seed()
        self.position.inner = self.shared.encoded.new_state(seed)
        self.position.salt = seed

    def _decide(self, code: int) -> None:
        """Apply a seat's action; one that draws on chance is put back and waits for the chance node."""
        position = self.position
        chosen = self._legal().get(int(code))
        if chosen is None:
            raise IllegalAction(f"action code {code} is not legal now", decision=str(position.inner.decision),
                                expected=[f"{c}: {a.text}" for c, a in sorted(self._legal().items())])
        inner, guess = position.inner, self.shared.guess
        mark = (inner.rng.state, inner.rng.inc)
        copy_first = (guess.copy_first(chosen.code) or position.checkpoint is None
                      or len(position.since) >= guess.replay_limit)
        before = inner.clone() if copy_first else None
        inner.step(chosen)
        if (inner.rng.state, inner.rng.inc) == mark:
            if before is not None:
                position.checkpoint, position.since = before, []
            position.since.append((chosen, None))
            return
        guess.drew(chosen.code, copied=before is not None)
        position.inner = before if before is not None else position.rebuilt()
        position.pending = chosen

    def _resolve_chance(self, outcome: int) -> None:
        position = self.position
        if not 0 <= outcome < self.shared.num_chance_outcomes:
            raise IllegalAction(f"chance outcome {outcome} is not in 0..{self.shared.num_chance_outcomes - 1}")
        rng = Rng(position.salt, stream=position.chances * self.shared.num_chance_outcomes + outcome)
        if position.checkpoint is not None:
            position.since.append((position.pending, (rng.state, rng.inc)))
        position.inner.rng = rng
        position.inner.step(position.pending)
        position.pending = None
        position.chances += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "deal" if self.position.inner is None else f"chance outcome {action}"
        if not self.is_chance_node() and not self.is_terminal():
            chosen = self._legal().get(action)
            if chosen is not None:
                return chosen.text
        return f"code {action}"

    def is_terminal(self) -> bool:
        return self.current_player() == _TERMINAL

    def returns(self) -> list[float]:
        inner = self.position.inner
        if inner is None or not inner.is_terminal():
            return [0.0] * self.shared.encoded.num_seats
        return self.shared.encoded.rewards(inner)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state `player_id` cannot tell from this one: what it cannot see is resampled, and the
        future chance too (a new salt)."""
        position = self.position
        if position.inner is None:
            return SpielState(self.shared.game)
        seed = int(probability_sampler() * 2**53)  # OpenSpiel's sampler gives a float in [0, 1)
        det = position.inner.determinize(player_id, Rng(seed, stream=_RESAMPLE_STREAM))
        det.history = list(position.inner.history)  # the decision count, for max_decisions
        return SpielState(self.shared.game, _Position(det, position.pending, seed, position.chances))

    def serialize(self) -> str:
        return json.dumps(self.position.to_json())

    def __str__(self) -> str:
        inner = self.position.inner
        if inner is None:
            return f"theogony {self.shared.encoded.game.info.id}: the deal (a chance node)"
        text = self.shared.encoded.game.render_text(inner.view(None))
        if self.position.pending is not None:
            text += f"\n(chance: the last action awaits chance event {self.position.chances})"
        return text


class ViewObserver:
    """Observation tensor and strings from one seat's view."""

    def __init__(self, encoded: Encoded, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.encoded = encoded
        try:
            size = encoded.observation_size
        except NotImplementedError:
            size = 0  # strings still work; the tensor waits for the game's fixed encoding
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        if not self.tensor.size:
            return
        inner = state.position.inner
        if inner is None:
            self.tensor[:] = 0.0
        else:
            self.tensor[:] = self.encoded.observation(inner, player)

    def string_from(self, state: SpielState, player: int) -> str:
        """The seat's view, plus its legal actions when it is the seat to act: a game's view may
        leave out public turn details that still decide what is legal, and OpenSpiel's ISMCTS needs
        equal strings to mean equal legal actions. The seat knows its own options, so nothing
        hidden is added. At a chance node after a decision the view is the one before it."""
        position = state.position
        if position.inner is None:
            return "deal"
        view = position.inner.view(player)
        if position.pending is not None:
            view = {**view, "chance": position.chances}
        elif not state.is_terminal() and position.inner.current_player == player:
            view = {**view, "legal_codes": sorted(state._legal())}
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register the games (all by default) with pyspiel; returns their OpenSpiel short names."""
    names = []
    for game_id in game_ids or theogony.games():
        name = short_name(game_id)
        if name not in _registered:
            game = theogony.load(game_id)
            creator = type(f"Spiel_{game_id}", (SpielGame,), {"GAME_ID": game_id})
            globals()[creator.__name__] = creator  # pickling finds the class by its name
            pyspiel.register_game(_game_type(game), creator)
            _registered.add(name)
        names.append(name)
    return names
