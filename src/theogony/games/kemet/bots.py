"""Kemet agents: a hand-written heuristic player and a static evaluation for search cut-offs.

The heuristic reads the decision kind and scores the legal actions with simple plans: buy the
strongest affordable tile, climb pyramids towards level 4, march big troops onto temples and
weaker enemies, fight with the strongest card and every useful DI card, keep warriors topped up.
"""

from __future__ import annotations

from typing import Any

from theogony.core import Action, Agent, Rng

from . import codes as C
from . import solo_bots
from .rules import team as T
from .content import BATTLE_CARDS, CITY_QUARTERS, DI_CARDS, QUARTER_CITY, SPACES, TILES, ZONES
from .state import M_DEF_SHIELD, M_DEF_STR, M_SHIELD, M_STR, WIN_GLORY, KemetState

TILE_WEIGHTS = {
    "glory": 9, "strength": 3, "damage": 2.5, "shield": 2, "unblockable": 2.5, "impenetrable": 2,
    "attack_strength": 2.5, "attack_damage": 2, "defense_strength": 1.5, "defense_shield": 1.2,
    "moves": 2.5, "teleport_discount": 1.2, "open_walls": 1.0, "prayer_bonus": 2.5,
    "recruit_free": 2, "build_discount": 2, "acquire_discount": 1.5, "troop_limit": 2,
    "night_pp": 2.5, "night_di": 1.5, "silver": 4, "special_card": 3, "pp": 1, "di": 1,
    "win_pp": 1.2, "punish": 1, "battle_veteran": 1.2, "mercenaries": 3,
}


def tile_value(t: int) -> float:
    return TILE_VALUES[t]


def _tile_value(t: int) -> float:
    tile = TILES[t]
    v = sum(TILE_WEIGHTS.get(k, 1) * n for k, n in tile.effect.items())
    if tile.gold:
        v += 4
    if tile.companion:
        v *= 0.9
    return v + tile.level * 0.3


TILE_VALUES: tuple[float, ...] = tuple(_tile_value(t) for t in range(len(TILES)))


def card_power(c: int) -> float:
    b = BATTLE_CARDS[c]
    return b.strength * 1.0 + abs(b.damage) * 0.8 * (1 if b.damage > 0 else -1) + b.shield * 0.6 \
        + b.unblockable * 1.0 + b.impenetrable * 0.6


def zone_value(s: KemetState, p: int, z: int) -> float:
    zd = ZONES[z]
    v = 0.0
    if zd.kind == "temple":
        v += 4 + zd.temple_pp
    elif zd.kind == "delta_temple":
        v += 5
    elif zd.kind == "sanctuary":
        v += 4.5
    elif zd.kind == "quarter":
        c = QUARTER_CITY[z]
        if c != s.ps[p].city:
            v += 1 + 2.5 * (s.pyr_level[z] == 4) + 0.5 * s.pyr_level[z]
    o = s.owner[z]
    if o >= 0 and not board.ally(s, o, p):
        v += 2
    elif o >= 0 and o != p:
        v *= 0.3  # team mode: an ally already holds it
    if s.solo is not None:
        v += solo_bots.zone_bonus(s, p, z)
    return v


from .content import MOD as _MOD
from .rules import acquire, board, build

M_ATT_STR_IDX = _MOD["attack_strength"]
# attack when the expected strength before cards beats the defender's by this much (ties lose)
ATTACK_MARGIN = 1.0


def troop_strength(s: KemetState, p: int, n: int, comps: list[int], zone: int, attacking: bool) -> float:
    """Expected battle strength of p's troop of n warriors with companions `comps` fighting in
    `zone` (KM-3.5.3), before cards: warriors, tiles, companions, +1 in one's own city."""
    from .state import M_ATT_STR, M_DEF_STR, M_STR

    m = s.ps[p].mods
    v = n + m[M_STR] + (m[M_ATT_STR] if attacking else m[M_DEF_STR])
    for k in comps:
        v += board.comp_mod(s, k, M_STR)
    if QUARTER_CITY[zone] >= 0 and QUARTER_CITY[zone] == s.ps[p].city:
        v += 1
    return v


def battle_margin(s: KemetState, p: int, n: int, comps: list[int], t: int) -> float:
    """How much stronger p's attacking troop is than the troop holding zone t (ties lose)."""
    o = s.owner[t]
    mine = troop_strength(s, p, n, comps, t, True) + 0.3 * len(s.ps[p].di)
    if board.automaton(s, o):  # Amon: War table, Creature and a card drawn from all of his
        return mine - solo_bots.amon_strength(s, t)
    theirs = troop_strength(s, o, s.count[t], board.comps_at(s, o, t), t, False) + 0.3 * len(s.ps[o].di)
    return mine - theirs


class KemetHeuristic(Agent):
    name = "kemet-heuristic"

    def act(self, state: Any, rng: Rng) -> Action:
        s: KemetState = state
        legal = s.legal_actions()
        if len(legal) == 1:
            return legal[0]
        fn = getattr(self, "_" + s.decision.kind, None)
        if fn is None:
            return legal[0]
        best = None
        best_score = -1e9
        for a in legal:
            sc = fn(s, a) + rng.random() * 0.01
            if sc > best_score:
                best, best_score = a, sc
        assert best is not None
        return best

    # -- setup
    def _city(self, s: KemetState, a: Action) -> float:
        return 0.0

    def _troops(self, s: KemetState, a: Action) -> float:
        return 0.0

    def _pyramids(self, s: KemetState, a: Action) -> float:
        return 1.0 if a.data == (1, 1, 1) else (0.5 if a.data[0] == 2 or a.data[1] == 2 else 0)

    def _pcolour(self, s: KemetState, a: Action) -> float:
        c = a.data[0]
        # the colour's whole offer counts, with a strong random spread so colours vary
        return sum(tile_value(t) for t, n in enumerate(s.market) if n and board.colour_of(t) == c) \
            / 10 + self._noise(s, c)

    @staticmethod
    def _noise(s: KemetState, c: int) -> float:
        return ((s.seed * 7 + s.cur * 13 + c * 29) % 17) / 4

    def _tile1(self, s: KemetState, a: Action) -> float:
        return tile_value(a.data[0])

    # -- day
    def _turn(self, s: KemetState, a: Action) -> float:
        p = s.cur
        pl = s.ps[p]
        if a.code >= C.ATTACH and a.code < C.COMPMOVE:
            return -5
        if C.DI <= a.code < C.BCARD:
            return self._day_di(s, a)
        if T.is_give(a.code):
            return self._give(s, a)
        sp = SPACES[a.data[0]]
        return self.space_score(s, p, sp.action, sp.slot) - 0.01 * sp.floor

    def space_score(self, s: KemetState, p: int, action: str, slot: int) -> float:
        base = self._space_score(s, p, action, slot)
        if s.solo is not None and base > 0:
            base += solo_bots.space_bonus(s, action)
        return base

    def _space_score(self, s: KemetState, p: int, action: str, slot: int) -> float:
        pl = s.ps[p]
        if action == "pray":
            return 4.0 if pl.pp <= 3 else 2.0 - 0.2 * pl.pp
        if action == "acquire":
            ts = acquire.acquirable(s, p, slot)
            if not ts:
                return -3
            return 2 + max(tile_value(t) for t in ts) * 0.8
        if action == "build":
            best = 0.0
            for q in board.quarters_of(s, p):
                lv = s.pyr_level[q]
                if 0 < lv < 4 and build.build_cost(s, p, lv, lv + 1) <= pl.pp:
                    best = max(best, 3 + 1.5 * lv + (3 if lv == 3 else 0))
            if best == 0 and sum(1 for q in board.quarters_of(s, p) if s.pyr_level[q]) < board.max_pyramids(s) \
                    and pl.pp >= 1:
                best = 2.5
            return best
        if action == "recruit":
            room = sum(max(0, board.limit(s, p) - (s.count[q] if board.ally(s, s.owner[q], p) else 0))
                       for q in board.quarters_of(s, p) if s.owner[q] < 0 or board.ally(s, s.owner[q], p))
            if pl.supply == 0 or pl.pp == 0 or room == 0:
                return -2
            return 1.5 + 0.6 * min(pl.supply, room, pl.pp)
        if action == "move":
            return self.move_desire(s, p)
        return 0

    def move_desire(self, s: KemetState, p: int) -> float:
        best = -1.0
        for z in range(len(ZONES)):
            if not board.has_warriors(s, p, z) or s.count[z] < 2:
                continue
            n = s.count[z]
            comps = board.comps_at(s, p, z)
            for t in s.board.adj[z] + s.board.obelisks:
                o = s.owner[t]
                v = zone_value(s, p, t)
                if board.ally(s, o, p):
                    continue
                if o >= 0:
                    margin = battle_margin(s, p, n, comps, t)
                    if margin < ATTACK_MARGIN:
                        continue
                    v += 3  # a won attack brings battle Glory (KM-3.5.5)
                if ZONES[z].kind in ("temple", "sanctuary", "delta_temple") and o < 0:
                    continue
                best = max(best, v * (0.5 + 0.1 * n))
        return best

    def _give(self, s: KemetState, a: Action) -> float:
        """Team mode: top up an ally who is nearly out of PP from a full purse."""
        me, ally = s.ps[s.cur], s.ps[a.data[0]]
        if a.code < C.GIVE_VET and me.pp >= 8 and ally.pp <= 3:
            return 20
        return -10

    def _gather(self, s: KemetState, a: Action) -> float:
        if a.code == C.DONE:
            return 0
        z = a.data[0]
        return 1 + zone_value(s, s.cur, z) - 0.1 * s.count[z]

    def _move_tally(self, s: KemetState, a: Action) -> float:
        """Allies' warriors come along, except from a zone worth holding (temples, the Delta,
        enemy level-4 pyramids), where they stay to keep it."""
        mv = s.mv
        assert mv is not None
        zd = ZONES[mv.start]
        keep = zd.kind in ("temple", "delta_temple", "sanctuary") or (
            zd.kind == "quarter" and QUARTER_CITY[mv.start] != s.ps[mv.player].city
            and s.pyr_level[mv.start] == 4)
        return -a.data[0] if keep else a.data[0]

    def _tdestiny(self, s: KemetState, a: Action) -> float:
        seat, pos = a.data
        return -pos - 0.01 * seat

    def _day_di(self, s: KemetState, a: Action) -> float:
        d = DI_CARDS[a.data[0]]
        pp = s.ps[s.cur].pp
        if "build_discount" in d.effect:
            return -1
        if "pp" in d.effect and pp + d.effect["pp"] > 11:
            return -1
        if "draw" in d.effect and pp < 4:
            return -1
        return 6

    def _extras(self, s: KemetState, a: Action) -> float:
        if a.code == C.DONE:
            return 1.0
        if a.code >= C.GOLD:
            return 5.0
        sp = SPACES[a.data[0]]
        return self.space_score(s, s.cur, sp.action, sp.slot)

    def _pick(self, s: KemetState, a: Action) -> float:
        if a.code >= C.ACTION:
            kind = a.data[0] % 10
            return {3: 1, 4: 5, 5: 5, 6: 5, 2: 4, 1: 3, 0: 2}.get(kind, 0)
        d = DI_CARDS[a.data[0]]
        return 6 if "build_discount" in d.effect and 2 in [k % 10 for k in s.pending] else -1

    def _post(self, s: KemetState, a: Action) -> float:
        if a.code == C.DONE:
            return 0
        if T.is_give(a.code):
            return self._give(s, a)
        return self._day_di(s, a)

    def _build(self, s: KemetState, a: Action) -> float:
        if a.code == C.DONE:
            return 0.5
        q, c, to, cost = a.data
        return to * 2 + (4 if to == 4 else 0) - cost * 0.4 + (1 if c >= 0 else 0)

    def _recruit(self, s: KemetState, a: Action) -> float:
        p = s.cur
        if a.code == C.DONE:
            return 1.0 if s.ps[p].pp > 2 else 10
        if C.ATTACH <= a.code < C.COMPMOVE:
            return 8
        q = a.data[0]
        if a.code >= C.GOD_DEPLOY:  # a free God troop (KM-G3.1); attack only when stronger
            o = s.owner[q]
            return 7 if o < 0 else (6 if self._god_margin(s, p, q) >= ATTACK_MARGIN else -1)
        if a.code >= C.MERC and s.ps[p].supply > 0:
            return 4.9 - 0.3 * (s.count[q] if s.owner[q] == p else 0)
        o = s.owner[q]
        here = s.count[q] if board.ally(s, o, p) else 0
        return 5 - 0.3 * here + (2 if o >= 0 and not board.ally(s, o, p) else 0)

    def _acquire(self, s: KemetState, a: Action) -> float:
        if a.code == C.DONE:
            return 0.5
        if a.code == C.GOD_TILE:
            return 12
        return tile_value(a.data[0])

    def _acq_comp(self, s: KemetState, a: Action) -> float:
        if a.code == C.DONE:
            return 0
        return s.count[a.data[1]]

    @staticmethod
    def _god_margin(s: KemetState, p: int, q: int) -> float:
        from .content import GODS

        assert s.gods is not None
        god = GODS[s.gods.god[p]]
        o = s.owner[q]
        mine = god.strength + s.ps[p].mods[M_ATT_STR_IDX] + 0.3 * len(s.ps[p].di)
        theirs = troop_strength(s, o, s.count[q], board.comps_at(s, o, q), q, False) + 0.3 * len(s.ps[o].di)
        return mine - theirs

    def _god(self, s: KemetState, a: Action) -> float:
        return self._noise(s, a.data[0])

    def _god_place(self, s: KemetState, a: Action) -> float:
        q = a.data[0]
        if s.owner[q] < 0:
            return 1
        return 2 if self._god_margin(s, s.cur, q) >= ATTACK_MARGIN else 0

    def _battle_order(self, s: KemetState, a: Action) -> float:
        return 0

    def _move_troop(self, s: KemetState, a: Action) -> float:
        if a.code == C.DONE:
            return 0.5
        z = a.data[0]
        p = s.cur
        n = s.count[z]
        here = zone_value(s, p, z)
        if ZONES[z].kind in ("temple", "sanctuary", "delta_temple"):
            here += 3
        return n - here * 0.5

    def _move_take(self, s: KemetState, a: Action) -> float:
        return a.data[0]

    def _move_comp(self, s: KemetState, a: Action) -> float:
        return 0 if a.code == C.DONE else 1

    def _move_di(self, s: KemetState, a: Action) -> float:
        return 0 if a.code == C.DONE else -1

    def _move(self, s: KemetState, a: Action) -> float:
        mv = s.mv
        assert mv is not None
        p = mv.player
        if a.code == C.DONE:
            v = zone_value(s, p, mv.at)
            if mv.at == mv.start:
                v -= 1.5
            return v
        if a.code in (C.WARRIOR, C.WARRIOR + 1) or a.code >= C.COMPMOVE:
            return -1
        if C.DI <= a.code < C.BCARD:
            return -0.5
        t = a.data[0]
        o = s.owner[t]
        v = zone_value(s, p, t)
        if o >= 0 and not board.ally(s, o, p):
            margin = battle_margin(s, p, mv.carried, board.comps_at(s, p, -2), t)
            v += 3 + min(margin, 3) if margin >= ATTACK_MARGIN else -6
        if a.data[1]:
            v -= 1.0
        if t == mv.start:
            v -= 3
        return v

    def _battle(self, s: KemetState, a: Action) -> float:
        bt = s.bt
        assert bt is not None
        st = bt.stage
        if st == "defender":
            # team mode: the ally with the best defensive tiles and cards defends
            pl = s.ps[a.data[0]]
            m = pl.mods
            home = 1 if s.ps[a.data[0]].city == QUARTER_CITY[bt.zone] else 0
            return (m[M_STR] + m[M_DEF_STR] + 0.7 * (m[M_SHIELD] + m[M_DEF_SHIELD]) + home
                    + 0.1 * len(pl.hand) + 0.05 * min(pl.pp, 4))
        if st == "split":
            # team mode: the ally with the most in supply to refill loses the most warriors
            j, seat = a.data
            return j * (s.ps[seat].supply - max(s.ps[x].supply for x in T.allies_of(s, seat)))
        if st == "vets":
            # team mode: spread the veteran tokens over the team
            return -s.ps[a.data[0]].veterans
        if st.endswith("disc"):
            return -card_power(a.data[0])
        if st.endswith("play"):
            return card_power(a.data[0])
        if st.endswith("di"):
            if a.code == C.DONE:
                return 0
            d = DI_CARDS[a.data[0]]
            return 1 if d.effect else -1
        if st == "loser":
            return 1 if a.code == C.RETREAT else 0
        if st == "winner":
            return 1 if a.code == C.STAY else 0
        if st == "retreat":
            return -zone_value(s, bt.loser, a.data[0])
        return 0

    def _amon_discard(self, s: KemetState, a: Action) -> float:
        return -solo_bots.discard_value(a.data[0])

    def _devotion(self, s: KemetState, a: Action) -> float:
        return 1 if a.code == C.YES else 0

    def _delta(self, s: KemetState, a: Action) -> float:
        return 1 if a.code == C.YES and s.ps[s.cur].pp <= 7 else 0

    def _prayers(self, s: KemetState, a: Action) -> float:
        k = a.data[0]
        return -abs(k - s.ps[s.cur].veterans // 2)

    def _di_buy(self, s: KemetState, a: Action) -> float:
        return -a.data[0]

    def _summon(self, s: KemetState, a: Action) -> float:
        return 0 if a.code == C.DONE else 1

    def _destiny(self, s: KemetState, a: Action) -> float:
        # acting early checks victory first and answers threats first
        return -a.data[0]


def heuristic_factory(options: Any = None) -> Agent:
    return KemetHeuristic()


def power(s: KemetState, p: int) -> float:
    """A Glory-dominated strength score of seat p (Glory counts 3)."""
    pl = s.ps[p]
    army = pl.supply * 0.1
    if s.team is not None:
        for z in range(len(ZONES)):
            army += T.wz(s, z, p) * 0.35
        army += s.team.carry[p] * 0.35
    else:
        for z in range(len(ZONES)):
            if s.owner[z] == p:
                army += s.count[z] * 0.35
        if s.mv is not None and s.mv.player == p:
            army += s.mv.carried * 0.35
        if s.bt is not None and s.bt.att == p:
            army += s.bt.att_count * 0.35
    pyr = sum(s.pyr_level[q] for q in CITY_QUARTERS[pl.city]) if pl.city >= 0 else 0
    g = board.glory(s, p)
    sc = (g * 3 + min(pl.pp, 11) * 0.25 + army + sum(tile_value(t) for t in pl.tiles) * 0.15
          + pyr * 0.5 + pl.veterans * 0.2 + len(pl.di) * 0.2)
    if g >= (T.TEAM_WIN_GLORY if s.team is not None else WIN_GLORY):
        sc += 4
    return sc


# Weights of a logistic model of "this seat wins" against the strongest rival, fitted on 14,316
# positions of 300 two-player heuristic games (seeds 1000-1299; log-loss 0.51 against 0.62 for the
# earlier hand-set power score). Glory weighs more as the rounds pass (the glory x round term).
FIT = {"perm": 0.17, "temp": 0.06, "glory_round": 1.09, "pp": 0.088, "supply": -0.10,
       "army": 0.05, "pyramids": 0.06, "veterans": -0.10, "di": 0.10, "first": -0.19}


def fitted_score(s: KemetState, p: int) -> float:
    pl = s.ps[p]
    army = 0
    for z in range(len(ZONES)):
        if s.owner[z] == p:
            army += s.count[z]
    if s.mv is not None and s.mv.player == p:
        army += s.mv.carried
    if s.bt is not None and s.bt.att == p:
        army += s.bt.att_count
    temp = board.temp_glory(s, p)
    pyr = sum(s.pyr_level[q] for q in CITY_QUARTERS[pl.city]) if pl.city >= 0 else 0
    f = FIT
    return (f["perm"] * pl.glory + f["temp"] * temp + f["glory_round"] * (pl.glory + temp) * s.round / 6
            + f["pp"] * pl.pp + f["supply"] * pl.supply + f["army"] * army + f["pyramids"] * pyr
            + f["veterans"] * pl.veterans + f["di"] * len(pl.di)
            + f["first"] * (1 if s.order and s.order[0] == p else 0))


def evaluate(state: Any) -> tuple[float, ...] | None:
    """Reward estimate per seat in [0, 1]. Classic: a logistic of the seat's fitted score minus
    the strongest rival's (FIT). Team mode: a logistic of the team's mean power minus the best
    other team's (2.5 points, under one Glory, is the scale)."""
    import math

    s: KemetState = state
    if s.solo is not None:
        return solo_bots.evaluate(s)
    if s.team is not None:
        scores = [power(s, p) for p in range(s.players)]
        # team mode: a team's power is its members' mean (Glory is already the team's)
        td = s.team
        n = T.nteams(s)
        team_power = [sum(scores[m] for m in T.seats_of(s, t)) / td.size for t in range(n)]
        return tuple(1.0 / (1.0 + math.exp(-(team_power[td.team_of[p]] - max(
            x for t, x in enumerate(team_power) if t != td.team_of[p])) / 2.5))
            for p in range(s.players))
    fitted = [fitted_score(s, p) for p in range(s.players)]
    out = []
    for p in range(s.players):
        rival = max(x for q, x in enumerate(fitted) if q != p)
        out.append(1.0 / (1.0 + math.exp(-(fitted[p] - rival))))
    return tuple(out)


#: The game's own agents (the bots part, core.game.PARTS).
AGENTS = {"heuristic": heuristic_factory}

#: The search settings a plain `mcts` uses here (agents.registry.mcts_defaults; the levels `hard`
#: and `expert` are plain `mcts` specs): with random rollouts the search lost every game to the
#: heuristic (0 of 12 at 100 iterations); with these it won 11 of 12 at the default 400 iterations,
#: about 0.9 s a decision (docs/bots.md).
MCTS_DEFAULTS = {"rollout": "heuristic", "prior": "heuristic"}

#: `hard` is a lighter search than the plain `mcts` (400 iterations, 95 of 100 against `normal`):
#: against that one `expert` won only 17 of 30 at the real caps, under the ladder's 65%; at 150
#: iterations `hard` still beats `normal` in 83 of 100, and `expert` beats it in 65 of 74
#: (docs/bots.md, "Kemet").
LEVELS = {"hard": "mcts:iterations=150:seconds=1"}
