// The table renderer: one for every game, driven by the engine's View.
// The viewing seat sits at the bottom with its hand docked, opponents
// compact at the top, shared zones in the middle.
import {el, seatName, ruleText} from "./common.js";
import {t, gameWord, agentWord} from "./i18n.js";
import {splitZones} from "./layout.js";
import {icon, look, statIcon} from "./faces.js";
import {hyphenate} from "./hyphenate.js";

const maxBacks = 12;

/** oneColumn reports whether the table is laid out in one column, the
 * decision and the drawers below it: on a phone, and a tablet held
 * upright (style.css says the same). */
export function oneColumn() { return matchMedia("(max-width: 760px), (max-width: 1100px) and (orientation: portrait)").matches; }

/** compact tells whether the table is drawn small, as on a phone held
 * either way: a seat's counters and piles are folded then. */
export function compact() { return matchMedia("(max-width: 760px), (max-height: 500px)").matches; }

/** sumMark marks a stat that totals a merged entity (Micro-Life). */
function sumMark(name) { return name.startsWith("entity-") ? el("small", {class: "sum"}, "Σ") : null; }

/** statChips draws stats with their icons: a sword and 3 for power 3. */
function statChips(stats, cls = "stat") {
  return (stats || []).map((s) => el("span", {class: cls, title: gameWord("stat", s.name), dataset: {stat: s.name}},
    statIcon(s.name) || el("small", {}, gameWord("stat", s.name)), sumMark(s.name), el("b", {}, s.value)));
}

function kindLine(info) {
  return info ? [gameWord("kind", info.kind), info.group ? gameWord("group", info.group) : null].filter(Boolean).join(" · ") : "";
}

/** frameStyle gives a face its frame's colours. */
function frameStyle(lk) { return `--frame-bg:${lk.bg};--frame-ink:${lk.ink}`; }

function cardLook(card, ctx) {
  const info = ctx.catalog.get(card.name);
  return {info, look: look(ctx.game, info && (info.en || info))};
}

/** cardDetail is the whole card: all its text, stats, counters, states
 * and attachments, for the card's full view. */
export function cardDetail(card, ctx) {
  const {info, look: lk} = cardLook(card, ctx);
  if (unseen(card) || !card.name) return el("div", {class: "detail"}, el("b", {}, t("card.hidden")));
  const stats = card.stats && card.stats.length ? card.stats : (info && info.stats) || [];
  const keywords = card.keywords && card.keywords.length ? card.keywords : (info && info.keywords) || [];
  const counters = (card.counters || []).filter((c) => c.value);
  return el("div", {class: "detail", style: frameStyle(lk)},
    el("div", {class: "d-head"}, icon(lk.icon), el("b", {}, card.name), info && info.cost ? el("span", {class: "cost"}, info.cost) : null),
    info ? el("div", {class: "d-kind"}, kindLine(info)) : null,
    stats.length ? el("div", {class: "d-stats"}, stats.map((s) => el("span", {class: "stat"}, statIcon(s.name), gameWord("stat", s.name), " ", el("b", {}, s.value)))) : null,
    keywords.length ? el("div", {class: "d-kw"}, keywords.map((k) => el("span", {class: "kw"}, gameWord("keyword", k)))) : null,
    info && info.text ? el("p", {class: "d-text"}, ruleText(info.text)) : null,
    counters.length ? el("div", {class: "d-counters"}, t("card.counters"), " ", counters.map((c) => `${gameWord("counter", c.name)} ${c.value}`).join(", ")) : null,
    (card.status || []).length ? el("div", {class: "d-status"}, card.status.map((s) => gameWord("status", s)).join(", ")) : null,
    card.note ? el("div", {class: "d-note"}, ruleText(card.note)) : null,
    (card.attached || []).length ? el("div", {class: "d-att"}, t("card.attached"), " ",
      card.attached.map((a) => a.name || t("card.hidden")).join(", ")) : null);
}

/** unseen says whether the viewer sees only a card's back. */
function unseen(card) { return card.hidden || card.id < 0; }

/** backEl is a hidden card's back. */
function backEl(small) {
  return el("div", {class: "card back" + (small ? " small" : ""), title: t("card.hidden"), "aria-label": t("card.hidden")}, icon("back", "icon back-icon"));
}

// Statuses drawn as a state of the whole card, not only as a word.
const stateClasses = {exhausted: "turned", tapped: "turned", "face-down": "face-down", defense: "defence", defence: "defence"};

/** cardEl draws one card face; a card with actions is marked playable. */
export function cardEl(card, ctx, opts = {}) {
  if (unseen(card)) return backEl(opts.mini);
  const {info, look: lk} = cardLook(card, ctx);
  const actions = ctx.actionsByCard.get(card.id) || [];
  const stats = card.stats && card.stats.length ? card.stats : (info && info.stats) || [];
  const keywords = card.keywords && card.keywords.length ? card.keywords : (info && info.keywords) || [];
  const status = card.status || [];
  const counters = (card.counters || []).filter((c) => c.value);
  const states = [...new Set(status.map((s) => stateClasses[s]).filter(Boolean))];
  const cls = ["card", opts.mini ? "mini" : "", actions.length ? "playable" : "", ...states,
    ...status.map((s) => "st-" + s.replace(/[^a-z0-9-]/gi, ""))].filter(Boolean).join(" ");
  const e = el("div", {class: cls, dataset: {id: card.id, name: card.name}, tabindex: 0, role: "button",
    style: frameStyle(lk), "aria-label": card.name},
  el("div", {class: "c-head"}, icon(lk.icon), el("span", {class: "c-name"}, hyphenate(card.name))),
  info && info.cost ? el("div", {class: "c-cost", title: info.cost}, hyphenate(info.cost)) : null,
  states.length || status.length ? el("div", {class: "c-state"}, status.map((s) => el("span", {class: "st"}, hyphenate(gameWord("status", s))))) : null,
  info && !opts.mini ? el("div", {class: "c-kind"}, kindLine(info)) : null,
  keywords.length && !opts.mini ? el("div", {class: "c-kw"}, keywords.map((k) => el("span", {class: "kw"}, hyphenate(gameWord("keyword", k))))) : null,
  info && info.text && !opts.mini ? el("div", {class: "c-text"}, info.text) : null,
  stats.length ? el("div", {class: "c-stats"}, statChips(stats)) : null,
  counters.length ? el("div", {class: "c-counters"}, counters.map((s) => el("span", {class: "counter", title: gameWord("counter", s.name)},
    hyphenate(`${gameWord("counter", s.name)} ${s.value}`)))) : null,
  (card.attached || []).length ? el("div", {class: "c-att"}, card.attached.map((a) => attachedEl(a, ctx))) : null);
  e.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.onCard(card, actions); });
  e.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ctx.onCard(card, actions); } });
  peekOn(e, card, ctx);
  return e;
}

/** attachedEl is a card under another: a tab with its name, which wraps
 * rather than being cut ("Signet o" on a phone's card). */
function attachedEl(card, ctx) {
  if (unseen(card)) return el("span", {class: "att back-tab"}, t("card.hidden"));
  const actions = ctx.actionsByCard.get(card.id) || [];
  const {look: lk} = cardLook(card, ctx);
  const e = el("span", {class: "att card-tab" + (actions.length ? " playable" : ""), dataset: {id: card.id, name: card.name}, tabindex: 0,
    style: frameStyle(lk)}, icon(lk.icon), el("span", {class: "att-name"}, hyphenate(card.name)));
  e.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.onCard(card, actions); });
  peekOn(e, card, ctx);
  return e;
}

/** peekOn opens the full card on hover, keyboard focus or a long press. */
function peekOn(e, card, ctx) {
  if (!ctx.onPeek) return;
  const show = () => ctx.onPeek(card, e);
  const hide = () => ctx.onPeek(null, e);
  e.addEventListener("mouseenter", show);
  e.addEventListener("mouseleave", hide);
  e.addEventListener("focus", show);
  e.addEventListener("blur", hide);
  let timer = 0;
  e.addEventListener("touchstart", () => { timer = setTimeout(() => { timer = -1; show(); }, 450); }, {passive: true});
  e.addEventListener("touchend", (ev) => {
    if (timer === -1) ev.preventDefault();
    clearTimeout(timer);
  });
  e.addEventListener("touchmove", () => clearTimeout(timer), {passive: true});
}

/** zoneHead is a zone's name and count. */
function zoneHead(zone, label) {
  return el("div", {class: "z-head"}, el("span", {class: "z-name"}, label || gameWord("zone", zone.name)),
    el("span", {class: "z-count", title: t("zone.count", {n: zone.count})}, zone.count));
}

/** rowEl draws a zone's cards as a fan that fits its width; hidden cards
 * as backs. */
function rowEl(zone, ctx, opts = {}) {
  const cards = zone.cards || [];
  const hidden = Math.max(0, zone.count - cards.length);
  const slots = cards.map((c) => el("div", {class: "slot"}, cardEl(c, ctx, opts)));
  for (let i = 0; i < Math.min(hidden, maxBacks); i++) slots.push(el("div", {class: "slot"}, backEl(opts.mini)));
  return el("div", {class: "zone row" + (opts.cls ? " " + opts.cls : ""), dataset: {zone: zone.name}},
    zoneHead(zone, opts.label),
    el("div", {class: "z-cards fan"}, slots,
      hidden > maxBacks ? el("span", {class: "more"}, `+${hidden - maxBacks}`) : null,
      !zone.count ? el("span", {class: "empty"}, t("zone.empty")) : null));
}

/** pileEl draws a pile as a chip: its name, count and top card; a pile
 * whose cards are seen opens their list. */
function pileEl(zone, ctx, {showTop = true} = {}) {
  const cards = zone.cards || [];
  const top = showTop ? cards[0] : null;
  const chip = el("button", {class: "pile", type: "button", dataset: {zone: zone.name}, disabled: !cards.length,
    title: cards.length ? t("zone.open", {zone: gameWord("zone", zone.name)}) : t("zone.count", {n: zone.count})},
  icon(cards.length ? "layers" : "back", "icon"), el("span", {class: "z-name"}, gameWord("zone", zone.name)),
  el("b", {}, zone.count), top && top.name ? el("small", {class: "top"}, top.name) : null);
  if (cards.length) chip.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.onPile(zone, chip.closest("[data-seat]")?.dataset.seat ?? null); });
  return chip;
}

/** handChip is an opponent's hand as a count, which opens to the cards
 * of it that everyone saw (Zynalith's cards taken from the open market)
 * when there are any; the others stay backs. */
function handChip(hand, ctx) {
  const seen = (hand.cards || []).some((c) => c.name);
  return pileEl({...hand, cards: seen ? hand.cards : []}, ctx, {showTop: false});
}

/** partWord is a grouped counter's own word: what its full word ("Resources:
 * Ember") says after the group's ("Resources"), else its last word. */
function partWord(group, name) {
  const whole = gameWord("counter", name), lead = gameWord("counter", group) + ":";
  return whole.startsWith(lead) ? whole.slice(lead.length).trim() : whole.replace(/^.*\s/, "");
}

/** countersEl draws a player's counters with the game's words. Dotted
 * names are grouped ("energy.red", "energy.blue" as "energy: red 1,
 * blue 2"), zeros omitted; a group named like a plain counter ("pool" and
 * "pool.fire") is one chip: "pool 3 (fire 2, any 1)". */
function countersEl(counters) {
  const groups = new Map();
  const plain = new Map();
  for (const c of counters || []) {
    const dot = c.name.indexOf(".");
    if (dot < 0) { plain.set(c.name, c.value); continue; }
    const g = c.name.slice(0, dot);
    if (!groups.has(g)) groups.set(g, []);
    if (c.value) groups.get(g).push(`${partWord(g, c.name)} ${c.value}`);
  }
  const chip = (name, value, parts) => el("span", {class: "chip", dataset: {counter: name}},
    el("small", {}, gameWord("counter", name)), " ", el("b", {}, value), parts && parts.length ? el("small", {}, ` (${parts.join(", ")})`) : null);
  const grouped = [...groups].filter(([g]) => !plain.has(g)).map(([g, parts]) => chip(g, parts.length ? parts.join(", ") : "0"));
  return el("div", {class: "counters"}, grouped, [...plain].map(([name, value]) => chip(name, value, groups.get(name))));
}

/** seatTags are a seat's badges: whose turn, who decides, out, AI. */
function seatTags(p, view, ctx) {
  const seat = (ctx.seats || []).find((s) => s.seat === p.seat);
  const tags = [];
  if (p.seat === view.active) tags.push(el("span", {class: "tag active"}, p.seat === view.viewer ? t("table.tag_your_turn") : t("table.tag_turn")));
  if (p.seat === view.to_move) tags.push(el("span", {class: "tag tomove"}, ctx.thinking === p.seat ? t("table.tag_thinking") : t("table.tag_deciding")));
  if (p.out) tags.push(el("span", {class: "tag out"}, t("table.tag_out")));
  if (seat) {
    const kind = seat.kind === "ai" ? t("seat.ai", {agent: agentWord(seat.agent)}) : seat.event ? t("seat.kind_tournament") : t("seat.kind_" + seat.kind);
    tags.push(el("span", {class: "tag kind" + (seat.connected ? "" : " offline"), title: kind}, ...levelAndWhy(kind)));
  }
  return tags;
}

/** levelAndWhy splits an AI's name, "KI mittel (ein Zug voraus)", into
 * its level and, apart, the words in brackets that explain it, which a
 * crowded table on a short screen leaves out (style.css) so that each
 * opponent's head keeps to one line; the tag's title keeps them. */
function levelAndWhy(kind) {
  const m = /^(.*\S) (\(.*\))$/.exec(kind);
  return m ? [m[1], el("span", {class: "why"}, " " + m[2])] : [kind];
}

/** playerEl draws one seat's side of the table: compact for opponents,
 * with every zone but the hand for the seat at the bottom. */
function playerEl(p, view, ctx, bottom) {
  const {rows, piles, hand} = splitZones(ctx.game, p.zones);
  const me = p.seat === view.viewer;
  const name = me ? t("table.you", {name: seatName(p.seat)}) : seatName(p.seat);
  const mini = !bottom;
  // Counters and piles: in a drawer one tap away on a phone.
  const info = el("details", {class: "p-info", open: countersOpen(p.seat, ctx.places)}, el("summary", {}, t("table.counters_piles")),
    el("div", {class: "p-chips"}, countersEl(p.counters), !bottom && hand ? handChip(hand, ctx) : null, piles.map((z) => pileEl(z, ctx))));
  return el("section", {class: "player" + (bottom ? " bottom" : " opponent") + (me ? " mine" : ""), dataset: {seat: p.seat}},
    el("div", {class: "p-head"}, el("b", {class: "p-name"}, name), seatTags(p, view, ctx), info),
    el("div", {class: "zones"}, rows.map((z) => rowEl(z, ctx, {mini}))));
}

/** countersOpen says whether a seat's counters and piles show: on a
 * phone, where they fold, as the reader left them in the table's last
 * drawing (places), else folded; on a laptop always. */
function countersOpen(seat, places) {
  const phone = compact();
  if (places && places.phone === phone && places.open.has(seat)) return places.open.get(seat);
  return !phone;
}

/** scrollingBoxes are the boxes of a table that scroll: the opponents,
 * the shared zones, a seat's side, and a row of cards sideways. */
function scrollingBoxes(table) { return table.querySelectorAll(":scope > .others, :scope > .shared, .player, .fan"); }

/** placeOf names a box of a drawn table by what it shows (its seat, zone
 * and kind) rather than by the element, so that the table's next drawing
 * finds the same box. */
function placeOf(e) {
  const seat = e.closest("[data-seat]");
  const zone = e.closest("[data-zone]");
  return `${seat ? seat.dataset.seat : ""}/${zone ? zone.dataset.zone : ""}/${e.classList[0]}`;
}

/** readPlaces is where the reader left a drawn table: how far each box is
 * scrolled, which seats' counters they opened or folded, and which card
 * or choice has the keyboard's focus. A table is drawn anew for every
 * move; without them each move sent every box back to its start, folded
 * every seat's counters and dropped the focus, and a player reading an
 * opponent's cards lost them at each AI move. Give them to renderTable
 * (ctx.places) and to restorePlaces. */
export function readPlaces(table) {
  const places = {phone: compact(), open: new Map(), scrolled: new Map(), focus: focusedOne()};
  if (!table) return places;
  for (const info of table.querySelectorAll(".player > .p-head > .p-info")) places.open.set(info.closest("[data-seat]").dataset.seat, info.open);
  for (const e of scrollingBoxes(table)) {
    if (e.scrollTop || e.scrollLeft) places.scrolled.set(placeOf(e), [e.scrollTop, e.scrollLeft]);
  }
  return places;
}

/** focusedOne is a selector of the card on the table or the choice of
 * the decision panel that has the keyboard's focus, or null. Not a card
 * clicked: focused again, it would show its whole face (peekOn) after
 * every move. */
function focusedOne() {
  const f = document.activeElement;
  if (!f || !f.dataset || !f.matches(":focus-visible")) return null;
  if (f.dataset.id !== undefined && f.closest("#table")) return `#table [data-id="${CSS.escape(f.dataset.id)}"]`;
  if (f.dataset.action !== undefined && f.closest("#prompt")) return `#prompt [data-action="${CSS.escape(f.dataset.action)}"]`;
  return null;
}

/** restorePlaces scrolls a new drawing's boxes to where the reader left
 * the last one's (readPlaces), as far as they still scroll, and gives the
 * focus back to the same card or choice if it is still there. Call it
 * once the sections have their floors (keepHeadsInView): a box that does
 * not scroll yet keeps no scroll. */
export function restorePlaces(table, places) {
  if (!table) return;
  if (places.scrolled.size) {
    for (const e of scrollingBoxes(table)) {
      const at = places.scrolled.get(placeOf(e));
      if (!at) continue;
      // The reader's place wins over the room a section took to spare
      // (growIntoSpareRoom): grown, it scrolled less far than they had.
      if (e.dataset.floor !== undefined && at[0] > e.scrollHeight - e.clientHeight) e.style.minHeight = e.dataset.floor;
      [e.scrollTop, e.scrollLeft] = at;
    }
  }
  const focus = places.focus && document.querySelector(places.focus);
  if (focus) focus.focus({preventScroll: true});
}

/** findZone is the zone of a view named name, a seat's (owner) or, for
 * owner null, the table's; undefined when there is none. */
export function findZone(view, name, owner) {
  const zones = owner === null ? view.shared : (view.players || []).find((p) => p.seat === owner)?.zones;
  return (zones || []).find((z) => z.name === name);
}

/** findCard is the card of a view with id, on the table or attached to a
 * card there, as the view shows it; undefined when the view shows no such
 * card (it left for a hidden place). */
export function findCard(view, id) {
  const zones = [...(view.shared || []), ...(view.players || []).flatMap((p) => p.zones || [])];
  for (const z of zones) {
    for (const c of z.cards || []) {
      if (unseen(c)) continue;
      if (c.id === id) return c;
      const a = (c.attached || []).find((x) => x.id === id);
      if (a) return a;
    }
  }
  return undefined;
}

/** handEl docks the bottom seat's hand: always in view. */
function handEl(p, ctx) {
  const {hand} = splitZones(ctx.game, p.zones);
  if (!hand) return null;
  return rowEl(hand, ctx, {cls: "hand", label: gameWord("zone", "hand")});
}

/** bottomSeat is the seat drawn at the bottom: the viewer's, or for a
 * spectator the seat they chose (ctx.from), else the first. */
export function bottomSeat(view, from) {
  const players = view.players || [];
  return players.find((p) => p.seat === view.viewer) || players.find((p) => p.seat === from) || players[0];
}

/** renderTable draws the whole view: other seats on top, shared zones in
 * the middle, the bottom seat's side and its docked hand below. */
export function renderTable(view, ctx) {
  const players = view.players || [];
  const me = bottomSeat(view, ctx.from);
  // Opponents in seat order from the bottom seat's left.
  const at = players.indexOf(me);
  const others = players.slice(at + 1).concat(players.slice(0, at));
  const shared = splitZones(ctx.game, view.shared);
  return el("div", {class: "table" + (others.length > 2 ? " many" : "")},
    el("div", {class: "others"}, others.map((p) => playerEl(p, view, ctx, false))),
    (view.shared || []).length ? el("section", {class: "shared"},
      shared.piles.length ? el("div", {class: "piles"}, shared.piles.map((z) => pileEl(z, ctx))) : null,
      el("div", {class: "zones"}, shared.rows.map((z) => rowEl(z, ctx)))) : null,
    me ? playerEl(me, view, ctx, true) : null,
    me ? handEl(me, ctx) : null);
}

/** headStrip is how much of a section's cards keeps in view below its
 * head however crowded the table: a small card's name and cost. An
 * opponent's own box, when opponents take more than one line, keeps the
 * card names only. */
const headStrip = 48;
const boxStrip = 24;

/** keepHeadsInView gives each section of a drawn table a floor: its head
 * (a seat's name, badges, counters and piles; the shared piles), the name
 * of its first zone and a strip of that zone's cards. Flexbox alone shrank
 * a section with nothing the decision can use down to a sliver, so that on
 * a laptop the opponent vanished while the market and your side kept their
 * room. Opponents on more than one line (a phone's column, more than three
 * on a laptop) each get a box of that size, so that all their heads show
 * where only the first opponent's side did. A seat's head also stays at
 * the top of its section when that scrolls to a card further down
 * (style.css). Call it once the table and the decision panel are drawn;
 * the pages call it again when the table's room changes. It returns the
 * px the table lacked beyond what sections with nothing the decision can
 * use gave up: what a panel below the table could give back, so that the
 * cards the decision can use, the seats' heads and the hand keep their
 * room (0 when they have it). */
export function keepHeadsInView(table) {
  if (!table) return 0;
  const sections = [...table.querySelectorAll(":scope > .others, :scope > .shared, :scope > .player")];
  // Measured from the top, then put back; an opponent's box too, which
  // loses its scroll while boxOpponents takes it apart.
  const boxes = [...sections, ...table.querySelectorAll(":scope > .others > .player")];
  const scrolled = boxes.map((s) => s.scrollTop);
  for (const s of boxes) {
    // scrollFurther's padding and held height go with the old fit (an
    // opponent's box gets its height back from boxOpponents).
    s.style.paddingBottom = s.style.maxHeight = "";
    s.scrollTop = 0;
  }
  for (const s of sections) {
    s.style.minHeight = "";
    delete s.dataset.floor;
  }
  const others = table.querySelector(":scope > .others");
  const half = Math.floor(table.clientHeight / 2);
  let wanted = giveFloors(table, sections, others, half, half);
  // Where the table lacks room, the opponents' boxes give up their strips
  // of cards, as much as it lacks and else down to their heads, before a
  // panel below the table gives up its room: on a small phone, the room
  // the panel gave let the boxes show their cards, and the table lacked it
  // again.
  for (const less of [true, false]) {
    if (wanted <= 0 || !others || !others.querySelector(":scope > .player.boxed")) break;
    for (const s of sections) s.style.minHeight = "";
    wanted = giveFloors(table, sections, others, half, less ? Math.max(0, wholeHeight(others) - wanted) : 0);
  }
  if (wanted <= 0 && !compact() && !oneColumn() && !(others && others.querySelector(":scope > .player.boxed"))) {
    growIntoSpareRoom(table, sections.filter((s, i) => !scrolled[i])); // boxes begin with the sections
  }
  padUnderHeads(table);
  boxes.forEach((s, i) => { s.scrollTop = scrolled[i]; });
  return wanted;
}

/** markMoreBelow fades the foot of each section of a drawn table (in
 * root) that holds more than it shows below its edge, so that a player
 * sees it scrolls: on a phone an opponent's section cut through a row of
 * cards looked like the whole of what they had ("Postavy 5" over the tops
 * of five cards). Call it when the table is drawn or its room changes. */
export function markMoreBelow(root) {
  for (const box of root.querySelectorAll(".others, .shared, .player")) markBox(box);
}

function markBox(box) {
  box.classList.toggle("more-below", box.scrollHeight - box.scrollTop - box.clientHeight > 2);
}

/** markScrolling keeps markMoreBelow's fades as the reader scrolls the
 * sections of root's tables: scrolled to its foot, a section shows it
 * whole. */
export function markScrolling(root) {
  root.addEventListener("scroll", (e) => { if (e.target.matches?.(".others, .shared, .player")) markBox(e.target); }, true);
}

/** growIntoSpareRoom lets sections that scroll take the room the table
 * has to spare, those holding cards the decision can use first: on a
 * laptop the opponents' cards were cut at their box's cap, a third of the
 * table, above a strip of empty table. Only beside the decision panel
 * (in one column the panel below gives and takes the table's room:
 * fitSide), where the opponents share one box, and only sections not
 * scrolled: the reader's place wins (readPlaces; restorePlaces takes the
 * room back, from dataset.floor, where it must). */
function growIntoSpareRoom(table, sections) {
  const kids = [...table.children];
  const gap = parseFloat(getComputedStyle(table).rowGap) || 0;
  let spare = Math.floor(table.clientHeight - kids.reduce((n, k) => n + k.getBoundingClientRect().height, 0) - gap * (kids.length - 1)) - 1;
  const usableFirst = sections.sort((a, b) => Boolean(b.querySelector(".playable")) - Boolean(a.querySelector(".playable")));
  for (const s of usableFirst) {
    if (spare <= 0) break;
    const hidden = s.scrollHeight - s.clientHeight;
    if (hidden <= 0) continue;
    const add = Math.min(spare, hidden);
    s.dataset.floor = s.style.minHeight;
    s.style.minHeight = Math.floor(s.getBoundingClientRect().height + add) + "px";
    spare -= add;
  }
}

/** giveFloors sets the floors of keepHeadsInView: the opponents' boxes
 * keep at most cap px where their heads fit in it, the opponents together
 * half the table (and more where their heads alone need it). It returns
 * what giveUpExcess does. */
function giveFloors(table, sections, others, half, cap) {
  const boxed = others ? boxOpponents(others, cap) : false;
  // A box is never lower than its padding and borders, whatever its floor
  // says: lowered below them, the market's floor gave up px it still
  // took, and the hand came down over the decision panel.
  const heads = sections.map((s) => Math.max(headsHeight(s), chrome(s)));
  // On a small phone three opponents' heads alone outgrew half the table,
  // and the last one's was cut.
  const floors = sections.map((s, i) => s === others && boxed ? Math.min(wholeHeight(s), Math.max(half, heads[i])) : floorOf(s, headStrip));
  const apply = () => sections.forEach((s, i) => { s.style.minHeight = floors[i] > 0 ? Math.floor(floors[i]) + "px" : ""; });
  apply();
  const excess = table.scrollHeight - table.clientHeight;
  const wanted = giveUpExcess(sections, floors, heads, excess);
  if (excess > 0) apply();
  return wanted;
}

/** giveUpExcess lowers floors that with the hand need excess px more than
 * the table has, which on a phone pushed the hand over the decision panel:
 * first the floors of sections with nothing the decision can use, then, if
 * that is not enough, the others, each in proportion, and none below the
 * seats' heads it holds (keep). It returns the px the sections with
 * nothing the decision can use could not give (0 when they gave all). */
function giveUpExcess(sections, floors, keep, excess) {
  let wanted = 0;
  for (const usable of [false, true]) {
    if (excess <= 0) break;
    if (usable) wanted = excess;
    const which = sections.map((s, i) => i).filter((i) => floors[i] > keep[i] && Boolean(sections[i].querySelector(".playable")) === usable);
    const spare = which.reduce((n, i) => n + floors[i] - keep[i], 0);
    const cut = Math.min(excess, spare);
    for (const i of which) floors[i] -= cut * (floors[i] - keep[i]) / spare;
    excess -= cut;
  }
  return wanted;
}

/** chrome is the height of section s's padding and borders. */
function chrome(s) {
  const st = getComputedStyle(s);
  return Math.ceil(parseFloat(st.paddingTop) + parseFloat(st.paddingBottom) + parseFloat(st.borderTopWidth) + parseFloat(st.borderBottomWidth));
}

/** headsHeight is the height section s needs to show the heads of the
 * seats in it, a seat's own or every boxed opponent's, or for the shared
 * zones their first line. */
function headsHeight(s) {
  const boxes = [...s.querySelectorAll(":scope > .player.boxed")];
  if (boxes.length) {
    const last = boxes[boxes.length - 1];
    return Math.ceil(last.getBoundingClientRect().top - s.getBoundingClientRect().top + headFloor(last));
  }
  // Your side scrolls itself, and its head, sticky, stays inside it only
  // as far as the box ends below it: scrolled to its end, a side as low as
  // its head showed the head's top 6 px above the box.
  if (s.matches(".player")) return headFloor(s) + Math.ceil(parseFloat(getComputedStyle(s.querySelector(":scope > .p-head")).marginBottom));
  // The shared zones' head is their first line, a pile or a zone's name:
  // squeezed to their padding on a phone held sideways, they showed the
  // top 2 px of "Effekt-Stack 0".
  if (s.matches(".shared")) {
    const first = s.querySelector(".piles > *, .zone > .z-head");
    return first ? floorBelow(s, first) : 0;
  }
  const head = s.querySelector(":scope > .p-head, :scope > .player > .p-head");
  return head ? Math.ceil(head.getBoundingClientRect().bottom - s.getBoundingClientRect().top) : 0;
}

/** padUnderHeads makes each seat's scrolling section bring a card into
 * view below its head, which stays at the top, rather than under it. */
function padUnderHeads(table) {
  for (const head of table.querySelectorAll(".player > .p-head")) {
    headScroller(head.parentElement).style.scrollPaddingTop = head.offsetHeight + "px";
  }
}

/** scrollFurther scrolls box down by px, padding its foot where it is
 * scrolled to its end, with its height held: a section sized by its cards
 * grew by part of the padding, and still could not scroll so far (a line
 * cut through at its top stayed cut). keepHeadsInView takes the padding
 * back when it fits the table anew. */
export function scrollFurther(box, px) {
  const short = box.scrollTop + px - (box.scrollHeight - box.clientHeight);
  if (short > 0) {
    box.style.maxHeight = box.getBoundingClientRect().height + "px";
    box.style.paddingBottom = parseFloat(getComputedStyle(box).paddingBottom) + short + "px";
  }
  box.scrollTop += px;
}

/** headScroller is the box that scrolls a seat's section under its head:
 * your side and an opponent's own box scroll themselves, an opponent in a
 * row scrolls with the others. */
export function headScroller(player) {
  return player.classList.contains("bottom") || player.classList.contains("boxed") ? player : player.parentElement;
}

/** boxOpponents puts each opponent in a box of its head and a strip of its
 * cards when the opponents take more than one line, and says whether it
 * did. Where the boxes do not all fit in cap px (five opponents on a
 * phone), they keep less: their first zone's name without cards, then
 * their heads alone, so that every opponent's name still shows. */
function boxOpponents(others, cap) {
  const players = [...others.querySelectorAll(":scope > .player")];
  for (const p of players) {
    p.classList.remove("boxed");
    p.style.maxHeight = "";
  }
  const lines = new Set(players.map((p) => Math.round(p.getBoundingClientRect().top)));
  if (lines.size < 2) return false;
  for (const p of players) p.classList.add("boxed");
  for (const fit of [(p) => floorOf(p, boxStrip), (p) => floorOf(p, 0), headFloor]) {
    const heights = players.map(fit);
    players.forEach((p, i) => { p.style.maxHeight = heights[i] + "px"; });
    if (wholeHeight(others) <= cap) break;
  }
  return true;
}

/** headFloor is the height of box p down to the end of its head. */
function headFloor(p) { return floorBelow(p, p.querySelector(":scope > .p-head")); }

/** floorBelow is the height of box s down to the end of e inside it, with
 * the box's padding and border below. */
function floorBelow(s, e) {
  const style = getComputedStyle(s);
  return Math.ceil(e.getBoundingClientRect().bottom - s.getBoundingClientRect().top +
    parseFloat(style.paddingBottom) + parseFloat(style.borderBottomWidth));
}

/** floorOf is the height of s down to its first zone's name and strip px
 * of that zone's cards, or 0 for a section with no head. */
function floorOf(s, strip) {
  const head = s.querySelector(".zone .z-head") || s.querySelector(".p-head, .piles");
  if (!head) return 0;
  const below = head.getBoundingClientRect().bottom - s.getBoundingClientRect().top;
  return Math.min(wholeHeight(s), Math.ceil(below + strip));
}

/** wholeHeight is the height s needs to show all of itself, borders
 * included. */
function wholeHeight(s) { return s.scrollHeight + s.offsetHeight - s.clientHeight; }

/** statusLine is the turn, round, phase and whose decision it is; a
 * finished game says so instead of naming a seat for "nobody". */
export function statusLine(view, extra = {}) {
  const seated = (s) => s && s !== "nobody";
  const who = view.to_move === view.viewer ? t("seat.you") : seatName(view.to_move);
  return el("div", {class: "status"},
    el("span", {dataset: {k: "turn"}}, t("status.turn"), " ", el("b", {}, view.turn)),
    view.round ? el("span", {}, t("status.round"), " ", el("b", {}, view.round)) : null,
    view.result ? null : phaseEl(view.phase),
    seated(view.active) ? el("span", {dataset: {k: "active"}}, t("status.active"), " ", el("b", {}, seatName(view.active))) : null,
    view.result ? el("span", {class: "over", dataset: {k: "over"}}, el("b", {}, t("status.over"))) :
      seated(view.to_move) ? el("span", {class: "decision", dataset: {k: "decision"}}, t("status.decision"), " ",
        el("b", {}, extra.thinking ? t("status.thinking", {name: who}) : who)) : null,
    (view.notes || []).map((n) => el("span", {class: "note"}, ruleText(n))));
}

/** phaseEl names the phase, after the word "Phase" unless its name holds
 * that word already: "Phase Tag", but "Kampfphase" and "Fáze akcí", not
 * "Fáze Fáze akcí". */
function phaseEl(phase) {
  const label = t("status.phase"), word = phase ? gameWord("phase", phase) : "–";
  const named = word.toLocaleLowerCase().includes(label.toLocaleLowerCase());
  return el("span", {dataset: {k: "phase"}}, named ? null : [label, " "], el("b", {}, word));
}

/** logEl draws the game log, newest last; the game's own entries name no
 * seat. */
export function logEl(lines) {
  return el("ol", {class: "log"}, (lines || []).map((l) => {
    const label = String(l.label ?? "");
    // A game may name its seats with more than their players' names (Mystic
    // Elements adds each seat's colours), while its lines say "Player 1".
    const plain = t("seat.player", {number: Number(String(l.seat).slice(1)) || l.seat});
    const named = !l.seat || l.seat === "nobody" || label.startsWith(seatName(l.seat)) || label.startsWith(plain + " ");
    // A line that names its seat by id ("p2 ends the Day") gets the
    // seat's name instead, once.
    const text = named ? label : label.replace(new RegExp(`^${l.seat}\\s+`), "");
    return el("li", {value: l.n}, named ? null : [el("span", {class: "who"}, seatName(l.seat)), " "], ruleText(text));
  }));
}

/** resultTitle says how the game ended, from the viewer's side. */
export function resultTitle(view) {
  const r = view.result;
  if (!r) return "";
  if (r.draw) return t("result.draw");
  const winners = r.winners || [];
  const names = winners.map(seatName).join(", ");
  if (winners.includes(view.viewer)) return t("result.you_win");
  if (view.viewer && view.viewer !== "nobody") return t("result.you_lose", {names, n: winners.length});
  return t("result.wins", {names, n: winners.length});
}

/** resultText is the title with the game's reason, for one line. */
export function resultText(view) {
  if (!view.result) return "";
  return view.result.reason ? `${resultTitle(view)} (${view.result.reason})` : resultTitle(view);
}

/** showPeek shows card whole in box beside anchor, or hides box when
 * card is null. On a phone the box sits at the bottom (by the style). */
export function showPeek(box, card, anchor, ctx) {
  if (!card) { box.hidden = true; return; }
  box.replaceChildren(cardDetail(card, ctx));
  box.hidden = false;
  if (oneColumn()) return;
  const r = anchor.getBoundingClientRect();
  const w = box.offsetWidth;
  const left = r.right + 8 + w < innerWidth ? r.right + 8 : Math.max(4, r.left - 8 - w);
  box.style.left = `${left}px`;
  box.style.top = `${Math.max(4, Math.min(r.top, innerHeight - box.offsetHeight - 4))}px`;
}
