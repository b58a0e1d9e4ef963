package mystimons

import (
	"slices"

	"kartenwerk/engine"
)

// maxAvail bounds the fallback prior's card supply (see fillFromPool).
const maxAvail = 1024

// Determinize resamples what seat v cannot see (see sees): every deck
// order, the other hand, and the other side's face-down placement (which
// holds Stufe-1 MystiMons only, MM-3.5). Card ids stay where they are;
// their definitions are redealt.
//
// No view shows which deck the opponent brought, so the opponent's hidden
// cards are drawn from a prior over deck lists, not from their real list:
// one of the presets, uniformly among those consistent with what v has
// seen of the opponent (the preset holds every card of theirs seen so far
// and has as many cards as they own), the hidden cards being that list
// minus the cards seen. When no preset fits (a deck of the player's own),
// the hidden cards are drawn from the card pool under the copy limits
// (MM-8.2, MM-8.4, MM-8.7; basic energy without limit, MM-10.2) and at
// most one Champion per deck (MM-8.3). DeterminizeKnowingDecks draws from
// the real lists instead.
func (s *state) Determinize(v engine.Seat, r *engine.RNG) engine.State {
	return s.determinize(v, r, false)
}

// DeterminizeKnowingDecks is Determinize for a seat that knows both deck
// lists (engine.DeckKnower): the opponent's hidden cards are their real
// remaining cards, redealt.
func (s *state) DeterminizeKnowingDecks(v engine.Seat, r *engine.RNG) engine.State {
	return s.determinize(v, r, true)
}

func (s *state) determinize(v engine.Seat, r *engine.RNG, knowDecks bool) engine.State {
	c := s.Clone().(*state)
	for seat := range c.p {
		if engine.Seat(seat) == v {
			c.reshuffle(seat, r)
			continue
		}
		c.redeal(seat, r, knowDecks)
	}
	c.rng = r.Split()
	return c
}

// hiddenCards lists the cards of seat that its opponent cannot see: the
// face-down placements first (they need Stufe-1 definitions, MM-3.5), then
// the first hand card when the seat has still to place its Active (it holds
// a Stufe-1 MystiMon, MM-3.4), then the rest of the hand and the deck. It
// returns how many of the first cards must be Stufe-1 MystiMons.
func (s *state) hiddenCards(seat int, ids *[maxList]int16) (n, stage1 int) {
	p, v := &s.p[seat], engine.Seat(1-seat)
	for _, m := range p.field {
		if m != 0 && !s.sees(v, m) {
			ids[n] = m
			n++
		}
	}
	hand := p.hand.s()
	if s.phase == phSetup && p.field[0] == 0 && len(hand) > 0 {
		ids[n] = hand[0]
		n++
		hand = hand[1:]
	}
	stage1 = n
	n += copy(ids[n:], hand)
	n += copy(ids[n:], p.deck.s())
	return n, stage1
}

// redeal gives seat's hidden cards new definitions drawn from the prior.
func (s *state) redeal(seat int, r *engine.RNG, knowDecks bool) {
	var ids [maxList]int16
	n, stage1 := s.hiddenCards(seat, &ids)
	if n == 0 {
		return
	}
	var supply [maxAvail]uint8
	m, champions := n, -1
	if knowDecks {
		for k, id := range ids[:n] {
			supply[k] = s.cards[id].def
		}
		slices.Sort(supply[:m])
	} else {
		var seen [256]int8
		owned := 0
		owned, champions = s.seenCards(seat, &seen)
		if m = s.fillFromPreset(&supply, &seen, owned, stage1, r); m >= 0 {
			champions = -1 // a preset holds at most one
		} else {
			m = s.fillFromPool(&supply, &seen, n)
		}
	}
	defs := supply[:m]
	engine.Shuffle(r, defs)
	s.putStage1First(defs, stage1)
	if champions >= 0 {
		s.capChampions(defs, n, champions)
	}
	for k, id := range ids[:n] {
		s.cards[id].def = defs[k]
		s.cards[id].hp = s.defs[defs[k]].hp
	}
}

// seenCards counts, by definition, the cards of seat that its opponent
// sees, and returns how many cards seat owns and how many Champions of
// theirs were seen.
func (s *state) seenCards(seat int, seen *[256]int8) (owned, champions int) {
	for i := int16(1); i <= s.nCards; i++ {
		c := &s.cards[i]
		if int(c.owner) != seat {
			continue
		}
		owned++
		if s.sees(engine.Seat(1-seat), i) {
			seen[c.def]++
			if s.isChampion(c.def) {
				champions++
			}
		}
	}
	return owned, champions
}

// deckPrior is a preset as Determinize's prior reads it: how many copies
// of each card definition it holds.
type deckPrior struct {
	size  int
	count []int8 // by definition
}

// priorsOf counts the presets' cards once per game.
func priorsOf(presets [][]uint8, defs int) []deckPrior {
	out := make([]deckPrior, len(presets))
	for i, list := range presets {
		out[i] = deckPrior{size: len(list), count: make([]int8, defs)}
		for _, d := range list {
			out[i].count[d]++
		}
	}
	return out
}

// fillFromPreset puts into supply the cards of a preset consistent with
// what was seen, minus those seen, and returns their count: n, or -1 when
// no preset fits. The preset is drawn uniformly among those that fit.
func (s *state) fillFromPreset(supply *[maxAvail]uint8, seen *[256]int8, owned, stage1 int, r *engine.RNG) int {
	chosen, fits := -1, 0
	for i := range s.presets {
		if s.presets[i].size == owned && s.presetFits(&s.presets[i], seen, stage1) {
			fits++
			if r.IntN(fits) == 0 {
				chosen = i
			}
		}
	}
	if chosen < 0 {
		return -1
	}
	m := 0
	for d, k := range s.presets[chosen].count {
		for k -= seen[d]; k > 0; k-- {
			supply[m] = uint8(d)
			m++
		}
	}
	return m
}

// presetFits reports whether the preset holds every card seen and enough
// Stufe-1 MystiMons for the hidden cards that need them.
func (s *state) presetFits(p *deckPrior, seen *[256]int8, stage1 int) bool {
	for d, k := range p.count {
		if k < seen[d] {
			return false
		}
		if df := &s.defs[d]; df.kind == kMon && df.stage == 1 {
			stage1 -= int(k - seen[d])
		}
	}
	return stage1 <= 0
}

// fillFromPool puts into supply every card a deck could still hold beside
// those seen, under the copy limits, with basic energy enough for all n
// hidden cards, and returns how many it put.
func (s *state) fillFromPool(supply *[maxAvail]uint8, seen *[256]int8, n int) int {
	m := 0
	for d := range s.defs {
		df := &s.defs[d]
		k := int(df.limit) - int(seen[d])
		if df.kind == kEnergy && df.elem != elemAny && df.limit == 3 {
			k = n // MM-8.2, MM-10.2: basic energy is exempt
		}
		for ; k > 0 && m < maxAvail; k-- {
			supply[m] = uint8(d)
			m++
		}
	}
	return m
}

// putStage1First moves Stufe-1 MystiMons into the first k places of defs,
// where the cards that need them will take them.
func (s *state) putStage1First(defs []uint8, k int) {
	for i := 0; i < k && i < len(defs); i++ {
		for j := i; j < len(defs); j++ {
			if d := &s.defs[defs[j]]; d.kind == kMon && d.stage == 1 {
				defs[i], defs[j] = defs[j], defs[i]
				break
			}
		}
	}
}

// capChampions keeps the seat's Champions at one (MM-8.3), counting the
// seen ones, among the first n definitions, which the hidden cards take,
// by swapping extra ones with other cards of the supply.
func (s *state) capChampions(defs []uint8, n, champions int) {
	j := n
	for i := 0; i < n; i++ {
		if !s.isChampion(defs[i]) {
			continue
		}
		if champions++; champions <= 1 {
			continue
		}
		for j < len(defs) && s.isChampion(defs[j]) {
			j++
		}
		if j == len(defs) {
			return
		}
		defs[i], defs[j] = defs[j], defs[i]
	}
}

func (s *state) isChampion(d uint8) bool { return s.defs[d].kind == kMon && s.defs[d].stage == 5 }

// ResampleLuck shuffles every deck anew and draws the random events to
// come (Paralyze's roll, MM-10.U3) from r; hands, placements and the
// cards each deck holds stay as they are (engine.LuckResampler).
func (s *state) ResampleLuck(r *engine.RNG) engine.State {
	c := s.Clone().(*state)
	for seat := range c.p {
		c.reshuffle(seat, r)
	}
	c.rng = r.Split()
	return c
}

// reshuffle shuffles seat's deck from r, sorted first so that the result
// depends only on the cards it holds, which is all a seat knows of its
// order.
func (s *state) reshuffle(seat int, r *engine.RNG) {
	deck := s.p[seat].deck.s()
	slices.Sort(deck)
	engine.Shuffle(r, deck)
}
