"""Who decides: what a seat may know (observations), the bots, the search bot and its
determinization, the terminal human, and the Game that asks them at each decision.
Imports game/, rules/, native/ and dsl/ (docs/architecture.md).
"""
