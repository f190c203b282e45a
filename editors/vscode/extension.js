// The smallest client: start `wonders lsp` for YAML files; the server answers only in folders
// holding a pack.yaml. Install: `npm install` here, then link or copy this folder into
// ~/.vscode/extensions/wonders-cards (or package it with `npx @vscode/vsce package`).
const { workspace } = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

exports.activate = function activate() {
  const [command, ...args] = workspace.getConfiguration("wonders").get("command");
  client = new LanguageClient("wonders", "7 Wonders card packs", { command, args }, {
    documentSelector: [{ scheme: "file", language: "yaml" }],
  });
  return client.start();
};

exports.deactivate = function deactivate() {
  return client ? client.stop() : undefined;
};
