# Legal moves in the order of interpreter/moves.legal_moves: per hand card, its builds (each
# payment option) or its chain, the free-build power, the wonder stage (each option), the sale.

cdef inline int free_turn(const Game* g, const City* c) noexcept nogil:
    """Game._free_turn: this turn's card is free by a `free first|last card of each age`."""
    if not c.free_turns or not g.in_age:
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


cdef inline void put(Move* m, int card, int action, int l, int r, int fr) noexcept nogil:
    m.card = card
    m.action = action
    m.left = l
    m.right = r
    m.free = fr
    m.extra = 0


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


cdef int legal_moves(const PackC* P, Game* g, int seat, Move* out) noexcept nogil:
    cdef City* c = &g.city[seat]
    cdef int fp = free_power(g, seat)
    cdef Opt stage_opts[MAXOPT]
    cdef Opt opts[MAXOPT]
    cdef int nstage = 0, nm = 0, i, j, k, card, bank, no
    cdef const StageC* st
    cdef const CardC* cd
    if c.stages_built < c.nstages:
        st = &P.stages[P.sides[c.side].stage0 + c.stages_built]
        nstage = affordable(g, seat, st.cost_coins + st.cost_per_age * g.age, st.cost_r, st.cost_n,
                            st.ncost, stage_opts)
    for i in range(g.hand_len[seat]):
        card = g.hand[seat][i]
        cd = &P.cards[card]
        if not has_name(c, cd.name):
            if chained(c, cd):
                put(&out[nm], i, A_BUILD, 0, 0, F_CHAIN)
                nm += 1
            elif c.colour_first and c.color_counts[cd.color] == 0:
                put(&out[nm], i, A_BUILD, 0, 0, F_NONE)  # a cost change waives it all
                nm += 1
            else:
                bank = cd.cost_coins + cd.cost_per_age * g.age
                if bank <= c.coins:
                    if cd.ncost:
                        no = pay_options(g, seat, cd.cost_r, cd.cost_n, cd.ncost, opts)
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
        put(&out[nm], i, A_SELL, 0, 0, F_NONE)
        nm += 1
    return nm
