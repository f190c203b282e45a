"""The game's rules parameters: defaults (the base game), merging and checking."""
from __future__ import annotations

from typing import Any, Callable

from .model import DEFAULT_SCORE_LINES, DrawRule, PhaseDecl, Rules, SeatDecl, TokenKind, TrackConflict, TrackDecl
from .text_errors import did_you_mean
from .phases import PHASE_TIMES, PHASES
from .seats import CONTROLLERS, HANDS, SIDES
from .vocab import Vocabulary
from .yamlsource import YamlDoc

Report = Callable[..., None]
# the lines of the published score pad; a pack may add its own (`score_lines`)
SCORE_LINES = DEFAULT_SCORE_LINES
ENGINE_LINES = ("military", "treasury", "wonder", "science")  # filled by the core itself


def build_rules(raw: dict[str, Any], manifest: YamlDoc, report: Report,
                own: dict[str, Any] | None = None) -> Rules:
    """Rules from the merged raw mapping; problems of meaning are reported at the manifest.
    `own`: the pack's own rules; when it sets `ages` and not the lists of one value per age,
    they are extended (extend_ages) rather than refused."""
    d = Rules()
    players = raw.get("players", {})
    military = raw.get("military", {})
    science = raw.get("science", {})
    guilds = raw.get("guilds", {})
    vocab = Vocabulary(
        resource_classes={k: tuple(v) for k, v in raw["resources"].items()} if "resources" in raw
        else dict(d.vocab.resource_classes),
        colors=tuple(raw.get("colors", d.vocab.colors)),
        symbols=tuple(science.get("symbols", d.vocab.symbols)))
    rules = Rules(
        min_players=players.get("min", d.min_players), max_players=players.get("max", d.max_players),
        ages=raw.get("ages", d.ages), hand_size=raw.get("hand_size", d.hand_size),
        starting_coins=raw.get("starting_coins", d.starting_coins),
        sell_coins=raw.get("sell_coins", d.sell_coins), trade_price=raw.get("trade_price", d.trade_price),
        pass_directions=tuple(raw.get("pass", d.pass_directions)),
        victory_tokens=tuple(military.get("victory", d.victory_tokens)),
        defeat_token=military.get("defeat", d.defeat_token),
        treasury=raw.get("treasury", d.treasury),
        science_set_bonus=science.get("set_bonus", d.science_set_bonus),
        guild_color=guilds.get("color", d.guild_color), guild_extra=guilds.get("extra", d.guild_extra),
        categories={k: tuple(v) for k, v in raw["categories"].items()} if "categories" in raw
        else dict(d.categories),
        vocab=vocab,
        decks=tuple(raw.get("decks", ())),
        scored_hands=tuple(str(h) for h in raw.get("scored_hands") or ()),
        score_lines=tuple(raw.get("score_lines", d.score_lines)),
        hand_sizes={int(k): int(v) for k, v in (raw.get("hand_sizes") or {}).items()},
        draws=tuple(DrawRule(str(x.get("color", "")), int(x.get("per_player", 1)), int(x.get("extra", 0)),
                             tuple(x.get("ages") or ())) for x in raw.get("draws") or [] if isinstance(x, dict)),
        tokens={str(k): TokenKind(str(k), int((v or {}).get("vp", 0)), str((v or {}).get("line", "")),
                                  bool((v or {}).get("sit_out", False)))
                for k, v in (raw.get("tokens") or {}).items()},
        debt=str(raw.get("debt", "")),
        teams=str(raw.get("teams", "")),
        team_conflicts=str(raw.get("team_conflicts", "twice")),
        tracks=tuple(TrackDecl(str(k), tuple(str(x) for x in (v or {}).get("steps") or ()),
                               str((v or {}).get("line", "civilian")))
                     for k, v in (raw.get("tracks") or {}).items()),
        track_conflicts=tuple(TrackConflict(str(k), str((v or {}).get("strength", "")),
                                            tuple((v or {}).get("victory") or ()),
                                            tuple((v or {}).get("defeat") or ()))
                              for k, v in (raw.get("track_conflicts") or {}).items()))
    rules = _with_phases(rules, raw.get("phases") or [])
    rules = _with_seats(rules, raw.get("seats") or [])
    rules = extend_ages(rules, own or {})

    def bad(path: tuple[Any, ...], message: str, key: bool = False) -> None:
        full = ("rules", *path)
        if key:  # point at the key itself, e.g. a resource class name
            report(manifest, manifest.key_where(full), f"rules: {message}", kind="rules",
                   length=len(str(path[-1])))
        else:
            report(manifest, manifest.where(full), f"rules: {message}", kind="rules",
                   length=manifest.width(full))

    if rules.min_players > rules.max_players:
        bad(("players",), f"min players {rules.min_players} is more than max {rules.max_players}")
    for key, names in (("tracks", [t.name for t in rules.tracks]), ("tokens", list(rules.tokens)),
                       ("decks", list(rules.decks))):
        for name in names:  # card text writes these names; its names have no digits (effects.lark NAME)
            if any(ch.isdigit() for ch in name):
                bad((key,) if key == "decks" else (key, name),
                    f"{key}: '{name}' cannot be named in card text (letters and _ only), e.g. "
                    f"'{''.join(ch for ch in name if not ch.isdigit()) or 'a'}'", key=key != "decks")
    _check_seats(rules, bad)
    if len(rules.pass_directions) != rules.ages:
        bad(("pass",), f"{len(rules.pass_directions)} pass directions for {rules.ages} ages")
    for i, direction in enumerate(rules.pass_directions):  # a hand must reach another player
        far = abs(pass_step(direction))
        stuck = [n for n in range(max(2, rules.min_players), rules.max_players + 1) if far % n == 0]
        if stuck:
            bad(("pass", i), f"'{direction}' at {stuck[0]} players passes every hand back to its owner; "
                             f"did you mean '{direction.split()[0]}'?")
    if len(rules.victory_tokens) != rules.ages:
        bad(("military", "victory"), f"{len(rules.victory_tokens)} victory values for {rules.ages} ages")
    if rules.guild_color not in vocab.colors:
        bad(("guilds", "color"), f"guild colour '{rules.guild_color}' is not one of the colours")
    lines = rules.score_lines
    for i, line in enumerate(ENGINE_LINES):
        if line not in lines:
            bad(("score_lines",), f"score_lines must keep the line '{line}' (the core fills it)")
    if len(set(lines)) != len(lines):
        bad(("score_lines",), "a score-pad line is named twice")
    for cat, colors in rules.categories.items():
        if cat not in lines:
            bad(("categories", cat), f"unknown score-pad line '{cat}' (lines: {', '.join(lines)})"
                + did_you_mean(cat, lines), key=True)
        for i, c in enumerate(colors):
            if c not in vocab.colors:
                bad(("categories", cat, i), f"unknown colour '{c}' in category '{cat}'")
    seen: dict[str, str] = {}
    for cls, names in vocab.resource_classes.items():
        for i, n in enumerate(names):
            if n in seen:
                bad(("resources", cls, i), f"resource '{n}' is in both '{seen[n]}' and '{cls}'")
            seen[n] = cls
        if cls in seen:
            bad(("resources", cls), f"class name '{cls}' is also a resource name", key=True)
    if not vocab.symbols:
        bad(("science", "symbols"), "at least one science symbol is needed")
    for i, name in enumerate(vocab.symbols):
        if name in ("any", "most", "swap"):  # `science any|most|swap` are words of the language
            bad(("science", "symbols", i), f"'{name}' is a word of the card language (science "
                f"{name}), not a science symbol name")
    _check_phases(rules, bad)
    _check_tokens_and_draws(rules, bad)
    _check_tracks(rules, bad)
    return rules


def _check_tracks(rules: Rules, bad: Callable[..., None]) -> None:
    """Tracks and the conflicts along them: score lines, token kinds, one value per age."""
    kinds = list(rules.tokens)
    for t in rules.tracks:
        if not t.steps:
            bad(("tracks", t.name), f"track '{t.name}' has no steps", key=True)
        if t.line not in rules.score_lines:
            bad(("tracks", t.name, "line"), f"track '{t.name}': '{t.line}' is not a score line "
                f"(one of: {', '.join(rules.score_lines)})" + did_you_mean(t.line, rules.score_lines))
    for c in rules.track_conflicts:
        if not c.strength:
            bad(("track_conflicts", c.name), f"track conflict '{c.name}' has no strength (a count: "
                f"shields, blue cards, " + (f"a token kind: {', '.join(kinds)})" if kinds else "a token kind)"),
                key=True)
        for key, values in (("victory", c.victory), ("defeat", c.defeat)):
            if len(values) != rules.ages:
                bad(("track_conflicts", c.name, key), f"track conflict '{c.name}': {len(values)} "
                    f"{key} values for {rules.ages} ages")


def pass_step(direction: str) -> int:
    """'left' -> 1, 'right' -> -1, 'left 2' -> 2: seats a hand moves (to the left: up)."""
    side, _, far = direction.partition(" ")
    return (int(far) if far else 1) * (1 if side == "left" else -1)


def _alternate(sides: tuple[str, ...], ages: int) -> tuple[str, ...]:
    out = list(sides)
    while len(out) < ages:
        side, _, far = out[-1].partition(" ")
        out.append(("right" if side == "left" else "left") + (f" {far}" if far else ""))
    return tuple(out)


def extend_ages(rules: Rules, own: dict[str, Any]) -> Rules:
    """A pack that sets `ages` above what it extends, and not the lists of one value per age,
    gets those lists continued, and says so (Rules.assumed): hands pass alternately, each new
    age's victory tokens are worth as much more as the last age's were over the one before,
    a seat's first holders alternate. (Guilds and the new age's cards: dsl/loader.py.)"""
    from dataclasses import replace
    if "ages" not in own:
        return rules
    n, notes, changes = rules.ages, [], {}
    before = len(rules.pass_directions)  # the ages the extended pack was written for
    if "draws" not in own and any(d.ages == tuple(range(1, before + 1)) for d in rules.draws) and before < n:
        changes["draws"] = tuple(replace(d, ages=tuple(range(1, n + 1))) if d.ages == tuple(range(1, before + 1))
                                 else d for d in rules.draws)
        new = f"age {n}" if before + 1 == n else f"ages {before + 1}-{n}"
        notes.append(f"cards drawn into every age ({', '.join(d.color for d in rules.draws)}) are "
                     f"drawn into {new} too (rules: draws)")
    if "pass" not in own and 0 < len(rules.pass_directions) < n:
        changes["pass_directions"] = _alternate(rules.pass_directions, n)
        notes.append(f"hands pass {', '.join(changes['pass_directions'])} (rules: pass)")
    if "victory" not in (own.get("military") or {}) and 0 < len(rules.victory_tokens) < n:
        v = list(rules.victory_tokens)
        step = v[-1] - v[-2] if len(v) > 1 else 0
        while len(v) < n:
            v.append(v[-1] + step)
        changes["victory_tokens"] = tuple(v)
        notes.append(f"victory tokens are worth {', '.join(map(str, v))} (rules: military: victory)")
    if "seats" not in own and any(s.controller == "holder" and 0 < len(s.first_holder) < n for s in rules.seats):
        seats = []
        for seat in rules.seats:
            if seat.controller == "holder" and 0 < len(seat.first_holder) < n:
                seat = replace(seat, first_holder=_alternate(seat.first_holder, n))
                notes.append(f"seat '{seat.name}' is first held on the {', '.join(seat.first_holder)} "
                             "(rules: seats: first_holder)")
            seats.append(seat)
        changes["seats"] = tuple(seats)
    if not changes:
        return rules
    return replace(rules, **changes, assumed=(*rules.assumed, *notes))


def _check_tokens_and_draws(rules: Rules, bad: Callable[..., None]) -> None:
    kinds = list(rules.tokens)
    for name, kind in rules.tokens.items():
        if kind.vp and kind.line not in rules.score_lines:
            bad(("tokens", name, "line"), f"token kind '{name}': '{kind.line}' is not a score line "
                f"(one of: {', '.join(rules.score_lines)})" + did_you_mean(kind.line, rules.score_lines))
        if name in ("victory", "defeat", "coin", "card", "age"):
            bad(("tokens", name), f"'{name}' is a word of the card language, not a token kind name",
                key=True)
    if rules.debt and rules.debt not in rules.tokens:
        bad(("debt",), f"debt: no token kind '{rules.debt}'" + (f" (kinds: {', '.join(kinds)})" if kinds
                                                               else " (declare it under tokens)")
            + did_you_mean(rules.debt, kinds))
    for i, d in enumerate(rules.draws):
        if d.color not in rules.vocab.colors:
            bad(("draws", i, "color"), f"draws: unknown colour '{d.color}'" + did_you_mean(d.color, rules.vocab.colors))
        for age in d.ages:
            if not 1 <= age <= rules.ages:
                bad(("draws", i, "ages"), f"draws: age {age} is not one of 1..{rules.ages}")
    for n in rules.hand_sizes:
        if not rules.min_players <= n <= rules.max_players:
            bad(("hand_sizes",), f"hand_sizes: {n} players is outside {rules.min_players}..{rules.max_players}")


def _with_seats(rules: Rules, raw: list[Any]) -> Rules:
    from dataclasses import replace
    seats = []
    for x in raw:
        if not isinstance(x, dict):
            continue
        players = x.get("players") or ()
        coins = x.get("coins")
        seats.append(SeatDecl(
            name=str(x.get("name", "")), players=tuple(int(p) for p in players if isinstance(p, int)),
            controller=str(x.get("controller", "holder")), hand=str(x.get("hand", "pile")),
            first_holder=tuple(str(h) for h in x.get("first_holder") or ()),
            must_play=bool(x.get("must_play", True)),
            coins=int(coins) if isinstance(coins, int) else None))
    return replace(rules, seats=tuple(seats))


def _check_seats(rules: Rules, bad: Callable[..., None]) -> None:
    """A ring needs 3 cities: fewer than 3 players only with seats no player owns."""
    for n in range(rules.min_players, min(rules.max_players, 2) + 1):
        cities = n + len(rules.seats_at(n))
        if cities < 3:
            bad(("players", "min"), f"{n} player{'s' if n != 1 else ''}: fewer than 3 seats make a "
                "ring in which the one opponent is both the left and the right neighbour (each "
                "conflict twice, each resource bought twice); the rules allow it only with a seat "
                f"that no player owns, which this pack does not declare for {n} players "
                "(rules: seats)")
            break
    for i, seat in enumerate(rules.seats):
        at = ("seats", i)
        if seat.controller not in CONTROLLERS:
            bad(at + ("controller",), f"seat '{seat.name}': unknown controller rule "
                f"'{seat.controller}' (rules: {', '.join(CONTROLLERS)})"
                + did_you_mean(seat.controller, list(CONTROLLERS)))
        if seat.hand not in HANDS:
            bad(at + ("hand",), f"seat '{seat.name}': unknown hand '{seat.hand}' "
                f"(one of: {', '.join(HANDS)})" + did_you_mean(seat.hand, list(HANDS)))
        if seat.hand == "pile":  # its holder's hand holds its card: one such seat at a time
            others = [o for o in rules.seats[:i] if o.hand == "pile"
                      and any(n in seat.players and n in o.players
                              for n in range(rules.min_players, rules.max_players + 1))]
            if others:
                both = sorted(n for n in range(rules.min_players, rules.max_players + 1)
                              if n in seat.players and n in others[0].players)
                bad(at + ("hand",), f"seat '{seat.name}': at {both[0]} player(s) the seats "
                    f"'{others[0].name}' and '{seat.name}' both keep a pile, whose top card goes into "
                    "the hand of the player playing for the seat; one such seat per player count is "
                    "supported (give one of them `hand: own`, or other `players`)")
        if seat.controller == "holder":
            if len(seat.first_holder) != rules.ages:
                bad(at + ("first_holder",), f"seat '{seat.name}': controller holder needs "
                    f"first_holder, one side per age ({rules.ages}), not {len(seat.first_holder)}")
            for h in seat.first_holder:
                if h not in SIDES:
                    bad(at + ("first_holder",), f"seat '{seat.name}': first_holder '{h}' is not "
                        "a side (left or right)" + did_you_mean(h, list(SIDES)))


def _with_phases(rules: Rules, raw: list[Any]) -> Rules:
    from dataclasses import replace
    phases = []
    for p in raw:
        if not isinstance(p, dict):
            continue
        phases.append(PhaseDecl(
            name=str(p.get("name", p.get("kind", ""))), kind=str(p.get("kind", "")),
            at=str(p.get("at", "before age")), ages=tuple(p.get("ages") or ()),
            deck=str(p.get("deck", "")),
            deal=int(p.get("deal", 1 if p.get("kind") in ("reveal", "auction") else 0) or 0),
            pass_to=str(p.get("pass", "left")), hand=str(p.get("hand", "")),
            actions=tuple(p.get("actions") or ("build", "wonder", "sell")),
            sold=str(p.get("sold", "discard")), rest=str(p.get("rest", "keep"))))
    return replace(rules, phases=tuple(phases))


def _check_phases(rules: Rules, bad: Callable[..., None]) -> None:
    """Meaning checks of declared phases (their shape is the schema's job)."""
    filled: set[str] = set()
    for i, p in enumerate(rules.phases):
        at = ("phases", i)
        spec = PHASES.get(p.kind)
        if spec is None or p.kind == "age":
            kinds = [k for k in PHASES if k != "age"]
            bad(at + ("kind",), f"unknown phase kind '{p.kind}' (kinds: {', '.join(kinds)})"
                + did_you_mean(p.kind, kinds))
            continue
        if p.at not in PHASE_TIMES:
            bad(at + ("at",), f"unknown time '{p.at}' (one of: {', '.join(PHASE_TIMES)})"
                + did_you_mean(p.at, PHASE_TIMES))
        for age in p.ages:
            if not 1 <= age <= rules.ages:
                bad(at + ("ages",), f"phase '{p.name}': age {age} is not one of 1..{rules.ages}")
        if p.kind in ("draft", "reveal", "auction", "market", "alliance"):
            if p.deck not in rules.decks:
                bad(at + ("deck",), f"phase '{p.name}': unknown deck '{p.deck}'"
                    + (f" (decks: {', '.join(rules.decks)})" if rules.decks else
                       " (declare it in rules: decks)") + did_you_mean(p.deck, rules.decks))
            if p.kind == "alliance":  # its cards are held by both allies for the age it comes before
                if p.at != "before age":
                    bad(at + ("at",), f"phase '{p.name}': an alliance holds for the age that follows it: "
                        f"declare it `at: before age`, not '{p.at}'")
                continue
            if p.deal < 1:
                bad(at + ("deal",), f"phase '{p.name}': deal must be at least 1")
            if p.kind not in ("draft", "market"):  # reveals and auctions fill no hand
                continue
            if not p.hand:
                bad(at, f"phase '{p.name}': a {p.kind} needs `hand`, the second hand it fills")
            filled.add(p.hand)
        elif p.hand not in filled:
            bad(at + ("hand",), f"phase '{p.name}': no earlier phase fills the hand '{p.hand}'"
                + did_you_mean(p.hand, filled))
    for i, hand in enumerate(rules.scored_hands):  # secret objectives: a hand a draft fills
        if hand not in filled:
            bad(("scored_hands", i), f"scored_hands: no draft phase fills the hand '{hand}'"
                + did_you_mean(hand, filled))
