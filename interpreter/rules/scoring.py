"""Game-end scoring: the score pad's lines, science with wild symbols, copying, tie-break.

The lines are the pack's (`rules.score_lines`); the core fills military (tokens), treasury
(coins), science (symbols) and every card's points go on its colour's line through its hooks.
"""
from __future__ import annotations

from itertools import product
from typing import Any, Sequence

from dsl.model import DEFAULT_SCORE_LINES, Rules

from interpreter.rules.compiled import CCard
from interpreter.rules.counting import count, target_cities
from interpreter.rules.science import best_science
from interpreter.rules.city import City, Table

CATEGORIES = DEFAULT_SCORE_LINES  # the published score pad's lines (a pack may add its own)


def science_score(counts: Sequence[int], wilds: Sequence[tuple[int, ...]], set_bonus: int) -> int:
    """Squares per symbol plus the set bonus; each wild symbol takes whichever choice scores best
    (exact, in polynomial time however many wilds: interpreter/rules/science.py)."""
    if not wilds:  # the common case, inline: greedy bots call this for every candidate move
        return sum(n * n for n in counts) + set_bonus * min(counts) if counts else 0
    return best_science(counts, wilds, set_bonus, 0)[0]


def _science(counts: Sequence[int], wilds: Sequence[tuple[int, ...]], set_bonus: int,
             per_set: int) -> tuple[int, int]:
    """(science line, complete sets) for the wild choice that maximises the line plus
    `per_set` points per complete set (an effect paying per science set)."""
    return best_science(counts, wilds, set_bonus, per_set)


def _score_city(table: Table, seat: int, rules: Rules, extra: Sequence[CCard] = ()) -> dict[str, int]:
    city = table.cities[seat]
    pad = dict.fromkeys(rules.score_lines, 0)
    pad["military"] = sum(city.tokens)
    pad["treasury"] = city.coins // rules.treasury if rules.treasury else 0
    for kind, n in city.token_counts.items():  # the pack's token kinds (debt: -1 each, ...)
        token = rules.tokens.get(kind)
        vp = token.vp + city.shifts.get(f"token {kind}", 0) if token is not None and city.shifts else \
            token.vp if token is not None else 0
        if token is not None and vp:
            pad[token.line] = pad.get(token.line, 0) + vp * n
    if city.laws_placed and rules.tower is not None:  # law tiles placed on the tower
        pad[rules.tower.line] = pad.get(rules.tower.line, 0) + rules.tower.points_for(city.laws_placed)
    scorers = list(city.scorers)
    science, wilds = list(city.science), list(city.science_wild)
    for card in extra:  # cards copied at game end: scored as if built here
        scorers.extend((card.category, h) for h in card.effect.hooks if h.scores)
        for i, n in enumerate(card.effect.science):
            science[i] += n
        wilds.extend(card.effect.science_wild)
    for hand in rules.scored_hands:  # secret objectives: a hand's cards score their points
        scorers.extend((card.category, h) for card in city.hands.get(hand, ()) for h in card.effect.score_hooks)
    per_set = [(line, h) for line, h in scorers if h.science_set]
    bonus = rules.science_set_bonus + (city.shifts.get("science_set", 0) if city.shifts else 0)
    sci, sets = _science(science, wilds, bonus,
                         sum(h.amount for _, h in per_set))
    pad["science"] += sci
    for line, hook in scorers:
        if per_set and any(hook is h for _, h in per_set):
            pad[line] = pad.get(line, 0) + hook.amount * sets
        else:
            pad[line] = pad.get(line, 0) + hook.score(table, seat)
    pad["total"] = sum(v for k, v in pad.items() if k != "total")
    return pad


def copy_candidates(table: Table, seat: int) -> list[list[CCard]]:
    """For each of a city's copy-at-game-end powers, the neighbours' cards it may take."""
    city = table.cities[seat]
    out: list[list[CCard]] = []
    for colors, seats in city.copies:
        found: list[CCard] = []
        for other in target_cities(table, seat, seats):
            for card in other.cards:
                if card.color in colors and card not in found:
                    found.append(card)
        out.append(found)
    return out


def score_table(table: Table, rules: Rules) -> list[dict[str, Any]]:
    """The score pad of every city; copy powers pick the best cards for their owner (two
    powers never copy the same card)."""
    pads = []
    for seat in range(table.n):
        pad = _score_city(table, seat, rules)
        options = copy_candidates(table, seat)
        copied: list[CCard] = []
        if options:
            for combo in product(*[[None, *o] for o in options]):
                picked = [c for c in combo if c is not None]
                if len(set(map(id, picked))) != len(picked):
                    continue
                trial = _score_city(table, seat, rules, picked)
                if trial["total"] > pad["total"]:
                    pad, copied = trial, picked
            pad["copied"] = copied[0].name if len(copied) == 1 else (
                [c.name for c in copied] if copied else None)
        pads.append(pad)
    return pads


def winners(pads: list[dict[str, Any]], coins: list[int],
            unowned: frozenset[int] = frozenset()) -> list[int]:
    """Highest total; ties broken by most coins; a tie on coins is shared. A seat no player
    owns scores but cannot win: the winners are the best of the players."""
    best = max(p["total"] for i, p in enumerate(pads) if i not in unowned)
    tied = [i for i, p in enumerate(pads) if p["total"] == best and i not in unowned]
    most = max(coins[i] for i in tied)
    return [i for i in tied if coins[i] == most]


def city_scores(cities: list[City], table: Table, rules: Rules) -> dict[str, Any]:
    pads = score_table(table, rules)
    players = []
    for city, pad in zip(cities, pads):
        players.append({"name": city.name, **{k: pad[k] for k in (*rules.score_lines, "total")},
                        **({"copied": pad["copied"]} if "copied" in pad else {}),
                        **({"free_city": True} if city.unowned else {})})
    unowned = frozenset(i for i, c in enumerate(cities) if c.unowned)
    coins = [c.coins for c in cities]
    teams = partners(rules.teams, len(cities)) if not unowned else []
    if not teams:
        return {"players": players, "winners": winners(pads, coins, unowned)}
    for k, team in enumerate(teams):
        for seat in team:
            players[seat]["team"] = k
    return {"players": players, "teams": [{"seats": list(t), "total": sum(pads[s]["total"] for s in t)}
                                          for t in teams],
            "winners": team_winners(pads, coins, teams)}


def partners(teams: str, n: int) -> list[tuple[int, int]]:
    """The teams of two of the team variant (`rules: teams`), at an even count from 4
    players (the rulebook's 4, 6 or 8): seats side by side (0-1, 2-3, ...) or across the table
    (seat i with seat i + n/2). None at other counts: each plays for itself."""
    if not teams or n < 4 or n % 2:
        return []
    if teams == "neighbours":
        return [(i, i + 1) for i in range(0, n, 2)]
    return [(i, i + n // 2) for i in range(n // 2)]


def team_winners(pads: list[dict[str, Any]], coins: list[int], teams: list[tuple[int, int]]) -> list[int]:
    """Both partners of the team with the highest total of their two scores win; a tie is broken
    by the team's coins together (the base game's tie-break, per team); a tie on coins is shared."""
    totals = [sum(pads[s]["total"] for s in t) for t in teams]
    tied = [k for k, t in enumerate(totals) if t == max(totals)]
    money = {k: sum(coins[s] for s in teams[k]) for k in tied}
    return sorted(s for k in tied if money[k] == max(money.values()) for s in teams[k])


__all__ = ["science_score", "score_table", "city_scores", "winners", "partners", "team_winners",
           "copy_candidates", "count"]
