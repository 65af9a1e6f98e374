"""Toy: the complete example game of docs/contributing.md, built the way every game of theogony is.

Each seat holds a hidden hand drawn from a shuffled deck of values 1..9. On a turn a seat plays a
card (scoring its value, ending its turn) or, while the deck lasts, draws and decides again. The
game ends when every hand is empty and the deck is exhausted; the highest score wins (rule ids
TOY-1 to TOY-4 below).

- TOY-1 Setup: the deck (1..9, twice with `big`) is shuffled; each seat is dealt two cards.
- TOY-2 Turn: play a card from your hand (score its value; the turn passes), or draw the top card
  while the deck lasts (you decide again), or pass when you can do neither.
- TOY-3 Automaton (`automaton` variant): an engine-driven seat scores 1 after every round.
- TOY-4 End: when the deck and every hand are empty; most points wins, ties share first place.

Variants that exercise the faces: `open_deck` lays the deck face up (a draw shows nothing new, so
it may be undone); `names` names the cards ("play Crown [priest]": rich-markup lookalikes and shared
prefixes). The package has every room of a game: `state.py` (plain data), `rules/` (the frame
rules), `codes.py`, `components.py`, `render.py`, `encoding.py`, `stats.py`, `game.py`.
"""

from .game import GAME

__all__ = ["GAME"]
