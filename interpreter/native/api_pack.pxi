# The Python-facing pack: lower.lower's tables copied into C arrays, and the decks by
# player count.

cdef void fill_cost(list cost, int* cr, int* cn, int* ncost, int* units):
    ncost[0] = len(cost)
    units[0] = 0
    for i, (r, k) in enumerate(cost):
        cr[i] = r
        cn[i] = k
        units[0] += k


cdef class NativePack:
    """A pack's tables in C arrays (from lower.lower), and its deals per player count."""

    cdef PackC P
    cdef dict _deals
    cdef list _deal_objects
    cdef readonly list lines
    cdef readonly int n_print
    cdef int* key_order     # card ids sorted by (name, age): the per-card verdicts' keys
    cdef int* key_of        # by card id: its key's index (copies of a card share one)
    cdef int nkeys
    cdef list card_keys     # by card id: (name, age)
    cdef list card_colours  # by card id: (colour rank, colour name)

    def __cinit__(self):
        memset(&self.P, 0, sizeof(PackC))

    def __init__(self, dict t):
        cdef PackC* P = &self.P
        cdef int i, j, k
        cdef ContribC* e
        cdef HookC* h
        cdef StepC* sp
        cdef ProjC* pj
        self._deals = {}
        self._deal_objects = []
        self.lines = list(t["lines"])
        self.n_print = t["n_print"]
        P.n_res, P.n_col, P.n_sym = t["n_res"], t["n_col"], t["n_sym"]
        P.n_lines, P.n_print, P.ages = len(t["lines"]), t["n_print"], t["ages"]
        if P.n_lines > MAXLINES:
            raise ValueError("too many score lines")
        P.starting_coins, P.sell_coins = t["starting_coins"], t["sell_coins"]
        P.trade_price, P.treasury, P.set_bonus = t["trade_price"], t["treasury"], t["set_bonus"]
        P.defeat = t["defeat"]
        P.nvictory = len(t["victory"])
        for i, v in enumerate(t["victory"]):
            P.victory[i] = v
        for i, v in enumerate(t["pass"][:16]):
            P.passdir[i] = v
        P.line_military = self.lines.index("military")
        P.line_treasury = self.lines.index("treasury")
        P.line_science = self.lines.index("science")
        contribs, hooks = t["contribs"], t["hooks"]
        P.contribs = <ContribC*>calloc(max(1, len(contribs)), sizeof(ContribC))
        P.hooks = <HookC*>calloc(max(1, len(hooks)), sizeof(HookC))
        P.cost_others = any(row[0] == H_COST and row[11] >> 3 & 1 for row in hooks)
        for i, row in enumerate(hooks):
            h = &P.hooks[i]
            h.kind, h.amount, h.cond, h.period, h.colors, h.nseats = row[0:6]
            h.seats[0], h.seats[1], h.seats[2] = row[6:9]
            h.sciset, h.stages, h.seatmask, h.resources, h.inner, h.ref = row[9:15]
            c = row[15:]
            h.counter.has, h.counter.what, h.counter.colors, h.counter.every = c[0:4]
            h.counter.token, h.counter.nseats = c[4], c[5]
            for j in range(c[5]):
                h.counter.seats[j] = c[6 + j]
        for i, row in enumerate(contribs):
            e = &P.contribs[i]
            fixed, private, ch, chp, shields, sci, wild, disc, hook0, nhooks, line = row
            for j in range(P.n_res):
                e.fixed[j] = fixed[j]
                e.fixed_private[j] = private[j]
            e.nch, e.nchp, e.nwild, e.ndisc = len(ch), len(chp), len(wild), len(disc)
            for j, m in enumerate(ch):
                e.ch[j] = m
            for j, m in enumerate(chp):
                e.chp[j] = m
            for j, m in enumerate(wild):
                e.wild[j] = m
            for j, (res, seats, price) in enumerate(disc):
                e.disc_res[j], e.disc_seats[j], e.disc_price[j] = res, seats, price
            e.shields = shields
            for j in range(MAXS):
                e.science[j] = sci[j]
            e.hook0, e.nhooks, e.line = hook0, nhooks, line
            e.units = sum(fixed) + sum(private) + len(ch) + len(chp)
            e.produces = 1 if (any(fixed) or any(private) or ch or chp) else 0
            e.has_science = 1 if (any(sci) or wild) else 0
            e.builds = 0
            e.tucked = 0
            for k in range(nhooks):
                if hooks[hook0 + k][0] == H_VP and hooks[hook0 + k][16] == W_TUCKED:
                    e.tucked = 1
            for k in range(nhooks):
                if hooks[hook0 + k][0] in (H_GAIN, H_DISCARD, H_HANDBUILD, H_DRAW, H_COPYNOW,
                                           H_DISCOWN, H_BURY, H_ADVANCE, H_GIFT, H_EXCHANGE, H_REMOVE):
                    e.builds = 1
                elif hooks[hook0 + k][0] == H_HOLD and P.contribs[hooks[hook0 + k][13]].builds:
                    e.builds = 1  # (a held contribution is lowered before its holder)
        cards = t["cards"]
        P.ncards = len(cards)
        P.cards = <CardC*>calloc(max(1, len(cards)), sizeof(CardC))
        for i, (color, coins, per_age, cost, name, contrib, chains, upgrades, less, need0, nneed) in enumerate(cards):
            cd = &P.cards[i]
            cd.need0, cd.nneed, cd.less_row, cd.upgrades = need0, nneed, less, upgrades
            cd.color, cd.cost_coins, cd.cost_per_age = color, coins, per_age
            fill_cost(cost, cd.cost_r, cd.cost_n, &cd.ncost, &cd.cost_units)
            cd.any_cost = 1 if (cost or coins or per_age) else 0
            cd.name, cd.contrib, cd.nchain = name, contrib, len(chains)
            for j, x in enumerate(chains):
                cd.chain[j] = x
        P.state_costs = any(row[7] >= 0 or row[8] >= 0 for row in cards) or any(st[5] >= 0 for s in t["sides"] for st in s[1])
        P.scored_hands = t.get("scored_hands", 0)
        P.contrib_card = <int*>malloc(max(1, len(contribs)) * sizeof(int))
        for i in range(len(contribs)):
            P.contrib_card[i] = -1
        for i in range(P.ncards):  # lower.py lowers each card's effect on its own
            P.contrib_card[P.cards[i].contrib] = i
        sides = t["sides"]
        nst = sum(len(s[1]) for s in sides)
        P.sides = <SideC*>calloc(max(1, len(sides)), sizeof(SideC))
        P.stages = <StageC*>calloc(max(1, nst), sizeof(StageC))
        k = 0
        for i, (board, stages, any_order) in enumerate(sides):
            P.sides[i].board, P.sides[i].nstages, P.sides[i].stage0 = board, len(stages), k
            P.sides[i].any_order = any_order
            for coins, per_age, cost, contrib, copy, less, need0, nneed in stages:
                st = &P.stages[k]
                st.need0, st.nneed, st.copy, st.less_row = need0, nneed, copy, less
                st.cost_coins, st.cost_per_age, st.contrib = coins, per_age, contrib
                units = 0
                fill_cost(cost, st.cost_r, st.cost_n, &st.ncost, &j)
                k += 1
        steps = t["steps"]
        P.nsteps = len(steps)
        for i, row in enumerate(steps):
            sp = &P.steps[i]
            sp.kind, sp.age, sp.at_end, sp.deck, sp.deal = row[0:5]
            sp.passdir, sp.hand, sp.actions, sp.sold_box, sp.rest = row[5:10]
        P.n_hands = t["n_hands"]
        P.n_tokkinds = len(t["tokens"])
        for i, (vp, line, sit_out) in enumerate(t["tokens"]):
            P.tok_vp[i], P.tok_line[i], P.tok_sitout[i] = vp, line, sit_out
        P.debt = t["debt"]
        P.law_changes = t.get("law_changes", 0)
        tower = t.get("tower")
        if tower is not None:
            P.ntiles = len(tower["tiles"])
            for i, changes in enumerate(tower["tiles"]):
                P.tile_n[i] = len(changes)
                for j, (code, amount) in enumerate(changes):
                    P.tile_code[i][j], P.tile_amount[i][j] = code, amount
            for i, v in enumerate(tower["visible"][:MAXP + 1]):
                P.tower_visible[i] = v
            P.tower_draw = tower["draw"]
            P.tower_npoints = len(tower["points"])
            for i, v in enumerate(tower["points"]):
                P.tower_points[i] = v
            P.tower_line = tower["line"]
        for i, w in enumerate(t.get("rule_worth", ())[:NSHIFT]):
            P.rule_worth[i] = w
        P.deck_of = <int*>calloc(max(1, len(cards)), sizeof(int))
        for i, d in enumerate(t["deck_of"]):
            P.deck_of[i] = d
        P.nstart_box = len(t["start_box"])  # lower.py keeps it within the box
        for i, d in enumerate(t["start_box"]):
            P.start_box[i] = d
        k = 0
        P.ntracks = len(t["tracks"])
        for i, steps in enumerate(t["tracks"]):  # lower.py keeps them within the arrays
            P.track_step0[i], P.track_nsteps[i] = k, len(steps)
            for j in steps:
                P.track_contrib[k] = j
                k += 1
        P.ntwars = len(t["track_wars"])
        for i, (shields, c, victory, defeat) in enumerate(t["track_wars"]):
            P.twar_shields[i] = shields
            P.twar_counter[i].has, P.twar_counter[i].what, P.twar_counter[i].colors = c[0:3]
            P.twar_counter[i].every, P.twar_counter[i].token, P.twar_counter[i].nseats = c[3:6]
            for j in range(c[5]):
                P.twar_counter[i].seats[j] = c[6 + j]
            for j in range(len(victory)):
                P.twar_victory[i][j] = victory[j]
                P.twar_defeat[i][j] = defeat[j]
        P.nadv = len(t["advances"])
        for i, cost in enumerate(t["advances"]):  # lower.py keeps them within the arrays
            fill_cost(cost, P.adv_r[i], P.adv_n[i], &P.adv_ncost[i], &P.adv_units[i])
        for i in range(17):
            P.proj_of_age[i] = -1
        P.nproj = min(len(t.get("projects", ())), MAXPROJ)
        for i, (age, coins, per_age, cost, reward, penalty, needed, when_full, less) in enumerate(t.get("projects", ())[:MAXPROJ]):
            pj = &P.proj[i]
            pj.less_row = less
            pj.age, pj.cost_coins, pj.cost_per_age = age, coins, per_age
            fill_cost(cost, pj.cost_r, pj.cost_n, &pj.ncost, &j)
            pj.reward, pj.penalty, pj.when_full = reward, penalty, when_full
            for k in range(MAXP + 1):
                pj.needed[k] = needed[k]
            if 0 <= age < 17 and P.proj_of_age[age] < 0:
                P.proj_of_age[age] = i
        wonders = t["wonders"]
        P.nwonders = len(wonders)
        P.wonder_sides = <int*>calloc(max(1, len(wonders)) * 4, sizeof(int))
        P.wonder_nsides = <int*>calloc(max(1, len(wonders)), sizeof(int))
        for i, options in enumerate(wonders):
            P.wonder_nsides[i] = min(4, len(options))
            for j in range(4):
                P.wonder_sides[i * 4 + j] = options[j] if j < len(options) else -1

    def __dealloc__(self):
        free(self.P.contribs)
        free(self.P.hooks)
        free(self.P.cards)
        free(self.P.sides)
        free(self.P.stages)
        free(self.P.wonder_sides)
        free(self.P.wonder_nsides)
        free(self.P.deck_of)
        free(self.P.contrib_card)
        free(self.key_order)
        free(self.key_of)
        for cap in self._deal_objects:
            (<DealTable>cap).release()

    def set_card_keys(self, list keys, list colours) -> None:
        """Each card's (name, age) and (colour rank, colour name), for NativeGame.plays."""
        cdef int i
        if len(keys) != self.P.ncards or len(colours) != self.P.ncards:
            raise ValueError("one key and one colour per card")
        order = sorted(range(len(keys)), key=keys.__getitem__)
        index = {k: i for i, k in enumerate(sorted(set(keys)))}
        free(self.key_order)
        free(self.key_of)
        self.key_order = <int*>malloc(max(1, len(order)) * sizeof(int))
        self.key_of = <int*>malloc(max(1, len(order)) * sizeof(int))
        for i, x in enumerate(order):
            self.key_order[i] = x
            self.key_of[x] = index[keys[x]]
        self.nkeys = len(index)
        self.card_keys, self.card_colours = list(keys), list(colours)

    @property
    def has_card_keys(self) -> bool:
        return self.card_keys is not None

    def set_deals(self, int n, tuple decks):
        """The decks for n players (lower.deals)."""
        table = DealTable(*decks)
        self._deals[n] = table
        self._deal_objects.append(table)

    def has_deals(self, int n) -> bool:
        return n in self._deals

    cdef Deals* deals(self, int n):
        return &(<DealTable>self._deals[n]).d


cdef class DealTable:
    cdef AgeDeal* ages
    cdef int nages
    cdef Deals d

    def __cinit__(self, list ages, list named):
        self.nages = len(ages)
        self.d.nnamed = len(named)
        self.d.named_len = <int*>calloc(max(1, len(named)), sizeof(int))
        self.d.named = <int**>calloc(max(1, len(named)), sizeof(int*))
        for j, deck in enumerate(named):
            self.d.named_len[j] = len(deck)
            self.d.named[j] = <int*>calloc(max(1, len(deck)), sizeof(int))
            for i, x in enumerate(deck):
                self.d.named[j][i] = x
        self.ages = <AgeDeal*>calloc(max(1, self.nages), sizeof(AgeDeal))
        cdef AgeDeal* d
        for a, (deck, samples) in enumerate(ages):
            d = &self.ages[a]
            d.ndeck = len(deck)
            d.deck = <int*>calloc(max(1, len(deck)), sizeof(int))
            for i, x in enumerate(deck):
                d.deck[i] = x
            d.nsamples = len(samples)
            d.pool_len = <int*>calloc(max(1, len(samples)), sizeof(int))
            d.pool_k = <int*>calloc(max(1, len(samples)), sizeof(int))
            d.pools = <int**>calloc(max(1, len(samples)), sizeof(int*))
            for j, (pool, k) in enumerate(samples):
                d.pool_len[j] = len(pool)
                d.pool_k[j] = k
                d.pools[j] = <int*>calloc(max(1, len(pool)), sizeof(int))
                for i, x in enumerate(pool):
                    d.pools[j][i] = x
        self.d.ages = self.ages

    cdef void release(self):
        cdef int a, j
        if self.ages == NULL:
            return
        for j in range(self.d.nnamed):
            free(self.d.named[j])
        free(self.d.named)
        free(self.d.named_len)
        for a in range(self.nages):
            free(self.ages[a].deck)
            for j in range(self.ages[a].nsamples):
                free(self.ages[a].pools[j])
            free(self.ages[a].pools)
            free(self.ages[a].pool_len)
            free(self.ages[a].pool_k)
        free(self.ages)
        self.ages = NULL

    def __dealloc__(self):
        self.release()
