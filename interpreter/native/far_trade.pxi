# Payments through the cities N seats away (`trade N seats away`), as interpreter/rules/
# far_trade.py finds them: its own search, run only for a city with that power; the ways are
# (left, right, far left, far right) coins, Pareto-optimal, cheapest first.

cdef enum:
    FAR_LIMIT = 20000   # far_trade._LIMIT: search nodes
    MAXFARSRC = 352     # own choices, then per seller its fixed units and choices
    MAXUNITS = 64
    MAXFRONT = 256      # ways in one Pareto front (a join's cost with the stage's has many)

cdef struct FarSrc:
    int mask
    int slot            # -1 the city's own choice; 0 left, 1 right, 2 far left, 3 far right
    int count
    int price[MAXR]

cdef struct FarSearch:
    FarSrc src[MAXFARSRC]
    int nsrc
    int units[MAXUNITS]
    int nunits
    int budget
    int front[MAXFRONT][4]
    int nfront
    int overflow


cdef void far_sellers(const Game* g, int seat, int* out) noexcept nogil:
    """far_trade.far_sellers: the seats far_trade away (left, right); -1 where that is the
    city, a neighbour, or (at an even table) the seat already counted on the left."""
    cdef int n = g.n, d = g.city[seat].far_trade, k, s
    for k in range(2):
        s = (seat + d) % n if k == 0 else ((seat - d) % n + n) % n
        if s == seat or s == (seat + 1) % n or s == (seat + n - 1) % n or (k == 1 and out[0] == s):
            out[k] = -1
        else:
            out[k] = s


cdef void far_keep(FarSearch* S, const int* o) noexcept nogil:
    """far_trade._keep: o joins the Pareto front unless something there is as cheap everywhere."""
    cdef int i, j, k = 0, le
    for i in range(S.nfront):
        le = 1
        for j in range(4):
            if S.front[i][j] > o[j]:
                le = 0
        if le:
            return
    for i in range(S.nfront):
        le = 1
        for j in range(4):
            if o[j] > S.front[i][j]:
                le = 0
        if not le:
            for j in range(4):
                S.front[k][j] = S.front[i][j]
            k += 1
    S.nfront = k
    if k >= MAXFRONT:
        S.overflow = 1
        return
    for j in range(4):
        S.front[k][j] = o[j]
    S.nfront += 1


cdef void far_dfs(FarSearch* S, int i, int start, int* paid) noexcept nogil:
    cdef int r, k, k0
    cdef FarSrc* src
    S.budget -= 1
    if S.budget < 0:
        return
    if i == S.nunits:
        if paid[2] or paid[3]:
            far_keep(S, paid)
        return
    r = S.units[i]
    k0 = start if i and S.units[i - 1] == r else 0
    for k in range(k0, S.nsrc):
        src = &S.src[k]
        if src.count and src.mask >> r & 1:
            src.count -= 1
            if src.slot >= 0:
                paid[src.slot] += src.price[r]
            far_dfs(S, i + 1, k, paid)
            if src.slot >= 0:
                paid[src.slot] -= src.price[r]
            src.count += 1


cdef inline void far_add(FarSearch* S, int mask, int slot, int count, const int* prices, int n_res) noexcept nogil:
    cdef int r
    if S.nsrc >= MAXFARSRC:
        S.overflow = 1
        return
    S.src[S.nsrc].mask = mask
    S.src[S.nsrc].slot = slot
    S.src[S.nsrc].count = count
    for r in range(MAXR):
        S.src[S.nsrc].price[r] = prices[r] if prices != NULL and r < n_res else 0
    S.nsrc += 1


cdef void far_priced(Game* g, int seat, const Terms* t, Price* p) noexcept nogil:
    """far_trade.far_options for the terms' cost, those the city can afford (moves._priced)."""
    cdef FarSearch* S = far_front(g, seat, t)
    cdef int i, k
    if S == NULL:
        return
    for i in range(S.nfront):
        if t.bank + S.front[i][0] + S.front[i][1] + S.front[i][2] + S.front[i][3] <= g.city[seat].coins:
            if p.nfar >= MAXOPT:
                g.overflow = 1
                break
            for k in range(4):
                p.far[p.nfar][k] = S.front[i][k]
            p.nfar += 1
    free(S)


cdef FarSearch* far_front(Game* g, int seat, const Terms* t) noexcept nogil:
    """far_trade.far_options for the terms' cost: every way, sorted, in a FarSearch the caller
    frees (NULL when there is none to search: no cost, no far seller, nothing missing)."""
    cdef const City* c = &g.city[seat]
    cdef const City* nb
    cdef int sellers[4]
    cdef int far[2]
    cdef int uniform[MAXR]
    cdef int need[MAXR]
    cdef int needmask = 0, i, j, r, k, s, a, b, key_a, key_b, n_res = MAXR
    cdef int paid[4]
    cdef int tmp[4]
    cdef const int* pr
    cdef FarSearch* S
    if t.ncost == 0:
        return NULL
    far_sellers(g, seat, far)
    if far[0] < 0 and far[1] < 0:
        return NULL
    for r in range(MAXR):
        need[r] = 0
        uniform[r] = c.far_price + c.shift[RS_TRADE]  # the changed trade price too
    for i in range(t.ncost):
        r = t.cost_r[i]
        if t.cost_n[i] > c.fixed[r]:
            need[r] = t.cost_n[i] - c.fixed[r]
            needmask |= 1 << r
    if not needmask:
        return NULL
    S = <FarSearch*>malloc(sizeof(FarSearch))
    if S == NULL:
        g.overflow = 1
        return NULL
    S.nsrc = 0
    S.nunits = 0
    S.nfront = 0
    S.overflow = 0
    S.budget = FAR_LIMIT
    for i in range(c.nch):
        if c.ch[i] & needmask:
            far_add(S, c.ch[i], -1, 1, NULL, n_res)
    for i in range(c.nrelch):  # `produce one produced|unproduced`: last among City.choices
        if c.relch[i] & needmask:
            far_add(S, c.relch[i], -1, 1, NULL, n_res)
    sellers[0] = (seat + 1) % g.n
    sellers[1] = (seat + g.n - 1) % g.n
    sellers[2] = far[0]
    sellers[3] = far[1]
    for k in range(4):
        s = sellers[k]
        if s < 0:
            continue
        nb = &g.city[s]
        if k < 2:
            pr = &c.prices[k + 1][0]
        else:
            pr = &uniform[0]
        for i in range(t.ncost):  # `for r in need`: the cost's order
            r = t.cost_r[i]
            if need[r] and nb.fixed_trade[r]:
                far_add(S, 1 << r, k, nb.fixed_trade[r], pr, n_res)
        for i in range(nb.ntch):
            if nb.tch[i] & needmask:
                far_add(S, nb.tch[i], k, 1, pr, n_res)
    for r in range(MAXR):  # sorted units
        for j in range(need[r]):
            if S.nunits < MAXUNITS:
                S.units[S.nunits] = r
                S.nunits += 1
            else:
                S.overflow = 1
    for j in range(4):
        paid[j] = 0
    if not S.overflow:
        far_dfs(S, 0, 0, paid)
    for i in range(1, S.nfront):  # sorted by (total, the four amounts)
        for j in range(4):
            tmp[j] = S.front[i][j]
        j = i - 1
        while j >= 0 and far_before(tmp, S.front[j]):
            for k in range(4):
                S.front[j + 1][k] = S.front[j][k]
            j -= 1
        for k in range(4):
            S.front[j + 1][k] = tmp[k]
    if S.overflow:
        g.overflow = 1
    return S


cdef inline int far_before(const int* a, const int* b) noexcept nogil:
    cdef int sa = a[0] + a[1] + a[2] + a[3], sb = b[0] + b[1] + b[2] + b[3], k
    if sa != sb:
        return sa < sb
    for k in range(4):
        if a[k] != b[k]:
            return a[k] < b[k]
    return 0


cdef void pay_far(Game* g, int seat, const Move* m, int* income) noexcept nogil:
    """Game._pay_far: the coins leave the city; each far seller earns its share next."""
    cdef int far[2]
    far_sellers(g, seat, far)
    g.city[seat].coins -= m.far0 + m.far1
    if m.far0 and far[0] >= 0:
        income[far[0]] += m.far0
    if m.far1 and far[1] >= 0:
        income[far[1]] += m.far1
