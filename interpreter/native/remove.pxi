# Tokens given back (interpreter/rules/effects/remove.py, interpreter/game/conflicts.py:
# remove_tokens): `remove N|all KIND tokens [for TARGET]`. Conflict tokens of different values:
# the seat's bot picks which, one token at a time, among the values it holds, lowest first
# (greedy: the lowest; random: any, from its own stream); a token of id -2000 - value in the trace.

cdef int remove_givers(const Game* g, int seat, const HookC* h, int* out) noexcept nogil:
    """counting.seats_at for the hook's codes: every other city leftwards round the table, or
    self / left / right in the order written, each once."""
    cdef int n = g.n, k = 0, i, j, s, dup
    if h.seatmask == 1:
        for i in range(1, n):
            out[k] = (seat + i) % n
            k += 1
        return k
    for i in range(h.nseats):
        s = seat if h.seats[i] == 0 else (seat + 1) % n if h.seats[i] == 1 else (seat + n - 1) % n
        dup = 0
        for j in range(k):
            if out[j] == s:
                dup = 1
        if not dup:
            out[k] = s
            k += 1
    return k


cdef inline int token_of(int t, int cond) noexcept nogil:
    return t > 0 if cond == 1 else t < 0


cdef int token_values(const City* c, int cond, int* vals) noexcept nogil:
    """The distinct values of the city's tokens of that kind, lowest first."""
    cdef int i, j, k, n = 0, t
    for i in range(c.ntok):
        t = c.tok[i]
        if not token_of(t, cond):
            continue
        j = 0
        while j < n and vals[j] < t:
            j += 1
        if j < n and vals[j] == t:
            continue
        for k in range(n, j, -1):
            vals[k] = vals[k - 1]
        vals[j] = t
        n += 1
    return n


cdef void remove_tokens(const PackC* P, Game* g, int seat, const HookC* h) noexcept nogil:
    cdef int givers[MAXP]
    cdef int vals[MAXTOK]
    cdef int ng = remove_givers(g, seat, h, givers), i, j, k, s, nv, pick, held
    cdef City* c
    for i in range(ng):
        s = givers[i]
        c = &g.city[s]
        if h.cond == 0:  # a declared kind: counted, all alike
            held = c.tokc[h.ref]
            if held:
                c.tokc[h.ref] = held - (held if held < h.amount else h.amount) if h.amount else 0
            continue
        if h.amount == 0:  # all of them, the others kept in order
            k = 0
            for j in range(c.ntok):
                if not token_of(c.tok[j], h.cond):
                    c.tok[k] = c.tok[j]
                    k += 1
            c.ntok = k
            continue
        for k in range(h.amount):
            nv = token_values(c, h.cond, vals)
            if nv == 0:
                break
            pick = 0
            if nv > 1:
                if g.policy[s] != P_GREEDY:
                    pick = randrange(&g.rng_bot[s], nv)
                if g.trace != NULL:
                    trace_int(g.trace, T_CARD)
                    trace_int(g.trace, s)
                    trace_int(g.trace, nv)
                    for j in range(nv):
                        trace_int(g.trace, -2000 - vals[j])
                    trace_int(g.trace, pick)
            for j in range(c.ntok):  # the first token of that value (list.remove)
                if c.tok[j] == vals[pick]:
                    memmove(&c.tok[j], &c.tok[j + 1], sizeof(short) * (c.ntok - j - 1))
                    c.ntok -= 1
                    break


cdef double remove_worth(const PackC* P, const Game* g, int seat, const HookC* h) noexcept nogil:
    """RemoveTokensHook.worth: the points given back (the least worth first), lost by the
    owner's city, half of them gained against each other city."""
    cdef int givers[MAXP]
    cdef int held[MAXTOK]
    cdef int ng = remove_givers(g, seat, h, givers), i, j, k, s, n, t, total
    cdef double v = 0.0, lost
    cdef const City* c
    for i in range(ng):
        s = givers[i]
        c = &g.city[s]
        if h.cond == 0:
            n = c.tokc[h.ref]
            lost = <double>(((n if n < h.amount else h.amount) if h.amount else n) * P.tok_vp[h.ref])
        else:
            n = 0
            for j in range(c.ntok):  # sorted, lowest first
                t = c.tok[j]
                if not token_of(t, h.cond):
                    continue
                k = n
                while k > 0 and held[k - 1] > t:
                    held[k] = held[k - 1]
                    k -= 1
                held[k] = t
                n += 1
            total = 0
            for j in range(n if not h.amount or h.amount > n else h.amount):
                total += held[j]
            lost = <double>total
        if s == seat:
            v += -lost
        else:
            v += 0.5 * lost
    return v
