package zynalith

import (
	"kartenwerk/engine"
)

const (
	maxSeats   = 6
	maxSlots   = 5
	marketSize = 5
	startHP    = 30 // ZY-2.1, ZY-3.1
	startSilv  = 20 // ZY-2.2
	startZyn   = 3
	income     = 10           // ZY-4.2
	draftHand  = 5            // ZY-3.4
	lastRound  = 5            // ZY-1.2
	maxSwaps   = maxSlots - 1 // a turn's swaps in the capped variant

)

// zone is where a card instance is (ZY-2.4 to ZY-2.7).
type zone uint8

const (
	zNone zone = iota
	zStack
	zMarket
	zHand
	zFront
	zAttached
	zDiscard
	zBanished
)

// Card flags.
const (
	fDefend  uint8 = 1 << iota // in defense position (ZY-5.7)
	fToggled                   // changed position this turn
	fKnown                     // in hand, but everyone saw it taken from the market
)

// card is one card instance; its id is its index in State.cards.
type card struct {
	ref   int16
	host  int16 // zAttached: the creature it is bound to
	ext   int16 // zFront: first attached extra; zAttached: the next one on the same host
	zone  zone
	owner int8 // hand, front, attached: the seat; else -1
	dmg   int8 // damage markers (ZY-5.17)
	// Modifiers from effects and from attached extras' printed stats.
	atk, def, init, hp int8
	kw                 uint8 // keywords granted by attached extras
	flags              uint8
	kind               kind // the definition's kind, kept here for fast scans
}

type phase uint8

const (
	phDraft phase = iota
	phTurn
	phOver
)

var phaseNames = []string{"draft", "turn", "over"}

// step is where the active player is inside a turn.
type step uint8

const (
	stBefore step = iota // no main action yet
	stChoose             // a kind of main action chosen, its card next
	stAfter              // main action done, side actions or end
)

// mainKind is a kind of main action chosen with "main" (ZY-5.1 to ZY-5.4).
type mainKind uint8

const (
	mTake mainKind = iota
	mPlay
	mBanish
	mRedraw
)

var mainNames = []string{"take", "play", "banish", "redraw"}

// window is an open chance to counter a played card (ZY-5.9).
type window struct {
	open      bool
	cancelled bool
	played    int16 // the card just played
	by        int8  // who played it
	seat      int8  // who is asked now
	next      int8  // seats asked so far, counted clockwise after by
}

// State is a game of Zynalith in progress. It is a flat value: Clone is
// one copy; card definitions are shared read-only through pool.
type State struct {
	pool *pool
	opt  options
	rng  engine.RNG

	seats  int8
	round  int8
	phase  phase
	step   step
	choice mainKind
	first  int8 // P_i, the start player of round 0 (ZY-3.2)
	active int8
	swaps  int8
	turn   int32
	win    window

	hp, silver, zyn, vp   [maxSeats]int16
	alive, passed, lsteal [maxSeats]bool

	n      int16
	cards  [maxCards]card
	ctr    [maxCounters]int16 // the counter cards, for fast scans
	nctr   int8
	stack  [2][maxCards]int16
	stackN [2]int16
	market [2][marketSize]int16
	row    [maxSeats][maxSlots]int16
	rowN   [maxSeats]int8
	handN  [maxSeats]int8 // cards in each hand, kept with the cards' zones
	// discards counts, modulo 2, the times each card went to the discard
	// pile, face up to all (TimesShown): a bit a card, so that a clone
	// stays as small. It tells nothing about play, so Hash leaves it out.
	discards [maxCards / 8]uint8

	winners engine.SeatSet
	reason  string

	legal   []engine.Action
	legalOK bool
}

// Seats is the number of players.
func (s *State) Seats() int { return int(s.seats) }

// Turn counts the turns begun, draft picks included.
func (s *State) Turn() int { return int(s.turn) }

// ToMove is the seat that decides now.
func (s *State) ToMove() engine.Seat {
	switch {
	case s.phase == phOver:
		return engine.NoSeat
	case s.win.open:
		return engine.Seat(s.win.seat)
	}
	return engine.Seat(s.active)
}

// Terminal reports the end of the game (ZY-7).
func (s *State) Terminal() (bool, engine.Outcome) {
	if s.phase != phOver {
		return false, engine.Outcome{}
	}
	return true, engine.Outcome{Winners: s.winners, Reason: s.reason}
}

// Clone copies the state; the legal-action cache is not shared.
func (s *State) Clone() engine.State {
	c := new(State)
	s.copyOver(c)
	return c
}

// CopyTo copies the state over dst (engine.Copier).
func (s *State) CopyTo(dst engine.State) bool {
	d, ok := dst.(*State)
	if !ok || d == s {
		return false
	}
	s.copyOver(d)
	return true
}

// copyOver makes d a copy of s, keeping d's own legal-action buffer.
func (s *State) copyOver(d *State) {
	buf := d.legal[:0]
	*d = *s
	d.legal, d.legalOK = buf, false
}

func (s *State) changed() { s.legalOK = false }

func (s *State) d(id int16) *cardDef { return &s.pool.defs[s.cards[id].ref] }

// slots is the number of creature slots in the current round (ZY-4.3).
func (s *State) slots() int8 {
	switch {
	case s.round <= 1:
		return 3
	case s.round == 2:
		return 4
	}
	return maxSlots
}

// Hash summarises the whole state, RNG included.
func (s *State) Hash() uint64 {
	h := engine.NewHasher()
	s.rng.Mix(&h)
	h.Uint64(uint64(s.seats) | uint64(s.round)<<8 | uint64(s.phase)<<16 | uint64(s.step)<<24 | uint64(s.choice)<<32 | uint64(uint8(s.first))<<40 | uint64(uint8(s.active))<<48 | uint64(uint8(s.swaps))<<56)
	h.Int(int(s.turn))
	h.Uint64(s.opt.bits())
	w := s.win
	h.Uint64(b2u(w.open) | b2u(w.cancelled)<<1 | uint64(uint16(w.played))<<8 | uint64(uint8(w.by))<<24 | uint64(uint8(w.seat))<<32 | uint64(uint8(w.next))<<40)
	for p := 0; p < int(s.seats); p++ {
		h.Uint64(uint64(uint16(s.hp[p])) | uint64(uint16(s.silver[p]))<<16 | uint64(uint16(s.zyn[p]))<<32 | uint64(uint16(s.vp[p]))<<48)
		h.Uint64(b2u(s.alive[p]) | b2u(s.passed[p])<<1 | b2u(s.lsteal[p])<<2 | uint64(s.rowN[p])<<8)
		h.Int16s(s.row[p][:s.rowN[p]])
	}
	for i := int16(0); i < s.n; i++ {
		c := &s.cards[i]
		h.Uint64(uint64(uint16(c.ref)) | uint64(uint16(c.host))<<16 | uint64(uint16(c.ext))<<32 | uint64(c.zone)<<48 | uint64(uint8(c.owner))<<56)
		h.Uint64(uint64(uint8(c.dmg)) | uint64(uint8(c.atk))<<8 | uint64(uint8(c.def))<<16 | uint64(uint8(c.init))<<24 | uint64(uint8(c.hp))<<32 | uint64(c.kw)<<40 | uint64(c.flags)<<48 | uint64(c.kind)<<56)
	}
	for st := 0; st < 2; st++ {
		h.Int16s(s.stack[st][:s.stackN[st]])
		h.Int16s(s.market[st][:])
	}
	h.Uint64(uint64(s.winners))
	h.String(s.reason)
	return h.Sum()
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// next returns the seat after p clockwise.
func (s *State) next(p int8) int8 { return (p + 1) % s.seats }
