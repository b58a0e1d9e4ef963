// A ranked table's clock under the status line: each player's time left,
// and for the player to move the time left for this decision, counting
// down between the server's messages.
import {t} from "./i18n.js";
import {seatName} from "./common.js";

let shown = null; // {clock, at, el}
let ticking = 0;

function mmss(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function render() {
  const {clock, at, el} = shown;
  const gone = Date.now() - at;
  const parts = clock.banks_ms.map((bank, i) => {
    const mine = i === clock.to_move;
    const left = mine ? bank - gone : bank;
    // Each seat by the name the table gives it (a ranked seat's username).
    const seat = t("ranked.clock_seat", {name: seatName(`p${i + 1}`), left: mmss(left)});
    return mine ? t("ranked.clock_to_move", {seat, left: mmss(clock.move_left_ms - gone)}) : seat;
  });
  el.textContent = t("ranked.clock_title", {banks: parts.join(" · ")});
  el.classList.toggle("low", clock.to_move >= 0 && clock.move_left_ms - gone < 15000);
}

/** clockEl is the clock of a state message (null for a casual game);
 * it counts down until the next message replaces it. */
export function clockEl(clock) {
  clearInterval(ticking);
  if (!clock) return null;
  const el = document.createElement("span");
  el.className = "clock";
  el.dataset.k = "clock";
  shown = {clock, at: Date.now(), el};
  render();
  if (clock.to_move >= 0) ticking = setInterval(render, 1000);
  return el;
}
