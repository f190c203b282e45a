# Rules numbers changed while a card holds (`rule ...`; interpreter/rules/laws.py): each city's
# changes in force, summed at the start of each turn, before each conflict and before scoring;
# and the law tower (GameState.tower): tiles drawn, placed, the visible ones' laws, points.

cdef void refresh_rules(const PackC* P, Game* g) noexcept nogil:
    """laws.refresh: every city's `shift` made again from the `rule` hooks of every city (0
    self, 1 left, 2 right, 7 every other city); a change of the trade price moves every
    price the city pays its neighbours (discounted ones too) by the difference."""
    cdef int sh[MAXP][NSHIFT]
    cdef int s, t, i, j, r, d, code, n = g.n
    cdef const City* c
    cdef const HookC* h
    memset(sh, 0, sizeof(sh))
    for s in range(n):
        c = &g.city[s]
        for i in range(c.nrule):
            h = &P.hooks[c.rule[i]]
            if h.ref == RS_PASS:  # the passing is the whole table's (laws.shifts_of)
                for t in range(n):
                    sh[t][RS_PASS] += h.amount
                continue
            for j in range(h.nseats):
                code = h.seats[j]
                if code == 7:  # every city but this one
                    for t in range(n):
                        if t != s:
                            sh[t][h.ref] += h.amount
                    continue
                t = s if code == 0 else (s + 1) % n if code == 1 else (s + n - 1) % n
                sh[t][h.ref] += h.amount
    if g.ntower:  # the visible tiles' laws hold for every city
        for i in range(first_visible(P, g), g.ntower):
            t = g.tower[i]
            for j in range(P.tile_n[t]):
                for s in range(n):
                    sh[s][P.tile_code[t][j]] += P.tile_amount[t][j]
    for s in range(n):
        d = sh[s][RS_TRADE] - g.city[s].shift[RS_TRADE]
        if d:
            for r in range(P.n_res):
                g.city[s].prices[1][r] += d
                g.city[s].prices[2][r] += d
        memcpy(g.city[s].shift, sh[s], sizeof(int) * NSHIFT)


cdef inline int first_visible(const PackC* P, const Game* g) noexcept nogil:
    """GameState.visible_laws: the most recent `visible` tiles (tower[-visible:], as sliced)."""
    cdef int v = P.tower_visible[g.n - 1 if g.fc >= 0 else g.n]  # by player count
    return g.ntower - v if 0 < v < g.ntower else 0


cdef void deal_tiles(const PackC* P, Game* g) noexcept nogil:
    """GameState.__init__: the tiles shuffled on the deal's stream, `draw` to each player in
    seat order, each city's kept sorted."""
    cdef int order[MAXTILES]
    cdef int s, k, i, j, t, d = P.tower_draw
    for i in range(P.ntiles):
        order[i] = i
    shuffle_ids(&g.rng_deal, order, P.ntiles)
    for s in range(g.n):
        g.city[s].nlaws = d
        for k in range(d):
            g.city[s].laws[k] = order[s * d + k]
        for i in range(1, d):  # insertion sort
            t = g.city[s].laws[i]
            j = i - 1
            while j >= 0 and g.city[s].laws[j] > t:
                g.city[s].laws[j + 1] = g.city[s].laws[j]
                j -= 1
            g.city[s].laws[j + 1] = t


cdef void place_law(Game* g, int seat, int tile) noexcept nogil:
    """The turn's `law` move: the tile leaves the city's tiles for the top of the tower."""
    cdef City* c = &g.city[seat]
    cdef int i, k = 0
    for i in range(c.nlaws):
        if c.laws[i] != tile:
            c.laws[k] = c.laws[i]
            k += 1
    c.nlaws = k
    c.laws_placed += 1
    if g.ntower < MAXTOWER:
        g.tower[g.ntower] = tile
        g.ntower += 1
    else:
        g.overflow = 1


cdef inline int tower_points(const PackC* P, int placed) noexcept nogil:
    """TowerDecl.points_for: points[min(placed, len) - 1] when any are placed."""
    if not placed or not P.tower_npoints:
        return 0
    return P.tower_points[(placed if placed < P.tower_npoints else P.tower_npoints) - 1]


cdef inline int farther(const PackC* P, const Game* g, int step) noexcept nogil:
    """laws.farther: an age's passing step with `rule pass` changes (the table's sum, which
    every city holds): the distance grows or shrinks, the direction stays."""
    if not P.law_changes:
        return step
    cdef int far = (step if step > 0 else -step) + g.city[0].shift[RS_PASS]
    return far if step > 0 else -far
