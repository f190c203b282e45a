"""`wonders cards PACK` and `wonders wonders PACK`: list a pack's cards and wonder boards.

Both print a readable `rich` table by default and a stable JSON shape with `--json`:

    {"pack": "base", "cards": [{"name", "age", "deck", "color", "players", "guild", "drawn",
                                 "cost", "chains_from", "chains_to", "effects", "text"}],
     "wonders": [...], "projects": [{"name", "age", "cost", "needed", "reward", "penalty",
                                     "completes", "text"}]}
    {"pack": "base", "wonders": [{"name", "sides": {"A": {"alias", "resource", "power",
                                                          "power_text", "stages": [...]}}}]}

`players` is the minimum player count of each copy (null for a card drawn at random: a guild,
a black card; and for a card of another deck, e.g. a leader); `age` is null and
`deck` names the deck for a card outside the age decks; `cost` leaves zero counts out ({} =
free); `effects` holds one canonical card-language text per effect.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

from dsl.card_row import chains_cell, copies_cell, drawn, drawn_text
from dsl.diagnostics import PackError
from dsl.english import effects_english, stage_english
from dsl.model import Card, Pack, Wonder
from dsl.printer import canonical, cost_text
from dsl.projects import project_english

from .common import fail, load, print_json

_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9,
          "x": 10}
_WIDE = 110  # console columns from which the cards table shows every column
_COLOR_STYLE = {"brown": "dark_orange3", "grey": "grey62", "blue": "blue", "yellow": "yellow",
                "red": "red", "green": "green", "purple": "magenta"}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("cards", help="list a pack's cards (cost, chains, effects)",
                       description="List the cards of a pack (a folder or a shipped pack name) "
                                   "with their cost, chains and effects, as a table or JSON.")
    p.add_argument("pack", nargs="?", default="base", metavar="PACK",
                   help="pack folder or shipped pack name (default: base)")
    p.add_argument("--age", metavar="A", help="only this age (1, 2, 3 or I, II, III)")
    p.add_argument("--players", metavar="N",
                   help="only the copies in play at N players (guilds are always listed)")
    p.add_argument("--json", action="store_true", help="print as JSON")
    p.set_defaults(func=run_cards)

    w = sub.add_parser("wonders", help="list a pack's wonder boards and their stages",
                       description="List the wonder boards of a pack: each side's alias, "
                                   "starting resource and stages (cost and effect).")
    w.add_argument("pack", nargs="?", default="base", metavar="PACK",
                   help="pack folder or shipped pack name (default: base)")
    w.add_argument("--json", action="store_true", help="print as JSON")
    w.set_defaults(func=run_wonders)


# -- data ---------------------------------------------------------------------------------

def _load(ref: str) -> Pack | None:
    try:
        return load(ref)
    except PackError as err:
        print(err.render(), file=sys.stderr)
        print(f"error: could not load pack '{ref}' ({len(err.diagnostics)} problem(s))",
              file=sys.stderr)
        return None


def _int_option(value: str | None, name: str, low: int, high: int,
                roman: bool = False) -> tuple[int | None, str]:
    """(number, "") or (None, error message) for an option that must lie in low..high."""
    if value is None:
        return None, ""
    text = value.strip()
    n: int | None
    try:
        n = int(text)
    except ValueError:
        n = _ROMAN.get(text.lower()) if roman else None
    if n is None or not low <= n <= high:
        span = ", ".join(str(i) for i in range(low, high + 1))
        return None, f"{name} must be one of {span} for this pack (got '{value}')"
    return n, ""


def card_data(card: Card, pack: Pack, players: int | None = None) -> dict[str, Any]:
    vocab = pack.rules.vocab
    guild = card.players is None and not card.deck and card.color == pack.rules.guild_color
    if card.players is None:
        copies = None
    elif players is None:
        copies = list(card.players)
    else:
        copies = [p for p in card.players if p <= players]
    return {
        "name": card.name,
        "age": card.age or None,
        "deck": card.deck or None,
        "color": card.color,
        "players": copies,
        "guild": guild,
        "drawn": card.players is None and not card.deck,  # drawn at random (guilds, black cards)
        "cost": card.cost.as_dict(),
        "chains_from": list(card.chains_from),
        "chains_to": list(card.chains_to),
        **({"upgrades": card.upgrades} if card.upgrades else {}),
        "effects": [canonical(e) for e in card.effects],
        "text": effects_english(card.effects, vocab),
    }


def project_data(project: Any) -> dict[str, Any]:
    """A shared project (dsl/projects.py) as `cards --json` lists it: `needed` maps each
    player count to the joiners it needs."""
    return {"name": project.name, "age": project.age, "cost": project.cost.as_dict(),
            "needed": {str(n): k for n, k in project.needed},
            "reward": [canonical(e) for e in project.reward],
            "penalty": [canonical(e) for e in project.penalty],
            "completes": project.completes, "text": project_english(project)}


def wonder_data(wonder: Wonder, pack: Pack) -> dict[str, Any]:
    vocab = pack.rules.vocab
    sides = {}
    for name, side in wonder.sides.items():
        power = [e for e in side.effects if not (side.resource and e == side.effects[0])]
        sides[name] = {
            "alias": side.alias,
            "resource": side.resource or None,
            "power": [canonical(e) for e in power],
            "power_text": effects_english(tuple(power), vocab),
            "stages": [{"cost": st.cost.as_dict(),
                        "effects": [canonical(e) for e in st.effects],
                        **({"copy": st.copy} if st.copy else {}),
                        "text": stage_english(st.effects, st.copy, k, vocab)}
                       for k, st in enumerate(side.stages, 1)],
        }
    return {"name": wonder.name, "sides": sides}


def select_cards(pack: Pack, age: int | None, players: int | None) -> list[Card]:
    out = []
    for c in pack.cards:
        if age is not None and c.age != age:
            continue
        if players is not None and c.players is not None and c.copies_at(players) == 0:
            continue
        out.append(c)
    return out


# -- commands -----------------------------------------------------------------------------

def run_cards(args: argparse.Namespace) -> int:
    pack = _load(args.pack)
    if pack is None:
        return 1
    rules = pack.rules
    age, problem = _int_option(args.age, "--age", 1, rules.ages, roman=True)
    if problem:
        return fail(problem)
    players, problem = _int_option(args.players, "--players", rules.min_players,
                                   rules.max_players)
    if problem:
        return fail(problem)
    # the copies dealt to the cities of the ring (a seat no player owns is dealt one too)
    cities = None if players is None else rules.cities_at(players)
    cards = select_cards(pack, age, cities)
    if args.json:
        data: dict[str, Any] = {
            "pack": pack.name,
            "age": age,
            "players_filter": players,
            "guilds_drawn": None if cities is None else cities + rules.guild_extra,
            "cards": [card_data(c, pack, cities) for c in cards],
            "wonders": [wonder_data(w, pack) for w in pack.wonders],
            "projects": [project_data(p) for p in pack.projects
                         if age is None or p.age == age],
        }
        print_json(data)
        return 0
    _print_cards(pack, cards, age, cities)
    _print_projects(pack, age, players)
    return 0


def run_wonders(args: argparse.Namespace) -> int:
    pack = _load(args.pack)
    if pack is None:
        return 1
    if args.json:
        print_json({"pack": pack.name, "wonders": [wonder_data(w, pack) for w in pack.wonders]})
        return 0
    _print_wonders(pack)
    return 0


# -- readable output ----------------------------------------------------------------------

def _console():
    """A rich console; output that is not a terminal (a pipe, a file) gets 160 columns
    unless COLUMNS says otherwise, so long card texts are not squeezed to 80."""
    import os

    from rich.console import Console
    console = Console(highlight=False)
    if not console.is_terminal and not os.environ.get("COLUMNS"):
        console = Console(highlight=False, width=160)
    return console


def _age_label(age: int | str) -> str:
    if isinstance(age, str):
        return f"Deck {age}"
    roman = {v: k.upper() for k, v in _ROMAN.items()}
    return f"Age {roman.get(age, age)}"


def _print_cards(pack: Pack, cards: list[Card], age: int | None, players: int | None) -> None:
    from rich.table import Table
    from rich.text import Text

    console = _console()
    extra = pack.rules.guild_extra
    ages: list[int | str] = sorted({c.age for c in cards if not c.deck}) if age is None else [age]
    ages += sorted({c.deck for c in cards if c.deck}) if age is None else []
    where = f" at {players} players" if players is not None else ""
    console.print(Text(f"{pack.name} {pack.version}: {len(cards)} cards{where}", style="bold"))
    for a in ages:
        in_age = [c for c in cards if (c.deck or c.age) == a]
        if players is None:
            copies = sum(len(c.players) if c.players is not None else bool(c.deck) for c in in_age)
        else:
            copies = sum(c.copies_at(players) for c in in_age)
        title = f"{_age_label(a)}: {copies} cards{where}"
        for color in sorted({c.color for c in in_age if c.players is None and not c.deck}):
            pool = sum(1 for c in in_age if c.players is None and not c.deck and c.color == color)
            n_drawn = drawn_text(*drawn(pack.rules, color), players)
            noun = "guilds" if color == pack.rules.guild_color else f"{color} cards"
            title += f" + {n_drawn} of {pool} {noun} drawn at random"
        # Narrow consoles: the age is in the title and the chains go under the effect text.
        wide = console.width >= _WIDE
        table = Table(title=title, show_lines=not wide, expand=False)
        table.add_column("Name", no_wrap=True, style="bold")
        if wide:
            table.add_column("Age", justify="right")
        table.add_column("Colour")
        table.add_column("Copies")
        table.add_column("Cost")
        if wide:
            table.add_column("Chains")
        table.add_column("Effect" if wide else "Effect (chains)")
        for c in in_age:
            effect = Text(effects_english(c.effects, pack.rules.vocab))
            row = [Text(c.name)] + ([Text(str(c.age or "-"))] if wide else [])
            row += [Text(c.color, style=_COLOR_STYLE.get(c.color, "")),
                    Text(copies_cell(c, players, pack.rules)), Text(cost_text(c.cost))]
            if wide:
                row += [Text(chains_cell(c)), effect]
            else:
                chains = chains_cell(c)
                if chains:
                    effect.append("\n" + chains.replace("\n", "; "), style="dim")
                row.append(effect)
            table.add_row(*row)
        console.print(table)


def _print_wonders(pack: Pack) -> None:
    from rich.table import Table
    from rich.text import Text

    console = _console()
    console.print(Text(f"{pack.name} {pack.version}: {len(pack.wonders)} wonders", style="bold"))
    for w in pack.wonders:
        table = Table(title=w.name, expand=False)
        table.add_column("Side", no_wrap=True)
        table.add_column("Alias", no_wrap=True)
        table.add_column("Resource", no_wrap=True)
        table.add_column("Stage", justify="right")
        table.add_column("Cost")
        table.add_column("Effect")
        for name, side in w.sides.items():
            power = tuple(e for e in side.effects if not (side.resource and e == side.effects[0]))
            if power:
                table.add_row(Text(name), Text(side.alias), Text(side.resource or "-"), Text("board"),
                              Text(""), Text(effects_english(power, pack.rules.vocab)))
            for i, st in enumerate(side.stages, 1):
                first = i == 1 and not power
                table.add_row(Text(name if first else ""), Text(side.alias if first else ""),
                              Text(side.resource if first else ""), Text(str(i)),
                              Text(f"as the {st.copy} neighbour's" if st.copy else cost_text(st.cost)),
                              Text(stage_english(st.effects, st.copy, i, pack.rules.vocab)),
                              end_section=i == len(side.stages))
        console.print(table)


def _print_projects(pack: Pack, age: int | None, players: int | None) -> None:
    """The pack's shared projects under its cards: cost, joiners needed, reward, penalty."""
    from rich.table import Table
    from rich.text import Text

    projects = [p for p in pack.projects if age is None or p.age == age]
    if not projects:
        return
    console = _console()
    table = Table(title=f"Shared projects: {len(projects)}", show_lines=True, expand=False)
    for col in ("Name", "Age", "Cost", "Joiners needed", "Text"):
        table.add_column(col, no_wrap=col == "Name", style="bold" if col == "Name" else "")
    for p in projects:
        if players is not None:
            needed = str(p.needed_at(players))
        else:
            needed = ", ".join(f"{k} at {n}p" for n, k in p.needed)
        table.add_row(Text(p.name), Text(_age_label(p.age)), Text(cost_text(p.cost)),
                      Text(needed), Text(project_english(p)))
    console.print(table)
