package tournament

// pairer finds a Swiss pairing over players listed best-ranked first. It
// pairs the best unpaired player with the next best one they have not met,
// and backtracks when the rest cannot be paired: so players meet within
// their score group, and pair down to the next group only when they must.
// Failed sets of unpaired players are remembered, since whether a set can
// be paired does not depend on how it was reached.
type pairer struct {
	met    [][]bool // by rank position
	free   []bool
	pairs  [][2]int
	failed map[string]bool
}

func newPairer(met [][]bool) *pairer {
	free := make([]bool, len(met))
	for i := range free {
		free[i] = true
	}
	return &pairer{met: met, free: free, failed: map[string]bool{}}
}

// pairWithBye tries each bye candidate in turn (rank positions) and returns
// the pairs and the first candidate with whom the others can all be
// paired. With an even count pass no candidates. ok is false when no
// pairing without a rematch exists.
func (p *pairer) pairWithBye(candidates []int) (pairs [][2]int, bye int, ok bool) {
	if len(candidates) == 0 {
		return p.pairs, -1, p.solve()
	}
	for _, c := range candidates {
		p.free[c] = false
		if p.solve() {
			return p.pairs, c, true
		}
		p.free[c] = true
	}
	return nil, -1, false
}

func (p *pairer) solve() bool {
	first := p.firstFree()
	if first < 0 {
		return true
	}
	key := p.key()
	if p.failed[key] {
		return false
	}
	p.free[first] = false
	for other := first + 1; other < len(p.free); other++ {
		if !p.free[other] || p.met[first][other] {
			continue
		}
		p.free[other] = false
		p.pairs = append(p.pairs, [2]int{first, other})
		if p.solve() {
			return true
		}
		p.pairs = p.pairs[:len(p.pairs)-1]
		p.free[other] = true
	}
	p.free[first] = true
	p.failed[key] = true
	return false
}

func (p *pairer) firstFree() int {
	for i, f := range p.free {
		if f {
			return i
		}
	}
	return -1
}

// key is the set of unpaired players as a bit string.
func (p *pairer) key() string {
	bits := make([]byte, (len(p.free)+7)/8)
	for i, f := range p.free {
		if f {
			bits[i/8] |= 1 << (i % 8)
		}
	}
	return string(bits)
}
