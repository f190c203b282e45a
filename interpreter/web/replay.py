"""Replay a game log (`wonders play --log`) turn by turn with the same views as a live game.

The logged moves are played again on a fresh Game with the logged seed and setup, so every
hand, price and neighbour is exactly as it was; a log that does not fit the pack (another pack,
an edited or truncated file) is refused with the turn where it stops making sense.
"""
from __future__ import annotations

from html import escape

from typing import TYPE_CHECKING, Any

from interpreter.rules.compiled import CCard, CompiledPack
from interpreter.rules.cost_now import printed_coins
from interpreter.rules.moves import Move, refusal
from interpreter.players.balances import snapshot

from .views import game_view, turn_lines

if TYPE_CHECKING:
    from interpreter.players.game import Game


class ReplayError(ValueError):
    """A log that cannot be replayed on this pack; the message says why."""


class LogBot:
    """Plays a seat's logged moves back; takes a snapshot of every seat's view at each turn.
    (Not a player: the replay tool owns the game it replays, and reads it through Replay.)"""

    name = "replay"

    def __init__(self, replay: "Replay"):
        self.replay = replay

    def _entry(self, game: "Game", seat: int) -> dict[str, Any] | None:
        k = len(game.log["turns"])
        self.replay.snap(game, k)
        turns = self.replay.log["turns"]
        if k >= len(turns):
            raise ReplayError(f"the log ends before the game does (age {game.age}, turn {game.turn})")
        for m in turns[k]["moves"]:
            if m["player"] == seat:
                return m
        return None

    def choose(self, obs: Any, moves: list[Move]) -> Move:
        game, seat = self.replay.game, obs.seat
        m = self._entry(game, seat)
        where = f"age {game.age}, turn {game.turn}: {game.cities[seat].name}"
        if m is None:
            raise ReplayError(f"{where}: the log has no move for this player")
        names = [c.name for c in game.hands[seat]]
        if m["card"] not in names:
            raise ReplayError(f"{where}: no {m['card']} in the hand ({', '.join(names)})")
        free = m.get("free", "")
        idx = names.index(m["card"])
        left, right = m.get("left", 0), m.get("right", 0)
        stage = m.get("stage", 0) - 1 if isinstance(m.get("stage", 0), int) else -2  # any order: which
        fits = [mv for mv in moves if (mv.card, mv.action, mv.left, mv.right, mv.stage)
                == (idx, m["action"], left, right, stage) and mv.free == (free if free in ("chain", "power") else "")]
        # a resource bought from the bank: the logged bank coins tell which way was paid
        fits.sort(key=lambda mv: (mv.extra != self._extra(game, seat, mv, m), mv.extra))
        move = fits[0] if fits else Move(idx, m["action"], left, right,
                                         free if free in ("chain", "power") else "", stage=stage)
        if move not in moves:
            why = refusal(move, game.hands[seat], game.cities[seat], game.table, game.free_power(seat))
            if why:
                raise ReplayError(f"{where}: the logged move is illegal: {why}")
        return move

    @staticmethod
    def _extra(game: "Game", seat: int, move: Move, logged: dict[str, Any]) -> int:
        from interpreter.rules.pricing import build_terms
        city = game.cities[seat]
        if move.action == "build":
            card = game.hands[seat][move.card]
            coins = card.cost_coins if card.less is None else printed_coins(card, game.table, seat) \
                - card.cost_per_age * game.table.age  # (the age's coins are read as extra, as before)
            bank = build_terms(card.color, coins, card.cost, city, game.table).bank
        elif move.action == "wonder" and 0 <= city.stage_at(move.stage) < len(city.side.stages):
            st = city.side.stages[city.stage_at(move.stage)]
            coins = st.cost_coins if st.less is None else printed_coins(st, game.table, seat) \
                - st.cost_per_age * game.table.age
            bank = build_terms(-1, coins, st.cost, city, game.table).bank
        else:
            return 0
        return logged.get("bank", 0) - bank

    def choose_payment(self, obs: Any, due: int, can: int) -> int:
        game, seat = self.replay.game, obs.seat
        k = len(game.log["turns"])
        turns = self.replay.log["turns"]
        if k < len(turns) and turns[k].get("note") == "coins lost":
            for m in turns[k]["moves"]:
                if m["player"] == seat:
                    return int(m["bank"])
        raise ReplayError(f"age {game.age}: the log has no payment of {game.cities[seat].name}'s loss")

    def choose_card(self, obs: Any, cards: list[CCard], purpose: str) -> int | None:
        game, seat = self.replay.game, obs.seat
        if purpose == "discard":
            return self._discard(game, seat, cards)
        k = len(game.log["turns"])
        turns = self.replay.log["turns"]
        if k < len(turns) and turns[k].get("note") == purpose and turns[k]["moves"][0]["player"] == seat:
            names = [c.name for c in cards]
            name = turns[k]["moves"][0]["card"]
            if name not in names:
                raise ReplayError(f"age {game.age}: {name} cannot be chosen ({purpose})")
            return names.index(name)
        return None

    def _discard(self, game: "Game", seat: int, cards: list[CCard]) -> int | None:
        k = len(game.log["turns"])
        turns = self.replay.log["turns"]
        # the choices the built card made (a paid step on a track) are logged before the
        # build's own entry: look past the seat's note turns of this turn to it
        while k < len(turns) and turns[k].get("note") not in (None, "build from discard") \
                and (turns[k].get("age"), turns[k].get("turn")) == (game.age, game.turn) \
                and all(m["player"] == seat for m in turns[k]["moves"]):
            k += 1
        if k < len(turns) and turns[k].get("note") == "build from discard" \
                and turns[k]["moves"][0]["player"] == seat:
            names = [c.name for c in cards]
            name = turns[k]["moves"][0]["card"]
            if name not in names:
                raise ReplayError(f"age {game.age}: {name} is not in the discard pile")
            self.replay.snap(game, k)
            return names.index(name)
        return None


CHART_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")


class Replay:
    def __init__(self, cp: CompiledPack, log: dict[str, Any]):
        from interpreter.game.contract import IllegalMove
        from interpreter.players.gamelog import ReplayedGame

        self.cp, self.log = cp, log
        try:
            players = log["players"]
            self.n = len(players)
            self.names = [p["name"] for p in players]
            if log["pack"] != cp.pack.name:
                raise ReplayError(f"this log is from the pack '{log['pack']}', not '{cp.pack.name}' "
                                  f"(give --pack {log['pack']})")
            setup = log.get("setup") or {}
            sides = {p["side"] for p in players}
            self.steps: list[tuple[dict[int, dict[str, Any]], str]] = []
            self.balances: list[dict[str, Any]] = []  # each city's balances at each step (data for pages)
            self.seen = 0
            bot = LogBot(self)
            game = self.game = ReplayedGame(
                cp, [bot] * self.n, deals=log.get("deals") or (), drafts=log.get("drafts") or (),
                draws=log.get("draws") or (), seed=int(log["seed"]),
                sides=setup.get("sides") or (sides.pop() if len(sides) == 1 else "random"),
                wonders=setup.get("wonders"), names=self.names, log=True)
            if [(c.side.wonder, c.side.side) for c in game.cities] != \
                    [(p["wonder"], p["side"]) for p in players]:
                raise ReplayError("the seed and setup of this log do not deal its wonders: "
                                  "a log from another version of the pack, or edited")
            scores = game.play()
        except ReplayError:
            raise
        except KeyError as err:
            raise ReplayError(f"not a complete game log: no {err} in it (see docs/formats.md)") from None
        except (TypeError, ValueError, IndexError, AttributeError, IllegalMove) as err:
            raise ReplayError(f"not a readable game log of this pack: {type(err).__name__}: {err}") from None
        if "final" in log and log["final"] != game.log["final"]:
            raise ReplayError("replaying the log does not end where the log does: "
                              "the file was edited or comes from another version of the pack")
        final = {s: game_view(game, s, [], self.seen, live=False, final=scores) for s in range(self.n)}
        self.steps.append((final, "Final scores"))
        self.balances.append(snapshot(game))

    def snap(self, game: "Game", k: int) -> None:
        """Every seat's view before log turn k is played (once per turn)."""
        if len(self.steps) > k:
            return
        doing = turn_lines(game, [self.log["turns"][k]])
        self.balances.append(snapshot(game))
        views = {}
        for s in range(self.n):
            moves = game.moves(s) if game.hands[s] else []
            view = game_view(game, s, moves, self.seen, live=False)
            view["doing"] = [line for line in doing]
            views[s] = view
        self.seen = k
        note = self.log["turns"][k].get("note")
        self.steps.append((views, f"Age {game.age}, turn {game.turn}" + (f" ({note})" if note else "")))

    def chart(self, step: int, width: int = 480, height: int = 140) -> str:
        """A small SVG of each player's points over the game, a line per player, the step
        shown marked (self-contained: no script, no outside file)."""
        rows = [[c["score"] for c in b["cities"]] for b in self.balances]
        if len(rows) < 2:
            return ""
        top = max(1, max(max(r) for r in rows))
        x = lambda i: 30 + i * (width - 40) / (len(rows) - 1)  # noqa: E731
        y = lambda v: height - 20 - v * (height - 30) / top  # noqa: E731
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
                 f'aria-label="points over the game"><title>Points over the game</title>',
                 f'<text x="2" y="{y(top) + 4:.0f}" font-size="10">{top}</text>'
                 f'<text x="2" y="{y(0):.0f}" font-size="10">0</text>',
                 f'<line x1="{x(step):.1f}" y1="5" x2="{x(step):.1f}" y2="{height - 20}" stroke="#999" '
                 'stroke-dasharray="3 3"/>']
        for seat in range(len(rows[0])):
            colour = CHART_COLOURS[seat % len(CHART_COLOURS)]
            points = " ".join(f"{x(i):.1f},{y(r[seat]):.1f}" for i, r in enumerate(rows))
            name = escape(self.names[seat] if seat < len(self.names) else f"P{seat + 1}")
            parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}">'
                         f'<title>{name}</title></polyline>')
            parts.append(f'<text x="{30 + seat * 80}" y="{height - 4}" font-size="11" fill="{colour}">'
                         f'{name}: {rows[min(step, len(rows) - 1)][seat]}</text>')
        return "".join(parts) + "</svg>"

    def view(self, step: int, seat: int) -> dict[str, Any]:
        return self.steps[step][0][seat]

    def title(self, step: int) -> str:
        return self.steps[step][1]


def read_log(path: str) -> dict[str, Any]:
    """A game log read with the bounds of every input file: size, nesting, no FIFO or device
    (dsl/limits.py: log_bytes, log_depth)."""
    from dsl.limits import LIMITS
    from interpreter.rules.statefile import StateError, read_json
    try:
        log = read_json(path, "a game log", LIMITS.log_bytes, LIMITS.log_depth)
    except StateError as err:
        raise ReplayError(str(err)) from None
    if not isinstance(log, dict):
        raise ReplayError(f"{path} is not a game log (expected a JSON object)")
    return log


def load_replay(cp: CompiledPack, path: str) -> Replay:
    return Replay(cp, read_log(path))
