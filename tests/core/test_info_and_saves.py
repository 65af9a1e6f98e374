import json

import pytest

from theogony.core import GameInfo, IllegalAction, SaveFormatError, SetupError, read_save, write_save
from theogony.core.content import build, load_entries, set_override_dir
from theogony.core.errors import ContentError

INFO = GameInfo("g", "Game", 2, 4, {"events": ((False, True), False), "mode": (("a", "b"), "a"),
                                    "level": ((1, 2, 3), 1)})


def test_variants_resolve_with_defaults_and_command_line_strings():
    assert INFO.resolve_variant(None) == {"events": False, "mode": "a", "level": 1}
    assert INFO.resolve_variant({"events": "true", "level": "3"}) == {
        "events": True, "mode": "a", "level": 3}
    assert INFO.resolve_variant({"events": True, "mode": "B"})["mode"] == "b"


def test_unknown_variants_and_values_list_what_is_allowed():
    with pytest.raises(SetupError, match="no variant 'speed'; variants: events, level, mode"):
        INFO.resolve_variant({"speed": 1})
    with pytest.raises(SetupError, match="'level' takes one of: 1, 2, 3"):
        INFO.resolve_variant({"level": 7})
    with pytest.raises(SetupError, match="'events' takes one of: false, true"):
        INFO.resolve_variant({"events": "maybe"})
    with pytest.raises(SetupError, match="takes 2 to 4 players"):
        INFO.check_players(5)


def test_illegal_action_message_names_decision_and_legal_actions():
    exc = IllegalAction("'x' is not legal", decision="seat 0 - move", rule="TU-5.1",
                        expected=[f"a{i}" for i in range(15)])
    text = str(exc)
    assert "[TU-5.1]" in text and "pending decision: seat 0 - move" in text and "(and 3 more)" in text


def test_save_files_round_trip_and_refuse_other_versions(toy, tmp_path):
    state = toy.new_state(3, seed=4, variant={"big": True})
    state.apply(state.legal_actions()[0])
    path = tmp_path / "save.json"
    write_save(path, state, {"seats": ["human", "random", "random"]})
    loaded, doc = read_save(path)
    assert loaded.to_json() == state.to_json() and doc["seats"][0] == "human"

    for field, value, message in (("format_version", 99, "format version 99"),
                                  ("schema_version", 99, "schema 99"),
                                  ("game", "nope", "unknown game"),
                                  ("actions", ["fly"], "replay failed at action 1")):
        bad = dict(doc, **{field: value})
        path.write_text(json.dumps(bad))
        with pytest.raises((SaveFormatError, IllegalAction), match=message):
            read_save(path)
    path.write_text("{")
    with pytest.raises(SaveFormatError, match="not valid JSON"):
        read_save(path)


def test_state_documents_refuse_incompatible_versions(toy):
    doc = toy.new_state(2, 1).to_json()
    assert doc["engine_version"] and doc["format_version"] == 1
    with pytest.raises(SaveFormatError, match="reads version 1 only"):
        toy.from_json({**doc, "format_version": 2})


from dataclasses import dataclass  # noqa: E402


@dataclass(frozen=True)
class Tile:
    id: str
    name: str
    cost: int
    effect: str = "none"

    def check(self) -> None:
        if self.cost < 0:
            raise ValueError("cost must not be negative")


def test_content_loader_validates_and_names_file_entry_field(tmp_path):
    path = tmp_path / "tiles.toml"
    path.write_text('[[tile]]\nid = "a"\nname = "Alpha"\ncost = 2\n\n[[tile]]\nid = "b"\nname = "B"\ncost = "x"\n')
    with pytest.raises(ContentError, match=r"tiles.toml \[\[tile\]\] #2 \(id 'b'\): field 'cost'"):
        load_entries(path, "tile", Tile)
    path.write_text('[[tile]]\nid = "a"\nname = "Alpha"\ncost = -1\n')
    with pytest.raises(ContentError, match="cost must not be negative"):
        load_entries(path, "tile", Tile)
    with pytest.raises(ContentError, match="missing field 'cost'"):
        build(Tile, {"id": "z", "name": "Z"}, "here")
    with pytest.raises(ContentError, match="unknown field"):
        build(Tile, {"id": "z", "name": "Z", "cost": 1, "colour": "red"}, "here")


def test_content_overrides_replace_fields_by_id(tmp_path):
    ours = tmp_path / "ours"
    ours.mkdir()
    (ours / "tiles.toml").write_text('[[tile]]\nid = "a"\nname = "Alpha"\ncost = 2\n')
    owner = tmp_path / "owner" / "g"
    owner.mkdir(parents=True)
    (owner / "tiles.toml").write_text('[[tile]]\nid = "a"\nname = "Their Alpha"\n')
    try:
        set_override_dir(tmp_path / "owner")
        (tile,) = load_entries(ours / "tiles.toml", "tile", Tile, "g")
        assert tile.name == "Their Alpha" and tile.cost == 2
        (owner / "tiles.toml").write_text('[[tile]]\nid = "zz"\nname = "?"\n')
        set_override_dir(tmp_path / "owner")
        with pytest.raises(ContentError, match="unknown id 'zz'"):
            load_entries(ours / "tiles.toml", "tile", Tile, "g")
        # A field the component has may be set even where our entry leaves it at its default;
        # a field the component lacks is still refused.
        (owner / "tiles.toml").write_text('[[tile]]\nid = "a"\neffect = "draw"\n')
        set_override_dir(tmp_path / "owner")
        (tile,) = load_entries(ours / "tiles.toml", "tile", Tile, "g")
        assert tile.effect == "draw" and tile.name == "Alpha"
        (owner / "tiles.toml").write_text('[[tile]]\nid = "a"\ncolour = "red"\n')
        set_override_dir(tmp_path / "owner")
        with pytest.raises(ContentError, match="unknown field 'colour'"):
            load_entries(ours / "tiles.toml", "tile", Tile, "g")
    finally:
        set_override_dir(None)
