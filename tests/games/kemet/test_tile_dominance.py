"""Issue 21: no Mightiness tile is strictly dominated by another one that can be on offer with it,
and no God (Gods of Egypt) by another God.

A tile B is dominated by A when A costs no more (level, KM-1.8) and gives at least what B gives in
every situation: the tile's effect is spread over the attached troop and every other troop (a
companion helps only the troop it is attached to, KM-3.4.3.6, and takes that kind's one place in
it), and the battle bonuses over attack and defence ("strength" covers "attack_strength" and
"defense_strength"). It is strict when A is cheaper or better somewhere. Exempt: a pair whose
dominated tile the rulebook fixes by name and behaviour (docs/content/kemet.md, "From the
rulebook"), with the reason written below.
"""

from __future__ import annotations

from dataclasses import replace

from theogony.games.kemet.content import BATTLE_KEYS, GODS, MOVE_KEYS, TILES, God, Tile

# dominated tile -> dominating tile -> why the pair stays
RULEBOOK_PAIRS = {
    ("deep-desert-snake", "priest-of-mafdet"):
        "both fixed by the rulebook (KM-3.4.5 example: +1 land move each, three moves together)",
}

ROLE_BONUS = {"strength": ("attack_strength", "defense_strength"), "damage": ("attack_damage", ""),
              "shield": ("", "defense_shield")}
Profile = dict[tuple[str, str], int]


def _situations(tile: Tile) -> dict[str, int]:
    """What the tile gives: battle bonuses by role, the other effects as named."""
    eff = tile.effect
    out: dict[str, int] = {}
    for base, (in_attack, in_defence) in ROLE_BONUS.items():
        out[f"{base}@attack"] = eff.get(base, 0) + eff.get(in_attack, 0)
        out[f"{base}@defence"] = eff.get(base, 0) + eff.get(in_defence, 0)
    role_keys = set(ROLE_BONUS) | {k for pair in ROLE_BONUS.values() for k in pair}
    for key, amount in eff.items():
        if key in role_keys:
            continue
        if key == "special_card":
            out[f"special_card:{amount}"] = 1  # each number is a different card
        else:
            out[key] = amount
    if tile.gold:
        out[f"gold:{tile.gold}"] = 1
    return {k: v for k, v in out.items() if v}


def _for_troops(key: str) -> bool:
    """Effects a companion gives its own troop only (battle, movement, its night DI card)."""
    return key.split("@")[0] in BATTLE_KEYS | MOVE_KEYS | {"night_di"}


def profile(tile: Tile) -> Profile:
    """What the tile gives the troop it is attached to, every other troop and its owner."""
    out: Profile = {}
    for key, n in _situations(tile).items():
        if not _for_troops(key):
            out[("player", key)] = n
            continue
        for ctx in ("attached",) if tile.companion else ("attached", "other"):
            out[(ctx, key)] = n
    return out


def dominates(a: Tile, b: Tile) -> bool:
    """A is at least as good as B for no more PP, and strictly better or cheaper."""
    if a.level > b.level or (a.companion and a.kind != b.kind):
        return False
    pa, pb = profile(a), profile(b)
    if any(pa.get(k, 0) < n for k, n in pb.items()):
        return False
    return a.level < b.level or pa != pb or (b.companion and not a.companion)


def _can_meet(a: Tile, b: Tile) -> bool:
    """Both can be on offer in one game: an Update tile replaces its colour's Dominion, and only one
    of a colour's Dominion and Update tiles is drawn (KM-2.1.6)."""
    slot_a = a.update or a.name == "Dominion"
    slot_b = b.update or b.name == "Dominion"
    if (a.update or b.update) and slot_a and slot_b and a.colour == b.colour:
        return False
    return not ((a.update and b.name == "Dominion") or (b.update and a.name == "Dominion"))


def dominated_pairs(tiles: tuple[Tile, ...]) -> list[tuple[str, str]]:
    return [(b.id, a.id) for b in tiles for a in tiles
            if a.id != b.id and _can_meet(a, b) and dominates(a, b)]


def _tile(tid: str, **fields: object) -> Tile:
    return replace(next(t for t in TILES if t.id == tid), **fields)


def test_no_tile_is_strictly_dominated_by_one_it_can_meet() -> None:
    found = [pair for pair in dominated_pairs(TILES) if pair not in RULEBOOK_PAIRS]
    assert found == [], "dominated tile, dominating tile: " + repr(found)


def test_the_rulebook_exemptions_are_still_needed() -> None:
    found = set(dominated_pairs(TILES))
    assert set(RULEBOOK_PAIRS) <= found


def test_the_check_finds_the_pairs_the_review_named() -> None:
    scribe = _tile("scribe-of-thoth")
    assert dominates(scribe, replace(scribe, id="x", level=2))  # dearer, same effect
    holy = _tile("holy-shield")
    servant = replace(holy, id="s", kind="servant", level=4)
    assert dominates(holy, servant)  # a tile helps every troop, a servant one
    assert not dominates(servant, holy)
    griffin = _tile("sphinx-griffin")
    assert not dominates(_tile("blades-of-neith"), griffin)  # +1 everywhere vs +2 for one troop
    guards = replace(holy, id="g", effect={"defense_shield": 1}, level=2)
    assert dominates(holy, guards)  # "in every battle" covers "when you defend"
    assert not dominates(replace(holy, id="h", effect={"defense_shield": 2}), holy)


def test_creatures_and_servants_take_different_places() -> None:
    elephant = _tile("ancient-elephant")
    servant = replace(elephant, id="s", kind="servant", effect={"strength": 1}, level=4)
    assert not dominates(elephant, servant)
    assert dominates(replace(elephant, id="c", level=1), replace(elephant, id="d", effect={"strength": 1}))


def test_an_update_tile_never_meets_its_own_colours_dominion_slot() -> None:
    wardens = _tile("update-wardens")
    assert not _can_meet(wardens, _tile("dominion-sapphire"))
    assert not _can_meet(wardens, _tile("update-bastion"))
    assert _can_meet(wardens, _tile("update-mind-ward"))
    assert _can_meet(wardens, _tile("holy-shield"))


def god_profile(god: God) -> Profile:
    """What a God gives (Gods of Egypt, KM-G2): its figure's strength and LP, and its advantages
    in the tile vocabulary (a handler counts as an advantage of its own)."""
    advantages = _tile("holy-shield")
    out = profile(replace(advantages, id=god.id, effect=dict(god.effect)))
    out[("figure", "strength")] = god.strength
    out[("figure", "lp")] = god.lp
    if god.handler:
        out[("player", god.handler)] = 1
    return out


def god_dominates(a: God, b: God) -> bool:
    pa, pb = god_profile(a), god_profile(b)
    return all(pa.get(k, 0) >= n for k, n in pb.items()) and pa != pb


def test_no_god_is_dominated_by_another() -> None:
    """Every player may take any God, so one that is worse in every respect would never be worth
    taking (issue 21): each God must have something the others lack."""
    found = [(b.id, a.id) for b in GODS for a in GODS if a.id != b.id and god_dominates(a, b)]
    assert found == [], "dominated God, dominating God: " + repr(found)


def test_the_god_check_sees_a_weaker_copy() -> None:
    ra = next(g for g in GODS if g.id == "ra")
    assert god_dominates(ra, replace(ra, id="weak", strength=3))
    assert not god_dominates(ra, replace(ra, id="other", effect={"shield": 1}))
