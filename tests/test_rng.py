"""The portable random streams: published known answers, and the draws' contracts."""
from __future__ import annotations

from collections import Counter

import pytest

from interpreter.game.rng import Stream, fnv1a


def test_splitmix64_known_answers():
    # the reference splitmix64 (Vigna) seeded with 0 starts with these three outputs
    s = Stream(0)
    assert [s.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4,
                                              0x06C45D188009454F]


def test_fnv1a_known_answers():
    assert fnv1a("") == 0xCBF29CE484222325
    assert fnv1a("a") == 0xAF63DC4C8601EC8C


def test_labels_make_independent_streams():
    a, b = Stream(7, "deal"), Stream(7, "bot:0")
    assert [a.next64() for _ in range(4)] != [b.next64() for _ in range(4)]
    assert [Stream(7, "deal").next64() for _ in range(2)] == [Stream(7, "deal").next64()] * 2


def test_randrange_is_uniform_and_in_range():
    s = Stream(3)
    counts = Counter(s.randrange(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())
    with pytest.raises(ValueError):
        s.randrange(0)


def test_shuffle_and_sample_keep_the_items():
    s = Stream(11, "x")
    items = list(range(20))
    s.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    got = s.sample(range(10), 4)
    assert len(set(got)) == 4 and all(0 <= g < 10 for g in got)


def test_copy_replays_and_fork_differs():
    s = Stream(5)
    c = s.copy()
    assert [s.randrange(100) for _ in range(5)] == [c.randrange(100) for _ in range(5)]
    f = s.fork("search:1")
    assert f.state != s.state
