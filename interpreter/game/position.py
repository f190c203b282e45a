"""Where a game stands, and playing it one turn at a time (a mixin of GameState).

The position is explicit, so a game can stop between any two turns, be cloned and go on:
  game.at     the index of the current step of the schedule (interpreter/game/phases.py)
  game.sub    "start" (the step has not begun), a runner's sub-step ("turn", "last",
              "keep"), "settle" (the turn's builds from the discard pile or from a second
              hand, one seat at a time), "done" (the step is over) or "over" (scored)
  game.turn   the turn within the phase
Everything that needs no decision (deals, passing, conflicts, scoring) is played as soon as
the game reaches it, so a game rests only where some seat must decide, or at its end.

    pending()       {seat: Decision}: who must decide now, and among what
    step(answers)   play one turn (or one build from the discard pile) with those answers
    clone()         an independent copy at the same position
The players' layer (interpreter/players/game.py) plays a game with bots through these:
its play() asks each deciding seat's bot, then takes the same step.

Decisions taken in the middle of a turn's resolution (how much of a coin loss to pay, which
card a `copy ... now` effect copies) are asked of the seat's bot as before: they are not
positions of their own.
"""
from __future__ import annotations

from typing import Any, Mapping

from interpreter.game.clone import clone_game
from interpreter.game.contract import Answer, Decision, IllegalMove
from interpreter.game.phases import AGE, RUNNERS
from interpreter.game.seats import must_play_refusal
from interpreter.rules.moves import BUILD, Move, legal_moves, refusal
from interpreter.rules.scoring import city_scores


class Stepping:
    """The game's driver (uses the GameState's fields and rules; see the module docstring)."""

    # -- the automatic part ----------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.sub == "over"

    def advance(self, stop_at_done: bool = False) -> list[tuple[int, tuple[str, ...]]]:
        """Play everything that needs no decision, up to the next decision or the end;
        [(seat, actions)] of the seats deciding there ([] at the end)."""
        while True:
            sub = self.sub
            if sub == "start":
                self._start_step()
            elif sub == "done":
                if stop_at_done:
                    return []
                self.at += 1
                self.sub = "start"
            elif sub == "over":
                return []
            elif sub == "settle":
                if self._settle_next():
                    kind, seat, _hand = self.settle_queue[0]
                    return [(seat, () if kind == "discard" else (BUILD,))]
                RUNNERS[self.phase.kind].after_settle(self)
            else:
                runner = RUNNERS[self.phase.kind]
                deciding = runner.deciders(self)
                if deciding:
                    return deciding
                runner.apply(self, [None] * self.n)  # a turn nobody plays still happens

    def _start_step(self) -> None:
        if self.at == 0 and self.age_begun == 0 and self.boards_pending:
            self.boards_pending = False
            self.set_up_boards()
        if self.at >= len(self.steps):
            self._finish()
            return
        step = self.steps[self.at]
        if step.age != self.age_begun and step.decl.at != "end":
            self.age_begun = step.age
            self.begin_age(step.age)
        self.phase = step.decl
        self.phase_age = step.age
        self.open_record(step.decl, step.age)
        RUNNERS[step.decl.kind].begin(self, step.decl, step.age)

    def _finish(self) -> None:
        if self.has_triggers:  # `when game ends` triggers, before the scoring
            self.boundary("game_end")
        self.check_bound()
        self.phase = AGE
        self.table.age = self.rules.ages
        if self.law_changes:  # the changes in force at the end (set bonus, token points)
            self.refresh_rules()
        scores = city_scores(self.cities, self.table, self.rules)
        self.log["final"] = self.state()
        self.log["scores"] = scores
        self.scores = scores
        self.sub = "over"

    def deciders(self) -> list[tuple[int, str, tuple[str, ...]]]:
        """[(seat, kind, actions)]: who decides now ("move" among actions, or "card"), first
        playing what needs no decision; no legal moves are computed."""
        deciding = self.advance()
        if self.sub == "settle" and self.settle_queue[0][0] == "discard":
            return [(s, "card", actions) for s, actions in deciding]
        return [(s, "move", actions) for s, actions in deciding]

    def pending(self) -> dict[int, Decision]:
        """Who must decide now and among what (first playing what needs no decision)."""
        out: dict[int, Decision] = {}
        for seat, kind, actions in self.deciders():
            if kind == "card":
                out[seat] = Decision(seat, "card", cards=tuple(self.discard_choices(seat)),
                                     purpose="discard")
            else:
                out[seat] = Decision(seat, "move", actions, tuple(self.moves(seat, actions)))
        return out

    def step(self, answers: Mapping[int, Answer]) -> None:
        """Play the current turn with every deciding seat's answer ({seat: Move}, or {seat:
        card index or None} for a card choice). A bad answer raises IllegalMove with the
        reason and changes nothing."""
        deciding = self.deciders()
        if self.sub == "over":
            raise IllegalMove("the game is over")
        seats = {s for s, _k, _a in deciding}
        stray = sorted(s for s, a in answers.items() if s not in seats and a is not None)
        if stray:
            raise IllegalMove(f"seat {stray[0]} has nothing to decide now "
                              f"(deciding: {sorted(seats)})")
        for seat, kind, actions in deciding:
            if seat not in answers:
                raise IllegalMove(f"no answer for seat {seat}, which must decide now")
            why = self._answer_refusal(seat, kind, actions, answers[seat])
            if why:
                raise IllegalMove(f"{self.cities[seat].name}: {why}")
        self._apply(answers)
        self.advance()

    def _answer_refusal(self, seat: int, kind: str, actions: tuple[str, ...], answer: Answer) -> str:
        if kind == "card":
            n = len(self.discard_choices(seat))
            if answer is None or isinstance(answer, int) and not isinstance(answer, bool) \
                    and 0 <= answer < n:
                return ""
            return f"no discarded card #{answer!r} (0 to {n - 1}, or None)"
        if not isinstance(answer, Move):
            return f"not a Move: {answer!r}"
        hand = self.hands[seat]
        legal = legal_moves(hand, self.cities[seat], self.table, self.free_power(seat), actions)
        if answer in legal:
            return must_play_refusal(answer, legal, self.moves(seat, actions), self.cities[seat].name) \
                if self.unowned and seat in self.unowned else ""
        return refusal(answer, hand, self.cities[seat], self.table, self.free_power(seat), actions) \
            or "not a legal move now"

    def _apply(self, answers: Mapping[int, Answer]) -> None:
        """Play the position with answers already checked."""
        if self.sub == "settle":
            kind, seat, hand = self.settle_queue[0]
            if kind == "discard":
                self.settle_queue.pop(0)
                self.build_discarded(seat, self.discard_choices(seat), answers.get(seat))
            else:
                self._build_hand_now(seat, hand, answers[seat])
            return
        RUNNERS[self.phase.kind].apply(self, [answers.get(s) for s in range(self.n)])

    def clone(self) -> Any:
        """An independent copy at the same position sharing the compiled pack (see
        interpreter/game/clone.py)."""
        return clone_game(self)
