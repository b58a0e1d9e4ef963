package mystimons

import "kartenwerk/engine"

const (
	maxCards = 129 // card ids 1..128; 0 is "no card"
	maxList  = 64  // cards one seat may own
)

// Where a card is.
const (
	zDeck uint8 = iota
	zHand
	zDiscard
	zPool     // in the energy pool, with units left
	zField    // a MystiMon in the Active slot or on the Bench (the top of its stack)
	zEnergy   // attached energy, on host
	zRelic    // attached relic, on host
	zUnder    // a lower stage under host (the evolution stack)
	zFieldRel // a relic on the field
	zTerrain  // the shared Terrain slot
	zLimbo    // played action card while it resolves
)

var zoneNames = []string{"deck", "hand", "discard", "pool", "field", "energy", "relic", "under", "relics", "terrain", "limbo"}

// Card flags.
const (
	fBurn uint8 = 1 << iota
	fFrozen
	fParalyzed
	fHidden  // placed in secret during setup (MM-3.5)
	fEntered // entered or evolved this turn (next-turn evolution variant)
	fUsed    // used its once-per-game ability
)

// card is one card instance. For a MystiMon on the field, hp, poison,
// energy and relic describe the whole stack, kept on its top card.
type card struct {
	def    uint8
	owner  uint8
	zone   uint8
	flags  uint8
	host   int16 // zEnergy/zRelic/zUnder: the MystiMon it lies on
	hp     int16
	poison int8
	units  int8  // energy: units it counts as (Double Energy, MM-9.4)
	energy int8  // MystiMon: attached matching units (MM-5.2)
	start  int8  // MystiMon: attached units at the start of its owner's turn
	relic  int16 // MystiMon: its attached relic
}

// list is an ordered pile; the top of a deck is the last element.
type list struct {
	n int8
	a [maxList]int16
}

func (l *list) s() []int16   { return l.a[:l.n] }
func (l *list) push(c int16) { l.a[l.n] = c; l.n++ }
func (l *list) pop() int16   { l.n--; return l.a[l.n] }
func (l *list) remove(c int16) bool {
	for i := int8(0); i < l.n; i++ {
		if l.a[i] == c {
			copy(l.a[i:l.n-1], l.a[i+1:l.n])
			l.n--
			return true
		}
	}
	return false
}

type player struct {
	deck, hand, discard, pool list
	field                     [3]int16 // [0] Active, [1..2] Bench; 0 = empty
	relics                    [3]int16 // relics on the field
	nRelics                   int8
	double                    int8 // pending Double Energy (MM-9.4)
	mulligans                 int8
	energyDone, summoned      bool
	switched                  bool
	placed                    bool // setup placement finished
	acted                     bool // took a Main Phase action this turn
}

// Phases.
const (
	phSetup uint8 = iota
	phEnergy
	phMain
	phSurge   // attaching with Energy Surge
	phConfirm // confirming a Champion evolution
	phDiscard // End Phase hand limit
	phOver
)

var phaseNames = []string{"setup", "energy", "main", "surge", "confirm", "discard", "over"}

// Variant flags.
type rules struct {
	drainEvery, nextTurn, neutral, lastStand bool
	double                                   uint8 // 0 additive, 1 doubling, 2 per-card
}

type state struct {
	// Pointer fields first: the collector scans a state only up to its last pointer.
	legal   []engine.Action
	pool    *Pool
	defs    []cardDef   // pool.defs, one indirection closer
	presets []deckPrior // Determinize's prior for a deck it has not seen
	rules   rules
	rng     engine.RNG
	cards   [maxCards]card
	nCards  int16
	p       [2]player
	terrain int16
	turn    int16
	active  uint8 // whose turn
	first   uint8
	phase   uint8
	setupAt uint8    // setup: the seat placing
	promote int8     // seat that must refill its Active, -1 none
	surge   int8     // energy cards left to attach with Energy Surge
	pending [2]int16 // phConfirm: the Champion card and the MystiMon
	roll    int8     // the last Paralyze roll (MM-10.U3): 0 none, 1 failed, 2 succeeded
	over    bool
	winner  int8 // -1 draw
	reason  uint8
	legalOK bool
	fig     figures // for the simulator's report; not hashed (see figures)
}

// End reasons.
const (
	rNone uint8 = iota
	rKnockout
	rDeckOut
	rSurrender
)

var reasonNames = []string{"", "knockout", "deck-out", "surrender"}

func (s *state) def(c int16) *cardDef { return &s.defs[s.cards[c].def] }

// Clone copies the state; the legal cache is not shared.
func (s *state) Clone() engine.State {
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

// copyOver makes d a copy of s, keeping d's own legal-action buffer.
func (s *state) copyOver(d *state) {
	buf := d.legal[:0]
	*d = *s
	d.legal, d.legalOK = buf, false
}

func (s *state) Seats() int { return 2 }
func (s *state) Turn() int  { return int(s.turn) }

func (s *state) ToMove() engine.Seat {
	switch {
	case s.over:
		return engine.NoSeat
	case s.promote >= 0:
		return engine.Seat(s.promote)
	case s.phase == phSetup:
		return engine.Seat(s.setupAt)
	}
	return engine.Seat(s.active)
}

func (s *state) Terminal() (bool, engine.Outcome) {
	if !s.over {
		return false, engine.Outcome{}
	}
	o := engine.Outcome{Reason: reasonNames[s.reason]}
	if s.winner >= 0 {
		o.Winners = o.Winners.With(engine.Seat(s.winner))
	}
	return true, o
}

func (s *state) Hash() uint64 {
	h := engine.NewHasher()
	for i := int16(1); i <= s.nCards; i++ {
		c := &s.cards[i]
		h.Uint64(uint64(c.def) | uint64(c.owner)<<8 | uint64(c.zone)<<16 | uint64(c.flags)<<24 | uint64(uint16(c.host))<<32 | uint64(uint16(c.hp))<<48)
		h.Uint64(uint64(uint8(c.poison)) | uint64(uint8(c.units))<<8 | uint64(uint8(c.energy))<<16 | uint64(uint8(c.start))<<24 | uint64(uint16(c.relic))<<32)
	}
	for i := range s.p {
		p := &s.p[i]
		for _, l := range []*list{&p.deck, &p.hand, &p.discard, &p.pool} {
			h.Int16s(l.s())
		}
		h.Int16s(p.field[:])
		h.Int16s(p.relics[:p.nRelics])
		h.Uint64(uint64(uint8(p.double)) | uint64(uint8(p.mulligans))<<8 | b2u(p.energyDone)<<16 | b2u(p.summoned)<<17 | b2u(p.switched)<<18 | b2u(p.placed)<<19 | b2u(p.acted)<<20)
	}
	h.Uint64(uint64(uint16(s.terrain)) | uint64(uint16(s.turn))<<16 | uint64(s.active)<<32 | uint64(s.first)<<36 | uint64(s.phase)<<40 | uint64(s.setupAt)<<48 | uint64(uint8(s.promote))<<52)
	h.Uint64(uint64(uint8(s.surge)) | uint64(uint16(s.pending[0]))<<8 | uint64(uint16(s.pending[1]))<<24 | b2u(s.over)<<40 | uint64(uint8(s.roll))<<60 | uint64(uint8(s.winner))<<41 | uint64(s.reason)<<50)
	h.Uint64(uint64(s.rules.double) | b2u(s.rules.drainEvery)<<4 | b2u(s.rules.nextTurn)<<5 | b2u(s.rules.neutral)<<6 | b2u(s.rules.lastStand)<<7)
	s.rng.Mix(&h)
	return h.Sum()
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// fieldCount is how many MystiMons seat p has in play (MM-7.1).
func (p *player) fieldCount() int {
	n := 0
	for _, c := range p.field {
		if c != 0 {
			n++
		}
	}
	return n
}

func (p *player) benchCount() int {
	n := 0
	if p.field[1] != 0 {
		n++
	}
	if p.field[2] != 0 {
		n++
	}
	return n
}

// slot returns the field slot of MystiMon c, or -1.
func (p *player) slot(c int16) int {
	for i, x := range p.field {
		if x == c && c != 0 {
			return i
		}
	}
	return -1
}

// compactBench keeps Bench MystiMons in slot 1 before slot 2.
func (p *player) compactBench() {
	if p.field[1] == 0 && p.field[2] != 0 {
		p.field[1], p.field[2] = p.field[2], 0
	}
}
