"""MCTS's time cap covers the whole decision, building the whole-turn plans included (issue 21).

Time is never measured here: the agent reads an injected clock (`clock=`), and each test moves that
clock itself, so it shows when the search stops, not how fast it runs.
"""

from __future__ import annotations

import pytest

import theogony
from theogony.agents import MCTSAgent, make_agent
from theogony.core import Action, Agent, Rng, State


class FakeClock:
    """A clock that moves `tick` seconds at every reading, and by hand with `advance`."""

    def __init__(self, tick: float = 0.0) -> None:
        self.now = 0.0
        self.tick = tick
        self.readings = 0

    def __call__(self) -> float:
        self.now += self.tick
        self.readings += 1
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class TimedAgent(Agent):
    """Another agent whose every decision takes `seconds` on `clock`."""

    def __init__(self, base: Agent, clock: FakeClock, seconds: float) -> None:
        self.base, self.clock, self.seconds = base, clock, seconds
        self.decisions = 0

    def act(self, state: State, rng: Rng) -> Action:
        self.decisions += 1
        self.clock.advance(self.seconds)
        return self.base.act(state, rng)


@pytest.fixture(scope="module")
def theocratia():
    return theogony.load("theocratia")


@pytest.fixture(scope="module")
def own_turn(theocratia) -> State:
    """A two-player Theocratia position where the seat to move starts its own turn with several
    candidate plans (heuristic play from seed 1)."""
    heuristic = make_agent("heuristic", theocratia)
    state = theocratia.new_state(2, 1, {})
    rng = Rng(1)
    while not state.is_terminal():
        if len(state.legal_actions()) > 1 and len(theocratia.turn_plans(state.clone(), Rng(0), 3) or []) >= 5:
            return state
        state.step(heuristic.act(state, rng))
    raise AssertionError("no own turn with five plans in the game")


def _plans(game, state: State, out_of_time=None) -> list[tuple[str, ...]]:
    return game.turn_plans(state.clone(), Rng(7), 3, out_of_time)


def test_the_tree_search_stops_when_the_clock_says_so(toy) -> None:
    clock = FakeClock(tick=0.125)
    agent = MCTSAgent(toy, iterations=1000, seconds=1.0, clock=clock)
    state = toy.new_state(2, seed=3)
    action = agent.act(state.determinize(0, Rng(1)), Rng(2))
    # read at 0.125 when called (deadline 1.125); the first iteration always runs, then the clock is
    # read before each further one: 0.25 ... 1.0 search on (7 more), 1.125 stops
    assert action in state.legal_actions()
    assert agent.last_iterations == 8 and clock.readings == 9


def test_without_a_time_cap_the_clock_is_never_read(toy) -> None:
    clock = FakeClock(tick=100.0)
    agent = MCTSAgent(toy, iterations=25, clock=clock)
    agent.act(toy.new_state(2, seed=3).determinize(0, Rng(1)), Rng(2))
    assert agent.last_iterations == 25 and clock.readings == 0


def test_the_planner_stops_adding_alternatives_once_out_of_time(theocratia, own_turn) -> None:
    everything = _plans(theocratia, own_turn)
    at_once = _plans(theocratia, own_turn, lambda: True)
    assert len(everything) >= 5
    assert at_once == everything[:1]              # only the heuristic's own plan
    calls = iter(range(1000))
    some = _plans(theocratia, own_turn, lambda: next(calls) >= 3)   # out of time at the 4th question
    assert everything[0] == some[0] and 1 <= len(some) < len(everything)


def test_building_the_plans_counts_against_the_budget(theocratia, own_turn, monkeypatch) -> None:
    """Where building the plans takes the whole budget the seat follows the heuristic's own plan,
    without a single search iteration."""
    clock = FakeClock()
    built = theocratia.turn_plans

    def slow_plans(state: State, rng: Rng, width: int, out_of_time=None):
        clock.advance(5.0)
        return built(state, rng, width, out_of_time)

    monkeypatch.setattr(theocratia, "turn_plans", slow_plans)
    agent = MCTSAgent(theocratia, iterations=1000, seconds=1.0, clock=clock)
    rng = Rng(3)
    action = agent.act(own_turn.determinize(own_turn.current_player, rng), rng)
    assert agent.last_iterations == 0 and sum(agent.last_visits) == 0
    heuristic_plan = agent.last_plans[0]
    assert action.text == heuristic_plan[0] and agent._plan == list(heuristic_plan[1:])


def test_with_time_left_after_the_plans_the_search_runs(theocratia, own_turn) -> None:
    clock = FakeClock()
    agent = MCTSAgent(theocratia, iterations=12, seconds=1.0, clock=clock)
    rng = Rng(3)
    agent.act(own_turn.determinize(own_turn.current_player, rng), rng)
    assert agent.last_iterations == 12 and sum(agent.last_visits) == 12


def test_a_plan_playout_is_abandoned_at_the_deadline(theocratia, own_turn) -> None:
    """Each heuristic decision inside a playout takes a second of the clock: with a 10-second cap
    the search makes exactly ten of them, and the playout cut short is not counted."""
    clock = FakeClock()
    agent = MCTSAgent(theocratia, iterations=1000, seconds=10.0, clock=clock)
    assert agent.plan_agent is not None
    timed = TimedAgent(agent.plan_agent, clock, 1.0)
    agent.plan_agent = timed
    rng = Rng(3)
    action = agent.act(own_turn.determinize(own_turn.current_player, rng), rng)
    assert action in own_turn.legal_actions()
    assert timed.decisions == 10
    assert agent.last_iterations == sum(agent.last_visits) < 10
