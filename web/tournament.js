// A tournament's page: registration with a deck list, the player's match
// with links to its games, pairings, standings with tiebreakers, and the
// organiser's and judges' controls.
import {api, el, ruleText} from "./common.js";

const words = {
  allTournaments: "Tournaments",
  registerHeading: "Register",
  registerHint: "Paste your deck list or start from a preset. It is checked now and then locked for the whole tournament.",
  preset: "Start from a preset",
  noPreset: "(paste a list)",
  register: "Register with this deck",
  line: (n) => `line ${n}`,
  registered: "You are registered. Your deck is locked for the whole tournament.",
  showMyDeck: "Show my deck",
  logInToRegister: "Log in to register.",
  facts: {game: "Game", format: "Format", round: "Round", timer: "Round ends", organiser: "Organiser", judges: "Judges", cards: "Card texts"},
  formats: {"swiss": "Swiss", "swiss-top8": "Swiss, then top 8", "elimination": "Single elimination"},
  stages: {registration: "registration open", swiss: "Swiss rounds", elimination: "top cut", finished: "finished"},
  swissRounds: (n) => (n ? `${n} Swiss rounds` : "Swiss rounds as the players need"),
  myMatch: "My match",
  vs: (name) => `against ${name}`,
  bye: "A bye: you win this round 2-0 without playing.",
  matchScore: (m) => `${m.wins}-${m.losses}${m.draws ? `-${m.draws}` : ""}`,
  results: {playing: "being played", won: "you won", lost: "you lost", drawn: "drawn"},
  game: (n) => `Game ${n}`,
  play: "play",
  gameResults: {won: "won", lost: "lost", drawn: "drawn"},
  chooseFirst: "You lost that game: who starts the next one?",
  meFirst: "I start",
  opponentFirst: "My opponent starts",
  waitingChoice: "Your opponent chooses who starts the next game.",
  dropMe: "Drop from the tournament",
  confirmDrop: "Drop from the tournament? You will not be paired again.",
  standings: "Standings",
  standingsHead: ["#", "Player", "Pts", "W-L-D", "Byes", "OMW%", "GW%", "OGW%"],
  dropped: "dropped",
  pairings: "Pairings",
  roundTitle: (stage, n) => (stage === "elimination" ? `Top cut, round ${n}` : `Round ${n}`),
  pairingHead: ["Table", "Player", "Score", "Player"],
  byeCell: "bye",
  corrected: (c) => `corrected from ${c.from.winsA}-${c.from.winsB}-${c.from.draws}: ${c.reason}`,
  champion: (name) => `Champion: ${name}`,
  entrants: (n) => `Players (${n})`,
  officials: "Organiser's controls",
  judgeControls: "Judge's controls",
  startRound: "Start the next round",
  correct: "Correct a result",
  stage: "Stage",
  roundNo: "Round",
  table: "Table",
  winsA: "Wins of the first player",
  winsB: "Wins of the second",
  draws: "Drawn games",
  reason: "Reason",
  apply: "Correct",
  dropPlayer: "Drop a player",
  drop: "Drop",
  viewDeck: "View a deck list",
  view: "View",
  addJudge: "Name a judge",
  add: "Add",
  log: "Log",
  stageNames: {swiss: "Swiss", elimination: "Top cut"},
};

const $ = (id) => document.getElementById(id);
const id = decodeURIComponent(location.pathname.split("/").pop());
const base = `/api/tournaments/${encodeURIComponent(id)}`;
const percent = (x) => (100 * x).toFixed(2);
let me = null;

/** fillWords writes the words into every element that names one. */
function fillWords() {
  for (const e of document.querySelectorAll("[data-w]")) e.textContent = words[e.dataset.w];
}

function toast(message) {
  const t = $("toast");
  t.replaceChildren(...ruleText(message));
  t.hidden = false;
  setTimeout(() => { t.hidden = true; }, 6000);
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

function show(t) {
  document.title = `Kartenwerk — ${t.name}`;
  showHead(t);
  showRegistration(t);
  showOfficials(t);
  showStandings(t);
  showPairings(t);
  showEntrants(t);
}

function fact(label, value) {
  return el("span", {}, `${label}: `, el("b", {}, value));
}

function showHead(t) {
  const f = words.facts;
  const facts = [fact(f.game, t.game), fact(f.format, `${words.formats[t.format] || t.format}, ${words.swissRounds(t.rounds)}`),
    fact(f.organiser, t.organiser)];
  if (t.judges.length) facts.push(fact(f.judges, t.judges.join(", ")));
  if (t.round) facts.push(fact(f.round, String(t.round)));
  if (t.deadline) facts.push(fact(f.timer, new Date(t.deadline).toLocaleTimeString()));
  if (t.card_pool) facts.push(fact(f.cards, t.card_pool.slice(0, 12)));
  const parts = [el("h2", {}, t.name, " ", el("span", {class: `stage ${t.stage}`}, words.stages[t.stage] || t.stage)),
    el("p", {class: "facts"}, facts)];
  if (t.champion) parts.push(el("p", {class: "winner"}, words.champion(t.champion)));
  $("head").replaceChildren(...parts);
}

async function showRegistration(t) {
  const box = $("register-box");
  const form = $("register-form");
  const note = box.querySelector(".note") || el("p", {class: "note"});
  box.append(note);
  form.hidden = !me || t.you.registered || t.stage !== "registration";
  const state = !me ? "out" : t.you.registered ? "registered" : "open";
  if (note.dataset.state !== state) { // redrawn only on a change, so a deck shown stays
    note.dataset.state = state;
    if (state === "out") note.textContent = words.logInToRegister;
    else if (state === "registered") {
      note.replaceChildren(words.registered, " ", el("button", {type: "button", onclick: () => showDeck(me.username, note)}, words.showMyDeck));
    } else note.textContent = "";
  }
  box.hidden = t.stage !== "registration" && !t.you.registered;
  box.querySelector("[data-w=registerHint]").hidden = form.hidden;
  if (!form.hidden && !$("preset").options.length) await fillPresets(t.game);
}

async function fillPresets(game) {
  const {games} = await api("/api/catalog");
  const g = games.find((g) => g.id === game);
  $("preset").append(el("option", {value: ""}, words.noPreset), ...(g ? g.presets : []).map((p) => el("option", {value: p}, p)));
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
  try {
    show(await api(`${base}/register`, body));
  } catch (err) {
    errors.append(el("p", {}, ...ruleText(err.message.split("\n")[0])));
    const ul = el("ul", {});
    for (const p of err.problems) {
      ul.append(el("li", {}, p.line ? `${words.line(p.line)}: ` : "", p.subject ? `${p.subject}: ` : "", ...ruleText(p.message), p.fix ? ` — ${p.fix}` : ""));
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
  const head = el("h2", {}, words.myMatch, " ", el("span", {class: "muted"}, words.roundTitle(m.stage, m.round), `, ${words.table.toLowerCase()} ${m.table}`));
  if (!m.opponent) { box.replaceChildren(head, el("p", {}, words.bye)); return; }
  const games = el("ul", {class: "games"}, m.games.map((g, i) => el("li", {class: g.result || ""},
    `${words.game(i + 1)}: `, g.finished ? words.gameResults[g.result] : el("a", {href: g.play}, words.play))));
  const parts = [head, el("p", {}, words.vs(m.opponent), " — ", el("b", {class: "score"}, words.matchScore(m)), ` (${words.results[m.result]})`), games];
  if (m.choose_first) {
    parts.push(el("p", {}, words.chooseFirst), el("p", {class: "choices"},
      el("button", {class: "primary", onclick: () => act("/match/first", {start: "me"})}, words.meFirst),
      el("button", {onclick: () => act("/match/first", {start: "opponent"})}, words.opponentFirst)));
  } else if (m.result === "playing" && m.games.length && m.games[m.games.length - 1].finished) {
    parts.push(el("p", {class: "muted"}, words.waitingChoice));
  }
  parts.push(el("p", {}, el("button", {onclick: () => confirm(words.confirmDrop) && act("/drop", {})}, words.dropMe)));
  box.replaceChildren(...parts);
}

function showStandings(t) {
  const box = $("standings-box");
  box.hidden = t.standings.length === 0;
  const rows = t.standings.map((s) => el("tr", {class: [s.player === t.you.username ? "me" : "", s.dropped ? "dropped" : ""].join(" ")},
    el("td", {}, s.rank), el("td", {class: "name"}, s.player, s.dropped ? ` (${words.dropped})` : ""), el("td", {}, s.match_points),
    el("td", {}, `${s.wins}-${s.losses}-${s.draws}`), el("td", {class: "byes"}, s.byes),
    el("td", {}, percent(s.omw)), el("td", {}, percent(s.gw)), el("td", {}, percent(s.ogw))));
  box.replaceChildren(el("h2", {}, words.standings), el("div", {class: "scroll"}, el("table", {class: "grid standings"},
    el("thead", {}, el("tr", {}, words.standingsHead.map((h, i) => el("th", {class: ["", "name", "", "", "byes"][i] || ""}, h)))),
    el("tbody", {}, rows))));
}

function showPairings(t) {
  const box = $("pairings-box");
  box.hidden = t.pairings.length === 0;
  const rounds = [...t.pairings].reverse().map((r) => el("div", {class: "round"}, el("h3", {}, words.roundTitle(r.stage, r.round)),
    el("div", {class: "scroll"}, el("table", {class: "grid"},
      el("thead", {}, el("tr", {}, words.pairingHead.map((h, i) => el("th", {class: i % 2 ? "name" : ""}, h)))),
      el("tbody", {}, r.matches.map((m) => el("tr", {class: [m.a, m.b].includes(t.you.username) ? "me" : ""},
        el("td", {}, m.table),
        el("td", {class: `name ${m.winner === m.a ? "winner" : ""}`}, m.a),
        el("td", {class: "score", title: (m.corrections || []).map(words.corrected).join("\n")},
          m.b ? `${m.score.winsA}-${m.score.winsB}-${m.score.draws}${m.corrections ? " *" : ""}` : ""),
        el("td", {class: `name ${m.winner === m.b ? "winner" : ""}`}, m.b || words.byeCell))))))));
  box.replaceChildren(el("h2", {}, words.pairings), ...rounds);
}

function showEntrants(t) {
  $("entrants-box").replaceChildren(el("h2", {}, words.entrants(t.entrants.length)),
    el("p", {class: "muted"}, t.entrants.map((e) => e.username + (e.dropped ? ` (${words.dropped})` : "")).join(", ")));
}

/** showOfficials draws the controls of the organiser and the judges. */
function showOfficials(t) {
  const box = $("officials-box");
  box.hidden = !t.you.organiser && !t.you.judge;
  if (box.hidden || box.contains(document.activeElement)) return; // keep a form being filled in
  const names = t.entrants.map((e) => el("option", {value: e.username}, e.username));
  const deckOut = el("div", {});
  const parts = [el("h2", {}, t.you.organiser ? words.officials : words.judgeControls)];
  if (t.you.organiser && t.stage !== "finished") {
    parts.push(el("p", {}, el("button", {class: "primary", id: "start-round", onclick: () => act("/rounds", {})}, words.startRound)));
  }
  parts.push(el("h3", {}, words.correct), correctionForm(t),
    el("h3", {}, words.dropPlayer), el("form", {onsubmit: (ev) => { ev.preventDefault(); act("/drop", {username: ev.target.who.value}); }},
      el("select", {name: "who"}, names.map((o) => o.cloneNode(true))), el("button", {type: "submit"}, words.drop)),
    el("h3", {}, words.viewDeck), el("form", {onsubmit: (ev) => { ev.preventDefault(); showDeck(ev.target.who.value, deckOut); }},
      el("select", {name: "who"}, names), el("button", {type: "submit"}, words.view)), deckOut);
  if (t.you.organiser) {
    parts.push(el("h3", {}, words.addJudge), el("form", {onsubmit: (ev) => { ev.preventDefault(); act("/judges", {username: ev.target.who.value.trim()}); }},
      el("input", {name: "who", autocomplete: "off"}), el("button", {type: "submit"}, words.add)));
  }
  if (t.log && t.log.length) {
    parts.push(el("h3", {}, words.log), el("ul", {class: "log-lines"}, [...t.log].reverse().map((l) =>
      el("li", {}, `${new Date(l.at).toLocaleTimeString()} ${l.by}: `, ...ruleText(l.what)))));
  }
  box.className = "panel officials";
  box.replaceChildren(...parts);
}

function correctionForm(t) {
  const num = (name, label, value) => el("label", {}, label, " ", el("input", {name, type: "number", min: 0, max: name === "round" || name === "table" ? 99 : 3, value}));
  const stages = ["swiss", "elimination"].filter((s) => t.pairings.some((r) => r.stage === s));
  return el("form", {onsubmit: (ev) => {
    ev.preventDefault();
    const f = ev.target;
    act("/corrections", {stage: f.stage.value, round: +f.round.value, table: +f.table.value, reason: f.reason.value,
      score: {winsA: +f.winsA.value, winsB: +f.winsB.value, draws: +f.draws.value}});
  }},
  el("label", {}, words.stage, " ", el("select", {name: "stage"}, stages.map((s) => el("option", {value: s}, words.stageNames[s])))),
  num("round", words.roundNo, t.round || 1), num("table", words.table, 1), num("winsA", words.winsA, 2), num("winsB", words.winsB, 0),
  num("draws", words.draws, 0), el("label", {}, words.reason, " ", el("input", {name: "reason", required: true})),
  el("button", {type: "submit"}, words.apply));
}

async function refresh() {
  try {
    show(await api(base));
    await showMatch();
  } catch (err) {
    $("head").replaceChildren(el("p", {class: "errors"}, err.message));
  }
}

fillWords();
me = await api("/api/me").catch(() => null);
await refresh();
setInterval(refresh, 5000);
