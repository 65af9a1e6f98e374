"""The generated clone and the JSON codec of plain-data states."""

from __future__ import annotations

import copy
import enum
import json
from dataclasses import dataclass, field

import pytest
from hypothesis import given, strategies as st

from theogony.core import Rng, SaveFormatError
from theogony.core.plain import clone, decode, encode


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    power: int


@dataclass(slots=True)
class Piece:
    kind: str
    where: int | None
    tags: set[str] = field(default_factory=set)


@dataclass(slots=True)
class Board:
    pieces: list[Piece]
    by_zone: dict[int, list[int]]
    names: dict[str, int]
    hand: list[Card]
    pair: tuple[int, str]
    colours: list[Colour]
    nested: list[list[int]]
    maybe: Piece | None
    rng: Rng
    frozen: frozenset[int] = frozenset()


def sample_board() -> Board:
    return Board([Piece("acolyte", 3, {"wounded"}), Piece("follower", None)],
                 {1: [0, 1], 4: []}, {"a": 1}, [Card("x", 2)], (1, "b"),
                 [Colour.RED, Colour.BLUE], [[1, 2], [3]], Piece("monster", 9), Rng(5),
                 frozenset({1, 2}))


def test_clone_copies_every_mutable_part_and_shares_immutable_ones():
    board = sample_board()
    twin = clone(board)
    assert twin == board
    twin.pieces[0].tags.add("x")
    twin.pieces[1].where = 7
    twin.by_zone[1].append(9)
    twin.names["b"] = 2
    twin.nested[0].append(5)
    twin.maybe.kind = "other"
    twin.rng.next32()
    assert board == sample_board()
    assert twin.hand[0] is board.hand[0]  # frozen: shared


def test_json_round_trip_is_exact_for_every_supported_type():
    board = sample_board()
    text = json.dumps(encode(board))
    again = decode(Board, json.loads(text))
    assert again == board
    assert isinstance(again.pair, tuple) and isinstance(again.pieces[0].tags, set)
    assert again.colours[0] is Colour.RED and set(again.by_zone) == {1, 4}


def test_clone_is_much_faster_than_deepcopy():
    import time

    board = sample_board()
    board.pieces = [Piece("p", i, {"a"}) for i in range(200)]
    start = time.perf_counter()
    for _ in range(200):
        clone(board)
    fast = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(200):
        copy.deepcopy(board)
    slow = time.perf_counter() - start
    assert fast < slow  # the real ratio is reported by `theogony bench`, not asserted here


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.pop("pair"), "missing"),
    (lambda d: d.update(extra=1), "unknown"),
    (lambda d: d.update(pair=[1]), "2 items"),
    (lambda d: d["pieces"][0].update(where="here"), "integer"),
    (lambda d: d.update(colours=["green"]), "Colour"),
    (lambda d: d.update(rng=[1]), "64-bit"),
    (lambda d: d.update(pieces={}), "a list"),
])
def test_malformed_documents_are_refused_naming_the_place(mutate, message):
    data = json.loads(json.dumps(encode(sample_board())))
    mutate(data)
    with pytest.raises(SaveFormatError, match=message):
        decode(Board, data)


@given(st.lists(st.tuples(st.sampled_from(["a", "b", "c"]), st.one_of(st.none(), st.integers())),
                max_size=20),
       st.dictionaries(st.integers(), st.lists(st.integers(), max_size=4), max_size=6))
def test_round_trip_and_clone_property(pieces, zones):
    board = sample_board()
    board.pieces = [Piece(k, w) for k, w in pieces]
    board.by_zone = zones
    assert decode(Board, json.loads(json.dumps(encode(board)))) == board
    twin = clone(board)
    assert twin == board
    for lst in twin.by_zone.values():
        lst.append(0)
    assert board.by_zone == zones


def test_encoding_helpers_lay_out_blocks_and_one_hot_within_them():
    from theogony.core.encoding import layout, one_hot

    assert layout([("a", 2), ("b", 3), ("c", 1)]) == {"a": (0, 2), "b": (2, 3), "c": (5, 1)}
    out = [0.0] * 4
    one_hot(out, 1, 2, 3)
    one_hot(out, 0, None, 1)
    one_hot(out, 1, 3, 3)  # out of its block: ignored
    assert out == [0.0, 0.0, 0.0, 1.0]
