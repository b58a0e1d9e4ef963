package microlife

import "kartenwerk/engine"

// Entities, their current values, Zusammenwachsen groups, and combat
// (ML-5.5 to ML-5.8).

// isEntity: an Erreger or Immun face up in play (spores are not, ML-10.14).
func (s *state) isEntity(c int16) bool {
	ci := &s.cards[c]
	return ci.zone == zPlay && ci.flags&(fSpore|fAction) == 0 && ci.typ <= tErreger
}

// ownKW is the card's own keywords: printed plus its mutations' (ML-5.13).
func (s *state) ownKW(c int16) uint16 {
	return s.cards[c].kw
}

// merges reports whether c is part of a Zusammenwachsen group: entities
// with the keyword under one controller and of one type count as one
// entity (ML-6.14, ML-10.12).
func (s *state) merges(c int16) bool { return s.cards[c].kw&kwZusammenwachsen != 0 }

func (s *state) sameGroup(a, b int16) bool {
	ca, cb := &s.cards[a], &s.cards[b]
	return a == b || (ca.owner == cb.owner && ca.typ == cb.typ && ca.kw&cb.kw&kwZusammenwachsen != 0)
}

// Most entities do not merge, so the functions below answer for a single
// card first and leave groups to a loop over the controller's play area.

// lead is the card that stands for c's entity: the first group member in
// play order, or c itself.
func (s *state) lead(c int16) int16 {
	if !s.merges(c) {
		return c
	}
	return s.groupLead(c)
}

func (s *state) groupLead(c int16) int16 {
	for _, x := range s.seats[s.cards[c].owner].zones[zPlay-1] {
		if s.isEntity(x) && s.sameGroup(x, c) {
			return x
		}
	}
	return c
}

// isLead: c is an entity that stands for itself, or leads its group.
func (s *state) isLead(c int16) bool {
	ci := &s.cards[c]
	if ci.zone != zPlay || ci.flags&(fSpore|fAction) != 0 || ci.typ > tErreger {
		return false // not an entity
	}
	return ci.kw&kwZusammenwachsen == 0 || s.groupLead(c) == c
}

// groupWalk answers isLead without a call for each entity of one play
// area, visited in play order: an entity that does not merge stands for
// itself, and a group's first card in play order stands for the group.
type groupWalk [2]bool // by type: a group's first card was met

func (w *groupWalk) leads(ci *inst) bool {
	if ci.kw&kwZusammenwachsen == 0 {
		return true
	}
	first := !w[ci.typ]
	w[ci.typ] = true
	return first
}

// members appends the cards of c's entity to dst.
func (s *state) members(c int16, dst []int16) []int16 {
	if s.merges(c) {
		return s.group(c, dst)
	}
	return append(dst, c)
}

func (s *state) group(c int16, dst []int16) []int16 {
	for _, x := range s.seats[s.cards[c].owner].zones[zPlay-1] {
		if s.isEntity(x) && s.sameGroup(x, c) {
			dst = append(dst, x)
		}
	}
	return dst
}

// cardStats is one card's current Angriff and remaining Widerstand:
// printed values, then mutations in the order attached (ML-5.13), then
// this turn's modifiers, Opportunistic, toxin markers and damage.
func (s *state) cardStats(c int16) (atk, res int) {
	ci := &s.cards[c]
	atk, res = int(ci.atk)+int(ci.atkT), ci.resLeft()
	if s.ownKW(c)&kwOpportunistisch != 0 && s.seats[ci.owner].life <= opportunist {
		atk++
	}
	if atk < 0 {
		atk = 0
	}
	return atk, res
}

// resLeft is the card's remaining Widerstand: printed and mutated, with
// this turn's modifiers, toxin markers and damage (ML-5.8, ML-6.12).
func (ci *inst) resLeft() int {
	return int(ci.res) + int(ci.resT) - int(ci.toxin) - int(ci.dmg)
}

// stats is the entity's values: the sums over a group (ML-6.14).
func (s *state) stats(c int16) (atk, res int) {
	if !s.merges(c) {
		return s.cardStats(c)
	}
	var buf [16]int16
	for _, x := range s.members(c, buf[:0]) {
		a, r := s.cardStats(x)
		atk += a
		res += r
	}
	return atk, res
}

// entKW is the entity's keywords: the union over a group.
func (s *state) entKW(c int16) uint16 {
	if kw := s.cards[c].kw; kw&kwZusammenwachsen == 0 {
		return kw
	}
	return s.groupKW(c)
}

func (s *state) groupKW(c int16) uint16 {
	var kw uint16
	var buf [16]int16
	for _, x := range s.group(c, buf[:0]) {
		kw |= s.cards[x].kw
	}
	return kw
}

// anyDef reports whether fn holds for the printed card or a mutation of
// any part of c's entity. Callers first check that the entity has the
// keyword at all (entKW), which is cheap and almost always false.
func (s *state) anyDef(c int16, fn func(d *cardDef) bool) bool {
	var buf [16]int16
	for _, x := range s.members(c, buf[:0]) {
		if fn(s.def(x)) {
			return true
		}
		if s.cards[x].nmut == 0 {
			continue
		}
		for _, m := range s.muts {
			if s.cards[m].host == x && fn(s.def(m)) {
				return true
			}
		}
	}
	return false
}

// resistant: the entity has Resistenz against antibiotic a (ML-6.17).
func (s *state) resistant(c int16, a uint8) bool {
	return a != 0 && s.entKW(c)&kwResistenz != 0 &&
		s.anyDef(c, func(d *cardDef) bool { return d.resistenz&(1<<(a-1)) != 0 })
}

// hiddenFrom: target t has Tarnung vor X matching attacker a (ML-6.16).
func (s *state) hiddenFrom(t, a int16) bool {
	return s.entKW(t)&kwTarnung != 0 &&
		s.anyDef(t, func(d *cardDef) bool { return d.tarnung.match(s.def(a), s.cards[a].def) })
}

// ignores: attacker a's Invasiv (X) lets it ignore card b (ML-6.6).
func (s *state) ignores(a, b int16) bool {
	return s.entKW(a)&kwInvasiv != 0 &&
		s.anyDef(a, func(d *cardDef) bool { return d.invasiv.match(s.def(b), s.cards[b].def) })
}

func (s *state) tapped(c int16) bool { return s.cards[c].flags&fTapped != 0 }

// attacks appends the active player's legal attacks: each attacker in
// play order against every entity the target matrix allows, then against
// the opposing player.
func (s *state) attacks(out []engine.Action) []engine.Action {
	var ab, ib, eb [32]int16
	var b board
	attackers, targets := s.survey(&b, ab[:0], [2][]int16{tImmun: ib[:0], tErreger: eb[:0]})
	for _, a := range attackers {
		ai := &s.cards[a]
		if !b.ready(ai) {
			continue
		}
		for _, t := range targets[1-ai.typ] {
			if b.entKW(&s.cards[t])&kwTarnung == 0 || !s.hiddenFrom(t, a) { // ML-5.6e
				out = add(out, vAttack, a, t)
			}
		}
		if s.reachesPlayer(a, &b) {
			out = add(out, vAttackPlayer, a, int16(1-s.active))
		}
	}
	return out
}

// board is what attacks learns about the entities in play besides the
// lists: for each seat and type the keywords and flags of the cards of
// its Zusammenwachsen group, or'ed, so that no question about a group
// walks a play area again; and whether the opponent has an Immun entity
// that blocks direct attacks.
type board struct {
	kw       [2][2]uint16
	flags    [2][2]uint8
	shielded bool
}

// survey walks both play areas once: it fills b, appends the active
// player's entities to attackers, and every entity to targets by type,
// since the target matrix (ML-5.6 a, c, d) only lets each type attack the
// other; in play order, a group once (ML-6.14) by its lead.
func (s *state) survey(b *board, attackers []int16, targets [2][]int16) ([]int16, [2][]int16) {
	for q := int8(0); q < 2; q++ {
		var walk groupWalk
		for _, t := range s.seats[q].zones[zPlay-1] {
			if !s.isEntity(t) {
				continue
			}
			ti := &s.cards[t]
			if q != s.active && ti.typ == tImmun && !(s.opt.shieldUntapped && ti.flags&fTapped != 0) {
				b.shielded = true
			}
			if ti.kw&kwZusammenwachsen != 0 {
				b.kw[q][ti.typ] |= ti.kw
				b.flags[q][ti.typ] |= ti.flags
			}
			if !walk.leads(ti) {
				continue
			}
			targets[ti.typ] = append(targets[ti.typ], t)
			if q == s.active {
				attackers = append(attackers, t)
			}
		}
	}
	return attackers, targets
}

// entKW is s.entKW of an entity in play.
func (b *board) entKW(ci *inst) uint16 {
	if ci.kw&kwZusammenwachsen == 0 {
		return ci.kw
	}
	return b.kw[ci.owner][ci.typ]
}

// ready: entity ci of the active player, standing for itself or leading
// its group, can attack: no part of it is tapped or has attacked this
// turn, and it is an Erreger or an Immun with the ability (ML-5.5,
// ML-5.6c).
func (b *board) ready(ci *inst) bool {
	switch {
	case ci.flags&(fTapped|fAttacked) != 0:
		return false // the usual answer; a group's lead is one of its parts
	case ci.kw&kwZusammenwachsen != 0 && b.flags[ci.owner][ci.typ]&(fTapped|fAttacked) != 0:
		return false
	case ci.typ == tErreger:
		return true
	}
	return ci.typ == tImmun && b.entKW(ci)&kwHunter != 0
}

// reachesPlayer is canAttackPlayer for an attacker of the active player.
// Unless the opponent has an Immun entity that blocks an attacker without
// Invasiv or Tarnung, nothing blocks; if they have, only those keywords
// can let the attacker past, so only then are the blockers looked at one
// by one.
func (s *state) reachesPlayer(a int16, b *board) bool {
	switch ai := &s.cards[a]; {
	case ai.typ != tErreger:
		return false
	case !b.shielded:
		return true
	case b.entKW(ai)&(kwInvasiv|kwTarnung) == 0:
		return false
	}
	return s.canAttackPlayer(a)
}

// canAttackPlayer: an Erreger attacks the opponent only when no Immun card
// protects them (ML-5.6b, ML-10.2).
func (s *state) canAttackPlayer(a int16) bool {
	if s.cards[a].typ != tErreger {
		return false
	}
	for _, b := range s.seats[1-s.cards[a].owner].zones[zPlay-1] {
		if s.cards[b].typ == tImmun && s.blocks(b, a) {
			return false
		}
	}
	return true
}

// blocks: Immun card b stops a direct attack by a.
func (s *state) blocks(b, a int16) bool {
	switch {
	case s.cards[b].typ != tImmun || !s.isEntity(b):
		return false
	case s.opt.shieldUntapped && s.tapped(b):
		return false
	case s.entKW(a)&(kwInvasiv|kwTarnung) == 0:
		return true // nothing lets a past
	}
	return !s.ignores(a, b) && !s.hiddenFrom(a, b)
}

// attack declares an attack: the attacker's "Beim Angriff" triggers, then
// the strike, then "Nach Angriff" (ML-5.7). target < 0 is the opponent.
func (s *state) attack(a, t int16) {
	var buf [16]int16
	for _, x := range s.members(a, buf[:0]) {
		s.cards[x].flags |= fAttacked
	}
	if t < 0 {
		t = 0
	}
	s.queueEntityTriggers(a, wAttack, t)
	s.works = append(s.works, work{kind: wkStrike, a: a, b: t}, work{kind: wkAfter, a: a})
}

// strike deals the damage of an attack at once on both sides (ML-5.7 2-4).
func (s *state) strike(a, t int16) {
	if !s.isLead(a) {
		return // the attacker left play before damage
	}
	aAtk, _ := s.stats(a)
	if t == 0 {
		s.seats[1-s.cards[a].owner].life -= aAtk
	} else if s.isLead(t) {
		tAtk, _ := s.stats(t)
		s.cards[a].dmg += int8(tAtk) // the return strike, "Immer Konter"
		s.cards[t].dmg += int8(aAtk)
		s.settle = true
		s.phagocytose(a, t)
		s.phagocytose(t, a)
	}
	var buf [16]int16
	for _, x := range s.members(a, buf[:0]) {
		s.cards[x].flags |= fTapped
	}
}

func (s *state) dead(c int16) bool {
	ci := &s.cards[c]
	if ci.flags&fDoomed != 0 {
		return true
	}
	if ci.kw&kwZusammenwachsen == 0 {
		return ci.resLeft() <= 0
	}
	_, r := s.stats(c)
	return r <= 0
}

// phagocytose: if p survives and destroyed v in combat, v becomes p's
// lysosome instead of going to a discard pile (ML-6.9).
func (s *state) phagocytose(p, v int16) {
	if !s.isLead(p) || !s.isLead(v) || s.dead(p) || !s.dead(v) || s.entKW(p)&kwPhagozytose == 0 {
		return
	}
	var buf [16]int16
	if len(s.members(v, buf[:0])) > 1 {
		return // a merged entity is destroyed as a whole (ML-10.12)
	}
	s.leavePlay(v)
	if old := s.cards[p].lyso; old != 0 {
		s.put(old, zDiscard, s.cards[old].owner, true)
	}
	s.take(v)
	s.cards[v].zone, s.cards[v].host = zLyso, p
	s.cards[p].lyso = v
}

// after runs "Nach Angriff": triggers, and Selbstregulierend (ML-6.11).
func (s *state) after(a int16) {
	if !s.isLead(a) {
		return
	}
	s.queueEntityTriggers(a, wAfterAttack, 0)
	if s.entKW(a)&kwSelbstregulierend != 0 {
		s.doom(a)
	}
}

// doom marks every part of c's entity for destruction.
func (s *state) doom(c int16) {
	var buf [16]int16
	for _, x := range s.members(c, buf[:0]) {
		s.cards[x].flags |= fDoomed
	}
	s.settle = true
}

// settleDeaths destroys entities at Widerstand 0 or less, or marked to
// die (ML-5.8), one at a time, asking about spores (ML-6.18). It returns
// true when it did something. Only run calls it, when s.settle is set.
func (s *state) settleDeaths() bool {
	if !s.markDeaths() {
		s.settle = false
		return false
	}
	for {
		c := s.nextDoomed()
		if c == 0 {
			s.settle = false
			return true
		}
		ci := &s.cards[c]
		if ci.kw&kwSporenbildner != 0 && ci.flags&fAsked == 0 {
			ci.flags |= fAsked
			s.dec = decision{kind: dSpore, seat: ci.owner, card: c}
			return true
		}
		// A card that neither merges nor holds a lysosome leaves without
		// changing any other card's Widerstand, so only the cards marked
		// already can die now; otherwise run looks at all of them again.
		again := ci.kw&kwZusammenwachsen != 0 || ci.lyso != 0
		s.destroy(c)
		if again {
			return true
		}
	}
}

// markDeaths marks the entities at Widerstand 0 or less to die and
// reports whether any entity is marked.
func (s *state) markDeaths() bool {
	doomed := false
	for i := int8(0); i < 2; i++ {
		p := s.active ^ i
		play := s.seats[p].zones[zPlay-1]
		var walk groupWalk
		for _, c := range play {
			ci := &s.cards[c]
			lead := s.isEntity(c) && walk.leads(ci)
			switch {
			case ci.flags&fDoomed != 0:
				doomed = true
			case !lead:
			case ci.kw&kwZusammenwachsen == 0 && ci.resLeft() <= 0,
				ci.kw&kwZusammenwachsen != 0 && s.groupRes(play, ci.typ) <= 0:
				s.doom(c)
				doomed = true
			}
		}
	}
	return doomed
}

// nextDoomed is the first card marked to die, the active player's first;
// 0 when there is none.
func (s *state) nextDoomed() int16 {
	for i := int8(0); i < 2; i++ {
		for _, c := range s.seats[s.active^i].zones[zPlay-1] {
			if ci := &s.cards[c]; ci.flags&fDoomed != 0 && ci.zone == zPlay {
				return c
			}
		}
	}
	return 0
}

// groupRes is the Widerstand left of the Zusammenwachsen group of type
// typ in play area play: the sum over its cards (ML-6.14).
func (s *state) groupRes(play []int16, typ uint8) int {
	res := 0
	for _, c := range play {
		if ci := &s.cards[c]; s.isEntity(c) && ci.typ == typ && ci.kw&kwZusammenwachsen != 0 {
			res += ci.resLeft()
		}
	}
	return res
}

// destroy puts c into its owner's discard pile (ML-6.19).
func (s *state) destroy(c int16) {
	s.leavePlay(c)
	s.put(c, zDiscard, s.cards[c].owner, true)
}

// spore turns a dying Sporenbildner face down in play instead (ML-6.18).
func (s *state) spore(c int16) {
	s.leavePlay(c)
	s.cards[c].flags |= fSpore | fTapped
}

// leavePlay: c's mutations are shuffled into its controller's genpool
// (ML-5.14), its lysosome returns to play tapped under its owner
// (ML-6.9, ML-10.13), and its markers go.
func (s *state) leavePlay(c int16) {
	ci := &s.cards[c]
	p := ci.owner
	moved := false
	for i := 0; i < len(s.muts); {
		m := s.muts[i]
		if s.cards[m].host == c {
			s.put(m, zGenpool, p, true)
			moved = true
			continue
		}
		i++
	}
	if moved {
		s.shuffleGenpool(p)
	}
	if l := ci.lyso; l != 0 {
		ci.lyso = 0
		s.cards[l].host = 0
		s.cards[l].zone = zNone
		s.put(l, zPlay, s.cards[l].owner, false)
		s.cards[l].flags = fTapped
	}
	ci.dmg, ci.toxin, ci.atkT, ci.resT = 0, 0, 0, 0
	ci.flags &= fPublic
	s.printed(c)
	s.settle = true
}

func (s *state) shuffleGenpool(p int8) {
	engine.Shuffle(&s.rng, s.seats[p].zones[zGenpool-1])
}
