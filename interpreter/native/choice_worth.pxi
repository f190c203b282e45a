# What the greedy policy weighs of a choice that pays with a plan (interpreter/players/choice_worth.py):
# a built card kept or given up (given up for coins, or upgraded over), a change of the passing
# (made now or held until the age ends); the same float arithmetic in the same
# order, so the two greedy bots play move for move alike.

cdef double lost_production(const PackC* P, const Game* g, int seat, const ContribC* e) noexcept nogil:
    """choice_worth.lost_production: a built card's production as its city would lose it, each
    unit divided by one more than the city's other sources of that resource."""
    cdef const City* c = &g.city[seat]
    cdef double unit = 1.2 * (P.ages - g.age) + 0.3, v = 0.0
    cdef int r, a, others, i, j, m, lo
    for r in range(P.n_res):
        a = e.fixed[r] + e.fixed_private[r]
        if a:
            others = c.fixed[r] - a + c.choice_count[r]
            v += a * unit / (1 + (others if others > 0 else 0))
    for j in range(e.nch + e.nchp):
        m = e.ch[j] if j < e.nch else e.chp[j - e.nch]
        lo = -1
        for r in range(P.n_res):
            if m >> r & 1 and (lo < 0 or c.fixed[r] + c.choice_count[r] < lo):
                lo = c.fixed[r] + c.choice_count[r]
        others = lo - 1
        v += unit / (1 + (others if others > 0 else 0))
    return v


cdef double discard_worth(const PackC* P, const Game* g, int seat, const HookC* h) noexcept nogil:
    """choice_worth.discard_worth: the coins less the least a candidate still gives (kept), when
    a gain; 0 without a card to give up."""
    cdef int targets[MAXBUILT]
    cdef int n = own_candidates(P, g, seat, h, targets), i
    cdef double low, k, gain
    if not n:
        return 0.0
    low = contrib_worth(P, g, seat, P.cards[targets[0]].contrib, 1)
    for i in range(1, n):
        k = contrib_worth(P, g, seat, P.cards[targets[i]].contrib, 1)
        if k < low:
            low = k
    gain = h.amount / 3.0 - low
    return gain if gain > 0.0 else 0.0


cdef double pass_worth(const PackC* P, Game* g, int seat, int k, int card) noexcept nogil:
    """choice_worth.pass_worth: a reversal of the passing built with hand card `card` (its
    first copy), worth the expected best card of the rest of the hand after the neighbour's
    pick, less the rest's mean; 0 for any other change, no turn after next, or outside an age."""
    cdef int amount = pass_amount(P, k)
    if not amount:
        return 0.0
    return pass_by(P, g, seat, amount, card)


cdef int pass_amount(const PackC* P, int k) noexcept nogil:
    """choice_worth.pass_amount: the change to the pass distance contribution `k` makes, its
    `rule pass` rows and those of the effects it holds (H_HOLD: `... until age ends`)."""
    cdef const ContribC* e = &P.contribs[k]
    cdef const HookC* h
    cdef int amount = 0, i
    for i in range(e.nhooks):
        h = &P.hooks[e.hook0 + i]
        if h.kind == H_RULE and h.ref == RS_PASS:
            amount += h.amount
        elif h.kind == H_HOLD:
            amount += pass_amount(P, h.inner)
    return amount


cdef double pass_by(const PackC* P, Game* g, int seat, int amount, int card) noexcept nogil:
    """choice_worth.pass_worth of a change of `amount` made with hand card `card`."""
    cdef int i, m, n = g.n, shift, step, old, new, at, best, second, nh
    cdef short* hand
    cdef double vals[MAXH2]
    cdef double total = 0.0
    if not amount or g.phase != PH_AGE or g.turn + 2 > g.hand_size - 1:
        return 0.0
    hand = hand_of(g, seat)
    nh = hand_len_of(g, seat)[0]
    m = nh - 1
    if m < 2:
        return 0.0
    shift = g.city[seat].shift[RS_PASS]
    step = P.passdir[g.age - 1]
    old = (step if step > 0 else -step) + shift
    old = old if step > 0 else -old
    new = (step if step > 0 else -step) + shift + amount
    new = new if step > 0 else -new
    if ((old + new) % n + n) % n or not (((new - old) % n + n) % n):
        return 0.0
    at = 0
    while hand[at] != hand[card]:
        at += 1
    m = 0
    for i in range(nh):
        if i != at:
            vals[m] = value(P, g, seat, P.cards[hand[i]].contrib) - P.cards[hand[i]].cost_coins / 3.0
            m += 1
    best = 0
    for i in range(m):
        total += vals[i]
        if vals[i] > vals[best]:
            best = i
    second = -1
    for i in range(m):
        if i != best and (second < 0 or vals[i] > vals[second]):
            second = i
    return ((m - 1) * vals[best] + vals[second]) / m - total / m
