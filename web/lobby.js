// The lobby: choose a game, decks, variants and who plays each seat.
import {el, api, seatName, ruleText, mySeats, rememberSeat, forgetSeat} from "./common.js";
import {resultText} from "./render.js";

const $ = (sel) => document.querySelector(sel);
let games = [];
let agents = [];

function current() { return games.find((g) => g.id === $("#game").value); }

function seatRow(i, game) {
  const kind = el("select", {name: `kind${i}`, class: "kind"},
    [["you", "You"], ["ai", "AI"], ["friend", "Friend (invite link)"], ["hotseat", "Hot-seat (this screen)"]].map(([v, t]) =>
      el("option", {value: v, selected: (i === 0 ? v === "you" : v === "ai")}, t)));
  const agent = el("select", {name: `agent${i}`, class: "agent"}, agents.map((a) => el("option", {value: a, selected: a === "greedy"}, a)));
  const budget = el("select", {name: `budget${i}`, class: "budget", title: "thinking time per decision"},
    [[250, "quick (0.25 s)"], [1000, "steady (1 s)"], [3000, "strong (3 s)"]].map(([v, t]) => el("option", {value: v}, t)));
  const deck = el("select", {name: `deck${i}`, class: "deck"},
    el("option", {value: ""}, "game's choice"), game.presets.map((p) => el("option", {value: p}, p)),
    el("option", {value: "*paste"}, "paste a deck list…"));
  const list = el("textarea", {name: `list${i}`, rows: 6, placeholder: "3 Card Name\n2 Other Card", hidden: true});
  const check = el("button", {type: "button", hidden: true}, "Check deck");
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
      verdict.replaceChildren(r.ok ? el("span", {class: "ok"}, `legal deck of ${r.cards} cards`) : problemsEl(r.problems));
    } catch (e) { verdict.replaceChildren(el("span", {class: "bad"}, e.message)); }
  });
  sync();
  return el("fieldset", {class: "seat", dataset: {seat: i}}, el("legend", {}, seatName(`p${i + 1}`)),
    el("div", {class: "row"}, kind, agent, budget), el("label", {}, "Deck ", deck), list, check, verdict);
}

function problemsEl(problems) {
  return el("ul", {class: "bad"}, problems.map((p) => el("li", {},
    p.line ? `line ${p.line}: ` : "", p.subject ? `${p.subject}: ` : "", ruleText(p.message), p.fix ? ` — ${p.fix}` : "")));
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
  $("#variants").replaceChildren(...g.variants.map((v) => el("label", {title: v.doc},
    `${v.key} `, el("select", {name: `variant-${v.key}`, dataset: {variant: v.key}},
      v.options.map((o) => el("option", {value: o, selected: o === v.default}, o + (o === v.default ? " (default)" : "")))),
    el("small", {class: "muted"}, ` ${v.rule}: ${v.doc}`))));
  $("#variants-box").hidden = !g.variants.length;
  drawSeats();
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
    if (req.seats.some((s) => s.kind === "you" || s.kind === "hotseat")) rememberSeat(r.id, r.token);
    showCreated(r);
  } catch (e) {
    $("#errors").replaceChildren(el("p", {}, e.message.split("\n")[0]), e.problems.length ? problemsEl(e.problems) : null);
  }
}

function showCreated(r) {
  const abs = (p) => location.origin + p;
  const box = $("#created");
  box.replaceChildren(el("h2", {}, "Game ready"),
    el("p", {}, el("a", {class: "button primary", id: "go", href: r.play}, "Go to the table")),
    r.invites.length ? el("div", {}, el("h3", {}, "Invite links"), el("p", {class: "muted"}, "Send each friend their link; it holds their seat's secret."),
      r.invites.map((i) => el("p", {}, `${seatName(i.seat)}: `, el("input", {readonly: true, value: abs(i.link), class: "invite", dataset: {seat: i.seat}, onclick: (e) => e.target.select()})))) : null,
    el("p", {}, "Spectators: ", el("input", {readonly: true, value: abs(r.spectate), class: "invite", onclick: (e) => e.target.select()})));
  box.hidden = false;
  box.scrollIntoView({behavior: "smooth"});
}

async function drawRecent() {
  try {
    const list = await api("/api/games?limit=15");
    $("#recent").replaceChildren(...list.map((g) => el("li", {},
      el("b", {}, g.game), " ", g.seats.map((s) => s.kind === "ai" ? `AI ${s.agent}` : s.kind).join(" vs "), " — ",
      g.finished ? [g.result, " ", el("a", {href: `/replay/${g.id}`}, "replay")] : el("a", {href: `/play/${g.id}`}, "watch"))));
  } catch (e) { $("#recent").replaceChildren(el("li", {}, e.message)); }
}

async function main() {
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
  const rows = await Promise.all(mySeats().map(async (s) => {
    try {
      return mineRow(s, await api(`/api/games/${encodeURIComponent(s.id)}?token=${encodeURIComponent(s.token)}`));
    } catch (e) {
      // 404: the game is gone; 403: the token holds none of its seats.
      if (e.status === 404 || e.status === 403) { forgetSeat(s.id); return null; }
      return el("li", {dataset: {game: s.id}}, el("a", {href: playLink(s)}, s.id), " ", el("span", {class: "muted"}, e.message));
    }
  }));
  const list = rows.filter(Boolean);
  $("#mine").replaceChildren(...list);
  $("#mine-box").hidden = !list.length;
}

function playLink(s) { return `/play/${encodeURIComponent(s.id)}?token=${encodeURIComponent(s.token)}`; }

function mineRow(s, m) {
  const mine = m.controls || [];
  const v = m.view;
  const others = (m.seats || []).filter((x) => !mine.includes(x.seat)).map((x) =>
    `${seatName(x.seat)} ${x.kind === "ai" ? `AI ${x.agent}` : x.kind}`);
  const state = v.result ? resultText(v) : mine.includes(v.to_move) ? "your turn" :
    v.to_move && v.to_move !== "nobody" ? `waiting for ${seatName(v.to_move)}` : "";
  return el("li", {class: v.result ? "over" : "", dataset: {game: s.id}},
    el("a", {href: playLink(s)}, m.name), " ",
    el("span", {class: "muted"}, `you (${mine.map(seatName).join(", ")})` + (others.length ? ` vs ${others.join(", ")}` : "")),
    " — ", el("span", {class: v.result ? "state" : "state live"}, ruleText(state)));
}

main().catch((e) => { $("#errors").textContent = e.message; });
