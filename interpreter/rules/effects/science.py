"""`science`: a science symbol, or a wild one (one of several, any, one more of the most
common, or one symbol swapped for any): wilds are settled at game end (rules/science.py).
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.effects.base import Builder, handles
from interpreter.rules.science import MOST, SWAP


@handles("science", "symbols")
def _science(n: A.Science, b: Builder, ix: Any) -> None:
    if n.symbols == ("any",):
        b.science_wild.append(tuple(range(len(ix.sym))))
    elif n.symbols == ("most",):
        b.science_wild.append((MOST,))
    elif n.symbols == ("swap",):
        b.science_wild.append((SWAP,))
    elif len(n.symbols) > 1:
        b.science_wild.append(tuple(ix.sym[s] for s in n.symbols))
    else:
        b.science[ix.sym[n.symbols[0]]] += 1
