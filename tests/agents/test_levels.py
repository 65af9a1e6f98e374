"""Difficulty levels (agents/levels.py): names in every game, the easy level's slips."""

from __future__ import annotations

import pytest

from theogony.agents import make_agent
from theogony.agents.errors import AgentSpecError
from theogony.agents.levels import LEVEL_NAMES, SlipAgent, action_kind
from theogony.agents.registry import agent_names, level_spec
from theogony.core import Action, Agent, Rng


class _First(Agent):
    def act(self, state, rng):  # noqa: ANN001
        return state.legal_actions()[0]


class _Legal:
    def __init__(self, texts: list[str]) -> None:
        self.texts = texts

    def legal_actions(self) -> list[Action]:
        return [Action(t, i) for i, t in enumerate(self.texts)]


@pytest.mark.parametrize("game_id", ["kemet", "teomachia", "theocratia", "theurgy"])
def test_every_game_offers_the_four_levels(game_id) -> None:
    import theogony

    game = theogony.load(game_id)
    assert set(LEVEL_NAMES) <= set(agent_names(game))
    assert level_spec("hard", game).startswith("mcts") and level_spec("normal", game) == "heuristic"


def test_a_game_without_a_heuristic_offers_no_levels(toy) -> None:
    assert not set(LEVEL_NAMES) & set(agent_names(toy))
    with pytest.raises(AgentSpecError, match="no heuristic, so no difficulty levels"):
        make_agent("easy", toy)


def test_a_level_takes_no_options_and_says_what_it_stands_for() -> None:
    import theogony

    with pytest.raises(AgentSpecError, match="takes no options .* 'mcts:iterations=400:seconds=1'"):
        make_agent("hard:iterations=3", theogony.load("theurgy"))


def test_hard_is_a_one_second_mcts() -> None:
    import theogony

    agent = make_agent("hard", theogony.load("theurgy"))
    assert agent.name == "hard" and agent.seconds == 1.0


def test_kemets_hard_is_a_lighter_search_than_its_plain_mcts() -> None:
    """Kemet's own `LEVELS`: `hard` at 150 iterations, with Kemet's rollouts and prior, leaves room
    for `expert` above it; the plain `mcts` keeps 400 (docs/bots.md, "Kemet")."""
    import theogony

    kemet = theogony.load("kemet")
    hard, plain = make_agent("hard", kemet), make_agent("mcts", kemet)
    assert (hard.iterations, hard.seconds, plain.iterations, plain.seconds) == (150, 1.0, 400, None)
    assert hard.rollout_agent is not None and hard.prior_agent is not None     # Kemet's MCTS_DEFAULTS


def test_teomachias_expert_looks_further_down_each_playout() -> None:
    """Teomachia's own `LEVELS`: `expert` rolls out 30 heuristic decisions before judging, where
    the plain `mcts` and `hard` stop after 10 (docs/bots.md, "Teomachia")."""
    import theogony

    from theogony.agents.mcts import AUTO_HEURISTIC_DEPTH

    teomachia = theogony.load("teomachia")
    expert, hard = make_agent("expert", teomachia), make_agent("hard", teomachia)
    assert (expert.iterations, expert.seconds, expert.depth) == (4000, 2.5, 30)
    assert (hard.iterations, hard.seconds, hard.depth) == (400, 1.0, "auto")
    assert AUTO_HEURISTIC_DEPTH == 10 and expert.rollout_agent is not None and expert.prior_agent is not None


def test_a_slip_keeps_the_kind_of_the_chosen_action() -> None:
    state = _Legal(["move A -> B", "move A -> C", "move D -> B", "buy Sun", "done"])
    slipper = SlipAgent(_First(), slip=1.0)
    rng = Rng(3)
    seen = {slipper.act(state, rng).text for _ in range(60)}
    assert seen == {"move A -> C", "move D -> B"}          # never "buy", "done" or the base choice
    assert {SlipAgent(_First(), slip=0.0).act(state, rng).text for _ in range(20)} == {"move A -> B"}
    lone = _Legal(["done", "buy Sun"])
    assert SlipAgent(_First(), slip=1.0).act(lone, rng).text == "done"   # no other of its kind
    assert action_kind("move A -> B") == "move"


def test_a_slip_probability_outside_0_1_is_refused() -> None:
    with pytest.raises(ValueError, match=r"slip is a probability in \[0, 1\]"):
        SlipAgent(_First(), slip=1.5)


def test_a_slip_without_another_action_of_its_kind_misses_the_chance_to_act() -> None:
    rng = Rng(5)
    acting = _Legal(["play Sun", "wait", "raise priest"])
    assert SlipAgent(_First(), slip=1.0).act(acting, rng).text == "wait"     # held back instead
    passive_first = _Legal(["pass", "play Sun"])
    assert SlipAgent(_First(), slip=1.0).act(passive_first, rng).text == "pass"  # already idle
    no_passive = _Legal(["play Sun", "raise priest"])
    assert SlipAgent(_First(), slip=1.0).act(no_passive, rng).text == "play Sun"
