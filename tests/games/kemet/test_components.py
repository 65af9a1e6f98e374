"""Issue 18: every Kemet component has a player-facing text, overrides replace it, and the view
hook lists only what the seat sees."""

from __future__ import annotations

import json
import random

import pytest

from tests.support import component_texts_with_override
from theogony.core.content import build
from theogony.core.errors import ContentError
from theogony.core.registry import load
from theogony.games.kemet.content import Tile

GAME = load("kemet")


def test_every_component_has_a_text_and_a_unique_id() -> None:
    comps = GAME.components()
    assert len(comps) >= 82 + 12 + 16 + 6
    assert all(c.text.strip() for c in comps)
    assert len({c.id for c in comps}) == len(comps)
    by_id = {c.id: c for c in comps}
    assert ("cost", "4 PP") in by_id["tile:divine-blade"].details  # KM-1.8: cost = level
    assert by_id["battle:frenzy"].details[:3] == (("strength", "6"), ("damage", "-1"), ("shield", "0"))


def test_a_missing_text_names_file_entry_and_field() -> None:
    entry = {"id": "x", "name": "X", "colour": "ruby", "level": 1, "effect": {}}
    with pytest.raises(ContentError, match=r"tiles.toml \[\[tile\]\] #1 \(id 'x'\): missing field 'text'"):
        build(Tile, entry, "tiles.toml [[tile]] #1")
    with pytest.raises(ContentError, match="'text' is empty"):
        build(Tile, dict(entry, text="  "), "tiles.toml [[tile]] #1")


def test_content_override_replaces_a_text(tmp_path) -> None:
    (tmp_path / "kemet").mkdir()
    (tmp_path / "kemet" / "tiles.toml").write_text(
        '[[tile]]\nid = "phoenix"\ntext = "Our own Phoenix text."\n')
    assert component_texts_with_override(tmp_path, "kemet")["tile:phoenix"] == "Our own Phoenix text."


@pytest.mark.parametrize("players,variant", [(3, {}), (2, {"gods_of_egypt": True}), (1, {})])
def test_components_in_view_lists_only_visible_things(players, variant) -> None:
    names = {c.id: c.name for c in GAME.components()}
    for seed in range(3):
        state = GAME.new_state(players, seed, variant)
        rng = random.Random(seed)
        for _ in range(rng.randrange(20, 120)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        for seat in range(len(state.view(None)["seats"])):
            view = state.view(seat)
            text = json.dumps(view)
            groups = GAME.components_in_view(view)
            for ids in groups.values():
                for cid in ids:
                    # shown by name (hands, tiles) or by content id (the market)
                    assert cid in names
                    assert (json.dumps(names[cid]) in text
                            or json.dumps(cid.split(":", 1)[1]) in text)
            others = [g for g in groups if "battle cards in hand" in g or "DI cards" in g
                      or "face-down" in g]
            assert all(g.startswith("your") for g in others)  # KM-7.6: hands are secret
