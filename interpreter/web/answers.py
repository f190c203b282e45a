"""A posted answer read and checked against what the seat was asked, and the screens of the
questions that are not a move (a coin loss to pay, a card to choose).

One place for both the one-player game (player.py) and the shared tables (tables.py), so
a page edited in the browser's tools is refused with the same reasons everywhere.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from interpreter.printing.cardface import card_svg
from interpreter.rules.compiled import CCard
from interpreter.rules.moves import ALL_ACTIONS, Move, refusal_explained
from .views import parse_move, small_int

if TYPE_CHECKING:
    from interpreter.players.game import Game


def checked(game: "Game", kind: str, seat: int, code: str, moves: Sequence[Move] = (),
            cards: int = 0, limit: int = 0, actions: tuple[str, ...] = ALL_ACTIONS,
            strict: bool = True) -> tuple[Any, str]:
    """The posted text as an answer ("" or why not): `kind` "payment" (pay 0..limit coins),
    "discard"/"card" (one of `cards` cards, or none) or "move" (one of `moves`, else the
    rules' reason; not `strict`: a move the rules allow though not offered is let through
    for the engine's own check)."""
    if kind == "payment":
        head, _, num = (code or "").partition(":")
        if head != "pay" or not small_int(num) or int(num) > limit:
            return None, f"pay 0 to {limit} coins, not {code!r}"
        return int(num), ""
    if kind in ("discard", "card"):
        if code == "discard:none":
            return None, ""
        head, _, num = (code or "").partition(":")
        if head != "discard" or not small_int(num) or not 0 <= int(num) < cards:
            what = "a card of the discard pile" if kind == "discard" else "one of the cards offered"
            return None, f"not {what}: {code!r}"
        return int(num), ""
    move = parse_move(code)
    if move is None:
        return None, f"not a move: {code!r} (expected action:card:left:right:free)"
    if move in moves:
        return move, ""
    why = refusal_explained(move, game.hands[seat], game.cities[seat], game.table,
                            game.free_power(seat), game.cp.resources, actions)
    return move, why or ("not one of the moves offered now" if strict else "")


def payment_view(due: int, can: int) -> dict[str, Any]:
    """The choices of a coin loss: pay can..0 coins, a debt token for each coin not paid."""
    return {"due": due, "options": [
        {"code": f"pay:{k}", "label": f"Pay {k} coin{'s' if k != 1 else ''}"
                                      + (f", take {due - k} debt" if due > k else "")}
        for k in range(can, -1, -1)]}


def cards_view(cards: Sequence[CCard], vocab: Any) -> list[dict[str, Any]]:
    """Cards to choose among (`discard:N`), each drawn as on the table."""
    return [{"code": f"discard:{i}", "name": c.name, "svg": card_svg(c.card, vocab, "100%")}
            for i, c in enumerate(cards)]


def card_question(view: dict[str, Any], game: "Game", seat: int, cards: Sequence[CCard],
                  purpose: str) -> None:
    """A mid-turn card question on the seat's screen: the cards offered and what for; a
    shared project's join question also gets its facts (`project_offer`: name, coins now,
    reward, penalty, places left), shown with "Join" / "Do not join"; a paid track step's
    question (`track_offer`: the step, its reward, the coins) with "Advance" / "Do not advance"."""
    from interpreter.players.project_offer import join_offer
    view["discard"] = cards_view(cards, game.rules.vocab)
    if purpose and purpose != "discard":
        view["choose_for"] = purpose
    offer = join_offer(game.observe(seat), cards, purpose)
    if offer is not None:
        view["project_offer"] = offer
    if purpose == "choose one":  # a card's choice (`choose ... or ...`): one button per option
        from dsl.english import option_english
        view["choice_offer"] = [{"code": f"discard:{i}", "name": c.name,
                                 "text": option_english(c.card.effects[0], game.rules.vocab)}
                                for i, c in enumerate(cards)]
    if purpose.startswith("advance ") and len(cards) == 1:  # a paid track step: "Advance" / "No"
        from dsl.english import effects_english
        view["track_offer"] = {"step": cards[0].name, "coins": purpose.rsplit(" for ", 1)[-1],
                               "reward": effects_english(cards[0].card.effects, game.rules.vocab),
                               "held": game.cities[seat].coins}
