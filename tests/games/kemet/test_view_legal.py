"""A seat's view holds every public turn detail that decides its legal actions (KM-7.6 open
information; issue 6): equal views of the deciding seat mean equal legal actions."""

from __future__ import annotations

import json
import random

import pytest

from .helpers import GAME, blank, give, play, put, texts


def test_KM_3_4_5_3_leaving_a_warrior_shows_in_the_view():
    """Two movements reach the same zone with the same warriors; in one the mover left a warrior
    there (so it may not pick one up there, KM-3.4.5.3). The views must differ, as the actions do."""
    a = blank(2)
    give(a, 0, "priest-of-mafdet")
    put(a, "nw-desert", 0, 4)
    play(a, "place token on Movement I", "move troop from nw-desert", "take 4 warriors",
         "leave 1 warrior here")
    b = blank(2)
    give(b, 0, "priest-of-mafdet")
    put(b, "nw-desert", 0, 4)
    play(b, "place token on Movement I", "move troop from nw-desert", "take 3 warriors")
    assert a.count == b.count and a.mv.carried == b.mv.carried
    assert "pick up 1 warrior here" in texts(b)
    assert "pick up 1 warrior here" not in texts(a)
    assert a.view(0) != b.view(0)
    assert a.view(0)["movement"]["dropped_in"] == ["nw-desert"]


def test_KM_7_8_colour_bought_this_round_is_public():
    s = blank(2)
    give(s, 0, "in-attack")
    assert s.view(1)["turn"]["bought"] == [[], []]
    s.ps[0].bought.append(0)
    assert s.view(1)["turn"]["bought"] == [["ruby"], []]


def _collect(players: int, seeds: range, seen: dict[str, list[str]], variant: dict | None = None) -> int:
    """Play random games; every time a deciding seat's view repeats, its actions must repeat."""
    checked = 0
    for seed in seeds:
        s = GAME.new_state(players, seed, variant or {})
        rnd = random.Random(seed)
        while not s.is_terminal() and s.decisions < 400:
            legal = s.legal_actions()
            key = json.dumps(s.view(s.current_player), sort_keys=True)
            acts = sorted(a.text for a in legal)
            if key in seen:
                assert seen[key] == acts, f"equal views, different legal actions at {s.decision}"
                checked += 1
            seen[key] = acts
            s.apply(rnd.choice(legal))
    return checked


@pytest.mark.parametrize("players", [2, 4])
def test_KM_7_8_equal_views_mean_equal_legal_actions(players):
    seen: dict[str, list[str]] = {}
    _collect(players, range(6), seen)
    assert len(seen) > 1000


def test_KM_G_equal_views_mean_equal_legal_actions_with_gods():
    seen: dict[str, list[str]] = {}
    _collect(3, range(4), seen, {"gods_of_egypt": True})
    assert len(seen) > 1000
