"""Moves: what a player may do with a card, every legal way to do it, and why a move is refused."""
from __future__ import annotations

from typing import Any, NamedTuple

from interpreter.rules.compiled import CCard
from interpreter.rules.exchange import exchange_short
from interpreter.rules.far_trade import far_options
from interpreter.rules.payment import payment_options
from interpreter.rules.cost_now import printed_coins, printed_resources, upgrade_refusal
from interpreter.rules.pricing import PLAIN, Terms, build_terms, mods_for, options_with_changes
from interpreter.rules.city import City, Table
from interpreter.rules.counting import count
from interpreter.rules.laws import law_refusal
from interpreter.rules.bids import BID, bid_moves, other_refusal  # an auction's (re-exported)

BUILD, WONDER, SELL, KEEP, LAW = "build", "wonder", "sell", "keep", "law"
ALL_ACTIONS = (BUILD, WONDER, SELL)


class Move(NamedTuple):
    """Play hand card `card` (an index) as `action`, paying `left`/`right` neighbours.

    `free` says why nothing is paid: "chain", "power" (a free-build power) or "" (paid,
    or a card whose cost is nothing). Coins to the bank are the card's or stage's coin cost
    (after cost changes) plus `extra`, for resources bought from the bank. `far` pays the
    cities N seats away (left, right: `trade N seats away`). `keep` is the draft's action:
    keep the card, pass the rest. `stage` is the wonder stage a `wonder` move builds
    (0-based): -1, the next printed one, on every side but one whose stages are built in any
    order (`stage_order: any`), where it names the stage; a `law` move, the tower's tile it places.
    """

    card: int
    action: str
    left: int = 0
    right: int = 0
    free: str = ""
    extra: int = 0
    far: tuple[int, int] = (0, 0)
    stage: int = -1


class Price(NamedTuple):
    buildable: bool
    free: str  # "", "cost" (costs nothing), "chain", "discount" (a cost change waives it)
    bank: int
    options: tuple[tuple[int, int], ...]  # affordable Pareto (left, right) options
    reason: str = ""
    bank_options: tuple[tuple[int, int, int], ...] = ()  # (left, right, extra to the bank)
    far_options: tuple[tuple[int, int, int, int], ...] = ()  # (left, right, far left, far right)


def _neighbours(city: City, table: Table) -> tuple[City, City]:
    n = table.n
    return table.cities[(city.seat + 1) % n], table.cities[(city.seat - 1) % n]


def _priced(coins: int, terms: Terms, city: City, table: Table) -> Price:
    bank, cost = terms.bank, terms.cost
    if terms.free:
        return Price(True, "discount", 0, ((0, 0),))
    if bank > coins:
        return Price(False, "", bank, (), f"needs {bank} coins for the bank, has {coins}")
    if not cost:
        return Price(True, "cost" if not bank else "", bank, ((0, 0),))
    left, right = _neighbours(city, table)
    if terms.plain:
        triples = tuple((a, b, 0) for a, b in payment_options(cost, city, left, right))
    else:
        triples = options_with_changes(terms, city, left, right)
    far = far_options(cost, city, table) if city.far_trade else ()
    if not triples and not far:
        return Price(False, "", bank, (), "the resources cannot be produced or bought")
    ok = tuple(o for o in triples if bank + o[0] + o[1] + o[2] <= coins)
    far_ok = tuple(o for o in far if bank + sum(o) <= coins)
    if not ok and not far_ok:
        cheapest = min([bank + sum(o) for o in triples] + [bank + sum(o) for o in far])
        return Price(False, "", bank, (), f"costs at least {cheapest} coins, has {coins}")
    return Price(True, "", bank, tuple((a, b) for a, b, e in ok if not e),
                 bank_options=tuple(o for o in ok if o[2]), far_options=far_ok)


def price_card(card: CCard, city: City, table: Table, coins: int | None = None) -> Price:
    """What building `card` costs the city now (coins defaults to its current coins)."""
    coins = city.coins if coins is None else coins
    if card.name in city.names:
        return Price(False, "", 0, (), f"{card.name} is already built in this city")
    missing = (card.needs and unmet(card.needs, city, table)) or upgrade_refusal(card, city)
    if missing:  # a prerequisite, or the card an upgrade is built over
        return Price(False, "", 0, (), missing)
    if card.chains_from and not card.chains_from.isdisjoint(city.names):
        return Price(True, "chain", 0, ((0, 0),))
    bank = printed_coins(card, table, city.seat)
    return _priced(coins, build_terms(card.color, bank, printed_resources(card, city), city, table), city, table)


def price_stage(city: City, table: Table, coins: int | None = None, index: int = -1) -> Price:
    """What building wonder stage `index` (-1: the next printed one) costs the city now."""
    coins = city.coins if coins is None else coins
    if city.stages_built >= len(city.side.stages):
        return Price(False, "", 0, (), "every wonder stage is already built")
    index = city.stage_at(index)
    if index not in city.open_stages():
        return Price(False, "", 0, (), _closed(city, index))
    stage = city.side.stages[index]
    if stage.blocked:  # it copies a neighbour's stage that is not there
        return Price(False, "", 0, (), stage.blocked)
    if stage.needs:
        missing = unmet(stage.needs, city, table)
        if missing:
            return Price(False, "", 0, (), missing)
    bank = printed_coins(stage, table, city.seat)
    return _priced(coins, build_terms(-1, bank, stage.cost, city, table), city, table)


def _closed(city: City, index: int) -> str:
    """Why stage `index` cannot take a card now."""
    n = len(city.side.stages)
    if not 0 <= index < n:
        return f"no wonder stage {index + 1} on a board of {n}"
    if index in city.built_stages:
        return f"wonder stage {index + 1} is already built"
    return f"the stages are built in order: the next is stage {city.stages_built + 1}"


def _stage_prices(city: City, table: Table) -> list[tuple[int, Price]]:
    """(stage move index, price) for each stage a card may go under now: -1 for the next printed
    one, or every unbuilt stage's own index on a side built in any order."""
    if not city.side.any_order:
        return [(-1, price_stage(city, table))] if city.stages_built < len(city.side.stages) else []
    return [(k, price_stage(city, table, index=k)) for k in city.open_stages()]


def unmet(needs: tuple[tuple[int, Any, str], ...], city: City, table: Table) -> str:
    """Why a prerequisite is not met now, or "" when every one is."""
    for at_least, counter, words in needs:
        has = count(table, city.seat, counter)
        if has < at_least:
            return f"only with at least {words} (now {has})"
    return ""


def _affordable(bank: int, cost: tuple[tuple[int, int], ...], coins: int, city: City,
                left: City, right: City) -> tuple[tuple[int, int], ...]:
    """The payment options the city can afford with `coins` (hot path of legal_moves)."""
    if bank > coins:
        return ()
    if not cost:
        return _FREE
    options = payment_options(cost, city, left, right)
    budget = coins - bank
    if options and options[0][0] + options[0][1] > budget:
        return ()
    return tuple(o for o in options if o[0] + o[1] <= budget)


_FREE = ((0, 0),)
_NOFAR = (0, 0)


def legal_moves(hand: list[CCard], city: City, table: Table, free_power: bool,
                actions: tuple[str, ...] = ALL_ACTIONS) -> list[Move]:
    """Every legal move for this hand: each card built (each payment option), as the next
    wonder stage (each option), or sold; only `actions` are considered (a draft: keep)."""
    if actions is not ALL_ACTIONS:
        if actions == (KEEP,) or actions == (BID,):  # a draft's keep, an auction's bid
            return [Move(i, KEEP) for i in range(len(hand))] if actions == (KEEP,) else bid_moves(hand, city, Move)
        return _general_moves(hand, city, table, free_power, actions)
    n = table.n
    left, right = table.cities[(city.seat + 1) % n], table.cities[(city.seat - 1) % n]
    mods = mods_for(city, table)
    if mods is not None and mods.general or city.far_trade:
        return _general_moves(hand, city, table, free_power, actions)
    coins, names = city.coins, city.names
    key = (city.prod_version, left.trade_id, right.trade_id, city.price_id)
    if city.pay_key != key:  # production or prices changed: drop this city's price memo
        city.pay_key = key
        city.pay_cache = {}
    memo = city.pay_cache
    stage_moves: list[Move] | None = None  # a stage changed by a cost change: priced in full
    stage_opts: tuple[tuple[int, int], ...] = ()
    if city.side.any_order:
        stage_moves = [m for k, p in _stage_prices(city, table) for m in _price_moves(0, WONDER, p, k)]
    elif city.stages_built < len(city.side.stages):
        st = city.side.stages[city.stages_built]
        if mods is not None and mods.stage != PLAIN or st.cost_per_age or st.needs or st.blocked or st.less:
            stage_moves = _price_moves(0, WONDER, price_stage(city, table))
        else:
            st = city.side.stages[city.stages_built]
            stage_opts = _affordable(st.cost_coins, st.cost, coins, city, left, right)
    moves: list[Move] = []
    add = moves.append
    new = tuple.__new__  # builds a Move without the Python-level NamedTuple constructor
    seen: dict[int, int] = {}
    for i, card in enumerate(hand):
        first = seen.get(card.id)
        if first is not None:  # a second copy in hand: the same moves, another index
            moves.extend([m._replace(card=i) for m in moves if m.card == first])
            continue
        seen[card.id] = i
        if (card.full_price or mods is not None and mods.cards[card.color] != PLAIN) \
                and card.name not in names:
            p = price_card(card, city, table)  # a cost change, the age or a prerequisite: in full
            moves.extend(_price_moves(i, BUILD, p))
            if free_power and p.free not in ("chain", "discount") and not (card.needs and unmet(card.needs, city, table)) \
                    and not upgrade_refusal(card, city) and (card.cost or card.cost_coins or card.cost_per_age) \
                    and (not city.free_build_colors or card.color in city.free_build_colors):
                add(new(Move, (i, BUILD, 0, 0, "power", 0, _NOFAR, -1)))
        elif card.name not in names:
            if card.chains_from and not card.chains_from.isdisjoint(names):
                add(new(Move, (i, BUILD, 0, 0, "chain", 0, _NOFAR, -1)))
            else:
                bank = card.cost_coins
                if bank <= coins:
                    if card.cost:
                        options = memo.get(card.id)
                        if options is None:
                            options = memo[card.id] = payment_options(card.cost, city, left, right)
                        budget = coins - bank
                        for lc, rc in options:
                            if lc + rc <= budget:
                                add(new(Move, (i, BUILD, lc, rc, "", 0, _NOFAR, -1)))
                    else:
                        add(new(Move, (i, BUILD, 0, 0, "", 0, _NOFAR, -1)))
                if free_power and (card.cost or card.cost_coins or card.cost_per_age) and \
                        (not city.free_build_colors or card.color in city.free_build_colors):
                    add(new(Move, (i, BUILD, 0, 0, "power", 0, _NOFAR, -1)))
        if stage_moves is not None:
            moves.extend(m._replace(card=i) for m in stage_moves)
        for lc, rc in stage_opts:
            add(new(Move, (i, WONDER, lc, rc, "", 0, _NOFAR, -1)))
        add(new(Move, (i, SELL, 0, 0, "", 0, _NOFAR, -1)))
        if city.laws:
            moves.extend(Move(i, LAW, stage=k) for k in sorted(set(city.laws)))  # a card spent on a tile
    return moves


def _price_moves(i: int, action: str, p: Price, stage: int = -1) -> list[Move]:
    if not p.buildable:
        return []
    if p.free in ("chain",):
        return [Move(i, action, 0, 0, "chain")]
    out = [Move(i, action, a, b, "", 0, _NOFAR, stage) for a, b in p.options]
    out.extend(Move(i, action, a, b, "", e, _NOFAR, stage) for a, b, e in p.bank_options)
    out.extend(Move(i, action, a, b, "", 0, (fl, fr), stage) for a, b, fl, fr in p.far_options)
    return out


def _general_moves(hand: list[CCard], city: City, table: Table, free_power: bool,
                   actions: tuple[str, ...]) -> list[Move]:
    """legal_moves when cost changes are in play or the phase allows fewer actions."""
    moves: list[Move] = []
    stages = _stage_prices(city, table) if WONDER in actions else []
    for i, card in enumerate(hand):
        if BUILD in actions:
            p = price_card(card, city, table)
            moves.extend(_price_moves(i, BUILD, p))
            if free_power and card.name not in city.names and p.free not in ("chain", "discount") \
                    and (not city.free_build_colors or card.color in city.free_build_colors) \
                    and (card.cost or card.cost_coins or card.cost_per_age) \
                    and not (card.needs and unmet(card.needs, city, table)) and not upgrade_refusal(card, city):
                moves.append(Move(i, BUILD, 0, 0, "power"))
        for k, stage in stages:
            moves.extend(_price_moves(i, WONDER, stage, k))
        if SELL in actions:
            moves.append(Move(i, SELL))
        if city.laws and (LAW in actions or actions is ALL_ACTIONS):
            moves.extend(Move(i, LAW, stage=k) for k in sorted(set(city.laws)))
    return moves


def refusal(move: Move, hand: list[CCard], city: City, table: Table, free_power: bool,
            actions: tuple[str, ...] = ALL_ACTIONS) -> str:
    """Why `move` is not legal ("" when it is)."""
    if move.action not in (BUILD, WONDER, SELL, KEEP, LAW):
        return other_refusal(move, city, actions)  # a bid, or an unknown action
    if move.action not in actions and not (move.action == LAW and actions is ALL_ACTIONS):
        return f"'{move.action}' is not allowed now (this phase allows: {', '.join(actions)})"
    if not 0 <= move.card < len(hand):
        return f"no card #{move.card} in a hand of {len(hand)}"
    if move.action == KEEP:
        return "" if (move.left, move.right, move.free, move.extra) == (0, 0, "", 0) else \
            "keeping a card takes no payment"
    if move.free not in ("", "chain", "power"):  # resolve() skips the bank for any other free too
        return f"unknown free '{move.free}' (a free build is \"chain\" or \"power\")"
    if move.left < 0 or move.right < 0 or move.extra < 0 or min(move.far) < 0:
        return "payments cannot be negative"
    card = hand[move.card]
    if move.stage != -1 and move.action not in (WONDER, LAW):
        return "only a wonder move names a stage"
    if move.action == WONDER:
        why = _stage_refusal(move.stage, city)
        if why:
            return why
    if move.action in (SELL, LAW):
        paid = (move.left, move.right, move.free, move.extra, move.far) != (0, 0, "", 0, (0, 0))
        return law_refusal(city, move.stage, paid) if move.action == LAW else "selling takes no payment" * paid
    if move.action == BUILD and move.free == "power":
        if not free_power:
            return "no free-build power available (not owned, or already used this age)"
        if card.name in city.names:
            return f"{card.name} is already built in this city"
        if city.free_build_colors and card.color not in city.free_build_colors:
            return f"the free-build power builds only some colours, not {card.color_name} cards"
        missing = (card.needs and unmet(card.needs, city, table)) or upgrade_refusal(card, city)
        if missing:
            return missing
        return "" if (move.left, move.right, move.extra) == (0, 0, 0) else "a free build pays nothing"
    p = price_card(card, city, table) if move.action == BUILD else price_stage(city, table, index=move.stage)
    if not p.buildable:
        return p.reason
    if move.free == "chain" and p.free != "chain":
        return f"no chain to {card.name} in this city"
    if move.far != (0, 0):
        if (move.left, move.right, *move.far) in p.far_options and not move.extra:
            return ""
        return f"paying left {move.left} + right {move.right} + far {move.far} is not a way to pay for it"
    ways = [*((a, b, 0) for a, b in p.options), *p.bank_options]
    if (move.left, move.right, move.extra) not in ways:
        opts = ", ".join(f"left {a} + right {b}" + (f" + bank {e}" if e else "") for a, b, e in ways)
        return (f"paying left {move.left} + right {move.right}"
                + (f" + bank {move.extra}" if move.extra else "")
                + f" is not a way to pay for it; ways: {opts}")
    return ""


def _stage_refusal(stage: int, city: City) -> str:
    """Why a wonder move cannot name `stage` ("" when it may)."""
    n = len(city.side.stages)
    if city.side.any_order:
        if stage == -1:
            return (f"the stages of {city.side.wonder} are built in any order: say which one "
                    f"(1-{n})")
        return "" if stage in city.open_stages() or city.stages_built >= n else _closed(city, stage)
    if stage not in (-1, city.stages_built) and city.stages_built < n:
        return _closed(city, stage)
    return ""


def pay_label(m: Move, bank: int) -> str:
    """How a move pays, in words: "2 to the bank, 1 to the left", "free (chain)"."""
    if m.free == "chain":
        return "free (chain)"
    if m.free == "power":
        return "free (wonder power)"
    bank += m.extra  # resources bought from the bank
    parts = [f"{bank} to the bank"] if bank else []
    if m.left:
        parts.append(f"{m.left} to the left")
    if m.right:
        parts.append(f"{m.right} to the right")
    for coins, way in zip(m.far, ("left", "right")):
        if coins:
            parts.append(f"{coins} to the city seats away on the {way}")
    return ", ".join(parts) or "free"


def missing_resources(cost: tuple[tuple[int, int], ...], city: City, table: Table,
                      resources: tuple[str, ...] | list[str]) -> str:
    """Which resources a cost lacks even buying all the neighbours sell, in words, e.g.
    "needs 1 more ore: not produced here or by the neighbours" ("" if none is short by count:
    then the either/or cards cannot cover the whole cost at once)."""
    n = table.n
    left, right = table.cities[(city.seat + 1) % n], table.cities[(city.seat - 1) % n]
    parts = []
    for r, k in cost:
        own = city.fixed[r] + city.choice_count[r]
        sold = left.trade_count[r] + right.trade_count[r]
        if own + sold >= k:
            continue
        name = resources[r] if r < len(resources) else f"resource #{r}"
        where = ("not produced here or by the neighbours" if own + sold == 0
                 else f"{own} made here, {sold} for sale next door")
        parts.append(f"needs {k - own - sold} more {name}: {where}")
    return "; ".join(parts)


def explained(reason: str, cost: tuple[tuple[int, int], ...], city: City, table: Table,
              resources: tuple[str, ...] | list[str]) -> str:
    """A refusal reason with the missing resources named (the payment search is untouched)."""
    if "cannot be produced or bought" not in reason:
        return reason
    short = exchange_short(city) or missing_resources(cost, city, table, resources)
    if not short:
        short = "the either/or cards here and next door cannot make the whole cost at once"
    return f"{reason}: {short}"


def refusal_explained(move: Move, hand: list[CCard], city: City, table: Table, free_power: bool,
                      resources: tuple[str, ...] | list[str],
                      actions: tuple[str, ...] = ALL_ACTIONS) -> str:
    """`refusal`, naming the missing resource(s) when resources are what is lacking."""
    why = refusal(move, hand, city, table, free_power, actions)
    if not why or not 0 <= move.card < len(hand):
        return why
    if move.action == WONDER and 0 <= city.stage_at(move.stage) < len(city.side.stages):
        cost = city.side.stages[city.stage_at(move.stage)].cost
    else:
        cost = hand[move.card].cost
    return explained(why, cost, city, table, resources)
