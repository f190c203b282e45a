"""The machine that runs card packs: compiled effects, game core, bots, CLI."""
