"""A person at a terminal. The interactive loop lives in `theogony.play`; this agent asks for one
action when used outside it (e.g. from the Python API)."""

from __future__ import annotations

from theogony.core import Action, Agent, Game, IllegalAction, Rng, State


class HumanAgent(Agent):
    name = "human"

    def __init__(self, game: Game) -> None:
        self.game = game

    def act(self, state: State, rng: Rng) -> Action:
        legal = state.legal_actions()
        print(state.decision)
        for i, action in enumerate(legal, 1):
            print(f"  {i:>3}. {action.text}")
        while True:
            answer = input("> ").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            try:
                return self.game.parse_action(state, answer)
            except IllegalAction as exc:
                print(f"not accepted: {exc.reason}; give a number 1-{len(legal)} or an action text")
