// A game's leaderboard: every rated player, best Glicko-2 rating first.
import {el, api} from "./common.js";

// Every word the page shows, in one place so that it can be translated.
const words = {
  heading: "Leaderboard",
  title: (name) => `${name}: ranked players`,
  game: "Game",
  // Each column's heading and its tooltip.
  columns: [["#", "rank"], ["Player", ""], ["Rating", "Glicko-2 rating"], ["± RD", "rating deviation: how sure the rating is"],
    ["Games", "ranked games played"], ["W", "won"], ["L", "lost"], ["D", "drawn"]],
  empty: "Nobody has played a ranked game of this game yet.",
  play: "Play ranked",
};

const $ = (id) => document.getElementById(id);

function gameOfPath() { return decodeURIComponent(location.pathname.split("/")[2] || ""); }

async function draw(game) {
  const board = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
  $("title").textContent = words.title(board.name);
  $("empty").hidden = board.players.length > 0;
  $("board").replaceChildren(
    el("thead", {}, el("tr", {}, words.columns.map(([c, title]) => el("th", {title: title || undefined}, c)))),
    el("tbody", {}, board.players.map((p) => el("tr", {dataset: {player: p.username}},
      el("td", {}, p.rank), el("td", {}, p.username), el("td", {class: "rating"}, p.rating.toFixed(1)),
      el("td", {}, Math.round(p.deviation)), el("td", {}, p.games), el("td", {}, p.wins), el("td", {}, p.losses), el("td", {}, p.draws)))));
  $("play-link").href = `/ranked?game=${encodeURIComponent(game)}`;
}

async function start() {
  $("heading").textContent = words.heading;
  $("game-label").textContent = words.game;
  $("empty").textContent = words.empty;
  $("play-link").textContent = words.play;
  const games = (await api("/api/catalog")).games.filter((g) => g.min_seats <= 2 && g.max_seats >= 2);
  const game = gameOfPath() || games[0].id;
  $("game").replaceChildren(...games.map((g) => el("option", {value: g.id, selected: g.id === game}, g.name)));
  $("game").addEventListener("change", () => { location.assign(`/leaderboard/${$("game").value}`); });
  await draw(game);
}

start().catch((err) => { $("errors").textContent = err.message; });
