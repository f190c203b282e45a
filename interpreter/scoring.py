"""Game-end scoring: the score pad's lines, science with wild symbols, guild copying, tie-break."""
from __future__ import annotations

from typing import Any, Sequence

from dsl.model import Rules
from dsl.rules import SCORE_LINES

from .compiled import CCard
from .science import science_score as _science_score
from .state import City, Table

CATEGORIES = SCORE_LINES  # the score pad's lines, as the pack rules name them


def science_score(counts: Sequence[int], wilds: Sequence[tuple[int, ...]], set_bonus: int) -> int:
    """Squares per symbol plus the set bonus; each wild symbol takes whichever choice scores best
    (exact, in polynomial time however many wilds: interpreter/science.py)."""
    if not wilds:  # the common case, inline: greedy bots call this for every candidate move
        return sum(n * n for n in counts) + set_bonus * min(counts) if counts else 0
    return _science_score(counts, wilds, set_bonus)


def _vp_of(table: Table, seat: int, contribution: Any) -> int:
    total = contribution.vp
    for amount, counter in contribution.vp_per:
        total += amount * table.count(seat, counter)
    return total


def _score_city(table: Table, seat: int, rules: Rules, extra: CCard | None = None,
                game: Any = None) -> dict[str, int]:
    city = table.cities[seat]
    pad = dict.fromkeys(CATEGORIES, 0)
    pad["military"] = sum(city.tokens)
    pad["treasury"] = city.coins // rules.treasury if rules.treasury else 0
    effects = list(city.vp_effects)
    science, wilds = list(city.science), list(city.science_wild)
    if extra is not None:  # a copied card (Olympia B): scored as if built here
        effects.append((extra.category, extra.effect))
        for i, n in enumerate(extra.effect.science):
            science[i] += n
        wilds.extend(extra.effect.science_wild)
    for category, contribution in effects:
        pad[category] = pad.get(category, 0) + _vp_of(table, seat, contribution)
        for handler, args in contribution.plugins:
            score = getattr(handler, "score", None)
            if score is not None:
                pad[category] += int(score(table, seat, args))
    pad["science"] += science_score(science, wilds, rules.science_set_bonus)
    pad["total"] = sum(v for k, v in pad.items() if k != "total")
    return pad


def copy_candidates(table: Table, seat: int) -> list[CCard]:
    """Cards a city's `copy` powers may take from its neighbours."""
    city = table.cities[seat]
    trio = table.around(seat)
    out: list[CCard] = []
    for colors, seats in city.copies:
        for s in seats:
            for card in trio[s].cards:
                if card.color in colors and card not in out:
                    out.append(card)
    return out


def score_table(table: Table, rules: Rules, game: Any = None) -> list[dict[str, Any]]:
    """The score pad of every city; a copy power picks the best card for its owner."""
    pads = []
    for seat in range(table.n):
        pad = _score_city(table, seat, rules, None, game)
        copied = None
        for card in copy_candidates(table, seat):
            trial = _score_city(table, seat, rules, card, game)
            if trial["total"] > pad["total"]:
                pad, copied = trial, card
        if table.cities[seat].copies:
            pad["copied"] = copied.name if copied else None
        pads.append(pad)
    return pads


def winners(pads: list[dict[str, Any]], coins: list[int]) -> list[int]:
    """Highest total; ties broken by most coins; a tie on coins is shared."""
    best = max(p["total"] for p in pads)
    tied = [i for i, p in enumerate(pads) if p["total"] == best]
    most = max(coins[i] for i in tied)
    return [i for i in tied if coins[i] == most]


def city_scores(cities: list[City], table: Table, rules: Rules, game: Any = None) -> dict[str, Any]:
    pads = score_table(table, rules, game)
    players = []
    for city, pad in zip(cities, pads):
        players.append({"name": city.name, **{k: pad[k] for k in (*CATEGORIES, "total")},
                        **({"copied": pad["copied"]} if "copied" in pad else {})})
    return {"players": players, "winners": winners(pads, [c.coins for c in cities])}
