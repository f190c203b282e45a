#!/bin/sh
# How docs/img/editor-neovim.png was taken: Neovim (Debian's 0.7) with editors/neovim/wonders.lua
# in an xterm under Xvfb, on a copy of examples/designer-ideas with `red` misspelt `rde`; the
# cursor is put on an effect and hover asked for, then the screen is captured.
# Needs: apt-get install -y neovim xvfb xterm imagemagick; `wonders` on PATH with the lsp extra.
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
demo=$(mktemp -d)
cp -r "$root/examples/designer-ideas/." "$demo/"
sed -i '9s/build red card/build rde card/' "$demo/cards.yaml"
cat > "$demo/init.lua" <<LUA
dofile("$here/wonders.lua")
vim.opt.number = true
vim.cmd("highlight NormalFloat ctermbg=236 ctermfg=252")
vim.cmd("highlight FloatBorder ctermbg=236 ctermfg=245")
vim.lsp.handlers["textDocument/hover"] = vim.lsp.with(vim.lsp.handlers.hover, { border = "rounded", max_width = 84 })
vim.defer_fn(function() vim.api.nvim_win_set_cursor(0, { 16, 15 }) end, 9000)
vim.defer_fn(function() vim.lsp.buf.hover() end, 10000)
LUA
Xvfb :57 -screen 0 1280x720x24 & xvfb=$!
sleep 2
cd "$demo"
DISPLAY=:57 xterm -tn xterm-256color -geometry 150x40+0+0 -fa 'DejaVu Sans Mono' -fs 11 \
    -bg '#1e1e1e' -fg '#d4d4d4' -e nvim -u "$demo/init.lua" cards.yaml & term=$!
sleep 14
DISPLAY=:57 import -window root "$demo/shot.png"
convert "$demo/shot.png" -colors 64 "PNG8:$root/docs/img/editor-neovim.png"
kill $term $xvfb
