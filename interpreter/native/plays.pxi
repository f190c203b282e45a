# The per-card verdicts' record (interpreter/sim/watch.py) of a recorded game: the cards in hand
# and buildable at each of a seat's decisions, the coins each card's effects gave (effects.pxi
# adds them, as Game.coin_tally), each built card's points; folded in C into the sums
# interpreter/sim/cards.CardTally keeps.

cdef void note_decision(Game* g, int seat, const Move* moves, int nm) noexcept nogil:
    """sim.watch.Watcher.choose: the cards in hand at a decision, and those a legal build."""
    cdef Plays* r = g.plays
    cdef uint64_t* seen = &r.seen[seat * r.words]
    cdef uint64_t* could = &r.could[seat * r.words]
    cdef short* hand = hand_of(g, seat)
    cdef int nh = hand_size_now(g, seat), i, card
    for i in range(nh):
        card = hand[i]
        seen[card >> 6] |= (<uint64_t>1) << (card & 63)
    for i in range(nm):
        if moves[i].action == A_BUILD:
            card = hand[moves[i].card]
            could[card >> 6] |= (<uint64_t>1) << (card & 63)


cdef int card_points(const PackC* P, const Game* g, int seat, int card, int full) noexcept nogil:
    """sim.watch.card_points for one built card: its victory points as VictoryHook.score gives
    them, plus the science line (`full`) less the line without the card's symbols."""
    cdef const City* c = &g.city[seat]
    cdef const ContribC* e = &P.contribs[P.cards[card].contrib]
    cdef const HookC* h
    cdef int i, j, nw = c.nwild, points = 0
    cdef int sci[MAXS]
    cdef unsigned short wild[MAXWILD]
    for i in range(e.nhooks):
        h = &P.hooks[e.hook0 + i]
        if h.kind == H_BURY:
            points += bury_points(P, c, e.hook0 + i)
            continue
        if h.kind == H_TRIGGER and P.hooks[h.inner].kind == H_VP:  # TriggerHook.score
            points += gained_of(c, e.hook0 + i)
        if h.kind == H_VP:
            points += vp_now(P, g, seat, h)
    if not e.has_science:
        return points
    for i in range(P.n_sym):
        sci[i] = c.science[i] - e.science[i]
    for i in range(nw):
        wild[i] = c.wild[i]
    for j in range(e.nwild):  # list.remove: the first equal wild symbol goes
        for i in range(nw):
            if wild[i] == e.wild[j]:
                memmove(&wild[i], &wild[i + 1], sizeof(unsigned short) * (nw - i - 1))
                nw -= 1
                break
    return points + full - science_score(sci, P.n_sym, wild, nw, P.set_bonus)


cdef void seat_plays(const PackC* P, const Game* g, int seat, char* flags, int* points) noexcept nogil:
    """By card id: flags (1 seen, 2 could, 4 built) and a built card's points."""
    cdef const Plays* r = g.plays
    cdef const uint64_t* sb = &r.seen[seat * r.words]
    cdef const uint64_t* cb = &r.could[seat * r.words]
    cdef const City* c = &g.city[seat]
    cdef int i, card, full
    for card in range(P.ncards):
        flags[card] = (sb[card >> 6] >> (card & 63) & 1) | (cb[card >> 6] >> (card & 63) & 1) << 1
    full = science_score(c.science, P.n_sym, c.wild, c.nwild, P.set_bonus)
    for i in range(c.ncards):
        card = c.cards[i]
        flags[card] |= 4
        points[card] = card_points(P, g, seat, card, full)


cdef enum:
    # a card's sums (CardTally): dealt, built when dealt, built (n, wins), passed (n, wins),
    # points (total, squares), coins (total, squares); points and coins are counted per build
    K_DEALT = 0
    K_BUILT_DEALT = 1
    K_BUILT = 2
    K_BUILT_WON = 3
    K_PASSED = 4
    K_PASSED_WON = 5
    K_POINTS = 6
    K_POINTS_SQ = 7
    K_COINS = 8
    K_COINS_SQ = 9
    KSUMS = 10


cdef void fold_seat(const PackC* P, const Game* g, int seat, int won, const int* order,
                    const int* key_of, long long* sums, char* flags, int* points) noexcept nogil:
    """CardVerdicts.add_player for one seat: the copies of a card (one key) make one row, as in
    sim.watch.card_play; each row is added as CardTally.add adds it."""
    cdef int i, card, key, f, seen = 0, could = 0, built = 0, pts = 0, coins = 0
    cdef long long* k
    seat_plays(P, g, seat, flags, points)
    for i in range(P.ncards):
        card = order[i]
        f = flags[card]
        if f & 1:
            seen = 1
        if f & 2:
            could = 1
        if f & 4:
            built = 1
            pts += points[card]
            coins += g.plays.coins[seat * P.ncards + card]
        if i + 1 < P.ncards and key_of[order[i + 1]] == key_of[card]:
            continue  # another copy of this card follows
        k = &sums[key_of[card] * KSUMS]
        if seen:
            k[K_DEALT] += 1
            k[K_BUILT_DEALT] += built
        if built:
            k[K_BUILT] += 1
            k[K_BUILT_WON] += won
            k[K_POINTS] += pts
            k[K_POINTS_SQ] += <long long>pts * pts
            k[K_COINS] += coins
            k[K_COINS_SQ] += <long long>coins * coins
        elif could:
            k[K_PASSED] += 1
            k[K_PASSED_WON] += won
        seen = could = built = pts = coins = 0
