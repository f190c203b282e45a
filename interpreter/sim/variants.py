"""Packs derived for a question ("what if this card did not exist?") and the cards a designer
is asking about (their new or changed cards), so those come first in every output."""
from __future__ import annotations

import difflib
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterable

from interpreter.rules.contribution import Contribution

BLANK = Contribution((), (), (), ())  # no production, no effect


def check_names(cp: Any, names: Iterable[str], option: str = "--without") -> tuple[str, ...]:
    """The names as the pack spells them; ValueError with a "did you mean" for an unknown one."""
    known = sorted({c.name for c in cp.cards})
    by_fold = {n.casefold(): n for n in known}
    out = []
    for name in names:
        got = by_fold.get(name.strip().casefold())
        if got is None:
            close = difflib.get_close_matches(name.strip().casefold(), list(by_fold), n=1, cutoff=0.5)
            hint = f"; did you mean '{by_fold[close[0]]}'?" if close else ""
            raise ValueError(f"{option}: no card named '{name}' in pack '{cp.pack.name}'{hint}")
        out.append(got)
    return tuple(dict.fromkeys(out))


def without_cards(cp: Any, names: tuple[str, ...], blank: bool = False) -> Any:
    """The compiled pack without the named cards (every age they appear in); with `blank`,
    each is replaced by a card of the same age, colour and player counts that costs nothing,
    does nothing and chains to nothing, so the decks keep their size."""
    drop = set(names)
    cards = []
    for c in cp.cards:
        if c.name not in drop:
            cards.append(c)
        elif blank:
            cards.append(replace(c, name=f"{c.name} (blank)", cost_coins=0, cost=(), cost_per_age=0,
                                 chains_from=frozenset(), effect=BLANK))
    return replace(cp, cards=tuple(cards), _decks={})


def deal_problem(cp: Any, players: int) -> str | None:
    """Why this pack cannot be dealt at this player count (every age, every draft deck), or
    None; asked of the engine itself, so the check is the deal's own."""
    from interpreter.players.bots import RandomBot
    from interpreter.players.game import Game
    game = Game(cp, [RandomBot() for _ in range(players)], seed=0)
    try:
        for step in game.steps:
            if step.decl.kind == "draft":
                game.deal_deck(step.decl)
        for age in range(1, cp.rules.ages + 1):
            game.deal(age)
    except ValueError as err:
        return str(err)
    return None


def own_cards(pack: Any) -> tuple[str, ...]:
    """The cards a pack defines itself when it extends others (added or replaced): the
    designer's cards of `simulate`. A pack that extends nothing has none."""
    lineage = pack.meta.get("lineage", [])
    if len(lineage) < 2:
        return ()
    home = Path(pack.path).resolve()
    return tuple(dict.fromkeys(c.name for c in pack.cards
                               if c.source.file and Path(c.source.file).resolve().parent == home))


def changed_cards(a: Any, b: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(cards of B that A lacks or defines differently, cards of A that B lacks): the
    designer's cards of `compare`. Cards are told apart by name and age."""
    ours = {(c.name, c.age): c for c in a.cards}
    theirs = {(c.name, c.age) for c in b.cards}
    new = dict.fromkeys(c.name for c in b.cards if ours.get((c.name, c.age)) != c)
    gone = dict.fromkeys(c.name for c in a.cards if (c.name, c.age) not in theirs)
    return tuple(new), tuple(n for n in gone if n not in new)
