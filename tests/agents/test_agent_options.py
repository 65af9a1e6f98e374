"""Agent options are parsed strictly, in the registry, for every agent (issue 15)."""

import pytest

import theogony
from theogony.agents import AgentSpecError, MCTSAgent, Option, make_agent, parse_agent, parse_options


@pytest.mark.parametrize("spec, option, value", [
    ("mcts:seconds=nan", "seconds", "nan"),              # nan > 5 is false: slipped past the web cap
    ("mcts:iterations=+1000000", "iterations", "+1000000"),
    ("mcts:iterations=1_000_000", "iterations", "1_000_000"),
    ("mcts:seconds=inf", "seconds", "inf"),
    ("mcts:seconds=-inf", "seconds", "-inf"),
    ("mcts:c=NaN", "c", "NaN"),
    ("mcts:iterations= 100", "iterations", " 100"),
    ("mcts:iterations=100 :c=1", "iterations", "100 "),
    ("mcts:iterations=0x10", "iterations", "0x10"),
    ("mcts:iterations=-5", "iterations", "-5"),
    ("mcts:iterations=0", "iterations", "0"),
    ("mcts:iterations=2.5", "iterations", "2.5"),
    ("mcts:iterations=", "iterations", ""),
    ("mcts:iterations=١٠٠", "iterations", "١٠٠"),          # Arabic-Indic digits: int() takes them
    ("mcts:iterations=99999999999", "iterations", "99999999999"),
    ("mcts:iterations=" + "9" * 5000, "iterations", "9" * 40),
    ("mcts:seconds=1e3", "seconds", "1e3"),
    ("mcts:seconds=+2", "seconds", "+2"),
    ("mcts:seconds=0", "seconds", "0"),
    ("mcts:seconds=-1", "seconds", "-1"),
    ("mcts:seconds=99999", "seconds", "99999"),
    ("mcts:depth=-1", "depth", "-1"),
    ("mcts:depth=Full", "depth", "Full"),
    ("mcts:plans=65", "plans", "65"),
    ("mcts:rollout=greedy", "rollout", "greedy"),
    ("mcts:root=best", "root", "best"),
    ("mcts:evaluation=9lives", "evaluation", "9lives"),    # a name starts with a letter
    ("mcts:evaluation=fit-ted", "evaluation", "fit-ted"),
    ("mcts:evaluation=" + "f" * 33, "evaluation", "f" * 33),
])
def test_bad_option_values_are_refused_naming_option_value_and_expectation(toy, spec, option, value):
    with pytest.raises(AgentSpecError, match="is refused: expected") as refused:
        make_agent(spec, toy)
    message = str(refused.value)
    assert f"option {option}=" in message
    assert repr(value)[:-1] in message   # the value as written (a long one may be cut in the match)


def test_the_message_says_what_was_expected(toy):
    with pytest.raises(AgentSpecError) as refused:
        make_agent("mcts:seconds=nan", toy)
    assert str(refused.value) == ("agent 'mcts' option seconds='nan' is refused: "
                                  "expected a decimal number from 0.001 to 3600")
    with pytest.raises(AgentSpecError) as refused:
        make_agent("mcts:depth=deep", toy)
    assert str(refused.value).endswith("expected auto, full or a whole number from 0 to 100000")


def test_unknown_and_repeated_options_are_refused(toy):
    with pytest.raises(AgentSpecError, match="has no option 'speed'; options: iterations, seconds"):
        make_agent("mcts:speed=3", toy)
    with pytest.raises(AgentSpecError, match="given twice"):
        make_agent("mcts:iterations=10:iterations=9000000", toy)
    with pytest.raises(AgentSpecError, match="'random' has no option 'x'; it takes no options"):
        make_agent("random:x=1", toy)


def test_game_agents_take_only_the_options_they_declare():
    kemet = theogony.load("kemet")
    with pytest.raises(AgentSpecError, match="'heuristic' has no option 'depth'; it takes no options"):
        make_agent("heuristic:depth=3", kemet)
    assert make_agent("heuristic", kemet).spec == "heuristic"


def test_a_declared_game_agent_option_is_parsed_and_bounded():
    schema = {"width": Option(whole=(1, 16))}
    assert parse_options("heuristic", {"width": "8"}, schema) == {"width": 8}
    with pytest.raises(AgentSpecError, match=r"width='17' is refused: expected a whole number from 1 to 16"):
        parse_options("heuristic", {"width": "17"}, schema)


@pytest.mark.parametrize("spec, expected", [
    ("mcts:iterations=200", {"iterations": 200}),
    ("mcts:iterations=007", {"iterations": 7}),
    ("mcts:seconds=1.5", {"seconds": 1.5}),
    ("mcts:seconds=.5", {"seconds": 0.5}),
    ("mcts:seconds=2", {"seconds": 2.0}),
    ("mcts:iterations=200:rollout=heuristic:depth=40:c=0.7",
     {"iterations": 200, "rollout": "heuristic", "depth": 40, "c": 0.7}),
    ("mcts:depth=full:prior=heuristic:bias=1", {"depth": "full", "prior": "heuristic", "bias": 1.0}),
    ("mcts:plans=3:horizon=auto:iterations=400", {"plans": 3, "horizon": "auto", "iterations": 400}),
    ("mcts:plans=3:root=halving", {"plans": 3, "root": "halving"}),
    ("mcts:evaluation=fitted", {"evaluation": "fitted"}),
    ("MCTS:ITERATIONS=50", {"iterations": 50}),
    ("mcts;iterations=50", {"iterations": 50}),
])
def test_good_specs_are_accepted_with_typed_values(spec, expected):
    theurgy = theogony.load("theurgy")
    assert parse_agent(spec, theurgy).options == expected
    agent = make_agent(spec, theurgy)
    assert isinstance(agent, MCTSAgent) and agent.spec == spec
    assert agent.iterations == expected.get("iterations", None if "seconds" in expected else 400)
    if "seconds" in expected:
        assert agent.seconds == expected["seconds"]


def test_mcts_refuses_a_nan_budget_from_python_too(toy):
    with pytest.raises(ValueError, match="seconds must be a positive finite number"):
        MCTSAgent(toy, seconds=float("nan"))


@pytest.mark.parametrize("spec, reason", [
    ("mcts:seconds=nan", "expected a decimal"),
    ("mcts:iterations=+1000000", "expected a whole number"),
    ("mcts:iterations=1_000_000", "expected a whole number"),
    ("mcts:iterations=5001", "at most 5000 iterations"),
    ("mcts:seconds=5.5", "at most 5 seconds"),
])
def test_the_web_servers_bot_caps_apply_to_the_parsed_values(toy, spec, reason):
    from theogony.web.runtime import WebError, check_agent_spec

    with pytest.raises(WebError, match=reason):
        check_agent_spec(spec, toy)
    assert check_agent_spec("mcts:iterations=5000", toy) == "mcts:iterations=5000"


def test_a_games_own_agent_takes_the_options_it_declares_strictly():
    game = theogony.load("theocratia")
    agent = make_agent("heuristic:width=2:depth=1", game)
    assert (agent.width, agent.depth) == (2, 1)
    for bad in ("heuristic:width=+2", "heuristic:depth=11", "heuristic:width=1_0", "heuristic:size=3"):
        with pytest.raises(AgentSpecError):
            make_agent(bad, game)


def test_a_plain_mcts_takes_the_games_search_defaults_and_a_given_option_wins():
    """MCTS_DEFAULTS in a game's bots part (issue 21: Kemet's search needs heuristic rollouts)."""
    game = theogony.load("kemet")
    plain = make_agent("mcts:iterations=5", game)
    assert plain.rollout_agent is not None and plain.prior_agent is not None
    level = make_agent("hard", game)
    assert level.rollout_agent is not None, "the levels are plain mcts specs"
    given = make_agent("mcts:iterations=5:rollout=random:prior=none", game)
    assert given.rollout_agent is None and given.prior_agent is None


def test_a_game_without_search_defaults_keeps_random_rollouts():
    game = theogony.load("theurgy")
    agent = make_agent("mcts:iterations=5", game)
    assert agent.rollout_agent is None and agent.prior_agent is None
