"""STATE documents: cities described as JSON, rebuilt into a table that can be scored or priced."""
from __future__ import annotations

import difflib
import json
from pathlib import Path
from typing import Any

from .compiled import CompiledPack
from .state import City, Table


class StateError(Exception):
    """A STATE document that cannot be used; the message says where and why."""


def _suggest(name: str, known: list[str]) -> str:
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _expect(p: dict[str, Any], key: str, kind: type, where: str, required: bool = True) -> None:
    if key not in p:
        if required:
            raise StateError(f"{where}: '{key}' is missing")
        return
    if not isinstance(p[key], kind):
        raise StateError(f"{where}: '{key}' must be {'text' if kind is str else kind.__name__}, "
                         f"not {p[key]!r}")


def read_state(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise StateError(f"{path}: file not found") from None
    except json.JSONDecodeError as err:
        raise StateError(f"{path}:{err.lineno}:{err.colno}: not valid JSON: {err.msg}") from None
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise StateError(f"{path}: expected an object with a 'players' list")
    if "pack" in data and not isinstance(data["pack"], (str, type(None))):
        raise StateError(f"{path}: 'pack' must be a pack name or folder, not {data['pack']!r}")
    return data


def build_table(state: dict[str, Any], cp: CompiledPack) -> Table:
    """The cities of a STATE document, in seating order (left of i is i+1)."""
    players = state["players"]
    rules = cp.rules
    if not rules.min_players <= len(players) <= rules.max_players:
        raise StateError(f"{len(players)} players; this pack plays {rules.min_players} to "
                         f"{rules.max_players}")
    cities = []
    card_names = sorted({c.name for c in cp.cards})
    for i, p in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise StateError(f"{where}: expected an object")
        _expect(p, "name", str, where, required=False)
        _expect(p, "wonder", str, where)
        _expect(p, "side", str, where, required=False)
        wonder, side = p.get("wonder"), str(p.get("side", "A"))
        if (wonder, side) not in cp.sides:
            if wonder not in cp.wonders:
                raise StateError(f"{where}: no wonder '{wonder}'{_suggest(str(wonder), list(cp.wonders))}")
            raise StateError(f"{where}: wonder '{wonder}' has no side '{side}'")
        city = City(i, str(p.get("name", f"P{i + 1}")), cp.sides[(wonder, side)], cp)
        stages = p.get("stages", 0)
        if not _is_int(stages) or not 0 <= stages <= len(city.side.stages):
            raise StateError(f"{where}: stages must be 0..{len(city.side.stages)}, not {stages!r}")
        for _ in range(stages):
            city.build_stage()
        cards = p.get("cards", [])
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise StateError(f"{where}: cards must be a list of card names")
        for name in cards:
            matches = [c for c in cp.cards if c.name == name]
            if not matches:
                raise StateError(f"{where}: no card named '{name}'{_suggest(str(name), card_names)}")
            if name in city.names:
                raise StateError(f"{where}: '{name}' is built twice (a city never has two buildings "
                                 "of the same name)")
            city.build_card(matches[0])
        coins = p.get("coins", rules.starting_coins)
        if not _is_int(coins) or coins < 0:
            raise StateError(f"{where}: coins must be a whole number >= 0, not {coins!r}")
        city.coins = coins
        tokens = p.get("tokens", [])
        if not isinstance(tokens, list) or not all(_is_int(t) for t in tokens):
            raise StateError(f"{where}: tokens must be a list of whole numbers")
        city.tokens = list(tokens)
        _hands_and_copies(p, where, city, cp)
        cities.append(city)
    return Table(cities, rules.ages)


def _hands_and_copies(p: dict[str, Any], where: str, city: City, cp: CompiledPack) -> None:
    """Second hands (cards of declared decks held, not played) and cards copied whole."""
    hands = p.get("hands", {})
    if not isinstance(hands, dict):
        raise StateError(f"{where}: hands must be an object of hand name -> card names")
    for hand, names in hands.items():
        if hand not in cp.rules.decks:
            raise StateError(f"{where}: hands: no deck '{hand}' in this pack"
                             f"{_suggest(str(hand), list(cp.rules.decks))}")
        if not isinstance(names, list) or not all(isinstance(c, str) for c in names):
            raise StateError(f"{where}: hands.{hand} must be a list of card names")
        deck = {c.name: c for c in cp.cards if c.deck == hand}
        for name in names:
            if name not in deck:
                raise StateError(f"{where}: hands.{hand}: no card '{name}' in the deck '{hand}'"
                                 f"{_suggest(name, sorted(deck))}")
            city.hands.setdefault(hand, []).append(deck[name])
    kinds = p.get("token_kinds", {})
    if not isinstance(kinds, dict):
        raise StateError(f"{where}: token_kinds must be an object of token kind -> count")
    for kind, n in kinds.items():
        if kind not in cp.rules.tokens:
            declared = list(cp.rules.tokens)
            raise StateError(f"{where}: token_kinds: no token kind '{kind}' in this pack"
                             + (f" (kinds: {', '.join(declared)})" if declared else "")
                             + _suggest(str(kind), declared))
        if not _is_int(n) or n < 0:
            raise StateError(f"{where}: token_kinds.{kind} must be a whole number >= 0, not {n!r}")
        if n:
            city.token_counts[kind] = n
    copied = p.get("copied", [])
    if not isinstance(copied, list) or not all(isinstance(c, str) for c in copied):
        raise StateError(f"{where}: copied must be a list of card names")
    for name in copied:
        matches = [c for c in cp.cards if c.name == name]
        if not matches:
            raise StateError(f"{where}: copied: no card named '{name}'"
                             f"{_suggest(name, sorted({c.name for c in cp.cards}))}")
        city.copied_now.append(matches[0])
        city.add(matches[0].effect, matches[0].category, matches[0].id)
