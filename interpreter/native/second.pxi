# A second card in one turn (interpreter/game/second.py): `play two cards once per game|age`.
# After a turn's moves resolve, each city holding the unspent power is asked which card of its
# hand to play too, or none; those who take one play it together (their hands only that card
# meanwhile), then hold the rest again.

cdef void second_cards(const PackC* P, Game* g) noexcept nogil:
    """SecondCards.offer_second, the sub-step "second" and end_second."""
    cdef Move moves[MAXP]
    cdef int plays[MAXP]
    cdef short rest[MAXP][MAXHAND]
    cdef int nrest[MAXP]
    cdef int s, i, k, pick, any_second = 0
    cdef City* c
    for s in range(g.n):
        plays[s] = 0
        c = &g.city[s]
        if not c.play_two or c.second_used or g.hand_len[s] == 0 or s == g.fc:
            continue
        if g.policy[s] == P_GREEDY:
            pick = greedy_second(P, g, s, g.hand[s], g.hand_len[s])
        else:
            pick = randrange(&g.rng_bot[s], g.hand_len[s])
        if g.trace != NULL:
            trace_int(g.trace, T_CARD)
            trace_int(g.trace, s)
            trace_int(g.trace, g.hand_len[s])
            for i in range(g.hand_len[s]):
                trace_int(g.trace, g.hand[s][i])
            trace_int(g.trace, pick)
        if pick < 0:
            continue
        c.second_used = 1
        k = 0
        for i in range(g.hand_len[s]):
            if i != pick:
                rest[s][k] = g.hand[s][i]
                k += 1
        nrest[s] = k
        g.hand[s][0] = g.hand[s][pick]
        g.hand_len[s] = 1
        plays[s] = 1
        any_second = 1
    if not any_second:
        return
    for s in range(g.n):
        if plays[s]:
            moves[s] = decide(P, g, s, ACT_ALL)
    resolve(P, g, moves, plays, 0)
    trace_state(P, g)
    for s in range(g.n):
        if plays[s]:
            for i in range(nrest[s]):
                g.hand[s][i] = rest[s][i]
            g.hand_len[s] = nrest[s]
