"""The shipped card packs: data only. Each sub-folder holding a pack.yaml is a pack
(found by dsl.packref through importlib.resources, so an installed wheel finds them)."""
