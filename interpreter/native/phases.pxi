# The schedule (interpreter/game/phases.py): ages (deal, turns, last card, passing, conflicts),
# drafts and recruitments, and the loop that plays a game on from any point between turns.

cdef void pass_hands(Game* g, int step) noexcept nogil:
    """Every hand to the left (+1) or right (-1) neighbour (the age's hands)."""
    cdef short hand[MAXP][MAXHAND]
    cdef int hl[MAXP]
    cdef int s, t, n = g.n
    step = step % n  # a whole turn round or more (`rule pass`) counts the seats past it
    if step == 0:
        return
    memcpy(hand, g.hand, sizeof(hand))
    memcpy(hl, g.hand_len, sizeof(hl))
    for s in range(n):
        t = (s + step + n) % n
        memcpy(g.hand[t], hand[s], sizeof(short) * MAXHAND)
        g.hand_len[t] = hl[s]


cdef int strength_of(const PackC* P, const Game* g, int seat) noexcept nogil:
    """City.conflict_shields: its shields, plus those counted anew (`shields 1 per defeat`)."""
    cdef const City* c = &g.city[seat]
    cdef const HookC* h
    cdef int total = c.shields, i
    for i in range(c.nstr):
        h = &P.hooks[c.strength[i]]
        total += h.amount * count(P, g, seat, &h.counter)
    return total


cdef void war(const PackC* P, Game* g, int age) noexcept nogil:
    """Game.war: each city against the next city on either side that takes part."""
    cdef int win = P.victory[age - 1], lose = P.defeat, n = g.n, s, k, nb, nr, j, to, m = 0, kind
    cdef int gets[MAXP][8]
    cdef int ngets[MAXP]
    cdef int won[MAXP]
    cdef int lost[MAXP]
    cdef int strength[MAXP]
    cdef int fighting[MAXP]
    cdef int out = 0, coins, i
    cdef int rivals[2]
    cdef const HookC* h
    if P.law_changes:  # tokens worth what the rules changes in force say, city by city
        refresh_rules(P, g)
    for kind in range(P.n_tokkinds):
        if not P.tok_sitout[kind]:
            continue
        for s in range(n):
            if g.city[s].tokc[kind] > 0 and not (out >> s & 1):
                g.city[s].tokc[kind] -= 1
                out |= 1 << s
    for s in range(n):
        ngets[s] = 0
        won[s] = 0
        lost[s] = 0
        strength[s] = strength_of(P, g, s) if g.city[s].nstr else g.city[s].shields
        if not (out >> s & 1):
            fighting[m] = s
            m += 1
    for s in range(n):  # shields a city gives or takes from its neighbours (`for neighbors`)
        for i in range(g.city[s].nstrout):
            h = &P.hooks[g.city[s].strength_out[i]]
            coins = h.amount * count(P, g, s, &h.counter) if h.counter.has else h.amount
            for j in range(h.nseats):
                if h.seats[j] == SEAT_OTHERS:  # every other city
                    for k in range(n):
                        if k != s:
                            strength[k] += coins
                elif h.seats[j] == 1:
                    strength[(s + 1) % n] += coins
                elif h.seats[j] == 2:
                    strength[(s + n - 1) % n] += coins
                elif h.seats[j]:  # N seats away
                    strength[ring_seat(s, h.seats[j], n)] += coins
    for k in range(m):
        s = fighting[k]
        j = fighting[(k + 1) % m]
        to = fighting[(k + m - 1) % m]
        if j != to:
            rivals[0] = j
            rivals[1] = to
            nr = 2
        elif j != s:
            rivals[0] = j
            nr = 1
        else:
            nr = 0
        for nb in range(nr):
            if strength[s] > strength[rivals[nb]]:
                gets[s][ngets[s]] = win + g.city[s].shift[RS_VICTORY]
                ngets[s] += 1
                won[s] += 1
            elif strength[s] < strength[rivals[nb]]:
                lost[s] += 1
                to = rivals[nb] if g.city[s].defeats_to_winner else s
                gets[to][ngets[to]] = lose + g.city[to].shift[RS_DEFEAT]
                ngets[to] += 1
    for s in range(n):
        for j in range(ngets[s]):
            if g.city[s].ntok < MAXTOK:
                g.city[s].tok[g.city[s].ntok] = gets[s][j]
                g.city[s].ntok += 1
    cdef int listening = watching(g)
    cdef City* c
    for s in range(n):
        if not g.city[s].ntrig and not listening:
            continue
        coins = 0
        for j in range(won[s]):
            coins += fire(P, g, s, E_WIN, -1, -1)
        for j in range(lost[s]):
            coins += fire(P, g, s, E_LOSE, -1, -1)
        if coins:
            g.city[s].coins += coins
            if g.city[s].coins < 0:
                g.city[s].coins = 0
    for s in range(g.ngains):  # GameState.settle_gains
        c = &g.city[g.gains[s][0]]
        c.coins = c.coins + g.gains[s][1] if c.coins + g.gains[s][1] > 0 else 0
    g.ngains = 0
    if P.ntwars:  # then the conflicts along tracks (tracks.pxi)
        track_wars(P, g, age)


cdef void begin_age(const PackC* P, Game* g, int age) noexcept nogil:
    """GameState.begin_age: powers once per age come back, then every city's `when age
    starts` triggers fire (their coins at once)."""
    g.age = age
    cdef int s
    for s in range(g.n):
        if g.city[s].free_build == 0:
            g.city[s].free_build_used = 0
        if g.city[s].play_two == 2:
            g.city[s].second_used = 0
    boundary(P, g, E_AGESTART)
    if g.fc >= 0:
        seat_begin_age(g, age)


cdef void boundary(const PackC* P, Game* g, int kind) noexcept nogil:
    """TurnResolution.boundary: every city's triggers of a boundary all cities meet at once
    (an age starts or ends, the game ends) fire; their coins at once, then coins given."""
    cdef int s, got, trig = 0
    cdef City* c
    for s in range(g.n):
        trig |= g.city[s].ntrig
    if not trig:
        return
    for s in range(g.n):
        got = fire(P, g, s, kind, -1, -1)
        if got:
            g.city[s].coins = g.city[s].coins + got if g.city[s].coins + got > 0 else 0
    for s in range(g.ngains):
        c = &g.city[g.gains[s][0]]
        c.coins = c.coins + g.gains[s][1] if c.coins + g.gains[s][1] > 0 else 0
    g.ngains = 0


cdef int past_bound(Game* g) noexcept nogil:
    """GameState.check_bound: a city's coins or tokens of one kind past HELD stop the game."""
    cdef int s, k
    for s in range(g.n):
        if g.city[s].coins > HELD or g.city[s].coins < -HELD:
            g.beyond = 1
        for k in range(MAXTK):
            if g.city[s].tokc[k] > HELD or g.city[s].tokc[k] < -HELD:
                g.beyond = 1
    if g.beyond:
        g.done = 1
    return g.beyond


cdef void begin_turn(const PackC* P, Game* g, int turn) noexcept nogil:
    cdef int s
    if past_bound(g):
        return
    if P.law_changes:  # the rules changes in force from now on
        refresh_rules(P, g)
    g.turn = turn
    g.turns_played += 1
    g.nfired = 0
    if g.bank_reset:
        g.bank_reset = 0
        for s in range(g.n):
            g.city[s].bank_used = 0
            g.city[s].rebate_used = 0


cdef void play_turn(const PackC* P, Game* g, const Move* given, const int* has_given) noexcept nogil:
    """One turn of an age (turn g.turn + 1): moves (given ones first), resolution, the last
    card, the discard builds, the passing; the conflicts after the age's last turn."""
    cdef Move moves[MAXP]
    cdef int plays[MAXP]
    cdef int s, k, any_extra = 0
    cdef int t = g.turn + 1
    begin_turn(P, g, t)
    if g.beyond:  # stopped: past the runtime bound
        return
    if g.fc >= 0:  # its holder draws the pile's top card (seats.pxi)
        open_pile(g)
    for s in range(g.n):
        plays[s] = g.hand_len[s] > 0 and s != g.fc  # (a second card played earlier can empty a hand)
        if has_given != NULL and has_given[s]:
            moves[s] = given[s]
        elif plays[s]:
            moves[s] = decide(P, g, s, ACT_ALL)
    if g.fc >= 0:  # then the seat's card, from the rest of its holder's hand
        seat_turn(P, g, moves, plays)
    resolve(P, g, moves, plays, 0)
    trace_state(P, g)
    for s in range(g.n):
        if g.city[s].play_two:
            second_cards(P, g)
            break
    if t == g.last:
        for s in range(g.n):
            plays[s] = g.city[s].play_last and g.hand_len[s] > 0
            if plays[s]:
                any_extra = 1
        if any_extra:
            for s in range(g.n):
                if plays[s]:
                    moves[s] = decide(P, g, s, ACT_ALL)
            resolve(P, g, moves, plays, 0)
            trace_state(P, g)
        for s in range(g.n):
            for k in range(g.hand_len[s]):
                push_discard(g, g.hand[s][k])
            g.hand_len[s] = 0
    if g.nowed or g.nowed_hands:
        settle(P, g)
    if t < g.last:
        if g.fc >= 0:
            pass_players(g, P.passdir[g.age - 1], 1)
        else:
            pass_hands(g, farther(P, g, P.passdir[g.age - 1]))
    else:
        if P.nproj:
            end_projects(P, g, g.age)
        war(P, g, g.age)
        trace_state(P, g)
        boundary(P, g, E_AGEEND)  # `when age ends`, after the conflicts
        end_durations(P, g, E_AGEEND)  # then what lasts `until age ends` ends
        g.in_age = 0
        g.step += 1


cdef void run_draft(const PackC* P, const Deals* D, Game* g, const StepC* st) noexcept nogil:
    """phases.run_draft: deal from the deck, keep one card, pass the rest, until done."""
    cdef int deck[MAXBOX]
    cdef int n = 0, i, s, pick = 0, left
    cdef int np = g.n - 1 if g.fc >= 0 else g.n  # a seat no player owns (the last) gets none
    cdef short kept[MAXP][MAXH2]
    cdef int nkept[MAXP]
    cdef Move moves[MAXP]
    cdef short* hand
    for i in range(D.named_len[st.deck]):
        deck[n] = D.named[st.deck][i]
        n += 1
    shuffle_ids(&g.rng_deal, deck, n)
    for i in range(st.deal * np, n):
        g.box[g.nbox] = deck[i]
        g.nbox += 1
    for s in range(g.n):
        g.hand_len[s] = st.deal if s < np else 0
        nkept[s] = 0
        for i in range(st.deal):
            g.hand[s][i] = deck[s * st.deal + i]
    g.hand_src = -1
    while True:
        left = 0
        for s in range(g.n):
            left += g.hand_len[s]
        if not left:
            break
        pick += 1
        begin_turn(P, g, pick)
        if g.beyond:
            return
        for s in range(np):
            if g.hand_len[s] > 1:
                moves[s] = decide(P, g, s, 1 << A_KEEP)
            else:
                put(&moves[s], 0, A_KEEP, 0, 0, F_NONE)
        g.actions += g.n
        for s in range(np):
            hand = g.hand[s]
            kept[s][nkept[s]] = hand[moves[s].card]
            nkept[s] += 1
            memmove(&hand[moves[s].card], &hand[moves[s].card + 1],
                    sizeof(short) * (g.hand_len[s] - moves[s].card - 1))
            g.hand_len[s] -= 1
        left = 0
        for s in range(g.n):
            left += g.hand_len[s]
        if left:
            if g.fc >= 0:
                pass_players(g, st.passdir, 0)
            else:
                pass_hands(g, st.passdir)
    for s in range(g.n):
        for i in range(nkept[s]):
            if g.city[s].nh_len[st.hand] < MAXH2:
                g.city[s].nh[st.hand][g.city[s].nh_len[st.hand]] = kept[s][i]
                g.city[s].nh_len[st.hand] += 1
            else:
                g.city[s].overflow = 1
        g.hand_len[s] = 0


cdef void run_recruit(const PackC* P, Game* g, const StepC* st) noexcept nogil:
    """phases.run_recruit: each player plays one card of a second hand; the rest is kept,
    boxed or discarded."""
    cdef Move moves[MAXP]
    cdef int plays[MAXP]
    cdef int s, i
    cdef City* c
    g.hand_src = st.hand
    begin_turn(P, g, 1)
    if g.beyond:
        return
    for s in range(g.n):
        plays[s] = g.city[s].nh_len[st.hand] > 0
        if plays[s]:
            moves[s] = decide(P, g, s, st.actions)
    resolve(P, g, moves, plays, st.sold_box)
    trace_state(P, g)
    settle(P, g)
    if st.rest:
        for s in range(g.n):
            c = &g.city[s]
            for i in range(c.nh_len[st.hand]):
                if st.rest == 1:
                    if g.nbox < MAXBOX:
                        g.box[g.nbox] = c.nh[st.hand][i]
                        g.nbox += 1
                    else:
                        g.overflow = 1
                else:
                    push_discard(g, c.nh[st.hand][i])
            c.nh_len[st.hand] = 0
    g.hand_src = -1
    for s in range(g.n):
        g.hand_len[s] = 0


cdef void set_up_boards(const PackC* P, Game* g) noexcept nogil:
    """GameState.set_up_boards: as the game begins, each board's one-time effects run as if the
    board were built then (its coins at once; coins given to others, then losses, settled)."""
    cdef int s, k, got
    cdef City* c
    g.boards_set = 1
    for s in range(g.n):
        c = &g.city[s]
        k = P.sides[c.side].board
        if P.contribs[k].builds:
            got = when_built(P, g, s, k, 0)
            c.coins = c.coins + got if c.coins + got > 0 else 0
    for k in range(g.ngains):
        c = &g.city[g.gains[k][0]]
        c.coins = c.coins + g.gains[k][1] if c.coins + g.gains[k][1] > 0 else 0
    g.ngains = 0
    if g.nlosses:
        settle_losses(P, g)


cdef void next_phase(const PackC* P, const Deals* D, Game* g) noexcept nogil:
    """Game.play's loop, one phase: an age is dealt (its turns are then played one by one),
    a draft or a recruitment is played whole."""
    cdef const StepC* st
    if g.step >= P.nsteps:
        boundary(P, g, E_GAMEEND)  # `when game ends`, before the scoring
        past_bound(g)
        g.done = 1
        if P.law_changes and not g.beyond:  # the changes in force at the end (set bonus, token points)
            refresh_rules(P, g)
        g.phase = PH_AGE
        g.age = P.ages
        return
    if not g.boards_set:
        set_up_boards(P, g)
    st = &P.steps[g.step]
    if st.age != g.age and not st.at_end:
        begin_age(P, g, st.age)
    g.phase = st.kind
    if st.kind == PH_AGE:
        deal(P, D, g, g.age)
        g.in_age = 1
        g.turn = 0
        return
    if st.kind == PH_DRAFT:
        run_draft(P, D, g, st)
    else:
        run_recruit(P, g, st)
    g.step += 1


cdef void play_on(const PackC* P, const Deals* D, Game* g) noexcept nogil:
    """Play from where the game stands to its end (between two turns, or between phases)."""
    while not g.done:
        if g.in_age:
            play_turn(P, g, NULL, NULL)
        else:
            next_phase(P, D, g)
