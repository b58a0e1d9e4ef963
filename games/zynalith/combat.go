package zynalith

// line is one combat line: the creature each seat sends, or -1 when the
// seat is absent (ZY-5.14).
type line [maxSeats]int16

// combat resolves every line once, highest INIT first (ZY-5.13, ZY-5.14).
// The lines are fixed when combat starts; creatures that die on the way
// simply drop out of the lines still to come.
func (s *State) combat() {
	var lines [maxSlots]line
	for k := range lines {
		for p := range lines[k] {
			lines[k][p] = -1
		}
	}
	for p := int8(0); p < s.seats; p++ {
		if !s.alive[p] {
			continue
		}
		k := 0
		for i := int8(0); i < s.rowN[p]; i++ {
			id := s.row[p][i]
			if s.cards[id].flags&fDefend == 0 {
				lines[k][p] = id
				k++
			} else if s.opt.lines == 0 { // ZY-10.3 (a): a defender leaves a gap
				k++
			}
		}
	}
	for k := range lines {
		if s.phase == phOver {
			return
		}
		s.fight(lines[k])
		if s.opt.charge == 1 && s.hasCharger(lines[k]) { // ZY-10.7 (b)
			s.fight(lines[k])
		}
	}
}

func (s *State) hasCharger(l line) bool {
	for p := int8(0); p < s.seats; p++ {
		if id := l[p]; id >= 0 && s.cards[id].zone == zFront && s.kwOf(id)&kwSturmangriff != 0 {
			return true
		}
	}
	return false
}

// charge fights the line of a creature just played with Sturmangriff at
// once (ZY-5.16, ZY-10.7 (a)): the line as it stands now.
func (s *State) charge(id int16) {
	if s.opt.charge != 0 || s.cards[id].zone != zFront || s.cards[id].flags&fDefend != 0 {
		return
	}
	k := s.indexInRow(id)
	var l line
	for p := int8(0); p < s.seats; p++ {
		l[p] = -1
		if !s.alive[p] {
			continue
		}
		if s.opt.lines == 0 {
			if s.rowN[p] > k && s.cards[s.row[p][k]].flags&fDefend == 0 {
				l[p] = s.row[p][k]
			}
			continue
		}
		j := int8(0)
		for i := int8(0); i < s.rowN[p]; i++ {
			if c := s.row[p][i]; s.cards[c].flags&fDefend == 0 {
				if j == s.attackIndex(id) {
					l[p] = c
				}
				j++
			}
		}
	}
	s.fight(l)
}

// attackIndex counts the attacking creatures before id in its row.
func (s *State) attackIndex(id int16) int8 {
	p := s.cards[id].owner
	j := int8(0)
	for i := int8(0); i < s.rowN[p]; i++ {
		c := s.row[p][i]
		if c == id {
			return j
		}
		if s.cards[c].flags&fDefend == 0 {
			j++
		}
	}
	return j
}

// before orders creatures for Kampf triggers and the winner's tie-breaks:
// INIT, then ATK, then DEF, then remaining HP (ZY-5.15 step 1), with ATK
// first when choosing the winner (step 2). It returns 0 on a full tie.
func (s *State) before(a, b int16, atkFirst bool) int {
	keys := [5][2]int{
		{s.atkOf(a), s.atkOf(b)},
		{s.initOf(a), s.initOf(b)},
		{s.atkOf(a), s.atkOf(b)},
		{s.defOf(a), s.defOf(b)},
		{s.hpLeft(a), s.hpLeft(b)},
	}
	start := 1
	if atkFirst {
		start = 0
	}
	for _, k := range keys[start:] {
		if k[0] != k[1] {
			if k[0] > k[1] {
				return 1
			}
			return -1
		}
	}
	return 0
}

// better reports whether a goes before b, breaking a full tie with the
// seeded RNG (rock-paper-scissors, ZY-10.U2).
func (s *State) better(a, b int16, atkFirst bool) bool {
	switch s.before(a, b, atkFirst) {
	case 1:
		return true
	case -1:
		return false
	}
	return s.rng.IntN(2) == 0
}

// present lists the line's creatures still on the front.
func (s *State) present(dst []int16, l line) []int16 {
	for p := int8(0); p < s.seats; p++ {
		if id := l[p]; id >= 0 && s.cards[id].zone == zFront && s.cards[id].owner == p {
			dst = append(dst, id)
		}
	}
	return dst
}

// fight resolves one line: one combat round (ZY-5.15).
func (s *State) fight(l line) {
	var buf [maxSeats]int16
	in := s.present(buf[:0], l)
	if len(in) >= 2 {
		if !s.kampfTriggers(in) {
			return
		}
		in = s.present(buf[:0], l) // a trigger may have removed a creature
	}
	if len(in) == 0 {
		return
	}
	var there [maxSeats]bool // the seats in the line, before anyone dies
	for _, id := range in {
		there[s.cards[id].owner] = true
	}
	w := s.lineWinner(in)
	owner, atk, pierce := s.cards[w].owner, s.atkOf(w), s.kwOf(w)&kwDurchschlag != 0
	s.strike(in, w, atk)
	s.attackAbsent(&there, w, atk, pierce)
	// step 6: the line's reward
	if len(in) >= 2 && s.alive[owner] {
		s.zyn[owner]++
	}
	// steps 7-8: Blutsaugen is applied with each hit; eliminations now
	s.checkDeaths()
}

// kampfTriggers is step 1 of a fight: the Kampf triggers of the creatures
// in the line, in the order of the tie-break chain (ZY-6.2). It reports
// false when one of them ended the game.
func (s *State) kampfTriggers(in []int16) bool {
	var obuf [maxSeats]int16
	order := append(obuf[:0], in...)
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && s.better(order[j], order[j-1], false); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for _, id := range order {
		if s.phase == phOver {
			return false
		}
		if s.cards[id].zone == zFront {
			s.fireCreature(id, trKampf)
		}
	}
	return true
}

// lineWinner is step 2: the creature with the highest ATK, ties broken by
// the chain (ZY-10.5).
func (s *State) lineWinner(in []int16) int16 {
	w := in[0]
	for _, id := range in[1:] {
		if s.better(id, w, true) {
			w = id
		}
	}
	return w
}

// strike is steps 3 and 4: every creature but the winner w takes w's ATK
// minus its own DEF (ZY-10.14); those it kills die, what exceeds their HP
// going to their controller, with refunds, Tod and Trauer.
func (s *State) strike(in []int16, w int16, atk int) {
	var dead [maxSeats]int16
	var over [maxSeats]int
	nd := 0
	for _, id := range in {
		if id == w {
			continue
		}
		d := max(0, atk-s.defOf(id))
		if d == 0 {
			continue
		}
		left := s.hpLeft(id)
		s.cards[id].dmg = int8(min(100, int(s.cards[id].dmg)+d))
		if d >= left {
			dead[nd], over[nd] = id, d-max(left, 0)
			nd++
		}
	}
	for i, id := range dead[:nd] {
		if s.cards[id].zone != zFront || s.phase == phOver {
			continue
		}
		s.damagePlayer(s.cards[id].owner, over[i], w, s.cards[w].owner)
		s.die(id)
	}
}

// attackAbsent is step 5: the winner w attacks directly every opponent
// with no creature in the line (not there; ZY-10.4), unless the variant
// says otherwise; without Durchschlag, the attacked seat's defenders
// answer.
func (s *State) attackAbsent(there *[maxSeats]bool, w int16, atk int, pierce bool) {
	if s.opt.unopposed != 0 || s.phase == phOver || s.cards[w].zone != zFront {
		return
	}
	owner := s.cards[w].owner
	for k := int8(1); k < s.seats; k++ {
		q := (owner + k) % s.seats
		if !s.alive[q] || there[q] {
			continue
		}
		s.damagePlayer(q, atk, w, owner)
		if !pierce && s.defenders(q) > 0 && s.phase != phOver {
			s.defended(q)
		}
	}
}

// defended fires Verteidigung on q's defending creatures (ZY-6.11).
func (s *State) defended(q int8) {
	var buf [maxSlots]int16
	n := 0
	for i := int8(0); i < s.rowN[q]; i++ {
		if id := s.row[q][i]; s.cards[id].flags&fDefend != 0 {
			buf[n] = id
			n++
		}
	}
	for _, id := range buf[:n] {
		if s.cards[id].zone == zFront && s.phase != phOver {
			s.fireCreature(id, trVerteidigung)
		}
	}
}
