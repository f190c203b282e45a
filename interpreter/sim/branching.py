"""One game branched where a card could be built (interpreter/sim/experiment.py says why):
built, or the seat's best alternative, and for a designer card each of its peers built in its
place (and the card in each peer's place at the peer's own position); every branch played out
with the same random streams and bots."""
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
    # (designer card, peer, at the card's position?, win and points of the card minus the peer),
    # one for each peer built in the card's place and each peer with the card built in its place
    instead: list[tuple[str, str, bool, float, int]] = field(default_factory=list)


def in_its_place(g: Game, seat: int, idx: int, answers: dict[int, Any], others: Sequence[Any]
                 ) -> list[tuple[str, dict[str, Any]]]:
    """(name, scores) of each of `others` built in the place of the seat's card `idx` (the same
    hand passed on, the same streams: only the two cards' own effects differ), for those the
    seat could build there."""
    out = []
    for other in others:
        branch = g.clone()
        if other.name in branch.cities[seat].names:
            continue
        branch.hands[seat][idx] = other
        move = next((m for m in branch.moves(seat) if m.card == idx and m.action == BUILD), None)
        if move is not None:
            branch.step({**answers, seat: move})
            out.append((other.name, branch.play()))
    return out


def branch_game(cp: Any, seed: int, players: int, bots: str, cards: set[str], sides: str = "random",
                peer_of: dict[str, Sequence[str]] | None = None) -> Branched:
    """One game: at the first decision where a seat holds one of `cards` (not built) and can
    build it, the game is branched (built / the seat's best move that does not build it), both
    played out; the main line goes on with the bots' own choices. For a card with peers in
    `peer_of`, each peer is also built in its place there, and at a peer's position the card in
    the peer's place (Branched.instead): both ways, so that neither the card's positions nor its
    peers' favour one (a card is affordable at its own, where a peer may cost more)."""
    g = Game(cp, make_bots(bots, players), seed=seed, sides=sides)
    by = {c.name: c for c in cp.cards}
    peer_of = peer_of or {}
    designers_of: dict[str, list[str]] = {}  # a peer's designer cards
    for name, peers in peer_of.items():
        for p in peers:
            designers_of.setdefault(p, []).append(name)
    instead: list[tuple[str, str, bool, float, int]] = []
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
                total = a["players"][seat]["total"]
                for peer, s in in_its_place(g, seat, idx, answers, [by[p] for p in peer_of.get(card.name, ())]):
                    instead.append((card.name, peer, True, _won(a, seat) - _won(s, seat),
                                    total - s["players"][seat]["total"]))
                for name, s in in_its_place(g, seat, idx, answers, [by[d] for d in designers_of.get(card.name, ())]):
                    instead.append((name, card.name, False, _won(s, seat) - _won(a, seat),
                                    s["players"][seat]["total"] - total))
        g.step(answers)
    return Branched(out, dealt, g.scores, instead)
