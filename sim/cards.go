package sim

import (
	"maps"
	"math"
	"slices"
	"sort"

	"kartenwerk/engine"
)

// DeckCards counts one deck's seat-games and, per card, those in which it
// was played and won. Card statistics are kept by deck because a card's
// players otherwise differ from its non-players in the deck they hold:
// pooled over decks, "played Fire Energy" only means "played the Fire deck".
type DeckCards struct {
	SeatGames int                   `json:"seat_games"`
	SeatWins  int                   `json:"seat_wins"`
	Cards     map[string]*CardTally `json:"cards"`
}

// CardTally counts the seat-games in which a card was played and won.
type CardTally struct {
	Played int `json:"played"`
	Won    int `json:"won"`
}

// deckCards returns the counts of the named deck, making them if needed.
func (t *Tally) deckCards(deck string) *DeckCards {
	if t.Cards == nil {
		t.Cards = map[string]*DeckCards{}
	}
	d := t.Cards[deck]
	if d == nil {
		d = &DeckCards{Cards: map[string]*CardTally{}}
		t.Cards[deck] = d
	}
	return d
}

func (d *DeckCards) card(name string) *CardTally {
	c := d.Cards[name]
	if c == nil {
		c = &CardTally{}
		d.Cards[name] = c
	}
	return c
}

// deckCounts are one deck's card counts while games are being added: by
// card index, without the map lookups and sorting of DeckCards, which
// would cost a random batch a tenth of its time. flushCards moves them
// into Cards.
type deckCounts struct {
	games, wins int
	played, won []int
	stamp       []int // the seat-game that last counted each card
}

func (t *Tally) addCards(r GameResult) {
	for seat, played := range r.Played {
		won := r.Winners.Has(engine.Seat(seat))
		deck := ""
		if seat < len(r.Decks) {
			deck = r.Decks[seat]
		}
		d := t.counts(deck)
		d.games++
		t.SeatGames++
		if won {
			d.wins++
			t.SeatWins++
		}
		t.seatGame++
		for _, c := range played {
			if c < 0 || c >= len(d.played) || d.stamp[c] == t.seatGame {
				continue // another copy of a card already counted
			}
			d.stamp[c] = t.seatGame
			d.played[c]++
			if won {
				d.won[c]++
			}
		}
	}
}

// counts returns the running counts of the named deck.
func (t *Tally) counts(deck string) *deckCounts {
	if t.running == nil {
		t.running = map[string]*deckCounts{}
	}
	d := t.running[deck]
	if d == nil {
		n := len(t.cardNames)
		d = &deckCounts{played: make([]int, n), won: make([]int, n), stamp: make([]int, n)}
		t.running[deck] = d
	}
	return d
}

// flushCards moves the running counts into Cards.
func (t *Tally) flushCards() {
	for deck, d := range t.running {
		dc := t.deckCards(deck)
		dc.SeatGames += d.games
		dc.SeatWins += d.wins
		for c, n := range d.played {
			if n > 0 {
				ct := dc.card(t.cardNames[c])
				ct.Played += n
				ct.Won += d.won[c]
			}
		}
	}
	t.running, t.seatGame = nil, 0 // stamps only need to be unique while counting
}

func (t *Tally) mergeCards(o *Tally) {
	t.flushCards()
	o.flushCards()
	for deck, od := range o.Cards {
		d := t.deckCards(deck)
		d.SeatGames += od.SeatGames
		d.SeatWins += od.SeatWins
		for name, oc := range od.Cards {
			c := d.card(name)
			c.Played += oc.Played
			c.Won += oc.Won
		}
	}
}

// CardStat is one card's effect on its player's results, within one deck,
// or pooled over the decks that hold it.
type CardStat struct {
	Name string `json:"name"`
	// Deck is the deck whose seat-games these are ("" when not known).
	Deck string `json:"deck"`
	// Pooled marks a figure over Decks decks: each deck's difference,
	// weighted by its size, with a 95% normal interval (ImpactLow,
	// ImpactHigh); its Played and NotPlayed are the decks' sums.
	Pooled bool `json:"pooled,omitempty"`
	Decks  int  `json:"decks,omitempty"`
	// Played and NotPlayed count the seat-games with and without it.
	Played     int      `json:"played"`
	NotPlayed  int      `json:"not_played"`
	PlayRate   float64  `json:"play_rate"`
	WhenPlayed Interval `json:"win_when_played"`
	WhenNot    Interval `json:"win_when_not_played"`
	// Impact is WhenPlayed.Rate - WhenNot.Rate: a correlation, not a
	// cause (strong hands play more cards); 0 when either group is empty.
	Impact     float64 `json:"impact"`
	ImpactLow  float64 `json:"impact_low,omitempty"`
	ImpactHigh float64 `json:"impact_high,omitempty"`
	// ImpactMethod names the pooled interval (MethodStratified).
	ImpactMethod string `json:"impact_method,omitempty"`
}

// minCardGames is how many seat-games each side of a card comparison
// needs before text and charts show it.
const minCardGames = 30

// comparable reports whether both sides of the comparison are large enough
// to show.
func (c CardStat) comparable() bool { return c.Played >= minCardGames && c.NotPlayed >= minCardGames }

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
			c := d.Cards[name]
			st := CardStat{Name: name, Deck: deck, Played: c.Played, NotPlayed: d.SeatGames - c.Played,
				PlayRate:   float64(c.Played) / float64(max(1, d.SeatGames)),
				WhenPlayed: Wilson(float64(c.Won), float64(c.Played)),
				WhenNot:    Wilson(float64(d.SeatWins-c.Won), float64(d.SeatGames-c.Played))}
			if st.Played > 0 && st.NotPlayed > 0 {
				st.Impact = st.WhenPlayed.Rate - st.WhenNot.Rate
			}
			out = append(out, st)
			byCard[name] = append(byCard[name], st)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(byCard)) {
		if p, ok := pooled(byCard[name]); ok {
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Impact > out[j].Impact })
	return out
}

// pooled combines a card's figures in several decks: the within-deck
// differences weighted by n1·n0/(n1+n0), the precision weight of a
// difference of two rates (as in a Mantel-Haenszel risk difference), so a
// deck's share of the card's players cannot pass for the card's effect.
func pooled(decks []CardStat) (CardStat, bool) {
	p := CardStat{Name: decks[0].Name, Pooled: true}
	var wsum, sum, variance float64
	for _, d := range decks {
		if d.Played == 0 || d.NotPlayed == 0 {
			continue
		}
		n1, n0 := float64(d.Played), float64(d.NotPlayed)
		w := n1 * n0 / (n1 + n0)
		p1, p0 := d.WhenPlayed.Rate, d.WhenNot.Rate
		wsum += w
		sum += w * d.Impact
		variance += w * w * (p1*(1-p1)/n1 + p0*(1-p0)/n0)
		p.Decks++
		p.Played += d.Played
		p.NotPlayed += d.NotPlayed
	}
	if p.Decks < 2 {
		return CardStat{}, false
	}
	p.Impact = sum / wsum
	half := z95 * math.Sqrt(variance) / wsum
	p.ImpactLow, p.ImpactHigh, p.ImpactMethod = p.Impact-half, p.Impact+half, MethodStratified
	p.PlayRate = float64(p.Played) / float64(p.Played+p.NotPlayed)
	return p, true
}
