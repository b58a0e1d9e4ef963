// The collection page: the account's cards with counts per printing,
// filtered, each game's share of its pool owned, registering a card by
// typing or scanning its code, and giving cards to another account.
import {el, api} from "./common.js";
import {showAccount} from "./account.js";

const words = {
  heading: "Your cards",
  loginFirst: "Log in to see your cards and register new ones (then open the card's link again).",
  login: "Log in",
  registerTitle: "Register a card",
  codeLabel: "Code from under the scratch-off",
  register: "Register",
  scan: "Scan with the camera",
  scanStop: "Stop scanning",
  scanning: "Hold the card's QR code in front of the camera…",
  noCamera: "The camera could not be opened: type the code instead.",
  codeHint: "Case, spaces and dashes don't matter. Each code registers one card, once.",
  checking: "Checking…",
  throttled: "Too many codes that didn't work. ",
  noCodes: "Cards can't be registered on this server.",
  collectionTitle: "Collection",
  allGames: "every game",
  name: "name",
  kind: "kind",
  group: "element, colour or faction",
  columns: ["Card", "Printing", "Game", "Kind", "Group", "Count", ""],
  giveButton: "Give…",
  none: "No cards match.",
  empty: "No cards registered yet.",
  share: (s) => `${s.name}: ${s.owned} of ${s.pool} cards (${(100 * s.share).toFixed(1)}%)`,
  tradeTitle: "Give cards to another player",
  pickCard: "Choose a card above with “Give…”.",
  giving: (c) => `Giving ${c.card} (${c.printing}, ${c.game}); you own ${c.count}.`,
  toLabel: "To (username)",
  countLabel: "Copies",
  give: "Give",
  given: (t) => `${t.count} × ${t.card.card} given to ${t.to}.`,
  historyTitle: "Trades",
  noTrades: "No trades yet.",
  trade: (t) => `${new Date(t.at).toLocaleString()}: ${t.from} gave ${t.to} ${t.count} × ${t.card.card} (${t.card.printing}, ${t.card.game})`,
};

const $ = (id) => document.getElementById(id);
let chosen = null; // the printing the trade form gives

function fillWords() {
  for (const id of ["heading", "register-title", "code-label", "register", "scan", "code-hint", "collection-title",
    "trade-title", "to-label", "count-label", "give", "history-title"]) {
    $(id).textContent = words[id.replace(/-(\w)/g, (_, c) => c.toUpperCase())];
  }
  $("login-first").replaceChildren(words.loginFirst, " ", el("a", {href: "/login"}, words.login));
  $("f-name").placeholder = words.name;
  $("f-kind").placeholder = words.kind;
  $("f-group").placeholder = words.group;
  $("owned-head").replaceChildren(...words.columns.map((c) => el("th", {}, c)));
  $("trade-card").textContent = words.pickCard;
}

async function fillGames() {
  const cat = await api("/api/catalog");
  $("f-game").replaceChildren(el("option", {value: ""}, words.allGames), ...cat.games.map((g) => el("option", {value: g.id}, g.name)));
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
    el("span", {}, words.share(s)), el("span", {class: "meter"}, el("span", {style: `width:${(100 * s.share).toFixed(1)}%`})))));
  const filtered = [...new FormData($("filter")).values()].some((v) => v) || $("f-game").value;
  if (view.cards.length === 0) {
    $("owned").replaceChildren(el("tr", {}, el("td", {colspan: 7, class: "muted"}, filtered ? words.none : words.empty)));
    return;
  }
  $("owned").replaceChildren(...view.cards.map((c) => el("tr", {dataset: {card: c.card}},
    el("td", {}, c.card), el("td", {}, c.printing), el("td", {}, c.game), el("td", {}, c.kind || ""), el("td", {}, c.group || ""),
    el("td", {class: "num"}, c.count), el("td", {}, el("button", {type: "button", class: "give", onclick: () => choose(c)}, words.giveButton)))));
}

function choose(c) {
  chosen = c;
  $("trade-card").textContent = words.giving(c);
  $("trade-count").max = c.count;
  $("give").disabled = false;
  $("trade-to").focus();
}

async function showHistory() {
  try {
    const {trades} = await api("/api/trades");
    $("history").replaceChildren(...(trades.length ? trades.map((t) => el("li", {}, words.trade(t))) : [el("li", {class: "muted"}, words.noTrades)]));
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
    const t = await api("/api/trades", {to: $("trade-to").value.trim(), game: chosen.game, card: chosen.card,
      printing: chosen.printing, count: Number($("trade-count").value)});
    result.textContent = words.given(t);
    chosen = null;
    $("give").disabled = true;
    $("trade-card").textContent = words.pickCard;
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
  result.textContent = words.checking;
  try {
    const reg = await api("/api/codes/register", {code});
    result.textContent = reg.message;
    if (reg.status === "registered") $("card-code").value = "";
    showCollection();
  } catch (err) {
    result.className = "errors";
    result.textContent = err.status === 429 ? words.throttled + err.message : err.status === 501 ? words.noCodes : err.message;
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
    $("scan").textContent = words.scanStop;
    $("register-result").textContent = words.scanning;
    scanning = setInterval(async () => {
      const found = await detector.detect(video).catch(() => []);
      if (found.length === 0) return;
      stopScan();
      $("card-code").value = found[0].rawValue;
      register(found[0].rawValue);
    }, 300);
  } catch {
    stopScan();
    $("register-result").textContent = words.noCamera;
  }
}

function stopScan() {
  clearInterval(scanning);
  scanning = null;
  const video = $("camera");
  for (const track of video.srcObject?.getTracks() || []) track.stop();
  video.srcObject = null;
  video.hidden = true;
  $("scan").textContent = words.scan;
}

async function start() {
  fillWords();
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
