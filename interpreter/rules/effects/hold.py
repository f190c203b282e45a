"""The hold primitive: what a city holds while the source holds (its card stands, its stage is
built), folded into the city's fast path (rules/contribution.py): fixed or either/or production,
tradable or not; shields; science symbols and wild ones, wilds settled at game end
(rules/science.py). The flat forms of `produce`, `shields` and `science` are definitions over it
(dsl/definitions.py); this module is all the Python engine runs of them. (Their other forms are
hooks their own modules keep: production that follows the city's own or is given to other cities,
shields counted anew at each conflict or other cities' shields.)
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.effects.base import Builder, handles
from interpreter.rules.science import MOST, SWAP


@handles("hold", "resources", "choice", "tradable", "shields", "symbols")
def _hold(n: A.Hold, b: Builder, ix: Any) -> None:
    if n.resources and n.choice:  # `wood/wood` is one wood: a resource named twice is one choice
        options = tuple(dict.fromkeys(ix.res[r] for r, _ in n.resources))
        (b.choices if n.tradable else b.choices_private).append(options)
    elif n.resources:
        vec = b.fixed if n.tradable else b.fixed_private
        for r, k in n.resources:
            vec[ix.res[r]] += k
    b.shields += n.shields
    symbols = n.symbols
    if symbols == ("any",):
        b.science_wild.append(tuple(range(len(ix.sym))))
    elif symbols == ("most",):
        b.science_wild.append((MOST,))
    elif symbols == ("swap",):
        b.science_wild.append((SWAP,))
    elif len(symbols) > 1:
        b.science_wild.append(tuple(ix.sym[s] for s in symbols))
    elif symbols:
        b.science[ix.sym[symbols[0]]] += 1
