// The ranked page: choose a game and a deck, wait in the queue for an
// opponent of similar rating, then go to the table.
import {el, api, fixText} from "./common.js";
import {t, loadWords} from "./i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];
let polling = 0;

function minutes(s) { return s % 60 === 0 ? t("ranked.minutes", {n: s / 60}) : t("ranked.seconds", {n: s}); }

function ratingText(r) {
  const args = {rating: Math.round(r.rating), deviation: Math.round(r.deviation), n: r.games};
  return r.games === 0 ? t("ranked.rating_new", args) : t("ranked.rating", args);
}

function clockText(c) {
  return t("ranked.clock", {bank: minutes(c.bank_s), move: minutes(c.per_move_s), grace: minutes(c.grace_s)});
}

function currentGame() { return games.find((g) => g.id === $("game").value); }

function drawDecks() {
  const g = currentGame();
  $("deck").replaceChildren(...g.presets.map((p) => el("option", {value: p}, p)), el("option", {value: "*paste"}, t("ranked.paste")));
  $("list").hidden = $("deck").value !== "*paste";
  $("board-link").href = `/leaderboard/${g.id}`;
}

/** show draws the page for a queue status. */
function show(st) {
  $("queue-panel").hidden = st.state !== "idle";
  $("waiting").hidden = st.state !== "queued";
  $("my-rating").textContent = ratingText(st.rating);
  $("clock").textContent = clockText(st.clock);
  clearTimeout(polling);
  if (st.state === "queued") {
    $("waiting-text").textContent = t("ranked.waiting", {seconds: Math.round(st.waiting_s), window: Math.round(st.window)});
    polling = setTimeout(() => refresh().catch(showError), 1500);
  }
  if (st.state === "playing") {
    $("waiting").hidden = false;
    $("waiting-text").textContent = t("ranked.found", {opponent: st.match.opponent});
    location.assign(st.match.play);
  }
}

function showError(err) {
  $("errors").replaceChildren(err.message, ...(err.problems || []).map((p) =>
    el("div", {}, p.line ? t("ranked.problem_line", {line: p.line}) : "", p.message, fixText(p.fix))));
  $("queue-panel").hidden = false;
}

async function refresh() {
  show(await api(`/api/ranked/${currentGame().id}/queue`));
}

async function start() {
  await loadWords();
  document.title = t("ranked.page_title");
  try {
    await api("/api/me");
  } catch {
    $("signed-out").hidden = false;
    return;
  }
  games = (await api("/api/catalog")).games.filter((g) => g.min_seats <= 2 && g.max_seats >= 2);
  const wanted = new URLSearchParams(location.search).get("game");
  $("game").replaceChildren(...games.map((g) => el("option", {value: g.id, selected: g.id === wanted}, g.name)));
  drawDecks();
  $("game").addEventListener("change", () => { drawDecks(); refresh().catch(showError); });
  $("deck").addEventListener("change", () => { $("list").hidden = $("deck").value !== "*paste"; });
  $("queue-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("errors").replaceChildren();
    const deck = $("deck").value === "*paste" ? {list: $("list").value} : {preset: $("deck").value};
    try {
      show(await api(`/api/ranked/${currentGame().id}/queue`, deck));
    } catch (err) { showError(err); }
  });
  $("leave").addEventListener("click", async () => {
    try {
      show(await api(`/api/ranked/${currentGame().id}/queue`, {}, "DELETE"));
    } catch (err) { showError(err); }
  });
  await refresh();
}

start().catch(showError);
