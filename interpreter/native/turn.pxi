# A game's turns in the order of interpreter/game.py and interpreter/phases.run_age: the deal,
# each turn's simultaneous moves, the last card, builds from the discard pile, the passing, the
# conflicts; and the trace the differential test compares with the Python engine's.

cdef void trace_int(Trace* t, int v) noexcept nogil:
    cdef int* grown
    if t.len == t.cap:
        t.cap = t.cap * 2 if t.cap else 4096
        grown = <int*>realloc(t.buf, sizeof(int) * t.cap)
        if grown == NULL:
            return
        t.buf = grown
    t.buf[t.len] = v
    t.len += 1


cdef void trace_state(const PackC* P, Game* g) noexcept nogil:
    """A digest of the state: what statefile-independent facts both cores must agree on."""
    cdef Trace* t = g.trace
    cdef int s, i
    cdef const City* c
    if t == NULL:
        return
    trace_int(t, T_STATE)
    trace_int(t, g.age)
    trace_int(t, g.turn)
    for s in range(g.n):
        c = &g.city[s]
        trace_int(t, c.coins)
        trace_int(t, c.stages_built)
        trace_int(t, c.free_build_used)
        trace_int(t, c.shields)
        trace_int(t, c.ncards)
        for i in range(c.ncards):
            trace_int(t, c.cards[i])
        trace_int(t, c.ntok)
        for i in range(c.ntok):
            trace_int(t, c.tok[i])
        trace_int(t, g.hand_len[s])
        for i in range(g.hand_len[s]):
            trace_int(t, g.hand[s][i])
    trace_int(t, g.ndiscard)
    for i in range(g.ndiscard):
        trace_int(t, g.discard[i])


cdef Move decide(const PackC* P, Game* g, int seat) noexcept nogil:
    cdef Move moves[MAXMOVES]
    cdef int nm = legal_moves(P, g, seat, moves), k, i
    if g.policy[seat] == P_GREEDY:
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
        trace_int(g.trace, k)
    return moves[k]


cdef void deal(const PackC* P, const AgeDeal* D, Game* g, int age) noexcept nogil:
    cdef const AgeDeal* d = &D[age - 1]
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


cdef inline void hand_remove(Game* g, int seat, int card) noexcept nogil:
    """list.remove: the first copy of the card leaves the hand."""
    cdef int i, j
    for i in range(g.hand_len[seat]):
        if g.hand[seat][i] == card:
            for j in range(i, g.hand_len[seat] - 1):
                g.hand[seat][j] = g.hand[seat][j + 1]
            g.hand_len[seat] -= 1
            return


cdef void when_built(const PackC* P, Game* g, int seat, int k, int* income) noexcept nogil:
    cdef const ContribC* e = &P.contribs[k]
    cdef const HookC* h
    cdef int i
    for i in range(e.nhooks):
        h = &P.hooks[e.hook0 + i]
        if h.kind == H_COINS:
            income[0] += h.amount * count(P, g, seat, &h.counter) if h.counter.has else h.amount
        elif h.kind == H_DISCARD:
            if g.nowed < MAXOWED:
                g.owed[g.nowed] = seat
                g.nowed += 1


cdef void resolve(const PackC* P, Game* g, const Move* moves, const int* plays) noexcept nogil:
    """Game.resolve: every chosen move at once (plays[seat]: whether the seat plays)."""
    cdef int n = g.n, s, k, bank, card, nb = 0, special = 0
    cdef int income[MAXP]
    cdef int banks[MAXP]
    cdef int cards[MAXP]
    cdef int built_seat[MAXP]
    cdef int built_k[MAXP]
    cdef City* c
    cdef const Move* m
    cdef const CardC* cd
    cdef const StageC* st
    for s in range(n):
        income[s] = 0
        if plays[s]:
            g.actions += 1
            cards[s] = g.hand[s][moves[s].card]
        if g.city[s].colour_first:
            special = 1
    if special:  # bank costs as the cost changes stand at the start of the turn
        for s in range(n):
            if plays[s]:
                banks[s] = -1
                m = &moves[s]
                if m.action == A_BUILD and not m.free and g.city[s].colour_first \
                        and g.city[s].color_counts[P.cards[cards[s]].color] == 0:
                    banks[s] = 0
    for s in range(n):
        if plays[s]:
            hand_remove(g, s, cards[s])
    for s in range(n):
        if not plays[s]:
            continue
        c = &g.city[s]
        m = &moves[s]
        card = cards[s]
        cd = &P.cards[card]
        if m.action == A_SELL or m.free:
            bank = 0
        elif special and banks[s] == 0:
            bank = 0
        elif m.action == A_BUILD:
            bank = cd.cost_coins + cd.cost_per_age * g.age
        else:
            st = &P.stages[P.sides[c.side].stage0 + c.stages_built]
            bank = st.cost_coins + st.cost_per_age * g.age
        if m.action == A_SELL:
            g.discard[g.ndiscard] = card
            g.ndiscard += 1
            income[s] += P.sell_coins
            c.sold[c.nsold] = card
            c.nsold += 1
        else:
            if m.action == A_BUILD:
                build_card(P, c, card)
                if m.free == F_POWER and not free_turn(g, c):
                    c.free_build_used = 1
                built_seat[nb] = s
                built_k[nb] = cd.contrib
                nb += 1
            else:
                c.tucked[c.ntucked] = card
                c.ntucked += 1
                built_seat[nb] = s
                built_k[nb] = build_stage(P, c)
                nb += 1
            c.coins -= bank + m.extra + m.left + m.right
            income[(s + 1) % n] += m.left
            income[(s + n - 1) % n] += m.right
    for k in range(nb):
        if P.contribs[built_k[k]].builds:
            when_built(P, g, built_seat[k], built_k[k], &income[built_seat[k]])
    for s in range(n):
        c = &g.city[s]
        c.coins = c.coins + income[s]
        if c.coins < 0:
            c.coins = 0


cdef void build_from_discard(const PackC* P, Game* g, int seat) noexcept nogil:
    cdef City* c = &g.city[seat]
    cdef int unique[MAXDISC]
    cdef int nu = 0, i, j, dup, card, pick, got = 0
    for i in range(g.ndiscard):
        card = g.discard[i]
        if has_name(c, P.cards[card].name):
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
    if g.policy[seat] == P_GREEDY:
        pick = greedy_card(P, g, seat, unique, nu)
    else:
        pick = randrange(&g.rng_bot[seat], nu)
    if g.trace != NULL:
        trace_int(g.trace, T_CARD)
        trace_int(g.trace, seat)
        trace_int(g.trace, nu)
        for i in range(nu):
            trace_int(g.trace, unique[i])
        trace_int(g.trace, pick)
    card = unique[pick]
    for i in range(g.ndiscard):
        if g.discard[i] == card:
            for j in range(i, g.ndiscard - 1):
                g.discard[j] = g.discard[j + 1]
            g.ndiscard -= 1
            break
    g.actions += 1
    build_card(P, c, card)
    when_built(P, g, seat, P.cards[card].contrib, &got)
    c.coins = c.coins + got
    if c.coins < 0:
        c.coins = 0
    trace_state(P, g)


cdef void settle(const PackC* P, Game* g) noexcept nogil:
    cdef signed char owed[MAXOWED]
    cdef int n = g.nowed, i
    for i in range(n):
        owed[i] = g.owed[i]
    g.nowed = 0
    for i in range(n):
        build_from_discard(P, g, owed[i])


cdef void pass_hands(Game* g, int step) noexcept nogil:
    cdef short hand[MAXP][MAXHAND]
    cdef int hl[MAXP]
    cdef int s, t, n = g.n
    memcpy(hand, g.hand, sizeof(hand))
    memcpy(hl, g.hand_len, sizeof(hl))
    for s in range(n):
        t = (s + step + n) % n
        memcpy(g.hand[t], hand[s], sizeof(short) * MAXHAND)
        g.hand_len[t] = hl[s]


cdef void war(const PackC* P, Game* g, int age) noexcept nogil:
    cdef int win = P.victory[age - 1], lose = P.defeat, n = g.n, s, k, nb, nr, j, to
    cdef int gets[MAXP][8]
    cdef int ngets[MAXP]
    cdef int rivals[2]
    for s in range(n):
        ngets[s] = 0
    for s in range(n):
        k = (s + 1) % n
        j = (s + n - 1) % n
        if k != j:
            rivals[0] = k
            rivals[1] = j
            nr = 2
        elif k != s:
            rivals[0] = k
            nr = 1
        else:
            nr = 0
        for nb in range(nr):
            if g.city[s].shields > g.city[rivals[nb]].shields:
                gets[s][ngets[s]] = win
                ngets[s] += 1
            elif g.city[s].shields < g.city[rivals[nb]].shields:
                to = rivals[nb] if g.city[s].defeats_to_winner else s
                gets[to][ngets[to]] = lose
                ngets[to] += 1
    for s in range(n):
        for j in range(ngets[s]):
            if g.city[s].ntok < MAXTOK:
                g.city[s].tok[g.city[s].ntok] = gets[s][j]
                g.city[s].ntok += 1


cdef void begin_age(Game* g, int age) noexcept nogil:
    g.age = age
    cdef int s
    for s in range(g.n):
        if g.city[s].free_build == 0:
            g.city[s].free_build_used = 0


cdef void play_turn(const PackC* P, Game* g, const Move* given, const int* has_given) noexcept nogil:
    """One turn of an age (turn g.turn + 1): moves (given ones first), resolution, the last
    card, the discard builds, the passing; the conflicts after the age's last turn."""
    cdef Move moves[MAXP]
    cdef int plays[MAXP]
    cdef int s, k, any_extra = 0
    cdef int t = g.turn + 1
    g.turn = t
    g.turns_played += 1
    for s in range(g.n):
        if has_given != NULL and has_given[s]:
            moves[s] = given[s]
        else:
            moves[s] = decide(P, g, s)
        plays[s] = 1
    resolve(P, g, moves, plays)
    trace_state(P, g)
    if t == g.last:
        for s in range(g.n):
            plays[s] = g.city[s].play_last and g.hand_len[s] > 0
            if plays[s]:
                any_extra = 1
        if any_extra:
            for s in range(g.n):
                if plays[s]:
                    moves[s] = decide(P, g, s)
            resolve(P, g, moves, plays)
            trace_state(P, g)
        for s in range(g.n):
            for k in range(g.hand_len[s]):
                g.discard[g.ndiscard] = g.hand[s][k]
                g.ndiscard += 1
            g.hand_len[s] = 0
    if g.nowed:
        settle(P, g)
    if t < g.last:
        pass_hands(g, P.passdir[g.age - 1])
    else:
        war(P, g, g.age)
        g.in_age = 0
        trace_state(P, g)


cdef void play_on(const PackC* P, const AgeDeal* D, Game* g) noexcept nogil:
    """Play from where the game stands to its end (between two turns, or before an age)."""
    while not g.done:
        if not g.in_age:
            if g.age >= P.ages:
                g.done = 1
                break
            begin_age(g, g.age + 1)
            deal(P, D, g, g.age)
            g.in_age = 1
            g.turn = 0
        play_turn(P, g, NULL, NULL)
