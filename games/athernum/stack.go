package athernum

import "kartenwerk/engine"

// queue records a triggered ability (or, with abil -1, a card's static
// abilities) to be put on the stack at the next chance (AT-5.15).
func (s *State) queue(src int16, abil int8, ctrl int8) {
	if s.tn < maxTrig && !s.pl[ctrl].out {
		s.trig[s.tn] = pending{src: src, abil: abil, ctrl: ctrl}
		s.tn++
	}
}

// fire queues the active player's abilities that wait for trigger t
// (AT-6.8): face-up cards on the field only.
func (s *State) fire(t trigger) {
	p := &s.pl[s.active]
	s.fireCard(p.main, t)
	s.fireCard(p.loc, t)
	for i := int16(0); i < p.chars.n; i++ {
		s.fireCard(s.buf[p.chars.off+i], t)
	}
	for i := int16(0); i < p.items.n; i++ {
		s.fireCard(s.buf[p.items.off+i], t)
	}
}

// fireCard queues card id's abilities triggered by t, if it has them and
// is face up.
func (s *State) fireCard(id int16, t trigger) {
	if id == 0 {
		return
	}
	c := &s.cards[id]
	d := &s.g.pool.defs[c.def]
	if d.trig&(1<<t) == 0 || c.faceDown() {
		return
	}
	for i := range d.abil {
		a := &d.abil[i]
		if (a.kind == akTriggered || a.kind == akObjective) && a.trig == t {
			s.queue(id, int8(i), c.owner)
		}
	}
}

// triggerSeat is the first seat, from the active player on in turn
// order, with triggers waiting (AT-5.19).
func (s *State) triggerSeat() int8 {
	p := s.active
	for k := 0; k < int(s.n); k++ {
		for i := int8(0); i < s.tn; i++ {
			if s.trig[i].ctrl == p {
				return p
			}
		}
		p = s.next(p)
	}
	return s.trig[0].ctrl
}

// placeTriggers puts waiting triggers on the stack. A player with one
// trigger and at most one choice of target has nothing to decide; with
// more, they choose the next one (true: a decision is due). Triggers
// without a legal target are dropped (AT-6.2).
func (s *State) placeTriggers() bool {
	p := s.triggerSeat()
	mine, only := 0, int8(-1)
	for i := int8(0); i < s.tn; i++ {
		t := s.trig[i]
		if t.ctrl != p {
			continue
		}
		if t.abil >= 0 {
			a := &s.def(t.src).abil[t.abil]
			if a.tgt.chosen() && s.countTargets(p, a.tgt) == 0 {
				s.dropTrigger(i)
				return false
			}
		}
		mine++
		only = i
	}
	if mine == 1 {
		t := s.trig[only]
		tgt := int16(0)
		if t.abil >= 0 {
			a := &s.def(t.src).abil[t.abil]
			if a.tgt.chosen() {
				if s.countTargets(p, a.tgt) > 1 {
					s.dec, s.toMove = decTrigger, p
					return true
				}
				tgt = s.firstTarget(p, a.tgt)
			}
		}
		s.placeTrigger(only, tgt)
		return false
	}
	s.dec, s.toMove = decTrigger, p
	return true
}

func (s *State) dropTrigger(i int8) {
	copy(s.trig[i:s.tn], s.trig[i+1:s.tn])
	s.tn--
}

// placeTrigger moves waiting trigger i onto the stack.
func (s *State) placeTrigger(i int8, tgt int16) {
	t := s.trig[i]
	s.dropTrigger(i)
	kind := itAbility
	if t.abil < 0 {
		kind = itStatic
	}
	s.pushItem(item{kind: kind, ctrl: t.ctrl, abil: t.abil, src: t.src, tgt: tgt})
}

// pushItem puts an item on top of the stack; priority goes to the active
// player (AT-5.15).
func (s *State) pushItem(it item) {
	if s.sn >= maxStack {
		return
	}
	s.stack[s.sn] = it
	s.sn++
	s.noteDepth()
	s.prio, s.passes = s.active, 0
	if s.pl[s.active].out {
		s.prio = s.next(s.active)
	}
}

// pass hands priority to the next player in turn order (AT-5.15).
func (s *State) pass() {
	s.passes++
	s.prio = s.next(s.prio)
}

// onlyPass: the player holding priority can do nothing but pass, so the
// pass is taken for them.
func (s *State) onlyPass() bool {
	if s.mayReact(s.prio) {
		return false
	}
	s.legalOK = false
	return true
}

// mayReact: p has a reaction (AT-5.15): an item to reveal, or an ability
// or Support it can pay for with a target.
func (s *State) mayReact(p int8) bool {
	pl := &s.pl[p]
	for _, x := range s.zs(pl.items) {
		if s.cards[x].secret() {
			return true
		}
	}
	if s.sn >= maxStack {
		return false
	}
	if pl.main != 0 && s.canActivate(p, pl.main) || pl.loc != 0 && s.canActivate(p, pl.loc) {
		return true
	}
	for _, x := range s.zs(pl.chars) {
		if s.canActivate(p, x) {
			return true
		}
	}
	for _, x := range s.zs(pl.items) {
		if s.canActivate(p, x) {
			return true
		}
	}
	if s.supportOnStack() {
		return false
	}
	for _, x := range s.zs(pl.hand) {
		if s.def(x).support && s.canSupport(p, x) {
			return true
		}
	}
	return false
}

// canActivate: p can pay for an ability of its face-up card src now.
func (s *State) canActivate(p int8, src int16) bool {
	c := &s.cards[src]
	d := &s.g.pool.defs[c.def]
	if !d.activ || c.faceDown() {
		return false
	}
	for i := range d.abil {
		if a := &d.abil[i]; a.activatable() && s.canPayAbility(p, src, a, false) {
			return true
		}
	}
	return false
}

// canSupport: p can pay for a Support ability of hand card src now.
func (s *State) canSupport(p int8, src int16) bool {
	d := s.def(src)
	for i := range d.abil {
		if a := &d.abil[i]; a.kind == akSupport && s.canPayAbility(p, src, a, true) {
			return true
		}
	}
	return false
}

// resolveAll resolves the whole stack top to bottom (LIFO) without
// further priority (AT-5.15); triggers caused meanwhile wait.
func (s *State) resolveAll() {
	s.hist.resolutions++
	for s.sn > 0 && s.phase != phOver {
		s.sn--
		s.hist.resolved++
		it := s.stack[s.sn]
		s.resolve(it)
	}
	s.sn = 0
}

// supportOnStack: AT-10.12, one Support at a time.
func (s *State) supportOnStack() bool {
	for i := int8(0); i < s.sn; i++ {
		it := s.stack[i]
		if it.kind == itAbility && s.def(it.src).abil[it.abil].kind == akSupport {
			return true
		}
	}
	return false
}

// State-based checks (AT-5.18); true if anything changed.
func (s *State) checkState() bool {
	changed := false
	// a) damage (AT-10.3) and the main character's reset (AT-5.20)
	for p := int8(0); p < s.n; p++ {
		pl := &s.pl[p]
		if pl.main != 0 && s.overDamaged(pl.main) {
			s.exhaust(pl.main)
			s.cards[pl.main].dmg = 0
			changed = true
		}
		for i := int16(0); i < pl.chars.n; i++ {
			id := s.buf[pl.chars.off+i]
			if s.overDamaged(id) {
				s.discard(id, zDiscard)
				i--
				changed = true
			}
		}
	}
	// b) uniqueness of VP-field cards: the copy holding most VP stays.
	// (AT-5.4 keeps a second copy from being played; only a character
	// entering could break it.)
	for p := int8(0); p < s.n && s.entered; p++ {
		pl := &s.pl[p]
		for i := int16(0); i < pl.chars.n; i++ {
			id := s.buf[pl.chars.off+i]
			if s.def(id).vp > 0 && s.hasBetterCopy(p, id) {
				s.discard(id, zDiscard)
				i--
				changed = true
			}
		}
	}
	s.entered = false
	// c)-e) losses, objectives, effects that end the game, superiority
	if s.checkEnd() {
		return true
	}
	return changed
}

// overDamaged: face up with damage over its DFV (or reaching it, in the
// "reach" reading of AT-10.3).
func (s *State) overDamaged(id int16) bool {
	c := &s.cards[id]
	if c.dmg == 0 || c.faceDown() {
		return false
	}
	d := s.dfv(id)
	return int(c.dmg) > d || (s.r.reach && int(c.dmg) >= d)
}

func (s *State) hasBetterCopy(p int8, id int16) bool {
	c := &s.cards[id]
	better := func(x int16) bool {
		o := &s.cards[x]
		return x != id && o.def == c.def && (o.vp > c.vp || (o.vp == c.vp && x < id))
	}
	pl := &s.pl[p]
	if pl.main != 0 && better(pl.main) {
		return true
	}
	for _, x := range s.zs(pl.chars) {
		if better(x) {
			return true
		}
	}
	return false
}

// discard moves a card from the field to the discard pile (or the Void),
// with the items attached to it (AT-5.24); a face-up card's "leave"
// triggers still resolve (AT-5.23). The main character never leaves
// (AT-5.20).
func (s *State) discard(id int16, to uint8) {
	c := &s.cards[id]
	if c.zone == zMain || !c.onField() {
		return
	}
	p := &s.pl[c.owner]
	for i := int16(0); i < p.items.n; i++ {
		it := s.buf[p.items.off+i]
		if s.cards[it].host == id {
			s.discard(it, to)
			i--
		}
	}
	if !c.faceDown() {
		s.fireCard(id, trLeave)
	}
	token := c.flags & fToken
	if token != 0 {
		to = zNone // a token ceases to exist (AT-10.U7)
	}
	s.move(id, to)
	c.flags, c.exh, c.dmg, c.vp, c.host = token, 0, 0, 0, 0
}

var _ = engine.NoSeat
