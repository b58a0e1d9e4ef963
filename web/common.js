// Small helpers shared by the pages: DOM building and the JSON API.

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
 * A change sends the session's CSRF token, which the server asks of every
 * change made while logged in.
 */
export async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json", "X-CSRF-Token": csrfToken()}, body: JSON.stringify(body),
  };
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({error: `the server answered ${res.status}`}));
  if (!res.ok) {
    const err = new Error(data.error || `the server answered ${res.status}`);
    err.problems = data.problems || [];
    throw err;
  }
  return data;
}

/** seatName writes a seat for people: "p1" -> "P1". */
export function seatName(seat) {
  if (seat === "nobody") return "spectator";
  return seat ? seat.toUpperCase() : "";
}

/** catalogue fetches a game's cards once and indexes them by name. */
const catalogues = new Map();
export async function catalogue(game) {
  if (!catalogues.has(game)) {
    catalogues.set(game, api(`/api/catalog/${encodeURIComponent(game)}/cards`).then(
      (cards) => new Map(cards.map((c) => [c.name, c]))));
  }
  return catalogues.get(game);
}
