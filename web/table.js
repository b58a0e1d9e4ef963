// The live table: a WebSocket to the server, the view drawn by render.js,
// legal actions on the cards and in the prompt, reconnecting on loss.
import {el, api, seatName, catalogue, ruleText, rememberSeat} from "./common.js";
import {clockEl} from "./ranked-clock.js";
import {renderTable, statusLine, logEl, cardDetail, resultText} from "./render.js";

const id = location.pathname.split("/").pop();
const params = new URLSearchParams(location.search);
const token = params.get("token") || "";
const $ = (sel) => document.querySelector(sel);

let state = null;
let catalog = new Map();
let socket = null;
let retry = 500;
let shownViewer = null;
// window.kw exposes the table's state to scripts and tests.
window.kw = {version: -1, legal: 0, finished: false, viewer: null, errors: [], connected: false};

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws${q}`);
  socket.onopen = () => { retry = 500; setConn(true); };
  socket.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  socket.onclose = (ev) => {
    setConn(false, ev.reason);
    if (!state) explain();
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

// explain asks the API why the table cannot open (no such game, a wrong
// token) and shows the answer instead of reconnecting in silence.
async function explain() {
  try {
    await api(`/api/games/${id}${token ? `?token=${encodeURIComponent(token)}` : ""}`);
  } catch (e) {
    $("#table").replaceChildren(el("div", {class: "panel"}, el("h2", {}, "This table cannot open"), el("p", {}, e.message),
      el("a", {class: "button", href: "/"}, "Back to the lobby")));
  }
}

function setConn(ok, reason) {
  window.kw.connected = ok;
  const c = $("#conn");
  c.textContent = ok ? "connected" : "reconnecting…";
  c.className = "conn " + (ok ? "ok" : "lost");
  if (!ok && reason) c.title = reason;
}

async function onMessage(m) {
  if (m.type === "error") return toast(m.error);
  if (m.type === "seats") {
    if (state) { state.seats = m.seats; draw(); }
    return;
  }
  if (m.type !== "state") return;
  if (!m.full) return applyDelta(m);
  m.controls = m.controls || [];
  if (!state || state.game !== m.game) catalog = await catalogue(m.game);
  // A token that holds a seat is kept for the lobby's "My games".
  if (m.controls.length) rememberSeat(id, token);
  state = m;
  draw();
}

// applyDelta merges a message that carries only what changed. Its log
// must follow on the entries we have; after a gap (a lost message) the
// table asks for the whole state instead.
function applyDelta(m) {
  if (!state || m.log_total - m.log.length !== state.log_total) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({type: "sync"}));
    return;
  }
  const log = state.log.concat(m.log).slice(-60);
  state = {...state, ...m, log, full: false, thinking: m.thinking ?? null, rematch: m.rematch || state.rematch};
  draw();
}

function toast(text) {
  window.kw.errors.push(text);
  const t = $("#toast");
  t.replaceChildren(...ruleText(text));
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 6000);
}

// actButton is the button of one legal action. One that gives the game up
// asks for a second click first, since the rules may offer it at every
// decision, next to the moves a player means to make.
function actButton(a) {
  if (!a.concedes) return el("button", {class: "act", dataset: {action: a.action}, onclick: () => send(a.action)}, ruleText(a.label));
  const b = el("button", {class: "act concede", dataset: {action: a.action}}, ruleText(a.label));
  b.onclick = () => {
    if (b.classList.contains("armed")) return send(a.action);
    b.classList.add("armed");
    b.textContent = a.label + ": click again to give up the game";
  };
  return b;
}

function send(action) {
  closeMenu();
  if (!socket || socket.readyState !== WebSocket.OPEN) return toast("not connected: reconnecting, try again in a moment");
  socket.send(JSON.stringify({type: "act", token, action, version: state.version}));
}

function draw() {
  const m = state;
  const v = m.view;
  Object.assign(window.kw, {version: m.version, legal: m.legal.length, finished: !!v.result, viewer: v.viewer});
  document.title = `${m.name} — Kartenwerk`;
  $("#title").textContent = m.name + (m.controls.length ? "" : " (watching)");
  $("#status").replaceChildren(statusLine(v, {thinking: m.thinking && m.thinking === v.to_move}));
  const clock = clockEl(m.clock);
  if (clock) $("#status .status").append(clock);
  const byCard = new Map();
  const loose = [];
  for (const a of m.legal) {
    const c = (a.cards || [])[0];
    if (c !== undefined) {
      if (!byCard.has(c)) byCard.set(c, []);
      byCard.get(c).push(a);
    } else loose.push(a);
  }
  const ctx = {game: m.game, catalog, actionsByCard: byCard, seats: m.seats, thinking: m.thinking,
    onCard: openMenu, onPile: openPile};
  $("#table").replaceChildren(renderTable(v, ctx));
  // An action whose card is not on the table goes to the prompt instead.
  const drawn = new Set([...document.querySelectorAll("#table .card[data-id]")].map((e) => Number(e.dataset.id)));
  for (const [c, list] of byCard) if (!drawn.has(c)) loose.push(...list);
  drawPrompt(v, loose, byCard.size > 0);
  $("#log").replaceChildren(logEl(m.log));
  $("#log").scrollTop = 1e9;
  drawLinks();
  drawCover(v);
  drawResult(v);
}

function drawPrompt(v, loose, cardActions) {
  const m = state;
  let text;
  if (v.result) text = resultText(v);
  else if (m.legal.length) text = v.prompt || (cardActions ? "Your decision: click a highlighted card, or choose below." : "Your decision:");
  else if (m.thinking) text = `${seatName(m.thinking)} (AI) is thinking…`;
  else if (v.to_move === "nobody") text = "";
  else text = `Waiting for ${seatName(v.to_move)}…`;
  $("#prompt").className = "prompt" + (m.legal.length ? " yours" : "") + (m.thinking ? " thinking" : "");
  $("#prompt").replaceChildren(el("p", {}, ruleText(text)),
    el("div", {class: "choices"}, loose.map((a) => actButton(a))));
}

function openMenu(card, actions) {
  const info = catalog.get(card.name);
  const menu = $("#menu");
  menu.replaceChildren(cardDetail(card, info),
    el("div", {class: "choices"}, actions.map((a) => actButton(a))),
    el("button", {class: "close", onclick: closeMenu}, actions.length ? "Cancel" : "Close"));
  menu.hidden = false;
}

function openPile(zone) {
  const menu = $("#menu");
  menu.replaceChildren(el("h3", {}, `${zone.name} (${zone.count})`),
    el("ul", {class: "pile-list"}, (zone.cards || []).map((c) => el("li", {}, c.name || "hidden card"))),
    el("button", {class: "close", onclick: closeMenu}, "Close"));
  menu.hidden = false;
}

function closeMenu() { $("#menu").hidden = true; }
document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeMenu(); });

function drawLinks() {
  if (!state.controls.length) return $("#links").replaceChildren(el("p", {class: "muted"}, "You are watching: only public information is shown."));
  $("#links").replaceChildren(el("details", {}, el("summary", {}, "Links"),
    el("p", {}, "Spectators: ", el("a", {href: `/play/${id}`}, location.origin + `/play/${id}`)),
    el("p", {class: "muted"}, "Your own link (keep it secret, it holds your seat): ", el("a", {href: location.href}, "this page"))));
}

// Hot-seat: when the screen passes to another of the token's seats, cover
// the table until that player says they are ready.
function drawCover(v) {
  const cover = $("#cover");
  if (state.controls.length < 2 || v.result) { cover.hidden = true; shownViewer = v.viewer; return; }
  if (shownViewer === null) shownViewer = v.viewer;
  if (v.viewer === shownViewer) return;
  cover.replaceChildren(el("div", {class: "box"}, el("h2", {}, `Pass the screen to ${seatName(v.viewer)}`),
    el("button", {class: "primary", onclick: () => { shownViewer = v.viewer; cover.hidden = true; }}, `I am ${seatName(v.viewer)}: show my cards`)));
  cover.hidden = false;
}

function drawResult(v) {
  const box = $("#result");
  if (!v.result) { box.hidden = true; return; }
  const next = state.rematch ? `/play/${state.rematch}?token=${encodeURIComponent(token)}` : null;
  // A ranked game has no rematch: its players queue again.
  const ranked = (state.seats || []).some((s) => s.kind === "ranked");
  box.replaceChildren(el("div", {class: "box", id: "result-box"},
    el("h2", {}, ruleText(resultText(v))),
    el("p", {}, `after ${v.turn} turns and ${state.version} actions`),
    el("div", {class: "choices"},
      ranked ? el("a", {class: "button primary", id: "ranked-again", href: `/ranked?game=${encodeURIComponent(state.game)}`}, "Play ranked again") :
        state.controls.length ? el("button", {class: "primary", id: "rematch", onclick: rematch}, next ? "Join the rematch" : "Rematch") : null,
      el("a", {class: "button", href: `/replay/${id}`}, "Watch the replay"),
      el("a", {class: "button", href: "/"}, "Lobby"),
      el("button", {onclick: () => { box.hidden = true; }}, "See the table"))));
  box.hidden = false;
}

async function rematch() {
  try {
    const r = await api(`/api/games/${id}/rematch`, {token});
    location.href = r.play;
  } catch (e) { toast(e.message); }
}

document.addEventListener("click", (e) => {
  const menu = $("#menu");
  if (!menu.hidden && !menu.contains(e.target)) closeMenu();
});

connect();
