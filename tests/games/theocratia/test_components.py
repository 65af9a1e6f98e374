"""Issue 18: every Theocratia component has a player-facing text, overrides replace it, and the
view hook lists only what the seat sees (TC-10.3: hands are hidden)."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from tests.support import component_texts_with_override
from theogony.core.content import build
from theogony.core.errors import ContentError
from theogony.games.theocratia import GAME
from theogony.games.theocratia.content import POWER_CARDS, PowerCard


def test_every_component_has_a_text_and_a_unique_id() -> None:
    comps = GAME.components()
    kinds = {c.kind for c in comps}
    assert {"Power card", "Round Bonus card", "Development card", "Pyramid token", "Bot card",
            "Conversion tile"} <= kinds
    assert len([c for c in comps if c.kind == "Power card"]) == 12
    assert len([c for c in comps if c.kind == "Bot card"]) == 26
    assert all(c.text.strip() for c in comps)
    assert len({c.id for c in comps}) == len(comps)
    tribute = next(c for c in comps if c.id == "power:tribute")
    assert ("cost", "3 Cosmo") in tribute.details  # TC-10.1: the card shows its Cosmo cost


def test_a_missing_power_text_names_file_entry_and_field() -> None:
    entry = {"id": "x", "name": "X", "cost": 0, "actions": [], "effect": "cosmo", "amount": 1}
    with pytest.raises(ContentError, match=r"cards.toml \[\[power\]\] #1 \(id 'x'\): missing field 'text'"):
        build(PowerCard, entry, "cards.toml [[power]] #1")


def test_content_override_replaces_a_text(tmp_path) -> None:
    (tmp_path / "theocratia").mkdir()
    (tmp_path / "theocratia" / "cards.toml").write_text(
        '[[power]]\nid = "omen"\ntext = "Our own Omen text."\n')
    assert component_texts_with_override(tmp_path, "theocratia")["power:omen"] == "Our own Omen text."


@pytest.mark.parametrize("players", [1, 3, 4])
def test_components_in_view_never_lists_another_seats_hand(players) -> None:
    ids = {c.id for c in GAME.components()}
    for seed in range(3):
        state = GAME.new_state(players, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(10, 80)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        everything = state.view(None)
        for seat in range(len(everything["seats"])):
            view = state.view(seat)
            groups = GAME.components_in_view(view)
            assert all(cid in ids for group in groups.values() for cid in group)
            own = sorted("power:" + POWER_CARDS[c].id for c in state.seats[seat].hand)
            assert sorted(groups.get("your Power cards", [])) == sorted(set(own))
            public = {"power:" + POWER_CARDS[c].id for c in view["discard"]}
            for other in range(len(everything["seats"])):
                if other == seat:
                    continue
                hidden = {"power:" + POWER_CARDS[c].id for c in state.seats[other].hand}
                listed = {cid for name, group in groups.items() if name != "Power card discard"
                          for cid in group}
                assert not (hidden - set(own) - public) & listed


_LOAD_WITH_OVERRIDE = (
    "import sys\n"
    "from theogony.core.content import set_override_dir\n"
    "set_override_dir(sys.argv[1])\n"
    "import theogony\n"
    "theogony.load('theocratia')\n")


@pytest.mark.parametrize("table,entry", [("power", "omen"), ("development", "holiday")])
def test_an_unknown_effect_name_in_the_content_is_refused_with_file_entry_and_field(
        tmp_path, table, entry) -> None:
    (tmp_path / "theocratia").mkdir()
    (tmp_path / "theocratia" / "cards.toml").write_text(
        f'[[{table}]]\nid = "{entry}"\neffect = "summon_comet"\n')
    done = subprocess.run([sys.executable, "-c", _LOAD_WITH_OVERRIDE, str(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode != 0
    assert "ContentError" in done.stderr
    assert re.search(rf"cards.toml \[\[{table}\]\] #\d+ \(id '{entry}'\): field 'effect': "
                     "unknown effect 'summon_comet'", done.stderr)


def test_every_effect_the_content_names_has_a_handler() -> None:
    from theogony.games.theocratia.content import DEVELOPMENTS, POWER_DEFS, TOKENS
    from theogony.games.theocratia.rules.effects import (DEVELOPMENT_EFFECTS, POWER_EFFECTS,
                                                         TOKEN_EFFECTS)

    assert {c.effect for c in POWER_DEFS} <= set(POWER_EFFECTS.names())
    assert {t.id for t in TOKENS} == set(TOKEN_EFFECTS.names())
    assert {d.effect for d in DEVELOPMENTS} == set(DEVELOPMENT_EFFECTS.names())
