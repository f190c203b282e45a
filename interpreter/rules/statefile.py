"""STATE documents: cities described as JSON, rebuilt into a table that can be scored or priced.

STATE files are strict: unknown and duplicate keys are errors (with a suggestion), so are
states the rules cannot reach (a wonder played twice, more copies of a card than the deck
holds, token values the rules never give), and the file's size and nesting are bounded.
Every problem is reported at once.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from dsl.limits import LIMITS
from dsl.safeio import ReadProblem, printable, read_bounded, short
from dsl.text_errors import did_you_mean as _suggest

from interpreter.rules.copied_stages import seat_sides
from interpreter.rules.compiled import CompiledPack
from interpreter.rules.durations import expire
from interpreter.rules.gifts import refresh_gifts
from interpreter.rules.laws import refresh
from interpreter.rules.tower_state import read_tower, token_values
from interpreter.rules.city import City, Table
from interpreter.rules.gained import read_points

TOP_KEYS = ("pack", "players", "tower", "projects")  # projects: interpreter/rules/state_projects.py
PLAYER_KEYS = ("name", "wonder", "side", "stages", "cards", "coins", "tokens", "hands", "token_kinds", "tracks", "copied",
               "free_city", "winner", "under", "laws", "points")
MAX_COINS = 1_000_000


class StateError(Exception):
    """A STATE document that cannot be used; the message says where and why (one line each)."""


def _stages(stages: Any, city: City, where: str, problems: list[str]) -> None:
    """Build the stages a player's `stages` names: a number (the first N, in the printed order)
    or, on a side whose stages are built in any order, a list of stage numbers (1-based)."""
    n = len(city.side.stages)
    if isinstance(stages, list) and city.side.any_order:
        if not all(_is_int(k) and 1 <= k <= n for k in stages) or len(set(stages)) != len(stages):
            problems.append(f"{where}: stages must list distinct stage numbers 1..{n}, not {short(stages)}")
            return
        for k in stages:
            city.build_stage(k - 1)
        return
    if not _is_int(stages) or not 0 <= stages <= n:
        more = " (or a list of stage numbers: its stages are built in any order)" if city.side.any_order else ""
        problems.append(f"{where}: stages must be 0..{n}{more}, not {short(stages)}")
        return
    blocked = [st.blocked for st in city.side.stages[:stages] if st.blocked]
    if blocked:  # a stage copying a neighbour's that is not there
        problems.append(f"{where}: {blocked[0]}: it cannot have been built")
        return
    for _ in range(stages):
        city.build_stage()


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _nesting(text: str, path: str, what: str = "a STATE file", depth_limit: int = LIMITS.state_depth) -> None:
    """Refuse deep nesting before the JSON parser (which recurses per level) sees it."""
    depth = 0
    for m in _TOKENS.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > depth_limit:
                line = text.count("\n", 0, m.start()) + 1
                col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
                needs = "a STATE file needs 4" if what == "a STATE file" else f"{what} needs fewer"
                raise StateError(f"{path}:{line}:{col}: nested more than {depth_limit} levels "
                                 f"deep ({needs})")
        elif c in "]}":
            depth -= 1


def _key_position(text: str, key: str, nth: int) -> str:
    """line:column of the nth (1-based) occurrence of "key": in the text, if found."""
    found = [m.start() for m in re.finditer(re.escape(json.dumps(key)) + r"\s*:", text)]
    if len(found) < nth:
        return ""
    at = found[nth - 1]
    return f"{text.count(chr(10), 0, at) + 1}:{at - (text.rfind(chr(10), 0, at) + 1) + 1}:"


def read_json(path: str, what: str = "a STATE file", limit: int = LIMITS.state_bytes,
              depth: int = LIMITS.state_depth) -> Any:
    """A JSON document from an untrusted file: bounded in size and nesting, no FIFO or device,
    numbers of a sane size, duplicate keys refused; every problem a StateError naming the file."""
    data, duplicates, text = _read_json(path, what, limit, depth)
    if duplicates:
        raise StateError("\n".join(_duplicate_lines(path, text, duplicates)))
    return data


def _read_json(path: str, what: str, limit: int, depth: int) -> tuple[Any, list[str], str]:
    try:
        text = read_bounded(Path(path), None, limit)
    except FileNotFoundError:
        raise StateError(f"{path}: file not found") from None
    except ReadProblem as err:
        raise StateError(f"{path}: {err}") from None
    except OSError as err:
        raise StateError(f"{path}: cannot read file: {err.strerror or err}") from None
    _nesting(text, path, what, depth)
    duplicates: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                duplicates.append(k)
            out[k] = v
        return out

    def number(s: str) -> int:
        if len(s.lstrip("-")) > LIMITS.number_digits:
            raise ValueError(f"the number {s[:12]}... has more than {LIMITS.number_digits} digits")
        return int(s)
    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_int=number)
    except json.JSONDecodeError as err:
        raise StateError(f"{path}:{err.lineno}:{err.colno}: not valid JSON: {err.msg}") from None
    except (ValueError, RecursionError) as err:
        raise StateError(f"{path}: {err}") from None
    return data, duplicates, text


def _duplicate_lines(path: str, text: str, duplicates: list[str]) -> list[str]:
    out = []
    seen: dict[str, int] = {}
    for k in duplicates:
        seen[k] = seen.get(k, 1) + 1
        out.append(f"{path}:{_key_position(text, k, seen[k])} key '{printable(k)}' appears twice "
                   "in one object")
    return out


def read_state(path: str) -> dict[str, Any]:
    data, duplicates, text = _read_json(path, "a STATE file", LIMITS.state_bytes, LIMITS.state_depth)
    problems = _duplicate_lines(path, text, duplicates)
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        problems.append(f"{path}: expected an object with a 'players' list")
    else:
        for key in data:
            if key not in TOP_KEYS:
                problems.append(f"{path}: unknown key '{printable(key)}'{_suggest(key, list(TOP_KEYS))} "
                                f"(known keys: {', '.join(TOP_KEYS)})")
        if "pack" in data and not isinstance(data["pack"], (str, type(None))):
            problems.append(f"{path}: 'pack' must be a pack name or folder, not {short(data['pack'])}")
    if problems:
        raise StateError("\n".join(problems))
    return data


def _check_keys(p: dict[str, Any], where: str, problems: list[str]) -> None:
    for key in p:
        if key not in PLAYER_KEYS:
            problems.append(f"{where}: unknown key '{printable(key)}'{_suggest(str(key), list(PLAYER_KEYS))} "
                            f"(known keys: {', '.join(PLAYER_KEYS)})")


def _expect(p: dict[str, Any], key: str, kind: type, where: str, problems: list[str],
            required: bool = True) -> bool:
    if key not in p:
        if required:
            problems.append(f"{where}: '{key}' is missing")
        return not required
    if not isinstance(p[key], kind):
        problems.append(f"{where}: '{key}' must be {'text' if kind is str else kind.__name__}, "
                        f"not {short(p[key])}")
        return False
    return True


def build_table(state: dict[str, Any], cp: CompiledPack) -> Table:
    """The cities of a STATE document, in seating order (left of i is i+1); every problem of the
    document is reported at once (StateError, one problem per line)."""
    players = state["players"]
    rules = cp.rules
    problems: list[str] = []
    owned = _check_seats(players, rules, problems)
    if not rules.min_players <= owned <= rules.max_players:
        raise StateError(f"{owned} players; this pack plays {rules.min_players} to "
                         f"{rules.max_players}")
    if problems:
        raise StateError("\n".join(problems))
    cities = []
    card_names = sorted({c.name for c in cp.cards})
    by_name: dict[str, list[Any]] = {}
    for c in cp.cards:
        by_name.setdefault(c.name, []).append(c)
    tokens_ok = token_values(rules, [(h.rule, h.amount) for e in [c.effect for c in cp.cards] + [
        s.effect for side in cp.sides.values() for s in side.stages] for h in e.hooks if getattr(h, "changes_rules", False)]
        + [(e.rule, e.amount) for t in (rules.tower.tiles if rules.tower else ()) for e in t.effects])
    wonder_seat: dict[str, int] = {}
    owners: dict[str, list[int]] = {}
    dealt = [cp.sides.get((p.get("wonder"), str(p.get("side", "A")))) if isinstance(p, dict)
             and isinstance(p.get("wonder"), str) else None for p in players]
    boards = seat_sides(dealt) if None not in dealt else dealt  # stages copied from a neighbour
    for i, p in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            problems.append(f"{where}: expected an object")
            continue
        _check_keys(p, where, problems)
        ok = _expect(p, "name", str, where, problems, required=False)
        ok &= _expect(p, "wonder", str, where, problems)
        ok &= _expect(p, "side", str, where, problems, required=False)
        if not ok:
            continue
        wonder, side = p.get("wonder"), str(p.get("side", "A"))
        if (wonder, side) not in cp.sides:
            if wonder not in cp.wonders:
                problems.append(f"{where}: no wonder '{printable(wonder)}'"
                                f"{_suggest(str(wonder), list(cp.wonders))}")
            else:
                problems.append(f"{where}: wonder '{wonder}' has no side '{printable(side)}'")
            continue
        if wonder in wonder_seat:
            problems.append(f"{where}: wonder '{wonder}' is also played by players[{wonder_seat[wonder]}] "
                            "(each board is played once)")
        wonder_seat.setdefault(str(wonder), i)
        city = City(i, printable(p.get("name", f"P{i + 1}")), boards[i] or cp.sides[(wonder, side)], cp)
        city.unowned = p.get("free_city") is True
        _stages(p.get("stages", 0), city, where, problems)
        cards = p.get("cards", [])
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            problems.append(f"{where}: cards must be a list of card names")
            cards = []
        if len(cards) > LIMITS.cards:
            problems.append(f"{where}: more than {LIMITS.cards} cards")
            cards = []
        for name in cards:
            matches = by_name.get(name)
            if not matches:
                problems.append(f"{where}: no card named '{printable(name)}'{_suggest(str(name), card_names)}")
                continue
            if name in city.names:
                problems.append(f"{where}: '{name}' is built twice (a city never has two buildings "
                                "of the same name)")
                continue
            owners.setdefault(name, []).append(i)
            city.build_card(matches[0])
        coins = p.get("coins", rules.starting_coins)
        if not _is_int(coins) or not 0 <= coins <= MAX_COINS:
            problems.append(f"{where}: coins must be a whole number 0..{MAX_COINS}, not {short(coins)}")
        else:
            city.coins = coins
        tokens = p.get("tokens", [])
        if not isinstance(tokens, list) or not all(_is_int(t) for t in tokens):
            problems.append(f"{where}: tokens must be a list of whole numbers")
        elif len(tokens) > 2 * rules.ages * len(players):
            problems.append(f"{where}: {len(tokens)} tokens; a city gets at most "
                            f"{2 * rules.ages * len(players)} (two per conflict, all defeats passed on)")
        elif any(t not in tokens_ok for t in tokens):
            bad = next(t for t in tokens if t not in tokens_ok)
            problems.append(f"{where}: token {bad} is not one the rules give (victories "
                            f"{', '.join(map(str, rules.victory_tokens))}, defeat {rules.defeat_token})")
        else:
            city.tokens = list(tokens)
        try:
            _hands_and_copies(p, where, city, cp)
        except StateError as err:
            problems.append(str(err))
        cities.append(city)
    for name, seats in owners.items():
        # a guild is one card in the whole game; other cards may come in several copies (and a
        # STATE written to examine a price may hold more of them than one deal would)
        if len(seats) > 1 and all(c.card.players is None and c.card.color == rules.guild_color
                                  for c in by_name[name]):
            held = ", ".join(f"players[{s}]" for s in seats)
            problems.append(f"'{name}' is built in {len(seats)} cities ({held}); there is one of "
                            "each guild in the game")
    laws = read_tower(state, cities, rules, problems)  # the law tower: tiles placed and held
    table = Table(cities, rules.ages)
    if not problems and ("projects" in state or cp.projects):
        from interpreter.rules.state_projects import read_projects
        table.joins, table.projects_done = read_projects(state.get("projects"), cities, owned, cp, problems)
    if problems:
        raise StateError("\n".join(problems))
    expire(table, cp)  # read as the game ends (the last age's): every `until age ends` is over
    refresh(table, laws)  # the changes its built cards and visible laws make (rules/laws.py)
    refresh_gifts(table, cp)  # and the production cities give each other (rules/gifts.py)
    return table


def _check_seats(players: list[Any], rules: Any, problems: list[str]) -> int:
    """The seats no player owns (`"free_city": true`): as many as the rules add for the number
    of players, and never marked as a winner. Returns the number of players."""
    unowned = []
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            continue
        for key in ("free_city", "winner"):
            if key in p and not isinstance(p[key], bool):
                problems.append(f"players[{i}]: '{key}' must be true or false, not {short(p[key])}")
        if p.get("free_city") is True:
            unowned.append(i)
            if p.get("winner") is True:
                problems.append(f"players[{i}]: a seat no player owns (free_city) scores but "
                                "cannot win; it is marked as a winner")
    owned = len(players) - len(unowned)
    want = len(rules.seats_at(owned))
    if len(unowned) != want:
        problems.append(f"{len(unowned)} seat(s) marked free_city; with {owned} players this pack "
                        f"has {want}" + (f" ({', '.join(s.name for s in rules.seats_at(owned))})"
                                         if want else ""))
    elif owned + len(unowned) < 3:
        problems.append(f"{len(players)} cities: a ring needs at least 3")
    return owned


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
    _tracks(p, where, city, cp)
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
    under = p.get("under", {})  # stage number -> the age card used to build it
    if not isinstance(under, dict) or not all(isinstance(v, str) for v in under.values()):
        raise StateError(f"{where}: under must be an object of stage number -> card name")
    for number, name in under.items():
        k = int(number) - 1 if str(number).isdigit() else -1
        if k not in city.built_stages:
            raise StateError(f"{where}: under: stage {printable(str(number))} is not built")
        matches = [c for c in cp.cards if c.name == name]
        if not matches:
            raise StateError(f"{where}: under: no card named '{printable(name)}'"
                             f"{_suggest(name, sorted({c.name for c in cp.cards}))}")
        city.under[k] = matches[0]
    problem = read_points(p.get("points", {}), city)  # points `vp ... when ...` triggers gave
    if problem:
        raise StateError(f"{where}: {problem}")


def _tracks(p: dict[str, Any], where: str, city: City, cp: CompiledPack) -> None:
    """`tracks: {red: 2}`: the steps reached on each declared track (their rewards' totals
    and hooks join the city; their one-time effects are taken as done)."""
    got = p.get("tracks", {})
    if not isinstance(got, dict):
        raise StateError(f"{where}: tracks must be an object of track name -> steps reached")
    names, reached = [t.name for t in cp.tracks], [0] * len(cp.tracks)
    for name, n in got.items():
        if name not in names:
            raise StateError(f"{where}: tracks: no track '{printable(str(name))}' in this pack"
                             + (f" (tracks: {', '.join(names)})" if names else "")
                             + _suggest(str(name), names))
        k = names.index(name)
        if not _is_int(n) or not 0 <= n <= len(cp.tracks[k].steps):
            raise StateError(f"{where}: tracks.{name} must be a whole number of steps from 0 to "
                             f"{len(cp.tracks[k].steps)}, not {n!r}")
        reached[k] = n
    city.track_pos = reached
    city.add_steps(cp, reached)
