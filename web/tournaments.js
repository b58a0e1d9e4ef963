// The tournament list, and the form with which an organiser creates one.
import {api, el} from "./common.js";
import {t, loadWords} from "./i18n.js";

// The formats an organiser can choose, as the API names them.
const formats = ["swiss", "swiss-top8", "elimination"];

const $ = (id) => document.getElementById(id);

/** formatName is a format's name: the API's swiss-top8 is the key
 * format_swiss_top8. */
function formatName(format) { return t("tournaments.format_" + format.replace("-", "_")); }

async function showList() {
  const data = await api("/api/tournaments");
  const list = $("list");
  list.replaceChildren();
  if (data.tournaments.length === 0) list.append(el("p", {class: "muted"}, t("tournaments.none")));
  const ul = el("ul", {class: "recent tournaments"});
  for (const tour of data.tournaments) {
    ul.append(el("li", {},
      el("a", {href: `/tournaments/${encodeURIComponent(tour.id)}`}, tour.name), " ",
      el("span", {class: "muted"}, `${tour.game_name || tour.game} · ${formatName(tour.format)} · ${t("tournaments.players", {n: tour.players})} · `),
      el("span", {class: `stage ${tour.stage}`}, t("tournament.stage_" + tour.stage))));
  }
  list.append(ul);
  $("create-box").hidden = !data.organiser;
  if (data.organiser) await fillCreateForm();
}

async function fillCreateForm() {
  if ($("game").options.length) return;
  const {games} = await api("/api/catalog");
  for (const g of games.filter((g) => g.min_seats <= 2 && g.max_seats >= 2)) $("game").append(el("option", {value: g.id}, g.name));
  for (const value of formats) $("format").append(el("option", {value}, formatName(value)));
}

$("create-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("create-errors").textContent = "";
  const closes = $("closes").value ? new Date($("closes").value).toISOString() : undefined;
  const judges = $("judges").value.split(",").map((s) => s.trim()).filter(Boolean);
  try {
    const made = await api("/api/tournaments", {
      name: $("name").value.trim(), game: $("game").value, format: $("format").value,
      rounds: Number($("rounds").value) || 0, round_minutes: Number($("round-minutes").value) || 0,
      registration_closes: closes, judges,
    });
    location.href = `/tournaments/${encodeURIComponent(made.id)}`;
  } catch (err) {
    $("create-errors").textContent = err.message;
  }
});

const [me] = await Promise.all([api("/api/me").catch(() => null), loadWords()]);
document.title = t("tournaments.page_title");
// Only a visitor is asked to log in: a player is, and registers on a
// tournament's own page.
$("log-in").hidden = Boolean(me);
showList().catch((err) => $("list").append(el("p", {class: "errors"}, err.message)));
