// A tournament's page: registration with a deck list, the player's match
// with links to its games, pairings, standings with tiebreakers, and the
// organiser's and judges' controls.
import {api, el, fixText, ruleText} from "./common.js";
import {t, lang, loadWords, decimal} from "./i18n.js";

const $ = (id) => document.getElementById(id);
const id = decodeURIComponent(location.pathname.split("/").pop());
const base = `/api/tournaments/${encodeURIComponent(id)}`;
const percent = (x) => decimal(100 * x, 2);
let me = null;

// utcTime is a time as the server's refusals write it (refusalTime in
// server/tournament_refusal.go): "2026-11-24 15:40 UTC".
const utcTime = /\b(\d{4}-\d\d-\d\d) (\d\d:\d\d) UTC\b/g;

/** localTimes is a refusal with its times in the reader's time zone and
 * words, as the page shows the round's timer, where the server, which
 * does not know the reader's zone, wrote them in UTC. */
export function localTimes(message) {
  return String(message).replace(utcTime, (_, day, hm) =>
    new Date(`${day}T${hm}:00Z`).toLocaleString(lang(), {dateStyle: "medium", timeStyle: "short"}));
}

function toast(message) {
  const box = $("toast");
  box.replaceChildren(...ruleText(localTimes(message)));
  box.hidden = false;
  setTimeout(() => { box.hidden = true; }, 6000);
}

/** act sends a change and shows the tournament as it then is. */
async function act(path, body) {
  try {
    show(await api(base + path, body));
    await showMatch();
  } catch (err) {
    toast(err.message);
  }
}

function show(tour) {
  document.title = `Kartenwerk — ${tour.name}`;
  showHead(tour);
  showRegistration(tour);
  showOfficials(tour);
  showStandings(tour);
  showPairings(tour);
  showEntrants(tour);
}

const standingsColumns = ["rank", "player", "points", "record", "byes", "omw", "gw", "ogw"];
// abbreviatedColumns are the standings' heads written short, whose full
// words (tournament.col_<name>_full) a reader finds in their title.
const abbreviatedColumns = new Set(["rank", "points", "record", "omw", "gw", "ogw"]);
// tiebreakColumns are the tiebreakers, which a phone shows under the
// player's name instead of in columns of their own, so that the table fits.
const tiebreakColumns = ["omw", "gw", "ogw"];
const pairingColumns = ["table", "player", "score", "player"];

function formatName(format) { return t("tournament.format_" + format.replace("-", "_")); }

function swissRounds(n) { return n ? t("tournament.swiss_rounds", {n}) : t("tournament.swiss_rounds_auto"); }

function roundTitle(stage, n) { return stage === "elimination" ? t("tournament.top_cut_round", {n}) : t("tournament.round_title", {n}); }

function correctedText(c) {
  return t("tournament.corrected", {score: `${c.from.winsA}-${c.from.winsB}-${c.from.draws}`, reason: c.reason});
}

function fact(label, value) {
  return el("span", {}, `${label}: `, el("b", {}, value));
}

/** cardTexts is the day whose card texts the tournament plays, as the
 * reader writes days, then the start of their hash, which organisers
 * compare. */
function cardTexts(tour) {
  const hash = tour.card_pool.slice(0, 12);
  const day = tour.cards_date ? new Date(`${tour.cards_date}T00:00:00Z`).toLocaleDateString(lang(), {timeZone: "UTC"}) : "";
  return day ? `${day} · ${hash}` : hash;
}

function showHead(tour) {
    const facts = [fact(t("tournament.fact_game"), tour.game_name || tour.game), fact(t("tournament.fact_format"), `${formatName(tour.format)}, ${swissRounds(tour.rounds)}`),
    fact(t("tournament.fact_organiser"), tour.organiser)];
  if (tour.judges.length) facts.push(fact(t("tournament.fact_judges"), tour.judges.join(", ")));
  if (tour.round) facts.push(fact(t("tournament.fact_round"), String(tour.round)));
  if (tour.deadline) facts.push(fact(t("tournament.fact_timer"), new Date(tour.deadline).toLocaleTimeString(lang())));
  if (tour.card_pool) facts.push(fact(t("tournament.fact_cards"), cardTexts(tour)));
  const parts = [el("h2", {}, tour.name, " ", el("span", {class: `stage ${tour.stage}`}, t("tournament.stage_" + tour.stage))),
    el("p", {class: "facts"}, facts)];
  if (tour.champion) parts.push(el("p", {class: "winner"}, t("tournament.champion", {name: tour.champion})));
  $("head").replaceChildren(...parts);
}

async function showRegistration(tour) {
  const box = $("register-box");
  const form = $("register-form");
  const note = box.querySelector(".note") || el("p", {class: "note"});
  box.append(note);
  // The organiser and the judges rule on the matches: they do not play.
  const official = !!me && !tour.you.registered && (tour.you.organiser || tour.you.judge);
  form.hidden = !me || official || tour.you.registered || tour.stage !== "registration";
  const state = !me ? "out" : official ? "official" : tour.you.registered ? "registered" : "open";
  if (note.dataset.state !== state) { // redrawn only on a change, so a deck shown stays
    note.dataset.state = state;
    if (state === "out") note.textContent = t("tournament.log_in_to_register");
    else if (state === "official") note.textContent = t("tournament.officials_do_not_play");
    else if (state === "registered") {
      note.replaceChildren(t("tournament.registered"), " ", el("button", {type: "button", onclick: () => showDeck(me.username, note)}, t("tournament.show_my_deck")));
    } else note.textContent = "";
  }
  box.hidden = tour.stage !== "registration" && !tour.you.registered;
  $("register-hint").hidden = form.hidden;
  if (!form.hidden && !$("preset").options.length) await fillPresets(tour.game);
}

async function fillPresets(game) {
  const {games} = await api("/api/catalog");
  const g = games.find((g) => g.id === game);
  const presets = g ? g.presets : [];
  $("preset").append(el("option", {value: ""}, t("tournament.no_preset")), ...presets.map((p) => el("option", {value: p}, p)));
  // A game with one preset deck (Micro-Life's Starter) is played with it:
  // chosen already, so registering is one press.
  if (presets.length === 1) $("preset").value = presets[0];
}

async function showDeck(username, where) {
  try {
    const d = await api(`${base}/decks/${encodeURIComponent(username)}`);
    const pre = el("pre", {class: "deck-list"}, d.list);
    where.querySelector("pre")?.remove();
    where.append(pre);
  } catch (err) {
    toast(err.message);
  }
}

$("register-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const errors = $("register-errors");
  errors.replaceChildren();
  const body = $("deck").value.trim() ? {list: $("deck").value} : {preset: $("preset").value};
  if (!body.list && !body.preset) {
    // Nothing chosen: say what to choose instead of sending an empty deck.
    errors.append(el("p", {}, t("tournament.choose_deck")));
    $("preset").focus();
    return;
  }
  try {
    show(await api(`${base}/register`, body));
  } catch (err) {
    errors.append(el("p", {}, ...ruleText(localTimes(err.message.split("\n")[0]))));
    const ul = el("ul", {});
    for (const p of err.problems) {
      ul.append(el("li", {}, p.line ? t("tournament.line", {n: p.line}) : "", p.subject ? `${p.subject}: ` : "", ...ruleText(p.message), fixText(p.fix)));
    }
    if (err.problems.length) errors.append(ul);
  }
});

async function showMatch() {
  const box = $("match-box");
  if (!me) { box.hidden = true; return; }
  let m;
  try {
    m = (await api(`${base}/match`)).match;
  } catch {
    box.hidden = true;
    return;
  }
  box.hidden = !m;
  if (!m) return;
  const head = el("h2", {}, t("tournament.my_match"), " ", el("span", {class: "muted"}, roundTitle(m.stage, m.round), t("tournament.at_table", {n: m.table})));
  if (!m.opponent) { box.replaceChildren(head, el("p", {}, t("tournament.bye"))); return; }
  const games = el("ul", {class: "games"}, m.games.map((g, i) => el("li", {class: g.result || ""},
    t("tournament.game_n", {n: i + 1}), g.finished ? t("tournament.game_" + g.result) : el("a", {href: g.play}, t("tournament.play")))));
  const parts = [head, el("p", {}, t("tournament.vs", {name: m.opponent}), " — ", el("b", {class: "score"}, `${m.wins}-${m.losses}${m.draws ? `-${m.draws}` : ""}`), t("tournament.match_" + m.result)), games];
  if (m.choose_first) {
    parts.push(el("p", {}, t("tournament.choose_first")), el("p", {class: "choices"},
      el("button", {class: "primary", onclick: () => act("/match/first", {start: "me"})}, t("tournament.me_first")),
      el("button", {onclick: () => act("/match/first", {start: "opponent"})}, t("tournament.opponent_first"))));
  } else if (m.result === "playing" && m.games.length && m.games[m.games.length - 1].finished) {
    parts.push(el("p", {class: "muted"}, t("tournament.waiting_choice")));
  }
  parts.push(el("p", {}, el("button", {onclick: () => confirm(t("tournament.confirm_drop")) && act("/drop", {})}, t("tournament.drop_me"))));
  box.replaceChildren(...parts);
}

function showStandings(tour) {
  const box = $("standings-box");
  box.hidden = tour.standings.length === 0;
  const rows = tour.standings.map((s) => el("tr", {class: [s.player === tour.you.username ? "me" : "", s.dropped ? "dropped" : ""].join(" ")},
    el("td", {}, s.rank), el("td", {class: "name"}, s.player, s.dropped ? t("tournament.dropped") : "", tiebreakLine(s)), el("td", {}, s.match_points),
    el("td", {}, `${s.wins}-${s.losses}-${s.draws}`), el("td", {class: "byes"}, s.byes),
    ...tiebreakColumns.map((c) => el("td", {class: "tiebreak"}, percent(s[c])))));
  box.replaceChildren(el("h2", {}, t("tournament.standings")), el("div", {class: "scroll"}, el("table", {class: "grid standings"},
    el("thead", {}, el("tr", {}, standingsColumns.map(standingsHead))),
    el("tbody", {}, rows))));
}

// standingsHead is the head of a standings column: short, with its full
// words as the abbreviation's title.
function standingsHead(c) {
  const cls = {player: "name", byes: "byes"}[c] || (tiebreakColumns.includes(c) ? "tiebreak" : "");
  const short = t("tournament.col_" + c);
  return el("th", {class: cls}, abbreviatedColumns.has(c) ? el("abbr", {title: t(`tournament.col_${c}_full`)}, short) : short);
}

// tiebreakLine is a player's tiebreakers as one line, which only a phone
// shows (under the name, in place of their columns).
function tiebreakLine(s) {
  return el("span", {class: "tiebreaks"}, tiebreakColumns.map((c, i) =>
    [i ? " · " : "", el("abbr", {title: t(`tournament.col_${c}_full`)}, t("tournament.col_" + c)), " " + percent(s[c])]).flat());
}

function showPairings(tour) {
  const box = $("pairings-box");
  box.hidden = tour.pairings.length === 0;
  const rounds = [...tour.pairings].reverse().map((r) => el("div", {class: "round"}, el("h3", {}, roundTitle(r.stage, r.round)),
    el("div", {class: "scroll"}, el("table", {class: "grid"},
      el("thead", {}, el("tr", {}, pairingColumns.map((c, i) => el("th", {class: i % 2 ? "name" : ""}, t("tournament.pair_" + c))))),
      el("tbody", {}, r.matches.map((m) => el("tr", {class: [m.a, m.b].includes(tour.you.username) ? "me" : ""},
        el("td", {}, m.table),
        el("td", {class: `name ${m.winner === m.a ? "winner" : ""}`}, m.a),
        el("td", {class: "score", title: (m.corrections || []).map(correctedText).join("\n")},
          m.b ? `${m.score.winsA}-${m.score.winsB}-${m.score.draws}${m.corrections ? " *" : ""}` : ""),
        el("td", {class: `name ${m.winner === m.b ? "winner" : ""}`}, m.b || t("tournament.bye_cell")))))))));
  box.replaceChildren(el("h2", {}, t("tournament.pairings")), ...rounds);
}

function showEntrants(tour) {
  $("entrants-box").replaceChildren(el("h2", {}, t("tournament.entrants", {n: tour.entrants.length})),
    el("p", {class: "muted"}, tour.entrants.map((e) => e.username + (e.dropped ? t("tournament.dropped") : "")).join(", ")));
}

/** showOfficials draws the controls of the organiser and the judges. */
function showOfficials(tour) {
  const box = $("officials-box");
  box.hidden = !tour.you.organiser && !tour.you.judge;
  if (box.hidden || box.contains(document.activeElement)) return; // keep a form being filled in
  const names = tour.entrants.map((e) => el("option", {value: e.username}, e.username));
  const deckOut = el("div", {});
  const parts = [el("h2", {}, tour.you.organiser ? t("tournament.officials") : t("tournament.judge_controls"))];
  if (tour.you.organiser && tour.stage !== "finished") {
    parts.push(el("p", {}, el("button", {class: "primary", id: "start-round", onclick: () => act("/rounds", {})}, t("tournament.start_round"))));
  }
  parts.push(el("h3", {}, t("tournament.correct")), correctionForm(tour),
    el("h3", {}, t("tournament.drop_player")), el("form", {onsubmit: (ev) => { ev.preventDefault(); act("/drop", {username: ev.target.who.value}); }},
      el("select", {name: "who"}, names.map((o) => o.cloneNode(true))), el("button", {type: "submit"}, t("tournament.drop"))),
    el("h3", {}, t("tournament.view_deck")), el("form", {onsubmit: (ev) => { ev.preventDefault(); showDeck(ev.target.who.value, deckOut); }},
      el("select", {name: "who"}, names), el("button", {type: "submit"}, t("tournament.view"))), deckOut);
  if (tour.you.organiser) {
    parts.push(el("h3", {}, t("tournament.add_judge")), el("form", {onsubmit: (ev) => { ev.preventDefault(); act("/judges", {username: ev.target.who.value.trim()}); }},
      el("input", {name: "who", autocomplete: "off"}), el("button", {type: "submit"}, t("tournament.add"))));
  }
  if (tour.log && tour.log.length) {
    parts.push(el("h3", {}, t("tournament.log")), el("ul", {class: "log-lines"}, [...tour.log].reverse().map((l) =>
      el("li", {}, `${new Date(l.at).toLocaleTimeString(lang())} ${l.by}: `, ...ruleText(l.what)))));
  }
  box.className = "panel officials";
  box.replaceChildren(...parts);
}

function correctionForm(tour) {
  const num = (name, label, value) => el("label", {}, label, " ", el("input", {name, type: "number", min: 0, max: name === "round" || name === "table" ? 99 : 3, value}));
  const stages = ["swiss", "elimination"].filter((s) => tour.pairings.some((r) => r.stage === s));
  return el("form", {onsubmit: (ev) => {
    ev.preventDefault();
    const f = ev.target;
    act("/corrections", {stage: f.stage.value, round: +f.round.value, table: +f.table.value, reason: f.reason.value,
      score: {winsA: +f.winsA.value, winsB: +f.winsB.value, draws: +f.draws.value}});
  }},
  el("label", {}, t("tournament.stage"), " ", el("select", {name: "stage"}, stages.map((s) => el("option", {value: s}, t("tournament.stage_name_" + s))))),
  num("round", t("tournament.round_no"), tour.round || 1), num("table", t("tournament.table"), 1), num("winsA", t("tournament.wins_a"), 2), num("winsB", t("tournament.wins_b"), 0),
  num("draws", t("tournament.draws"), 0), el("label", {}, t("tournament.reason"), " ", el("input", {name: "reason", required: true})),
  el("button", {type: "submit"}, t("tournament.apply")));
}

async function refresh() {
  try {
    show(await api(base));
    await showMatch();
  } catch (err) {
    $("head").replaceChildren(el("p", {class: "errors"}, err.message));
    if (err.status === 404) gone();
  }
}

// gone leaves a tournament that is not there: the empty boxes go, the
// page stops asking, and it links to the list.
function gone() {
  clearInterval(polling);
  $("entrants-box").hidden = true;
  $("head").append(el("a", {class: "button", href: "/tournaments" + location.search}, t("tournaments.title")));
}

await loadWords();
me = await api("/api/me").catch(() => null);
const polling = setInterval(refresh, 5000);
await refresh();
