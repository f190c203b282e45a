"""One game branched where a card could be built (interpreter/sim/experiment.py says why):
built, or the seat's best alternative, and for a designer card each of its peers built in its
place; every branch played out with the same random streams and bots."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.moves import BUILD


def _won(scores: dict[str, Any], seat: int) -> float:
    winners = scores["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


@dataclass
class Branched:
    """One game's measurements: the branch pairs, who was first dealt each card, the main line's
    scores (the game the bots played, unbranched)."""

    rows: list[tuple[str, float, int, bool]]  # (card, win difference, points difference, bot took it)
    dealt: dict[str, int]
    scores: dict[str, Any]
    # (card, win and points minus the mean of its peers built in its place, how many could be)
    instead: list[tuple[str, float, float, int]] = field(default_factory=list)


def in_its_place(g: Game, seat: int, idx: int, answers: dict[int, Any], peers: Sequence[Any]
                 ) -> list[dict[str, Any]]:
    """The scores of each peer built in the card's place (the same hand passed on, the same
    streams: only the card's own effect differs), for the peers the seat could build there."""
    out = []
    for peer in peers:
        branch = g.clone()
        if peer.name in branch.cities[seat].names:
            continue
        branch.hands[seat][idx] = peer
        move = next((m for m in branch.moves(seat) if m.card == idx and m.action == BUILD), None)
        if move is not None:
            branch.step({**answers, seat: move})
            out.append(branch.play())
    return out


def branch_game(cp: Any, seed: int, players: int, bots: str, cards: set[str], sides: str = "random",
                peer_of: dict[str, Sequence[str]] | None = None) -> Branched:
    """One game: at the first decision where a seat holds one of `cards` (not built) and can
    build it, the game is branched (built / the seat's best move that does not build it), both
    played out; the main line goes on with the bots' own choices. For a card with peers in
    `peer_of`, each peer is also built in its place there (Branched.instead)."""
    g = Game(cp, make_bots(bots, players), seed=seed, sides=sides)
    by = {c.name: c for c in cp.cards}
    instead: list[tuple[str, float, float, int]] = []
    out: list[tuple[str, float, int, bool]] = []
    measured: set[str] = set()
    dealt: dict[str, int] = {}
    while not g.over:
        pending = g.pending()
        if not pending:
            break
        for seat in range(g.n):
            for card in g.hands[seat]:
                if card.name in cards and card.name not in dealt:
                    dealt[card.name] = seat
        answers = g.ask_bots()
        for seat, decision in sorted(pending.items()):
            if decision.kind != "move" or seat in g.unowned:
                continue
            for idx, card in enumerate(g.hands[seat]):
                if card.name not in cards or card.name in measured:
                    continue
                builds = [m for m in decision.moves if m.card == idx and m.action == BUILD]
                if not builds:
                    continue
                measured.add(card.name)
                others = [m for m in decision.moves if not (m.card == idx and m.action == BUILD)]
                chosen = answers[seat]
                taken = chosen.card == idx and chosen.action == BUILD
                if taken:  # the bot's own second choice
                    probe = g.clone()
                    chosen = probe.bots[seat].choose(probe.observe(seat), others)
                results = []
                for move in (builds[0], chosen):
                    branch = g.clone()
                    branch.step({**answers, seat: move})
                    results.append(branch.play())
                a, b = results
                out.append((card.name, _won(a, seat) - _won(b, seat),
                            a["players"][seat]["total"] - b["players"][seat]["total"], taken))
                if peer_of and peer_of.get(card.name):
                    got = in_its_place(g, seat, idx, answers, [by[p] for p in peer_of[card.name] if p in by])
                    if got:
                        instead.append((card.name, _won(a, seat) - sum(_won(s, seat) for s in got) / len(got),
                                        a["players"][seat]["total"]
                                        - sum(s["players"][seat]["total"] for s in got) / len(got), len(got)))
        g.step(answers)
    return Branched(out, dealt, g.scores, instead)
