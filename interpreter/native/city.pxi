# A city's running totals (interpreter/state.City.add) and what `per` clauses count
# (interpreter/rules/counting.py).

cdef void city_init(const PackC* P, City* c, int side) noexcept nogil:
    memset(c, 0, sizeof(City))
    c.side = side
    c.nstages = P.sides[side].nstages
    c.coins = P.starting_coins
    c.free_build = -1
    cdef int r
    for r in range(MAXSTG):
        c.stage_of[r] = P.sides[side].stage0 + r if r < c.nstages else -1
        c.under[r] = -1
    for r in range(P.n_res):
        c.prices[1][r] = P.trade_price
        c.prices[2][r] = P.trade_price
    city_add(P, c, P.sides[side].board, -1)


cdef void city_add(const PackC* P, City* c, int k, int source) noexcept nogil:
    """State.City.add: fold a contribution in; `source` is the card it came with (-1: none)."""
    cdef const ContribC* e = &P.contribs[k]
    cdef int r, i, m, s
    cdef const HookC* h
    if e.produces:
        for r in range(P.n_res):
            c.fixed[r] += e.fixed[r] + e.fixed_private[r]
            c.fixed_trade[r] += e.fixed[r]
            c.trade_count[r] += e.fixed[r]
        if c.nch + e.nch + e.nchp > MAXCH or c.nwild + e.nwild > MAXWILD:
            c.overflow = 1
            return
        for i in range(e.nch):
            m = e.ch[i]
            c.ch[c.nch] = m
            c.nch += 1
            c.tch[c.ntch] = m
            c.ntch += 1
            for r in range(P.n_res):
                if m >> r & 1:
                    c.choice_count[r] += 1
                    c.trade_count[r] += 1
        for i in range(e.nchp):
            m = e.chp[i]
            c.ch[c.nch] = m
            c.nch += 1
            for r in range(P.n_res):
                if m >> r & 1:
                    c.choice_count[r] += 1
    c.shields += e.shields
    for i in range(P.n_sym):
        c.science[i] += e.science[i]
    for i in range(e.nwild):
        if c.nwild < MAXWILD:
            c.wild[c.nwild] = e.wild[i]
            c.nwild += 1
        else:
            c.overflow = 1
    for i in range(e.ndisc):
        for s in range(1, 3):
            if e.disc_seats[i] >> s & 1:
                for r in range(P.n_res):
                    if e.disc_res[i] >> r & 1 and e.disc_price[i] + c.shift[RS_TRADE] < c.prices[s][r]:
                        c.prices[s][r] = e.disc_price[i] + c.shift[RS_TRADE]  # the changed price too
    if e.produces and c.nrel:
        refresh_relative(P, c)
    for i in range(e.nhooks):
        h = &P.hooks[e.hook0 + i]
        if h.kind == H_TRIGGER:
            if c.ntrig < MAXTRIG:
                c.trig[c.ntrig] = e.hook0 + i
                c.trig_src[c.ntrig] = source
                c.ntrig += 1
                if h.seatmask >> 4 & 1:
                    c.listens = 1
            else:
                c.overflow = 1
    for i in range(e.nhooks):
        h = &P.hooks[e.hook0 + i]
        if h.kind == H_FREE:
            if h.period >= 2:
                c.free_turns |= 1 << (h.period - 2)
            else:
                c.free_build = h.period
                c.free_build_colors = h.colors
        elif h.kind == H_PLAYLAST:
            c.play_last = 1
        elif h.kind == H_PLAYTWO:  # PlayTwoPower.attach: the more generous one
            if c.play_two != 2:
                c.play_two = h.period
        elif h.kind == H_FARTRADE:  # FarTradeHook.attach
            c.far_trade = h.ref
            c.far_price = h.amount
        elif h.kind == H_EXCHANGE:  # ExchangeHook.attach: the smallest rate wins
            if not c.exchange or h.amount < c.exchange:
                c.exchange = h.amount
        elif h.kind == H_COPYEND:
            if c.ncopies < MAXCOPY:
                c.copies[c.ncopies] = e.hook0 + i
                c.ncopies += 1
            else:
                c.overflow = 1
        elif h.kind == H_COST:
            if c.ncost < MAXTRIG:
                c.cost_changes[c.ncost] = e.hook0 + i
                c.ncost += 1
            else:
                c.overflow = 1
            if h.period == U_FIRST:
                c.colour_first = 1
        elif h.kind == H_GIVEDEF:
            c.defeats_to_winner = 1
        elif h.kind == H_GIFT:  # GiftHook.attach
            if c.ngives < MAXGIFT:
                c.gives[c.ngives] = e.hook0 + i
                c.ngives += 1
            else:
                c.overflow = 1
        elif h.kind == H_RELATIVE:
            if c.nrel < MAXREL:
                c.rel_kind[c.nrel] = h.ref
                c.nrel += 1
            else:
                c.overflow = 1
            refresh_relative(P, c)
        elif h.kind == H_STRENGTH and h.cond:
            if c.nstrout < MAXSTR:
                c.strength_out[c.nstrout] = e.hook0 + i
                c.nstrout += 1
            else:
                c.overflow = 1
        elif h.kind == H_STRENGTH:
            if c.nstr < MAXSTR:
                c.strength[c.nstr] = e.hook0 + i
                c.nstr += 1
            else:
                c.overflow = 1
        elif h.kind == H_RULE:  # RuleChangeHook.attach: summed each turn (laws.pxi)
            if c.nrule < MAXRULE:
                c.rule[c.nrule] = e.hook0 + i
                c.nrule += 1
            else:
                c.overflow = 1
        elif h.kind == H_HOLD:  # LastingHook.attach: held until its event, unless ended
            if not is_expired(c, e.hook0 + i):
                if c.nlasting < MAXHELD:
                    c.lasting[c.nlasting] = e.hook0 + i
                    c.nlasting += 1
                else:
                    c.overflow = 1
                city_add(P, c, h.inner, source)


cdef inline int is_expired(const City* c, int row) noexcept nogil:
    """The H_HOLD row `row` has ended in this city (City.expired)."""
    cdef int i
    for i in range(c.nexpired):
        if c.expired[i] == row:
            return 1
    return 0


cdef void refresh_relative(const PackC* P, City* c) noexcept nogil:
    """State._refresh_relative: `produce one produced|unproduced` follow what the city sells."""
    cdef int i, r, m, sold = 0, unsold = 0
    for i in range(c.nrelch):
        for r in range(P.n_res):
            if c.relch[i] >> r & 1:
                c.choice_count[r] -= 1
    for r in range(P.n_res):
        if c.trade_count[r] > 0:
            sold |= 1 << r
        else:
            unsold |= 1 << r
    c.nrelch = 0
    for i in range(c.nrel):
        m = sold if c.rel_kind[i] else unsold
        if m:
            c.relch[c.nrelch] = m
            c.nrelch += 1
            for r in range(P.n_res):
                if m >> r & 1:
                    c.choice_count[r] += 1


cdef inline int has_name(const City* c, int name) noexcept nogil:
    return <int>((c.names[name >> 6] >> (name & 63)) & 1)


cdef void build_card(const PackC* P, City* c, int card) noexcept nogil:
    cdef const CardC* cd = &P.cards[card]
    if c.ncards >= MAXBUILT:
        c.overflow = 1
        return
    c.cards[c.ncards] = card
    c.ncards += 1
    c.names[cd.name >> 6] |= (<uint64_t>1) << (cd.name & 63)
    c.color_counts[cd.color] += 1
    city_add(P, c, cd.contrib, card)


cdef void resolve_copies(const PackC* P, Game* g) noexcept nogil:
    """copied_stages.seat_sides: a stage written `copy: left|right` is that neighbour's printed
    stage of the same number, or can never be built (none there, or it copies too)."""
    cdef int s, k, other, st
    cdef const SideC* side
    cdef const SideC* theirs
    for s in range(g.n):
        side = &P.sides[g.city[s].side]
        for k in range(side.nstages):
            if not P.stages[side.stage0 + k].copy:
                continue
            other = (s + 1) % g.n if P.stages[side.stage0 + k].copy == 1 else (s + g.n - 1) % g.n
            theirs = &P.sides[g.city[other].side]
            st = theirs.stage0 + k
            g.city[s].stage_of[k] = st if k < theirs.nstages and not P.stages[st].copy else -1


cdef inline int stage_at(const City* c, int index) noexcept nogil:
    """City.stage_at: the position a wonder move builds (`index`, or the next printed one)."""
    return c.stages_built if index < 0 else index


cdef inline int stage_open(const City* c, int k) noexcept nogil:
    """k is among City.open_stages (an unbuilt position; on an ordered side, the next one)."""
    cdef int i
    if k >= c.nstages:
        return 0
    for i in range(c.stages_built):
        if c.built_order[i] == k:
            return 0
    return 1


cdef int build_stage(const PackC* P, City* c, int index, int card) noexcept nogil:
    """City.build_stage: position `index` (-1: the next printed one) with `card` under it."""
    cdef int at = stage_at(c, index)
    cdef int k = P.stages[c.stage_of[at]].contrib
    if c.stages_built < MAXSTG:
        c.built_order[c.stages_built] = at
    c.under[at] = card
    c.stages_built += 1
    city_add(P, c, k, -1)
    return k


cdef inline int defeats(const City* c) noexcept nogil:
    cdef int i, n = 0
    for i in range(c.ntok):
        if c.tok[i] < 0:
            n += 1
    return n


cdef inline int victories(const City* c) noexcept nogil:
    cdef int i, n = 0
    for i in range(c.ntok):
        if c.tok[i] > 0:
            n += 1
    return n


cdef int science_sets(const City* c, int nsym) noexcept nogil:
    """Complete sets, each wild raising the lowest count (counting.science_sets)."""
    cdef int counts[MAXS]
    cdef int best[3]
    cdef int i, j, low
    if nsym == 0:
        return 0
    for j in range(c.nwild):  # `science most|swap`: settled exactly, sets first
        if c.wild[j] == SCI_MOST or c.wild[j] == SCI_SWAP:
            science_best(c.science, nsym, c.wild, c.nwild, 0, 1 << 20, best)
            return best[1]
    for i in range(nsym):
        counts[i] = c.science[i]
    for j in range(c.nwild):
        low = 0
        for i in range(1, nsym):
            if counts[i] < counts[low]:
                low = i
        counts[low] += 1
    low = counts[0]
    for i in range(1, nsym):
        if counts[i] < low:
            low = counts[i]
    return low


cdef int in_city(const PackC* P, const City* c, const CounterC* k) noexcept nogil:
    cdef int i, j, total = 0, low = -1
    if k.what == W_CARD:
        for i in range(P.n_col):
            if k.colors >> i & 1:
                total += c.color_counts[i]
        return total
    if k.what == W_STAGE:
        return c.stages_built
    if k.what == W_SHIELD:
        return c.shields
    if k.what == W_DEFEAT:
        return defeats(c)
    if k.what == W_VICTORY:
        return victories(c)
    if k.what == W_COIN:
        return c.coins
    if k.what == W_SET:
        for i in range(P.n_col):
            if k.colors >> i & 1:
                if low < 0 or c.color_counts[i] < low:
                    low = c.color_counts[i]
        return low if low > 0 else 0
    if k.what == W_SCISET:
        return science_sets(c, P.n_sym)
    if k.what == W_TOKEN:
        return c.tokc[k.token] if 0 <= k.token < MAXTK else 0
    if k.what == W_PRODUCED:
        return c.trade_count[k.token]
    if k.what == W_VPAIR:  # each value once per pair of tokens of it (first of each value only)
        for i in range(c.ntok):
            if c.tok[i] > 0:
                low = 0  # tokens of this value before it, and in all
                for j in range(c.ntok):
                    if c.tok[j] == c.tok[i]:
                        if j < i:
                            low = -1
                            break
                        low += 1
                if low > 0:
                    total += c.tok[i] * (low // 2)
        return total
    return 0


cdef inline int ring_seat(int seat, int code, int n) noexcept nogil:
    """The seat a fixed code names (counting.far_seat): 1 left, 2 right, 100 + N the seat N
    seats left, 200 + N the seat N seats right; 0 the city itself."""
    if code >= 200:
        return (seat + n - (code - 200) % n) % n
    if code >= 100:
        return (seat + code - 100) % n
    if code == 1:
        return (seat + 1) % n
    if code == 2:
        return (seat + n - 1) % n
    return seat


cdef inline const City* chosen(const Game* g, int seat, int code) noexcept nogil:
    """counting._chosen: codes 3-6 name the richer, poorer (coins), stronger, weaker (shields)
    neighbour now; on a tie the left one. (100+: a seat at a distance, counting._cities.)"""
    cdef const City* left = &g.city[(seat + 1) % g.n]
    cdef const City* right = &g.city[(seat + g.n - 1) % g.n]
    cdef int a, b
    if code >= 100:
        return &g.city[ring_seat(seat, code, g.n)]
    if code <= 4:
        a, b = left.coins, right.coins
    else:
        a, b = left.shields, right.shields
    if a == b:
        return left
    return left if (a > b) == (code == 3 or code == 5) else right


cdef int count(const PackC* P, const Game* g, int seat, const CounterC* k) noexcept nogil:
    cdef int total = 0, i, j, s, n = g.n, card
    cdef const City* of
    if k.what == W_AGE:
        total = g.age
    elif k.what == W_TUCKED:  # cards of the colour of the card under the owner's stage
        card = g.city[seat].under[k.token] if 0 <= k.token < MAXSTG else -1
        if card >= 0:
            for i in range(k.nseats):
                s = k.seats[i]
                if s == 0:
                    of = &g.city[seat]
                elif s == 1:
                    of = &g.city[(seat + 1) % n]
                elif s == 2:
                    of = &g.city[(seat + n - 1) % n]
                elif s == SEAT_OTHERS:  # every other city
                    for j in range(n):
                        if j != seat:
                            total += g.city[j].color_counts[P.cards[card].color]
                    continue
                else:
                    of = chosen(g, seat, s)
                total += of.color_counts[P.cards[card].color]
    else:
        for i in range(k.nseats):
            s = k.seats[i]
            if s == 0:
                total += in_city(P, &g.city[seat], k)
            elif s == 1:
                total += in_city(P, &g.city[(seat + 1) % n], k)
            elif s == 2:
                total += in_city(P, &g.city[(seat + n - 1) % n], k)
            elif s == SEAT_OTHERS:  # every other city
                for j in range(n):
                    if j != seat:
                        total += in_city(P, &g.city[j], k)
            else:
                total += in_city(P, chosen(g, seat, s), k)
    if k.every > 1:
        return total // k.every
    return total


cdef inline int bank_coins(const PackC* P, const Game* g, int seat, int coins, int per_age,
                           int less_row) noexcept nogil:
    """cost_now.printed_coins: a cost's coins now, `N coins per age` times the age, less `N less
    per THING` times what the builder's city counts now (the row at less_row), never below 0."""
    cdef int v = coins + per_age * g.age
    if less_row >= 0:
        v -= P.hooks[less_row].amount * count(P, g, seat, &P.hooks[less_row].counter)
        if v < 0:
            v = 0
    return v


cdef inline int upgrade_refused(const City* c, const CardC* cd) noexcept nogil:
    """cost_now.upgrade_refusal: an upgrade whose card to build over is not in the city."""
    return cd.upgrades >= 0 and not has_name(c, cd.upgrades)


cdef int replaced(const PackC* P, const City* c, int card) noexcept nogil:
    """cost_now.replaced: the city's card an upgrade is built over (-1: not an upgrade, or not
    there), never the upgrade itself."""
    cdef int i, name = P.cards[card].upgrades
    if name < 0 or not has_name(c, name):
        return -1
    for i in range(c.ncards):
        if P.cards[c.cards[i]].name == name and c.cards[i] != card:
            return c.cards[i]
    return -1


cdef inline int card_coins(const PackC* P, const Game* g, int seat, int card) noexcept nogil:
    """cost_now.printed_coins of a card: bank_coins, an upgrade's less the replaced card's
    coins (never below 0)."""
    cdef const CardC* cd = &P.cards[card]
    cdef int v = bank_coins(P, g, seat, cd.cost_coins, cd.cost_per_age, cd.less_row), old
    if cd.upgrades >= 0:
        old = replaced(P, &g.city[seat], card)
        if old >= 0:
            v -= P.cards[old].cost_coins
            if v < 0:
                v = 0
    return v


cdef int card_cost(const PackC* P, const City* c, int card, int* cr, int* cn) noexcept nogil:
    """cost_now.printed_resources of an upgrade (the replaced card's resources credited, each
    never below 0) into cr/cn; returns how many kinds are left."""
    cdef const CardC* cd = &P.cards[card]
    cdef const CardC* od
    cdef int old = replaced(P, c, card), i, j, n = 0, credit
    for i in range(cd.ncost):
        credit = 0
        if old >= 0:
            od = &P.cards[old]
            for j in range(od.ncost):
                if od.cost_r[j] == cd.cost_r[i]:
                    credit = od.cost_n[j]  # (a dict of the old cost: the last entry of a resource)
        if cd.cost_n[i] > credit:
            cr[n] = cd.cost_r[i]
            cn[n] = cd.cost_n[i] - credit
            n += 1
    return n


cdef int test_holds(const PackC* P, const Game* g, int seat, const HookC* t) noexcept nogil:
    """CountTest.holds: a `vp ... if ...` condition on a count in the owner's city (cond 1 none,
    2 at most `amount`, 3 more than each of the seats, 4 most; no seats: every other city)."""
    cdef int own = in_city(P, &g.city[seat], &t.counter), theirs, i, s
    if t.cond == 1:
        return own == 0
    if t.cond == 2:
        return own <= t.amount
    if t.nseats:
        for i in range(t.nseats):
            theirs = in_city(P, &g.city[ring_seat(seat, t.seats[i], g.n)], &t.counter)
            if own < theirs or (own == theirs and t.cond == 3):
                return 0
        return 1
    for s in range(g.n):
        if s != seat:
            theirs = in_city(P, &g.city[s], &t.counter)
            if own < theirs or (own == theirs and t.cond == 3):
                return 0
    return 1


cdef inline int vp_holds(const PackC* P, const Game* g, int seat, const HookC* h) noexcept nogil:
    """VictoryHook's condition as the cities stand now (1 wonder complete, 2 a test on a count)."""
    if h.cond == 1:
        return g.city[seat].stages_built >= g.city[seat].nstages
    if h.cond == 2:
        return test_holds(P, g, seat, &P.hooks[h.inner])
    return 1


cdef inline int vp_now(const PackC* P, const Game* g, int seat, const HookC* h) noexcept nogil:
    """VictoryHook.score: the points a `vp` hook is worth as the city stands now."""
    if h.cond and not vp_holds(P, g, seat, h):
        return 0
    if h.counter.has:
        return h.amount * count(P, g, seat, &h.counter)
    return h.amount
