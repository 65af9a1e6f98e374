"""OpenSpiel adapter: `register()` registers every theogony game with pyspiel as `theogony_<game>`.

Parameters: `players`, `seed`, `max_decisions` and each variant. Chance is drawn inside the engine from the seeded RNG
carried by the state, so for a given `seed` parameter a game is a deterministic function of the players'
actions: it is registered as DETERMINISTIC with imperfect information, the future of the dice and decks
being part of what is hidden. (OpenSpiel's SAMPLED_STOCHASTIC mode needs RNG hooks that Python games
cannot provide.) A state's clone carries its RNG. Observations and information-state strings are built from the seat's `view` only;
`resample_from_infostate` uses the engine's `determinize`, so OpenSpiel's ISMCTSBot searches without
seeing hidden information. Serialization is the engine's exact JSON state.

`max_decisions` (default 10,000, as in the arena) is the game's `max_game_length`: OpenSpiel has no
truncation, so a game still going after that many decisions is cut off as a terminal state with
returns 0 for every seat (as OpenSpiel's own games with a move limit end in a draw);
`SpielState.truncated()` tells such an end from one the rules reached.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import theogony
from theogony.arena.match import DEFAULT_MAX_DECISIONS, check_max_decisions
from theogony.core import Game, Rng, State

from .encoded import Encoded

_registered: set[str] = set()


def short_name(game_id: str) -> str:
    return f"theogony_{game_id}"


def _game_type(game: Game) -> pyspiel.GameType:
    info = game.info
    params: dict[str, Any] = {"players": info.min_players, "seed": 0,
                              "max_decisions": DEFAULT_MAX_DECISIONS}
    for name, (_, default) in info.variants.items():
        params[name] = default
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"theogony {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
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
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoded.num_actions,
            max_chance_outcomes=0,
            num_players=self.encoded.num_seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_decisions,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.encoded.new_state(self.seed))

    def make_py_observer(self, iig_obs_type=None, params=None) -> ViewObserver:
        return ViewObserver(self.encoded, params)

    def deserialize_state(self, text: str) -> SpielState:
        return SpielState(self, self.encoded.game.from_json(json.loads(text)))


class SpielState(pyspiel.State):
    def __init__(self, game: SpielGame, state: State) -> None:
        super().__init__(game)
        self.encoded = game.encoded
        self.max_decisions = game.max_decisions
        self.inner = state

    def truncated(self) -> bool:
        """Cut off at `max_decisions` before the rules ended the game."""
        return not self.inner.is_terminal() and len(self.inner.history) >= self.max_decisions

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return int(self.inner.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self.inner.current_player:
            return []
        return sorted(a.code for a in self.inner.legal_actions())

    def _apply_action(self, action: int) -> None:
        self.inner.step(self.encoded.action(self.inner, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if not self.inner.is_terminal():
            for a in self.inner.legal_actions():
                if a.code == action:
                    return a.text
        return f"code {action}"

    def is_terminal(self) -> bool:
        return self.inner.is_terminal() or self.truncated()

    def returns(self) -> list[float]:
        if not self.inner.is_terminal():
            return [0.0] * self.encoded.num_seats
        return self.encoded.rewards(self.inner)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        seed = int(probability_sampler() * 2**53)  # OpenSpiel's sampler gives a float in [0, 1)
        rng = Rng(seed, stream=23)
        det = self.inner.determinize(player_id, rng)
        det.history = list(self.inner.history)
        return SpielState(self.get_game(), det)

    def serialize(self) -> str:
        return json.dumps(self.inner.to_json())

    def __str__(self) -> str:
        return self.encoded.game.render_text(self.inner.view(None))


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
        if self.tensor.size:
            self.tensor[:] = self.encoded.observation(state.inner, player)

    def string_from(self, state: SpielState, player: int) -> str:
        """The seat's view, plus its legal actions when it is the seat to act: a game's view may
        leave out public turn details that still decide what is legal, and OpenSpiel's ISMCTS needs
        equal strings to mean equal legal actions. The seat knows its own options, so nothing
        hidden is added."""
        view = state.inner.view(player)
        if not state.inner.is_terminal() and state.inner.current_player == player:
            view = {**view, "legal_codes": sorted(a.code for a in state.inner.legal_actions())}
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register the games (all by default) with pyspiel; returns their OpenSpiel short names."""
    names = []
    for game_id in game_ids or theogony.games():
        name = short_name(game_id)
        if name not in _registered:
            game = theogony.load(game_id)
            creator = type(f"Spiel_{game_id}", (SpielGame,), {"GAME_ID": game_id})
            pyspiel.register_game(_game_type(game), creator)
            _registered.add(name)
        names.append(name)
    return names
