"""Rules numbers as they stand: the pack's value plus every change in force.

A change comes from a built card (`rule sell_coins +1`, held while the card is in its city)
or a visible law tile of the tower (held for every city). The changes in force are summed at
the start of each turn and before each conflict (`refresh`), so a card built or a tile placed
this turn changes the rules from the next turn on, and the moves offered, the payments made
and the sales paid in one turn all read the same numbers. Sums do not depend on order.
"""
from __future__ import annotations

from typing import Any, Iterable

from interpreter.rules.counting import FAR_LEFT, OTHERS, far_seat
from interpreter.rules.city import LEFT, City, Table, intern


def shifts_of(table: Table, laws: Iterable[tuple[str, int]] = ()) -> list[dict[str, int]]:
    """Each city's changes in force, summed by rules number."""
    n = table.n
    out: list[dict[str, int]] = [{} for _ in range(n)]
    for city in table.cities:
        for rule, amount, seats in city.rule_changes:
            if rule == "pass":  # the passing is the whole table's: every city holds the same sum
                for got in out:
                    got[rule] = got.get(rule, 0) + amount
                continue
            for code in seats:
                if code == OTHERS:  # every city but this one
                    for seat in range(n):
                        if seat != city.seat:
                            out[seat][rule] = out[seat].get(rule, 0) + amount
                    continue
                seat = city.seat if code == 0 else (city.seat + 1) % n if code == LEFT else \
                    far_seat(city.seat, code, n) if code >= FAR_LEFT else (city.seat - 1) % n
                out[seat][rule] = out[seat].get(rule, 0) + amount
    laws = list(laws)
    if laws:
        for got in out:
            for rule, amount in laws:
                got[rule] = got.get(rule, 0) + amount
    return out


def shift_prices(city: City, old: int, new: int) -> None:
    """Move every price the city pays its neighbours by the change of `trade_price`."""
    d = new - old
    if not d:
        return
    for side in (1, 2):
        row = city.prices[side]
        city.prices[side] = [p + d for p in row]
    city.price_id = intern((tuple(city.prices[1]), tuple(city.prices[2])))


def refresh(table: Table, laws: Iterable[tuple[str, int]] = ()) -> None:
    """Put the changes in force now into every city (`shifts`, and its trade prices)."""
    for city, new in zip(table.cities, shifts_of(table, laws)):
        if new != city.shifts:
            shift_prices(city, city.shifts.get("trade_price", 0), new.get("trade_price", 0))
            city.shifts = new


def value(rules: Any, city: City, name: str) -> int:
    """A rules number for one city now (victory: the token of this age, given as `base`)."""
    return getattr(rules, name) + city.shifts.get(name, 0)


def farther(step: int, shifts: dict[str, int]) -> int:
    """An age's passing step (seats, + to the left) with `rule pass` changes: the distance
    grows or shrinks, and below 0 the hands pass the other way (validate refuses a distance of 0). A pass
    change holds for the whole table, wherever its card is (shifts_of), so any city's sum is
    the table's."""
    far = abs(step) + shifts.get("pass", 0)
    return far if step > 0 else -far


def pack_changes_rules(cp: Any) -> bool:
    """Whether any card, board, stage, track step or shared project of the pack changes a
    rules number (else the game never sums changes; the native core asks the same of every
    hook it lowers). A track step's `rule pass +2 for all` was summed natively and never in
    Python: the fuzzer's packs parted on the hands passed."""
    effects: list[Any] = [c.effect for c in cp.cards]
    for side in cp.sides.values():
        effects.append(side.board)
        effects.extend(s.effect for s in side.stages)
    effects.extend(step for t in cp.tracks for step in t.steps)
    effects.extend(e for p in cp.projects for e in (p.card.effect, p.penalty))
    return any(getattr(h, "changes_rules", False) or getattr(h, "holds_rules", False)  # (a duration's)
               for e in effects for h in e.hooks)


def law_refusal(city: City, tile: int, paid: bool) -> str:
    """Why placing law tile `tile` is refused ("" when it may be placed)."""
    if not city.laws:
        return "no law tile to place (the pack has no tower, or every tile of this city is placed)"
    if tile not in city.laws:
        return f"this city holds no law tile #{tile} (it holds {', '.join(map(str, sorted(city.laws)))})"
    return "placing a law takes no payment" if paid else ""
