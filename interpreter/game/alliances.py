"""Alliances (phase kind `alliance`, dsl/phases.py): before an age, neighbours may ally for it.

Every player picks one of three offers at once, in secret (a `keep` move, its hand the offers
of interpreter/rules/alliance.py): an alliance to the left neighbour, to the right one, or none.
Two neighbours who offer it to each other are allies for the age: each city holds the effects
of the phase deck's cards, `ally` naming the other, as durations (`until age ends`), so they end
where every duration ends (after the age's conflicts and its `when age ends` triggers). A city
has at most one ally (it makes one offer). The seats no player owns make no offer. The offers
are logged as the phase's turn and the alliances under the log's "alliances".
"""
from __future__ import annotations

from typing import Any

from dsl.model import PhaseDecl

from interpreter.rules.alliance import OFFERS, SIDES, offers
from interpreter.rules.gifts import refresh_gifts
from interpreter.rules.moves import KEEP


def allies(targets: dict[int, int]) -> list[tuple[int, int]]:
    """The pairs (lower seat first) of neighbours whose offers name each other."""
    return sorted((a, b) for a, b in targets.items() if a < b and targets.get(b) == a)


class AlliancePhase:
    """game.sub: "offer" (every player picks one of the offers in its hand)."""

    def begin(self, game: Any, decl: PhaseDecl, age: int) -> None:
        cards = offers(game.cp, decl.deck, age)
        game.hands = [list(cards) if s < game.n_players else [] for s in range(game.n)]
        game.kept = [[] for _ in range(game.n)]
        game.begin_turn(1)
        game.sub = "offer"

    def deciders(self, game: Any) -> list[tuple[int, tuple[str, ...]]]:
        return [(s, (KEEP,)) for s in range(game.n_players) if game.hands[s]]

    def apply(self, game: Any, moves: Any) -> None:
        """The offers made (a player who makes none offers no alliance); the pairs formed hold
        the deck's cards for the age."""
        game.keep(moves, game.kept)
        sides = {seat: SIDES[OFFERS.index(kept[0].name)] for seat, kept in enumerate(game.kept)
                 if kept and OFFERS.index(kept[0].name) < len(SIDES)}  # no move: no offer
        targets = {seat: (seat + 1) % game.n if side == "left" else (seat - 1) % game.n
                   for seat, side in sides.items()}
        pairs = allies(targets)
        cards = offers(game.cp, game.phase.deck, game.phase_age)
        for a, b in pairs:
            for seat, ally in ((a, b), (b, a)):
                side = 0 if (seat + 1) % game.n == ally else 1
                hold(game, seat, cards[side].effect)
        if pairs:
            refresh_gifts(game.table, game.cp)
            for city in game.cities:  # prices near the allies changed
                city.mods_key = ()
                city.mods = None
        if game.logging:
            game.log.setdefault("alliances", []).append(
                {"age": game.phase_age, "phase": game.phase.name,
                 "offers": {str(s): sides.get(s, "") for s in range(game.n_players)},
                 "pairs": [list(p) for p in pairs]})
        game.hands = [[] for _ in range(game.n)]
        game.kept = []
        game.sub = "done"

    def after_settle(self, game: Any) -> None:  # pragma: no cover - an alliance builds nothing
        raise RuntimeError("an alliance has no builds to settle")


def hold(game: Any, seat: int, effect: Any) -> None:
    """The city holds an alliance's effects (durations: they end with the age), as an effect no
    card brings (kept when the city is made again)."""
    city = game.cities[seat]
    city.add(effect, "wonder")
    city.extras.append(effect)
    city.prod_version += 1
    if effect.built_hooks:
        city.coins = max(0, city.coins + game.when_built(seat, effect))
