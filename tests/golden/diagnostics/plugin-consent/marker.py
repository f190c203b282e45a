# Never imported without consent: importing it would write a marker file.
from pathlib import Path
Path(__file__).with_name("IMPORTED").write_text("imported\n")
PLUGIN_EFFECTS = []
