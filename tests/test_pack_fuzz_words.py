"""The pack fuzzer (tests/pack_fuzz.py) draws every effect word of the registry: its table of
words is the registry's (a new word cannot be forgotten there), and each word's texts parse to
that word, so every construct reaches the differential between the cores."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import Phase, find, given, settings, strategies as st

import pack_fuzz
from dsl import ast as A
from dsl.parser import parse_effects
from dsl.registry import EFFECTS
from dsl.vocab import BASE_VOCABULARY

# the vocabulary of a pack with every optional thing the fuzzer declares: token kinds (Cities),
# a second deck (Leaders), two tracks
FULL = replace(BASE_VOCABULARY, decks=("leaders",), tokens=("debt", "diplomacy"), tracks=pack_fuzz.TRACKS)


def test_the_fuzzer_draws_every_registry_word() -> None:
    assert sorted(pack_fuzz.WORDS) == sorted(EFFECTS)
    assert set(pack_fuzz.NEEDS) <= set(EFFECTS)


@settings(max_examples=60, deadline=None, database=None)
@given(st.data())
def test_each_word_s_texts_parse_to_that_word(data: st.DataObject) -> None:
    for word in pack_fuzz.WORDS:
        text = data.draw(pack_fuzz.word_text(word, True, ("leaders",), 2), label=word)
        first = parse_effects(text, FULL)[0]
        if isinstance(first, A.Trigger) and word != "when":  # `advance sea when build ...`
            first = first.effect
        assert type(first) is EFFECTS[word].node, (word, text)


@settings(max_examples=200, deadline=None, database=None)
@given(st.data())
def test_a_pack_without_deck_tracks_or_triggers_draws_only_words_it_can_hold(data: st.DataObject) -> None:
    text = data.draw(pack_fuzz.effect(False, (), 0, False))
    (first, *_) = parse_effects(text, BASE_VOCABULARY)
    assert not isinstance(first, (A.Trigger, A.Draw, A.Bury, A.Advance)), text


# how each construct only some of the fuzzer's packs carry shows in a compiled pack
CARRIES = {"state costs": lambda cp: bool(cp.state_costs),
           "upgrades": lambda cp: any(c.upgrades for c in cp.cards),
           "scored hands": lambda cp: bool(cp.rules.scored_hands),
           **{kind: (lambda k: lambda cp: any(p.kind == k for p in cp.rules.phases))(kind)
              for kind in ("reveal", "auction", "market")}}


@pytest.mark.parametrize("construct", pack_fuzz.EXTRAS)
def test_the_fuzzer_writes_a_valid_pack_with_each_construct(construct: str, tmp_path) -> None:
    """Each construct only some packs carry reaches the fuzzer's packs in a form `validate`
    accepts (a generator fault would only ever write refused packs, and nothing would be
    played), and such a pack is left to Python when the native core declines the construct
    (the table's decks), or lowered for both cores (the rest)."""
    from dsl.diagnostics import PackError
    from dsl.loader import load_pack
    from interpreter.native import NotNative, lower
    from interpreter.rules.compiled import compile_pack
    assert sorted(CARRIES) == sorted(pack_fuzz.EXTRAS)
    count = iter(range(10**6))

    def carries_it(pack: tuple[str, str]) -> bool:
        folder = pack_fuzz.write(tmp_path / str(next(count)), pack)
        try:
            cp = compile_pack(load_pack(folder))
        except PackError:
            return False
        return CARRIES[construct](cp)
    found = find(pack_fuzz.packs(construct), carries_it,
                 settings=settings(max_examples=60, database=None, phases=[Phase.generate], deadline=None))
    cp = compile_pack(load_pack(pack_fuzz.write(tmp_path / "found", found)))
    if construct in pack_fuzz.PYTHON_ONLY:
        with pytest.raises(NotNative):
            lower(cp)
    else:
        try:
            lower(cp)
        except NotNative as e:  # declined, but not for the construct itself
            assert construct.split()[0].rstrip("s") not in str(e), e
