// The live table: a WebSocket to the server, the view drawn by render.js,
// legal actions on the cards and in the prompt, reconnecting on loss.
import {el, api, refusalPanel, seatName, setSeatNames, seatNamesKey, catalogue, ruleText, rememberSeat, myName, setMyName, withLang} from "./common.js";
import {clockEl} from "./ranked-clock.js";
import {t, gameWord, loadWords, pageLang} from "./i18n.js";
import {renderTable, statusLine, logEl, cardDetail, resultTitle, bottomSeat, showPeek, oneColumn, keepHeadsInView, headScroller, readPlaces, restorePlaces, findCard, findZone, markMoreBelow, markScrolling, scrollFurther} from "./render.js";

const id = location.pathname.split("/").pop();
const params = new URLSearchParams(location.search);
const token = params.get("token") || "";
const $ = (sel) => document.querySelector(sel);

let state = null;
let catalog = new Map();
let socket = null;
let retry = 500;
let shownViewer = null;
let wordsGame = null;
// A spectator's seat at the bottom of the table, kept in the address.
let from = params.get("from") || "";
// window.kw exposes the table's state to scripts and tests.
window.kw = {version: -1, logTotal: 0, legal: 0, finished: false, viewer: null, errors: [], connected: false, drawn: 0};

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = new URLSearchParams();
  if (token) q.set("token", token);
  if (token && myName()) q.set("name", myName());
  if (pageLang()) q.set("lang", pageLang());
  const qs = q.toString() ? `?${q}` : "";
  socket = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws${qs}`);
  socket.onopen = () => { retry = 500; setConn(true); };
  socket.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  socket.onclose = (ev) => {
    if (refused) return;
    setConn(false, ev.reason);
    if (!state) explain();
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

// refused is set once the server has said the table cannot open for this
// link: trying again would only say "reconnecting…" for ever.
let refused = false;

// explain asks the API why the table cannot open (no such game, a wrong
// token) and shows the answer instead of reconnecting in silence. A
// refusal (4xx, not a throttle) ends the reconnecting, and the empty
// decision panel and drawers go; a server that cannot be reached is
// tried again.
async function explain() {
  try {
    await api(`/api/games/${id}${token ? `?token=${encodeURIComponent(token)}` : ""}`);
  } catch (e) {
    if (e.status >= 400 && e.status < 500 && e.status !== 429) {
      refused = true;
      $("#conn").textContent = t("table.not_open");
      for (const side of ["#prompt", "#log-drawer", "#links-drawer"]) $(side).hidden = true;
    }
    const ways = [el("a", {class: "button", href: "/"}, t("common.back_to_lobby"))];
    // A seat that belongs to an account opens once its player logs in:
    // the login page brings them back to this table.
    if (e.code === "seat_other_account") {
      const here = location.pathname + location.search;
      ways.unshift(el("a", {class: "button primary", id: "log-in-for-seat", href: withLang(`/login?next=${encodeURIComponent(here)}`)}, t("account.log_in")));
    }
    $("#table").replaceChildren(refusalPanel(t("table.cannot_open"), e.message, ways));
  }
}

function setConn(ok, reason) {
  window.kw.connected = ok;
  const c = $("#conn");
  c.textContent = ok ? t("table.connected") : t("table.reconnecting");
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
  if (!state || state.game !== m.game) {
    if (wordsGame !== m.game) { await loadWords(m.game); wordsGame = m.game; }
    catalog = await catalogue(m.game, m.cards_date);
  }
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
  const view = m.view_patch ? mergePatch(state.view, m.view_patch) : m.view;
  state = {...state, ...m, view, log, full: false, thinking: m.thinking ?? null, rematch: m.rematch || state.rematch,
    explain: m.explain || state.explain, seats: m.seats || state.seats};
  delete state.view_patch;
  draw();
}

// mergePatch applies a view patch (JSON merge patch, RFC 7386: null
// deletes a member, objects merge by key, anything else replaces) to the
// view before, building new objects where it changes them. One
// extension: {"@n": 3, "1": {...}} patches an array, keeping its first 3
// elements and merging element 1's patch (server/mergepatch.go).
function mergePatch(target, patch) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
  if (Array.isArray(target) && typeof patch["@n"] === "number") {
    const out = target.slice(0, patch["@n"]);
    for (const [k, v] of Object.entries(patch)) if (k !== "@n") out[Number(k)] = mergePatch(out[Number(k)], v);
    return out;
  }
  const out = target !== null && typeof target === "object" && !Array.isArray(target) ? {...target} : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

function toast(text) {
  window.kw.errors.push(text);
  const box = $("#toast");
  box.replaceChildren(...ruleText(text));
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 6000);
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
    b.textContent = t("table.concede_confirm", {action: a.label});
  };
  return b;
}

function send(action) {
  closeMenu();
  if (!socket || socket.readyState !== WebSocket.OPEN) return toast(t("table.not_connected"));
  socket.send(JSON.stringify({type: "act", token, action, version: state.version}));
}

function draw() {
  const m = state;
  const v = m.view;
  // Read before anything is drawn: a read after a change lays the page out.
  const places = readPlaces($("#table .table"));
  setSeatNames(m.seats, v.players);
  document.title = t("table.page_title", {game: m.name});
  $("#title").textContent = m.name + (m.controls.length ? "" : ` (${t("table.watching")})`);
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
  const ctx = {game: m.game, catalog, actionsByCard: byCard, seats: m.seats, thinking: m.thinking, from, places,
    onCard: openMenu, onPile: openPile, onPeek: peek};
  $("#table").replaceChildren(renderTable(v, ctx));
  // An action whose card is not on the table goes to the prompt instead;
  // so does one whose card is there only as a tab under another (an
  // Athernum item on its character), which stays highlighted: on a phone
  // such a tab is a line of 9 px type, cut at the card's edge, and
  // "keep it or discard it" was asked on nothing else.
  const drawn = new Set([...document.querySelectorAll("#table .card[data-id]")].map((e) => Number(e.dataset.id)));
  for (const [c, list] of byCard) if (!drawn.has(c)) loose.push(...list);
  drawPrompt(v, loose);
  followMenu(v, byCard);
  drawLog(m.log || [], m.full);
  drawLinks(v);
  drawCover(v);
  drawResult(v);
  // Once the decision panel beside or below the table has its size.
  fitSide();
  restorePlaces($("#table .table"), places);
  showChoices();
  if (logFollows || m.full) $("#log").scrollTop = $("#log").scrollHeight;
  Object.assign(window.kw, {version: m.version, logTotal: m.log_total, legal: m.legal.length, finished: !!v.result, viewer: v.viewer, drawn: window.kw.drawn + 1});
}

// logFollows says the log shows its latest lines, as it does unless its
// reader scrolled back: then it stays where they are reading.
let logFollows = true;

// logResized is told when the log's box or its list change size.
let logResized = null;

// followLog keeps the log at its latest lines while logFollows, also as
// its box or its lines change size (the drawer opened, the panel above
// grown, a font arrived).
function followLog() {
  const box = $("#log");
  box.addEventListener("scroll", () => { logFollows = box.scrollTop + box.clientHeight >= box.scrollHeight - 8; });
  logResized = new ResizeObserver(() => { if (logFollows) box.scrollTop = box.scrollHeight; });
  logResized.observe(box);
}

// drawLog shows the log's last lines, appending those the list lacks and
// dropping the oldest: rebuilt whole at every message, its sixty lines
// made drawing a state take half again as long. A whole state (a new
// connection, a resync, another seat's view), lines that do not follow
// on from the list's, or a seat named anew rebuild it.
let logNames = "";
function drawLog(lines, whole) {
  const box = $("#log");
  const list = box.querySelector("ol.log");
  const names = seatNamesKey();
  const last = list?.lastElementChild ? list.lastElementChild.value : 0;
  // The lines (numbered one after another) reach from at most the one
  // after the list's last to at least that last.
  const follows = !whole && list && names === logNames && lines.length > 0 &&
    lines[0].n <= last + 1 && lines[lines.length - 1].n >= last;
  if (!follows) {
    logNames = names;
    if (list) logResized?.unobserve(list);
    box.replaceChildren(logEl(lines));
    logResized?.observe(box.firstElementChild);
  } else if (lines[lines.length - 1].n > last) {
    list.append(...logEl(lines.filter((l) => l.n > last)).children);
    while (list.children.length > lines.length) list.firstElementChild.remove();
  }
}

// fitSide gives each section of the table its floor (keepHeadsInView) and,
// in one column (a phone, a tablet upright), where the decision panel and
// the drawers sit below the table, lowers them by what the table lacks
// for the cards the decision can use, the seats' heads and the hand: a
// decision of many choices, wrapped into rows, otherwise took that room
// on a crowded table, and pushed the hand over the panel. The panel then
// scrolls to its last choices.
function fitSide() {
  const side = $(".side");
  const table = $("#table .table");
  side.style.maxHeight = "";
  const wanted = keepHeadsInView(table);
  if (!oneColumn() || wanted <= 0) return;
  // The panel keeps room for its first line and a row of choices.
  side.style.maxHeight = Math.max(96, Math.floor(side.getBoundingClientRect().height - wanted)) + "px";
  keepHeadsInView(table);
}

// showChoices brings the cards a decision can use into view, each inside
// the zone that scrolls it, the first card of each zone last so it wins;
// with its zone's name where the section has room for the whole row (a
// market scrolled down to its highlighted cards hid "Auslage: Wesen").
function showChoices() {
  const cards = [...document.querySelectorAll("#table .playable")];
  for (const c of cards.reverse()) {
    c.closest(".zone")?.scrollIntoView({block: "nearest", inline: "nearest"});
    c.scrollIntoView({block: "nearest", inline: "nearest"});
  }
  uncutLines();
}

// uncutLines keeps the lines naming the seats' usable zones and the shared
// section's top line whole (or wholly out of sight), and marks the
// sections that hide more below: after every change of the table's room,
// since a section refitted keeps its scroll but not where its lines fall
// (a seat's counters drawn open refit the table a moment after drawing).
function uncutLines() {
  uncutZoneNames();
  uncutSharedLine();
  markMoreBelow($("#table"));
}

// uncutSharedLine keeps the table's shared section, scrolled down to the
// cards a decision can use, from showing a line cut through at its top
// edge: Micro-Life's market on a phone showed the lower half of
// "Globaler Ablagestapel" above it (uncutLine brings it back or out of
// sight).
function uncutSharedLine() {
  const shared = document.querySelector("#table .shared");
  if (!shared || !shared.scrollTop) return;
  const top = shared.getBoundingClientRect().top + shared.clientTop;
  for (const line of shared.querySelectorAll(".piles > *, .zone > .z-head")) {
    const r = line.getBoundingClientRect();
    if (r.top >= top - 1 || r.bottom <= top + 1) continue;
    uncutLine(shared, r, top);
    return;
  }
}

// uncutZoneNames keeps the line naming the zone of a seat's first card
// the decision can use from lying under the seat's head: a card a few px
// taller than the room below the head scrolled the line half out of sight
// ("Hlavní postava" cut through), and a taller card further along the
// zone, scrolled to first, hid it whole. The section scrolls back up to
// show the line where every card the decision can use that is in sight
// stays in sight; a line cut through that cannot come back goes wholly
// under the head instead (a card's foot may hold an attachment the
// decision can use).
function uncutZoneNames() {
  for (const head of document.querySelectorAll("#table .player > .p-head")) {
    const line = head.parentElement.querySelector(".playable")?.closest(".zone")?.querySelector(":scope > .z-head");
    if (!line) continue;
    const scroller = headScroller(head.parentElement);
    uncutLine(scroller, line.getBoundingClientRect(), head.getBoundingClientRect().bottom);
  }
}

// uncutLine scrolls scroller so that a line (its box r) lying partly or
// wholly above edge, where the scroller's sight begins, shows whole where
// every card the decision can use that is in sight stays in sight; else a
// line cut through goes out of sight above edge, also where the scroller
// was scrolled to its end (scrollFurther pads it: Micro-Life's market on
// a phone, scrolled as far as it went, showed the foot of "Globaler
// Ablagestapel" above it).
function uncutLine(scroller, r, edge) {
  const under = edge - r.top;
  if (under <= 0) return;
  if (Math.ceil(under) <= roomBelowChoices(scroller)) scroller.scrollTop -= Math.ceil(under);
  else if (under < r.height) scrollFurther(scroller, Math.ceil(r.height - under));
}

// roomBelowChoices is how far down the cards a decision can use that
// scroller shows whole can move and still show whole.
function roomBelowChoices(scroller) {
  const top = scroller.getBoundingClientRect().top + scroller.clientTop, bottom = top + scroller.clientHeight;
  let room = Infinity;
  for (const c of scroller.querySelectorAll(".playable")) {
    const r = c.getBoundingClientRect();
    if (r.top >= top - 1 && r.bottom <= bottom + 1) room = Math.min(room, bottom - r.bottom);
  }
  return room;
}

// where names the places of the cards a decision can use: "your hand,
// market".
function where() {
  const places = [];
  for (const c of document.querySelectorAll("#table .playable")) {
    const zone = c.closest("[data-zone]");
    const seat = c.closest("[data-seat]");
    if (!zone) continue;
    const owner = seat ? seat.dataset.seat : null;
    // German and Czech say "deine Hand", "vaše ruka" by the zone's gender,
    // which the game's words do not carry: a hand, always one's own, goes
    // by its name, one's other zones by theirs with "(bei dir)".
    const place = zone.classList.contains("hand") ? t("table.where_hand", {zone: gameWord("zone", "hand")}) :
      !owner ? gameWord("zone", zone.dataset.zone) :
        owner === state.view.viewer ? t("table.where_mine", {zone: gameWord("zone", zone.dataset.zone)}) :
          t("table.where_other", {zone: gameWord("zone", zone.dataset.zone), name: seatName(owner)});
    if (!places.includes(place)) places.push(place);
  }
  return places.join(", ");
}

function drawPrompt(v, loose) {
  const m = state;
  let text;
  if (v.result) text = resultTitle(v);
  else if (m.legal.length) text = v.prompt || t("table.your_decision");
  else if (m.thinking) text = t("table.ai_thinking", {name: seatName(m.thinking)});
  else if (v.to_move === "nobody") text = "";
  else text = t("table.waiting", {name: seatName(v.to_move)});
  const places = m.legal.length && !v.result ? where() : "";
  $("#prompt").className = "prompt" + (m.legal.length ? " yours" : "") + (m.thinking ? " thinking" : "");
  $("#prompt").replaceChildren(...[el("p", {}, ruleText(text)),
    places ? el("p", {class: "where"}, t("table.where", {places})) : null,
    el("div", {class: "choices"}, loose.map((a) => actButton(a)))].filter(Boolean));
}

// menuShows is what the open menu shows: a card ({card: id}) or a pile
// ({pile: name, owner: seat or null}), so that a new drawing shows it as
// the game now has it.
let menuShows = null;

// followMenu shows the open menu's card with its actions at the new
// version, or its pile with the cards it now holds, or closes it when the
// card or pile is gone: it kept showing the cards and actions of the
// moment it opened, which a pile read while others played had long since
// outgrown.
function followMenu(v, byCard) {
  const menu = $("#menu");
  if (menu.hidden || !menuShows) return;
  const top = menu.scrollTop;
  if (menuShows.card !== undefined) {
    const card = findCard(v, menuShows.card);
    if (card) openMenu(card, byCard.get(card.id) || []);
    else closeMenu();
  } else {
    const zone = findZone(v, menuShows.pile, menuShows.owner);
    if (zone && zone.count) openPile(zone, menuShows.owner);
    else closeMenu();
  }
  menu.scrollTop = top;
}

function openMenu(card, actions) {
  menuShows = {card: card.id};
  peek(null);
  const menu = $("#menu");
  menu.replaceChildren(cardDetail(card, {game: state.game, catalog}),
    el("div", {class: "choices"}, actions.map((a) => actButton(a))),
    el("button", {class: "close", onclick: closeMenu}, actions.length ? t("common.cancel") : t("common.close")));
  menu.hidden = false;
}

// peek shows a card whole beside it (on hover, focus or a long press), or
// hides it when card is null: also on a table that never opened, whose
// every click comes here with no state.
function peek(card, anchor) { showPeek($("#peek"), card, anchor, {game: state?.game, catalog}); }

function openPile(zone, owner) {
  menuShows = {pile: zone.name, owner};
  const menu = $("#menu");
  menu.replaceChildren(el("h3", {}, `${gameWord("zone", zone.name)} (${zone.count})`),
    el("ul", {class: "pile-list"}, (zone.cards || []).map((c) => el("li", {}, c.name || t("card.hidden")))),
    el("button", {class: "close", onclick: closeMenu}, t("common.close")));
  menu.hidden = false;
}

function closeMenu() {
  menuShows = null;
  $("#menu").hidden = true;
}
// A section's floor follows the table's room, which the window and the
// decision panel beside or below it set, and its head, which wraps anew in
// another width or grows when a seat's counters open on a phone; a side
// given more room may now show the line naming its cards' zone.
new ResizeObserver(() => {
  keepHeadsInView($("#table .table"));
  uncutLines();
}).observe($("#table"));
markScrolling($("#table"));
// A seat's counters opened on a phone may take room the panel must give.
$("#table").addEventListener("toggle", () => { fitSide(); uncutLines(); }, true);
document.addEventListener("keydown", (e) => { if (e.key === "Escape") { closeMenu(); peek(null); } });

// drawLinks fills the drawer of the table's extras: the player's display
// name and links, or a spectator's choice of seat.
function drawLinks(v) {
  if (!state.controls.length) {
    const seats = (v.players || []).map((p) => p.seat);
    const at = bottomSeat(v, from);
    $("#links").replaceChildren(el("p", {class: "muted"}, t("table.spectating")),
      el("label", {}, t("table.watch_from"), " ", el("select", {id: "from", onchange: (e) => watchFrom(e.target.value)},
        seats.map((s) => el("option", {value: s, selected: at && at.seat === s}, seatName(s))))));
    if (!drawLinks.opened) $("#links-drawer").open = drawLinks.opened = !oneColumn();
    return;
  }
  if ($("#links").dataset.filled) return;
  $("#links").dataset.filled = "1";
  const name = el("input", {id: "my-name", value: myName(), maxlength: 24, placeholder: t("name.placeholder"), "aria-label": t("name.label")});
  // A ranked or tournament seat is named by its account's username: no
  // name to choose.
  const ranked = (state.seats || []).some((s) => (s.kind === "ranked" || s.event) && state.controls.includes(s.seat));
  $("#links").replaceChildren(
    ...(ranked ? [] : [el("form", {class: "name-form", onsubmit: (e) => { e.preventDefault(); setMyName(name.value); socket.close(); }},
      el("label", {}, t("name.label"), " ", name), el("button", {type: "submit"}, t("name.save")))]),
    el("p", {}, t("table.spectator_link"), " ", el("a", {href: `/play/${id}`}, location.origin + `/play/${id}`)),
    el("p", {class: "muted"}, t("table.own_link"), " ", el("a", {href: location.href}, t("table.this_page"))));
}

function watchFrom(seat) {
  from = seat;
  params.set("from", seat);
  history.replaceState(null, "", `${location.pathname}?${params}`);
  draw();
}

// Hot-seat: when the screen passes to another of the token's seats, cover
// the table until that player says they are ready.
function drawCover(v) {
  const cover = $("#cover");
  if (state.controls.length < 2 || v.result) { cover.hidden = true; shownViewer = v.viewer; return; }
  if (shownViewer === null) shownViewer = v.viewer;
  if (v.viewer === shownViewer) return;
  cover.replaceChildren(el("div", {class: "box"}, el("h2", {}, t("table.pass_screen", {name: seatName(v.viewer)})),
    el("button", {class: "primary", onclick: () => { shownViewer = v.viewer; cover.hidden = true; }}, t("table.show_my_cards", {name: seatName(v.viewer)}))));
  cover.hidden = false;
}

// drawResult is the end of the game: who won, and why, in the game's own
// words (its explanation lines, else the result's reason).
function drawResult(v) {
  const box = $("#result");
  if (!v.result) { box.hidden = true; return; }
  // "See the table" puts the result away for good; until then it follows
  // the state (a rematch started by another seat).
  if (drawResult.dismissed) return;
  const next = state.rematch ? `/play/${state.rematch}?token=${encodeURIComponent(token)}` : null;
  // A ranked game has no rematch: its players queue again. A tournament
  // game's match goes on at the tournament.
  const ranked = (state.seats || []).some((s) => s.kind === "ranked");
  const event = ((state.seats || []).find((s) => s.event) || {}).event;
  const lines = (state.explain && state.explain.length) ? state.explain : [v.result.reason].filter(Boolean);
  const won = (v.result.winners || []).includes(v.viewer);
  box.replaceChildren(el("div", {class: "box result-box" + (won ? " won" : ""), id: "result-box", role: "dialog", "aria-labelledby": "result-title"},
    el("h2", {id: "result-title"}, resultTitle(v)),
    el("ul", {class: "explain"}, lines.map((l) => el("li", {}, ruleText(l)))),
    el("p", {class: "muted"}, t("result.after", {turns: v.turn, actions: state.version})),
    el("div", {class: "choices"},
      ranked ? el("a", {class: "button primary", id: "ranked-again", href: `/ranked?game=${encodeURIComponent(state.game)}`}, t("result.ranked_again")) :
        event ? el("a", {class: "button primary", id: "to-tournament", href: withLang(`/tournaments/${encodeURIComponent(event)}`)}, t("result.to_tournament")) :
        state.controls.length ? el("button", {class: "primary", id: "rematch", onclick: rematch}, next ? t("result.join_rematch") : t("result.rematch")) : null,
      el("a", {class: "button", id: "to-lobby", href: "/"}, t("common.back_to_lobby")),
      el("a", {class: "button", href: `/replay/${id}`}, t("result.replay")),
      el("button", {onclick: () => { box.hidden = true; drawResult.dismissed = true; }}, t("result.see_table")))));
  box.hidden = false;
}

async function rematch() {
  try {
    const r = await api(`/api/games/${id}/rematch`, {token});
    location.href = r.play;
  } catch (e) { toast(e.message); }
}

document.addEventListener("click", (e) => {
  peek(null);
  const menu = $("#menu");
  if (!menu.hidden && !menu.contains(e.target)) closeMenu();
});

async function main() {
  await loadWords();
  if (oneColumn()) $("#log-drawer").open = false;
  followLog();
  setConn(false);
  $("#conn").textContent = t("table.connecting");
  connect();
}

main();
