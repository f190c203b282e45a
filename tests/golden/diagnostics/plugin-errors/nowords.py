"""A plug-in that forgot to list its words in PLUGIN_EFFECTS."""
from dsl.registry import Param, PluginSpec

EFFECTS = [PluginSpec(word="levy", params=(Param("amount", "int", "coins"),), summary="Levy coins.",
                      example="levy 1", english=lambda args: f"Levy {args[0]}.")]
