"""The JSON Schema of pack files, built here and written to dsl/pack.schema.json.

Draft 2020-12, but only keywords that mean the same in draft-07 (editors' YAML
language server validates draft-07). The effect-word list in descriptions comes
from the registry, so the schema cannot drift from the language.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .limits import LIMITS
from .phases import ACTIONS, PHASE_TIMES, PHASES, REST
from .registry import EFFECTS
from .projects import project_schema
from .seats import CONTROLLERS, HANDS, SEAT_KEYS
from .seats import SIDES as SEAT_SIDES
from .words import PARAM_KINDS

SCHEMA_ID = "https://wonders-dsl.invalid/pack.schema.json"
SCHEMA_PATH = Path(__file__).with_name("pack.schema.json")
NAME_PATTERN = "^[a-z][a-z0-9_]*$"
WORD_PATTERN = "^[a-z][a-z_]*$"  # a word of card text (the grammar's NAME: no digits)
# names and descriptions are shown on terminals: no control characters or escape sequences
TEXT_PATTERN = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]*$"
PROSE_PATTERN = "^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]*$"


def _obj(props: dict[str, Any], required: list[str] | None = None, desc: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": props}
    if required:
        out["required"] = required
    if desc:
        out["description"] = desc
    return out


def _int(desc: str, minimum: int | None = None, maximum: int = LIMITS.coins) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "integer", "description": desc}
    if minimum is not None:
        out["minimum"] = minimum
    out["maximum"] = maximum
    return out


def _text(desc: str, max_length: int = 200, min_length: int = 0, prose: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "string", "description": desc, "maxLength": max_length,
                           "pattern": PROSE_PATTERN if prose else TEXT_PATTERN}
    if min_length:
        out["minLength"] = min_length
    return out


def _names(desc: str, max_items: int = LIMITS.list_items) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "string", "pattern": NAME_PATTERN, "maxLength": 40},
            "description": desc, "maxItems": max_items}


def _str_or_list(desc: str, max_items: int = LIMITS.list_items) -> dict[str, Any]:
    one = {"type": "string", "minLength": 1, "maxLength": 200, "pattern": TEXT_PATTERN}
    return {"description": desc, "anyOf": [one, {"type": "array", "items": one, "maxItems": max_items}]}


EFFECT_DESC = ("Card-language effects joined by ';'. Effect words: "
               + ", ".join(sorted(EFFECTS)) + " (see docs/effects.md).")
COST_DESC = "Card-language cost, e.g. '2 stone, ore', '1 coin' or 'free'."
SIDES = ["left", "right"]
PASS_PATTERN = "^(left|right)( [1-9])?$"
PHASE_KINDS = [k for k in PHASES if k != "age"]  # the ages are built in


def _name(desc: str) -> dict[str, Any]:
    return {"type": "string", "pattern": NAME_PATTERN, "description": desc}


def _phase() -> dict[str, Any]:
    kinds = "; ".join(f"{k}: {PHASES[k].summary}" for k in PHASE_KINDS)
    return _obj({
        "name": {"type": "string", "minLength": 1, "description": "the phase's name, for messages"},
        "kind": {"enum": PHASE_KINDS, "description": f"what the phase does. {kinds}"},
        "at": {"enum": list(PHASE_TIMES), "description":
               "when it runs: at the start of the game, before or after each age, or at the end"},
        "ages": {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 1,
                 "description": "the ages an `at: before age` or `at: after age` phase runs in "
                                "(default: every age)"},
        "deck": _name("draft, reveal: the deck (one of the rules' `decks`) the cards are dealt "
                      "or revealed from"),
        "deal": _int("draft: cards dealt to each player; reveal, auction: cards turned face up (default 1); "
                     "market: cards in the row", 1),
        "pass": {"enum": SIDES, "description": "draft: the side the rest of each hand is passed to"},
        "hand": _name("the second hand the phase fills (draft, market) or plays from (recruit)"),
        "actions": {"type": "array", "items": {"enum": list(ACTIONS)}, "minItems": 1,
                    "description": "recruit: what a player may do with the card played: build it, "
                                   "build a wonder stage with it, sell it (default: all three)"},
        "sold": {"enum": ["box", "discard"], "description":
                 "recruit: where sold cards go: back to the box or onto the discard pile"},
        "rest": {"enum": list(REST), "description":
                 "recruit: what becomes of the hand's unplayed cards after the phase: keep "
                 "(default), box or discard; declare the phase twice with different `ages` to "
                 "treat the last age differently"},
    }, ["name", "kind", "at"], "one phase of the game besides the ages (a draft, a recruitment)")


def _seat() -> dict[str, Any]:
    k = SEAT_KEYS
    return _obj({
        "name": {"type": "string", "minLength": 1, "description": k["name"]},
        "players": {"type": "array", "items": _int("a player count", 1, LIMITS.players),
                    "minItems": 1, "description": k["players"]},
        "controller": {"enum": list(CONTROLLERS), "description": k["controller"]},
        "hand": {"enum": list(HANDS), "description": k["hand"]},
        "first_holder": {"type": "array", "items": {"enum": list(SEAT_SIDES)},
                         "maxItems": LIMITS.ages, "description": k["first_holder"]},
        "must_play": {"type": "boolean", "description": k["must_play"]},
        "coins": _int(k["coins"], 0),
    }, ["name", "players", "controller"], "a seat no player owns (a city of the ring that "
       "scores but cannot win), added at some player counts")


def build_schema() -> dict[str, Any]:
    rules = _obj({
        "players": _obj({"min": _int("fewest players", 1, LIMITS.players), "max": _int("most players", 1, LIMITS.players)},
                        desc="player counts the pack supports"),
        "ages": _int("number of ages", 1, LIMITS.ages),
        "hand_size": _int("cards dealt to each player per age; the last one is discarded", 2, LIMITS.hand_size),
        "starting_coins": _int("coins each player starts with", 0),
        "sell_coins": _int("coins for selling a card", 0),
        "trade_price": _int("coins per resource bought from a neighbour", 0),
        "pass": {"type": "array", "items": {"type": "string", "pattern": PASS_PATTERN}, "maxItems": LIMITS.ages,
                 "description": "hand passing direction for each age: left or right, or with a "
                                "distance in seats (`left 2`: to the second city on the left)"},
        "military": _obj({
            "victory": {"type": "array", "items": _int("victory token value", -LIMITS.coins),
                        "maxItems": LIMITS.ages,
                        "description": "victory token value for each age"},
            "defeat": _int("defeat token value", -LIMITS.coins)}, desc="war tokens"),
        "treasury": _int("coins per victory point at game end", 1),
        "science": _obj({"symbols": _names("science symbol names", LIMITS.symbols),
                         "set_bonus": _int("points per set of one of each symbol", 0)},
                        desc="science symbols and scoring"),
        "resources": {"type": "object", "description":
                      "resource classes (e.g. raw, manufactured), each a list of resource names",
                      "additionalProperties": _names("resources of this class", LIMITS.resources),
                      "maxProperties": LIMITS.resources,
                      "propertyNames": {"pattern": NAME_PATTERN}},
        "colors": _names("card colours", LIMITS.colors),
        "guilds": _obj({"color": {"type": "string", "pattern": NAME_PATTERN,
                                  "description": "the colour of guild cards"},
                        "extra": _int("guilds drawn = players + extra", 0, LIMITS.players)},
                       desc="guild cards: drawn at random into the last age"),
        "hand_sizes": {"type": "object", "description":
                       "cards dealt per age at some player counts, where it differs from "
                       "`hand_size` (e.g. `{8: 7}`)",
                       "additionalProperties": _int("cards per hand at this player count", 2)},
        "draws": {"type": "array", "description":
                  "cards of a colour without player counts drawn at random into age decks "
                  "(besides the guilds): `per_player` x players + `extra`",
                  "items": _obj({"color": {"type": "string", "pattern": NAME_PATTERN,
                                           "description": "the colour of the cards drawn"},
                                 "per_player": _int("cards drawn per player", 0),
                                 "extra": _int("cards drawn besides", 0),
                                 "ages": {"type": "array", "items": {"type": "integer", "minimum": 1},
                                          "description": "the ages whose decks get them (default all)"}},
                                ["color"], "one kind of drawn card")},
        "tokens": {"type": "object", "description":
                   "token kinds besides the conflict tokens (debt, diplomacy, ...), by name",
                   "propertyNames": {"pattern": NAME_PATTERN},
                   "additionalProperties": _obj({
                       "vp": _int("points each token is worth at game end (negative for a loss)"),
                       "line": {"type": "string", "pattern": NAME_PATTERN,
                                "description": "the score-pad line its points go on"},
                       "sit_out": {"type": "boolean", "description":
                                   "a city holding one sits out the next conflict and gives it back"}},
                       desc="one token kind")},
        "tracks": {"type": "object", "maxProperties": LIMITS.tracks, "description":
                   "per-city tracks, by name: each city's marker moves one step on with `advance "
                   "NAME`; reaching a step applies its reward once",
                   "propertyNames": {"pattern": NAME_PATTERN},
                   "additionalProperties": _obj({
                       "steps": {"type": "array", "minItems": 1, "maxItems": LIMITS.track_steps,
                                 "items": {"type": "string", "minLength": 1, "maxLength": LIMITS.text_chars},
                                 "description": "each step's reward, an effect in the card language "
                                                "(`coins 2`, `tokens 1 naval; vp 1`)"},
                       "line": {"type": "string", "pattern": NAME_PATTERN, "description":
                                "the score-pad line of the rewards' points (default civilian)"}},
                       ["steps"], "one track")},
        "track_conflicts": {"type": "object", "maxProperties": LIMITS.tracks, "description":
                            "conflicts at the end of every age of every city against every other, "
                            "by name: the strongest take a victory token, the weakest a defeat token",
                            "propertyNames": {"pattern": NAME_PATTERN},
                            "additionalProperties": _obj({
                                "strength": {"type": "string", "description":
                                             "a city's strength: a count of the card language "
                                             "(a declared token kind, blue cards in self, left, ...) "
                                             "or shields"},
                                "victory": {"type": "array", "maxItems": LIMITS.ages,
                                            "items": _int("victory token value", -LIMITS.coins),
                                            "description": "the strongest cities' token value, per age"},
                                "defeat": {"type": "array", "maxItems": LIMITS.ages,
                                           "items": _int("defeat token value", -LIMITS.coins),
                                           "description": "the weakest cities' token value, per age"}},
                                ["strength", "victory", "defeat"], "one conflict along a track")},
        "teams": {"enum": ["neighbours", "opposite"], "description":
                  "the team variant: with 4, 6 or 8 players, partners (the two seats "
                  "side by side, or across the table) add their scores and win or lose together"},
        "team_conflicts": {"enum": ["twice", "normal"], "description":
                           "partners side by side (`teams: neighbours`) at an age's end: `twice` (the "
                           "default) they do not fight each other and each fights its other neighbour "
                           "twice, a sit-out token given back making it once; `normal`: as any two cities"},
        "debt": {"type": "string", "pattern": NAME_PATTERN, "description":
                 "the token kind a city takes for each coin of a loss it does not pay"},
        "categories": {"type": "object", "description":
                       "score-pad line for each card colour's victory points; a key is a line of "
                       "the score pad (one of `score_lines`)",
                       "propertyNames": {"pattern": NAME_PATTERN},
                       "additionalProperties": _names("colours counted on this line", LIMITS.colors),
                       "maxProperties": 20},
        "score_lines": _names("the lines of the score pad, in order (e.g. military, treasury, "
                              "wonder, civilian, commercial, guilds, science, heroes)"),
        "decks": _names("decks besides the age decks (e.g. heroes); a card with `deck:` belongs to one"),
        "scored_hands": _names("second hands (filled by a draft) whose cards, still there at the game's "
                               "end, score their points for their holder as if built (secret objectives)"),
        "phases": {"type": "array", "items": {"$ref": "#/$defs/phase"},
                   "description": "phases besides the ages, in the order they run at the same time"},
        "seats": {"type": "array", "items": {"$ref": "#/$defs/seat"}, "maxItems": LIMITS.players,
                  "description": "seats no player owns, added to the ring at some player counts"},
        "tower": _obj({
            "visible": {"anyOf": [_int("tiles visible at every player count", 1, 20),
                                  {"type": "object", "additionalProperties": _int("tiles visible", 1, 20)}],
                        "description": "how many of the most recent tiles are visible (their laws hold): "
                                       "a number, or one per player count (`{3: 3, 5: 4}`)"},
            "draw": _int("tiles each player draws at random at the start", 1, 20),
            "points": {"type": "array", "items": _int("points", -LIMITS.coins), "maxItems": 20,
                       "description": "points for 1, 2, 3, ... tiles placed (the last value for more)"},
            "line": {"type": "string", "pattern": NAME_PATTERN,
                     "description": "the score-pad line of those points (default wonder)"},
            "tiles": {"type": "array", "minItems": 1, "maxItems": 200, "description": "the law tiles",
                      "items": _obj({"name": _text("the tile's name"),
                                     "effect": _text("its law: `rule` changes, holding for every "
                                                     "city while the tile is visible", LIMITS.text_chars)},
                                    ["name", "effect"], "one law tile")}},
            ["tiles"], "a law tower: a hand card spent like a sale places a tile; the visible tiles' "
            "laws hold for every city"),
    }, desc="the game's rules parameters; a pack that extends another overrides only what it names")
    stage = _obj({"cost": _text(COST_DESC, LIMITS.text_chars),
                  "effect": _text(EFFECT_DESC, LIMITS.text_chars, 1, prose=True),
                  "copy": {"enum": ["left", "right"], "description":
                           "instead of a cost and an effect: the cost and reward of the stage with the "
                           "same number on that neighbour's board (none there: it cannot be built)"}},
                 None, "one wonder stage: its cost and effect, or `copy` of a neighbour's stage")
    stage["anyOf"] = [{"required": ["effect"]}, {"required": ["copy"]}]
    side = _obj({"alias": _text("another name, e.g. Day or Night"),
                 "resource": {"type": "string", "pattern": NAME_PATTERN,
                              "description": "the board's starting resource"},
                 "effect": {"type": "string", "minLength": 1, "description":
                            "effects of the board itself, in play from the start: a power instead "
                            "of or besides the starting resource. " + EFFECT_DESC},
                 "stages": {"type": "array", "items": {"$ref": "#/$defs/stage"}, "minItems": 1,
                            "maxItems": LIMITS.stages,
                            "description": "the wonder stages, built in the printed order unless "
                                           "`stage_order: any`"},
                 "stage_order": {"enum": ["printed", "any"], "description":
                                 "printed (the default): the stages are built in the order listed; "
                                 "any: its owner chooses which unbuilt stage each card goes under"}},
                ["stages"], "one side of a wonder board: a starting resource, a board effect or both")
    side["anyOf"] = [{"required": ["resource"]}, {"required": ["effect"]}]
    wonder = _obj({"name": _text("the wonder's name", 100, 1),
                   "replace": {"type": "boolean", "description":
                               "replace the wonder of the same name from an extended pack"},
                   "sides": {"type": "object", "description": "the board's sides, A (Day) and B (Night)",
                             "properties": {"A": {"$ref": "#/$defs/side"}, "B": {"$ref": "#/$defs/side"}},
                             "additionalProperties": False, "minProperties": 1}},
                  ["name", "sides"], "a wonder board")
    card = _obj({
        "name": _text("the card's name, unique in the pack", 100, 1),
        "age": _int("the age whose deck holds it (or `deck:` for another deck)", 1, LIMITS.ages),
        "deck": _name("the deck that holds it, one of the rules' `decks` (instead of `age:`; "
                      "every card of such a deck is used)"),
        "color": {"type": "string", "pattern": NAME_PATTERN, "description": "the card's colour"},
        "players": {"description": "minimum player count of each copy; omitted for guilds",
                    "anyOf": [{"type": "array", "items": {"type": "integer", "minimum": 1,
                                                              "maximum": LIMITS.players},
                               "minItems": 1, "maxItems": 20}, {"type": "null"}]},
        "cost": _text(COST_DESC, LIMITS.text_chars),
        "chains_from": _str_or_list("cards of earlier ages that make this one free"),
        "chains_to": _str_or_list("cards of later ages this one makes free"),
        "upgrades": _text("a card of the builder's city this one is built over and replaces; "
                          "the old card's cost is credited (an upgrade)", 200, 1),
        "effect": _text(EFFECT_DESC, LIMITS.text_chars, 1, prose=True),
        "replace": {"type": "boolean", "description":
                    "replace the card of the same name from an extended pack"},
    }, ["name", "color", "effect"], "an age card, a guild, or a card of another deck")
    card["oneOf"] = [{"required": ["age"]}, {"required": ["deck"]}]  # an age or a deck, not both
    manifest = _obj({
        "name": {"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]*$", "maxLength": 60,
                 "description": "the pack's name"},
        "version": _text("the pack's version", 40),
        "description": _text("what the pack is", 2000, prose=True),
        "extends": _str_or_list("packs this one builds on: shipped names or relative paths", LIMITS.extends_depth),
        "remove": _str_or_list("names of cards or wonders of extended packs to leave out"),
        "plugins": _str_or_list("Python modules (files NAME.py in the pack folder) that add effect words; "
                                 "run only with the user's consent (--allow-plugins)", 20),
        "uses": _str_or_list("effect words this pack takes from installed plug-ins (`wonders.effects` "
                              "entry points); loaded only with the user's consent (--allow-plugins)", 20),
        "rules": {"$ref": "#/$defs/rules"},
        "words": {"type": "array", "items": {"$ref": "#/$defs/word"}, "maxItems": LIMITS.words,
                  "description": "effect words this pack defines from the card language; cards, stages "
                                 "and packs extending this one use them like any word (`tithe 2`)"},
    }, ["name"], "a pack's manifest, pack.yaml")
    word = _obj({
        "name": {"type": "string", "pattern": WORD_PATTERN, "maxLength": 40,
                 "description": "the word, as card text writes it (lower-case letters and _)"},
        "params": {"type": "object", "maxProperties": 8, "propertyNames": {"pattern": WORD_PATTERN},
                   "additionalProperties": {"enum": list(PARAM_KINDS), "description": "; ".join(
                       f"{k}: {v}" for k, v in PARAM_KINDS.items())},
                   "description": "the word's parameters in the order a use writes them, each with "
                                  "its kind (`{n: int, who: sides}`)"},
        "english": _text("what the word does in plain English, each parameter written `{name}` "
                         "(`Take {n} coins.`): what `wonders explain` and card faces say", LIMITS.text_chars, 1,
                         prose=True),
        "body": _text("what the word does, in card text (effects joined by ';'), each parameter written "
                      "`{name}` (`coins {n}; vp 1`); it may use the pack's other words. " + EFFECT_DESC,
                      LIMITS.text_chars, 1, prose=True),
        "doc": _text("a note on the word for the pack's readers", 2000, prose=True),
    }, ["name", "english", "body"], "one word a pack defines: a use reads as its body, its arguments "
       "filled in")
    content = _obj({
        "cards": {"type": "array", "items": {"$ref": "#/$defs/card"}, "maxItems": LIMITS.cards,
                  "description": "age cards and guilds"},
        "wonders": {"type": "array", "items": {"$ref": "#/$defs/wonder"}, "maxItems": LIMITS.wonders,
                    "description": "wonder boards"},
        "projects": {"type": "array", "items": {"$ref": "#/$defs/project"}, "maxItems": LIMITS.ages,
                     "description": "shared projects every city may join when it builds a wonder "
                                    "stage (one per age)"},
    }, desc="a card file: cards, wonders and/or projects")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "7 Wonders card pack file",
        "description": "pack.yaml (a manifest, with `name`) or a card file (with `cards`/`wonders`)",
        "if": {"type": "object", "required": ["name"]},
        "then": {"$ref": "#/$defs/manifest"},
        "else": {"$ref": "#/$defs/content"},
        "$defs": {"manifest": manifest, "content": content, "rules": rules, "phase": _phase(), "seat": _seat(),
                  "card": card, "wonder": wonder, "side": side, "stage": stage, "word": word,
                  "project": project_schema(_text, _int, LIMITS.players, LIMITS.ages, LIMITS.text_chars)},
    }


def schema_json() -> str:
    return json.dumps(build_schema(), indent=2) + "\n"


def write_schema(path: Path = SCHEMA_PATH) -> None:
    path.write_text(schema_json(), encoding="utf-8")


if __name__ == "__main__":  # python -m dsl.schema regenerates the committed file
    write_schema()
