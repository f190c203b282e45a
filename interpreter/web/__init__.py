"""`wonders serve`: play in the browser against bots, or replay a game log (the `web` extra)."""
