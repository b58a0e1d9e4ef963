// The table companion: counters, hints and a shared log for a card game
// played with physical cards, one phone per player. The server orders the
// log; this page sends commands, draws every snapshot the WebSocket
// pushes, and keeps working offline: a command made without the network
// waits in a queue (kept across reloads) and is sent when the network is
// back, and the server's order of the log decides between phones.
import {el} from "./common.js";
import {t, lang, setLang} from "./companion-i18n.js";

// The game whose companion this is; "" on /companion/, the chooser.
const game = location.pathname.split("/")[2] || "";
// The games with a companion, as the server lists them, by their names
// (the chooser's).
const gameNames = [["mystimons", "MystiMons"], ["mysticelements", "Mystic Elements"], ["microlife", "Micro-Life"],
  ["athernum", "Athernum"], ["zynalith", "Zynalith"]];
const query = new URLSearchParams(location.search);
const main = document.querySelector("#c-main");

/** kwc is the page's state, read by the browser tests. */
const kwc = window.kwc = {game, id: query.get("t") || "", seat: 0, seq: 0, connected: false, pending: 0, errors: [], snap: null, catalog: null};

const saved = {
  get(k, d) { try { const v = localStorage.getItem("kwc." + k); return v === null ? d : JSON.parse(v); } catch { return d; } },
  set(k, v) { try { localStorage.setItem("kwc." + k, JSON.stringify(v)); } catch { /* private mode: kept for this page only */ } },
};

let queue = [];     // commands not yet acknowledged by the server, oldest first
let socket = null;
let flushing = false;
let lastNotes = []; // the notes of this phone's newest event, shown once

// --- commands, the offline queue and the server ---

function newOp() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Date.now().toString(36) + Math.random().toString(36).slice(2);
}

/** send queues a command for this phone's seat and tries to send it. */
function send(cmd) {
  queue.push({op: newOp(), seat: kwc.seat, cmd});
  saveQueue();
  render();
  flush();
}

function saveQueue() {
  saved.set("queue." + kwc.id, queue);
  kwc.pending = queue.length;
}

async function post(path, body) {
  // The server words its refusals in the language this page speaks,
  // which the companion chooses itself.
  const res = await fetch(`${path}?lang=${lang()}`, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await res.json().catch(() => ({error: `HTTP ${res.status}`}));
  return {status: res.status, data};
}

/** flush sends the queue in order; a network failure leaves the rest for later. */
async function flush() {
  if (flushing || !kwc.id) return;
  flushing = true;
  try {
    while (queue.length && navigator.onLine) {
      const item = queue[0];
      let r;
      try {
        r = await post(`/api/companion/tables/${kwc.id}/commands`, item);
      } catch {
        setConnected(false);
        setTimeout(flush, 2000);
        return;
      }
      queue.shift();
      saveQueue();
      if (r.status === 200) {
        if (r.data.event.by === kwc.seat - 1) lastNotes = r.data.event.notes || [];
        accept(r.data.table);
      } else if (r.status === 409 && r.data.confirm) {
        askConfirm(r.data.confirm, item.cmd);
      } else if (r.status === 503) {
        queue.unshift(item); // the table moved on another server: send it again
        saveQueue();
        await new Promise((ok) => setTimeout(ok, 500));
      } else {
        showError(r.data.error || `HTTP ${r.status}`);
      }
      render();
    }
  } finally {
    flushing = false;
  }
}

/** accept takes a snapshot from the server unless it is older than ours. */
function accept(snap) {
  if (!snap || snap.id !== kwc.id || (kwc.snap && snap.seq < kwc.snap.seq)) return;
  kwc.snap = snap;
  kwc.seq = snap.seq;
  saved.set("snap." + kwc.id, snap);
}

function connect() {
  if (!kwc.id || socket) return;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/companion/tables/${kwc.id}/ws`);
  socket = ws;
  ws.onopen = () => { setConnected(true); flush(); };
  ws.onmessage = (m) => {
    try { accept(JSON.parse(m.data)); } catch { return; }
    render();
  };
  ws.onclose = () => {
    if (socket === ws) socket = null;
    setConnected(false);
    // Try again whatever navigator.onLine says: it can lag the network.
    setTimeout(connect, navigator.onLine ? 1000 : 3000);
  };
}

function setConnected(ok) {
  kwc.connected = ok;
  drawConn();
}

window.addEventListener("offline", () => { setConnected(false); if (socket) socket.close(); });
window.addEventListener("online", () => { connect(); flush(); });

// --- the view: the server's state with this phone's queued changes ---

/** view is the state as it will be once the queue is sent: counters
 * change at once offline; other commands wait to be drawn. */
function view() {
  const st = Object.assign({}, kwc.snap ? kwc.snap.state : {});
  for (const {cmd} of queue) {
    if (cmd.verb === "add") st[cmd.target] = String((Number(st[cmd.target]) || 0) + cmd.n);
    if (cmd.verb === "set") st[cmd.target] = cmd.arg;
  }
  return st;
}

const num = (st, k) => Number(st[k]) || 0;
const players = (st) => num(st, "players");
const seatKey = (i) => "p" + (i + 1);
const nameOf = (st, p) => st[p + ".name"] || p;

/** label names a key or target for people: "Ada · Sugar", "Flaru (Ada)". */
function label(st, key) {
  if (!key) return "";
  const m = key.match(/^(p\d+)(?:\.(m\d+))?(?:\.(.*))?$/);
  if (!m) return t("c." + key);
  const who = nameOf(st, m[1]);
  const what = (k) => {
    const [head, el] = k.split(".");
    return el ? `${t("c." + (head === "e" ? "energy" : head))} ${t("el." + el)}` : t("c." + head);
  };
  if (m[2]) {
    const card = st[`${m[1]}.${m[2]}.card`] || m[2];
    return m[3] && m[3] !== "card" ? `${card} (${who}) · ${what(m[3])}` : `${card} (${who})`;
  }
  return m[3] ? `${who} · ${what(m[3])}` : who;
}

function noteText(st, n) {
  const vars = Object.assign({}, n.vars || {});
  for (const k of ["seat"]) if (vars[k]) vars[k] = nameOf(st, vars[k]);
  if (vars.counter) vars.counter = t("c." + vars.counter);
  if (vars.element) vars.element = t("el." + vars.element);
  if (n.target && vars.target === undefined) vars.target = label(st, n.target);
  return t("note." + n.code, vars) + (n.rule ? ` (${n.rule})` : "");
}

function describe(now, ev) {
  const c = ev.cmd;
  // A MystiMon knocked out since is named as it was.
  const st = Object.assign({}, now);
  for (const ch of ev.changes || []) if (ch.key.endsWith(".card") && !st[ch.key]) st[ch.key] = ch.from || ch.to;
  const vars = {target: label(st, c.target), arg: c.verb === "attach" || c.verb === "pool" ? t("el." + c.arg) : c.arg, n: c.n > 0 && c.verb === "add" ? "+" + c.n : String(c.n || ""), seq: c.seq};
  if (c.verb === "attack") vars.arg = label(st, c.arg);
  if (c.verb === "phase") vars.arg = t("phase." + c.arg);
  return t("cmd." + c.verb, vars);
}

// --- drawing ---

function drawConn() {
  const c = document.querySelector("#c-conn");
  const n = queue.length;
  // Before a table is open there is nothing to be connected to.
  c.hidden = !kwc.id && !n;
  c.textContent = (kwc.connected ? t("online") : t("offline")) + (n ? " · " + t("pending", {n}) : "");
  c.className = "c-conn " + (kwc.connected ? "ok" : "lost");
  kwc.pending = n;
}

function showError(msg) {
  kwc.errors.push(msg);
  toast(msg, "bad");
}

function toast(msg, kind) {
  const box = document.querySelector("#c-toast");
  box.textContent = msg;
  box.className = "c-toast " + (kind || "");
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 5000);
}

function askConfirm(note, cmd) {
  const box = document.querySelector("#c-modal");
  box.replaceChildren(el("div", {class: "c-dialog"},
    el("p", {}, noteText(view(), note)),
    el("div", {class: "c-row"},
      el("button", {id: "c-confirm-no", onclick: () => { box.hidden = true; }}, t("cancel")),
      el("button", {id: "c-confirm-yes", class: "primary", onclick: () => { box.hidden = true; send(Object.assign({}, cmd, {confirm: true})); }}, t("confirm")))));
  box.hidden = false;
}

/** render draws the page from scratch, keeping what is typed and focused. */
function render() {
  document.documentElement.lang = lang();
  document.querySelector("#c-lang").value = lang();
  document.querySelector("#c-lang").setAttribute("aria-label", t("language"));
  document.querySelector("#c-title").textContent = t("title." + (game || "choose"));
  document.title = t("title." + (game || "choose")) + " · Kartenwerk";
  drawConn();
  const focus = document.activeElement && document.activeElement.id;
  const typed = {};
  const opened = {};
  for (const i of main.querySelectorAll("input[id], select[id]")) typed[i.id] = i.value;
  for (const d of main.querySelectorAll("details[id]")) opened[d.id] = d.open;
  const nodes = page();
  // Only the table itself spreads over two columns on a wide screen; the
  // screens before it are one short form, read best in one column.
  main.classList.toggle("c-table", nodes.table === true);
  main.replaceChildren(...nodes.filter(Boolean));
  for (const [id, v] of Object.entries(typed)) {
    const i = document.getElementById(id);
    if (!i) continue;
    // A select keeps its choice only while that choice is still offered:
    // the value "" it had before any MystiMon existed would leave it
    // showing nothing, so it shows its first option instead.
    if (i.tagName === "SELECT" && !Array.from(i.options).some((o) => o.value === v)) continue;
    i.value = v;
  }
  for (const [id, v] of Object.entries(opened)) { const d = document.getElementById(id); if (d) d.open = v; }
  if (focus) { const f = document.getElementById(focus); if (f) f.focus(); }
}

function page() {
  if (!game) return chooseScreen();
  if (!kwc.id) return startScreen();
  if (!kwc.snap) return [el("p", {class: "c-wait"}, kwc.connected ? t("loading") : t("offline_nothing"))];
  const st = view();
  if (!kwc.seat || kwc.seat > players(st)) return joinScreen(st);
  return Object.assign(tableScreen(st), {table: true});
}

/** chooseScreen asks which game the table plays, each linking to its
 * companion in the language this page speaks, and offers the tables this
 * phone was at lately, of every game. */
function chooseScreen() {
  const recent = gameNames.flatMap(([id, name]) => saved.get("recent." + id, []).map((r) => ({...r, game: id, name})));
  return [el("section", {class: "c-card"},
    el("h2", {}, t("choose.title")),
    el("p", {class: "muted"}, t("choose.help")),
    el("nav", {class: "c-games"}, ...gameNames.map(([id, name]) => el("a", {class: "c-game", href: `/companion/${id}?lang=${lang()}`, dataset: {game: id}}, name)))),
  recentTables(recent.map((r) => [`/companion/${r.game}?t=${r.id}&lang=${lang()}`, `${r.name}: ${r.names}`]))];
}

/** recentTables lists the tables this phone was at lately, as links
 * [href, text], or nothing when there are none. */
function recentTables(links) {
  return links.length ? el("section", {class: "c-card"}, el("h3", {}, t("recent")),
    ...links.map(([href, text]) => el("a", {class: "c-recent", href}, text))) : null;
}

function startScreen() {
  const recent = saved.get("recent." + game, []);
  return [el("section", {class: "c-card"},
    el("h2", {}, t("start.title")),
    el("p", {class: "muted"}, t("start.help")),
    el("label", {for: "c-name"}, t("your_name")),
    el("input", {id: "c-name", maxlength: 24, autocomplete: "nickname"}),
    el("button", {id: "c-start", class: "primary big", onclick: startTable}, t("start.button"))),
  recentTables(recent.map((r) => [`/companion/${game}?t=${r.id}`, r.names])),
  el("a", {class: "c-other-game", href: `/companion/?lang=${lang()}`}, t("other_game"))];
}

async function startTable() {
  const name = document.querySelector("#c-name").value.trim();
  let r;
  try {
    r = await post("/api/companion/tables", {game, name});
  } catch {
    showError(t("start.offline"));
    return;
  }
  if (r.status !== 201) { showError(r.data.error); return; }
  kwc.id = r.data.id;
  kwc.seat = 1;
  saved.set("seat." + kwc.id, 1);
  accept(r.data);
  remember();
  history.replaceState(null, "", `/companion/${game}?t=${kwc.id}`);
  connect();
  render();
}

function remember() {
  const st = view();
  const names = Array.from({length: players(st)}, (_, i) => nameOf(st, seatKey(i))).join(", ");
  const recent = saved.get("recent." + game, []).filter((r) => r.id !== kwc.id);
  recent.unshift({id: kwc.id, names});
  saved.set("recent." + game, recent.slice(0, 5));
}

function joinScreen(st) {
  const seats = Array.from({length: players(st)}, (_, i) => el("button", {class: "c-seat", dataset: {seat: i + 1},
    onclick: () => { kwc.seat = i + 1; saved.set("seat." + kwc.id, kwc.seat); remember(); render(); }}, t("i_am", {name: nameOf(st, seatKey(i))})));
  return [el("section", {class: "c-card"},
    el("h2", {}, t("join.title")),
    el("label", {for: "c-name"}, t("your_name")),
    el("input", {id: "c-name", maxlength: 24}),
    el("button", {id: "c-join", class: "primary big", onclick: joinTable}, t("join.button")),
    seats.length ? el("p", {class: "muted"}, t("join.already")) : null, ...seats)];
}

async function joinTable() {
  const name = document.querySelector("#c-name").value.trim();
  let r;
  try {
    r = await post(`/api/companion/tables/${kwc.id}/commands`, {seat: 0, op: newOp(), cmd: {verb: "join", arg: name}});
  } catch {
    showError(t("join.offline"));
    return;
  }
  if (r.status !== 200) { showError(r.data.error); return; }
  kwc.seat = r.data.event.by + 1;
  saved.set("seat." + kwc.id, kwc.seat);
  accept(r.data.table);
  remember();
  render();
}

function tableScreen(st) {
  const me = seatKey(kwc.seat - 1);
  const hints = kwc.snap.hints || [];
  const parts = [];
  if (st.winner) {
    parts.push(el("div", {class: "c-win", id: "c-win"}, t("winner", {name: nameOf(st, seatKey(Number(st.winner) - 1))})));
    // The next game of the evening, at the same table: the log keeps this
    // one, and undo brings it back.
    parts.push(el("button", {id: "c-new-game", class: "primary big", onclick: () => send({verb: "new-game"})}, t("new_game")));
  }
  if (lastNotes.length) parts.push(el("ul", {class: "c-notes", id: "c-last-notes"}, lastNotes.map((n) => el("li", {class: n.level}, noteText(st, n)))));
  parts.push(...(games[game] || games.counters)(st, me, hints));
  parts.push(invite(st), logPanel(st));
  return parts;
}

/** step draws − and + buttons around a counter (steps: [-1, 1] etc.). */
function stepper(st, key, steps = [-1, 1], big = false) {
  const btn = (n) => el("button", {class: "c-step", dataset: {key, n}, onclick: () => send({verb: "add", target: key, n})}, n > 0 ? "+" + n : "−" + -n);
  return el("span", {class: "c-counter" + (big ? " big" : ""), dataset: {counter: key}},
    ...steps.filter((n) => n < 0).map(btn),
    el("b", {class: "c-value", dataset: {value: key}}, st[key] || "0"),
    ...steps.filter((n) => n > 0).map(btn));
}

function counterLine(st, key, steps, big) {
  const name = key.split(".").pop();
  return el("div", {class: "c-line"}, el("span", {class: "c-name"}, t("c." + name)), stepper(st, key, steps, big));
}

function playerPanel(st, p, mine, body) {
  const active = players(st) > 1 && st.turn && num(st, "active") === Number(p.slice(1)) - 1;
  return el("section", {class: "c-player " + (mine ? "mine" : "other"), dataset: {seat: p}},
    el("h3", {}, nameOf(st, p), mine ? el("span", {class: "c-you"}, t("you")) : null, active ? el("span", {class: "c-turn"}, t("their_turn")) : null),
    ...body);
}

function others(st, me) {
  return Array.from({length: players(st)}, (_, i) => seatKey(i)).filter((p) => p !== me);
}

function actionButton(act, text, cmd, primary) {
  return el("button", {class: primary ? "primary" : "", dataset: {act}, onclick: () => send(cmd)}, text);
}

function turnBar(st, extra) {
  const parts = [];
  if (st.round) parts.push(el("span", {}, t("c.round"), " ", el("b", {id: "c-round"}, st.round)));
  if (st.turn) parts.push(el("span", {}, t("c.turn"), " ", el("b", {id: "c-turnno"}, st.turn)));
  if (players(st) > 1 && st.turn) parts.push(el("span", {}, t("c.active"), " ", el("b", {}, nameOf(st, seatKey(num(st, "active"))))));
  return el("div", {class: "c-turnbar"}, ...parts, ...(extra || []));
}

// --- the five games ---

const perPlayer = {
  mysticelements: [["energy", [-1, 1], true], ["promote", [-1, 1]], ["demote", [-1, 1]]],
  microlife: [["life", [-1, 1], true], ["sugar", [-1, 1], true]],
  athernum: [["vp", [-1, 1], true], ["command", [-1, 1]], ["initiative", [-1, 1]]],
  zynalith: [["hp", [-5, -1, 1], true], ["silver", [-10, -1, 1, 10], true], ["zynalith", [-1, 1]], ["vp", [-1, 1]]],
};

const gameActions = {
  mysticelements: (st, me) => [actionButton("gain", t("act.gain", {n: Math.min(Math.max(1, num(st, "round")), 5)}), {verb: "gain", target: me}, true),
    actionButton("end-turn", t("act.end_turn"), {verb: "end-turn"})],
  microlife: () => [actionButton("end-turn", t("act.end_turn"), {verb: "end-turn"}, true)],
  athernum: (st, me) => [actionButton("claim", t("act.claim"), {verb: "claim", target: me}, true), actionButton("end-turn", t("act.end_turn"), {verb: "end-turn"})],
  zynalith: () => [actionButton("next-round", t("act.next_round"), {verb: "next-round"}), actionButton("score", t("act.score"), {verb: "score"}, true)],
};

function hintList(st, hints, filter) {
  const mine = hints.filter(filter);
  return mine.length ? el("ul", {class: "c-hints"}, mine.map((n) => el("li", {class: n.level, dataset: {code: n.code}}, noteText(st, n)))) : null;
}

function countersGame(st, me, hints) {
  const rows = perPlayer[game] || [];
  const panel = (p, mine) => playerPanel(st, p, mine, [
    ...rows.map(([k, steps, big]) => counterLine(st, `${p}.${k}`, mine ? steps : [-1, 1], mine && big)),
    st[p + ".score"] ? el("div", {class: "c-line"}, el("span", {class: "c-name"}, t("c.score")), el("b", {class: "c-value", dataset: {value: p + ".score"}}, st[p + ".score"])) : null,
    hintList(st, hints, (n) => n.target && (n.target === p || n.target.startsWith(p + "."))),
  ]);
  const shared = game === "athernum" ? [el("section", {class: "c-card"}, counterLine(st, "pool", [-1, 1], true))] : [];
  return [turnBar(st), ...shared, panel(me, true), el("div", {class: "c-actions"}, ...(gameActions[game] ? gameActions[game](st, me) : [])),
    hintList(st, hints, (n) => !n.target), ...others(st, me).map((p) => panel(p, false))];
}

const games = {counters: countersGame, mysticelements: countersGame, microlife: countersGame, athernum: countersGame, zynalith: countersGame, mystimons: mystiMons};

// --- MystiMons ---

function mons(st, p) {
  const ids = Object.keys(st).filter((k) => k.startsWith(p + ".m") && k.endsWith(".card")).map((k) => k.slice(0, -5));
  return ids.sort((a, b) => Number(a.split(".m")[1]) - Number(b.split(".m")[1]));
}

function monCard(name) {
  return (kwc.catalog && kwc.catalog.mons.find((m) => m.name === name)) || {};
}

function stars(n) { return n ? "★".repeat(n) : ""; }

function mystiMons(st, me, hints) {
  const cat = kwc.catalog || {elements: [], mons: [], relics: [], phases: []};
  const phases = cat.phases.map((ph) => el("button", {class: "c-phase" + (st.phase === ph ? " on" : ""), dataset: {phase: ph},
    onclick: () => send({verb: "phase", arg: ph})}, t("phase." + ph)));
  const bar = turnBar(st, [el("div", {class: "c-phases"}, ...phases),
    el("button", {class: "primary", dataset: {act: "end-turn"}, onclick: () => send({verb: "end-turn"})}, t("act.end_phase"))]);
  const pool = el("div", {class: "c-pool"}, el("span", {class: "c-name"}, t("c.pool")),
    ...[...cat.elements, "any"].map((e) => el("span", {class: "c-el el-" + e}, t("el." + e), " ",
      el("button", {class: "c-step", dataset: {pool: e, n: -1}, onclick: () => send({verb: "pool", target: me, arg: e, n: -1})}, "−"),
      el("b", {dataset: {value: `${me}.pool.${e}`}}, st[`${me}.pool.${e}`] || "0"),
      el("button", {class: "c-step", dataset: {pool: e, n: 1}, onclick: () => send({verb: "pool", target: me, arg: e, n: 1})}, "+"))));
  const add = el("div", {class: "c-add"},
    el("input", {id: "c-mon-name", list: "c-mon-list", placeholder: t("mm.search"), autocomplete: "off", "aria-label": t("mm.search")}),
    el("datalist", {id: "c-mon-list"}, ...cat.mons.map((m) => el("option", {value: m.name}, `${m.name} · ${t("el." + m.element)} · ${t("mm.stage", {n: m.stage})} ${stars(m.grade)}`))),
    el("button", {id: "c-mon-add", class: "primary", onclick: () => {
      const i = document.querySelector("#c-mon-name");
      const name = i.value.trim();
      i.value = "";
      send({verb: "summon", target: me, arg: name});
    }}, t("mm.add")));
  const mine = playerPanel(st, me, true, [pool, ...mons(st, me).map((id) => monPanel(st, id, hints, cat, true)), add, codeField(me)]);
  const theirs = others(st, me).map((p) => playerPanel(st, p, false,
    [el("div", {class: "c-pool small"}, t("c.pool"), ":", ...[...cat.elements, "any"].map((e) => el("span", {}, ` ${t("el." + e)} `, el("b", {dataset: {value: `${p}.pool.${e}`}}, st[`${p}.pool.${e}`] || "0")))),
      ...mons(st, p).map((id) => monPanel(st, id, hints, cat, false))]));
  return [bar, mine, attackPanel(st, me), ...theirs];
}

/** codeField adds a card by its registration code, typed or scanned. */
function codeField(me) {
  const add = async (payload) => {
    let r;
    try {
      r = await post("/api/companion/code", {code: payload});
    } catch {
      showError(t("code.offline"));
      return;
    }
    if (r.status !== 200) { showError(r.data.error); return; }
    if (r.data.game !== game) { showError(t("code.other_game", {card: r.data.card})); return; }
    send({verb: "summon", target: me, arg: r.data.card});
  };
  const typed = el("input", {id: "c-code", placeholder: t("code.placeholder"), autocomplete: "off", "aria-label": t("code.placeholder")});
  return el("details", {class: "c-code", id: "c-code-box"}, el("summary", {}, t("code.title")),
    el("div", {class: "c-row"}, typed,
      el("button", {id: "c-code-add", onclick: () => { const v = typed.value; typed.value = ""; add(v); }}, t("mm.add")),
      "BarcodeDetector" in window && navigator.mediaDevices ? el("button", {id: "c-scan", onclick: () => scan(add)}, t("code.scan")) : null));
}

/** scan reads one QR code with the camera (where the browser can) and hands its text on. */
async function scan(found) {
  const box = document.querySelector("#c-modal");
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({video: {facingMode: "environment"}});
  } catch {
    showError(t("code.no_camera"));
    return;
  }
  const video = el("video", {class: "c-video", playsinline: true, muted: true});
  video.srcObject = stream;
  let open = true;
  const stop = () => { open = false; stream.getTracks().forEach((tr) => tr.stop()); box.hidden = true; };
  box.replaceChildren(el("div", {class: "c-dialog"}, video, el("button", {onclick: stop}, t("cancel"))));
  box.hidden = false;
  await video.play();
  const detector = new BarcodeDetector({formats: ["qr_code"]});
  while (open) {
    const codes = await detector.detect(video).catch(() => []);
    if (codes.length) { stop(); found(codes[0].rawValue); return; }
    await new Promise((ok) => setTimeout(ok, 200));
  }
}

function monPanel(st, id, hints, cat, mine) {
  const card = monCard(st[id + ".card"]);
  const hp = num(st, id + ".hp"), max = num(st, id + ".max");
  const energy = [...cat.elements, "any"].map((e) => el("span", {class: "c-el el-" + e}, t("el." + e), " ",
    mine ? el("button", {class: "c-step", dataset: {key: `${id}.e.${e}`, n: -1}, onclick: () => send({verb: "add", target: `${id}.e.${e}`, n: -1})}, "−") : null,
    el("b", {dataset: {value: `${id}.e.${e}`}}, st[`${id}.e.${e}`] || "0"),
    mine ? el("button", {class: "c-step", dataset: {attach: e, mon: id}, onclick: () => send({verb: "attach", target: id, arg: e})}, "+") : null));
  const evolve = hints.filter((n) => n.code === "mm.evolve" && n.target === id).map((n) => el("button", {
    class: "c-evolve" + (n.level === "hint" ? " ready" : ""), dataset: {evolve: n.vars.into, mon: id},
    onclick: () => send({verb: "evolve", target: id, arg: n.vars.into})}, t("mm.evolve_into", {into: n.vars.into, have: n.vars.have, need: n.vars.need}), " ", stars(Number(n.vars.stars))));
  const status = (s) => el("button", {class: "c-status" + (num(st, `${id}.${s}`) ? " on" : ""), dataset: {status: s, mon: id},
    onclick: () => send({verb: "status", target: id, arg: s, n: num(st, `${id}.${s}`) ? 0 : 1})}, t("st." + s));
  const poison = el("span", {class: "c-status" + (num(st, id + ".poison") ? " on" : "")}, t("st.poison"), " ",
    mine ? el("button", {class: "c-step", onclick: () => send({verb: "status", target: id, arg: "poison", n: Math.max(0, num(st, id + ".poison") - 1)})}, "−") : null,
    el("b", {dataset: {value: id + ".poison"}}, st[id + ".poison"] || "0"),
    mine ? el("button", {class: "c-step", dataset: {poison: id}, onclick: () => send({verb: "status", target: id, arg: "poison", n: num(st, id + ".poison") + 1})}, "+") : null);
  const relic = mine ? el("select", {class: "c-relic", dataset: {relic: id}, onchange: (ev) => send({verb: "relic", target: id, arg: ev.target.value})},
    el("option", {value: ""}, t("mm.no_relic")),
    ...cat.relics.filter((r) => r.attach).map((r) => el("option", {value: r.name, selected: st[id + ".relic"] === r.name}, r.name))) :
    (st[id + ".relic"] ? el("span", {class: "c-tag"}, st[id + ".relic"]) : null);
  const pct = max ? Math.max(0, Math.min(100, Math.round(100 * hp / max))) : 0;
  const drain = hints.find((n) => n.code === "mm.drains" && n.target === id);
  return el("article", {class: "c-mon el-" + (card.element || ""), dataset: {mon: id}},
    el("header", {}, el("b", {class: "c-mon-name"}, st[id + ".card"]), " ", el("span", {class: "c-stars"}, stars(card.grade)),
      el("span", {class: "muted"}, " ", t("el." + (card.element || "any")), " · ", t("mm.stage", {n: card.stage || "?"}), " · ", t("mm.stats", {atk: card.atk, def: card.def}))),
    el("div", {class: "c-hp"}, el("div", {class: "c-hpbar"}, el("i", {style: `width:${pct}%`})),
      el("b", {class: "c-hpnum", dataset: {hp: id}}, `${hp}/${max}`),
      el("span", {class: "c-hpbtn"}, ...[-10, -1, 1, 10].map((n) => el("button", {class: "c-step", dataset: {key: id + ".hp", n},
        onclick: () => send({verb: "add", target: id + ".hp", n})}, n > 0 ? "+" + n : "−" + -n)))),
    drain ? el("div", {class: "c-drain"}, t("note.mm.drains", {loss: drain.vars.loss})) : null,
    el("div", {class: "c-energy"}, ...energy),
    el("div", {class: "c-statuses"}, status("burn"), poison, status("frozen"), status("paralyzed"), relic),
    mine && evolve.length ? el("div", {class: "c-evolves"}, ...evolve) : null,
    mine ? el("button", {class: "c-ko", dataset: {remove: id}, onclick: () => send({verb: "remove", target: id})}, t("mm.remove")) : null);
}

function attackPanel(st, me) {
  const opts = (ids) => ids.map((id) => el("option", {value: id}, label(st, id)));
  const theirs = others(st, me).flatMap((p) => mons(st, p));
  return el("section", {class: "c-attack"},
    el("h3", {}, t("mm.attack")),
    el("div", {class: "c-row"},
      el("select", {id: "c-attacker", "aria-label": t("mm.attacker")}, ...opts(mons(st, me))),
      el("span", {}, "→"),
      el("select", {id: "c-target", "aria-label": t("mm.target")}, ...opts(theirs)),
      el("input", {id: "c-power", type: "number", min: 0, max: 99, placeholder: t("mm.power"), "aria-label": t("mm.power"), class: "c-num"}),
      el("button", {id: "c-attack", class: "primary", onclick: () => {
        const at = document.querySelector("#c-attacker"), tgs = document.querySelector("#c-target");
        const a = at.value, tg = tgs.value;
        // Nothing chosen sends nothing, and says what to choose.
        if (!a) { toast(t(at.options.length ? "mm.choose_attacker" : "mm.no_attacker"), "bad"); at.focus(); return; }
        if (!tg) { toast(t(tgs.options.length ? "mm.choose_target" : "mm.no_target"), "bad"); tgs.focus(); return; }
        send({verb: "attack", target: a, arg: tg, n: Number(document.querySelector("#c-power").value) || 0});
      }}, t("mm.attack_button"))));
}

// --- sharing and the log ---

function invite(st) {
  const link = `${location.origin}/companion/${game}?t=${kwc.id}`;
  return el("details", {class: "c-card c-invite", id: "c-invite", open: players(st) < 2},
    el("summary", {}, t("invite.title")),
    el("p", {class: "muted"}, t("invite.help")),
    el("img", {id: "c-qr", src: `/api/companion/tables/${kwc.id}/qr.svg`, alt: t("invite.qr"), width: 180, height: 180}),
    el("input", {id: "c-link", readonly: true, value: link, onfocus: (ev) => ev.target.select()}),
    navigator.share ? el("button", {onclick: () => navigator.share({url: link, title: t("title." + game)}).catch(() => {})}, t("invite.share")) : null);
}

function logPanel(st) {
  const log = kwc.snap.log || [];
  const undone = new Set(log.filter((e) => e.undoes).map((e) => e.undoes));
  const rows = log.slice().reverse().map((ev) => el("li", {class: undone.has(ev.seq) ? "undone" : "", dataset: {seq: ev.seq}},
    // One item of the row's flexbox for the name and what they did: apart,
    // the flexbox's gap stood between the name and its colon ("Ada : …").
    el("span", {class: "c-seq"}, "#" + ev.seq), el("span", {}, el("b", {}, nameOf(st, seatKey(ev.by))), ": ", describe(st, ev)),
    ev.cmd.verb !== "join" && !undone.has(ev.seq) ? el("button", {class: "c-undo", dataset: {undo: ev.seq}, onclick: () => send({verb: "undo", seq: ev.seq})}, t("undo")) : null));
  const pending = queue.map((q) => el("li", {class: "pending"}, el("span", {}, t("waiting"), ": ", describe(st, {cmd: q.cmd, by: q.seat - 1}))));
  return el("details", {class: "c-card c-log", id: "c-log-box", open: true}, el("summary", {}, t("log"), ` (${kwc.snap.log_total})`), el("ol", {id: "c-log"}, ...pending, ...rows));
}

// --- start ---

async function loadCatalog() {
  try {
    const res = await fetch(`/api/companion/catalog/${game}`);
    kwc.catalog = (await res.json()).catalog;
  } catch { /* offline before the catalogue was cached: MystiMons draws without card data */ }
}

async function start() {
  document.querySelector("#c-lang").addEventListener("change", (ev) => { setLang(ev.target.value); render(); });
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/companion-sw.js", {scope: "/companion/"}).catch(() => {});
  if (kwc.id) {
    kwc.seat = saved.get("seat." + kwc.id, 0);
    queue = saved.get("queue." + kwc.id, []);
    kwc.snap = saved.get("snap." + kwc.id, null);
    if (kwc.snap) kwc.seq = kwc.snap.seq;
  }
  render();
  if (!game) return;
  await loadCatalog();
  if (kwc.id) {
    try {
      const res = await fetch(`/api/companion/tables/${kwc.id}`);
      if (res.ok) accept(await res.json());
      else if (res.status === 404) showError(t("no_table"));
    } catch { /* offline: the saved snapshot and queue are drawn */ }
    connect();
  }
  render();
}

start();
