"""Our designed Divine Callings (TU-16, docs/content/theurgy.md "Balancing the Divine Callings"): each
retuned calling is met on a built position and fails when one piece of it is missing, with the numbers
its card prints."""

from theogony.games.theurgy import board, cards
from theogony.games.theurgy.board import NEIGHBOURS
from theogony.games.theurgy.rules.winning import calling_met, has_won
from theogony.games.theurgy.state import TheurgyState

from .helpers import GAME, blank

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


def test_watchful_guardians_every_temple_in_or_next_to_an_unwounded_acolyte():
    assert cards.CALLING["guardian"].condition == "watch"
    s = blank(2)
    s.seats[A].acolytes = [7, 13]
    _temples(s, A, [7, NEIGHBOURS[7][0], 13, NEIGHBOURS[13][-1]])
    assert calling_met(s, A, "guardian")
    s.seats[A].wounded = [True, False]
    assert not calling_met(s, A, "guardian"), "a wounded acolyte watches nothing"
    s.seats[A].wounded = [False, False]
    far = next(q for q in board.OUTER
               if q not in (7, 13) and 7 not in NEIGHBOURS[q] and 13 not in NEIGHBOURS[q])
    s.temple[far] = A
    assert not calling_met(s, A, "guardian"), "a temple out of reach of both acolytes"


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


def test_tamer_of_legends_needs_two_legendary_monsters():
    c = cards.CALLING["legend"]
    assert c.n == 2 and c.text.startswith("Two legendary monsters")
    s = blank(2)
    s.seats[A].horde = ["dragon", "werewolf", "giant"]
    assert not calling_met(s, A, "legend")
    s.seats[A].horde.append("kraken")
    assert calling_met(s, A, "legend")


def test_lord_of_beasts_needs_four_monsters():
    assert cards.CALLING["beasts"].n == 4
    s = blank(2)
    s.seats[A].horde = ["werewolf", "giant", "imp"]
    assert not calling_met(s, A, "beasts")
    s.seats[A].horde.append("boar")
    assert calling_met(s, A, "beasts")


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


def test_banish_all_doubt_also_needs_the_capital_free_of_sceptics():
    c = cards.CALLING["no_doubt"]
    assert c.n == 1 and "the Capital" in c.text
    s = blank(2)
    _temples(s, A, [7, 9])
    s.sceptics[3] = 2                         # doubt elsewhere does not matter
    assert calling_met(s, A, "no_doubt")
    s.sceptics[0] = 1
    assert not calling_met(s, A, "no_doubt"), "a sceptic in the Capital"
    s.sceptics[0] = 0
    s.sceptics[9] = 1
    assert not calling_met(s, A, "no_doubt"), "a sceptic at one of your temples"


def _sites(s: TheurgyState, c: cards.Calling, need: int) -> list[int]:
    """need settlements (never the Capital, whose temple would win the Official Faith first) laid out
    for the calling's pattern, filled up with a cluster around Forest-1 (site 1)."""
    if c.condition == "outpost":
        return [7, 9, 11, 13, 15, 17][:need]
    wanted = {"type_pair": [q for q in range(1, 19) if s.types[q] == c.kind][:c.n],
              "inner": list(board.INNER[:c.n]), "outer": list(board.OUTER[:c.n]),
              "diverse": list({s.types[q]: q for q in range(18, 0, -1)}.values())[:c.n]}.get(c.condition, [])
    cluster = [1, *NEIGHBOURS[1], *board.INNER, *board.OUTER]
    for q in cluster:
        if len(wanted) < need and q != 0 and q not in wanted:
            wanted.append(q)
    return wanted


def _meeting(c: cards.Calling) -> TheurgyState:
    """A position where seat A has X+1 temples and meets calling c."""
    players = min(c.players)
    s = blank(players)
    s.seats[A].calling = c.id
    _temples(s, A, _sites(s, c, cards.TEMPLES_X[players] + 1), followers=2)
    s.seats[A].acolytes = [1, 1]
    legendary = [m.id for m in cards.MONSTERS if m.legendary]
    plain = [m.id for m in cards.MONSTERS if not m.legendary]
    s.seats[A].horde = {"legend": legendary[:c.n], "horde": plain[:c.n]}.get(c.condition, [])
    if c.condition in ("followers", "capital_crowd"):
        s.mortals[0][A] = c.n
    if c.condition == "spread":
        for q in range(c.n):
            s.mortals[q][A] = max(1, s.mortals[q][A])
    if c.condition == "faith_web":
        s.faith[:c.n] = [A] * c.n
    return s


def test_every_calling_can_be_won_on_a_built_position():
    """Reachability: every calling, with its card's numbers, wins with X+1 temples on some position."""
    for c in cards.CALLINGS:
        s = _meeting(c)
        assert has_won(s, A) == f"Fulfil Your Calling ({c.name})", c.id


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
