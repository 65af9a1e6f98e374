"""The games as research environments: PettingZoo (AEC), Gymnasium (one learning seat) and OpenSpiel.

Each adapter is a thin layer over `Encoded`, which gives a seat's fixed-size observation (the game's
`encode_view` of that seat's `view`), the legal-action mask over the game's fixed action codes, and
the mapping from a code back to the legal action. The optional libraries are imported only by the
adapter modules (`pip install -e '.[rl]'` or `'.[openspiel]'`).
"""

from .encoded import Encoded

__all__ = ["Encoded"]
