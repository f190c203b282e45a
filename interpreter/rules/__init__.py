"""The rules: what a card does and what things cost, with no idea of turns.

A compiled pack (compiled.py), its effect handlers (effects/), the cities on the table
(city.py), payment and pricing, legal moves and refusals (moves.py), counting, science and
scoring. Imports only dsl/ and its own modules (docs/architecture.md).
"""
