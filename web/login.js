// The account page: log in, create an account, log out, change the
// password, register a card's code and list the cards registered.
import {api} from "./common.js";
import {t, loadWords} from "./i18n.js";
import {showAccount} from "./account.js";

const $ = (id) => document.getElementById(id);

/** show fills the page for who is logged in (null: nobody). */
function show(me) {
  $("signed-in").hidden = !me;
  $("signed-out").hidden = !!me;
  if (me) $("who").textContent = me.username;
  showAccount(me);
  if (me) showCollection();
}

/** showCollection lists the cards the account has registered. */
async function showCollection() {
  const list = $("collection");
  let cards;
  try {
    cards = (await api("/api/collection")).cards;
  } catch (err) {
    list.textContent = err.status === 501 ? "" : err.message;
    return;
  }
  list.replaceChildren();
  if (cards.length === 0) list.textContent = t("account.no_cards");
  for (const c of cards) {
    const li = document.createElement("li");
    li.textContent = t("account.card_line", {count: c.count, card: c.card, printing: c.printing, game: c.game});
    list.append(li);
  }
}

/** registrationWords says what a failed registration means for a player. */
function registrationWords(err) {
  switch (err.status) {
    case 429: return t("account.too_many", {reason: err.message});
    case 501: return t("account.no_codes");
    default: return err.message;
  }
}

/** nextPage is the page that sent the reader here to log in (?next=, such
 * as a ranked seat's table), or null. Only a path on this site counts:
 * "//host", "/\\host" and full addresses are other sites, where a link
 * that anyone can make must not send a player after logging in. */
function nextPage() {
  const next = new URLSearchParams(location.search).get("next");
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  const url = new URL(next, location.origin);
  return url.origin === location.origin ? url.pathname + url.search + url.hash : null;
}

async function refresh() {
  show(await api("/api/me").catch(() => null));
}

/** submitCredentials logs in or creates an account, showing what went wrong. */
async function submitCredentials(path) {
  const form = $("login-form");
  if (!form.reportValidity()) return;
  $("login-errors").textContent = "";
  try {
    show(await api(path, {username: $("username").value.trim(), password: $("password").value}));
    $("password").value = "";
    const next = nextPage();
    if (next) location.assign(next);
  } catch (err) {
    $("login-errors").textContent = err.message;
  }
}

$("login-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  submitCredentials("/api/login");
});
$("signup").addEventListener("click", () => submitCredentials("/api/signup"));

$("logout").addEventListener("click", async () => {
  await api("/api/logout", {}).catch(() => {});
  show(null);
});

$("password-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("password-errors").textContent = "";
  try {
    await api("/api/password", {old: $("old-password").value, new: $("new-password").value});
    ev.target.reset();
    $("password-errors").textContent = t("account.password_changed");
  } catch (err) {
    $("password-errors").textContent = err.message;
  }
});

$("register-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const result = $("register-result");
  result.className = "";
  result.textContent = t("account.checking");
  try {
    const reg = await api("/api/codes/register", {code: $("card-code").value});
    result.textContent = reg.message;
    if (reg.status === "registered") $("card-code").value = "";
    showCollection();
  } catch (err) {
    result.className = "errors";
    result.textContent = registrationWords(err);
  }
});

loadWords().then(() => { document.title = t("account.page_title"); refresh(); });
