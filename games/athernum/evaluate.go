package athernum

import (
	"math"

	"kartenwerk/engine"
)

// Weights of the evaluation. Nearly every game ends by an Objective or by
// point superiority (AT-7.2, AT-7.3; see TestStats), so how close a seat
// is to either dominates its chance; board, hand and resources only say
// how fast it gets closer. The values were chosen by playing greedy
// against random and against greedy with other weights.
const (
	// wThreat is a path to victory needing one more VP; each further VP,
	// or Morning a face-down card waits, multiplies it by threatDecay.
	wThreat     = 12.0
	threatDecay = 0.6
	wVP         = 0.5  // a VP token held
	wChar       = 0.3  // a character that can attack and defend
	wOFV        = 0.15 // per point of current OFV
	wDFV        = 0.1  // per point of DFV left before the discard
	// exhDecay discounts an exhausted character's stats per marker: it
	// is back in a Morning or two, but cannot defend meanwhile.
	exhDecay = 0.9
	wItem    = 0.2  // an attached item
	wLoc     = 0.2  // a location in play
	wHand    = 0.1  // a hand card, up to handCap
	wToken   = 0.4  // a resource token, up to tokenCap
	wCmd     = 0.05 // command tokens can still pay for reactions
	// wDeckOut is the risk of losing to a forced draw from an empty deck
	// (AT-7.4); it halves with every card left.
	wDeckOut = 3.0
	handCap  = 10
	tokenCap = 8
	// evalTemp turns score differences into chances: a lead of evalTemp
	// is worth odds of e to 1.
	evalTemp = 1.5
)

// threatPow and exhPow are the powers of threatDecay and exhDecay, worked
// out once: greedy calls Evaluate for every legal action, and math.Pow is
// slow. The last entry stands for higher powers, which are nearly 0.
var threatPow, exhPow = powers(threatDecay, 64), powers(exhDecay, 128)

func powers(x float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Pow(x, float64(i))
	}
	return out
}

// Evaluate estimates seat's chance of winning from here, without playing
// on (engine.Evaluator): a finished game gives 1 to its winner, 0 to the
// others and 0.5 to all in a draw; otherwise each live seat's strength is
// scored and the chances are a softmax of the scores, so they add up to 1.
// It allocates nothing.
func (s *State) Evaluate(seat engine.Seat) float64 {
	if s.phase == phOver {
		switch {
		case s.winners.Has(seat):
			return 1
		case s.winners == 0:
			return 0.5
		}
		return 0
	}
	p := int(seat)
	if p < 0 || p >= int(s.n) || s.pl[p].out {
		return 0
	}
	var vp [4]int
	pool := s.vpTally(&vp)
	for q := int8(0); q < s.n; q++ { // VP on their way come from the pool
		k := s.pendingVPOf(q)
		vp[q] += k
		pool -= k
	}
	pool = max(pool, 0)
	var score [4]float64
	top := math.Inf(-1)
	for q := int8(0); q < s.n; q++ {
		if !s.pl[q].out {
			score[q] = s.strength(q, &vp, pool)
			top = max(top, score[q])
		}
	}
	sum, mine := 0.0, 0.0
	for q := 0; q < int(s.n); q++ {
		if !s.pl[q].out {
			e := math.Exp((score[q] - top) / evalTemp)
			sum += e
			if q == p {
				mine = e
			}
		}
	}
	return mine / sum
}

// threat scores a way to win that needs need more steps.
func threat(need int) float64 {
	if need < 1 {
		need = 1
	}
	return wThreat * threatPow[min(need, len(threatPow)-1)]
}

// strength scores seat q: its threats, VP, board, hand and resources.
func (s *State) strength(q int8, vp *[4]int, pool int) float64 {
	pl := &s.pl[q]
	v := s.superiorityThreat(q, vp, pool) + wVP*float64(vp[q])
	v += s.boardValue(q)
	v += wHand * float64(min(int(pl.hand.n), handCap))
	v += wToken * float64(min(s.tokens(q), tokenCap))
	v += wCmd * float64(pl.cmd)
	v -= wDeckOut * math.Ldexp(1, -int(pl.deck.n))
	return v
}

// superiorityThreat scores the VP q still needs for point superiority
// over the strongest opponent (AT-7.2).
func (s *State) superiorityThreat(q int8, vp *[4]int, pool int) float64 {
	best := 0
	for r := int8(0); r < s.n; r++ {
		if r != q && !s.pl[r].out {
			best = max(best, vp[r])
		}
	}
	return threat(best + pool + 1 - vp[q])
}

// tokens counts q's resource tokens that will be ready in its next turn.
func (s *State) tokens(q int8) int {
	pl := &s.pl[q]
	n := 0
	for f := 0; f < nFactions; f++ {
		n += int(pl.ready[f])
		if !s.r.singleUse {
			n += int(pl.exh[f])
		}
	}
	return n
}

// boardValue scores q's cards in play and on their way there (cards q has
// on the stack), with a pending attack already fought.
func (s *State) boardValue(q int8) float64 {
	pl := &s.pl[q]
	v := 0.0
	if pl.main != 0 {
		v += s.charValue(pl.main, s.seenCard(pl.main))
	}
	for _, x := range s.zs(pl.chars) {
		v += s.charValue(x, s.seenCard(x))
	}
	if pl.loc != 0 {
		v += wLoc
	}
	v += wItem * float64(pl.items.n)
	for i := int8(0); i < s.sn; i++ {
		it := &s.stack[i]
		if it.kind != itCard || it.ctrl != q {
			continue
		}
		switch s.def(it.src).typ {
		case tCharacter:
			v += s.charValue(it.src, seen{})
		case tItem:
			v += wItem
		case tLocation:
			v += wLoc
		}
	}
	return v
}

// seen is a character as the evaluation sees it.
type seen struct {
	exh, dmg, vp int
	down, gone   bool
}

// seenCard is character id with the attack waiting for a defender fought
// as if undefended (AT-5.13): the evaluation cannot play it out.
func (s *State) seenCard(id int16) seen {
	c := &s.cards[id]
	v := seen{exh: int(c.exh), dmg: int(c.dmg), vp: int(c.vp) + s.pendingVP(id), down: c.faceDown()}
	if s.atk == 0 || (id != s.atk && id != s.atkT) {
		return v
	}
	other := s.atkT
	if id == s.atkT {
		other = s.atk
	}
	v.dmg += s.ofv(other)
	if !v.down && (v.dmg > s.dfv(id) || s.r.reach && v.dmg >= s.dfv(id)) {
		if c.zone != zMain { // discarded (AT-5.13 step 5)
			return seen{gone: true}
		}
		v.dmg = 0 // the main character is reset instead (AT-5.20)
	}
	if id == s.atk || !s.r.attackerExh {
		v.exh++
		v.down = true
	}
	return v
}

// charValue scores one character: its stats (printed ones, discounted by
// the Mornings it waits, while it is exhausted) and its Objective.
func (s *State) charValue(id int16, v seen) float64 {
	if v.gone {
		return 0
	}
	d := s.def(id)
	var x float64
	if v.down {
		x = (wOFV*float64(d.ofv) + wDFV*float64(max(0, int(d.dfv)-v.dmg))) * exhPow[min(v.exh, len(exhPow)-1)]
	} else {
		x = wOFV*float64(s.ofv(id)) + wDFV*float64(max(0, s.dfv(id)-v.dmg))
	}
	x += wChar
	if d.objective {
		// Face down it has no Objective until revealed (AT-10.11).
		x += threat(int(d.vp) - v.vp + v.exh)
	}
	return x
}

// pendingVP is the VP that abilities on the stack will put on card id
// (AT-10.6: up to its field).
func (s *State) pendingVP(id int16) int {
	n := 0
	for i := int8(0); i < s.sn; i++ {
		it := &s.stack[i]
		if it.kind != itAbility || it.ctrl != s.cards[id].owner {
			continue
		}
		for _, e := range s.def(it.src).abil[it.abil].eff {
			if e.op == opVP && s.effectHits(it, e.tgt, id) {
				n += int(e.n)
			}
		}
	}
	return min(n, int(s.def(id).vp-s.cards[id].vp))
}

// effectHits: an effect with target kind k of stack item it lands on id.
func (s *State) effectHits(it *item, k targetKind, id int16) bool {
	switch k {
	case tgSelf:
		return it.src == id
	case tgMain:
		return s.role(it.ctrl) == id
	}
	return k.chosen() && it.tgt == id
}

// pendingVPOf is the VP the stack will add to q's cards: its characters,
// and a start location acting as main character (AT-10.8).
func (s *State) pendingVPOf(q int8) int {
	n := 0
	pl := &s.pl[q]
	if pl.main != 0 {
		n += s.pendingVP(pl.main)
	}
	for _, x := range s.zs(pl.chars) {
		n += s.pendingVP(x)
	}
	if pl.loc != 0 && pl.loc == s.role(q) {
		n += s.pendingVP(pl.loc)
	}
	return n
}
