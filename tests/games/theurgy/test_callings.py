"""Our designed Divine Callings (TU-16, docs/content/theurgy.md "Balancing the Divine Callings"): each
retuned calling is met on a built position and fails when one piece of it is missing, with the numbers
its card prints."""

import dataclasses

import pytest

from theogony.games.theurgy import board, cards
from theogony.games.theurgy.board import NEIGHBOURS
from theogony.games.theurgy.rules.winning import calling_met, has_won
from theogony.games.theurgy.state import TheurgyState

from .helpers import GAME, GREY, blank

A, B = 0, 1


def _temples(s: TheurgyState, seat: int, where: list[int], followers: int = 0) -> None:
    for q in where:
        s.temple[q] = seat
        s.mortals[q][seat] = followers


def test_unbroken_faith_needs_no_ruin_and_two_followers_at_every_temple():
    assert cards.CALLING["unbroken"].n == 2
    assert "two or more of your followers" in cards.CALLING["unbroken"].text
    s = blank(2)
    _temples(s, A, [7, 9, 11], followers=2)
    assert calling_met(s, A, "unbroken")
    s.mortals[9][A] = 1
    assert not calling_met(s, A, "unbroken"), "a temple with one follower of yours breaks it"
    s.mortals[9][A] = 2
    s.ruins[13] = [A]
    assert not calling_met(s, A, "unbroken"), "a ruin of yours breaks it"


def test_unbroken_faith_wins_with_x_plus_one_temples_each_with_two_followers():
    s = blank(2)
    x = cards.TEMPLES_X[2]
    s.seats[A].calling = "unbroken"
    _temples(s, A, list(range(7, 7 + x + 1)), followers=2)
    assert has_won(s, A) == "Fulfil Your Calling (Unbroken Faith)"
    s.mortals[7][A] = 1
    assert has_won(s, A) == ""


def _guarded_position(players: int = 2) -> TheurgyState:
    s = blank(players)
    s.seats[A].acolytes = [7, 13]
    s.seats[B].acolytes = [10, 16]   # neither in a temple of A
    _temples(s, A, [7, NEIGHBOURS[7][0], 13, NEIGHBOURS[13][-1]])
    return s


def test_watchful_guardians_every_temple_in_or_next_to_an_unwounded_acolyte():
    assert cards.CALLING["guardian"].condition == "watch_clear"
    s = _guarded_position()
    assert calling_met(s, A, "guardian")
    s.seats[A].wounded = [True, False]
    assert not calling_met(s, A, "guardian"), "a wounded acolyte watches nothing"
    s.seats[A].wounded = [False, False]
    far = next(q for q in board.OUTER
               if q not in (7, 13) and 7 not in NEIGHBOURS[q] and 13 not in NEIGHBOURS[q])
    s.temple[far] = A
    assert not calling_met(s, A, "guardian"), "a temple out of reach of both acolytes"


def test_watchful_guardians_keep_every_rival_acolyte_out_of_the_temples():
    """Issue 21, fifth pass: a rival's acolyte in one of the temples breaks the calling, wounded or
    not; one next to a temple does not."""
    assert "no rival's acolyte" in cards.CALLING["guardian"].text
    s = _guarded_position()
    temple = NEIGHBOURS[13][-1]
    s.seats[B].acolytes = [10, temple]
    assert not calling_met(s, A, "guardian"), "a rival acolyte inside a temple"
    s.seats[B].wounded = [False, True]
    assert not calling_met(s, A, "guardian"), "a wounded rival acolyte still stands there"
    beside = next(q for q in NEIGHBOURS[temple] if s.temple[q] != A)
    s.seats[B].acolytes = [10, beside]
    assert calling_met(s, A, "guardian"), "next to a temple is not in it"


@pytest.mark.parametrize("players", [2, 3])
def test_watchful_guardians_also_keep_opposing_followers_out_of_the_temples(players):
    """Issue 21, ninth pass (three players) and twelfth (two): a rival's follower in one of the
    temples breaks the calling too; non-believers do not, nor a follower next to a temple."""
    card = cards.CALLING["guardian"]
    assert card.need(players) == 1 and "no rival's acolyte or follower in it" in card.text
    temple = NEIGHBOURS[13][-1]
    s = _guarded_position(players)
    s.mortals[temple][GREY] = 3
    s.mortals[NEIGHBOURS[temple][0]][B] = 2       # next to a temple is not in it
    assert calling_met(s, A, "guardian")
    s.mortals[temple][B] = 1
    assert not calling_met(s, A, "guardian"), "a rival's follower in a temple"


def test_the_earlier_watchful_guardians_ignores_rival_acolytes(monkeypatch: pytest.MonkeyPatch):
    """The `watch` condition (the card before the fifth pass, which the A/B override
    ab_overrides/before_watch_clear plays) does not look at rival acolytes."""
    earlier = dataclasses.replace(cards.CALLING["guardian"], condition="watch")
    monkeypatch.setitem(cards.CALLING, "guardian", earlier)
    s = _guarded_position()
    s.seats[B].acolytes = [10, 7]
    assert calling_met(s, A, "guardian")


def test_watchful_guardians_needs_a_temple():
    s = blank(2)
    s.seats[A].acolytes = [7, 13]
    assert not calling_met(s, A, "guardian")


def test_many_peoples_one_faith_needs_five_types():
    c = cards.CALLING["diverse"]
    assert c.n == 5 and "five different settlement types" in c.text
    s = blank(2)
    kinds: dict[str, int] = {}
    for q, kind in enumerate(s.types):
        kinds.setdefault(kind, q)
    chosen = list(kinds.values())
    _temples(s, A, chosen[:4])
    assert not calling_met(s, A, "diverse")
    s.temple[chosen[4]] = A
    assert calling_met(s, A, "diverse")


def test_tamer_of_legends_needs_three_legendary_monsters_or_two_with_four_or_more_players():
    c = cards.CALLING["legend"]
    assert (c.n, c.n_four_plus) == (3, 2) and c.text.startswith("Three legendary monsters")
    for players, needed in ((2, 3), (3, 3), (4, 2), (6, 2)):
        s = blank(players)
        s.seats[A].horde = ["werewolf", "giant"] + ["dragon", "kraken", "hydra"][:needed - 1]
        assert not calling_met(s, A, "legend"), players
        s.seats[A].horde.append("sphinx")
        assert calling_met(s, A, "legend"), players


def test_lord_of_beasts_needs_five_monsters_or_four_with_four_or_more_players():
    c = cards.CALLING["beasts"]
    assert (c.n, c.n_four_plus) == (5, 4)
    for players, needed in ((2, 5), (3, 5), (4, 4), (5, 4)):
        s = blank(players)
        s.seats[A].horde = ["werewolf", "giant", "imp", "boar", "kobold"][:needed - 1]
        assert not calling_met(s, A, "beasts"), players
        s.seats[A].horde.append("troll")
        assert calling_met(s, A, "beasts"), players


def test_frontier_faith_needs_five_outer_temples():
    assert cards.CALLING["frontier"].n == 5
    s = blank(2)
    _temples(s, A, [7, 9, 11, 13, 1])
    assert not calling_met(s, A, "frontier")
    s.temple[15] = A
    assert calling_met(s, A, "frontier")


def test_outnumber_the_heathen_is_dealt_only_with_three_players():
    assert cards.CALLING["outnumber"].players == (3,)
    s = blank(3)
    s.mortals[7][A], s.mortals[8][B], s.mortals[9][2] = 7, 3, 3
    assert calling_met(s, A, "outnumber")
    s.mortals[9][2] = 4
    assert not calling_met(s, A, "outnumber")


def test_the_holy_triangle_needs_two_different_triangles_of_temples():
    c = cards.CALLING["triangle"]
    assert c.n == 2 and "two holy triangles" in c.text
    s = blank(2)
    a, b = 1, 2                               # neighbouring inner settlements, both next to the Capital
    assert b in NEIGHBOURS[a] and a in NEIGHBOURS[0] and b in NEIGHBOURS[0]
    _temples(s, A, [0, a, b])
    assert not calling_met(s, A, "triangle"), "one triangle is not enough"
    fourth = next(q for q in NEIGHBOURS[a] if q in NEIGHBOURS[b] and q != 0)
    s.temple[fourth] = A
    assert calling_met(s, A, "triangle"), "two triangles sharing an edge"


@pytest.mark.parametrize("players", [4, 6])
def test_banish_all_doubt_also_needs_the_capital_free_of_sceptics(players):
    c = cards.CALLING["no_doubt"]
    assert c.need(players) == 1 and "the Capital" in c.text
    s = blank(players)
    _temples(s, A, [7, 9])
    s.sceptics[3] = 2                         # with four or more players doubt elsewhere does not matter
    s.sceptics[11] = 3
    assert calling_met(s, A, "no_doubt")
    s.sceptics[0] = 1
    assert not calling_met(s, A, "no_doubt"), "a sceptic in the Capital"
    s.sceptics[0] = 0
    s.sceptics[9] = 1
    assert not calling_met(s, A, "no_doubt"), "a sceptic at one of your temples"


@pytest.mark.parametrize("players", [2, 3])
def test_banish_all_doubt_allows_the_inner_ring_one_sceptic_with_two_or_three_players(players):
    """Issue 21, seventh pass (two players) and twelfth (three): the card also asks the inner ring
    (the Capital's six neighbours) to hold at most one sceptic token."""
    c = cards.CALLING["no_doubt"]
    assert c.need(players) == 2 and "with two or three players, at most one lies in the inner ring" in c.text
    s = blank(players)
    _temples(s, A, [7, 9])
    s.sceptics[11] = 3                        # the outer ring beyond your temples does not matter
    s.sceptics[3] = 1
    assert calling_met(s, A, "no_doubt"), "one sceptic in the inner ring is allowed"
    s.sceptics[5] = 1
    assert not calling_met(s, A, "no_doubt"), "two sceptics in the inner ring"


@pytest.mark.parametrize("players", [3, 4, 6])
def test_root_out_the_unfaithful_with_three_or_more_players_looks_at_the_temples_only(players):
    c = cards.CALLING["root_out"]
    assert c.need(players) == 0
    s = blank(players)
    _temples(s, A, [7, 9], followers=1)
    s.mortals[0][B] = 3                       # the Capital and the inner ring do not matter here
    s.mortals[3][B] = 5
    assert calling_met(s, A, "root_out")
    s.mortals[9][B] = 1
    assert not calling_met(s, A, "root_out"), "an opposing follower at one of your temples"


def test_root_out_the_unfaithful_with_two_players_also_clears_the_capital_and_thins_the_inner_ring():
    """Issue 21, eighth pass: with two players no opposing follower may stand in the Capital and at
    most four in the inner ring (the Capital's six neighbours); non-believers still do not count."""
    c = cards.CALLING["root_out"]
    assert c.need(2) == 4 and "with two players, none in the Capital, at most four in the inner ring" in c.text
    s = blank(2)
    _temples(s, A, [7, 9], followers=1)
    s.mortals[11][B] = 6                      # the outer ring beyond your temples does not matter
    s.mortals[2][B] = 3
    s.mortals[5][B] = 1
    s.mortals[0][GREY] = 4
    s.mortals[4][GREY] = 4
    assert calling_met(s, A, "root_out"), "four opposing followers in the inner ring are allowed"
    s.mortals[6][B] = 1
    assert not calling_met(s, A, "root_out"), "five in the inner ring"
    s.mortals[6][B] = 0
    s.mortals[0][B] = 1
    assert not calling_met(s, A, "root_out"), "an opposing follower in the Capital"


def _sites(s: TheurgyState, c: cards.Calling, need: int) -> list[int]:
    """need settlements (never the Capital, whose temple would win the Official Faith first) laid out
    for the calling's pattern, filled up with a cluster around Forest-1 (site 1)."""
    n = c.need(s.players)
    if c.condition == "outpost":
        return [7, 9, 11, 13, 15, 17][:need]
    if c.condition == "triangle":                 # a rhombus (two triangles) first: four temples do
        a, b = 1, 2
        third = next(q for q in NEIGHBOURS[a] if q in NEIGHBOURS[b] and q != 0)
        fourth = next(q for q in NEIGHBOURS[b] if q in NEIGHBOURS[third] and q not in (0, a))
        wanted = [a, b, third, fourth]
    else:
        wanted = []
    wanted += {"type_pair": [q for q in range(1, 19) if s.types[q] == c.kind][:n],
               "inner": list(board.INNER[:n]), "outer": list(board.OUTER[:n]), "borders": [18, 7, 8][:n],
               "diverse": list({s.types[q]: q for q in range(18, 0, -1)}.values())[:n]}.get(c.condition, [])
    cluster = [1, *NEIGHBOURS[1], *board.INNER, *board.OUTER]
    for q in cluster:
        if len(wanted) < need and q != 0 and q not in wanted:
            wanted.append(q)
    return wanted


def _meeting(c: cards.Calling, players: int) -> TheurgyState:
    """A position where seat A has X+1 temples and meets calling c."""
    n = c.need(players)
    s = blank(players)
    s.seats[A].calling = c.id
    _temples(s, A, _sites(s, c, cards.TEMPLES_X[players] + 1), followers=max(2, c.tended(players)))
    s.seats[A].acolytes = [1, 1]
    legendary = [m.id for m in cards.MONSTERS if m.legendary]
    plain = [m.id for m in cards.MONSTERS if not m.legendary]
    s.seats[A].horde = {"legend": legendary[:n], "horde": plain[:n]}.get(c.condition, [])
    if c.condition in ("followers", "capital_crowd"):
        s.mortals[0][A] = n
    if c.condition == "spread":
        for q in range(n):
            s.mortals[q][A] = max(1, s.mortals[q][A])
    if c.condition == "faith_web":
        s.faith[:n] = [A] * n
    return s


def test_every_calling_can_be_won_on_a_built_position():
    """Reachability: every calling, with its card's numbers, wins with X+1 temples on some position."""
    for c in cards.CALLINGS:
        for players in c.players:
            s = _meeting(c, players)
            assert has_won(s, A) == f"Fulfil Your Calling ({c.name})", (c.id, players)


def test_match_stats_label_each_seats_calling_and_count_the_calling_that_won():
    """The report's measures (issue 21): win rate per kept calling, wins per calling, and which kept
    callings hold at the end whatever the temples."""
    s = blank(2)
    x = cards.TEMPLES_X[2]
    s.seats[A].calling, s.seats[B].calling = "unbroken", "beasts"
    _temples(s, A, list(range(7, 7 + x + 1)), followers=2)
    s.winner = A
    stats = GAME.match_stats(s)
    assert stats["labels"]["calling"] == ["Unbroken Faith", "Lord of Beasts"]
    assert stats["counts"]["won by: Fulfil Your Calling"] == 1
    assert stats["counts"]["won by calling: Unbroken Faith"] == 1
    assert stats["counts"]["calling met at the end: Unbroken Faith"] == 1
    assert "calling met at the end: Lord of Beasts" not in stats["counts"]


# ---- the second pass, four to six players (docs/content/theurgy.md, "The callings with four to six
# players")

def test_web_of_faith_needs_nine_tokens_ten_with_three_players_seven_with_four_or_more():
    """Issue 21, twelfth pass: ten with three players."""
    c = cards.CALLING["web"]
    assert (c.n, c.n_two, c.n_four_plus) == (10, 9, 7)
    assert "Ten of your faith tokens" in c.text and "nine with two players, seven with four or more" in c.text
    for players, need in ((2, 9), (3, 10), (4, 7), (6, 7)):
        s = blank(players)
        s.faith[:need - 1] = [A] * (need - 1)
        assert not calling_met(s, A, "web"), players
        s.faith[need - 1] = A
        assert calling_met(s, A, "web"), players


def test_wanderers_of_the_word_needs_six_settlements_with_four_players():
    c = cards.CALLING["wanderers"]
    assert c.players == (2, 3, 4) and c.need(3) == 9 and c.need(4) == 6
    s = blank(4)
    for q in range(5):
        s.mortals[q][A] = 1
    assert not calling_met(s, A, "wanderers")
    s.mortals[5][A] = 1
    assert calling_met(s, A, "wanderers")
    three = blank(3)
    for q in range(6):
        three.mortals[q][A] = 1
    assert not calling_met(three, A, "wanderers"), "nine settlements with three players"


def test_welcome_every_stranger_needs_four_types_from_four_players():
    c = cards.CALLING["diverse_few"]
    assert c.players == (4, 5, 6) and c.n == 4 and "four different settlement types" in c.text
    s = blank(4)
    by_type: dict[str, int] = {}
    for q in range(1, 19):
        by_type.setdefault(s.types[q], q)
    sites = list(by_type.values())
    same_type = next(q for q in range(1, 19) if s.types[q] == s.types[sites[0]] and q != sites[0])
    _temples(s, A, sites[:3] + [same_type])
    assert not calling_met(s, A, "diverse_few"), "three types"
    s.temple[sites[3]] = A
    assert calling_met(s, A, "diverse_few")


def test_crowd_the_capital_needs_three_followers_there():
    c = cards.CALLING["crowd"]
    assert c.n == 3 and c.text.startswith("Three of your followers")
    s = blank(4)
    s.mortals[0][A] = 2
    assert not calling_met(s, A, "crowd")
    s.mortals[0][A] = 3
    assert calling_met(s, A, "crowd")


FEW_PLAYERS_ONLY = ("outpost", "guardian", "triangle", "diverse", "inner")


def test_five_cards_are_dealt_only_with_two_or_three_players():
    """Build an Outpost (the rulebook's card, its Clarification kept), Watchful Guardians, The Holy
    Triangle, Many Peoples, One Faith and Close to the Throne: with four or more players (X+1 = 4
    temples around two acolytes that start together) they held by themselves at most X+1 moments
    or almost never."""
    for cid in FEW_PLAYERS_ONLY:
        assert cards.CALLING[cid].players == (2, 3), cid
    for players in (4, 5, 6):
        s = GAME.new_state(players, 5)
        dealt = {c for seat in s.seats for c in seat.offer}
        assert dealt and not dealt & set(FEW_PLAYERS_ONLY)


def test_faith_at_the_edges_is_dealt_from_five_players():
    """Three outer-ring temples of four held at 52% of the first X+1 moments with four players
    (36% with five, 29% with six); four of four at 1-2%."""
    c = cards.CALLING["frontier_few"]
    assert c.players == (5, 6) and c.n == 3


def test_a_count_for_four_players_on_a_card_for_fewer_is_refused():
    from theogony.core.content import ContentError, build

    entry = {"id": "x", "name": "X", "players": [2, 3], "condition": "faith_web", "n": 9,
             "n_four_plus": 7, "text": "Nine faith tokens."}
    with pytest.raises(ContentError, match="n_four_plus"):
        build(cards.Calling, entry, "callings.toml [[calling]] #1")


# ---- the third pass: the two cards the heuristic never kept (docs/content/theurgy.md, "Issue 21,
# third pass")

def test_extend_your_borders_needs_connected_temples_three_of_them_in_the_outer_ring():
    """The rulebook's condition (every temple reachable through settlements holding your temples)
    with our number: with four to six players connected temples alone held at 83-92% of the first
    X+1 moments, with two or three 2%."""
    c = cards.CALLING["borders"]
    assert c.players == (4, 5, 6) and c.condition == "borders" and c.n == 3
    assert c.text.endswith("through settlements holding them; three in the outer ring.")
    s = blank(4)
    _temples(s, A, [1, 7, 8])             # Forest-1 (inner) with two outer neighbours
    assert not calling_met(s, A, "borders"), "two outer-ring temples"
    s.temple[18] = A                      # a third outer temple, next to Forest-1 and 7
    assert calling_met(s, A, "borders")
    s.temple[12] = A                      # an outer temple with no temple of A around it
    assert not calling_met(s, A, "borders"), "four outer temples, one cut off"


def test_voice_of_the_deep_places_is_no_longer_dealt_with_four_or_five_players():
    """Two Mines of four temples held at 4-5% of the first X+1 moments with four and five players
    (one Mine: 49%, and 58% with six, too easy); with two, three and six players it sits among the
    other type pairs."""
    c = cards.CALLING["deep"]
    assert c.players == (2, 3, 6) and (c.n, c.n_four_plus, c.kind) == (2, 0, "mine")
    for players in (4, 5):
        for seed in range(5):
            s = GAME.new_state(players, seed)
            assert all("deep" not in seat.offer for seat in s.seats), (players, seed)
    s = blank(6)
    mines = [q for q in range(1, 19) if s.types[q] == "mine"]
    _temples(s, A, mines[:1])
    assert not calling_met(s, A, "deep")
    s.temple[mines[1]] = A
    assert calling_met(s, A, "deep")


def test_the_ab_overrides_of_the_docs_load_as_valid_callings():
    """The overrides that reproduce the docs' A/B runs (`--content tests/games/theurgy/ab_overrides/...`)
    still fit the content: they load, and each card they give passes its checks."""
    from pathlib import Path

    from theogony.core.content import load_entries, set_override_dir

    folders = sorted(p for p in (Path(__file__).parent / "ab_overrides").iterdir() if p.is_dir())
    assert any(p.name == "before_inner_doubt" for p in folders)
    try:
        for folder in folders:
            set_override_dir(folder)
            callings = {c.id: c for c in load_entries(Path(cards.__file__).with_name("content") / "callings.toml",
                                                     "calling", cards.Calling, "theurgy")}
            for c in callings.values():
                c.check()
            if folder.name == "before_inner_doubt":
                assert callings["no_doubt"].need(2) == 1 and "inner ring" not in callings["no_doubt"].text
            if folder.name == "before_twelfth_pass":
                old = callings["guardian"], callings["web"], callings["no_doubt"]
                assert [c.need(n) for c in old for n in (2, 3, 4)] == [0, 1, 1, 9, 9, 7, 2, 1, 1]
                assert "(with three players, nor follower)" in old[0].text and "Ten" not in old[1].text
            if folder.name == "before_thirteenth_pass":
                pairs = [callings[cid] for cid in ("groves", "bazaar", "harvest", "mists", "tides", "deep")]
                assert all(c.kinds(6) == (c.kind,) and "four" not in c.text for c in pairs)
            if folder.name == "before_guardian_followers":
                assert callings["guardian"].need(3) == 0 and "follower" not in callings["guardian"].text
            if folder.name == "before_fifteenth_pass":
                assert callings["inner_few"].tended(5) == 0 and "follower" not in callings["inner_few"].text
            if folder.name == "before_root_out_two":
                assert callings["root_out"].need(2) == 0 and "inner ring" not in callings["root_out"].text
    finally:
        set_override_dir(None)


def test_a_count_for_two_players_is_checked():
    c = cards.CALLING["web"]
    assert (c.need(2), c.need(3), c.need(6)) == (9, 10, 7)
    with pytest.raises(ValueError, match="n_two, when given, must be a count .* for a card dealt with two players"):
        dataclasses.replace(c, players=(4, 5, 6)).check()
    with pytest.raises(ValueError, match="n_two, when given, must be a count"):
        dataclasses.replace(c, n_two=-1).check()
    plain = cards.CALLING["groves"]
    assert plain.n_two is None and plain.need(2) == plain.need(3) == 2
    none_for_two = dataclasses.replace(c, n_two=0)
    assert (none_for_two.need(2), none_for_two.need(3)) == (0, 10), "0 for two players is a count, not 'as n'"


@pytest.mark.parametrize("cid", ["groves", "bazaar", "harvest", "mists", "tides", "deep"])
def test_a_type_pair_counts_its_second_type_with_four_or_more_players(cid):
    """Issue 21, thirteenth pass: with four to six players each type pair also counts the next type of
    the cycle Forest, Farmland, Marsh, Harbour, Market, Mine; with two or three, only its own."""
    c = cards.CALLING[cid]
    assert c.kind_four_plus and c.kind_four_plus != c.kind
    assert c.kinds(3) == (c.kind,) and c.kinds(4) == c.kinds(6) == (c.kind, c.kind_four_plus)
    assert "with four or more players" in c.text
    for players in sorted({4, 5, 6} & set(c.players) | {2, 3}):
        s = blank(players)
        own = [q for q in range(1, 19) if s.types[q] == c.kind]
        second = [q for q in range(1, 19) if s.types[q] == c.kind_four_plus]
        _temples(s, A, own[:1] + second[:1])
        assert calling_met(s, A, cid) == (players >= 4), (players, "one of each type")
        s.temple[own[0]] = -1
        s.temple[second[1]] = A
        assert calling_met(s, A, cid) == (players >= 4), (players, "two of the second type")
        s.temple[second[0]] = s.temple[second[1]] = -1
        assert not calling_met(s, A, cid), (players, "nothing left")


def test_a_second_type_is_checked():
    c = cards.CALLING["mists"]
    for bad in (dataclasses.replace(c, kind_four_plus="marsh"), dataclasses.replace(c, kind_four_plus="swamp"),
                dataclasses.replace(c, players=(2, 3)),
                dataclasses.replace(cards.CALLING["inner_few"], kind_four_plus="marsh")):
        with pytest.raises(ValueError, match="kind_four_plus, when given, must be a second type"):
            bad.check()
    assert dataclasses.replace(c, kind_four_plus="").kinds(6) == ("marsh",)


@pytest.mark.parametrize("players", [5, 6])
def test_ring_the_capital_with_five_players_counts_inner_temples_holding_three_followers(players):
    """Issue 21, fifteenth pass: with five players an inner-ring temple counts for Ring the Capital only
    where three of your followers stand in its settlement; with six any two inner-ring temples do."""
    c = cards.CALLING["inner_few"]
    assert c.need(players) == 2 and c.tended(players) == (3 if players == 5 else 0)
    assert "with five players, each holding three of your followers" in c.text
    s = blank(players)
    a, b = board.INNER[0], board.INNER[3]
    _temples(s, A, [a, b, 7, 9], followers=3)
    assert calling_met(s, A, "inner_few"), "two inner temples, each with three followers of yours"
    s.mortals[b][A] = 2
    s.mortals[b][B] = 3                           # a rival's followers do not tend your temple
    assert calling_met(s, A, "inner_few") == (players == 6), "one of the two holds two followers of yours"
    s.temple[board.INNER[1]] = A                  # a third inner temple, with three followers of yours
    s.mortals[board.INNER[1]][A] = 3
    assert calling_met(s, A, "inner_few")
    s.mortals[a][A] = 2
    s.mortals[a][GREY] = 2                        # nor do non-believers
    assert calling_met(s, A, "inner_few") == (players == 6)


def test_a_tended_count_is_checked():
    c = cards.CALLING["inner_few"]
    for bad in (dataclasses.replace(c, tend_players=(4,)), dataclasses.replace(c, tend=0),
                dataclasses.replace(c, tend_players=()),
                dataclasses.replace(cards.CALLING["mists"], tend=1, tend_players=(5,))):
        with pytest.raises(ValueError, match="tend and tend_players, when given, must be"):
            bad.check()
    assert dataclasses.replace(c, tend=0, tend_players=()).tended(5) == 0
