"""Packs written at random from the language (hypothesis strategies), for the differential
fuzzer: every generated pack must either be refused by `validate` with located problems, or
play on both cores to the same moves, digests and scores (tests/hostile/test_pack_fuzz.py; a
longer run: benchmarks/fuzz_packs.py). A pack the native core declines (NotNative) is played
by Python alone at every count and counted so ("python only").

A pack extends base or Cities (for token kinds, debt and black cards) or Leaders (a draft and
a second hand), replaces some of their cards by cards with random effects of every registry
word (`WORDS`, checked equal to the registry's; `draw` and `bury` in packs with a second deck,
`advance` in packs with tracks; choices, durations, surcharges, triggers on a neighbour buying
from the owner, coins lost to the owner) and random costs (zero coins included), may change
rules numbers (coins, hand size, trade price, ages) and the player counts, may declare tracks
(rewards of random words, conflicts along them counting shields, cards, coins, stages or
victories) moved by `advance`, may define words (`words:`, a body of random effects with a
number made a parameter, one defined over another, one over a colour, cities and a resource)
that its cards use, may hold one or two of the constructs only some packs carry (`EXTRAS`:
costs counted from the city, upgrades, secret objectives, which both cores run; the table's decks
revealed, auctioned or laid in a market row, which the native core declines: `PYTHON_ONLY`), and
is played at every count it declares."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

RAW = ("wood", "stone", "ore", "clay")
MADE = ("glass", "loom", "papyrus")
COLOURS = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
SIDES = ("left", "right", "self", "neighbors", "all", "left, self", "right, left")
SYMBOLS = ("compass", "gear", "tablet")
EVENTS = ("build card", "build yellow card", "build chain", "build wonder stage", "buy",
          "win conflict", "lose conflict", "take coins")
WHO = ("left", "right", "neighbors", "others")  # the cities `lose` may name
SOLD = ("neighbors buy from you", "left buy from you")  # a neighbour buying from the owner
# a few cards of each age to replace (names shared by base, Cities and Leaders)
REPLACEABLE = {1: [("Lumber Yard", "brown", [3, 4]), ("Altar", "blue", [3, 5]),
                   ("Tavern", "yellow", [4, 5, 7]), ("Stockade", "red", [3, 7]),
                   ("Apothecary", "green", [3, 5])],
               2: [("Sawmill", "brown", [3, 4]), ("Temple", "blue", [3, 6]),
                   ("Caravansery", "yellow", [3, 5, 6]), ("Walls", "red", [3, 7]),
                   ("Library", "green", [3, 6])],
               3: [("Pantheon", "blue", [3, 6]), ("Arena", "yellow", [3, 5, 7]),
                   ("Arsenal", "red", [3, 4, 7]), ("Study", "green", [3, 5])]}


def _n(draw: Any, lo: int = 1, hi: int = 5) -> int:
    return draw(st.integers(lo, hi))


@st.composite
def counted(draw: Any) -> str:
    what = draw(st.sampled_from([
        f"{draw(st.sampled_from(COLOURS))} card", "card", "wonder stage", "defeat", "victory",
        "coin", "set of red/blue/green cards", "science set"]))
    every = draw(st.sampled_from(["", "", "2 "])) if what == "coin" else ""
    side = draw(st.sampled_from(["", " in " + draw(st.sampled_from(SIDES))]))
    return f"per {every}{what}{side}"


@st.composite
def condition(draw: Any) -> str:
    """A `vp` condition on a count (dsl.ast.Condition)."""
    what = draw(st.sampled_from([f"{draw(st.sampled_from(COLOURS))} cards", "coins", "defeats",
                                 "victories", "wonder stages", "science sets"]))
    return draw(st.sampled_from([f"if more {what} than {draw(st.sampled_from(['neighbors', 'left', 'right', 'others']))}",
                                 f"if most {what}", f"if no {what}", f"if at most {draw(st.integers(0, 3))} {what}"]))


# every registry word (dsl/registry.py), and what a pack must declare for it to be drawn
# (tests/hostile/test_pack_fuzz.py checks this table names each registry word, and that each
# word's texts parse to that word)
WORDS = ("produce", "shields", "science", "coins", "vp", "buy", "free", "play", "build", "copy",
         "discount", "give", "lose", "rebate", "rule", "tokens", "remove", "discard", "exchange",
         "trade", "when", "draw", "bury", "advance", "until", "surcharge", "choose", "truce")
# track names: letters only, as card text writes a name (dsl/effects.lark NAME; "t0" was
# refused in every card, so no generated pack with tracks ever played)
TRACKS = ("sea", "road")
NEEDS = {"when": "triggers", "trade": "far", "draw": "decks", "bury": "decks", "advance": "tracks"}


@st.composite
def effect(draw: Any, tokens: bool, decks: tuple[str, ...], tracks: int = 0, triggers: bool = True,
           players: int = 3) -> str:
    """One effect text of a random registry word (`draw`, `bury` when the pack has a second
    deck; `advance` when it has tracks (TRACKS); no `when` with `triggers` false: a track
    step's reward; `trade N seats away` when N seats away is past the neighbours at the pack's
    fewest `players`, as validate asks)."""
    have = {"triggers": triggers, "decks": bool(decks), "tracks": bool(tracks), "far": players >= 4}
    word = draw(st.sampled_from([w for w in WORDS if have.get(NEEDS.get(w, ""), True)]))
    return draw(word_text(word, tokens, decks, tracks, players))


@st.composite
def word_text(draw: Any, word: str, tokens: bool, decks: tuple[str, ...], tracks: int = 0,
              players: int = 6) -> str:
    """A text of `word` (token kinds debt and diplomacy only with `tokens`)."""
    k = _n(draw)
    res = draw(st.sampled_from(RAW + MADE))
    colour = draw(st.sampled_from(COLOURS))
    if word == "advance":
        track = TRACKS[draw(st.integers(0, tracks - 1))]
        return draw(st.sampled_from([f"advance {track}", f"advance {track} for {draw(st.integers(1, 3))} coins",
                                     f"advance {track} when build {colour} card",
                                     f"advance {track} for {res}", f"advance {track} for 1 coin, 2 {res}"]))
    if word == "produce":
        return draw(st.sampled_from([f"produce {k} {res}", f"produce {res}/{draw(st.sampled_from(RAW))}",
                                     f"produce {res}/{draw(st.sampled_from(MADE))} untradable",
                                     "produce one produced", "produce one unproduced",
                                     f"produce {res} for {draw(st.sampled_from(['neighbors', 'left', 'others']))}"]))
    if word == "shields":
        return draw(st.sampled_from([f"shields {k}", "shields 1 per defeat", "shields -1 for neighbours",
                                     "shields -1 for others", "shields 1 per red card in self for left"]))
    if word == "science":
        return draw(st.sampled_from([f"science {draw(st.sampled_from(SYMBOLS))}", "science any",
                                     "science compass/tablet", "science most", "science swap"]))
    if word == "coins":
        return draw(st.sampled_from([f"coins {k}", f"coins {k} {draw(counted())}", "coins 1 per age",
                                     f"coins -{k}"]))
    if word == "vp":
        return draw(st.sampled_from([f"vp {k}", f"vp {k} {draw(counted())}", "vp 5 if wonder complete",
                                     "vp 1 per point of victory pairs", f"vp {k} {draw(condition())}"]))
    if word == "buy":
        return draw(st.sampled_from([f"buy raw from {draw(st.sampled_from(['left', 'right', 'neighbors']))} for 1",
                                     "buy manufactured from neighbors for 1",
                                     f"buy any from bank for {draw(st.integers(0, 3))}"]))
    if word == "free":
        return draw(st.sampled_from(["free build once per age", "free build once per game",
                                     "free first card of each age", "free last card of each age",
                                     "free first card of each colour",
                                     f"free build once per age on {colour} cards"]))
    if word == "play":
        return draw(st.sampled_from(["play last card", "play two cards once per game", "play two cards once per age"]))
    if word == "build":
        return draw(st.sampled_from(["build from discard", *(f"build from {d}" for d in decks)]))
    if word == "copy":
        return draw(st.sampled_from(["copy purple card from neighbors", "copy purple card from left now",
                                     f"copy {colour} card from right"]))
    if word == "discount":
        return draw(st.sampled_from([f"discount {draw(st.integers(1, 2))} resource on {colour} cards",
                                     f"discount {k} coins on wonder stages", f"free {colour} cards",
                                     "discount 1 coin on yellow cards for neighbors",
                                     "discount 1 coin on purple cards per yellow card"]))
    if word == "when":
        once = draw(st.sampled_from(["", " once per turn", " once per age"]))
        gain = draw(st.sampled_from([f"coins {draw(st.integers(1, 3))}", f"coins {draw(st.integers(1, 3))}",
                                     "vp 1", f"vp 1 {draw(counted())}", "tokens 1 victory"]))
        event = draw(st.sampled_from(EVENTS + ("neighbours build red card", "others buy", *SOLD)))
        if draw(st.integers(0, 4)) == 0:  # the boundaries: an age starting or ending, the game's end
            return f"{gain} when {draw(st.sampled_from(['age starts', 'age ends', 'game ends']))}"
        return f"{gain} when {event}{once}"
    if word == "give":
        return "give defeats to winner"
    if word == "truce":
        return f"truce with {draw(st.sampled_from(['left', 'right', 'neighbors']))}"
    if word == "lose":
        who = draw(st.sampled_from(["others", "neighbors", "left"]))
        how = draw(st.sampled_from(["lose", "gain"]))
        per = draw(st.sampled_from(["", " per victory", " per debt"])) if tokens else ""
        to = draw(st.sampled_from(["", "", " to you"])) if how == "lose" else ""  # stealing
        return f"{who} {how} {k} coin{'s' if k > 1 else ''}{per.replace(' per debt', '') if how == 'gain' else per}{to}"
    if word == "rebate":
        return f"rebate 1 coin from {draw(st.sampled_from(['left', 'right']))}"
    if word == "tokens":
        kinds = ["victory", "defeat"] + (["debt", "diplomacy"] if tokens else [])
        return draw(st.sampled_from([f"tokens {draw(st.integers(1, 2))} {draw(st.sampled_from(kinds))}",
                                     "tokens 1 defeat for the richer neighbor",
                                     "tokens 1 defeat for a neighbor of your choice",
                                     "tokens 1 victory for every other city with at least 2 red cards"]))
    if word == "remove":
        return draw(st.sampled_from(["remove all defeat tokens", "remove 1 victory token for others",
                                     "remove 2 victory tokens for neighbours", "remove 1 defeat token"]))
    if word == "discard":
        return draw(st.sampled_from([f"discard own {colour} card for {k} coins",
                                     "discard own brown/grey cards for 1 coin", "discard own card for 5 coins"]))
    if word == "exchange":
        return f"exchange {draw(st.integers(2, 3))} same for 1 any"
    if word == "trade":
        return f"trade {draw(st.integers(2, max(2, players // 2)))} seats away"
    if word == "rule":  # a rules number changed while the card holds (validate bounds the sums)
        name = draw(st.sampled_from(["trade_price", "sell_coins", "victory", "defeat", "science_set", "pass"]
                                    + (["token debt"] if tokens else [])))
        # a defeat token worth points, a price below 0: validate refuses them, so fewer are drawn
        amount = draw(st.sampled_from({"defeat": [-2, -1], "trade_price": [-1, 1, 2]}.get(name, [-2, -1, 1, 2])))
        who = " for all" if name == "pass" else draw(st.sampled_from(["", " for neighbors", " for left",
                                                                        " for others", " for all"]))
        return f"rule {name} {amount:+d}{who}"
    if word == "surcharge":
        return draw(st.sampled_from([f"surcharge 1 coin on {colour} cards for neighbors",
                                     f"surcharge {draw(st.integers(1, 2))} coins on wonder stages for others",
                                     "surcharge 1 coin on red cards for left per red card"]))
    if word == "choose":  # the owner's player picks one option (bots decide in the fuzzer)
        return draw(st.sampled_from([f"choose coins {k} or vp {draw(st.integers(1, 3))}",
                                     "choose one: coins 2 | vp 1 | tokens 1 victory",
                                     f"choose produce {res} or shields 1"]))
    if word == "until":  # a lasting effect that ends with the age it starts in
        return draw(st.sampled_from([f"produce {res} until age ends", f"shields {k} until age ends",
                                     f"discount 1 coin on {colour} cards until age ends",
                                     "buy raw from neighbors for 1 until age ends",
                                     "rule pass -2 for all until age ends"]))
    if word == "bury":
        return f"bury card from {decks[0]} for {draw(st.integers(1, 2))} vp per coin"
    assert word == "draw", word
    return f"draw {draw(st.integers(1, 2))} from {decks[0]}"


@st.composite
def cost(draw: Any) -> str:
    return draw(st.sampled_from([
        "", "0 coins", f"{_n(draw, 0, 3)} coins", f"{_n(draw, 1, 3)} {draw(st.sampled_from(RAW))}",
        f"0 coins, {draw(st.sampled_from(RAW + MADE))}", "free",
        f"{draw(st.sampled_from(MADE))}, {draw(st.sampled_from(RAW))}", "1 coin per age"]))


@st.composite
def state_cost(draw: Any) -> str:
    """Coins counted from the builder's city (`6 coins, 1 less per blue card`): Python only."""
    res = draw(st.sampled_from(["", f", {draw(st.sampled_from(RAW))}"]))
    return f"{_n(draw, 2, 7)} coins{res}, {draw(st.integers(1, 2))} less {draw(counted())}"


# the constructs the native core declines (interpreter/native/lower.py NotNative): a pack with
# one of them is played by Python only, and counted so (check: "python only")
PYTHON_ONLY = ("reveal", "auction", "market")
EXTRAS = ("state costs", "upgrades", "scored hands", *PYTHON_ONLY)
TABLE_COLOURS = {"reveal": "event", "auction": "relic", "market": "ware"}
EVENT_RULES = ("rule trade_price +1", "rule trade_price -1", "rule sell_coins +2", "rule sell_coins -1",
               "rule victory +1; rule defeat -1", "rule science_set +2")


@st.composite
def table_rules(draw: Any, extras: frozenset[str], lo: int, hi: int, ages: int, tracks: int) -> tuple[str, list[str]]:
    """The rules lines and the cards of a base pack's table decks (`reveal`, `auction`,
    `market` phases) and secret objectives (`scored_hands`), as docs/pack-format.md writes them.
    Each deck holds enough cards that no phase runs out at the pack's most players."""
    tables = [k for k in ("reveal", "auction", "market") if k in extras]
    scored = "scored hands" in extras
    if not tables and not scored:
        return "", []
    colours = ["brown", "grey", "blue", "yellow", "red", "green", "purple", *(TABLE_COLOURS[k] for k in tables)]
    decks = [*(f"{k}s" for k in tables), *(["objectives"] if scored else [])]
    lines = f"  colors: [{', '.join(colours)}]\n  decks: [{', '.join(decks)}]\n  phases:\n"
    cards = []

    def card(deck: str, colour: str, text: str) -> None:
        cards.append(f"  - name: {deck.title()} {len(cards)}\n    deck: {deck}\n    color: {colour}\n"
                     f'    effect: "{text}"\n')
    if scored:
        lines += "    - {name: objective, kind: draft, at: start, deck: objectives, deal: 1, hand: objectives}\n"
        for _ in range(hi + 1):
            card("objectives", "purple", draw(word_text("vp", False, ())))
    if "reveal" in tables:
        lines += f"    - {{name: event, kind: reveal, deck: reveals, at: {draw(st.sampled_from(['before age', 'after age']))}}}\n"
        for _ in range(ages + 1):
            card("reveals", "event", draw(st.sampled_from(EVENT_RULES)))
    if "auction" in tables:
        deal = draw(st.integers(1, 2))
        lines += f"    - {{name: auction, kind: auction, deck: auctions, deal: {deal}, at: after age, ages: [1, 2]}}\n"
        for _ in range(2 * deal):
            card("auctions", "relic", draw(effect(False, (), tracks, True, lo)))
    if "market" in tables:
        deal = draw(st.integers(1, 4))
        lines += (f"    - {{name: market, kind: market, deck: markets, deal: {deal}, hand: markets, at: before age, ages: [3]}}\n"
                  "    - {name: trade, kind: recruit, hand: markets, actions: [build, sell], rest: box, at: before age, ages: [3]}\n")
        for _ in range(deal):
            card("markets", "ware", draw(effect(False, (), tracks, True, lo)))
    if scored:
        lines += "  scored_hands: [objectives]\n"
    return lines, cards


@st.composite
def packs(draw: Any, force: str = "") -> tuple[str, str]:
    """(pack.yaml, cards.yaml) of a pack extending a shipped one; `force`: one of EXTRAS
    it holds (a base pack, every card that can carry it does)."""
    parent = "base" if force else draw(st.sampled_from(["base", "base", "cities", "leaders"]))
    tokens = parent == "cities"
    decks = ("leaders",) if parent == "leaders" else ()
    rules = {}
    if draw(st.booleans()):
        rules["starting_coins"] = draw(st.integers(0, 12))
    if draw(st.booleans()):
        rules["trade_price"] = draw(st.integers(0, 4))
    if draw(st.integers(0, 4)) == 0:
        rules["sell_coins"] = draw(st.integers(0, 6))
    if draw(st.integers(0, 6)) == 0:
        rules["ages"] = 4
    lo = draw(st.integers(3 if tokens else 2, 5))  # 2 players: the Free City, a seat no player owns
    hi = 8 if tokens else draw(st.integers(max(lo, 3), 7))  # (Cities sets a hand size at 8 players)
    rules["players"] = f"{{min: {lo}, max: {hi}}}"
    manifest = f"name: fuzz\nextends: {parent}\nrules:\n" + "".join(f"  {k}: {v}\n" for k, v in rules.items())
    tracks = draw(st.integers(0, 2)) if draw(st.booleans()) else 0
    if tracks:  # per-city tracks (rewards: no trigger) and conflicts along them
        manifest += "  tracks:\n"
        for t in range(tracks):
            manifest += (f"    {TRACKS[t]}:\n      line: {draw(st.sampled_from(['civilian', 'military', 'commercial']))}\n"
                         "      steps:\n" + "".join(f'        - "{draw(effect(tokens, decks, tracks, False, lo))}"\n'
                                                  for _ in range(draw(st.integers(1, 3)))))
        ages = rules.get("ages", 3)
        wars = draw(st.integers(0, 2))
        manifest += "  track_conflicts:\n" if wars else ""  # (an empty key is refused: no game)
        for w in range(wars):
            strength = draw(st.sampled_from(["shields", "red cards", "2 coins", "wonder stages",
                                             "blue cards in self, left", "victories"]))
            manifest += (f"    sea{w}:\n      strength: {strength}\n"
                         f"      victory: {[draw(st.integers(1, 5)) for _ in range(ages)]}\n"
                         f"      defeat: {[-draw(st.integers(0, 3)) for _ in range(ages)]}\n")
    extras = frozenset(draw(st.sets(st.sampled_from(EXTRAS), min_size=1, max_size=2))
                       if draw(st.integers(0, 7)) == 7 else ())  # (not 0: hypothesis's favourite)
    extras = frozenset({force}) if force else extras
    if parent != "base":  # (table decks and phases would have to repeat the parent's)
        extras -= {"scored hands", "reveal", "auction", "market"}
    more, table_cards = draw(table_rules(extras, lo, hi, rules.get("ages", 3), tracks))
    manifest += more
    words = draw(st.integers(0, 3)) if draw(st.integers(0, 2)) == 0 else 0
    if words:  # words the pack defines: random effects, a number made the parameter `n`
        manifest += "words:\n"
        for k in range(min(words, 2)):
            body = "; ".join(draw(st.lists(effect(tokens, decks, tracks), min_size=1, max_size=2)))
            body = re.sub(r"(?<![\w-])\d+(?!\w)", "{n}", body, count=1)
            body = f"w_a {{n}}; {body}" if k else body if "{n}" in body else f"{body}; coins {{n}}"
            manifest += f'  - {{name: w_{"ab"[k]}, params: {{n: int}}, english: "W {{n}}.", body: "{body}"}}\n'
        if words == 3:  # typed parameters: a colour, whose cities, a resource
            manifest += f'  - {{name: w_c, params: {{n: int, c: color, who: sides, r: resource}}, english: "C {{n}} {{c}} {{who}} {{r}}.", body: "{draw(typed_body())}"}}\n'
    cards = []
    for age, pool in REPLACEABLE.items():
        for name, colour, players in draw(st.lists(st.sampled_from(pool), max_size=3, unique_by=lambda c: c[0])):
            players = [min(max(p, lo, 3), hi) for p in players]  # as many copies at every count
            text = "; ".join(draw(st.lists(effect(tokens, decks, tracks, True, lo), min_size=1, max_size=2)))
            if words and draw(st.booleans()):  # a use of a defined word, alone or beside the text
                use = f"w_{draw(st.sampled_from('abc'[:words]))} {draw(st.integers(0, 4))}"
                if use.startswith("w_c"):
                    use += (f" {draw(st.sampled_from(COLOURS))} {draw(st.sampled_from(WHO))}"
                            f" {draw(st.sampled_from(RAW + MADE))}")
                text = use if draw(st.booleans()) else f"{use}; {text}"
            paid = draw(state_cost()) if "state costs" in extras and (force or draw(st.booleans())) else draw(cost())
            over = (f"    upgrades: {draw(st.sampled_from(REPLACEABLE[age - 1]))[0]}\n"
                    if "upgrades" in extras and age > 1 and (force or draw(st.booleans())) else "")
            cards.append(f"  - name: {name}\n    replace: true\n    age: {age}\n    color: {colour}\n"
                         f"    players: {players}\n" + (f"    cost: {paid}\n" if paid else "")
                         + over + f'    effect: "{text}"\n')  # quoted: `choose one: ...`
    cards += table_cards
    return manifest, "cards:\n" + "".join(cards) if cards else "cards: []\n"


@st.composite
def typed_body(draw: Any) -> str:
    """The body of a defined word over parameters of every kind (`{n}` a number, `{c}` a
    colour, `{who}` cities, `{r}` a resource), each said at least once."""
    body = [draw(st.sampled_from(["coins {n} per {c} card in self", "discount 1 coin on {c} cards",
                                  "coins {n} when build {c} card", "free build once per age on {c} cards",
                                  "surcharge 1 coin on {c} cards for neighbors"])),
            draw(st.sampled_from(["vp 1 per red card in {who}", "{who} lose {n} coins", "{who} gain 1 coin"])),
            draw(st.sampled_from(["produce {r}", "produce {r}/clay", "choose produce {r} or vp {n}",
                                  "produce {r} until age ends"]))]
    return "; ".join(body if "{n}" in "".join(body) else [*body, "coins {n}"])


def write(folder: Path, pack: tuple[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(pack[0])
    (folder / "cards.yaml").write_text(pack[1])
    return folder


def check(folder: Path, seeds: int = 2) -> tuple[str, str]:
    """("refused" | "python only" | "equal" | "stopped", detail), or raise AssertionError with
    the first difference between the cores."""
    from dsl.diagnostics import PackError
    from dsl.loader import load_pack
    from interpreter import native
    from interpreter.game.contract import GameOverflow
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    from interpreter.rules.compiled import compile_pack
    from interpreter.sim.differential import first_difference
    try:
        pack = load_pack(folder)
    except PackError as err:
        assert all(d.line or d.kind in ("missing",) for d in err.diagnostics), err.render()
        return "refused", err.diagnostics[0].message
    cp = compile_pack(pack)
    why = native.unsupported(cp) if native.available() else "no native core"
    outcome = "python only" if why else "equal"
    for n in range(cp.rules.min_players, cp.rules.max_players + 1):
        declined = bool(why or native.undealable(cp, n))  # a count Python plays
        for seed in range(seeds):
            for bots in ("random", "greedy"):
                if declined:
                    try:
                        Game(cp, make_bots(bots, n), seed=seed, sides="random").play()
                    except GameOverflow:
                        outcome = "stopped"
                    continue
                try:
                    diff = first_difference(cp, seed, n, bots, "random")
                except GameOverflow:
                    outcome = "stopped"
                    continue
                assert diff == "", f"{n} players, seed {seed}, {bots}: {diff}"
    return outcome, why
