package athernum

import (
	"kartenwerk/engine"
)

// Where a card is.
const (
	zNone uint8 = iota
	zDeck
	zHand
	zChars
	zMain
	zLoc
	zItem
	zDiscard
	zVoid
	zExtra
	zStack
)

var zoneNames = [...]string{"none", "deck", "hand", "characters", "main", "location", "items", "discard", "void", "extra", "stack"}

// Card flags.
const (
	fFaceDown uint8 = 1 << iota
	fStaticOn       // its static abilities have resolved (AT-5.16)
	fToken          // a token: outside the field it does not exist (AT-10.U7)
)

// tokensPer is how many token characters a player can have at once.
const tokensPer = 3

// card is one card instance; ids index State.cards (id 0 is unused).
type card struct {
	def   int16
	host  int16 // for an attached item: the card it is attached to
	owner int8
	zone  uint8
	flags uint8
	exh   int8 // exhaustion markers
	dmg   int8 // damage markers
	vp    int8 // VP tokens
}

func (c *card) faceDown() bool { return c.flags&fFaceDown != 0 }

// onField: in a slot on the table.
func (c *card) onField() bool {
	return c.zone == zChars || c.zone == zMain || c.zone == zLoc || c.zone == zItem
}

// secret: face down without being exhausted, placed so (AT-5.5, AT-3.2):
// only its controller may look at it.
func (c *card) secret() bool { return c.flags&fFaceDown != 0 && c.exh == 0 }

// zone is a slice of State.buf: buf[off : off+n], room for cap cards.
type zone struct{ off, n, cap int16 }

// player is one seat's side of the table.
type player struct {
	deck, hand, chars, items, discard, void, extra zone
	main, loc                                      int16 // 0: empty
	cmd                                            int8
	ready, exh, pool                               [nFactions]int16
	out, drawFail, wantWin, wantLose               bool
	startDef                                       int16
	initiative                                     int8
}

// Phases (AT-4).
const (
	phSetup uint8 = iota
	phMorning
	phDay
	phCombat
	phEvening
	phNight
	phOver
)

var phaseNames = [...]string{"setup", "morning", "day", "combat", "evening", "night", "over"}

// Decisions: what ToMove is asked.
const (
	decNone uint8 = iota
	decStart
	decTrigger
	decPriority
	decMain
	decDefend
	decItem
)

// Stack item kinds.
const (
	itCard    uint8 = iota // a card being played
	itAbility              // an activated, command, objective, triggered or support ability
	itStatic               // a card's static abilities (AT-5.16)
)

// item is one entry of the effect stack.
type item struct {
	kind uint8
	ctrl int8
	abil int8
	src  int16
	tgt  int16 // chosen target, or the host of an item being played
}

// pending is a triggered ability waiting to be put on the stack.
type pending struct {
	src  int16
	abil int8 // -1: the card's static abilities
	ctrl int8
}

const (
	maxStack = 40
	maxTrig  = 40
)

// State is one position of Athernum.
type State struct {
	g     *Game
	r     rules
	rng   engine.RNG
	n     int8
	cards []card
	buf   []int16
	pl    [4]player
	order [4]int8 // turn order by initiative (AT-3.4)

	turn     int16
	active   int8
	phase    uint8
	step     uint8
	dec      uint8
	toMove   int8
	prio     int8
	passes   int8
	setupAt  int8
	firstOf  uint8 // seats whose first turn is under way or done (bit set)
	combatUs bool  // combat phase used this turn
	genUsed  bool  // resource generated this turn
	claimed  bool  // VP claimed this turn
	locUsed  bool  // location played this turn
	inFirst  bool  // the current turn is the player's first

	atk, atkT int16 // attack awaiting a defender

	stack [maxStack]item
	sn    int8
	trig  [maxTrig]pending
	tn    int8

	// offer lists items whose triggered ability resolved: their
	// controllers may discard them (AT-5.24).
	offer [8]int16
	on    int8

	hist    history // what happened so far, for Measures only
	dirty   bool    // something changed since the last state-based check
	entered bool    // a character entered since the last uniqueness check
	winners engine.SeatSet
	reason  string

	legal   []engine.Action
	legalOK bool
}

func (s *State) def(id int16) *cardDef { return &s.g.pool.defs[s.cards[id].def] }

func (s *State) zs(z zone) []int16 { return s.buf[z.off : z.off+z.n] }

func (s *State) push(z *zone, id int16) {
	if z.n >= z.cap {
		panic("athernum: zone overflow")
	}
	s.buf[z.off+z.n] = id
	z.n++
}

func (s *State) removeFrom(z *zone, id int16) {
	list := s.buf[z.off : z.off+z.n]
	for i, x := range list {
		if x == id {
			copy(list[i:], list[i+1:])
			z.n--
			return
		}
	}
	panic("athernum: card not in its zone")
}

func (s *State) zoneOf(p *player, z uint8) *zone {
	switch z {
	case zDeck:
		return &p.deck
	case zHand:
		return &p.hand
	case zChars:
		return &p.chars
	case zItem:
		return &p.items
	case zDiscard:
		return &p.discard
	case zVoid:
		return &p.void
	case zExtra:
		return &p.extra
	}
	return nil
}

// move takes a card out of wherever it is and puts it in zone to of its
// owner (main and location are single slots).
func (s *State) move(id int16, to uint8) {
	c := &s.cards[id]
	p := &s.pl[c.owner]
	switch c.zone {
	case zMain:
		p.main = 0
	case zLoc:
		p.loc = 0
	case zStack, zNone:
	default:
		s.removeFrom(s.zoneOf(p, c.zone), id)
	}
	c.zone = to
	switch to {
	case zMain:
		p.main = id
	case zLoc:
		p.loc = id
	case zStack, zNone:
	default:
		s.push(s.zoneOf(p, to), id)
	}
}

// Seats is the number of players.
func (s *State) Seats() int { return int(s.n) }

// ToMove is the seat deciding now.
func (s *State) ToMove() engine.Seat {
	if s.phase == phOver {
		return engine.NoSeat
	}
	return engine.Seat(s.toMove)
}

// Turn counts turns begun.
func (s *State) Turn() int { return int(s.turn) }

// Terminal reports the end of the game.
func (s *State) Terminal() (bool, engine.Outcome) {
	if s.phase != phOver {
		return false, engine.Outcome{}
	}
	return true, engine.Outcome{Winners: s.winners, Reason: s.reason}
}

// Clone copies the state; the legal-action cache is not shared.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
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

// copyOver makes d a copy of s that shares no card, zone or legal-action
// memory with it, reusing d's own where it has some.
func (s *State) copyOver(d *State) {
	cards, buf, legal := d.cards[:0], d.buf[:0], d.legal[:0]
	*d = *s
	d.cards = append(cards, s.cards...)
	d.buf = append(buf, s.buf...)
	d.legal, d.legalOK = legal, false
}

// Hash covers everything that matters, the RNG included. The history
// behind the figures is left out: it is how the position arose, not the
// position (see history).
func (s *State) Hash() uint64 {
	h := engine.NewHasher()
	s.rng.Mix(&h)
	h.Int(int(s.n))
	for i := range s.cards {
		c := &s.cards[i]
		h.Uint64(uint64(uint16(c.def)) | uint64(uint16(c.host))<<16 | uint64(uint8(c.owner))<<32 | uint64(c.zone)<<40 | uint64(c.flags)<<48)
		h.Uint64(uint64(uint8(c.exh)) | uint64(uint8(c.dmg))<<8 | uint64(uint8(c.vp))<<16)
	}
	for i := 0; i < int(s.n); i++ {
		p := &s.pl[i]
		for _, z := range [...]zone{p.deck, p.hand, p.chars, p.items, p.discard, p.void, p.extra} {
			h.Int16s(s.zs(z))
		}
		h.Int(int(p.main))
		h.Int(int(p.loc))
		h.Int(int(p.cmd))
		for f := 0; f < nFactions; f++ {
			h.Int(int(p.ready[f]))
			h.Int(int(p.exh[f]))
			h.Int(int(p.pool[f]))
		}
		h.Bool(p.out)
		h.Bool(p.drawFail)
		h.Bool(p.wantWin)
		h.Bool(p.wantLose)
		h.Int(int(p.initiative))
		h.Int(int(s.order[i]))
	}
	h.Ints([]int{int(s.turn), int(s.active), int(s.phase), int(s.step), int(s.dec), int(s.toMove), int(s.prio),
		int(s.passes), int(s.setupAt), int(s.firstOf), int(s.atk), int(s.atkT), int(s.winners)})
	h.Bool(s.combatUs)
	h.Bool(s.genUsed)
	h.Bool(s.claimed)
	h.Bool(s.locUsed)
	h.Bool(s.inFirst)
	h.Bool(s.dirty)
	h.Bool(s.entered)
	h.Int(int(s.sn))
	for i := 0; i < int(s.sn); i++ {
		it := s.stack[i]
		h.Uint64(uint64(it.kind) | uint64(uint8(it.ctrl))<<8 | uint64(uint8(it.abil))<<16 | uint64(uint16(it.src))<<24 | uint64(uint16(it.tgt))<<40)
	}
	h.Int(int(s.on))
	for i := int8(0); i < s.on; i++ {
		h.Int(int(s.offer[i]))
	}
	h.Int(int(s.tn))
	for i := 0; i < int(s.tn); i++ {
		t := s.trig[i]
		h.Uint64(uint64(uint16(t.src)) | uint64(uint8(t.abil))<<16 | uint64(uint8(t.ctrl))<<24)
	}
	h.String(s.reason)
	return h.Sum()
}

// Stats of cards on the field (AT-2.24, AT-2.25, AT-5.21).

// ofv is a character's current OFV: 0 while face down.
func (s *State) ofv(id int16) int {
	return s.stat(id, opOFV, int(s.def(id).ofv))
}

// dfv is a character's current DFV.
func (s *State) dfv(id int16) int {
	return s.stat(id, opDFV, int(s.def(id).dfv))
}

func (s *State) stat(id int16, op opKind, base int) int {
	c := &s.cards[id]
	if c.faceDown() {
		return 0
	}
	v := base
	p := &s.pl[c.owner]
	// Equip: face-up items attached to it (AT-6.7).
	for _, it := range s.zs(p.items) {
		ic := &s.cards[it]
		if ic.host == id && !ic.faceDown() {
			v += s.modifiers(it, akEquip, op, tgHost)
		}
	}
	// Static abilities of its controller's face-up cards (AT-5.16).
	v += s.staticMods(id, op, p)
	return v
}

func (s *State) staticMods(id int16, op opKind, p *player) int {
	v := 0
	each := func(src int16) {
		c := &s.cards[src]
		if src == 0 || c.flags&fStaticOn == 0 || c.faceDown() {
			return
		}
		d := &s.g.pool.defs[c.def]
		for i := range d.abil {
			a := &d.abil[i]
			if a.kind != akStatic {
				continue
			}
			for _, e := range a.eff {
				if e.op == op && (e.tgt == tgAllies || (e.tgt == tgSelf && src == id) || (e.tgt == tgHost && c.host == id)) {
					v += int(e.n)
				}
			}
		}
	}
	each(p.main)
	each(p.loc)
	for _, x := range s.zs(p.chars) {
		each(x)
	}
	for _, x := range s.zs(p.items) {
		each(x)
	}
	return v
}

func (s *State) modifiers(src int16, kind abilityKind, op opKind, tgt targetKind) int {
	d := s.def(src)
	v := 0
	for i := range d.abil {
		a := &d.abil[i]
		if a.kind != kind {
			continue
		}
		for _, e := range a.eff {
			if e.op == op && e.tgt == tgt {
				v += int(e.n)
			}
		}
	}
	return v
}

// slotsFree counts free item slots on a host (printed slots; AT-2.7).
func (s *State) slotsFree(host int16) int {
	n := int(s.def(host).slots)
	for _, it := range s.zs(s.pl[s.cards[host].owner].items) {
		if s.cards[it].host == host {
			n--
		}
	}
	return n
}

// VP accounting (AT-7.1).

// vpPool is Σ VP fields of cards in play − Σ VP tokens on them.
func (s *State) vpPool() int {
	var vp [4]int
	return s.vpTally(&vp)
}

// vpOf is the VP tokens on the cards a player controls (AT-10.7).
func (s *State) vpOf(p int8) int {
	var vp [4]int
	s.vpTally(&vp)
	return vp[p]
}

// vpTally puts each player's VP (vpOf) in vp and returns the pool
// (vpPool), in one pass over the field: the state-based checks need both
// after every stack (AT-5.18 e).
func (s *State) vpTally(vp *[4]int) int {
	defs := s.g.pool.defs
	pool := 0
	for p := int8(0); p < s.n; p++ {
		pl := &s.pl[p]
		n := 0
		if id := pl.main; id != 0 {
			n += int(s.cards[id].vp)
			pool += int(defs[s.cards[id].def].vp)
		}
		if id := pl.loc; id != 0 {
			n += int(s.cards[id].vp)
			pool += int(defs[s.cards[id].def].vp)
		}
		for _, x := range s.buf[pl.chars.off : pl.chars.off+pl.chars.n] {
			n += int(s.cards[x].vp)
			pool += int(defs[s.cards[x].def].vp)
		}
		pool -= n
		for _, x := range s.buf[pl.items.off : pl.items.off+pl.items.n] {
			n += int(s.cards[x].vp)
		}
		vp[p] = n
	}
	return pool
}

// role is the card that acts as the main character for resources and
// claims: the main character, or a start location (AT-10.8).
func (s *State) role(p int8) int16 {
	pl := &s.pl[p]
	if pl.main != 0 {
		return pl.main
	}
	if pl.loc != 0 && s.cards[pl.loc].def == pl.startDef && s.def(pl.loc).vp > 0 {
		return pl.loc
	}
	return 0
}

// live counts players still in the game.
func (s *State) live() int {
	n := 0
	for i := 0; i < int(s.n); i++ {
		if !s.pl[i].out {
			n++
		}
	}
	return n
}

// next is the next live player after p in turn order.
func (s *State) next(p int8) int8 {
	at := 0
	for i := 0; i < int(s.n); i++ {
		if s.order[i] == p {
			at = i
		}
	}
	for k := 1; k <= int(s.n); k++ {
		q := s.order[(at+k)%int(s.n)]
		if !s.pl[q].out {
			return q
		}
	}
	return p
}
