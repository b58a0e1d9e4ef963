package mysticelements

import (
	"kartenwerk/engine"
)

// maxCards bounds the card instances of one game (two decks of 45, plus
// room for positions built by hand). Card ids are 1-based; id 0 is unused.
const maxCards = 96

type zone uint8

const (
	zNone   zone = iota
	zDeck        // ME-2.1, face down
	zHand        // ME-2.2
	zBattle      // ME-2.3: units, relics and attached charms
	zGrave       // ME-2.4, face up
	zDeep        // ME-2.5, face down, ordered (top = last milled)
	zStack       // a wonder or charm while it resolves
)

var zoneNames = []string{"none", "deck", "hand", "battle", "grave", "deep", "resolving"}

// card is one card instance.
type card struct {
	def    int16
	host   int16 // charm: the unit it is attached to, 0 when none
	owner  int8
	seat   int8 // whose pile holds it (the controller, for the battle)
	colour int8 // current colour: the printed one, or the converted one
	zone   zone
	ready  bool
	mark   bool // marked for the hand redraw
	dmg    int8 // damage tokens (ME-2.7)
	tok    int8 // net promote (+) / demote (-) tokens (ME-2.8)
	bonP   int8 // power, health and keywords given by attached charms
	bonH   int8
	kw     uint8 // keywords: printed, plus those given by attached charms
	kind   kind  // the printed type, kept here for speed
}

// newCard makes a card instance of definition d.
func (s *state) newCard(d int16, owner, seat int8, z zone) card {
	def := &s.pool.defs[d]
	return card{def: d, owner: owner, seat: seat, colour: def.Colour, zone: z, kw: def.Keywords, kind: def.Kind}
}

// pile is an ordered zone; the top of a deck or deep grave is the end.
type pile struct {
	n int16
	c [maxCards]int16
}

func (p *pile) slice() []int16 { return p.c[:p.n] }
func (p *pile) push(id int16)  { p.c[p.n] = id; p.n++ }
func (p *pile) top() int16     { return p.c[p.n-1] }
func (p *pile) pop() int16     { p.n--; return p.c[p.n] }

// remove takes id out, keeping the order; it looks from the top, where
// cards usually leave from.
func (p *pile) remove(id int16) bool {
	for i := p.n - 1; i >= 0; i-- {
		if p.c[i] == id {
			copy(p.c[i:p.n-1], p.c[i+1:p.n])
			p.n--
			return true
		}
	}
	return false
}

type player struct {
	deck, hand, battle, grave, deep pile
	energy                          [nColours]int8
	kept                            [nColours]int8 // cleanup: energy chosen to keep
	colours                         [3]int8
	ncol                            int8
	limitMod                        int8  // permanent card limit changes (ME-4.5)
	round                           int16 // own turns begun (ME-10.3)
	played                          int8  // cards played from hand this turn
	wonders                         int8  // wonders played this turn
	quiet                           int8  // previous own turns in a row without a qualifying play (ME-4.6)
	lost                            bool
	lossWhy                         uint8
}

func (p *player) hasColour(c int8) bool {
	for i := int8(0); i < p.ncol; i++ {
		if p.colours[i] == c {
			return true
		}
	}
	return false
}

// onlyColour is the one colour of energy the player has, or -1 when
// there are several (or none).
func (p *player) onlyColour() int {
	only := -1
	for c := 0; c < nColours; c++ {
		if p.energy[c] > 0 {
			if only >= 0 {
				return -1
			}
			only = c
		}
	}
	return only
}

func (p *player) energyTotal() int {
	t := 0
	for _, e := range p.energy {
		t += int(e)
	}
	return t
}

type phase uint8

const (
	phPick   phase = iota // ME-3.1: colour choice
	phStart               // ME-4.1 turn start triggers (then ME-4.2 prepare)
	phGain                // ME-4.3
	phMain                // ME-4.4
	phKeep                // ME-4.6.1
	phRedraw              // ME-4.6.2
	phOver
)

var phaseNames = []string{"pick", "start", "gain", "play", "keep", "redraw", "over"}

// step is the decision pending inside a phase.
type step uint8

const (
	sNone    step = iota
	sPay          // pay an "any energy" symbol
	sReverse      // ME-9b.1: as printed or reversed colour
	sTarget       // choose the ability's target (or a charm's unit)
	sDiscard      // the discarding player picks a card
	sConvert      // ME-10.13: the stealer picks the stolen card's colour
	sStrike       // ME-5.4a: the defender strikes back or not
	sTrigger      // ME-10.U2: the order of turn start triggers
)

// resolving is the ability being resolved, if any.
type resolving struct {
	active   bool
	fromHand bool // the card is being played (wonder and charm finish then)
	revAsked bool
	reversed bool
	tgtDone  bool
	ctrl     int8
	abil     int8 // -1: none (a charm with no play ability)
	eff      int8 // next effect to apply
	tgtSeat  int8 // chosen player, -1 none
	discSeat int8
	discLeft int8
	payLeft  int8
	src      int16
	tgtCard  int16 // chosen card, 0 none
	convCard int16
}

type combat struct {
	active bool
	att    int16
	def    int16
}

type variants struct {
	wondersOnly bool // ME-10.6 reading (a): only wonders block the redraw
	antiracist  bool // ME-9b.1
	recycling   bool // ME-9b.2: deep grave face up
	shared      bool // ME-10.2: colours need not be exclusive
	everyTurn   bool // ME-10.3 reading (b)
	voidAttack  bool // ME-10.4 reading (b): an attack on an exhausted unit deals no damage
	skipDraw    bool // ME-10.7: drawing from an empty deck draws nothing

	printedCharmTarget bool // ME-10.9 other reading: a charm goes only where its text names
}

// state is a game of Mystic Elements. Everything is in fixed arrays, so
// Clone is one allocation and one copy.
type state struct {
	// The fields with pointers come first: the collector scans an object
	// up to its last pointer, and after them come 4 KB without any, one
	// state for every game a server holds.
	pool  *pool
	legal []engine.Action

	v      variants
	rng    engine.RNG
	ncards int16
	cards  [maxCards]card
	p      [2]player
	active int8
	first  int8
	picks  int8 // colour picks made (ME-3.1)
	turn   int16
	phase  phase
	st     step
	res    resolving
	fight  combat
	startQ pile // turn start triggers still to resolve
	winner int8 // -1 draw, when over
	why    uint8

	legalOK  bool
	legalBuf [48]engine.Action // the usual room for legal, so that it needs no allocation
}

func (s *state) def(id int16) *cardDef { return &s.pool.defs[s.cards[id].def] }

func (s *state) pileOf(seat int8, z zone) *pile {
	p := &s.p[seat]
	switch z {
	case zDeck:
		return &p.deck
	case zHand:
		return &p.hand
	case zBattle:
		return &p.battle
	case zGrave:
		return &p.grave
	case zDeep:
		return &p.deep
	}
	return nil
}

// move takes a card out of wherever it is and puts it on top of the given
// pile. Cards leaving the battle lose their markers.
func (s *state) move(id int16, seat int8, z zone) {
	c := &s.cards[id]
	if from := s.pileOf(c.seat, c.zone); from != nil {
		from.remove(id)
	}
	if c.zone == zBattle && z != zBattle {
		c.dmg, c.tok, c.bonP, c.bonH, c.host = 0, 0, 0, 0, 0
		c.kw = s.def(id).Keywords
		c.colour = s.def(id).Colour
		c.ready = false
	}
	c.mark = false
	c.zone, c.seat = z, seat
	if to := s.pileOf(seat, z); to != nil {
		to.push(id)
	}
}

// Clone copies the whole state; the legal-action cache is not shared.
func (s *state) Clone() engine.State { return s.clone() }

func (s *state) clone() *state {
	c := new(state)
	s.copyOver(c)
	return c
}

// CopyTo copies the state over dst (engine.Copier).
func (s *state) CopyTo(dst engine.State) bool {
	d, ok := dst.(*state)
	if !ok || d == s {
		return false
	}
	s.copyOver(d)
	return true
}

// copyOver makes d a copy of s; its legal-action cache starts in d's
// own buffer.
func (s *state) copyOver(d *state) {
	*d = *s
	d.legal, d.legalOK = d.legalBuf[:0], false
}

func (s *state) Seats() int { return 2 }
func (s *state) Turn() int  { return int(s.turn) }

func (s *state) Terminal() (bool, engine.Outcome) {
	if s.phase != phOver {
		return false, engine.Outcome{}
	}
	o := engine.Outcome{Reason: lossReasons[s.why]}
	if s.winner >= 0 {
		o.Winners = o.Winners.With(engine.Seat(s.winner))
	}
	return true, o
}

// Hash covers every field that matters, the RNG included.
func (s *state) Hash() uint64 {
	h := engine.NewHasher()
	s.rng.Mix(&h)
	h.Int(int(s.ncards))
	for i := int16(1); i < s.ncards; i++ {
		c := &s.cards[i]
		h.Uint64(uint64(uint16(c.def)) | uint64(uint16(c.host))<<16 | uint64(uint8(c.owner))<<32 | uint64(uint8(c.seat))<<40 | uint64(uint8(c.colour))<<48 | uint64(c.zone)<<56)
		h.Uint64(uint64(uint8(c.dmg)) | uint64(uint8(c.tok))<<8 | uint64(uint8(c.bonP))<<16 | uint64(uint8(c.bonH))<<24 | uint64(c.kw)<<32 | b2u(c.ready)<<40 | b2u(c.mark)<<41)
	}
	for i := range s.p {
		p := &s.p[i]
		for _, pl := range []*pile{&p.deck, &p.hand, &p.battle, &p.grave, &p.deep} {
			h.Int16s(pl.slice())
		}
		for c := 0; c < nColours; c++ {
			h.Int(int(p.energy[c])<<8 | int(uint8(p.kept[c])))
		}
		h.Uint64(uint64(uint8(p.colours[0])) | uint64(uint8(p.colours[1]))<<8 | uint64(uint8(p.colours[2]))<<16 | uint64(p.ncol)<<24 | uint64(uint8(p.limitMod))<<32 | uint64(p.lossWhy)<<40 | b2u(p.lost)<<48)
		h.Uint64(uint64(p.round) | uint64(uint8(p.played))<<16 | uint64(uint8(p.wonders))<<24 | uint64(uint8(p.quiet))<<32)
	}
	h.Uint64(uint64(uint8(s.active)) | uint64(uint8(s.first))<<8 | uint64(uint8(s.picks))<<16 | uint64(uint16(s.turn))<<24 | uint64(s.phase)<<40 | uint64(s.st)<<48 | uint64(uint8(s.winner))<<56)
	h.Int(int(s.why))
	h.Uint64(b2u(s.v.wondersOnly) | b2u(s.v.antiracist)<<1 | b2u(s.v.recycling)<<2 | b2u(s.v.shared)<<3 | b2u(s.v.everyTurn)<<4 | b2u(s.v.voidAttack)<<5 | b2u(s.v.skipDraw)<<6 | b2u(s.v.printedCharmTarget)<<7)
	r := &s.res
	h.Bool(r.active)
	h.Uint64(b2u(r.fromHand) | b2u(r.revAsked)<<1 | b2u(r.reversed)<<2 | b2u(r.tgtDone)<<3 | uint64(uint8(r.ctrl))<<8 | uint64(uint8(r.abil))<<16 | uint64(uint8(r.eff))<<24 | uint64(uint8(r.tgtSeat))<<32 | uint64(uint8(r.discSeat))<<40 | uint64(uint8(r.discLeft))<<48 | uint64(uint8(r.payLeft))<<56)
	h.Uint64(uint64(uint16(r.src)) | uint64(uint16(r.tgtCard))<<16 | uint64(uint16(r.convCard))<<32)
	h.Uint64(b2u(s.fight.active) | uint64(uint16(s.fight.att))<<8 | uint64(uint16(s.fight.def))<<24)
	h.Int16s(s.startQ.slice())
	return h.Sum()
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
