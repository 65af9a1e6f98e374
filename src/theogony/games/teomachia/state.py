"""Teomachia state and rules. Rule ids (TM-x.y) refer to docs/rules/teomachia.md."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from theogony.core import Action, Decision, Event, Outcome, Rng, State

from .content import (CARD_DEF, CARDS, DEFS, DEITIES, DEF_CHAOS, DEF_ORDER,
                      DEF_SPHERE, EL_CHAOS, EL_ORDER, EL_SPHERE, ELEMENTS, FAITHFUL, MYTHOLOGIES,
                      MYTHS, MYTHS_BY_MYTHOLOGY, PRIEST, PROPHET, SPHERE_INDEX, TOKENS,
                      VALUES)

NDEF = len(DEFS)
TRACK_COST = (PRIEST, PRIEST, FAITHFUL, FAITHFUL, -1, -1)  # TM-9.1
DRAFT = {2: (6, 3), 3: (4, 4), 4: (3, 5)}  # players -> (rounds, cards per round), TM-2.2
HAND_SIZE = 5
MIRACLE_TOKENS = 6
VP_TO_WIN = 10
# TM-R8: the response cards of each kind (a window answers an attack or an effect)
RESPONSES = {want: tuple(d for d, cd in enumerate(DEFS) if cd.timing == want and not cd.removed)
             for want in ("response_attack", "response_effect")}

# action code layout (TM-0.2)
C_PICK = 0
C_ASIDE = NDEF
C_LAY = 2 * NDEF
C_PLAY = 3 * NDEF  # + def * 5 + (target + 1)
C_RESPOND = 8 * NDEF
_B = 9 * NDEF
C_WAIT, C_CALL, C_WITHDRAW, C_PASS, C_DONE, C_ENDTURN = _B, _B + 1, _B + 2, _B + 3, _B + 4, _B + 5
C_RAISE = _B + 6
C_DEITY = _B + 9
C_ATTR = _B + 17
C_MYTHUSE = _B + 22
C_HERO = _B + 122  # + myth * 5 + (target + 1)
C_TAKE = _B + 222
C_TAKEDECK = _B + 228
C_BUY, C_CYCLE, C_LEAVE = _B + 229, _B + 230, _B + 231
C_TOP = _B + 232  # + def: the card shown on top of the discard pile (TM-R7)
NUM_CODES = C_TOP + NDEF


def tok(counts: list[int]) -> str:
    parts = [f"{n} {TOKENS[k]}" for k, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "nothing"


def value(counts: list[int]) -> int:
    return counts[0] * 10 + counts[1] * 5 + counts[2] * 2


@dataclass(slots=True)
class Seat:
    community: list[int]
    stake: list[int]
    desp: list[int]  # part of the stake taken from the bank by the desperation rule (TM-5.8)
    desperate: bool
    hand: list[int]
    deck: list[int]
    discard: list[int]  # last = top (TM-11.1)
    power: list[int]
    lasting: list[int]
    played: list[int]  # attacks played this battle, discarded at settlement
    places: list[int]
    damaged: list[bool]
    place_tokens: list[int]
    alive: bool
    eliminated_at: int
    in_deal: bool
    peace: bool
    saved: bool
    bonus: int
    unity: int
    attack_spheres: list[int]
    deeds_played: int
    powers_laid: int
    vp: int
    # draft
    draft_hand: list[int]
    picks: list[int]
    aside: int
    # full game
    mythology: int
    deity_options: list[int]
    deity: int
    myth_deck: list[int]
    myths: list[int]
    heroes_in_stake: list[int]
    miracles: int
    attr_used: bool
    myths_used: list[int]
    # public knowledge for determinization (TM-R21): card definitions every player has seen go to
    # this seat's discard pile and that are still there; and those known to be somewhere in its
    # hand, deck or discard pile (the discard pile was shuffled into the deck since)
    known_discard: list[int]
    known_cycle: list[int]


def new_seat() -> Seat:
    return Seat([3, 5, 8], [0, 0, 0], [0, 0, 0], False, [], [], [], [], [], [], [], [], [], True, 0,
                False, False, False, 0, 0, [], 0, 0, 0, [], [], 0, -1, [], -1, [], [], [], 0, False,
                [], [], [])


@dataclass(slots=True)
class TeomachiaState(State):
    GAME_ID = "teomachia"

    seats: list[Seat]
    full: bool
    no_elim: bool
    phase: str
    deal: int
    initiative: int
    conflict: int
    elements: list[int]
    el_discard: list[int]
    layout: list[int]
    revealed: int
    prayer_deck: list[int]
    track: list[int]
    boxed: list[int]
    set_aside: list[int]
    draft_round: int
    actor: int  # draft / aside / deity / battle seat
    queue: list[int]  # seats still to act in a window, a bidding phase, a response chain
    bid_round: int
    raised: bool
    passes: int
    played_this_turn: bool
    gods_people: bool
    battle: bool
    winners: list[int]
    strengths: list[int]
    # cards waiting for responses, bottom first, each [player, card, target] (TM-7.1, TM-R8): the
    # deed card that opened the window, then each response answering the one before it
    chain: list[list[int]]
    resume: str
    miracle_supply: int
    deities_revealed: bool
    fought: list[int]  # seats that took part in this deal's battle

    # ------------------------------------------------------------------ contract
    @property
    def pend_player(self) -> int:
        """The player of the card now open to responses (-1: none)."""
        return self.chain[-1][0] if self.chain else -1

    @property
    def pend_card(self) -> int:
        return self.chain[-1][1] if self.chain else -1

    @property
    def pend_target(self) -> int:
        return self.chain[-1][2] if self.chain else -1

    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph == "over":
            return None
        if ph in ("draft", "aside", "deity", "battle"):
            return self.actor
        return self.queue[0]

    @property
    def decision(self) -> Decision | None:
        p = self.current_player
        if p is None:
            return None
        prompts = {
            "draft": "pick a card for your starting deck",
            "aside": "set aside cards until you keep 8",
            "deity": "choose your deity in secret",
            "prebid": "use myth cards or attributes before the first bidding phase",
            "bid": f"bidding phase {self.bid_round}: play cards, then wait/raise/call/withdraw",
            "prebattle": "use myth cards, heroes or attributes before the battle",
            "battle": "play attacks, or pass",
            "respond": f"respond to {CARDS[self.pend_card].name} of seat {self.pend_player}?",
            "settle": "play settlement effects",
            "prayer": "take a card from the prayer track",
            "myth": "buy, cycle or leave your myth deck",
            "discard": "choose the card that shows on top of your discard pile",
        }
        return Decision(p, self.phase, prompts[self.phase])

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> Outcome:
        vals = [self.worth(i) for i in range(self.players)]
        if self.no_elim:
            return Outcome.from_scores([s.vp for s in self.seats], vals)
        scores = [1.0 if s.alive else 0.0 for s in self.seats]
        tiebreak = [float(vals[i]) if s.alive else float(s.eliminated_at - 1000)
                    for i, s in enumerate(self.seats)]
        return Outcome.from_scores(scores, tiebreak)

    def worth(self, p: int) -> int:
        s = self.seats[p]
        return value(s.community) + value(s.stake) + sum(VALUES[t] for t in s.place_tokens)

    # ------------------------------------------------------------------ helpers
    def order_from(self, start: int, seats: list[int] | None = None) -> list[int]:
        n = self.players
        out = [(start + i) % n for i in range(n)]
        if seats is not None:
            allowed = set(seats)
            out = [i for i in out if i in allowed]
        return out

    def alive_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.alive]

    def participants(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.in_deal]

    def fix_change(self, p: int) -> None:
        """TM-10.1: making change is immediate and compulsory (the bank is unlimited, TM-R4)."""
        make_change(self.seats[p].community)

    def fix_all(self) -> None:
        """TM-10.2: a last check after every action that no community still owes change."""
        for i in self.order_from(self.initiative):
            self.fix_change(i)

    def from_bank(self, p: int, k: int, n: int) -> None:
        """p draws n tokens of kind k from the (unlimited, TM-R4) bank into its community."""
        self.seats[p].community[k] += n
        self.fix_change(p)

    def community_to_stake(self, p: int, k: int) -> bool:
        s = self.seats[p]
        if s.community[k] <= 0:
            return False
        s.community[k] -= 1
        s.stake[k] += 1
        self.fix_change(p)
        return True

    def remove_stake(self, p: int, k: int, n: int) -> int:
        """Discard up to n tokens of kind k from p's stake to the bank (n=0: all); returns how many of
        them were p's own. TM-R3: the tokens p took from the bank by desperation go first."""
        s = self.seats[p]
        m = s.stake[k] if n == 0 else min(n, s.stake[k])
        from_bank = min(m, s.desp[k])
        s.stake[k] -= m
        s.desp[k] -= from_bank
        return m - from_bank

    def remove_community(self, p: int, k: int, n: int) -> int:
        s = self.seats[p]
        m = min(n, s.community[k])
        s.community[k] -= m
        self.fix_change(p)
        return m

    def draw(self, p: int, n: int) -> int:
        """TM-11.2: an empty deck is refilled by shuffling the discard pile."""
        s = self.seats[p]
        got = 0
        for _ in range(n):
            card = self.pop_deck(p)
            if card < 0:
                break
            s.hand.append(card)
            got += 1
        return got

    def pop_deck(self, p: int) -> int:
        s = self.seats[p]
        if not s.deck:
            if not s.discard:
                return -1
            s.deck = s.discard
            s.discard = []
            self.rng.shuffle(s.deck)
            s.known_cycle.extend(s.known_discard)  # TM-R21: known cards are now somewhere in the deck
            s.known_discard = []
        return s.deck.pop()

    def public_discard(self, p: int, cards: list[int]) -> None:
        """Cards every player sees go onto p's discard pile (TM-11.1, TM-R21)."""
        s = self.seats[p]
        s.discard.extend(cards)
        s.known_discard.extend(CARD_DEF[c] for c in cards)

    def left_cycle(self, p: int, c: int) -> None:
        """Card c left p's hand or deck in everyone's sight: one known card of its kind may be the
        one (TM-R21; forgetting one keeps the knowledge public)."""
        kc = self.seats[p].known_cycle
        d = CARD_DEF[c]
        if d in kc:
            kc.remove(d)

    def control(self, p: int) -> tuple[int, int, list[int]]:
        """TM-6.1: symbols and sphere cards p controls (face-up layout + own power + bonuses)."""
        order = chaos = 0
        spheres = [0, 0, 0, 0]
        for e in self.layout[:self.revealed]:
            order += EL_ORDER[e]
            chaos += EL_CHAOS[e]
            spheres[EL_SPHERE[e]] += 1
        s = self.seats[p]
        for c in s.power:
            d = CARD_DEF[c]
            order += DEF_ORDER[d]
            chaos += DEF_CHAOS[d]
            spheres[DEF_SPHERE[d]] += 1
        for c in s.places:
            cd = CARDS[c]
            if cd.effect == "place_symbols":
                if cd.aspect == "order":
                    order += cd.amount
                else:
                    chaos += cd.amount
        for c in s.lasting:
            cd = CARDS[c]
            if cd.effect == "lasting_symbols":
                if cd.token == "order":
                    order += cd.amount
                else:
                    chaos += cd.amount
        return order, chaos, spheres

    @staticmethod
    def meets(d: int, ctl: tuple[int, int, list[int]]) -> bool:
        cd = DEFS[d]
        if cd.symbols:
            have = ctl[0] if cd.aspect == "order" else ctl[1]
            if have < cd.symbols:
                return False
        return not cd.spheres or ctl[2][DEF_SPHERE[d]] >= cd.spheres

    def could_meet(self, p: int, d: int) -> bool:
        """Whether p could meet d's requirements after laying out all power cards in hand."""
        o, c, sp = self.control(p)
        sp = list(sp)
        for card in self.seats[p].hand:
            dd = CARD_DEF[card]
            if DEFS[dd].kind == "power":
                o += DEF_ORDER[dd]
                c += DEF_CHAOS[dd]
                sp[DEF_SPHERE[dd]] += 1
        return self.meets(d, (o, c, sp))

    def targets(self, p: int) -> list[int]:
        """TM-12.2: a chosen opponent must still take part in the deal (any living seat in settlement)."""
        if self.phase == "settle" or (self.phase == "respond" and self.resume == "settle"):
            return [i for i in self.alive_seats() if i != p]
        return [i for i in self.participants() if i != p]

    def hand_defs(self, p: int) -> list[int]:
        seen: list[int] = []
        for c in self.seats[p].hand:
            d = CARD_DEF[c]
            if d not in seen:
                seen.append(d)
        return seen

    def card_of_def(self, cards: list[int], d: int) -> int:
        for c in cards:
            if CARD_DEF[c] == d:
                return c
        raise ValueError("no such card")

    def has_attr(self, p: int, attr: str) -> bool:
        s = self.seats[p]
        return self.full and s.deity >= 0 and self.deities_revealed and DEITIES[s.deity].attribute == attr

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph == "over":
            return []
        p = self.current_player
        assert p is not None
        s = self.seats[p]
        acts: list[Action] = []
        if ph == "draft":
            for d in sorted({CARD_DEF[c] for c in s.draft_hand}):
                acts.append(Action(f"pick {DEFS[d].name}", C_PICK + d, ("pick", d)))
            return acts
        if ph == "aside":
            for d in sorted({CARD_DEF[c] for c in s.picks}):
                acts.append(Action(f"set aside {DEFS[d].name}", C_ASIDE + d, ("aside", d)))
            return acts
        if ph == "deity":
            for i in s.deity_options:
                acts.append(Action(f"choose {DEITIES[i].name}", C_DEITY + i, ("deity", i)))
            return acts
        if ph == "bid":
            self._lay_actions(p, acts)
            ctl = self.control(p)
            for d in self.hand_defs(p):
                cd = DEFS[d]
                if cd.kind not in ("effect", "place") or cd.timing != "bid" or cd.removed:
                    continue
                if cd.effect == "peace" and self.last_bidding_phase():
                    continue  # TM-13.4
                if cd.kind == "place" and s.community[cd.token_index] <= 0:
                    continue  # TM-5.4
                if self.meets(d, ctl):
                    self._play_actions(p, d, acts)
            self._attr_actions(p, "bid", acts)
            need = self.call_needs(p)
            if not self.raised:
                acts.append(Action("wait", C_WAIT, ("wait",)))
            else:  # TM-5.8: what the community lacks comes from the (unlimited, TM-R4) bank
                acts.append(Action("call", C_CALL, ("call",)))
            for k in self.raise_options(p, need):
                acts.append(Action(f"raise {TOKENS[k]}", C_RAISE + k, ("raise", k)))
            acts.append(Action("withdraw", C_WITHDRAW, ("withdraw",)))
            return acts
        if ph == "battle":
            self._lay_actions(p, acts)
            ctl = self.control(p)
            for d in self.hand_defs(p):
                cd = DEFS[d]
                if cd.kind != "attack" or not self.sphere_allowed(p, DEF_SPHERE[d]):
                    continue
                if self.meets(d, ctl):
                    self._play_actions(p, d, acts)
            if self.played_this_turn:
                acts.append(Action("end turn", C_ENDTURN, ("endturn",)))
            else:
                acts.append(Action("pass", C_PASS, ("pass",)))
            return acts
        if ph == "respond":
            # TM-7.1/TM-R8: power is laid out only towards a response the seat could then meet
            want = self.response_kind(self.pend_card)
            usable = [d for d in self.hand_defs(p) if DEFS[d].timing == want]
            ctl = self.control(p)
            if any(not self.meets(d, ctl) and self.could_meet(p, d) for d in usable):
                self._lay_actions(p, acts)
            for d in usable:
                if self.meets(d, ctl):
                    acts.append(Action(f"respond {DEFS[d].name}", C_RESPOND + d, ("respond", d)))
            acts.append(Action("pass", C_PASS, ("pass",)))
            return acts
        if ph == "settle":
            # TM-8.7/TM-R9: every seat with cards is asked; power is laid out only towards a card
            usable = [d for d in self.hand_defs(p) if self.settle_ok(p, d)]
            ctl = self.control(p)
            if any(not self.meets(d, ctl) and self.could_meet(p, d) for d in usable):
                self._lay_actions(p, acts)
            for d in usable:
                if self.meets(d, ctl):
                    self._play_actions(p, d, acts)
            acts.append(Action("done", C_DONE, ("done",)))
            return acts
        if ph in ("prebid", "prebattle"):
            self._window_actions(p, ph, acts)
            acts.append(Action("done", C_DONE, ("done",)))
            return acts
        if ph == "prayer":
            for i, c in enumerate(self.track):
                if c < 0:
                    continue
                k = TRACK_COST[i]
                if k >= 0 and s.community[k] <= 0:
                    continue
                acts.append(Action(f"take {CARDS[c].name} from slot {i + 1}", C_TAKE + i, ("take", i)))
            if self.prayer_deck:
                acts.append(Action("take top of prayer deck", C_TAKEDECK, ("takedeck",)))
            return acts
        if ph == "discard":  # TM-R7
            for d in self.hand_defs(p):
                acts.append(Action(f"put {DEFS[d].name} on top of the discard pile", C_TOP + d, ("top", d)))
            return acts
        if ph == "myth":
            top = MYTHS[s.myth_deck[-1]]
            if s.miracles >= top.cost:
                acts.append(Action(f"buy {top.name}", C_BUY, ("buy",)))
            if len(s.myth_deck) > 1:
                acts.append(Action("cycle myth deck", C_CYCLE, ("cycle",)))
            acts.append(Action("leave myth deck", C_LEAVE, ("leave",)))
            return acts
        raise AssertionError(ph)

    def _lay_actions(self, p: int, acts: list[Action]) -> None:
        for d in self.hand_defs(p):
            if DEFS[d].kind == "power":
                acts.append(Action(f"lay out {DEFS[d].name}", C_LAY + d, ("lay", d)))

    def _play_actions(self, p: int, d: int, acts: list[Action]) -> None:
        cd = DEFS[d]
        if cd.target:
            for t in self.targets(p):
                acts.append(Action(f"play {cd.name} on seat {t}", C_PLAY + d * 5 + t + 1, ("play", d, t)))
        else:
            acts.append(Action(f"play {cd.name}", C_PLAY + d * 5, ("play", d, -1)))

    def _attr_actions(self, p: int, window: str, acts: list[Action]) -> None:
        s = self.seats[p]
        if not self.full or s.deity < 0 or s.attr_used or not self.deities_revealed:
            return
        dt = DEITIES[s.deity]
        if dt.attr_kind != "activated" or dt.window != window:
            return
        if s.community[TOKENS.index(dt.cost_token)] <= 0:
            return
        if dt.attribute == "retreat" and self.last_bidding_phase():
            return  # TM-13.6 Marduk
        if dt.attribute == "reveal_element" and self.revealed >= 5:
            return
        if dt.target:
            for t in self.targets(p):
                acts.append(Action(f"use {dt.name} on seat {t}", C_ATTR + t + 1, ("attr", t)))
        else:
            acts.append(Action(f"use {dt.name}", C_ATTR, ("attr", -1)))

    def _window_actions(self, p: int, window: str, acts: list[Action]) -> None:
        s = self.seats[p]
        for m in s.myths:
            my = MYTHS[m]
            if m in s.myths_used:
                continue
            if my.window == window:
                if my.target:
                    for t in self.targets(p):
                        acts.append(Action(f"use {my.name} on seat {t}", C_MYTHUSE + m * 5 + t + 1,
                                           ("myth", m, t)))
                else:
                    acts.append(Action(f"use {my.name}", C_MYTHUSE + m * 5, ("myth", m, -1)))
            elif my.hero and window == "prebattle" and m not in s.heroes_in_stake:
                if my.target:
                    for t in self.targets(p):
                        acts.append(Action(f"add hero {my.name} against seat {t}", C_HERO + m * 5 + t + 1,
                                           ("hero", m, t)))
                else:
                    acts.append(Action(f"add hero {my.name}", C_HERO + m * 5, ("hero", m, -1)))
        self._attr_actions(p, window, acts)

    def window_has_options(self, p: int, window: str) -> bool:
        acts: list[Action] = []
        self._window_actions(p, window, acts)
        return bool(acts)

    def settle_ok(self, p: int, d: int) -> bool:
        cd = DEFS[d]
        if cd.timing != "settle":
            return False
        if cd.effect == "tithe":
            return p in self.winners
        if cd.effect == "save_stake":
            return p not in self.winners and not self.seats[p].peace and not self.seats[p].saved
        return True

    def sphere_allowed(self, p: int, sphere: int) -> bool:
        """TM-8.2: attacks of one sphere per battle (two with Athena)."""
        used = self.seats[p].attack_spheres
        if sphere in used:
            return True
        limit = 2 if self.has_attr(p, "two_spheres") else 1
        return len(used) < limit

    def call_target(self) -> list[int]:
        best: list[int] = [0, 0, 0]
        best_key = (-1, -1)
        for i in self.participants():
            st = self.seats[i].stake
            key = (sum(st), value(st))
            if key > best_key:
                best_key, best = key, st
        return best

    def call_needs(self, p: int) -> list[int]:
        """TM-5.6: tokens p must add so its stake matches the largest stake."""
        target = self.call_target()
        mine = self.seats[p].stake
        return [max(0, target[k] - mine[k]) for k in range(3)]

    def raise_options(self, p: int, need: list[int]) -> list[int]:
        """TM-5.7: a raise is a call plus one token, all from your own community."""
        comm = list(self.seats[p].community)
        if self.raised and any(need) and pay_tokens(comm, need, False) is None:
            return []
        return [k for k in range(3) if comm[k] > 0]

    def last_bidding_phase(self) -> bool:
        """TM-5.9/TM-R6: a bidding phase with every element face up is the last; the battle follows."""
        return self.revealed >= len(self.layout)

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        kind = action.data[0]
        p = self.current_player
        assert p is not None
        getattr(self, "_do_" + kind)(p, action.data, ev)
        self.fix_all()  # TM-10.2: no community may owe change after an action
        return ev

    # draft -------------------------------------------------------------
    def _do_pick(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        s = self.seats[p]
        c = self.card_of_def(s.draft_hand, data[1])
        s.draft_hand.remove(c)
        s.picks.append(c)
        ev.append(Event("pick", f"seat {p} picks {CARDS[c].name}", p, visible_to=(p,),
                        public_text=f"seat {p} picks a card"))
        if p + 1 < self.players:
            self.actor = p + 1
            return
        self.actor = 0
        if len(self.seats[0].draft_hand) == 1:
            for seat in self.seats:  # TM-2.3: the last card is set aside
                self.set_aside.extend(seat.draft_hand)
                seat.draft_hand = []
            rounds, _ = DRAFT[self.players]
            if self.draft_round < rounds:
                self.start_draft_round(ev)
            else:
                self.phase = "aside"
                ev.append(Event("phase", "every seat sets aside 4 of its 12 cards", actor=Event.BY_GAME))
        else:
            hands = [seat.draft_hand for seat in self.seats]
            for i, seat in enumerate(self.seats):
                seat.draft_hand = hands[(i - 1) % self.players]  # TM-2.3: pass to the left
            ev.append(Event("pass", "the draft hands pass to the left", actor=Event.BY_GAME))

    def start_draft_round(self, ev: list[Event]) -> None:
        _, size = DRAFT[self.players]
        self.draft_round += 1
        for seat in self.seats:
            seat.draft_hand = [self.prayer_deck.pop() for _ in range(size)]
        ev.append(Event("draft", f"draft round {self.draft_round}: {size} cards to each seat", actor=Event.BY_GAME))

    def _do_aside(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        s = self.seats[p]
        c = self.card_of_def(s.picks, data[1])
        s.picks.remove(c)
        self.set_aside.append(c)
        s.aside += 1
        ev.append(Event("aside", f"seat {p} sets aside {CARDS[c].name}", p, visible_to=(p,),
                        public_text=f"seat {p} sets a card aside"))
        if s.aside < 4:
            return
        if p + 1 < self.players:
            self.actor = p + 1
            return
        if self.full:
            self.phase = "deity"
            self.actor = 0
            return
        self.finish_setup(ev)

    def _do_deity(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        self.seats[p].deity = data[1]
        ev.append(Event("deity", f"seat {p} chooses {DEITIES[data[1]].name}", p, visible_to=(p,),
                        public_text=f"seat {p} chooses a deity in secret"))
        if p + 1 < self.players:
            self.actor = p + 1
            return
        self.deities_revealed = True  # TM-15.2
        for i, s in enumerate(self.seats):
            ev.append(Event("deity", f"seat {i} reveals {DEITIES[s.deity].name}", i, reveals=True, actor=Event.BY_GAME))
            s.myth_deck = list(MYTHS_BY_MYTHOLOGY[MYTHOLOGIES[s.mythology]])
            self.rng.shuffle(s.myth_deck)
        self.finish_setup(ev)

    def finish_setup(self, ev: list[Event]) -> None:
        """TM-2.5: set-aside cards back into the prayer deck, the track, the decks, initiative."""
        self.prayer_deck.extend(self.set_aside)
        self.set_aside = []
        self.rng.shuffle(self.prayer_deck)
        self.track = [self.prayer_deck.pop() for _ in range(6)]
        for s in self.seats:
            s.deck = s.picks
            s.picks = []
            self.rng.shuffle(s.deck)
        self.elements = list(range(len(ELEMENTS)))
        self.rng.shuffle(self.elements)
        self.initiative = self.rng.below(self.players)  # TM-3.1
        ev.append(Event("setup", f"seat {self.initiative} has the initiative", actor=Event.BY_GAME))
        self.start_deal(ev)

    # deal --------------------------------------------------------------
    def start_deal(self, ev: list[Event]) -> None:
        self.deal += 1
        ev.append(Event("deal", f"deal {self.deal} begins (conflict level {self.conflict})", actor=Event.BY_GAME))
        for i in self.order_from(self.initiative, self.alive_seats()):
            s = self.seats[i]
            s.in_deal = True
            s.peace = s.saved = s.desperate = s.attr_used = False
            s.bonus = s.unity = s.deeds_played = s.powers_laid = 0
            s.attack_spheres = []
            s.myths_used = []
            limit = HAND_SIZE + sum(CARDS[c].amount for c in s.places if CARDS[c].effect == "place_draw")
            if len(s.hand) < limit:  # TM-4.1
                got = self.draw(i, limit - len(s.hand))
                ev.append(Event("draw", f"seat {i} draws {got} cards", i, actor=Event.BY_GAME))
        # TM-4.2 elements layout
        if len(self.elements) < 5:
            self.elements = list(range(len(ELEMENTS)))
            self.el_discard = []
            self.rng.shuffle(self.elements)
            if self.conflict < 3:
                self.conflict += 1  # TM-4.3
            ev.append(Event("elements", f"the elements deck is reshuffled; conflict level {self.conflict}",
                            actor=Event.BY_GAME))
        self.layout = [self.elements.pop() for _ in range(5)]
        self.revealed = 3
        ev.append(Event("elements", "elements layout: " + ", ".join(ELEMENTS[e].name for e in self.layout[:3])
                        + " and 2 face down", actor=Event.BY_GAME))
        self.gods_people = self.battle = False
        self.winners = []
        self.fought = []
        self.strengths = [0] * self.players
        # TM-4.4 initial stake, TM-4.5 elimination
        self.fix_all()
        out: list[int] = []
        need = [0, 0, self.conflict]
        for i in self.order_from(self.initiative, self.alive_seats()):
            s = self.seats[i]
            comm = list(s.community)
            desp = pay_tokens(comm, need, self.no_elim)
            if desp is not None:
                s.community = comm
                s.stake = list(need)
                s.desp = desp
                s.desperate = any(desp)  # TM-16.4 desperation for the initial stake
            else:
                out.append(i)  # TM-4.5; all at once: TM-4.6, they share the rank
        for i in out:
            s = self.seats[i]
            s.alive = s.in_deal = False
            s.eliminated_at = self.deal
            s.community = [0, 0, 0]
            s.places, s.damaged, s.place_tokens = [], [], []
            ev.append(Event("eliminated", f"seat {i} cannot pay the initial stake and drops out", i,
                            actor=Event.BY_GAME))
        if len(self.alive_seats()) <= 1:
            self.phase = "over"
            ev.append(Event("end", "one player is left with worshippers" if self.alive_seats()
                            else "every remaining player dropped out at once", actor=Event.BY_GAME))
            return
        ev.append(Event("stake", f"every player puts {self.conflict} faithful into the stake", actor=Event.BY_GAME))
        if self.full:
            q = [i for i in self.order_from(self.initiative, self.participants())
                 if self.window_has_options(i, "prebid")]
            if q:
                self.phase = "prebid"
                self.queue = q
                return
        self.begin_bid(1, ev)

    def begin_bid(self, r: int, ev: list[Event]) -> None:
        self.bid_round = r
        if r > 1 and self.revealed < len(self.layout):
            self.revealed += 1  # TM-5.1
            ev.append(Event("elements", f"element revealed: {ELEMENTS[self.layout[self.revealed - 1]].name}",
                            reveals=True, actor=Event.BY_GAME))
        self.raised = False
        self.phase = "bid"
        self.queue = self.order_from(self.initiative, self.participants())
        ev.append(Event("phase", f"bidding phase {r}", actor=Event.BY_GAME))

    def after_bid_action(self, ev: list[Event]) -> None:
        parts = self.participants()
        if len(parts) == 1:  # TM-5.9 (c)
            self.begin_settlement(ev)
            return
        self.queue = [i for i in self.queue if self.seats[i].in_deal]
        if self.queue:
            return
        if self.last_bidding_phase():  # TM-5.9, TM-R6: every element is face up
            self.begin_battle(ev)
        else:
            self.begin_bid(self.bid_round + 1, ev)

    def _do_wait(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        self.queue.remove(p)
        ev.append(Event("wait", f"seat {p} waits", p))
        self.after_bid_action(ev)

    def pay_call(self, p: int) -> None:
        s = self.seats[p]
        target = self.call_target()
        need = [max(0, target[k] - s.stake[k]) for k in range(3)]
        desp = pay_tokens(s.community, need, True)
        assert desp is not None, "the desperation rule always completes a call"
        for k in range(3):
            s.stake[k] += need[k]
            s.desp[k] += desp[k]  # TM-5.8 desperation: kept apart, back to the bank at settlement
        if any(desp):
            s.desperate = True

    def _do_call(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        before = sum(self.seats[p].desp)
        self.pay_call(p)
        self.queue.remove(p)
        extra = sum(self.seats[p].desp) - before
        ev.append(Event("call", f"seat {p} calls" + (f" ({extra} from the bank by desperation)"
                                                     if extra else ""), p))
        self.after_bid_action(ev)

    def _do_raise(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        if self.raised:
            self.pay_call(p)
        self.community_to_stake(p, data[1])
        self.raised = True
        others = [i for i in self.participants() if i != p]
        self.queue = self.order_from((p + 1) % self.players, others)
        ev.append(Event("raise", f"seat {p} raises with a {TOKENS[data[1]]}; stake {tok(self.seats[p].stake)}", p))
        self.after_bid_action(ev)

    def _do_withdraw(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        self.seats[p].in_deal = False
        if p in self.queue:
            self.queue.remove(p)
        ev.append(Event("withdraw", f"seat {p} withdraws from the deal", p))
        self.after_bid_action(ev)

    def _do_lay(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        s = self.seats[p]
        c = self.card_of_def(s.hand, data[1])
        s.hand.remove(c)
        self.left_cycle(p, c)
        s.power.append(c)
        s.powers_laid += 1
        ev.append(Event("lay", f"seat {p} lays out {CARDS[c].name}", p, reveals=True))

    def _do_play(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        s = self.seats[p]
        c = self.card_of_def(s.hand, data[1])
        s.hand.remove(c)
        self.left_cycle(p, c)
        s.deeds_played += 1
        t = data[2]
        cd = CARDS[c]
        ev.append(Event("play", f"seat {p} plays {cd.name}" + (f" on seat {t}" if t >= 0 else ""), p,
                        reveals=True))
        if cd.kind == "attack":
            if SPHERE_INDEX[cd.sphere] not in s.attack_spheres:
                s.attack_spheres.append(SPHERE_INDEX[cd.sphere])
            self.played_this_turn = True
        if cd.kind == "place":
            self.resolve(p, c, t, ev)
            return
        self.open_window(p, c, t, ev)  # TM-7.1

    def _do_respond(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        s = self.seats[p]
        r = self.card_of_def(s.hand, data[1])
        s.hand.remove(r)
        self.left_cycle(p, r)
        s.deeds_played += 1
        ev.append(Event("respond", f"seat {p} answers {CARDS[self.pend_card].name} with {CARDS[r].name}",
                        p, reveals=True))
        self.queue.pop(0)  # p has answered in this window
        self.open_window(p, r, -1, ev)  # TM-R8: a response is itself an effect and may be answered

    def _do_pass(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        if self.phase == "respond":
            self.queue.pop(0)
            self.close_windows(ev)
            return
        # battle pass, TM-8.4
        self.passes += 1
        ev.append(Event("pass", f"seat {p} passes", p))
        self.next_battle_turn(ev)

    @staticmethod
    def response_kind(c: int) -> str:
        """TM-7.1: the response timing that answers card c (an attack, or any effect)."""
        return "response_attack" if CARDS[c].kind == "attack" else "response_effect"

    def open_window(self, p: int, c: int, t: int, ev: list[Event]) -> None:
        """TM-7.1/TM-R8: card c of p waits for responses from the other seats that may be affected
        (in the deal; in the settlement every seat), clockwise from p. The queue holds the seats
        still to ask in each open window, each window ended by a -1 marker, then the interrupted
        order."""
        pool = self.alive_seats() if self.window_phase() == "settle" else self.participants()
        asked = [i for i in self.order_from((p + 1) % self.players, pool) if i != p]
        if not self.chain:
            self.resume = self.phase
            self.phase = "respond"
        self.chain.append([p, c, t])
        self.queue = asked + [-1] + self.queue
        self.close_windows(ev)

    def close_windows(self, ev: list[Event]) -> None:
        """TM-R8: seats that cannot hold a response are not asked; when nobody is left to ask in the
        newest window, its card resolves (last played first). A response cancels the card it
        answered, whose window is then over, and the window beneath resumes; the deed card at the
        bottom resolves normally."""
        while self.chain:
            want = self.response_kind(self.chain[-1][1])
            while self.queue[0] != -1 and not self.may_hold_response(self.queue[0], want):
                self.queue.pop(0)
            if self.queue[0] != -1:
                return  # the next seat to ask
            self.queue.pop(0)
            p, c, t = self.chain.pop()
            if self.chain:  # c is a response: it cancels the card beneath it
                q, cancelled, _ = self.chain.pop()
                while self.queue[0] != -1:
                    self.queue.pop(0)
                self.queue.pop(0)
                self.public_discard(p, [c])
                self.public_discard(q, [cancelled])
                ev.append(Event("cancel", f"{CARDS[c].name} of seat {p} cancels {CARDS[cancelled].name} "
                                f"of seat {q}", p, reveals=True, actor=p))
                if not self.chain:
                    self.phase = self.resume
                    self.after_card(q, ev)
                continue
            self.phase = self.resume
            start = len(ev)
            self.resolve(p, c, t, ev)
            credit(ev, start, p)  # the card resolves on another seat's pass: its player did it
            self.after_card(p, ev)

    def window_phase(self) -> str:
        return self.resume if self.phase == "respond" else self.phase

    def may_hold_response(self, i: int, want: str) -> bool:
        """TM-R8: seat i is asked unless everyone can tell that it holds no response of this kind:
        an empty hand, or every copy of every such card seen somewhere else (the box, the track,
        the table, the pending cards, what is known of the discard piles and the other seats'
        cards, TM-R21). Being asked thus reveals nothing."""
        s = self.seats[i]
        if not s.hand:
            return False
        if any(CARD_DEF[c] in RESPONSES[want] for c in s.hand):
            return True  # cannot happen while the public record is true; never skip a real response
        seen = [CARD_DEF[c] for c in self.boxed]
        seen += [CARD_DEF[c] for c in self.track if c >= 0]
        seen += [CARD_DEF[entry[1]] for entry in self.chain]
        for j, other in enumerate(self.seats):
            seen += [CARD_DEF[c] for c in other.power + other.lasting + other.played]
            seen += other.known_discard
            if j != i:
                seen += other.known_cycle
        return any(seen.count(d) < DEFS[d].copies for d in RESPONSES[want])

    def after_card(self, p: int, ev: list[Event]) -> None:
        """After a deed card resolves: a player who withdrew by it ends its bidding turn."""
        if self.phase == "bid" and not self.seats[p].in_deal:
            if p in self.queue:
                self.queue.remove(p)
            self.after_bid_action(ev)

    def _do_endturn(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        self.passes = 0
        ev.append(Event("endturn", f"seat {p} ends its battle turn", p))
        self.next_battle_turn(ev)

    def _do_done(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        self.queue.pop(0)
        ph = self.phase
        if self.queue:
            return
        if ph == "prebid":
            self.begin_bid(1, ev)
        elif ph == "prebattle":
            self.start_battle_turns(ev)
        elif ph == "settle":
            self.finish_settlement(ev)

    def _do_attr(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        s = self.seats[p]
        dt = DEITIES[s.deity]
        s.attr_used = True
        self.remove_community(p, TOKENS.index(dt.cost_token), 1)
        t = data[1]
        ev.append(Event("attribute", f"seat {p} uses {dt.name}" + (f" on seat {t}" if t >= 0 else ""), p))
        a = dt.attribute
        if a == "peek_draw":
            self.peek(p, t, ev)
            self.draw(p, dt.amount)
        elif a == "steal_random":
            self.steal(p, t, 1, ev)
        elif a == "strength":
            s.bonus += dt.amount
        elif a == "retreat":
            for k in range(3):
                s.community[k] += s.stake[k] - s.desp[k]
            s.stake = [0, 0, 0]
            s.desp = [0, 0, 0]
            self.fix_change(p)
            s.in_deal = False
            s.peace = True  # like Peace on Earth: neither winner nor loser (TM-R5)
            ev.append(Event("withdraw", f"seat {p} takes back its stake and withdraws", p))
            self.after_card(p, ev)
        elif a == "draw":
            self.draw(p, dt.amount)
        elif a == "reveal_element":
            self.reveal_element(ev)
        if self.phase in ("prebid", "prebattle") and not self.window_has_options(p, self.phase):
            self._do_done(p, data, ev)

    def _do_myth(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        s = self.seats[p]
        m, t = data[1], data[2]
        my = MYTHS[m]
        s.myths_used.append(m)
        ev.append(Event("myth", f"seat {p} uses {my.name}" + (f" on seat {t}" if t >= 0 else ""), p))
        self.myth_effect(p, my.effect, my.amount, t, ev)
        if not self.window_has_options(p, self.phase):
            self._do_done(p, data, ev)

    def myth_effect(self, p: int, effect: str, amount: int, t: int, ev: list[Event]) -> None:
        s = self.seats[p]
        if effect == "draw":
            self.draw(p, amount)
        elif effect == "gain_priest":
            self.from_bank(p, PRIEST, amount)
        elif effect == "gain_faithful":
            self.from_bank(p, FAITHFUL, amount)
        elif effect == "opp_community_faithful":
            self.remove_community(t, FAITHFUL, amount)
        elif effect == "peek":
            self.peek(p, t, ev)
            self.draw(p, amount)
        elif effect == "strength":
            s.bonus += amount
        elif effect == "opp_stake2":
            self.remove_stake(t, PRIEST, 1)
            self.remove_stake(t, FAITHFUL, 1)
        elif effect == "opp_stake_priest":
            self.remove_stake(t, PRIEST, amount)
        elif effect == "opp_stake_faithful":
            self.remove_stake(t, FAITHFUL, amount)
        elif effect == "discard_random":
            self.discard_random(t, amount, ev)

    def _do_hero(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        s = self.seats[p]
        m = data[1]
        s.heroes_in_stake.append(m)  # TM-15.6
        my = MYTHS[m]
        ev.append(Event("hero", f"seat {p} adds the hero {my.name} to the stake", p))
        if my.effect:
            self.myth_effect(p, my.effect, my.amount, data[2], ev)
        if not self.window_has_options(p, self.phase):
            self._do_done(p, data, ev)

    def _do_take(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        i = data[1]
        c = self.track[i]
        k = TRACK_COST[i]
        if k >= 0:
            self.remove_community(p, k, 1)  # TM-9.1
        self.track[i] = -1
        self.public_discard(p, [c])
        ev.append(Event("take", f"seat {p} takes {CARDS[c].name} from slot {i + 1}"
                        + (f" paying a {TOKENS[k]}" if k >= 0 else ""), p))
        self.next_prayer(ev)

    def _do_takedeck(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        c = self.prayer_deck.pop()
        self.public_discard(p, [c])
        ev.append(Event("take", f"seat {p} takes the top card of the prayer deck: {CARDS[c].name}", p,
                        reveals=True))
        self.next_prayer(ev)

    def _do_buy(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        s = self.seats[p]
        m = s.myth_deck.pop()
        s.miracles -= MYTHS[m].cost
        self.miracle_supply += MYTHS[m].cost
        s.myths.append(m)
        ev.append(Event("buy", f"seat {p} buys {MYTHS[m].name}", p))
        self.next_myth(ev)

    def _do_cycle(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        s = self.seats[p]
        s.myth_deck.insert(0, s.myth_deck.pop())
        ev.append(Event("cycle", f"seat {p} moves {MYTHS[s.myth_deck[0]].name} to the bottom; "
                        f"{MYTHS[s.myth_deck[-1]].name} shows", p, reveals=True))
        self.next_myth(ev)

    def _do_leave(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        self.next_myth(ev)

    # effects -------------------------------------------------------------
    def peek(self, p: int, t: int, ev: list[Event]) -> None:
        names = ", ".join(sorted(CARDS[c].name for c in self.seats[t].hand)) or "nothing"
        ev.append(Event("peek", f"seat {p} sees the hand of seat {t}: {names}", p, visible_to=(p,),
                        public_text=f"seat {p} looks at the hand of seat {t}"))

    def steal(self, p: int, t: int, n: int, ev: list[Event]) -> None:
        th = self.seats[t].hand
        for _ in range(n):
            if not th:
                return
            c = th.pop(self.rng.below(len(th)))
            self.seats[t].known_cycle = []  # TM-R21: nobody else knows which card went
            self.seats[p].hand.append(c)
            ev.append(Event("steal", f"seat {p} takes {CARDS[c].name} from seat {t}", p, visible_to=(p, t),
                            public_text=f"seat {p} takes a card from seat {t}"))

    def discard_random(self, t: int, n: int, ev: list[Event]) -> None:
        s = self.seats[t]
        for _ in range(n):
            if not s.hand:
                return
            c = s.hand.pop(self.rng.below(len(s.hand)))
            self.left_cycle(t, c)
            self.public_discard(t, [c])
            ev.append(Event("discard", f"seat {t} discards {CARDS[c].name}", t, reveals=True))

    def reveal_element(self, ev: list[Event]) -> None:
        if self.revealed < len(self.layout):
            self.revealed += 1
            ev.append(Event("elements", f"element revealed: {ELEMENTS[self.layout[self.revealed - 1]].name}",
                            reveals=True))

    def resolve(self, p: int, c: int, t: int, ev: list[Event]) -> None:
        """Carry out deed card c played by p (target t)."""
        s = self.seats[p]
        cd = CARDS[c]
        e = cd.effect
        k = cd.token_index
        to_discard = True
        if cd.kind == "place":
            self.remove_community(p, k, 1)  # TM-5.4 the token sits on the place
            s.places.append(c)
            s.damaged.append(False)
            s.place_tokens.append(k)
            return
        if e == "draw":
            self.draw(p, cd.amount)
        elif e == "gain":
            self.from_bank(p, k, cd.amount)
        elif e == "provoke":
            for _ in range(cd.amount):
                self.community_to_stake(t, FAITHFUL)
        elif e == "discard_random":
            self.discard_random(t, cd.amount, ev)
        elif e == "steal_random":
            self.steal(p, t, cd.amount, ev)
        elif e == "peek":
            self.peek(p, t, ev)
            self.draw(p, cd.amount)
        elif e == "convert_community":
            got = self.remove_community(t, k, cd.amount)
            s.community[k] += got
            self.fix_change(p)
        elif e == "convert_stake":
            # desperation tokens go to the bank instead (TM-5.8); they are taken first (TM-R3)
            s.community[k] += self.remove_stake(t, k, cd.amount)
            self.fix_change(p)
        elif e == "reveal_element":
            self.reveal_element(ev)
        elif e == "peace":
            for kk in range(3):
                s.community[kk] += s.stake[kk] - s.desp[kk]
            s.stake = [0, 0, 0]
            s.desp = [0, 0, 0]
            self.fix_change(p)
            s.in_deal = False
            s.peace = True  # TM-13.4: withdraws without loss
            ev.append(Event("withdraw", f"seat {p} takes back its stake and withdraws in peace", p))
        elif e in ("lasting_symbols", "lasting_strength"):
            s.lasting.append(c)  # TM-5.3
            to_discard = False
        elif e == "omnipotence":
            found: list[int] = []
            shown: list[int] = []
            while len(found) < cd.amount:
                x = self.pop_deck(p)
                if x < 0:
                    break
                (found if CARDS[x].kind == "power" else shown).append(x)
            ev.append(Event("reveal", f"seat {p} reveals "
                            + (", ".join(CARDS[x].name for x in found + shown) or "nothing"), p, reveals=True))
            for x in found + shown:
                self.left_cycle(p, x)
            s.power.extend(found)
            self.public_discard(p, shown)
        elif e == "tithe":
            self.from_bank(p, FAITHFUL, cd.amount)
        elif e == "save_stake":
            s.saved = True
        elif e == "strength":
            s.bonus += cd.amount
        elif e == "per_worshipper":
            s.unity += cd.amount
        elif e == "opp_stake":
            self.remove_stake(t, k, cd.amount)
        elif e == "sacrifice":
            for _ in range(cd.amount):
                self.community_to_stake(p, k)  # TM-10.2 change is made in the middle of the card
        elif e == "gods_people":
            self.community_to_stake(p, FAITHFUL)
            self.gods_people = True  # TM-13.5
        elif e == "war_song":
            shown = []
            for _ in range(3):
                x = self.pop_deck(p)
                if x < 0:
                    break
                shown.append(x)
            hits = sum(1 for x in shown if CARDS[x].kind == "attack")
            s.bonus += cd.amount * hits
            ev.append(Event("reveal", f"seat {p} reveals to everyone "
                            + (", ".join(CARDS[x].name for x in shown) or "nothing")
                            + f": +{cd.amount * hits} strength", p, reveals=True))
            for x in shown:
                self.left_cycle(p, x)
            self.public_discard(p, shown)
        if cd.kind == "attack":
            s.played.append(c)
        elif to_discard:
            self.public_discard(p, [c])

    # battle --------------------------------------------------------------
    def begin_battle(self, ev: list[Event]) -> None:
        self.battle = True
        ev.append(Event("phase", "battle between seats " + ", ".join(map(str, self.participants())),
                        actor=Event.BY_GAME))
        if self.full:
            q = [i for i in self.order_from(self.initiative, self.participants())
                 if self.window_has_options(i, "prebattle")]
            if q:
                self.phase = "prebattle"
                self.queue = q
                return
        self.start_battle_turns(ev)

    def start_battle_turns(self, ev: list[Event]) -> None:
        self.phase = "battle"
        self.queue = []
        self.passes = 0
        self.played_this_turn = False
        self.actor = self.order_from(self.initiative, self.participants())[0]

    def next_battle_turn(self, ev: list[Event]) -> None:
        parts = self.participants()
        if self.passes >= len(parts):
            self.begin_settlement(ev)
            return
        self.played_this_turn = False
        self.actor = self.order_from((self.actor + 1) % self.players, parts)[0]

    def strength(self, p: int) -> int:
        """TM-8.5: worshippers in the stake plus attacks and other bonuses."""
        s = self.seats[p]
        vals = (0, 0, 2) if self.gods_people else VALUES
        total = sum(s.stake[k] * vals[k] for k in range(3)) + s.bonus + s.unity * sum(s.stake)
        for c in s.places:
            if CARDS[c].effect == "place_strength":
                total += CARDS[c].amount
        for c in s.lasting:
            if CARDS[c].effect == "lasting_strength":
                total += CARDS[c].amount
        total += sum(MYTHS[m].strength for m in s.heroes_in_stake)
        return total

    # settlement ----------------------------------------------------------
    def begin_settlement(self, ev: list[Event]) -> None:
        parts = self.participants()
        self.strengths = [0] * self.players
        self.fought = parts if len(parts) > 1 else []
        if len(parts) == 1:
            self.winners = parts
        else:
            for i in parts:
                self.strengths[i] = self.strength(i)
            top = max(self.strengths[i] for i in parts)
            self.winners = [i for i in parts if self.strengths[i] == top]
            ev.append(Event("strength", "strength: " + ", ".join(
                f"seat {i} {self.strengths[i]}" for i in parts), actor=Event.BY_GAME))
        ev.append(Event("winners", "winner(s) of the deal: " + ", ".join(f"seat {i}" for i in self.winners),
                        actor=Event.BY_GAME))
        for s in self.seats:
            s.in_deal = False
        # TM-R9: every seat holding cards is asked in initiative order (being asked reveals nothing)
        q = [i for i in self.order_from(self.initiative, self.alive_seats()) if self.seats[i].hand]
        if q:
            self.phase = "settle"
            self.queue = q
            return
        self.finish_settlement(ev)

    def finish_settlement(self, ev: list[Event]) -> None:
        """TM-8.6 .. TM-8.12 in their order."""
        winners = self.winners
        sole = winners[0] if len(winners) == 1 else -1
        losers = [i for i in self.alive_seats() if i not in winners and not self.seats[i].peace]
        stake_sizes = [sum(s.stake) for s in self.seats]
        for i in losers:
            s = self.seats[i]
            if s.saved:
                for k in range(3):
                    s.community[k] += s.stake[k] - s.desp[k]
                self.fix_change(i)
            s.stake = [0, 0, 0]
            s.desp = [0, 0, 0]
            if self.battle and s.heroes_in_stake:
                for m in s.heroes_in_stake:  # TM-15.7 heroes die
                    s.myths.remove(m)
                    ev.append(Event("hero", f"the hero {MYTHS[m].name} of seat {i} dies", i, actor=Event.BY_GAME))
                s.heroes_in_stake = []
            if not (self.has_attr(i, "no_damage") and i not in self.fought):
                keep = []
                for j, c in enumerate(s.places):
                    if s.damaged[j]:
                        self.public_discard(i, [c])
                        ev.append(Event("place", f"the place {CARDS[c].name} of seat {i} is destroyed", i,
                                        actor=Event.BY_GAME))
                    else:
                        keep.append(j)
                s.places = [s.places[j] for j in keep]
                s.place_tokens = [s.place_tokens[j] for j in keep]
                s.damaged = [True] * len(keep)
        if sole >= 0:
            self.from_bank(sole, PRIEST, 1)  # TM-8.9
            if self.seats[sole].community[PROPHET] == 0:
                self.from_bank(sole, PROPHET, 1)  # TM-8.10
        for i in winners:
            s = self.seats[i]
            for k in range(3):
                s.community[k] += s.stake[k] - s.desp[k]
            s.stake = [0, 0, 0]
            s.desp = [0, 0, 0]
            s.heroes_in_stake = []
            self.fix_change(i)
        if sole >= 0:
            self.initiative = sole
        else:
            self.initiative = self.order_from((self.initiative + 1) % self.players, winners)[0]  # TM-8.11
        choosing = []
        for i, s in enumerate(self.seats):  # TM-8.12
            s.stake = [0, 0, 0]
            s.desp = [0, 0, 0]
            if len(self.hand_defs(i)) > 1 and not (s.played or s.lasting or s.power):
                choosing.append(i)  # TM-R7: the owner picks which card of the hand shows
            else:
                self.discard_hand(i, -1)
        self.el_discard.extend(self.layout)
        self.layout = []
        self.revealed = 0
        if self.no_elim:
            self.score_vp(ev)
            if self.phase == "over":
                return
        if self.full:
            self.check_demands(ev, stake_sizes)
        if choosing:
            self.phase = "discard"
            self.queue = self.order_from(self.initiative, choosing)
            return
        self.begin_prayer(ev)

    def discard_hand(self, p: int, top: int) -> None:
        """TM-8.12, TM-R7: p discards its hand, the attacks it played, its lasting effects and its
        power cards. What shows on top is the card that reveals least: one everyone has seen
        (the cards of the table), or else the hand card `top` (definition) the owner chose, or the
        only kind of card the hand holds."""
        s = self.seats[p]
        public = s.played + s.lasting + s.power
        shown: list[int] = []
        hidden = list(s.hand)
        if not public and hidden:
            d = top if top >= 0 else CARD_DEF[hidden[-1]]
            shown = [self.card_of_def(hidden, d)]
            hidden.remove(shown[0])
            self.left_cycle(p, shown[0])
        s.discard.extend(hidden)  # face down: these stay unknown to the others
        self.public_discard(p, public + shown)
        s.hand, s.played, s.lasting, s.power = [], [], [], []

    def _do_top(self, p: int, data: tuple[Any, ...], ev: list[Event]) -> None:
        self.discard_hand(p, data[1])
        ev.append(Event("discard", f"seat {p} discards its hand with {DEFS[data[1]].name} on top", p,
                        reveals=True))
        self.queue.pop(0)
        if not self.queue:
            self.begin_prayer(ev)

    def begin_prayer(self, ev: list[Event]) -> None:
        self.phase = "prayer"
        self.queue = self.order_from(self.initiative, self.alive_seats())
        self.skip_prayer(ev)

    def score_vp(self, ev: list[Event]) -> None:
        """TM-16.1 .. TM-16.3."""
        empty = [i for i in self.alive_seats() if sum(self.seats[i].community) == 0]
        for i in self.winners:
            self.seats[i].vp += 1 + 3 * len([e for e in empty if e != i])
        for i in empty:
            self.seats[i].community = [1, 2, 4]
            ev.append(Event("refill", f"seat {i} receives 1 prophet, 2 priests and 4 faithful", i, actor=Event.BY_GAME))
        ev.append(Event("vp", "victory points: " + ", ".join(f"seat {i} {s.vp}" for i, s in enumerate(self.seats)),
                        actor=Event.BY_GAME))
        if max(s.vp for s in self.seats) >= VP_TO_WIN:
            self.phase = "over"
            ev.append(Event("end", f"a player reaches {VP_TO_WIN} victory points", actor=Event.BY_GAME))

    def check_demands(self, ev: list[Event], stake_sizes: list[int]) -> None:
        """TM-15.3: at most one miracle token per seat per deal, while the supply lasts."""
        for i in self.order_from(self.initiative, self.alive_seats()):
            s = self.seats[i]
            dm = DEITIES[s.deity].demand
            won = i in self.winners
            ok = {
                "win_battle": won and self.battle,
                "win_no_battle": won and not self.battle,
                "strength_35": won and self.battle and self.strengths[i] >= 35,
                "power3": s.powers_laid >= 3,
                "stake6": won and stake_sizes[i] >= 6,
                "places2": len(s.places) >= 2,
                "deeds3": s.deeds_played >= 3,
                "lose_battle": not won and i in self.fought,
            }[dm]
            if ok and self.miracle_supply > 0:
                self.miracle_supply -= 1
                s.miracles += 1
                ev.append(Event("miracle", f"seat {i} fulfils the demand of {DEITIES[s.deity].name} "
                                "and draws a miracle token", i, actor=Event.BY_GAME))

    # prayer & myth -------------------------------------------------------
    def skip_prayer(self, ev: list[Event]) -> None:
        while self.queue and not self.legal_actions():
            self.queue.pop(0)
        if not self.queue:
            self.end_prayer(ev)

    def next_prayer(self, ev: list[Event]) -> None:
        self.queue.pop(0)
        self.skip_prayer(ev)

    def end_prayer(self, ev: list[Event]) -> None:
        """TM-9.2 .. TM-9.4."""
        if self.track[5] >= 0:
            self.boxed.append(self.track[5])
            ev.append(Event("track", f"{CARDS[self.track[5]].name} was not taken and leaves the game",
                            actor=Event.BY_GAME))
            self.track[5] = -1
        rest = [c for c in self.track if c >= 0]
        self.track = [-1] * (6 - len(rest)) + rest
        for i in range(6 - len(rest)):
            if self.prayer_deck:
                self.track[i] = self.prayer_deck.pop()
        if self.full:
            self.phase = "myth"
            self.queue = [i for i in self.order_from(self.initiative, self.alive_seats())
                          if self.seats[i].myth_deck]
            if self.queue:
                return
        self.start_deal(ev)

    def next_myth(self, ev: list[Event]) -> None:
        self.queue.pop(0)
        if not self.queue:
            self.start_deal(ev)

    # ------------------------------------------------------------------ views
    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for i, s in enumerate(self.seats):
            d: dict[str, Any] = {
                "alive": s.alive, "in_deal": s.in_deal, "community": list(s.community),
                "stake": list(s.stake), "desperation": list(s.desp),
                "power": [CARDS[c].name for c in s.power], "lasting": [CARDS[c].name for c in s.lasting],
                "attacks": [CARDS[c].name for c in s.played],
                "places": [[CARDS[c].name, TOKENS[s.place_tokens[j]], s.damaged[j]] for j, c in enumerate(s.places)],
                "hand_size": len(s.hand), "deck_size": len(s.deck), "discard_size": len(s.discard),
                "discard_top": CARDS[s.discard[-1]].name if s.discard else None,
                "bonus": s.bonus, "unity": s.unity, "vp": s.vp,
                "draft_hand_size": len(s.draft_hand), "picks": len(s.picks),
            }
            if self.full:
                d["deity_options"] = [DEITIES[x].name for x in s.deity_options]
                d["deity_chosen"] = s.deity >= 0
                d["deity"] = DEITIES[s.deity].name if s.deity >= 0 and (self.deities_revealed or i == player) else None
                d["myths"] = [MYTHS[m].name for m in s.myths]
                d["heroes_in_stake"] = [MYTHS[m].name for m in s.heroes_in_stake]
                d["myth_top"] = MYTHS[s.myth_deck[-1]].name if s.myth_deck else None
                d["myth_deck_size"] = len(s.myth_deck)
                d["miracles"] = s.miracles
            if i == player:
                d["hand"] = sorted(CARDS[c].name for c in s.hand)
                d["discard"] = [CARDS[c].name for c in s.discard]
                d["draft_hand"] = sorted(CARDS[c].name for c in s.draft_hand)
                d["picked"] = sorted(CARDS[c].name for c in s.picks)
            seats.append(d)
        out: dict[str, Any] = {
            "phase": self.phase, "deal": self.deal, "initiative": self.initiative,
            "conflict": self.conflict, "bid_round": self.bid_round, "raised": self.raised,
            "layout": [ELEMENTS[e].name for e in self.layout[:self.revealed]],
            "face_down": max(0, len(self.layout) - self.revealed),
            "elements_deck": len(self.elements), "elements_discard": [ELEMENTS[e].name for e in self.el_discard],
            "track": [CARDS[c].name if c >= 0 else None for c in self.track],
            "prayer_deck": len(self.prayer_deck), "boxed": [CARDS[c].name for c in self.boxed],
            "to_act": [i for i in self.queue if i >= 0], "winners": list(self.winners),
            "strengths": list(self.strengths), "gods_people": self.gods_people,
            "pending": None if self.pend_card < 0 else [self.pend_player, CARDS[self.pend_card].name, self.pend_target],
            "response_chain": [[q, CARDS[c].name] for q, c, _ in self.chain],
            "seats": seats,
        }
        if self.full:
            out["miracle_supply"] = self.miracle_supply
        out.update(self._public_figures())
        return out

    def _public_figures(self) -> dict[str, Any]:
        """What the rules have a player compute from public facts, for the table (issue 18): the
        symbols and sphere cards each seat controls (TM-6.1), the tokens each must add to call
        (TM-5.6) and, during a battle, each participant's running strength (TM-8.5)."""
        in_battle = self.battle and not self.fought and self.phase not in ("settle", "discard")
        target = self.call_target()  # as call_needs computes it, once for every seat
        return {
            "control": [[order, chaos, *spheres] for order, chaos, spheres in map(self.control, range(self.players))],
            "call_needs": [[max(0, t - m) for t, m in zip(target, s.stake)] if s.in_deal else [0, 0, 0]
                           for s in self.seats],
            "running_strength": [self.strength(i) if in_battle and s.in_deal else None
                                 for i, s in enumerate(self.seats)],
        }

    def _resample_hidden(self, player: int | None, rng: Rng) -> None:
        """Deal every card hidden from `player` anew. What everyone has seen is kept (TM-R21): cards
        known to lie in a seat's discard pile stay there, cards known to be in its hand, deck or
        discard stay with that seat; the rest comes from one shuffled pool of unseen cards."""
        pool = list(self.prayer_deck) + list(self.set_aside)
        others = []
        for i, s in enumerate(self.seats):
            if i == player:
                continue
            pool += s.hand + s.deck + s.discard[:-1] + s.draft_hand + s.picks
            others.append(i)
        pool.sort()  # canonical order: the result depends only on what `player` sees
        by_def: dict[int, list[int]] = {}
        for c in pool:
            by_def.setdefault(CARD_DEF[c], []).append(c)
        plans = []
        for i in others:
            s = self.seats[i]
            top = s.discard[-1:]
            kd = list(s.known_discard)
            if top and CARD_DEF[top[0]] in kd:
                kd.remove(CARD_DEF[top[0]])
            in_discard = [by_def[d].pop() for d in kd if by_def.get(d)]
            in_cycle = [by_def[d].pop() for d in s.known_cycle if by_def.get(d)]
            plans.append((i, top, in_discard, in_cycle))
        unseen = sorted(c for cards in by_def.values() for c in cards)
        rng.shuffle(unseen)
        for i, top, in_discard, in_cycle in plans:
            s = self.seats[i]
            nh, nd, nx = len(s.hand), len(s.deck), len(s.discard) - len(top)
            free = nh + nd + nx - len(in_discard)
            rest = in_cycle[:free] + [unseen.pop() for _ in range(free - len(in_cycle[:free]))]
            unseen.extend(in_cycle[free:])  # only if the record were inconsistent
            rng.shuffle(rest)
            s.hand = rest[:nh]
            s.deck = rest[nh:nh + nd]
            hidden_discard = in_discard[:nx] + rest[nh + nd:]
            unseen.extend(in_discard[nx:])
            rng.shuffle(hidden_discard)
            s.discard = hidden_discard + top
            s.draft_hand = [unseen.pop() for _ in range(len(s.draft_hand))]
            s.picks = [unseen.pop() for _ in range(len(s.picks))]
        self.set_aside = [unseen.pop() for _ in range(len(self.set_aside))]
        self.prayer_deck = unseen
        if player is not None:
            self.seats[player].deck.sort()
            rng.shuffle(self.seats[player].deck)
        hidden_el = sorted(self.elements + self.layout[self.revealed:])
        rng.shuffle(hidden_el)
        self.layout = self.layout[:self.revealed] + hidden_el[:len(self.layout) - self.revealed]
        self.elements = hidden_el[len(self.layout) - self.revealed:]
        for i, s in enumerate(self.seats):
            if len(s.myth_deck) > 2:
                under = sorted(s.myth_deck[:-1])
                rng.shuffle(under)
                s.myth_deck = under + s.myth_deck[-1:]
            if self.full and not self.deities_revealed and i != player and s.deity >= 0:
                s.deity = rng.choice(s.deity_options)


def credit(ev: list[Event], start: int, actor: int) -> None:
    """Credit the events from `start` on that name no actor to seat `actor` (see Event.actor)."""
    for k in range(start, len(ev)):
        if ev[k].actor is None:
            ev[k] = dataclasses.replace(ev[k], actor=actor)


def make_change(comm: list[int]) -> None:
    """TM-10.1 on a plain list: a prophet becomes 2 priests when priests ran out, then a priest 2
    faithful when faithful ran out (the bank is unlimited, TM-R4)."""
    while True:  # ends: every step uses up a prophet or a priest
        if comm[PRIEST] == 0 and comm[PROPHET] > 0:
            comm[PROPHET] -= 1
            comm[PRIEST] += 2
        elif comm[FAITHFUL] == 0 and comm[PRIEST] > 0:
            comm[PRIEST] -= 1
            comm[FAITHFUL] += 2
        else:
            return


def pay_tokens(comm: list[int], need: list[int], desperation: bool) -> list[int] | None:
    """Pay `need` (prophets, priests, faithful, in that order) from `comm` in place, making change
    as it goes; with `desperation`, a token the community lacks is taken from the bank (TM-5.8).
    Returns the tokens so taken from the bank, or None if the community cannot pay."""
    desp = [0, 0, 0]
    for k in range(3):
        for _ in range(need[k]):
            if comm[k] > 0:
                comm[k] -= 1
                make_change(comm)
            elif desperation:
                desp[k] += 1
            else:
                return None
    return desp
