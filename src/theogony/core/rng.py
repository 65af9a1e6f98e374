"""A small seeded random number generator whose whole state is two integers.

PCG32 (O'Neill, 2014): fast in pure Python, trivially cloned and serialised, identical on every
machine. Every chance event of a game (dice, shuffles, draws) goes through the state's own `Rng`.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005


class Rng:
    __slots__ = ("state", "inc")

    def __init__(self, seed: int = 0, stream: int = 54) -> None:
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self.next32()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self.next32()

    @classmethod
    def from_state(cls, state: int, inc: int) -> Rng:
        rng = cls.__new__(cls)
        rng.state = state
        rng.inc = inc
        return rng

    def clone(self) -> Rng:
        rng = Rng.__new__(Rng)
        rng.state = self.state
        rng.inc = self.inc
        return rng

    def to_json(self) -> list[int]:
        return [self.state, self.inc]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Rng:
        if (
            not isinstance(data, (list, tuple))
            or len(data) != 2
            or not all(isinstance(x, int) and 0 <= x <= _MASK64 for x in data)
        ):
            raise ValueError(f"an RNG state is two unsigned 64-bit integers, got {data!r}")
        return cls.from_state(data[0], data[1])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.state == other.state and self.inc == other.inc

    def __repr__(self) -> str:
        return f"Rng(state={self.state}, inc={self.inc})"

    def next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def bits64(self) -> int:
        return (self.next32() << 32) | self.next32()

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        if n <= 0x100000000:
            threshold = (0x100000000 - n) % n
            while True:
                r = self.next32()
                if r >= threshold:
                    return r % n
        bits = n.bit_length()
        while True:
            r = self.bits64() >> (64 - bits) if bits <= 64 else self._bigbits(bits)
            if r < n:
                return r

    def _bigbits(self, bits: int) -> int:
        r = 0
        for _ in range((bits + 31) // 32):
            r = (r << 32) | self.next32()
        return r >> ((-bits) % 32)

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        return (self.bits64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def weighted(self, items: Sequence[T], weights: Sequence[float]) -> T:
        """One item, each with probability proportional to its (non-negative) weight."""
        if not items or len(items) != len(weights):
            raise ValueError(f"weighted() needs as many weights as items, got {len(weights)} for {len(items)}")
        if any(w < 0 for w in weights) or not sum(weights) > 0:
            raise ValueError(f"weighted() needs non-negative weights with a positive sum, got {list(weights)}")
        point = self.random() * sum(weights)
        for item, w in zip(items, weights):
            point -= w
            if point < 0:
                return item
        return next(item for item, w in zip(reversed(items), reversed(weights)) if w > 0)

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        if k > len(pool):
            raise ValueError(f"cannot sample {k} from {len(pool)} items")
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (used to reseed determinizations)."""
        return Rng(self.bits64(), stream=self.next32())
