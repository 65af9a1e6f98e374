"""Fixed-size observations and action masks of a game, shared by every adapter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

import theogony
from theogony.core import Action, Game, IllegalAction, State

#: Every observation number lies in [OBSERVATION_LOW, OBSERVATION_HIGH]: the encoders scale counts
#: by nominal maxima, so a few pass 1 (random play over every configuration reached -0.2 and 4.0,
#: docs/research.md); the adapters clip to these bounds so their spaces are always true.
OBSERVATION_LOW = -1.0
OBSERVATION_HIGH = 5.0


class Encoded:
    """A game with its player count and variant fixed: the sizes every adapter needs."""

    def __init__(self, game: Game | str, players: int, variant: Mapping[str, Any] | None = None) -> None:
        self.game = theogony.load(game) if isinstance(game, str) else game
        self.players = players
        probe = self.game.new_state(players, 0, variant)
        self.variant = dict(probe.variant)
        self.num_seats = probe.num_seats
        self.num_actions = self.game.num_action_codes(players, self.variant)
        self._observation_size: int | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by the game's id (pyspiel's state serialization pickles the adapter's state;
        a game object may hold what pickle cannot take, such as its part modules)."""
        return (Encoded, (self.game.info.id, self.players, self.variant))

    @property
    def observation_size(self) -> int:
        if self._observation_size is None:
            self._observation_size = self.game.observation_size(self.players, self.variant)
        return self._observation_size

    def new_state(self, seed: int) -> State:
        return self.game.new_state(self.players, seed, self.variant)

    def observation(self, state: State, seat: int) -> np.ndarray:
        values = self.game.encode_view(state.view(seat))
        if len(values) != self.observation_size:
            raise ValueError(f"{self.game.info.title} encoded {len(values)} numbers, expected "
                             f"{self.observation_size}")
        out = np.fromiter(values, dtype=np.float32, count=len(values))
        return np.clip(out, OBSERVATION_LOW, OBSERVATION_HIGH, out=out)

    def legal_by_code(self, state: State) -> dict[int, Action]:
        return {a.code: a for a in state.legal_actions()}

    def mask(self, state: State, seat: int, legal: dict[int, Action] | None = None) -> np.ndarray:
        """The seat's legal codes as 0/1 (all zero when it is not the seat to act); `legal` is
        `legal_by_code(state)` when the caller already has it."""
        if state.current_player != seat:
            return np.zeros(self.num_actions, dtype=np.int8)
        return self.mask_of(legal if legal is not None else self.legal_by_code(state))

    def mask_of(self, legal: Mapping[int, Action]) -> np.ndarray:
        """A new 0/1 array marking the codes of `legal` (the acting seat's legal actions by code)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask.put(list(legal), 1)
        return mask

    def action(self, state: State, code: int, legal: dict[int, Action] | None = None) -> Action:
        """The legal action of `code`, or IllegalAction naming the legal codes (state unchanged)."""
        legal = legal if legal is not None else self.legal_by_code(state)
        action = legal.get(int(code))
        if action is None:
            raise IllegalAction(f"action code {code} is not legal now", decision=str(state.decision),
                                expected=[f"{c}: {a.text}" for c, a in sorted(legal.items())])
        return action

    def rewards(self, state: State) -> list[float]:
        """Terminal rewards in [-1, 1]: +1 first place, -1 the last rank present, linear by rank
        (`Outcome.rewards` rescaled; a full tie gives 0)."""
        return [2.0 * r - 1.0 for r in state.rewards()]
