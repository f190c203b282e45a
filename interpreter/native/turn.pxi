# A turn's resolution in the order of interpreter/game/state.py: decisions, simultaneous moves, the
# when-built effects and triggers, coins lost, builds from the discard pile or a second hand.

cdef Move decide(const PackC* P, Game* g, int seat, int actions) noexcept nogil:
    cdef Move moves[MAXMOVES]
    cdef int nm = legal_moves(P, g, seat, moves, actions), k, i
    if g.plays != NULL:
        note_decision(g, seat, moves, nm)
    if seat == g.fc and g.fc_must:  # a seat no player owns that must build (seats.pxi)
        k = bound_choice(P, g, seat, moves, nm)
    elif g.policy[seat] == P_GREEDY:
        k = greedy_choose(P, g, seat, moves, nm)
    else:
        k = randrange(&g.rng_bot[seat], nm)
    if g.trace != NULL:
        trace_int(g.trace, T_MOVES)
        trace_int(g.trace, seat)
        trace_int(g.trace, nm)
        for i in range(nm):
            trace_int(g.trace, moves[i].card)
            trace_int(g.trace, moves[i].action)
            trace_int(g.trace, moves[i].left)
            trace_int(g.trace, moves[i].right)
            trace_int(g.trace, moves[i].free)
            trace_int(g.trace, moves[i].extra)
            trace_int(g.trace, moves[i].far0)
            trace_int(g.trace, moves[i].far1)
            trace_int(g.trace, moves[i].stage)
        trace_int(g.trace, k)
    return moves[k]


cdef void deal(const PackC* P, const Deals* D, Game* g, int age) noexcept nogil:
    cdef const AgeDeal* d = &D.ages[age - 1]
    cdef int deck[MAXDISC * 2]
    cdef int n = 0, i, j, s
    for i in range(d.ndeck):
        deck[n] = d.deck[i]
        n += 1
    for j in range(d.nsamples):
        n += sample_ids(&g.rng_deal, d.pools[j], d.pool_len[j], d.pool_k[j], &deck[n])
    shuffle_ids(&g.rng_deal, deck, n)
    for s in range(g.n):
        g.hand_len[s] = g.hand_size
        for i in range(g.hand_size):
            g.hand[s][i] = deck[s * g.hand_size + i]
            if g.dealt != NULL:
                g.dealt[g.ndealt] = deck[s * g.hand_size + i]
                g.ndealt += 1


cdef inline void push_discard(Game* g, int card) noexcept nogil:
    if g.ndiscard < MAXDISC:
        g.discard[g.ndiscard] = card
        g.ndiscard += 1
    else:
        g.overflow = 1


cdef int overflowed(const Game* g) noexcept nogil:
    """Whether some array of the game was full (the game must then be played in Python)."""
    cdef int s
    if g.overflow or g.beyond:
        return 1
    for s in range(g.n):
        if g.city[s].overflow:
            return 1
    return 0


cdef inline void remove_first(short* items, int* n, int card) noexcept nogil:
    """list.remove: the first copy of the card leaves."""
    cdef int i
    for i in range(n[0]):
        if items[i] == card:
            memmove(&items[i], &items[i + 1], sizeof(short) * (n[0] - i - 1))
            n[0] -= 1
            return


cdef void upgrade_over(const PackC* P, Game* g, int seat, int card) noexcept nogil:
    """OwnCards.upgrade_over: the card an upgrade replaces leaves the city for the discard pile
    and its effects end, as a card given up does (coins it gave stay)."""
    cdef int old = replaced(P, &g.city[seat], card)
    if old < 0:  # (built from the discard pile without it: nothing to replace)
        return
    give_up(P, g, seat, old)
    refresh_gifts(P, g)
    push_discard(g, old)


cdef inline int stage_bank(const PackC* P, const Game* g, int seat, int index) noexcept nogil:
    cdef const City* c = &g.city[seat]
    cdef const StageC* st = &P.stages[c.stage_of[stage_at(c, index)]]
    return bank_coins(P, g, seat, st.cost_coins, st.cost_per_age, st.less_row)


cdef int bank_of(const PackC* P, Game* g, int seat, const Move* m, int card) noexcept nogil:
    """Game._bank: coins to the bank as the cost changes stand now."""
    cdef City* c = &g.city[seat]
    cdef const CardC* cd = &P.cards[card]
    cdef const StageC* st
    cdef Mods mods
    cdef Terms t
    cdef int ucr[MAXCOST]
    cdef int ucn[MAXCOST]
    if m.action == A_SELL or m.action == A_LAW or m.free:
        return 0
    mods_for(P, g, seat, &mods)
    if m.action == A_BUILD and cd.upgrades >= 0:  # an upgrade: the replaced card's cost credited
        build_terms(&mods, cd.color, card_coins(P, g, seat, card), ucr, ucn, card_cost(P, c, card, ucr, ucn), &t)
    elif m.action == A_BUILD:
        build_terms(&mods, cd.color, bank_coins(P, g, seat, cd.cost_coins, cd.cost_per_age, cd.less_row), cd.cost_r, cd.cost_n,
                    cd.ncost, &t)
    else:
        st = &P.stages[c.stage_of[stage_at(c, m.stage)]]
        build_terms(&mods, -1, bank_coins(P, g, seat, st.cost_coins, st.cost_per_age, st.less_row), st.cost_r, st.cost_n,
                    st.ncost, &t)
    return t.bank


cdef inline void add_event(int ev[][4], int* nev, int seat, int kind, int color, int card) noexcept nogil:
    if nev[0] < MAXEVENTS:
        ev[nev[0]][0] = seat
        ev[nev[0]][1] = kind
        ev[nev[0]][2] = color
        ev[nev[0]][3] = card
        nev[0] += 1


cdef void resolve(const PackC* P, Game* g, const Move* moves, const int* plays, int sold_box) noexcept nogil:
    """Game.resolve: every chosen move at once (plays[seat]: whether the seat plays)."""
    cdef int n = g.n, s, k, bank, card, nb = 0, special = 0, got, watch = 0, listening = 0
    cdef int income[MAXP]
    cdef int banks[MAXP]
    cdef int cards[MAXP]
    cdef int from_bank[MAXP]
    cdef int built_seat[2 * MAXP]
    cdef int built_k[2 * MAXP]
    cdef int ev[MAXEVENTS][4]
    cdef int nev = 0
    cdef City* c
    cdef const Move* m
    cdef const CardC* cd
    cdef Mods mods
    cdef int offers[MAXP][5]
    cdef int offered[MAXP]
    cdef int joining = 0
    if P.nproj:  # shared projects: joining priced as the turn starts
        joining = join_offers(P, g, moves, plays, offers, offered)
    for s in range(n):
        income[s] = 0
        from_bank[s] = 0
        if plays[s]:
            g.actions += 1
            cards[s] = hand_of(g, s)[moves[s].card]
        if g.city[s].ncost or g.city[s].ntrig:
            special = 1
    cdef int rebate[MAXP][2]
    if special:  # events of every city matter (GameState.listening, as the turn starts)
        listening = watching(g)
    if special or P.state_costs:  # bank costs (and rebates) as the cost changes stand at the
        # start of the turn; costs counted from the state (`1 less per ...`) are counted then too
        for s in range(n):
            rebate[s][0] = 0
            rebate[s][1] = 0
            if plays[s]:
                banks[s] = bank_of(P, g, s, &moves[s], cards[s])
                mods_for(P, g, s, &mods)
                rebate[s][0] = mods.rebate[0]
                rebate[s][1] = mods.rebate[1]
    for s in range(n):
        if plays[s]:
            remove_first(hand_of(g, s), hand_len_of(g, s), cards[s])
    for s in range(n):
        if not plays[s]:
            continue
        c = &g.city[s]
        m = &moves[s]
        card = cards[s]
        cd = &P.cards[card]
        if special or P.state_costs:
            bank = banks[s]
        elif m.action == A_SELL or m.action == A_LAW or m.free:
            bank = 0
        elif m.action == A_BUILD:
            bank = cd.cost_coins + cd.cost_per_age * g.age if cd.less_row < 0 and cd.upgrades < 0 \
                else card_coins(P, g, s, card)
        else:
            bank = stage_bank(P, g, s, m.stage)
        if m.action == A_LAW:  # the card discarded face down; the tile goes on the tower
            push_discard(g, card)
            place_law(g, s, m.stage)
            continue
        if m.action == A_SELL:
            if sold_box:
                if g.nbox < MAXBOX:
                    g.box[g.nbox] = card
                    g.nbox += 1
            else:
                push_discard(g, card)
            income[s] += P.sell_coins + c.shift[RS_SELL]  # City.sale_value
            if c.nsold < MAXBUILT:
                c.sold[c.nsold] = card
                c.nsold += 1
            continue
        if m.action == A_BUILD:
            build_card(P, c, card)
            if cd.upgrades >= 0:  # it replaces the card it is built over
                upgrade_over(P, g, s, card)
            if m.free == F_POWER and not free_turn(g, c):
                c.free_build_used = 1
            built_seat[nb] = s
            built_k[nb] = cd.contrib
            nb += 1
            if special and (c.ntrig or listening):
                add_event(ev, &nev, s, E_BUILD, cd.color, card)
                if m.free == F_CHAIN:
                    add_event(ev, &nev, s, E_CHAIN, cd.color, card)
        else:
            if c.ntucked < MAXBUILT:
                c.tucked[c.ntucked] = card
                c.ntucked += 1
            built_seat[nb] = s
            built_k[nb] = build_stage(P, c, m.stage, card)
            nb += 1
            if special and (c.ntrig or listening):
                add_event(ev, &nev, s, E_STAGE, -1, -1)
        if special:  # Game._spent: buy events, the bank bought from, rebates used
            if c.ntrig or listening:
                if m.left:
                    add_event(ev, &nev, s, E_BUY, 1, -1)
                if m.right:
                    add_event(ev, &nev, s, E_BUY, 2, -1)
            if m.left and (g.city[(s + 1) % n].ntrig or listening):  # `when neighbors buy from you`:
                add_event(ev, &nev, (s + 1) % n, E_SOLD, 2, -1)  # in the seller's city, by the buyer's side
            if m.right and (g.city[(s + n - 1) % n].ntrig or listening):
                add_event(ev, &nev, (s + n - 1) % n, E_SOLD, 1, -1)
            if m.extra:
                c.bank_used = 1
                g.bank_reset = 1
            if rebate[s][0] and m.left:
                c.rebate_used |= 2
                g.bank_reset = 1
            if rebate[s][1] and m.right:
                c.rebate_used |= 4
                g.bank_reset = 1
        c.coins -= bank + m.extra + m.left + m.right
        income[(s + 1) % n] += m.left
        income[(s + n - 1) % n] += m.right
        if m.far0 or m.far1:  # Game._pay_far: the far sellers
            pay_far(g, s, m, income)
    if joining:  # after the payments, in seat order
        join_projects(P, g, offered, offers, income)
    if special:  # who watches for `take coins`: the cities with triggers before the effects
        for s in range(n):
            if g.city[s].ntrig or listening:
                watch |= 1 << s
        if watch:
            for s in range(n):
                if plays[s] and moves[s].action == A_SELL:
                    from_bank[s] += P.sell_coins + g.city[s].shift[RS_SELL]
    for k in range(nb):
        if P.contribs[built_k[k]].builds:
            got = when_built(P, g, built_seat[k], built_k[k], 0)
            income[built_seat[k]] += got
            if got > 0:
                from_bank[built_seat[k]] += got
    for k in range(nev):
        got = fire(P, g, ev[k][0], ev[k][1], ev[k][2], ev[k][3])
        income[ev[k][0]] += got
        if got > 0:
            from_bank[ev[k][0]] += got
    for k in range(g.ngains):
        income[g.gains[k][0]] += g.gains[k][1]
        from_bank[g.gains[k][0]] += g.gains[k][1]
    g.ngains = 0
    for s in range(n):
        if watch >> s & 1 and from_bank[s]:
            income[s] += fire(P, g, s, E_TAKE, -1, -1)
    for s in range(n):
        c = &g.city[s]
        c.coins = c.coins + income[s]
        if c.coins < 0:
            c.coins = 0
    if joining:
        projects_after_turn(P, g)
    if g.nlosses:
        settle_losses(P, g)


cdef void build_from_discard(const PackC* P, Game* g, int seat) noexcept nogil:
    cdef City* c = &g.city[seat]
    cdef int unique[MAXDISC]
    cdef int nu = 0, i, j, dup, card, pick, got, other, k, ngains
    cdef int gains[MAXEVENTS][2]
    for i in range(g.ndiscard):
        card = g.discard[i]
        if has_name(c, P.cards[card].name) or (P.cards[card].nneed and
                                               unmet(P, g, seat, P.cards[card].need0, P.cards[card].nneed)):
            continue
        dup = 0
        for j in range(nu):
            if unique[j] == card:
                dup = 1
                break
        if not dup:
            unique[nu] = card
            nu += 1
    if nu == 0:
        return
    pick = choose_card(P, g, seat, unique, nu, 0)
    card = unique[pick]
    remove_first(g.discard, &g.ndiscard, card)
    g.actions += 1
    build_card(P, c, card)
    if P.cards[card].upgrades >= 0:  # it replaces the card it is built over, if there
        upgrade_over(P, g, seat, card)
    got = when_built(P, g, seat, P.cards[card].contrib, 0)
    got += fire(P, g, seat, E_BUILD, P.cards[card].color, card)
    ngains = g.ngains  # coins its effects give other cities, now (those given meanwhile wait)
    memcpy(gains, g.gains, sizeof(int) * 2 * ngains)
    g.ngains = 0
    for k in range(ngains):
        other = gains[k][0]
        if other == seat:
            got += gains[k][1]
        else:
            g.city[other].coins += gains[k][1]
            if gains[k][1] and g.city[other].ntrig:
                g.city[other].coins += fire(P, g, other, E_TAKE, -1, -1)
    if got > 0 and (c.ntrig or watching(g)):
        got += fire(P, g, seat, E_TAKE, -1, -1)
    c.coins = c.coins + got
    if c.coins < 0:
        c.coins = 0
    if g.nlosses:
        settle_losses(P, g)
    trace_state(P, g)


cdef void build_from_hand(const PackC* P, Game* g, int seat, int hand) noexcept nogil:
    """Game._build_from_hand: one card of a second hand, paying, if any can be built."""
    cdef Move moves[MAXMOVES]
    cdef Move chosen[MAXP]
    cdef int plays[MAXP]
    cdef int src = g.hand_src, only = g.hand_only, s
    if g.city[seat].nh_len[hand] == 0:
        return
    g.hand_src = hand
    g.hand_only = seat
    if legal_moves(P, g, seat, moves, 1 << A_BUILD):
        for s in range(g.n):
            plays[s] = s == seat
        chosen[seat] = decide(P, g, seat, 1 << A_BUILD)
        resolve(P, g, chosen, plays, 0)
        trace_state(P, g)
    g.hand_src = src
    g.hand_only = only


cdef void settle(const PackC* P, Game* g) noexcept nogil:
    """Game.settle_discard_builds: the owed builds from the discard pile, then from hands."""
    cdef signed char owed[MAXOWED]
    cdef int owed_hands[MAXOWED][2]
    cdef int n = g.nowed, i
    for i in range(n):
        owed[i] = g.owed[i]
    g.nowed = 0
    for i in range(n):
        build_from_discard(P, g, owed[i])
    n = g.nowed_hands
    for i in range(n):
        owed_hands[i][0] = g.owed_hands[i][0]
        owed_hands[i][1] = g.owed_hands[i][1]
    g.nowed_hands = 0
    for i in range(n):
        build_from_hand(P, g, owed_hands[i][0], owed_hands[i][1])
