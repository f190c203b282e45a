// Keyboard use: digits go to a card's first choice, arrows step a replay; Tab/Enter do the rest.
document.addEventListener("keydown", function (e) {
  if (e.ctrlKey || e.altKey || e.metaKey) return;
  if (/^[1-9]$/.test(e.key)) {
    var card = document.getElementById("card-" + e.key);
    var first = card && card.querySelector("[data-move]");
    if (first) { first.focus(); e.preventDefault(); }
  } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
    var link = document.querySelector(e.key === "ArrowLeft" ? "nav.replay .prev" : "nav.replay .next");
    if (link) { link.click(); e.preventDefault(); }
  }
});
// A page that polls is swapped whole: the panels a reader opened or closed stay so.
function panelKey(d) {
  var host = d.parentElement && d.parentElement.closest("[id]");
  var label = d.closest("[aria-label]");
  var summary = d.querySelector("summary");
  return (host ? host.id : "") + "|" + (label ? label.getAttribute("aria-label") : "") + "|" +
    (d.id || (summary ? summary.textContent.trim().slice(0, 40) : ""));
}
var panels = null;
function keepPanels() {
  panels = {};
  document.querySelectorAll("#game details").forEach(function (d) { panels[panelKey(d)] = d.open; });
}
function restorePanels(polled) {
  if (panels) {
    document.querySelectorAll("#game details").forEach(function (d) {
      var k = panelKey(d);
      if (k in panels) d.open = panels[k];
    });
  }
  // after one's own move the first choice takes the focus; a poll's swap does not scroll the
  // page, nor take the focus from something outside the game (the chat box)
  var first = document.querySelector("#game [data-move]");
  var away = document.activeElement && document.activeElement !== document.body &&
    !document.activeElement.closest("#game");
  if (first && !(polled && away)) first.focus({preventScroll: polled});
}
document.addEventListener("htmx:beforeSwap", keepPanels);
document.addEventListener("htmx:afterSwap", function (e) {
  if (e.detail && e.detail.target && e.detail.target.id === "link-state") return;
  var polled = e.detail && e.detail.requestConfig && e.detail.requestConfig.verb === "get";
  restorePanels(polled);
});
