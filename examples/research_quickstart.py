"""theogony games as research environments, in three short loops (no training).

    python examples/research_quickstart.py [GAME] [PLAYERS]

1. A PettingZoo AEC loop where every seat picks a random legal code from its action mask.
2. A Gymnasium episode: one learning seat (here random, masked) against the heuristic bots.
3. OpenSpiel: the game registered with pyspiel, OpenSpiel's own MCTSBot against ISMCTSBot.

Needs the extras: pip install -e '.[rl,openspiel]'. GAME must have a fixed encoding (see
docs/encodings.md) for 1 and 2; OpenSpiel works on any game.
"""

from __future__ import annotations

import sys

import numpy as np


def pettingzoo_loop(game: str, players: int, seed: int = 0) -> list[float]:
    from theogony.env.pettingzoo import env as make_env

    env = make_env(game, players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    returns = {agent: 0.0 for agent in env.agents}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        if terminated or truncated:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(rng.choice(legal))
        env.step(action)
    return [returns[a] for a in sorted(returns)]


def gymnasium_episode(game: str, players: int, seed: int = 0) -> float:
    from theogony.env.gymnasium import make

    env = make(game, players, opponents="heuristic")
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = 0.0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        if terminated or truncated:
            return total


def openspiel_bots(game: str, players: int, simulations: int = 4, max_bot_moves: int = 40) -> list[float]:
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from theogony.env.openspiel import register

    (name,) = register([game])
    spiel_game = pyspiel.load_game(name, {"players": players})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [mcts.MCTSBot(spiel_game, 1.4, simulations, evaluator, random_state=np.random.RandomState(1)),
            ismcts.ISMCTSBot(spiel_game, evaluator, 1.4, simulations, random_state=np.random.RandomState(2))]
    rng = np.random.default_rng(3)
    state = spiel_game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():  # the deal, and every die or shuffle: sampled like OpenSpiel does
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        if moves < max_bot_moves:  # full games with rollouts to the end take minutes in big games
            action = bots[state.current_player() % 2].step(state)
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        moves += 1
    return list(state.returns())


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "theocratia"
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    print("PettingZoo returns per seat:", pettingzoo_loop(game, players))
    print("Gymnasium return of the learning seat:", gymnasium_episode(game, players))
    print("OpenSpiel MCTSBot vs ISMCTSBot returns:", openspiel_bots(game, players))


if __name__ == "__main__":
    main()
