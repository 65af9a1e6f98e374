"""How many decisions of real games can be taken on the board (the board contract, docs/web.md):
a decision counts when the chosen action involves at least one place (`game.action_places`) that
the deciding seat's drawing shows (`data-place`). Used by the board tests and the e2e tests.

    .venv/bin/python -m tests.web.board_coverage kemet 2 3 4 5   # prints the share per count
"""

from __future__ import annotations

import html
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import theogony
from theogony.arena.match import play_match

from tests.corpus.corpus import random_actions

PLACE = re.compile(r'data-place="([^"]*)"')


def parse_svg(svg: str) -> ET.Element:
    """A drawing parsed as XML; it must be an <svg> document."""
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    return root


def drawn_places(svg: str | None) -> set[str]:
    return {html.unescape(key) for key in PLACE.findall(svg or "")}


@dataclass
class Coverage:
    decisions: int = 0
    on_board: int = 0
    missed: Counter = field(default_factory=Counter)   # decision kind -> decisions not on the board

    @property
    def share(self) -> float:
        return self.on_board / self.decisions if self.decisions else 1.0

    def add(self, other: Coverage) -> None:
        self.decisions += other.decisions
        self.on_board += other.on_board
        self.missed.update(other.missed)


def game_coverage(game_id: str, players: int, seed: int, actions: list[str],
                  variant: dict[str, Any] | None = None) -> Coverage:
    game = theogony.load(game_id)
    state = game.new_state(players, seed, variant)
    out = Coverage()
    for text in actions:
        seat = state.current_player
        view = state.view(seat)
        places = set(game.action_places(view, text))
        out.decisions += 1
        if places & drawn_places(game.render_svg(view)):
            out.on_board += 1
        else:
            out.missed[str(view["decision"]["kind"]) if view.get("decision") else "?"] += 1
        state.apply(text)
    return out


def random_game(game_id: str, players: int, seed: int, limit: int = 400,
                variant: dict[str, Any] | None = None) -> list[str]:
    return random_actions(theogony.load(game_id), players, variant, seed, limit)


def heuristic_game(game_id: str, players: int, seed: int, limit: int = 400,
                   variant: dict[str, Any] | None = None) -> list[str]:
    return play_match(game_id, ["heuristic"] * players, seed=seed, variant=variant,
                      max_decisions=10_000).actions[:limit]


def coverage(game_id: str, players: int, seeds: range = range(3), limit: int = 400,
             variant: dict[str, Any] | None = None) -> Coverage:
    total = Coverage()
    for seed in seeds:
        for make in (random_game, heuristic_game):
            total.add(game_coverage(game_id, players, seed, make(game_id, players, seed, limit,
                                                                 variant), variant))
    return total


if __name__ == "__main__":
    name, counts = sys.argv[1], [int(n) for n in sys.argv[2:]] or [2]
    for n in counts:
        c = coverage(name, n)
        print(f"{name} {n}p: {c.on_board}/{c.decisions} = {c.share:.1%} on the board; "
              f"missed by kind: {dict(c.missed.most_common(8))}")
