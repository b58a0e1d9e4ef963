// The games' visual language, built from the card data: a frame colour
// and an icon per element, colour, faction or card kind, and an icon per
// stat. Icons are inline SVG paths (24x24), so the binary ships them.

const icons = {
  flame: "M12 2c1 4 5 6 5 11a5 5 0 0 1-10 0c0-3 2-4 2-7 1 1 2 2 2 4 1-2 1-5 1-8z",
  drop: "M12 2C9 7 5 11 5 15a7 7 0 0 0 14 0c0-4-4-8-7-13z",
  leaf: "M20 4C10 4 4 9 4 16c0 2 1 4 1 4s2-5 8-7c-4 3-6 5-7 8 9 0 14-6 14-17z",
  sun: "M12 7a5 5 0 1 0 0 10a5 5 0 0 0 0-10zM11 1h2v4h-2zM11 19h2v4h-2zM1 11h4v2H1zM19 11h4v2h-4z",
  moon: "M15 2a10 10 0 1 0 7 15A8 8 0 0 1 15 2z",
  star: "M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z",
  crystal: "M12 2l6 7-6 13-6-13z",
  mountain: "M2 20l7-12 4 6 3-4 6 10z",
  ring: "M12 4a8 8 0 1 0 0 16a8 8 0 0 0 0-16zm0 3a5 5 0 1 1 0 10a5 5 0 0 1 0-10z",
  microbe: "M12 5a7 7 0 1 0 0 14a7 7 0 0 0 0-14zM11 1h2v4h-2zM11 19h2v4h-2zM1 11h4v2H1zM19 11h4v2h-4z",
  shield: "M12 2l8 3v6c0 5-3.5 9.5-8 11-4.5-1.5-8-6-8-11V5z",
  helix: "M7 2h2c0 4 6 6 6 10s-6 6-6 10H7c0-5 6-6 6-10S7 7 7 2zm8 0h2c0 3-2 5-3.5 6l-1.3-1.2C13.5 5.8 15 4.5 15 2zM9 22H7c0-3 2-5 3.5-6l1.3 1.2C10.5 18.2 9 19.5 9 22z",
  bolt: "M13 2L4 14h7l-2 8 9-12h-7z",
  hourglass: "M6 2h12v2c0 4-4 6-4 8s4 4 4 8v2H6v-2c0-4 4-6 4-8S6 8 6 4z",
  sword: "M21 3v3L10 17l-3-3L18 3zM6 15l3 3-2 2 1 1-1.5 1.5L4 20l-1.5 1.5L1 20l1.5-1.5L2 17l2 1z",
  heart: "M12 21s-8-5-8-11a4.5 4.5 0 0 1 8-3 4.5 4.5 0 0 1 8 3c0 6-8 11-8 11z",
  house: "M12 3l9 8h-3v9h-5v-6h-2v6H6v-9H3z",
  paw: "M12 11c-3 0-6 4-6 7 0 2 2 3 3.5 2.5S11 19 12 19s1 1 2.5 1.5S18 20 18 18c0-3-3-7-6-7zM5 7h4v4H5zM15 7h4v4h-4zM8 2h3v4H8zM13 2h3v4h-3z",
  trophy: "M6 3h12v3h3v2a4 4 0 0 1-4 4 5 5 0 0 1-4 3v3h3v3H8v-3h3v-3a5 5 0 0 1-4-3 4 4 0 0 1-4-4V6h3z",
  layers: "M12 2l10 5-10 5L2 7zm-8 9l8 4 8-4 2 1-10 5-10-5z",
  grid: "M3 3h8v8H3zm10 0h8v8h-8zM3 13h8v8H3zm10 0h8v8h-8z",
  scroll: "M5 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H5zm3 5v2h8V8zm0 4v2h8v-2z",
  gem: "M6 3h12l4 6-10 12L2 9z",
  back: "M6 2h12a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm1 2v16h10V4zm2 2h6v12H9z",
};

// Frames: a background and an ink with at least 4.5:1 contrast between
// them, for the card's head band.
const frames = {
  red: ["#9e2a22", "#fff"], yellow: ["#f0c419", "#1d1a10"], blue: ["#1f5fa8", "#fff"], green: ["#2e7d32", "#fff"],
  black: ["#262626", "#fff"], white: ["#eeeae0", "#1d1a10"], purple: ["#6a3d9a", "#fff"], brown: ["#7b4a23", "#fff"],
  teal: ["#00695c", "#fff"], grey: ["#545b66", "#fff"], amber: ["#b35c00", "#fff"],
};

// Per game: a card's group (or else its kind's first word) gives its
// frame and icon, keyed by the ids of the card listings (Micro-Life's
// "pathogen", MystiMons' "fire"), which the English words the table reads
// its cards in begin with. A MystiMons energy of any element has no group
// of its own here, so it looks like the other energies.
const looks = {
  mysticelements: {
    red: ["red", "flame"], yellow: ["yellow", "sun"], blue: ["blue", "drop"], green: ["green", "leaf"],
    black: ["black", "moon"], white: ["white", "star"], purple: ["purple", "crystal"], brown: ["brown", "mountain"],
  },
  mystimons: {
    fire: ["red", "flame"], water: ["blue", "drop"], earth: ["brown", "mountain"],
    action: ["amber", "bolt"], energy: ["yellow", "gem"], relic: ["purple", "crystal"], terrain: ["green", "mountain"],
  },
  microlife: {
    pathogen: ["red", "microbe"], immune: ["blue", "shield"], mutation: ["purple", "helix"], action: ["amber", "bolt"], ongoing: ["teal", "hourglass"],
  },
  athernum: {
    grove: ["green", "leaf"], ember: ["red", "flame"], tide: ["blue", "drop"], factionless: ["grey", "ring"],
  },
  zynalith: {
    creature: ["brown", "paw"], property: ["green", "house"], equipment: ["grey", "sword"], spell: ["purple", "star"],
    event: ["amber", "bolt"], counter: ["blue", "shield"],
  },
};

// Stats by name in every game: the icon drawn before the number.
const statIcons = {
  power: "sword", atk: "sword", attack: "sword", ofv: "sword",
  health: "heart", hp: "heart", def: "shield", dfv: "shield", resistance: "shield",
  // A merged Micro-Life entity's totals: the same icons, marked as sums.
  "entity-attack": "sword", "entity-resistance": "shield",
  spd: "bolt", init: "hourglass", stage: "layers", grade: "star", slots: "grid", vp: "trophy",
};

const svgNS = "http://www.w3.org/2000/svg";

/** icon draws a named icon as inline SVG ("" when there is none). */
export function icon(name, cls = "icon") {
  const d = icons[name];
  if (!d) return null;
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(svgNS, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "currentColor");
  path.setAttribute("fill-rule", "evenodd");
  svg.append(path);
  return svg;
}

/** look is a card's frame (background, ink) and icon name, from its
 * group, else the first word of its kind, else a neutral frame. */
export function look(game, info) {
  const table = looks[game] || {};
  const found = info && (table[String(info.group || "").toLowerCase()] || table[String(info.kind || "").toLowerCase().split(/\s+/)[0]]);
  const [frame, iconName] = found || ["grey", "ring"];
  return {bg: frames[frame][0], ink: frames[frame][1], icon: iconName};
}

/** statIcon is the icon of a stat, or null. */
export function statIcon(name) {
  const n = String(name).toLowerCase();
  return icon(statIcons[n] || statIcons[n.split(/[\s._-]/)[0]], "icon stat-icon");
}
