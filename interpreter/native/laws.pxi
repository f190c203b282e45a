# Rules numbers changed while a card holds (`rule ...`; interpreter/rules/laws.py): each city's
# changes in force, summed at the start of each turn, before each conflict and before scoring.

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
            for j in range(h.nseats):
                code = h.seats[j]
                if code == 7:  # every city but this one
                    for t in range(n):
                        if t != s:
                            sh[t][h.ref] += h.amount
                    continue
                t = s if code == 0 else (s + 1) % n if code == 1 else (s + n - 1) % n
                sh[t][h.ref] += h.amount
    for s in range(n):
        d = sh[s][RS_TRADE] - g.city[s].shift[RS_TRADE]
        if d:
            for r in range(P.n_res):
                g.city[s].prices[1][r] += d
                g.city[s].prices[2][r] += d
        memcpy(g.city[s].shift, sh[s], sizeof(int) * NSHIFT)


cdef inline int farther(const PackC* P, const Game* g, int step) noexcept nogil:
    """laws.farther: an age's passing step with `rule pass` changes (city 0's sum, as the
    Python engine reads it): the distance grows or shrinks, the direction stays."""
    if not P.law_changes:
        return step
    cdef int far = (step if step > 0 else -step) + g.city[0].shift[RS_PASS]
    return far if step > 0 else -far
