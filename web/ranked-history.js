// The account page's ranked part: links to ranked play and the player's
// match history, each game with its result, rating change and replay.
import {el, api} from "./common.js";
import {t, loadWords} from "./i18n.js";

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
    el("h3", {}, t("ranked.history.title")),
    el("p", {}, el("a", {class: "button primary", href: "/ranked"}, t("ranked.history.play")), " ", el("a", {class: "button", href: "/leaderboard"}, t("ranked.history.leaderboards"))),
    matches.length === 0 ? el("p", {class: "muted"}, t("ranked.history.none")) :
      el("ul", {id: "matches", class: "recent matches"}, matches.map((m) => el("li", {dataset: {game: m.id}},
        el("span", {class: m.result}, t("ranked.history.match_" + m.result, {opponent: m.opponent, game: m.game, reason: m.reason})), " · ", t("ranked.history.change", {before: Math.round(m.rating_before), after: Math.round(m.rating_after)}), " · ",
        el("a", {href: m.replay}, t("ranked.history.replay"))))));
}

const box = document.getElementById("ranked-history");
if (box) loadWords().then(() => showHistory(box));
