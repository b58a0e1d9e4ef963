package microlife

import (
	"kartenwerk/engine"
)

// Zones a card instance can be in.
const (
	zNone uint8 = iota
	zDeck
	zHand
	zPlay
	zDiscard
	zGenpool
	zGenDiscard
	zLook // being looked at during Mutation/Gentransfer K aus N
	zMarket
	zMainDeck
	zMainDiscard
	zMutDeck
	zMutDiscard
	zAttached // a mutation on an entity
	zLyso     // a lysosome under a phagocyte (ML-6.9)
)

// Seat zones are the first seven; the zone names are those of the view.
var zoneNames = []string{"", "deck", "hand", "play", "discard", "genpool", "genpool-discard", "look",
	"market", "main-deck", "main-discard", "mutation-deck", "mutation-discard", "attached", "lysosome"}

const seatZones = 7 // zDeck..zLook are per seat (index z-1)

// Phases of a turn (ML-4). Untap and upkeep pass without decisions unless
// a trigger needs one.
const (
	pUpkeep uint8 = iota
	pMain1
	pCombat
	pMain2
	pCleanup
	pOver
)

var phaseNames = []string{"upkeep", "main1", "combat", "main2", "cleanup", "over"}

// Card flags.
const (
	fTapped uint8 = 1 << iota
	fAttacked
	fDoomed
	fPublic // known to both players (bought from the market into a hand)
	fSpore  // face down in play (Sporenbildner, ML-6.18)
	fAsked  // the owner already decided about forming a spore
	fAction // an action card lying in play until cleanup
)

// inst is one card instance; its id is its index in state.cards.
type inst struct {
	def        int16
	owner      int8
	zone       uint8
	flags      uint8
	dmg, toxin int8
	atkT, resT int8   // "this turn" modifiers
	host       int16  // the entity a mutation or lysosome lies on; 0 none
	lyso       int16  // the lysosome under this card; 0 none
	kw         uint16 // printed keywords plus those of attached mutations
	nmut       int8   // attached mutations
	typ        uint8  // the card type, copied from the definition
	whens      uint8  // triggers of the card and its mutations (cardDef.whens)
	cost       int8   // the printed cost, copied from the definition
	// A/W as printed and changed by the attached mutations in the order
	// attached (ML-5.13); kept up to date by addMutation and leavePlay, so
	// that reading an entity's values does not walk the mutations.
	atk, res int16
	// starter is 1 + the seat whose starter deck (ML-3.2) the card was
	// laid in, 0 for any other card; shown counts the times a card was put
	// face up to both players, up to 255 (TimesShown; guessStarter asks
	// only whether it ever was). A starter card never shown is one whose
	// identity only its owner knows: Determinize resamples it from the
	// prior.
	starter int8
	shown   uint8
	_       [6]byte // pads inst to 32 bytes: s.cards[c] is then a shift, not a multiply
}

type player struct {
	life, sugar int
	discarded   bool // discarded for sugar this turn (ML-5.2)
	zones       [seatZones][]int16
}

// trig is a triggered ability waiting to resolve.
type trig struct {
	src  int16 // the card carrying the ability (entity, mutation, action, Dauer)
	ent  int16 // the entity it acts for (self), or src
	abil int8
	seat int8
	def  int16 // the defender of an attack trigger, 0 none
}

// work items run after triggers, in order.
const (
	wkStrike uint8 = iota // combat damage between attacker and target
	wkAfter               // after-attack triggers and Selbstregulierend
)

type work struct {
	kind uint8
	a, b int16 // attacker and target (0: the opposing player)
}

// Decisions a seat may be asked for inside the flow.
const (
	dNone     uint8 = iota
	dOrder          // which pending trigger resolves next
	dOptional       // use an optional trigger or not
	dTarget         // choose a target entity
	dPick           // Mutation K aus N: choose a card to attach
	dGene           // Gentransfer K aus N: attach or dispose a card
	dVector         // choose the hand card to discard for Vektor
	dSpore          // turn a dying Sporenbildner face down or not
)

type decision struct {
	kind uint8
	seat int8
	t    trig // the ability being resolved
	host int16
	left int8 // picks left
	card int16
}

// state is a game of Micro-Life in progress.
type state struct {
	cat     *catalog
	defs    []cardDef // cat.defs, one load nearer for def
	opt     options
	rng     engine.RNG
	seats   [2]player
	shared  [5][]int16 // market, main deck, main discard, mutation deck, mutation discard
	muts    []int16    // attached mutations, in attachment order (ML-5.13)
	cards   []inst
	turn    int
	active  int8
	phase   uint8
	bought  bool
	cstep   int8 // cleanup step (ML-4.6)
	settle  bool // something may have died since deaths were last settled
	trigs   []trig
	works   []work
	dec     decision
	over    bool
	winners engine.SeatSet
	reason  string

	legal   []engine.Action
	legalOK bool

	// The lists above start in these, so that a new or cloned state does
	// not allocate for them until they outgrow them.
	legalBuf [24]engine.Action
	trigBuf  [8]trig
	workBuf  [4]work
	// piles is the buffer a copy's piles are cut from (see copyOver),
	// kept so that a later copy over this state can reuse it.
	piles []int16
}

func (s *state) def(c int16) *cardDef { return &s.defs[s.cards[c].def] }

// pile returns the slice of zone z of seat p (p ignored for shared zones).
func (s *state) pile(z uint8, p int8) *[]int16 {
	switch {
	case z >= zDeck && z <= zLook:
		return &s.seats[p].zones[z-1]
	case z >= zMarket && z <= zMutDiscard:
		return &s.shared[z-zMarket]
	case z == zAttached:
		return &s.muts
	}
	return nil
}

// take removes card c from wherever it lies.
func (s *state) take(c int16) {
	ci := &s.cards[c]
	if ci.zone == zLyso {
		s.cards[ci.host].lyso = 0
	} else if p := s.pile(ci.zone, ci.owner); p != nil {
		removeID(p, c)
	}
	ci.zone, ci.host = zNone, 0
}

func removeID(p *[]int16, c int16) {
	l := *p
	for i := len(l) - 1; i >= 0; i-- {
		if l[i] == c {
			if i < len(l)-1 { // most cards leave from the top of a pile
				copy(l[i:], l[i+1:])
			}
			// Reslicing *p itself stores only the length, without the
			// GC write barrier a slice store needs.
			*p = (*p)[:len(l)-1]
			return
		}
	}
}

// stacked zones are piles kept with their top at the end of the slice, so
// that drawing and discarding are cheap; views show them top first. The
// other zones are rows, left to right.
var stacked = [...]bool{zDeck: true, zDiscard: true, zGenpool: true, zGenDiscard: true,
	zMainDeck: true, zMainDiscard: true, zMutDeck: true, zMutDiscard: true, zLyso: false}

// topOf is the top card of a stacked pile (which must not be empty).
func topOf(pile []int16) int16 { return pile[len(pile)-1] }

// show counts one more time card ci was put face up to both players.
func (ci *inst) show() {
	if ci.shown < 255 {
		ci.shown++
	}
}

// put moves c onto the top or the bottom of pile z of seat p; for a row,
// top is the left end.
func (s *state) put(c int16, z uint8, p int8, top bool) {
	s.take(c)
	ci := &s.cards[c]
	ci.zone = z
	if publicZone[z] {
		ci.show()
	}
	if z <= zMutDiscard {
		ci.owner = pileOwner(z, p)
	}
	pl := s.pile(z, p)
	if top != stacked[z] {
		*pl = append(*pl, 0)
		copy((*pl)[1:], *pl)
		(*pl)[0] = c
	} else {
		*pl = append(*pl, c)
	}
}

// pileOwner is the owner of a card in pile z of seat p: p for a seat's
// zones, -1 for the shared piles.
func pileOwner(z uint8, p int8) int8 {
	if z <= zLook {
		return p
	}
	return -1
}

// newCard makes a new instance (the unlimited basic supply, ML-10.U3).
func (s *state) newCard(def int16, owner int8) int16 {
	s.cards = append(s.cards, inst{def: def, owner: owner})
	c := int16(len(s.cards) - 1)
	s.printed(c)
	return c
}

// printed sets c's copied fields to its card's printed data, without
// mutations.
func (s *state) printed(c int16) {
	ci, d := &s.cards[c], &s.defs[s.cards[c].def]
	ci.kw, ci.whens, ci.typ, ci.cost = d.kw, d.whens, d.typ, d.cost
	ci.atk, ci.res, ci.nmut = int16(d.atk), int16(d.res), 0
}

// addMutation adds mutation m's keywords, triggers and modifier to host,
// behind those already attached (ML-5.13).
func (s *state) addMutation(host, m int16) {
	h, md := &s.cards[host], s.def(m)
	h.kw |= md.kw
	h.whens |= md.whens
	h.nmut++
	h.atk += int16(md.atk)
	h.res += int16(md.res)
	if md.swap {
		h.atk, h.res = h.res, h.atk
	}
}

func (s *state) touch() { s.legalOK = false }

// Clone copies the state.
func (s *state) Clone() engine.State {
	c := new(state)
	s.copyOver(c)
	return c
}

// CopyTo copies the state over dst, reusing its memory (engine.Copier).
func (s *state) CopyTo(dst engine.State) bool {
	d, ok := dst.(*state)
	if !ok || d == s {
		return false
	}
	s.copyOver(d)
	return true
}

// copyOver makes d a copy of s. The piles are cut from one buffer, each
// with room to grow, and the card instances get room for a few more, so
// that playing on from the copy seldom allocates; d's own buffers are
// reused when they are large enough.
func (s *state) copyOver(d *state) {
	const room = 8 // per pile
	n := len(s.muts) + room
	for p := range s.seats {
		for _, z := range s.seats[p].zones {
			n += len(z) + room
		}
	}
	for _, z := range s.shared {
		n += len(z) + room
	}
	piles, cards := d.piles, d.cards[:0]
	if cap(piles) < n {
		piles = make([]int16, n)
	}
	if cap(cards) < len(s.cards) {
		cards = make([]inst, 0, len(s.cards)+16)
	}
	*d = *s
	d.piles = piles[:n]
	buf := d.piles
	cut := func(src []int16) []int16 {
		k := copy(buf, src)
		out := buf[: k : k+room]
		buf = buf[k+room:]
		return out
	}
	for p := range s.seats {
		for z := range s.seats[p].zones {
			d.seats[p].zones[z] = cut(s.seats[p].zones[z])
		}
	}
	for z := range s.shared {
		d.shared[z] = cut(s.shared[z])
	}
	d.muts = cut(s.muts)
	d.cards = append(cards, s.cards...)
	d.trigs = append(d.trigBuf[:0], s.trigs...)
	d.works = append(d.workBuf[:0], s.works...)
	d.legal, d.legalOK = d.legalBuf[:0], false
}

// Hash summarises the whole state, RNG included.
func (s *state) Hash() uint64 {
	h := engine.NewHasher()
	h.Int(s.turn)
	h.Int(int(s.active))
	h.Int(int(s.phase))
	h.Bool(s.bought)
	h.Int(int(s.cstep))
	h.Bool(s.over)
	h.Int(int(s.winners))
	for p := range s.seats {
		pl := &s.seats[p]
		h.Int(pl.life)
		h.Int(pl.sugar)
		h.Bool(pl.discarded)
		for _, z := range pl.zones {
			h.Int16s(z)
		}
	}
	for _, z := range s.shared {
		h.Int16s(z)
	}
	h.Int16s(s.muts)
	h.Int(len(s.cards))
	for _, c := range s.cards {
		h.Uint64(uint64(uint16(c.def)) | uint64(uint8(c.owner))<<16 | uint64(c.zone)<<24 | uint64(c.flags)<<32 |
			uint64(uint8(c.dmg))<<40 | uint64(uint8(c.toxin))<<48 | uint64(uint8(c.atkT))<<56)
		h.Uint64(uint64(uint8(c.resT)) | uint64(uint16(c.host))<<8 | uint64(uint16(c.lyso))<<24 | uint64(uint8(c.starter))<<40 | b2u(c.shown != 0)<<48)
	}
	h.Int(len(s.trigs))
	for _, t := range s.trigs {
		h.Uint64(uint64(uint16(t.src)) | uint64(uint16(t.ent))<<16 | uint64(uint8(t.abil))<<32 | uint64(uint8(t.seat))<<40 | uint64(uint16(t.def))<<48)
	}
	h.Int(len(s.works))
	for _, w := range s.works {
		h.Uint64(uint64(w.kind) | uint64(uint16(w.a))<<8 | uint64(uint16(w.b))<<24)
	}
	d := s.dec
	h.Uint64(uint64(d.kind) | uint64(uint8(d.seat))<<8 | uint64(uint16(d.host))<<16 | uint64(uint8(d.left))<<32 | uint64(uint16(d.card))<<40)
	h.Uint64(uint64(uint16(d.t.src)) | uint64(uint16(d.t.ent))<<16 | uint64(uint8(d.t.abil))<<32 | uint64(uint8(d.t.seat))<<40 | uint64(uint16(d.t.def))<<48)
	s.rng.Mix(&h)
	return h.Sum()
}

func (s *state) Seats() int { return 2 }
func (s *state) Turn() int  { return s.turn }

func (s *state) Terminal() (bool, engine.Outcome) {
	if !s.over {
		return false, engine.Outcome{}
	}
	return true, engine.Outcome{Winners: s.winners, Reason: s.reason}
}

func (s *state) ToMove() engine.Seat {
	switch {
	case s.over:
		return engine.NoSeat
	case s.dec.kind != dNone:
		return engine.Seat(s.dec.seat)
	}
	return engine.Seat(s.active)
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
