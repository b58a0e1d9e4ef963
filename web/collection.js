// The collection page: the account's cards with counts per printing,
// filtered, each game's share of its pool owned, registering a card by
// typing or scanning its code, and giving cards to another account.
import {el, api} from "./common.js";
import {showAccount} from "./account.js";
import {t, lang, loadWords, decimal} from "./i18n.js";

const $ = (id) => document.getElementById(id);
let chosen = null; // the printing the trade form gives
const gameNames = new Map(); // game id -> its name

/** printingName is a printing as a reader reads it: the page's word for a
 * printing the catalogue names (collection.printing_first: "First
 * edition"), else the printing as the print run names it. */
function printingName(id) {
  const word = t("collection.printing_" + String(id || "").toLowerCase());
  return word.startsWith("⟦") ? id : word; // t's mark of a missing word
}

function gameName(id) { return gameNames.get(id) || id; }

// The owned table's columns, as keys under collection.col_ (the last
// column holds each row's give button).
const columns = ["card", "printing", "game", "kind", "group", "count", "give"];

async function fillGames() {
  const cat = await api("/api/catalog");
  for (const g of cat.games) gameNames.set(g.id, g.name);
  $("f-game").replaceChildren(el("option", {value: ""}, t("collection.all_games")), ...cat.games.map((g) => el("option", {value: g.id}, g.name)));
}

/** showCollection lists the cards the filter keeps, and the shares. */
async function showCollection() {
  const q = new URLSearchParams({game: $("f-game").value, name: $("f-name").value, kind: $("f-kind").value, group: $("f-group").value});
  let view;
  try {
    view = await api(`/api/collection?${q}`);
  } catch (err) {
    $("owned").replaceChildren(el("tr", {}, el("td", {colspan: 7, class: "errors"}, err.message)));
    return;
  }
  $("shares").replaceChildren(...view.shares.map((s) => el("li", {},
    el("span", {}, t("collection.share", {game: s.name, owned: s.owned, n: s.pool, percent: decimal(100 * s.share, 1)})), el("span", {class: "meter"}, el("span", {style: `width:${(100 * s.share).toFixed(1)}%`})))));
  const filtered = [...new FormData($("filter")).values()].some((v) => v) || $("f-game").value;
  if (view.cards.length === 0) {
    $("owned").replaceChildren(el("tr", {}, el("td", {colspan: 7, class: "muted"}, filtered ? t("collection.none") : t("collection.empty"))));
    return;
  }
  $("owned").replaceChildren(...view.cards.map((c) => el("tr", {dataset: {card: c.card}},
    // On a phone the game's column is hidden: the game shows under the
    // card's name instead, since with all games the card alone does not say.
    el("td", {}, c.card, el("small", {class: "owned-game"}, c.game_name || gameName(c.game))),
    el("td", {}, printingName(c.printing)), el("td", {}, c.game_name || gameName(c.game)), el("td", {}, c.kind || ""), el("td", {}, c.group || ""),
    el("td", {class: "num"}, c.count), el("td", {}, el("button", {type: "button", class: "give", onclick: () => choose(c)}, t("collection.give_button"))))));
}

function choose(c) {
  chosen = c;
  $("trade-card").textContent = t("collection.giving", {card: c.card, printing: printingName(c.printing), game: c.game_name || gameName(c.game), n: c.count});
  $("trade-count").max = c.count;
  $("give").disabled = false;
  $("trade-to").focus();
}

function tradeLine(trade) {
  const c = trade.card;
  return el("li", {}, t("collection.trade", {at: new Date(trade.at).toLocaleString(lang()), from: trade.from, to: trade.to, n: trade.count,
    card: c.card, printing: printingName(c.printing), game: gameName(c.game)}));
}

async function showHistory() {
  try {
    const {trades} = await api("/api/trades");
    $("history").replaceChildren(...(trades.length ? trades.map(tradeLine) : [el("li", {class: "muted"}, t("collection.no_trades"))]));
  } catch (err) {
    $("history").replaceChildren(el("li", {class: "errors"}, err.message));
  }
}

async function give(ev) {
  ev.preventDefault();
  if (!chosen) return;
  const result = $("trade-result");
  result.className = "";
  try {
    const trade = await api("/api/trades", {to: $("trade-to").value.trim(), game: chosen.game, card: chosen.card,
      printing: chosen.printing, count: Number($("trade-count").value)});
    result.textContent = t("collection.given", {n: trade.count, card: trade.card.card, to: trade.to});
    chosen = null;
    $("give").disabled = true;
    $("trade-card").textContent = t("collection.pick_card");
    showCollection();
    showHistory();
  } catch (err) {
    result.className = "errors";
    result.textContent = err.message;
  }
}

async function register(code) {
  const result = $("register-result");
  result.className = "";
  result.textContent = t("collection.checking");
  try {
    const reg = await api("/api/codes/register", {code});
    // The card as the page names its printing and game; the server's own
    // message names the printing by its id.
    const c = reg.card || {};
    result.textContent = reg.status === "registered" && c.card
      ? t("collection.registered", {card: c.card, printing: printingName(c.printing), game: gameName(c.game)}) : reg.message;
    if (reg.status === "registered") $("card-code").value = "";
    showCollection();
  } catch (err) {
    result.className = "errors";
    // The server's refusal is in the reader's words and says how long to wait.
    result.textContent = err.status === 501 ? t("collection.no_codes") : err.message;
  }
}

// Scanning: where the browser has the BarcodeDetector API, the camera
// reads the QR code; elsewhere the button stays hidden and the code is typed.
let scanning = null;

async function startScan() {
  const video = $("camera");
  try {
    const stream = await navigator.mediaDevices.getUserMedia({video: {facingMode: "environment"}});
    video.srcObject = stream;
    video.hidden = false;
    await video.play();
    const detector = new BarcodeDetector({formats: ["qr_code"]});
    $("scan").textContent = t("collection.scan_stop");
    $("register-result").textContent = t("collection.scanning");
    scanning = setInterval(async () => {
      const found = await detector.detect(video).catch(() => []);
      if (found.length === 0) return;
      stopScan();
      $("card-code").value = found[0].rawValue;
      register(found[0].rawValue);
    }, 300);
  } catch {
    stopScan();
    $("register-result").textContent = t("collection.no_camera");
  }
}

function stopScan() {
  clearInterval(scanning);
  scanning = null;
  const video = $("camera");
  for (const track of video.srcObject?.getTracks() || []) track.stop();
  video.srcObject = null;
  video.hidden = true;
  $("scan").textContent = t("collection.scan");
}

async function start() {
  await loadWords();
  document.title = t("collection.page_title");
  $("owned-head").replaceChildren(...columns.map((c) => el("th", {}, c === "give" ? "" : t("collection.col_" + c))));
  const me = await api("/api/me").catch(() => null);
  showAccount(me);
  $("logged-out").hidden = !!me;
  for (const id of ["register-box", "collection-box", "trade-box"]) $(id).hidden = !me;
  if (!me) return;
  $("scan").hidden = !("BarcodeDetector" in window && navigator.mediaDevices);
  // A scanned link (/register?code=...) fills the field; registering
  // stays the player's click, so a link alone never registers a card.
  const linked = new URLSearchParams(location.search).get("code");
  if (linked) $("card-code").value = linked;
  await fillGames();
  showCollection();
  showHistory();
}

$("register-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  register($("card-code").value);
});
$("scan").addEventListener("click", () => (scanning ? stopScan() : startScan()));
$("filter").addEventListener("input", showCollection);
$("filter").addEventListener("submit", (ev) => ev.preventDefault());
$("trade-form").addEventListener("submit", give);

start();
