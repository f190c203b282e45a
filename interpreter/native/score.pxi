# Game-end scoring (interpreter/rules/scoring.py): the score pad's lines, science with wild symbols,
# copies at game end (the best combination for the owner), the winners with the coin tie-break.

cdef enum:
    CANDW = 3 * MAXBUILT

cdef int sci_line(const int* c, int ns, int bonus) noexcept nogil:
    cdef int i, total = 0, low
    if ns == 0:
        return 0
    low = c[0]
    for i in range(ns):
        total += c[i] * c[i]
        if c[i] < low:
            low = c[i]
    return total + bonus * low


cdef inline int lex_less(const int* a, const int* b, int ns) noexcept nogil:
    cdef int i
    for i in range(ns):
        if a[i] != b[i]:
            return a[i] < b[i]
    return 0


cdef void settle_science(int* c, int ns, int most, int swaps, int bonus, int per_set, int* best,
                         int* vec) noexcept nogil:
    """science._line_after: every count vector the MOST and SWAP wilds can make of `c`, in any
    order; best[0..2] the line, sets and total of the best, the smallest vector among equals
    (Python tries them sorted, a strictly higher total replacing the best)."""
    cdef int i, j, top, line, sets, total
    if most == 0 and swaps == 0:
        line = sci_line(c, ns, bonus)
        sets = 0
        if ns:
            sets = c[0]
            for i in range(ns):
                if c[i] < sets:
                    sets = c[i]
        total = line + per_set * sets
        if total > best[2] or (total == best[2] and lex_less(c, vec, ns)):
            best[0] = line
            best[1] = sets
            best[2] = total
            memcpy(vec, c, sizeof(int) * ns)
        return
    if most:
        top = c[0]
        for i in range(ns):
            if c[i] > top:
                top = c[i]
        for i in range(ns):
            if c[i] == top:
                c[i] += 1
                settle_science(c, ns, most - 1, swaps, bonus, per_set, best, vec)
                c[i] -= 1
    if swaps:  # a symbol may become itself: a swap never loses points
        settle_science(c, ns, most, swaps - 1, bonus, per_set, best, vec)
        for i in range(ns):
            if c[i]:
                for j in range(ns):
                    if j != i:
                        c[i] -= 1
                        c[j] += 1
                        settle_science(c, ns, most, swaps - 1, bonus, per_set, best, vec)
                        c[i] += 1
                        c[j] -= 1


cdef void best_wild(int* c, int ns, const unsigned short* wilds, int nw, int bonus, int per_set,
                    int* best, int most, int swaps) noexcept nogil:
    """science.best_science by trying every choice in itertools.product's order: best[0] the
    line, best[1] the sets, of the first choice maximising line + per_set * sets (lower.py
    keeps the choices few: at most 64 when a pack pays per science set); the MOST and SWAP
    wilds settled last (settle_science)."""
    cdef int s, line, sets, i
    cdef int got[3]
    cdef int vec[MAXS]
    if nw == 0:
        if most or swaps:
            got[2] = -1
            settle_science(c, ns, most, swaps, bonus, per_set, got, vec)
            line, sets = got[0], got[1]
        else:
            line = sci_line(c, ns, bonus)
            sets = c[0]
            for i in range(ns):
                if c[i] < sets:
                    sets = c[i]
            if ns == 0:
                sets = 0
        if best[2] < 0 or line + per_set * sets > best[2]:
            best[0] = line
            best[1] = sets
            best[2] = line + per_set * sets
        return
    for s in range(ns):
        if wilds[0] >> s & 1:
            c[s] += 1
            best_wild(c, ns, wilds + 1, nw - 1, bonus, per_set, best, most, swaps)
            c[s] -= 1


cdef int science_score(const int* counts, int ns, const unsigned short* wilds, int nw,
                       int bonus) noexcept nogil:
    cdef int best[3]
    science_best(counts, ns, wilds, nw, bonus, 0, best)
    return best[0]


cdef void science_best(const int* counts, int ns, const unsigned short* wilds, int nw, int bonus,
                       int per_set, int* best) noexcept nogil:
    cdef int c[MAXS]
    cdef int i, most = 0, swaps = 0, k = 0
    cdef unsigned short plain[MAXWILD + PERC * MAXCOPY]
    for i in range(ns):
        c[i] = counts[i]
    best[0] = 0
    best[1] = 0
    best[2] = -1
    for i in range(nw):
        if wilds[i] == SCI_MOST:
            most += 1
        elif wilds[i] == SCI_SWAP:
            swaps += 1
    if most or swaps:  # the others first, in their order
        for i in range(nw):
            if wilds[i] != SCI_MOST and wilds[i] != SCI_SWAP:
                plain[k] = wilds[i]
                k += 1
        best_wild(c, ns, plain, k, bonus, per_set, best, most, swaps)
        return
    best_wild(c, ns, wilds, nw, bonus, per_set, best, 0, 0)


cdef void add_scorers(const PackC* P, const Game* g, int seat, int k, int* pad, int sets) noexcept nogil:
    """The contribution's scoring hooks onto its line; one paying per science set takes `sets`."""
    cdef const ContribC* e = &P.contribs[k]
    cdef const HookC* h
    cdef const City* c = &g.city[seat]
    cdef int i, v
    for i in range(e.nhooks):
        h = &P.hooks[e.hook0 + i]
        if h.kind == H_BURY:
            pad[e.line] += bury_points(P, c, e.hook0 + i)
            continue
        if h.kind == H_TRIGGER and P.hooks[h.inner].kind == H_VP:  # TriggerHook.score
            pad[e.line] += gained_of(c, e.hook0 + i)
            continue
        if h.kind != H_VP:
            continue
        if h.sciset and sets >= 0:
            v = h.amount * sets
        elif h.cond and not vp_holds(P, g, seat, h):
            v = 0
        elif h.counter.has:
            v = h.amount * count(P, g, seat, &h.counter)
        else:
            v = h.amount
        pad[e.line] += v


cdef int per_set_of(const PackC* P, int k) noexcept nogil:
    cdef const ContribC* e = &P.contribs[k]
    cdef int i, total = 0
    for i in range(e.nhooks):
        if P.hooks[e.hook0 + i].kind == H_VP and P.hooks[e.hook0 + i].sciset:
            total += P.hooks[e.hook0 + i].amount
    return total


cdef int score_city(const PackC* P, const Game* g, int seat, const int* extra, int nextra,
                    int* pad) noexcept nogil:
    """scoring._score_city: the pad's lines (P.n_lines of them); returns the total."""
    cdef const City* c = &g.city[seat]
    cdef int i, j, total = 0, k, per_set = 0, any_set = 0
    cdef int sci[MAXS]
    cdef int best[3]
    cdef unsigned short wild[MAXWILD + PERC * MAXCOPY]
    cdef int nw = c.nwild
    cdef const ContribC* e
    cdef int side = c.side
    for i in range(P.n_lines):
        pad[i] = 0
    for i in range(c.ntok):
        pad[P.line_military] += c.tok[i]
    if P.treasury:
        pad[P.line_treasury] = c.coins // P.treasury
    if c.laws_placed and P.ntiles:  # law tiles placed on the tower
        pad[P.tower_line] += tower_points(P, c.laws_placed)
    for i in range(P.n_tokkinds):  # (a kind's points with the `rule token KIND` changes)
        if P.tok_vp[i] + c.shift[RS_TOKEN + i]:
            pad[P.tok_line[i]] += (P.tok_vp[i] + c.shift[RS_TOKEN + i]) * c.tokc[i]
    for i in range(P.n_sym):
        sci[i] = c.science[i]
    for i in range(nw):
        wild[i] = c.wild[i]
    # the contributions whose points it scores: board, stages, cards, copies now, copies at the end
    per_set += per_set_of(P, P.sides[side].board)
    for i in range(c.stages_built):
        per_set += per_set_of(P, P.stages[c.stage_of[c.built_order[i]]].contrib)
    for i in range(c.ncards):
        per_set += per_set_of(P, P.cards[c.cards[i]].contrib)
    for i in range(c.ncopied):
        per_set += per_set_of(P, P.cards[c.copied[i]].contrib)
    for j in range(P.ntracks):  # the track steps reached
        for i in range(c.track_pos[j]):
            per_set += per_set_of(P, P.track_contrib[P.track_step0[j] + i])
    for i in range(c.nextra):  # projects' rewards and penalties (City.extras)
        per_set += per_set_of(P, c.extra[i])
    for j in range(MAXNH if P.scored_hands else 0):  # secret objectives: a hand's cards score
        if P.scored_hands >> j & 1:
            for i in range(c.nh_len[j]):
                per_set += per_set_of(P, P.cards[c.nh[j][i]].contrib)
    for j in range(nextra):
        k = P.cards[extra[j]].contrib
        e = &P.contribs[k]
        per_set += per_set_of(P, k)
        for i in range(P.n_sym):
            sci[i] += e.science[i]
        for i in range(e.nwild):
            wild[nw] = e.wild[i]
            nw += 1
    science_best(sci, P.n_sym, wild, nw, P.set_bonus + c.shift[RS_SCISET], per_set, best)
    pad[P.line_science] += best[0]
    k = best[1]
    add_scorers(P, g, seat, P.sides[side].board, pad, k)
    for i in range(c.stages_built):
        add_scorers(P, g, seat, P.stages[c.stage_of[c.built_order[i]]].contrib, pad, k)
    for i in range(c.ncards):
        add_scorers(P, g, seat, P.cards[c.cards[i]].contrib, pad, k)
    for i in range(c.ncopied):
        add_scorers(P, g, seat, P.cards[c.copied[i]].contrib, pad, k)
    for j in range(P.ntracks):
        for i in range(c.track_pos[j]):
            add_scorers(P, g, seat, P.track_contrib[P.track_step0[j] + i], pad, k)
    for i in range(c.nextra):
        add_scorers(P, g, seat, c.extra[i], pad, k)
    for j in range(nextra):
        add_scorers(P, g, seat, P.cards[extra[j]].contrib, pad, k)
    for j in range(MAXNH if P.scored_hands else 0):
        if P.scored_hands >> j & 1:
            for i in range(c.nh_len[j]):
                add_scorers(P, g, seat, P.cards[c.nh[j][i]].contrib, pad, k)
    for i in range(P.n_lines):
        total += pad[i]
    return total


cdef int copy_candidates(const PackC* P, const Game* g, int seat, int power, int* out) noexcept nogil:
    cdef const HookC* h = &P.hooks[g.city[seat].copies[power]]
    cdef const City* nb
    cdef int i, j, k, card, n = 0, dup, s
    for i in range(h.nseats):
        s = h.seats[i]
        if s == 0:
            nb = &g.city[seat]
        elif s == 1:
            nb = &g.city[(seat + 1) % g.n]
        elif s == 2:
            nb = &g.city[(seat + g.n - 1) % g.n]
        else:
            nb = &g.city[ring_seat(seat, s, g.n)]
        for j in range(nb.ncards):
            card = nb.cards[j]
            if h.colors >> P.cards[card].color & 1:
                dup = 0
                for k in range(n):
                    if out[k] == card:
                        dup = 1
                        break
                if not dup:
                    out[n] = card
                    n += 1
    return n


cdef void try_copies(const PackC* P, const Game* g, int seat, int power, int npowers,
                     const int* cands, const int* ncand, int* picked, int npicked,
                     int* best_pad, int* best_total, int* best_picked, int* nbest) noexcept nogil:
    """itertools.product over [None, *candidates] per power, in its order; a strictly higher
    total replaces the best (two powers never copy the same card)."""
    cdef int pad[MAXLINES]
    cdef int i, j, total
    if power == npowers:
        for i in range(npicked):
            for j in range(i):
                if picked[i] == picked[j]:
                    return
        total = score_city(P, g, seat, picked, npicked, pad)
        if total > best_total[0]:
            best_total[0] = total
            memcpy(best_pad, pad, sizeof(int) * P.n_lines)
            memcpy(best_picked, picked, sizeof(int) * npicked)
            nbest[0] = npicked
        return
    try_copies(P, g, seat, power + 1, npowers, cands, ncand, picked, npicked, best_pad, best_total,
               best_picked, nbest)
    for i in range(ncand[power]):
        picked[npicked] = cands[power * CANDW + i]
        try_copies(P, g, seat, power + 1, npowers, cands, ncand, picked, npicked + 1, best_pad,
                   best_total, best_picked, nbest)


cdef int score_seat(const PackC* P, const Game* g, int seat, int* pad, int* copied) noexcept nogil:
    """The pad of one city, copies chosen; returns how many cards it copied (-1: no copy power)."""
    cdef int total, npow = g.city[seat].ncopies, i, ncopied = 0
    cdef int cands[MAXCOPY * CANDW]
    cdef int ncand[MAXCOPY]
    cdef int picked[MAXCOPY]
    total = score_city(P, g, seat, NULL, 0, pad)
    if npow == 0:
        return -1
    for i in range(npow):
        ncand[i] = copy_candidates(P, g, seat, i, &cands[i * CANDW])
    try_copies(P, g, seat, 0, npow, cands, ncand, picked, 0, pad, &total, copied, &ncopied)
    return ncopied


cdef int winners(const Game* g, const int* totals) noexcept nogil:
    """Highest total; ties broken by most coins; a tie on coins is shared (a bit per seat)."""
    cdef int best = totals[0], most = -1, s, mask = 0
    for s in range(g.n):
        if totals[s] > best and s != g.fc:  # a seat no player owns cannot win
            best = totals[s]
    for s in range(g.n):
        if totals[s] == best and g.city[s].coins > most and s != g.fc:
            most = g.city[s].coins
    for s in range(g.n):
        if totals[s] == best and g.city[s].coins == most and s != g.fc:
            mask |= 1 << s
    return mask


cdef void final_row(const PackC* P, const Game* g, int* row) noexcept nogil:
    """The totals by seat, then the winners' bit mask (g.n + 1 ints)."""
    cdef int pad[MAXLINES]
    cdef int copied[MAXCOPY]
    cdef int s, i
    for s in range(g.n):
        score_seat(P, g, s, pad, copied)
        row[s] = 0
        for i in range(P.n_lines):
            row[s] += pad[i]
    row[g.n] = winners(g, row)

