-- Neovim's built-in LSP client for 7 Wonders card packs: `wonders lsp` on every YAML file of a
-- folder holding a pack.yaml. Works on Neovim 0.7 and later. Load it from your init.lua:
--   dofile("/path/to/editors/neovim/wonders.lua")
-- or copy it to ~/.config/nvim/plugin/wonders.lua. Keys in pack files: K hover, gd go to
-- definition, <leader>f format card text, <leader>a quick fix, ]d / [d next / previous problem.
local cmd = { "wonders", "lsp" }
local clients = {} -- one server per pack folder (Neovim 0.7 has no vim.lsp.start)

local function keys(buf)
  vim.bo[buf].omnifunc = "v:lua.vim.lsp.omnifunc" -- completion with <C-x><C-o>
  local map = function(lhs, rhs) vim.keymap.set("n", lhs, rhs, { buffer = buf, silent = true }) end
  map("K", vim.lsp.buf.hover)
  map("gd", vim.lsp.buf.definition)
  map("<leader>a", vim.lsp.buf.code_action)
  map("<leader>f", function()
    if vim.lsp.buf.format then vim.lsp.buf.format() else vim.lsp.buf.formatting() end
  end)
  map("]d", vim.diagnostic.goto_next)
  map("[d", vim.diagnostic.goto_prev)
end

local function attach(args)
  local buf = args.buf
  local dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ":p:h")
  if vim.fn.filereadable(dir .. "/pack.yaml") == 0 then
    return -- not a pack file
  end
  local config = { name = "wonders", cmd = cmd, root_dir = dir }
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = buf })
  else
    if not clients[dir] then
      clients[dir] = vim.lsp.start_client(config)
    end
    vim.lsp.buf_attach_client(buf, clients[dir])
  end
  keys(buf)
end

vim.api.nvim_create_autocmd("FileType", { pattern = "yaml", callback = attach })
