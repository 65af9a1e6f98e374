"""The heuristic's idea of how easy a Divine Calling is comes from measured self-play, recorded with
each card's terms (calling_ease.py), not from a hand list: it can not silently outlive a retune."""

from __future__ import annotations

import dataclasses

import pytest

from theogony.core import Rng
from theogony.core.content import ContentError
from theogony.games.theurgy import bots, calling_ease, cards
from theogony.games.theurgy.calling_ease import MIDDLING, ease, terms
from theogony.games.theurgy.calling_ease_table import first_x1_shares, write_table

from .helpers import GAME


def test_every_calling_has_a_share_measured_with_its_current_terms():
    """Fails after a calling is retuned until `python -m theogony.games.theurgy.calling_ease_table` is
    run again."""
    for c in cards.CALLINGS:
        for players in c.players:
            row = calling_ease._SHARES.get((players, c.id))
            assert row is not None, (c.id, players)
            assert row[0] == terms(c, players), (c.id, players, row[0])
            assert 0.0 <= row[1] <= 1.0


def test_the_terms_follow_the_count_at_each_player_count():
    web = cards.CALLING["web"]
    assert [terms(web, n) for n in (2, 3, 4)] == ["faith_web/9/", "faith_web/10/", "faith_web/7/"]
    assert terms(cards.CALLING["groves"], 2) == "type_pair/2/forest"
    assert [terms(cards.CALLING["mists"], n) for n in (3, 4)] == ["type_pair/2/marsh", "type_pair/2/marsh+harbour"]


def test_a_card_whose_terms_changed_counts_as_middling(monkeypatch):
    measured = ease("web", 4)
    changed = dataclasses.replace(cards.CALLING["web"], n_four_plus=5)
    monkeypatch.setitem(cards.CALLING, "web", changed)
    assert ease("web", 4) == MIDDLING != measured
    assert ease("web", 9) == MIDDLING, "a player count never measured"


def _keep_decision(players: int, seed: int = 0):
    s = GAME.new_state(players, seed)
    while s.decision.kind != "calling":
        s.apply(s.legal_actions()[0])
    return s


def _kept(s, p, offer, tries=400):
    s.seats[p].offer = sorted(offer)
    return sum(bots.choose(s, p, Rng(seed)).text == f"keep {cards.card_name(offer[0])}" for seed in range(tries))


def test_the_heuristic_keeps_each_calling_in_proportion_to_how_often_it_held():
    s = _keep_decision(4)
    p = s.current_player
    pool = sorted((c.id for c in cards.CALLINGS if 4 in c.players), key=lambda cid: ease(cid, 4))
    easy, hard = pool[-1], pool[0]
    assert ease(easy, 4) > 2 * ease(hard, 4)
    expected = 400 * ease(easy, 4) / (ease(easy, 4) + ease(hard, 4))
    kept_easy = _kept(s, p, [easy, hard])
    assert abs(kept_easy - expected) < 40, (kept_easy, expected)
    assert kept_easy < 400, "the harder card is kept sometimes, so self-play tests it"


def test_a_calling_never_seen_holding_is_still_kept_sometimes(monkeypatch):
    s = _keep_decision(2)
    p = s.current_player
    monkeypatch.setitem(calling_ease._SHARES, (2, "wanderers"), (terms(cards.CALLING["wanderers"], 2), 0.0))
    assert ease("wanderers", 2) == 0.0
    assert 0 < _kept(s, p, ["wanderers", "guardian"]) < 100


def test_first_x1_shares_measure_every_calling_of_the_count():
    # three games: one game may end (Establish the Official Faith) before any seat reaches X+1
    shares, seats = first_x1_shares(2, games=3, seed=1)
    assert seats >= 1
    assert set(shares) == {c.id for c in cards.CALLINGS if 2 in c.players}
    assert all(0.0 <= v <= 1.0 for v in shares.values())


def test_writing_one_count_keeps_the_rows_of_the_others(tmp_path, monkeypatch):
    path = tmp_path / "ease.toml"
    two = {cid: 0.5 for cid in (c.id for c in cards.CALLINGS if 2 in c.players)}
    three = {cid: 0.25 for cid in (c.id for c in cards.CALLINGS if 3 in c.players)}
    write_table(path, {2: (two, 10)}, games=5, seed=0)
    write_table(path, {3: (three, 12)}, games=5, seed=0)
    rows = calling_ease._read(path)
    assert rows[(2, "web")] == ("faith_web/9/", 0.5)
    assert rows[(3, "web")] == ("faith_web/10/", 0.25)


def test_a_broken_table_is_refused_with_what_was_expected(tmp_path):
    path = tmp_path / "ease.toml"
    path.write_text('[[ease]]\nplayers = 2\ncalling = "web"\n', encoding="utf-8")
    with pytest.raises(ContentError, match="expected \\[\\[ease\\]\\] rows"):
        calling_ease._read(path)
