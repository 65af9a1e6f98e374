"""The whole-turn search's sequential-halving root (`mcts:root=halving`, issue 21).

The bandit is driven with made-up playouts (a reward per plan, noise from a seeded generator) and
an injected clock, so the tests show how it shares its budget and what it chooses, never speed.
"""

from __future__ import annotations

import pytest

import theogony
from theogony.agents import MCTSAgent, make_agent
from theogony.core import Rng


@pytest.fixture(scope="module")
def theocratia():
    return theogony.load("theocratia")


def _noisy(means: list[float], me: int = 0, spread: float = 0.3, seed: int = 5):
    rng = Rng(seed)
    calls: list[int] = []

    def playout(i: int) -> tuple[float, ...]:
        calls.append(i)
        reward = min(1.0, max(0.0, means[i] + spread * (rng.random() - 0.5)))
        return (reward, 1.0 - reward) if me == 0 else (1.0 - reward, reward)
    return playout, calls


def test_halving_spends_the_budget_on_the_best_plans_and_chooses_the_best(theocratia) -> None:
    means = [0.50, 0.52, 0.48, 0.60, 0.51, 0.49, 0.47, 0.53]
    agent = MCTSAgent(theocratia, iterations=400, root="halving")
    playout, calls = _noisy(means)
    visits, totals, best = agent._halve_plans(len(means), playout, 0, None)
    assert best == 3
    assert sum(visits) == len(calls) <= 400
    assert sum(visits) >= 380                      # the rounds use (nearly) all of the budget
    assert visits[3] == max(visits) and min(visits) < visits[3] / 4
    assert all(totals[j] <= visits[j] for j in range(len(means)))


def test_halving_reads_the_seat_that_searches(theocratia) -> None:
    means = [0.4, 0.7, 0.5]
    agent = MCTSAgent(theocratia, iterations=120, root="halving")
    playout, _ = _noisy(means, me=1)
    _, _, best = agent._halve_plans(len(means), playout, 1, None)
    assert best == 1


def test_halving_under_a_time_cap_times_the_first_round_and_stops_at_the_deadline(theocratia) -> None:
    now = [0.0]
    agent = MCTSAgent(theocratia, seconds=1.0, iterations=10_000, root="halving",
                      clock=lambda: now[0])
    means = [0.5, 0.55, 0.45, 0.65, 0.5, 0.5]
    inner, calls = _noisy(means)

    def playout(i: int) -> tuple[float, ...]:
        now[0] += 0.01                              # every playout takes a hundredth of a second
        return inner(i)
    visits, _, best = agent._halve_plans(len(means), playout, 0, 1.0)
    assert best == 3
    assert 95 <= sum(visits) <= 100                 # about what one second buys, never more
    assert visits[3] > 3 * min(visits)


def test_halving_with_one_plan_or_no_time_plays_nothing(theocratia) -> None:
    agent = MCTSAgent(theocratia, seconds=1.0, root="halving", clock=lambda: 5.0)
    playout, calls = _noisy([0.5, 0.6])
    assert agent._halve_plans(1, playout, 0, None) == ([0], [0.0], 0)
    assert agent._halve_plans(2, playout, 0, 4.0) == ([0, 0], [0.0, 0.0], 0)   # the heuristic's plan
    assert calls == []


def test_the_root_option_is_checked_from_python_too(theocratia) -> None:
    with pytest.raises(ValueError, match="root is 'ucb' or 'halving'"):
        MCTSAgent(theocratia, root="best")


def test_theocratias_expert_chooses_its_plans_by_halving_and_plays(theocratia) -> None:
    expert = make_agent("expert", theocratia)
    assert expert.root == "halving" and expert.seconds == 2.5 and expert.horizon == 3
    hard = make_agent("hard", theocratia)
    assert hard.root == "ucb" and hard.horizon == "auto"
    agent = make_agent("mcts:iterations=40:root=halving", theocratia)
    state = theocratia.new_state(2, seed=1)
    heuristic = make_agent("heuristic", theocratia)
    rng = Rng(2)
    searched = 0
    while not state.is_terminal() and searched < 3:
        if len(state.legal_actions()) > 1 and theocratia.turn_plans(state.clone(), Rng(0), 3):
            action = agent.act(state.clone(), Rng(searched))
            assert action in state.legal_actions()
            if len(agent.last_plans) > 1:
                assert agent.last_iterations == sum(agent.last_visits) <= 40
                searched += 1
            agent.reset()
        state.step(heuristic.act(state, rng))
    assert searched == 3


@pytest.mark.parametrize("horizon", [1, 3])
def test_a_plans_playout_plays_horizon_more_turns_before_it_is_scored(theocratia, horizon,
                                                                      monkeypatch) -> None:
    """`horizon=N`: the plan's own turn, then N more turns by the heuristic, then `evaluate`
    (Theocratia's expert looks three turns on: the reply, its own next turn and the reply to that)."""
    state = theocratia.new_state(2, seed=1)
    heuristic = make_agent("heuristic", theocratia)
    rng = Rng(2)
    while not (len(state.legal_actions()) > 1 and theocratia.turn_plans(state.clone(), Rng(0), 3)):
        state.step(heuristic.act(state, rng))
    agent = MCTSAgent(theocratia, iterations=1, horizon=horizon)
    start = theocratia.turn_count(state)
    plan = theocratia.turn_plans(state.clone(), Rng(0), 3)[0]
    scored: list[int] = []
    evaluate = agent.evaluate                  # the game's `evaluate` (evaluation=default)

    def recording(s):
        scored.append(theocratia.turn_count(s))
        return evaluate(s)
    monkeypatch.setattr(agent, "evaluate", recording)
    agent._play_plan(state.clone(), state.current_player, plan, horizon, Rng(3))
    assert scored == [start + horizon + 1]
