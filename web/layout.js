// Per-game layout hints. The renderer is generic over the view; a game
// listed here gets its key zones emphasised or drawn in their own way.
// Zone names are matched exactly, then by the words they contain.

const generic = {
  // Zones drawn as a pile (count and top card) rather than a row.
  piles: ["deck", "grave", "deep", "discard", "library", "draw", "pile", "mutations", "genes", "gene pool", "exile", "removed"],
  // Zones drawn first and larger on a player's side.
  emphasis: ["battle", "board", "field", "play", "active", "lines", "line"],
  // Zones drawn as a vertical list, newest first.
  stacks: ["stack", "chain"],
};

export const layouts = {
  mysticelements: {emphasis: ["battle"], piles: ["deck", "grave", "deep"]},
  mystimons: {emphasis: ["active", "bench"], piles: ["deck", "discard", "prizes", "pool"]},
  microlife: {shared: ["market", "row"], piles: ["deck", "discard", "mutations", "genes"]},
  athernum: {stacks: ["stack"], emphasis: ["board", "objectives"]},
  zynalith: {emphasis: ["line", "lines", "front", "back"], shared: ["market", "events"]},
};

function matches(list, name) {
  const n = name.toLowerCase();
  return (list || []).some((w) => n === w || n.split(/[\s._-]+/).includes(w));
}

/** zoneKind says how to draw a zone: "stack", "pile", "emphasis" or "row". */
export function zoneKind(game, zone) {
  const l = layouts[game] || {};
  if (matches(l.stacks, zone.name) || matches(generic.stacks, zone.name)) return "stack";
  if (matches(l.emphasis, zone.name)) return "emphasis";
  if (matches(l.piles, zone.name) || matches(generic.piles, zone.name)) return "pile";
  if (matches(generic.emphasis, zone.name)) return "emphasis";
  return "row";
}

/** orderZones puts emphasised zones first, then rows, stacks, piles. */
export function orderZones(game, zones) {
  const rank = {emphasis: 0, row: 1, stack: 2, pile: 3};
  return zones.map((z, i) => ({z, i, k: zoneKind(game, z)}))
    .sort((a, b) => rank[a.k] - rank[b.k] || a.i - b.i)
    .map((x) => x.z);
}
