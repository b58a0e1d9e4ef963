// Small helpers shared by the pages: DOM building and the JSON API.
import {t, pageLang} from "./i18n.js";

/** sentence is text as a sentence on its own: its first letter a
 * capital ("beide Decks …" → "Beide Decks …"), as a refusal reads when
 * nothing stands before it. */
export function sentence(text) {
  return text ? text[0].toLocaleUpperCase() + text.slice(1) : text;
}

/** refusalPanel is a page's panel in place of what it cannot show: a
 * title, why (as a sentence), and the ways on, as buttons in a row. */
export function refusalPanel(title, why, ways) {
  return el("div", {class: "panel"}, el("h2", {}, title), el("p", {}, sentence(why)), el("div", {class: "choices"}, ...ways));
}

/** el builds an element: el("div", {class: "x", onclick: f}, child, "text"). */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "class") e.className = v;
    else if (k === "dataset") Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : String(c));
  }
  return e;
}

/** csrfToken is the logged-in session's CSRF token ("" when logged out). */
function csrfToken() {
  const c = document.cookie.split("; ").find((c) => c.startsWith("kw_csrf="));
  return c ? decodeURIComponent(c.slice("kw_csrf=".length)) : "";
}

/**
 * api calls the JSON API and throws an Error carrying the server's message.
 * A change (POST, or the method given) sends the session's CSRF token,
 * which the server asks of every change made while logged in. A page
 * opened with ?lang= asks for its answers in that language, as the page
 * speaks it (a path's own lang= still wins).
 */
export async function api(path, body, method = "POST") {
  const headers = pageLang() ? {"Accept-Language": pageLang()} : {};
  const opts = body === undefined ? {headers} : {
    method, headers: {...headers, "Content-Type": "application/json", "X-CSRF-Token": csrfToken()}, body: JSON.stringify(body),
  };
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({error: t("error.status", {status: res.status})}));
  if (!res.ok) {
    const err = new Error(data.error || t("error.status", {status: res.status}));
    err.status = res.status;
    err.code = data.code || "";
    err.problems = data.problems || [];
    throw err;
  }
  return data;
}

// Display names by seat ("p1" -> "Anna"), as the seats chose them.
const seatNames = new Map();

/** setSeatNames keeps the display names the server sends: with the seats,
 * or as the players' names in the view (which say "p1" when unnamed). */
export function setSeatNames(seats, players) {
  seatNames.clear();
  for (const p of players || []) if (p.name && p.name !== p.seat) seatNames.set(p.seat, p.name);
  for (const s of seats || []) if (s.name) seatNames.set(s.seat, s.name);
}

/** seatNamesKey changes whenever setSeatNames changes a seat's name. */
export function seatNamesKey() { return JSON.stringify([...seatNames]); }

/** seatName writes a seat for people: its display name, or "Player 1". */
export function seatName(seat) {
  if (!seat) return "";
  if (seat === "nobody") return t("seat.nobody");
  if (seatNames.has(seat)) return seatNames.get(seat);
  return t("seat.player", {number: Number(seat.slice(1)) || seat});
}

/** withLang keeps the language the page's address asks for (?lang=) on
 * a link the page makes, so that the page it opens speaks it too:
 * "/play/x?token=t" becomes "/play/x?token=t&lang=de". A link that names
 * a language already, or a page opened without ?lang=, is left alone. */
export function withLang(href) {
  const l = pageLang();
  if (!l || !href) return href;
  const u = new URL(href, location.origin);
  if (u.searchParams.has("lang")) return href;
  u.searchParams.set("lang", l);
  // A link given as a path stays a path.
  return /^[a-z][a-z0-9+.-]*:/i.test(href) ? u.href : u.pathname + u.search + u.hash;
}

/** myName is the display name this browser's player chose ("" if none). */
export function myName() {
  try { return localStorage.getItem("kartenwerk.name") || ""; } catch { return ""; }
}

/** setMyName keeps the player's display name in the browser. */
export function setMyName(name) {
  try { localStorage.setItem("kartenwerk.name", name.trim().slice(0, 24)); } catch { /* storage off: the name lasts this page */ }
}

/** catalogue fetches a game's cards once, in the reader's language, and
 * indexes them by name; each card's .en is its English entry, whose kind
 * and group pick the card's frame and icon in every language. */
const catalogues = new Map();
export async function catalogue(game, day) {
  const k = `${game} ${day || ""}`;
  if (!catalogues.has(k)) {
    // The texts of the day the game plays (its cards_date), after errata.
    const at = day ? `at=${encodeURIComponent(day)}&` : "";
    const path = `/api/catalog/${encodeURIComponent(game)}/cards?${at}`;
    catalogues.set(k, Promise.all([api(pageLang() ? `${path}lang=${pageLang()}` : path), api(`${path}lang=en`)]).then(([cards, en]) => {
      const english = new Map(en.map((c) => [c.name, c]));
      return new Map(cards.map((c) => [c.name, {...c, en: english.get(c.name)}]));
    }));
  }
  return catalogues.get(k);
}

// Rule ids (MM-4.2, AT-5.13) stand in prompts, errors and deck problems so
// that a disagreement can be looked up in the rules; the page shows them
// as small tags with a tooltip instead of as words of the sentence.
const ruleGames = {MM: "MystiMons", AT: "Athernum", ML: "Micro-Life", ME: "Mystic Elements", ZY: "Zynalith", TR: "Trick"};
const ruleIds = {MM: "mystimons", AT: "athernum", ML: "microlife", ME: "mysticelements", ZY: "zynalith", TR: "trick"};
const ruleId = "[A-Z]{2}-\\d+(?:\\.[A-Za-z0-9]+)*";
// A parenthesis of rule ids only, "(MM-8.2, MM-10.2)", or one id in prose.
const ruleRe = new RegExp(`\\s*\\((${ruleId}(?:\\s*[,;/]\\s*${ruleId})*)\\)|(${ruleId})`, "g");

/** ruleTag is a rule id as a tag whose tooltip says what it is, linking
 * to the rule in the game's rules reference. */
export function ruleTag(id) {
  const game = ruleGames[id.slice(0, 2)];
  const tag = el("abbr", {class: "rule", title: t("rule.tip", {rule: id.slice(3), game: game || id.slice(0, 2)})}, id);
  const ref = ruleIds[id.slice(0, 2)];
  return ref ? el("a", {class: "rule-link", href: `/rules/${ref}#${id}`, target: "_blank", rel: "noopener"}, tag) : tag;
}

/** ruleText splits text into strings and rule tags, for el's children:
 * "skip (MM-4.2)" -> ["skip", <abbr>MM-4.2</abbr>]. */
export function ruleText(text) {
  const out = [];
  let at = 0;
  for (const m of String(text ?? "").matchAll(ruleRe)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    const ids = m[1] ? m[1].split(/\s*[,;/]\s*/) : [m[2]];
    if (m[1]) out.push(" ");
    ids.forEach((id, i) => out.push(i ? " " : "", ruleTag(id)));
    at = m.index + m[0].length;
  }
  if (at < String(text ?? "").length) out.push(text.slice(at));
  return out;
}

// A deck problem's fix on a page names the game's card list,
// "/cards/mystimons", which the page links so that a reader can look a
// card up (the command line names `kartenwerk cards` instead).
const cardListRe = /\/cards\/[a-z0-9-]+/g;

/** fixText is a problem's fix for el's children, after a dash, with the
 * card list it names as a link; "" when there is none. */
export function fixText(fix) {
  if (!fix) return "";
  const out = [" — "];
  let at = 0;
  for (const m of fix.matchAll(cardListRe)) {
    out.push(fix.slice(at, m.index), el("a", {href: m[0], target: "_blank", rel: "noopener"}, m[0]));
    at = m.index + m[0].length;
  }
  out.push(fix.slice(at));
  return out;
}

// The seats this browser holds: each game's id with its seat token, kept
// when a game is created or a seat's link opened, for the lobby's list.
const seatsKey = "kartenwerk.seats";

/** mySeats lists the kept seats, newest first: [{id, token, at}]. */
export function mySeats() {
  try {
    const list = JSON.parse(localStorage.getItem(seatsKey) || "[]");
    return Array.isArray(list) ? list.filter((s) => s && s.id && s.token) : [];
  } catch {
    return [];
  }
}

function keepSeats(list) {
  try { localStorage.setItem(seatsKey, JSON.stringify(list.slice(0, 50))); } catch { /* storage full or off: the list is a convenience */ }
}

/** rememberSeat keeps a game's seat token, or moves it to the top. */
export function rememberSeat(id, token) {
  if (!id || !token) return;
  keepSeats([{id, token, at: Date.now()}, ...mySeats().filter((s) => s.id !== id || s.token !== token)]);
}

/** forgetSeat drops every kept seat of a game. */
export function forgetSeat(id) {
  keepSeats(mySeats().filter((s) => s.id !== id));
}
