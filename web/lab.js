// The designer's workbench: runs of simulated games with edited cards,
// variants, seats, agents and decks, queued on the server, followed live,
// reopened, repeated and compared side by side.
import {el, api, fixText, seatName} from "./common.js";
import {t, loadWords, lang, pageLang, decimal, signed} from "./i18n.js";

const $ = (id) => document.getElementById(id);
const pollEvery = 500; // ms: progress shows at least once a second
const checkAfter = 400; // ms of quiet typing before the cards are checked
const maxTuneRows = 4; // card numbers a tuning run may take, as the server allows

let setup = null; // the chosen game's GameSetup
let shown = null; // the run in the detail panel
let pollTimer = 0;
let checkTimer = 0;
let listTimer = 0;
let leftOut = new Set(); // the presets the edited cards make illegal, which runs play without
const picked = {a: "", b: ""};
const gameNames = new Map(); // id -> the game's name
const variantWords = new Map(); // game id -> its variants in the reader's words, by key
let savedDecks = []; // the logged-in designer's saved decks of the chosen game
const pasteChoice = "paste-list"; // a seat's deck choice: a pasted list
const savedChoice = "saved-"; // a seat's deck choice: saved-<id>

// reveal scrolls section e into view: smoothly, so that the reader sees
// where the page went, unless they asked their system for less motion.
function reveal(e) {
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  e.scrollIntoView({behavior: still ? "auto" : "smooth"});
}

function withLang(path) { return pageLang() ? `${path}${path.includes("?") ? "&" : "?"}lang=${pageLang()}` : path; }

async function start() {
  await loadWords();
  document.title = t("lab.page_title");
  const games = (await api(withLang("/api/catalog"))).games;
  for (const g of games) {
    gameNames.set(g.id, g.name);
    variantWords.set(g.id, new Map((g.variants || []).map((v) => [v.key, v])));
  }
  $("game").replaceChildren(...games.map((g) => el("option", {value: g.id}, g.name)));
  // ?game= picks the game; one the server does not offer falls back to
  // the first, as the deck builder's does, not to an empty form.
  const params = new URLSearchParams(location.search);
  const asked = params.get("game");
  $("game").value = games.some((g) => g.id === asked) ? asked : games[0].id;
  $("game").addEventListener("change", () => chooseGame($("game").value));
  $("seats").addEventListener("change", () => drawSeats());
  for (const r of document.querySelectorAll("input[name=cards]")) r.addEventListener("change", showEditor);
  for (const r of document.querySelectorAll("input[name=size]")) r.addEventListener("change", sizeHelp);
  $("card-file").addEventListener("change", () => loadFile($("card-file").value));
  $("reset-file").addEventListener("click", () => loadFile($("card-file").value));
  $("yaml").addEventListener("input", () => { drawGutter([]); scheduleCheck(); });
  $("yaml").addEventListener("scroll", () => { $("gutter").scrollTop = $("yaml").scrollTop; });
  // The card file's lines wrap: a wider or narrower editor renumbers them.
  let editorWidth = 0;
  new ResizeObserver(() => {
    if ($("yaml").clientWidth === editorWidth) return;
    editorWidth = $("yaml").clientWidth;
    drawGutter($("yaml").markedLines || []);
  }).observe($("yaml"));
  // A sweep and a tuning run each play a number of games at every setting:
  // one excludes the other, and both a run until precise.
  const only = (on, off) => $(on).addEventListener("change", () => {
    if ($(on).checked) {
      $(off).checked = false;
      document.querySelector("input[name=size][value=games]").checked = true;
      sizeHelp();
    }
    sweepHelp();
    tuneHelp();
  });
  only("sweep-on", "tune-on");
  only("tune-on", "sweep-on");
  $("tune-add").addEventListener("click", () => { $("tune-rows").append(tuneRow({card: nextTuneCard()})); tuneHelp(); drawSweepFigures(); });
  $("tune-add-variant").addEventListener("click", () => { $("tune-rows").append(tuneVariantRow({})); tuneHelp(); });
  for (const id of ["tune-budget", "tune-confirm", "games"]) $(id).addEventListener("input", tuneHelp);
  $("sweep-card").addEventListener("change", drawSweepFields);
  $("sweep-field").addEventListener("change", () => sweepAround(""));
  $("sweep-field2").addEventListener("change", () => sweepAround("2"));
  for (const id of ["sweep-from", "sweep-to", "sweep-from2", "sweep-to2", "games"]) $(id).addEventListener("input", sweepHelp);
  $("start").addEventListener("click", () => startRun().catch(showError));
  $("compare").addEventListener("click", () => compare(picked.a, picked.b).catch(showError));
  $("only-significant").addEventListener("change", showOnlySignificant);
  $("cancel").addEventListener("click", () => cancelRun().catch(showError));
  $("repeat").addEventListener("click", () => repeat(shown));
  $("tuned-edit").addEventListener("click", () => editTuned(shown).catch(showError));
  await chooseGame($("game").value);
  await drawRuns();
  if (params.get("run")) await openRun(params.get("run"));
  if (params.get("a") && params.get("b")) await compare(params.get("a"), params.get("b"));
}

async function chooseGame(id) {
  setup = await api(withLang(`/api/lab/games/${encodeURIComponent(id)}`));
  savedDecks = await loadSavedDecks(id);
  leftOut = new Set();
  $("seats").replaceChildren(...range(setup.min_seats, setup.max_seats).map((n) => el("option", {value: n}, String(n))));
  $("card-file").replaceChildren(...setup.card_files.map((f) => el("option", {value: f.name}, f.name)));
  document.querySelector("input[name=cards][value=edited]").disabled = setup.card_files.length === 0;
  drawVariants();
  drawSeats();
  // The form starts from a sweep the game's cards allow at every value
  // (the server tried it), and a tuning row of the same field.
  const first = setup.sweep_default || {};
  // A game whose cards have no numbers to vary offers no sweep and no
  // tuning of cards.
  $("sweep-on").disabled = setup.sweepable.length === 0;
  if ($("sweep-on").disabled) $("sweep-on").checked = false;
  $("sweep-card").replaceChildren(...cardOptions());
  if (first.card) $("sweep-card").value = first.card;
  drawSweepFields();
  if (first.field) {
    $("sweep-field").value = first.field;
    sweepAround("");
    $("sweep-from").value = first.from;
    $("sweep-to").value = first.to;
  }
  $("tune-rows").replaceChildren(tuneRow(first));
  tuneHelp();
  if (setup.card_files.length) loadFile(setup.card_files[0].name);
  sizeHelp();
  sweepHelp();
  $("runs-kept").textContent = t("lab.runs_kept", {n: setup.limits.keep_days, max: setup.limits.keep_runs});
}

// drawSweepFields offers the chosen card's number fields in the game's
// words, each with its value now, for the first field and the optional
// second, and sets the sliders around their values.
function drawSweepFields() {
  const fields = sweepCard() ? sweepCard().fields : [];
  const options = () => fields.map((f) => el("option", {value: f.field}, t("lab.sweep_field_now", {word: capitalised(f.word), value: f.value})));
  $("sweep-field").replaceChildren(...options());
  $("sweep-field2").replaceChildren(el("option", {value: ""}, t("lab.sweep_field2_none")), ...options());
  sweepAround("");
  sweepAround("2");
  drawSweepFigures();
}

function sweepCard() { return sweepCardNamed($("sweep-card").value); }

// sweepAround sets the range and values of the sliders of the first field
// (which "") or the second ("2") around the field's value now: two either
// side, ten either side at most, and below zero only for a field that is.
function sweepAround(which) {
  const card = sweepCard();
  const f = card && card.fields.find((x) => x.field === $("sweep-field" + which).value);
  if (f) rangeAround(f, $("sweep-from" + which), $("sweep-to" + which), which ? 1 : 2);
  sweepHelp();
}

// rangeAround sets sliders from and to around field f's value now: spread
// either side, within ten either side, below zero only for a value that
// is, and never beyond the least and the most the game's cards allow the
// field (f.min, f.max), so that every value offered is one the card may take.
function rangeAround(f, from, to, spread) {
  const value = f.value;
  const lo = Math.max(value < 0 ? -Infinity : 0, value - 10, f.min ?? -Infinity);
  const hi = Math.min(value + 10, f.max ?? Infinity);
  for (const e of [from, to]) { e.min = lo; e.max = hi; }
  from.value = Math.min(hi, Math.max(lo, value - spread));
  to.value = Math.max(lo, Math.min(hi, value + spread));
}

// sweepValues counts the values From..To of the first field's sliders
// (which "") or the second's ("2"), and shows them.
function sweepValues(which) {
  const from = Number($("sweep-from" + which).value), to = Number($("sweep-to" + which).value);
  $("sweep-from" + which + "-out").textContent = from;
  $("sweep-to" + which + "-out").textContent = to;
  return Math.max(0, to - from + 1);
}

// sweepHelp shows the sweep's values and how many games it plays in all.
function sweepHelp() {
  $("sweep-box").hidden = !$("sweep-on").checked;
  const second = $("sweep-field2").value !== "";
  for (const e of document.querySelectorAll(".sweep2")) e.hidden = !second;
  const values = sweepValues(""), lines = second ? sweepValues("2") : 1, settings = values * lines;
  const games = (settings * (Number($("games").value) || 0)).toLocaleString(lang());
  $("sweep-help").textContent = second ? t("lab.sweep_help2", {values, lines, settings, games}) : t("lab.sweep_help", {values, games});
}

// tuneRow is one card number to tune: the card, its field in the game's
// words, and the values it may take, from p ({card, field, from, to}) or
// around the first card's first field.
function tuneRow(p) {
  const card = el("select", {class: "tune-card", "aria-label": t("lab.sweep_card")}, cardOptions());
  const field = el("select", {class: "tune-field", "aria-label": t("lab.sweep_field")});
  const slider = (cls, label) => {
    const input = el("input", {class: cls, type: "range"}), out = el("output", {});
    input.addEventListener("input", () => { out.textContent = input.value; tuneHelp(); });
    return [el("label", {class: "slider"}, el("span", {}, t(label)), " ", input, " ", out), input, out];
  };
  const [fromLabel, from, fromOut] = slider("tune-from", "lab.sweep_from"), [toLabel, to, toOut] = slider("tune-to", "lab.sweep_to");
  const around = () => {
    const f = (sweepCardNamed(card.value) || {fields: []}).fields.find((x) => x.field === field.value);
    if (f) rangeAround(f, from, to, 2);
  };
  const show = () => { fromOut.textContent = from.value; toOut.textContent = to.value; tuneHelp(); };
  const fields = () => {
    const c = sweepCardNamed(card.value);
    field.replaceChildren(...(c ? c.fields : []).map((f) => el("option", {value: f.field},
      t("lab.sweep_field_now", {word: capitalised(f.word), value: f.value}))));
    around();
    show();
  };
  card.addEventListener("change", () => { fields(); drawSweepFigures(); });
  field.addEventListener("change", () => { around(); show(); });
  const remove = el("button", {type: "button", class: "tune-remove", "aria-label": t("lab.tune_remove"), title: t("lab.tune_remove"),
    onclick: () => { row.remove(); tuneHelp(); drawSweepFigures(); }}, "×");
  const row = el("div", {class: "tune-row"},
    el("div", {class: "row"}, el("label", {}, el("span", {}, t("lab.sweep_card")), " ", card),
      el("label", {}, el("span", {}, t("lab.sweep_field")), " ", field), remove),
    el("div", {class: "row"}, fromLabel, toLabel));
  if (p.card) card.value = p.card;
  fields();
  if (p.field) { field.value = p.field; around(); }
  if (p.from !== undefined) { from.value = p.from; to.value = p.to; }
  show();
  return row;
}

// offerEdited lets a sweep or a tuning run vary the cards the editor
// adds or changes, with their numbers as edited: a new card joins the
// lists, a changed one shows its new values. The choices made stay.
function offerEdited(cards) {
  for (const c of cards || []) {
    const i = setup.sweepable.findIndex((x) => x.name === c.name);
    if (i < 0) setup.sweepable.push(c);
    else setup.sweepable[i] = c;
  }
  for (const select of [$("sweep-card"), ...document.querySelectorAll("#tune-rows .tune-card")]) {
    const was = select.value;
    select.replaceChildren(...cardOptions());
    select.value = was;
  }
}

function variantWord(key, o) { return variantNamed(setup.id, key, o); }

// tuneVariantRow is a rule variant to tune, from v ({key, options}) or
// the first variant not yet taken, with a box for each option to try.
function tuneVariantRow(v) {
  const taken = tuneVariants().map((x) => x.key);
  const key = v.key || (setup.variants.find((x) => !taken.includes(x.key)) || setup.variants[0]).key;
  const select = el("select", {class: "tune-variant", "aria-label": t("lab.tune_variant")},
    setup.variants.map((x) => el("option", {value: x.key}, variantWord(x.key))));
  select.value = key;
  const boxes = el("span", {class: "tune-options"});
  const draw = (ticked) => {
    const spec = setup.variants.find((x) => x.key === select.value);
    boxes.replaceChildren(...spec.options.map((o) => el("label", {class: "check"},
      el("input", {type: "checkbox", value: o, checked: !ticked || ticked.includes(o)}), " ", variantWord(spec.key, o))));
  };
  select.addEventListener("change", () => draw());
  draw(v.options);
  const remove = el("button", {type: "button", class: "tune-remove", "aria-label": t("lab.tune_remove"), title: t("lab.tune_remove"),
    onclick: () => { row.remove(); tuneHelp(); }}, "×");
  const row = el("div", {class: "tune-row tune-variant-row"},
    el("div", {class: "row"}, el("label", {}, el("span", {}, t("lab.tune_variant")), " ", select), remove), el("div", {class: "row"}, boxes));
  return row;
}

// tuneVariants reads the variant rows: each variant and the options ticked.
function tuneVariants() {
  return [...document.querySelectorAll("#tune-rows .tune-variant-row")].map((row) => ({key: row.querySelector(".tune-variant").value,
    options: [...row.querySelectorAll(".tune-options input:checked")].map((e) => e.value)}));
}

// nextTuneCard is the card after the last row's, so that a new row does
// not tune a number already tuned.
function nextTuneCard() {
  const rows = tuneParams(), names = setup.sweepable.map((c) => c.name);
  const last = rows.length ? names.indexOf(rows[rows.length - 1].card) : -1;
  return names[(last + 1) % names.length];
}

// cardOptions are the cards a sweep or a tuning run can vary, grouped by
// colour, faction, element or stack as the game groups them.
function cardOptions() {
  const groups = new Map();
  for (const c of setup.sweepable) {
    if (!groups.has(c.group || "")) groups.set(c.group || "", []);
    groups.get(c.group || "").push(el("option", {value: c.name}, c.name));
  }
  return [...groups].flatMap(([group, options]) => group ? [el("optgroup", {label: group}, options)] : options);
}

function sweepCardNamed(name) { return setup.sweepable.find((c) => c.name === name); }

function capitalised(w) { return w.charAt(0).toLocaleUpperCase(lang()) + w.slice(1); }

// tuneParams reads the tuning rows.
function tuneParams() {
  return [...document.querySelectorAll("#tune-rows .tune-row:not(.tune-variant-row)")].map((row) => ({card: row.querySelector(".tune-card").value,
    field: row.querySelector(".tune-field").value, from: Number(row.querySelector(".tune-from").value), to: Number(row.querySelector(".tune-to").value)}));
}

// tuneHelp shows how many games a tuning run plays in all, and lets a
// row be added while there is room for one.
function tuneHelp() {
  $("tune-box").hidden = !$("tune-on").checked;
  const rows = document.querySelectorAll("#tune-rows .tune-row").length;
  $("tune-add").hidden = rows >= maxTuneRows;
  $("tune-add-variant").hidden = rows >= maxTuneRows || document.querySelectorAll("#tune-rows .tune-variant-row").length >= setup.variants.length;
  for (const b of document.querySelectorAll(".tune-remove")) b.hidden = rows < 2;
  const budget = Number($("tune-budget").value) || 0, each = Number($("games").value) || 0, confirm = Number($("tune-confirm").value) || 0;
  $("tune-help").textContent = t("lab.tune_help", {budget, each: each.toLocaleString(lang()), confirm: confirm.toLocaleString(lang()),
    games: (budget * each + confirm).toLocaleString(lang())});
}

function range(a, b) { return Array.from({length: b - a + 1}, (_, i) => a + i); }

// drawVariants shows each rule variant in the reader's words, as the
// lobby does (the catalogue's name, doc and option names); the values
// sent stay the variant's own.
function drawVariants() {
  const words = variantWords.get(setup.id) || new Map();
  $("variants-box").hidden = setup.variants.length === 0;
  $("variants").replaceChildren(...setup.variants.map((v) => {
    const w = words.get(v.key) || {};
    const word = (o) => (w.option_names && w.option_names[o]) || o;
    const name = w.name || v.key;
    return el("label", {title: w.doc || v.doc || ""},
      el("span", {}, v.rule ? `${name} (${v.rule})` : name), " ",
      el("select", {dataset: {variant: v.key}}, v.options.map((o) => el("option", {value: o, selected: o === v.default},
        o === v.default ? t("lab.variant_default", {option: word(o)}) : word(o)))));
  }));
}

// loadSavedDecks lists the designer's decks of the game saved in the
// deck builder; none when not logged in.
async function loadSavedDecks(game) {
  try {
    return (await api(`/api/decks?game=${encodeURIComponent(game)}`)).decks || [];
  } catch {
    return [];
  }
}

// drawSeats draws a row per seat: its AI player and its deck (the
// rules' deal, a preset, a saved deck or a pasted list), and under a
// seat that pastes, the list and its problems.
function drawSeats(agents = [], decks = [], lists = []) {
  const n = Number($("seats").value);
  $("seat-rows").replaceChildren(...range(1, n).flatMap((s) => {
    const list = lists[s - 1] ?? (lists.length === 1 ? lists[0] : "");
    const choice = list ? pasteChoice : decks[s - 1] ?? decks[0] ?? "";
    return [el("tr", {dataset: {seat: s}},
      el("td", {}, t("lab.seat_n", {n: s})),
      el("td", {}, el("select", {class: "agent", "aria-label": t("lab.agent")}, setup.agents.map((a) =>
        el("option", {value: a, selected: a === (agents[s - 1] ?? agents[0] ?? "greedy")}, agentLabel(a))))),
      el("td", {}, deckSelect(choice))),
    listRow(s, list, choice === pasteChoice)];
  }));
  drawSweepFigures();
}

// drawSweepFigures offers a sweep the first player's win rate, the game
// length, the win rate of each shipped deck a seat plays and, where
// players pick a start card (Athernum), the swept card's win rate as
// start card; and a tuning run the win rates, with each tuned card's as
// start card. Each keeps the figure chosen while it is still offered.
function drawSweepFigures() {
  const decks = [...new Set([...document.querySelectorAll("#seat-rows select.deck")].map((e) => e.value))]
    .filter((d) => setup.presets.includes(d));
  const fill = (select, ...first) => {
    const was = select.value;
    select.replaceChildren(...first, ...decks.map((d) => el("option", {value: "deck:" + d}, t("lab.fig_deck", {deck: d}))));
    select.value = [...select.options].some((o) => o.value === was) ? was : "first";
  };
  const starts = (cards) => setup.start_cards ? [...new Set(cards.filter(Boolean))].map((card) => el("option", {value: "start:" + card}, t("lab.fig_start", {card}))) : [];
  fill($("sweep-figure"), el("option", {value: "first"}, t("lab.fig_first")), el("option", {value: "length"}, t("lab.fig_turns")), ...starts([$("sweep-card").value]));
  // A tuning run aims at a win rate: the game length is no target.
  fill($("tune-figure"), el("option", {value: "first"}, t("lab.fig_first")), ...starts([...document.querySelectorAll("#tune-rows .tune-card")].map((c) => c.value)));
}

function deckSelect(choice) {
  const option = (value, text) => el("option", {value, selected: value === choice}, text);
  const groups = [option("", t("lab.deck_rules"))];
  if (setup.presets.length) groups.push(el("optgroup", {label: t("lab.deck_presets")}, setup.presets.map((p) => Object.assign(option(p, p), {disabled: leftOut.has(p)}))));
  if (savedDecks.length) groups.push(el("optgroup", {label: t("lab.deck_saved")}, savedDecks.map((d) => option(savedChoice + d.id, d.name))));
  groups.push(option(pasteChoice, t("lab.deck_paste")));
  return el("select", {class: "deck", "aria-label": t("lab.deck"), onchange: (e) => { showList(e.target); drawSweepFigures(); }}, groups);
}

// listRow is a seat's pasted list, shown while the seat pastes one.
function listRow(seat, text, shown) {
  const gutter = el("pre", {class: "gutter", "aria-hidden": "true"});
  const area = el("textarea", {class: "deck-list", spellcheck: "false", wrap: "off", "aria-label": t("lab.deck_list_n", {n: seat}),
    placeholder: t("lab.deck_list_hint"), oninput: () => drawListProblems(seat, []), onscroll: () => { gutter.scrollTop = area.scrollTop; }});
  area.value = text;
  numberLines(area, gutter, []);
  return el("tr", {class: "list-row", dataset: {listSeat: seat}, hidden: !shown},
    el("td", {colspan: 3}, el("label", {class: "list-label"}, t("lab.deck_list_n", {n: seat})),
      el("div", {class: "editor list-editor"}, gutter, area),
      el("p", {class: "muted small"}, t("lab.deck_list_help")), el("ul", {class: "problems list-problems"})));
}

function showList(select) {
  const seat = select.closest("tr").dataset.seat;
  const row = document.querySelector(`tr[data-list-seat="${seat}"]`);
  row.hidden = select.value !== pasteChoice;
  if (!row.hidden) row.querySelector("textarea").focus();
}

// drawListProblems shows a pasted list's problems under it, each with a
// link to its line.
function drawListProblems(seat, problems) {
  const row = document.querySelector(`tr[data-list-seat="${seat}"]`);
  if (!row) return;
  const area = row.querySelector("textarea");
  row.querySelector(".list-editor").classList.toggle("has-problems", problems.length > 0);
  numberLines(area, row.querySelector(".gutter"), problems.map((p) => p.line).filter(Boolean));
  row.querySelector(".list-problems").replaceChildren(...problems.map((p) => el("li", {},
    el("button", {type: "button", class: "line-link", onclick: () => selectLine(area, p.line)}, p.line ? t("lab.line", {n: p.line}) : t("lab.whole_list")),
    " ", [p.subject, p.message].filter(Boolean).join(": "), p.fix ? el("span", {class: "muted"}, fixText(p.fix)) : "")));
}

function agentLabel(spec) { return t("lab.agent_" + spec.split(":")[0]); }

function showEditor() {
  $("editor-box").hidden = !edited();
  scheduleCheck();
}

function edited() { return document.querySelector("input[name=cards]:checked").value === "edited"; }

function loadFile(name, text) {
  const f = setup.card_files.find((c) => c.name === name);
  $("card-file").value = name;
  $("yaml").value = text ?? (f ? f.yaml : "");
  drawGutter([]);
  scheduleCheck();
}

// drawGutter numbers the card file's lines and marks those with problems.
function drawGutter(bad) { numberLines($("yaml"), $("gutter"), bad); }

// numberLines numbers a text area's lines in its gutter and marks the
// lines with problems. A text area that wraps its lines (the card file)
// gives each number the height its line takes, so that numbers stay at
// their lines however the lines wrap.
function numberLines(area, gutter, bad) {
  const lines = area.value.split("\n");
  const marked = new Set(bad);
  area.markedLines = bad;
  const heights = area.getAttribute("wrap") === "off" ? null : lineHeights(area, lines);
  gutter.replaceChildren(...lines.map((_, i) => el("span", {class: marked.has(i + 1) ? "bad-line" : "",
    style: heights ? `height: ${heights[i]}px` : ""}, String(i + 1))));
  gutter.scrollTop = area.scrollTop;
}

// lineHeights measures how high each line of a wrapping text area is, in
// a hidden copy of its text box as wide as its text.
function lineHeights(area, lines) {
  const cs = getComputedStyle(area);
  const width = area.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const one = parseFloat(cs.lineHeight) || 18;
  if (!(width > 0)) return lines.map(() => one);
  const box = measureBox();
  Object.assign(box.style, {width: `${width}px`, font: cs.font, lineHeight: cs.lineHeight, tabSize: cs.tabSize, letterSpacing: cs.letterSpacing});
  box.replaceChildren(...lines.map((l) => el("div", {}, l || " ")));
  return [...box.children].map((d) => Math.max(one, d.getBoundingClientRect().height));
}

let measurer = null;
function measureBox() {
  if (!measurer) {
    measurer = el("div", {class: "line-measure", "aria-hidden": "true"});
    document.body.append(measurer);
  }
  return measurer;
}

function scheduleCheck() {
  clearTimeout(checkTimer);
  $("check-state").textContent = "";
  if (!edited()) {
    leaveOut([]);
    return;
  }
  $("check-state").textContent = t("lab.checking");
  checkTimer = setTimeout(() => checkCards().catch(showError), checkAfter);
}

async function checkCards() {
  const body = {game: setup.id, card_file: $("card-file").value, cards: $("yaml").value};
  try {
    const res = await api(withLang("/api/lab/check"), body);
    $("problems").replaceChildren();
    drawGutter([]);
    $("check-state").textContent = res.cards.length ? t("lab.cards_ok", {n: res.cards.length}) : t("lab.cards_unchanged");
    $("changed").replaceChildren(...res.cards.map(cardItem));
    leaveOut(res.left_out);
    offerEdited(res.sweepable);
  } catch (err) {
    const problems = err.problems || [];
    $("check-state").textContent = err.message;
    $("changed").replaceChildren();
    leaveOut([]);
    $("problems").replaceChildren(...problems.map((p) => el("li", {},
      el("button", {type: "button", class: "line-link", onclick: () => goToLine(p.line)}, p.line ? t("lab.line", {n: p.line}) : t("lab.file")),
      " ", [p.subject, p.message].filter(Boolean).join(": "), p.fix ? el("span", {class: "muted"}, fixText(p.fix)) : "")));
    drawGutter(problems.map((p) => p.line).filter(Boolean));
  }
}

// leaveOut says which presets the edited cards make illegal, and why,
// and takes them out of the seats' choices: runs with these cards play
// without them.
function leaveOut(presets) {
  leftOut = new Set(presets.map((p) => p.name));
  $("left-out").replaceChildren(...presets.map((p) => el("li", {}, t("lab.preset_left_out", {deck: p.name, why: p.why}))));
  for (const o of document.querySelectorAll("#seat-rows select.deck option")) o.disabled = leftOut.has(o.value);
  // A seat that had chosen a preset now left out plays the rules' deal.
  for (const s of document.querySelectorAll("#seat-rows select.deck")) {
    if (leftOut.has(s.value)) {
      s.value = "";
      s.dispatchEvent(new Event("change"));
    }
  }
}

// cardItem shows an edited card: each field the edit changed with its
// old and new value ("HP 40 → 43"), then its rules text, and the shipped
// card's text only where the edit changed the text.
function cardItem(c) {
  const tag = c.added ? t("lab.card_added") : c.removed ? t("lab.card_removed") : "";
  const changes = c.changes || [];
  return el("li", {},
    el("b", {}, c.name), tag ? el("span", {class: "tag"}, tag) : "",
    changes.length ? el("ul", {class: "field-changes"}, ...changes.map((f) => el("li", {},
      el("span", {class: "field-word"}, f.word), " ", el("span", {class: "field-was"}, f.was || "—"), " → ", el("b", {}, f.now || "—")))) : "",
    c.removed || !c.text ? "" : el("div", {class: "card-text"}, c.text),
    c.was && c.was !== c.text ? el("div", {class: "card-was muted"}, t("lab.card_was", {text: c.was})) : "");
}

// goToLine selects line n of the card file.
function goToLine(n) { selectLine($("yaml"), n); }

// selectLine selects line n of a text area and scrolls it into view.
function selectLine(area, n) {
  if (!n) return;
  const lines = area.value.split("\n");
  const at = lines.slice(0, Math.max(0, n - 1)).reduce((sum, l) => sum + l.length + 1, 0);
  area.focus();
  area.setSelectionRange(at, at + (lines[n - 1] || "").length);
  // A wrapping text area's line n stands where the gutter's number does.
  const number = area.parentElement.querySelector(".gutter")?.children[n - 1];
  area.scrollTop = Math.max(0, number ? number.offsetTop - 4 * lineHeight(area) : (n - 5) * lineHeight(area));
}

function lineHeight(area) { return parseFloat(getComputedStyle(area).lineHeight) || 18; }

function sizeHelp() {
  const ci = document.querySelector("input[name=size]:checked").value === "ci";
  $("size-help").textContent = ci ? t("lab.size_ci_help", {max: setup.limits.max_games.toLocaleString(lang())}) : t("lab.size_games_help", {max: setup.limits.max_games.toLocaleString(lang())});
}

// spec reads the form into a run's inputs.
function spec() {
  const s = {game: setup.id, seats: Number($("seats").value), games: Number($("games").value) || 0,
    agents: [...document.querySelectorAll("#seat-rows .agent")].map((e) => e.value),
    mirror: $("mirror").checked, label: $("label").value.trim(), variant: {}};
  Object.assign(s, seatDecks());
  for (const e of document.querySelectorAll("#variants select")) s.variant[e.dataset.variant] = e.value;
  if (document.querySelector("input[name=size]:checked").value === "ci") s.until_ci = Number($("until-ci").value) || 0;
  const seed = $("seed").value.trim();
  if (seed && !(/^\d+$/.test(seed) && Number.isSafeInteger(Number(seed)) && Number(seed) > 0)) throw new Error(t("lab.err_seed"));
  if (seed) s.seed = Number(seed);
  if (edited()) { s.card_file = $("card-file").value; s.cards = $("yaml").value; }
  if ($("sweep-on").checked) {
    s.sweep = {card: $("sweep-card").value, field: $("sweep-field").value, figure: $("sweep-figure").value,
      from: Number($("sweep-from").value), to: Number($("sweep-to").value)};
    if ($("sweep-field2").value) {
      Object.assign(s.sweep, {field2: $("sweep-field2").value, from2: Number($("sweep-from2").value), to2: Number($("sweep-to2").value)});
    }
  }
  if ($("tune-on").checked) {
    s.tune = {params: tuneParams(), variants: tuneVariants(), figure: $("tune-figure").value, target: Number($("tune-target").value),
      tolerance: Number($("tune-tolerance").value), budget: Number($("tune-budget").value), confirm: Number($("tune-confirm").value)};
  }
  return s;
}

// seatDecks reads the seats' deck choices: presets by name, saved decks
// by id, pasted lists as typed; every seat has one, or none does.
function seatDecks() {
  const choices = [...document.querySelectorAll("#seat-rows .deck")].map((e) => e.value);
  if (!choices.some(Boolean)) return {};
  if (!choices.every(Boolean)) throw new Error(t("lab.err_decks_mixed"));
  const out = {decks: [], lists: [], saved: []};
  choices.forEach((c, i) => {
    const pasted = c === pasteChoice ? document.querySelector(`tr[data-list-seat="${i + 1}"] textarea`).value : "";
    if (c === pasteChoice && !pasted.trim()) throw new Error(t("lab.err_list_empty", {n: i + 1}));
    out.lists.push(pasted);
    out.saved.push(c.startsWith(savedChoice) ? c.slice(savedChoice.length) : "");
    out.decks.push(c === pasteChoice || c.startsWith(savedChoice) ? "" : c);
  });
  for (const k of ["decks", "lists", "saved"]) if (!out[k].some(Boolean)) delete out[k];
  return out;
}

async function startRun() {
  $("errors").replaceChildren();
  for (const row of document.querySelectorAll("tr[data-list-seat]")) drawListProblems(row.dataset.listSeat, []);
  const run = await api(withLang("/api/lab/runs"), spec());
  await drawRuns();
  await openRun(run.id);
}

// showError says what went wrong above the start button; a pasted
// list's problems go under that list, at their lines.
function showError(err) {
  const problems = err.problems || [];
  const bySeat = new Map();
  for (const p of problems.filter((p) => p.seat)) bySeat.set(p.seat, [...(bySeat.get(p.seat) || []), p]);
  for (const [seat, ps] of bySeat) drawListProblems(seat, ps);
  const where = bySeat.size ? [el("p", {class: "muted"}, t("lab.see_list"))] : [];
  $("errors").replaceChildren(el("p", {}, err.message), ...where,
    ...problems.filter((p) => !p.seat).map((p) => el("p", {}, `${p.line ? t("lab.line", {n: p.line}) + ": " : ""}${p.subject ? p.subject + ": " : ""}${p.message}`, fixText(p.fix))));
}

async function drawRuns() {
  const {runs} = await api(withLang("/api/lab/runs"));
  $("no-runs").hidden = runs.length > 0;
  $("run-rows").replaceChildren(...runs.map(runRow));
  $("compare").disabled = !(picked.a && picked.b && picked.a !== picked.b);
  clearTimeout(listTimer);
  if (runs.some((r) => r.status === "queued" || r.status === "running")) listTimer = setTimeout(() => drawRuns().catch(showError), 2000);
}

function runRow(r) {
  const pick = (side) => el("input", {type: "radio", name: "pick-" + side, checked: picked[side] === r.id,
    disabled: r.status !== "done" || !!r.spec.sweep, "aria-label": t("lab.col_" + side) + " " + runName(r),
    onchange: () => { picked[side] = r.id; $("compare").disabled = !(picked.a && picked.b && picked.a !== picked.b); }});
  return el("tr", {dataset: {run: r.id}, class: shown && shown.id === r.id ? "open" : ""},
    el("td", {}, pick("a")), el("td", {}, pick("b")),
    el("td", {}, el("button", {type: "button", class: "line-link", onclick: () => openRun(r.id).catch(showError)}, runName(r)),
      el("div", {class: "muted small"}, new Date(r.created).toLocaleString(lang()))),
    el("td", {}, statusText(r)), el("td", {}, gamesText(r)));
}

// runName is the run's label, or its game and what sets it apart.
function runName(r) {
  if (r.spec.label) return r.spec.label;
  const s = r.spec, what = s.sweep ? sweepShort(r) : s.tune ? tuneShort(r)
    : s.cards || s.edited ? t("lab.cards_edited_short") : t("lab.cards_shipped_short");
  return `${gameNames.get(s.game) || s.game} · ${what}`;
}

// sweepShort says in a few words what sweep run r varies, its fields in
// the reader's words.
function sweepShort(r) {
  const w = r.spec.sweep, words = {card: w.card, field: r.sweep_field || w.field, from: w.from, to: w.to};
  if (!w.field2) return t("lab.sweep_short", words);
  return t("lab.sweep_short2", {...words, field2: r.sweep_field2 || w.field2, from2: w.from2, to2: w.to2});
}

// editTuned puts tuning run r's best setting into the form, with the
// run's game: its rule variants' options, and the card file that plays
// its numbers into the card editor, so that it can be played, changed or
// tuned again.
async function editTuned(r) {
  if (!r || !r.tune) return;
  if (setup.id !== r.spec.game) {
    $("game").value = r.spec.game;
    await chooseGame(r.spec.game);
  }
  for (const v of r.spec.tune.variants || []) {
    const select = document.querySelector(`#variants select[data-variant="${v.key}"]`);
    if (select) select.value = r.tune.best[["variant", v.key].join(":")];
  }
  if (r.tuned_file) {
    document.querySelector("input[name=cards][value=edited]").checked = true;
    loadFile(r.tuned_file.name, r.tuned_file.yaml);
    showEditor();
  }
  reveal($(r.tuned_file ? "editor-box" : "variants-box"));
}

// settingText says a setting of tuning run r's parameters in the game's
// words: "Fireball: Cost 3, Wolf Pack: Power 2".
function settingText(r, setting) {
  const fields = r.tune_fields || [];
  const cards = r.spec.tune.params.map((p, i) => t("lab.tune_value", {card: p.card, field: capitalised(fields[i] || p.field),
    value: setting[`${p.card}.${p.field}`]}));
  const variants = (r.spec.tune.variants || []).map((v) => t("lab.tune_variant_value", {variant: variantNamed(r.spec.game, v.key),
    option: variantNamed(r.spec.game, v.key, setting[["variant", v.key].join(":")])}));
  return [...cards, ...variants].join(", ");
}

// variantNamed names variant key of game, or its option o, in the
// reader's words.
function variantNamed(game, key, o) {
  const w = (variantWords.get(game) || new Map()).get(key) || {};
  return o === undefined ? w.name || key : (w.option_names && w.option_names[o]) || o;
}

// tuneShort says in a few words what tuning run r tunes and toward what.
function tuneShort(r) {
  const w = r.spec.tune, fields = r.tune_fields || [];
  const params = w.params.map((p, i) => t("lab.tune_param", {card: p.card, field: fields[i] || p.field, from: p.from, to: p.to}))
    .concat((w.variants || []).map((v) => t("lab.tune_variant_param", {variant: variantNamed(r.spec.game, v.key),
      options: v.options.map((o) => variantNamed(r.spec.game, v.key, o)).join(" / ")})));
  return t("lab.tune_short", {params: params.join(", "), target: decimal(w.target, 1)});
}

// tuneDone says what a finished tuning run found: the best setting, the
// target figure measured again there, and whether it met the target.
function tuneDone(r) {
  const b = r.tune, w = r.spec.tune;
  const best = settingText(r, b.best);
  const c = b.confirmed, words = {tolerance: decimal(100 * b.tolerance, 1)};
  const [kind, name] = (w.figure || "first").split(/:(.*)/s);
  const figure = kind === "deck" ? t("lab.tune_deck", {deck: name}) : kind === "start" ? t("lab.tune_start", {card: name}) : t("lab.tune_first");
  return t("lab.tune_done", {games: r.played.toLocaleString(lang()), best, confirm: b.confirm_games.toLocaleString(lang()),
    figure, rate: pct(c.rate), low: pct(c.low), high: pct(c.high)}) + " " + (b.within_tolerance ? t("lab.tune_met", words) : t("lab.tune_missed", words));
}

function gamesText(r) { return t("lab.games_n", {n: r.played}); }

function statusText(r) {
  if (r.status === "queued") return t("lab.status_queued", {ahead: r.ahead || 0});
  if (r.status === "running") return t("lab.status_running", {played: r.played.toLocaleString(lang()), planned: r.planned.toLocaleString(lang())});
  return t("lab.status_" + r.status);
}

async function openRun(id) {
  clearTimeout(pollTimer);
  const r = await api(withLang(`/api/lab/runs/${id}`));
  const changed = !shown || shown.id !== r.id || shown.status !== r.status;
  shown = r;
  drawRun(r, changed);
  if (r.status === "queued" || r.status === "running") pollTimer = setTimeout(() => openRun(id).catch(showError), pollEvery);
  else if (changed) await drawRuns();
}

function drawRun(r, changed) {
  $("detail").hidden = false;
  $("detail-title").textContent = runName(r);
  $("detail-inputs").textContent = inputsText(r);
  const share = r.spec.until_ci ? precisionShare(r) : r.planned ? Math.min(1, r.played / r.planned) : 0;
  $("bar").style.width = `${(r.status === "done" ? 1 : share) * 100}%`;
  let status = statusText(r);
  if (r.status === "running") status += " · " + elapsedText(r);
  if (r.first) status += " · " + t("lab.first_so_far", {rate: pct(r.first.rate), low: pct(r.first.low), high: pct(r.first.high)});
  if (r.status === "done" && r.report) status = t("lab.done_summary", {games: r.report.games.toLocaleString(lang()),
    rate: pct(r.report.first_player_win_rate.rate), low: pct(r.report.first_player_win_rate.low), high: pct(r.report.first_player_win_rate.high)});
  if (r.status === "done" && r.sweep) {
    const words = {games: r.played.toLocaleString(lang()), values: r.sweep.points.length};
    status = r.spec.sweep && r.spec.sweep.field2 ? t("lab.sweep_done2", words) : t("lab.sweep_done", words);
  }
  if (r.status === "done" && r.tune) status = tuneDone(r);
  if (r.status === "done" && r.report && r.report.errors) {
    const first = (r.report.error_samples || [])[0];
    status += " " + t("lab.games_failed", {n: r.report.errors, game: first ? first.index + 1 : "", error: first ? first.message : ""});
  }
  if (r.status === "failed") status += ": " + (r.error || "");
  $("detail-status").textContent = status;
  $("cancel").hidden = !(r.status === "queued" || r.status === "running");
  $("tuned-edit").hidden = !(r.tune && (r.tuned_file || (r.spec.tune.variants || []).length));
  $("report").hidden = $("report-link").hidden = r.status !== "done";
  if (r.status === "done" && changed) {
    // The report speaks the page's language, which ?lang= may have chosen without a cookie.
    const report = `/api/lab/runs/${r.id}/report?lang=${lang()}`;
    $("report").src = report;
    $("report-link").href = report;
  }
  for (const row of document.querySelectorAll("#run-rows tr")) row.classList.toggle("open", row.dataset.run === r.id);
}

// precisionShare is how far a run played until precise has come: the
// interval's half-width shrinks as one over the square root of the games,
// so (target / half-width)² of the games needed are played.
function precisionShare(r) {
  if (!r.first) return 0;
  const half = (r.first.high - r.first.low) / 2;
  return half > 0 ? Math.min(1, (r.spec.until_ci / 100 / half) ** 2) : 1;
}

// inputsText says what run r was asked to play, in the reader's words.
function inputsText(r) {
  const s = r.spec, parts = [t("lab.seats_n", {n: s.seats}), (s.agents || []).map(agentLabel).join(" / ")];
  if ((s.decks && s.decks.length) || (s.lists && s.lists.length)) parts.push(deckNames(s).join(" / "));
  const words = variantWords.get(s.game) || new Map();
  for (const [k, v] of Object.entries(s.variant || {})) {
    const w = words.get(k) || {};
    parts.push(`${w.name || k}: ${(w.option_names && w.option_names[v]) || v}`);
  }
  parts.push(s.until_ci ? t("lab.until_ci_n", {n: s.until_ci}) : t("lab.games_n", {n: s.games}));
  if (s.mirror) parts.push(t("lab.mirror_short"));
  parts.push(t("lab.seed_n", {seed: s.seed}));
  if (s.cards) parts.push(t("lab.edited_file", {file: s.card_file || "edited.yaml"}));
  if (s.sweep) parts.push(sweepShort(r));
  if (s.tune) parts.push(tuneShort(r), t("lab.tune_inputs", {budget: s.tune.budget, confirm: s.tune.confirm.toLocaleString(lang()),
    tolerance: decimal(s.tune.tolerance || 2, 1)}));
  return parts.join(" · ");
}

// deckNames names each seat's deck: its preset, or its list's name
// ("name:" line) or "pasted list".
function deckNames(s) {
  const n = Math.max((s.decks || []).length, (s.lists || []).length);
  return range(1, n).map((seat) => {
    const list = (s.lists || [])[seat - 1] ?? "";
    if (!list) return (s.decks || [])[seat - 1] || (s.decks || [])[0] || "";
    const named = list.split("\n").find((l) => l.trim().startsWith("name:"));
    return named ? named.trim().slice(5).trim() : t("lab.deck_pasted");
  });
}

// elapsedText is how long a run has played and, at its pace so far, how
// long its games still take (a run played until precise may stop
// sooner).
function elapsedText(r) {
  const secs = Math.round(r.seconds || 0);
  if (!r.played || r.spec.until_ci) return t("lab.elapsed", {time: duration(secs)});
  const left = Math.round((r.planned - r.played) * (r.seconds / r.played));
  return t("lab.elapsed_left", {time: duration(secs), left: duration(left)});
}

function duration(secs) {
  const m = Math.floor(secs / 60), s = secs % 60;
  return m ? `${m}:${String(s).padStart(2, "0")}` : t("lab.seconds", {n: s});
}

function pct(x) { return decimal(100 * x, 1); }

async function cancelRun() {
  if (!shown) return;
  await api(withLang(`/api/lab/runs/${shown.id}/cancel`), {});
  await openRun(shown.id);
}

// repeat puts a run's inputs back into the form, seed included, so that
// playing it again gives the same games, or a change can be tried.
async function repeat(r) {
  if (!r) return;
  const s = r.spec;
  $("game").value = s.game;
  await chooseGame(s.game);
  $("seats").value = s.seats;
  drawSeats(s.agents || [], s.decks || [], s.lists || []);
  for (const e of document.querySelectorAll("#variants select")) if (s.variant && s.variant[e.dataset.variant]) e.value = s.variant[e.dataset.variant];
  $("mirror").checked = !!s.mirror;
  $("games").value = s.games || 1000;
  document.querySelector(`input[name=size][value=${s.until_ci ? "ci" : "games"}]`).checked = true;
  if (s.until_ci) $("until-ci").value = s.until_ci;
  $("seed").value = s.seed || "";
  $("label").value = s.label || "";
  document.querySelector(`input[name=cards][value=${s.cards ? "edited" : "shipped"}]`).checked = true;
  if (s.cards) loadFile(s.card_file || setup.card_files[0].name, s.cards);
  $("sweep-on").checked = !!s.sweep;
  if (s.sweep) {
    $("sweep-card").value = s.sweep.card;
    drawSweepFields();
    // Each field's sliders take its range before they take the run's values.
    $("sweep-field").value = s.sweep.field;
    sweepAround("");
    $("sweep-field2").value = s.sweep.field2 || "";
    sweepAround("2");
    $("sweep-figure").value = s.sweep.figure || "first";
    $("sweep-from").value = s.sweep.from;
    $("sweep-to").value = s.sweep.to;
    if (s.sweep.field2) { $("sweep-from2").value = s.sweep.from2; $("sweep-to2").value = s.sweep.to2; }
  }
  $("tune-on").checked = !!s.tune;
  if (s.tune) {
    $("tune-rows").replaceChildren(...s.tune.params.map(tuneRow));
    for (const v of s.tune.variants || []) $("tune-rows").append(tuneVariantRow(v));
    drawSweepFigures();
    $("tune-figure").value = s.tune.figure || "first";
    $("tune-target").value = s.tune.target;
    $("tune-tolerance").value = s.tune.tolerance || 2;
    $("tune-budget").value = s.tune.budget;
    $("tune-confirm").value = s.tune.confirm;
  }
  showEditor();
  sizeHelp();
  sweepHelp();
  tuneHelp();
  reveal($("setup-title"));
}

async function compare(a, b) {
  const c = await api(withLang(`/api/lab/compare?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`));
  $("comparison").hidden = false;
  $("comparison-runs").textContent = t("lab.comparison_runs", {a: runName(c.a), b: runName(c.b)});
  $("diff-rows").replaceChildren(...c.differences.map((d) => diffRow(d, c)));
  // An edited card without a row: why (too few games to compare).
  $("comparison-notes").replaceChildren(...(c.notes || []).map((n) => el("li", {}, n)));
  showOnlySignificant();
  reveal($("comparison"));
}

/** showOnlySignificant hides the comparison's rows that do not differ
 * significantly while its box is ticked: among 250 figures, the dozen
 * that moved. */
function showOnlySignificant() {
  $("comparison").classList.toggle("only-significant", $("only-significant").checked);
}

/** diffRow is one figure of comparison c: its value in A and in B, the
 * games each run played (what the figure rests on: a run of 200 games
 * moves more by chance than one of 5,000), B − A and whether that
 * difference is significant. Each cell carries its column's name, which a
 * phone, showing each row as a block, writes before it. */
function diffRow(d, c) {
  const fmt = d.figure === "turns" || d.figure === "measure" ? (x) => decimal(x, 2) : pct;
  const unit = d.figure === "turns" || d.figure === "measure" ? "" : " %";
  const sign = (x) => signed(fmt(x));
  // a semicolon parts the bounds in German and Czech, which write decimals
  // with a comma; English parts them with a comma, as the reports do
  const apart = lang() === "en" ? ", " : "; ";
  // an impact is itself a difference, signed as B − A is
  const value = (iv) => !d.interval ? `${fmt(iv.rate)}${unit}`
    : d.figure === "card_opening" ? `${sign(iv.rate)}${unit} [${sign(iv.low)}${apart}${sign(iv.high)}]`
    : `${fmt(iv.rate)}${unit} [${fmt(iv.low)}–${fmt(iv.high)}]`;
  const diff = d.interval ? `${sign(d.diff)}${unit} [${sign(d.low)}${apart}${sign(d.high)}]` : `${sign(d.diff)}${unit}`;
  // ★★: still significant when all the comparison's figures are allowed
  // for, as its note explains
  const verdict = !d.interval ? t("lab.no_interval") : d.discovery ? `${t("lab.yes")} ★★`
    : d.significant ? t("lab.yes") : t("lab.no");
  const games = [c.a, c.b].map((r) => (r.played || 0).toLocaleString(lang())).join(" / ");
  const cell = (label, text) => el("td", {dataset: {label: t(label)}}, text);
  return el("tr", {class: d.significant ? "significant" : ""},
    el("td", {}, t("lab.fig_" + d.figure, {name: d.figure === "seat" ? seatName(d.name) : d.label || d.name || ""})),
    cell("lab.run_a", value(d.a)), cell("lab.run_b", value(d.b)), cell("lab.col_games", games),
    cell("lab.difference", diff), cell("lab.significant", verdict));
}

start().catch(showError);
