# Shared projects (interpreter/game/projects.py): a city building a wonder stage in the age of
# an open project is priced for joining it too (as the turn starts: the stage's cost and the
# join cost bought together, under the cost changes on wonder stages, less what the stage move
# pays), asked after the turn's payments in seat order while places remain, and the project is
# settled when full (`when full`) or at its age's end: the reward to its joiners, else the
# penalty to everyone else, folded in as City.extras.

cdef enum:
    MAXRED = 256       # stage costs with units left out (pricing.reduced_costs) tried for a join


cdef inline int project_at(const PackC* P, int age) noexcept nogil:
    """CompiledPack.project_of: the index of the age's project, or -1."""
    if P.nproj == 0 or age < 0 or age >= 17:
        return -1
    return P.proj_of_age[age]


cdef inline int joined(const Game* g, int idx, int seat) noexcept nogil:
    cdef int i
    for i in range(g.pj_n[idx]):
        if g.pj_seat[idx][i] == seat:
            return 1
    return 0


cdef inline int red_before(const int* a, const int* b, int n_res) noexcept nogil:
    """Python's order of two sparse costs (tuples of (resource, units), units > 0)."""
    cdef int i = 0, j = 0
    while True:
        while i < n_res and a[i] == 0:
            i += 1
        while j < n_res and b[j] == 0:
            j += 1
        if i == n_res or j == n_res:
            return i == n_res and j < n_res
        if i != j:
            return i < j
        if a[i] != b[j]:
            return a[i] < b[j]
        i += 1
        j += 1


cdef int reduce_units(const Terms* t, int slot, int left, int* vec, int out[][MAXR], int n,
                      Game* g) noexcept nogil:
    """Every cost with `left` more units left out, from cost slot `slot` on, as vectors."""
    cdef int k, r
    if left == 0:
        if n >= MAXRED:
            g.overflow = 1
            return n
        memcpy(&out[n][0], vec, sizeof(int) * MAXR)
        return n + 1
    if slot == t.ncost:
        return n
    r = t.cost_r[slot]
    for k in range(min(left, vec[r]), -1, -1):
        vec[r] -= k
        n = reduce_units(t, slot + 1, left - k, vec, out, n, g)
        vec[r] += k
    return n


cdef int join_price(const PackC* P, Game* g, int seat, const Move* m, const ProjC* pj,
                    int* out) noexcept nogil:
    """Projects._join_price: what joining adds to the wonder move m (out: bank, left, right,
    far left, far right), the cheapest way (then the least to the left); 0 when it cannot be
    bought."""
    cdef City* c = &g.city[seat]
    cdef const StageC* st
    cdef Mods mods
    cdef Terms t, near
    cdef FarSearch* S
    cdef Opt3 opts[4 * MAXOPT]
    cdef int red[MAXRED][MAXR]
    cdef int vec[MAXR]
    cdef int x[MAXR]
    cdef int got[5]
    cdef int bank = bank_coins(P, g, seat, pj.cost_coins, pj.cost_per_age, pj.less_row), nred, i, j, k, r, no, found = 0
    cdef int a, b, e, fl, fr, total, best_total = 0, best_left = 0, nf
    out[0] = bank
    out[1] = out[2] = out[3] = out[4] = 0
    if pj.ncost == 0:
        return 1
    st = &P.stages[c.stage_of[stage_at(c, m.stage)]]
    mods_for(P, g, seat, &mods)
    build_terms(&mods, -1, 0, st.cost_r, st.cost_n, st.ncost, &t)
    if t.free:  # a stage made free: the join's resources bought alone, no bank buy or rebate
        mods.nbuys = 0
        mods.rebate[0] = 0
        mods.rebate[1] = 0
    memset(vec, 0, sizeof(vec))
    for i in range(t.ncost):
        vec[t.cost_r[i]] += t.cost_n[i]
    nred = 0
    if t.drop and not t.free:  # each cost with units left out (sorted), then the whole one
        nred = reduce_units(&t, 0, t.drop, vec, red, 0, g)
        for i in range(1, nred):  # insertion sort: Python's sorted()
            memcpy(x, &red[i][0], sizeof(x))
            j = i - 1
            while j >= 0 and red_before(x, &red[j][0], P.n_res):
                memcpy(&red[j + 1][0], &red[j][0], sizeof(x))
                j -= 1
            memcpy(&red[j + 1][0], x, sizeof(x))
        if nred >= MAXRED:
            return 0
    memcpy(&red[nred][0], vec, sizeof(vec))
    nred += 1
    for k in range(nred):
        near.bank = 0
        near.free = 0
        near.drop = 0
        near.ncost = 0
        for r in range(P.n_res):
            x[r] = red[k][r]
        for i in range(pj.ncost):
            x[pj.cost_r[i]] += pj.cost_n[i]
        for r in range(P.n_res):
            if x[r]:
                near.cost_r[near.ncost] = r
                near.cost_n[near.ncost] = x[r]
                near.ncost += 1
        no = options_with_changes(g, seat, &mods, &near, opts)
        nf = 0
        S = NULL
        if c.far_trade and k == nred - 1:  # a far purchase takes no unit off (moves.py)
            S = far_front(g, seat, &near)  # every way, affordable or not (asked later)
            if S != NULL:
                nf = S.nfront
        for i in range(no + nf):
            if i < no:
                a, b, e, fl, fr = opts[i].l, opts[i].r, opts[i].e, 0, 0
            else:
                a, b, e = S.front[i - no][0], S.front[i - no][1], 0
                fl, fr = S.front[i - no][2], S.front[i - no][3]
            if a < m.left or b < m.right or e < m.extra or fl < m.far0 or fr < m.far1:
                continue
            got[0] = bank + e - m.extra
            got[1] = a - m.left
            got[2] = b - m.right
            got[3] = fl - m.far0
            got[4] = fr - m.far1
            total = got[0] + got[1] + got[2] + got[3] + got[4]
            if not found or total < best_total or (total == best_total and got[1] < best_left):
                found = 1
                best_total = total
                best_left = got[1]
                memcpy(out, got, sizeof(got))
        free(S)
    return found


cdef int join_offers(const PackC* P, Game* g, const Move* moves, const int* plays,
                     int offers[][5], int* has) noexcept nogil:
    """Projects.join_offers: for each wonder play that may join the age's project, what joining
    adds (priced as the cities stand now); returns whether any city has an offer."""
    cdef int idx = project_at(P, g.age), s, any_offer = 0
    for s in range(g.n):
        has[s] = 0
    if idx < 0 or g.pj_done[idx] or g.pj_n[idx] >= P.proj[idx].needed[g.n]:
        return 0
    for s in range(g.n):
        if plays[s] and moves[s].action == A_WONDER and not joined(g, idx, s):
            if join_price(P, g, s, &moves[s], &P.proj[idx], &offers[s][0]):
                has[s] = 1
                any_offer = 1
    return any_offer


cdef int greedy_join(const PackC* P, Game* g, int seat, int idx, int coins) noexcept nogil:
    """bots._join: join when the reward (as likely as 1 / places left) and the penalty escaped
    the rest of the time are worth the coins (a third of a point each); -1 declines."""
    cdef const ProjC* pj = &P.proj[idx]
    cdef double penalty = value(P, g, seat, pj.penalty), likely, worth
    cdef int left = pj.needed[g.n] - g.pj_n[idx]
    if left < 0:
        left = 0
    likely = 1.0 / (left if left > 1 else 1)
    worth = likely * value(P, g, seat, pj.reward) - (1.0 - likely) * penalty
    return 0 if worth >= coins / 3.0 else -1


cdef void join_projects(const PackC* P, Game* g, const int* has, int offers[][5],
                        int* income) noexcept nogil:
    """Projects.join_projects: after the payments, each offered city in seat order while
    places remain, if it can still pay, is asked; one that joins pays now (the neighbours'
    and far cities' coins arrive with the turn's others)."""
    cdef int idx = project_at(P, g.age), s, total, pick, n = g.n
    cdef int far[2]
    cdef City* c
    if idx < 0:
        return
    for s in range(n):
        if not has[s]:
            continue
        if g.pj_n[idx] >= P.proj[idx].needed[n]:
            break
        c = &g.city[s]
        total = offers[s][0] + offers[s][1] + offers[s][2] + offers[s][3] + offers[s][4]
        if total > c.coins:
            continue
        if g.policy[s] == P_GREEDY:
            pick = greedy_join(P, g, s, idx, total)
        else:
            pick = 0 if randrange(&g.rng_bot[s], 2) else -1
        if g.trace != NULL:
            trace_int(g.trace, T_CARD)
            trace_int(g.trace, s)
            trace_int(g.trace, 1)
            trace_int(g.trace, -1 - idx)
            trace_int(g.trace, pick)
        if pick < 0:
            continue
        c.coins -= total
        income[(s + 1) % n] += offers[s][1]
        income[(s + n - 1) % n] += offers[s][2]
        if offers[s][3] or offers[s][4]:
            far_sellers(g, s, far)
            if offers[s][3] and far[0] >= 0:
                income[far[0]] += offers[s][3]
            if offers[s][4] and far[1] >= 0:
                income[far[1]] += offers[s][4]
        g.pj_seat[idx][g.pj_n[idx]] = s
        g.pj_n[idx] += 1


cdef void apply_extra(const PackC* P, Game* g, int seat, int k) noexcept nogil:
    """Projects._apply_extra: an effect no card brings, kept by the city; its coins at once."""
    cdef City* c = &g.city[seat]
    city_add(P, c, k, -1)
    if c.nextra < MAXPROJ:
        c.extra[c.nextra] = k
        c.nextra += 1
    else:
        c.overflow = 1
    if P.contribs[k].builds:
        c.coins = c.coins + when_built(P, g, seat, k, 0)
        if c.coins < 0:
            c.coins = 0


cdef void settle_project(const PackC* P, Game* g, int idx, int complete) noexcept nogil:
    """Projects._settle_project: complete, each joiner gets the reward; failed, each city that
    did not join gets the penalty (in seat order); then coins given and lost are settled."""
    cdef int s, i
    cdef City* c
    g.pj_done[idx] = 1 if complete else 2
    for s in range(g.n):
        if joined(g, idx, s) == complete:
            apply_extra(P, g, s, P.proj[idx].reward if complete else P.proj[idx].penalty)
    for i in range(g.ngains):  # GameState.settle_gains
        c = &g.city[g.gains[i][0]]
        c.coins = c.coins + g.gains[i][1]
        if c.coins < 0:
            c.coins = 0
    g.ngains = 0
    if g.nlosses:
        settle_losses(P, g)


cdef void projects_after_turn(const PackC* P, Game* g) noexcept nogil:
    """A `when full` project whose last place was taken this turn: its reward now."""
    cdef int idx = project_at(P, g.age)
    if idx < 0 or not P.proj[idx].when_full or g.pj_done[idx]:
        return
    if g.pj_n[idx] >= P.proj[idx].needed[g.n]:
        settle_project(P, g, idx, 1)


cdef void end_projects(const PackC* P, Game* g, int age) noexcept nogil:
    """The end of an age, before its conflicts: its project is complete or fails."""
    cdef int idx = project_at(P, age)
    if idx < 0 or g.pj_done[idx]:
        return
    settle_project(P, g, idx, g.pj_n[idx] >= P.proj[idx].needed[g.n])
