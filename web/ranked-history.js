// The account page's ranked part: links to ranked play and the player's
// match history, each game with its result, rating change and replay.
import {el, api} from "./common.js";

// Every word this part shows, in one place so that it can be translated.
const words = {
  title: "Ranked games",
  play: "Play ranked",
  leaderboards: "Leaderboards",
  none: "No ranked games yet.",
  result: {win: "won", loss: "lost", draw: "drew"},
  match: (m) => `${m.result === "draw" ? "Drew with" : m.result === "win" ? "Beat" : "Lost to"} ${m.opponent} (${m.game}, ${m.reason})`,
  change: (m) => `rating ${Math.round(m.rating_before)} → ${Math.round(m.rating_after)}`,
  replay: "replay",
};

async function showHistory(box) {
  let me;
  try {
    me = await api("/api/me");
  } catch {
    return; // logged out: the page shows the login form
  }
  let matches = [];
  try {
    matches = (await api(`/api/accounts/${encodeURIComponent(me.username)}/matches`)).matches;
  } catch (err) {
    if (err.status === 501) return;
    box.replaceChildren(el("p", {class: "errors"}, err.message));
    return;
  }
  box.replaceChildren(
    el("h3", {}, words.title),
    el("p", {}, el("a", {class: "button primary", href: "/ranked"}, words.play), " ", el("a", {class: "button", href: "/leaderboard"}, words.leaderboards)),
    matches.length === 0 ? el("p", {class: "muted"}, words.none) :
      el("ul", {id: "matches", class: "recent matches"}, matches.map((m) => el("li", {dataset: {game: m.id}},
        el("span", {class: m.result}, words.match(m)), " · ", words.change(m), " · ",
        el("a", {href: m.replay}, words.replay)))));
}

const box = document.getElementById("ranked-history");
if (box) showHistory(box);
