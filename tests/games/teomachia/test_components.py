"""Issue 18: every Teomachia component has a player-facing text, loaded and validated from the
content files (overridable with --content), and `components_in_view` lists only what a seat sees."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from theogony.core import ContentError, Rng
from theogony.core.content import load_entries
from theogony.games.teomachia import GAME
from theogony.games.teomachia.content import (CARD_DEF, CARDS, DEFS, DEITIES, ELEMENTS, MYTHS, TOKEN_DEFS,
                                              Element, Myth)

from tests.support import component_texts_with_override, random_states

from .helpers import bidding, card, hand, started

KINDS = {"element", "power card", "effect", "lasting effect", "attack", "place", "myth", "hero", "deity",
         "worshipper"}


def test_every_component_has_a_text_and_a_unique_id():
    components = GAME.components()
    assert len(components) == len(ELEMENTS) + len(DEFS) + len(MYTHS) + len(DEITIES) + len(TOKEN_DEFS)
    assert len({c.id for c in components}) == len(components)
    for c in components:
        assert c.text.strip() and c.name and c.kind in KINDS, c
    kinds = {c.kind for c in components}
    assert {"element", "power card", "effect", "attack", "place", "myth", "hero", "deity"} <= kinds


def test_a_component_carries_its_printed_numbers():
    by_id = {c.id: c for c in GAME.components()}
    assert dict(by_id["el-water-order-2"].details) == {"sphere": "water", "symbols": "2 order"}
    assert dict(by_id["fire-temple"].details)["place"] == "priest"
    assert dict(by_id["heracles"].details)["cost"] == "3 miracle tokens"
    assert dict(by_id["marduk"].details)["costs"] == "1 faithful"
    assert "Demand:" in by_id["marduk"].text  # the demand is part of a deity's text


@pytest.mark.parametrize("entry", [
    'id = "el-x"\nname = "X"\nname_pl = "X"\nsphere = "water"\naspect = "order"\nsymbols = 1\n',
    'id = "el-x"\nname = "X"\nname_pl = "X"\nsphere = "water"\naspect = "order"\nsymbols = 1\ntext = "  "\n',
])
def test_a_missing_or_blank_text_is_refused_naming_file_entry_and_field(tmp_path, entry):
    path = tmp_path / "elements.toml"
    path.write_text("[[element]]\n" + entry)
    with pytest.raises(ContentError) as info:
        load_entries(path, "element", Element)
    message = str(info.value)
    assert "elements.toml" in message and "'el-x'" in message and "'text'" in message


def test_a_myth_without_its_text_field_is_refused(tmp_path):
    path = tmp_path / "gods.toml"
    path.write_text('[[myth]]\nid = "m"\nname = "M"\nname_pl = "M"\nmythology = "norse"\ncost = 1\n'
                    'window = "prebid"\n')
    with pytest.raises(ContentError, match=r"gods.toml.*'m'.*missing field 'text'"):
        load_entries(path, "myth", Myth)


def test_the_content_override_replaces_texts(tmp_path):
    """`--content DIR` replaces a card's and an element's text; the component shows the owner's text."""
    own = tmp_path / "teomachia"
    own.mkdir()
    (own / "deeds.toml").write_text('[[card]]\nid = "plague"\ntext = "The owner\'s Plague text."\n')
    (own / "elements.toml").write_text('[[element]]\nid = "el-air-chaos-1"\ntext = "Owner element text."\n')
    texts = component_texts_with_override(tmp_path, "teomachia")
    plague, element, flood = texts["plague"], texts["el-air-chaos-1"], texts["flood"]
    assert plague == "The owner's Plague text." and element == "Owner element text."
    assert flood == next(d.text for d in DEFS if d.id == "flood")  # untouched entries keep ours


def test_an_override_with_a_blank_text_is_refused(tmp_path):
    own = tmp_path / "teomachia"
    own.mkdir()
    (own / "deeds.toml").write_text('[[card]]\nid = "plague"\ntext = ""\n')
    script = ("import sys\nfrom theogony.core.content import set_override_dir\nset_override_dir(sys.argv[1])\n"
              "import theogony.games.teomachia.content\n")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True)
    assert done.returncode != 0
    assert "ContentError" in done.stderr and "'plague'" in done.stderr and "'text'" in done.stderr


# ---------------------------------------------------------------- components_in_view
def _strings(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*map(_strings, value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*map(_strings, value)) if value else set()
    return set()


NAMES = {c.id: c.name for c in GAME.components()}
WORSHIPPERS = {t.id for t in TOKEN_DEFS}


@pytest.mark.parametrize("players,variant", [(2, {}), (3, {"full": True}), (4, {"full": True, "no_elimination": True})])
def test_components_in_view_lists_only_what_the_view_shows(players, variant):
    checked = 0
    for st in random_states(GAME, players, variant, seed=players, every=5, limit=400):
        for seat in range(players):
            view = st.view(seat)
            shown = _strings(view)
            groups = GAME.components_in_view(view)
            assert groups["worshippers"] == sorted(WORSHIPPERS, key=["prophet", "priest", "faithful"].index)
            for group, ids in groups.items():
                assert ids and len(ids) == len(set(ids)), group
                for ident in ids:
                    assert ident in WORSHIPPERS or NAMES[ident] in shown, (group, ident)
            # another seat's hand is never listed: its cards appear only where the view shows them
            others = {CARDS[c].id for i, s in enumerate(st.seats) if i != seat for c in s.hand + s.draft_hand}
            listed = {ident for ids in groups.values() for ident in ids}
            for ident in others & listed:
                assert NAMES[ident] in shown
            assert not any("hand" in g and not g.startswith("your") for g in groups)
            checked += 1
    assert checked > 20


def test_components_in_view_do_not_change_when_hidden_cards_are_dealt_anew():
    """What a seat may look up depends on public facts and its own cards only (determinize resamples
    everything else)."""
    for st in random_states(GAME, 3, {"full": True}, seed=11, every=9, limit=400):
        for seat in range(3):
            other = st.determinize(seat, Rng(seat + 7))
            assert GAME.components_in_view(other.view(seat)) == GAME.components_in_view(st.view(seat))


def test_components_in_view_groups_the_seats_hand_the_layout_and_the_track():
    st = started(2)
    hand(st, 0, "plague", "quicksand")
    hand(st, 1, "web-of-lightning")
    bidding(st)
    groups = GAME.components_in_view(st.view(0))
    assert groups["your hand"] == ["plague", "quicksand"]
    assert "web-of-lightning" not in {i for ids in groups.values() for i in ids}
    layout_ids = [ELEMENTS[e].id for e in st.layout[:st.revealed]]
    assert groups["elements layout (face up)"] == layout_ids
    assert groups["prayer track"] == list(dict.fromkeys(CARDS[c].id for c in st.track if c >= 0))
    assert card("plague") in st.seats[0].hand and CARD_DEF[card("plague")] >= 0


# ---------------------------------------------------------------- who did it (issue 18, Event.actor)
def test_automatic_events_are_credited_to_the_game_not_to_the_deciding_seat():
    """The last deity choice reveals every deity: those reveals are the game's, not that seat's."""
    from theogony.core import Event

    st = GAME.new_state(3, 0, {"full": True})
    while st.phase != "deity":
        st.apply(st.legal_actions()[0])
    events = []
    while st.phase == "deity":
        events = st.apply(st.legal_actions()[0])
    reveals = [e for e in events if e.kind == "deity" and "reveals" in e.text]
    assert len(reveals) == 3 and all(e.actor == Event.BY_GAME for e in reveals)
    assert all(e.actor == Event.BY_GAME for e in events if e.kind in ("deal", "stake", "elements", "draw"))


def test_a_card_resolving_on_another_seats_pass_is_credited_to_its_player():
    from .helpers import layout

    st = started(2)
    layout(st, "el-water-order-3", "el-fire-order-2", "el-earth-order-2", "el-air-order-2", "el-water-order-1")
    for s in st.seats:
        s.hand = []
    hand(st, 0, "mind-reading")
    hand(st, 1, "anathema", "flood")
    bidding(st, initiative=0)
    st.apply("play Mind Reading on seat 1")
    assert st.phase == "respond" and st.current_player == 1
    events = st.apply("pass")  # seat 1 passes; seat 0's Mind Reading resolves
    peek = [e for e in events if e.kind == "peek"]
    assert len(peek) == 1 and peek[0].actor == 0 and peek[0].seen_by(1).actor == 0


# ---------------------------------------------------------------- effect names (issue 17: effects.py)
@pytest.mark.parametrize("file,table,entry_id,field,name", [
    ("deeds.toml", "card", "plague", "effect", "turn_to_stone"),
    ("gods.toml", "myth", "yggdrasil", "effect", "grow"),
    ("gods.toml", "deity", "odin", "attribute", "see_all"),
    ("gods.toml", "deity", "odin", "demand", "win_twice"),
])
def test_an_effect_name_no_handler_knows_is_refused_naming_file_entry_and_field(
        tmp_path, file, table, entry_id, field, name):
    own = tmp_path / "teomachia"
    own.mkdir()
    (own / file).write_text(f'[[{table}]]\nid = "{entry_id}"\n{field} = "{name}"\n')
    script = ("import sys\nfrom theogony.core.content import set_override_dir\nset_override_dir(sys.argv[1])\n"
              "import theogony.games.teomachia\n")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("theogony.core.errors.ContentError") or "ContentError" in last, last
    assert file in last and f"'{entry_id}'" in last and f"'{field}'" in last and f"'{name}'" in last


def test_every_effect_name_of_the_content_has_a_handler():
    from theogony.games.teomachia.content import named_effects
    from theogony.games.teomachia.effects import known_names

    uses = named_effects()
    assert {u.registry for u in uses} == {"deed effect", "myth effect", "attribute", "passive attribute", "demand"}
    assert all(u.name in known_names(u.registry) for u in uses)
