# Cost changes (interpreter/rules/pricing.py): what reaches a city, summed per colour; the terms of a
# build; every Pareto (left, right, extra to the bank) payment under resource drops, bank buys
# and rebates; and a build's price (moves.price_card / price_stage).

cdef inline int applies(const HookC* h, int color) noexcept nogil:
    if h.period == U_BANK:
        return 1
    if color < 0:
        return h.stages
    return not h.stages and (not h.colors or (h.colors >> color & 1))


cdef void mods_for(const PackC* P, const Game* g, int seat, Mods* m) noexcept nogil:
    """pricing.mods_for: the cost changes reaching the city (its own for seat 0, its left
    neighbour's aimed right, its right neighbour's aimed left), summed."""
    cdef int n = g.n, i, k, color, side
    cdef const City* c = &g.city[seat]
    cdef const City* L = &g.city[(seat + 1) % n]
    cdef const City* R = &g.city[(seat + n - 1) % n]
    cdef const HookC* reach[MAXP * MAXTRIG]
    cdef int amount[MAXP * MAXTRIG]
    cdef int owner[MAXP * MAXTRIG]
    cdef int nr = 0, counted = 0, j, far = 0
    cdef const HookC* h
    if P.cost_others:  # a change `for others` reaches every other city (beyond the neighbours too)
        for j in range(n):
            if j != seat and &g.city[j] != L and &g.city[j] != R:
                for i in range(g.city[j].ncost):
                    far |= P.hooks[g.city[j].cost_changes[i]].seatmask >> 3 & 1
    m.any = c.ncost or L.ncost or R.ncost or far
    m.nbuys = 0
    m.rebate[0] = 0
    m.rebate[1] = 0
    m.general = 0
    if not m.any:
        return
    for i in range(c.ncost):
        h = &P.hooks[c.cost_changes[i]]
        if h.seatmask & 1:
            reach[nr] = h
        if h.seatmask & 1:
            owner[nr] = seat
        if h.seatmask & 1:
            amount[nr] = h.amount
        if h.seatmask & 1:
            counted |= h.counter.has
            nr += 1
    if L != c:
        for i in range(L.ncost):
            h = &P.hooks[L.cost_changes[i]]
            if h.seatmask >> 2 & 1 or h.seatmask >> 3 & 1:
                reach[nr] = h
            if h.seatmask >> 2 & 1 or h.seatmask >> 3 & 1:
                owner[nr] = (seat + 1) % n
            if h.seatmask >> 2 & 1 or h.seatmask >> 3 & 1:
                amount[nr] = h.amount
            if h.seatmask >> 2 & 1 or h.seatmask >> 3 & 1:
                counted |= h.counter.has
                nr += 1
    if R != c:
        for i in range(R.ncost):
            h = &P.hooks[R.cost_changes[i]]
            if h.seatmask >> 1 & 1 or (h.seatmask >> 3 & 1 and R != L):
                reach[nr] = h
            if h.seatmask >> 1 & 1 or (h.seatmask >> 3 & 1 and R != L):
                owner[nr] = (seat + n - 1) % n
            if h.seatmask >> 1 & 1 or (h.seatmask >> 3 & 1 and R != L):
                amount[nr] = h.amount
            if h.seatmask >> 1 & 1 or (h.seatmask >> 3 & 1 and R != L):
                counted |= h.counter.has
                nr += 1
    if far:
        for j in range(n):
            if j == seat or &g.city[j] == L or &g.city[j] == R:
                continue
            for i in range(g.city[j].ncost):
                h = &P.hooks[g.city[j].cost_changes[i]]
                if h.seatmask >> 3 & 1:
                    reach[nr] = h
                    owner[nr] = j
                    amount[nr] = h.amount
                    counted |= h.counter.has
                    nr += 1
    if counted:  # CostChange.amount_at, keyed by the change (a copied change: its last owner)
        for k in range(nr):
            if reach[k].counter.has:
                for j in range(nr - 1, k - 1, -1):
                    if reach[j] == reach[k]:
                        amount[k] = reach[k].amount * count(P, g, owner[j], &reach[k].counter)
                        break
    for color in range(-1, P.n_col):
        m.coin[color + 1] = 0
        m.drop[color + 1] = 0
        m.free[color + 1] = 0
        for k in range(nr):
            h = reach[k]
            if h.period == U_FIRST:
                if color >= 0 and c.color_counts[color] == 0:
                    m.free[color + 1] = 1
            elif h.period != U_BANK and h.period != U_REBATE and applies(h, color):
                if h.period == U_ALL:
                    m.free[color + 1] = 1
                elif h.period == U_COIN:
                    m.coin[color + 1] += amount[k]
                elif h.period == U_ALLRES:
                    m.drop[color + 1] += 1000
                else:
                    m.drop[color + 1] += amount[k]
    for k in range(nr):
        h = reach[k]
        if h.period == U_BANK and not c.bank_used:
            m.buy_res[m.nbuys] = h.resources
            m.buy_price[m.nbuys] = h.amount
            m.nbuys += 1
        elif h.period == U_REBATE:
            for side in range(1, 3):
                if h.resources >> side & 1 and not (c.rebate_used >> side & 1):
                    m.rebate[side - 1] += h.amount
    m.general = m.nbuys > 0 or m.rebate[0] != 0 or m.rebate[1] != 0


cdef inline int plain_for(const Mods* m, int color) noexcept nogil:
    """mods.cards[color] (or .stage for -1) == PLAIN."""
    return m.coin[color + 1] == 0 and m.drop[color + 1] == 0 and not m.free[color + 1]


cdef void build_terms(const Mods* m, int color, int coins, const int* cr, const int* cn, int ncost,
                      Terms* t) noexcept nogil:
    cdef int i, units = 0, off
    t.free = 0
    t.drop = 0
    t.bank = coins
    t.ncost = ncost
    for i in range(ncost):
        t.cost_r[i] = cr[i]
        t.cost_n[i] = cn[i]
        units += cn[i]
    if not m.any:
        return
    if m.free[color + 1]:
        t.free = 1
        t.bank = 0
        t.ncost = 0
        return
    t.drop = m.drop[color + 1]
    if t.drop >= units:
        t.ncost = 0
        t.drop = 0
    off = coins - m.coin[color + 1]
    t.bank = off if off > 0 else 0


cdef inline int o3_before(Opt3 a, Opt3 b) noexcept nogil:
    """_pareto's order: (total, extra, left), then right (a set has no two equal)."""
    if a.l + a.r + a.e != b.l + b.r + b.e:
        return a.l + a.r + a.e < b.l + b.r + b.e
    if a.e != b.e:
        return a.e < b.e
    if a.l != b.l:
        return a.l < b.l
    return a.r < b.r


cdef int pareto_insert(Opt3* o, int n, int l, int r, int e) noexcept nogil:
    """Add a payment to a Pareto set (unsorted): the same set pricing._pareto keeps at the end."""
    cdef int j, k = 0
    for j in range(n):
        if o[j].l <= l and o[j].r <= r and o[j].e <= e:
            return n
    for j in range(n):
        if not (l <= o[j].l and r <= o[j].r and e <= o[j].e):
            o[k] = o[j]
            k += 1
    if k >= 4 * MAXOPT:
        return k
    o[k].l = l
    o[k].r = r
    o[k].e = e
    return k + 1


cdef void sort3(Opt3* o, int n) noexcept nogil:
    cdef int i, j
    cdef Opt3 x
    for i in range(1, n):
        x = o[i]
        j = i - 1
        while j >= 0 and o3_before(x, o[j]):
            o[j + 1] = o[j]
            j -= 1
        o[j + 1] = x


cdef int add_paid(Game* g, int seat, const int* cr, const int* cn, int ncost, int extra, Opt3* out,
                  int n) noexcept nogil:
    cdef Opt opts[MAXOPT]
    cdef int k, no
    if ncost == 0:
        return pareto_insert(out, n, 0, 0, extra)
    no = pay_options(g, seat, cr, cn, ncost, opts)
    for k in range(no):
        n = pareto_insert(out, n, opts[k].l, opts[k].r, extra)
    return n


cdef int with_buys(Game* g, int seat, const Mods* m, const int* cr, const int* cn, int ncost,
                   Opt3* out, int n) noexcept nogil:
    """One reduced cost: paid as it is, and with one unit of it bought from the bank."""
    cdef int b, i, j, nl
    cdef int lr[MAXCOST]
    cdef int ln[MAXCOST]
    n = add_paid(g, seat, cr, cn, ncost, 0, out, n)
    for b in range(m.nbuys):
        for i in range(ncost):
            if not (m.buy_res[b] >> cr[i] & 1):
                continue
            nl = 0
            for j in range(ncost):
                if cn[j] - (j == i) > 0:
                    lr[nl] = cr[j]
                    ln[nl] = cn[j] - (j == i)
                    nl += 1
            n = add_paid(g, seat, lr, ln, nl, m.buy_price[b], out, n)
    return n


cdef int drops(Game* g, int seat, const Mods* m, const Terms* t, int i, int left, int* rem,
               Opt3* out, int n) noexcept nogil:
    """Every cost with `left` more units left out, from resource i on (pricing.reduced_costs)."""
    cdef int k, nl, j
    cdef int lr[MAXCOST]
    cdef int ln[MAXCOST]
    if left == 0:
        nl = 0
        for j in range(t.ncost):
            if rem[j]:
                lr[nl] = t.cost_r[j]
                ln[nl] = rem[j]
                nl += 1
        return with_buys(g, seat, m, lr, ln, nl, out, n)
    if i == t.ncost:
        return n
    for k in range(min(left, rem[i]), -1, -1):
        rem[i] -= k
        n = drops(g, seat, m, t, i + 1, left - k, rem, out, n)
        rem[i] += k
    return n


cdef int options_with_changes(Game* g, int seat, const Mods* m, const Terms* t,
                              Opt3* out) noexcept nogil:
    """pricing.options_with_changes: Pareto (left, right, extra) under drops, buys, rebates."""
    cdef int rem[MAXCOST]
    cdef int i, n, k, lo = m.rebate[0], ro = m.rebate[1]
    for i in range(t.ncost):
        rem[i] = t.cost_n[i]
    cdef Opt3 tmp[4 * MAXOPT]
    n = drops(g, seat, m, t, 0, t.drop, rem, tmp, 0)
    if lo or ro:
        k = 0
        for i in range(n):
            k = pareto_insert(out, k, tmp[i].l - (tmp[i].l if tmp[i].l < lo else lo),
                              tmp[i].r - (tmp[i].r if tmp[i].r < ro else ro), tmp[i].e)
        n = k
    else:
        for i in range(n):
            out[i] = tmp[i]
    sort3(out, n)
    return n


cdef void priced(Game* g, int seat, const Mods* m, const Terms* t, Price* p) noexcept nogil:
    """moves._priced."""
    cdef Opt3 all3[4 * MAXOPT]
    cdef Opt opts[MAXOPT]
    cdef int coins = g.city[seat].coins, n, i, k = 0
    p.buildable = 0
    p.free = 0
    p.bank = t.bank
    p.nopt = 0
    p.nfar = 0
    if t.free:
        p.buildable = 1
        p.free = 3
        p.bank = 0
        p.nopt = 1
        p.opts[0].l = 0
        p.opts[0].r = 0
        p.opts[0].e = 0
        return
    if t.bank > coins:
        return
    if t.ncost == 0:
        p.buildable = 1
        p.free = 1 if not t.bank else 0
        p.nopt = 1
        p.opts[0].l = 0
        p.opts[0].r = 0
        p.opts[0].e = 0
        return
    if not t.drop and not m.nbuys and not m.rebate[0] and not m.rebate[1]:
        n = pay_options(g, seat, t.cost_r, t.cost_n, t.ncost, opts)
        for i in range(n):
            all3[i].l = opts[i].l
            all3[i].r = opts[i].r
            all3[i].e = 0
    else:
        n = options_with_changes(g, seat, m, t, all3)
    for i in range(n):  # affordable ones: those without a bank buy first, then the others
        if all3[i].e == 0 and t.bank + all3[i].l + all3[i].r <= coins:
            p.opts[k] = all3[i]
            k += 1
    for i in range(n):
        if all3[i].e != 0 and t.bank + all3[i].l + all3[i].r + all3[i].e <= coins and k < MAXOPT:
            p.opts[k] = all3[i]
            k += 1
    p.nopt = k
    if g.city[seat].far_trade:  # `trade N seats away`: ways through the far cities too
        far_priced(g, seat, t, p)
    p.buildable = k > 0 or p.nfar > 0


cdef void price_card(const PackC* P, Game* g, int seat, const Mods* m, int card, Price* p) noexcept nogil:
    cdef const CardC* cd = &P.cards[card]
    cdef City* c = &g.city[seat]
    cdef Terms t
    cdef int ucr[MAXCOST]
    cdef int ucn[MAXCOST]
    p.buildable = 0
    p.free = 0
    p.nopt = 0
    p.nfar = 0
    if has_name(c, cd.name) or (cd.nneed and unmet(P, g, seat, cd.need0, cd.nneed)) or upgrade_refused(c, cd):
        return
    if chained(c, cd):
        p.buildable = 1
        p.free = 2
        p.nopt = 1
        p.opts[0].l = 0
        p.opts[0].r = 0
        p.opts[0].e = 0
        return
    if cd.upgrades >= 0:  # an upgrade: the replaced card's cost credited
        build_terms(m, cd.color, card_coins(P, g, seat, card), ucr, ucn, card_cost(P, c, card, ucr, ucn), &t)
    else:
        build_terms(m, cd.color, bank_coins(P, g, seat, cd.cost_coins, cd.cost_per_age, cd.less_row), cd.cost_r,
                    cd.cost_n, cd.ncost, &t)
    priced(g, seat, m, &t, p)


cdef void price_stage(const PackC* P, Game* g, int seat, const Mods* m, Price* p, int index) noexcept nogil:
    """moves.price_stage: stage position `index` (-1: the next printed one)."""
    cdef City* c = &g.city[seat]
    cdef const StageC* st
    cdef Terms t
    cdef int at = stage_at(c, index)
    p.buildable = 0
    p.free = 0
    p.nopt = 0
    p.nfar = 0
    if c.stages_built >= c.nstages or not stage_open(c, at) or c.stage_of[at] < 0:
        return
    st = &P.stages[c.stage_of[at]]
    if st.nneed and unmet(P, g, seat, st.need0, st.nneed):
        return
    build_terms(m, -1, bank_coins(P, g, seat, st.cost_coins, st.cost_per_age, st.less_row), st.cost_r, st.cost_n, st.ncost, &t)
    priced(g, seat, m, &t, p)
