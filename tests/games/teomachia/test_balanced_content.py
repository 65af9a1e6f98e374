"""The designed components changed for balance (docs/content/teomachia.md, "Balancing the designed
content"): the effects they use and what their numbers now are."""

from __future__ import annotations

from theogony.games.teomachia.content import DEFS, DEITIES, MYTHS
from theogony.games.teomachia.effects import DEMANDS, MYTH_EFFECTS

from .helpers import begin_battle, card, myth, names
from .test_corrections import full_started


def _deity(deity_id: str):
    return next(d for d in DEITIES if d.id == deity_id)


def _myth(myth_id: str):
    return next(m for m in MYTHS if m.id == myth_id)


def test_marduk_demand_is_two_places_in_play():
    """Third change: a deal ending with two of his places in play (his retreat keeps them safe)."""
    st = full_started("marduk")
    assert _deity("marduk").demand == "places2"
    s0 = st.seats[0]
    s0.places = [card("menhir")]
    assert not DEMANDS["places2"](st, 0, False, [0, 0])
    s0.places = [card("menhir"), card("monastery")]
    assert DEMANDS["places2"](st, 0, False, [0, 0]) and DEMANDS["places2"](st, 0, True, [0, 0])


def test_the_stake4_demand_of_the_second_design_is_a_win_with_four_staked_worshippers():
    st = full_started("marduk")
    assert DEMANDS["stake4"](st, 0, True, [4, 0]) and not DEMANDS["stake4"](st, 0, True, [3, 0])
    assert not DEMANDS["stake4"](st, 0, False, [9, 0])


def test_dagda_demand_is_a_battle_lost_by_eight_or_less():
    """Fourth round: 8 (was 5), Dagda was short at every player count."""
    st = full_started("dagda")
    st.winners, st.fought = [1], [0, 1]
    st.strengths = [12, 20]
    assert DEMANDS["lose_close"](st, 0, False, [1, 1])
    st.strengths = [11, 20]
    assert not DEMANDS["lose_close"](st, 0, False, [1, 1])
    st.fought = [1]  # it did not fight
    st.strengths = [20, 20]
    assert not DEMANDS["lose_close"](st, 0, False, [1, 1])


def test_ishtar_gate_adds_two_per_place_and_aegis_saves_the_stake():
    st = full_started("ishtar")
    s0 = st.seats[0]
    s0.places = [card("menhir"), card("monastery")]
    before = s0.bonus
    MYTH_EFFECTS[_myth("ishtar-gate").effect](st, 0, _myth("ishtar-gate").amount, -1, [])
    assert s0.bonus == before + 2 * 2
    assert not s0.saved
    MYTH_EFFECTS[_myth("aegis").effect](st, 0, _myth("aegis").amount, -1, [])
    assert s0.saved


def test_tir_na_nog_brings_a_prophet():
    st = full_started("dagda")
    s0 = st.seats[0]
    prophets = s0.community[0]
    assert _myth("tir-na-nog").cost == 3
    MYTH_EFFECTS[_myth("tir-na-nog").effect](st, 0, 1, -1, [])
    assert s0.community[0] == prophets + 1


def test_heracles_joins_with_a_priest_taken_from_a_chosen_opponent():
    st = full_started("zeus")
    st.seats[0].myths = [myth("heracles")]
    for s in st.seats:
        s.hand = []
        s.stake = [0, 1, 1]
    st.bid_round = 3
    begin_battle(st)
    assert "add hero Heracles against seat 1" in names(st)
    st.apply("add hero Heracles against seat 1")
    assert st.seats[1].stake == [0, 0, 1]


def test_no_two_places_or_myths_are_the_same_card():
    """The identical places and myths of the first design are gone. A place's sphere only names
    the sphere card its requirement may ask for, so it does not tell two places apart."""
    places = [d for d in DEFS if d.kind == "place"]
    shapes = {(d.effect, d.token, d.amount, d.aspect, d.symbols, d.spheres) for d in places}
    assert len(shapes) == len(places)
    myth_shapes = {(m.cost, m.window, m.effect, m.amount, m.strength) for m in MYTHS}
    assert len(myth_shapes) == len(MYTHS)


def test_storm_is_no_longer_worse_than_great_wave():
    storm, wave = (next(d for d in DEFS if d.id == i) for i in ("storm", "wave"))
    assert (storm.symbols, storm.amount) == (2, 4) and (wave.symbols, wave.amount) == (1, 3)


def test_the_heuristic_values_every_deed_card_above_the_top_of_the_prayer_deck():
    """So that self-play takes every card, at least from the free slots of the track (TM-9.2)."""
    from theogony.games.teomachia.projections import TAKE_DECK_VALUE, card_value

    deeds = [i for i, d in enumerate(DEFS) if d.kind != "power" and d.effect != "removed"]
    assert deeds and all(card_value(i) > TAKE_DECK_VALUE for i in deeds)


def test_the_ab_overrides_of_the_docs_name_existing_entries_and_fields():
    """The overrides that reproduce the docs' A/B runs (`--content tests/games/teomachia/ab_overrides/...`)
    still fit the content: every entry id exists and every field is one the entry has."""
    import tomllib
    from pathlib import Path

    content = Path(__file__).parents[3] / "src/theogony/games/teomachia/content"
    for override in sorted((Path(__file__).parent / "ab_overrides").glob("*/teomachia/*.toml")):
        builtin = tomllib.loads((content / override.name).read_text())
        for table, entries in tomllib.loads(override.read_text()).items():
            by_id = {e["id"]: e for e in builtin[table]}
            for entry in entries:
                assert entry["id"] in by_id, (override, entry["id"])
                assert set(entry) <= set(by_id[entry["id"]]), (override, entry["id"])


def test_odin_pays_a_priest_and_cernunnos_a_prophet_for_their_attributes():
    """Fourth round: Odin's look-and-draw costs a priest (was a faithful), Cernunnos' draw 2 a
    prophet (was a priest)."""
    assert (_deity("odin").cost_token, _deity("odin").amount) == ("priest", 1)
    assert (_deity("cernunnos").cost_token, _deity("cernunnos").amount) == ("prophet", 2)
    assert "priest" in _deity("odin").text and "prophet" in _deity("cernunnos").text
