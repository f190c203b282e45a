# Legal moves in the order of interpreter/moves.legal_moves: per hand card, its builds (each
# payment option) or its chain, the free-build power, the wonder stage (each option), the sale.

cdef inline int free_turn(const Game* g, const City* c) noexcept nogil:
    """Game._free_turn: this turn's card is free by a `free first|last card of each age`."""
    if not c.free_turns or g.phase != PH_AGE:
        return 0
    return ((c.free_turns & 1) and g.turn == 1) or ((c.free_turns & 2) and g.turn == g.last)


cdef inline int free_power(const Game* g, int seat) noexcept nogil:
    cdef const City* c = &g.city[seat]
    if c.free_build >= 0 and not c.free_build_used:
        return 1
    return c.free_turns != 0 and free_turn(g, c)


cdef inline int chained(const City* c, const CardC* cd) noexcept nogil:
    cdef int i
    for i in range(cd.nchain):
        if has_name(c, cd.chain[i]):
            return 1
    return 0


cdef int unmet(const PackC* P, const Game* g, int seat, int need0, int nneed) noexcept nogil:
    """moves.unmet: some prerequisite is not met now."""
    cdef int i
    cdef const HookC* h
    for i in range(nneed):
        h = &P.hooks[need0 + i]
        if count(P, g, seat, &h.counter) < h.amount:
            return 1
    return 0


cdef inline void put(Move* m, int card, int action, int l, int r, int fr) noexcept nogil:
    m.card = card
    m.action = action
    m.left = l
    m.right = r
    m.free = fr
    m.extra = 0
    m.far0 = 0
    m.far1 = 0
    m.stage = -1


cdef inline short* hand_of(Game* g, int seat) noexcept nogil:
    """The hand being played by `seat`: the age's, or a second hand (Game.hands)."""
    if g.hand_src < 0:
        return g.hand[seat]
    return g.city[seat].nh[g.hand_src]


cdef inline int* hand_len_of(Game* g, int seat) noexcept nogil:
    if g.hand_src < 0:
        return &g.hand_len[seat]
    return &g.city[seat].nh_len[g.hand_src]


cdef inline int hand_size_now(Game* g, int seat) noexcept nogil:
    if g.hand_only >= 0 and seat != g.hand_only:
        return 0
    return hand_len_of(g, seat)[0]


cdef int price_moves(int i, int action, const Price* p, Move* out, int nm, int stage=-1) noexcept nogil:
    """moves._price_moves (`stage`: the stage a wonder move names, -1 the next printed one)."""
    cdef int k
    if not p.buildable:
        return nm
    if p.free == 2:
        put(&out[nm], i, action, 0, 0, F_CHAIN)
        return nm + 1
    for k in range(p.nopt):
        put(&out[nm], i, action, p.opts[k].l, p.opts[k].r, F_NONE)
        out[nm].extra = p.opts[k].e
        out[nm].stage = stage
        nm += 1
    for k in range(p.nfar):
        put(&out[nm], i, action, p.far[k][0], p.far[k][1], F_NONE)
        out[nm].far0 = p.far[k][2]
        out[nm].far1 = p.far[k][3]
        out[nm].stage = stage
        nm += 1
    return nm


cdef int any_order_stages(const PackC* P, Game* g, int seat, const Mods* m, Price* prices,
                          int* which) noexcept nogil:
    """moves._stage_prices on a side built in any order: each unbuilt stage, priced."""
    cdef const City* c = &g.city[seat]
    cdef int k, n = 0
    for k in range(c.nstages):
        if stage_open(c, k):
            price_stage(P, g, seat, m, &prices[n], k)
            which[n] = k
            n += 1
    return n


cdef int affordable(Game* g, int seat, int bank, const int* cr, const int* cn, int ncost,
                    Opt* out) noexcept nogil:
    """moves._affordable: the options the city can pay for now."""
    cdef int coins = g.city[seat].coins, n, i, k = 0
    if bank > coins:
        return 0
    if ncost == 0:
        out[0].l = 0
        out[0].r = 0
        return 1
    n = pay_options(g, seat, cr, cn, ncost, out)
    for i in range(n):
        if out[i].l + out[i].r <= coins - bank:
            out[k] = out[i]
            k += 1
    return k


cdef int plain_moves(const PackC* P, Game* g, int seat, Move* out) noexcept nogil:
    """legal_moves where no cost change reaches the city (the fast path of moves.legal_moves):
    the same moves as the general case, without the terms and price records."""
    cdef City* c = &g.city[seat]
    cdef int fp = free_power(g, seat)
    cdef Opt stage_opts[MAXOPT]
    cdef Opt opts[MAXOPT]
    cdef int nstage = 0, nm = 0, i, j, k, card, bank, no, nh = hand_size_now(g, seat), nany = 0, ncost
    cdef short* hand = hand_of(g, seat)
    cdef int ucr[MAXCOST]
    cdef int ucn[MAXCOST]
    cdef const int* cr
    cdef const int* cn
    cdef const StageC* st
    cdef const CardC* cd
    cdef Mods none
    cdef Price anyp[MAXSTG]
    cdef int which[MAXSTG]
    if P.sides[c.side].any_order:  # each unbuilt stage priced (moves._stage_prices)
        none.any = 0
        mods_for(P, g, seat, &none)
        nany = any_order_stages(P, g, seat, &none, anyp, which)
    elif c.stages_built < c.nstages and c.stage_of[c.stages_built] >= 0:
        st = &P.stages[c.stage_of[c.stages_built]]
        if not (st.nneed and unmet(P, g, seat, st.need0, st.nneed)):
            nstage = affordable(g, seat, bank_coins(P, g, seat, st.cost_coins, st.cost_per_age, st.less_row), st.cost_r, st.cost_n,
                                st.ncost, stage_opts)
    for i in range(nh):
        card = hand[i]
        cd = &P.cards[card]
        if not has_name(c, cd.name) and not (cd.nneed and unmet(P, g, seat, cd.need0, cd.nneed)) \
                and not upgrade_refused(c, cd):
            if chained(c, cd):
                put(&out[nm], i, A_BUILD, 0, 0, F_CHAIN)
                nm += 1
            else:
                ncost = cd.ncost
                cr, cn = cd.cost_r, cd.cost_n
                if cd.less_row < 0 and cd.upgrades < 0:  # (the common case, inline)
                    bank = cd.cost_coins + cd.cost_per_age * g.age
                else:
                    bank = card_coins(P, g, seat, card)
                if cd.upgrades >= 0:  # an upgrade: the replaced card's cost credited
                    ncost = card_cost(P, c, card, ucr, ucn)
                    cr, cn = ucr, ucn
                if bank <= c.coins:
                    if ncost:
                        no = pay_options(g, seat, cr, cn, ncost, opts)
                        for k in range(no):
                            if opts[k].l + opts[k].r <= c.coins - bank:
                                put(&out[nm], i, A_BUILD, opts[k].l, opts[k].r, F_NONE)
                                nm += 1
                    else:
                        put(&out[nm], i, A_BUILD, 0, 0, F_NONE)
                        nm += 1
                if fp and cd.any_cost and (not c.free_build_colors or c.free_build_colors >> cd.color & 1):
                    put(&out[nm], i, A_BUILD, 0, 0, F_POWER)
                    nm += 1
        for j in range(nstage):
            put(&out[nm], i, A_WONDER, stage_opts[j].l, stage_opts[j].r, F_NONE)
            nm += 1
        for j in range(nany):
            if nm + anyp[j].nopt + 2 * (nh - i) >= MAXMOVES:
                g.overflow = 1
                break
            nm = price_moves(i, A_WONDER, &anyp[j], out, nm, which[j])
        put(&out[nm], i, A_SELL, 0, 0, F_NONE)
        nm += 1
        if c.nlaws:  # a card spent on a law tile, each tile the city holds
            for j in range(c.nlaws):
                put(&out[nm], i, A_LAW, 0, 0, F_NONE)
                out[nm].stage = c.laws[j]
                nm += 1
    return nm


cdef int legal_moves(const PackC* P, Game* g, int seat, Move* out, int actions) noexcept nogil:
    """moves.legal_moves for the actions allowed (bits 1 << A_*): per hand card its builds,
    the free-build power, the wonder stage, the sale; a draft keeps one card."""
    cdef City* c = &g.city[seat]
    cdef int fp = free_power(g, seat)
    cdef int nm = 0, i, card, nh = hand_size_now(g, seat)
    cdef short* hand = hand_of(g, seat)
    cdef Mods m
    cdef Price stage
    cdef Price p
    cdef const CardC* cd
    cdef Price anyp[MAXSTG]
    cdef int which[MAXSTG]
    cdef int nany = 0, j, ordered = not P.sides[c.side].any_order
    if actions == 1 << A_KEEP:
        for i in range(nh):
            put(&out[nm], i, A_KEEP, 0, 0, F_NONE)
            nm += 1
        return nm
    mods_for(P, g, seat, &m)
    if not m.any and actions == ACT_ALL and not c.far_trade:
        return plain_moves(P, g, seat, out)
    if actions >> A_WONDER & 1:
        if ordered:
            price_stage(P, g, seat, &m, &stage, -1)
        else:
            nany = any_order_stages(P, g, seat, &m, anyp, which)
    for i in range(nh):
        card = hand[i]
        cd = &P.cards[card]
        if actions >> A_BUILD & 1:
            price_card(P, g, seat, &m, card, &p)
            nm = price_moves(i, A_BUILD, &p, out, nm)
            if fp and not has_name(c, cd.name) and p.free != 2 and p.free != 3 \
                    and (not c.free_build_colors or c.free_build_colors >> cd.color & 1) and cd.any_cost \
                    and not (cd.nneed and unmet(P, g, seat, cd.need0, cd.nneed)) and not upgrade_refused(c, cd):
                put(&out[nm], i, A_BUILD, 0, 0, F_POWER)
                nm += 1
        if actions >> A_WONDER & 1:
            if ordered:
                nm = price_moves(i, A_WONDER, &stage, out, nm)
            for j in range(nany):
                if nm + anyp[j].nopt + 2 * (nh - i) >= MAXMOVES:
                    g.overflow = 1
                    break
                nm = price_moves(i, A_WONDER, &anyp[j], out, nm, which[j])
        if actions >> A_SELL & 1:
            put(&out[nm], i, A_SELL, 0, 0, F_NONE)
            nm += 1
        if actions == ACT_ALL and c.nlaws:  # (moves._general_moves: every action allowed)
            for j in range(c.nlaws):
                put(&out[nm], i, A_LAW, 0, 0, F_NONE)
                out[nm].stage = c.laws[j]
                nm += 1
    return nm
