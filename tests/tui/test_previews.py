"""Previews on the table (issue 18, item 3): the sums the rulebook has a player make, computed from
the seat's view only, agree with what the rules then count."""

from __future__ import annotations

import random
import re

import theogony
from theogony.games.kemet.content import BATTLE_CARDS
from theogony.games.kemet.render import _side_bonus, render_text
from theogony.games.kemet.rules import battle


def kemet_battle_choices(seed: int, wanted: int, limit: int = 4000):
    """States where a side of a battle chooses its battle card (random play, 3 seats)."""
    game = theogony.load("kemet")
    state = game.new_state(3, seed, {})
    rng = random.Random(seed)
    found = []
    for _ in range(limit):
        if state.is_terminal() or len(found) >= wanted:
            break
        view = state.view(state.current_player)
        if view.get("battle", {}).get("stage") in ("a_play", "d_play"):
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return found


def test_kemet_strength_before_the_card_is_what_the_battle_counts():
    checked = 0
    for seed in (3, 5, 11):
        for state in kemet_battle_choices(seed, 6):
            seat = state.current_player
            view = state.view(seat)
            b = view["battle"]
            bt = state.bt
            bt.a_play = bt.a_play if bt.a_play >= 0 else 0
            bt.d_play = bt.d_play if bt.d_play >= 0 else 0
            for side, attacking, card in ((bt.att, True, bt.a_play), (bt.dfn, False, bt.d_play)):
                rules = battle.stats(state, side, attacking)["strength"] - BATTLE_CARDS[card].strength
                side_name = "attacker" if attacking else "defender"
                hidden = b[f"{side_name}_di"] > len(b.get(f"{side_name}_di_cards", []))
                total, parts = _side_bonus(view, b, side, attacking)
                if hidden:  # committed face down: the preview says it does not count them
                    assert any("face down, not counted" in p for p in parts)
                else:
                    assert total == rules
            checked += 1
    assert checked >= 6


def test_kemet_preview_lists_each_card_of_the_hand_with_its_sum():
    state = kemet_battle_choices(3, 1)[0]
    seat = state.current_player
    text = render_text(state.view(seat))
    assert "strength before the battle cards" in text
    hand = state.view(seat)["seats"][seat]["battle_cards"]
    line = re.split(r"\n {0,3}\S", text.split("your strength with each card")[1])[0]
    assert all(name.split()[0] in line for name in hand)


def test_kemet_preview_counts_a_god_and_team_troops_as_the_battle_does():
    checked = 0
    for players, variant in ((3, {"gods_of_egypt": True}), (4, {"mode": "team", "teams": "2v2"})):
        game = theogony.load("kemet")
        state = game.new_state(players, 1, variant)
        rng = random.Random(1)
        for _ in range(1500):
            if state.is_terminal():
                break
            seat = state.current_player
            view = state.view(seat)
            b = view.get("battle", {})
            if b.get("stage") in ("a_play", "d_play"):
                probe = state.clone()
                bt = probe.bt
                bt.a_play, bt.d_play = max(bt.a_play, 0), max(bt.d_play, 0)
                attacking = seat == bt.att
                card = bt.a_play if attacking else bt.d_play
                expected = battle.stats(probe, seat, attacking)["strength"] - BATTLE_CARDS[card].strength
                assert _side_bonus(view, b, seat, attacking)[0] == expected
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 10
