# What effects do to the game (interpreter/rules/effects/'s hooks and Game's helpers): when-built
# effects, triggers, draws from the box, copies, the gain primitive (coins and tokens of any city).

cdef inline City* seat_city(const Game* g, int seat, int code) noexcept nogil:
    """Table.around's codes: 0 the city itself, 1 its left neighbour, 2 its right."""
    if code == 1:
        return <City*>&g.city[(seat + 1) % g.n]
    if code == 2:
        return <City*>&g.city[(seat + g.n - 1) % g.n]
    return <City*>&g.city[ring_seat(seat, code, g.n)]  # the city itself, or N seats away


cdef int picked(const PackC* P, const Game* g, int seat, const HookC* p, int* out) noexcept nogil:
    """counting._picked: a neighbour with most / fewest (a tie: the left one), or every city (the
    owner's first unless `other`, then leftwards) with none / at least N of the count, now."""
    cdef int n = g.n, a, b, k = 0, s, i, holds
    if p.cond <= 2:
        a = in_city(P, &g.city[(seat + 1) % n], &p.counter)
        b = in_city(P, &g.city[(seat + n - 1) % n], &p.counter)
        out[0] = (seat + 1) % n if a == b or (a > b) == (p.cond == 1) else (seat + n - 1) % n
        return 1
    for i in range(1 if p.period else 0, n):
        s = (seat + i) % n
        holds = in_city(P, &g.city[s], &p.counter) >= (1 if p.cond == 3 else p.amount)
        if holds != (p.cond == 3):
            out[k] = s
            k += 1
    return k


cdef int seats_at(const PackC* P, const Game* g, int seat, const HookC* h, int* out) noexcept nogil:
    """counting.seats_at for a when-built hook's target (lower._HookLowering.targeted): the
    seats its codes name now, each once, in the order written; or the ones its pick names."""
    cdef int n = g.n, k = 0, i, j, s, m, dup
    cdef int got[MAXP]
    if h.cond:
        return picked(P, g, seat, &P.hooks[h.inner], out)
    for i in range(h.nseats):
        if h.seats[i] == SEAT_OTHERS:
            m = 0
            for j in range(1, n):
                got[m] = (seat + j) % n
                m += 1
        else:
            m = 1
            if h.seats[i] == 0:
                got[0] = seat
            elif h.seats[i] == 1:
                got[0] = (seat + 1) % n
            elif h.seats[i] == 2:
                got[0] = (seat + n - 1) % n
            else:
                got[0] = <int>(chosen(g, seat, h.seats[i]) - &g.city[0])
        for j in range(m):
            dup = 0
            for s in range(k):
                if out[s] == got[j]:
                    dup = 1
            if not dup:
                out[k] = got[j]
                k += 1
    return k


cdef inline int gain_due(const PackC* P, const Game* g, const HookC* h, int target) noexcept nogil:
    """GainHook.due: the amount, unsigned, for one taking city (counted there)."""
    cdef int a = h.amount if h.amount >= 0 else -h.amount
    if h.counter.has:
        return a * count(P, g, target, &h.counter)
    return a


cdef inline int own_coins(const PackC* P, const Game* g, int seat, const HookC* h) noexcept nogil:
    """A gain of coins for the owner alone: the amount, times the count in its city."""
    if h.counter.has:
        return h.amount * count(P, g, seat, &h.counter)
    return h.amount


cdef inline int gain_takers(const PackC* P, const Game* g, int seat, const HookC* h, int* out) noexcept nogil:
    """GainHook.takers: the owner (no target written), or the cities its target names now."""
    if not h.cond and not h.nseats:
        out[0] = seat
        return 1
    return seats_at(P, g, seat, h, out)


cdef int gain(const PackC* P, Game* g, int seat, const HookC* h) noexcept nogil:
    """GainHook.when_built: the owner's own coins returned (the turn's income); other cities'
    coins from the bank owed to them (gains), their losses owed (losses: paid to the owner when
    seatmask is 1); tokens of a kind counted on each city, conflict tokens taken as a war gives."""
    cdef int targets[MAXP]
    cdef int nt, i, due
    if h.period == Q_COINS and not h.cond and not h.nseats:
        return own_coins(P, g, seat, h)
    nt = gain_takers(P, g, seat, h, targets)
    for i in range(nt):
        if h.period == Q_TOKENS:
            g.city[targets[i]].tokc[h.ref] += h.amount
        elif h.period == Q_CTOKENS:
            take_conflict_tokens(P, g, targets[i], h)
        else:
            due = gain_due(P, g, h, targets[i])
            if due and (g.nlosses >= MAXEVENTS or g.ngains >= MAXEVENTS):
                g.overflow = 1
            elif due:
                if h.amount < 0:
                    g.losses[g.nlosses][0] = targets[i]
                    g.losses[g.nlosses][1] = due
                    g.losses[g.nlosses][2] = seat
                    g.losses[g.nlosses][3] = h.seatmask & 1
                    g.nlosses += 1
                else:
                    g.gains[g.ngains][0] = targets[i]
                    g.gains[g.ngains][1] = due
                    g.ngains += 1
    return 0


cdef void draw_from_box(const PackC* P, Game* g, int seat, int deck, int k) noexcept nogil:
    """Game.draw_from_box: cards of the deck, at random, from the box into the hand of its name."""
    cdef int pool[MAXBOX]
    cdef int got[MAXBOX]
    cdef int n = 0, i, j, m
    cdef City* c = &g.city[seat]
    for i in range(g.nbox):
        if P.deck_of[g.box[i]] == deck:
            pool[n] = g.box[i]
            n += 1
    m = sample_ids(&g.rng_deal, pool, n, k if k < n else n, got)
    for i in range(m):
        for j in range(g.nbox):
            if g.box[j] == got[i]:
                memmove(&g.box[j], &g.box[j + 1], sizeof(short) * (g.nbox - j - 1))
                g.nbox -= 1
                break
    for i in range(m):
        if c.nh_len[deck] < MAXH2:
            c.nh[deck][c.nh_len[deck]] = got[i]
            c.nh_len[deck] += 1
        else:
            c.overflow = 1


cdef int when_built(const PackC* P, Game* g, int seat, int k, int depth) noexcept nogil:
    """Game.when_built: the contribution's when-built hooks, in order; the coins they give."""
    cdef const ContribC* e = &P.contribs[k]
    cdef int i, coins = 0
    for i in range(e.nhooks):
        coins += hook_built(P, g, seat, &P.hooks[e.hook0 + i], depth)
    if coins and g.plays != NULL and P.contrib_card[k] >= 0:  # coin_tally: the effect built
        g.plays.coins[seat * P.ncards + P.contrib_card[k]] += coins
    return coins


cdef int hook_built(const PackC* P, Game* g, int seat, const HookC* h, int depth) noexcept nogil:
    """One hook's when_built (0 for a hook that does nothing when built)."""
    if h.kind == H_GAIN:
        return gain(P, g, seat, h)
    if h.kind == H_DISCARD:
        if g.nowed < MAXOWED:
            g.owed[g.nowed] = seat
            g.nowed += 1
        else:
            g.overflow = 1
    elif h.kind == H_HANDBUILD:
        if g.nowed_hands < MAXOWED:
            g.owed_hands[g.nowed_hands][0] = seat
            g.owed_hands[g.nowed_hands][1] = h.ref
            g.nowed_hands += 1
        else:
            g.overflow = 1
    elif h.kind == H_DRAW:
        draw_from_box(P, g, seat, h.ref, h.amount)
    elif h.kind == H_HOLD:  # LastingHook.when_built: the held effect's (production for others)
        return when_built(P, g, seat, h.inner, depth + 1)
    elif h.kind == H_GIFT:  # GiftHook.when_built: the gifts dealt again
        refresh_gifts(P, g)
    elif h.kind == H_COPYNOW and depth < 4:
        return copy_card_now(P, g, seat, h, depth)
    elif h.kind == H_DISCOWN:
        return discard_own_card(P, g, seat, h)
    elif h.kind == H_BURY:
        bury_card(P, g, seat, h)
    elif h.kind == H_ADVANCE:
        return advance(P, g, seat, h, depth)
    elif h.kind == H_REMOVE:
        remove_tokens(P, g, seat, h)
    return 0


cdef void take_conflict_tokens(const PackC* P, Game* g, int seat, const HookC* h) noexcept nogil:
    """Conflicts.take_conflict_tokens: the current age's victory token (or a defeat token),
    `amount` of them; nothing is won or lost, so no trigger fires."""
    cdef City* c = &g.city[seat]
    cdef int value = P.victory[(g.age if g.age > 1 else 1) - 1] if h.ref else P.defeat, i
    value += c.shift[RS_VICTORY if h.ref else RS_DEFEAT]  # worth what a war would give it now
    for i in range(h.amount):
        if c.ntok < MAXTOK:
            c.tok[c.ntok] = value
            c.ntok += 1
        else:
            c.overflow = 1


cdef int choose_card(const PackC* P, Game* g, int seat, const int* cards, int n, int copy) noexcept nogil:
    """The bot's pick among cards (from the discard pile, or to copy)."""
    cdef int pick, i
    if g.policy[seat] == P_GREEDY:
        pick = greedy_card(P, g, seat, cards, n)
    else:
        pick = randrange(&g.rng_bot[seat], n)
    if g.trace != NULL:
        trace_int(g.trace, T_CARD)
        trace_int(g.trace, seat)
        trace_int(g.trace, n)
        for i in range(n):
            trace_int(g.trace, cards[i])
        trace_int(g.trace, pick)
    return pick


cdef int copy_card_now(const PackC* P, Game* g, int seat, const HookC* h, int depth) noexcept nogil:
    """Game.copy_card_now: a neighbour's card of these colours applies whole to this city."""
    cdef City* c = &g.city[seat]
    cdef City* nb
    cdef int cands[3 * MAXBUILT]
    cdef int n = 0, i, j, k, card, dup, pick
    for i in range(h.nseats):
        nb = seat_city(g, seat, h.seats[i])
        for j in range(nb.ncards):
            card = nb.cards[j]
            if not (h.colors >> P.cards[card].color & 1):
                continue
            dup = 0
            for k in range(n):
                if cands[k] == card:
                    dup = 1
            for k in range(c.ncopied):
                if c.copied[k] == card:
                    dup = 1
            if not dup:
                cands[n] = card
                n += 1
    if n == 0 or c.ncopied >= MAXCOPY:
        return 0
    pick = choose_card(P, g, seat, cands, n, 1)
    card = cands[pick]
    c.copied[c.ncopied] = card
    c.ncopied += 1
    city_add(P, c, P.cards[card].contrib, card)
    return when_built(P, g, seat, P.cards[card].contrib, depth + 1)


cdef inline int trigger_matches(const HookC* h, int kind, int color) noexcept nogil:
    if h.period != kind:
        return 0
    return not h.colors or (color >= 0 and (h.colors >> color & 1))


cdef inline int watching(const Game* g) noexcept nogil:
    """GameState.watching: whether any city hears events in other cities (most packs: none)."""
    cdef int s
    for s in range(g.n):
        if g.city[s].listens:
            return 1
    return 0


cdef inline int hears(const HookC* h, int owner, int seat, int n) noexcept nogil:
    """TriggerHook.hears: an event in `seat`'s city heard by this trigger of `owner`'s city
    (its seats: those N seats away)."""
    cdef int i
    if seat == owner:
        return h.seatmask & 1
    if h.seatmask >> 3 & 1:
        return 1
    if (h.seatmask >> 1 & 1 and seat == (owner + 1) % n) or \
            (h.seatmask >> 2 & 1 and seat == (owner + n - 1) % n):
        return 1
    for i in range(h.nseats):
        if seat == ring_seat(owner, h.seats[i], n):
            return 1
    return 0


cdef void add_gained(City* c, int hid, int pts) noexcept nogil:
    """City.gained[hook] += pts (an entry only once it holds points, as the dict)."""
    cdef int j
    if not pts:
        return
    for j in range(c.ngained):
        if c.gained_hook[j] == hid:
            c.gained_pts[j] += pts
            return
    if c.ngained >= MAXTRIG:
        c.overflow = 1
        return
    c.gained_hook[c.ngained] = hid
    c.gained_pts[c.ngained] = pts
    c.ngained += 1


cdef inline int gained_of(const City* c, int hid) noexcept nogil:
    cdef int j
    for j in range(c.ngained):
        if c.gained_hook[j] == hid:
            return c.gained_pts[j]
    return 0


cdef int react(const PackC* P, Game* g, int owner, int seat, int i, int color) noexcept nogil:
    """GameState._react: owner's i-th trigger runs (once per turn for each colour or side and
    city heard; once per age or game for this city's copy); the coins it gives."""
    cdef City* c = &g.city[owner]
    cdef int hid = c.trig[i], src = c.trig_src[i], j, got
    cdef const HookC* h = &P.hooks[hid]
    if h.cond:
        for j in range(g.nfired):
            if g.fired[j][0] == owner and g.fired[j][1] == hid and g.fired[j][2] == color \
                    and g.fired[j][3] == seat:
                return 0
        if g.nfired < MAXEVENTS:
            g.fired[g.nfired][0] = owner
            g.fired[g.nfired][1] = hid
            g.fired[g.nfired][2] = color
            g.fired[g.nfired][3] = seat
            g.nfired += 1
        else:
            g.overflow = 1
    if h.ref:
        if c.trig_used[i] and (h.ref == 2 or c.trig_used[i] == g.age + 1):
            return 0
        c.trig_used[i] = g.age + 1
    if P.hooks[h.inner].kind == H_VP:  # points as they count now, kept (TriggerHook.react)
        add_gained(c, hid, vp_now(P, g, owner, &P.hooks[h.inner]))
        return 0
    got = hook_built(P, g, owner, &P.hooks[h.inner], 0)
    if got and g.plays != NULL and src >= 0:  # coin_tally: the trigger's card
        g.plays.coins[owner * P.ncards + src] += got
    return got


cdef int fire(const PackC* P, Game* g, int seat, int kind, int color, int card) noexcept nogil:
    """Game.fire: the city's triggers this event matches (a card's own trigger ignores its own
    building; once-per-turn ones once for each side or colour); the coins they give. Other
    cities' triggers that hear it (`when neighbors build ...`) put their coins in g.gains."""
    cdef City* c = &g.city[seat]
    cdef const HookC* h
    cdef int i, owner, coins = 0, src, got
    for i in range(c.ntrig):
        src = c.trig_src[i]
        h = &P.hooks[c.trig[i]]
        if (src == card and src >= 0) or not (h.seatmask & 1) or not trigger_matches(h, kind, color):
            continue
        coins += react(P, g, seat, seat, i, color)
    if watching(g):
        for owner in range(g.n):
            if owner == seat:
                continue
            for i in range(g.city[owner].ntrig):
                h = &P.hooks[g.city[owner].trig[i]]
                if not (h.seatmask >> 4 & 1) or not hears(h, owner, seat, g.n) \
                        or not trigger_matches(h, kind, color):
                    continue
                got = react(P, g, owner, seat, i, color)
                if got:
                    if g.ngains < MAXEVENTS:
                        g.gains[g.ngains][0] = owner
                        g.gains[g.ngains][1] = got
                        g.ngains += 1
                    else:
                        g.overflow = 1
    return coins


cdef inline int loss_after(const int* a, const int* b) noexcept nogil:
    """Whether loss `a` sorts after loss `b`: (seat, due, owner, paid to the owner), as Python
    sorts its tuples (a loss to the bank, written without the flag, first)."""
    cdef int k
    for k in range(4):
        if a[k] != b[k]:
            return a[k] > b[k]
    return 0


cdef void settle_losses(const PackC* P, Game* g) noexcept nogil:
    """Game.settle_losses: in (seat, due, owner, to the owner) order, each city pays what its bot
    chooses (at most what it has; to the owner for a loss `to you`) and takes a debt token for
    each coin it does not pay."""
    cdef int n = g.nlosses, i, j, seat, due, can, pay
    cdef int l[MAXEVENTS][4]
    cdef int t[4]
    memcpy(l, g.losses, sizeof(int) * 4 * n)
    g.nlosses = 0
    for i in range(1, n):
        memcpy(t, l[i], sizeof(int) * 4)
        j = i - 1
        while j >= 0 and loss_after(l[j], t):
            memcpy(l[j + 1], l[j], sizeof(int) * 4)
            j -= 1
        memcpy(l[j + 1], t, sizeof(int) * 4)
    for i in range(n):
        seat = l[i][0]
        due = l[i][1]
        can = due if due < g.city[seat].coins else g.city[seat].coins
        pay = can
        if P.debt >= 0:
            if g.policy[seat] != P_GREEDY:
                pay = randrange(&g.rng_bot[seat], can + 1)
        g.city[seat].coins -= pay
        if l[i][3]:  # `... lose N coins to you`: the owner takes what is paid
            g.city[l[i][2]].coins += pay
        if P.debt >= 0 and due > pay:
            g.city[seat].tokc[P.debt] += due - pay
