// A game's leaderboard: every rated player, best Glicko-2 rating first.
import {el, api} from "./common.js";
import {t, loadWords, decimal} from "./i18n.js";

// Each column's heading and its tooltip, as keys under leaderboard.col_
// and leaderboard.tip_ (the player's column needs no tooltip).
const columns = ["rank", "player", "rating", "deviation", "games", "wins", "losses", "draws"];

const $ = (id) => document.getElementById(id);

function gameOfPath() { return decodeURIComponent(location.pathname.split("/")[2] || ""); }

async function draw(game) {
  const board = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
  $("title").textContent = t("leaderboard.title", {game: board.name});
  $("empty").hidden = board.players.length > 0;
  $("board").replaceChildren(
    el("thead", {}, el("tr", {}, columns.map((c) => el("th", {title: c === "player" ? undefined : t("leaderboard.tip_" + c)}, t("leaderboard.col_" + c))))),
    el("tbody", {}, board.players.map((p) => el("tr", {dataset: {player: p.username}},
      el("td", {}, p.rank), el("td", {}, p.username), el("td", {class: "rating"}, decimal(p.rating, 1)),
      el("td", {}, Math.round(p.deviation)), el("td", {}, p.games), el("td", {}, p.wins), el("td", {}, p.losses), el("td", {}, p.draws)))));
  $("play-link").href = `/ranked?game=${encodeURIComponent(game)}`;
}

async function start() {
  await loadWords();
  document.title = t("leaderboard.page_title");
  const games = (await api("/api/catalog")).games.filter((g) => g.min_seats <= 2 && g.max_seats >= 2);
  const game = gameOfPath() || games[0].id;
  $("game").replaceChildren(...games.map((g) => el("option", {value: g.id, selected: g.id === game}, g.name)));
  $("game").addEventListener("change", () => { location.assign(`/leaderboard/${$("game").value}`); });
  await draw(game);
}

start().catch((err) => { $("errors").textContent = err.message; });
