"""Random streams that any core can reproduce bit for bit.

Every random draw of a game comes from a named stream: the deal ("deal"), each seat's bot
("bot:2"), each seat's search ("search:2"). Streams are independent, so a bot's thinking never
changes the deal. The algorithm is splitmix64 with plain rejection sampling, chosen because it
is a dozen lines in any language: a native core draws exactly the same numbers from the same
seed and label (docs/bots.md, "Random streams").
"""
from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def fnv1a(text: str) -> int:
    """64-bit FNV-1a of the label's UTF-8 bytes: how a label becomes part of the seed."""
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & MASK
    return h


def mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class Stream:
    """splitmix64: state += golden; output = mix(state). Seeded by (seed mod 2^64) and a label."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, label: str = "") -> None:
        self.state = (seed & MASK) ^ (mix(fnv1a(label)) if label else 0)

    def next64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        return mix(self.state)

    def randrange(self, n: int) -> int:
        """Uniform in [0, n): the top k bits of an output, k = bits of n-1, rejected until < n."""
        if n <= 1:
            if n == 1:
                return 0
            raise ValueError("empty range")
        k = (n - 1).bit_length()
        shift = 64 - k
        while True:
            r = self.next64() >> shift
            if r < n:
                return r

    def randint(self, a: int, b: int) -> int:
        return a + self.randrange(b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates from the end: for i = n-1 .. 1, swap i with randrange(i + 1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        """k distinct items: a partial Fisher-Yates from the front on a copy."""
        pool = list(population)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError("sample larger than population")
        for i in range(k):
            j = i + self.randrange(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def copy(self) -> "Stream":
        s = Stream.__new__(Stream)
        s.state = self.state
        return s

    def fork(self, label: str) -> "Stream":
        """A new independent stream from this one's state and a label (for a search's playouts)."""
        return Stream(self.next64(), label)
