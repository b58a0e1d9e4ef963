// The replay viewer: step through a finished game as a seat or a spectator saw it.
import {el, api, seatName, setSeatNames, catalogue, ruleText, refusalPanel} from "./common.js";
import {t, loadWords} from "./i18n.js";
import {renderTable, statusLine, logEl, cardDetail, resultText, resultTitle, showPeek, keepHeadsInView, readPlaces, restorePlaces, markMoreBelow, markScrolling} from "./render.js";

const id = location.pathname.split("/").pop();
const $ = (sel) => document.querySelector(sel);
let step = 0;
let steps = 0;
let seat = "spectator";
let game = "";
let catalog = new Map();
// loads counts the steps drawn, so a test can wait for a click's answer.
window.kw = {step: -1, steps: 0, viewer: "", loads: 0};

async function load(n) {
  try {
    const r = await api(`/api/games/${id}/replay?seat=${seat}&step=${n}`);
    if (!catalog.size) {
      await loadWords(r.game);
      catalog = await catalogue(r.game);
    }
    game = r.game;
    step = r.step;
    steps = r.steps;
    draw(r);
  } catch (e) {
    if (!window.kw.loads) {
      cannotOpen(e);
      return;
    }
    const box = $("#toast");
    box.textContent = e.message;
    box.hidden = false;
    // A seat of a tournament still played is its player's: the replay
    // stays on the spectator's view, which anyone may step through.
    if (e.code === "replay_seat_private" && seat !== "spectator") {
      seat = "spectator";
      $("#seat").value = seat;
    }
  }
}

// cannotOpen shows why the replay cannot open (no such game, or one still
// played, which it offers to watch) in place of an empty viewer.
async function cannotOpen(e) {
  await loadWords();
  for (const part of [".controls", ".side"]) $(part).hidden = true;
  const ways = [el("a", {class: "button", href: "/"}, t("common.back_to_lobby"))];
  if (e.code === "replay_too_soon") ways.unshift(el("a", {class: "button", href: `/play/${id}${location.search}`}, t("replay.watch_game")));
  $("#table").replaceChildren(refusalPanel(t("replay.cannot_open"), e.message, ways));
}

function draw(r) {
  // Read before anything is drawn: a read after a change lays the page out.
  const places = readPlaces($("#table .table"));
  setSeatNames(r.seats, r.view.players);
  document.title = t("replay.page_title", {game: r.name});
  // The outcome in the reader's words, said as to a spectator: who won;
  // why is the last step's to tell, where a heading of two lines took it.
  const result = r.outcome ? resultTitle({result: r.outcome, viewer: ""}) : r.result;
  $("#title").textContent = t("replay.heading", {game: r.name, result});
  if (!$("#seat").options.length) {
    $("#seat").replaceChildren(el("option", {value: "spectator"}, t("replay.spectator")),
      ...r.seats.map((s) => el("option", {value: s.seat}, `${seatName(s.seat)} (${s.kind === "ai" ? t("seat.ai", {agent: s.agent}) : t("seat.kind_" + s.kind)})`)));
  }
  $("#step").textContent = `${step} / ${steps}`;
  Object.assign($("#slider"), {max: steps, value: step});
  $("#status").replaceChildren(statusLine(r.view));
  const ctx = {game: r.game, catalog, actionsByCard: new Map(), seats: r.seats, places, onCard: openCard, onPile: () => {}, onPeek: peek};
  $("#table").replaceChildren(renderTable(r.view, ctx));
  const last = r.log[r.log.length - 1];
  const text = r.view.result ? resultText(r.view) : last ? t("replay.last_move", {move: last.label}) : t("replay.start");
  $("#prompt").replaceChildren(el("p", {}, ruleText(text)));
  $("#log").replaceChildren(logEl(r.log));
  $("#log").scrollTop = 1e9;
  keepHeadsInView($("#table .table"));
  restorePlaces($("#table .table"), places);
  markMoreBelow($("#table"));
  Object.assign(window.kw, {step, steps, viewer: r.viewer, loads: window.kw.loads + 1});
}

function openCard(card) {
  const menu = $("#menu");
  menu.replaceChildren(cardDetail(card, {game, catalog}), el("button", {class: "close", onclick: () => { menu.hidden = true; }}, t("common.close")));
  menu.hidden = false;
}

function peek(card, anchor) { showPeek($("#peek"), card, anchor, {game, catalog}); }

$("#first").onclick = () => load(0);
$("#prev").onclick = () => load(Math.max(0, step - 1));
$("#next").onclick = () => load(Math.min(steps, step + 1));
$("#last").onclick = () => load(steps);
$("#slider").oninput = (e) => load(Number(e.target.value));
$("#seat").onchange = (e) => { seat = e.target.value; load(step); };
// A section's floor follows the table's room, which the window and the
// decision panel beside or below it set, and its head, which wraps anew in
// another width or grows when a seat's counters open on a phone.
function fitTable() {
  keepHeadsInView($("#table .table"));
  markMoreBelow($("#table"));
}
new ResizeObserver(fitTable).observe($("#table"));
$("#table").addEventListener("toggle", fitTable, true);
markScrolling($("#table"));
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowLeft") $("#prev").click();
  if (e.key === "ArrowRight") $("#next").click();
  if (e.key === "Home") $("#first").click();
  if (e.key === "End") $("#last").click();
});
load(0);
