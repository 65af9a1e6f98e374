"""The toy game of the core's tests is the example game of docs/contributing.md
(examples/toygame); this module keeps the name the tests import."""

from examples.toygame import GAME
from examples.toygame.components import CARD_NAMES, card_id, card_word
from examples.toygame.state import Seat, ToyState

__all__ = ["CARD_NAMES", "GAME", "Seat", "ToyState", "card_id", "card_word"]
