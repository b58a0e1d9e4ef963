package athernum

import (
	"kartenwerk/engine"
)

// Determinize returns a copy in which every card seat me may not see
// (visibleTo) is resampled: the cards in other players' hands, decks and
// Extra decks, their secret face-down items and start cards, the order of
// me's own deck, and the RNG. Card ids stay where they are; only which
// card each hidden id is changes, so me's view and legal actions are
// unchanged. The result depends only on what me may see and on r.
//
// me knows its own deck list, so its hidden cards are its own unseen
// cards in a new order. Nobody's View shows which deck an opponent brought,
// so an opponent's unseen cards are drawn from this prior:
//
//   - The main deck is one of the game's preset decks, chosen uniformly
//     among those consistent with what me has seen of that player: every
//     card of theirs seen in play, on the stack, in the discard pile or the
//     Void fits in the preset's list (copies counted), what the list leaves
//     unseen fills their hidden cards, and it holds a card that can be
//     each secret one (a VP character or location as a start card, an
//     item face down). The hidden cards are a random part of that rest.
//   - When no preset is consistent (a deck of one's own, changed cards),
//     the main deck is any deck the construction rules allow (AT-8): the
//     hidden cards come from the pool's cards that are not Extra-deck
//     cards, each name at most 4 times counting the copies seen (AT-8.2).
//   - The Extra deck is built on its own: its size lies on the table, and
//     the presets' Extra decks differ in size, so tying it to a preset
//     would name the deck at once. It is any Extra deck of that size the
//     construction rules allow: Extra-deck cards, at most 4 of a name
//     counting those seen (AT-8.2, AT-8.4).
//
// A world without a turn limit gets one (worldTurnLimit), so that a
// search's playouts end. DeterminizeKnowingDecks is the same for a seat
// that knows every list.
func (s *State) Determinize(me engine.Seat, r *engine.RNG) engine.State {
	return s.determinize(me, r, false)
}

// DeterminizeKnowingDecks is Determinize for a seat that knows the deck
// list every player brought (engine.DeckKnower): each player's hidden
// cards are what that list leaves unseen, shuffled among the hidden ids,
// the main deck's among the hand, deck and secret cards and the Extra
// deck's among the Extra deck.
func (s *State) DeterminizeKnowingDecks(me engine.Seat, r *engine.RNG) engine.State {
	return s.determinize(me, r, true)
}

// detScratch is the working memory of one determinization; it lives on
// the stack, so that a determinization allocates no more than a Clone
// for decks of ordinary size.
type detScratch struct {
	pos, ext [80]int16  // a player's hidden ids: main deck (secret ones first), Extra deck
	cand     [256]int16 // the cards they may be
	seen     [maxDefs]uint8
	seenDefs [80]int16 // the definitions with seen > 0
	inList   [maxDefs]uint8
}

// maxDefs bounds a pool's definitions (mergePool allows 510 cards).
const maxDefs = 512

// copiesPerName is the construction limit the prior keeps to (AT-8.2).
const copiesPerName = maxCopies

func (s *State) determinize(me engine.Seat, r *engine.RNG, knowDecks bool) *State {
	d := s.clone()
	d.rng = engine.NewRNG(r.Uint64())
	d.r.turnLimit = worldTurnLimit(d.r.turnLimit, int(d.turn))
	var sc detScratch
	for p := int8(0); p < d.n; p++ {
		pos, secret := d.hiddenMain(p, me, sc.pos[:0])
		ext := d.hiddenExtra(p, me, sc.ext[:0])
		if len(pos)+len(ext) == 0 {
			continue
		}
		if engine.Seat(p) == me || knowDecks {
			d.deal(pos, secret, d.defsOf(pos, &sc), r)
			d.deal(ext, 0, d.defsOf(ext, &sc), r)
			continue
		}
		seenDefs := d.countSeen(p, me, &sc)
		d.deal(pos, secret, d.mainPrior(pos, secret, seenDefs, &sc, r), r)
		d.deal(ext, 0, d.extraPrior(len(ext), &sc), r)
	}
	return d
}

// worldTurnLimit is the turn limit of a sampled world. A world is a
// simulation, which AT-10.U6 lets end at a cap: searches play worlds out,
// and a stalled game (about 0.4% of random games never end) must end
// there. A game without a limit gets the simulator's cap, or, once past
// it, as many turns again; the real game keeps no limit.
func worldTurnLimit(limit, turn int) int {
	switch {
	case limit > 0:
		return limit
	case turn < simTurnCap:
		return simTurnCap
	}
	return turn + simTurnCap
}

// hiddenMain lists p's main-deck cards me may not see: secret cards on
// the field first (their kind is known: it constrains what they may be),
// then the deck and the hand.
func (d *State) hiddenMain(p int8, me engine.Seat, buf []int16) ([]int16, int) {
	pl := &d.pl[p]
	for _, id := range [2]int16{pl.main, pl.loc} {
		if id != 0 && !d.visibleTo(id, me) {
			buf = append(buf, id)
		}
	}
	for _, z := range [2]zone{pl.chars, pl.items} {
		for _, id := range d.zs(z) {
			if !d.visibleTo(id, me) {
				buf = append(buf, id)
			}
		}
	}
	secret := len(buf)
	if !d.zoneSeenBy(zDeck, p, me) {
		buf = append(buf, d.zs(pl.deck)...)
	}
	if !d.zoneSeenBy(zHand, p, me) {
		buf = append(buf, d.zs(pl.hand)...)
	}
	return buf, secret
}

// hiddenExtra lists p's Extra deck if me may not see it.
func (d *State) hiddenExtra(p int8, me engine.Seat, buf []int16) []int16 {
	if d.zoneSeenBy(zExtra, p, me) {
		return buf
	}
	return append(buf, d.zs(d.pl[p].extra)...)
}

// defsOf lists the definitions of ids in definition order (a counting
// sort in sc.inList): as a pool it no longer says which id held which.
func (d *State) defsOf(ids []int16, sc *detScratch) []int16 {
	sc.inList = [maxDefs]uint8{}
	lo, hi := int16(maxDefs), int16(0)
	for _, id := range ids {
		def := d.cards[id].def
		sc.inList[def]++
		lo, hi = min(lo, def), max(hi, def)
	}
	buf := sc.cand[:0]
	for def := lo; def <= hi; def++ {
		for k := sc.inList[def]; k > 0; k-- {
			buf = append(buf, def)
		}
	}
	return buf
}

// deal gives each id in pos a card of cand, a random part of it: the
// first secret ids one that fits their slot.
func (d *State) deal(pos []int16, secret int, cand []int16, r *engine.RNG) {
	for i, id := range pos {
		rest := cand[i:]
		if len(rest) == 0 {
			return // a prior always has enough; this keeps a bad position from panicking
		}
		j := -1
		if i < secret {
			j = d.pickFitting(id, rest, r)
		}
		if j < 0 {
			j = r.IntN(len(rest))
		}
		rest[0], rest[j] = rest[j], rest[0]
		d.cards[id].def = rest[0]
	}
}

// pickFitting returns the index of a random card of cand that could be
// secret card id, or -1 if none can.
func (d *State) pickFitting(id int16, cand []int16, r *engine.RNG) int {
	n := 0
	for _, def := range cand {
		if d.fits(id, def) {
			n++
		}
	}
	if n == 0 {
		return -1
	}
	k := r.IntN(n)
	for i, def := range cand {
		if d.fits(id, def) {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return -1
}

// fits: could a card of definition def sit, secret, where id is? A
// secret character or location is a start card (AT-3.2), anything else
// an item placed face down (AT-5.5).
func (d *State) fits(id, def int16) bool {
	cd := &d.g.pool.defs[def]
	switch d.cards[id].zone {
	case zMain:
		return cd.typ == tCharacter && cd.vp > 0
	case zLoc:
		return cd.typ == tLocation && cd.vp > 0
	}
	return cd.typ == tItem
}

// countSeen counts, in sc.seen, the cards of p that me has seen: in play,
// on the stack, in the discard pile and the Void. It returns the
// definitions counted.
func (d *State) countSeen(p int8, me engine.Seat, sc *detScratch) []int16 {
	sc.seen = [maxDefs]uint8{}
	seen := sc.seenDefs[:0]
	add := func(id int16) {
		c := &d.cards[id]
		if id == 0 || c.flags&fToken != 0 || !d.visibleTo(id, me) {
			return
		}
		if sc.seen[c.def] == 0 {
			seen = append(seen, c.def)
		}
		if sc.seen[c.def] < 255 {
			sc.seen[c.def]++
		}
	}
	pl := &d.pl[p]
	add(pl.main)
	add(pl.loc)
	for _, z := range [4]zone{pl.chars, pl.items, pl.discard, pl.void} {
		for _, id := range d.zs(z) {
			add(id)
		}
	}
	for i := int8(0); i < d.sn; i++ {
		if it := d.stack[i]; it.kind == itCard && d.cards[it.src].owner == p {
			add(it.src)
		}
	}
	return seen
}

// mainPrior lists the cards p's hidden main-deck cards may be: what a
// consistent preset leaves unseen, else the pool (see Determinize).
func (d *State) mainPrior(pos []int16, secret int, seen []int16, sc *detScratch, r *engine.RNG) []int16 {
	if len(pos) == 0 {
		return nil
	}
	presets := d.g.pool.presetMain
	var fit [8]int16 // the consistent presets; more than 8 are rare enough to recount
	fitting := 0
	for k := range presets {
		if _, ok := d.presetFits(presets[k], pos, secret, seen, sc); ok {
			if fitting < len(fit) {
				fit[fitting] = int16(k)
			}
			fitting++
		}
	}
	if fitting == 0 {
		return d.poolRest(len(pos), false, sc)
	}
	pick := r.IntN(fitting)
	if pick < len(fit) {
		cand, _ := d.presetFits(presets[fit[pick]], pos, secret, seen, sc)
		return cand
	}
	for k := range presets {
		if cand, ok := d.presetFits(presets[k], pos, secret, seen, sc); ok {
			if pick == 0 {
				return cand
			}
			pick--
		}
	}
	return nil // not reached: pick counts consistent presets
}

// presetFits returns what a preset's main deck leaves unseen, and whether
// the list holds every seen card of the main deck and leaves enough
// unseen for the hidden ones.
func (d *State) presetFits(list, pos []int16, secret int, seen []int16, sc *detScratch) ([]int16, bool) {
	sc.inList = [maxDefs]uint8{}
	for _, def := range list {
		sc.inList[def]++
	}
	for _, def := range seen {
		if !d.g.pool.defs[def].extra && sc.inList[def] < sc.seen[def] {
			return nil, false
		}
	}
	cand := d.presetRest(list, seen, sc)
	return cand, d.enough(cand, pos, secret)
}

// presetRest lists the cards of a preset's main deck that are not seen,
// in list order, in sc.cand.
func (d *State) presetRest(list, seen []int16, sc *detScratch) []int16 {
	for _, def := range seen {
		sc.inList[def] = 0
	}
	cand := sc.cand[:0]
	for _, def := range list {
		if sc.inList[def] < sc.seen[def] { // one of the copies seen
			sc.inList[def]++
			continue
		}
		cand = append(cand, def)
	}
	return cand
}

// enough: cand has a card for every hidden id, and one that fits each
// secret one. Secret slots of one zone want one kind of card, and the
// kinds do not overlap, so counting per zone suffices.
func (d *State) enough(cand, pos []int16, secret int) bool {
	if len(cand) < len(pos) {
		return false
	}
	for i := 0; i < secret; i++ {
		want, have := 0, 0
		for _, id := range pos[:secret] {
			if d.cards[id].zone == d.cards[pos[i]].zone {
				want++
			}
		}
		for _, def := range cand {
			if d.fits(pos[i], def) {
				have++
			}
		}
		if have < want {
			return false
		}
	}
	return true
}

// poolRest lists need or more cards the construction rules allow in a
// main deck (extra false) or an Extra deck (extra true), each name at
// most copiesPerName times counting the copies seen. Should the pool be
// too small for that (changed cards), names repeat, and a pool without
// Extra-deck cards fills an Extra deck with any cards.
func (d *State) poolRest(need int, extra bool, sc *detScratch) []int16 {
	defs := d.g.pool.defs
	relaxed := false
	ok := func(def int) bool { return !defs[def].token && (relaxed || defs[def].extra == extra) }
	cand := sc.cand[:0]
	for def := 1; def < len(defs); def++ {
		for k := int(sc.seen[def]); ok(def) && k < copiesPerName; k++ {
			cand = append(cand, int16(def))
		}
	}
	for len(cand) < need {
		before := len(cand)
		for def := 1; def < len(defs) && len(cand) < need; def++ {
			if ok(def) {
				cand = append(cand, int16(def))
			}
		}
		if len(cand) == before {
			if relaxed {
				break
			}
			relaxed = true
		}
	}
	return cand
}

// extraPrior lists the cards p's hidden Extra deck may be.
func (d *State) extraPrior(need int, sc *detScratch) []int16 {
	if need == 0 {
		return nil
	}
	return d.poolRest(need, true, sc)
}
