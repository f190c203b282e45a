"""Simulation at scale: seeded games on many cores, streaming statistics, reports."""
