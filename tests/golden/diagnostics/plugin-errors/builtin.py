"""A plug-in defining a word the card language already has."""
from dsl.registry import Param, PluginSpec

PLUGIN_EFFECTS = [PluginSpec(word="vp", params=(Param("amount", "int", "points"),), summary="Points.",
                             example="vp 1", english=lambda args: f"{args[0]} points.")]
