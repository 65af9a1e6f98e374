"""Kemet's effects registry (effects.py): every effect name in the content files has a handler (or
is an ongoing modifier) for its kind of component, and an unknown name in a content override is
refused on load with the file, the entry and the field."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from theogony.games.kemet import effects
from theogony.games.kemet.content import DI_CARDS, GODS, MOD_KEYS, TILES

_LOAD_WITH_OVERRIDE = (
    "import sys\n"
    "from theogony.core.content import set_override_dir\n"
    "set_override_dir(sys.argv[1])\n"
    "import theogony\n"
    "theogony.load('kemet').new_state(3, 1)\n")


def _load_with(tmp_path: Path, file: str, text: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "kemet").mkdir()
    (tmp_path / "kemet" / file).write_text(text)
    return subprocess.run([sys.executable, "-c", _LOAD_WITH_OVERRIDE, str(tmp_path)],
                          capture_output=True, text=True)


def test_every_content_effect_is_registered_for_its_component() -> None:
    for t in TILES:
        assert set(t.effect) <= effects.GAIN_EFFECTS.known(), t.id
    for g in GODS:
        assert set(g.effect) <= effects.GAIN_EFFECTS.known(), g.id
    for c in DI_CARDS:
        assert set(c.effect) <= effects.DI_EFFECTS[c.timing].known(), c.id
    assert effects.GAIN_EFFECTS.names() == ["di", "glory", "pp", "silver", "special_card"]
    assert effects.PLAY_EFFECTS.names() == ["build_discount", "draw", "pp", "veterans"]
    assert effects.MOVE_EFFECTS.names() == ["moves", "open_walls", "teleport_discount"]
    assert effects.BATTLE_EFFECTS.names() == []          # BATTLE cards only modify the battle
    assert effects.GAIN_EFFECTS.passive == effects.MODIFIERS == frozenset(MOD_KEYS)
    assert effects.BATTLE_EFFECTS.passive == effects.BATTLE_MODIFIERS <= effects.MODIFIERS


def test_an_unknown_effect_in_an_override_is_refused_with_file_entry_and_field(tmp_path) -> None:
    done = _load_with(tmp_path, "tiles.toml", '[[tile]]\nid = "in-attack"\neffect = {bogus = 1}\n')
    assert done.returncode != 0
    assert "ContentError" in done.stderr
    assert ("tiles.toml [[tile]] #1 (id 'in-attack'): field 'effect': unknown tile effect 'bogus'; "
            "known: acquire_discount, attack_damage," in done.stderr)


def test_an_effect_of_another_timing_is_refused(tmp_path) -> None:
    # a DAY card cannot carry a battle modifier: nothing would ever read it
    done = _load_with(tmp_path, "cards.toml", '[[di]]\nid = "offering"\neffect = {strength = 1}\n')
    assert done.returncode != 0
    assert "cards.toml [[di]]" in done.stderr and "(id 'offering')" in done.stderr
    assert ("field 'effect': unknown DAY card effect 'strength'; known: build_discount, draw, pp, "
            "veterans\n" in done.stderr)


def test_the_registered_handlers_change_the_state_as_the_rules_say() -> None:
    from .helpers import blank

    s = blank(2)
    pp, glory = s.ps[0].pp, s.ps[0].glory
    effects.apply_gain(s, 0, {"glory": 2, "pp": 3})
    assert (s.ps[0].glory, s.ps[0].pp) == (glory + 2, min(11, pp + 3))
    effects.apply_play(s, 0, {"veterans": 2, "build_discount": 1})
    assert s.ps[0].veterans == 2 and s.build_discount == 1
