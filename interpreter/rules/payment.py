"""The payment search: every Pareto-optimal way to pay (coins to left, coins to right).

A city first uses its own production (fixed, then its either/or cards); the rest is
bought from neighbours' tradable production only (brown/grey cards and the board's
resource), each neighbour unit at most once per turn, at the buyer's price for that
side and resource. Results depend only on production, prices and the cost, so they
are cached across turns and games by those signatures.
"""
from __future__ import annotations

from typing import Any

from interpreter.rules.city import LEFT, RIGHT, City
from interpreter.rules.exchange import clear_cache as _clear_exchange
from interpreter.rules.exchange import exchange_options

Option = tuple[int, int]
_CACHE: dict[tuple[object, ...], tuple[Option, ...]] = {}
_CACHE_LIMIT = 300_000
_FREE: tuple[Option, ...] = ((0, 0),)
# second level: the search's answer for a "shape" (needed units, the sources that can give
# them, their prices), shared by every city state that reduces to the same shape
_SHAPES: dict[tuple[object, ...], tuple[Option, ...]] = {}


def clear_cache() -> None:
    _CACHE.clear()
    _SHAPES.clear()
    _clear_exchange()


def cache_size() -> int:
    return len(_CACHE)


def payment_options(cost: tuple[tuple[int, int], ...], city: City, left: City,
                    right: City) -> tuple[Option, ...]:
    """Pareto-optimal (left, right) payments for a sparse cost ((resource, n), ...),
    cheapest total first; () if impossible."""
    if city.exchange:  # `exchange N same for 1 any`: a search of its own (rules/exchange.py)
        return exchange_options(cost, city, left, right, _bought)
    fixed = city.fixed
    if len(cost) == 1:
        r, n = cost[0]
        if n <= fixed[r]:
            return _FREE
        return _one_resource(r, n - fixed[r], city, left, right)
    need = tuple([(r, n - fixed[r]) for r, n in cost if n > fixed[r]])
    if not need:
        return _FREE
    if len(need) == 1:
        return _one_resource(need[0][0], need[0][1], city, left, right)
    own, lt, rt = city.choice_count, left.trade_count, right.trade_count
    for r, k in need:  # not enough of one resource anywhere: most failing costs stop here
        if own[r] + lt[r] + rt[r] < k:
            return ()
    key = (need, city.own_id, left.trade_id, right.trade_id, city.price_id)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    result = _search(need, city, left, right)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = result
    return result


class _Buyer:
    """A stand-in for a city with nothing of its own, at that city's prices: what it lacks
    is all bought from the neighbours."""

    __slots__ = ("prices", "choices", "choice_mask", "choice_count")

    def __init__(self, city: City):
        self.prices, self.choices, self.choice_mask = city.prices, [], 0
        self.choice_count = [0] * city.n_res


def _bought(need: tuple[tuple[int, int], ...], city: City, left: City, right: City) -> tuple[Option, ...]:
    """Every Pareto (left, right) way to buy `need` from the neighbours alone."""
    buyer: Any = _Buyer(city)
    if len(need) == 1:
        return _one_resource(need[0][0], need[0][1], buyer, left, right)
    lt, rt = left.trade_count, right.trade_count
    for r, k in need:
        if lt[r] + rt[r] < k:
            return ()
    return _search(need, buyer, left, right)


def _one_resource(r: int, k: int, city: City, left: City, right: City) -> tuple[Option, ...]:
    """k units of one resource, in closed form: own either/or cards first (free), then every
    split of the rest between the neighbours' supplies; the same answer the search gives."""
    k -= city.choice_count[r]
    if k <= 0:
        return _FREE
    sl, sr = left.trade_count[r], right.trade_count[r]
    if sl + sr < k:
        return ()
    lp, rp = city.prices[LEFT][r], city.prices[RIGHT][r]
    if not lp and not rp:  # free from either side: one way to pay, not one per split
        return _FREE
    if k == 1:
        if not sl:
            return ((0, rp),)
        if not sr:
            return ((lp, 0),)
        return ((lp, 0), (0, rp)) if lp < rp else ((0, rp), (lp, 0))
    options = [(a * lp, (k - a) * rp) for a in range(max(0, k - sr), min(k, sl) + 1)]
    if not (lp and rp):  # a free side makes some splits dominated
        options = [o for o in options
                   if not any(p != o and p[0] <= o[0] and p[1] <= o[1] for p in options)]
    options.sort(key=lambda o: (o[0] + o[1], o[0]))
    return tuple(options)


def _search(need_sparse: tuple[tuple[int, int], ...], city: City, left: City,
            right: City) -> tuple[Option, ...]:
    """Depth-first over the missing units, cheapest sources first, pruning partial
    payments already dominated by a complete one."""
    need = dict(need_sparse)
    mask = 0
    for r in need:
        mask |= 1 << r
    # sources: (resources, side, count); side 0 = own (free)
    kinds: list[tuple[tuple[int, ...], int, int]] = []
    if city.choice_mask & mask:
        kinds.extend(_grouped(city.choices, need, 0))
    for side, nb in ((LEFT, left), (RIGHT, right)):
        if not nb.trade_mask & mask:
            continue
        ft = nb.fixed_trade
        for r, n in need_sparse:
            if ft[r]:
                kinds.append(((r,), side, ft[r] if ft[r] < n else n))
        if nb.choices_trade:
            kinds.extend(_grouped(nb.choices_trade, need, side))
    supply = {}
    for r, n in need_sparse:
        have = 0
        for res, _, k in kinds:
            if r in res:
                have += k
        if have < n:
            return ()
        supply[r] = have
    lp, rp = city.prices[LEFT], city.prices[RIGHT]
    shape = (need_sparse, tuple(kinds), tuple((lp[r], rp[r]) for r in need))
    known = _SHAPES.get(shape)  # same sources and prices seen in another city or game
    if known is not None:
        return known
    if len(_SHAPES) >= _CACHE_LIMIT:
        _SHAPES.clear()
    search = _dfs if _small(need_sparse, kinds) else _dp
    result = _SHAPES[shape] = search(need_sparse, kinds, supply, (None, lp, rp))
    return result


def _small(need_sparse: tuple[tuple[int, int], ...], kinds: list[tuple[tuple[int, ...], int, int]]) -> bool:
    """Whether the depth-first search is safe: a rough count of its branches (sources that can
    give each missing unit, multiplied over the units) is small. Real games stay far below it;
    hostile packs (a dozen three-way either/or cards per neighbour) go to _dp."""
    units = 0
    for _, n in need_sparse:
        units += n
    if len(kinds) ** units <= _DFS_BRANCHES:  # the usual case, without counting per resource
        return True
    branches = 1
    for r, n in need_sparse:
        ways = sum(1 for res, _, _ in kinds if r in res)
        branches *= ways ** n
        if branches > _DFS_BRANCHES:
            return False
    return True


_DFS_BRANCHES = 4096


def _dp(need_sparse: tuple[tuple[int, int], ...], kinds: list[tuple[tuple[int, ...], int, int]],
        supply: dict[int, int], prices: tuple[None, list[int], list[int]]) -> tuple[Option, ...]:
    """The same Pareto set as _dfs, by dynamic programming over the units taken so far.

    What the right neighbour is paid depends only on which units it gives, and likewise the
    left. So: (1) over the city's own and the left neighbour's sources, the cheapest left
    payment for every vector of units they can cover together; (2) over the right neighbour's
    sources, every vector of units it can cover (its price follows from the vector); (3) each
    split of the cost between the two gives one candidate (left, right); keep the Pareto set.
    Vectors are numbers in a mixed radix (digit i: units of the i-th needed resource), at most
    the product of (units + 1) over the cost's resources (a cost holds at most LIMITS.cost_units
    units of at most LIMITS.cost_resources resources: 1,296 vectors), so the work is polynomial in the number of
    sources, whatever their either/or structure."""
    slot = {r: i for i, (r, _) in enumerate(need_sparse)}
    full = [n for _, n in need_sparse]
    radix = [1] * len(full)
    for i in range(1, len(full)):
        radix[i] = radix[i - 1] * (full[i - 1] + 1)
    top = sum(f * w for f, w in zip(full, radix))
    ours = _cover([k for k in kinds if k[1] != RIGHT], slot, full, radix, prices)
    right = _cover([k for k in kinds if k[1] == RIGHT], slot, full, radix, prices)
    found: list[Option] = []
    for taken, lc in ours.items():
        rc = right.get(top - taken)  # digit by digit: taken never exceeds full
        if rc is not None:
            _pareto_add(found, lc, rc)
    found.sort(key=lambda o: (o[0] + o[1], o[0]))
    return tuple(found)


def _cover(kinds: list[tuple[tuple[int, ...], int, int]], slot: dict[int, int], full: list[int],
           radix: list[int], prices: tuple[None, list[int], list[int]]) -> dict[int, int]:
    """Every vector of units (at most `full`) these sources can give together, with the least
    coins it costs (the sources of one neighbour, or the city's own, which are free, and the
    left neighbour's)."""
    best: dict[int, int] = {0: 0}
    for res, side, count in kinds:
        steps = [(radix[slot[r]], full[slot[r]] + 1, 0 if side == 0 else prices[side][r]) for r in res]
        for _ in range(count):  # one unit of the kind at a time: identical copies, same states
            nxt = dict(best)
            for state, cost in best.items():
                for w, base, price in steps:
                    if (state // w) % base < base - 1:
                        new, c = state + w, cost + price
                        old = nxt.get(new)
                        if old is None or c < old:
                            nxt[new] = c
            if len(nxt) == len(best) and nxt == best:
                break
            best = nxt
    return best


def _pareto_add(front: list[Option], lc: int, rc: int) -> None:
    for fl, fr in front:
        if fl <= lc and fr <= rc:
            return
    front[:] = [(fl, fr) for fl, fr in front if not (lc <= fl and rc <= fr)]
    front.append((lc, rc))


def _dfs(need_sparse: tuple[tuple[int, int], ...], kinds: list[tuple[tuple[int, ...], int, int]],
         supply: dict[int, int], prices: tuple[None, list[int], list[int]]) -> tuple[Option, ...]:
    units = [r for r, n in need_sparse for _ in range(n)]
    # scarcest resources first: fewer branches near the root
    units.sort(key=lambda r: (supply[r], r))
    remaining = [k[2] for k in kinds]
    found: list[Option] = []
    n_units, n_kinds = len(units), len(kinds)

    def dominated(lc: int, rc: int) -> bool:
        for fl, fr in found:
            if fl <= lc and fr <= rc:
                return True
        return False

    def dfs(i: int, start: int, lc: int, rc: int) -> None:
        if i == n_units:
            # drop options this one dominates, keep it
            found[:] = [(fl, fr) for fl, fr in found if not (lc <= fl and rc <= fr)]
            found.append((lc, rc))
            return
        r = units[i]
        first = start if i and units[i - 1] == r else 0
        for k in range(first, n_kinds):
            if not remaining[k]:
                continue
            res, side, _ = kinds[k]
            if r not in res:
                continue
            nl, nr = lc, rc
            if side == LEFT:
                nl += prices[LEFT][r]
            elif side == RIGHT:
                nr += prices[RIGHT][r]
            if found and dominated(nl, nr):
                continue
            remaining[k] -= 1
            dfs(i + 1, k, nl, nr)
            remaining[k] += 1

    dfs(0, 0, 0, 0)
    found.sort(key=lambda o: (o[0] + o[1], o[0]))
    return tuple(found)


def _grouped(choices: list[tuple[int, ...]], need: dict[int, int], side: int) -> list[tuple[tuple[int, ...], int, int]]:
    """Either/or cards cut down to the needed resources, identical ones counted together."""
    counted: dict[tuple[int, ...], int] = {}
    for ch in choices:
        useful = tuple([r for r in ch if r in need])
        if useful:
            counted[useful] = counted.get(useful, 0) + 1
    return [(res, side, n) for res, n in counted.items()]
