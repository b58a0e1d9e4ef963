// The lobby: choose a game, decks, variants and who plays each seat.
import {el, api, sentence, seatName, ruleText, fixText, mySeats, rememberSeat, forgetSeat, myName, setMyName, withLang} from "./common.js";
import {t, loadWords, agentWord} from "./i18n.js";
import {resultText} from "./render.js";

const $ = (sel) => document.querySelector(sel);
let games = [];
let agents = [];

function current() { return games.find((g) => g.id === $("#game").value); }

function seatRow(i, game) {
  const kind = el("select", {name: `kind${i}`, class: "kind"},
    ["you", "ai", "friend", "hotseat"].map((v) =>
      el("option", {value: v, selected: (i === 0 ? v === "you" : v === "ai")}, t("lobby.kind_" + v))));
  const agent = el("select", {name: `agent${i}`, class: "agent"}, agents.map((a) => el("option", {value: a, selected: a === "medium"}, agentWord(a))));
  const budget = el("select", {name: `budget${i}`, class: "budget", title: t("lobby.budget_tip")},
    [[250, "quick"], [1000, "steady"], [3000, "strong"]].map(([v, k]) => el("option", {value: v}, t("lobby.budget_" + k))));
  const deck = el("select", {name: `deck${i}`, class: "deck"},
    el("option", {value: ""}, t("lobby.deck_default")), game.presets.map((p) => el("option", {value: p}, p)),
    el("option", {value: "*paste"}, t("lobby.deck_paste")));
  const list = el("textarea", {name: `list${i}`, rows: 6, placeholder: t("lobby.deck_placeholder"), hidden: true});
  const check = el("button", {type: "button", hidden: true}, t("lobby.check_deck"));
  const verdict = el("div", {class: "verdict"});
  const sync = () => {
    const isAI = kind.value === "ai";
    agent.hidden = !isAI;
    budget.hidden = !isAI || agent.value !== "ismcts";
    list.hidden = check.hidden = deck.value !== "*paste";
  };
  for (const s of [kind, agent, deck]) s.addEventListener("change", sync);
  check.addEventListener("click", async () => {
    try {
      const r = await api(`/api/catalog/${game.id}/decks/validate`, {list: list.value});
      verdict.replaceChildren(r.ok ? el("span", {class: "ok"}, t("lobby.deck_legal", {n: r.cards})) : problemsEl(r.problems));
    } catch (e) { verdict.replaceChildren(el("span", {class: "bad"}, e.message)); }
  });
  sync();
  return el("fieldset", {class: "seat", dataset: {seat: i}}, el("legend", {}, seatName(`p${i + 1}`)),
    el("div", {class: "row"}, kind, agent, budget), el("label", {}, t("lobby.deck"), " ", deck), list, check, verdict);
}

function problemsEl(problems) {
  return el("ul", {class: "bad"}, problems.map((p) => el("li", {},
    p.line ? t("lobby.problem_line", {line: p.line}) + " " : "", p.subject ? `${p.subject}: ` : "", ruleText(p.message), fixText(p.fix))));
}

function drawSeats() {
  const g = current();
  const n = Number($("#seats-count").value);
  $("#seats").replaceChildren(...Array.from({length: n}, (_, i) => seatRow(i, g)));
}

function drawGame() {
  const g = current();
  $("#summary").textContent = g.summary;
  const count = $("#seats-count");
  count.replaceChildren(...Array.from({length: g.max_seats - g.min_seats + 1}, (_, i) =>
    el("option", {value: g.min_seats + i}, g.min_seats + i)));
  $("#variants").replaceChildren(...g.variants.map(variantRow));
  $("#variants-box").hidden = !g.variants.length;
  drawSeats();
}

// variantRow is one rule variant in the reader's words (the catalogue
// gives name, doc and option_names); the values sent back stay the ids.
function variantRow(v) {
  const word = (o) => (v.option_names && v.option_names[o]) || o;
  const doc = !v.rule || v.doc.includes(v.rule) ? v.doc : `${v.rule}: ${v.doc}`;
  return el("label", {title: doc},
    `${v.name || v.key} `, el("select", {name: `variant-${v.key}`, dataset: {variant: v.key}},
      v.options.map((o) => el("option", {value: o, selected: o === v.default},
        o === v.default ? t("lobby.variant_default", {option: word(o)}) : word(o)))),
    el("small", {class: "muted"}, ` ${doc}`));
}

function request() {
  const g = current();
  const seats = [];
  const decks = [];
  for (const fs of document.querySelectorAll("#seats .seat")) {
    const kind = fs.querySelector(".kind").value;
    const agent = fs.querySelector(".agent").value;
    const seat = {kind};
    if (kind === "ai") {
      seat.agent = agent;
      if (agent === "ismcts") seat.budget_ms = Number(fs.querySelector(".budget").value);
    }
    seats.push(seat);
    const deck = fs.querySelector(".deck").value;
    decks.push(deck === "*paste" ? {list: fs.querySelector("textarea").value} : {preset: deck});
  }
  const variant = {};
  for (const s of document.querySelectorAll("#variants select")) variant[s.dataset.variant] = s.value;
  return {game: g.id, seats, decks, variant};
}

async function create(ev) {
  ev.preventDefault();
  $("#errors").replaceChildren();
  try {
    const req = request();
    const r = await api("/api/games", req);
    // The new game is one of the reader's and one of the recent ones. The
    // reader's games stand above the new game's links and are drawn
    // first: drawn after, their box pushed the links down as the player
    // went to click them. Only the new game's row is asked for: asking
    // for all of them again, up to fifty, kept the links waiting.
    if (req.seats.some((s) => s.kind === "you" || s.kind === "hotseat")) {
      rememberSeat(r.id, r.token);
      await addMine({id: r.id, token: r.token});
    }
    showCreated(r);
    drawRecent();
  } catch (e) {
    $("#errors").replaceChildren(el("p", {}, sentence(e.message.split("\n")[0])), ...(e.problems.length ? [problemsEl(e.problems)] : []));
  }
}

function showCreated(r) {
  // The links keep the language the lobby was opened in (?lang=).
  const abs = (p) => withLang(location.origin + p);
  const box = $("#created");
  box.replaceChildren(el("h2", {}, t("lobby.ready")),
    el("p", {}, el("a", {class: "button primary", id: "go", href: withLang(r.play)}, t("lobby.go"))),
    ...(r.invites.length ? [el("div", {}, el("h3", {}, t("lobby.invites")), el("p", {class: "muted"}, t("lobby.invites_tip")),
      r.invites.map((i) => el("p", {}, `${seatName(i.seat)}: `, el("input", {readonly: true, value: abs(i.link), class: "invite", dataset: {seat: i.seat}, onclick: (e) => e.target.select()}))))] : []),
    el("p", {}, t("lobby.spectators"), " ", el("input", {readonly: true, value: abs(r.spectate), class: "invite", onclick: (e) => e.target.select()})));
  box.hidden = false;
  // At once, not smoothly: a link that glides into view is missed by a
  // click aimed at it on the way.
  box.scrollIntoView({block: "nearest"});
}

/** resultWords says a stored result ("p2 wins (knockout)", "draw
 * (turn-cap)", "expired") in the reader's words: who won, or that nobody
 * did; the reason, stored as the game's id for it, is the replay's to say. */
function resultWords(stored) {
  const won = /^(p\d+(?: and p\d+)*) wins? \(/.exec(stored || "");
  if (won) {
    const winners = won[1].split(" and ");
    return t("result.wins", {names: winners.map(seatName).join(", "), n: winners.length});
  }
  return /^draw\b/.test(stored || "") ? t("result.draw") : t("lobby.unfinished");
}

async function drawRecent() {
  try {
    const list = await api("/api/games?limit=15");
    if (!list.length) return $("#recent").replaceChildren(el("li", {class: "muted"}, t("lobby.no_recent")));
    $("#recent").replaceChildren(...list.map((g) => el("li", {},
      el("b", {}, gameName(g.game)), " ", g.seats.map(kindName).join(t("lobby.versus")), " — ",
      g.finished ? [resultWords(g.result), " ", el("a", {href: withLang(`/replay/${g.id}`)}, t("lobby.replay"))] : el("a", {href: withLang(`/play/${g.id}`)}, t("lobby.watch")))));
  } catch (e) { $("#recent").replaceChildren(el("li", {}, e.message)); }
}

async function main() {
  nameField(); // before the words load: a name typed meanwhile is kept
  await loadWords();
  document.title = t("lobby.page_title");
  // The header's and the menu's links keep the address's language too.
  for (const a of document.querySelectorAll("header a[href^='/'], nav a[href^='/']")) a.setAttribute("href", withLang(a.getAttribute("href")));
  const c = await api("/api/catalog");
  games = c.games;
  agents = c.agents;
  $("#game").replaceChildren(...games.map((g) => el("option", {value: g.id}, g.name)));
  $("#game").addEventListener("change", drawGame);
  $("#seats-count").addEventListener("change", drawSeats);
  $("#form").addEventListener("submit", create);
  drawGame();
  drawRecent();
  drawMine();
}

// drawMine lists the games this browser holds a seat in, each with its
// table link, name, opponents and state; a game the server no longer
// knows is dropped from the list.
async function drawMine() {
  const seats = mySeats();
  const rows = (await Promise.all(seats.map(mineRowOf))).filter(Boolean);
  // A game created while these were asked for has its row already
  // (addMine): it stays on top.
  const asked = new Set(seats.map((s) => s.id));
  const added = [...$("#mine").children].filter((li) => !asked.has(li.dataset.game));
  $("#mine").replaceChildren(...added, ...rows);
  $("#mine-box").hidden = !added.length && !rows.length;
}

// addMine puts one game's row on top of the reader's games.
async function addMine(seat) {
  const row = await mineRowOf(seat);
  if (!row) return;
  for (const li of [...$("#mine").children]) if (li.dataset.game === seat.id) li.remove();
  $("#mine").prepend(row);
  $("#mine-box").hidden = false;
}

// mineRowOf asks for one kept seat's game and returns its row, or null
// when the game is gone or the token holds none of its seats (and then
// forgets the seat).
async function mineRowOf(s) {
  try {
    return mineRow(s, await api(`/api/games/${encodeURIComponent(s.id)}?token=${encodeURIComponent(s.token)}`));
  } catch (e) {
    // 404: the game is gone; 403: the token holds none of its seats.
    if (e.status === 404 || e.status === 403) { forgetSeat(s.id); return null; }
    return el("li", {dataset: {game: s.id}}, el("a", {href: playLink(s)}, s.id), " ", el("span", {class: "muted"}, e.message));
  }
}

// kindName says who plays a seat: "AI greedy", "friend".
function kindName(s) { return s.kind === "ai" ? t("seat.ai", {agent: agentWord(s.agent)}) : t("seat.kind_" + s.kind); }

// gameName is a game's name as the catalogue gives it, else its id.
function gameName(id) { return (games.find((g) => g.id === id) || {name: id}).name; }

// nameField lets the player set the display name their seats send.
function nameField() {
  const input = $("#my-name");
  // A name typed before this script ran is kept, not replaced by the
  // stored one (a quick player, or a slow page).
  if (input.value) setMyName(input.value);
  else input.value = myName();
  input.addEventListener("change", () => setMyName(input.value));
}

function playLink(s) { return withLang(`/play/${encodeURIComponent(s.id)}?token=${encodeURIComponent(s.token)}`); }

function mineRow(s, m) {
  const mine = m.controls || [];
  const v = m.view;
  const others = (m.seats || []).filter((x) => !mine.includes(x.seat)).map((x) => `${seatName(x.seat)} ${kindName(x)}`);
  const state = v.result ? resultText(v) : mine.includes(v.to_move) ? t("lobby.your_turn") :
    v.to_move && v.to_move !== "nobody" ? t("table.waiting", {name: seatName(v.to_move)}) : "";
  return el("li", {class: v.result ? "over" : "", dataset: {game: s.id}},
    el("a", {href: playLink(s)}, m.name), " ",
    el("span", {class: "muted"}, t("lobby.mine_seats", {seats: mine.map(seatName).join(", ")}) + (others.length ? t("lobby.versus") + others.join(", ") : "")),
    " — ", el("span", {class: v.result ? "state" : "state live"}, ruleText(state)));
}

main().catch((e) => { $("#errors").textContent = e.message; });
