"""A tiny card game used only to unit-test the core (not part of the package).

Each seat holds a hidden hand drawn from a shuffled deck of values 1..9. On a turn a seat plays a card
(scoring its value, ending its turn) or, while the deck lasts, draws (and decides again). The game ends when every hand is empty and the
deck is exhausted; highest score wins. With the `open_deck` variant the deck lies face up in its order,
so a draw shows nothing new and may be undone.

Two variants exercise the terminal frame: `names` names the cards in the action texts ("play Crown
[priest]", see CARD_NAMES, with rich-markup lookalikes and shared prefixes), and `automaton` adds an
engine-driven seat that scores 1 after every round, credited to itself, with a round event credited to
the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from theogony.core import (Action, Component, Decision, Event, Game, GameInfo, MatchStats, Outcome,
                           Rng, State, tally)

CARD_NAMES = ("", "Acorn", "Anvil", "Beacon [first]", "Bell", "Crown [priest]", "Crown of Ash",
              "Ember", "Feather", "Gale")


def card_id(value: int) -> str:
    return f"card-{value}"


def card_word(value: int, variant: dict[str, Any]) -> str:
    return CARD_NAMES[value] if variant.get("names") else str(value)


@dataclass(slots=True)
class Seat:
    hand: list[int]
    score: int


@dataclass(slots=True)
class ToyState(State):
    GAME_ID = "toy"
    deck: list[int]
    seats: list[Seat]
    turn: int
    passes: int
    rounds: int = 0
    automaton_score: int = 0

    @property
    def num_seats(self) -> int:
        return self.players + (1 if self.variant.get("automaton") else 0)

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.turn

    @property
    def decision(self) -> Decision | None:
        if self.is_terminal():
            return None
        return Decision(self.turn, "play", "play a card or draw")

    def legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        seat = self.seats[self.turn]
        acts = [Action(f"play {card_word(v, self.variant)}", v, (v,)) for v in sorted(set(seat.hand))]
        if self.deck:
            acts.append(Action("draw", 0))
        if not acts:
            acts.append(Action("pass", 10))
        return acts

    def _apply(self, action: Action) -> list[Event]:
        seat = self.seats[self.turn]
        events = []
        if action.text == "draw":
            card = self.deck.pop()
            seat.hand.append(card)
            events.append(Event("draw", f"seat {self.turn} draws {card}", self.turn,
                                visible_to=(self.turn,), public_text=f"seat {self.turn} draws"))
            return events
        elif action.text == "pass":
            pass
        else:
            value = action.data[0]
            seat.hand.remove(value)
            seat.score += value
            events.append(Event("play", f"seat {self.turn} plays {card_word(value, self.variant)}",
                                self.turn, reveals=True))
        self.turn = (self.turn + 1) % self.players
        if self.turn == 0 and self.variant.get("automaton"):
            events.extend(self._automaton_round())
        return events

    def _automaton_round(self) -> list[Event]:
        self.rounds += 1
        self.automaton_score += 1
        robot = self.players
        return [Event("round", f"round {self.rounds} ends", actor=Event.BY_GAME),
                Event("automaton", "the automaton scores 1", robot, actor=robot)]

    def is_terminal(self) -> bool:
        return not self.deck and all(not s.hand for s in self.seats)

    def outcome(self) -> Outcome:
        automaton = [self.automaton_score] if self.variant.get("automaton") else []
        return Outcome.from_scores([s.score for s in self.seats] + automaton)

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "deck_size": len(self.deck),
            **({"deck": list(self.deck)} if self.variant["open_deck"] else {}),
            "seats": [{"score": s.score, "hand_size": len(s.hand),
                       **({"hand": sorted(s.hand)} if i == player else {})}
                      for i, s in enumerate(self.seats)],
        }

    def _resample_hidden(self, player: int | None, rng: Rng) -> None:
        open_deck = self.variant["open_deck"]
        pool = [] if open_deck else list(self.deck)
        for i, s in enumerate(self.seats):
            if i != player:
                pool.extend(s.hand)
        pool.sort()  # canonical order: the result must not depend on the hidden truth
        rng.shuffle(pool)
        for i, s in enumerate(self.seats):
            if i != player:
                s.hand = [pool.pop() for _ in s.hand]
        if not open_deck:
            self.deck = pool


class ToyGame(Game):
    info = GameInfo("toy", "Toy", 2, 3, {"big": ((False, True), False),
                                        "open_deck": ((False, True), False),
                                        "names": ((False, True), False),
                                        "automaton": ((False, True), False)})
    state_class = ToyState

    def setup(self, players: int, seed: int, variant: dict[str, Any]) -> ToyState:
        rng = Rng(seed)
        deck = list(range(1, 10)) * (2 if variant["big"] else 1)
        rng.shuffle(deck)
        seats = [Seat([deck.pop() for _ in range(2)], 0) for _ in range(players)]
        return ToyState(players, seed, variant, rng, [], deck, seats, 0, 0)

    def components(self) -> list[Component]:
        return [Component("card", card_id(v), CARD_NAMES[v], f"Worth {v} when played.",
                          (("value", str(v)),)) for v in range(1, 10)]

    def components_in_view(self, view: dict) -> dict[str, list[str]]:
        groups: dict[str, list[str]] = {}
        me = view["viewer"]
        if me is not None and me < len(view["seats"]):
            groups["your hand"] = [card_id(v) for v in view["seats"][me]["hand"]]
        if "deck" in view:
            groups["open deck"] = [card_id(v) for v in view["deck"]]
        return groups

    def render_text(self, view: dict) -> str:
        seats = [f"seat {i}: score {seat['score']}, {seat['hand_size']} cards"
                 + (f" {seat['hand']}" if "hand" in seat else "") for i, seat in enumerate(view["seats"])]
        deck = f"deck: {view['deck_size']} cards" + (f" {view['deck']}" if "deck" in view else "")
        return "\n".join([deck, *seats])

    def num_action_codes(self, players: int, variant: Any = None) -> int:
        return 11

    def match_stats(self, state: ToyState) -> MatchStats:
        return {"labels": {"turn order": ["opener" if i == 0 else "follower"
                                          for i in range(state.players)]},
                "numbers": {"decisions": float(len(state.history))},
                "counts": tally(state.history, lambda text: "draw" if text == "draw" else None)}

    def observation_size(self, players: int, variant: Any = None) -> int:
        return 1 + 9 + 2 * 3

    def encode_view(self, view: dict) -> list[float]:
        hand = [0.0] * 9
        me = view["viewer"]
        if me is not None:
            for value in view["seats"][me].get("hand", []):
                hand[value - 1] += 1
        seats = [0.0] * 6
        for i, seat in enumerate(view["seats"]):
            seats[2 * i] = seat["score"] / 50
            seats[2 * i + 1] = seat["hand_size"] / 10
        return [view["deck_size"] / 18] + hand + seats


GAME = ToyGame()

