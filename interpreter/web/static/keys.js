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
document.addEventListener("htmx:afterSwap", function () {
  var first = document.querySelector("#game [data-move]");
  if (first) first.focus();
});
