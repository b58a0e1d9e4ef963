package sim

import "math"

// A card's figures count seat-games, but the seat-games of one deal are not
// independent: both seats of a game share its result (one wins, so the
// other loses), and in a mirrored batch a deck meets the same shuffle, and
// so the same hand, in each game of the deal. Intervals that took every
// seat-game for an independent one would be too narrow where the seat-games
// of a deal agree, and too wide where they balance each other. The deal is
// the independent unit; these are the sums over deals that a cluster-robust
// variance of the card's figures needs.

// CardMoments are one card's sums over the deals that counted its deck,
// with y the seat-games of the deal that had the card (played, or drawn)
// and won, m those that had it, and Y and M the deck's wins and
// seat-games in the deal. With the deck's own sums (DeckCards.Deals) they
// give each group's clustered rate and the clustered variance of the
// difference between the groups.
type CardMoments struct {
	// Deals counts the deals with the card in some seat-game of the deck,
	// DealsAll those with it in every one.
	Deals    int64 `json:"deals"`
	DealsAll int64 `json:"deals_all"`
	YY       int64 `json:"yy"`
	YM       int64 `json:"ym"`
	MM       int64 `json:"mm"`
	YDeckY   int64 `json:"y_deck_y"`
	YDeckM   int64 `json:"y_deck_m"`
	MDeckY   int64 `json:"m_deck_y"`
	MDeckM   int64 `json:"m_deck_m"`
}

func (m *CardMoments) add(o CardMoments) {
	m.Deals += o.Deals
	m.DealsAll += o.DealsAll
	m.YY += o.YY
	m.YM += o.YM
	m.MM += o.MM
	m.YDeckY += o.YDeckY
	m.YDeckM += o.YDeckM
	m.MDeckY += o.MDeckY
	m.MDeckM += o.MDeckM
}

// count adds one deal in which y of the m seat-games with the card won,
// and the deck won Y of its M.
func (m *CardMoments) count(y, mm, Y, M int64) {
	m.Deals++
	if mm == M {
		m.DealsAll++
	}
	m.YY += y * y
	m.YM += y * mm
	m.MM += mm * mm
	m.YDeckY += y * Y
	m.YDeckM += y * M
	m.MDeckY += mm * Y
	m.MDeckM += mm * M
}

// orNil is a copy of m, or nil when it counts no deal.
func (m CardMoments) orNil() *CardMoments {
	if m.Deals == 0 {
		return nil
	}
	return &m
}

// mergeMoments is a's sums plus b's, in a copy when a is nil.
func mergeMoments(a, b *CardMoments) *CardMoments {
	if b == nil {
		return a
	}
	if a == nil {
		c := *b
		return &c
	}
	a.add(*b)
	return a
}

func (d *DeckCards) addDeals(c Clustered) {
	if c.Clusters == 0 {
		return
	}
	if d.Deals == nil {
		d.Deals = &Clustered{}
	}
	d.Deals.merge(c)
}

// endCardDeal closes the deal being counted: its decks' and cards' counts
// become one cluster each.
func (t *Tally) endCardDeal() {
	t.played.endDeal()
	t.openFirst.endDeal()
	t.openLater.endDeal()
	t.drawnAside.endDeal()
}

func (b *cardBook) endDeal() {
	for _, d := range b.dealDecks {
		d.deals.Add(d.dealWins, d.dealGames)
		d.played.endDeal(d.dealWins, d.dealGames)
		d.drawn.endDeal(d.dealWins, d.dealGames)
		d.dealGames, d.dealWins = 0, 0
	}
	b.dealDecks = b.dealDecks[:0]
}

func (c *cardCounts) endDeal(deckWins, deckGames int) {
	for _, i := range c.touched {
		c.moments[i].count(int64(c.dealWon[i]), int64(c.dealSeen[i]), int64(deckWins), int64(deckGames))
		c.dealSeen[i], c.dealWon[i] = 0, 0
	}
	c.touched = c.touched[:0]
}

// byDeal reports whether the deck's seat-games came two or more to a deal
// somewhere, so that the deal, not the seat-game, is the unit its
// intervals count (where every deal holds one, the two agree).
func (d *DeckCards) byDeal() bool {
	return d.Deals != nil && d.Deals.MM > d.Deals.M && d.Deals.M == int64(d.SeatGames)
}

// cardGroups are the deck's seat-games with a card (won of seen) and
// without it, as clusters of deals.
func cardGroups(deck Clustered, m CardMoments, won, seen int) (with, without Clustered) {
	y, n := int64(won), int64(seen)
	with = Clustered{Clusters: m.Deals, Y: y, M: n, YY: m.YY, YM: m.YM, MM: m.MM}
	without = Clustered{Clusters: deck.Clusters - m.DealsAll, Y: deck.Y - y, M: deck.M - n,
		YY: deck.YY - 2*m.YDeckY + m.YY,
		YM: deck.YM - m.YDeckM - m.MDeckY + m.YM,
		MM: deck.MM - 2*m.MDeckM + m.MM}
	return with, without
}

// shareByDeal is the share of the deck's seat-games that had the card
// (seen of them), as clusters of deals: in a deal the card's seat-games
// are its "events" and the deck's its games.
func shareByDeal(deck Clustered, m CardMoments, seen int) Interval {
	return Clustered{Clusters: deck.Clusters, Y: int64(seen), M: deck.M, YY: m.MM, YM: m.MDeckM, MM: deck.MM}.Interval()
}

// diffVariance is the cluster-robust (linearised) variance of the
// difference between the rates of the two groups, which share their
// deals: the sum over deals of the squared residuals
// (y - p1·m)/N1 - (y0 - p0·m0)/N0, times C/(C-1) for C deals.
func diffVariance(deck Clustered, m CardMoments, with, without Clustered) float64 {
	c := float64(deck.Clusters)
	n1, n0 := float64(with.M), float64(without.M)
	if c < 2 || n1 == 0 || n0 == 0 {
		return math.NaN()
	}
	p1, p0 := float64(with.Y)/n1, float64(without.Y)/n0
	own := func(g Clustered, p float64) float64 {
		return float64(g.YY) - 2*p*float64(g.YM) + p*p*float64(g.MM)
	}
	// The sum over deals of (y - p1·m)(y0 - p0·m0), with y0 = Y - y and
	// m0 = M - m.
	cross := float64(m.YDeckY-m.YY) - p0*float64(m.YDeckM-m.YM) - p1*float64(m.MDeckY-m.YM) + p1*p0*float64(m.MDeckM-m.MM)
	ss := own(with, p1)/(n1*n1) + own(without, p0)/(n0*n0) - 2*cross/(n1*n0)
	return c / (c - 1) * max(0, ss)
}

// independentVariance is the variance of the difference p1 - p0 of rates
// over n1 and n0 independent seat-games.
func independentVariance(d difference) float64 {
	n1, n0 := float64(d.n1), float64(d.n0)
	return d.p1*(1-d.p1)/n1 + d.p0*(1-d.p0)/n0
}

// widen scales an interval's halves about est by the square root of the
// design effect: the clustered variance over the independent one. It
// leaves the interval as it is where either says nothing.
func widen(est, low, high, clustered, independent float64) (float64, float64) {
	if !(clustered > 0) || !(independent > 0) {
		return low, high
	}
	f := math.Sqrt(clustered / independent)
	return est - (est-low)*f, est + (high-est)*f
}
