# The greedy policy (interpreter/bots.GreedyBot): the same float arithmetic in the same order,
# so its values, its ties within 1e-9 and so its random tie-break are the Python bot's.

cdef inline int ages_left(const PackC* P, const Game* g) noexcept nogil:
    cdef int a = P.ages - g.age
    return a if a > 0 else 0


cdef double rule_worth(const PackC* P, const Game* g, const HookC* h) noexcept nogil:
    """RuleChangeHook.worth: RULE_WORTH (lower.RULE_WEIGHTS by RS_*) per unit per age left,
    for the owner when it holds for it, less half as much per other city it helps."""
    cdef double each = P.rule_worth[h.ref] * h.amount * ages_left(P, g)
    cdef double own = 0.0
    cdef int i, others = 0
    for i in range(h.nseats):
        others += h.seats[i] != 0
        if h.seats[i] == 0:
            own = each
    return own - 0.5 * each * others


cdef double law_worth(const PackC* P, Game* g, int seat, int tile, int card) noexcept nogil:
    """bots._law_worth: the tower points one more tile adds, less a point for the card, plus
    0.3 of the tile's laws by RULE_WORTH per unit per age left (at least one); a change of
    the passing as a card's (pass_by)."""
    cdef int placed = g.city[seat].laws_placed, j, left = P.ages - g.age, amount = 0
    cdef double v = tower_points(P, placed + 1) - tower_points(P, placed) - 1.0
    if left < 1:
        left = 1
    for j in range(P.tile_n[tile]):
        v += 0.3 * P.rule_worth[P.tile_code[tile][j]] * P.tile_amount[tile][j] * left
        if P.tile_code[tile][j] == RS_PASS:
            amount += P.tile_amount[tile][j]
    if amount:
        v += pass_by(P, g, seat, amount, card)
    return v


cdef double cost_worth(const PackC* P, const Game* g, int seat, const HookC* h) noexcept nogil:
    """CostChange.worth."""
    cdef int left = ages_left(P, g) + 1, amount = h.amount, k
    cdef double per
    if h.period == U_BANK:
        return 1.2 * left
    if h.counter.has:
        k = count(P, g, seat, &h.counter)
        amount = h.amount * (k if k > 1 else 1)
    if h.period == U_COIN:
        return 0.5 * amount * left * (2 if not (h.seatmask & 1) else 1) / 2
    per = 4.0 if h.period == U_ALL else 1.0 * amount
    return per * left * (0.5 if not (h.seatmask & 1) else 1.0)


cdef double copy_worth(const PackC* P, const Game* g, int seat, const HookC* h, int depth) noexcept nogil:
    """CopyNow.worth: the neighbours' best card of its colours, by its hooks' worth."""
    cdef double best = 0.0, v
    cdef const City* nb
    cdef const ContribC* e
    cdef int i, j, k
    for i in range(h.nseats):
        nb = seat_city(g, seat, h.seats[i])
        for j in range(nb.ncards):
            if not (h.colors >> P.cards[nb.cards[j]].color & 1):
                continue
            e = &P.contribs[P.cards[nb.cards[j]].contrib]
            v = 0.0
            for k in range(e.nhooks):
                v += worth(P, g, seat, &P.hooks[e.hook0 + k], depth + 1)
            if v > best:
                best = v
    return best


cdef double token_share(const PackC* P, const Game* g, int seat, const HookC* h) noexcept nogil:
    """GainHook._share: +1 for the owner's own tokens, -1/2 for each other city's."""
    cdef int targets[MAXP]
    cdef int n, i
    cdef double share = 0.0
    if not h.cond and not h.nseats:
        return 1.0
    n = seats_at(P, g, seat, h, targets)
    for i in range(n):
        share += 1.0 if targets[i] == seat else -0.5
    return share


cdef double gain_worth(const PackC* P, const Game* g, int seat, const HookC* h) noexcept nogil:
    """GainHook.worth: the owner's coins a third of a point each; other cities' coins lost a
    quarter (a third more paid to the owner), gained -0.15; tokens their points, shared."""
    cdef int targets[MAXP]
    cdef int n, i, v = 0
    if h.period == Q_COINS:
        if not h.cond and not h.nseats:
            return own_coins(P, g, seat, h) / 3.0
        n = seats_at(P, g, seat, h, targets)
        for i in range(n):
            v += gain_due(P, g, h, targets[i])
        if h.amount < 0:
            return (0.25 + (1 / 3.0 if h.seatmask & 1 else 0.0)) * v
        return -0.15 * v
    if h.period == Q_CTOKENS:  # the tokens' points
        return <double>(h.amount * (P.victory[(g.age if g.age > 1 else 1) - 1] if h.ref else P.defeat)) \
            * token_share(P, g, seat, h)
    if P.ntwars and not h.cond and not h.nseats:  # strength in a conflict along a track (tracks.pxi)
        return tokens_track_worth(P, g, seat, h, h.amount * (P.tok_vp[h.ref] + (1.5 if P.tok_sitout[h.ref] else 0.0)))
    return h.amount * (P.tok_vp[h.ref] + (1.5 if P.tok_sitout[h.ref] else 0.0)) * token_share(P, g, seat, h)


cdef double worth(const PackC* P, const Game* g, int seat, const HookC* h, int depth) noexcept nogil:
    """Hook.worth of each native hook kind."""
    cdef const City* c
    cdef int v, i, t, n, cities
    cdef int targets[MAXBUILT]
    if depth > 4:
        return 0.0
    if h.kind == H_GAIN:
        return gain_worth(P, g, seat, h)
    if h.kind == H_VP:
        return <double>vp_now(P, g, seat, h)
    if h.kind == H_FREE or h.kind == H_PLAYLAST:
        return 3 + 1.5 * ages_left(P, g)
    if h.kind == H_DISCARD:
        return 3 + 1.0 * pow(<double>g.ndiscard, 0.5)
    if h.kind == H_COPYEND:
        return 5.0
    if h.kind == H_COST:
        return cost_worth(P, g, seat, h)
    if h.kind == H_GIVEDEF:
        return 1.0 * ages_left(P, g) + 0.5
    if h.kind == H_TRIGGER:  # TriggerHook.worth
        if h.ref == 2:
            return worth(P, g, seat, &P.hooks[h.inner], depth + 1)
        if h.period == E_AGESTART:
            return worth(P, g, seat, &P.hooks[h.inner], depth + 1) * ages_left(P, g)
        if h.period == E_GAMEEND:
            return worth(P, g, seat, &P.hooks[h.inner], depth + 1)
        if h.period == E_AGEEND:
            return worth(P, g, seat, &P.hooks[h.inner], depth + 1) * (ages_left(P, g) + 1)
        if h.ref == 1:
            return worth(P, g, seat, &P.hooks[h.inner], depth + 1) * (ages_left(P, g) + 1)
        cities = (h.seatmask & 1) + ((g.n - 1) if h.seatmask >> 3 & 1 else
                                     (h.seatmask >> 1 & 1) + (h.seatmask >> 2 & 1)) + h.nseats
        return worth(P, g, seat, &P.hooks[h.inner], depth + 1) * (1.5 * ages_left(P, g) + 1) \
            * (cities if cities > 1 else 1)
    if h.kind == H_GIFT:  # GiftHook.worth: production handed to rivals, a small loss
        cities = 0
        t = 0  # the owner's own city among them
        for i in range(h.nseats):
            if h.seats[i] == 7:
                cities += g.n - 1
            elif h.seats[i] != 0:
                cities += 1
            else:
                t = 1
        return -0.3 * h.amount * cities * (ages_left(P, g) + 1) + 0.3 * h.amount * t
    if h.kind == H_DRAW:
        return 0.5 * h.amount
    if h.kind == H_BURY:  # BuryHook.worth: the dearest card of that hand, two thirds of it
        v = 0
        for i in range(g.city[seat].nh_len[h.ref]):
            t = h.amount * P.cards[g.city[seat].nh[h.ref][i]].cost_coins
            if t > v:
                v = t
        return v * 2 / 3.0
    if h.kind == H_PLAYTWO:  # PlayTwoPower.worth
        return 3 + (2.5 * ages_left(P, g) if h.period == 2 else 0.0)
    if h.kind == H_REMOVE:  # RemoveTokensHook.worth
        return remove_worth(P, g, seat, h)
    if h.kind == H_EXCHANGE:  # ExchangeHook.worth
        return (1.6 / h.amount) * ages_left(P, g) + 0.3
    if h.kind == H_FARTRADE:  # FarTradeHook.worth
        if h.ref % g.n == 0 or h.ref % g.n == 1 or h.ref % g.n == g.n - 1:
            return 0.0
        return 0.8 * ages_left(P, g) + 0.5
    if h.kind == H_DISCOWN:  # DiscardOwnHook.worth
        if not own_candidates(P, g, seat, h, targets):
            return 0.0
        return max(0.0, h.amount / 3.0 - 1.0)
    if h.kind == H_HANDBUILD:
        return 2.0 * (1 if g.city[seat].nh_len[h.ref] >= 1 else 0)
    if h.kind == H_COPYNOW:
        return copy_worth(P, g, seat, h, depth)
    if h.kind == H_ADVANCE:
        return advance_worth(P, g, seat, h, depth)
    if h.kind == H_RELATIVE:
        return 1.2 * ages_left(P, g) + 0.3
    if h.kind == H_STRENGTH and h.cond:
        n = 0
        for i in range(h.nseats):
            n += h.seats[i] != 0
        return -0.4 * h.amount * n * (ages_left(P, g) + 1)
    if h.kind == H_STRENGTH:
        return 0.5 * h.amount * (ages_left(P, g) + 1)
    if h.kind == H_RULE:
        return rule_worth(P, g, h)
    if h.kind == H_HOLD:
        return held_worth(P, g, seat, h, depth)
    return 0.0


cdef double held_worth(const PackC* P, const Game* g, int seat, const HookC* h, int depth) noexcept nogil:
    """LastingHook.worth: what the held effect is worth for one age: its production a unit's
    worth, its shields a point each, its trade discounts one each, its hooks their worth spread
    over the ages left."""
    cdef const ContribC* e = &P.contribs[h.inner]
    cdef double rest = 0.0
    cdef int i
    for i in range(e.nhooks):
        rest += worth(P, g, seat, &P.hooks[e.hook0 + i], depth + 1)
    rest = rest / (ages_left(P, g) + 1)
    return 1.0 * e.units + 1.0 * e.shields + 1.0 * e.ndisc + rest


cdef double value(const PackC* P, const Game* g, int seat, int k) noexcept nogil:
    """GreedyBot.value: what a contribution is worth now, in points."""
    return contrib_worth(P, g, seat, k, 0)


cdef double contrib_worth(const PackC* P, const Game* g, int seat, int k, int kept) noexcept nogil:
    """GreedyBot._value: what a contribution is worth now, in points; `kept`: a card built in
    the city, its production as the city would lose it (GreedyBot.kept)."""
    cdef const ContribC* e = &P.contribs[k]
    cdef const City* c = &g.city[seat]
    cdef const City* nb
    cdef const HookC* h
    cdef int left_ages = P.ages - g.age, i, age, war_value, later, side
    cdef double v = 0.0
    cdef int sci[MAXS]
    cdef unsigned short wild[MAXWILD + PERC]
    for i in range(e.nhooks):
        h = &P.hooks[e.hook0 + i]
        if h.kind == H_DISCOWN:  # as it will answer the question; a built card's was answered
            if not kept:
                v += discard_worth(P, g, seat, h)
        else:
            v += worth(P, g, seat, h, 0)
    if e.has_science:
        for i in range(P.n_sym):
            sci[i] = c.science[i] + e.science[i]
        for i in range(c.nwild):
            wild[i] = c.wild[i]
        for i in range(e.nwild):
            wild[c.nwild + i] = e.wild[i]
        v += science_score(sci, P.n_sym, wild, c.nwild + e.nwild, P.set_bonus + c.shift[RS_SCISET]) - \
            science_score(c.science, P.n_sym, c.wild, c.nwild, P.set_bonus + c.shift[RS_SCISET])
        v += 0.8 * left_ages
    if e.shields:
        age = g.age if g.age > 1 else 1
        war_value = P.victory[age - 1] - P.defeat
        later = 0
        for i in range(age, P.nvictory):
            later += P.victory[i]
        for side in range(2):
            nb = &g.city[(seat + 1) % g.n] if side == 0 else &g.city[(seat + g.n - 1) % g.n]
            if c.shields <= nb.shields < c.shields + e.shields:
                v += war_value * 0.8 + 0.6 * later
            elif c.shields == nb.shields:
                v += 0.5
        v += 0.3 * e.shields
    if e.produces:
        if kept:
            v += lost_production(P, g, seat, e)
        else:
            v += e.units * (1.2 * left_ages + 0.3)
    if e.ndisc:
        v += 1.5 * left_ages
    return v


cdef double card_worth(const PackC* P, Game* g, int seat, int at) noexcept nogil:
    """GreedyBot._score's worth of hand card `at` as if built (a build's or a draft keep's, before
    its price): its value, what it counts in conflicts along tracks, the hand a change of the
    passing brings back (choice_worth.pxi pass_worth, held ones too), less what the card an
    upgrade is built over still gives the city (GreedyBot.kept); in Python's float order."""
    cdef int card = hand_of(g, seat)[at], old
    cdef const CardC* cd = &P.cards[card]
    cdef double v = value(P, g, seat, cd.contrib)
    if P.ntwars:  # what it counts in conflicts along tracks (tracks.pxi)
        v += build_worth(P, g, seat, cd.color, P.contribs[cd.contrib].shields)
    v += pass_worth(P, g, seat, cd.contrib, at)
    if cd.upgrades >= 0:  # built over a card of the city, which it loses
        old = replaced(P, &g.city[seat], card)
        if old >= 0:
            v -= contrib_worth(P, g, seat, P.cards[old].contrib, 1)
    return v


cdef double tucked_worth(const PackC* P, const Game* g, int seat, int k, int card) noexcept nogil:
    """bots._tucked_worth: points of `per card of the tucked colour` were `card` put under the
    stage, counted as the cities stand now."""
    cdef const ContribC* e = &P.contribs[k]
    cdef const HookC* h
    cdef double total = 0.0
    cdef int i, j, n, s, color = P.cards[card].color
    for i in range(e.nhooks):
        h = &P.hooks[e.hook0 + i]
        if h.kind != H_VP or not h.counter.has or h.counter.what != W_TUCKED:
            continue
        n = 0
        for j in range(h.counter.nseats):
            s = h.counter.seats[j]
            if s == 0:
                n += g.city[seat].color_counts[color]
            elif s == 1:
                n += g.city[(seat + 1) % g.n].color_counts[color]
            elif s == 2:
                n += g.city[(seat + g.n - 1) % g.n].color_counts[color]
        total += h.amount * (n // h.counter.every)
    return total


cdef int greedy_choose(const PackC* P, Game* g, int seat, const Move* moves, int nm) noexcept nogil:
    """GreedyBot.choose: the best score_move, ties within 1e-9 at random."""
    cdef double card_value[MAXH2]
    cdef int have[MAXH2]
    cdef double stage_value[MAXSTG]
    cdef double v, best_v = -1e300
    cdef int have_stage = 0, i, nbest = 0, bank, at
    cdef int best[MAXMOVES]
    cdef const City* c = &g.city[seat]
    cdef const CardC* cd
    cdef const StageC* st
    cdef const Move* m
    cdef int first = 1
    for i in range(MAXH2):
        have[i] = 0
    for i in range(nm):
        m = &moves[i]
        if m.action == A_KEEP:  # a draft: the card's worth as if built, less its price
            cd = &P.cards[hand_of(g, seat)[m.card]]
            if not have[m.card]:
                card_value[m.card] = card_worth(P, g, seat, m.card)
                have[m.card] = 1
            v = card_value[m.card] - cd.cost_coins / 3.0
        elif m.action == A_SELL:
            v = (P.sell_coins + g.city[seat].shift[RS_SELL]) / 3.0 - 0.5
        elif m.action == A_LAW:
            v = law_worth(P, g, seat, m.stage, m.card)
        elif m.action == A_BUILD:
            cd = &P.cards[hand_of(g, seat)[m.card]]
            if not have[m.card]:
                card_value[m.card] = card_worth(P, g, seat, m.card)
                have[m.card] = 1
            bank = 0 if m.free else (cd.cost_coins + cd.cost_per_age * g.age if cd.less_row < 0 and cd.upgrades < 0
                                     else card_coins(P, g, seat, hand_of(g, seat)[m.card]))
            v = card_value[m.card] - (bank + m.left + m.right + m.far0 + m.far1 + m.extra) / 3.0
            if m.free == F_POWER:
                v -= 1.5
                v += (cd.cost_coins + cd.cost_units) / 2.0
            if m.free == F_CHAIN:
                v += 0.5
        else:
            at = stage_at(c, m.stage)  # the stage it names (any order)
            st = &P.stages[c.stage_of[at]]
            if not (have_stage >> at & 1):
                stage_value[at] = value(P, g, seat, st.contrib)
                if P.ntwars:
                    stage_value[at] += build_worth(P, g, seat, -1, P.contribs[st.contrib].shields)
                have_stage |= 1 << at
            v = stage_value[at]
            if P.contribs[st.contrib].tucked:
                v = v + tucked_worth(P, g, seat, st.contrib, hand_of(g, seat)[m.card])
            v = v + pass_worth(P, g, seat, st.contrib, m.card)
            v = v - (st.cost_coins + m.left + m.right + m.far0 + m.far1 + m.extra) / 3.0 + 0.5
        if first or v > best_v + 1e-9:
            best[0] = i
            nbest = 1
            best_v = v
            first = 0
        elif v > best_v - 1e-9:
            best[nbest] = i
            nbest += 1
    return best[randrange(&g.rng_bot[seat], nbest)]


cdef int greedy_second(const PackC* P, Game* g, int seat, const short* hand, int n) noexcept nogil:
    """bots._second: the best valued card when worth 3 points, or whenever this is the power's
    last chance (one card left; once per game: only in the last age); -1 waits."""
    cdef double vals[MAXHAND]
    cdef double top
    cdef int i, nbest = 0, last_chance
    cdef int best[MAXHAND]
    for i in range(n):
        vals[i] = value(P, g, seat, P.cards[hand[i]].contrib)
    top = vals[0]
    for i in range(n):
        if vals[i] > top:
            top = vals[i]
    last_chance = n == 1 and (g.city[seat].play_two == 2 or ages_left(P, g) == 0)
    if top < 3.0 and not (last_chance and top > 0):
        return -1
    for i in range(n):
        if vals[i] == top:
            best[nbest] = i
            nbest += 1
    return best[randrange(&g.rng_bot[seat], nbest)]


cdef int greedy_give_up(const PackC* P, Game* g, int seat, const int* cards, int n, int coins) noexcept nogil:
    """bots._give_up: the card that still gives least (kept) when less than the coins (a third
    of a point each), exact ties at random; -1 keeps them all."""
    cdef double vals[MAXBUILT]
    cdef double low
    cdef int i, nbest = 0
    cdef int best[MAXBUILT]
    for i in range(n):
        vals[i] = contrib_worth(P, g, seat, P.cards[cards[i]].contrib, 1)  # GreedyBot.kept
    low = vals[0]
    for i in range(n):
        if vals[i] < low:
            low = vals[i]
    if low >= coins / 3.0:
        return -1
    for i in range(n):
        if vals[i] == low:
            best[nbest] = i
            nbest += 1
    return best[randrange(&g.rng_bot[seat], nbest)]


cdef int greedy_card(const PackC* P, Game* g, int seat, const int* cards, int n) noexcept nogil:
    """GreedyBot.choose_card: the card worth most, exact ties at random."""
    cdef double vals[MAXDISC]
    cdef double top
    cdef int i, nbest = 0
    cdef int best[MAXDISC]
    for i in range(n):
        vals[i] = value(P, g, seat, P.cards[cards[i]].contrib)
    top = vals[0]
    for i in range(n):
        if vals[i] > top:
            top = vals[i]
    for i in range(n):
        if vals[i] == top:
            best[nbest] = i
            nbest += 1
    return best[randrange(&g.rng_bot[seat], nbest)]
