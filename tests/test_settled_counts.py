"""`science most`, `science swap` (wilds settled from the city's other symbols at game end) and
`per point of victory pairs`.
Expectations computed by hand: a science line is the sum of squares plus 7 per complete set."""
from __future__ import annotations

import pytest

from interpreter.rules.counting import Counter, in_city, science_sets
from interpreter.rules.science import MOST, SWAP, best_science, science_score

ANY = (0, 1, 2)


@pytest.mark.parametrize("counts,wilds,line", [
    ((2, 2, 1), [(MOST,)], 9 + 4 + 1 + 7),        # the most is a gear or compass: 3,2,1
    ((2, 2, 1), [ANY], 4 + 4 + 4 + 14),           # `any` would fill the set instead: 2,2,2
    ((3, 1, 1), [(MOST,)], 16 + 1 + 1 + 7),       # one more of the three: 4,1,1
    ((0, 0, 0), [(MOST,)], 1),                    # no symbol: every kind ties at 0, one symbol
    ((1, 1, 0), [ANY, (MOST,)], 4 + 1 + 1 + 7),   # the wild completes the set, then a tie: 2,1,1
    ((3, 1, 0), [(SWAP,)], 16),                   # the lone gear becomes a compass: 4,0,0
    ((2, 2, 0), [(SWAP,)], 4 + 1 + 1 + 7),        # a compass becomes a tablet: 1,2,1 -> 13 > 8
    ((0, 0, 0), [(SWAP,)], 0),                    # nothing to swap
    # most makes 3,0,0; a swap then gives 2,1,0 (5) or keeps 3,0,0 (a symbol may become
    # itself); swap first: 1,1,0 then most 2,1,0 (5): the best is 9
    ((2, 0, 0), [(SWAP,), (MOST,)], 9),
])
def test_settled_symbols_score_best(counts: tuple, wilds: list, line: int) -> None:
    assert science_score(counts, wilds, 7) == line


def test_most_counts_wild_symbols_as_chosen_and_settles_with_the_sets_paid() -> None:
    # 1,1,0 and `most` alone: the most is a compass or gear (2,1,0: 5), never the tablet
    assert best_science((1, 1, 0), [(MOST,)], 7, 0) == (5, 0)
    # paid 10 per set: a swap making 1,1,1 out of 2,1,0 is worth 3 + 7 + 10 > 5
    assert best_science((2, 1, 0), [(SWAP,)], 7, 10) == (10, 1)


class _City:
    def __init__(self, science: list[int], wild: list[tuple[int, ...]]):
        self.science, self.science_wild = science, wild


def test_science_sets_counts_a_swap_that_completes_a_set() -> None:
    assert science_sets(_City([3, 1, 0], [(SWAP,)])) == 1    # 2,1,1
    assert science_sets(_City([1, 1, 0], [(MOST,)])) == 0    # the tablet is not the most
    assert science_sets(_City([1, 1, 0], [ANY])) == 1        # unchanged for `any`


class _Tokens:
    def __init__(self, tokens: list[int]):
        self.tokens = tokens


@pytest.mark.parametrize("tokens,points", [
    ([5, 5, 3, 1, 1, 1, -1], 5 + 1),   # a pair of 5s, a pair of 1s (the third 1 is alone)
    ([5, 5, 5, 5], 10),                # two pairs of 5s
    ([1, 3, 5], 0),                    # no two alike
    ([-1, -1], 0),                     # defeats are not victories
])
def test_points_of_victory_pairs(tokens: list[int], points: int) -> None:

    assert in_city(_Tokens(tokens), Counter("victory_pair", (), (0,), 1)) == points
