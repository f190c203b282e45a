"""'Whose city' and 'what is counted', resolved in one place for every effect that counts.

A Counter is a compiled `per` clause. Seats are codes relative to the owner: 0 self,
1 left, 2 right (the order of Table.around), 3-6 a chosen neighbour, 7 every other city,
FAR_LEFT + N / FAR_RIGHT + N the seat N seats round the ring (`2 seats left`; the pack check
keeps it strictly nearer that way, never the owner or a neighbour). Counting never looks at an
effect's word.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dsl.ast import seat_distance, seat_side

from interpreter.rules.science import best_science

SEAT_OF = {"self": 0, "left": 1, "right": 2,  # and the neighbours chosen when counted:
           "richer": 3, "poorer": 4, "stronger": 5, "weaker": 6,
           "others": 7}  # every city but the owner's (dsl effects.lark: target)
OTHERS = 7
FAR_LEFT, FAR_RIGHT = 100, 200  # + the distance: `N seats left|right` (dsl.ast.seat_distance)


def seat_code(side: str) -> int | None:
    """The code of one side string, None for a side that names no seat (`bank`)."""
    far = seat_distance(side)
    if far is not None:
        return (FAR_LEFT if far[1] == "left" else FAR_RIGHT) + far[0]
    return SEAT_OF.get(side)


def side_of(code: int) -> str:
    """The side string of a code 0-7 or N seats away (seat_code's inverse)."""
    if code >= FAR_LEFT:
        return seat_side(code % 100, "left" if code < FAR_RIGHT else "right")
    return next(s for s, c in SEAT_OF.items() if c == code)


def seats_of(sides: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(c for c in map(seat_code, sides) if c is not None)


def far_seat(seat: int, code: int, n: int) -> int:
    """The seat a code FAR_LEFT + N or FAR_RIGHT + N names from `seat` at a table of `n`."""
    return (seat + code - FAR_LEFT) % n if code < FAR_RIGHT else (seat - (code - FAR_RIGHT)) % n


@dataclass(frozen=True)
class Counter:
    """What to count (see dsl.ast.Counted) and in which cities; `every` groups the count."""

    what: str
    colors: tuple[int, ...] = ()  # colour indexes ("card": all colours when any; "set": the set)
    seats: tuple[int, ...] = (0,)
    every: int = 1
    token: str = ""  # the token kind, for "token"
    resource: int = -1  # the resource index, for "produced"
    stage: int = -1  # the owner's wonder stage this is on, for "tucked" (its card's colour)


@dataclass(frozen=True)
class PickSeats:
    """A target chosen by a count as the effect applies (dsl.ast.Pick, compiled): `how` is
    "most" / "fewest" (a neighbour; tie: the left one), "none" or "at_least" (every city passing,
    the owner's first unless `other`, then leftwards round the table)."""

    how: str
    counter: Counter
    at_least: int = 0
    other: bool = False


def as_pick(code: int) -> PickSeats:
    """A chosen neighbour (codes 3-6: richer, poorer, stronger, weaker) as the count-chosen target
    that names the same neighbour (the left one on a tie): by coins or shields, most or fewest."""
    return PickSeats("most" if code in (3, 5) else "fewest", Counter("coin" if code < 5 else "shield", seats=()))


def target_cities(table: Any, seat: int, codes: tuple[Any, ...]) -> list[Any]:
    """The cities a target names from `seat` now (seats_at), each once, in the order written."""
    return [table.cities[s] for s in seats_at(table, seat, codes)]


def _picked(table: Any, seat: int, pick: PickSeats) -> list[int]:
    """The seats a count-chosen target names now."""
    if pick.how in ("most", "fewest"):
        trio = table.around(seat)
        a, b = _in_city(trio[1], pick.counter), _in_city(trio[2], pick.counter)
        if a == b or (a > b) == (pick.how == "most"):
            return [trio[1].seat]
        return [trio[2].seat]
    n = table.n
    seats = [(seat + k) % n for k in range(1 if pick.other else 0, n)]
    low = 1 if pick.how == "none" else pick.at_least
    cities = table.cities
    return [s for s in seats if (_in_city(cities[s], pick.counter) >= low) != (pick.how == "none")]


def _in_city(city: Any, counter: Counter) -> int:
    what = counter.what
    if what == "card":
        cc = city.color_counts
        return sum(cc[c] for c in counter.colors)
    if what == "wonder_stage":
        return city.stages_built
    if what == "defeat":
        return city.defeats
    if what == "victory":
        return city.victories
    if what == "victory_pair":  # each pair of victory tokens of one value: that value once
        values = sorted(t for t in city.tokens if t > 0)
        return sum(v * (values.count(v) // 2) for v in set(values))
    if what == "coin":
        return city.coins
    if what == "set":
        cc = city.color_counts
        return min(cc[c] for c in counter.colors) if counter.colors else 0
    if what == "science_set":
        return science_sets(city)
    if what == "token":
        return city.token_counts.get(counter.token, 0)
    if what == "produced":  # what its neighbours may buy of it: either/or cards count one
        return city.trade_count[counter.resource]
    if what == "shield":  # only a target chosen by a count counts shields
        return city.shields
    raise ValueError(f"cannot count '{what}'")


def in_city(city: Any, counter: Counter) -> int:
    """How many of what `counter` counts one city holds (its seats aside): for comparing cities."""
    return _in_city(city, counter)


def science_sets(city: Any) -> int:
    """Complete sets of science symbols, wild symbols placed where they make the most sets."""
    if any(w[0] < 0 for w in city.science_wild if w):  # `science most|swap`: settled exactly
        return best_science(city.science, city.science_wild, 0, 1 << 20)[1]
    counts = sorted(city.science)
    for _ in city.science_wild:  # each wild raises the lowest count (a set needs every symbol)
        counts[0] += 1
        counts.sort()
    return counts[0] if counts else 0


def _chosen(left: Any, right: Any, code: int) -> Any:
    """The neighbour a code 3-6 names now: richer, poorer (coins), stronger, weaker (shields);
    on a tie, the left one."""
    if code in (3, 4):
        a, b = left.coins, right.coins
    else:
        a, b = left.shields, right.shields
    if a == b:
        return left
    more = a > b
    return left if more == (code in (3, 5)) else right


def seats_at(table: Any, seat: int, codes: tuple[int, ...]) -> list[int]:
    """The seats a target's codes name from `seat` now, each once, in the order written
    (others: leftwards round the table); a chosen neighbour is chosen as this is asked."""
    n = table.n
    out: list[int] = []
    for code in codes:
        if isinstance(code, PickSeats):
            got = _picked(table, seat, code)
        elif code == OTHERS:
            got = [(seat + k) % n for k in range(1, n)]
        elif code >= FAR_LEFT:
            got = [far_seat(seat, code, n)]
        elif code >= 3:
            trio = table.around(seat)
            got = [_chosen(trio[1], trio[2], code).seat]
        else:
            got = [seat if code == 0 else (seat + 1) % n if code == 1 else (seat - 1) % n]
        out += [s for s in got if s not in out]
    return out


def fixed_cities(table: Any, seat: int, codes: tuple[int, ...]) -> list[Any]:
    """The city each fixed code (self, left, right, N seats away) names from `seat`, in order."""
    trio = table.around(seat)
    return [trio[c] if c < 3 else table.cities[far_seat(seat, c, table.n)] for c in codes]


def _cities(table: Any, trio: Any, code: int) -> list[Any]:
    """The cities one seat code counts in: one, or every other city for `others`."""
    if code < 3:
        return [trio[code]]
    if code == OTHERS:
        return [c for c in table.cities if c is not trio[0]]
    if code >= FAR_LEFT:
        return [table.cities[far_seat(trio[0].seat, code, table.n)]]
    return [_chosen(trio[1], trio[2], code)]


def count(table: Any, seat: int, counter: Counter) -> int:
    """How many of what `counter` counts, over its cities, in whole groups of `every`."""
    if counter.what == "age":
        total = table.age
    elif counter.what == "tucked":  # cards of the colour of the card under the owner's stage
        trio = table.around(seat)
        card = trio[0].under.get(counter.stage)
        total = 0 if card is None else sum(
            c.color_counts[card.color] for s in counter.seats for c in _cities(table, trio, s))
    else:
        trio = table.around(seat)
        total = 0
        for s in counter.seats:
            if s < 3:
                total += _in_city(trio[s], counter)
            else:
                for c in _cities(table, trio, s):
                    total += _in_city(c, counter)
    return total // counter.every if counter.every > 1 else total
