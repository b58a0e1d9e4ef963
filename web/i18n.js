// Page words in the reader's language: the pages' own catalogue and the
// names a game gives its zones, stats and statuses, from /api/words. The
// server picks the language (?lang=, the switcher's cookie, the
// browser's Accept-Language); the switcher below remembers a choice.
import {el} from "./common.js";

let words = {lang: "en", pages: {}, game: {}};
// Each language in itself, as a switcher offers them: proper names, the
// same in every language.
const languages = [["de", "Deutsch"], ["en", "English"], ["cs", "Čeština"]];
const oneYear = 365 * 24 * 3600;

/** loadWords fetches the words (with a game's names when game is given),
 * fills the page's data-t elements and puts the switcher in the header. */
export function loadWords(game) {
  // Scripts that share a page (the account page and its ranked part) ask
  // for the same words; they share one request.
  const key = game || "";
  if (!loads.has(key)) loads.set(key, fetchWords(game));
  return loads.get(key);
}

const loads = new Map();
let gameLoaded = false;

async function fetchWords(game) {
  const q = new URLSearchParams();
  if (game) q.set("game", game);
  if (pageLang()) q.set("lang", pageLang());
  try {
    const res = await fetch(`/api/words?${q}`);
    if (res.ok) {
      const fresh = await res.json();
      // A page's scripts may ask with and without its game at once (the
      // deck builder and the header's account link): the game's words
      // stay, whichever answer comes last.
      if (!game && gameLoaded) fresh.game = words.game;
      words = fresh;
      gameLoaded ||= Boolean(game);
    }
  } catch { /* offline: keys stay visible as ⟦key⟧, which tests look for */ }
  document.documentElement.lang = words.lang;
  translate(document);
  addSwitcher();
  return words;
}

/** pageLang is the language the page's address asks for (?lang=), which
 * the page passes on to its requests, or "". */
export function pageLang() { return new URLSearchParams(location.search).get("lang") || ""; }

/** lang is the language the page speaks: "de", "en" or "cs". */
export function lang() { return words.lang; }

/** decimal writes x with digits places as the reader's language does:
 * "12.5" in English, "12,5" in German and Czech. */
export function decimal(x, digits) {
  return new Intl.NumberFormat(words.lang, {minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false}).format(x);
}

/** signed puts its sign before a number that decimal wrote, as the
 * simulation report does: "+" from zero up; below zero the true minus
 * sign (U+2212) in German and Czech, which set it, the hyphen in English. */
export function signed(text) {
  if (!text.startsWith("-")) return "+" + text;
  return words.lang === "en" ? text : "\u2212" + text.slice(1);
}

/** percent writes a share (0.125) as the reader's language does:
 * "12.5%" in English, "12,5 %" in German and Czech. */
export function percent(share, digits) {
  return new Intl.NumberFormat(words.lang, {style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits}).format(share);
}

/** t puts a page key into words: t("table.waiting", {name: "Anna"}). A
 * message with plural forms picks one by args.n, as the language counts. */
export function t(key, args = {}) {
  let msg = words.pages[key];
  if (msg === undefined) return `⟦${key}⟧`;
  if (typeof msg === "object") msg = msg[new Intl.PluralRules(words.lang).select(Number(args.n) || 0)] ?? msg.other;
  return msg.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, name) => String(args[name] ?? ""));
}

/** hasGameWord says whether the game has a word for a name of kind. */
export function hasGameWord(kind, name) { return Boolean((words.game[kind] || {})[name]); }

/** gameWord is the game's word for a name its views carry (kind "zone",
 * "stat", "status", "phase", "counter", "keyword", "kind", "group" or
 * "filter"), or
 * the name made readable where the game has no word for it. */
export function gameWord(kind, name) {
  const w = (words.game[kind] || {})[name];
  return w || String(name ?? "").replace(/[._-]+/g, " ");
}

/** translate fills root's elements marked data-t (their text) and
 * data-t-title, data-t-placeholder, data-t-aria-label (attributes). */
export function translate(root) {
  for (const e of root.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  for (const attr of ["title", "placeholder", "aria-label"]) {
    const data = "t" + attr.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase());
    for (const e of root.querySelectorAll(`[data-t-${attr}]`)) e.setAttribute(attr, t(e.dataset[data]));
  }
}

/** setLang remembers the reader's choice for a year and reloads, without
 * the address's ?lang=, which would otherwise win over the choice. */
export function setLang(code) {
  document.cookie = `lang=${code}; Max-Age=${oneYear}; Path=/; SameSite=Lax`;
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.delete("lang");
    location.replace(url.href);
    return;
  }
  location.reload();
}

function addSwitcher() {
  const bar = document.querySelector("header.bar");
  if (!bar || bar.querySelector(".langs")) return;
  const pick = el("select", {class: "langs", "aria-label": t("lang.choose"), title: t("lang.choose"), onchange: (e) => setLang(e.target.value)},
    languages.map(([code, name]) => el("option", {value: code, selected: code === words.lang, lang: code}, name)));
  bar.append(pick);
}

/** agentWord names an AI opponent by its kind ("greedy", "ismcts:ms=500")
 * in the reader's words, its settings left out; an agent the catalogue
 * does not know keeps its spec. */
export function agentWord(spec) {
  const kind = String(spec || "").split(":")[0];
  const word = t("agent." + kind);
  return word.startsWith("agent.") || word.startsWith("⟦") ? spec : word;
}
