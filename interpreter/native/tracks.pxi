# Per-city tracks (interpreter/rules/effects/advance.py), the conflicts along them
# (interpreter/game/conflicts.py track_wars), and what the greedy bot makes of them
# (advance.step_worth, interpreter/rules/track_worth.py: the same float arithmetic in the same
# order, so its choices are the Python bot's).

cdef double step_worth(const PackC* P, const Game* g, int seat, int k, int depth) noexcept nogil:
    """advance.step_worth: the hooks' own worth, plus shields, production and science."""
    cdef const ContribC* e = &P.contribs[k]
    cdef double v = 0.0
    cdef int i, sci = 0
    for i in range(e.nhooks):
        v += worth(P, g, seat, &P.hooks[e.hook0 + i], depth + 1)
    v += 1.5 * e.shields * (ages_left(P, g) + 1)
    v += e.units * (1.2 * ages_left(P, g) + 0.3)
    for i in range(P.n_sym):
        sci += e.science[i]
    return v + 2.0 * (sci + e.nwild)


cdef double advance_worth(const PackC* P, const Game* g, int seat, const HookC* h, int depth) noexcept nogil:
    """AdvanceHook.worth: the reward of the step it would reach, less its price."""
    cdef int pos = g.city[seat].track_pos[h.ref]
    if pos >= P.track_nsteps[h.ref]:
        return 0.0
    return step_worth(P, g, seat, P.track_contrib[P.track_step0[h.ref] + pos], depth) \
        - (h.amount + 2 * (P.adv_units[h.inner] if h.inner >= 0 else 0)) / 3.0


cdef int advance(const PackC* P, Game* g, int seat, const HookC* h, int depth) noexcept nogil:
    """AdvanceHook.when_built: one step on track `ref`; a paid one (`amount` coins, held now)
    is the owner's choice (random: even odds; greedy: when the step is worth more than the
    coins, a third of a point each), traced as a card picked. The step's reward joins the
    city; the coins its when-built hooks give are returned."""
    cdef City* c = &g.city[seat]
    cdef int t = h.ref, pos = c.track_pos[h.ref], k, take = 1, total = h.amount, left = 0, right = 0
    cdef Mods m
    cdef Terms terms
    cdef Price p
    if pos >= P.track_nsteps[t]:
        return 0
    if h.inner >= 0:  # a price in resources: GameState.step_price, as a stage's (plain trade)
        mods_for(P, g, seat, &m)
        build_terms(&m, -1, h.amount, P.adv_r[h.inner], P.adv_n[h.inner], P.adv_ncost[h.inner], &terms)
        priced(g, seat, &m, &terms, &p)
        if not p.buildable or p.nopt == 0 or p.opts[0].e != 0:
            return 0
        left, right = p.opts[0].l, p.opts[0].r
        total = p.bank + left + right
    elif c.coins < h.amount:
        return 0
    k = P.track_contrib[P.track_step0[t] + pos]
    if h.amount or h.inner >= 0:
        if g.policy[seat] == P_GREEDY:
            take = step_worth(P, g, seat, k, depth) > total / 3.0
        else:
            take = randrange(&g.rng_bot[seat], 2) != 0
        if g.trace != NULL:
            trace_int(g.trace, T_CARD)
            trace_int(g.trace, seat)
            trace_int(g.trace, 1)
            trace_int(g.trace, -1000 - pos)  # the step as a card (compiled._track)
            trace_int(g.trace, 0 if take else -1)
        if not take:
            return 0
    c.coins -= total  # GameState.pay_step: the neighbours at once, a rebate used up
    if left or right:
        g.city[(seat + 1) % g.n].coins += left
        g.city[(seat + g.n - 1) % g.n].coins += right
        if m.rebate[0] and left:
            c.rebate_used |= 2
            g.bank_reset = 1
        if m.rebate[1] and right:
            c.rebate_used |= 4
            g.bank_reset = 1
    c.track_pos[t] = pos + 1
    city_add(P, c, k, -1)
    if P.contribs[k].builds:
        return when_built(P, g, seat, k, depth + 1)
    return 0


cdef void add_steps(const PackC* P, City* c) noexcept nogil:
    """City.add_steps: the rewards of the steps reached folded in (a city made again)."""
    cdef int t, i
    for t in range(P.ntracks):
        for i in range(c.track_pos[t]):
            city_add(P, c, P.track_contrib[P.track_step0[t] + i], -1)


cdef inline int twar_strength(const PackC* P, const Game* g, int seat, int w) noexcept nogil:
    """A city's strength in track conflict `w`: its count, or its conflict shields."""
    if P.twar_shields[w]:
        return strength_of(P, g, seat) if g.city[seat].nstr else g.city[seat].shields
    return count(P, g, seat, &P.twar_counter[w])


cdef void track_wars(const PackC* P, Game* g, int age) noexcept nogil:
    """Conflicts.track_wars: every city against every other; the strongest (ties share) take
    the victory token of the age, the weakest its defeat token; all equal: nobody."""
    cdef int strength[MAXP]
    cdef int w, s, top, low
    cdef City* c
    for w in range(P.ntwars):
        for s in range(g.n):
            strength[s] = twar_strength(P, g, s, w)
        top = strength[0]
        low = strength[0]
        for s in range(g.n):
            if strength[s] > top:
                top = strength[s]
            if strength[s] < low:
                low = strength[s]
        if top == low:
            continue
        for s in range(g.n):
            if strength[s] == top:
                c = &g.city[s]
                if c.ntok < MAXTOK:
                    c.tok[c.ntok] = P.twar_victory[w][age - 1]
                    c.ntok += 1
                else:
                    c.overflow = 1
        for s in range(g.n):
            if strength[s] == low:
                c = &g.city[s]
                if c.ntok < MAXTOK:
                    c.tok[c.ntok] = P.twar_defeat[w][age - 1]
                    c.ntok += 1
                else:
                    c.overflow = 1


cdef inline int twar_outcome(const int* strength, int n, int seat, int victory, int defeat) noexcept nogil:
    """track_worth._outcome: the token `seat` takes in a conflict of every city against every other."""
    cdef int top = strength[0], low = strength[0], s
    for s in range(n):
        if strength[s] > top:
            top = strength[s]
        if strength[s] < low:
            low = strength[s]
    if top == low:
        return 0
    if strength[seat] == top:
        return victory
    return defeat if strength[seat] == low else 0


cdef double track_gain(const PackC* P, const Game* g, int seat, int w, int units) noexcept nogil:
    """track_worth.track_gain: `units` more of what conflict `w` counts in the owner's city."""
    cdef int strength[MAXP]
    cdef int s, after, gained, age, before, now, later = 0, a
    cdef CounterC raw
    if units == 0:
        return 0.0
    for s in range(g.n):
        strength[s] = twar_strength(P, g, s, w)
    if P.twar_shields[w] or P.twar_counter[w].every <= 1:
        after = strength[seat] + units
    else:
        raw = P.twar_counter[w]
        raw.every = 1
        after = (count(P, g, seat, &raw) + units) // P.twar_counter[w].every
    gained = after - strength[seat]
    age = g.age if g.age > 1 else 1
    before = twar_outcome(strength, g.n, seat, P.twar_victory[w][age - 1], P.twar_defeat[w][age - 1])
    strength[seat] = after
    now = twar_outcome(strength, g.n, seat, P.twar_victory[w][age - 1], P.twar_defeat[w][age - 1])
    for a in range(age, P.ages):
        later += P.twar_victory[w][a] - P.twar_defeat[w][a]
    return 0.8 * (now - before) + 0.1 * gained * later


cdef double build_worth(const PackC* P, const Game* g, int seat, int color, int shields) noexcept nogil:
    """track_worth.build_worth: what a build (a card of `color`, a stage: -1) adds in every
    track conflict (units_built: a counted colour, a stage, shields)."""
    cdef double v = 0.0
    cdef int w, units, i, selves
    cdef const CounterC* k
    for w in range(P.ntwars):
        if P.twar_shields[w]:
            units = shields
        else:
            k = &P.twar_counter[w]
            selves = 0
            for i in range(k.nseats):
                if k.seats[i] == 0:
                    selves += 1
            if k.what == W_CARD:
                units = selves if color >= 0 and (k.colors >> color & 1) else 0
            elif k.what == W_STAGE:
                units = selves if color < 0 else 0
            else:
                units = 0
        v += track_gain(P, g, seat, w, units)
    return v


cdef double tokens_track_worth(const PackC* P, const Game* g, int seat, const HookC* h, double v) noexcept nogil:
    """GainHook.worth (tokens): `v` (the tokens' own worth) plus their part in the track conflicts
    counting tokens of their kind, added one conflict at a time."""
    cdef int w, i, selves
    cdef const CounterC* k
    for w in range(P.ntwars):
        k = &P.twar_counter[w]
        if P.twar_shields[w] or k.what != W_TOKEN or k.token != h.ref:
            continue
        selves = 0
        for i in range(k.nseats):
            if k.seats[i] == 0:
                selves += 1
        v += track_gain(P, g, seat, w, h.amount * selves)
    return v
