"""How a game advances: the schedule of phases, seats, the turn's resolution, conflicts,
losses and debt, the end-of-turn builds, the position and its clone, the record of who saw
what, and the random streams. Imports rules/ and dsl/ only; it never asks a bot: the players'
layer (interpreter/players/) does (docs/architecture.md).
"""
