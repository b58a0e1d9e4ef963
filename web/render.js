// The table renderer: one for every game, driven by the engine's View.
import {el, seatName, ruleText} from "./common.js";
import {orderZones, zoneKind} from "./layout.js";

/** statLine writes stats or counters as "power 2 · health 3". */
function statLine(stats) {
  return (stats || []).map((s) => `${s.name} ${s.value}`).join(" · ");
}

/** cardText is the full text of a card for its detail panel. */
export function cardDetail(card, info) {
  const stats = card.stats && card.stats.length ? card.stats : (info && info.stats) || [];
  return el("div", {class: "detail"},
    el("div", {class: "d-head"}, el("b", {}, card.name || "Hidden card"), info && info.cost ? el("span", {class: "cost"}, info.cost) : null),
    info ? el("div", {class: "d-kind"}, [info.kind, info.group].filter(Boolean).join(" · ")) : null,
    stats.length ? el("div", {class: "d-stats"}, statLine(stats)) : null,
    (card.keywords || (info && info.keywords) || []).length ? el("div", {class: "d-kw"}, (card.keywords || info.keywords).join(", ")) : null,
    info && info.text ? el("p", {class: "d-text"}, info.text) : null,
    (card.counters || []).some((c) => c.value) ? el("div", {class: "d-counters"}, "on it: " + statLine(card.counters.filter((c) => c.value))) : null,
    card.status && card.status.length ? el("div", {class: "d-status"}, card.status.join(", ")) : null,
    card.note ? el("div", {class: "d-note"}, card.note) : null,
    (card.attached || []).length ? el("div", {class: "d-att"}, "attached: " + card.attached.map((a) => a.name || "hidden card").join(", ")) : null);
}

/** cardEl draws one card; a card with actions is marked playable. */
export function cardEl(card, ctx) {
  if (card.hidden || card.id < 0) {
    return el("div", {class: "card back", title: "a hidden card"}, el("span", {}, "?"));
  }
  const info = ctx.catalog.get(card.name);
  const actions = ctx.actionsByCard.get(card.id) || [];
  const stats = card.stats && card.stats.length ? card.stats : (info && info.stats) || [];
  const keywords = card.keywords && card.keywords.length ? card.keywords : (info && info.keywords) || [];
  const status = card.status || [];
  const counters = (card.counters || []).filter((c) => c.value);
  const cls = ["card", actions.length ? "playable" : "",
    ...status.map((s) => "st-" + s.replace(/[^a-z0-9-]/gi, ""))].filter(Boolean).join(" ");
  const e = el("div", {class: cls, dataset: {id: card.id, name: card.name}, tabindex: 0,
    title: info && info.text ? `${card.name}: ${info.text}` : card.name},
  el("div", {class: "c-head"}, el("span", {class: "c-name"}, card.name),
    info && info.cost ? el("span", {class: "c-cost"}, info.cost) : null),
  info ? el("div", {class: "c-kind"}, [info.kind, info.group].filter(Boolean).join(" · ")) : null,
  keywords.length ? el("div", {class: "c-kw"}, keywords.join(", ")) : null,
  info && info.text ? el("div", {class: "c-text"}, info.text) : null,
  stats.length ? el("div", {class: "c-stats"}, stats.map((s) => el("span", {class: "stat"}, el("small", {}, s.name), " ", s.value))) : null,
  counters.length ? el("div", {class: "c-counters"}, counters.map((s) => el("span", {class: "counter"}, `${s.name} ${s.value}`))) : null,
  status.length ? el("div", {class: "c-status"}, status.join(" · ")) : null,
  card.note ? el("div", {class: "c-note"}, card.note) : null,
  (card.attached || []).length ? el("div", {class: "c-att"}, card.attached.map((a) => cardEl(a, ctx))) : null);
  e.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.onCard(card, actions); });
  e.addEventListener("keydown", (ev) => { if (ev.key === "Enter") ctx.onCard(card, actions); });
  return e;
}

/** zoneEl draws a zone as a row, a pile, a stack or an emphasised area. */
function zoneEl(zone, ctx) {
  const cards = zone.cards || [];
  // A zone of hidden cards only is drawn as a pile of backs with its count.
  const kind = !cards.length && zone.count > 0 ? "pile" : zoneKind(ctx.game, zone);
  const hiddenCount = Math.max(0, zone.count - cards.length);
  const head = el("div", {class: "z-head"}, el("span", {class: "z-name"}, zone.name),
    el("span", {class: "z-count", title: `${zone.count} card(s), ${zone.visibility}`}, zone.count));
  if (kind === "pile") {
    const top = cards[0];
    const body = top ? cardEl(top, ctx) : el("div", {class: "card back pile-back"}, el("span", {}, zone.count || "–"));
    if (cards.length > 1) {
      head.classList.add("openable");
      head.title = `show the ${cards.length} cards of ${zone.name}`;
      head.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.onPile(zone); });
    }
    return el("div", {class: "zone pile", dataset: {zone: zone.name}}, head, body);
  }
  const backs = [];
  for (let i = 0; i < Math.min(hiddenCount, 12); i++) backs.push(el("div", {class: "card back small"}, el("span", {}, "?")));
  if (hiddenCount > 12) backs.push(el("span", {class: "more"}, `+${hiddenCount - 12}`));
  return el("div", {class: `zone ${kind}`, dataset: {zone: zone.name}}, head,
    el("div", {class: "z-cards"}, cards.map((c) => cardEl(c, ctx)), backs,
      !zone.count ? el("span", {class: "empty"}, "empty") : null));
}

/** countersEl draws a player's counters. Dotted names are grouped
 * ("energy.red", "energy.blue" as "energy red 1, blue 2"), zeros omitted;
 * a group named like a plain counter ("pool" and "pool.fire") is one
 * chip: "pool 3 (fire 2, any 1)". */
function countersEl(counters) {
  const groups = new Map();
  const plain = new Map();
  for (const c of counters || []) {
    const dot = c.name.indexOf(".");
    if (dot < 0) { plain.set(c.name, c.value); continue; }
    const g = c.name.slice(0, dot);
    if (!groups.has(g)) groups.set(g, []);
    if (c.value) groups.get(g).push(`${c.name.slice(dot + 1)} ${c.value}`);
  }
  const chip = (name, value, parts) => el("span", {class: "chip", dataset: {counter: name}},
    el("small", {}, name), " ", el("b", {}, value), parts && parts.length ? el("small", {}, ` (${parts.join(", ")})`) : null);
  const grouped = [...groups].filter(([g]) => !plain.has(g)).map(([g, parts]) => chip(g, parts.length ? parts.join(", ") : "0"));
  return el("div", {class: "counters"}, grouped, [...plain].map(([name, value]) => chip(name, value, groups.get(name))));
}

/** playerEl draws one seat's side of the table. */
function playerEl(p, view, ctx) {
  const seat = (ctx.seats || []).find((s) => s.seat === p.seat);
  const tags = [];
  if (p.seat === view.active) tags.push(el("span", {class: "tag active"}, "turn"));
  if (p.seat === view.to_move) tags.push(el("span", {class: "tag tomove"}, ctx.thinking === p.seat ? "thinking…" : "deciding"));
  if (p.out) tags.push(el("span", {class: "tag out"}, "out"));
  if (seat) tags.push(el("span", {class: "tag kind" + (seat.connected ? "" : " offline")}, seat.kind === "ai" ? `AI ${seat.agent}` : seat.kind));
  const mine = p.seat === view.viewer;
  return el("section", {class: "player" + (mine ? " mine" : ""), dataset: {seat: p.seat}},
    el("div", {class: "p-head"}, el("b", {}, mine ? `You (${seatName(p.seat)})` : seatName(p.seat)),
      p.name && p.name !== p.seat ? el("span", {class: "p-name"}, p.name.replace(/^p\d+\s*/, "")) : null, tags),
    countersEl(p.counters),
    el("div", {class: "zones"}, orderZones(ctx.game, p.zones || []).map((z) => zoneEl(z, ctx))));
}

/** renderTable draws the whole view: other seats on top, shared zones in
 * the middle, the viewer's seat at the bottom. */
export function renderTable(view, ctx) {
  const players = view.players || [];
  const me = players.find((p) => p.seat === view.viewer);
  const others = players.filter((p) => p !== me);
  return el("div", {class: "table"},
    el("div", {class: "others"}, others.map((p) => playerEl(p, view, ctx))),
    (view.shared || []).length ? el("section", {class: "shared"},
      el("div", {class: "zones"}, orderZones(ctx.game, view.shared).map((z) => zoneEl(z, ctx)))) : null,
    me ? playerEl(me, view, ctx) : null);
}

/** statusLine is the turn, round, phase and whose decision it is; a
 * finished game says so instead of naming a seat for "nobody". */
export function statusLine(view, extra = {}) {
  const seated = (s) => s && s !== "nobody";
  const who = view.to_move === view.viewer ? "you" : seatName(view.to_move);
  return el("div", {class: "status"},
    el("span", {dataset: {k: "turn"}}, "Turn ", el("b", {}, view.turn)),
    view.round ? el("span", {}, "Round ", el("b", {}, view.round)) : null,
    view.result ? null : el("span", {}, "Phase ", el("b", {}, view.phase || "–")),
    seated(view.active) ? el("span", {dataset: {k: "active"}}, "Active ", el("b", {}, seatName(view.active))) : null,
    view.result ? el("span", {class: "over", dataset: {k: "over"}}, el("b", {}, "Game over")) :
      seated(view.to_move) ? el("span", {class: "decision", dataset: {k: "decision"}}, "Decision ", el("b", {}, who + (extra.thinking ? " (AI thinking…)" : ""))) : null,
    (view.notes || []).map((n) => el("span", {class: "note"}, ruleText(n))));
}

/** logEl draws the game log, newest last; the game's own entries name no
 * seat. */
export function logEl(lines) {
  const list = el("ol", {class: "log"}, (lines || []).map((l) =>
    el("li", {value: l.n}, l.seat && l.seat !== "nobody" ? [el("span", {class: "who"}, seatName(l.seat)), " "] : null, ruleText(l.label))));
  return list;
}

/** resultText says how the game ended, from the viewer's side. */
export function resultText(view) {
  const r = view.result;
  if (!r) return "";
  if (r.draw) return `Draw (${r.reason})`;
  const winners = r.winners || [];
  if (winners.includes(view.viewer)) return `You win! (${r.reason})`;
  if (view.viewer !== "nobody" && view.viewer) return `${winners.map(seatName).join(" and ")} ${winners.length > 1 ? "win" : "wins"} — you lose (${r.reason})`;
  return `${winners.map(seatName).join(" and ")} ${winners.length > 1 ? "win" : "wins"} (${r.reason})`;
}
