package sim

import (
	"cmp"
	"maps"
	"slices"
	"strings"
)

// openingStats is each card's impact in the opening hand, as CardStat's
// drawn figures: within each deck, the differences of the seats that
// went first and of the others pooled (stratify), and over every deck
// for a card that several decks hold. Comparing seats of one turn order
// only matters where the order deals hands of different sizes, or where
// the card is in the first player's hand more often for any other
// reason; then the first player's edge would pass for the card's.
// Where seats set cards aside before the deal (Athernum's start card),
// the seats that set aside the same cards are compared: a card set aside
// cannot be in that seat's hand, and a stratum where it never is counts
// for nothing in the card's figure, so the hands without it are hands
// that might have held it.
func openingStats(t *Tally) []CardStat {
	byCard := cardStrata(t.OpeningFirst, t.OpeningLater)
	var out []CardStat
	for _, name := range slices.Sorted(maps.Keys(byCard)) {
		var all []CardStat
		rows := 0
		for _, deck := range slices.Sorted(maps.Keys(byCard[name])) {
			strata := byCard[name][deck]
			if row, ok := strataRow(strata); ok {
				out = append(out, row)
				rows++
			}
			all = append(all, strata...)
		}
		if rows < 2 {
			continue
		}
		if row, ok := strataRow(all); ok {
			row.Deck, row.Pooled, row.Decks = "", true, rows
			out = append(out, row)
		}
	}
	return out
}

// cardStrata is each card's figures in each stratum of the books, by card
// and deck: a deck's strata are its seat-games apart by turn order, or by
// the cards set aside, or both.
func cardStrata(books ...map[string]*DeckCards) map[string]map[string][]CardStat {
	byCard := map[string]map[string][]CardStat{} // card, deck, its strata
	for _, decks := range books {
		for _, key := range slices.Sorted(maps.Keys(decks)) { // strata pooled in one order
			d := decks[key]
			deck := d.deckName(key)
			for name := range d.Cards {
				if byCard[name] == nil {
					byCard[name] = map[string][]CardStat{}
				}
				byCard[name][deck] = append(byCard[name][deck], deckCardStat(name, deck, d))
			}
		}
	}
	return byCard
}

// strataRow pools a card's strata: their drawn figures stratified, or
// the one stratum that has seat-games with the card and without it.
func strataRow(strata []CardStat) (CardStat, bool) {
	var whole []CardStat
	for _, s := range strata {
		if s.Drawn > 0 && s.NotDrawn > 0 {
			whole = append(whole, s)
		}
	}
	switch len(whole) {
	case 0:
		return CardStat{}, false
	case 1:
		return whole[0], true
	}
	est, low, high, _, _ := stratify(whole, drawnDifference)
	row := CardStat{Name: whole[0].Name, Deck: whole[0].Deck, DrawImpact: est, DrawLow: low, DrawHigh: high, DrawMethod: MethodStratified}
	row.Drawn, row.NotDrawn = sides(whole, drawnDifference)
	row.DrawRate = float64(row.Drawn) / float64(row.Drawn+row.NotDrawn)
	row.DrawSignificant = low > 0 || high < 0
	return row, true
}

// setAside tells whether seats set cards aside before the deal, so that
// the cards drawn and the opening hands are compared among seats that
// set aside the same.
func (t *Tally) setAside() bool {
	for _, decks := range []map[string]*DeckCards{t.OpeningFirst, t.OpeningLater, t.DrawnAside} {
		for _, d := range decks {
			if len(d.Aside) > 0 {
				return true
			}
		}
	}
	return false
}

// AsideRate is the win rate of one deck's seats that set the same cards
// aside before the deal (engine.AsideHolder: Athernum's start card).
type AsideRate struct {
	Deck      string   `json:"deck"`
	Aside     []string `json:"aside"`
	SeatGames int      `json:"seat_games"`
	// Win is the rate with its 95% interval: by deal where the stratum's
	// seat-games came several to a deal, else Wilson's.
	Win Interval `json:"win_rate"`
}

// Label names the deck and the cards its seats set aside, as "Grove
// Growth: Grove Matriarch".
func (a AsideRate) Label() string { return a.Deck + ": " + strings.Join(a.Aside, ", ") }

// asideRates is the win rate of each stratum of DrawnAside that set
// cards aside, by deck, the highest first: which start card a deck does
// best with against these opponents. The cards were chosen before the
// deal, so the shuffle had no part in the choice.
func asideRates(t *Tally) []AsideRate {
	var out []AsideRate
	for _, key := range slices.Sorted(maps.Keys(t.DrawnAside)) {
		d := t.DrawnAside[key]
		if len(d.Aside) == 0 {
			continue
		}
		win := Wilson(float64(d.SeatWins), float64(d.SeatGames))
		if d.byDeal() {
			win = d.Deals.Interval()
		}
		out = append(out, AsideRate{Deck: d.Deck, Aside: d.Aside, SeatGames: d.SeatGames, Win: win})
	}
	slices.SortStableFunc(out, func(a, b AsideRate) int {
		if c := cmp.Compare(a.Deck, b.Deck); c != 0 {
			return c
		}
		return cmp.Compare(b.Win.Rate, a.Win.Rate)
	})
	return out
}
