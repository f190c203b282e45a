# Payments of a city with `exchange N same for 1 any` (interpreter/rules/exchange.py): N units of
# one resource it produces stand for one unit of any. Run only for a city with that power
# (pay_options branches here on City.exchange). The same Pareto set as exchange_options: every
# use of its own production (each either/or pick, then how many groups of each needed resource
# are exchanged rather than paid directly), the exchanged units spread over what is still
# missing, and the least of those rests bought from the neighbours alone (payment._bought).
# The options come out sorted by (total, left), as Python sorts them (a Pareto set has no two
# with the same total and left).

cdef enum:
    EXVEC = 1024    # distinct own-unit states one city can make for one cost (else: overflow)
    EXNEED = 512    # distinct rests to buy


cdef int ex_bought(City* c, City* L, City* R, const int* nr, const int* nk, int m,
                   Opt* out) noexcept nogil:
    """payment._bought: a rest bought from the neighbours alone, at the city's prices; -1 if
    the arrays are too small."""
    cdef int i
    if m == 1:
        return buy_one(nr[0], nk[0], c, L, R, out)
    for i in range(m):
        if L.trade_count[nr[i]] + R.trade_count[nr[i]] < nk[i]:
            return 0
    return search(c, L, R, nr, nk, m, out, 0)


cdef int ex_add_unit(short* vecs, int nv, const short* v, int r, int slot, int give,
                     int cap) noexcept nogil:
    """Add state v with one more unit of resource r to the set `vecs` (nv states of MAXR + 1
    shorts). A needed resource keeps its units (slot >= 0: its place in the cost); any other
    keeps only its units short of a group, the groups going to the spare count (last slot): the
    search reads nothing else of it. Returns the new count, or -1 when full."""
    cdef short w[MAXR + 1]
    cdef int i, j, same
    for i in range(MAXR + 1):
        w[i] = v[i]
    w[r] += 1
    if slot < 0 and w[r] == give:
        w[r] = 0
        w[MAXR] += 1
    for j in range(nv):
        same = 1
        for i in range(MAXR + 1):
            if vecs[j * (MAXR + 1) + i] != w[i]:
                same = 0
                break
        if same:
            return nv
    if nv >= cap:
        return -1
    for i in range(MAXR + 1):
        vecs[nv * (MAXR + 1) + i] = w[i]
    return nv + 1


cdef int ex_fold(short* vecs, int nv, short* nxt, int mask, const int* slot, int give) noexcept nogil:
    """One either/or card's pick folded into every state (exchange._own_units); -1 when full."""
    cdef int j, r, n = 0
    for j in range(nv):
        for r in range(MAXR):
            if mask >> r & 1:
                n = ex_add_unit(nxt, n, &vecs[j * (MAXR + 1)], r, slot[r], give, EXVEC)
                if n < 0:
                    return -1
    memcpy(vecs, nxt, sizeof(short) * (MAXR + 1) * n)
    return n


cdef int ex_add_need(int* needs, int nn, const int* left, int m) noexcept nogil:
    """A rest joins the set of rests (m units counts in the cost's order); -1 when full."""
    cdef int j, i, same
    for j in range(nn):
        same = 1
        for i in range(m):
            if needs[j * MAXCOST + i] != left[i]:
                same = 0
                break
        if same:
            return nn
    if nn >= EXNEED:
        return -1
    for i in range(m):
        needs[nn * MAXCOST + i] = left[i]
    return nn + 1


cdef int ex_cover(int* needs, int nn, int* short_, int m, int i, int wild) noexcept nogil:
    """exchange._cover: every way `wild` units take units off short_[i:] (all of them used),
    each rest added to `needs`; -1 when full."""
    cdef int k, room = 0, lo, hi, j
    if i == m:
        return ex_add_need(needs, nn, short_, m)
    for j in range(i + 1, m):
        room += short_[j]
    lo = wild - room
    if lo < 0:
        lo = 0
    hi = short_[i] if short_[i] < wild else wild
    for k in range(lo, hi + 1):
        short_[i] -= k
        nn = ex_cover(needs, nn, short_, m, i + 1, wild - k)
        short_[i] += k
        if nn < 0:
            return -1
    return nn


cdef int exch_options(Game* g, City* c, City* L, City* R, const int* cr, const int* cn, int ncost,
                      Opt* out) noexcept nogil:
    """exchange.exchange_options: Pareto (left, right) payments, cheapest total first; 0 if
    impossible (or too large for the arrays: then g.overflow is set)."""
    cdef short vecs[EXVEC * (MAXR + 1)]
    cdef short nxt[EXVEC * (MAXR + 1)]
    cdef int needs[EXNEED * MAXCOST]
    cdef int slot[MAXR]
    cdef int groups[MAXCOST]
    cdef int short_[MAXCOST]
    cdef int nr[MAXCOST]
    cdef int nk[MAXCOST]
    cdef Opt got[MAXOPT]
    cdef int give = c.exchange, nv = 1, nn = 0, n = 0, i, j, r, k, t, wild, missing, u, dom, nb
    cdef short* v
    for r in range(MAXR):
        slot[r] = -1
    for i in range(ncost):
        slot[cr[i]] = i
    for r in range(MAXR + 1):
        vecs[r] = 0
    for r in range(MAXR):  # its fixed production: the first state
        if slot[r] >= 0:
            vecs[r] = c.fixed[r]
        else:
            vecs[r] = c.fixed[r] % give
            vecs[MAXR] += c.fixed[r] // give
    for k in range(c.nch + c.nrelch):
        nv = ex_fold(vecs, nv, nxt, c.ch[k] if k < c.nch else c.relch[k - c.nch], slot, give)
        if nv < 0:
            g.overflow = 1
            return 0
    for j in range(nv):
        v = &vecs[j * (MAXR + 1)]
        for i in range(ncost):
            groups[i] = 0
        while True:  # every choice of groups exchanged per needed resource (an odometer)
            wild = v[MAXR]
            missing = 0
            for i in range(ncost):
                u = v[cr[i]] - groups[i] * give
                wild += groups[i]
                short_[i] = cn[i] - (u if u < cn[i] else cn[i])
                missing += short_[i]
            if wild >= missing:  # its own production pays it all
                out[0].l = 0
                out[0].r = 0
                return 1
            nn = ex_cover(needs, nn, short_, ncost, 0, wild)
            if nn < 0:
                g.overflow = 1
                return 0
            i = 0
            while i < ncost:
                if groups[i] < v[cr[i]] // give:
                    groups[i] += 1
                    break
                groups[i] = 0
                i += 1
            if i == ncost:
                break
    for j in range(nn):  # the least rests (exchange._least): one holding another costs no less
        dom = 0
        for t in range(nn):
            if t == j:
                continue
            dom = 1
            for i in range(ncost):
                if needs[t * MAXCOST + i] > needs[j * MAXCOST + i]:
                    dom = 0
                    break
            if dom:
                break
        if dom:
            continue
        k = 0
        for i in range(ncost):
            if needs[j * MAXCOST + i]:
                nr[k] = cr[i]
                nk[k] = needs[j * MAXCOST + i]
                k += 1
        nb = ex_bought(c, L, R, nr, nk, k, got)
        if nb < 0:
            g.overflow = 1
            return 0
        for t in range(nb):  # exchange._pareto over every rest's payments
            dom = 0
            for i in range(n):
                if out[i].l <= got[t].l and out[i].r <= got[t].r:
                    dom = 1
                    break
            if dom:
                continue
            k = 0
            for i in range(n):
                if not (got[t].l <= out[i].l and got[t].r <= out[i].r):
                    out[k] = out[i]
                    k += 1
            n = k
            if n >= MAXOPT:
                g.overflow = 1
                return 0
            out[n] = got[t]
            n += 1
    sort_opts(out, n)
    return n
