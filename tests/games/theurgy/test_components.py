"""Theurgy components: every miracle, monster, Divine Calling, capital event and deity has a text a player
reads (issue 18), the `--content` override replaces it, and `components_in_view` lists only what the
seat's view shows (TU-3.4)."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap

import pytest

from tests.support import component_texts_with_override
from theogony.core import ContentError, Rng
from theogony.core.content import load_entries
from theogony.games.theurgy import cards
from theogony.games.theurgy.frames import SeatStep
from theogony.games.theurgy.state import DEITIES

from .helpers import GAME, blank, give


def test_every_component_has_a_text_and_a_unique_id():
    components = GAME.components()
    expected = (len(cards.MIRACLES) + len(cards.MONSTERS) + len(cards.CALLINGS) + len(cards.EVENTS)
                + len(cards.DEITIES))
    assert len(components) == expected == 23 + 30 + 27 + 6 + 6
    assert len({c.id for c in components}) == len(components)
    assert all(c.text.strip() and c.name.strip() for c in components)
    kinds = {c.kind for c in components}
    assert kinds == {"miracle", "monster", "Divine Calling", "capital event", "deity"}


def test_TU_14_every_deity_of_the_rules_has_its_power_text():
    deities = {c.name: c for c in GAME.components() if c.kind == "deity"}
    assert sorted(deities) == sorted(DEITIES)
    assert "twice" in deities["Kelerix"].text and "supply" in deities["Aeoris"].text


def test_legendary_monsters_show_their_when_summoned_ability():
    kraken = next(c for c in GAME.components() if c.id == "kraken")
    details = dict(kraken.details)
    assert details["type"] == "Harbour" and details["legendary"]
    assert details["when summoned"] == cards.MONSTER["kraken"].summoned_text


def _entry_file(tmp_path, body: str):
    path = tmp_path / "miracles.toml"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def test_a_missing_text_is_refused_naming_file_entry_and_field(tmp_path):
    path = _entry_file(tmp_path, """
        [[miracle]]
        id = "bones"
        name = "Break Their Brittle Bones"
        count = 2
        effect = "wound"
        """)
    with pytest.raises(ContentError) as err:
        load_entries(path, "miracle", cards.Miracle)
    message = str(err.value)
    assert "miracles.toml" in message and "'bones'" in message and "'text'" in message


def test_an_empty_text_is_refused_naming_file_entry_and_field(tmp_path):
    path = _entry_file(tmp_path, """
        [[miracle]]
        id = "bones"
        name = "Break Their Brittle Bones"
        count = 2
        effect = "wound"
        text = "  "
        """)
    with pytest.raises(ContentError) as err:
        load_entries(path, "miracle", cards.Miracle)
    message = str(err.value)
    assert "miracles.toml" in message and "'bones'" in message and "'text'" in message


def test_a_legendary_monster_without_its_when_summoned_text_is_refused(tmp_path):
    path = tmp_path / "monsters.toml"
    path.write_text(textwrap.dedent("""
        [[monster]]
        id = "kraken"
        name = "Kraken"
        type = "harbour"
        ability = "active"
        movement = "territorial"
        legendary = true
        summoned = "wound"
        text = "Wound one opposing acolyte."
        """), encoding="utf-8")
    with pytest.raises(ContentError, match="'kraken'.*summoned_text"):
        load_entries(path, "monster", cards.Monster)


def test_content_override_replaces_texts(tmp_path):
    """`--content DIR` (core/content.py) replaces our texts by id, deities included; the render shows it."""
    theurgy = tmp_path / "theurgy"
    theurgy.mkdir()
    (theurgy / "miracles.toml").write_text(
        '[[miracle]]\nid = "bones"\ntext = "The owner\'s own words for this miracle."\n', encoding="utf-8")
    (theurgy / "deities.toml").write_text(
        '[[deity]]\nid = "orrun"\ntext = "The owner\'s words for Orrun."\n', encoding="utf-8")
    texts = component_texts_with_override(tmp_path, "theurgy")
    bones, orrun, bend = texts["bones"], texts["orrun"], texts["bend"]
    assert bones == "The owner's own words for this miracle."
    assert orrun == "The owner's words for Orrun."
    assert bend == cards.MIRACLE["bend"].text


def test_content_override_may_not_rename_a_deity(tmp_path):
    theurgy = tmp_path / "theurgy"
    theurgy.mkdir()
    (theurgy / "deities.toml").write_text('[[deity]]\nid = "orrun"\nname = "Odin"\n', encoding="utf-8")
    script = (f"from theogony.core.content import set_override_dir; set_override_dir({str(tmp_path)!r}); "
              "import theogony.games.theurgy.cards")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.returncode != 0 and "deities.toml" in run.stderr and "Orrun" in run.stderr


# ---- components_in_view ---------------------------------------------------------------------------

def _visible_strings(view) -> set[str]:
    out: set[str] = set()

    def walk(x):
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)

    walk(view)
    return out


def _random_states():
    for players, seed, steps in ((2, 1, 60), (3, 4, 250), (4, 7, 400), (6, 2, 300), (5, 9, 700)):
        s = GAME.new_state(players, seed, {"capital_events": True})
        rng = Rng(seed)
        for _ in range(steps):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
        yield s


def test_TU_3_4_components_in_view_lists_only_what_the_view_shows():
    names = {c.id: c.name for c in GAME.components()}
    for s in _random_states():
        for seat in range(s.players):
            view = s.view(seat)
            visible = _visible_strings(view)
            groups = GAME.components_in_view(view)
            assert groups["your hand"] and groups["deities in play"]
            for group, ids in groups.items():
                for cid in ids:
                    assert names[cid] in visible, (group, cid)
            others = [i for i in range(s.players) if i != seat]
            for i in others:
                assert not any(s.seats[i].deity in g and "hand" in g for g in groups)
            listed = {cid for ids in groups.values() for cid in ids}
            for i in others:
                if s.seats[i].calling and s.seats[i].calling not in s.seats[seat].offer:
                    assert s.seats[i].calling not in listed


def test_another_seats_hand_and_calling_are_never_listed():
    s = blank(3)
    give(s, 0, "bones", "bones", "doubts")
    give(s, 1, "runes", "path", "bend")
    s.seats[0].calling, s.seats[0].offer = "outpost", ["outpost", "borders"]
    s.seats[1].calling, s.seats[1].offer = "groves", ["groves", "bazaar"]
    groups = GAME.components_in_view(s.view(0))
    assert groups["your hand"] == ["bones", "doubts"]
    assert groups["your Divine Calling"] == ["outpost"]
    listed = {cid for ids in groups.values() for cid in ids}
    assert not listed & {"runes", "path", "bend", "groves", "bazaar"}
    assert groups["deities in play"] == ["lutraz", "kelerix", "kirjani"]


def test_the_open_piles_and_hordes_are_grouped():
    s = blank(2)
    s.monster_discard = ["werewolf", "troll"]
    s.miracle_discard = ["bones", "runes"]
    s.seats[1].horde = ["kraken"]
    s.mon_pos, s.mon_owner = {"kraken": 4}, {"kraken": 1}
    groups = GAME.components_in_view(s.view(0))
    assert groups["monster discard"] == ["troll", "werewolf"]          # top first
    assert groups["miracle discard"] == ["runes", "bones"]
    assert groups["Kelerix's horde"] == ["kraken"]
    assert groups["face-up monsters"] == list(s.faceup)


def test_before_the_choice_the_two_callings_dealt_are_listed():
    s = GAME.new_state(3, 1)
    while s.decision.kind != "calling":
        s.apply(s.legal_actions()[0])
    p = s.current_player
    groups = GAME.components_in_view(s.view(p))
    assert sorted(groups["Divine Callings dealt to you"]) == sorted(s.seats[p].offer)
    assert "your Divine Calling" not in groups


def test_seep_the_strength_shows_the_hand_looked_at():
    s = blank(2)
    give(s, 1, "runes", "path")
    s.stack.append(SeatStep(seat=0, op="peek_card", source="seep", target=1))
    groups = GAME.components_in_view(s.view(0))
    assert groups["Kelerix's hand (Seep The Strength)"] == ["runes", "path"]
    assert "Kelerix's hand (Seep The Strength)" not in GAME.components_in_view(s.view(1))


# ---- the effects registry (effects.py) checks the content's effect names ---------------------------

def _load_with_override(tmp_path, file: str, text: str) -> subprocess.CompletedProcess:
    theurgy = tmp_path / "theurgy"
    theurgy.mkdir()
    (theurgy / file).write_text(text, encoding="utf-8")
    script = (f"from theogony.core.content import set_override_dir; set_override_dir({str(tmp_path)!r}); "
              "import theogony; theogony.load('theurgy')")
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)


@pytest.mark.parametrize("file, entry, field, name", [
    ("miracles.toml", '[[miracle]]\nid = "mirror"\neffect = "levitate"\n', "effect", "levitate"),
    ("monsters.toml", '[[monster]]\nid = "centaur"\neffect = "trample"\n', "effect", "trample"),
    ("monsters.toml", '[[monster]]\nid = "siren"\neffect = "trample"\n', "effect", "trample"),
    ("monsters.toml", '[[monster]]\nid = "kraken"\nsummoned = "defend"\n', "summoned", "defend"),
    ("events.toml", '[[event]]\nid = "ev_riot"\neffect = "party"\n', "effect", "party"),
])
def test_an_effect_name_the_registry_does_not_know_is_refused_with_file_entry_and_field(
        tmp_path, file, entry, field, name):
    run = _load_with_override(tmp_path, file, entry)
    assert run.returncode != 0 and "ContentError" in run.stderr
    entry_id = entry.split('"')[1]
    table = file.removesuffix("s.toml")
    assert re.search(rf"{re.escape(file)} \[\[{table}\]\] #\d+ \(id {entry_id!r}\): field {field!r}: unknown ",
                     run.stderr) and repr(name) in run.stderr


def test_a_miracle_may_not_name_an_effect_only_monsters_have(tmp_path):
    run = _load_with_override(tmp_path, "miracles.toml", '[[miracle]]\nid = "mirror"\neffect = "kraken"\n')
    assert run.returncode != 0 and "(id 'mirror'): field 'effect': unknown miracle effect 'kraken'" in run.stderr


def test_every_effect_name_of_the_content_has_its_handler():
    from theogony.games.theurgy import effects

    assert {m.effect for m in cards.MIRACLES} <= set(effects.MIRACLES.names())
    assert {m.summoned for m in cards.MONSTERS if m.summoned} <= set(effects.ABILITIES.names())
    assert {m.effect for m in cards.MONSTERS if m.ability == "active"} <= set(effects.ABILITIES.names())
    assert {m.effect for m in cards.MONSTERS if m.ability == "passive"} <= effects.PASSIVES | {""}
    assert {e.effect for e in cards.EVENTS} == set(effects.CAPITAL_EVENTS.names())
    assert set(effects.STEP_OPTIONS) == set(effects.STEP_APPLY) == set(effects.STEP_PROMPTS)
