import pytest

from theogony.agents import AgentSpecError, MCTSAgent, RandomAgent, make_agent, parse_spec
from theogony.arena import play_match
from theogony.core import Rng


def test_spec_parsing_reads_name_and_options():
    assert parse_spec("mcts:iterations=200:rollout=heuristic") == (
        "mcts", {"iterations": "200", "rollout": "heuristic"})
    assert parse_spec(" Random ") == ("random", {})
    with pytest.raises(AgentSpecError, match="key=value"):
        parse_spec("mcts:fast")


def test_unknown_agents_and_options_are_refused_with_the_known_ones(toy):
    with pytest.raises(AgentSpecError, match="agents: .*mcts.*random"):
        make_agent("alphazero", toy)
    with pytest.raises(ValueError, match="options: iterations"):
        make_agent("mcts:speed=3", toy)
    with pytest.raises(ValueError, match="iterations='many' is refused: expected a whole number"):
        make_agent("mcts:iterations=many", toy)
    with pytest.raises(ValueError, match="takes no options"):
        make_agent("random:x=1", toy)


def test_make_agent_builds_configured_mcts(toy):
    agent = make_agent("mcts:iterations=50:c=1.1", toy)
    assert isinstance(agent, MCTSAgent)
    assert agent.iterations == 50 and agent.exploration == 1.1
    assert isinstance(make_agent("random", toy), RandomAgent)


def test_mcts_respects_its_iteration_budget_and_picks_a_legal_action(toy):
    state = toy.new_state(2, seed=3)
    agent = MCTSAgent(toy, iterations=30)
    action = agent.act(state.determinize(0, Rng(1)), Rng(2))
    assert action in state.legal_actions()
    assert agent.last_iterations == 30


def test_mcts_never_reads_hidden_information(toy):
    """Two true states that differ only in what seat 0 cannot see give seat 0 the same choice."""
    state = toy.new_state(2, seed=4)
    other = state.determinize(0, Rng(99))
    assert other.seats[1].hand != state.seats[1].hand or other.deck != state.deck
    first = MCTSAgent(toy, iterations=60).act(state.determinize(0, Rng(5)), Rng(6))
    second = MCTSAgent(toy, iterations=60).act(other.determinize(0, Rng(5)), Rng(6))
    assert first == second


def test_mcts_beats_random_on_the_toy_game(toy):
    wins = 0
    for seed in range(12):
        agents = ["mcts:iterations=60", "random"] if seed % 2 == 0 else ["random", "mcts:iterations=60"]
        result = play_match(toy, agents, seed=seed)
        mcts_seat = 0 if seed % 2 == 0 else 1
        wins += mcts_seat in result.outcome.winners
    assert wins >= 9


def test_mcts_prior_expands_the_heuristic_choice_first():
    """With prior=heuristic the heuristic's proposal is the first child, so one iteration plays it."""
    import theogony

    game = theogony.load("teomachia")
    state = game.new_state(2, seed=7)
    rng = Rng(3)
    checked = 0
    while not state.is_terminal() and checked < 25:
        if len(state.legal_actions()) > 1:
            agent = MCTSAgent(game, iterations=1, prior="heuristic")
            action = agent.act(state, Rng(checked))
            assert agent.last_hint is not None
            assert action.text == agent.last_hint
            assert action in state.legal_actions()
            checked += 1
        state.step(rng.choice(state.legal_actions()))
    assert checked == 25


def test_mcts_prior_options_are_validated(toy):
    with pytest.raises(ValueError, match="prior='oracle' is refused: expected none or heuristic"):
        make_agent("mcts:prior=oracle", toy)
    with pytest.raises(ValueError, match="no heuristic agent"):
        make_agent("mcts:prior=heuristic", toy)
    with pytest.raises(ValueError, match="bias='-1' is refused: expected a decimal number from 0 to 100"):
        make_agent("mcts:bias=-1", toy)


def test_mcts_plans_needs_a_turn_planner_and_checks_its_options(toy):
    with pytest.raises(AgentSpecError, match="no turn planner"):
        make_agent("mcts:plans=2", toy)
    import theogony

    theurgy = theogony.load("theurgy")
    with pytest.raises(AgentSpecError, match="plans='-1' is refused: expected auto or a whole number"):
        make_agent("mcts:plans=-1", theurgy)
    with pytest.raises(AgentSpecError, match="horizon='far' is refused: expected auto or a whole number"):
        make_agent("mcts:plans=2:horizon=far", theurgy)
    agent = make_agent("mcts:plans=2:horizon=3", theurgy)
    assert agent.plans == 2 and agent.horizon == 3


def test_mcts_plans_default_to_the_games_planner(toy):
    import theogony

    theurgy = theogony.load("theurgy")
    assert make_agent("mcts", theurgy).plans == 3            # Theurgy has a turn planner
    assert make_agent("mcts:plans=0", theurgy).plans == 0    # the ordinary tree on request
    assert make_agent("mcts", toy).plans == 0                # no planner: the ordinary tree
    assert make_agent("mcts:plans=auto", toy).plans == 0
