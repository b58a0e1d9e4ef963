// The replay viewer: step through a finished game as a seat or a spectator saw it.
import {el, api, seatName, catalogue, ruleText} from "./common.js";
import {renderTable, statusLine, logEl, cardDetail, resultText} from "./render.js";

const id = location.pathname.split("/").pop();
const $ = (sel) => document.querySelector(sel);
let step = 0;
let steps = 0;
let seat = "spectator";
let catalog = new Map();
// loads counts the steps drawn, so a test can wait for a click's answer.
window.kw = {step: -1, steps: 0, viewer: "", loads: 0};

async function load(n) {
  try {
    const r = await api(`/api/games/${id}/replay?seat=${seat}&step=${n}`);
    if (!catalog.size) catalog = await catalogue(r.game);
    step = r.step;
    steps = r.steps;
    draw(r);
  } catch (e) {
    const t = $("#toast");
    t.textContent = e.message;
    t.hidden = false;
  }
}

function draw(r) {
  Object.assign(window.kw, {step, steps, viewer: r.viewer, loads: window.kw.loads + 1});
  $("#title").textContent = `${r.name} replay — ${r.result}`;
  if (!$("#seat").options.length) {
    $("#seat").replaceChildren(el("option", {value: "spectator"}, "spectator"),
      ...r.seats.map((s) => el("option", {value: s.seat}, `${seatName(s.seat)} (${s.kind === "ai" ? "AI " + s.agent : s.kind})`)));
  }
  $("#step").textContent = `${step} / ${steps}`;
  Object.assign($("#slider"), {max: steps, value: step});
  $("#status").replaceChildren(statusLine(r.view));
  const ctx = {game: r.game, catalog, actionsByCard: new Map(), seats: r.seats, onCard: openCard, onPile: () => {}};
  $("#table").replaceChildren(renderTable(r.view, ctx));
  const last = r.log[r.log.length - 1];
  const by = last && last.seat !== "nobody" ? `${seatName(last.seat)} — ` : "";
  $("#prompt").replaceChildren(el("p", {}, ruleText(r.view.result ? resultText(r.view) : last ? `Last: ${by}${last.label}` : "The start of the game")));
  $("#log").replaceChildren(logEl(r.log));
  $("#log").scrollTop = 1e9;
}

function openCard(card) {
  const menu = $("#menu");
  menu.replaceChildren(cardDetail(card, catalog.get(card.name)), el("button", {class: "close", onclick: () => { menu.hidden = true; }}, "Close"));
  menu.hidden = false;
}

$("#first").onclick = () => load(0);
$("#prev").onclick = () => load(Math.max(0, step - 1));
$("#next").onclick = () => load(Math.min(steps, step + 1));
$("#last").onclick = () => load(steps);
$("#slider").oninput = (e) => load(Number(e.target.value));
$("#seat").onchange = (e) => { seat = e.target.value; load(step); };
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowLeft") $("#prev").click();
  if (e.key === "ArrowRight") $("#next").click();
  if (e.key === "Home") $("#first").click();
  if (e.key === "End") $("#last").click();
});
load(0);
