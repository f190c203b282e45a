"""Shared projects (a mixin of GameState): joining when a wonder stage is built, completion,
failure (docs/pack-format.md, "Projects"; the words are in dsl/projects.py).

Where this sits in a turn (interpreter/game/turn.py):
  - before the turn's payments, each city that plays a wonder stage in an age with an open
    project is priced for joining too, with the state as it stood at the start of the turn:
    the stage's cost and the join cost together, bought from the neighbours at once (so a
    neighbour's resource is sold once for both), under the cost changes that apply to wonder
    stages (a unit left out, a bank purchase, a rebate), the far cities selling too for a city
    that trades N seats away, less what the stage move already pays;
  - after the payments, in seat order, while the project has places left, each such city
    that can still afford it is asked (choose_card, purpose "join project for N coins");
    joining pays the bank and the neighbours (their coins arrive with the turn's others);
  - a `when full` project pays its reward at the end of the turn whose join filled it;
    every other project is checked at the end of its age, before the conflicts: complete,
    each joiner gets the reward; short of joiners, each city that did not join gets the
    penalty. Reward and penalty run as a built card's effects would (coins at once, points,
    shields and production for the rest of the game), and stay with the city.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from dsl.projects import WHEN_FULL

from interpreter.game.contract import IllegalMove
from interpreter.rules.compiled import CCard, CProject
from interpreter.rules.contribution import Contribution
from interpreter.rules.moves import WONDER, Move
from interpreter.rules.far_trade import far_options, far_sellers
from interpreter.rules.cost_now import printed_coins
from interpreter.rules.pricing import Terms, build_terms, options_with_changes, reduced_costs


def join_purpose(coins: int) -> str:
    """What a player is asked (and the log's note, which a resumed game reads)."""
    return f"join project for {coins} coin{'s' if coins != 1 else ''}"


class JoinPrice(NamedTuple):
    """What joining adds to a wonder stage's payment: coins to the bank, to the left and the
    right neighbours, and to the far cities (`trade N seats away`: far left, far right)."""

    bank: int
    left: int
    right: int
    far: tuple[int, int] = (0, 0)


class Projects:
    """The table's projects: who joined each (`joins`), which are settled (`projects_done`)."""

    joins: dict[str, tuple[int, ...]]
    projects_done: dict[str, str]  # name -> "complete" / "failed"

    def join_offers(self, plays: list[tuple[int, Move, CCard]]) -> dict[int, JoinPrice]:
        """Step 2's first part: for each wonder play that may join this age's project, what
        joining would add (bank, left, right), priced as the cities stand now."""
        project = self.cp.project_of(self.age)
        if project is None or project.name in self.projects_done:
            return {}
        joined = self.joins.get(project.name, ())
        if len(joined) >= project.needed_at(self.n_players):
            return {}
        offers = {}
        for seat, move, _card in plays:
            if move.action == WONDER and seat not in joined:
                price = self._join_price(seat, move, project)
                if price is not None:
                    offers[seat] = price
        return offers

    def _join_price(self, seat: int, move: Move, project: CProject) -> JoinPrice | None:
        """What joining adds to `move` (bank, left, right, far), or None when it cannot be
        bought. The stage's cost and the join cost are bought together under the cost changes
        that apply to wonder stages: a unit left out comes off the stage's own cost, a bank
        purchase or a first-purchase rebate is one for the whole, a stage made free leaves
        the join's resources to buy alone; with `trade N seats away` the far cities sell too.
        The move's own payments stand: joining pays what the whole needs more, the cheapest
        way (then the least to the left)."""
        city = self.cities[seat]
        card = project.card
        bank = printed_coins(card, self.table, seat)
        if not card.cost:
            return JoinPrice(bank, 0, 0)
        n = self.n
        left, right = self.cities[(seat + 1) % n], self.cities[(seat - 1) % n]
        stage = city.side.stages[city.stage_at(move.stage)]
        terms = build_terms(-1, 0, stage.cost, city, self.table)
        stage_costs = [()] if terms.free else reduced_costs(terms.cost, terms.drop) if terms.drop else [terms.cost]
        if terms.drop and not terms.free:
            stage_costs.append(terms.cost)  # for a far purchase: a unit left out is no part of it
        far_cost = () if terms.free else terms.cost  # as a stage's own far purchase (moves.py)
        best: tuple[tuple[int, int], JoinPrice] | None = None
        for cost in stage_costs:
            need = dict(cost)
            for r, k in card.cost:
                need[r] = need.get(r, 0) + k
            whole = tuple(sorted(need.items()))
            near = Terms(0, whole, False, 0, terms.bank_buys, terms.rebate)
            options = [(a, b, e, 0, 0) for a, b, e in options_with_changes(near, city, left, right)]
            if city.far_trade and cost == far_cost:  # a far purchase takes no unit off
                options += [(a, b, 0, fl, fr) for a, b, fl, fr in far_options(whole, city, self.table)]
            for a, b, e, fl, fr in options:
                if a < move.left or b < move.right or e < move.extra or fl < move.far[0] or fr < move.far[1]:
                    continue
                got = JoinPrice(bank + e - move.extra, a - move.left, b - move.right,
                                (fl - move.far[0], fr - move.far[1]))
                key = (got.bank + got.left + got.right + sum(got.far), got.left)
                if best is None or key < best[0]:
                    best = (key, got)
        return None if best is None else best[1]

    def join_projects(self, offers: dict[int, JoinPrice], income: list[int]) -> None:
        """Step 2's second part, after the payments: ask each offered city in seat order while
        places remain; a city that joins pays now."""
        project = self.cp.project_of(self.age)
        if project is None:
            return
        need = project.needed_at(self.n_players)
        n = self.n
        for seat in sorted(offers):
            joined = self.joins.get(project.name, ())
            if len(joined) >= need:
                break
            bank, left, right, far = offers[seat]
            city = self.cities[seat]
            total = bank + left + right + far[0] + far[1]
            if total > city.coins:
                continue
            purpose = join_purpose(total)
            pick = self.choose_card(seat, [project.card], purpose)
            if pick is None:
                continue
            if isinstance(pick, bool) or pick != 0:
                raise IllegalMove(f"{city.name}: no project #{pick} to join")
            city.coins -= total
            income[(seat + 1) % n] += left
            income[(seat - 1) % n] += right
            for paid, seller in zip(far, far_sellers(city, self.table)):
                if paid and seller is not None:
                    income[seller.seat] += paid
            self.joins[project.name] = joined + (seat,)
            if self.logging:
                self._log_turn([{"player": seat, "card": project.name, "action": "join",
                                 "bank": bank, "left": left, "right": right, "free": "project",
                                 **({"far": list(far)} if far != (0, 0) else {})}], purpose)

    def projects_after_turn(self) -> None:
        """A `when full` project whose last place was taken this turn: its reward now."""
        project = self.cp.project_of(self.age)
        if project is None or project.completes != WHEN_FULL or project.name in self.projects_done:
            return
        if len(self.joins.get(project.name, ())) >= project.needed_at(self.n_players):
            self._settle_project(project, complete=True)

    def end_projects(self, age: int) -> None:
        """The end of an age, before its conflicts: its project is complete or fails."""
        project = self.cp.project_of(age)
        if project is None or project.name in self.projects_done:
            return
        full = len(self.joins.get(project.name, ())) >= project.needed_at(self.n_players)
        self._settle_project(project, complete=full)

    def _settle_project(self, project: CProject, complete: bool) -> None:
        joined = self.joins.get(project.name, ())
        self.projects_done[project.name] = "complete" if complete else "failed"
        seats = list(joined) if complete else [s for s in range(self.n) if s not in joined]
        effect = project.card.effect if complete else project.penalty
        entries = []
        for seat in sorted(seats):
            self._apply_extra(seat, effect)
            entries.append({"player": seat, "card": project.name,
                            "action": "reward" if complete else "penalty",
                            "bank": 0, "left": 0, "right": 0, "free": "project"})
        self.settle_gains()
        if self.losses:
            self.settle_losses()
        if self.logging:
            self._log_turn(entries, f"project {'complete' if complete else 'failed'}: {project.name}")

    def _apply_extra(self, seat: int, effect: Contribution) -> None:
        """An effect no card brings, kept by the city (it survives `discard own`)."""
        city = self.cities[seat]
        city.add(effect, "wonder")
        city.extras.append(effect)
        if effect.built_hooks:
            city.coins = max(0, city.coins + self.when_built(seat, effect))

    def project_view(self) -> list[dict[str, Any]]:
        """The table's projects as the state and the log show them."""
        out = []
        for p in self.cp.projects:
            out.append({"name": p.name, "age": p.age, "needed": p.needed_at(self.n_players),
                        "joined": [self.cities[s].name for s in self.joins.get(p.name, ())],
                        **({"result": self.projects_done[p.name]} if p.name in self.projects_done else {})})
        return out
