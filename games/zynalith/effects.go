package zynalith

// Stats (ZY-2.8, ZY-9.1): printed values, plus modifiers from effects and
// attached extras. A Gesichtsloser Krieger copies the printed ATK/DEF/HP
// of the creature to its left; with none to copy it is 0/0/1.

func (s *State) base(id int16) (atk, def, hp int8) {
	for depth := 0; depth < maxSlots+1; depth++ {
		d := s.d(id)
		if !d.CopyLeft {
			return d.Atk, d.Def, d.HP
		}
		left := s.leftOf(id)
		if left < 0 {
			return 0, 0, 1
		}
		id = left
	}
	return 0, 0, 1
}

// leftOf returns the creature before id in its row, or -1.
func (s *State) leftOf(id int16) int16 {
	c := &s.cards[id]
	if c.zone != zFront {
		return -1
	}
	r := &s.row[c.owner]
	for i := int8(1); i < s.rowN[c.owner]; i++ {
		if r[i] == id {
			return r[i-1]
		}
	}
	return -1
}

func (s *State) atkOf(id int16) int { a, _, _ := s.base(id); return int(a) + int(s.cards[id].atk) }
func (s *State) defOf(id int16) int { _, d, _ := s.base(id); return int(d) + int(s.cards[id].def) }
func (s *State) maxHP(id int16) int { _, _, h := s.base(id); return int(h) + int(s.cards[id].hp) }
func (s *State) hpLeft(id int16) int {
	return s.maxHP(id) - int(s.cards[id].dmg)
}
func (s *State) initOf(id int16) int { return int(s.d(id).Init) + int(s.cards[id].init) }
func (s *State) kwOf(id int16) uint8 { return s.d(id).Keywords | s.cards[id].kw }

// defense is a player's defense (ZY-5.11; ZY-9.2 by-cost variant).
func (s *State) defense(p int8) int {
	n := 0
	for i := int8(0); i < s.rowN[p]; i++ {
		id := s.row[p][i]
		if s.cards[id].flags&fDefend == 0 {
			continue
		}
		if s.opt.defense == 0 {
			n++
			continue
		}
		switch cost := s.d(id).Silver; {
		case cost >= 12:
			n += 2
		case cost >= 8:
			n++
		}
	}
	return n
}

func (s *State) defenders(p int8) int {
	n := 0
	for i := int8(0); i < s.rowN[p]; i++ {
		if s.cards[s.row[p][i]].flags&fDefend != 0 {
			n++
		}
	}
	return n
}

// sortRow keeps a row sorted by current INIT, highest first; equal INIT
// keeps the owner's order (ZY-5.13). Insertion sort is stable.
func (s *State) sortRow(p int8) {
	r := &s.row[p]
	for i := int8(1); i < s.rowN[p]; i++ {
		id := r[i]
		v := s.initOf(id)
		j := i
		for j > 0 && s.initOf(r[j-1]) < v {
			r[j] = r[j-1]
			j--
		}
		r[j] = id
	}
}

// place puts a creature into p's row at the place its INIT gives, after
// creatures of equal INIT, in attack position (ZY-5.2).
func (s *State) place(p int8, id int16) {
	c := &s.cards[id]
	c.zone, c.owner, c.host, c.ext, c.flags = zFront, p, -1, -1, 0
	s.row[p][s.rowN[p]] = id
	s.rowN[p]++
	s.sortRow(p)
}

// unrow takes a creature out of its row; rows stay packed (ZY-10.U4).
func (s *State) unrow(id int16) {
	p := s.cards[id].owner
	r := &s.row[p]
	k := int8(0)
	for i := int8(0); i < s.rowN[p]; i++ {
		if r[i] != id {
			r[k] = r[i]
			k++
		}
	}
	s.rowN[p] = k
}

// attach binds an extra to a creature and adds its stats (ZY-5.10).
func (s *State) attach(id, host int16) {
	d := s.d(id)
	h := &s.cards[host]
	c := &s.cards[id]
	c.zone, c.owner, c.host, c.flags = zAttached, h.owner, host, 0
	c.ext, h.ext = h.ext, id
	h.atk += d.Atk
	h.def += d.Def
	h.hp += d.HP
	h.kw |= d.Keywords
	if d.Init != 0 {
		h.init += d.Init
		s.sortRow(h.owner)
	}
}

// detach removes an extra from its creature (a cancelled play) and takes
// its stats away again.
func (s *State) detach(id int16) {
	d := s.d(id)
	host := s.cards[id].host
	h := &s.cards[host]
	if h.ext == id {
		h.ext = s.cards[id].ext
	} else {
		for e := h.ext; e >= 0; e = s.cards[e].ext {
			if s.cards[e].ext == id {
				s.cards[e].ext = s.cards[id].ext
				break
			}
		}
	}
	h.atk -= d.Atk
	h.def -= d.Def
	h.hp -= d.HP
	h.kw = 0
	for e := h.ext; e >= 0; e = s.cards[e].ext {
		h.kw |= s.d(e).Keywords
	}
	if d.Init != 0 {
		h.init -= d.Init
		s.sortRow(h.owner)
	}
	s.toDiscard(id)
}

// removeCreature takes a creature off the front with its extras, to the
// discard pile or out of the game (ZY-5.3, ZY-5.10).
func (s *State) removeCreature(id int16, to zone) {
	s.unrow(id)
	for e := s.cards[id].ext; e >= 0; {
		nx := s.cards[e].ext
		s.toDiscard(e)
		e = nx
	}
	s.toDiscard(id)
	s.cards[id].zone = to
}

func (s *State) refund(p int8, id int16) {
	if s.alive[p] {
		s.silver[p] += int16(max(0, int(s.d(id).Silver)-1)) // ZY-10.11
	}
}

// die destroys a creature (ZY-5.15 step 4, ZY-5.18): refund, discard with
// its extras, then Tod on it and Trauer on every creature (ZY-6.4, ZY-6.5).
func (s *State) die(id int16) {
	p := s.cards[id].owner
	var buf [maxCards]int16
	n := 0
	if s.d(id).has(trTod) {
		buf[n] = id
		n++
	}
	for e := s.cards[id].ext; e >= 0; e = s.cards[e].ext {
		if s.d(e).has(trTod) {
			buf[n] = e
			n++
		}
	}
	s.refund(p, id)
	s.removeCreature(id, zDiscard)
	for _, src := range buf[:n] {
		s.fire(src, trTod, p, -1)
	}
	s.fireAll(trTrauer)
}

// checkDeaths destroys every creature at 0 HP or less, then checks for
// eliminated players (ZY-7.1).
func (s *State) checkDeaths() {
	for s.phase != phOver {
		dead := int16(-1)
		for p := int8(0); p < s.seats && dead < 0; p++ {
			for i := int8(0); i < s.rowN[p]; i++ {
				if id := s.row[p][i]; s.hpLeft(id) <= 0 {
					dead = id
					break
				}
			}
		}
		if dead < 0 {
			break
		}
		s.die(dead)
	}
	s.checkElim()
}

// damagePlayer deals damage to player q from src (a creature, or -1)
// controlled by from (or -1): reduced by q's defense unless src has
// Durchschlag (ZY-5.11, ZY-6.14); Blutsaugen heals from (ZY-6.13,
// ZY-10.15). It returns the damage dealt.
func (s *State) damagePlayer(q int8, amount int, src int16, from int8) int {
	if !s.alive[q] || amount <= 0 {
		return 0
	}
	kw := uint8(0)
	if src >= 0 {
		kw = s.kwOf(src)
	}
	if kw&kwDurchschlag == 0 {
		amount -= s.defense(q)
	}
	if amount <= 0 {
		return 0
	}
	s.hp[q] -= int16(amount)
	if from >= 0 && from != q && (kw&kwBlutsaugen != 0 || s.lsteal[from]) {
		s.heal(from, amount)
	}
	return amount
}

// heal raises a living player's HP, never above 30 (ZY-2.1).
func (s *State) heal(p int8, n int) {
	if s.alive[p] {
		s.hp[p] = int16(min(startHP, int(s.hp[p])+n))
	}
}

// checkElim removes players at 0 HP or less; one left wins, none left is a
// shared result among those who fell together (ZY-7.1, ZY-7.2).
func (s *State) checkElim() {
	if s.phase == phOver {
		return
	}
	var dying, living [maxSeats]bool
	nd, nl := 0, 0
	for p := int8(0); p < s.seats; p++ {
		if !s.alive[p] {
			continue
		}
		if s.hp[p] <= 0 {
			dying[p] = true
			nd++
		} else {
			living[p] = true
			nl++
		}
	}
	if nd == 0 {
		return
	}
	if nl == 0 {
		for p := int8(0); p < s.seats; p++ {
			if dying[p] {
				s.winners = s.winners.With(seat(p))
			}
		}
		s.over("mutual-elimination")
		return
	}
	for p := int8(0); p < s.seats; p++ {
		if dying[p] {
			s.eliminate(p)
		}
	}
	if nl == 1 {
		for p := int8(0); p < s.seats; p++ {
			if living[p] {
				s.winners = s.winners.With(seat(p))
			}
		}
		s.over("elimination")
	}
}

// eliminate puts a player out: front and hand are discarded (ZY-7.1).
func (s *State) eliminate(p int8) {
	s.alive[p], s.passed[p] = false, true
	for s.rowN[p] > 0 {
		s.removeCreature(s.row[p][0], zDiscard)
	}
	for id := int16(0); id < s.n; id++ {
		if c := &s.cards[id]; c.zone == zHand && c.owner == p {
			s.toDiscard(id)
		}
	}
}

// selfOf is the creature an ability acts from: the card itself, or the
// creature an extra is bound to; -1 when it is not in play.
func (s *State) selfOf(id int16) int16 {
	switch c := &s.cards[id]; c.zone {
	case zFront:
		return id
	case zAttached:
		return c.host
	}
	return -1
}

// fireAll fires trigger t on every card in play: seat by seat clockwise
// from the active player, creatures in row order, each followed by its
// extras.
func (s *State) fireAll(t trigger) {
	if s.pool.trig&(1<<t) == 0 || s.phase == phOver {
		return
	}
	var buf [maxCards]int16
	n := 0
	for k := int8(0); k < s.seats; k++ {
		p := (s.active + k) % s.seats
		for i := int8(0); i < s.rowN[p]; i++ {
			n = s.collect(&buf, n, s.row[p][i], t)
		}
	}
	s.fireList(buf[:n], t)
}

// collect appends creature id and its extras that fire on t.
func (s *State) collect(buf *[maxCards]int16, n int, id int16, t trigger) int {
	if s.d(id).has(t) {
		buf[n] = id
		n++
	}
	for e := s.cards[id].ext; e >= 0; e = s.cards[e].ext {
		if s.d(e).has(t) {
			buf[n] = e
			n++
		}
	}
	return n
}

// fireList fires t on the listed cards still in play.
func (s *State) fireList(ids []int16, t trigger) {
	for _, id := range ids {
		if s.phase == phOver {
			return
		}
		if z := s.cards[id].zone; z == zFront || z == zAttached {
			s.fire(id, t, s.cards[id].owner, s.selfOf(id))
		}
	}
}

// fireCreature fires t on a creature and its extras (Kampf, Verteidigung).
func (s *State) fireCreature(id int16, t trigger) {
	var buf [maxCards]int16
	n := s.collect(&buf, 0, id, t)
	s.fireList(buf[:n], t)
}

// fire runs src's abilities on trigger t for owner, acting from creature
// self (-1 for none).
func (s *State) fire(src int16, t trigger, owner int8, self int16) {
	for _, a := range s.d(src).Abilities {
		if a.When == t && s.phase != phOver {
			s.apply(a, owner, self)
		}
	}
}

// apply carries out one ability (ZY-10.U3). Effects ignore creature DEF
// (ZY-5.12); damage to players is reduced by their defense (ZY-10.6).
func (s *State) apply(a ability, owner int8, self int16) {
	if a.Target.players() {
		for k := int8(0); k < s.seats; k++ {
			p := k
			if owner >= 0 {
				p = (owner + k) % s.seats
			}
			if !s.alive[p] || !s.targetsPlayer(a.Target, owner, p) {
				continue
			}
			s.applyPlayer(a, owner, self, p)
		}
		s.checkDeaths()
		return
	}
	var buf [maxSeats * maxSlots]int16
	ts := s.creatureTargets(buf[:0], a.Target, owner, self)
	for _, id := range ts {
		if s.cards[id].zone != zFront {
			continue
		}
		c := &s.cards[id]
		switch a.Effect {
		case eDamage:
			c.dmg = int8(min(100, int(c.dmg)+int(a.N)))
		case eHeal:
			c.dmg = int8(max(0, int(c.dmg)-int(a.N)))
		case eAtk:
			c.atk = bump(c.atk, a.N)
		case eDef:
			c.def = bump(c.def, a.N)
		case eHP:
			c.hp = bump(c.hp, a.N)
		case eInit:
			c.init = bump(c.init, a.N)
			s.sortRow(c.owner)
		case eDestroy:
			s.die(id)
		case eCancel:
			s.cancelPlayed()
		}
	}
	s.checkDeaths()
}

func (s *State) targetsPlayer(t target, owner, p int8) bool {
	switch t {
	case tOwner:
		return p == owner
	case tOpponents:
		return p != owner
	case tPlayedOwner:
		return p == s.win.by
	}
	return true
}

func (s *State) applyPlayer(a ability, owner int8, self int16, p int8) {
	switch a.Effect {
	case eDamage:
		s.damagePlayer(p, int(a.N), self, owner)
	case eHeal:
		s.heal(p, int(a.N))
	case eSilver:
		s.silver[p] = int16(max(0, int(s.silver[p])+int(a.N)))
	case eZynalith:
		s.zyn[p] = int16(max(0, int(s.zyn[p])+int(a.N)))
	case eVP:
		s.vp[p] += int16(a.N)
	case eDraw:
		for i := int8(0); i < a.N; i++ {
			s.drawBlind(p, stCreatures)
		}
	case eLifesteal:
		s.lsteal[p] = true
	}
}

// creatureTargets lists the creatures an ability's target names.
func (s *State) creatureTargets(dst []int16, t target, owner int8, self int16) []int16 {
	switch t {
	case tSelf:
		if self >= 0 && s.cards[self].zone == zFront {
			dst = append(dst, self)
		}
	case tPlayed:
		if w := s.win.played; s.win.open && w >= 0 {
			if s.d(w).Kind == kCreature || s.cards[w].zone != zAttached {
				if s.cards[w].zone == zFront {
					dst = append(dst, w)
				}
			} else {
				dst = append(dst, s.cards[w].host)
			}
		}
	case tLine:
		if self < 0 || s.cards[self].zone != zFront {
			break
		}
		me := s.cards[self].owner
		k := s.indexInRow(self)
		for p := int8(0); p < s.seats; p++ {
			if p != me && s.rowN[p] > k {
				if id := s.row[p][k]; s.cards[id].flags&fDefend == 0 {
					dst = append(dst, id)
				}
			}
		}
	default:
		for p := int8(0); p < s.seats; p++ {
			if (t == tOwnCreatures && p != owner) || (t == tEnemyCreatures && p == owner) {
				continue
			}
			dst = append(dst, s.row[p][:s.rowN[p]]...)
		}
	}
	return dst
}

func (s *State) indexInRow(id int16) int8 {
	p := s.cards[id].owner
	for i := int8(0); i < s.rowN[p]; i++ {
		if s.row[p][i] == id {
			return i
		}
	}
	return -1
}

// cancelPlayed undoes the play a counter answers (ZY-5.9): the card goes
// to the discard pile, its cost is lost, and none of its effects happen.
func (s *State) cancelPlayed() {
	w := s.win.played
	switch s.cards[w].zone {
	case zFront:
		s.removeCreature(w, zDiscard)
	case zAttached:
		s.detach(w)
	}
	s.win.cancelled = true
}

// runEvent executes an event revealed from a stack (ZY-2.10), fires Event
// on the cards in play (ZY-6.6) and discards it.
func (s *State) runEvent(id int16) {
	s.cards[id].zone = zNone
	s.fire(id, trSofort, -1, -1)
	s.toDiscard(id)
	s.fireAll(trEvent)
}

// bump adds n to a modifier, kept within ±100 so it never overflows.
func bump(v, n int8) int8 { return int8(max(-100, min(100, int(v)+int(n)))) }
