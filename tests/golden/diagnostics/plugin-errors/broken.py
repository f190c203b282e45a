"""A plug-in with a bug: importing it fails."""
from dsl.registry import Param, PluginSpec

PLUGIN_EFFECTS = [PluginSpec(word="levy", params=(Parm("amount", "int", "coins"),), summary="Levy coins.",
                             example="levy 1", english=lambda args: f"Levy {args[0]} coins.")]
