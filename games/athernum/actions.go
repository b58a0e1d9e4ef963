package athernum

import (
	"kartenwerk/engine"
)

// Legal appends the legal actions of ToMove.
func (s *State) Legal(dst []engine.Action) []engine.Action {
	return append(dst, s.legalList()...)
}

// legalList is the cached list of legal actions, made when needed.
func (s *State) legalList() []engine.Action {
	return engine.CachedLegal(&s.legal, &s.legalOK, s, (*State).genLegal)
}

// Apply plays a legal action, or refuses it with the reason.
func (s *State) Apply(a engine.Action) error {
	if !engine.Contains(s.legalList(), a) {
		return s.explain(a)
	}
	s.legalOK = false
	if s.dec == decPriority && a.Verb != vPass {
		s.hist.responses++
	}
	switch a.Verb { // actions that can change what the state-based checks see
	case vClaim, vActivate, vSupport, vReveal, vItem:
		s.dirty = true
	}
	s.exec(a)
	s.advance()
	return nil
}

func (s *State) genLegal(dst []engine.Action) []engine.Action {
	p := s.toMove
	switch s.dec {
	case decStart:
		return s.startChoices(dst, p)
	case decTrigger:
		return s.triggerChoices(dst, p)
	case decPriority:
		dst = append(dst, engine.Act(vPass))
		return s.reactions(dst, p)
	case decDefend:
		dst = append(dst, engine.Act(vNoDefend))
		pl := &s.pl[p]
		if pl.main != 0 && !s.cards[pl.main].faceDown() {
			dst = append(dst, engine.Act(vDefend, int(pl.main)))
		}
		for _, x := range s.zs(pl.chars) {
			if !s.cards[x].faceDown() {
				dst = append(dst, engine.Act(vDefend, int(x)))
			}
		}
		return dst
	case decItem:
		id := int(s.offer[0])
		return append(dst, engine.Act(vItem, id, 0), engine.Act(vItem, id, 1))
	case decMain:
		if s.phase == phCombat {
			return s.combatActions(dst, p)
		}
		return s.dayActions(dst, p)
	}
	return dst
}

// triggerChoices: which waiting trigger goes on the stack next, with its
// target (AT-5.19, AT-6.2).
func (s *State) triggerChoices(dst []engine.Action, p int8) []engine.Action {
	for i := int8(0); i < s.tn; i++ {
		t := s.trig[i]
		if t.ctrl != p || s.seenTrigger(i) {
			continue
		}
		if t.abil >= 0 {
			if a := &s.def(t.src).abil[t.abil]; a.tgt.chosen() {
				var buf [maxTargets]int16
				for _, x := range s.targetList(p, a.tgt, &buf) {
					dst = append(dst, engine.Act(vTrigger, int(t.src), int(t.abil), int(x)))
				}
				continue
			}
		}
		dst = append(dst, engine.Act(vTrigger, int(t.src), int(t.abil), 0))
	}
	return dst
}

// seenTrigger: an identical trigger waits earlier in the list.
func (s *State) seenTrigger(i int8) bool {
	for j := int8(0); j < i; j++ {
		if s.trig[j] == s.trig[i] {
			return true
		}
	}
	return false
}

// dayActions: the Day actions with an empty stack (AT-5.1-5.11).
func (s *State) dayActions(dst []engine.Action, p int8) []engine.Action {
	pl := &s.pl[p]
	dst = append(dst, engine.Act(vEndDay))
	if pl.cmd >= 1 && pl.deck.n > 0 { // AT-5.1, AT-10.19
		dst = append(dst, engine.Act(vDraw))
	}
	role := s.role(p)
	if pl.cmd >= 1 && !s.genUsed && role != 0 { // AT-5.2
		if f := s.def(role).faction; f >= 0 {
			dst = append(dst, engine.Act(vResource, int(f)))
		} else {
			for f := 0; f < 3; f++ {
				dst = append(dst, engine.Act(vResource, f))
			}
		}
	}
	if pl.cmd >= 2 && !s.claimed && role != 0 && s.cards[role].vp < s.def(role).vp && s.vpPool() > 0 { // AT-5.3
		dst = append(dst, engine.Act(vClaim))
	}
	dst = s.plays(dst, p, pl.hand)
	dst = s.plays(dst, p, pl.extra)
	if s.combatAllowed() {
		dst = append(dst, engine.Act(vCombat))
	}
	return s.reactions(dst, p)
}

// plays: characters, locations and items from a zone (AT-5.4-5.6).
func (s *State) plays(dst []engine.Action, p int8, z zone) []engine.Action {
	if s.sn >= maxStack {
		return dst
	}
	have := s.avail(p)
	var seen defSet
	for _, id := range s.zs(z) {
		// Copies share a cost, so the cheap test may come before seen.
		d := s.def(id)
		if int(d.cost) > have || !seen.add(s.cards[id].def) || !s.canPayCard(p, d) {
			continue
		}
		switch d.typ {
		case tCharacter:
			if s.canPlayCharacter(p, id) {
				dst = append(dst, engine.Act(vPlay, int(id)))
			}
		case tLocation:
			if !s.locUsed {
				dst = append(dst, engine.Act(vPlay, int(id)))
			}
		case tItem:
			s.forHosts(p, func(h int16) {
				dst = append(dst, engine.Act(vAttach, int(id), int(h), 0), engine.Act(vAttach, int(id), int(h), 1))
			})
		}
	}
	return dst
}

// canPlayCharacter: a free slot, and no second copy of a VP character
// (AT-5.4).
func (s *State) canPlayCharacter(p int8, id int16) bool {
	pl := &s.pl[p]
	n := int(pl.chars.n)
	d := s.cards[id].def
	vp := s.def(id).vp > 0
	for i := int8(0); i < s.sn; i++ {
		it := s.stack[i]
		if it.kind == itCard && it.ctrl == p && s.def(it.src).typ == tCharacter {
			n++
			if vp && s.cards[it.src].def == d {
				return false
			}
		}
	}
	if n >= 5 {
		return false
	}
	if !vp {
		return true
	}
	if pl.main != 0 && s.cards[pl.main].def == d {
		return false
	}
	for _, x := range s.zs(pl.chars) {
		if s.cards[x].def == d {
			return false
		}
	}
	return true
}

// forHosts calls fn for each face-up card of p with a free item slot,
// items already on their way there counted (AT-5.5, AT-10.U4).
func (s *State) forHosts(p int8, fn func(int16)) {
	pl := &s.pl[p]
	try := func(h int16) {
		if h == 0 || s.cards[h].faceDown() || s.def(h).slots == 0 {
			return
		}
		free := s.slotsFree(h)
		for i := int8(0); i < s.sn; i++ {
			if it := s.stack[i]; it.kind == itCard && it.tgt == h {
				free--
			}
		}
		if free > 0 {
			fn(h)
		}
	}
	try(pl.main)
	for _, x := range s.zs(pl.chars) {
		try(x)
	}
	try(pl.loc)
}

// combatActions: attacks in the Combat phase (AT-5.13, AT-5.14).
func (s *State) combatActions(dst []engine.Action, p int8) []engine.Action {
	dst = append(dst, engine.Act(vEndCombat))
	pl := &s.pl[p]
	each := func(att int16) {
		if att == 0 || s.cards[att].faceDown() {
			return
		}
		var buf [maxTargets]int16
		for _, t := range s.targetList(p, tgEnemy, &buf) {
			dst = append(dst, engine.Act(vAttack, int(att), int(t)))
		}
	}
	each(pl.main)
	for _, x := range s.zs(pl.chars) {
		each(x)
	}
	return s.reactions(dst, p)
}

// reactions: what a player holding priority may always do: activate
// abilities, Support from hand, reveal face-down items (AT-5.15, AT-5.24,
// AT-10.12).
func (s *State) reactions(dst []engine.Action, p int8) []engine.Action {
	pl := &s.pl[p]
	if s.sn < maxStack {
		dst = s.activations(dst, p, pl.main)
		dst = s.activations(dst, p, pl.loc)
		for _, x := range s.zs(pl.chars) {
			dst = s.activations(dst, p, x)
		}
		for _, x := range s.zs(pl.items) {
			dst = s.activations(dst, p, x)
		}
		if !s.supportOnStack() {
			var seen defSet
			for _, h := range s.zs(pl.hand) {
				if s.def(h).support && seen.add(s.cards[h].def) {
					dst = s.supports(dst, p, h)
				}
			}
		}
	}
	for _, x := range s.zs(pl.items) {
		if s.cards[x].secret() {
			dst = append(dst, engine.Act(vReveal, int(x)))
		}
	}
	return dst
}

func (s *State) activations(dst []engine.Action, p int8, src int16) []engine.Action {
	if src == 0 || s.cards[src].faceDown() {
		return dst
	}
	d := s.def(src)
	if !d.activ {
		return dst
	}
	for i := range d.abil {
		a := &d.abil[i]
		if a.activatable() && s.canPayAbility(p, src, a, false) {
			dst = s.withChoices(dst, vActivate, p, src, i, a)
		}
	}
	return dst
}

func (s *State) supports(dst []engine.Action, p int8, src int16) []engine.Action {
	d := s.def(src)
	if !d.support {
		return dst
	}
	for i := range d.abil {
		a := &d.abil[i]
		if a.kind == akSupport && s.canPayAbility(p, src, a, true) {
			dst = s.withChoices(dst, vSupport, p, src, i, a)
		}
	}
	return dst
}

// withChoices lists an ability once per target and per card to discard.
func (s *State) withChoices(dst []engine.Action, v engine.Verb, p int8, src int16, i int, a *ability) []engine.Action {
	emit := func(t int16) {
		if !a.discard {
			dst = append(dst, engine.Act(v, int(src), i, int(t), 0))
			return
		}
		var seen defSet
		for _, h := range s.zs(s.pl[p].hand) {
			if h != src && seen.add(s.cards[h].def) {
				dst = append(dst, engine.Act(v, int(src), i, int(t), int(h)))
			}
		}
	}
	if a.tgt.chosen() {
		var buf [maxTargets]int16
		for _, t := range s.targetList(p, a.tgt, &buf) {
			emit(t)
		}
	} else {
		emit(0)
	}
	return dst
}

// Targets (AT-5.22, AT-10.5).

func (s *State) isTarget(ctrl int8, src, t int16, k targetKind) bool {
	c := &s.cards[t]
	if !c.onField() || s.pl[c.owner].out || c.secret() {
		return false
	}
	isChar := c.zone == zChars || c.zone == zMain
	switch k {
	case tgEnemy:
		return isChar && c.owner != ctrl
	case tgAlly:
		return isChar && c.owner == ctrl
	case tgChar:
		return isChar
	case tgEnemyVP:
		return c.owner != ctrl && c.vp > 0
	}
	return false
}

// maxTargets bounds the targets at a table: 4 seats with a main
// character, 5 characters and a location each.
const maxTargets = 4 * 7

// targetList lists the legal targets of kind k for ctrl in buf, seat by
// seat: main character, characters, location. A list in a buffer rather
// than a callback keeps the hot paths free of closures.
func (s *State) targetList(ctrl int8, k targetKind, buf *[maxTargets]int16) []int16 {
	n := 0
	for q := int8(0); q < s.n; q++ {
		pl := &s.pl[q]
		if pl.out || (q == ctrl && (k == tgEnemy || k == tgEnemyVP)) || (q != ctrl && k == tgAlly) {
			continue
		}
		if pl.main != 0 && s.isTarget(ctrl, 0, pl.main, k) {
			buf[n], n = pl.main, n+1
		}
		for _, x := range s.zs(pl.chars) {
			if s.isTarget(ctrl, 0, x, k) {
				buf[n], n = x, n+1
			}
		}
		if k == tgEnemyVP && pl.loc != 0 && s.isTarget(ctrl, 0, pl.loc, k) {
			buf[n], n = pl.loc, n+1
		}
	}
	return buf[:n]
}

func (s *State) countTargets(ctrl int8, k targetKind) int {
	var buf [maxTargets]int16
	return len(s.targetList(ctrl, k, &buf))
}

func (s *State) firstTarget(ctrl int8, k targetKind) int16 {
	var buf [maxTargets]int16
	if l := s.targetList(ctrl, k, &buf); len(l) > 0 {
		return l[0]
	}
	return 0
}

// Paying costs (AT-5.12). The engine exhausts resource tokens for the
// player: the pool first, then ready tokens, keeping tokens of the
// required faction for last.

func (s *State) avail(p int8) int {
	pl := &s.pl[p]
	n := 0
	for f := 0; f < nFactions; f++ {
		n += int(pl.pool[f] + pl.ready[f])
	}
	return n
}

// canPay: n resources, at least one of faction f when f >= 0 (AT-5.4).
func (s *State) canPay(p int8, n int, f int8) bool {
	if n == 0 {
		return true
	}
	pl := &s.pl[p]
	if f >= 0 && pl.pool[f]+pl.ready[f] == 0 {
		return false
	}
	return s.avail(p) >= n
}

func (s *State) pay(p int8, n int, f int8) {
	pl := &s.pl[p]
	take := func(g int8, fromPool bool) bool {
		if fromPool && pl.pool[g] > 0 {
			pl.pool[g]--
			return true
		}
		if !fromPool && pl.ready[g] > 0 {
			pl.ready[g]--
			pl.exh[g]++
			return true
		}
		return false
	}
	if n > 0 && f >= 0 {
		if !take(f, true) {
			take(f, false)
		}
		n--
	}
	for _, fromPool := range [2]bool{true, false} {
		for pass := 0; pass < 2; pass++ {
			for g := int8(0); g < nFactions && n > 0; g++ {
				if (pass == 0) == (g == f) {
					continue
				}
				for n > 0 && take(g, fromPool) {
					n--
				}
			}
		}
	}
}

// cardFaction is the faction a card's cost must include (AT-5.4).
func cardFaction(d *cardDef) int8 {
	if d.cost > 0 {
		return d.faction
	}
	return -1
}

func (s *State) canPayCard(p int8, d *cardDef) bool {
	return s.canPay(p, int(d.cost), cardFaction(d))
}

// canPayAbility: every cost can be paid now (AT-5.12, AT-6.3).
func (s *State) canPayAbility(p int8, src int16, a *ability, fromHand bool) bool {
	pl := &s.pl[p]
	if !s.canPay(p, int(a.res), -1) || pl.cmd < a.cmd {
		return false
	}
	if a.vpCost > 0 && s.cards[src].vp < a.vpCost {
		return false
	}
	if a.discard {
		other := pl.hand.n
		if fromHand {
			other--
		}
		if other == 0 {
			return false
		}
	}
	if a.tgt.chosen() && s.countTargets(p, a.tgt) == 0 {
		return false
	}
	return true
}

func (s *State) payAbility(p int8, src int16, a *ability, discard int16) {
	pl := &s.pl[p]
	s.pay(p, int(a.res), -1)
	pl.cmd -= a.cmd
	if a.exhaust {
		s.exhaust(src)
	}
	if a.vpCost > 0 {
		s.cards[src].vp -= a.vpCost
	}
	if discard != 0 {
		s.move(discard, zDiscard)
	}
}

// exec carries out a legal action.
func (s *State) exec(a engine.Action) {
	p := s.toMove
	pl := &s.pl[p]
	x, y, z, w := a.Args[0], a.Args[1], a.Args[2], a.Args[3]
	switch a.Verb {
	case vStart:
		s.chooseStart(x)
	case vTrigger:
		for i := int8(0); i < s.tn; i++ {
			if t := s.trig[i]; t.ctrl == p && t.src == x && int16(t.abil) == y {
				s.placeTrigger(i, z)
				break
			}
		}
	case vPass:
		s.pass()
	case vDraw:
		pl.cmd--
		s.drawCard(p)
	case vResource:
		pl.cmd--
		s.genUsed = true
		pl.ready[x]++
	case vClaim:
		pl.cmd -= 2
		s.claimed = true
		s.hist.claimed++
		s.cards[s.role(p)].vp++
	case vPlay:
		d := s.def(x)
		s.pay(p, int(d.cost), cardFaction(d))
		if d.typ == tLocation {
			s.locUsed = true
		}
		s.move(x, zStack)
		s.pushItem(item{kind: itCard, ctrl: p, src: x})
	case vAttach:
		d := s.def(x)
		s.pay(p, int(d.cost), cardFaction(d))
		if z == 1 { // face down: placed at once, it has no abilities (AT-5.5)
			s.move(x, zItem)
			s.cards[x].host = y
			s.cards[x].flags |= fFaceDown
			return
		}
		s.move(x, zStack)
		s.pushItem(item{kind: itCard, ctrl: p, src: x, tgt: y})
	case vActivate:
		ab := &s.def(x).abil[y]
		s.payAbility(p, x, ab, w)
		s.pushItem(item{kind: itAbility, ctrl: p, abil: int8(y), src: x, tgt: z})
	case vSupport:
		ab := &s.def(x).abil[y]
		s.move(x, zDiscard)
		s.payAbility(p, x, ab, w)
		s.pushItem(item{kind: itAbility, ctrl: p, abil: int8(y), src: x, tgt: z})
	case vReveal:
		s.reveal(x)
	case vCombat:
		s.combatUs = true
		s.setPhase(phCombat)
	case vEndCombat:
		s.setPhase(phDay)
		s.step = 1
	case vAttack:
		s.attack(x, y)
	case vDefend:
		s.fight(s.atk, s.atkT, x)
	case vNoDefend:
		s.fight(s.atk, s.atkT, 0)
	case vEndDay:
		s.setPhase(phEvening)
	case vItem:
		s.dropOffer()
		if y == 1 {
			s.discard(x, zDiscard)
		}
	}
}

// PlayedCard is the index in Game.Cards() of the card action a puts into
// play: a character or location played from the hand or the Extra deck,
// an item attached, a character discarded for its Support ability, and
// the start card, which goes from the deck onto its slot (AT-3.2) and is
// in play from the first turn; -1 for any other action
// (engine.CardPlayer). Counted as not played, a start card's games went
// to the games without it, with the wins its choice brought.
func (s *State) PlayedCard(a engine.Action) int {
	id := a.Args[0]
	if id <= 0 || int(id) >= len(s.cards) || !putsIntoPlayFrom(a.Verb, s.cards[id].zone) {
		return -1
	}
	return int(s.cards[id].def) - 1 // Cards() leaves out definition 0
}

// putsIntoPlayFrom says whether verb puts a card in zone z into play:
// from the hand or the Extra deck, or from the deck as the start card.
func putsIntoPlayFrom(verb engine.Verb, z uint8) bool {
	switch verb {
	case vPlay, vAttach, vSupport:
		return z == zHand || z == zExtra
	case vStart:
		return z == zDeck
	}
	return false
}

// AsideCards appends the Cards() index of seat's start card, once the
// start cards are revealed (AT-3.3; see engine.AsideHolder).
func (s *State) AsideCards(seat engine.Seat, dst []int) []int {
	if def := s.pl[seat].startDef; def > 0 {
		dst = append(dst, int(def)-1) // Cards() leaves out definition 0
	}
	return dst
}

// HandCards appends the Cards() index of each card in seat's hand (see
// engine.CardHolder).
func (s *State) HandCards(seat engine.Seat, dst []int) []int {
	for _, id := range s.zs(s.pl[seat].hand) {
		dst = append(dst, int(s.cards[id].def)-1) // Cards() leaves out definition 0
	}
	return dst
}
