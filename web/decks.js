// The deck builder: browse and search a game's card pool, build a deck
// with live checks against the construction rules (and against the cards
// the player owns), charts of its cost curve and kinds, saved decks,
// import and export of the text list, share links, a game against the
// AI and "Test this deck".
import {el, api, fixText, ruleText, rememberSeat} from "./common.js";
import {showAccount} from "./account.js";
import {t, loadWords, percent, gameWord, hasGameWord} from "./i18n.js";

const pct = (x) => percent(x, 1);

const $ = (id) => document.getElementById(id);
const game = decodeURIComponent(location.pathname.split("/")[2] || "");
const key = (name) => String(name).trim().toLowerCase();

const state = {
  info: null, cards: [], byName: new Map(), presets: [], sections: [""],
  entries: [], // {card, count, section}
  me: null, owned: new Map(), saved: [], deck: null, readOnly: false,
};

// ---- deck lists as text ----

/** parseList reads a deck list as the server does: counts, sections, name. */
function parseList(text) {
  const out = {name: "", entries: []};
  let section = "";
  for (let line of text.split(/\r?\n/)) {
    line = line.replace(/#.*/, "").trim();
    if (!line) continue;
    if (line.startsWith("name:")) { out.name = line.slice(5).trim(); continue; }
    if (line.endsWith(":")) {
      section = line.slice(0, -1).trim().toLowerCase();
      if (section === "main" || section === "deck") section = "";
      continue;
    }
    const m = line.match(/^(\d+)x?\s+(.+)$/i);
    // "Fire Drake x3", as the server reads it (engine.trailingCount)
    const t = m ? null : line.match(/^(.*\S)\s+[x×](\d+)$/i);
    const after = t && Number(t[2]) >= 1 && Number(t[2]) <= 99;
    addEntry(out.entries, m ? m[2].trim() : after ? t[1] : line, section, m ? Number(m[1]) : after ? Number(t[2]) : 1);
  }
  return out;
}

function addEntry(entries, card, section, n) {
  const known = state.byName.get(key(card));
  const name = known ? known.name : card;
  const e = entries.find((x) => key(x.card) === key(name) && x.section === section);
  if (e) e.count += n;
  else entries.push({card: name, count: n, section});
}

/** listText writes the deck as the text list `validate` reads. */
function listText() {
  // The list's first line names the deck, as the server reads it.
  const lines = [["name", $("deck-name").value.trim() || t("decks.untitled")].join(": ")];
  for (const s of sectionsInDeck()) {
    if (s || sectionsInDeck().length > 1) lines.push(`${s || "main"}:`);
    for (const e of state.entries.filter((x) => x.section === s)) lines.push(`${e.count} ${e.card}`);
  }
  return lines.join("\n") + "\n";
}

function sectionsInDeck() {
  const used = new Set(state.entries.map((e) => e.section));
  return [...state.sections, ...used].filter((s, i, all) => used.has(s) && all.indexOf(s) === i);
}

/** sizeText says the deck's size as every place of the page says it: its
 * main deck's count, and each other section's apart ("Main deck: 60
 * cards · Extra deck: 2 cards"), never one sum of them. */
function sizeText() {
  const sections = sectionsInDeck();
  const n = (s) => state.entries.filter((e) => e.section === s).reduce((k, e) => k + e.count, 0);
  if (sections.length <= 1) return t("decks.count", {n: n(sections[0] ?? "")});
  return sections.map((s) => t("decks.count_in", {section: sectionName(s), count: t("decks.count", {n: n(s)})})).join(" · ");
}

/** sizeSaid is the sentence of the deck's size, for key "legal" or
 * "imported": with one count ("Legal deck of 60 cards.") where the deck
 * is one list, else with each section's apart. */
function sizeSaid(key) {
  const whole = sectionsInDeck().length <= 1;
  const n = state.entries.reduce((k, e) => k + e.count, 0), parts = sizeText();
  if (key === "legal") return whole ? t("decks.legal", {n}) : t("decks.legal_parts", {parts});
  return whole ? t("decks.imported", {n}) : t("decks.imported_parts", {parts});
}

/** hasCosts: the game's cards have costs to chart (MystiMons' have none). */
function hasCosts() {
  return state.cards.some((c) => !isNaN(parseInt(c.cost, 10)));
}

function copiesOf(name, section) {
  return state.entries.filter((e) => key(e.card) === key(name) && (section === undefined || e.section === section))
    .reduce((n, e) => n + e.count, 0);
}

/** addButton is a card's "+": off, saying why, once the deck holds as
 * many copies of the card as its game lets a deck hold (the card API's
 * limit; a card without one has none), in every section together. */
function addButton(name, section, title) {
  const why = atLimit(name);
  return el("button", {type: "button", class: "add", disabled: Boolean(why),
    title: why || title, onclick: () => change(name, section, 1)}, t("decks.add"));
}

/** atLimit is why a card's "+" is off ("at most 3 copies per deck
 * (MM-8.2)"), or "" while the deck may take another copy. */
function atLimit(name) {
  const c = state.byName.get(key(name));
  const full = Boolean(c && c.limit) && copiesOf(name) >= c.limit;
  return full ? t("decks.at_limit", {n: c.limit, rule: c.limit_rule || ""}) : "";
}

/** countEl is a card's count in the deck, n copies: "2/3" where the game
 * allows the card a limited number of copies, so that a phone, which shows
 * no tooltip, says how many more may go in; "2" (or "2×", with x) else. */
function countEl(name, n, x) {
  const c = state.byName.get(key(name));
  if (!n || !c || !c.limit) return el("span", {class: "in-deck"}, n ? n + x : "");
  return el("span", {class: "in-deck", "aria-label": t("decks.of_limit", {n, limit: c.limit})}, `${n}/${c.limit}`);
}

// ---- the card pool ----

function fillFilters() {
  const opts = (id, any, values) => $(id).replaceChildren(el("option", {value: ""}, any),
    ...[...new Set(values.filter((v) => v !== "" && v !== undefined))].sort(byCost).map((v) => el("option", {value: v}, v)));
  // The game names its groups: Athernum's factions, Mystic Elements'
  // colours, MystiMons' elements, the decks and stacks of the others.
  const anyGroup = hasGameWord("filter", "any_group") ? gameWord("filter", "any_group") : t("decks.any_group");
  opts("f-group", anyGroup, state.cards.map((c) => c.group || ""));
  opts("f-kind", t("decks.any_kind"), state.cards.map((c) => c.kind));
  opts("f-cost", t("decks.any_cost"), state.cards.map((c) => c.cost || ""));
  opts("f-keyword", t("decks.any_keyword"), state.cards.flatMap((c) => c.keywords || []));
}

function byCost(a, b) {
  const na = parseInt(a, 10), nb = parseInt(b, 10);
  if (!isNaN(na) && !isNaN(nb) && na !== nb) return na - nb;
  return String(a).localeCompare(String(b));
}

function keeps(c) {
  const q = key($("search").value);
  const text = [c.name, c.text, ...(c.keywords || [])].join(" ").toLowerCase();
  return (!q || text.includes(q)) && (!$("f-group").value || c.group === $("f-group").value) &&
    (!$("f-kind").value || c.kind === $("f-kind").value) && (!$("f-cost").value || c.cost === $("f-cost").value) &&
    (!$("f-keyword").value || (c.keywords || []).includes($("f-keyword").value));
}

function drawPool() {
  const shown = state.cards.filter(keeps);
  $("pool-count").textContent = t("decks.shown", {n: shown.length, all: state.cards.length});
  $("pool").classList.toggle("no-cost", !hasCosts());
  $("pool").replaceChildren(...shown.map(poolRow));
}

function poolRow(c) {
  const inDeck = copiesOf(c.name);
  const own = state.me ? state.owned.get(key(c.name)) || 0 : null;
  const section = $("section").value;
  return el("li", {dataset: {name: c.name}},
    // A game without costs shows no cost pill: a "–" there looked like a
    // button that removes the card.
    hasCosts() ? el("span", {class: c.cost ? "p-cost" : "p-cost none"}, c.cost || "") : null,
    el("span", {class: "p-name"}, c.name),
    el("span", {class: "p-buttons"},
      own === null ? null : el("span", {class: own < inDeck ? "owned-count short" : "owned-count"}, t("decks.owned", {n: own})),
      countEl(c.name, inDeck, ""),
      state.readOnly ? null : el("button", {type: "button", class: "remove", disabled: copiesOf(c.name, section) === 0,
        onclick: () => change(c.name, section, -1)}, t("decks.remove")),
      state.readOnly ? null : addButton(c.name, section, t("decks.add_title", {name: c.name, section: sectionName(section)}))),
    // At the limit, the card says why its "+" is off where a phone, which
    // has no hover for the button's tooltip, shows it.
    state.readOnly || !atLimit(c.name) ? null : el("span", {class: "p-limit"}, ruleText(atLimit(c.name))),
    el("span", {class: "p-meta"}, [c.kind, c.group, ...(c.keywords || [])].filter(Boolean).join(" · ")),
    c.text ? el("span", {class: "p-text"}, c.text) : null);
}

// ---- the deck ----

function change(card, section, delta) {
  if (delta > 0) addEntry(state.entries, card, section, delta);
  else {
    const e = state.entries.find((x) => key(x.card) === key(card) && x.section === section);
    if (!e) return;
    e.count += delta;
    if (e.count <= 0) state.entries.splice(state.entries.indexOf(e), 1);
  }
  redraw();
}

function redraw() {
  drawDeck();
  drawPool();
  drawCharts();
  scheduleCheck();
}

function drawDeck() {
  const total = state.entries.reduce((n, e) => n + e.count, 0);
  const size = sizeText(); // as a line of its own, with a capital
  $("deck-count").textContent = size.charAt(0).toUpperCase() + size.slice(1);
  if (total === 0) {
    $("deck").replaceChildren(el("li", {class: "muted"}, t("decks.empty")));
    return;
  }
  const rows = [];
  for (const s of sectionsInDeck()) {
    rows.push(el("li", {class: "d-section"}, sectionName(s)));
    for (const e of state.entries.filter((x) => x.section === s)) {
      rows.push(el("li", {dataset: {card: e.card}}, countEl(e.card, e.count, "×"), el("span", {class: "d-name"}, e.card),
        state.readOnly ? null : el("button", {type: "button", class: "remove", onclick: () => change(e.card, s, -1)}, t("decks.remove")),
        state.readOnly ? null : addButton(e.card, s, t("decks.add_title", {name: e.card, section: sectionName(s)}))));
    }
  }
  $("deck").replaceChildren(...rows);
}

// ---- charts (inline SVG) ----

const svgNS = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const e = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

/** barChart draws counts per label as vertical bars. */
function barChart(pairs) {
  const w = 240, h = 110, base = 92, max = Math.max(1, ...pairs.map(([, n]) => n));
  const step = w / Math.max(1, pairs.length);
  const bars = pairs.flatMap(([label, n], i) => {
    const bh = (n / max) * 74, x = i * step + step * 0.15, bw = step * 0.7;
    return [svg("rect", {class: "bar", x, y: base - bh, width: bw, height: bh}),
      svg("text", {x: x + bw / 2, y: base - bh - 3, "text-anchor": "middle"}, String(n)),
      svg("text", {x: x + bw / 2, y: base + 12, "text-anchor": "middle"}, String(label).slice(0, 10))];
  });
  return svg("svg", {viewBox: `0 0 ${w} ${h}`, role: "img"}, ...bars);
}

/** hbarChart draws counts per label as horizontal bars, for long labels. */
function hbarChart(pairs) {
  const w = 240, row = 16, left = 96, max = Math.max(1, ...pairs.map(([, n]) => n));
  const bars = pairs.flatMap(([label, n], i) => {
    const y = i * row + 4, bw = (n / max) * (w - left - 24);
    return [svg("text", {x: 0, y: y + 11}, String(label).slice(0, 16)),
      svg("rect", {class: "bar", x: left, y, width: bw, height: row - 4}),
      svg("text", {x: left + bw + 4, y: y + 11}, String(n))];
  });
  return svg("svg", {viewBox: `0 0 ${w} ${Math.max(row, pairs.length * row + 8)}`, role: "img"}, ...bars);
}

function tally(of) {
  const m = new Map();
  for (const e of state.entries) {
    const c = state.byName.get(key(e.card));
    const k = c ? of(c) : "?";
    m.set(k, (m.get(k) || 0) + e.count);
  }
  return [...m.entries()];
}

function drawCharts() {
  // An empty deck has nothing to chart: no empty frames under captions.
  document.querySelector(".charts").hidden = state.entries.length === 0;

  const curve = tally((c) => (isNaN(parseInt(c.cost, 10)) ? "–" : parseInt(c.cost, 10))).sort((a, b) => byCost(a[0], b[0]));
  const kinds = tally((c) => c.kind || "?").sort((a, b) => b[1] - a[1]);
  $("curve").replaceChildren(el("figcaption", {}, t("decks.curve")), barChart(curve));
  // A deck none of whose cards has a cost (MystiMons') has no curve to
  // draw: one bar labelled "–" said nothing.
  $("curve").hidden = !curve.some(([cost]) => cost !== "–");
  $("kinds").replaceChildren(el("figcaption", {}, t("decks.kinds")), hbarChart(kinds));
}

// ---- live checks ----

let checkTimer = null;
let checkSeq = 0;

function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, 250);
}

async function check() {
  const seq = ++checkSeq;
  if (state.entries.length === 0) {
    $("verdict").replaceChildren();
    $("owned-verdict").replaceChildren();
    return;
  }
  const list = listText();
  const [legal, owned] = await Promise.all([
    api(`/api/catalog/${encodeURIComponent(game)}/decks/validate`, {list}).catch((e) => ({ok: false, problems: [{message: e.message}]})),
    state.me ? api("/api/decks/owned", {game, list}).catch(() => null) : null]);
  if (seq !== checkSeq) return; // a newer check is under way
  // A deck all of whose cards are in sections (Zynalith's stacks) has no
  // main deck: its size is all its cards.
  // The size is said as the header says it: the main deck's count and
  // each other section's apart.
  $("verdict").replaceChildren(legal.ok ? el("p", {class: "ok"}, sizeSaid("legal")) : problemsEl(t("decks.problems"), legal.problems));
  $("owned-verdict").replaceChildren(!owned ? "" : owned.ok ? el("p", {class: "ok muted"}, t("decks.owned_all")) :
    el("details", {class: "owned-short"}, el("summary", {}, t("decks.owned_short", {n: owned.problems.length})), problemsEl("", owned.problems)));
}

/** problemsEl lists problems by card: the list the server checked is the
 * one this page wrote from the deck (listText), so its line numbers name
 * lines the reader never saw, and none is shown. */
function problemsEl(title, problems) {
  return el("div", {class: "bad"}, title, el("ul", {class: "problems"}, problems.map((p) => el("li", {},
    p.subject ? `${p.subject}: ` : "", ruleText(p.message), fixText(p.fix)))));
}

// ---- saved decks ----

function say(text, bad) {
  $("message").className = bad ? "errors" : "";
  $("message").textContent = text;
}

async function loadSaved() {
  // Saved decks belong to an account: logged out, there is no list to pick from.
  $("saved").hidden = !state.me;
  if (!state.me) return;
  state.saved = (await api(`/api/decks?game=${encodeURIComponent(game)}`).catch(() => ({decks: []}))).decks;
  $("saved").replaceChildren(el("option", {value: ""}, t("decks.new_deck")),
    ...state.saved.map((d) => el("option", {value: d.id, selected: state.deck && d.id === state.deck.id}, d.name)));
}

function setDeck(d, list) {
  state.deck = d;
  const parsed = parseList(list);
  state.entries = parsed.entries;
  $("deck-name").value = (d && d.name) || parsed.name;
  $("share-link").hidden = true;
  redraw();
}

async function save() {
  if (!state.me) return say(t("decks.login_to_save"), true);
  const body = {game, name: $("deck-name").value.trim(), list: listText()};
  try {
    state.deck = await api(state.deck ? `/api/decks/${state.deck.id}` : "/api/decks", body);
    say(t("decks.saved", {name: state.deck.name}));
    await loadSaved();
  } catch (e) { say(e.message, true); }
}

async function rename() {
  if (!state.deck) return save();
  const name = prompt(t("decks.rename_prompt"), state.deck.name);
  if (!name) return;
  try {
    state.deck = await api(`/api/decks/${state.deck.id}/rename`, {name});
    $("deck-name").value = state.deck.name;
    await loadSaved();
  } catch (e) { say(e.message, true); }
}

async function remove() {
  if (!state.deck || !confirm(t("decks.delete_confirm", {name: state.deck.name}))) return;
  try {
    await api(`/api/decks/${state.deck.id}/delete`, {});
    say(t("decks.deleted", {name: state.deck.name}));
    setDeck(null, "");
    await loadSaved();
  } catch (e) { say(e.message, true); }
}

function exportList() {
  const a = el("a", {href: URL.createObjectURL(new Blob([listText()], {type: "text/plain"})),
    download: `${($("deck-name").value.trim() || "deck").replace(/[^\w-]+/g, "-")}.txt`});
  document.body.append(a);
  a.click();
  a.remove();
}

function share() {
  if (!state.deck) return say(t("decks.share_first"), true);
  const link = $("share-link");
  link.value = `${location.origin}/decks/${encodeURIComponent(game)}?share=${encodeURIComponent(state.deck.share)}`;
  link.hidden = false;
  link.select();
}

// ---- play and test ----

/** play starts a game of this deck against AI seats that play the first
 * preset the rules let meet it (Mystic Elements' colours are exclusive). */
async function play() {
  const seats = [{kind: "you"}], decks = [{list: listText()}];
  try {
    const {presets} = await api("/api/decks/opponents", {game, list: listText()});
    while (seats.length < state.info.min_seats) {
      seats.push({kind: "ai", agent: "random"});
      decks.push(presets.length ? {preset: presets[0]} : {});
    }
    const r = await api("/api/games", {game, seats, decks});
    rememberSeat(r.id, r.token);
    location.assign(r.play);
  } catch (e) {
    say(e.message, true);
    if (e.problems.length) $("verdict").replaceChildren(problemsEl(t("decks.problems"), e.problems));
  }
}

async function startTest() {
  const out = $("test-result");
  if (!state.me) { out.textContent = t("decks.test_login"); return; }
  out.className = "";
  try {
    const run = await api("/api/deck-tests", {game, list: listText(), games: Number($("test-games").value)});
    $("test").disabled = true;
    followTest(run.id);
  } catch (e) {
    out.className = "errors";
    out.replaceChildren(e.problems.length ? problemsEl(t("decks.problems"), e.problems) : e.message);
  }
}

async function followTest(id) {
  const bar = $("test-progress");
  bar.hidden = false;
  for (;;) {
    const run = await api(`/api/deck-tests/${id}`).catch((e) => ({done: true, error: e.message}));
    bar.max = run.games || 1;
    bar.value = run.played || 0;
    if (run.done) return showTest(run);
    $("test-result").textContent = t("decks.testing", {played: run.played, n: run.games});
    await new Promise((ok) => setTimeout(ok, 1000));
  }
}

function showTest(run) {
  $("test").disabled = false;
  $("test-progress").hidden = true;
  const out = $("test-result");
  out.className = run.error ? "errors" : "";
  if (run.error) { out.textContent = run.error; return; }
  // A preset with the deck's own list is not played (a deck against itself
  // wins exactly half of the mirrored deals): it is named apart, and the
  // overall rate is over the other presets only.
  out.replaceChildren(el("p", {id: "test-rate"}, t("decks.test_result", {rate: pct(run.win_rate.rate), n: run.played, low: pct(run.win_rate.low), high: pct(run.win_rate.high), draws: run.draws})),
    ...(run.readings ? [el("p", {class: "muted", id: "test-readings"}, t("decks.test_readings", {readings: run.readings.join(", ")}))] : []),
    el("ul", {}, run.opponents.map((o) => el("li", {}, t("decks.against", {preset: o.preset, rate: pct(o.win_rate.rate), n: o.games, low: pct(o.win_rate.low), high: pct(o.win_rate.high)}))),
      (run.itself || []).map((p) => el("li", {class: "muted test-itself"}, t("decks.against_itself", {preset: p}))),
      (run.skipped || []).map((s) => el("li", {class: "muted"}, t("decks.skipped", {preset: s})))));
}

// ---- start ----

/** sectionName is how a deck section is shown: the main deck has no
 * name of its own in a list; another section is the game's pile it fills
 * ("extra" the Extradeck, Zynalith's "creatures" its creature stack,
 * Micro-Life's "play" the cards in play), or its list keyword where the
 * game names no such pile. */
function sectionName(section) {
  if (!section) return t("decks.main");
  const zone = [section, "stack." + section].find((z) => hasGameWord("zone", z));
  return zone ? gameWord("zone", zone) : section;
}

async function loadGame() {
  const [cat, cards, presets, me] = await Promise.all([api("/api/catalog"), api(`/api/catalog/${encodeURIComponent(game)}/cards`),
    api(`/api/catalog/${encodeURIComponent(game)}/presets`), api("/api/me").catch(() => null)]);
  state.info = cat.games.find((g) => g.id === game);
  state.cards = cards;
  state.byName = new Map(cards.map((c) => [key(c.name), c]));
  state.presets = presets.presets;
  state.me = me;
  showAccount(me);
  $("title").textContent = t("decks.title", {game: state.info.name});
  document.title = t("decks.page_title", {game: state.info.name});
  $("game-pick").replaceChildren(...cat.games.map((g) => el("option", {value: g.id, selected: g.id === game}, g.name)));
  // The piles a card may go to are those the presets use: Zynalith's two
  // stacks have no main deck beside them.
  const sections = new Set();
  for (const p of state.presets) for (const e of parseList(p.list).entries) sections.add(e.section);
  state.sections = sections.size ? [...sections] : [""];
  $("section").replaceChildren(...state.sections.map((s) => el("option", {value: s}, sectionName(s))));
  $("section").hidden = state.sections.length < 2;
  $("preset").replaceChildren(el("option", {value: ""}, t("decks.preset_pick")), ...state.presets.map((p) => el("option", {value: p.name}, p.name)));
}

async function loadOwned() {
  if (!state.me) return;
  const view = await api(`/api/collection?game=${encodeURIComponent(game)}`).catch(() => ({cards: []}));
  for (const c of view.cards) state.owned.set(key(c.card), (state.owned.get(key(c.card)) || 0) + c.count);
}

async function loadShared(token) {
  const d = await api(`/api/shared/decks/${encodeURIComponent(token)}`);
  state.readOnly = true;
  setDeck(null, d.list);
  $("shared-note").textContent = t("decks.shared_note", {name: d.name});
  $("shared-note").hidden = false;
  $("import-text").value = d.list;
}

function wire() {
  for (const id of ["search", "f-group", "f-kind", "f-cost", "f-keyword", "section"]) $(id).addEventListener("input", drawPool);
  $("deck-name").addEventListener("input", scheduleCheck);
  $("game-pick").addEventListener("change", () => location.assign(`/decks/${encodeURIComponent($("game-pick").value)}`));
  $("save").addEventListener("click", save);
  $("rename").addEventListener("click", rename);
  $("delete").addEventListener("click", remove);
  $("export").addEventListener("click", exportList);
  $("share").addEventListener("click", share);
  $("play").addEventListener("click", play);
  $("clear").addEventListener("click", () => { state.readOnly = false; $("shared-note").hidden = true; setDeck(null, ""); loadSaved(); });
  $("test").addEventListener("click", startTest);
  $("saved").addEventListener("change", async () => {
    const id = $("saved").value;
    if (!id) return setDeck(null, "");
    const d = await api(`/api/decks/${id}`).catch((e) => say(e.message, true));
    if (d) setDeck(d, d.list);
  });
  $("preset").addEventListener("change", () => {
    const p = state.presets.find((x) => x.name === $("preset").value);
    if (p) $("import-text").value = p.list;
  });
  $("import").addEventListener("click", () => {
    state.readOnly = false;
    $("shared-note").hidden = true;
    setDeck(null, $("import-text").value);
    say(sizeSaid("imported"));
  });
}

async function start() {
  await loadWords(game);
  wire();
  try {
    await loadGame();
  } catch (e) {
    say(e.message, true);
    return;
  }
  fillFilters();
  await Promise.all([loadOwned(), loadSaved()]);
  const token = new URLSearchParams(location.search).get("share");
  // A share link that leads nowhere still opens the builder, saying why
  // the deck is not there.
  if (token) await loadShared(token).catch((e) => { redraw(); say(e.message, true); });
  else redraw();
  window.kwDecks = state; // for tests and the console
}

start();
