"""The search's `reward` option: rank rewards (the default) or first place only (`reward=win`)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from theogony.agents import MCTSAgent, make_agent
from theogony.core import Action, Outcome, Rng

# Seat 0 chooses once: "safe" finishes second for certain; "gamble" wins when a hidden coin (drawn
# anew by every determinization) comes up in 2 of 5 cases and finishes last otherwise.
SAFE = (2, 1, 3)
GAMBLE_WON = (1, 2, 3)
GAMBLE_LOST = (3, 1, 2)


class _GambleState:
    num_seats = 3

    def __init__(self, coin: bool = False) -> None:
        self.coin = coin
        self.ranks: tuple[int, ...] | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.ranks else 0

    def is_terminal(self) -> bool:
        return self.ranks is not None

    def legal_actions(self) -> list[Action]:
        return [] if self.ranks else [Action("safe"), Action("gamble")]

    def step(self, action: Action) -> None:
        if action.text == "safe":
            self.ranks = SAFE
        else:
            self.ranks = GAMBLE_WON if self.coin else GAMBLE_LOST

    def determinize(self, seat: int, rng: Rng) -> _GambleState:
        return _GambleState(coin=rng.below(5) < 2)

    def outcome(self) -> Outcome:
        assert self.ranks is not None
        return Outcome(tuple(float(-r) for r in self.ranks), (self.ranks.index(1),), self.ranks)

    def rewards(self) -> tuple[float, ...]:
        return self.outcome().rewards()


_GAME = SimpleNamespace(info=SimpleNamespace(title="Gamble"), has_turn_planner=lambda: False,
                        evaluate=lambda state: None, evaluation=lambda name: lambda state: None,
                        agents=lambda: {})


@pytest.mark.parametrize(("reward", "chosen"), [("rank", "safe"), ("win", "gamble")])
def test_rank_rewards_take_a_sure_second_place_and_win_rewards_play_to_win(reward, chosen):
    agent = MCTSAgent(_GAME, iterations=2000, reward=reward)  # type: ignore[arg-type]
    assert agent.act(_GambleState(), Rng(1)).text == chosen


def test_the_reward_option_is_read_and_checked(toy):
    assert make_agent("mcts:reward=win", toy).reward == "win"
    assert make_agent("mcts", toy).reward == "rank"
    with pytest.raises(ValueError, match="reward='second' is refused: expected rank or win"):
        make_agent("mcts:reward=second", toy)
