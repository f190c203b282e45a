# The payment search: every Pareto-optimal (left, right) payment, cheapest total first, the
# same set and order as interpreter/rules/payment.py (its closed form for one missing resource is
# mirrored line for line; the general case is the exact Pareto set by dynamic programming over
# the units covered, like its _dp).

cdef enum:
    INF = 1 << 29


cdef inline int opt_before(Opt a, Opt b) noexcept nogil:
    if a.l + a.r != b.l + b.r:
        return a.l + a.r < b.l + b.r
    return a.l < b.l


cdef inline void sort_opts(Opt* o, int n) noexcept nogil:
    """Stable insertion sort by (total, left), as Python's sort."""
    cdef int i, j
    cdef Opt x
    for i in range(1, n):
        x = o[i]
        j = i - 1
        while j >= 0 and opt_before(x, o[j]):
            o[j + 1] = o[j]
            j -= 1
        o[j + 1] = x


cdef int one_resource(int r, int k, City* c, City* L, City* R, Opt* out) noexcept nogil:
    """payment._one_resource, line for line."""
    k -= c.choice_count[r]
    if k <= 0:
        out[0].l = 0
        out[0].r = 0
        return 1
    return buy_one(r, k, c, L, R, out)


cdef int buy_one(int r, int k, City* c, City* L, City* R, Opt* out) noexcept nogil:
    """k > 0 units of r from the neighbours alone, at c's prices (the rest of _one_resource)."""
    cdef int sl = L.trade_count[r], sr = R.trade_count[r]
    if sl + sr < k:
        return 0
    cdef int lp = c.prices[1][r], rp = c.prices[2][r]
    if not lp and not rp:  # free from either side: one way to pay, not one per split
        out[0].l = 0
        out[0].r = 0
        return 1
    if k == 1:
        if not sl:
            out[0].l = 0
            out[0].r = rp
            return 1
        if not sr:
            out[0].l = lp
            out[0].r = 0
            return 1
        if lp < rp:
            out[0].l = lp; out[0].r = 0; out[1].l = 0; out[1].r = rp
        else:
            out[0].l = 0; out[0].r = rp; out[1].l = lp; out[1].r = 0
        return 2
    cdef Opt tmp[MAXOPT]
    cdef int n = 0, a, lo = k - sr, hi = k if k < sl else sl, i, j, dom, m = 0
    if lo < 0:
        lo = 0
    for a in range(lo, hi + 1):
        tmp[n].l = a * lp
        tmp[n].r = (k - a) * rp
        n += 1
    if not (lp and rp):
        for i in range(n):
            dom = 0
            for j in range(n):
                if (tmp[j].l != tmp[i].l or tmp[j].r != tmp[i].r) and tmp[j].l <= tmp[i].l \
                        and tmp[j].r <= tmp[i].r:
                    dom = 1
                    break
            if not dom:
                out[m] = tmp[i]
                m += 1
    else:
        for i in range(n):
            out[i] = tmp[i]
        m = n
    sort_opts(out, m)
    return m


cdef inline void add_unit(int* cost, int S, int mask, const int* nr, const int* w, const int* base,
                          int m, const int* price) noexcept nogil:
    """One more source unit (any one of the resources in `mask`): a 0/1 knapsack step, states
    taken from the highest down so a state updated now is not extended again."""
    cdef int s, i, d, c, t
    s = S - 1
    while s >= 0:
        c = cost[s]
        if c < INF:
            for i in range(m):
                if mask >> nr[i] & 1:
                    d = (s // w[i]) % base[i]
                    if d < base[i] - 1:
                        t = s + w[i]
                        if c + price[i] < cost[t]:
                            cost[t] = c + price[i]
        s -= 1


cdef void cover(int* cost, int S, City* src, int own, int side, City* buyer, const int* nr,
                const int* nk, const int* w, const int* base, int m, int needmask) noexcept nogil:
    """Fold a city's sources into `cost` (own either/or cards free; a neighbour's tradable
    fixed units and either/or cards at the buyer's price for that side)."""
    cdef int price[MAXR]
    cdef int i, k, cnt, useful
    for i in range(m):
        price[i] = 0 if own else buyer.prices[side][nr[i]]
    if own:  # its either/or cards, and its `produce one produced|unproduced`
        for k in range(src.nch):
            useful = src.ch[k] & needmask
            if useful:
                add_unit(cost, S, useful, nr, w, base, m, price)
        for k in range(src.nrelch):
            useful = src.relch[k] & needmask
            if useful:
                add_unit(cost, S, useful, nr, w, base, m, price)
        return
    for i in range(m):
        cnt = src.fixed_trade[nr[i]]
        if cnt > nk[i]:
            cnt = nk[i]
        for k in range(cnt):
            add_unit(cost, S, 1 << nr[i], nr, w, base, m, price)
    for k in range(src.ntch):
        useful = src.tch[k] & needmask
        if useful:
            add_unit(cost, S, useful, nr, w, base, m, price)


cdef int search(City* c, City* L, City* R, const int* nr, const int* nk, int m,
                Opt* out, int own) noexcept nogil:
    """own 0: nothing of c's own counts (payment._bought: what an exchanging city buys)."""
    cdef int w[MAXR]
    cdef int base[MAXR]
    cdef int ours[MAXSTATES]
    cdef int right[MAXSTATES]
    cdef int S = 1, i, t, top = 0, needmask = 0, n = 0, j, dom, k
    cdef int lc, rc
    for i in range(m):
        w[i] = S
        base[i] = nk[i] + 1
        S *= base[i]
        top += nk[i] * w[i]
        needmask |= 1 << nr[i]
    if S > MAXSTATES:
        return -1
    for t in range(S):
        ours[t] = INF
        right[t] = INF
    ours[0] = 0
    right[0] = 0
    if own:
        cover(ours, S, c, 1, 0, c, nr, nk, w, base, m, needmask)
        if ours[top] == 0:  # its own either/or cards make it all: nothing to pay beats any payment
            out[0].l = 0
            out[0].r = 0
            return 1
    cover(ours, S, L, 0, 1, c, nr, nk, w, base, m, needmask)
    cover(right, S, R, 0, 2, c, nr, nk, w, base, m, needmask)
    for t in range(S):
        lc = ours[t]
        if lc >= INF:
            continue
        rc = right[top - t]
        if rc >= INF:
            continue
        dom = 0
        for j in range(n):
            if out[j].l <= lc and out[j].r <= rc:
                dom = 1
                break
        if dom:
            continue
        k = 0
        for j in range(n):
            if not (lc <= out[j].l and rc <= out[j].r):
                out[k] = out[j]
                k += 1
        n = k
        if n >= MAXOPT:
            return -1
        out[n].l = lc
        out[n].r = rc
        n += 1
    sort_opts(out, n)
    return n


cdef int pay_options(Game* g, int seat, const int* cr, const int* cn, int ncost,
                     Opt* out) noexcept nogil:
    """Pareto (left, right) options for a sparse cost; 0 if impossible (or too large for the
    arrays: then g.overflow is set)."""
    cdef int n = g.n
    cdef City* c = &g.city[seat]
    cdef City* L = &g.city[(seat + 1) % n]
    cdef City* R = &g.city[(seat + n - 1) % n]
    cdef int nr[MAXCOST]
    cdef int nk[MAXCOST]
    cdef int m = 0, i, r, k
    if c.exchange:  # `exchange N same for 1 any`: a search of its own (exchange.pxi)
        return exch_options(g, c, L, R, cr, cn, ncost, out)
    for i in range(ncost):
        r = cr[i]
        k = cn[i] - c.fixed[r]
        if k > 0:
            nr[m] = r
            nk[m] = k
            m += 1
    if m == 0:
        out[0].l = 0
        out[0].r = 0
        return 1
    if m == 1:
        return one_resource(nr[0], nk[0], c, L, R, out)
    for i in range(m):
        r = nr[i]
        if c.choice_count[r] + L.trade_count[r] + R.trade_count[r] < nk[i]:
            return 0
    k = search(c, L, R, nr, nk, m, out, 1)
    if k < 0:  # more states or options than the arrays hold
        g.overflow = 1
        return 0
    return k
