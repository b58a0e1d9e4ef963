// The ranked page: choose a game and a deck, wait in the queue for an
// opponent of similar rating, then go to the table.
import {el, api} from "./common.js";

// Every word the page shows, in one place so that it can be translated.
const words = {
  heading: "Ranked play",
  needAccount: "Ranked play needs an account",
  logIn: "Log in or create an account",
  queueTitle: "Play a ranked game",
  game: "Game",
  deck: "Deck",
  paste: "paste a deck list…",
  find: "Find an opponent",
  leaderboard: "Leaderboard",
  rating: (r) => r.games === 0 ? `You have no ranked games of this game yet: you start at ${Math.round(r.rating)} ± ${Math.round(r.deviation)}.` :
    `Your rating: ${Math.round(r.rating)} ± ${Math.round(r.deviation)} after ${r.games} ranked ${r.games === 1 ? "game" : "games"}.`,
  clock: (c) => `Clock: ${minutes(c.bank_s)} per player, at most ${minutes(c.per_move_s)} a move. Running out of time, or leaving the table for more than ${minutes(c.grace_s)}, loses.`,
  waitingTitle: "Looking for an opponent…",
  waiting: (s) => `Waiting ${Math.round(s.waiting_s)} s; opponents within ${Math.round(s.window)} rating points of you.`,
  leave: "Leave the queue",
  found: (m) => `Paired with ${m.opponent}. Going to the table…`,
};

const $ = (id) => document.getElementById(id);
let games = [];
let polling = 0;

function minutes(s) { return s % 60 === 0 ? `${s / 60} min` : `${s} s`; }

/** fillWords writes the page's fixed words. */
function fillWords() {
  for (const [id, key] of [["heading", "heading"], ["need-account", "needAccount"], ["login-link", "logIn"], ["queue-title", "queueTitle"],
    ["game-label", "game"], ["deck-label", "deck"], ["queue", "find"], ["waiting-title", "waitingTitle"], ["leave", "leave"], ["board-link", "leaderboard"]]) {
    $(id).textContent = words[key];
  }
}

function currentGame() { return games.find((g) => g.id === $("game").value); }

function drawDecks() {
  const g = currentGame();
  $("deck").replaceChildren(...g.presets.map((p) => el("option", {value: p}, p)), el("option", {value: "*paste"}, words.paste));
  $("list").hidden = $("deck").value !== "*paste";
  $("board-link").href = `/leaderboard/${g.id}`;
}

/** show draws the page for a queue status. */
function show(st) {
  $("queue-panel").hidden = st.state !== "idle";
  $("waiting").hidden = st.state !== "queued";
  $("my-rating").textContent = words.rating(st.rating);
  $("clock").textContent = words.clock(st.clock);
  clearTimeout(polling);
  if (st.state === "queued") {
    $("waiting-text").textContent = words.waiting(st);
    polling = setTimeout(() => refresh().catch(showError), 1500);
  }
  if (st.state === "playing") {
    $("waiting").hidden = false;
    $("waiting-text").textContent = words.found(st.match);
    location.assign(st.match.play);
  }
}

function showError(err) {
  $("errors").replaceChildren(err.message, ...(err.problems || []).map((p) =>
    el("div", {}, p.line ? `line ${p.line}: ` : "", p.message, p.fix ? ` — ${p.fix}` : "")));
  $("queue-panel").hidden = false;
}

async function refresh() {
  show(await api(`/api/ranked/${currentGame().id}/queue`));
}

async function start() {
  fillWords();
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
