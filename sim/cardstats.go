package sim

import (
	"maps"
	"math"
	"slices"
	"sort"
)

// CardStat is one card's effect on its player's results, within one deck,
// or pooled over the decks that hold it: when it was played against when
// not, and when it was drawn against when not.
type CardStat struct {
	Name string `json:"name"`
	// Deck is the deck whose seat-games these are ("" when not known).
	Deck string `json:"deck"`
	// Pooled marks a figure over Decks decks: each deck's difference,
	// weighted by its size, with a 95% normal interval (ImpactLow,
	// ImpactHigh; DrawLow, DrawHigh); its counts are the decks' sums.
	Pooled bool `json:"pooled,omitempty"`
	Decks  int  `json:"decks,omitempty"`
	// Played and NotPlayed count the seat-games with and without it.
	Played    int     `json:"played"`
	NotPlayed int     `json:"not_played"`
	PlayRate  float64 `json:"play_rate"`
	// PlayShare is PlayRate with its 95% interval, by deal where the
	// deck's seat-games share deals (see CardMoments); within a deck only.
	PlayShare  Interval `json:"play_rate_interval,omitzero"`
	WhenPlayed Interval `json:"win_when_played"`
	WhenNot    Interval `json:"win_when_not_played"`
	// Impact is WhenPlayed.Rate - WhenNot.Rate: a correlation, not a
	// cause (strong hands play more cards); 0 when either group is empty.
	Impact     float64 `json:"impact"`
	ImpactLow  float64 `json:"impact_low,omitempty"`
	ImpactHigh float64 `json:"impact_high,omitempty"`
	// ImpactMethod names the pooled interval (MethodStratified).
	ImpactMethod string `json:"impact_method,omitempty"`

	// Drawn and NotDrawn count the seat-games in which the card reached
	// its owner's hand and those in which it did not; zero both when the
	// game does not report hands (engine.CardHolder).
	Drawn        int      `json:"drawn,omitempty"`
	NotDrawn     int      `json:"not_drawn,omitempty"`
	DrawRate     float64  `json:"draw_rate,omitempty"`
	WhenDrawn    Interval `json:"win_when_drawn,omitzero"`
	WhenNotDrawn Interval `json:"win_when_not_drawn,omitzero"`
	// DrawImpact is the win rate when drawn minus when not. Whether a card
	// is drawn depends on the shuffle far more than on how the game is
	// going, so it is less biased than Impact by who is already winning;
	// a card its owner draws late, or only by searching for it, keeps
	// some of that bias. DrawLow and DrawHigh are its 95% interval by
	// DrawMethod (MethodNewcombeHybrid within a deck, MethodStratified
	// pooled, or within a deck whose seats set different cards aside
	// before the deal: see drawnWithinAside), and DrawSignificant tells
	// that the interval excludes 0. WhenDrawn and WhenNotDrawn are zero
	// where the figure is stratified.
	DrawImpact      float64 `json:"draw_impact,omitempty"`
	DrawLow         float64 `json:"draw_impact_low,omitempty"`
	DrawHigh        float64 `json:"draw_impact_high,omitempty"`
	DrawMethod      string  `json:"draw_impact_method,omitempty"`
	DrawSignificant bool    `json:"draw_significant,omitempty"`
	// DrawDiscovery tells, in a ranking, that the difference stays
	// significant when the ranking's many comparisons are allowed for:
	// among a hundred cards that change nothing, about five have an
	// interval that excludes 0 by chance. It is Benjamini and Hochberg's
	// procedure over the ranking at a false discovery rate of 5%, so that
	// of the cards it marks, at most about one in twenty is expected to
	// have no effect.
	DrawDiscovery bool `json:"draw_discovery,omitempty"`

	// playVariance and drawVariance are the clustered variances of Impact
	// and DrawImpact within a deck counted by deal; NaN or 0 otherwise.
	playVariance, drawVariance float64
}

// minCardGames is how many seat-games each side of a card comparison
// needs before text and charts show it.
const minCardGames = 30

// comparable reports whether both sides of the comparison are large enough
// to show.
func (c CardStat) comparable() bool { return c.Played >= minCardGames && c.NotPlayed >= minCardGames }

// drawComparable reports whether both sides of the drawn-versus-not
// comparison are large enough to rank.
func (c CardStat) drawComparable() bool {
	return c.Drawn >= minCardGames && c.NotDrawn >= minCardGames
}

// Label names the card, with its deck when known.
func (c CardStat) Label() string {
	switch {
	case c.Pooled:
		return c.Name + " (all decks)"
	case c.Deck != "":
		return c.Name + " (" + c.Deck + ")"
	}
	return c.Name
}

// cardStats is each card's figure within each deck, then a pooled figure
// for each card that two or more decks played, sorted by impact.
func cardStats(t *Tally) []CardStat {
	var out []CardStat
	byCard := map[string][]CardStat{}
	for _, deck := range slices.Sorted(maps.Keys(t.Cards)) {
		d := t.Cards[deck]
		for _, name := range slices.Sorted(maps.Keys(d.Cards)) {
			st := deckCardStat(name, deck, d)
			out = append(out, st)
			byCard[name] = append(byCard[name], st)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(byCard)) {
		if p, ok := pooled(byCard[name]); ok {
			out = append(out, p)
		}
	}
	if len(t.DrawnAside) > 0 {
		drawnWithinAside(out, cardStrata(t.DrawnAside))
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Impact > out[j].Impact })
	return out
}

// deckCardStat is one card's figures within one deck: by deal where the
// deck's seat-games came several to a deal (see CardMoments).
func deckCardStat(name, deck string, d *DeckCards) CardStat {
	c := d.Cards[name]
	st := CardStat{Name: name, Deck: deck, Played: c.Played, NotPlayed: d.SeatGames - c.Played,
		PlayRate:   float64(c.Played) / float64(max(1, d.SeatGames)),
		WhenPlayed: Wilson(float64(c.Won), float64(c.Played)),
		WhenNot:    Wilson(float64(d.SeatWins-c.Won), float64(d.SeatGames-c.Played))}
	st.PlayShare = Wilson(float64(c.Played), float64(d.SeatGames))
	byDeal := d.byDeal()
	if byDeal && c.PlayedByDeal != nil {
		with, without := cardGroups(*d.Deals, *c.PlayedByDeal, c.Won, c.Played)
		st.WhenPlayed, st.WhenNot = with.Interval(), without.Interval()
		st.playVariance = diffVariance(*d.Deals, *c.PlayedByDeal, with, without)
		st.PlayShare = shareByDeal(*d.Deals, *c.PlayedByDeal, c.Played)
	}
	if st.Played > 0 && st.NotPlayed > 0 {
		st.Impact = st.WhenPlayed.Rate - st.WhenNot.Rate
	}
	if c.Drawn == 0 {
		return st // the game reports no hands, or the deck never drew it
	}
	notDrawn, notDrawnWon := d.SeatGames-c.Drawn, d.SeatWins-c.DrawnWon
	st.Drawn, st.NotDrawn = c.Drawn, notDrawn
	st.DrawRate = float64(c.Drawn) / float64(max(1, d.SeatGames))
	st.WhenDrawn = Wilson(float64(c.DrawnWon), float64(c.Drawn))
	st.WhenNotDrawn = Wilson(float64(notDrawnWon), float64(notDrawn))
	if notDrawn == 0 {
		return st
	}
	st.DrawImpact = st.WhenDrawn.Rate - st.WhenNotDrawn.Rate
	st.DrawLow, st.DrawHigh = NewcombeDiff(float64(c.DrawnWon), float64(c.Drawn), float64(notDrawnWon), float64(notDrawn))
	st.DrawMethod = MethodNewcombeHybrid
	if byDeal && c.DrawnByDeal != nil {
		with, without := cardGroups(*d.Deals, *c.DrawnByDeal, c.DrawnWon, c.Drawn)
		st.WhenDrawn, st.WhenNotDrawn = with.Interval(), without.Interval()
		st.drawVariance = diffVariance(*d.Deals, *c.DrawnByDeal, with, without)
		st.DrawLow, st.DrawHigh = widen(st.DrawImpact, st.DrawLow, st.DrawHigh, st.drawVariance, independentVariance(drawnDifference(st)))
		st.DrawMethod = MethodNewcombeByDeal
	}
	st.DrawSignificant = st.DrawLow > 0 || st.DrawHigh < 0
	return st
}

// drawnWithinAside replaces the drawn figures of stats by those compared
// among the seats that set aside the same cards before the deal (strata,
// from Tally.DrawnAside), as the opening hands are: a card set aside is
// never drawn, and the games it started, counted among those without
// it, would credit it with its choice as a start card. A stratum where
// the card is always or never drawn counts for nothing.
func drawnWithinAside(stats []CardStat, strata map[string]map[string][]CardStat) {
	for i := range stats {
		c := &stats[i]
		var rows []CardStat
		if c.Pooled {
			for _, deck := range slices.Sorted(maps.Keys(strata[c.Name])) {
				rows = append(rows, strata[c.Name][deck]...)
			}
		} else {
			rows = strata[c.Name][c.Deck]
		}
		row, ok := strataRow(rows)
		if !ok {
			row = CardStat{}
		}
		c.Drawn, c.NotDrawn, c.DrawRate = row.Drawn, row.NotDrawn, row.DrawRate
		c.WhenDrawn, c.WhenNotDrawn = row.WhenDrawn, row.WhenNotDrawn
		c.DrawImpact, c.DrawLow, c.DrawHigh = row.DrawImpact, row.DrawLow, row.DrawHigh
		c.DrawMethod, c.DrawSignificant, c.drawVariance = row.DrawMethod, row.DrawSignificant, row.drawVariance
	}
}

// cardRanking ranks the cards drawn and not drawn in enough seat-games
// each by their impact when drawn, largest first: within each deck, and
// pooled for cards of several decks.
func cardRanking(stats []CardStat) []CardStat {
	var out []CardStat
	for _, c := range stats {
		if c.drawComparable() {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].DrawImpact > out[j].DrawImpact })
	markDiscoveries(out, FalseDiscoveryRate)
	return out
}

// markDiscoveries sets DrawDiscovery on the cards of ranking that
// Benjamini and Hochberg's procedure keeps at false discovery rate q
// (see Discoveries). It holds for the rows' positive dependence, as
// where a card's pooled row and its decks' rows share their games.
func markDiscoveries(ranking []CardStat, q float64) {
	ps := make([]float64, len(ranking))
	for i := range ranking {
		ps[i] = drawPValue(ranking[i])
	}
	for i, kept := range Discoveries(ps, q) {
		ranking[i].DrawDiscovery = kept
	}
}

// drawPValue is the two-sided p-value of a card's impact when drawn.
func drawPValue(c CardStat) float64 { return IntervalPValue(c.DrawImpact, c.DrawLow, c.DrawHigh) }

// difference is one side-by-side comparison of a card within a deck: n1
// seat-games with it won at rate p1, n0 without it won at rate p0.
// clustered is its variance by deal, when known (see CardMoments).
type difference struct {
	n1, n0    int
	p1, p0    float64
	clustered float64
}

func playedDifference(c CardStat) difference {
	return difference{c.Played, c.NotPlayed, c.WhenPlayed.Rate, c.WhenNot.Rate, c.playVariance}
}

func drawnDifference(c CardStat) difference {
	return difference{c.Drawn, c.NotDrawn, c.WhenDrawn.Rate, c.WhenNotDrawn.Rate, c.drawVariance}
}

// variance is the difference's variance: by deal when known, else over
// independent seat-games.
func (d difference) variance() float64 {
	if d.clustered > 0 {
		return d.clustered
	}
	return independentVariance(d)
}

// pooled combines a card's figures in several decks, for played and for
// drawn (see stratify); it needs one of the two pooled.
func pooled(decks []CardStat) (CardStat, bool) {
	p := CardStat{Name: decks[0].Name, Pooled: true}
	est, low, high, used, byPlay := stratify(decks, playedDifference)
	if byPlay {
		p.Impact, p.ImpactLow, p.ImpactHigh, p.Decks, p.ImpactMethod = est, low, high, used, MethodStratified
		p.Played, p.NotPlayed = sides(decks, playedDifference)
		p.PlayRate = float64(p.Played) / float64(p.Played+p.NotPlayed)
	}
	est, low, high, used, byDraw := stratify(decks, drawnDifference)
	if byDraw {
		p.DrawImpact, p.DrawLow, p.DrawHigh, p.DrawMethod = est, low, high, MethodStratified
		p.DrawSignificant = low > 0 || high < 0
		p.Drawn, p.NotDrawn = sides(decks, drawnDifference)
		p.DrawRate = float64(p.Drawn) / float64(p.Drawn+p.NotDrawn)
		p.Decks = max(p.Decks, used)
	}
	return p, byPlay || byDraw
}

// sides sums the two sides of the decks that have both.
func sides(decks []CardStat, diff func(CardStat) difference) (with, without int) {
	for _, c := range decks {
		if d := diff(c); d.n1 > 0 && d.n0 > 0 {
			with += d.n1
			without += d.n0
		}
	}
	return with, without
}

// stratify pools the within-deck differences that diff reads, weighted by
// n1·n0/(n1+n0), the precision weight of a difference of two rates (as in
// a Mantel-Haenszel risk difference), so that a deck's share of the
// card's players cannot pass for the card's effect; with its 95% normal
// interval and the number of decks pooled. It needs two decks with both
// sides.
func stratify(decks []CardStat, diff func(CardStat) difference) (est, low, high float64, used int, ok bool) {
	var wsum, sum, variance float64
	for _, c := range decks {
		d := diff(c)
		if d.n1 == 0 || d.n0 == 0 {
			continue
		}
		n1, n0 := float64(d.n1), float64(d.n0)
		w := n1 * n0 / (n1 + n0)
		wsum += w
		sum += w * (d.p1 - d.p0)
		variance += w * w * d.variance()
		used++
	}
	if used < 2 {
		return 0, 0, 0, used, false
	}
	est = sum / wsum
	half := z95 * math.Sqrt(variance) / wsum
	return est, est - half, est + half, used, true
}
