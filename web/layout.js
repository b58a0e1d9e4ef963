// Per-game layout hints. The renderer is generic over the view; a zone
// named here is drawn as a pile (a chip with its count that opens the
// list) instead of a row of cards. Zone names are matched exactly per
// game, then by the words they contain.

const generic = {
  piles: ["deck", "grave", "deep", "discard", "library", "draw", "pile", "exile", "removed", "void", "banished"],
};

export const layouts = {
  mysticelements: {piles: ["deck", "grave", "deep"]},
  mystimons: {piles: ["deck", "discard", "prizes", "pool"]},
  microlife: {piles: ["deck", "discard", "main-deck", "main-discard", "mutation-deck", "mutation-discard", "genpool", "genpool-discard"]},
  athernum: {piles: ["deck", "discard", "void"]},
  zynalith: {piles: ["stack.creatures", "stack.extras", "discard", "banished"]},
};

/** zoneKind says how to draw a zone: "hand", "pile" or "row". */
export function zoneKind(game, zone) {
  if (zone.name === "hand") return "hand";
  const l = layouts[game] || {};
  if ((l.piles || []).includes(zone.name)) return "pile";
  const words = zone.name.toLowerCase().split(/[\s._-]+/);
  return generic.piles.some((w) => words.includes(w)) ? "pile" : "row";
}

/** splitZones parts a seat's or the table's zones into rows of cards
 * and piles, each in the game's order. */
export function splitZones(game, zones) {
  const rows = [];
  const piles = [];
  let hand = null;
  for (const z of zones || []) {
    const k = zoneKind(game, z);
    if (k === "hand") hand = z;
    else (k === "pile" ? piles : rows).push(z);
  }
  return {rows, piles, hand};
}
