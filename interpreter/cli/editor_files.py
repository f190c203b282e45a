"""The editor settings `wonders new` writes into a pack folder, so the card text is checked,
explained and completed as it is typed (`wonders lsp`; docs/editor.md): VS Code's workspace
settings (with the editors/vscode client, or any generic LSP client extension), Helix's
project languages, and Neovim's project file (read when 'exrc' is on)."""
from __future__ import annotations

import json
from pathlib import Path

VSCODE = json.dumps({
    "wonders.command": ["wonders", "lsp"],
    "yaml.schemas": {"./pack.schema.json": ["pack.yaml", "*.yaml"]},
}, indent=2) + "\n"

HELIX = """# `wonders lsp` beside the YAML language server (Helix 23.10 or later; docs/editor.md)
[language-server.wonders]
command = "wonders"
args = ["lsp"]

[[language]]
name = "yaml"
language-servers = ["yaml-language-server", "wonders"]
"""

NEOVIM = """-- `wonders lsp` on this pack's YAML files (Neovim 0.8 or later, with `:set exrc`;
-- docs/editor.md has the full set-up with keys, editors/neovim/wonders.lua)
vim.api.nvim_create_autocmd("FileType", {
  pattern = "yaml",
  callback = function(args)
    local dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ":p:h")
    if vim.fn.filereadable(dir .. "/pack.yaml") == 1 then
      vim.lsp.start({ name = "wonders", cmd = { "wonders", "lsp" }, root_dir = dir })
    end
  end,
})
"""

FILES = {".vscode/settings.json": VSCODE, ".helix/languages.toml": HELIX, ".nvim.lua": NEOVIM}


def write_editor_files(folder: Path) -> list[str]:
    """Write the settings into `folder`; the names written."""
    for name, text in FILES.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return list(FILES)
