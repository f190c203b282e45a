"""What a player sees, as plain data read from a Game (the web page and replays render it).

Everything here is computed in the game's own thread while it waits for the player, so
the Game object is never read while it changes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dsl.english import cost_english, effects_english

from interpreter.printing.cardface import card_svg, color_of, ink_on
from interpreter.rules.compiled import CCard
from interpreter.rules.moves import (
    BID, BUILD, KEEP, LAW, SELL, WONDER, Move, explained, pay_label, price_card, price_stage)
from interpreter.rules.scoring import city_scores
from interpreter.rules.city import City

if TYPE_CHECKING:
    from interpreter.players.game import Game


def move_code(m: Move) -> str:
    """A move as the page posts it: action:card:left:right:free[:extra[:stage[:far_left:far_right]]]
    (extra: coins to the bank for resources bought there; stage: the stage number a wonder move
    names on a side whose stages are built in any order, 0 for none; far: coins to the cities
    N seats away, `trade N seats away`)."""
    far = tuple(m.far) != (0, 0)
    tail = [m.extra] if m.extra or m.stage >= 0 or far else []
    if m.stage >= 0 or far:
        tail.append(m.stage + 1)
    if far:
        tail.extend(m.far)
    return f"{m.action}:{m.card}:{m.left}:{m.right}:{m.free}" + "".join(f":{x}" for x in tail)


def small_int(text: str) -> bool:
    """An ASCII whole number of at most 4 digits (str.isdigit() also takes '²' and 5,000 digits)."""
    digits = text[1:] if text.startswith("-") else text
    return 0 < len(digits) <= 4 and digits.isascii() and digits.isdigit()


def parse_move(text: str) -> Move | None:
    parts = (text or "")[:200].split(":")
    if len(parts) == 5:
        parts.append("0")
    if len(parts) == 6:
        parts.append("0")  # no stage named: the next printed one
    if len(parts) == 7:
        parts += ["0", "0"]  # nothing paid to far cities
    if len(parts) != 9 or not all(small_int(p) for p in (*parts[1:4], *parts[5:])) or len(parts[4]) > 20:
        return None
    return Move(int(parts[1]), parts[0], int(parts[2]), int(parts[3]), parts[4], int(parts[5]),
                (int(parts[7]), int(parts[8])), max(int(parts[6]), 0) - 1)


def well_formed(code: str) -> bool:
    """A posted answer of one of the forms the page sends: a move, `pay:N`, `discard:N` or
    `discard:none` (anything else is a malformed request, not a refused move)."""
    head, _, rest = (code or "").partition(":")
    if head == "pay" or head == "discard":
        return rest == "none" and head == "discard" or small_int(rest)
    return parse_move(code) is not None


def production_text(city: City, resources: tuple[str, ...], tradable: bool = False) -> str:
    """'2 wood, 1 clay, wood/clay' (tradable: only what neighbours may buy)."""
    fixed = city.fixed_trade if tradable else city.fixed
    parts = [f"{n} {resources[r]}" for r, n in enumerate(fixed) if n]
    for ch in (city.choices_trade if tradable else city.choices):
        parts.append("/".join(resources[r] for r in ch))
    return ", ".join(parts) or "nothing"


def _tokens(city: City) -> str:
    return " ".join(f"{t:+d}" for t in city.tokens) or "none"


def city_view(game: "Game", city: City) -> dict[str, Any]:
    res, vocab = game.cp.resources, game.rules.vocab
    groups: dict[str, list[dict[str, str]]] = {}
    for c in city.cards:
        groups.setdefault(c.color_name, []).append(
            {"name": c.name, "text": effects_english(c.card.effects, vocab)})
    stages = city.side.stages
    board = [{"number": i + 1, "cost": cost_english(st.cost), "text": effects_english(st.effects, vocab),
              "built": i in city.built_stages} for i, st in enumerate(city.side.source.stages)]
    nxt = None
    if city.open_stages():  # in any order: the first unbuilt one (every one is offered on the cards)
        k = city.open_stages()[0]
        src = city.side.source.stages[k]
        nxt = {"number": k + 1, "cost": cost_english(src.cost),
               "text": effects_english(src.effects, vocab)}
    return {"seat": city.seat, "name": city.name, "wonder": city.side.wonder, "side": city.side.side,
            "coins": city.coins, "shields": city.shields, "tokens": _tokens(city),
            "military": sum(city.tokens), "stages": city.stages_built, "n_stages": len(stages),
            "next_stage": nxt, "board": board, "production": production_text(city, res),
            "sells": production_text(city, res, tradable=True),
            "science": ", ".join(f"{n} {s}" for s, n in zip(game.cp.symbols, city.science) if n)
            + (f" + {len(city.science_wild)} wild" if city.science_wild else ""),
            "groups": [{"color": col, "fill": color_of(col), "ink": ink_on(color_of(col)), "cards": cs}
                       for col, cs in groups.items()]}


def coins_now(n: int) -> str:
    return "costs nothing now" if n == 0 else f"costs {n} coin{'s' if n != 1 else ''} now"


def card_view(game: "Game", seat: int, index: int, card: CCard, moves: list[Move],
              live: bool) -> dict[str, Any]:
    city, res = game.cities[seat], game.cp.resources
    price = price_card(card, city, game.table)
    builds = [m for m in moves if m.card == index and m.action == BUILD]
    if builds:
        status = "free (chain)" if price.free == "chain" else (
            "costs nothing" if price.free == "cost" else
            coins_now(min(price.bank + m.left + m.right + m.extra for m in builds if not m.free))
            if any(not m.free for m in builds) else "free with your wonder power")
    elif any(m.card == index and m.action == KEEP for m in moves):
        status = {"market": "take it: one card of the market row, into your hand",
                  "alliance": "your offer, in secret: two neighbours who offer each other an alliance are "
                              "allies for the age (the cards of the alliance deck say what allies get)"}.get(
            game.phase.kind, "keep it: you pick one card of this hand to keep, then pass the rest")
    elif any(m.action == BID for m in moves):
        status = "up for auction: bid coins in secret; the single highest bid builds it and pays them (a tie: nobody)"
    else:
        status = explained(price.reason, card.cost, city, game.table, res) or "cannot be built"
    c = card.card
    return {"index": index, "key": index + 1, "name": card.name, "color": card.color_name,
            "fill": color_of(card.color_name), "svg": card_svg(c, game.rules.vocab, "100%"),
            "cost": cost_english(c.cost), "text": effects_english(c.effects, game.rules.vocab),
            "chain": ", ".join(c.chains_from), "status": status, "buildable": bool(builds),
            "builds": [{"code": move_code(m), "label": "Build: " + pay_label(m, price.bank)}
                       for m in builds] if live else [],
            "keeps": [{"code": move_code(m), "label": ("Make this offer" if game.phase.kind == "alliance" else "Keep this card")
                       if m.action == KEEP else f"Bid {m.stage}"}
                      for m in moves if m.card == index and m.action in (KEEP, BID)] if live else [],
            "wonders": [{"code": move_code(m), "label": (f"Wonder stage {m.stage + 1}: " if m.stage >= 0
                                                        else "Wonder stage: ") + pay_label(
                m, city.side.stages[city.stage_at(m.stage)].cost_coins)}
                for m in moves if m.card == index and m.action == WONDER] if live else [],
            "sells": [{"code": move_code(m), "label": f"Sell: +{game.rules.sell_coins + city.shifts.get('sell_coins', 0)} coins"}
                      for m in moves if m.card == index and m.action == SELL] if live else [],
            "laws": [{"code": move_code(m), "label": f"Law: place {game.rules.tower.tiles[m.stage].name} "
                      f"({effects_english(game.rules.tower.tiles[m.stage].effects, game.rules.vocab)})"}
                     for m in moves if m.card == index and m.action == LAW] if live else []}


def stage_view(game: "Game", seat: int, moves: list[Move]) -> dict[str, Any]:
    city = game.cities[seat]
    price = price_stage(city, game.table)
    if city.stages_built >= len(city.side.stages):
        return {"status": "every stage is built", "options": []}
    cost = city.side.stages[city.open_stages()[0]].cost
    options = sorted({(m.left, m.right) for m in moves if m.action == WONDER})
    status = ("Can be built now, paying " + "; or ".join(
        pay_label(Move(0, WONDER, lc, rc), price.bank) for lc, rc in options)) if options else \
        explained(price.reason, cost, city, game.table, game.cp.resources)
    return {"status": status, "options": options}


FREE_WORDS = {"chain": ", free (chain)", "power": ", free (wonder power)",
              "discard": " from the discard pile, free"}


def turn_lines(game: "Game", entries: list[dict[str, Any]]) -> list[str]:
    """What every player did, one line each, from the game log's turn entries."""
    out = []
    for t in entries:
        note = f" ({t['note']})" if t.get("note") else ""
        phase = t.get("phase", "turn")
        if phase == "draft":  # what the others kept is secret
            out.append(f"Draft pick {t['turn']}: everyone kept a card and passed the rest")
            continue
        if phase == "recruit":
            note = f" (recruitment{', ' + t['note'] if t.get('note') else ''})"
        for m in t["moves"]:
            who = game.cities[m["player"]].name
            pay = m["bank"] + m["left"] + m["right"]
            how = f", paid {pay}" if pay else FREE_WORDS.get(m.get("free", ""), "")
            if m["action"] == SELL:
                out.append(f"Age {t['age']} turn {t['turn']}{note}: {who} sold a card (+{game.rules.sell_coins} coins)")
            elif m["action"] == "copy":
                out.append(f"Age {t['age']}{note}: {who} copied {m['card']}")
            elif m["action"] == LAW:
                out.append(f"Age {t['age']} turn {t['turn']}{note}: {who} placed the law tile {m.get('law')} (a card spent)")
            elif m["action"] == WONDER:
                out.append(f"Age {t['age']} turn {t['turn']}{note}: {who} built a wonder stage{how}")
            else:
                out.append(f"Age {t['age']} turn {t['turn']}{note}: {who} built {m['card']}{how}")
    return out


def wars_view(game: "Game") -> list[dict[str, Any]]:
    return [{"age": w["age"], "rows": [
        {"name": game.cities[r["player"]].name, "shields": r["shields"],
         "tokens": " ".join(f"{t:+d}" for t in r["tokens"]) or "none"} for r in w["results"]]}
        for w in game.log.get("war", [])]


def scores_view(game: "Game", scores: dict[str, Any] | None = None) -> dict[str, Any]:
    scores = scores or city_scores(game.cities, game.table, game.rules)
    rows = [{"line": cat, "values": [p[cat] for p in scores["players"]]} for cat in (*game.rules.score_lines, "total")]
    return {"names": [p["name"] for p in scores["players"]], "rows": rows,
            "winners": [scores["players"][w]["name"] for w in scores.get("winners", [])]}


def _keeping(moves: list[Move]) -> bool:
    """A draft's pick: every move keeps a card (no stage, nothing to build)."""
    return bool(moves) and all(m.action == KEEP for m in moves)


def heading(game: "Game") -> str:
    """What the table is doing now, named by its phase: an age's turn, a draft's pick or a
    recruitment (a phase is a declared step of the pack, never 'Age N' when it is not one)."""
    decl = game.phase
    if decl.kind == "age":
        return f"Age {game.age}, turn {game.turn}"
    name = decl.name.replace("_", " ").capitalize()
    when = {"start": "before the first age", "end": "after the last age",
            "before age": f"before Age {game.age}", "after age": f"after Age {game.age}"}.get(decl.at, "")
    if decl.kind == "draft":
        return f"{name}: draft from the {decl.deck} deck {when}, pick {game.turn}".replace("  ", " ")
    if decl.kind == "recruit":
        return f"{name}: play one card of your {decl.hand} hand {when}".replace("  ", " ")
    if decl.kind == "alliance":
        return f"{name}: offer an alliance to a neighbour for Age {game.phase_age}"
    if decl.kind == "auction":
        return f"{name}: a card of the {decl.deck} deck up for auction {when}".replace("  ", " ")
    return f"{name} {when}".strip()


def kept_hands(game: "Game", seat: int) -> list[dict[str, Any]]:
    """The seat's own second hands (the leaders it drafted, ...): seen only by their owner."""
    city = game.cities[seat]
    playing = game.phase.hand if game.phase.kind == "recruit" else ""  # that one is the hand shown
    hands = {name: list(cards) for name, cards in city.hands.items()}
    if game.phase.kind == "draft" and seat < len(game.kept) and game.kept[seat]:  # picks so far
        hands.setdefault(game.phase.hand, []).extend(game.kept[seat])
    return [{"name": name, "cards": [{"name": c.name, "text": effects_english(c.card.effects, game.rules.vocab)}
                                     for c in cards]}
            for name, cards in sorted(hands.items()) if cards and name != playing]


def tower_view(game: "Game", seat: int) -> dict[str, Any] | None:
    """The law tower: every tile placed, newest first (the top), what its law changes, covered
    ones marked (they no longer hold); the seat's own tiles (only its owner sees them)."""
    decl = game.rules.tower
    if decl is None:
        return None
    vocab, shown = game.rules.vocab, decl.visible_at(game.n_players)
    cut = len(game.tower) - shown  # tiles below this index are covered by newer ones
    placed = [{"name": decl.tiles[t].name, "text": effects_english(decl.tiles[t].effects, vocab),
               "by": game.cities[s].name, "covered": i < cut} for i, (s, t) in enumerate(game.tower)]
    city = game.cities[seat]
    return {"placed": placed[::-1], "visible": shown, "placed_by_me": city.laws_placed,
            "points": decl.points_for(city.laws_placed),
            "own_tiles": [{"name": decl.tiles[t].name, "text": effects_english(decl.tiles[t].effects, vocab)}
                     for t in city.laws]}


def game_view(game: "Game", seat: int, moves: list[Move], seen_turns: int, live: bool = True,
              final: dict[str, Any] | None = None) -> dict[str, Any]:
    """The whole screen for `seat`: hand, own city, neighbours, last turns, wars, scores."""
    hand = game.hands[seat] if not final else []
    return {"pack": game.cp.pack.name, "age": game.age, "turn": game.turn, "ages": game.rules.ages,
            "heading": heading(game), "kept": kept_hands(game, seat) if not final else [],
            "table": [city_view(game, c) for c in game.cities] if game.n > 3 else [],
            "me": city_view(game, game.cities[seat]),
            "left": city_view(game, game.table.left(seat)),
            "right": city_view(game, game.table.right(seat)),
            "hand": [card_view(game, seat, i, c, moves, live) for i, c in enumerate(hand)],
            "stage": stage_view(game, seat, moves) if hand and not _keeping(moves) else None,
            "recent": turn_lines(game, game.log["turns"][seen_turns:]),
            "history": turn_lines(game, game.log["turns"]),
            "wars": wars_view(game), "scores": scores_view(game, final), "tower": tower_view(game, seat),
            "final": final is not None, "discard": [],
            "playing_for": game.cities[seat].name if game.cities[seat].unowned and not final else "",
            "projects": _projects(game, seat)}


def _projects(game: "Game", seat: int) -> list[dict[str, Any]]:
    """The shared projects and who joined them (public: markers on the table)."""
    if not game.cp.projects:
        return []
    from interpreter.players.project_offer import projects_view
    return projects_view(game.observe(seat))
