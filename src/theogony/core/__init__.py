"""The engine contract (DESIGN §3). Knows no game.

How to add a game: docs/contributing.md. (Engineers in this checkout right now: also read
PARALLEL_WORK.md at the repository root before changing anything.)
"""

from .agent import Agent, PolicyAgent
from .components import Component
from .errors import (ContentError, IllegalAction, SaveFormatError, SetupError, TheogonyError,
                     UnknownGame)
from .game import Game, MatchStats, tally
from .info import GameInfo
from .options import Option
from .registry import games, load, register
from .rng import Rng
from .save import read_save, save_document, state_from_save, write_save
from .state import State
from .types import Action, Decision, Event, Outcome

__all__ = [
    "Action", "Agent", "Component", "ContentError", "Decision", "Event", "Game", "GameInfo", "IllegalAction",
    "MatchStats", "Option", "Outcome", "PolicyAgent", "Rng", "SaveFormatError", "SetupError", "State",
    "TheogonyError", "UnknownGame", "games", "load", "read_save", "register", "save_document", "state_from_save",
    "tally", "write_save",
]
