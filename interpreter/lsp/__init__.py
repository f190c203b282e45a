"""`wonders lsp`: a language server for card packs (the `lsp` extra, on pygls).

One module per job: `packs` checks the pack a file belongs to with the editor's unsaved texts
laid over the disk; `locate` finds the card text, card name or word under the cursor; `explain`
answers hover, `complete` completion, `define` go to definition, `fmt` formatting; `server`
wires them to the protocol. Only `server` imports pygls, so the rest is plain Python."""
