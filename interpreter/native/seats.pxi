# A seat no player owns with a face-down pile (interpreter/game/seats.py), natively: the one
# form lower.seat_plan lets through (one such seat, played by the holder of its card). Its hand
# is its pile (g.hand[g.fc]); at a turn's start the holder draws its top card; after the
# players' choices the seat chooses from the rest of its holder's hand (must_play), with its
# own stream and its holder's policy; the players pass hands among themselves, the holder's
# card going with its hand; it scores but cannot win (score.pxi winners).

cdef void set_seat(const PackC* P, Game* g, int seat, int must, int coins, const int* first, int nfirst) noexcept nogil:
    """Game.__init__ for the seat: which seat it is, whether it must build, its coins."""
    cdef int a
    g.fc = seat
    g.fc_must = must
    g.fc_holder = (seat + 1) % g.n
    for a in range(16):
        g.fc_first[a] = first[a] if a < nfirst else 1
    if coins >= 0:
        g.city[seat].coins = coins
    g.city[seat].nlaws = 0  # law tiles go to the players only (the deal gave the last seat's last)


cdef inline void seat_sync(Game* g) noexcept nogil:
    """The seat decides with its holder's policy (Game.bot_for)."""
    g.policy[g.fc] = g.policy[g.fc_holder]


cdef void seat_begin_age(Game* g, int age) noexcept nogil:
    """GameState.begin_age: the seat's card goes to the player on the side the rules name
    (nearest_player: with one such seat, its neighbour on that side)."""
    g.fc_holder = (g.fc + g.fc_first[age - 1] + g.n) % g.n
    seat_sync(g)


cdef void open_pile(Game* g) noexcept nogil:
    """open_piles: the holder takes the pile's top card in hand."""
    cdef int fc = g.fc, c = g.fc_holder
    seat_sync(g)  # (policies given anew for a playout)
    if g.hand_len[fc] == 0:
        return
    if g.hand_len[c] < MAXHAND:
        g.hand[c][g.hand_len[c]] = g.hand[fc][0]
        g.hand_len[c] += 1
    else:
        g.overflow = 1
    memmove(&g.hand[fc][0], &g.hand[fc][1], sizeof(short) * (g.hand_len[fc] - 1))
    g.hand_len[fc] -= 1


cdef int bound_choice(const PackC* P, Game* g, int seat, const Move* moves, int nm) noexcept nogil:
    """Game._bound then the bot (seats.must_play): builds and stages when there are any (a card
    that chains only by its chain), else every move; the pick's index among `moves`."""
    cdef Move* bound
    cdef int* where = <int*>malloc(sizeof(int) * max(1, nm))  # (on the heap: decide's frame stays small)
    cdef int nb = 0, i, k, plays = 0
    cdef uint64_t chained = 0
    if where == NULL:
        return 0
    for i in range(nm):
        if moves[i].action == A_BUILD or moves[i].action == A_WONDER:
            plays += 1
            if moves[i].free == F_CHAIN:
                chained |= (<uint64_t>1) << moves[i].card
    for i in range(nm):
        if plays and not ((moves[i].action == A_BUILD or moves[i].action == A_WONDER)
                          and (not (chained >> moves[i].card & 1) or moves[i].free == F_CHAIN)):
            continue
        where[nb] = i
        nb += 1
    if g.policy[seat] != P_GREEDY:
        k = where[randrange(&g.rng_bot[seat], nb)]
        free(where)
        return k
    bound = <Move*>malloc(sizeof(Move) * max(1, nb))  # the greedy bot reads the bound moves only
    if bound == NULL:
        k = where[0]
        free(where)
        return k
    for i in range(nb):
        bound[i] = moves[where[i]]
    k = where[greedy_choose(P, g, seat, bound, nb)]
    free(bound)
    free(where)
    return k


cdef void seat_turn(const PackC* P, Game* g, Move* moves, int* plays) noexcept nogil:
    """seat_pools, the sub-step "seat" and seat_choices: the seat is offered its holder's hand
    but the holder's own card (its pile set aside); the card it takes leaves the holder's
    hand and lies alone on top of the pile; the holder's move is re-indexed."""
    cdef int fc = g.fc, c = g.fc_holder, k, j, i, npile = g.hand_len[fc]
    cdef short pile[MAXHAND]
    cdef short card
    if not plays[c] or g.hand_len[c] < 2:
        return
    memcpy(pile, g.hand[fc], sizeof(short) * npile)
    k = moves[c].card
    j = 0
    for i in range(g.hand_len[c]):
        if i != k:
            g.hand[fc][j] = g.hand[c][i]
            j += 1
    g.hand_len[fc] = j
    moves[fc] = decide(P, g, fc, ACT_ALL)
    i = moves[fc].card if moves[fc].card < k else moves[fc].card + 1
    card = g.hand[c][i]
    memmove(&g.hand[c][i], &g.hand[c][i + 1], sizeof(short) * (g.hand_len[c] - i - 1))
    g.hand_len[c] -= 1
    if i < k:
        moves[c].card = k - 1
    g.hand[fc][0] = card
    memcpy(&g.hand[fc][1], pile, sizeof(short) * npile)
    g.hand_len[fc] = npile + 1
    moves[fc].card = 0
    plays[fc] = 1


cdef void pass_players(Game* g, int step, int follow) noexcept nogil:
    """GameState.pass_hands with a pile: the players' hands go round the players' ring (the
    pile stays); in an age (`follow`) the seat's card goes with its holder's hand, in a draft
    (players_only) it stays."""
    cdef short hand[MAXP][MAXHAND]
    cdef int hl[MAXP]
    cdef int ring[MAXP]
    cdef int s, t, k, m = 0, holder = g.fc_holder
    memcpy(hand, g.hand, sizeof(hand))
    memcpy(hl, g.hand_len, sizeof(hl))
    for s in range(g.n):
        if s != g.fc:
            ring[m] = s
            m += 1
    for k in range(m):
        s = ring[k]
        t = ring[(k + step + m * 4) % m]
        memcpy(g.hand[t], hand[s], sizeof(short) * MAXHAND)
        g.hand_len[t] = hl[s]
        if s == holder and follow:
            g.fc_holder = t
    seat_sync(g)
