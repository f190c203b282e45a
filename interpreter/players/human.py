"""A human at the terminal: `wonders play --bots human,greedy` (one human, the rest greedy).

Moves are typed as `build N`, `wonder N` or `sell N` (N = the card's number in the hand),
optionally followed by the payment option's letter (`build 3 b`); `help` explains, `city`,
`left`, `right` and `scores` show more. Before each move the screen shows what every player
did since, the conflicts at the end of each age, the hand with costs and prices (or the
missing resource), the next wonder stage, your city and both neighbours.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from dsl.english import cost_english, effects_english, option_english

from interpreter.rules.compiled import CCard
from dsl.english import effects_english
from interpreter.rules.moves import BID, BUILD, KEEP, LAW, SELL, WONDER, Move, explained, pay_label

if TYPE_CHECKING:
    from interpreter.players.observation import CityView, Observation

ACTIONS = {"build": BUILD, "b": BUILD, "wonder": WONDER, "w": WONDER, "sell": SELL, "s": SELL,
           "keep": KEEP, "k": KEEP, "law": LAW, "l": LAW}
HELP = """  build N [x]   build card N of your hand (x: the payment option's letter, default a)
  wonder N [x]  build your next wonder stage with card N under it
  sell N        sell card N for coins
  law N x       spend card N (discarded) to place your law tile x on the tower (a pack with one)
  city | left | right   your city or a neighbour's, in full
  scores        the score pad as it stands
  help          this text"""


class HumanBot:
    name = "human"
    interactive = True  # asks a person: never asked while a resumed game replays its log

    def __init__(self, ask: Callable[[str], str] = input, say: Callable[[str], None] = print):
        self.ask = ask
        self.say = say
        self.seen_turns = 0
        self.seen_wars = 0
        self.seen_events = 0

    # -- what happened since the last move ---------------------------------------------
    def _news(self, obs: "Observation") -> None:
        log = obs.public_log()
        for t in log["turns"][self.seen_turns:]:
            note = f" ({t['note']})" if t.get("note") else ""
            for m in t["moves"]:
                who = obs.cities[m["player"]].name
                paid = m.get("bank", 0) + m.get("left", 0) + m.get("right", 0)  # (a draft pick pays none)
                what = {SELL: "sold a card", WONDER: "built a wonder stage", KEEP: "kept a card",
                        LAW: f"placed the law tile {m.get('law')} (a card spent)",
                        "join": f"joined the project {m['card']}",  # shared projects
                        "advance": f"moved its marker to {m['card']}",  # a paid track step
                        "remove": f"gave back a {m['card']}",  # a token of its choice
                        "reward": f"got the reward of the project {m['card']}",
                        "penalty": f"suffered the penalty of the project {m['card']}",
                        "bid": f"bid {m.get('bid')} for {m['card']}"}.get(
                    m["action"], f"built {m['card']}")
                self.say(f"   age {t['age']} turn {t['turn']}{note}: {who} {what}"
                         + (f", paid {paid}" if paid else ""))
        for w in log["war"][self.seen_wars:]:
            self.say(f"   -- conflicts at the end of age {w['age']} --")
            for r in w["results"]:
                toks = " ".join(f"{t:+d}" for t in r["tokens"]) or "none"
                self.say(f"   {obs.cities[r['player']].name}: {r['shields']} shields, tokens {toks}")
        for e in log["events"][self.seen_events:]:  # the table's cards turned face up
            for card, text in zip(e["cards"], e["effects"]):
                self.say(f"   age {e['age']}, {e['phase']}: {card} is face up for the whole table: {text}")
        self.seen_turns, self.seen_wars = len(log["turns"]), len(log["war"])
        self.seen_events = len(log["events"])

    def finish(self, obs: "Observation") -> None:
        """After the game: the last turn and the last conflicts (the score pad follows)."""
        self._news(obs)

    def _city(self, obs: "Observation", city: "CityView", label: str) -> None:
        res = obs.cp.resources
        prod = [f"{n} {res[r]}" for r, n in enumerate(city.fixed) if n] + ["/".join(res[r] for r in ch) for ch in city.choices]
        sells = [f"{n} {res[r]}" for r, n in enumerate(city.fixed_trade) if n] + ["/".join(res[r] for r in ch) for ch in city.choices_trade]
        self.say(f"   {label} {city.name} ({city.side.wonder} {city.side.side}): {city.coins} coins, "
                 f"shields {city.shields}, tokens {' '.join(f'{t:+d}' for t in city.tokens) or 'none'}, "
                 f"stages {city.stages_built}/{len(city.side.stages)}")
        groups: dict[str, list[str]] = {}
        for c in city.cards:
            groups.setdefault(c.color_name, []).append(c.name)
        self.say("     built: " + ("; ".join(f"{col}: {', '.join(ns)}" for col, ns in groups.items()) or "-"))
        self.say(f"     produces: {', '.join(prod) or 'nothing'}; sells: {', '.join(sells) or 'nothing'}")

    def _show(self, obs: "Observation", moves: list[Move]) -> None:
        self._news(obs)
        seat = obs.seat
        city = obs.cities[seat]
        vocab = obs.rules.vocab
        self.say(f"\n== Age {obs.age}, turn {obs.turn} ==")
        if city.unowned:  # a seat no player owns: you choose its card from your hand's rest
            self.say(f"   You play for {city.name}, a city no player owns (it scores but cannot win)."
                     + ("  It must build a structure or a stage when it can, and take a free chain."
                        if obs.must_play else ""))
        self._city(obs, obs.table.left(seat), "left ")
        self._city(obs, obs.table.right(seat), "right")
        self._city(obs, city, "it   " if city.unowned else "you  ")
        stage = [m for m in moves if m.action == WONDER and m.card == 0]
        for k in city.open_stages():  # the next one; every unbuilt one on a side built in any order
            src = city.side.source.stages[k]
            p = obs.stage_price(k if city.side.any_order else -1)
            how = ", ".join(f"{chr(97 + j)}: {pay_label(m, p.bank)}" for j, m in enumerate(stage)
                            if city.stage_at(m.stage) == k) or \
                explained(p.reason, city.side.stages[k].cost, city, obs.table, obs.cp.resources)
            self.say(f"   {'wonder stage' if city.side.any_order else 'next wonder stage'} {k + 1}: "
                     f"{cost_english(src.cost)} -> {effects_english(src.effects, vocab)}  [{how}]")
        if obs.rules.tower is not None:
            self._tower(obs)
        from interpreter.players.project_offer import projects_view
        for p in projects_view(obs):  # this age's shared project: joined with a wonder stage
            if p["now"]:
                self.say(f"   shared project {p['name']}: join it with a wonder stage for {p['cost']}; "
                         f"{p['places_left']} of {p['needed']} places left (joined: "
                         f"{', '.join(p['joined']) or 'nobody yet'}); reward {p['reward']}"
                         + (f"; penalty if it fails {p['penalty']}" if p["penalty"] else ""))
        self.say(f"   {'the cards it may get' if city.unowned else 'your hand'}:")
        for i, card in enumerate(obs.hand):
            ways = [m for m in moves if m.card == i and m.action == BUILD]
            if ways:
                bank = obs.price(card).bank  # the coins the bank takes now (per age, after cost changes)
                how = ", ".join(f"{chr(97 + j)}: {pay_label(m, bank)}" for j, m in enumerate(ways))
            else:
                p = obs.price(card)
                how = "can't build: " + explained(p.reason, card.cost, city, obs.table, obs.cp.resources)
            chain = f", free with {', '.join(card.card.chains_from)}" if card.card.chains_from else ""
            self.say(f"  {i + 1}. {card.name} ({card.color_name}; cost {cost_english(card.card.cost)}{chain}): "
                     f"{effects_english(card.card.effects, vocab)}  [{how}]")

    def _tower(self, obs: "Observation") -> None:
        """The law tower: the laws that hold now, and your tiles with their letters."""
        tiles, vocab = obs.rules.tower.tiles, obs.rules.vocab
        shown = obs.visible_laws
        self.say(f"   law tower: {len(obs.tower)} tile(s) placed; the laws that hold now: "
                 + ("; ".join(f"{tiles[t].name} ({effects_english(tiles[t].effects, vocab)})" for t in shown)
                    or "none"))
        held = sorted(set(obs.my_laws))
        if held:
            self.say("   your law tiles (law N x): " + "; ".join(
                f"{chr(97 + j)}: {tiles[t].name} ({effects_english(tiles[t].effects, vocab)})"
                for j, t in enumerate(held)))

    def _extra(self, text: str, obs: "Observation") -> bool:
        """The non-move commands; True when one was handled."""
        seat = obs.seat
        if text in ("help", "?", "h"):
            self.say(HELP)
        elif text in ("city", "left", "right"):
            city = {"city": obs.cities[seat], "left": obs.table.left(seat), "right": obs.table.right(seat)}[text]
            self._city(obs, city, text)
            for c in city.cards:
                self.say(f"       {c.name}: {effects_english(c.card.effects, obs.rules.vocab)}")
        elif text == "scores":
            pad = obs.scores()
            self.say("   " + " " * 11 + " ".join(f"{p['name']:>8}" for p in pad["players"]))
            for cat in (*obs.rules.score_lines, "total"):
                self.say(f"   {cat:>10} " + " ".join(f"{p[cat]:>8}" for p in pad["players"]))
        else:
            return False
        return True

    def choose(self, obs: "Observation", moves: list[Move]) -> Move:
        self._show(obs, moves)
        while True:
            if moves and all(m.action == BID for m in moves):  # an auction: coins for the card
                card = obs.hand[0]
                self.say(f"  {obs.phase.name}: {card.name} is up for auction ({effects_english(card.card.effects, obs.rules.vocab)}); "
                         f"the single highest bid builds it and pays the bank (a tie: nobody)")
                text = self.ask(f"your bid (bid N, 0 to {moves[-1].stage} | help): ").strip().lower()
                if self._extra(text, obs):
                    continue
                words = text.split()
                if len(words) == 2 and words[0] == "bid" and words[1].isdigit() \
                        and int(words[1]) <= moves[-1].stage:
                    return moves[int(words[1])]
                self.say(f"  refused: type 'bid N', N from 0 to {moves[-1].stage} (your coins)")
                continue
            if all(m.action == KEEP for m in moves):  # a draft: keep one card, pass the rest
                self.say(f"  {obs.phase.name}: " + {
                    "market": "take one card of the row (fewest points choose first)",
                    "alliance": "make one offer, in secret (keep N): two neighbours who offer each other an "
                                "alliance are allies for the age"}.get(obs.phase.kind, "keep one card, the rest is passed on"))
                text = self.ask("your pick (keep N | help): ").strip().lower()
            else:
                text = self.ask("your move (build N | wonder N | sell N | law N [option letter] | help): ").strip().lower()
            if self._extra(text, obs):
                continue
            move, problem = self.parse(text, obs, moves)
            if move is not None:
                return move
            self.say(f"  refused: {problem}")

    def parse(self, text: str, obs: "Observation", moves: list[Move]) -> tuple[Move | None, str]:
        parts = text.split()
        if len(parts) not in (2, 3) or parts[0] not in ACTIONS or not parts[1].isdigit():
            return None, "type e.g. 'build 2', 'wonder 1', 'sell 3' or 'build 2 b' ('help' for more)"
        action, index = ACTIONS[parts[0]], int(parts[1]) - 1
        hand = obs.hand
        if not 0 <= index < len(hand):
            return None, f"there is no card {index + 1} in a hand of {len(hand)}"
        options = [m for m in moves if m.card == index and m.action == action]
        if not options:
            why = obs.refusal(Move(index, action))
            return None, why or "that move is not possible"
        pick = 0
        if len(parts) == 3:
            pick = ord(parts[2][0]) - ord("a")
            if not 0 <= pick < len(options):
                return None, f"option letters go from a to {chr(ord('a') + len(options) - 1)}"
        return options[pick], ""

    def choose_payment(self, obs: "Observation", due: int, can: int) -> int:
        """A coin loss: how much to pay; a debt token for each coin not paid."""
        self.say(f"\nYou lose {due} coin{'s' if due != 1 else ''}: pay 0 to {can} (you have "
                 f"{obs.cities[obs.seat].coins}); a debt token (-1 point) for each coin not paid.")
        while True:
            text = self.ask(f"coins to pay (0-{can}): ").strip().lower()
            if text.isdigit() and int(text) <= can:
                return int(text)
            self.say(f"  refused: pay a whole number from 0 to {can}")

    def choose_card(self, obs: "Observation", cards: list[CCard], purpose: str) -> int | None:
        from interpreter.players.project_offer import join_offer
        offer = join_offer(obs, cards, purpose)
        if offer is not None:
            return self._join(offer)
        if purpose.startswith("advance ") and len(cards) == 1:
            return self._advance(obs, cards[0], purpose)
        if purpose == "choose one":  # a card's choice: one option, none declined
            return self._option(obs, cards)
        title = {"discard": "Build one discarded card for free:",
                 "copy": "Copy one of your neighbours' cards (its whole effect applies to you):"}
        self.say("\n" + title.get(purpose, f"Choose a card ({purpose}):"))
        for i, c in enumerate(cards):
            self.say(f"  {i + 1}. {c.name}: {effects_english(c.card.effects, obs.rules.vocab)}")
        while True:
            text = self.ask("card number (or 'none'): ").strip().lower()
            if text == "none":
                return None
            if text.isdigit() and 1 <= int(text) <= len(cards):
                return int(text) - 1
            self.say(f"  refused: choose 1 to {len(cards)} or 'none'")

    def _option(self, obs: "Observation", cards: list[CCard]) -> int:
        """A card's choice (`choose coins 3 or vp 2`): one of the options, by number."""
        self.say("\nChoose one:")
        for i, c in enumerate(cards):
            self.say(f"  {i + 1}. {c.name}: {option_english(c.card.effects[0], obs.rules.vocab)}")
        while True:
            text = self.ask(f"option number (1-{len(cards)}): ").strip().lower()
            if text.isdigit() and 1 <= int(text) <= len(cards):
                return int(text) - 1
            self.say(f"  refused: choose 1 to {len(cards)}")

    def _join(self, offer: dict) -> int | None:
        """A shared project's join question: 'join' (0) or 'no' (None)."""
        from interpreter.players.project_offer import offer_lines
        self.say("\n" + "\n".join(offer_lines(offer)))
        while True:
            text = self.ask(f"join for {offer['coins']} coins? (join / no): ").strip().lower()
            if text in ("join", "j", "yes", "y"):
                return 0
            if text in ("no", "n", "none", "do not join"):
                return None
            self.say("  refused: answer 'join' or 'no'")

    def _advance(self, obs: "Observation", step: CCard, purpose: str) -> int | None:
        """A paid track step's question: 'advance' (0) or 'no' (None)."""
        coins = purpose.rsplit(" for ", 1)[-1]
        self.say(f"\nMove your marker to {step.name} ({effects_english(step.card.effects, obs.rules.vocab)}) "
                 f"for {coins}? You hold {obs.cities[obs.seat].coins} coins.")
        while True:
            text = self.ask("advance? (advance / no): ").strip().lower()
            if text in ("advance", "a", "yes", "y"):
                return 0
            if text in ("no", "n", "none"):
                return None
            self.say("  refused: answer 'advance' or 'no'")
