// The tournament list, and the form with which an organiser creates one.
import {api, el} from "./common.js";

const words = {
  title: "Tournaments",
  listHeading: "Tournaments",
  intro: "Best-of-3 matches with locked decks. Log in to register.",
  none: "No tournaments yet.",
  createHeading: "Create a tournament",
  name: "Name",
  game: "Game",
  format: "Format",
  formats: {"swiss": "Swiss rounds", "swiss-top8": "Swiss rounds, then a top-8 cut", "elimination": "Single elimination"},
  rounds: "Swiss rounds (0: as many as the players need)",
  roundMinutes: "Minutes per round",
  closes: "Registration closes (empty: when round 1 starts)",
  judges: "Judges (usernames, comma-separated)",
  create: "Create",
  players: (n) => (n === 1 ? "1 player" : `${n} players`),
  stages: {registration: "registration open", swiss: "Swiss rounds", elimination: "top cut", finished: "finished"},
};

const $ = (id) => document.getElementById(id);

/** fillWords writes the words into every element that names one. */
function fillWords() {
  for (const e of document.querySelectorAll("[data-w]")) e.textContent = words[e.dataset.w];
}

async function showList() {
  const data = await api("/api/tournaments");
  const list = $("list");
  list.replaceChildren();
  if (data.tournaments.length === 0) list.append(el("p", {class: "muted"}, words.none));
  const ul = el("ul", {class: "recent tournaments"});
  for (const t of data.tournaments) {
    ul.append(el("li", {},
      el("a", {href: `/tournaments/${encodeURIComponent(t.id)}`}, t.name), " ",
      el("span", {class: "muted"}, `${t.game} · ${words.formats[t.format] || t.format} · ${words.players(t.players)} · `),
      el("span", {class: `stage ${t.stage}`}, words.stages[t.stage] || t.stage)));
  }
  list.append(ul);
  $("create-box").hidden = !data.organiser;
  if (data.organiser) await fillCreateForm();
}

async function fillCreateForm() {
  if ($("game").options.length) return;
  const {games} = await api("/api/catalog");
  for (const g of games.filter((g) => g.min_seats <= 2 && g.max_seats >= 2)) $("game").append(el("option", {value: g.id}, g.name));
  for (const [value, label] of Object.entries(words.formats)) $("format").append(el("option", {value}, label));
}

$("create-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("create-errors").textContent = "";
  const closes = $("closes").value ? new Date($("closes").value).toISOString() : undefined;
  const judges = $("judges").value.split(",").map((s) => s.trim()).filter(Boolean);
  try {
    const t = await api("/api/tournaments", {
      name: $("name").value.trim(), game: $("game").value, format: $("format").value,
      rounds: Number($("rounds").value) || 0, round_minutes: Number($("round-minutes").value) || 0,
      registration_closes: closes, judges,
    });
    location.href = `/tournaments/${encodeURIComponent(t.id)}`;
  } catch (err) {
    $("create-errors").textContent = err.message;
  }
});

fillWords();
showList().catch((err) => $("list").append(el("p", {class: "errors"}, err.message)));
