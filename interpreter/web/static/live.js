// A shared table's page (its #game) and the host's list of tables (#hosted) stay current by
// asking the server whether they changed (204: no; 200: the new part, swapped in). While the server cannot be reached the page says "reconnecting",
// greys out its choices and asks again less and less often (1 s, 2 s, 4 s ... 15 s), then
// resumes by itself. A link the server no longer knows (a deleted table) stops the polling
// and says so. Nothing is written to the console: the banner tells the state.
(function () {
  var MAX_WAIT = 15000;
  var wait = 0, timer = null, state = "live";
  function game() { return document.querySelector("[data-poll]"); }
  function banner(text) {
    var b = document.getElementById("link-state");
    if (!b) return;
    b.textContent = text;
    b.hidden = !text;
  }
  function choices(on) {
    document.querySelectorAll("[data-poll] button, #chat-form button").forEach(function (b) { b.disabled = !on; });
  }
  function become(next, text) {
    if (next !== state) {  // one change of the page per change of state
      state = next;
      document.body.dataset.link = next;
    }
    banner(text);
    choices(next === "live");
  }
  function later(ms) { clearTimeout(timer); timer = setTimeout(poll, ms); }
  function interval() { var g = game(); return parseInt((g && g.dataset.pollMs) || "1000", 10); }
  function swap(html) {
    var old = game();
    var box = document.createElement("div");
    box.innerHTML = html.trim();
    var fresh = old && box.querySelector("#" + old.id);
    if (!fresh) return;
    var opened = {};  // panels with an id (a table's links on the host's page) stay as they were
    old.querySelectorAll("details[id]").forEach(function (d) { opened[d.id] = d.open; });
    var table = old.id === "game";
    if (table && window.keepPanels) keepPanels();
    old.replaceWith(fresh);
    fresh.querySelectorAll("details[id]").forEach(function (d) { if (d.id in opened) d.open = opened[d.id]; });
    if (window.htmx) htmx.process(fresh);
    if (table && window.restorePanels) restorePanels(true);
  }
  function online() {
    if (state !== "live") become("live", "");
    wait = 0;
    later(interval());
  }
  function offline() {
    wait = wait ? Math.min(wait * 2, MAX_WAIT) : 1000;
    become("offline", "Reconnecting\u2026 the server cannot be reached; trying again in " +
           Math.round(wait / 1000) + " s. Your choices come back when it answers.");
    later(wait);
  }
  function gone() {
    clearTimeout(timer);
    become("gone", "This table is no longer here (its host deleted it, or it expired).");
  }
  function poll() {
    var g = game();
    if (!g || !g.dataset.poll || state === "gone") return;
    fetch(g.dataset.poll, {headers: {"HX-Request": "true"}, cache: "no-store", credentials: "same-origin"})
      .then(function (r) {
        if (r.status === 204) return online();
        if (r.status === 200) return r.text().then(function (t) { swap(t); online(); });
        if (r.status === 403 || r.status === 404 || r.status === 410) return gone();
        offline();  // a server error: try again later, as when it is down
      }, offline);
  }
  // a choice posted while the server is down: the same "reconnecting", and a poll soon
  document.addEventListener("htmx:sendError", function () { if (state === "live") offline(); });
  document.addEventListener("htmx:responseError", function (e) {
    var s = e.detail && e.detail.xhr ? e.detail.xhr.status : 0;
    if (s === 403) gone(); else if (s >= 500) offline();
  });
  document.body.dataset.link = state;
  later(interval());
})();
