# A city giving up one of its own cards (interpreter/game/own_cards.py): `discard own COLOUR
# card for N coins` asks the seat's bot which built card, mid-turn, and the city's totals are
# made again from what remains (City.give_up).

cdef int own_candidates(const PackC* P, const Game* g, int seat, const HookC* h, int* out) noexcept nogil:
    """DiscardOwnHook.candidates: the city's cards of the hook's colours (any when none), in
    the order built, never the card bearing the hook."""
    cdef const City* c = &g.city[seat]
    cdef const ContribC* e
    cdef int i, card, hid = <int>(h - P.hooks), n = 0
    for i in range(c.ncards):
        card = c.cards[i]
        if h.colors and not (h.colors >> P.cards[card].color & 1):
            continue
        e = &P.contribs[P.cards[card].contrib]
        if e.hook0 <= hid < e.hook0 + e.nhooks:
            continue
        out[n] = card
        n += 1
    return n


cdef void give_up(const PackC* P, Game* g, int seat, int card) noexcept nogil:
    """City.give_up: every running total made again from the board, the other cards, the
    stages (in the order built, the same cards under them) and the cards copied now; coins,
    tokens, hands, sold and tucked cards and used powers stay (a limited trigger's mark too), and
    the durations ended stay ended."""
    cdef City* c = &g.city[seat]
    cdef City* old = <City*>malloc(sizeof(City))
    cdef int i, j, at
    if old == NULL:
        g.overflow = 1
        return
    memcpy(old, c, sizeof(City))
    city_init(P, c, old.side)
    memcpy(c.stage_of, old.stage_of, sizeof(old.stage_of))
    c.nexpired = old.nexpired  # durations ended stay ended (City.expired), before folding in
    memcpy(c.expired, old.expired, sizeof(old.expired))
    for i in range(old.ncards):
        if old.cards[i] != card:
            build_card(P, c, old.cards[i])
    for i in range(old.stages_built):
        at = old.built_order[i]
        build_stage(P, c, at, old.under[at])
    for i in range(old.ncopied):
        c.copied[c.ncopied] = old.copied[i]
        c.ncopied += 1
        city_add(P, c, P.cards[old.copied[i]].contrib, old.copied[i])
    if P.ntracks:  # the track steps reached (City.add_steps)
        memcpy(c.track_pos, old.track_pos, sizeof(old.track_pos))
        add_steps(P, c)
    for i in range(old.nextra):  # projects' rewards and penalties stay (City.extras)
        c.extra[c.nextra] = old.extra[i]
        c.nextra += 1
        city_add(P, c, old.extra[i], -1)
    for i in range(old.ngifted):  # City.take_gifts: production other cities give it
        c.gifted[i][0] = old.gifted[i][0]
        c.gifted[i][1] = old.gifted[i][1]
        city_add(P, c, P.hooks[old.gifted[i][1]].inner, -1)
    c.ngifted = old.ngifted
    c.coins = old.coins
    c.ntok = old.ntok
    memcpy(c.tok, old.tok, sizeof(old.tok))
    memcpy(c.tokc, old.tokc, sizeof(old.tokc))
    c.free_build_used = old.free_build_used
    c.nsold = old.nsold
    memcpy(c.sold, old.sold, sizeof(old.sold))
    c.ntucked = old.ntucked
    memcpy(c.tucked, old.tucked, sizeof(old.tucked))
    memcpy(c.nh_len, old.nh_len, sizeof(old.nh_len))
    memcpy(c.nh, old.nh, sizeof(old.nh))
    c.bank_used = old.bank_used
    c.second_used = old.second_used
    c.nburied = old.nburied
    memcpy(c.buried, old.buried, sizeof(old.buried))
    c.rebate_used = old.rebate_used
    c.ngained = old.ngained  # City.gained outlives the card given up (keyed by its trigger)
    memcpy(c.gained_hook, old.gained_hook, sizeof(old.gained_hook))
    memcpy(c.gained_pts, old.gained_pts, sizeof(old.gained_pts))
    c.overflow |= old.overflow
    for i in range(c.ntrig):  # GameState.fired_once is keyed by the hook and its card
        for j in range(old.ntrig):
            if old.trig[j] == c.trig[i] and old.trig_src[j] == c.trig_src[i]:
                c.trig_used[i] = old.trig_used[j]
                break
    free(old)


cdef void end_durations(const PackC* P, Game* g, int event) noexcept nogil:
    """rules/durations.expire: every duration ending at `event` (E_AGEEND) in force in any city
    ends: its row joins the city's ended ones and the city is made again without it; then the
    production the cities give each other is dealt again."""
    cdef int s, i, ended = 0, any_ended = 0
    cdef City* c
    for s in range(g.n):
        c = &g.city[s]
        ended = 0
        for i in range(c.nlasting):
            if P.hooks[c.lasting[i]].period == event:
                if c.nexpired < MAXHELD:
                    c.expired[c.nexpired] = c.lasting[i]
                    c.nexpired += 1
                else:
                    c.overflow = 1
                ended = 1
        if ended:
            give_up(P, g, s, -1)  # City.remake
            any_ended = 1
    if any_ended:
        refresh_gifts(P, g)


cdef int gift_targets(const Game* g, int seat, const HookC* h, int* out) noexcept nogil:
    """GiftHook.targets (counting.seats_at): the seats its codes name from `seat`, each once, in
    the order written (others: leftwards round the table)."""
    cdef int i, k, s, j, n = 0, dup
    for i in range(h.nseats):
        for k in range(1, g.n if h.seats[i] == 7 else 2):
            s = (seat + k) % g.n if h.seats[i] == 7 else ring_seat(seat, h.seats[i], g.n)
            dup = 0
            for j in range(n):
                dup |= out[j] == s
            if not dup:
                out[n] = s
                n += 1
    return n


cdef void refresh_gifts(const PackC* P, Game* g) noexcept nogil:
    """rules/gifts.refresh_gifts: each city's gifts worked out again from every city's gives (the
    giver's seat order, then the order its effects came); a city whose gifts changed is made
    again with the new ones."""
    cdef short wanted[MAXP][MAXGIFT][2]
    cdef int nwanted[MAXP]
    cdef int targets[MAXP]
    cdef int s, i, j, t, nt, any_gift = 0, same
    cdef City* c
    for s in range(g.n):
        nwanted[s] = 0
        any_gift |= g.city[s].ngives | g.city[s].ngifted
    if not any_gift:
        return
    for s in range(g.n):
        c = &g.city[s]
        for i in range(c.ngives):
            nt = gift_targets(g, s, &P.hooks[c.gives[i]], targets)
            for j in range(nt):
                t = targets[j]
                if nwanted[t] >= MAXGIFT:
                    g.overflow = 1
                    return
                wanted[t][nwanted[t]][0] = s
                wanted[t][nwanted[t]][1] = c.gives[i]
                nwanted[t] += 1
    for s in range(g.n):
        c = &g.city[s]
        same = nwanted[s] == c.ngifted
        for i in range(c.ngifted if same else 0):
            same = same and wanted[s][i][0] == c.gifted[i][0] and wanted[s][i][1] == c.gifted[i][1]
        if not same:
            c.ngifted = nwanted[s]
            memcpy(c.gifted, wanted[s], sizeof(short) * 2 * nwanted[s])
            give_up(P, g, s, -1)  # City.remake


cdef int discard_own_card(const PackC* P, Game* g, int seat, const HookC* h) noexcept nogil:
    """GameState.discard_own_card: the bot picks one of the candidates, or none; the card goes
    to the discard pile and the hook's coins are returned (they arrive with the turn's)."""
    cdef int cands[MAXBUILT]
    cdef int n = own_candidates(P, g, seat, h, cands), pick, i
    if n == 0:
        return 0
    if g.policy[seat] == P_GREEDY:
        pick = greedy_give_up(P, g, seat, cands, n, h.amount)
    else:
        pick = randrange(&g.rng_bot[seat], n)
    if g.trace != NULL:
        trace_int(g.trace, T_CARD)
        trace_int(g.trace, seat)
        trace_int(g.trace, n)
        for i in range(n):
            trace_int(g.trace, cands[i])
        trace_int(g.trace, pick)
    if pick < 0:
        return 0
    give_up(P, g, seat, cands[pick])
    refresh_gifts(P, g)  # production it gave others ends with the card
    push_discard(g, cands[pick])
    return h.amount


cdef void bury_card(const PackC* P, Game* g, int seat, const HookC* h) noexcept nogil:
    """GameState.bury_card: the bot picks a card of the hook's hand (greedy: the dearest, the
    first of them; random: any), or none; it goes to the box, and the city keeps it for the
    hook's points at game end."""
    cdef City* c = &g.city[seat]
    cdef int n = c.nh_len[h.ref], pick = 0, i, card, top = -1
    if n == 0:
        return
    if g.policy[seat] == P_GREEDY:
        for i in range(n):
            if P.cards[c.nh[h.ref][i]].cost_coins > top:
                top = P.cards[c.nh[h.ref][i]].cost_coins
                pick = i
    else:
        pick = randrange(&g.rng_bot[seat], n)
    if g.trace != NULL:
        trace_int(g.trace, T_CARD)
        trace_int(g.trace, seat)
        trace_int(g.trace, n)
        for i in range(n):
            trace_int(g.trace, c.nh[h.ref][i])
        trace_int(g.trace, pick)
    card = c.nh[h.ref][pick]
    memmove(&c.nh[h.ref][pick], &c.nh[h.ref][pick + 1], sizeof(short) * (n - pick - 1))
    c.nh_len[h.ref] -= 1
    if c.nburied < MAXBURY and g.nbox < MAXBOX:
        c.buried[c.nburied][0] = <short>(h - P.hooks)
        c.buried[c.nburied][1] = card
        c.nburied += 1
        g.box[g.nbox] = card
        g.nbox += 1
    else:
        g.overflow = 1


cdef int bury_points(const PackC* P, const City* c, int hid) noexcept nogil:
    """BuryHook.score: N points per coin of the cards this hook buried."""
    cdef int i, total = 0
    for i in range(c.nburied):
        if c.buried[i][0] == hid:
            total += P.hooks[hid].amount * P.cards[c.buried[i][1]].cost_coins
    return total
